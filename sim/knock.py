"""The desktop simulation's knock sensor, without the chip (see :class:`SimulatedPiezo`)."""

from __future__ import annotations

from typing import Any

from firmware_py.clock import Clock
from firmware_py.knock.detector import KnockDetector
from sim.piezo import LivePiezo


class SimulatedPiezo:
    """The desktop simulation's knock sensor: the synthetic piezo straight into the
    detector, its samples made as the clock passes — no fake I2C chip, no thread, so
    the idle app stays cool; screen tests use it (``Box.open(direct_sim=True)``).  The
    box's own path — the reader in its process (:mod:`firmware_py.knock.process`) on
    :mod:`sim.ads1115`, as on a Pi — is what ``Box.open(simulate=True)`` gives."""

    CATCH_UP = 2.0  # seconds: after a stall, older samples are skipped, not replayed

    def __init__(self, clock: Clock, settings: Any = None, rate: int = 860) -> None:
        self.clock = clock
        self.rate = rate
        self.source = LivePiezo(rate=rate)
        self.detector = KnockDetector(rate, settings)
        self.recording: list[int] | None = None
        self._start = clock.now()
        self._made = 0

    def use(self, settings: Any) -> None:
        self.detector = KnockDetector(self.rate, settings)

    def poll(self) -> list:
        due = int((self.clock.now() - self._start) * self.rate)
        if due - self._made > self.CATCH_UP * self.rate:
            self._made = due - int(self.CATCH_UP * self.rate)
        block = self.source.read(due - self._made) if due > self._made else []
        self._made = max(self._made, due)
        if self.recording is not None:
            self.recording.extend(block)
        return self.detector.feed(block)

    def close(self) -> None:
        pass
