"""The pentagram follows Clairvoyance: the turn player's colour, each player's health, the
die's face, a flash on whoever a throw hits, eliminated players marked — from the table's
view of positions entered through the rules, in the colours chosen at set-up."""

from companion.engine.registry import load
from companion.games.clairvoyance import ENTRY
from companion.ui.games.clairvoyance_lights import lights, lights_health
from firmware_py.pentagram.layout import Layout
from firmware_py.pentagram.scenes import render
from firmware_py.pentagram.strip import DEFAULT_PATH
from tests.clairvoyance_table import RESOLVE, G, die, end, play, start, throw

COLOURS = [(235, 87, 87), (86, 156, 255), (92, 204, 122), (244, 196, 64), (190, 110, 240)]
META = {"colours": [list(c) for c in COLOURS]}


def clairvoyance_scene(state, hit_at=None):
    return lights(G.view(state, None), META, hit_at)


def test_the_turn_the_die_and_full_health_at_the_start():
    state = start(3, first=1, face=3)
    scene = clairvoyance_scene(state)
    assert scene.players == tuple(COLOURS[:3])
    assert scene.turn == COLOURS[1]
    assert scene.die == 3
    assert scene.health == {c: 10 for c in COLOURS[:3]}
    assert scene.eliminated == frozenset() and scene.damage is None


def test_a_landed_throw_lowers_health_and_flashes_the_target():
    # Gertrude (Ann) throws the Armchair (faces 1, 6; 3 damage) at RX-97 (Bo): 3 -> 6 hits
    state = play(start(3, first=0, face=3), throw(0, "Armchair", 1), RESOLVE, die(0, 6))
    scene = clairvoyance_scene(state, hit_at=5.0)
    assert scene.health[COLOURS[1]] == 7
    assert scene.die == 6
    assert scene.damage is not None and scene.damage.who == COLOURS[1] and scene.damage.start == 5.0
    layout = Layout.load(DEFAULT_PATH)
    assert render(layout, scene, 5.2) != render(layout, scene, 9.0)


def test_a_miss_flashes_nobody():
    state = play(start(3, first=0, face=3), throw(0, "Armchair", 1), RESOLVE, die(0, 2))
    assert clairvoyance_scene(state, hit_at=5.0).damage is None


def test_an_eliminated_player_is_marked_and_the_winner_has_no_turn_light():
    state = start(2, characters=["Gertrude", "RX-97"], first=0, face=3, health=3)
    state = play(state, throw(0, "Armchair", 1), RESOLVE, die(0, 6))
    assert state.phase == "over"
    scene = clairvoyance_scene(state)
    assert scene.eliminated == frozenset({COLOURS[1]})
    assert scene.turn is None


def test_the_turn_passes_with_the_die():
    state = play(start(3, first=0, face=3), end(0))
    assert clairvoyance_scene(state).turn == COLOURS[1]


def test_health_is_scaled_to_the_stars_ten_steps():
    assert [lights_health(h, 20) for h in (20, 10, 1, 0, -2)] == [10, 5, 1, 0, 0]
    assert lights_health(3, 3) == 10


def test_the_entry_names_the_scene_and_the_colours_default_without_notes():
    assert load(ENTRY.lights) is lights
    scene = lights(G.view(start(3), None), {})
    assert len(set(scene.players)) == 3
