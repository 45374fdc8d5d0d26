"""The baseline the adaptive detector is measured against: the classic Arduino "Knock"
sketch — a knock is any sample whose distance from an assumed centre reaches a fixed
threshold, after which the sketch is deaf for a fixed lockout (its ``delay(100)``).

It knows nothing of the table: not its noise, not its gain, not its drift.  It is
grouped into yes/no by the same :class:`GestureGrouper` as the adaptive detector, so
``make bench`` compares the two on the same recordings and the same windows.
"""

from __future__ import annotations

from typing import Iterable

from firmware_py.knock.gestures import DEFAULT_GAP, DEFAULT_NO_WAIT, Decision, GestureGrouper

DEFAULT_THRESHOLD = 600
"""Counts: the single threshold that does best on the tuning corpus (docs/knock.md).

The sketch assumes the centre is 0; ours takes the first sample it sees as the centre
(a tare), the charitable reading for recordings that carry an offset."""


class FixedThresholdDetector:
    """Same interface as :class:`~firmware_py.knock.detector.KnockDetector`."""

    def __init__(self, rate: float, threshold: int = DEFAULT_THRESHOLD, centre: int | None = None, lockout: float = 0.1,
                 gap: float = DEFAULT_GAP, no_wait: float = DEFAULT_NO_WAIT) -> None:
        if not rate > 0:
            raise ValueError(f"a sample rate must be positive, not {rate!r}")
        self.rate = float(rate)
        self.threshold = threshold
        self.high = self.low = None
        if centre is not None:
            self.high, self.low = centre + threshold, centre - threshold
        self.lockout = max(1, round(lockout * self.rate))
        self.grouper = GestureGrouper(gap, no_wait)
        self.index = 0  # stream index of the next sample
        self.deaf_until = 0
        self.knocks: list[float] = []

    def feed(self, samples: Iterable[int]) -> list[Decision]:
        samples = samples if isinstance(samples, list) else list(samples)
        decisions: list[Decision] = []
        if self.high is None and samples:  # tare: the centre is the first sample
            self.high, self.low = samples[0] + self.threshold, samples[0] - self.threshold
        high, low, rate, grouper = self.high, self.low, self.rate, self.grouper
        start, end = self.index, self.index + len(samples)
        i = max(start, self.deaf_until)
        while i < end:
            value = samples[i - start]
            if value >= high or value <= low:
                t = i / rate
                if grouper.count:
                    decisions += grouper.poll(t)
                self.knocks.append(t)
                decisions += grouper.knock(t)
                i += self.lockout
                continue
            if grouper.count and i / rate >= grouper.deadline:
                decisions += grouper.poll(i / rate)
            i += 1
        self.deaf_until = i
        self.index = end
        return decisions

    def skip(self, count: int) -> None:
        """``count`` samples the sensor did not give: the open gesture is dropped, and time runs on."""
        self.grouper.discard(self.index / self.rate, "the knock sensor stopped answering in the middle of it")
        self.index += max(0, count)
        self.deaf_until = max(self.deaf_until, self.index)

    def finish(self) -> list[Decision]:
        return self.grouper.finish((self.index - 1) / self.rate)

    def run(self, samples: Iterable[int]) -> list[Decision]:
        return self.feed(samples) + self.finish()
