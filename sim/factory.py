"""The simulated box's parts, handed to the same drivers as the Pi's
(:class:`firmware_py.factory.DeviceFactory`): gpiozero's mock pins, the fake ADS1115 on a
fake I2C bus fed by the synthetic piezo, a pixel buffer for the strip, square waves for the
buzzer, and the piezo straight into the detector for the desktop app."""

from __future__ import annotations

from typing import Any

from firmware_py.clock import Clock
from firmware_py.health import Health
from firmware_py.knock.ads1115 import AdcBus, AdcSettings
from firmware_py.pentagram.backends import DEVICE as STRIP, check_driver
from sim.ads1115 import FakeADS1115, live_source
from sim.buzzer import SimBuzzer
from sim.knock import SimulatedPiezo
from sim.pins import mock_factory
from sim.strip import SimBackend

TRAFFIC_KEPT = 256  # the fake chip's transfers kept: enough to look at, bounded for a long evening


class SimFactory:
    """``knock_source`` is the signal the fake ADC converts (default: the live simulated
    piezo, which ``knock()``s)."""

    simulated = True

    def __init__(self, pin_factory: Any = None, knock_source: Any = None) -> None:
        self.pin_factory = pin_factory if pin_factory is not None else mock_factory()
        self.knock_source = knock_source

    def camera(self, spec: str | None) -> Any:
        """The virtual camera for "virtual" (or none given), else what ``spec`` names."""
        if spec in (None, "", "auto", "virtual") or str(spec).startswith("virtual:"):
            from sim.virtual_camera import VirtualTableSource

            style = str(spec).partition(":")[2] if spec and ":" in str(spec) else "classic"
            return VirtualTableSource(style)
        from firmware_py.camera import open_camera

        return open_camera(spec)

    def virtual_deck(self, style: str, folder: Any) -> None:
        """The virtual camera's deck photos, for the reader to be taught from."""
        from sim.virtual_camera import virtual_deck

        virtual_deck(style, folder)

    def buzzer(self, pins: Any, clock: Clock, health: Health) -> SimBuzzer:
        return SimBuzzer(clock, health)

    def strip(self, pins: Any, count: int, health: Health) -> SimBackend:
        check_driver(pins.pentagram_driver)
        health.ok(STRIP)
        return SimBackend(count)

    def adc_bus(self, pins: Any, clock: Clock, settings: AdcSettings) -> AdcBus:
        source = self.knock_source if self.knock_source is not None else live_source(settings.rate)
        chip = FakeADS1115(source, clock, address=pins.adc_address, factory=self.pin_factory,
                           alert_rdy=pins.adc_alert_rdy, record=TRAFFIC_KEPT)
        return AdcBus(chip, chip.pass_time, chip.source)

    def piezo(self, clock: Clock, settings: Any) -> SimulatedPiezo:
        return SimulatedPiezo(clock, settings)
