"""What every game shares: actions, refusals, turn order, windows, secrets, timers,
the match history with undo and redo, the JSON Lines log and the SQLite journal.

A game is a :class:`~companion.engine.game.Game`: pure rules, no I/O, no clock,
no global randomness.  See ``docs/architecture.md``.
"""

from companion.engine.refusal import Refusal, Refused
from companion.engine.game import Game, Outcome
from companion.engine.match import Match, apply, replay

__all__ = ["Game", "Match", "Outcome", "Refusal", "Refused", "apply", "replay"]
