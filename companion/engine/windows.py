"""Interruption windows: a moment in which anyone may act before play goes on.

Clairvoyance opens one whenever a card is played: other players may answer with
instants, single-use effects or abilities.  When several want to act, the one
nearest the turn-holder's left goes first; each later one then carries on or
withdraws.  The window closes when everyone still holding priority has passed.

Two ways to drive a window:

- strictly in priority order: :meth:`Window.act` and :meth:`Window.withdraw`, one seat
  at a time (the order the rulebook's Note settles when several speak at once);
- as a table's log is written, where only what happened is recorded:
  :meth:`Window.interfere` accepts a move from any seat still to answer (the seats
  ahead of it are taken to have passed *for that moment*: had they moved, they would
  have gone first), :meth:`Window.decline` lets any seat still to answer pass in any
  order, :meth:`Window.close` ends the window with everyone still to answer passing,
  and :meth:`Window.leave` takes a seat out (a player out of the game).
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

    def _check_pending(self, seat: int, names) -> None:
        if self.closed:
            raise Refused("nobody may interfere now: the window has closed")
        if seat not in self.eligible:
            raise Refused(f"{names[seat]} has no say in this window")
        if seat not in self.pending:
            raise Refused(f"{names[seat]} has already answered in this window")

    def _check_turn(self, seat: int, names) -> None:
        self._check_pending(seat, names)
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

    def interfere(self, seat: int, names) -> "Window":
        """``seat``, still to answer, moves now.  The seats ahead of it in the order are
        taken to have passed for this moment (nearest the left goes first, so had they
        moved, their move would have come before); the seats behind it still answer.
        The caller usually :meth:`reopen_for` everyone once the move has resolved."""
        self._check_pending(seat, names)
        behind = self.pending[self.pending.index(seat) + 1:]
        return replace(self, pending=behind, acted=self.acted + (seat,))

    def decline(self, seat: int, names) -> "Window":
        """``seat``, still to answer, passes; passing needs no priority, so any order."""
        self._check_pending(seat, names)
        return replace(self, pending=tuple(s for s in self.pending if s != seat))

    def close(self) -> "Window":
        """Nobody else interferes: everyone still to answer passes at once."""
        if self.closed:
            raise Refused("nobody may interfere now: the window has closed")
        return replace(self, pending=())

    def leave(self, seat: int) -> "Window":
        """``seat`` is out of the game: it no longer answers, and has no say from now on."""
        return replace(self, pending=tuple(s for s in self.pending if s != seat),
                       eligible=self.eligible - {seat})

    def reopen_for(self, eligible) -> "Window":
        """After an interference resolves, everyone eligible may answer it in turn."""
        eligible = frozenset(eligible)
        return replace(self, pending=tuple(left_of(self.turn_holder, self.seats, eligible)), eligible=eligible)
