"""Each game's scene lights what it should, animations move with t and end."""

from __future__ import annotations

import math

import pytest

from firmware_py.pentagram.color import EMBER, GOLD, OFF, WHITE, scale
from firmware_py.pentagram.layout import Layout
from firmware_py.pentagram.scenes import (
    ALARM_SECONDS, BATTLE_SECONDS, DAMAGE_SECONDS, DIE_COLOURS, ESP_SUIT_COLOURS, FLOURISH_SECONDS,
    ClairvoyanceScene, EspScene, Flash, Flourish, IdleScene, MysteriumScene, OffScene, OneLed, SeanceScene, render,
)

ANN, BO, CY, DI, ED = (255, 60, 0), (0, 140, 255), (0, 255, 80), (255, 220, 0), (255, 0, 160)


@pytest.fixture(scope="module")
def star() -> Layout:
    return Layout.load()


@pytest.fixture(scope="module")
def ringed() -> Layout:
    return Layout.load(circle=True)


def lit(frame, pixels=None) -> list[int]:
    indices = range(len(frame)) if pixels is None else pixels
    return [i for i in indices if frame[i] != OFF]


def brightness(colour) -> int:
    return sum(colour)


def hue(colour) -> tuple[float, float, float]:
    total = sum(colour) or 1
    return tuple(round(c / total, 1) for c in colour)


# -- every scene -----------------------------------------------------------------------------------
ALL_SCENES = [
    SeanceScene(planchette=1, dice=(4, 6, 8, 10, 20), charged={ANN: frozenset({"star"}), BO: frozenset()}, turn=BO,
                flourish=Flourish(0.2, 3, ANN), battle=0.5),
    MysteriumScene(0.4, True, 3, alarm=0.1),
    EspScene("star", 2, winner=CY),
    ClairvoyanceScene(5, (ANN, BO, CY), {ANN: 4}, frozenset({CY}), BO, Flash(0.3, ANN)),
    IdleScene(),
    OffScene(),
]


@pytest.mark.parametrize("scene", ALL_SCENES, ids=lambda s: type(s).__name__)
def test_every_scene_gives_a_valid_frame_on_both_layouts(star, ringed, scene):
    for layout in (star, ringed):
        for t in (0.0, 0.25, 0.7, 1.3, 3.9, 1000.5):
            frame = render(layout, scene, t)
            assert len(frame) == layout.count
            for colour in frame:
                assert isinstance(colour, tuple) and len(colour) == 3
                assert all(isinstance(c, int) and 0 <= c <= 255 for c in colour)
            assert frame == render(layout, scene, t), "a scene is a pure function of t"


def test_render_refuses_something_that_is_not_a_scene(star):
    with pytest.raises(TypeError, match="no scene for str"):
        render(star, "seance", 0.0)


def test_a_scene_from_outside_draws_itself_on_the_pentagram_and_the_strip(star):
    """A fifth game brings its own scene: anything with frame(layout, t) — nothing in
    scenes.py names it, and the strip driver shows it like the games' own."""
    from dataclasses import dataclass

    from firmware_py.pentagram.backends import NullBackend
    from firmware_py.pentagram.strip import Pentagram

    @dataclass(frozen=True)
    class CalledSymbol:
        point: int

        def frame(self, layout, t):
            frame = [OFF] * layout.count
            frame[layout.point(self.point)] = WHITE
            return frame

    assert lit(render(star, CalledSymbol(3), 0.0)) == [star.point(3)]
    pentagram = Pentagram(star, NullBackend(star.count))
    assert lit(pentagram.render(CalledSymbol(1), 0.0).frame) == [star.point(1)]


def test_a_scene_that_draws_the_wrong_number_of_leds_is_refused_in_a_sentence(star):
    class Short:
        def frame(self, layout, t):
            return [OFF] * 3

    with pytest.raises(ValueError, match="Short drew 3 colours for a pentagram of 50 LEDs"):
        render(star, Short(), 0.0)


def test_off_and_one_led(star):
    assert render(star, OffScene(), 3.0) == [OFF] * 50
    frame = render(star, OneLed(17, (1, 2, 3)), 0.0)
    assert lit(frame) == [17] and frame[17] == (1, 2, 3)
    with pytest.raises(ValueError, match="LEDs 0 to 49"):
        render(star, OneLed(50), 0.0)


