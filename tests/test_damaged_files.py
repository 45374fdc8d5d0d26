"""Damaged files and odd inputs (issue #11, section 3): whatever the box's own files hold —
``settings.json``, ``knock.json``, ``cards.json``, ``wiring/pins.toml`` — or whatever stands in
their place (a folder, a pipe, a device, a huge file), each is one sentence naming the file,
the companion falls back to safe defaults (or to the parts of the pin map that are right),
and the app starts and shows the warning."""

from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest

from companion import cardbook
from companion.cli import main
from companion.settings import Settings
from companion.settings import load as load_settings
from firmware_py.box import Box, Fitted
from firmware_py.buzzer import NullBuzzer
from firmware_py.clock import ManualClock
from firmware_py.knock.calibrate import KnockSettingsError
from firmware_py.knock.calibrate import load as load_knock
from firmware_py.knock.wav import write_wav

SMALL = 64 * 1024  # settings.json and knock.json
BOOK = cardbook.MAX_BYTES

# What goes wrong inside a JSON file, and how the sentence ends after the file's name.
CONTENT = [
    ("401 digits", '{"threshold": ' + "9" * 401 + "}", "holds a 401-digit number, longer than any value it keeps"),
    ("5000 digits", '{"volume": ' + "9" * 5000 + "}", "holds a 5,000-digit number, longer than any value it keeps"),
    ("negative digits", '{"gap": -' + "1" * 4400 + "}", "holds a 4,400-digit number, longer than any value it keeps"),
    ("deep nesting", "[" * 5000 + "]" * 5000, "nests deeper than 20 levels"),
    ("nesting under the limit of Python", '{"a": ' + "[" * 25 + "]" * 25 + "}", "nests deeper than 20 levels"),
    ("1e400", '{"volume": 1e400}', "holds a number too large to keep (1e400)"),
    ("-1e400", '{"threshold": -1e400}', "holds a number too large to keep (-1e400)"),
    ("NaN", '{"volume": NaN}', "holds NaN, which is not a number JSON allows"),
    ("-Infinity", '{"gap": -Infinity}', "holds -Infinity, which is not a number JSON allows"),
    ("bad bytes", b'{"volume": "\xff\xfe"}', "is not UTF-8 text"),
    ("empty", b"", "is empty"),
    ("blank", b" \n\t\n", "is empty"),
    ("cut short", '{"volume": 0.', "is not JSON (line 1, column 13: Expecting ',' delimiter)"),
    ("a key twice", '{"volume": 0.5, "volume": 1}', "gives 'volume' twice"),
    ("half a character", '{"volume": ["\\ud800"]}',
     "holds half of a two-part character (a \\ud800 to \\udfff escape on its own), which is not text"),
]


def _folder(path: Path) -> str:
    path.mkdir()
    return "is a folder, not a file"


def _pipe(path: Path) -> str:
    os.mkfifo(path)  # opening it to read would wait for a writer for ever
    return "is a pipe, not a file"


def _device(path: Path) -> str:
    path.symlink_to("/dev/zero")  # reading it would never end
    return "is a device, not a file"


def _giant(size: int):
    def make(path: Path) -> str:
        with open(path, "wb") as handle:
            handle.truncate(size + 1)  # sparse: the size is what is refused, nothing is read
        return f"is {size + 1:,} bytes, too large for such a file (at most {size:,})"
    return make


STAND_INS = [("a folder", _folder), ("a pipe", _pipe), ("a device", _device)]


def within(seconds: float, work):
    """``work()``'s result (or its exception); fails instead of hanging the suite if it is not
    done in ``seconds`` — a bound, not a sleep: it returns as soon as the work does."""
    done: list = []

    def run():
        try:
            done.append((work(), None))
        except Exception as error:  # handed to the test's thread
            done.append((None, error))

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(seconds)
    assert done, f"still reading after {seconds} s: it hangs"
    result, error = done[0]
    if error is not None:
        raise error
    return result


def write(path: Path, content: str | bytes) -> Path:
    (path.write_bytes if isinstance(content, bytes) else path.write_text)(content)
    return path


