"""Pentagram figures: the time to compute one frame — the scene, gamma, brightness and
the current limiter, everything but the strip's own transfer — for each scene, with
and without the outer circle.

The app redraws at up to 30 frames a second; a Pi Zero 2 is roughly ten times slower
than a desktop core, so the target here (1 ms) keeps a frame under about 10 ms there,
a third of the frame time.
"""

from __future__ import annotations

import time

from firmware_py.pentagram.color import Power, prepare
from firmware_py.pentagram.layout import Layout
from firmware_py.pentagram.scenes import (
    ClairvoyanceScene, EspScene, Flash, Flourish, IdleScene, MysteriumScene, SeanceScene, render,
)
from tests.bench import Options, Row, benchmark, one_core

ANN, BO, CY, DI = (255, 60, 0), (0, 140, 255), (0, 255, 80), (255, 220, 0)

SCENES = {
    "Séance Party (flourish + battle)": SeanceScene(
        planchette=2, dice=(4, 6, 8, 12, 20),
        charged={ANN: frozenset({"circle", "wave"}), BO: frozenset({"circle"}), CY: frozenset({"star"}),
                 DI: frozenset({"cross"})},
        turn=BO, flourish=Flourish(0.0, 2, ANN), battle=0.0,
    ),
    "Mysterium (running sand, alarm)": MysteriumScene(0.62, True, 4, alarm=0.0),
    "ESP (suit + sparkling rank, winner)": EspScene("cross", 4, winner=BO),
    "Clairvoyance (5 players, damage)": ClairvoyanceScene(
        6, (ANN, BO, CY, DI, (255, 0, 160)), {ANN: 10, BO: 7, CY: 3, DI: 0}, frozenset({DI}), BO, Flash(0.0, ANN)
    ),
    "idle": IdleScene(),
}


def frame_time(layout: Layout, scene, frames: int) -> float:
    """µs per frame, the best of five batches (each steps t through an animation): the
    best batch is the one least disturbed by whatever else the machine was doing."""
    power = Power()
    batches = []
    for _ in range(5):
        begin = time.perf_counter()
        for n in range(frames):
            prepare(render(layout, scene, n / 30.0), power, 0.8)
        batches.append((time.perf_counter() - begin) / frames)
    return min(batches) * 1e6


@benchmark("pentagram")
def bench_pentagram(options: Options) -> list[Row]:
    frames = 40 if options.quick else 300
    rows = []
    with one_core():
        for circle in (False, True):
            layout = Layout.load(circle=circle)
            for name, scene in SCENES.items():
                rows.append(Row(f"pentagram frame, {name}, {layout.count} LEDs", frame_time(layout, scene, frames),
                                "µs", ("<", 1000), "scene + gamma + brightness + limiter, best of 5 batches"))
    return rows
