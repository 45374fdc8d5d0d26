"""The settings file: read back what was saved; a bad file is a sentence and the
defaults, never a traceback."""

import json

import pytest

from companion.settings import Settings, load, save
from firmware_py.box import Fitted


def test_saved_settings_load_back(tmp_path):
    path = tmp_path / "settings.json"
    wanted = Settings(brightness=0.3, volume=0.0, fitted=Fitted(circle=True, knock="module"))
    save(wanted, path)
    assert load(path) == (wanted, None)


def test_no_file_means_the_defaults(tmp_path):
    assert load(tmp_path / "none.json") == (Settings(), None)


@pytest.mark.parametrize("text, words", [
    ("{not json", "not usable"),
    ('{"brightness": 2}', "brightness must be a number from 0 to 1"),
    ('{"volume": "loud"}', "volume must be a number from 0 to 1"),
    ('{"fitted": {"knock": "microphone"}}', "fitted.knock must be one of adc, module, none"),
    ('{"fitted": {"buzzer": "yes"}}', "fitted.buzzer must be true or false"),
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
