"""The screen of each game, by the name its log uses."""

from companion.ui.games.clairvoyance import ClairvoyanceUi
from companion.ui.games.esp import EspUi
from companion.ui.games.mysterium import MysteriumUi
from companion.ui.games.seance_party import SeancePartyUi

GAME_SCREENS = {ui.name: ui for ui in (EspUi(), MysteriumUi(), SeancePartyUi(), ClairvoyanceUi())}