def test_idle_moves(star):
    frames = [render(star, IdleScene(), t) for t in (0.0, 1.0, 2.0)]
    assert frames[0] != frames[1] != frames[2]
    assert render(star, IdleScene(), 0.5) == render(star, IdleScene(), 6.5), "it repeats every six seconds"


# -- Séance Party --------------------------------------------------------------------------------
def test_each_point_shows_its_die_colour(star):
    dice = (4, 6, 8, 12, 20)
    frame = render(star, SeanceScene(dice=dice), 0.0)
    for p, die in enumerate(dice):
        assert frame[star.point(p)] == DIE_COLOURS[die]
    assert DIE_COLOURS[4] == (255, 0, 255), "a d4 is the magenta die"
    assert len(set(DIE_COLOURS.values())) == 6
    assert lit(frame) == sorted(star.points())
    none = render(star, SeanceScene(dice=(None, 4, 4, 4, 4)), 0.0)
    assert none[star.point(0)] == OFF


def test_the_planchettes_point_breathes_white(star):
    base = SeanceScene(dice=(4, 6, 8, 10, 12))
    with_planchette = SeanceScene(planchette=3, dice=(4, 6, 8, 10, 12))
    for t in (0.0, 0.5, 1.0):
        plain, marked = render(star, base, t), render(star, with_planchette, t)
        changed = [i for i in range(50) if plain[i] != marked[i]]
        assert changed == [star.point(3)]
        assert min(marked[star.point(3)]) > min(plain[star.point(3)]), "whiter than the die alone"
    frames = [render(star, with_planchette, t)[star.point(3)] for t in (0.0, 0.5, 1.0)]
    assert len(set(frames)) == 3, "it breathes"
    assert brightness(frames[2]) > brightness(frames[0])


def test_charged_zeners_are_chevrons_at_each_players_depth(star):
    charged = {ANN: frozenset({"circle"}), BO: frozenset({"circle", "wave"}), CY: frozenset(), DI: frozenset({"star"})}
    frame = render(star, SeanceScene(charged=charged, dice=(None,) * 5), 0.0)
    expected = {}
    for slot, (player, symbols) in enumerate(charged.items()):
        for symbol in symbols:
            point = ("circle", "cross", "wave", "square", "star").index(symbol)
            for spoke in star.spokes(point):
                expected[spoke[slot]] = scale(player, 0.8)
    assert {i: frame[i] for i in lit(frame)} == expected
    # the fourth player's chevron is just inside the small pentagon
    assert all(i in star.inner_ring() for i in expected if frame[i] == scale(DI, 0.8))


def test_the_symbol_order_is_a_setting(star):
    symbols = ("star", "circle", "cross", "wave", "square")
    frame = render(star, SeanceScene(symbols=symbols, charged={ANN: frozenset({"star"})}, dice=(None,) * 5), 0.0)
    assert sorted(lit(frame)) == sorted(spoke[0] for spoke in star.spokes(0))


def test_the_turn_players_colour_breathes_in_the_middle(star, ringed):
    scene = SeanceScene(turn=BO, dice=(None,) * 5)
    frames = [render(star, scene, t) for t in (0.0, 0.75, 1.5)]
    for frame in frames:
        assert lit(frame) == sorted(star.middles())
        assert all(hue(frame[i]) == hue(BO) for i in star.middles())
    assert brightness(frames[2][star.middles()[0]]) > brightness(frames[0][star.middles()[0]])
    ring = render(ringed, scene, 0.0)
    assert all(hue(ring[i]) == hue(BO) for i in ringed.circle())


def test_the_circle_repeats_dice_and_planchette(ringed):
    frame = render(ringed, SeanceScene(planchette=2, dice=(4, 6, 8, 10, 12)), 0.0)
    assert hue(frame[ringed.circle_near(1)]) == hue(DIE_COLOURS[6])
    assert min(frame[ringed.circle_near(2)]) > 0, "the planchette's circle LED has white in it"


def test_a_charge_flourish_runs_and_ends(star):
    steady = SeanceScene(charged={ANN: frozenset({"cross"})}, turn=ANN, dice=(4,) * 5)
    flourish = SeanceScene(charged={ANN: frozenset({"cross"})}, turn=ANN, dice=(4,) * 5, flourish=Flourish(10.0, 1, ANN))
    assert render(star, flourish, 9.9) == render(star, steady, 9.9), "not before it starts"
    during = [render(star, flourish, 10.0 + d) for d in (0.2, 0.5, 0.9, 1.3)]
    for d, frame in zip((0.2, 0.5, 0.9, 1.3), during):
        assert frame != render(star, steady, 10.0 + d)
    assert len({tuple(f) for f in during}) == 4, "it moves"
    # the comets run outwards: the lit LED furthest along a spoke moves away from the point
    spoke = star.spokes(1)[0]
    reach = [max(n for n, i in enumerate(spoke) if hue(f[i]) == hue(ANN) or f[i] != OFF) for f in during[:2]]
    assert reach[1] > reach[0]
    end = 10.0 + FLOURISH_SECONDS + 0.01
    assert render(star, flourish, end) == render(star, steady, end), "and it ends"


