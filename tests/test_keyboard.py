"""The on-screen keyboard types what players and cards are called: capitals after a space,
digits and the punctuation card names use, within the length limit."""

from __future__ import annotations

import pytest

from companion.ui.keyboard import KeyboardScreen
from companion.ui.shell import HomeScreen
from tests.ui_driver import make_app, shot, tap, type_on_screen


@pytest.fixture
def typed(tmp_path):
    app = make_app(tmp_path)
    got = []
    home = HomeScreen(app)
    app.show(KeyboardScreen(app, home, "Name of the card", "", got.append, limit=30))
    app.draw()
    yield app, got
    app.close()


def test_a_hyphenated_card_name_with_digits_and_an_apostrophe_can_be_typed(typed, tmp_path):
    app, got = typed
    type_on_screen(app, "jack-in-the-box 2", done=False)
    type_on_screen(app, " ma's.", done=False)
    shot(app, tmp_path / "keyboard.png")
    tap(app, "done")
    assert got == ["Jack-in-the-box 2 Ma's."]


def test_the_limit_stops_typing_and_rub_out_takes_one_back(typed):
    app, got = typed
    type_on_screen(app, "x" * 40, done=False)
    assert len(app.screen.text) == 30
    tap(app, "rub")
    assert len(app.screen.text) == 29
