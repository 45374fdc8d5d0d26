"""The knock corpus: labelled synthetic recordings, built deterministically from seeds.

Three splits drawn from the same recipe with different seeds: ``"tuning"`` (what the
detector's defaults were chosen on), ``"check"`` (where its failures were read and
debugged) and ``"heldout"`` (what the figures report, never looked into).  Each split
has

* gesture recordings (about 12 s each): four gestures — a "yes" (one knock) or a "no"
  (two knocks 120–450 ms apart) — with knocks of varied strength (0.3 to 1 of a firm
  knock), some with a bounce 30–100 ms after the strike, and slow swells (bumps, a cup)
  in between or on top;
* quiet recordings (60 s each): the table's noise alone — white noise whose level
  wanders, rumble, mains hum, drift and bumps every few seconds — for false alarms.

Over a split the tables cover rates 475, 860 and 1600 samples/s and rates in between,
both sensor shapes (``"ringing"``, ``"peak"``), gains from 0.3 to 3 (10×) with the soft
knock 25 to 1000 times the noise's sigma (so one table's noise is louder than another's
soft knock), offsets and drift of hundreds to thousands of counts, and swells of up to
four firm knocks (at high gain they clip at the ADC's rails).

    for recording in gesture_recordings("heldout", quick=True): ...
    score = evaluate(lambda rate: KnockDetector(rate), "heldout", quick=True)
"""

from __future__ import annotations

import json
import math
import random
import statistics
import time
from array import array
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterator

from sim.piezo import KNOCK_COUNTS, PiezoScene

SEEDS = {"tuning": 10_000, "check": 30_000, "heldout": 50_000}
CANONICAL_RATES = (475, 860, 1600)
SIZES = {  # quick: (gesture recordings, quiet minutes)
    False: (200, 60),
    True: (24, 6),
}
GESTURES_PER_RECORDING = 4
QUIET_SECONDS = 60.0
MATCH_WINDOW = 1.2  # a gesture's decision is announced within this long of its last knock


@dataclass(frozen=True)
class Gesture:
    knocks: tuple[float, ...]  # strike times, s
    answer: str  # "yes" or "no"

    @property
    def last(self) -> float:
        return self.knocks[-1]


@dataclass
class Recording:
    name: str
    rate: int
    shape: str
    gain: float
    samples: array  # signed 16-bit counts
    gestures: tuple[Gesture, ...] = ()
    bumps: tuple[tuple[float, float], ...] = ()
    table: dict = field(default_factory=dict)

    @property
    def seconds(self) -> float:
        return len(self.samples) / self.rate


def table_for(rng: random.Random, index: int) -> dict:
    """A table and sensor: rate, shape, gain, noise… drawn so every split covers the
    extremes (the canonical rates, both shapes, gains 0.3 and 3)."""
    rate = CANONICAL_RATES[index % 3] if index % 4 != 3 else int(rng.uniform(475, 1600))
    shape = "ringing" if index % 2 == 0 else "peak"
    gain = {0: 0.3, 1: 3.0}.get(index % 5, math.exp(rng.uniform(math.log(0.3), math.log(3.0))))
    # the soft knock (strength 0.3) over the white noise's sigma: 25 (a noisy table) to 1000
    snr = math.exp(rng.uniform(math.log(25.0), math.log(1000.0))) if index % 7 else 25.0
    noise = KNOCK_COUNTS * gain * 0.3 / snr
    if shape == "ringing":
        offset = rng.uniform(-300.0, 300.0)
    else:
        offset = rng.uniform(150.0, 2500.0)
    drift = rng.uniform(1000.0, 3000.0) if index % 3 == 0 else rng.uniform(0.0, 1000.0)
    return {
        "rate": rate, "shape": shape, "gain": round(gain, 4), "snr": round(snr, 1), "noise": round(noise, 3),
        "offset": round(offset, 1), "drift": round(drift, 1),
        "hum": round(rng.uniform(0.0, 0.8) * noise, 3) if rng.random() < 0.5 else 0.0,
        "hum_hz": rng.choice((50.0, 60.0)),
        "rumble": round(rng.uniform(0.0, 2.0) * noise, 3),
        "wobble": round(rng.uniform(0.0, 0.5), 3),
    }