def test_a_battle_pulses_the_star_red_and_ends(star):
    steady = SeanceScene(turn=BO, dice=(6,) * 5)
    battle = SeanceScene(turn=BO, dice=(6,) * 5, battle=2.0)
    peak = render(star, battle, 2.0 + BATTLE_SECONDS / 4)
    assert len(lit(peak)) == 50, "even the dark LEDs glow red"
    assert all(c[0] > c[1] and c[0] > c[2] for c in peak)
    between = render(star, battle, 2.0 + BATTLE_SECONDS / 2)
    assert between == render(star, steady, 2.0 + BATTLE_SECONDS / 2), "two pulses: dark between them"
    assert render(star, battle, 2.0 + BATTLE_SECONDS) == render(star, steady, 2.0 + BATTLE_SECONDS)


@pytest.mark.parametrize(
    "kwargs, words",
    [
        ({"dice": (4, 4, 4, 4, 5)}, "must be a d4, d6, d8, d10, d12 or d20"),
        ({"dice": (4, 4, 4, 4)}, "one die on each of the five points"),
        ({"planchette": 5}, "the planchette must be on a point"),
        ({"charged": {ANN: frozenset({"moon"})}}, "no Zener symbol 'moon'"),
        ({"charged": {c: frozenset() for c in (ANN, BO, CY, DI, ED)}}, "2 to 4 players"),
        ({"turn": (300, 0, 0)}, "the turn player's colour must be"),
        ({"symbols": ("circle", "circle", "wave", "square", "star")}, "five different symbols"),
    ],
)
def test_seance_refusals(kwargs, words):
    with pytest.raises(ValueError, match=words):
        SeanceScene(**kwargs)


# -- Mysterium -----------------------------------------------------------------------------------
def test_the_sand_maps_to_the_number_of_lit_leds(star, ringed):
    lines = star.path(points=False)
    previous = None
    for step in range(0, 201):
        sand = 1.0 - step / 200
        for running in (True, False):
            frame = render(star, MysteriumScene(sand, running, 1), 12.3)
            count = len(lit(frame, lines))
            assert count == math.ceil(sand * 45 - 1e-9)
        if previous is not None:
            assert count <= previous, "monotonic: less sand never lights more"
        previous = count
    assert len(lit(render(star, MysteriumScene(1.0), 0.0), lines)) == 45
    assert len(lit(render(star, MysteriumScene(0.0), 0.0), lines)) == 0
    ring = render(ringed, MysteriumScene(0.5, True, 1), 0.0)
    assert len(lit(ring, ringed.circle())) == 20


def test_the_sand_runs_out_along_the_star_in_drawing_order(star):
    lines = star.path(points=False)
    frame = render(star, MysteriumScene(0.5, False, 1), 0.0)
    out = [i for i in lines if frame[i] == OFF]
    assert out == lines[: len(out)], "the first line drawn empties first"
    assert hue(frame[lines[-1]]) == hue(GOLD)
    low = render(star, MysteriumScene(0.02, False, 1), 0.0)
    assert low[lines[-1]][0] > 0 and low[lines[-1]][1] < 0.1 * low[lines[-1]][0], "the last grains are red"


def test_running_shimmers_paused_breathes_ready_is_steady(star):
    def moves(scene):
        return render(star, scene, 0.0) != render(star, scene, 0.6)

    assert moves(MysteriumScene(0.7, True, 2))
    assert moves(MysteriumScene(0.7, False, 2))
    assert not moves(MysteriumScene(1.0, False, 2))
    paused = [brightness(render(star, MysteriumScene(0.7, False, 2), t)[star.path(points=False)[-1]])
              for t in (0.0, 1.25)]
    assert paused[1] > paused[0]


