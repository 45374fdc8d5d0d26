"""Choosing gpiozero's pin factory: the real pins on a Raspberry Pi, gpiozero's
``MockFactory`` everywhere else (and whenever the simulation is asked for)."""

from __future__ import annotations

from pathlib import Path

MODEL_FILE = Path("/proc/device-tree/model")


def board_model() -> str:
    try:
        return MODEL_FILE.read_bytes().rstrip(b"\0").decode("ascii", "replace")
    except OSError:
        return ""


def is_raspberry_pi() -> bool:
    return "Raspberry Pi" in board_model()


def mock_factory():
    """gpiozero's mock pins, with PWM so TonalBuzzer and PWM LEDs work on them."""
    from gpiozero.pins.mock import MockFactory, MockPWMPin

    return MockFactory(pin_class=MockPWMPin)


def pin_factory(simulate: bool | None = None):
    """The factory to hand every gpiozero device: mock pins when simulating (the
    default off a Pi), else None so gpiozero picks the Pi's own (lgpio on a Pi 5)."""
    if simulate is None:
        simulate = not is_raspberry_pi()
    return mock_factory() if simulate else None
