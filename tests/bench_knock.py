"""The knock sensor's figures as the box runs it: benchmark functions the lead wires into
``make bench``.  Each returns a dict of figures and prints nothing.

* :func:`corpus_at_rates` — the detector's accuracy on both corpora (the gesture
  recordings and the quiet tables of ``tests/knock_corpus.py``) rendered at 475 and at
  860 samples/s: what the choice of the ADS1115's data rate rests on (docs/knock.md).
* :func:`live_reader` — the reader in its own process reading the simulated ADS1115 in
  real time, a 20-gesture run knocked through the box: conversions read against those
  the chip made, answers right, latency medians, the reader process's CPU share.
"""

from __future__ import annotations

import functools
import math
import os
import random
import statistics
import time
from contextlib import contextmanager
from typing import Iterator

from tests import knock_corpus


@contextmanager
def _tables_at(rate: int) -> Iterator[None]:
    """Every corpus table drawn as usual (same seeds, same events), sampled at ``rate``."""
    original = knock_corpus.table_for

    def forced(rng, index):
        table = original(rng, index)
        table["rate"] = rate
        return table

    knock_corpus.table_for = forced
    try:
        yield
    finally:
        knock_corpus.table_for = original


def corpus_at_rates(rates: tuple[int, ...] = (475, 860), split: str = "heldout", quick: bool = False) -> dict:
    """The adaptive detector on the corpus's gesture and quiet recordings, each table
    sampled at every rate of ``rates``: {rate: {correct, gestures, accuracy %, stray,
    false alarms, quiet minutes, yes/no latency medians ms, failures}}."""
    from firmware_py.knock.detector import KnockDetector

    figures: dict = {}
    for rate in rates:
        with _tables_at(rate):
            gestures = list(knock_corpus.gesture_recordings(split, quick))
            quiet = list(knock_corpus.quiet_recordings(split, quick))
        score = knock_corpus.evaluate(KnockDetector, gestures=gestures, quiet=quiet)
        noisiest = knock_corpus.evaluate(KnockDetector, gestures=[r for r in gestures if r.table["snr"] <= 30],
                                         quiet=[])
        figures[rate] = {
            "split": split, "quick": quick,
            "correct": score.correct, "gestures": score.gestures, "accuracy": 100 * score.accuracy,
            "stray": score.spurious, "false_alarms": score.false_alarms, "quiet_minutes": score.quiet_minutes,
            "noisiest_correct": noisiest.correct, "noisiest_gestures": noisiest.gestures,
            "yes_ms": 1000 * score.median("yes"), "no_ms": 1000 * score.median("no"),
            "detector_x_real_time": score.seconds_audio / score.seconds_cpu if score.seconds_cpu else math.nan,
            "failures": list(score.failures),
        }
    return figures


# -- the reader in its own process, on the simulated chip, in real time ----------------------------
def cpu_seconds(pid: int) -> float:
    """A process's CPU seconds (user + system) from /proc/<pid>/stat."""
    with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def snapshot(knock) -> dict:
    """What a running :class:`~firmware_py.knock.process.KnockProcess` has read so far:
    conversions the chip made and the reader read, missed, the child's CPU and when."""
    reader = knock.reader
    return {"at": time.monotonic(), "pid": knock.pid, "samples": reader.stats.samples, "missed": reader.stats.missed,
            "held": reader.stats.held, "errors": reader.stats.errors, "chip": reader.chip_conversions,
            "cpu": cpu_seconds(knock.pid), "mode": reader.mode, "priority": reader.priority}


def between(before: dict, after: dict) -> dict:
    """Figures over the time between two snapshots of the same child: conversions read
    against those the simulated chip made (%), missed, and the child's share of one core."""
    seconds = after["at"] - before["at"]
    made = (after["chip"] or 0) - (before["chip"] or 0)
    read = after["samples"] - before["samples"]
    return {"seconds": seconds, "conversions_made": made, "conversions_read": read,
            "read_percent": 100.0 * read / made if made else math.nan,
            "missed": after["missed"] - before["missed"], "held": after["held"] - before["held"],
            "cpu_percent_of_one_core": 100.0 * (after["cpu"] - before["cpu"]) / seconds if seconds else math.nan,
            "mode": after["mode"], "priority": after["priority"]}


def _fresh_stats(knock, timeout: float = 5.0) -> None:
    """Wait (on the pipe) for the child's next statistics."""
    seen = knock._reader.stats
    knock.wait_for(lambda: knock._reader.stats is not seen, timeout)


