"""The one choice between the real box and the simulation, made once and handed to every
device, as gpiozero hands its ``Device.pin_factory`` to every device it makes.

A device factory gives each driver what it stands on — gpiozero's pins (the buttons, the
knock module, the ADC's ALERT/RDY line, a wired buzzer), the LED strip, the knock sensor's
I2C bus, the buzzer — so no driver asks whether it is simulated.  :class:`HardwareFactory`
opens the Pi's parts; ``sim.factory.SimFactory`` puts the simulated ones on the bus side
(mock pins, a fake ADS1115, a pixel buffer, square waves).  :func:`choose` is the one place
that picks, and the one module of ``firmware_py`` that imports ``sim`` — only when the
simulation is asked for (the import contract in ``pyproject.toml`` holds it to that).
"""

from __future__ import annotations

from typing import Any, Protocol

from firmware_py.buzzer import BuzzerBase, open_buzzer
from firmware_py.clock import Clock
from firmware_py.gpio import is_raspberry_pi
from firmware_py.health import Health
from firmware_py.knock.ads1115 import AdcBus, AdcSettings, open_bus
from firmware_py.pentagram.backends import Backend, open_backend


class DeviceFactory(Protocol):
    """What every device of the box is opened on."""

    simulated: bool
    pin_factory: Any
    """gpiozero's pin factory for every gpiozero device (None: gpiozero's own, lgpio on a Pi 5)."""

    def buzzer(self, pins: Any, clock: Clock, health: Health) -> BuzzerBase:
        """The buzzer the pin map describes (a warning and a silent one if it cannot start)."""

    def strip(self, pins: Any, count: int, health: Health) -> Backend:
        """The pentagram's LED strip of ``count`` LEDs, as the pin map's driver says."""

    def adc_bus(self, pins: Any, clock: Clock, settings: AdcSettings) -> AdcBus:
        """The knock sensor's I2C bus; raises ``ADCNotFound`` with a sentence."""

    def piezo(self, clock: Clock, settings: Any) -> Any | None:
        """A knock sensor without a chip (the desktop simulation's piezo straight into the
        detector), or None where knocks come only through the ADC."""

    def camera(self, spec: str | None) -> Any:
        """The camera above the table (``firmware_py.camera.FrameSource``) that ``--camera
        SPEC`` names; raises ``CameraError`` with a sentence."""


class HardwareFactory:
    """The Raspberry Pi's own parts."""

    simulated = False

    def __init__(self, pin_factory: Any = None) -> None:
        self.pin_factory = pin_factory

    def buzzer(self, pins: Any, clock: Clock, health: Health) -> BuzzerBase:
        return open_buzzer(pins, health, clock, pin_factory=self.pin_factory)

    def strip(self, pins: Any, count: int, health: Health) -> Backend:
        return open_backend(pins.pentagram_driver, count, health, pin=pins.pentagram_data)

    def adc_bus(self, pins: Any, clock: Clock, settings: AdcSettings) -> AdcBus:
        return open_bus(pins.i2c_bus)

    def piezo(self, clock: Clock, settings: Any) -> None:
        return None

    def camera(self, spec: str | None) -> Any:
        from firmware_py.camera import open_camera

        return open_camera(spec)


def choose(simulate: bool | None = None) -> DeviceFactory:
    """The simulation when asked for (the default off a Raspberry Pi), else the Pi's parts."""
    if simulate is None:
        simulate = not is_raspberry_pi()
    if not simulate:
        return HardwareFactory()
    from sim.factory import SimFactory  # the one import of the simulation from here

    return SimFactory()
