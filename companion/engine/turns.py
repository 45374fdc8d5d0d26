"""Turn order that changes: clockwise from a seat, skipping the eliminated; the
winner of a trick leading the next; speed order with a tie-break.

Seats are numbered from 0 clockwise, in every game.
"""

from __future__ import annotations

from typing import Callable, Collection, Iterable, Sequence


def clockwise(start: int, seats: int, skip: Collection[int] = ()) -> list[int]:
    """Every seat still in play, clockwise, beginning at ``start`` (if it is in play)."""
    return [s for s in ((start + k) % seats for k in range(seats)) if s not in skip]


def next_clockwise(seat: int, seats: int, skip: Collection[int] = ()) -> int | None:
    """The next seat clockwise after ``seat`` that is still in play, or None if none is."""
    for k in range(1, seats + 1):
        candidate = (seat + k) % seats
        if candidate not in skip:
            return candidate
    return None


def left_of(turn_holder: int, seats: int, candidates: Iterable[int]) -> list[int]:
    """Candidates ordered from the turn-holder's left (the next seat clockwise) round
    to the turn-holder last: the priority order of Clairvoyance's interruptions."""
    wanted = set(candidates)
    order = [(turn_holder + k) % seats for k in range(1, seats + 1)]
    return [s for s in order if s in wanted]


def speed_order(
    speeds: Sequence[int],
    tie_break: Callable[[int], object] = lambda seat: seat,
    skip: Collection[int] = (),
) -> list[int]:
    """Seats from the fastest to the slowest; equal speeds ordered by ``tie_break``
    (smallest first)."""
    return sorted((s for s in range(len(speeds)) if s not in skip), key=lambda s: (-speeds[s], tie_break(s)))
