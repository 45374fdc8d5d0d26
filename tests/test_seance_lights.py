"""The pentagram mirrors Séance Party's tracker: replay the example game and check the
scene names the planchette's point, each point's die, and every charged Zener."""

import json
from pathlib import Path

from companion.engine.match import replay
from companion.games.seance_party import SEANCE_PARTY
from companion.ui.games.seance_lights import seance_scene
from firmware_py.pentagram.layout import Layout
from firmware_py.pentagram.scenes import render
from firmware_py.pentagram.strip import DEFAULT_PATH

EXAMPLE = Path(__file__).resolve().parent.parent / "docs" / "examples" / "seance-party-charges.jsonl"
COLOURS = [(235, 87, 87), (86, 156, 255), (92, 204, 122), (244, 196, 64)]


def final_state():
    lines = [json.loads(t) for t in EXAMPLE.read_text().splitlines() if t.strip()]
    return replay(SEANCE_PARTY, lines[0], lines[1:]).state


def test_the_scene_follows_the_tracker():
    state = final_state()
    scene = seance_scene(state, COLOURS)
    points = tuple(state.settings["points"])
    assert scene.symbols == points
    assert scene.dice == tuple(state.points[p] for p in points)
    if state.planchette is not None:
        assert scene.planchette == points.index(state.planchette)
    charged = {(c["player"], c["zener"]) for c in state.charges}
    shown = {(state.names[COLOURS.index(colour)], z) for colour, zs in scene.charged.items() for z in zs}
    assert {(p if isinstance(p, str) else state.names[p], z) for p, z in charged} == shown


def test_a_charge_flourishes_from_its_point_and_ends():
    state = final_state()
    layout = Layout.load(DEFAULT_PATH)
    scene = seance_scene(state, COLOURS, charged_at=10.0)
    assert scene.flourish is not None
    during, after = render(layout, scene, 10.3), render(layout, scene, 20.0)
    assert during != after
    assert render(layout, seance_scene(state, COLOURS), 20.0) == after
