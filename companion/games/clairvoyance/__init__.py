"""Clairvoyance (rules: ``shared/rules/clairvoyance.txt``; log: ``docs/clairvoyance.md``)."""

from companion.games.clairvoyance.game import CLAIRVOYANCE, ClairvoyanceGame
from companion.games.clairvoyance.state import ClairvoyanceState

__all__ = ["CLAIRVOYANCE", "ClairvoyanceGame", "ClairvoyanceState"]
