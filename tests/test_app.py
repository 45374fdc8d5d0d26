"""The table app driven headless with synthesized pygame events, as at the table:
a whole ESP game by taps, undo, a refusal, resume after a kill, the computer
players, the simulated box's keys and knocks, and drawing only on demand."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from companion.engine.logfile import read_text, replay_lines
from companion.games.esp import ESP
from companion.ui import theme
from companion.ui.games.esp import EspScreen
from companion.ui.shell import HomeScreen, ResumeScreen
from companion.ui.summary import SummaryScreen
from tests.ui_driver import advance, key, make_app, tap

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "docs" / "examples" / "esp-table-game.jsonl"


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("PLANCHETTE_EXPORTS", str(tmp_path / "exports"))
    app = make_app(tmp_path)
    yield app
    app.close()


def start_table_game(app, players=3):
    tap(app, ("game", "esp"))
    while app.screen.count > players:
        tap(app, "fewer")
    while app.screen.count < players:
        tap(app, "more")
    tap(app, "start")
    assert isinstance(app.screen, EspScreen)


def enter(app, action: dict) -> None:
    """What a player taps for one line of the log."""
    if action["act"] == "predict":
        tap(app, ("claim", action["claim"]))
        return
    if action["act"] == "bid":
        tap(app, ("bidder", action["seat"]))
    rank, suit = action["card"].split()
    tap(app, ("suit", suit))
    tap(app, ("rank", int(rank)))


def example_actions():
    return [json.loads(line) for line in EXAMPLE.read_text().splitlines()[1:] if line.strip()]


def test_a_whole_table_game_by_taps_scores_as_the_rulebook_says(app, tmp_path):
    start_table_game(app)
    for action in example_actions():
        enter(app, action)
    assert app.match.match.actions == example_actions()
    summary = ESP.summary(app.match.state)
    assert summary["totals"] == [19, 17, 10]
    assert summary["finished"] is True
    tap(app, "results")
    assert isinstance(app.screen, SummaryScreen)
    tap(app, "export")
    exported = tmp_path / "exports" / f"esp-game-{app.match.id}.jsonl"
    assert replay_lines(ESP, read_text(exported)).actions == example_actions()


def test_undo_and_redo_are_one_tap_away(app):
    start_table_game(app)
    for action in example_actions()[:6]:
        enter(app, action)
    assert len(app.match.match.actions) == 6
    tap(app, "undo")
    assert app.match.match.actions == example_actions()[:5]
    tap(app, "redo")
    assert app.match.match.actions == example_actions()[:6]
    key(app, "z", pygame.K_z, pygame.KMOD_CTRL)
    assert len(app.match.match.actions) == 5


def test_a_refusal_is_a_banner_and_loses_nothing(app):
    start_table_game(app)
    for action in example_actions()[:4]:  # the predictions and the Vision Card, 4 cross
        enter(app, action)
    before = list(app.match.match.actions)
    key(app, "4")
    key(app, "x")  # Ann tries to play the Vision Card
    assert app.banner is not None and "4 cross is the Vision Card" in app.banner.text
    assert app.match.match.actions == before
    stored = app.journal.resume(app.match.id).match.actions
    assert stored == before
    enter(app, example_actions()[4])  # the table carries on
    assert len(app.match.match.actions) == 5


def test_resume_is_offered_first_after_the_process_is_killed(tmp_path):
    journal = tmp_path / "journal.sqlite3"
    script = f"""
import os, signal, sys, json
sys.path.insert(0, {str(ROOT)!r})
from pathlib import Path
from tests.ui_driver import make_app, tap
from tests.test_app import start_table_game, enter, example_actions
app = make_app(Path({str(tmp_path)!r}))
start_table_game(app)
for action in example_actions()[:9]:
    enter(app, action)
