"""The cheaper knock sensor: a digital comparator module (an LM393 "knock sensor" board)
whose output goes low while the piezo's signal is above the threshold set by the board's
trimmer.  We turn its chattering output into knock onset TIMES.

Its limits, compared with the ADS1115 and the adaptive detector: the threshold is fixed
by the trimmer (no noise floor, no gain adaptation, no calibration: a soft knock on a
thick table may never trip it, a bumped table may), slow bumps that cross the threshold
count as knocks, and only the timing of edges is known, not the knock's shape.

One strike rings for up to ~150 ms, so the output chatters; a knuckle may bounce and
strike again 30-100 ms later as part of the same knock; people double-knock 120-450 ms
apart.  :class:`OnsetFilter` therefore starts a knock on a falling edge only when
``lockout`` (0.11 s) has passed since the previous knock's start AND the output has been
quiet for ``quiet`` (0.03 s).  A second knock whose first edge falls inside the first
one's chatter is lost: turn the trimmer down until one knock makes a short burst.

Feeding the gesture grouper (``firmware_py.knock.gestures.GestureGrouper`` turns onset
times into yes/no decisions; both sides use the same clock)::

    module = open_knock_module(pins, pin_factory, clock, health)
    grouper = GestureGrouper()
    # each frame of the app's loop:
    decisions = []
    for t in module.onsets():
        decisions += grouper.knock(t)
    decisions += grouper.poll(clock.now())

or pass ``on_onset=`` to get each onset as it happens (on gpiozero's thread on a Pi).
"""

from __future__ import annotations

import threading
from typing import Any, Callable

from firmware_py.clock import Clock, SystemClock
from firmware_py.health import Health

DEVICE = "knock module"


class OnsetFilter:
    """Edges in, knock onsets out: a pure debouncer on the caller's timestamps."""

    def __init__(self, lockout: float = 0.11, quiet: float = 0.03) -> None:
        self.lockout = lockout
        self.quiet = quiet
        self.last_onset: float | None = None
        self.last_edge: float | None = None  # the last change of the output, either way
        self.active = False

    def edge(self, active: bool, t: float) -> float | None:
        """The output went active (low) or inactive at ``t``; the onset time if this
        edge starts a new knock, else None."""
        if active == self.active:
            return None  # not a change
        self.active = active
        quiet_since = self.last_edge
        self.last_edge = t
        if not active:
            return None
        if self.last_onset is not None and t - self.last_onset < self.lockout:
            return None  # the same knock: its chatter or a bounce
        if quiet_since is not None and self.last_onset is not None and t - quiet_since < self.quiet:
            return None  # still chattering from the last knock
        self.last_onset = t
        return t


class KnockModule:
    """The module's output on ``gpio`` (active low; the internal pull-up is on) as knock
    onsets on the injected clock.  ``onsets()`` drains the onsets since the last call;
    ``check()`` (called by ``onsets()``) reports an output held low, a trimmer set too
    sensitive, as a Health warning."""

    def __init__(self, gpio: int, pin_factory: Any = None, clock: Clock | None = None, health: Health | None = None,
                 *, lockout: float = 0.11, quiet: float = 0.03, stuck_after: float = 2.0,
                 on_onset: Callable[[float], None] | None = None) -> None:
        from gpiozero import DigitalInputDevice

        self.gpio = gpio
        self.clock = clock if clock is not None else SystemClock()
        self.health = health if health is not None else Health()
        self.filter = OnsetFilter(lockout, quiet)
        self.stuck_after = stuck_after
        self.on_onset = on_onset
        self._lock = threading.Lock()
        self._onsets: list[float] = []
        self._active_since: float | None = None
        self._stuck = False
        self.device = DigitalInputDevice(gpio, pull_up=True, pin_factory=pin_factory)
        self.device.when_activated = self._went_active
        self.device.when_deactivated = self._went_inactive
        self.health.ok(DEVICE)

    def _went_active(self) -> None:
        t = self.clock.now()
        with self._lock:
            self._active_since = t
            onset = self.filter.edge(True, t)
            if onset is not None:
                self._onsets.append(onset)
        if onset is not None and self.on_onset is not None:
            self.on_onset(onset)

    def _went_inactive(self) -> None:
        with self._lock:
            self._active_since = None
            self.filter.edge(False, self.clock.now())

    def onsets(self) -> list[float]:
        """Knock onset times (clock seconds) since the last call, oldest first."""
        self.check()
        with self._lock:
            onsets, self._onsets = self._onsets, []
        return onsets

    def check(self) -> None:
        """A Health warning while the output has been low for ``stuck_after`` seconds."""
        with self._lock:
            since = self._active_since
        held = since is not None and self.clock.now() - since >= self.stuck_after
        if held and not self._stuck:
            self._stuck = True
            self.health.fail(DEVICE, f"the knock module on GPIO{self.gpio} holds its output low: "
                                     "turn its trimmer down (or check its wiring)")
        elif not held and self._stuck:
            self._stuck = False
            self.health.ok(DEVICE)

    def close(self) -> None:
        try:
            self.device.close()
        except Exception:  # closing must never fail the caller
            pass


class NoKnockModule:
    """No module fitted, or one that could not be opened: never any onset."""

    gpio = None

    def onsets(self) -> list[float]:
        return []

    def check(self) -> None:
        pass

    def close(self) -> None:
        pass


def open_knock_module(pins: Any, pin_factory: Any = None, clock: Clock | None = None, health: Health | None = None,
                      **options: Any) -> KnockModule | NoKnockModule:
    """The module on the pin map's ``knock_module`` pin; :class:`NoKnockModule` when the
    map has none, or (with a Health warning) when the pin cannot be opened."""
    gpio = getattr(pins, "knock_module", None)
    if gpio is None:
        return NoKnockModule()
    health = health if health is not None else Health()
    try:
        return KnockModule(gpio, pin_factory, clock, health, **options)
    except Exception as error:  # any gpiozero or pin-library fault: the game goes on without it
        health.fail(DEVICE, f"GPIO{gpio} for the knock module could not be opened ({str(error) or type(error).__name__})")
        return NoKnockModule()
