"""Interruption windows: a moment in which anyone may act before play goes on.

Clairvoyance opens one whenever a card is played: other players may answer with
instants, single-use effects or abilities.  When several want to act, the one
nearest the turn-holder's left goes first; each later one then carries on or
withdraws.  The window closes when everyone still holding priority has passed.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from companion.engine.refusal import Refused
from companion.engine.turns import left_of


@dataclass(frozen=True)
class Window:
    """An open window.  ``pending`` is the priority order still to answer."""

    turn_holder: int
    seats: int
    pending: tuple[int, ...]
    acted: tuple[int, ...] = field(default=())
    eligible: frozenset[int] = field(default=frozenset())

    @classmethod
    def open(cls, turn_holder: int, seats: int, eligible) -> "Window":
        eligible = frozenset(eligible)
        return cls(turn_holder, seats, tuple(left_of(turn_holder, seats, eligible)), (), eligible)

    @property
    def closed(self) -> bool:
        return not self.pending

    @property
    def priority(self) -> int | None:
        """The seat whose answer is awaited now."""
        return self.pending[0] if self.pending else None

    def _check_turn(self, seat: int, names) -> None:
        if self.closed:
            raise Refused("nobody may interfere now: the window has closed")
        if seat not in self.eligible:
            raise Refused(f"{names[seat]} has no say in this window")
        if seat not in self.pending:
            raise Refused(f"{names[seat]} has already answered in this window")
        if seat != self.pending[0]:
            raise Refused(f"{names[self.pending[0]]} answers first (nearest the turn-holder's left)")

    def act(self, seat: int, names) -> "Window":
        """``seat`` interferes; everyone still pending answers again after it."""
        self._check_turn(seat, names)
        others = tuple(s for s in self.pending if s != seat)
        return replace(self, pending=others, acted=self.acted + (seat,))

    def withdraw(self, seat: int, names) -> "Window":
        """``seat`` passes (or withdraws what it meant to do: it counts as unused)."""
        self._check_turn(seat, names)
        return replace(self, pending=self.pending[1:])

    def reopen_for(self, eligible) -> "Window":
        """After an interference resolves, everyone eligible may answer it in turn."""
        eligible = frozenset(eligible)
        return replace(self, pending=tuple(left_of(self.turn_holder, self.seats, eligible)), eligible=eligible)
