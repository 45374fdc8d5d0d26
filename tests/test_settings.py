"""The settings file: read back what was saved; a bad file is a sentence and the
defaults, never a traceback."""

import json

import pytest

from companion.settings import Settings, load, save
from firmware_py.box import Fitted


def test_saved_settings_load_back(tmp_path):
    path = tmp_path / "settings.json"
    wanted = Settings(brightness=0.3, volume=0.0, fitted=Fitted(circle=True, knock="module", camera=True),
                      deck="/home/pi/our-deck")
    save(wanted, path)
    assert load(path) == (wanted, None)


def test_the_taught_deck_is_beside_the_settings_unless_they_name_one(tmp_path):
    from companion.settings import deck_folder

    assert deck_folder(Settings(), tmp_path / "settings.json") == tmp_path / "deck"
    assert deck_folder(Settings(deck="~/zener"), tmp_path / "settings.json").name == "zener"


def test_no_file_means_the_defaults(tmp_path):
    assert load(tmp_path / "none.json") == (Settings(), None)


@pytest.mark.parametrize("text, words", [
    ("{not json", "is not JSON (line 1, column 2"),
    ('{"brightness": 2}', "brightness must be a number from 0 to 1"),
    ('{"volume": "loud"}', "volume must be a number from 0 to 1"),
    ('{"fitted": {"knock": "microphone"}}', "fitted.knock must be one of adc, module, none"),
    ('{"fitted": {"buzzer": "yes"}}', "fitted.buzzer must be true or false"),
    ('{"fitted": {"camera": 1}}', "fitted.camera must be true or false"),
    ('{"deck": 7}', "deck must be the path of a deck folder"),
    ('[1, 2]', "must hold a JSON object"),
])
def test_a_bad_file_is_a_sentence_and_the_defaults(tmp_path, text, words):
    path = tmp_path / "settings.json"
    path.write_text(text)
    settings, warning = load(path)
    assert settings == Settings()
    assert words in warning and str(path) in warning


def test_a_bad_settings_file_is_a_banner_in_the_app(tmp_path):
    from tests.ui_driver import make_app

    (tmp_path / "settings.json").write_text('{"brightness": -1}')
    app = make_app(tmp_path)
    try:
        assert "brightness must be a number from 0 to 1" in app.banner.text
    finally:
        app.close()


def test_the_settings_screen_changes_and_saves(tmp_path):
    from tests.ui_driver import make_app, tap

    app = make_app(tmp_path)
    try:
        tap(app, "settings")
        tap(app, ("brightness", -0.1))
        tap(app, ("knock", "module"))
        saved = json.loads((tmp_path / "settings.json").read_text())
        assert saved["brightness"] == 0.5 and saved["fitted"]["knock"] == "module"
        assert app.box.pentagram.brightness == 0.5
    finally:
        app.close()


def test_the_knock_is_calibrated_on_screen_and_used_at_once(tmp_path, monkeypatch):
    """Stay quiet, knock once, knock twice on the simulated piezo: the settings are saved
    beside the journal and the live detector uses them."""
    from firmware_py.knock.calibrate import load as load_knock
    from tests.ui_driver import advance, make_app, tap

    monkeypatch.setenv("PLANCHETTE_KNOCK_SETTINGS", str(tmp_path / "knock.json"))
    app = make_app(tmp_path)
    try:
        tap(app, "settings")
        tap(app, "calibrate")
        tap(app, "start")
        advance(app, 3.2)  # the quiet take
        advance(app, 1.0)
        app.box.knock_now(0.9)
        advance(app, 3.2)  # the "once" take ends
        advance(app, 1.0)
        app.box.knock_now(0.9)
        advance(app, 0.25)
        app.box.knock_now(0.9)
        advance(app, 3.5)
        assert app.screen.result.startswith("Calibrated"), app.screen.result
        saved = load_knock()
        assert saved is not None and app.box.knock.detector.settings == saved
    finally:
        app.close()


def test_a_calibration_without_knocks_is_refused_in_a_sentence(tmp_path, monkeypatch):
    from tests.ui_driver import advance, make_app, tap

    monkeypatch.setenv("PLANCHETTE_KNOCK_SETTINGS", str(tmp_path / "knock.json"))
    app = make_app(tmp_path)
    try:
        tap(app, "settings")
        tap(app, "calibrate")
        tap(app, "start")
        advance(app, 11.5)
        assert app.screen.failed and "no knock could be told from the quiet" in app.screen.result
        assert not (tmp_path / "knock.json").exists()
        tap(app, "Try again")
    finally:
        app.close()
