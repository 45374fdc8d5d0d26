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


def pytest_collection_modifyitems(items):
    """The long tests first (marked ``slow``), the rest after in their own order: with two
    workers taking tests as they go, a long test left to the end would keep one worker busy
    while the other has nothing left."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)