def _burn(seconds: float) -> None:
    """Pure-Python work holding this process's GIL (a stand-in for drawing a frame)."""
    end = time.perf_counter() + seconds
    total = 0
    while time.perf_counter() < end:
        for n in range(200):
            total += n * n


class _Frames:
    """This process as the app runs it: each frame ``busy_ms`` of work, then ``poll()``,
    then the rest of the frame waited out (``frame_ms`` 0: wait on the pipe instead, so an
    answer is taken the moment it arrives)."""

    def __init__(self, knock, frame_ms: float, busy_ms: float) -> None:
        self.knock, self.frame, self.busy = knock, frame_ms / 1000, busy_ms / 1000
        self.frames = 0

    def run(self, seconds: float, stop=None) -> list:
        """Frames for ``seconds`` (or until ``stop(arrived)``): [(decision, arrival time)]."""
        arrived: list = []
        end = time.monotonic() + seconds
        while time.monotonic() < end and not (stop and stop(arrived)):
            begin = time.monotonic()
            if self.busy:
                _burn(self.busy)
            now = time.monotonic()
            arrived += [(decision, now) for decision in self.knock.poll()]
            self.frames += 1
            left = min(end, begin + self.frame) - time.monotonic() if self.frame else end - time.monotonic()
            if left > 0:
                if self.frame:
                    time.sleep(left)
                else:
                    self.knock.readable(min(left, 0.05))
        return arrived


def live_reader(duration: float = 20.0, gestures: int = 20, rate: int | None = None, seed: int = 14,
                frame_ms: float = 0.0, busy_ms: float = 0.0) -> dict:
    """The reader in its own process reading the simulated ADS1115 in real time: first
    ``duration`` seconds of quiet table (conversions read, CPU share), then ``gestures``
    knocked gestures, yes and no at random (answers right, latency medians: from the chip
    converting the last knock to the answer taken in this process).  This process runs
    frames as the app does (``frame_ms``; 0: it waits on the pipe) and may spend
    ``busy_ms`` of each in pure-Python work holding its own GIL, as drawing does: the
    reader's figures must not care.  ``start_to_ready_s``: from starting the child to its
    first word (it reads the chip from then on).  Returns a dict; prints nothing."""
    from firmware_py import pins as pin_map
    from firmware_py.factory import choose
    from firmware_py.health import Health
    from firmware_py.knock.ads1115 import AdcSettings
    from firmware_py.knock.process import RATE, KnockProcess, KnockSpec

    rate = rate or RATE
    started = time.monotonic()
    knock = KnockProcess(KnockSpec(simulated=True, pins=pin_map.load(), adc=AdcSettings(rate=rate), stats_every=0.25,
                                   factory=functools.partial(choose, True)), Health())
    frames = _Frames(knock, frame_ms, busy_ms)
    try:
        knock.wait_for(lambda: knock.ready, 30.0)
        ready = time.monotonic() - started
        knock.wait_for(lambda: knock._reader.stats.samples > rate, 30.0)
        _fresh_stats(knock)
        first = snapshot(knock)
        frames.run(duration)  # the quiet table, read in real time
        _fresh_stats(knock)
        quiet = between(first, snapshot(knock))

        rng = random.Random(seed)
        results, yes_ms, no_ms = [], [], []
        start = snapshot(knock)
        for _ in range(gestures):
            answer = rng.choice(("yes", "no"))
            struck = knock.source.struck_total
            knock.source.knock(rng.uniform(0.5, 1.0))
            if answer == "no":
                knock.source.knock(rng.uniform(0.5, 1.0), after=rng.uniform(0.15, 0.4))
            heard = frames.run(3.0, stop=bool)
            heard += frames.run(rng.uniform(0.6, 1.2))  # a pause between questions (a stray answer shows here)
            right = [d.answer for d, _ in heard] == [answer]
            results.append(right)
            count = 2 if answer == "no" else 1
            last = knock.source.struck[-1][1] if knock.source.struck_total == struck + count else None
            if right and last is not None:
                (yes_ms if answer == "yes" else no_ms).append(1000 * (heard[0][1] - last))
        _fresh_stats(knock)
        knocking = between(start, snapshot(knock))
    finally:
        knock.close()
    return {
        "rate": rate, "frame_ms": frame_ms, "busy_ms": busy_ms, "start_to_ready_s": ready,
        "quiet": quiet, "knocking": knocking,
        "answers_right": sum(results), "answers": len(results),
        "answers_percent": 100.0 * sum(results) / len(results) if results else math.nan,
        "yes_ms_median": statistics.median(yes_ms) if yes_ms else math.nan,
        "no_ms_median": statistics.median(no_ms) if no_ms else math.nan,
        "restarts": knock.restarts, "warnings": knock.health.warnings(),
    }


