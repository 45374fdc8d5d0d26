"""Zero-tap ESP (issue #15): a game played on the desktop with the virtual camera — every
card laid on the virtual table, as a player's hand would lay it, read by the camera's process
and entered by the screen; no card is tapped.  Predictions are tapped (they are words, not
cards); the first bid of a round may ask whose it is (bids come in any order).

It plays the whole game, 52 cards (PLANCHETTE_CAMERA_ROUNDS=1 plays the first round only)."""

from __future__ import annotations

import functools
import os
import random
import time

import pytest

from companion.games.esp import ESP
from companion.ui.games.esp_camera import lay_played, table
from companion.vision.process import CameraSpec
from firmware_py.factory import choose
from tests.ui_driver import make_app, open_match, tap

pytest.importorskip("cv2")

CARD_ACTS = ("vision", "play", "bid")
WAIT = 30.0  # s of real time a card may take to be read (the camera's process, on a busy machine)
ROUNDS = int(os.environ.get("PLANCHETTE_CAMERA_ROUNDS", "4"))


@pytest.fixture(scope="module")
def deck():
    from tests.camera_corpus import cached_decks

    return str(cached_decks()["classic"])


def camera_app(tmp_path, deck):
    spec = CameraSpec(source="virtual", deck=deck, fps=30.0, factory=functools.partial(choose, True))
    app = make_app(tmp_path)
    app.close()  # (make_app's own app: the camera's is opened below on the same files)
    from companion.ui.app import App
    from firmware_py.box import Box

    box = Box.open(simulate=True, clock=app.clock, direct_sim=True)
    return App((800, 480), clock=app.clock, box=box, journal_path=tmp_path / "journal.sqlite3",
               settings_path=tmp_path / "settings.json", side_panel=False, camera=spec)


def wait_for_entry(app, count: int, laid: dict, table_laid: list[str]) -> list[str]:
    """Step the app (waiting on the camera's pipe) until an action beyond ``count`` is entered;
    the questions asked meanwhile, each answered as the table would: one tap on Yes when the
    card asked about is the one laid, one tap on the right card when it is offered, else No —
    and the card picked up and laid down again for another look."""
    asked = []
    deadline = time.monotonic() + WAIT
    while len(app.match.match.actions) <= count:
        assert time.monotonic() < deadline, f"no card was read: {app.banner and app.banner.text}"
        app.camera.readable(0.05)
        app.step()
        question = app.screen.seen.question()
        if question is not None:
            asked.append(f"{app.screen.seen.prompt()} ({question.why}; laid {laid['card']})")
            if question.card == laid["card"]:
                tap(app, ("seen-yes", laid.get("seat") if len(question.actions) > 1 else None))
            elif laid["card"] in question.alternatives:
                tap(app, ("seen-card", laid["card"]))
            else:
                tap(app, ("seen-no", None))
                app.camera.lay(table_laid[:-1])
                app.camera.wait(1.0, lambda: False)
                app.camera.lay(table_laid)
    return asked


