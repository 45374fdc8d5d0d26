"""Mysterium, the original 2015 Libellud edition (rules: the printed rulebook; log: ``docs/mysterium.md``)."""

from companion.engine.registry import Capabilities, Entry
from companion.games.mysterium import table
from companion.games.mysterium.bot import mysterium_bot
from companion.games.mysterium.game import MYSTERIUM, MysteriumGame, MysteriumState
from companion.games.mysterium.summary import secrets

ENTRY = Entry(
    rules=MYSTERIUM, make_setup=table.setup_line, blurb=table.blurb,
    people=(2, 7), default_people=4,  # the ghost included; 2-3 play the small variation, 4 is the main game's least
    options=table.OPTIONS,
    capabilities=Capabilities(chance=True, computer_players=True, secret_steps=True, ghost_seat=True),
    icon="companion.ui.games.mysterium:draw_icon",
    screen="companion.ui.games.mysterium:MysteriumScreen", examples="companion.ui.games.mysterium:examples",
    lights="companion.ui.games.mysterium:lights", bot=mysterium_bot, secrets=secrets,
)

__all__ = ["ENTRY", "MYSTERIUM", "MysteriumGame", "MysteriumState"]
