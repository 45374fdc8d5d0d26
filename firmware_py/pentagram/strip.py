"""The pentagram driver: a scene in, LEDs lit — layout, scene, gamma, brightness, the
current limiter and a backend, with faults reported to :class:`Health`.

    pentagram = Pentagram.open(factory, health=health, clock=clock)   # from the pin map
    pentagram.render(SeanceScene(planchette=2), clock.now())  # each frame of the app loop

The strip itself comes from the device factory (:mod:`firmware_py.factory`: the real
strip or the simulation's pixel buffer).  A strip that is missing at start is a warning and
the null backend (see :func:`backends.open_backend`).  A write that fails mid-game is one warning — not one
per frame — and the driver keeps computing frames but does not touch the strip again
until ``retry_seconds`` later on the injected clock; the first write that works
clears the warning.  Nothing here raises into the game for a hardware fault.
"""

from __future__ import annotations

from pathlib import Path
from typing import Sequence

from firmware_py.clock import Clock, SystemClock
from firmware_py.health import Health, describe
from firmware_py.pentagram.backends import DEVICE, Backend
from firmware_py.pentagram.color import (
    DEFAULT_BUDGET_MA, GAMMA8, Colour, Limited, Power, check_brightness, prepare,
)
from firmware_py.pentagram.layout import DEFAULT_PATH, Layout
from firmware_py.pentagram.scenes import Scene, render


class Pentagram:
    def __init__(
        self,
        layout: Layout,
        backend: Backend,
        health: Health | None = None,
        clock: Clock | None = None,
        brightness: float = 1.0,
        budget_ma: float = DEFAULT_BUDGET_MA,
        retry_seconds: float = 5.0,
    ) -> None:
        if backend.count != layout.count:
            raise ValueError(f"the backend drives {backend.count} LEDs but the layout has {layout.count}")
        self.layout = layout
        self.backend = backend
        self.health = health if health is not None else Health()
        self.clock = clock if clock is not None else SystemClock()
        self.brightness = check_brightness(brightness)
        self.power = Power(budget_ma=budget_ma)
        self.retry_seconds = retry_seconds
        self.last: Limited | None = None  # what was last computed (sent or not)
        self.failing = False
        self._retry_at = 0.0

    @classmethod
    def open(
        cls,
        factory,
        pins=None,
        health: Health | None = None,
        clock: Clock | None = None,
        circle: bool = False,
        layout_path: str | Path = DEFAULT_PATH,
        **settings,
    ) -> "Pentagram":
        """The pentagram wired as the pin map says (``wiring/pins.toml`` by default), its
        strip from ``factory`` (a :class:`firmware_py.factory.DeviceFactory`).  Raises
        LayoutError/PinMapError for a bad file: those are the builder's to fix."""
        from firmware_py import pins as pin_map  # noqa: PLC0415

        pins = pins if pins is not None else pin_map.load()
        health = health if health is not None else Health()
        layout = Layout.load(layout_path, circle=circle)
        backend = factory.strip(pins, layout.count, health)
        return cls(layout, backend, health, clock, **settings)

    @property
    def count(self) -> int:
        return self.layout.count

    # -- settings ------------------------------------------------------------------------
    def set_brightness(self, brightness: float) -> None:
        """The master brightness, 0–1 (a user setting), applied after gamma."""
        self.brightness = check_brightness(brightness)

    def set_budget_ma(self, budget_ma: float) -> None:
        """The current budget for the LEDs in mA (2000 by default for a 5 V 4 A supply)."""
        self.power = Power(budget_ma=budget_ma, ma_per_channel=self.power.ma_per_channel, idle_ma=self.power.idle_ma)

    # -- frames --------------------------------------------------------------------------
    def render(self, scene: Scene, t: float | None = None) -> Limited:
        """Show ``scene`` as it looks at ``t`` (the clock's now by default)."""
        return self.show(render(self.layout, scene, self.clock.now() if t is None else t))

    def show(self, frame: Sequence[Colour]) -> Limited:
        """Gamma, brightness and the limiter on a scene frame, then send it (unless the
        strip is failing and its retry time has not come)."""
        if len(frame) != self.layout.count:
            raise ValueError(f"a frame for this pentagram has {self.layout.count} colours, not {len(frame)}")
        limited = prepare(frame, self.power, self.brightness, GAMMA8)
        self.last = limited
        self._send(limited.frame)
        return limited

    def close(self) -> None:
        try:
            self.backend.close()
        except Exception as error:  # the strip may already be gone
            self.health.fail(DEVICE, f"the LED strip did not blank on close ({describe(error)})")

    def _send(self, frame) -> None:
        now = self.clock.now()
        if self.failing and now < self._retry_at:
            return
        try:
            self.backend.write(frame)
        except Exception as error:  # a strip fault must never stop the game
            if not self.failing:
                self.health.fail(DEVICE, f"the LED strip stopped taking frames ({describe(error)}); "
                                         f"retrying every {self.retry_seconds:g} s")
            self.failing = True
            self._retry_at = now + self.retry_seconds
            return
        if self.failing:
            self.failing = False
            self.health.ok(DEVICE)
