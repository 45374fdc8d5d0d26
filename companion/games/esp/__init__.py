"""ESP: Experiment in Supersensory Perspicacity (rules: the printed rulebook; log: ``docs/esp-log.md``)."""

from companion.engine.registry import Capabilities, Entry
from companion.games.esp import table, text
from companion.games.esp.bot import esp_bot
from companion.games.esp.game import ESP, EspGame, EspState
from companion.games.esp.secrets import redealt

ENTRY = Entry(
    rules=ESP, make_setup=table.setup_line, blurb=table.blurb, default_people=3, options=table.OPTIONS,
    capabilities=Capabilities(chance=True, computer_players=True), computer_needs="full_information",
    deals_with="full_information", bot=esp_bot,
    icon="companion.ui.games.esp:draw_icon",
    screen="companion.ui.games.esp:EspScreen", examples="companion.ui.games.esp:examples",
    text_forms=text.esp_text_forms, lights="companion.ui.games.esp:lights", secrets=redealt,
)

__all__ = ["ENTRY", "ESP", "EspGame", "EspState"]
