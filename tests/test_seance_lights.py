"""The pentagram mirrors Séance Party's tracker: replay the example game and check the
scene, drawn from the table's view alone, names the planchette's point, each point's die,
every charged Zener in its player's colour and the turn player's colour."""

import json
from pathlib import Path

from companion.engine.match import replay
from companion.engine.registry import load
from companion.games import entries
from companion.games.seance_party import SEANCE_PARTY
from companion.ui.games.seance_lights import lights
from firmware_py.pentagram.layout import Layout
from firmware_py.pentagram.scenes import render
from firmware_py.pentagram.strip import DEFAULT_PATH

EXAMPLE = Path(__file__).resolve().parent.parent / "docs" / "examples" / "seance-party-charges.jsonl"
META = {"colours": [(235, 87, 87), (86, 156, 255), (92, 204, 122), (244, 196, 64)]}
COLOURS = META["colours"]


def states():
    lines = [json.loads(t) for t in EXAMPLE.read_text().splitlines() if t.strip()]
    return replay(SEANCE_PARTY, lines[0], lines[1:]).states


def test_the_scene_follows_the_tracker():
    for state in states():
        scene = lights(SEANCE_PARTY.view(state, None), META)
        points = tuple(state.settings.points)
        assert scene.symbols == points
        assert scene.dice == tuple(state.points[p] for p in points)
        assert scene.planchette == (None if state.planchette is None else points.index(state.planchette))
        shown = {(COLOURS.index(colour), z) for colour, zs in scene.charged.items() for z in zs}
        assert shown == {(c.seat, c.zener) for c in state.charges}
        playing = state.turn is not None and state.phase != "over"
        assert scene.turn == (COLOURS[state.turn] if playing else None)


def test_a_charge_flourishes_from_its_point_and_ends():
    view = SEANCE_PARTY.view(states()[-1], None)
    layout = Layout.load(DEFAULT_PATH)
    scene = lights(view, META, charged_at=10.0)
    assert scene.flourish is not None and scene.flourish.colour == COLOURS[view["players"].index(view["winners"][0])]
    during, after = render(layout, scene, 10.3), render(layout, scene, 20.0)
    assert during != after
    assert render(layout, lights(view, META), 20.0) == after


def test_the_entry_names_these_lights():
    assert load(entries()["seance-party"].lights) is lights