# -- settings.json: the defaults and a sentence ------------------------------------------------------
@pytest.mark.parametrize("content, ends", [c[1:] for c in CONTENT], ids=[c[0] for c in CONTENT])
def test_a_damaged_settings_file_is_a_sentence_and_the_defaults(tmp_path, content, ends):
    path = write(tmp_path / "settings.json", content)
    assert load_settings(path) == (Settings(), f"the settings file {path} {ends}; using the defaults")


@pytest.mark.parametrize("make", [m for _, m in STAND_INS] + [_giant(SMALL)], ids=[n for n, _ in STAND_INS] + ["huge"])
def test_whatever_stands_in_for_the_settings_file_is_a_sentence_and_never_a_hang(tmp_path, make):
    path = tmp_path / "settings.json"
    ends = make(path)
    assert within(10, lambda: load_settings(path)) == (Settings(), f"the settings file {path} {ends}; using the defaults")


@pytest.mark.parametrize("content, why", [
    ('{"brightness": true}', "brightness must be a number from 0 to 1, not True"),
    ('{"volume": 100000000000000000000000000000}', "volume must be a number from 0 to 1, not 100000000000000000000000000000"),
    ('{"volume": "' + "x" * 5000 + '"}',  # quoted as a refusal is: its ends, its length
     "volume must be a number from 0 to 1, not '" + "x" * 132 + "…" + "x" * 66 + "' (5,000 characters)"),
    ('{"fitted": {"knock": ["adc"]}}', "fitted.knock must be one of adc, module, none, not ['adc']"),
    ('{"fitted": {"buttons": 1}}', "fitted.buttons must be true or false, not 1"),
    ('{"fitted": []}', 'fitted must be an object such as {"knock": "adc"}'),
    ('"settings"', "the settings file must hold a JSON object"),
])
def test_a_settings_value_of_the_wrong_kind_is_named_briefly(tmp_path, content, why):
    path = write(tmp_path / "settings.json", content)
    assert load_settings(path) == (Settings(), f"the settings file {path} is not usable ({why}); using the defaults")


# -- knock.json: a sentence for the CLI, a warning and the defaults for the box -----------------------
@pytest.mark.parametrize("content, ends", [c[1:] for c in CONTENT], ids=[c[0] for c in CONTENT])
def test_a_damaged_knock_settings_file_is_one_sentence(tmp_path, content, ends):
    path = write(tmp_path / "knock.json", content)
    with pytest.raises(KnockSettingsError) as caught:
        load_knock(path)
    assert str(caught.value) == f"the knock settings file {path} {ends}"


@pytest.mark.parametrize("make", [m for _, m in STAND_INS] + [_giant(SMALL)], ids=[n for n, _ in STAND_INS] + ["huge"])
def test_whatever_stands_in_for_the_knock_settings_is_a_sentence_and_never_a_hang(tmp_path, make):
    path = tmp_path / "knock.json"
    ends = make(path)
    with pytest.raises(KnockSettingsError) as caught:
        within(10, lambda: load_knock(path))
    assert str(caught.value) == f"the knock settings file {path} {ends}"


@pytest.mark.parametrize("content, why", [
    ('{"threshold": true}', "threshold must be a positive number, not True"),
    ('{"gap": "0.3"}', "gap must be a positive number, not '0.3'"),
    ('{"format": "planchette-knock-settings", "settings": {"hold": [0.03]}}', "hold must be a positive number, not [0.03]"),
    ('{"format": "planchette-knock-settings", "settings": null}', "knock settings must be a JSON object"),
    ('{"' + "k" * 300 + '": 1}', "unknown knock setting(s): '" + "k" * 132 + "…" + "k" * 66 + "' (300 characters)"),
])
def test_a_knock_setting_of_the_wrong_kind_is_named_briefly(tmp_path, content, why):
    path = write(tmp_path / "knock.json", content)
    with pytest.raises(KnockSettingsError) as caught:
        load_knock(path)
    assert str(caught.value) == f"the knock settings file {path} is not usable ({why})"


