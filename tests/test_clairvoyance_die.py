"""The eight-sided die (``companion/games/clairvoyance/die.py``): the two shipped layouts,
a group's own die entered face by face, and the turns a die allows."""

from __future__ import annotations

import itertools

import pytest

from companion.engine import Refused
from companion.games.clairvoyance import CLAIRVOYANCE as G
from companion.games.clairvoyance.die import FACES, LAYOUTS, custom, die_of
from tests.clairvoyance_table import RESOLVE, play, refused, setup, start, throw

#: the tables docs/clairvoyance.md draws, worked out by hand from the corner numberings
STANDARD = {1: (2, 3, 5), 2: (1, 4, 6), 3: (1, 4, 7), 4: (2, 3, 8), 5: (1, 6, 7), 6: (2, 5, 8), 7: (3, 5, 8),
            8: (4, 6, 7)}
RULEBOOK = {1: (2, 4, 8), 2: (1, 3, 5), 3: (2, 4, 6), 4: (1, 3, 7), 5: (2, 6, 8), 6: (3, 5, 7), 7: (4, 6, 8),
            8: (1, 5, 7)}


def as_spec(table) -> dict:
    return {str(f): list(near) for f, near in table.items()}


@pytest.mark.parametrize("name, table", [("standard", STANDARD), ("rulebook", RULEBOOK)])
def test_the_shipped_layouts(name, table):
    die = LAYOUTS[name]
    assert {f: die.adjacent(f) for f in FACES} == table
    assert die.as_json() == as_spec(table)


@pytest.mark.parametrize("name", ["standard", "rulebook"])
def test_every_face_touches_three_others_both_ways_and_never_its_opposite(name):
    die = LAYOUTS[name]
    for face in FACES:
        near = die.adjacent(face)
        assert len(set(near)) == 3 and face not in near
        assert all(face in die.adjacent(other) for other in near)
        # the opposite face is the one at distance three: it touches none of face's neighbours' ...
        far = [f for f in FACES if f != face and f not in near
               and not any(f in die.adjacent(n) for n in near)]
        assert len(far) == 1


def test_the_standard_die_has_opposites_summing_to_nine_and_odd_faces_round_one_tip():
    die = LAYOUTS["standard"]
    for face in FACES:
        assert 9 - face not in die.adjacent(face)
        assert 9 - face not in {g for n in die.adjacent(face) for g in die.adjacent(n)}
    # four faces meet at a tip: around it each touches two of the others
    odd = [1, 3, 5, 7]
    assert all(sum(other in die.adjacent(face) for other in odd) == 2 for face in odd)


def test_the_rulebook_layout_agrees_with_the_die_example():
    """"Gertrude looks at the 3 faces adjacent to the 3 and see 2, 6, and 4.\""""
    assert LAYOUTS["rulebook"].adjacent(3) == (2, 4, 6)
    # on a sum-9 die that cannot be: 6 is 3's opposite
    assert 6 not in LAYOUTS["standard"].adjacent(3)


def test_a_groups_own_die_face_by_face():
    spec = {"1": [4, 6, 7], "2": [4, 6, 8], "3": [4, 7, 8], "4": [1, 2, 3], "5": [6, 7, 8], "6": [1, 2, 5],
            "7": [1, 3, 5], "8": [2, 3, 5]}
    die = custom(spec)
    assert die.layout == "custom" and die.adjacent(1) == (4, 6, 7) and die.can_turn(5, 8)
    assert die_of(spec) == die and die_of("standard") is LAYOUTS["standard"]


def test_every_relabelling_of_the_octahedron_is_accepted():
    base = LAYOUTS["standard"]
    for perm in itertools.islice(itertools.permutations(FACES), 0, 40320, 997):
        relabel = dict(zip(FACES, perm))
        spec = {str(relabel[f]): [relabel[n] for n in base.adjacent(f)] for f in FACES}
        assert custom(spec).adjacent(relabel[1]) == tuple(sorted(relabel[n] for n in base.adjacent(1)))


