"""Séance Party (rules: the Séance Party rulebook, with ``docs/rules-notes.md`` for its gaps;
log: ``docs/seance-party.md``)."""

from companion.engine.registry import Capabilities, Entry
from companion.games.seance_party import table
from companion.games.seance_party.bot import seance_bot
from companion.games.seance_party.cards import table_cards
from companion.games.seance_party.game import SEANCE_PARTY, SeancePartyGame
from companion.games.seance_party.state import SeanceState
from companion.games.seance_party.view import secrets

ENTRY = Entry(
    rules=SEANCE_PARTY, make_setup=table.setup_line, blurb=table.blurb, default_people=2, options=table.OPTIONS,
    capabilities=Capabilities(chance=True, computer_players=True, secret_steps=True), table_cards=table_cards,
    bot=seance_bot, secrets=secrets,
    icon="companion.ui.games.seance_party:draw_icon",
    screen="companion.ui.games.seance_party:SeancePartyScreen", examples="companion.ui.games.seance_party:examples",
    lights="companion.ui.games.seance_lights:lights",
)

__all__ = ["ENTRY", "SEANCE_PARTY", "SeancePartyGame", "SeanceState"]