@pytest.mark.parametrize("round_, lit_points, colour", [
    (1, 1, None), (3, 3, None), (5, 5, None), (6, 5, (255, 120, 0)), (7, 5, (255, 0, 0)),
])
def test_the_points_count_the_clocks_round(star, round_, lit_points, colour):
    frame = render(star, MysteriumScene(1.0, False, round_), 0.0)
    assert lit(frame, star.points()) == [star.point(p) for p in range(lit_points)]
    if colour is not None:
        assert all(frame[star.point(p)] == colour for p in range(5))
    else:
        assert len({frame[star.point(p)] for p in range(lit_points)}) == 1


def test_the_end_alarm_flashes_and_ends(star):
    scene = MysteriumScene(0.0, False, 4, alarm=5.0)
    lines = star.path(points=False)
    first_flash = render(star, scene, 5.0 + ALARM_SECONDS / 6)
    assert len(lit(first_flash, lines)) == 45 and all(first_flash[i][1] == 0 for i in lines)
    assert lit(render(star, scene, 5.0 + ALARM_SECONDS / 3), lines) == [], "dark between flashes"
    assert lit(render(star, scene, 5.0 + ALARM_SECONDS), lines) == []


@pytest.mark.parametrize("kwargs, words", [
    ({"sand": 1.2}, "fraction from 0 to 1"), ({"sand": -0.1}, "fraction from 0 to 1"),
    ({"round": 8}, "rounds I to VII"), ({"round": 0}, "rounds I to VII"),
])
def test_mysterium_refusals(kwargs, words):
    with pytest.raises(ValueError, match=words):
        MysteriumScene(**kwargs)


# -- ESP -----------------------------------------------------------------------------------------
def test_points_show_the_suits_dimly(star):
    frame = render(star, EspScene(), 0.0)
    assert lit(frame) == sorted(star.points())
    for p, suit in enumerate(("circle", "cross", "squiggle", "square", "star")):
        assert frame[star.point(p)] == scale(ESP_SUIT_COLOURS[suit], 0.3)


def test_a_suit_aspect_lights_its_tip(star):
    frame = render(star, EspScene("square"), 0.0)
    tip = [star.point(3)] + [i for arm in star.arms(3) for i in arm]
    assert frame[star.point(3)] == ESP_SUIT_COLOURS["square"]
    assert all(hue(frame[i]) == hue(ESP_SUIT_COLOURS["square"]) for i in tip)
    assert sorted(lit(frame)) == sorted(set(tip) | set(star.points()))


@pytest.mark.parametrize("rank", [1, 2, 3, 4, 5])
def test_a_rank_aspect_lights_that_many_sides_of_the_inner_pentagon(star, rank):
    frame = render(star, EspScene(rank), 0.0)
    sides = star.inner_sides()
    assert sorted(lit(frame, star.inner_ring())) == sorted(i for side in sides[:rank] for i in side)
    assert all(frame[i] == scale(WHITE, 0.9) for side in sides[:rank] for i in side)


def test_super_duper_natural_sparkles_in_gold_and_supernatural_is_steady(star):
    scene = EspScene("cross", 3)
    a, b = render(star, scene, 0.0), render(star, scene, 0.37)
    sides = [i for side in star.inner_sides()[:3] for i in side]
    assert any(a[i] != b[i] for i in sides), "the super-duper-natural rank sparkles"
    assert all(hue(a[i]) == hue(GOLD) for i in sides)
    tip = [star.point(1)] + [i for arm in star.arms(1) for i in arm]
    assert all(a[i] == b[i] for i in tip), "the supernatural suit is steady"


def test_the_trick_winner_fills_the_other_tips(star, ringed):
    frame = render(star, EspScene("star", winner=BO), 0.0)
    for p in range(4):
        for arm in star.arms(p):
            assert all(hue(frame[i]) == hue(BO) for i in arm)
    assert all(hue(frame[i]) == hue(ESP_SUIT_COLOURS["star"]) for arm in star.arms(4) for i in arm)
    ring = render(ringed, EspScene(None, winner=BO), 0.0)
    assert all(hue(ring[i]) == hue(BO) for i in ringed.circle())
    assert lit(render(star, EspScene("star"), 0.0), [i for p in range(4) for arm in star.arms(p) for i in arm]) == []


@pytest.mark.parametrize("kwargs, words", [
    ({"supernatural": 6}, "a suit .* or a rank from 1 to 5"),
    ({"supernatural": True}, "a suit .* or a rank from 1 to 5"),
    ({"supernatural": "moon"}, "a suit .* or a rank from 1 to 5"),
    ({"superduper": 3}, "needs a Supernatural one"),
    ({"suit_colours": {"circle": (1, 2, 3)}}, "has no colour"),
])
def test_esp_refusals(kwargs, words):
    with pytest.raises(ValueError, match=words):
        EspScene(**kwargs)


