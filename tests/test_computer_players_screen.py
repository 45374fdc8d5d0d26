"""Every game with computer players (``Entry.bot``) can be tried alone on a laptop: set up
through the set-up screen with every seat the computer's, the screen plays the computer's
moves on the app's clock until the game is over, and the results open.  Where a game owes
something only the people at the table can do (turn a real card, roll the table's die), a
random legal entry stands for their taps; the computer must make a good share of the game.
Clairvoyance's computer plays only cards whose figures the table has entered (the rulebook
prints few), so its table is a group with a card book: the cards of an earlier evening."""

from __future__ import annotations

import json
import random

import pytest

from companion.games import entries
from companion.ui.summary import SummaryScreen
from tests.ui_driver import advance, buttons, make_app, tap

WITH_BOTS = sorted(name for name, entry in entries().items() if entry.bot is not None)
#: a group's card book (``cards.json`` beside the settings): the figures it entered last time
CARD_BOOK = {"clairvoyance": [
    {"name": "Armchair", "type": "item", "faces": [1, 6], "damage": 3, "use": "none", "effect": None},
    {"name": "Lamp", "type": "item", "faces": [2, 5], "damage": 2, "use": "none", "effect": None},
    {"name": "Music Box", "type": "item", "faces": [3, 8], "damage": 1, "use": "none", "effect": None},
    {"name": "Jack-in-the-Box", "type": "item", "faces": [4, 7], "damage": 1, "use": "single", "effect": "destroy"},
]}


@pytest.fixture
def app(tmp_path):
    (tmp_path / "cards.json").write_text(json.dumps(CARD_BOOK))
    app = make_app(tmp_path)
    yield app
    app.close()


def seat_everyone_as_the_computer(app, name: str) -> None:
    entry = entries()[name]
    tap(app, ("game", name))
    if entry.computer_needs and not app.screen.effective_options().get(entry.computer_needs):
        tap(app, ("option", entry.computer_needs))
    for seat in range(app.screen.count):
        tap(app, ("who", seat))
    tap(app, "start")
    assert app.match is not None and app.match.meta["computer"] == list(range(len(app.match.game.players(app.match.state))))


@pytest.mark.parametrize("name", WITH_BOTS)
def test_a_table_of_computer_players_finishes_a_whole_game_on_the_screen(app, name):
    seat_everyone_as_the_computer(app, name)
    rng = random.Random(name)
    by_people = 0
    for _ in range(3000):
        if app.match.game.is_over(app.match.state):
            break
        before = len(app.match.match.actions)
        advance(app, 2.0, step=0.25)  # the computer thinks for a moment before each move
        if len(app.match.match.actions) == before:  # only the table can go on: a person's entry
            legal = app.screen.all_legal()
            assert legal, f"nobody can move: {app.match.game.expected(app.match.state)}"
            assert app.play(rng.choice(legal)), app.banner and app.banner.text
            by_people += 1
    game, state = app.match.game, app.match.state
    assert game.is_over(state), "the computer players never finish"
    by_computer = len(app.match.match.actions) - by_people
    assert by_computer >= by_people / 2, f"the people made {by_people} moves, the computer {by_computer}"
    tap(app, next(b.action for b in buttons(app) if b.action in ("results", ("results",))))
    assert isinstance(app.screen, SummaryScreen)
