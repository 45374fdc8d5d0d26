"""The Zener card test's state: values nobody changes (``companion/engine/state.py``).

A sitting is its table (what the setup line settles), the runs begun, the chance figures
of each run checked, the chance distribution of the sitting's total so far, and — when the
companion holds the cards — its shuffle of the run in play, which the table must not see.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.engine.game import same_fields
from companion.games.zener_test import rules


@dataclass(frozen=True)
class Table:
    """What the setup line settles; never changes.  Seat 0 is the receiver."""

    players: tuple[str, ...]
    mode: str  # "telepathy" (the sender looks at each card) or "clairvoyance" (nobody looks)
    holder: str  # "table" (a real pack, entered) or "companion" (its shuffle, from the seed)
    deck: str  # "closed" (five of each) or "open" (each card drawn afresh)
    feedback: str  # "run" (checked after the run) or "card" (each card shown after its call)
    runs: int
    seed: Any = 0

    __eq__ = same_fields

    @property
    def receiver(self) -> str:
        return self.players[0]

    @property
    def dealer(self) -> int | None:
        """The seat that turns the cards and enters them; None when the companion holds them."""
        return rules.dealer(self.players, self.holder)

    @property
    def sender(self) -> str:
        """Who turns the cards, as a sentence names them."""
        seat = self.dealer
        return "the companion" if seat is None else self.players[seat]


@dataclass(frozen=True)
class Run:
    """One run: the calls so far and the cards the table has seen (entered, or shown by the
    companion), both in the order of the deck."""

    number: int
    calls: tuple[str, ...] = ()
    cards: tuple[str, ...] = ()

    __eq__ = same_fields

    @property
    def complete(self) -> bool:
        return len(self.calls) == rules.CARDS and len(self.cards) == rules.CARDS

    @property
    def hits(self) -> int:
        """Hits among the cards shown so far."""
        return rules.hits(self.calls, self.cards)


@dataclass(frozen=True)
class Score:
    """A checked run's figures: its hits, what chance gives, and chance's whole distribution."""

    hits: int
    expected: float
    distribution: tuple[float, ...]

    __eq__ = same_fields


@dataclass(frozen=True)
class ZenerState:
    table: Table
    runs: tuple[Run, ...] = ()  # every run begun, in order; the last may be in play
    scores: tuple[Score, ...] = ()  # one per checked run
    sitting: tuple[float, ...] = (1.0,)  # chance's distribution of the checked runs' total hits
    deck: tuple[str, ...] | None = None  # the companion's shuffle for the run in play or next (secret)
    ended: bool = False  # the table ended the sitting early, between runs

    __eq__ = same_fields

    @property
    def current(self) -> Run | None:
        """The run in play, or None between runs."""
        return self.runs[-1] if len(self.runs) > len(self.scores) else None

    @property
    def upcoming(self) -> Run:
        """The run the next call belongs to (a fresh one between runs)."""
        return self.current or Run(len(self.runs) + 1)

    @property
    def finished(self) -> bool:
        return self.ended or len(self.scores) == self.table.runs

    @property
    def hits(self) -> int:
        return sum(score.hits for score in self.scores)

    @property
    def expected(self) -> float:
        return sum(score.expected for score in self.scores)
