"""The Séance Party screen driven as at the table: set up through the set-up screen, the
first round of the example game entered by taps, the pentagram following the state, undo."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.engine.match import Match
from companion.games import registry
from companion.ui.games.seance_party import SeancePartyScreen
from tests.ui_driver import make_app, tap

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "docs" / "examples" / "seance-party-charges.jsonl"


def example():
    lines = [json.loads(t) for t in EXAMPLE.read_text().splitlines() if t.strip()]
    return lines[0], [{k: v for k, v in a.items() if k != "t"} for a in lines[1:]]


@pytest.fixture
def app(tmp_path):
    app = make_app(tmp_path)
    yield app
    app.close()


def start(app, names, battle=True):
    tap(app, ("game", "seance-party"))
    while app.screen.count > len(names):
        tap(app, "fewer")
    while app.screen.count < len(names):
        tap(app, "more")
    app.screen.names[: len(names)] = names
    if battle:
        tap(app, ("option", "battle"))
    tap(app, "start")
    assert isinstance(app.screen, SeancePartyScreen)


def open_example(app, setup):
    app.open_match(app.journal.import_match(Match.start(registry()["seance-party"], setup), {}))


def enter(app, action):
    act, seat = action["act"], action["seat"]
    if act == "curse":
        tap(app, ("seat", seat))
        for z in action["zeners"]:
            tap(app, ("zener", z))
        tap(app, ("curse",))
    elif act == "reveal":
        tap(app, ("seat", seat))
        for card in action["hand"][len(app.match.state.known[seat]):]:
            tap(app, ("add", card))
        tap(app, ("reveal",))
    elif act == "boost":
        if not action.get("dice") and not action.get("cards"):
            tap(app, ("noboost",))
            return
        pool = list(app.match.state.pools[seat])
        for d in action.get("dice", []):
            k = next(i for i, x in enumerate(pool) if x == d and ("die", i) not in picked(app))
            tap(app, ("die", k))
        for c in action.get("cards", []):
            tap(app, ("boostcard", c))
        tap(app, ("boost",))
    elif act == "play":
        tap(app, ("playing",))
        tap(app, ("card", action["card"]))
        tap(app, ("target", action["planchette"]))
        if "guess" in action:
            tap(app, ("guess", action["guess"]))
        if "energy" in action:
            tap(app, ("energy", action["energy"]))
        tap(app, ("play",))
    elif act in ("pass", "end", "attach", "attack", "damage"):
        tap(app, ("do", action))
    else:
        raise AssertionError(f"no taps for {act}")


def picked(app):
    return {b.action for b in app.screen.buttons if b.selected}


def first_round(actions):
    second = next(i for i, a in enumerate(actions) if a["act"] == "curse" and i > 1)
    return actions[:second]


def test_set_up_through_the_screens(app):
    start(app, ["Ann", "Bo"])
    state = app.match.state
    assert list(state.names) == ["Ann", "Bo"] and state.mode == "battle"
    assert state.phase == "curse"


def test_the_first_round_of_the_example_is_entered_by_taps(app):
    setup, actions = example()
    start(app, setup["players"])
    open_example(app, setup)
    round1 = first_round(actions)
    for action in round1:
        enter(app, action)
    assert app.match.match.actions == round1
    assert app.match.state.round == 2


def test_the_pentagram_follows_the_state_and_undo_goes_back(app):
    setup, actions = example()
    open_example(app, setup)
    round1 = first_round(actions)
    upto = next(i for i, a in enumerate(round1) if a["act"] == "play") + 1
    for action in round1[:upto]:
        enter(app, action)
    state = app.match.state
    scene = app.screen.pentagram_scene()
    assert scene.planchette == list(state.settings["points"]).index(round1[upto - 1]["planchette"])
    assert scene.dice == tuple(state.points[p] for p in state.settings["points"])
    tap(app, "undo")
    assert app.match.match.actions == round1[: upto - 1]
    assert app.screen.pentagram_scene().planchette is None


def test_a_battle_is_entered_and_told_in_words(app):
    lines = [json.loads(t) for t in (ROOT / "docs" / "examples" / "seance-party-party-battle.jsonl")
             .read_text().splitlines() if t.strip()]
    setup, actions = lines[0], [{k: v for k, v in a.items() if k != "t"} for a in lines[1:]]
    open_example(app, setup)
    for action in actions:
        enter(app, action)
    assert app.match.match.actions == actions
    from companion.ui.widgets import TEXT_LOG

    TEXT_LOG.clear()
    app.dirty = True
    app.step()
    assert any("Last battle" in t.text for t in TEXT_LOG)