print("entered", len(app.match.match.actions), flush=True)
os.kill(os.getpid(), signal.SIGKILL)
"""
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    child = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env, timeout=120)
    assert child.returncode == -signal.SIGKILL, child.stderr
    assert "entered 9" in child.stdout
    app = make_app(tmp_path, journal=journal)
    try:
        assert isinstance(app.screen, ResumeScreen)
        tap(app, "resume")
        assert isinstance(app.screen, EspScreen)
        assert app.match.match.actions == example_actions()[:9]
    finally:
        app.close()


def test_start_afresh_sets_the_old_game_aside(tmp_path):
    app = make_app(tmp_path)
    start_table_game(app)
    enter(app, example_actions()[0])
    app.close()
    app = make_app(tmp_path)
    try:
        tap(app, "home")
        assert isinstance(app.screen, HomeScreen)
        assert app.journal.latest_unfinished() is None
    finally:
        app.close()


def test_one_person_plays_a_whole_game_against_computer_players(app):
    tap(app, ("game", "esp"))
    tap(app, ("option", "full_information"))
    tap(app, ("who", 1))
    tap(app, ("who", 2))
    tap(app, "start")
    turns = 0
    while not ESP.is_over(app.match.state):
        owed = ESP.expected(app.match.state)
        if owed and owed.get("seat") == 0 and app.screen.computer_move() is None and app.screen.chance_move() is None:
            legal = ESP.legal(app.match.state)
            mine = [a for a in legal if a.get("seat") == 0]
            action = mine[0]
            if action["act"] == "predict":
                tap(app, ("claim", action["claim"]))
            else:
                tap(app, ("card", action["card"]))  # one tap on the card in hand (or its back)
        else:
            advance(app, 0.8, step=0.2)
        turns += 1
        assert turns < 2000
    outcome = ESP.outcome(app.match.state)
    assert len(outcome.labels) == 3


def test_keys_and_knocks_from_the_simulated_box_answer_questions(tmp_path):
    app = make_app(tmp_path, side_panel=True)
    start_table_game(app)
    enter(app, example_actions()[0])
    app.close()
    app = make_app(tmp_path, side_panel=True)
    try:
        assert isinstance(app.screen, ResumeScreen)
        advance(app, 1.0)  # the detector learns the quiet table
        key(app, " ", pygame.K_SPACE)  # one knock: yes, resume it
        advance(app, 1.2)
        assert isinstance(app.screen, EspScreen)
        key(app, "u", pygame.K_u)  # the simulated undo button
        advance(app, 0.2)
        assert app.match.match.actions == []
    finally:
        app.close()


def test_nothing_is_redrawn_while_nothing_changes(app):
    start_table_game(app)
    advance(app, 0.5)
    frames = app.frames
    advance(app, 5.0)
    assert app.frames == frames
    enter(app, example_actions()[0])
    assert app.frames > frames


def test_the_side_panel_knock_pad_is_a_button(tmp_path):
    app = make_app(tmp_path, side_panel=True)
    try:
        tap(app, "knock")
        assert app.box.knock.source.knocks, "the click knocked the simulated piezo"
    finally:
        app.close()


def test_a_revoke_proven_later_is_shown_to_the_table(app):
    """Table mode: Bo does not follow star, then plays a star from the same hand."""
    start_table_game(app, players=2)
    lines = [{"act": "predict", "seat": 0, "claim": "circle"}, {"act": "predict", "seat": 1, "claim": "cross"},
             {"act": "vision", "card": "1 square"},
             {"act": "play", "seat": 0, "card": "2 star"}, {"act": "play", "seat": 1, "card": "3 circle"},
             {"act": "play", "seat": 0, "card": "4 star"}, {"act": "play", "seat": 1, "card": "5 star"}]
    for action in lines:
        enter(app, action)
    assert app.banner is not None and "a revoke" in app.banner.text and "Bo" in app.banner.text


def test_an_unfinished_game_without_a_screen_is_not_offered(tmp_path, monkeypatch):
    """A log imported from the command line for a game the screen cannot play (here:
    Séance Party with its screen taken away) waits in the journal; the app opens on the
    home screen instead of failing."""
    import dataclasses

    from companion import games
    from companion.cli import main

    registered = games.entries()
    monkeypatch.setitem(registered, "seance-party", dataclasses.replace(registered["seance-party"], screen=""))
    log = ROOT / "docs" / "examples" / "seance-party-party-battle.jsonl"
    assert main(["--journal", str(tmp_path / "journal.sqlite3"), "import", str(log)]) == 0
    app = make_app(tmp_path)
    try:
        assert isinstance(app.screen, HomeScreen)
    finally:
        app.close()


def test_two_seats_of_one_colour_are_refused_at_set_up(app):
    tap(app, ("game", "esp"))
    for _ in range(len(theme.PLAYER_COLOURS) - 1):  # Bo's colour round the palette to Ann's
        tap(app, ("colour", 1))
    tap(app, "start")
    assert app.banner is not None and "Ann and Bo have the same colour" in app.banner.text
    assert not isinstance(app.screen, EspScreen)
    tap(app, ("colour", 1))
    tap(app, "start")
    assert isinstance(app.screen, EspScreen)


def drawn(app) -> list:
    """What the app's next frame draws: (text, pixels) pairs."""
    from companion.ui.widgets import TEXT_LOG, recording_text

    with recording_text():
        TEXT_LOG.clear()
        app.dirty = True
        app.step()
        return [(t.text, t.size) for t in TEXT_LOG]


