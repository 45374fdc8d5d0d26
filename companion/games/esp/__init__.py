"""ESP: Experiment in Supersensory Perspicacity (rules: ``shared/rules/esp.txt``)."""

from companion.games.esp.game import ESP, EspGame, EspState

__all__ = ["ESP", "EspGame", "EspState"]
