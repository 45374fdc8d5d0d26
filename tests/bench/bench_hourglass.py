"""Hourglass and buzzer timing on a simulated app loop (``python -m tests.bench hourglass``).

The app's loop calls ``update()`` once a frame; an event (or a note) is noticed
at the first frame at or after its time, so its schedule error is the wait for
that frame.  The loop runs on a ManualClock at 30 frames a second with jitter
(each frame 1/30 s +/- 5 ms, and one frame in a hundred a 50-150 ms hiccup such
as a journal fsync), so the figures are instant and repeatable.
"""

from __future__ import annotations

import random
import statistics
import time

from firmware_py.buzzer import SOUNDS, NullBuzzer, PassiveBuzzer
from firmware_py.clock import ManualClock
from firmware_py.hourglass import Hourglass, schedule
from firmware_py.hourglass_sound import HourglassSound
from firmware_py.pins import load
from sim.pins import mock_factory
from tests.bench import Options, Row, benchmark, percentile

FRAME = 1 / 30
JITTER = 0.005
HICCUP_CHANCE, HICCUP = 0.01, (0.050, 0.150)


def frame_length(rng: random.Random, frame: float = FRAME) -> float:
    if rng.random() < HICCUP_CHANCE:
        return rng.uniform(*HICCUP)
    return max(0.0, frame + rng.uniform(-JITTER, JITTER))


@benchmark("hourglass")
def bench_hourglass(options: Options) -> list[Row]:
    """Schedule error of the 2-minute hourglass driven by a jittery 30 Hz loop, with pauses."""
    runs = 5 if options.quick else 40
    rng = random.Random(2024)
    errors: list[float] = []
    wrong_runs = 0
    calls, busy = 0, 0.0
    for run in range(runs):
        clock = ManualClock(rng.uniform(0, 1e4))
        glass = Hourglass(clock)
        sound = HourglassSound(NullBuzzer(clock))
        glass.flip()
        expected = len(schedule(glass.settings, glass.duration))
        seen = []
        finished = False
        while not finished:
            finished = glass.expired  # one more frame after the end: it delivers the end
            clock.advance(frame_length(rng))
            if glass.running and rng.random() < 0.002:  # someone pauses the game now and then
                glass.pause()
            elif glass.paused and rng.random() < 0.05:
                glass.resume()
            begin = time.perf_counter()
            events = sound.update(glass)
            busy += time.perf_counter() - begin
            calls += 1
            seen += events
        order = [(e.due, e.kind) for e in seen]
        if len(seen) != expected or order != sorted(order) or len(set(order)) != len(order):
            wrong_runs += 1
        errors += [e.error * 1000 for e in seen]
    errors.sort()
    return [
        Row("hourglass schedule error at 30 fps +/- 5 ms, mean", statistics.fmean(errors), "ms", None,
            f"{len(errors):,} events in {runs} two-minute runs with pauses; 1% of frames hiccup 50-150 ms"),
        Row("hourglass schedule error, p95", percentile(errors, 0.95), "ms", ("<=", FRAME * 1000 + 5 + 1)),
        Row("hourglass schedule error, max", errors[-1], "ms", ("<=", HICCUP[1] * 1000 + 1),
            "bounded by the longest frame"),
        Row("hourglass runs with an event missed, repeated or out of order", wrong_runs, "runs", ("<=", 0)),
        Row("Hourglass.update() + its sounds, per frame", busy / calls * 1e6, "µs", None,
            f"{calls:,} frames; the CPU the hourglass costs the app's loop"),
    ]


@benchmark("buzzer")
def bench_buzzer(options: Options) -> list[Row]:
    """Note timing of melodies on a passive buzzer (gpiozero mock PWM pin) advanced by the app's loop."""
    rows: list[Row] = []
    plays = 100 if options.quick else 1000
    for fps in (30, 60):
        rng = random.Random(fps)
        factory = mock_factory()
        clock = ManualClock()
        buzzer = PassiveBuzzer.on_pin(load().buzzer, factory, clock)
        errors: list[float] = []
        notes_due = notes_started = 0
        names = sorted(SOUNDS)
        for _ in range(plays):
            name = rng.choice(names)
            clock.advance(rng.uniform(0.0, 1 / fps))  # a sound starts inside a frame
            buzzer.notes.clear()
            buzzer.play(name)
            while buzzer.playing is not None:
                clock.advance(frame_length(rng, 1 / fps))
                buzzer.update()
            records = list(buzzer.notes)
            notes_due += len(SOUNDS[name].notes) + 1
            notes_started += len(records)
            errors += [r.error * 1000 for r in records]
        buzzer.close()
        factory.close()
        errors.sort()
        rows += [
            Row(f"buzzer note start error at {fps} fps, mean", statistics.fmean(errors), "ms", None,
                f"{plays} sounds of the vocabulary on a mock TonalBuzzer, frames +/- 5 ms, 1% hiccups"),
            Row(f"buzzer note start error at {fps} fps, p95", percentile(errors, 0.95), "ms",
                ("<=", 1000 / fps + 5 + 1)),
            Row(f"buzzer notes skipped at {fps} fps (a whole note inside one frame)",
                100 * (1 - notes_started / notes_due), "%", None, "only when a hiccup swallows a note"),
        ]
    return rows
