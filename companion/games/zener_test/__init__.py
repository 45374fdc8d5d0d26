"""The Zener card test: J. B. Rhine's experiment with the cards Karl Zener drew, run by run
(protocol, log and figures: ``docs/zener-test.md``)."""

from companion.engine.registry import Capabilities, Entry
from companion.games.zener_test import table
from companion.games.zener_test.bot import zener_bot
from companion.games.zener_test.game import ZENER_TEST, ZenerTestGame
from companion.games.zener_test.secrets import other_cards
from companion.games.zener_test.state import ZenerState
from companion.games.zener_test.text import zener_text_forms

ENTRY = Entry(
    rules=ZENER_TEST, make_setup=table.setup_line, blurb=table.blurb, default_people=2, options=table.OPTIONS,
    capabilities=Capabilities(chance=True, computer_players=True), bot=zener_bot, secrets=other_cards,
    text_forms=zener_text_forms,
    icon="companion.ui.games.zener_test:draw_icon",
    screen="companion.ui.games.zener_test:ZenerTestScreen", examples="companion.ui.games.zener_test:examples",
    lights="companion.ui.games.zener_test:lights",
)

__all__ = ["ENTRY", "ZENER_TEST", "ZenerState", "ZenerTestGame"]