def _scene(table: dict, seed: int) -> PiezoScene:
    params = dict(table)
    rate = params.pop("rate")
    params.pop("snr")
    return PiezoScene(rate, seed, **params)


def _bump(scene: PiezoScene, rng: random.Random, t: float) -> None:
    scene.bump(t, size=rng.uniform(0.5, 4.0), duration=rng.uniform(0.2, 1.0))


def gesture_recording(split: str, index: int) -> Recording:
    seed = SEEDS[split] + index
    rng = random.Random(seed)
    table = table_for(rng, index)
    scene = _scene(table, seed)
    t = rng.uniform(1.0, 1.5)
    gestures = []
    first_answer = rng.choice(("yes", "no"))
    for number in range(GESTURES_PER_RECORDING):
        answer = first_answer if number % 2 == 0 else ("no" if first_answer == "yes" else "yes")
        count = 1 if answer == "yes" else 2
        gap = rng.uniform(0.12, 0.45)
        times = [t] if count == 1 else [t, t + gap]
        first_strength = rng.uniform(0.3, 1.0)
        for n, when in enumerate(times):
            strength = first_strength if n == 0 else min(1.0, max(0.3, first_strength * rng.uniform(0.6, 1.4)))
            bounce = None
            if rng.random() < 0.3:
                delay = rng.uniform(0.03, 0.1)
                if count == 1 or n == 1 or delay <= gap - 0.05:
                    bounce = (delay, rng.uniform(0.2, 0.6))
            scene.knock(when, strength, bounce)
        gestures.append(Gesture(tuple(times), answer))
        if rng.random() < 0.2:  # a knock on top of a swell
            scene.bump(t - rng.uniform(0.05, 0.3), size=rng.uniform(0.5, 3.0), duration=rng.uniform(0.4, 1.0))
        quiet_from = times[-1] + 0.7
        t = times[-1] + rng.uniform(2.2, 3.0)
        if rng.random() < 0.6:
            _bump(scene, rng, rng.uniform(quiet_from, t - 1.2))
    seconds = t
    samples = array("h", scene.samples(seconds))
    return Recording(f"{split}-gestures-{index:03d}", table["rate"], table["shape"], table["gain"], samples,
                     tuple(gestures), tuple(scene.bump_times), table)


def quiet_recording(split: str, index: int, seconds: float = QUIET_SECONDS) -> Recording:
    seed = SEEDS[split] + 5000 + index
    rng = random.Random(seed)
    table = table_for(rng, index)
    scene = _scene(table, seed)
    t = rng.uniform(0.5, 4.0)
    while t < seconds - 1.0:
        _bump(scene, rng, t)
        t += rng.uniform(3.0, 12.0)
    samples = array("h", scene.samples(seconds))
    return Recording(f"{split}-quiet-{index:03d}", table["rate"], table["shape"], table["gain"], samples,
                     (), tuple(scene.bump_times), table)


def gesture_recordings(split: str = "heldout", quick: bool = False) -> Iterator[Recording]:
    for index in range(SIZES[quick][0]):
        yield gesture_recording(split, index)


def quiet_recordings(split: str = "heldout", quick: bool = False) -> Iterator[Recording]:
    for index in range(SIZES[quick][1]):
        yield quiet_recording(split, index)


