"""Clairvoyance (rules: the printed rulebook; log: ``docs/clairvoyance.md``)."""

from companion.engine.registry import Capabilities, Entry
from companion.games.clairvoyance import table
from companion.games.clairvoyance.bot import clairvoyance_bot
from companion.games.clairvoyance.cards import table_cards
from companion.games.clairvoyance.game import CLAIRVOYANCE, ClairvoyanceGame
from companion.games.clairvoyance.state import ClairvoyanceState
from companion.games.clairvoyance.view import with_other_secrets

ENTRY = Entry(
    rules=CLAIRVOYANCE, make_setup=table.setup_line, blurb=table.blurb, default_people=3, options=table.OPTIONS,
    seat_choice=table.SEAT_CHOICE, capabilities=Capabilities(chance=True, computer_players=True, teams=True),
    table_cards=table_cards, secrets=with_other_secrets, bot=clairvoyance_bot,
    icon="companion.ui.games.clairvoyance:draw_icon",
    screen="companion.ui.games.clairvoyance:ClairvoyanceScreen",
    option_screens="companion.ui.games.clairvoyance:option_screen",
    examples="companion.ui.games.clairvoyance:examples",
    lights="companion.ui.games.clairvoyance_lights:lights",
)

__all__ = ["CLAIRVOYANCE", "ClairvoyanceGame", "ClairvoyanceState", "ENTRY"]