@pytest.mark.slow
def test_esp_is_read_from_the_virtual_table_without_a_card_tapped(tmp_path, deck):
    app = camera_app(tmp_path, deck)
    rng = random.Random(15)
    try:
        assert app.camera.wait_for(lambda: app.camera.ready, WAIT), app.box.warnings()
        open_match(app, ESP, {"game": "esp", "players": ["Ann", "Bo"]})
        laid, questions = [], []
        while not ESP.is_over(app.match.state):
            app.step()
            if app.screen.view["round"] > ROUNDS:
                break
            owed = app.screen.view["next"]
            legal = [a for a in app.screen.all_legal() if a["act"] == owed["act"]
                     and a.get("seat") == owed.get("seat")]
            if owed["act"] == "predict":
                tap(app, ("claim", rng.choice(legal)["claim"]))
                continue
            assert owed["act"] in CARD_ACTS
            action = rng.choice(legal)
            count = len(app.match.match.actions)
            on_table = table(app.screen.view, action)
            lay_played(app.camera, app.screen.view, action)  # the player's hand puts the card down
            laid.append(action)
            questions += wait_for_entry(app, count, action, on_table)
            entered = app.match.match.actions[count]
            assert entered == action, f"the camera entered {entered}, the table laid {action}"
        assert len(laid) == ROUNDS * (1 + 5 * 2 + 2)  # a round: the Vision Card, five tricks, two bids
        assert ESP.is_over(app.match.state) == (ROUNDS == 4)
        misread = [q for q in questions if not q.startswith("Whose bid")]
        assert len(misread) <= max(1, len(laid) // 10), questions  # it asks seldom, never enters a wrong card
    finally:
        app.close()
    assert not app.camera.alive


def test_a_fitted_camera_opens_the_virtual_camera_in_the_simulation(tmp_path):
    from companion.settings import Settings, save
    from firmware_py.box import Fitted

    save(Settings(fitted=Fitted(camera=True)), tmp_path / "settings.json")
    app = make_app(tmp_path)
    try:
        assert app.camera is not None and app.camera.spec.source == "virtual"
        assert app.camera.wait_for(lambda: app.camera.ready, WAIT), app.box.warnings()
        # a picture of the table is kept only when asked for, from the warnings screen
        from companion.ui import shell

        app.show(shell.WarningsScreen(app, shell.HomeScreen(app)))
        tap(app, "capture")
        deadline = time.monotonic() + WAIT
        while not (app.banner and app.banner.text.startswith("The camera's picture is saved")):
            assert time.monotonic() < deadline, app.banner and app.banner.text
            app.camera.readable(0.05)
            app.step()
        (kept,) = (tmp_path / "captures").iterdir()
        assert kept.suffix == ".jpg" and kept.stat().st_size > 10_000
    finally:
        app.close()
    assert not app.camera.alive


def test_a_camera_that_cannot_open_is_a_warning_and_the_taps_still_work(tmp_path):
    from companion.ui.app import App
    from firmware_py.box import Box
    from firmware_py.clock import ManualClock

    clock = ManualClock(1000.0)
    spec = CameraSpec(source=str(tmp_path / "no-such-camera"), deck=str(tmp_path), factory=functools.partial(choose, True))
    app = App((800, 480), clock=clock, box=Box.open(simulate=True, clock=clock, direct_sim=True),
              journal_path=tmp_path / "journal.sqlite3", settings_path=tmp_path / "settings.json", camera=spec)
    try:
        deadline = time.monotonic() + WAIT
        while not any(w.startswith("camera:") for w in app.box.warnings()):
            assert time.monotonic() < deadline, app.box.warnings()
            app.camera.readable(0.05)
            app.step()
        (warning,) = [w for w in app.box.warnings() if w.startswith("camera:")]
        assert "no such file, folder or camera" in warning and "tap them in" in warning
        open_match(app, ESP, {"game": "esp", "players": ["Ann", "Bo"]})
        tap(app, ("claim", "star"))  # the screen goes on as without a camera
        assert app.match.match.actions[-1] == {"act": "predict", "seat": 0, "claim": "star"}
    finally:
        app.close()
    assert not app.camera.alive


def test_a_camera_unplugged_mid_game_is_a_warning_and_its_process_is_started_again(tmp_path, deck):
    from companion.vision.process import CameraProcess
    from firmware_py.clock import ManualClock
    from firmware_py.health import Health
    from tests.camera_faults import loose_factory

    clock, health = ManualClock(0.0), Health()
    camera = CameraProcess(CameraSpec(source="0", deck=deck, factory=loose_factory), health, clock)
    try:
        assert camera.wait_for(lambda: not camera.alive and camera.starts == 1 and camera.ready, WAIT)
        camera.wait_for(lambda: camera._restart_at is not None, WAIT)
        (status,) = [s for s in health.devices.values() if s.name == "camera"]
        assert not status.ok and "stopped giving pictures: is it still plugged in?" in status.message
        assert "starting it again in 2 s" in status.message
        clock.advance(2.0)
        assert camera.wait_for(lambda: camera.starts == 2, WAIT)  # started again after its pause
    finally:
        camera.close()
    assert not camera.alive


def test_a_recording_that_has_ended_still_answers_a_capture(tmp_path, deck):
    import cv2
    import numpy as np

    from companion.vision.process import CameraProcess

    (tmp_path / "scenes").mkdir()
    cv2.imwrite(str(tmp_path / "scenes" / "000.png"), np.full((72, 128, 3), 90, np.uint8))
    camera = CameraProcess(CameraSpec(source=str(tmp_path / "scenes"), deck=deck,
                                      factory=functools.partial(choose, True)))
    try:
        assert camera.wait_for(lambda: camera.ended, WAIT)
        camera.capture(str(tmp_path / "kept.jpg"))
        assert camera.wait_for(lambda: camera.captured is not None, WAIT)
        assert camera.captured == "the recording has no more frames to capture"
    finally:
        camera.close()
    assert not camera.alive
