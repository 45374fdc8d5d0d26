"""The piezo through the ADS1115 into the detector, in the process that reads it.

:class:`KnockListener` is the reading loop itself: in the knock process
(:mod:`firmware_py.knock.process`) it runs on the child's main thread; the fastest unit
tests pump it by hand in their own process (``Box.open(listen=False)``).
"""

from __future__ import annotations

import queue
import threading
from itertools import groupby
from operator import itemgetter
from typing import Any, Callable

from firmware_py.health import Health, describe


class KnockListener:
    """The piezo through the ADS1115 into the detector: :meth:`step` reads a block, feeds
    the detector and keeps its decisions for :meth:`poll`.

    The knock process calls :meth:`step` in its loop; tests call :meth:`pump` (or
    :meth:`step`) and stay on one thread; :meth:`start` still runs :meth:`run` on a thread
    of its own for whoever wants it.  Whatever goes wrong in a step is a warning on the
    health board and a fresh start after a pause that doubles each time (up to
    :attr:`MAX_PAUSE`): the loop never dies silently.
    """

    BLOCK = 9  # about 10 ms at 860 samples/s: a decision waits at most one block (the process sets its own)
    NAME = "knocks"  # the health board's name for the listening loop (the chip's is "knock sensor")
    FIRST_PAUSE, MAX_PAUSE = 1.0, 30.0  # seconds before trying again after a failure

    def __init__(self, reader: Any, settings: Any = None, health: Health | None = None,
                 wait: Callable[[float], Any] | None = None) -> None:
        from firmware_py.knock.detector import KnockDetector

        self.reader = reader
        self.rate = reader.rate
        self.detector = KnockDetector(reader.rate, settings)
        self.health = health if health is not None else Health()
        self.recording: list[int] | None = None  # raw samples kept for a calibration take
        self.failures = 0  # in a row
        self._stream = reader.samples()
        self._decisions: queue.SimpleQueue = queue.SimpleQueue()
        self._thread: threading.Thread | None = None
        self._stop = threading.Event()
        self._wait = wait or self._stop.wait  # the pause between tries: close() cuts it short

    @property
    def source(self) -> Any:
        """The simulated piezo (``source.knock()``), or None on real hardware."""
        return getattr(self.reader, "source", None)

    def pump(self, count: int | None = None) -> None:
        """Read ``count`` samples (a block by default) and feed the detector.  Samples the
        reader only held while the chip was silent (its ``stats.held`` counts them) are
        not fed: the detector is told of the gap instead (:meth:`KnockDetector.skip`)."""
        stats = getattr(self.reader, "stats", None)
        block, fresh = [], []
        for _ in range(count or self.BLOCK):
            before = stats.held if stats is not None else 0
            block.append(next(self._stream))
            fresh.append(stats is None or stats.held == before)
        for given, run in groupby(zip(block, fresh), key=itemgetter(1)):
            samples = [value for value, _ in run]
            if given:
                for decision in self.detector.feed(samples):
                    self._decisions.put(decision)
            else:
                self.detector.skip(len(samples))
        if self.recording is not None:
            self.recording.extend(block)

    def step(self) -> float:
        """One block, whatever happens: 0, or the seconds to pause after a failure (a
        warning says what failed).  StopIteration when the reader was closed."""
        try:
            self.pump()
        except StopIteration:
            raise
        except Exception as error:  # a bus library's TypeError, a driver's bug: never a dead thread
            self.failures += 1
            pause = min(self.FIRST_PAUSE * 2 ** (self.failures - 1), self.MAX_PAUSE)
            self.health.fail(self.NAME, f"knocks are not heard: reading the knock sensor failed ({describe(error)}); "
                                        f"trying again in {pause:g} s")
            self._stream = self.reader.samples()  # a generator that raised is finished: start a new one
            return pause
        if self.failures:
            self.failures = 0
            self.health.ok(self.NAME)
        return 0.0

    def use(self, settings: Any) -> None:
        """Listen with new (calibrated) settings from now on."""
        from firmware_py.knock.detector import KnockDetector

        self.detector = KnockDetector(self.rate, settings)

    def start(self) -> None:
        self._thread = threading.Thread(target=self.run, name="knock", daemon=True)
        self._thread.start()

    def run(self) -> None:
        """The thread's loop, until :meth:`close` (or the reader ends)."""
        while not self._stop.is_set():
            try:
                pause = self.step()
            except StopIteration:  # the reader was closed
                return
            if pause:
                self._wait(pause)

    def poll(self) -> list:
        found = []
        while not self._decisions.empty():
            found.append(self._decisions.get())
        return found

    def close(self) -> None:
        self._stop.set()
        self.reader.close()
        if self._thread is not None:
            self._thread.join(timeout=2.0)
