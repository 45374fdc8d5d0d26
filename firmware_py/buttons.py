"""The yes, no and undo buttons, debounced in our own code.

A push button bounces: for a few milliseconds after it is pressed or released
its contacts chatter, and the pin flips several times.  gpiozero's
``bounce_time`` would hide that on a real Pi, but its mock pins ignore it (and
its behaviour differs between pin factories), so every level change goes
through our :class:`Debouncer` instead: a press counts once the pin has stayed
pressed for ``stable_time`` (30 ms by default), and the button must stay
released as long before it can be pressed again.

:class:`Buttons` reads each button as a gpiozero ``DigitalInputDevice`` with its
pull-up (pressed pulls the pin low: active) — not a ``Button``, whose thread for
"held" events wakes ten times a second for nothing the box uses — and feeds the
debouncers from its ``when_activated`` / ``when_deactivated`` callbacks (with the
injected clock's time of the callback; they fire synchronously on mock pins and
from gpiozero's own thread on a Pi), and also samples ``is_active`` at each
:meth:`Buttons.poll`, so an edge the callbacks missed is still seen.  Both go through the debouncer, which takes
levels: seeing the same level twice changes nothing.  The simulation's keys
(Y, N, U, mapped by the app) come in through :meth:`Buttons.inject`.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass

from firmware_py.clock import Clock
from firmware_py.health import Health, describe

NAMES = ("yes", "no", "undo")
#: the default stable time: long enough for a tactile switch's chatter, short
#: enough that a quick double press (about 100 ms apart) is two presses
STABLE_TIME = 0.030
#: float rounding in times is not a level change lasting that long
_EPSILON = 1e-9


@dataclass(frozen=True)
class Press:
    """A clean press of button ``name``.  ``t``: the clock time the pin went
    pressed and stayed pressed (it is reported ``stable_time`` later)."""

    name: str
    t: float


class Debouncer:
    """Raw level changes with times in, clean press times out.  Pure: no clock,
    no pins; :meth:`feed` the raw level whenever it may have changed, call
    :meth:`update` with the time now."""

    def __init__(self, stable_time: float = STABLE_TIME, pressed: bool = False) -> None:
        if not stable_time > 0:
            raise ValueError(f"a debouncer needs a stable time above 0 seconds, not {stable_time!r}")
        self.stable_time = stable_time
        self.level = pressed  # the clean level
        self._raw = pressed  # the last raw level seen
        self._since: float | None = None  # when the raw level left the clean one (None: it has not)
        self._last = float("-inf")  # the latest time seen (times never run backwards here)
        self._presses: list[float] = []

    def feed(self, pressed: bool, t: float) -> None:
        """The pin's raw level at time ``t`` (a time earlier than one already seen,
        as a callback from another thread may bring, counts as that later time)."""
        t = self._settle(t)
        pressed = bool(pressed)
        if pressed == self._raw:
            return
        self._raw = pressed
        self._since = None if pressed == self.level else t

    def update(self, now: float) -> list[float]:
        """The press times confirmed by ``now`` and not returned before."""
        self._settle(now)
        presses, self._presses = self._presses, []
        return presses

    def _settle(self, t: float) -> float:
        t = max(t, self._last)
        self._last = t
        if self._since is not None and t - self._since >= self.stable_time - _EPSILON:
            self.level = self._raw
            if self.level:
                self._presses.append(self._since)
            self._since = None
        return t


class Buttons:
    """The three buttons of the pin map on gpiozero (``pin_factory``: the device factory's
    pins, mock pins in the simulation, None for the Pi's own).  A button that cannot
    be created is a warning on the health board; the others work, and its key
    in the simulation still does."""

    def __init__(self, pins, pin_factory, clock: Clock, health: Health | None = None,
                 stable_time: float = STABLE_TIME, sample: bool = True) -> None:
        self.clock = clock
        self.health = health if health is not None else Health()
        self.stable_time = stable_time
        self.sample = sample  # also read is_active at each poll
        self.devices: dict[str, object] = {}
        self._pins = {"yes": pins.button_yes, "no": pins.button_no, "undo": pins.button_undo}
        self._lock = threading.Lock()  # gpiozero calls back from its own thread on a Pi
        self._debouncers: dict[tuple[str, str], Debouncer] = {}
        self._releases: list[tuple[float, str]] = []  # injected key taps still to be let go
        for name in NAMES:
            self._debouncers[(name, "key")] = Debouncer(stable_time)
            self._open(name, self._pins[name], pin_factory)

    def _open(self, name: str, pin: int, pin_factory) -> None:
        device_name = f"{name} button"
        try:
            # a plain input, not gpiozero's Button: a Button keeps a thread for "held" events
            # (which the box does not use) waking ten times a second, and its close waits for it
            from gpiozero import DigitalInputDevice

            button = DigitalInputDevice(pin, pull_up=True, bounce_time=None, pin_factory=pin_factory)
            pressed = bool(button.is_active)
        except Exception as error:  # gpiozero missing, no pin factory, pin busy, not a Pi ...
            self.health.fail(device_name, f"cannot read GPIO{pin} ({describe(error)}); use the screen instead")
            return
        # a button held down at start-up is not a press until it is let go and pressed again
        self._debouncers[(name, "pin")] = Debouncer(self.stable_time, pressed=pressed)
        button.when_activated = lambda: self._edge(name, True)
        button.when_deactivated = lambda: self._edge(name, False)
        self.devices[name] = button
        self.health.ok(device_name)

    @property
    def missing(self) -> list[str]:
        """The buttons that could not be opened."""
        return [name for name in NAMES if name not in self.devices]

    def _edge(self, name: str, pressed: bool) -> None:
        with self._lock:
            self._debouncers[(name, "pin")].feed(pressed, self.clock.now())

    def inject(self, name: str, t: float | None = None) -> None:
        """A key press standing for button ``name`` at time ``t`` (default now): a
        clean tap, down at ``t`` and up two stable times later, through the same
        debouncing as the pins."""
        if name not in NAMES:
            raise ValueError(f"there is no {name!r} button; the buttons are {', '.join(NAMES)}")
        t = self.clock.now() if t is None else t
        with self._lock:
            self._let_go(t)
            self._debouncers[(name, "key")].feed(True, t)
            self._releases.append((t + 2 * self.stable_time, name))

    def poll(self) -> list[Press]:
        """The clean presses confirmed since the last poll, oldest first."""
        now = self.clock.now()
        presses: list[Press] = []
        with self._lock:
            if self.sample:
                for name, button in self.devices.items():
                    try:
                        level = bool(button.is_active)
                    except Exception as error:  # a pin read failing must not stop the game
                        self.health.fail(f"{name} button", f"reading GPIO{self._pins[name]} failed "
                                                           f"({describe(error)})")
                        continue
                    self._debouncers[(name, "pin")].feed(level, now)
            self._let_go(now)
            for (name, _source), debouncer in self._debouncers.items():
                presses.extend(Press(name, t) for t in debouncer.update(now))
        presses.sort(key=lambda press: press.t)
        return presses

    def _let_go(self, until: float) -> None:
        """Release the injected taps due by ``until``, in time order."""
        due = sorted(item for item in self._releases if item[0] <= until)
        self._releases = [item for item in self._releases if item[0] > until]
        for t, name in due:
            self._debouncers[(name, "key")].feed(False, t)

    def close(self) -> None:
        for button in self.devices.values():
            try:
                button.close()
            except Exception:  # closing a broken pin is not worth a warning
                pass
        self.devices.clear()
