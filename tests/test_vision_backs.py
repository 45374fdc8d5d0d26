"""A back read by its look (companion/vision/backs.py): the colours its pattern blends to, cell
by cell, and how busy it is — the same however far the outline is off the pattern, and like no
face and no table; refused where the outline is no card's shape, where the look goes on past a
side (two backs side by side, a back on a cloth of its colour) unless the back's rim runs
along it (a back lying on another), and where the outline takes in a card named by its
picture."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from companion.vision.backs import BackLook, table_colour
from companion.vision.covers import looked_astray
from companion.vision.geometry import overlap
from companion.vision.places import LOOK_WITHIN, SAME, best_first, one_per_place
from companion.vision.reader import BACK_LOOK, LOOKED
from companion.vision.reading import UNSURE, Reading
from sim.table_camera import STYLES
from sim.zener_print import card_back
from tests.vision_scenes import card, invented, names_at, read_round, read_scene
from tests.vision_score import taught_faces


@pytest.fixture(scope="module")
def decks():
    return taught_faces()


@pytest.mark.parametrize("style", [s.name for s in STYLES])
def test_a_back_looks_like_itself_however_far_off_and_no_face_does(decks, style):
    faces = decks[style]
    look = BackLook(faces["back"])
    for shift in (0, 3, 5, 9):  # pixels off its pattern, as an outline a little off leaves it
        assert look.share(np.roll(faces["back"], (shift, shift), axis=(0, 1))) > 0.75  # (stripes' phase: 0.77)
    assert max(look.share(face) for name, face in faces.items() if name != "back") < 0.5  # (0.43 at most on the corpus)


def test_a_back_half_under_a_card_on_top_is_judged_by_what_shows(decks):
    faces = decks["classic"]
    look = BackLook(faces["back"])
    half = faces["back"].copy()
    half[92:] = faces["3 star"][92:]  # the lower part under a face
    covered = np.zeros(half.shape[:2], bool)
    covered[92:] = True
    assert look.share(half) < BACK_LOOK
    assert look.share(half, covered) > 0.9
    covered[60:] = True  # too little shows to judge
    assert look.share(half, covered) == 0.0


def _shares_of(bgr) -> np.ndarray:
    colour = np.float32(bgr) + 1.0
    return colour / colour.sum()


@pytest.mark.parametrize("style", [s.name for s in STYLES])
def test_a_back_under_a_hand_is_judged_by_what_the_hand_leaves(decks, style):
    """A smooth patch of skin over the lower third of a back is left out of its look — unless
    it is the table's colour (a wood as warm as skin, past an outline off the back) or too
    small to be a hand."""
    back = decks[style]["back"]
    look = BackLook(back)
    skin = (110, 150, 200)
    under_hand = back.copy()
    under_hand[92:] = skin
    wood = _shares_of((30, 50, 80))
    hand_cells = np.zeros(back.shape[:2], bool)
    hand_cells[92:] = True
    assert look.share(under_hand) < BACK_LOOK  # the table unknown: no hand is left out
    assert look.share(under_hand, table=wood) == pytest.approx(look.share(back, hand_cells))
    assert look.share(under_hand, table=_shares_of(skin)) < BACK_LOOK  # the table's own colour
    speck = back.copy()
    speck[60:84, 30:54] = skin  # four cells: no hand
    assert look.share(speck, table=wood) == look.share(speck)


def test_the_table_s_colour_is_the_frame_s_outer_ring():
    frame = np.full((720, 1280, 3), (30, 50, 80), np.uint8)
    frame[100:620, 200:1080] = (230, 230, 230)  # cards and a hand lie inside the ring
    frame[:, 600:640] = (110, 150, 200)  # an arm crosses it
    assert np.abs(table_colour(frame) - _shares_of((30, 50, 80))).max() < 0.01


@pytest.mark.parametrize("scene, index", [("090.jpg", 1), ("157.jpg", 2)])
def test_a_back_whose_pattern_does_not_match_at_its_outline_is_read_by_its_look(scene, index):
    """Check 090: a blue lattice back under a 4 of squares, its outline guessed from the two
    corners that show; check 157: a back beside a hand, whose picture only guessed it a back
    (an outline a corner off, 0.37), named by its look at the same place."""
    placed, readings = read_scene("check", scene)
    assert names_at(readings, placed[index]) == {"back"}
    assert not invented(placed, readings)


@pytest.mark.parametrize("scene, around", [("check/268.jpg", None), ("big/1755.jpg", "back"),
                                           ("big/1272.jpg", None), ("big/0930.jpg", None),
                                           ("big/1011.jpg", None)])
def test_an_outline_that_is_no_back_s_own_is_not_read_by_its_look(scene, around):
    """Check 268: a pile of backs on a blue checked cloth — an outline half on the cloth looked
    like a back cell by cell, and the look going on past its side tells it; big 1755 and 1272:
    outlines no card's shape (a thin wedge over a back and a hand; 1755 is read as the live
    loop reads it, ``around`` that back: the whole frame costs nine times as much); big 0930
    and 1011: outlines reaching off a back onto a brown wood and a purple check, whose cells are
    as warm and as smooth as a hand's (the table's colour, and a few cells, are no hand)."""
    set_name, name = scene.split("/")
    if around:
        placed, _, readings = read_round(set_name, name, around)
    else:
        placed, readings = read_scene(set_name, name)
    assert not invented(placed, readings)
    backs = [p for p in placed if p.card == "back" and p.visible >= 0.5]
    assert all(names_at(readings, p) <= {"back", UNSURE} for p in backs)


def looked_back(x: float, under=(), width: float = 100) -> Reading:
    """A back read by its look at an outline ``width`` wide (a look's outline may be part of a
    back: its cells look alike anywhere on it)."""
    corners = np.float32([[x, 0], [x + width, 0], [x + width, 140], [x, 140]])
    return Reading("back", "back", corners, 0.9, LOOKED, (("back", 0.9),), tuple(under), by_look=True)


def test_a_back_its_picture_guessed_unsurely_is_named_by_its_look():
    """Big 0683: a back whole in plain view, its outline a few pixels off its fine pattern,
    guessed a back by its picture but unsurely (0.57) — and named surely by its look at the same
    place.  The picture's outline comes first, and was kept unsure; now the look names it there
    (a picture's outline is nearer the card's than a look's).  A picture that guessed a face
    there keeps its place: the look does not overrule it."""
    guessed = Reading(UNSURE, "back", looked_back(0).corners + 2, 0.3, 0.57, (("back", 0.3),))
    [kept] = one_per_place(best_first([looked_back(0), guessed]))
    assert kept.card == "back" and kept.by_look and kept.confidence == 0.9
    assert np.array_equal(kept.corners, guessed.corners)
    face = replace(guessed, guess="4 star", candidates=(("4 star", 0.3),))
    [kept] = one_per_place(best_first([looked_back(0), face]))
    assert kept is face
    named = card("back", 2, confidence=0.9, similarity=0.8)  # named by its picture: its outline stands
    [kept] = one_per_place(best_first([looked_back(0), named]))
    assert kept is named


def test_a_back_guessed_behind_a_likelier_unsure_face_is_named_by_its_look():
    """Big 1150: an outline a little off the back, guessed a face unsurely but likelier than
    the picture's unsure back, stood first at the place; the look was compared with it alone
    and the back was missed.  The look names the place's back guess, wherever it stands."""
    guessed = Reading(UNSURE, "back", looked_back(0).corners, 0.0, 0.61, (("back", 0.0),))
    face = Reading(UNSURE, "5 star", looked_back(50).corners, 0.0, 0.76, (("5 star", 0.2),))  # half over it
    look = looked_back(30, width=60)  # (within the guess, and two thirds within the face)
    assert overlap(look.corners, face.corners) >= SAME
    kept = one_per_place(best_first([face, guessed, look]))
    backs = [r for r in kept if r.card == "back"]
    assert len(backs) == 1 and backs[0].by_look and np.array_equal(backs[0].corners, guessed.corners)


def test_a_back_guessed_where_an_unsure_face_stands_for_the_place_is_named_by_its_look():
    """Big 0581: a back half under a hand; an outline taking in the hand guessed a face
    unsurely and stood for the place, the picture's unsure back guesses at the card's own
    outline merged into it, and the look, sure, was dropped: nothing was read there.  The look
    names the back guessed behind the face, at the guess's outline."""
    face = Reading(UNSURE, "3 star", looked_back(12).corners, 0.0, 0.72, (("3 star", 0.0),))
    guessed = Reading(UNSURE, "back", looked_back(0).corners, 0.0, 0.60, (("back", 0.0),))
    assert len(one_per_place(best_first([face, guessed]))) == 1  # (one place: the face stands for it)
    below_the_hand = looked_back(30, width=60)  # (the look of the part the hand leaves, within the guess)
    kept = one_per_place(best_first([face, guessed, below_the_hand]))
    assert len(kept) == 1 and kept[0].card == "back" and kept[0].by_look
    assert np.array_equal(kept[0].corners, guessed.corners)
    # a look on the face's outline but off the back guessed there names nothing (big 1462: the
    # look of a back beside such a place named the guess, on the table, a back invented)
    assert overlap(looked_back(50).corners, face.corners) >= SAME > overlap(looked_back(50).corners, guessed.corners)
    assert [r.card for r in one_per_place(best_first([face, guessed, looked_back(50)]))] == [UNSURE]
    # nor a look lying partly past the guess (big 1755: a look at part of a back, a third of it
    # outside a guess lying mostly on the cloth, named the guess: a back invented)
    partly_past = looked_back(60, width=60)
    assert LOOK_WITHIN > overlap(partly_past.corners, guessed.corners) >= SAME
    assert [r.card for r in one_per_place(best_first([face, guessed, partly_past]))] == [UNSURE]
    # with no back guessed there, the unsure face stands and the look is not let in
    kept = one_per_place(best_first([face, below_the_hand]))
    assert [r.card for r in kept] == [UNSURE] and kept[0].guess == "3 star"
    # nor where the place is named surely
    sure = Reading("3 star", "3 star", looked_back(12).corners, 0.9, 0.95, (("3 star", 0.9),))
    assert [r.card for r in one_per_place(best_first([sure, guessed, below_the_hand]))] == ["3 star"]

def test_a_back_read_by_its_look_over_a_card_named_by_its_picture_is_astray():
    named_back = card("back", 40, similarity=0.75)  # named by its picture, not seen whole
    assert looked_astray(looked_back(0), [looked_back(0), named_back])
    face_on_top = card("3 star", 40, similarity=0.97)  # a face seen whole lies on top of it
    assert not looked_astray(looked_back(0), [looked_back(0), face_on_top])
    assert not looked_astray(looked_back(0), [looked_back(0), card("back", 90)])  # barely touching
    assert not looked_astray(named_back, [looked_back(0), named_back])  # (only a look is astray)


def test_a_back_read_by_its_look_under_a_back_whose_edge_shows_on_top_is_not_astray():
    """Big 0240: a back under another back (named by its picture, not seen whole), its look
    named surely, was dropped as astray over the card on top.  The top back's edge runs
    across it: it lies on top, and the back under it stands."""
    from companion.vision.geometry import EdgeField

    back = card_back(STYLES[0], 140)  # 140 x 196
    frame = np.full((500, 600, 3), 120, np.uint8)
    frame[100:296, 100:240] = back
    frame[130:326, 160:300] = back  # over the first's right half
    edges = EdgeField(frame)

    def reading(x, y, by_look):
        corners = np.float32([[x, y], [x + 140, y], [x + 140, y + 196], [x, y + 196]])
        return Reading("back", "back", corners, 0.9, LOOKED if by_look else 0.8, (("back", 0.9),), by_look=by_look)

    under, over = reading(100, 100, True), reading(160, 130, False)
    assert looked_astray(under, [under, over])  # (without the edges: the card over it is taken in)
    assert not looked_astray(under, [under, over], edges)
    # the other way round, a look over a card whose edge the look's own card crosses: astray
    looked_over, named_under = reading(160, 130, True), reading(100, 100, False)
    assert looked_astray(looked_over, [looked_over, named_under], edges)


def test_a_back_under_a_back_named_by_its_picture_is_named():
    """Big 0240: a back a third under a back named by its picture (and a fifth under another
    seen whole) was read by its look and dropped as astray; the edges show the back over it
    lies on top."""
    placed, readings = read_scene("big", "0240.jpg")
    under = placed[0]
    assert under.card == "back" and under.visible < 0.6
    assert names_at(readings, under) == {"back"}
    assert not invented(placed, readings)


def _a_back_on_another(decks):
    """Two classic backs printed on a grey table, the second lying over the first's right part:
    the frame, the taught back's look and the top back's true outline."""
    back = card_back(STYLES[0], 140)  # 140 x 196, its white rim 4 pixels wide
    frame = np.full((500, 600, 3), 120, np.uint8)
    frame[100:296, 100:240] = back
    frame[130:326, 200:340] = back
    return frame, BackLook(decks["classic"]["back"]), np.float32([[200, 130], [340, 130], [340, 326], [200, 326]])


def test_a_back_on_another_back_is_its_own_card_by_its_rim(decks):
    """Big 1944: a back whole on another back (on a checked cloth, which merges them in every
    outline): the look went on past its side over the other back, and it was refused as an
    outline straddling two backs.  The rim along that side says it is the card's own edge."""
    frame, look, top = _a_back_on_another(decks)
    assert not look.beside(frame, top)
    assert look.on_its_rims(frame, top) is top
    straddling = top - np.float32([50, 0])  # half over each back, no rim along its sides
    assert look.beside(frame, straddling)
    assert look.on_its_rims(frame, straddling) is None


def test_a_back_s_outline_short_of_its_rim_is_moved_onto_it(decks):
    """The corners guessed for a back on another back lay a tenth of its side inside its rim on
    the side over the other back (big 1944): that side is moved out onto the rim."""
    frame, look, top = _a_back_on_another(decks)
    short = top + np.float32([[14, 0], [0, 0], [0, 0], [14, 0]])  # its left side 14 pixels in
    assert look.beside(frame, short)
    assert np.abs(look.on_its_rims(frame, short) - top).max() <= 2.0


def test_a_back_a_third_under_a_hand_is_named():
    """Big 1279: a back beside another, a hand's fingers over a third of it.  The hand's cells
    look like no back, and the rest alone was too little of the whole to name it by its look."""
    placed, readings = read_scene("big", "1279.jpg")
    assert placed[2].card == "back" and 0.7 < placed[2].visible < 0.75
    assert names_at(readings, placed[2]) == {"back"}
    assert not invented(placed, readings)


def test_a_back_whole_on_another_back_is_named():
    """Big 0987, read as the live loop reads what changed round it: a back lying whole on another
    back was missed (no outline of its own, and its look refused for going on past its side)."""
    placed, (back,), readings = read_round("big", "0987.jpg", "back", which=lambda p: p.visible == 1.0)
    assert names_at(readings, back) == {"back"}
    assert not invented(placed, readings)


def test_a_back_under_a_back_with_a_hand_over_it_is_named():
    """Big 0244: a back a fifth under another back, a hand over that one.  The look of the back
    under went on past its covered side, over the back on top, and its outline was refused as
    straddling the two; the back on top, under the hand, is named below the likeness that makes
    a card count as on top, so it was not known to cover that side.  Its edge shows it lies on
    top: the refused outline is read again past it, and both backs are named."""
    placed, readings = read_scene("big", "0244.jpg")
    backs = [p for p in placed if p.card == "back" and p.visible >= 0.5]
    assert len(backs) == 2
    assert all(names_at(readings, back) == {"back"} for back in backs)
    assert not invented(placed, readings)


def test_a_whole_back_on_a_back_of_its_checks_is_named():
    """Big 0987: a whole back lies on top of another back of its checks.  Its sides showed only
    where the checks beyond them were dark, in pieces too short to be a side, and no outline
    came nearer it than four fifths — past which its look ran on over the back under it, and
    was refused.  The pieces along each side joined, its corners complete it."""
    placed, readings = read_scene("big", "0987.jpg")
    on_top = placed[-1]
    assert on_top.card == "back" and on_top.visible == 1.0
    assert names_at(readings, on_top) == {"back"}
    assert not invented(placed, readings)