# -- Clairvoyance --------------------------------------------------------------------------------
def hearts(layout, point):
    spokes = layout.spokes(point)
    return [layout.point(point), spokes[0][0], spokes[1][0], spokes[0][1], spokes[1][1]]


@pytest.mark.parametrize("health, full, half", [
    (10, 5, 0), (9, 4, 1), (8, 4, 0), (5, 2, 1), (2, 1, 0), (1, 0, 1), (14, 5, 0),
])
def test_health_is_five_lights_worth_two_each(star, health, full, half):
    frame = render(star, ClairvoyanceScene(players=(ANN, BO), health={ANN: health}), 0.0)
    mine = hearts(star, 0)
    values = [frame[i] for i in mine]
    assert values[:full] == [ANN] * full
    assert values[full:full + half] == [scale(ANN, 0.3)] * half
    assert values[full + half:] == [OFF] * (5 - full - half), "damage empties the chevron from its inner end"
    assert [frame[i] for i in hearts(star, 1)] == [BO] * 5, "a player without a health entry is at 10"


def test_an_eliminated_player_is_an_ember(star):
    for scene in (ClairvoyanceScene(players=(ANN, BO, CY), eliminated=frozenset({BO})),
                  ClairvoyanceScene(players=(ANN, BO, CY), health={BO: 0}),
                  ClairvoyanceScene(players=(ANN, BO, CY), health={BO: -3})):
        frame = render(star, scene, 0.0)
        assert frame[star.point(1)] == EMBER
        assert lit(frame, hearts(star, 1)) == [star.point(1)]


@pytest.mark.parametrize("face", range(1, 9))
def test_the_die_face_is_that_many_lights_round_the_inner_pentagon(star, face):
    frame = render(star, ClairvoyanceScene(die=face), 0.0)
    ring = star.inner_ring()
    assert lit(frame) == sorted(ring[:face])
    assert lit(frame, ring) == ring[:face] and all(frame[i] == scale(WHITE, 0.7) for i in ring[:face])


def test_the_turn_players_chevron_breathes_and_widens(star):
    scene = ClairvoyanceScene(players=(ANN, BO), turn=BO)
    a, b = render(star, scene, 0.0), render(star, scene, 1.0)
    assert all(brightness(b[i]) > brightness(a[i]) for i in hearts(star, 1))
    assert all(a[i] == b[i] for i in hearts(star, 0)), "the others are steady"
    assert all(hue(a[spoke[2]]) == hue(BO) for spoke in star.spokes(1))
    assert lit(a, [spoke[2] for spoke in star.spokes(0)]) == []


def test_damage_flashes_the_players_chevron_red_and_ends(star):
    steady = ClairvoyanceScene(players=(ANN, BO), health={ANN: 3})
    hit = ClairvoyanceScene(players=(ANN, BO), health={ANN: 3}, damage=Flash(4.0, ANN))
    peak = render(star, hit, 4.0 + DAMAGE_SECONDS / 4)
    assert all(peak[i][0] > 200 and peak[i][1] < 60 for i in hearts(star, 0)), "the whole chevron, even its lost lights"
    assert all(peak[i] == render(star, steady, 4.2)[i] for i in hearts(star, 1))
    end = 4.0 + DAMAGE_SECONDS
    assert render(star, hit, end) == render(star, steady, end)


@pytest.mark.parametrize("kwargs, words", [
    ({"die": 9}, "face from 1 to 8"), ({"die": 0}, "face from 1 to 8"),
    ({"players": (ANN, BO, CY, DI, ED, (1, 1, 1))}, "2 to 5 players"),
    ({"players": (ANN, ANN)}, "same colour"),
    ({"players": (ANN, BO), "health": {CY: 3}}, "not one of the players"),
    ({"players": (ANN, BO), "turn": CY}, "not one of the players"),
    ({"players": (ANN, BO), "health": {ANN: 2.5}}, "whole number"),
])
def test_clairvoyance_refusals(kwargs, words):
    with pytest.raises(ValueError, match=words):
        ClairvoyanceScene(**kwargs)


def test_flourish_and_flash_refusals():
    with pytest.raises(ValueError, match="flourish's point"):
        Flourish(0.0, 7)
    with pytest.raises(ValueError, match="flashed player's colour"):
        Flash(0.0, "red")
