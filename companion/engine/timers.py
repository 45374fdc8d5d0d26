"""Timers on the table clock that actions carry.

A game never reads the wall clock: an action carries ``t`` (seconds on the
table's clock) and a timer works out, from those times alone, how much is left.
The app stamps ``t`` from an injected clock, so tests run instantly.
"""

from __future__ import annotations

from dataclasses import dataclass, replace


@dataclass(frozen=True)
class Timer:
    """A countdown such as Mysterium's two-minute hourglass.

    ``started`` is the table time it last ran from; ``banked`` the time it had
    already run before a pause.
    """

    duration: float
    started: float | None = None
    banked: float = 0.0

    @classmethod
    def start(cls, duration: float, now: float) -> "Timer":
        return cls(duration=duration, started=now)

    @property
    def running(self) -> bool:
        return self.started is not None

    def elapsed(self, now: float) -> float:
        extra = max(0.0, now - self.started) if self.started is not None else 0.0
        return min(self.duration, self.banked + extra)

    #: below this, time left is float rounding, not sand (times carry tenths of a second)
    EPSILON = 1e-6

    def remaining(self, now: float) -> float:
        left = self.duration - self.elapsed(now)
        return 0.0 if left <= self.EPSILON else left

    def expired(self, now: float) -> bool:
        return self.remaining(now) <= 0

    def pause(self, now: float) -> "Timer":
        if self.started is None:
            return self
        return replace(self, started=None, banked=self.elapsed(now))

    def resume(self, now: float) -> "Timer":
        if self.started is not None:
            return self
        return replace(self, started=now)
