"""The pentagram's layout file and its loader: addressing by point, line, arm and
circle, the documented chain order, and a sentence for every kind of bad file."""

from __future__ import annotations

import copy
import json
import math

import pytest

from firmware_py.pentagram.layout import DEFAULT_PATH, Layout, LayoutError


@pytest.fixture(scope="module")
def star() -> Layout:
    return Layout.load()


@pytest.fixture(scope="module")
def ringed() -> Layout:
    return Layout.load(circle=True)


@pytest.fixture
def data() -> dict:
    return json.loads(DEFAULT_PATH.read_text(encoding="utf-8"))


def distance(layout: Layout, a: int, b: int) -> float:
    return math.dist(layout.position(a), layout.position(b))


# -- the shipped layout --------------------------------------------------------------------------
def test_the_agreed_counts(star, ringed):
    assert star.count == 50 and not star.has_circle and star.circle() == []
    assert ringed.count == 90 and ringed.has_circle and len(ringed.circle()) == 40
    for i in range(5):
        assert len(star.line(i)) == 9


def test_every_led_has_exactly_one_role(star, ringed):
    for layout in (star, ringed):
        used = star.points() + [i for line in range(5) for i in layout.line(line)] + layout.circle()
        assert sorted(used) == list(range(layout.count))


def test_star_indices_do_not_depend_on_the_circle(star, ringed):
    assert star.points() == ringed.points()
    assert [star.line(i) for i in range(5)] == [ringed.line(i) for i in range(5)]
    assert min(ringed.circle()) == 50


def test_points_are_numbered_clockwise_from_the_top(star):
    top = star.position(star.point(0))
    assert all(top[1] < star.position(star.point(i))[1] for i in range(1, 5))
    angles = [star.angle(star.point(i)) for i in range(5)]
    for i, angle in enumerate(angles):
        assert angle == pytest.approx((72 * i) % 360, abs=0.5)


def test_lines_join_point_i_to_point_i_plus_2_and_run_from_their_start(star):
    for i in range(5):
        a, b = star.line_ends(i)
        assert (a, b) == (i, (i + 2) % 5)
        run = star.line(i)
        start, end = star.point(a), star.point(b)
        distances = [distance(star, start, led) for led in run]
        assert distances == sorted(distances), "a line's LEDs are listed from its 'from' point"
        assert distance(star, end, run[-1]) < distance(star, end, run[0])
        # every LED sits on the straight line between the two points
        (x0, y0), (x1, y1) = star.position(start), star.position(end)
        for led in run:
            x, y = star.position(led)
            cross = (x1 - x0) * (y - y0) - (y1 - y0) * (x - x0)
            assert abs(cross) < 1e-3


def test_the_chain_draws_the_star_in_one_stroke(star):
    """The documented wiring: point 0, line 0, point 2, line 2, point 4, line 4, point 1,
    line 1, point 3, line 3 — so the strip's order is the one-stroke path."""
    assert star.path() == list(range(50))
    expected = []
    for point, line in ((0, 0), (2, 2), (4, 4), (1, 1), (3, 3)):
        expected += [star.point(point), *star.line(line)]
    assert star.path() == expected
    assert star.path(points=False) == [i for i in expected if i not in star.points()]


def test_lines_touching_and_neighbours(star):
    for p in range(5):
        lines = star.lines_touching(p)
        assert len(lines) == 2
        assert all(p in star.line_ends(line) for line in lines)
        assert star.line_ends(lines[0])[0] == p, "the line leaving the point comes first"
        assert sorted(star.neighbours(p)) == sorted({(p + 2) % 5, (p - 2) % 5})


def test_spokes_run_from_the_point_outwards(star):
    for p in range(5):
        for spoke in star.spokes(p):
            assert len(spoke) == 9
            distances = [distance(star, star.point(p), led) for led in spoke]
            assert distances == sorted(distances)
    with pytest.raises(ValueError, match="does not touch"):
        star.spoke(0, 1)


def test_arms_are_the_outer_triangle_of_each_tip(star):
    inner = set(star.inner_ring())
    for p in range(5):
        arms = star.arms(p)
        assert [len(arm) for arm in arms] == [3, 3]
        for arm, spoke in zip(arms, star.spokes(p)):
            assert arm == spoke[:3]
            assert not inner & set(arm)


def test_inner_pentagon_sides_clockwise_from_the_top(star):
    sides = star.inner_sides()
    assert [len(side) for side in sides] == [3] * 5
    top = sides[0]
    assert all(abs(star.position(i)[1] - star.position(top[0])[1]) < 1e-3 for i in top), "the first side is the flat top"
    assert star.position(top[0])[0] < star.position(top[-1])[0], "and runs left to right (clockwise)"
    ring = star.inner_ring()
    assert len(set(ring)) == 15
    angles = [(star.angle(i) + 36) % 360 for i in ring]
    assert angles == sorted(angles)
    # the ring is the middle third of every line
    assert sorted(ring) == sorted(i for line in range(5) for i in star.line(line)[3:6])


def test_middles_are_the_centre_of_each_line(star):
    assert star.middles() == [star.line(i)[4] for i in range(5)]


def test_circle_runs_clockwise_from_the_top_and_sits_beside_the_points(ringed):
    circle = ringed.circle()
    angles = [ringed.angle(i) for i in circle]
    assert angles[0] == pytest.approx(0, abs=0.5)
    assert angles == sorted(angles)
    for p in range(5):
        assert ringed.circle_near(p) == circle[8 * p]


def test_positions_fit_the_unit_square(ringed):
    for x, y in ringed.positions():
        assert 0 <= x <= 1 and 0 <= y <= 1