@pytest.mark.parametrize("content, ends", [c[1:] for c in CONTENT[:4]], ids=[c[0] for c in CONTENT[:4]])
def test_knock_detect_with_damaged_settings_is_one_line_on_stderr(tmp_path, capsys, content, ends):
    settings = write(tmp_path / "knock.json", content)
    recording = tmp_path / "take.wav"
    write_wav(recording, 860, [0] * 860)
    assert main(["knock", "detect", str(recording), "--settings", str(settings)]) == 2
    assert capsys.readouterr() == ("", f"companion: the knock settings file {settings} {ends}\n")


@pytest.mark.parametrize("content, ends", [c[1:] for c in CONTENT[:5]], ids=[c[0] for c in CONTENT[:5]])
def test_the_box_opens_with_damaged_knock_settings_and_warns(tmp_path, monkeypatch, content, ends):
    path = write(tmp_path / "knock.json", content)
    monkeypatch.setenv("PLANCHETTE_KNOCK_SETTINGS", str(path))
    box = Box.open(simulate=True, clock=ManualClock(), listen=False)
    try:
        assert box.warnings() == [f"knock settings: the knock settings file {path} {ends}; "
                                  "using the defaults until the table is calibrated again"]
        assert box.knock.detector.settings.threshold == 8.0  # the defaults
    finally:
        box.close()


# -- cards.json: set aside (nothing lost) or left alone, with a sentence -----------------------------
@pytest.mark.parametrize("content, ends", [c[1:] for c in CONTENT], ids=[c[0] for c in CONTENT])
def test_a_damaged_card_book_is_set_aside_with_a_sentence(tmp_path, content, ends):
    path = write(tmp_path / "cards.json", content)
    assert cardbook.read(path) == ({}, f"the card book {path} {ends}; it was set aside as cards.json.bad "
                                       "and a new one started")
    aside = tmp_path / "cards.json.bad"
    assert aside.read_bytes() == (content if isinstance(content, bytes) else content.encode())


def test_a_huge_card_book_is_set_aside(tmp_path):
    path = tmp_path / "cards.json"
    ends = _giant(BOOK)(path)
    assert cardbook.read(path) == ({}, f"the card book {path} {ends}; it was set aside as cards.json.bad "
                                       "and a new one started")


@pytest.mark.parametrize("make", [m for _, m in STAND_INS], ids=[n for n, _ in STAND_INS])
def test_whatever_stands_in_for_the_card_book_is_left_alone_and_never_a_hang(tmp_path, make):
    path = tmp_path / "cards.json"
    ends = make(path)
    assert within(10, lambda: cardbook.read(path)) == (None, f"the card book {path} {ends}; it is not used")
    assert os.path.lexists(path) and not (tmp_path / "cards.json.bad").exists()


@pytest.mark.parametrize("content, why", [
    ('{"clairvoyance": {"name": "Lamp"}}', "'clairvoyance' must list card definitions, not {'name': 'Lamp'}"),
    ('{"clairvoyance": [{"name": true}]}', "every card definition under 'clairvoyance' is an object with a name, "
                                           "not {'name': True}"),
    ('{"seance-party": [' + ", ".join(['"x"'] * 1000) + "]}",
     "every card definition under 'seance-party' is an object with a name, not 'x'"),
    ('{"clairvoyance": [[[[[[1]]]]]]}', "every card definition under 'clairvoyance' is an object with a name, "
                                       "not [[[[[1]]]]]"),
])
def test_a_card_book_of_the_wrong_shape_is_set_aside_naming_the_problem_briefly(tmp_path, content, why):
    path = write(tmp_path / "cards.json", content)
    assert cardbook.read(path) == ({}, f"the card book {path} is not usable ({why}); it was set aside as "
                                       "cards.json.bad and a new one started")


# -- wiring/pins.toml: the box opens without the parts the error touches ------------------------------
def pin_map(tmp_path, monkeypatch, text: str) -> Path:
    path = tmp_path / "pins.toml"
    path.write_text(text, encoding="utf-8")
    monkeypatch.setenv("PLANCHETTE_PINS", str(path))
    return path


def committed_map(change: tuple[str, str] | None = None) -> str:
    text = (Path(__file__).resolve().parent.parent / "wiring" / "pins.toml").read_text(encoding="utf-8")
    if change:
        assert change[0] in text
        text = text.replace(*change)
    return text


