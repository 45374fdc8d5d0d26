"""The pretend builder of ``companion doctor --sim``: presses the mock pins and knocks the
simulated piezo as a person would press the buttons and knock the table."""

from __future__ import annotations

import sys
from typing import Callable

from firmware_py.box import Box
from firmware_py.doctor import Builder
from sim.pins import press, pulse_low, release


def simulated_builder(out=None) -> Builder:
    """Does what a builder would, on the simulation: presses each button on its mock
    pin (held 80 ms), knocks once, knocks twice 250 ms apart; answers yes to what it
    sees (the doctor checks the pixel buffer and the buzzer's log itself)."""

    def act(step: str, box: Box) -> list[tuple[float, Callable[[], None]]]:
        if step in ("yes", "no", "undo"):
            gpio = {"yes": box.pins.button_yes, "no": box.pins.button_no, "undo": box.pins.button_undo}[step]
            return [(0.2, lambda: press(box.pin_factory, gpio)), (0.28, lambda: release(box.pin_factory, gpio))]
        if step == "knock once":
            return [(0.3, lambda: knock(box))]
        if step == "knock twice":
            return [(0.3, lambda: knock(box)), (0.55, lambda: knock(box))]
        return []

    def knock(box: Box) -> None:
        if not box.knock_now(0.9):  # no simulated piezo: the digital module's pin
            pulse_low(box.pin_factory, box.pins.knock_module)

    return Builder(ask=lambda question: True, act=act, say=lambda text: print(text, file=out or sys.stdout, flush=True))
