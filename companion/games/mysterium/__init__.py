"""Mysterium, the original 2015 Libellud edition (rules: ``shared/rules/mysterium.txt``)."""

from companion.games.mysterium.game import MYSTERIUM, MysteriumGame, MysteriumState

__all__ = ["MYSTERIUM", "MysteriumGame", "MysteriumState"]
