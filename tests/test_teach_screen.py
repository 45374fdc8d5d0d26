"""Teaching the camera the deck, end to end (issue #15): from the settings screen, the camera's
process asks for each of the 26 cards, the desktop's virtual camera shows each (as a player's
hand would lay it), the photos land in the deck folder beside the settings, and the camera
then reads cards with the deck just taught."""

from __future__ import annotations

import time

import pytest

from companion.vision.teach import CARDS
from tests.test_esp_camera_screen import WAIT, camera_app
from tests.ui_driver import tap

pytest.importorskip("cv2")


@pytest.fixture(scope="module")
def deck():
    from tests.camera_corpus import cached_decks

    return str(cached_decks()["classic"])


@pytest.mark.slow
def test_the_deck_is_taught_from_the_settings_screen_and_read_with_at_once(tmp_path, deck):
    from companion.ui import shell

    app = camera_app(tmp_path, deck)
    try:
        assert app.camera.wait_for(lambda: app.camera.ready, WAIT), app.box.warnings()
        app.show(shell.SettingsScreen(app, shell.HomeScreen(app)))
        tap(app, "teach")
        tap(app, "start")
        teaching = app.screen.teaching
        deadline = time.monotonic() + 26 * WAIT
        while not teaching.done:
            assert time.monotonic() < deadline, teaching.said[-3:]
            app.camera.readable(0.05)
            app.step()
        assert (teaching.taught, teaching.missing, teaching.problem) == (list(CARDS), [], "")
        app.step()
        assert app.camera.laid == []  # the last card photographed (the back) is taken away too
        assert sorted(p.name for p in (tmp_path / "deck").iterdir()) == sorted(
            f"{card.replace(' ', '-')}.jpg" for card in CARDS)
        app.camera.lay(["2 cross"])  # the camera now reads with the deck just taught
        seen, deadline = [], time.monotonic() + WAIT
        while "2 cross" not in [getattr(e, "card", None) for e in seen] and time.monotonic() < deadline:
            seen += app.camera.wait(1.0)
        assert "2 cross" in [getattr(e, "card", None) for e in seen], seen
        tap(app, "back")
        assert isinstance(app.screen, shell.SettingsScreen)
    finally:
        app.close()