def test_a_bad_buzzer_table_leaves_out_the_buzzer_only(tmp_path, monkeypatch):
    path = pin_map(tmp_path, monkeypatch, committed_map(("pin = 12", 'pin = "twelve"')))
    box = Box.open(simulate=True, clock=ManualClock(), listen=False)
    try:
        assert box.warnings() == [f"pin map [buzzer]: {path}: [buzzer] pin must be a whole number, not 'twelve'; "
                                  "the buzzer is left out until it is fixed"]
        assert isinstance(box.buzzer, NullBuzzer) and box.fitted == Fitted(buzzer=False)
        assert box.pentagram is not None and box.buttons is not None and box.knock.reader.answering is False
        box.press("yes")
        box.clock.advance(0.1)
        assert [a.name for a in box.update().answers] == ["yes"]
    finally:
        box.close()


def test_a_map_that_is_not_toml_opens_a_box_without_hardware(tmp_path, monkeypatch):
    path = pin_map(tmp_path, monkeypatch, "[buttons\nyes = 5\n")
    box = Box.open(simulate=True, clock=ManualClock(), listen=False)
    try:
        assert box.warnings() == [f"pin map: the pin map {path} is not valid TOML: Expected ']' at the end of a "
                                  "table declaration (at line 1, column 9); the box runs without its hardware "
                                  "until it is fixed"]
        assert box.fitted == Fitted(pentagram=False, buzzer=False, buttons=False, knock="none")
        assert (box.pentagram, box.buttons, box.pins) == (None, None, None)
        box.show(None)  # nothing to light, nothing to fail
        box.press("yes")
        assert box.update().answers == [] and not box.knock_now()
    finally:
        box.close()


@pytest.mark.parametrize("make, ends", [
    (lambda p: p.mkdir(), "is a folder, not a file"),
    (lambda p: os.mkfifo(p), "is a pipe, not a file"),
    (lambda p: p.write_text("[adc]\nbus = " + "9" * 5000 + "\n"), "holds a number longer than any value it keeps"),
    (lambda p: p.write_text("[adc]\nbus = " + "[" * 3000 + "]" * 3000 + "\n"), "nests deeper than 20 levels"),
    (lambda p: p.write_bytes(b"[adc]\nbus = \xff\n"), "is not UTF-8 text"),
    (lambda p: p.write_bytes(b"#" * 70_000), "is 70,000 bytes, too large for such a file (at most 65,536)"),
])
def test_a_pin_map_that_cannot_be_read_at_all_is_one_warning(tmp_path, monkeypatch, make, ends):
    path = tmp_path / "pins.toml"
    make(path)
    monkeypatch.setenv("PLANCHETTE_PINS", str(path))
    box = within(10, lambda: Box.open(simulate=True, clock=ManualClock(), listen=False))
    try:
        assert box.warnings() == [f"pin map: the pin map {path} {ends}; the box runs without its hardware "
                                  "until it is fixed"]
    finally:
        box.close()


def test_a_missing_pin_map_is_one_warning(tmp_path, monkeypatch):
    path = tmp_path / "nowhere.toml"
    monkeypatch.setenv("PLANCHETTE_PINS", str(path))
    box = Box.open(simulate=True, clock=ManualClock(), listen=False)
    try:
        assert box.warnings() == [f"pin map: there is no pin map at {path}; the box runs without its hardware "
                                  "until it is fixed"]
    finally:
        box.close()


def test_a_damaged_pentagram_layout_leaves_out_the_pentagram(tmp_path, monkeypatch):
    from firmware_py.pentagram.strip import Pentagram

    bad = write(tmp_path / "pentagram.json", "[" * 100 + "]" * 100)
    opening = Pentagram.open.__func__  # hardware/pentagram.json is its default layout_path
    monkeypatch.setattr(opening, "__defaults__", opening.__defaults__[:-1] + (bad,))
    box = Box.open(simulate=True, clock=ManualClock(), listen=False)
    try:
        assert box.warnings() == [f"pentagram: the pentagram layout {bad} nests deeper than 20 levels; "
                                  "the pentagram is left out until it is fixed"]
        assert box.pentagram is None and box.fitted.pentagram is False and box.buttons is not None
    finally:
        box.close()


