"""The builder's self-test that ``companion doctor`` runs (``companion/commands/doctor.py``).

Given an open box, it walks the builder through every part: finds the ADC, lights each
LED in order, shows each game's lights (the scenes it is handed: the command builds them
from the game registry, the driver names no game), beeps, asks for one knock and two, and
for each button; and reports what works, what is missing and what looks miswired.  On the
simulation a pretend builder (``sim/builder.py``) does what a person would, which is also
how the tests check the whole chain.
"""

from __future__ import annotations

import sys
import time
from dataclasses import dataclass
from typing import Callable, Sequence

from firmware_py.box import Box
from firmware_py.clock import ManualClock
from firmware_py.health import describe
from firmware_py.pentagram.scenes import OffScene, OneLed, Scene

LED_STEP = 0.06  # seconds each LED stays lit in the walk
SCENE_SECONDS, SCENE_FRAMES = 1.5, 30  # each game's lights in the walk: long enough to see them move
ANSWER_WAIT = 10.0  # seconds to wait for a knock or a press


@dataclass
class Check:
    name: str
    ok: bool | None  # None: not fitted or skipped
    detail: str = ""

    def line(self) -> str:
        mark = {True: "ok  ", False: "FAIL", None: "skip"}[self.ok]
        return f"[{mark}] {self.name}: {self.detail}" if self.detail else f"[{mark}] {self.name}"


@dataclass
class Builder:
    """Who answers the doctor's questions: a person at the console, or (``--sim``)
    a pretend builder who presses the mock pins and knocks the simulated piezo."""

    ask: Callable[[str], bool]
    act: Callable[[str, Box], list[tuple[float, Callable[[], None]]]] = lambda step, box: []
    say: Callable[[str], None] = print


def console_builder(out=None) -> Builder:
    def ask(question: str) -> bool:
        try:
            return input(f"{question} [y/n] ").strip().lower() in ("y", "yes")
        except EOFError:
            return False

    return Builder(ask=ask, say=lambda text: print(text, file=out or sys.stdout, flush=True))


GameScene = tuple[str, Callable[[], Scene]]
"""A game's title and how to make the scene its table shows (made during the walk, so a
scene that cannot be made is a failed check, not a traceback)."""