def write(directory: Path, recordings) -> list[Path]:
    """Each recording as ``NAME.wav`` and its labels as ``NAME.json`` (for the CLI)."""
    from firmware_py.knock.wav import write_wav

    paths = []
    directory.mkdir(parents=True, exist_ok=True)
    for recording in recordings:
        path = directory / f"{recording.name}.wav"
        write_wav(path, recording.rate, recording.samples)
        labels = {"rate": recording.rate, "table": recording.table,
                  "gestures": [{"knocks": list(g.knocks), "answer": g.answer} for g in recording.gestures],
                  "bumps": [list(b) for b in recording.bumps]}
        path.with_suffix(".json").write_text(json.dumps(labels, indent=1), encoding="utf-8")
        paths.append(path)
    return paths


# -- scoring ------------------------------------------------------------------------------
@dataclass
class Score:
    gestures: int = 0
    correct: int = 0
    spurious: int = 0  # decisions in gesture recordings that belong to no gesture
    false_alarms: int = 0  # decisions on quiet tables
    quiet_minutes: float = 0.0
    latency_yes: list[float] = field(default_factory=list)  # s after the last knock, correct ones
    latency_no: list[float] = field(default_factory=list)
    seconds_audio: float = 0.0
    seconds_cpu: float = 0.0
    failures: list[str] = field(default_factory=list)

    @property
    def accuracy(self) -> float:
        return self.correct / max(1, self.gestures + self.spurious)

    @property
    def false_alarms_per_10_min(self) -> float:
        return 10.0 * self.false_alarms / self.quiet_minutes if self.quiet_minutes else 0.0

    def median(self, answer: str) -> float:
        values = self.latency_yes if answer == "yes" else self.latency_no
        return statistics.median(values) if values else math.nan


def judge(recording: Recording, decisions, score: Score) -> None:
    """Match decisions to the recording's gestures and add to ``score``."""
    used = set()
    for gesture in recording.gestures:
        mine = [(i, d) for i, d in enumerate(decisions) if gesture.last <= d.t <= gesture.last + MATCH_WINDOW]
        used.update(i for i, _ in mine)
        score.gestures += 1
        if len(mine) == 1 and mine[0][1].answer == gesture.answer:
            score.correct += 1
            latency = mine[0][1].t - gesture.last
            (score.latency_yes if gesture.answer == "yes" else score.latency_no).append(latency)
        else:
            heard = ", ".join(f"{d.answer}@{d.t:.3f}" for _, d in mine) or "nothing"
            score.failures.append(f"{recording.name}: {gesture.answer} at {gesture.knocks} heard {heard}")
    for i, decision in enumerate(decisions):
        if i not in used:
            score.spurious += 1
            score.failures.append(f"{recording.name}: spurious {decision.answer} at {decision.t:.3f}")


def run_detector(make: Callable[[float], object], recording: Recording, block: int = 256) -> tuple[list, float]:
    """(decisions, CPU seconds) of a fresh detector over the recording, fed in blocks."""
    detector = make(recording.rate)
    samples = recording.samples.tolist()
    decisions = []
    begin = time.process_time()
    for start in range(0, len(samples), block):
        decisions += detector.feed(samples[start:start + block])
    decisions += detector.finish()
    return decisions, time.process_time() - begin


def evaluate(make: Callable[[float], object], split: str = "heldout", quick: bool = False,
             gestures: list[Recording] | None = None, quiet: list[Recording] | None = None) -> Score:
    score = Score()
    for recording in gestures if gestures is not None else gesture_recordings(split, quick):
        decisions, cpu = run_detector(make, recording)
        judge(recording, decisions, score)
        score.seconds_audio += recording.seconds
        score.seconds_cpu += cpu
    for recording in quiet if quiet is not None else quiet_recordings(split, quick):
        decisions, cpu = run_detector(make, recording)
        score.false_alarms += len(decisions)
        score.failures += [f"{recording.name}: false alarm {d.answer} at {d.t:.3f}" for d in decisions]
        score.quiet_minutes += recording.seconds / 60.0
        score.seconds_audio += recording.seconds
        score.seconds_cpu += cpu
    return score
