"""The box: every device of the table, opened from the pin map, driven once a frame.

The app (and ``companion doctor``) holds one :class:`Box`.  Each frame it calls
:meth:`Box.update`, which returns the yes/no/undo answers that arrived (buttons,
keys, knocks) and the hourglass events that fell due (already sounded).  A device
that is missing or fails is a warning on :attr:`Box.health`; the rest keep working.
The box opens whatever its files hold: a part the pin map gets wrong, or a pentagram
layout that cannot be read, is left out with a warning (on the Pi and in the
simulation alike, so the desktop shows what the Pi would do).  Every device is opened on
one device factory (:mod:`firmware_py.factory`), chosen once: the Pi's parts or the
simulation's.
"""

from __future__ import annotations

import functools
import time
from dataclasses import dataclass, field, replace
from typing import Any

from firmware_py import pins as pin_map
from firmware_py.buttons import Buttons
from firmware_py.buzzer import NullBuzzer
from firmware_py.clock import Clock, SystemClock
from firmware_py.factory import DeviceFactory, choose
from firmware_py.health import Health
from firmware_py.hourglass import Hourglass, HourglassEvent, HourglassSettings
from firmware_py.hourglass_sound import HourglassSound
from firmware_py.knock.listener import KnockListener
from firmware_py.pentagram.scenes import Scene
from firmware_py.pentagram.strip import Pentagram

KNOCK_OPTIONS = ("adc", "module", "none")
_TOLD: set[str] = set()  # the file warnings this process has logged already


@dataclass(frozen=True)
class Fitted:
    """Which parts this box has: a setting, since groups build different boxes."""

    pentagram: bool = True
    circle: bool = False
    buzzer: bool = True
    buttons: bool = True
    knock: str = "adc"  # the ADS1115 and a piezo, the digital module, or none
    camera: bool = False  # a camera above the table reads ESP's cards (docs/camera.md)

    def __post_init__(self) -> None:
        if self.knock not in KNOCK_OPTIONS:
            raise ValueError(f"the knock sensor is one of {', '.join(KNOCK_OPTIONS)}, not {self.knock!r}")


@dataclass(frozen=True)
class Answer:
    """A yes, no or undo from the table, and where it came from."""

    name: str  # "yes", "no" or "undo"
    t: float
    source: str  # "button" or "knock"


@dataclass
class Update:
    answers: list[Answer] = field(default_factory=list)
    hourglass: list[HourglassEvent] = field(default_factory=list)


class ModuleListener:
    """The digital comparator module: its onsets grouped into yes/no gestures."""

    def __init__(self, module: Any, clock: Clock, settings: Any = None) -> None:
        from firmware_py.knock.detector import KnockSettings
        from firmware_py.knock.gestures import GestureGrouper

        settings = settings or KnockSettings()
        self.module = module
        self.clock = clock
        self.grouper = GestureGrouper(settings.gap, settings.no_wait)
        self.source = None

    def poll(self) -> list:
        decisions = []
        for onset in self.module.onsets():
            decisions += self.grouper.knock(onset)
        return decisions + self.grouper.poll(self.clock.now())

    def close(self) -> None:
        self.module.close()


class NoKnock:
    source = None

    def poll(self) -> list:
        return []

    def close(self) -> None:
        pass


def _tell(health: Health, name: str, warning: str) -> None:
    """A damaged file's warning: on every box's board, in the log once a process (`companion
    shots` opens a box for each picture)."""
    health.fail(name, warning, logged=warning not in _TOLD)
    _TOLD.add(warning)


def _without(fitted: Fitted, parts: set[str]) -> Fitted:
    """``fitted`` less the parts (pin map tables) that cannot be opened."""
    knock = "none" if {"adc": "adc", "module": "knock_module"}.get(fitted.knock) in parts else fitted.knock
    return replace(fitted, pentagram=fitted.pentagram and "pentagram" not in parts,
                   circle=fitted.circle and "pentagram" not in parts, buzzer=fitted.buzzer and "buzzer" not in parts,
                   buttons=fitted.buttons and "buttons" not in parts, knock=knock)