# -- what the child's own work costs, without the simulated chip -------------------------------------
class _InstantBus:
    """An ADS1115 that answers at once: the config word it was given, then quiet-table noise."""

    def __init__(self, seed: int = 0) -> None:
        rng = random.Random(seed)
        self.noise = [round(rng.gauss(0.0, 8.0)) & 0xFFFF for _ in range(4096)]
        self.n = 0
        self.config = 0

    def write_word_data(self, address, register, value):
        if register == 1:
            self.config = value

    def read_word_data(self, address, register):
        if register == 1:
            return self.config
        self.n = (self.n + 1) & 4095
        value = self.noise[self.n]
        return ((value & 0xFF) << 8) | (value >> 8)

    def close(self):
        pass


def _handoff_us(rounds: int = 20_000) -> float:
    """One wake-up of a sleeping thread by another and back, through bare locks (µs)."""
    import threading

    ping, pong = threading.Lock(), threading.Lock()
    ping.acquire()
    pong.acquire()

    def other():
        for _ in range(rounds):
            ping.acquire()
            pong.release()

    thread = threading.Thread(target=other)
    thread.start()
    begin = time.perf_counter()
    for _ in range(rounds):
        ping.release()
        pong.acquire()
    elapsed = time.perf_counter() - begin
    thread.join()
    return 1e6 * elapsed / rounds


def reader_cost(samples: int = 50_000, rate: int | None = None) -> dict:
    """The knock child's own work per conversion, without the simulated chip: the RDY edge
    through gpiozero (mock pins), the reader, the listener's blocks and the detector, on a
    bus that answers at once (a Pi adds smbus2's ioctl).  ``edge_handoff_us`` is the wake-up
    of the reader by gpiozero's thread, which a single thread does not show.  CPU µs per
    conversion and the share of one core at ``rate`` — on this machine: multiply by the
    calibrated factor for a Pi."""
    from firmware_py.clock import ManualClock
    from firmware_py.knock.ads1115 import ADS1115, AdcSettings, Reader
    from firmware_py.knock.listener import KnockListener
    from firmware_py.knock.process import RATE, block_for
    from sim.pins import mock_factory

    rate = rate or RATE
    clock = ManualClock()
    factory = mock_factory()
    reader = Reader(ADS1115(_InstantBus(), settings=AdcSettings(rate=rate)), alert_rdy=17, pin_factory=factory,
                    clock=clock)
    pin = factory.pin(17)

    def conversion(seconds: float) -> None:  # a period passes and the chip pulses ALERT/RDY
        clock.advance(1.0 / rate)
        pin.drive_low()
        pin.drive_high()
        if len(pin.states) > 1024:
            pin.clear_states()

    reader.idle = conversion
    listener = KnockListener(reader)
    listener.BLOCK = block_for(rate)
    listener.step()
    blocks = max(1, samples // listener.BLOCK)
    begin = time.process_time()
    for _ in range(blocks):
        listener.step()
        listener.poll()
    cpu = time.process_time() - begin
    read = blocks * listener.BLOCK
    reader.close()
    per_sample = 1e6 * cpu / read
    handoff = _handoff_us()
    return {"rate": rate, "conversions": read, "mode": reader.mode, "us_per_conversion": per_sample,
            "edge_handoff_us": handoff,
            "core_percent": (per_sample + handoff) * rate / 1e4,
            "core_percent_without_handoff": per_sample * rate / 1e4}


def figures(quick: bool = True) -> dict:
    """Everything above in one call (``quick``: the quick corpus, 10 s of quiet table)."""
    return {
        "corpus_at_rates": corpus_at_rates(quick=quick),
        "reader_cost": reader_cost(20_000 if quick else 100_000),
        "live_reader": live_reader(10.0 if quick else 20.0),
        "live_reader_beside_a_busy_app": live_reader(10.0 if quick else 20.0, frame_ms=33.0, busy_ms=25.0),
    }
