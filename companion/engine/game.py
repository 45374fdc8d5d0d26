"""The shape every game module fills in (after OpenSpiel's State API and
boardgame.io's game definitions).

A game is pure: ``setup`` builds a state from the log's first line, ``apply``
returns a *new* state or raises :class:`Refused`, and nothing reads the clock or
global randomness.  Time arrives inside actions (``{"t": seconds}``) and chance
comes from :meth:`Game.chance`, seeded by the setup.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Mapping

Action = Mapping[str, Any]
"""An action is a JSON object: ``{"act": "play", "seat": 1, "card": "4 cross"}``."""


def same_fields(self: Any, other: Any) -> Any:
    """``==`` as a dataclass writes it, read from the two instance dictionaries at C speed:
    the playouts compare whole states at every step, and the generated method builds two
    tuples of every field each time.  A state's dataclasses set ``__eq__ = same_fields``."""
    if other.__class__ is not self.__class__:
        return NotImplemented
    return self.__dict__ == other.__dict__


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended, for every seat at once.

    ``winners`` is empty when everyone lost together (a cooperative loss);
    ``labels`` carries a game's own words for each seat (ESP's outcome table).
    """

    winners: tuple[int, ...]
    labels: tuple[str, ...] = ()
    scores: tuple[int, ...] = ()
    cooperative: bool = False
    details: Mapping[str, Any] = field(default_factory=dict)


class Game:
    """Base class of a game's rules.  Subclasses override every method that raises."""

    #: the name used in logs (``{"game": name}``) and on the command line
    name: str = ""
    #: the name players read on the screen
    title: str = ""
    #: inclusive bounds on the number of seats
    min_players: int = 2
    max_players: int = 2

    # -- building and changing states ------------------------------------------------
    def setup(self, line: Mapping[str, Any]) -> Any:
        """Build the first state from the log's first line, or raise Refused."""
        raise NotImplementedError

    def apply(self, state: Any, action: Action) -> Any:
        """Return the state after ``action``; raise Refused, leaving ``state`` untouched."""
        raise NotImplementedError

    # -- what may happen next ---------------------------------------------------------
    def legal(self, state: Any) -> list[dict]:
        """Every action a player may take now (not the chance actions)."""
        raise NotImplementedError

    def chance(self, state: Any) -> dict | None:
        """The action the companion itself makes now in full-information play
        (dealing, turning up a card, rolling), drawn from the setup's seed; or None."""
        return None

    def expected(self, state: Any) -> dict | None:
        """What the table owes next, e.g. ``{"act": "play", "seat": 1}``; None when over."""
        raise NotImplementedError

    # -- reading states ---------------------------------------------------------------
    def is_over(self, state: Any) -> bool:
        return self.expected(state) is None

    def outcome(self, state: Any) -> Outcome | None:
        raise NotImplementedError

    def view(self, state: Any, seat: int | None) -> dict:
        """What ``seat`` may see (``None``: the shared screen everyone sees)."""
        raise NotImplementedError

    def summary(self, state: Any) -> dict:
        """Every figure the companion works out, as JSON (what ``replay`` prints)."""
        raise NotImplementedError

    def players(self, state: Any) -> list[str]:
        raise NotImplementedError

    # -- helpers shared by games -------------------------------------------------------
    @staticmethod
    def rng(seed: Any, *salt: Any) -> random.Random:
        """A generator named by the setup's seed and a salt (the round, the deal…),
        so a chance action is a pure function of the state."""
        return random.Random(":".join(str(part) for part in (seed, *salt)))
