"""The Zener card test through the app, headless, as at the table: chosen on the home screen,
a whole run called and checked by taps, the receiver answering by knock ("is it circle?"),
the pentagram lighting each call, a sitting the computer receiver plays alone, and a screen
that draws only from the game's view."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pygame
import pytest

from companion.games.zener_test import ZENER_TEST
from companion.ui.games.zener_test import ZenerTestScreen, examples
from companion.ui.summary import SummaryScreen
from tests.ui_driver import advance, key, make_app, tap

ROOT = Path(__file__).resolve().parents[1]
SCREEN = ROOT / "companion" / "ui" / "games" / "zener_test.py"


@pytest.fixture
def app(tmp_path):
    app = make_app(tmp_path)
    yield app
    app.close()


def example(name):
    lines = (ROOT / "docs" / "examples" / name).read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines if line.strip()]


def start(app, people=2, options=()):
    tap(app, ("game", "zener-test"))
    while app.screen.count > people:
        tap(app, "fewer")
    for option in options:
        tap(app, ("option", option))
    tap(app, "start")
    assert isinstance(app.screen, ZenerTestScreen)


def test_a_whole_table_run_by_taps_then_the_results(app):
    setup, *actions = example("zener-test-telepathy.jsonl")
    start(app)
    assert app.match.match.setup == {**setup, "runs": 4}
    for action in actions[:50]:  # run 1: 25 calls, then Bo turns the 25 cards up
        tap(app, ("symbol", action["symbol"]))
    assert app.match.match.actions == actions[:50]
    view = app.screen.view
    assert view["runs"][0]["words"] == "8 hits: about 1 run in 9 scores this well by chance"
    assert view["prompt"] == "Ann: call card 1"
    tap(app, ("end",))  # the table stops after one run
    assert ZENER_TEST.is_over(app.match.state)
    tap(app, ("results",))
    assert isinstance(app.screen, SummaryScreen)


def test_entries_the_rules_refuse_are_greyed_or_a_banner(app):
    start(app)
    for symbol in ["star"] * 25 + ["circle"] * 5:
        key(app, {"circle": "c", "cross": "x", "wave": "w", "square": "s", "star": "t"}[symbol])
    assert len(app.match.match.actions) == 30
    circle = next(b for b in app.screen.buttons if b.action == ("symbol", "circle"))
    assert not circle.enabled  # five circles are shown: a closed deck has no sixth
    end = next(b for b in app.screen.buttons if b.action == ("end",))
    assert not end.enabled  # mid-run
    app.play({"act": "card", "symbol": "circle"})
    assert app.banner is not None and app.banner.text.startswith("Run 1 already shows five circles")
    assert len(app.match.match.actions) == 30


def knock(app, times):
    for n in range(times):
        key(app, " ", pygame.K_SPACE)
        advance(app, 0.3)
    advance(app, 1.2)


def test_the_receiver_answers_by_knock_and_the_pentagram_lights_the_call(tmp_path):
    app = make_app(tmp_path, side_panel=True)
    try:
        start(app, people=1, options=("each_card",))
        advance(app, 1.0)  # the knock detector learns the quiet table
        assert "is it circle?" in _text(app)
        knock(app, 2)  # no: not circle
        assert app.screen.pentagram_scene().supernatural == "cross"  # the point asked about glows
        knock(app, 2)  # no: not cross
        assert "is it wave?" in _text(app)
        knock(app, 1)  # yes: wave
        assert app.match.match.actions == [{"act": "call", "symbol": "wave"}]
        scene = app.screen.pentagram_scene()
        last = app.screen.view["last"]
        assert last["call"] == "wave" and last["card"] is not None  # shown at once: feedback per card
        assert (scene.supernatural, scene.superduper) == ("wave", last["card"])
        key(app, "y", pygame.K_y)  # the box's yes button answers as a knock does: circle, asked afresh
        advance(app, 0.2)
        assert app.match.match.actions[-1] == {"act": "call", "symbol": "circle"}
    finally:
        app.close()


def _text(app):
    from companion.ui.widgets import TEXT_LOG, recording_text

    with recording_text():
        app.dirty = True
        app.step()
        return " ".join(t.text for t in TEXT_LOG)


def test_the_computer_receiver_plays_a_sitting_alone(app):
    tap(app, ("game", "zener-test"))
    tap(app, "fewer")
    tap(app, ("who", 0))
    tap(app, "start")

    def checked(runs):
        steps = 0
        while sum(run["checked"] for run in app.screen.view["runs"]) < runs:
            advance(app, 0.8, step=0.4)
            steps += 1
            assert steps < 100, "the computer receiver stalled"

    checked(1)
    assert len(app.match.match.actions) == 25 and app.match.meta["computer"] == [0]
    advance(app, 5.0)  # between runs it waits for the table
    assert len(app.match.match.actions) == 25
    tap(app, ("go",))  # Next run
    checked(2)
    tap(app, ("end",))
    assert ZENER_TEST.is_over(app.match.state) and len(app.match.match.actions) == 51


def test_the_screen_reads_only_the_view_and_the_legal_actions():
    source = SCREEN.read_text(encoding="utf-8")
    assert not re.search(r"\.state\b", source), "the Zener screen reads the state: it must draw from the view"


def test_every_example_position_draws(app):
    names = [name for name, _ in examples()]
    assert {"zener-test-call", "zener-test-check", "zener-test-knock", "zener-test-results"} <= set(names)