def test_the_results_say_who_won_and_why_in_big_letters(app):
    start_table_game(app)
    for action in example_actions():
        enter(app, action)
    tap(app, "results")
    assert app.screen.verdict() == ("Ann wins", "Ann: 19 points  ★ most points")
    scale = theme.Scale(app.game_size)
    texts = drawn(app)
    assert ("Ann wins", scale(theme.HUGE)) in texts
    assert ("Ann: 19 points  ★ most points", scale(theme.TABLE)) in texts
    tap(app, "home")
    assert isinstance(app.screen, HomeScreen) and app.match is None


def test_set_up_has_a_back_and_ticks_the_chosen_option(app):
    tap(app, ("game", "esp"))
    option = next(b for b in app.screen.buttons if b.action == ("option", "full_information"))
    assert not option.selected
    tap(app, ("option", "full_information"))
    drawn(app)
    assert next(b for b in app.screen.buttons if b.action == ("option", "full_information")).selected
    while app.screen.count > app.screen.entry.least:
        tap(app, "fewer")
    fewer = next(b for b in app.screen.buttons if b.action == "fewer")
    assert not fewer.enabled and "at least 2" in fewer.why
    tap(app, "back")
    assert isinstance(app.screen, HomeScreen)


def test_settings_name_the_parts_in_words(app):
    from companion.ui.shell import SettingsScreen

    app.show(SettingsScreen(app, HomeScreen(app)))
    words = " ".join(text for text, _ in drawn(app))
    assert "Knock sensor" in words and "Piezo disc" in words and "Knock module" in words
    assert "ADS1115" not in words
    labels = {b.label for b in app.screen.buttons}
    assert {"Pentagram", "Outer circle", "Buzzer", "Buttons", "Piezo disc", "Knock module", "None"} <= labels
    tap(app, ("knock", "module"))
    assert app.settings.fitted.knock == "module"


def test_the_largest_table_of_every_game_starts_with_a_colour_for_each_seat(app):
    """Mysterium seats seven (the ghost and six psychics): every seat gets its own colour."""
    from companion.games import entries

    for name, entry in entries().items():
        tap(app, ("game", name))
        while app.screen.count < entry.most:
            tap(app, "more")
        tap(app, "start")
        assert app.match is not None and app.match.game.name == name, app.banner and app.banner.text
        colours = [tuple(c) for c in app.match.meta["colours"]]
        assert len(set(colours)) == len(colours) == entry.most
        app.show(HomeScreen(app))