BAD_DICE = [
    ("cube", "die must be \"rulebook\", \"standard\", or the faces each face touches"),
    ({"1": [2, 3, 5]}, "for all eight"),
    # through the API a face may come as a number (a log's JSON keys are always text): no traceback
    ({1: [2, 3, 5], **{k: v for k, v in as_spec(STANDARD).items() if k != "1"}}, "for all eight"),
    ({**as_spec(STANDARD), "1": [2, 3]}, "each face touches exactly three others: face 1 lists [2, 3]"),
    ({**as_spec(STANDARD), "1": [2, 3, 3]}, "face 1 lists [2, 3, 3]"),
    ({**as_spec(STANDARD), "1": [1, 3, 5]}, "face 1 cannot touch itself"),
    ({**as_spec(STANDARD), "1": [2, 3, 9]}, "must be a face of the die, 1 to 8, not 9"),
    ({**as_spec(STANDARD), "1": "2, 3, 5"}, "face 1 must list the faces it touches"),
    ({**as_spec(STANDARD), "1": [2, 3, 8]}, "face 1 touches 8, so 8 must touch 1 too"),
    # the Möbius ladder: three faces each, both ways, but not an octahedron (odd cycles)
    ({str(v + 1): sorted([(v + 1) % 8 + 1, (v - 1) % 8 + 1, (v + 4) % 8 + 1]) for v in range(8)},
     "these cannot be an eight-sided die's faces"),
]


@pytest.mark.parametrize("spec, words", BAD_DICE)
def test_a_die_that_is_no_octahedron_is_refused(spec, words):
    with pytest.raises(Refused) as caught:
        die_of(spec)
    assert words in caught.value.reason


def test_two_separate_cubes_cannot_happen_but_a_disjoint_die_is_refused_too():
    # two K4s: three faces each, both ways, but triangles (not two sets of four)
    k4 = {str(f): [g for g in (1, 2, 3, 4) if g != f] for f in (1, 2, 3, 4)}
    k4 |= {str(f): [g for g in (5, 6, 7, 8) if g != f] for f in (5, 6, 7, 8)}
    with pytest.raises(Refused, match="cannot be an eight-sided die"):
        custom(k4)


def test_the_setup_takes_the_groups_die_and_turns_follow_it():
    spec = as_spec(STANDARD)
    s = start(3, face=3, die=spec)
    assert G.summary(s)["die"] == {"layout": "custom", "face": 3, "reachable": [1, 4, 7]}
    s = play(s, throw(0, "Lamp", 1), RESOLVE)
    assert refused(s, {"act": "die", "seat": 0, "face": 2}) == "the die shows 3: it turns to 1, 4 or 7, not 2"
    with pytest.raises(Refused, match="die must be"):
        G.setup(setup(3, die="d8"))


def test_the_docs_draw_the_same_tables():
    """docs/clairvoyance.md draws each layout as a table: it must be the die the code uses."""
    from pathlib import Path

    text = (Path(__file__).resolve().parents[1] / "docs" / "clairvoyance.md").read_text(encoding="utf-8")
    rows = [line for line in text.splitlines() if line.startswith("| touches |") or line.startswith("| opposite |")]
    tables = []
    for touches, opposite in zip(rows[0::2], rows[1::2]):
        near = [tuple(int(f) for f in cell.split()) for cell in touches.split("|")[2:-1]]
        far = [int(cell) for cell in opposite.split("|")[2:-1]]
        tables.append((near, far))
    assert len(tables) == 2
    for (near, far), name in zip(tables, ("rulebook", "standard")):
        die = LAYOUTS[name]
        assert near == [die.adjacent(f) for f in FACES], name
        for face in FACES:  # the opposite touches none of the face's neighbours' neighbours but itself
            assert far[face - 1] not in die.adjacent(face) and far[face - 1] != face
            assert all(far[face - 1] not in die.adjacent(n) for n in die.adjacent(face))