class Box:
    """The table hardware as one object.  ``fitted`` is what it runs with: the settings'
    parts less any the pin map left out."""

    def __init__(self, pins, factory: DeviceFactory, clock: Clock, health: Health, fitted: Fitted,
                 pentagram: Pentagram | None, buzzer, buttons: Buttons | None, knock, hourglass: Hourglass,
                 requested: Fitted | None = None) -> None:
        self.pins = pins
        self.factory = factory  # what every device was opened on: the Pi's parts or the simulation's
        self.clock = clock
        self.health = health
        self.fitted = fitted
        self.requested = requested or fitted  # what was asked for: the difference is what a damaged file left out
        self.pentagram = pentagram
        self.buzzer = buzzer
        self.buttons = buttons
        self.knock = knock
        self.hourglass = hourglass
        self.hourglass_sound = HourglassSound(buzzer)

    @property
    def simulate(self) -> bool:
        """Whether this is the simulated box (the desktop's side panel shows it)."""
        return self.factory.simulated

    @property
    def pin_factory(self) -> Any:
        """gpiozero's pins every device uses (mock pins in the simulation: press them)."""
        return self.factory.pin_factory

    @classmethod
    def open(cls, simulate: bool | None = None, fitted: Fitted = Fitted(), clock: Clock | None = None,
             pins=None, health: Health | None = None, knock_settings: Any = None,
             hourglass: HourglassSettings | None = None, listen: bool = True, direct_sim: bool = False,
             factory: DeviceFactory | None = None, knock_factory: Any = None) -> "Box":
        """Open every fitted device on ``factory`` (by default the one :func:`choose` picks
        for ``simulate``: the simulation off a Pi).  The ADS1115 knock sensor is read in its
        own process (:class:`~firmware_py.knock.process.KnockProcess`), which opens the bus
        on ``knock_factory()`` (a picklable function; default: ``choose`` again, in the child).
        ``listen=False`` keeps the same reader in this process, unread until someone calls
        ``box.knock.pump()`` (the fastest unit tests); ``direct_sim`` feeds the simulated
        piezo straight to the detector, with no chip and no process (screen tests)."""
        factory = factory if factory is not None else choose(simulate)
        requested = fitted
        clock = clock or SystemClock()
        health = health or Health()
        if pins is None:  # the file: whatever it holds, the box opens (without the parts it gets wrong)
            survey = pin_map.survey()
            for name, warning in survey.warnings().items():
                _tell(health, name, warning)
            pins, fitted = survey.pins, _without(fitted, set(survey.left_out))
        pentagram = cls._open_pentagram(factory, pins, health, clock, fitted) if fitted.pentagram else None
        if pentagram is None:
            fitted = replace(fitted, pentagram=False, circle=False)
        buzzer = factory.buzzer(pins, clock, health) if fitted.buzzer else NullBuzzer(clock, health)
        buttons = Buttons(pins, factory.pin_factory, clock, health) if fitted.buttons else None
        knock = cls._open_knock(factory, pins, clock, health, fitted, knock_settings, listen, direct_sim,
                                knock_factory)
        return cls(pins, factory, clock, health, fitted, pentagram, buzzer, buttons, knock,
                   Hourglass(clock, hourglass), requested)

    @staticmethod
    def _open_pentagram(factory, pins, health, clock, fitted) -> Pentagram | None:
        from firmware_py.pentagram.layout import LayoutError

        try:
            return Pentagram.open(factory, pins, health, clock, circle=fitted.circle)
        except LayoutError as error:  # hardware/pentagram.json damaged: the builder's to fix, not a dead app
            health.fail("pentagram", f"{error}; the pentagram is left out until it is fixed")
            return None

    @staticmethod
    def _open_knock(factory, pins, clock, health, fitted, settings, listen, direct_sim, knock_factory=None):
        if fitted.knock == "none":
            return NoKnock()
        if settings is None:
            from firmware_py.knock.calibrate import KnockSettingsError, load

            try:
                settings = load()
            except KnockSettingsError as error:
                _tell(health, "knock settings", f"{error}; using the defaults until the table is calibrated again")
        if fitted.knock == "module":
            from firmware_py.knock.digital import open_knock_module

            return ModuleListener(open_knock_module(pins, factory.pin_factory, clock, health), clock, settings)
        piezo = factory.piezo(clock, settings) if direct_sim else None
        if piezo is not None:
            return piezo
        if listen:  # the reader in its own process, on the same factory (docs/architecture.md)
            from firmware_py.knock.process import KnockProcess, KnockSpec

            knock_factory = knock_factory or functools.partial(choose, factory.simulated)
            return KnockProcess(KnockSpec(factory.simulated, pins, settings, factory=knock_factory), health, clock)
        from firmware_py.knock.ads1115 import open_reader

        reader = open_reader(factory, pins, clock=clock, health=health, strict=False)
        return KnockListener(reader, settings, health)

    # -- each frame -------------------------------------------------------------------
    def update(self) -> Update:
        """What arrived since the last frame; sounds the hourglass and moves the buzzer on."""
        now = self.clock.now()
        answers = []
        if self.buttons is not None:
            answers += [Answer(p.name, p.t, "button") for p in self.buttons.poll()]
        answers += [Answer(d.answer, now, "knock") for d in self.knock.poll()]
        events = self.hourglass_sound.update(self.hourglass)
        return Update(answers, events)

    def idle(self, seconds: float) -> None:
        """Wait up to ``seconds`` of real time — less when the knock reader's process has
        news, so an answer is taken within the turn it arrives in, not at the next look."""
        readable = getattr(self.knock, "readable", None)
        started = time.monotonic()
        if readable is not None and readable(seconds):
            return
        left = seconds - (time.monotonic() - started)
        if left > 0:
            time.sleep(left)

    def show(self, scene: Scene) -> None:
        if self.pentagram is not None:
            self.pentagram.render(scene, self.clock.now())

    def press(self, name: str) -> None:
        """A key standing for a button (the simulation's Y, N and U keys)."""
        if self.buttons is not None:
            self.buttons.inject(name, self.clock.now())

    def knock_now(self, strength: float | None = None) -> bool:
        """Knock the simulated piezo (the space bar, a click); False on real hardware."""
        source = self.knock.source
        if source is None:
            return False
        source.knock(strength)
        return True

    def warnings(self) -> list[str]:
        return self.health.warnings()

    def knock_stats(self) -> dict | None:
        """The knock reader's figures (conversions made, read, missed, ``read_share``, the
        knock process's CPU seconds, pid and priority) when the ADS1115 is read in its own
        process; None otherwise (no ADC, the digital module, the desktop shortcut, a test's
        hand-pumped reader).  For the benchmarks."""
        stats = getattr(self.knock, "stats", None)
        return stats() if callable(stats) else None

    def close(self) -> None:
        for part in (self.knock, self.buttons, self.buzzer, self.pentagram):
            if part is not None:
                self.health.guard("closing", part.close)
