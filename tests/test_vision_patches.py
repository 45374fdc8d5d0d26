"""Where two taught faces differ, and how the namer reads those patches on a face partly
hidden (``companion.vision.patches``): a patch mostly under another card still tells by its
parts that show whole, a difference too small to count as shape (one corner index) still
tells where it is read plainly, and the cells along a top card's edge, left out of the
comparison, hide nothing of what tells two names apart; a patch shows whole where its print lies
clear of a top card, and the patches that show whole decide where they read plainly."""

import numpy as np

from companion.vision.geometry import covered_on_face, straighten
from companion.vision.patches import PART_SIDE, parts_apart
from companion.vision.reading import SAFE, UNSURE
from tests.vision_scenes import invented, named_at_its_place, names_at, read_scene, true_cards


def _faces_with(*boxes):
    """Two 'sharp faces' (140 x 100) differing in the given boxes (x, y, w, h), each with a
    picture there in both (a stroke in one, a ring in the other), and the mask of where they
    differ."""
    rng = np.random.default_rng(7)
    ta = rng.normal(0, 1, (140, 100)).astype(np.float32)
    tb = ta.copy()
    differ = np.zeros((140, 100), np.uint8)
    for x, y, w, h in boxes:
        tb[y:y + h, x:x + w] = -ta[y:y + h, x:x + w]
        differ[y:y + h, x:x + w] = 1
    return ta, tb, differ


def test_a_corner_pip_three_pixels_from_the_big_symbol_is_a_part_of_its_own():
    """Grown by two pixels, a pip three pixels from the big symbol joins it into one patch;
    grown by one, they lie apart, and each big enough is a part."""
    pip, symbol = (10, 30, 12, 12), (25, 45, 40, 40)  # 3 pixels between them
    ta, tb, differ = _faces_with(pip, symbol)
    box = (8, 28, 59, 59)  # the joined patch, grown
    parts = parts_apart(differ, ta, tb, box)
    assert [p[:4] for p in parts] == [(9, 29, 14, 14), (24, 44, 42, 42)]


def test_a_sliver_is_no_part():
    """A strip a few pixels wide (the edge of a pip a pixel off) is too small to be matched on
    its own: with a few pixels' play it matches either face (big 1111: a 3 of squares under a
    hand was named a 2 by such slivers)."""
    sliver, symbol = (10, 30, PART_SIDE - 6, 20), (17, 30, 40, 40)
    ta, tb, differ = _faces_with(sliver, symbol)
    parts = parts_apart(differ, ta, tb, (8, 28, 51, 44))
    assert [p[:4] for p in parts] == [(16, 29, 42, 42)]


def test_a_patch_of_one_part_has_no_parts():
    ta, tb, differ = _faces_with((20, 20, 30, 30))
    assert parts_apart(differ, ta, tb, (18, 18, 34, 34)) == ()


def test_a_suit_shown_by_the_corner_pip_decides_though_the_patch_it_joins_is_hidden():
    """Big 0584: a 3 of squares, a 3 of circles over its big square and its lower corner, its
    upper corner index (3 and a small square) in view.  The small square and the big one
    differ from the circles' as one patch, mostly under the card: the patch told nothing, and
    the card was taken for a 3 of circles, unsure (then missed).  The pip alone tells."""
    placed, readings = read_scene("big", "0584.jpg")
    truth = next(p for p in placed if p.card == "3 square")
    assert names_at(readings, truth) == {"3 square"}


def test_one_corner_index_read_plainly_tells_two_ranks_apart():
    """Big 1377: a 2 of crosses, a hand over its upper corner index.  Where a 2 and a 3 differ,
    only the lower index shows: too little to count as shape, so nothing told them apart and
    the card was unsure (a 3 on top).  Read plainly, the index tells."""
    naming = named_at_its_place("big", "1377.jpg", "2 cross")
    assert naming.card == "2 cross" and naming.confidence >= SAFE


def test_a_card_whose_telling_pip_lies_under_a_hand_is_not_named_by_slivers():
    """Big 1111: a 3 of squares, its middle square (all that tells it from a 2) under a hand.
    Matched on its own, any sliver of a pip's edge would name it; it must not be named a 2."""
    placed, readings = read_scene("big", "1111.jpg")
    truth = next(p for p in placed if p.card == "3 square")
    assert names_at(readings, truth) - {UNSURE} <= {"3 square"}


# big 0049's 1 of circles, at the outline the reader found for it, and the 3 of circles over it
CIRCLE_1 = np.float32([[647.9, 303.9], [740.8, 414.9], [623.5, 559.6], [516.2, 458.7]])
CIRCLE_3 = np.float32([[595.8, 445.5], [617.6, 304.9], [800.9, 333.8], [785.5, 474.4]])


def test_the_cells_along_a_top_card_s_edge_hide_nothing_that_tells_two_names_apart():
    """Big 0049: a 1 of circles, a 3 of circles' corner over its lower half, its numeral beside
    that corner.  The cells along the corner's edge are left out of the comparison, and they
    were counted as hiding what tells a 1 from a 5 too: so little seemed to show that the
    numeral read plainly counted for little, and the card was unsure, then missed.  (Since a
    card half under another is glanced at past the card on top, an outline a few pixels off
    names it a 4 surely too; fitted, the 4 fits it plainly worse, and the 1 stands.)"""
    frame, placed, taught = true_cards("big", "0049.jpg")
    naming = taught.namer.name(straighten(frame, CIRCLE_1), covered_on_face(CIRCLE_1, [CIRCLE_3]))
    assert naming.card == "1 circle" and naming.confidence >= SAFE
    readings = taught.read(frame)
    truth = next(p for p in placed if p.card == "1 circle")
    assert names_at(readings, truth) == {"1 circle"}
    assert not invented(placed, readings)


def test_a_corner_index_beside_a_top_card_s_edge_shows_whole_where_its_print_lies_clear():
    """Big 1015: a 1 of crosses, a back over its upper half, its lower corner index beside the
    back's edge.  The index's patch (where a cross and a star differ) reaches a few pixels of
    bare paper into the back's shadow, so it was never counted as shown whole, and the card
    was missed.  Its print lies clear of the back: it shows whole, and tells the cross."""
    naming = named_at_its_place("big", "1015.jpg", "1 cross")
    assert naming.card == "1 cross" and naming.confidence >= SAFE
    placed, readings = read_scene("big", "1015.jpg")
    truth = next(p for p in placed if p.card == "1 cross")
    assert names_at(readings, truth) == {"1 cross"}


def test_the_patches_shown_whole_decide_though_a_patch_cut_by_the_top_card_reads_poorly():
    """Big 0966: a 1 of squares, a 5 of squares over its middle.  Its corner numerals show
    whole and read a 1 plainly against a 2, but the 2's pip, cut by the 5's edge and matched
    where it shows, looks like neither face: over all the patches the reading was not plain,
    and the card was unsure.  The patches shown whole, read plainly, decide."""
    placed, readings = read_scene("big", "0966.jpg")
    truth = next(p for p in placed if p.card == "1 square")
    assert names_at(readings, truth) == {"1 square"}
    assert not invented(placed, readings)