def test_led_spacing_keeps_clear_of_the_crossings(star):
    """No two LEDs of different lines crowd each other at a crossing: the nearest pair is
    at least half a line's LED pitch apart."""
    pitch = distance(star, star.line(0)[0], star.line(0)[1])
    nearest = min(
        distance(star, a, b)
        for i in range(5) for j in range(i + 1, 5)
        for a in star.line(i) for b in star.line(j)
    )
    assert nearest > 0.5 * pitch


def test_pixel_map_groups(star):
    groups = star.pixel_map_groups()
    assert groups[:5] == [(i,) for i in star.points()]
    assert groups[5:] == [tuple(star.line(i)) for i in range(5)]


def test_addressing_refuses_a_sixth_point(star):
    with pytest.raises(ValueError, match="numbered 0 to 4"):
        star.point(5)
    with pytest.raises(ValueError, match="numbered 0 to 4"):
        star.line(True)


# -- bad files -----------------------------------------------------------------------------------
def write(tmp_path, data) -> str:
    path = tmp_path / "pentagram.json"
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return str(path)


def refused(tmp_path, data, circle: bool = False) -> str:
    with pytest.raises(LayoutError) as caught:
        Layout.load(write(tmp_path, data), circle=circle)
    message = str(caught.value)
    assert "\n" not in message and "Traceback" not in message
    return message


def test_a_missing_file(tmp_path):
    with pytest.raises(LayoutError, match="there is no pentagram layout at"):
        Layout.load(tmp_path / "nowhere.json")


def test_not_json(tmp_path):
    assert "is not JSON (line 2" in refused(tmp_path, '{\n  "points": [,]\n}')


def test_not_an_object(tmp_path):
    assert "must be a JSON object" in refused(tmp_path, [1, 2, 3])


def test_wrong_number_of_point_names(tmp_path, data):
    data["points"] = ["top", "right"]
    assert "must name the five points" in refused(tmp_path, data)


@pytest.mark.parametrize(
    "lines, words",
    [
        ([[0, 2]] * 4, "must list the five lines"),
        ([[0, 1], [1, 3], [2, 4], [3, 0], [4, 1]], "two steps apart"),
        ([[0, 2], [2, 0], [2, 4], [3, 0], [4, 1]], "repeats the line between points 2 and 0"),
        ([[0, 2], [1, 3], [2, 7], [3, 0], [4, 1]], "points are numbered 0 to 4"),
        ([[0, 2], [1, "3"], [2, 4], [3, 0], [4, 1]], "must be a whole number"),
        ([[0, 2], [1, 3, 4], [2, 4], [3, 0], [4, 1]], "[from point, to point] pair"),
    ],
)
def test_bad_lines(tmp_path, data, lines, words):
    data["lines"] = lines
    assert words in refused(tmp_path, data)


def test_an_unknown_role(tmp_path, data):
    data["pixels"][3]["role"] = "spoke"
    assert "pixel 3: role must be point, line or circle, not 'spoke'" in refused(tmp_path, data)


@pytest.mark.parametrize("value, words", [(1.5, "outside the unit square"), (True, "must be a number"),
                                          (None, "must be a number"), ("0.5", "must be a number")])
def test_a_position_outside_the_square(tmp_path, data, value, words):
    data["pixels"][7]["x"] = value
    assert "pixel 7: x" in (message := refused(tmp_path, data)) and words in message


def test_a_point_twice_and_a_point_missing(tmp_path, data):
    twice = copy.deepcopy(data)
    twice["pixels"][10]["point"] = 0
    assert "pixels 0 and 10 are both point 0" in refused(tmp_path, twice)
    missing = copy.deepcopy(data)
    missing["pixels"] = [p for p in missing["pixels"] if p != missing["pixels"][10]]
    assert "no LED for point 2" in refused(tmp_path, missing)


def test_a_point_that_does_not_exist(tmp_path, data):
    data["pixels"][0]["point"] = 5
    assert "point 5 does not exist" in refused(tmp_path, data)


def test_a_gap_in_a_line(tmp_path, data):
    data["pixels"][5]["position"] = 12
    assert "line 0's positions must run 0 to 8 without gaps" in refused(tmp_path, data)


def test_a_line_position_used_twice(tmp_path, data):
    data["pixels"][5]["position"] = 3
    assert "pixels 4 and 5 are both line 0 LED 3" in refused(tmp_path, data)


def test_lines_of_different_lengths(tmp_path, data):
    data["pixels"] = [p for p in data["pixels"] if not (p["role"] == "line" and p["line"] == 1 and p["position"] == 8)]
    assert "every line needs the same number of LEDs, not 9, 8, 9, 9, 9" in refused(tmp_path, data)


def test_the_circle_must_end_the_chain(tmp_path, data):
    circle_led = data["pixels"].pop(60)
    data["pixels"].insert(20, circle_led)
    assert "comes after the circle" in refused(tmp_path, data)


def test_asking_for_a_circle_the_file_lacks(tmp_path, data):
    data["pixels"] = [p for p in data["pixels"] if p["role"] != "circle"]
    Layout.load(write(tmp_path, data))  # fine without it
    assert "has no outer circle" in refused(tmp_path, data, circle=True)


def test_a_gap_in_the_circle(tmp_path, data):
    data["pixels"][-1]["position"] = 45
    assert "the circle's positions must run 0 to 39" in refused(tmp_path, data, circle=True)


def test_a_rewired_chain_is_followed(tmp_path, data):
    """A builder who wires line 0 backwards lists it backwards: addressing follows the file."""
    pixels = data["pixels"]
    run = pixels[1:10]
    pixels[1:10] = run[::-1]
    layout = Layout.load(write(tmp_path, data))
    assert layout.line(0) == list(range(9, 0, -1))
    assert layout.spoke(0, 0)[0] == 9
