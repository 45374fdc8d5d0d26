"""Injected time.  Drivers read a :class:`Clock`, never ``time`` directly, so tests
advance a :class:`ManualClock` instead of sleeping."""

from __future__ import annotations

import time
from typing import Protocol


class Clock(Protocol):
    def now(self) -> float:
        """Seconds on a monotonic clock."""


class SystemClock:
    def now(self) -> float:
        return time.monotonic()


class ManualClock:
    """A clock that moves only when told to."""

    def __init__(self, start: float = 0.0) -> None:
        self.t = start

    def now(self) -> float:
        return self.t

    def advance(self, seconds: float) -> float:
        if seconds < 0:
            raise ValueError("a clock does not run backwards")
        self.t += seconds
        return self.t