class Doctor:
    def __init__(self, box: Box, builder: Builder, wait: Callable[[float], None] = time.sleep,
                 scenes: Sequence[GameScene] = ()) -> None:
        self.box = box
        self.builder = builder
        self.wait = wait
        self.scenes = scenes

    # -- letting time pass ---------------------------------------------------------------
    def _pass(self, seconds: float) -> None:
        clock = self.box.clock
        if isinstance(clock, ManualClock):
            clock.advance(seconds)
        else:
            self.wait(seconds)

    def _listen(self, step: str, seconds: float = ANSWER_WAIT) -> list:
        """Run the box for up to ``seconds`` while the builder does ``step``; the answers."""
        start = self.box.clock.now()
        plan = sorted(self.builder.act(step, self.box), key=lambda item: item[0])
        answers = []
        while self.box.clock.now() - start < seconds:
            now = self.box.clock.now() - start
            while plan and plan[0][0] <= now:
                plan.pop(0)[1]()
            pump = getattr(self.box.knock, "pump", None)
            if pump is not None and isinstance(self.box.clock, ManualClock):
                pump()  # the simulated ADC moves the manual clock on by one block
            else:
                self._pass(0.02)
            answers += self.box.update().answers
            if answers and not plan and now > 0.8:
                break  # an answer came and a gesture has had time to finish
        return answers

    # -- the checks --------------------------------------------------------------------
    def run(self) -> list[Check]:
        return [self.adc(), self.leds(), *self.lights(), self.buzzer(), *self.knocks(), *self.buttons()]

    def adc(self) -> Check:
        if self.box.fitted.knock != "adc":
            return Check("ADS1115 knock sensor", None, "not fitted")
        reader = self.box.knock.reader
        self.box.knock.pump(8) if isinstance(self.box.clock, ManualClock) else self._pass(0.1)
        if getattr(reader, "answering", False):
            return Check("ADS1115 knock sensor", True,
                         f"found at {self.box.pins.adc_address:#04x} on I2C bus {self.box.pins.i2c_bus}")
        return Check("ADS1115 knock sensor", False,
                     f"no ADS1115 answers at {self.box.pins.adc_address:#04x} on I2C bus {self.box.pins.i2c_bus}: "
                     f"check SDA GPIO{self.box.pins.adc_sda}, SCL GPIO{self.box.pins.adc_scl}, 3.3 V and ground")

    def leds(self) -> Check:
        pentagram = self.box.pentagram
        if pentagram is None:
            return Check("pentagram LEDs", None, "not fitted")
        self.builder.say(f"Watch the pentagram: its {pentagram.count} LEDs light one at a time, in strip order.")
        lit_in_order = True
        for index in range(pentagram.count):
            pentagram.render(OneLed(index), self.box.clock.now())
            pixels = getattr(pentagram.backend, "pixels", None)
            if pixels is not None:
                lit = [i for i, colour in enumerate(pixels) if any(colour)]
                lit_in_order &= lit == [index]
            self._pass(LED_STEP)
        pentagram.render(OffScene(), self.box.clock.now())
        if not lit_in_order:
            return Check("pentagram LEDs", False, "the pixel buffer did not light one LED at a time")
        if self.builder.ask("Did every LED light, one at a time, along the strip?"):
            return Check("pentagram LEDs", True, f"{pentagram.count} LEDs")
        return Check("pentagram LEDs", False, "an LED stayed dark or lit out of order: check the data line, "
                                              "the level shifter and the strip order in hardware/pentagram.json")

    def lights(self) -> list[Check]:
        """Each game's scene on the pentagram for a moment, its animation running."""
        pentagram = self.box.pentagram
        if pentagram is None or not self.scenes:
            return []
        self.builder.say("Watch the pentagram: each game's lights in turn.")
        shown, broken = [], []
        for title, make in self.scenes:
            try:
                scene = make()
                for _ in range(SCENE_FRAMES):
                    pentagram.render(scene, self.box.clock.now())
                    self._pass(SCENE_SECONDS / SCENE_FRAMES)
            except Exception as error:  # a game's scene with a bug: a line to fix, never a traceback
                broken.append(f"{title} ({describe(error)})")
            else:
                shown.append(title)
        pentagram.render(OffScene(), self.box.clock.now())
        if broken:
            return [Check("game lights", False, "cannot be drawn: " + "; ".join(broken))]
        if self.builder.ask("Did each game's lights show on the pentagram?"):
            return [Check("game lights", True, ", ".join(shown))]
        return [Check("game lights", False, "a game's lights did not show: check the brightness in Settings "
                                            "and the layout in hardware/pentagram.json")]

    def buzzer(self) -> Check:
        if not self.box.fitted.buzzer:
            return Check("buzzer", None, "not fitted")
        self.builder.say("Listen: the buzzer beeps.")
        played = self.box.buzzer.play("beep")
        for _ in range(30):
            self.box.buzzer.update()
            self._pass(0.02)
        if not played:
            return Check("buzzer", False, "the beep could not be played")
        if self.builder.ask("Did you hear the beep?"):
            where = "simulated" if self.box.simulate else f"{self.box.pins.buzzer_kind} on GPIO{self.box.pins.buzzer}"
            return Check("buzzer", True, where)
        return Check("buzzer", False, f"no sound: check the buzzer on GPIO{self.box.pins.buzzer} and ground, "
                                      f"and that it is {self.box.pins.buzzer_kind} as wiring/pins.toml says")

    def knocks(self) -> list[Check]:
        if self.box.fitted.knock == "none":
            return [Check("knock sensor", None, "not fitted")]
        results = []
        for step, want in (("knock once", "yes"), ("knock twice", "no")):
            self.builder.say(f"Now {step} on the table.")
            heard = [a.name for a in self._listen(step) if a.source == "knock"]
            if heard == [want]:
                results.append(Check(step, True, f"heard as {want}"))
            elif heard:
                results.append(Check(step, False, f"heard as {', '.join(heard)}: recalibrate with "
                                                  "`companion knock calibrate`"))
            else:
                results.append(Check(step, False, "nothing heard: check the piezo and its wiring, "
                                                  "then run `companion knock calibrate`"))
        return results

    def buttons(self) -> list[Check]:
        if self.box.buttons is None:
            return [Check("buttons", None, "not fitted")]
        results = []
        pins = {"yes": self.box.pins.button_yes, "no": self.box.pins.button_no, "undo": self.box.pins.button_undo}
        for name, gpio in pins.items():
            if name in self.box.buttons.missing:
                results.append(Check(f"{name} button", False, f"GPIO{gpio} could not be opened"))
                continue
            self.builder.say(f"Press the {name.upper()} button.")
            seen = [a.name for a in self._listen(name) if a.source == "button"]
            if seen and seen[0] == name:
                results.append(Check(f"{name} button", True, f"GPIO{gpio}"))
            elif seen:
                results.append(Check(f"{name} button", False, f"miswired: pressing {name.upper()} gave "
                                                              f"{seen[0].upper()}; swap the wires or fix wiring/pins.toml"))
            else:
                results.append(Check(f"{name} button", False, f"no press seen on GPIO{gpio}: check the switch "
                                                              "goes between the pin and ground"))
        return results


def examine(box: Box, builder: Builder, out, scenes: Sequence[GameScene] = ()) -> int:
    """Walk ``box`` with ``builder`` (showing ``scenes``), print every check and every warning
    the box gathered meanwhile (a knock sensor that failed, a reader that had to start
    again), close it."""
    try:
        checks = Doctor(box, builder, scenes=scenes).run()
        warnings = box.warnings()
    finally:
        box.close()
    for check in checks:
        print(check.line(), file=out)
    for warning in warnings:
        print(f"[warn] {warning}", file=out)
    failed = [c for c in checks if c.ok is False]
    print("Everything fitted works." if not failed else f"{len(failed)} problem(s) to look at.", file=out)
    return 1 if failed else 0
