"""Shared test set-up: headless pygame, and the project root on the path."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def _text_record():
    """Screen tests read what was drawn (widgets.TEXT_LOG); the app itself never records it."""
    from companion.ui.widgets import recording_text

    with recording_text():
        yield


@pytest.fixture(scope="session", autouse=True)
def _mixer_started_once():
    """Each app's simulated buzzer starts pygame's mixer when nobody has, and stops it on
    close: 50 ms waiting for SDL's audio thread each time, and a run opens hundreds of apps.
    Started here once, in the format the buzzer asks for, every buzzer finds it running and
    leaves it so (tests/test_buzzer.py fakes the mixer, or stops this one, where it matters)."""
    try:
        import pygame.mixer

        from sim.buzzer import SIM_CHANNELS, SIM_RATE, SIM_SIZE

        if not pygame.mixer.get_init():
            pygame.mixer.init(frequency=SIM_RATE, size=SIM_SIZE, channels=SIM_CHANNELS, buffer=512)
    except (ImportError, RuntimeError):  # no pygame, or no audio: each buzzer says so itself
        pass
    yield
