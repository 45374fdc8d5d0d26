"""The ESP screen draws from the view and the legal actions, never from the rules' state, and
the pentagram's scene is ESP's ``lights(view, meta)``."""

from __future__ import annotations

import ast
from pathlib import Path

from companion.engine.registry import load
from companion.games import entries
from companion.games.esp import ESP
from companion.ui import theme
from companion.ui.games import esp as screen
from firmware_py.pentagram.scenes import EspScene
from tests.ui_driver import make_app, open_match

SCREEN = Path(screen.__file__)


def test_the_screen_reads_no_state():
    """Only the companion's own chance move (the deal, the Vision Card) reads the state, because
    GameScreen does not yet offer it; nothing the screen draws does."""
    readers = set()
    tree = ast.parse(SCREEN.read_text(encoding="utf-8"))
    for function in ast.walk(tree):
        if isinstance(function, ast.FunctionDef):
            if any(isinstance(node, ast.Attribute) and node.attr == "state" for node in ast.walk(function)):
                readers.add(function.name)
    assert readers <= {"chance_move"}, readers


def test_lights_show_the_aspects_and_the_last_winner_in_the_seat_colour():
    assert load(entries()["esp"].lights) is screen.lights
    setup, actions = screen.esp_game()
    meta = {"colours": [(1, 2, 3), (4, 5, 6), (7, 8, 9)]}
    state = ESP.setup(setup)
    assert screen.lights(ESP.view(state, None), meta) == EspScene(suit_colours=dict(theme.SUIT_COLOURS))
    winners = 0
    for action in actions:
        state = ESP.apply(state, action)
        rnd = state.rounds[-1]
        scene = screen.lights(ESP.view(state, None), meta)
        assert scene.supernatural == rnd.supernatural
        assert scene.superduper == (rnd.superduper if rnd.supernatural is not None else None)
        won = [t for t in rnd.tricks if t.winner is not None]
        assert scene.winner == (meta["colours"][won[-1].winner] if won else None)
        winners += bool(won)
    assert winners


def test_the_screens_scene_is_its_lights(tmp_path):
    setup, actions = screen.esp_game()
    app = make_app(tmp_path)
    try:
        open_match(app, ESP, setup, actions[:30])
        assert app.screen.pentagram_scene() == screen.lights(app.screen.view, app.match.meta)
    finally:
        app.close()


def _hand_buttons(app):
    from tests.ui_driver import buttons

    return [b for b in buttons(app) if isinstance(b.action, tuple) and b.action[0] == "card"]


def test_a_dealt_hand_is_shown_only_after_it_is_handed_over(tmp_path):
    """Two people at the screen (Cy is the computer's): Bo's held cards stay hidden behind
    "Pass the screen to Bo" until Bo taps, show for one play, and hide again after it."""
    from tests.ui_driver import tap

    setup, actions = screen.esp_game()
    upto = next(i for i, a in enumerate(actions) if a["act"] == "play") + 1
    app = make_app(tmp_path)
    try:
        open_match(app, ESP, setup, actions[:upto])
        app.match.meta["computer"] = [2]
        bo = actions[upto]["seat"]
        assert app.screen.prompt() == ("Pass the screen to Bo", bo)
        assert not _hand_buttons(app), "no card of Bo's hand before the hand-over"
        tap(app, ("reveal", bo))
        shown = {b.action[1] for b in _hand_buttons(app) if b.label != "face-down"}
        assert shown == set(app.screen.seat_view(bo)["hands"][bo])
        tap(app, "hide")
        assert not _hand_buttons(app)
        tap(app, ("reveal", bo))
        tap(app, ("card", actions[upto]["card"]))
        assert app.match.match.actions[-1] == actions[upto]
        assert not _hand_buttons(app), "the hand hides again once played"
    finally:
        app.close()


def test_one_person_against_the_computer_sees_the_hand_at_once(tmp_path):
    setup, actions = screen.esp_game()
    upto = next(i for i, a in enumerate(actions) if a["act"] == "play") + 1
    app = make_app(tmp_path)
    try:
        open_match(app, ESP, setup, actions[:upto])
        bo = actions[upto]["seat"]
        app.match.meta["computer"] = [s for s in range(3) if s != bo]
        assert _hand_buttons(app)
    finally:
        app.close()