# -- the app starts whatever its files hold ----------------------------------------------------------
def make_app(tmp_path, **options):
    from companion.ui.app import App

    return App((800, 480), clock=ManualClock(1000.0), simulate=True, journal_path=tmp_path / "journal.sqlite3",
               settings_path=tmp_path / "settings.json", **options)


def test_the_app_starts_with_every_file_damaged_and_shows_each_sentence(tmp_path, monkeypatch):
    from companion.games import registry
    from companion.ui import shell

    monkeypatch.delenv("PLANCHETTE_CARDS", raising=False)
    write(tmp_path / "settings.json", '{"brightness": ' + "9" * 401 + "}")
    knock = write(tmp_path / "knock.json", "[" * 100_000 + "]" * 100_000)
    os.mkfifo(tmp_path / "cards.json")
    monkeypatch.setenv("PLANCHETTE_KNOCK_SETTINGS", str(knock))
    pins = pin_map(tmp_path, monkeypatch, committed_map(("[buttons]", "[buttons]\nmaybe = 13")))
    app = make_app(tmp_path, side_panel=True)  # (each file's reader alone is checked against hanging above)
    try:
        assert app.banner.text == (f"The settings file {tmp_path / 'settings.json'} holds a 401-digit number, "
                                   "longer than any value it keeps; using the defaults")
        assert app.settings == Settings()
        assert app.box.warnings() == [
            f"pin map [buttons]: {pins}: [buttons] has no key 'maybe' (its keys are: no, undo, yes); "
            "the buttons are left out until it is fixed",
            f"knock settings: the knock settings file {knock} is 200,000 bytes, too large for such a file "
            "(at most 65,536); using the defaults until the table is calibrated again"]
        assert app.box.buttons is None and app.box.pentagram is not None and app.side_panel is not None
        app.step()
        assert "⚠ 2" in [button.label for button in app.bar_buttons]
        app.show(shell.WarningsScreen(app, shell.HomeScreen(app)))
        app.step()
        game = registry()["clairvoyance"]
        setup = {"game": "clairvoyance", "players": ["Ann", "Bo"], "characters": ["Sebastian", "Mama Rita"], "seed": 5}
        assert app.new_game(setup, {}) is None  # the game starts without the book
        assert app.banner.text == f"The card book {tmp_path / 'cards.json'} is a pipe, not a file; it is not used"
        assert app.match.game is game
    finally:
        app.close()


def test_the_app_starts_with_a_pin_map_it_cannot_read(tmp_path, monkeypatch):
    pins = pin_map(tmp_path, monkeypatch, 'pentagram = "everywhere"\n[[[')
    app = make_app(tmp_path, side_panel=True)
    try:
        [warning] = app.box.warnings()
        assert warning.startswith(f"pin map: the pin map {pins} is not valid TOML: ")
        assert warning.endswith("; the box runs without its hardware until it is fixed")
        assert app.side_panel is not None and app.box.pentagram is None
        app.step()
        assert "⚠ 1" in [button.label for button in app.bar_buttons]
        assert app.banner.text == ("The pin map leaves out the pentagram, the buzzer, the buttons, the knock sensor "
                                   "until it is fixed: tap ⚠ to see why")
        app.banner = None
        app.side_panel.knock()
        assert app.banner.text == "The knock sensor is left out: the pin map is wrong there (see ⚠)."
    finally:
        app.close()


def test_companion_shots_draws_every_screen_with_a_damaged_pin_map(tmp_path, monkeypatch):
    from companion.ui.shots import rendered

    path = pin_map(tmp_path, monkeypatch, committed_map(("driver = \"spi\"", "driver = \"spy\"")))
    said = (f"pin map [pentagram]: {path}: [pentagram] driver must be one of spi, pwm, pi5, not 'spy'; "
            "the pentagram is left out until it is fixed")
    drawn = []
    for name, _size, app in rendered(sizes=[(800, 480)]):
        assert app.box.warnings() == [said] and app.box.pentagram is None
        drawn.append(name)
        if name == "calibration":
            break
    assert drawn == ["home", "setup", "keyboard", "settings", "warnings", "calibration"]
