"""gpiozero's mock pins, and driving them the way fingers and wires would."""

from __future__ import annotations


def mock_factory():
    """gpiozero's mock pins, with PWM so TonalBuzzer and PWM LEDs work on them."""
    from gpiozero.pins.mock import MockFactory, MockPWMPin

    return MockFactory(pin_class=MockPWMPin)


def press(factory, gpio: int) -> None:
    """A button between the pin and ground, pressed (the pull-up pulls it high)."""
    factory.pin(gpio).drive_low()


def release(factory, gpio: int) -> None:
    factory.pin(gpio).drive_high()


def pulse_low(factory, gpio: int) -> None:
    """A short active-low pulse, as the ADS1115's ALERT/RDY or a knock module gives."""
    pin = factory.pin(gpio)
    pin.drive_low()
    pin.drive_high()
