"""The reader's rules against a wrong card entered silently, each on the case that taught it:
a hand's skin is left out of the comparison, and so is a card lying on top; a face whose paper
is not the deck's colour is no card; a name given surely twice, to an outline of another size
than expected where it lies, to an outline that is half of another card, to a card whose
symbol is hidden (told only by its numeral's shade), or to a card another outline names
otherwise, is made unsure; outlines cut by a card on top or found a little narrow are
completed to the card, and outlines a little off are fitted onto their guess's taught face
(a fit that stretches the face out of a card's shape is refused)."""

from __future__ import annotations

from dataclasses import replace

import cv2
import numpy as np
import pytest

from companion.vision.cells import at_ink_size
from companion.vision.covers import completed_under, sure_over
from companion.vision.geometry import covered_on_face, iou, order_corners, straighten
from companion.vision import hands
from companion.vision.hands import hand_with_rim
from companion.vision.namer import FIRST_GLANCE, THUMB
from companion.vision.reader import GLANCE_SIZE
from companion.vision.ink import hues_apart
from companion.vision.patches import best_matches
from companion.vision.places import best_first, one_of_each, one_per_place
from companion.vision.reading import SAFE, UNSURE, Reading
from companion.vision.sizes import (card_size, expected_size, held_to_known, short_side_on, size_on_planes,
                                    sized_alike, sized_on_table, table_plane)
from sim.table_camera import STYLES, Conditions, compose
from tests.vision_scenes import (true_cards, card, invented, named_at_its_place, names_at, read_round,
                                 read_scene)
from tests.vision_score import readers

STYLE = STYLES[0]  # classic: white paper, coloured symbols
SKIN = (150, 180, 225)


@pytest.fixture(scope="module")
def reader():
    return readers()[STYLE.name]


def test_a_name_given_surely_twice_is_sure_only_where_it_is_likelier():
    readings = one_of_each([card("2 star", similarity=0.8), card("2 star", 300), card("back", 600),
                             card("back", 900)])
    by_x = {float(r.corners[0][0]): r for r in readings}
    assert by_x[300].card == "2 star" and by_x[0].card == UNSURE and by_x[0].guess == "2 star"
    assert by_x[0].confidence < SAFE
    assert [r.card for r in readings].count("back") == 2  # backs are many


def test_another_outline_naming_a_card_otherwise_leaves_it_unsure_unless_it_all_but_names_it():
    """Two outlines of one card, the second fitting a little better: where it leans to
    another name (even unsurely), which of the two is right is not known; where its own
    candidates give the first name a safe score, it is undecided between its guess and that
    name, not against it."""
    sure = card("2 star", similarity=0.90)

    def rival(candidates):
        return Reading(UNSURE, "1 star", sure.corners + 2, candidates[0][1], 0.91, candidates)

    [leaning] = one_per_place([sure, rival((("1 star", 0.5), ("2 star", 0.4), ("3 star", 0.2)))])
    assert leaning.card == UNSURE and leaning.guess == "2 star"
    [kept] = one_per_place([sure, rival((("1 star", 0.0), ("2 star", 0.94), ("3 star", 0.0)))])
    assert kept.card == "2 star"
    named_otherwise = Reading("1 star", "1 star", sure.corners + 2, 0.9, 0.91, (("1 star", 0.9), ("2 star", 0.85)))
    assert one_per_place([sure, named_otherwise])[0].card == UNSURE  # a sure rival always counts


def test_a_rival_sure_only_by_beating_every_rival_plainly_doubts_a_card_only_fitting_as_well():
    """A rival named surely fitting the card nearly as well (within ``CONFLICT_NEAR``) doubts
    it; one sure only by beating every rival plainly, below ``KNOWN``, must fit as well: its
    likeness is all that says its outline is not a little off.  Big 1186's 5 of crosses in
    glare (0.849) was doubted by a 5 of stars so named at 0.817, and was unsure."""
    from companion.vision.places import CONFLICT_NEAR
    from companion.vision.reading import KNOWN

    def rival(similarity):
        return Reading("5 star", "5 star", sure.corners + 2, 1.0, similarity, (("5 star", 1.0),))

    sure = card("5 cross", similarity=KNOWN - 0.007)
    assert one_per_place([sure, rival(KNOWN - 0.039)])[0].card == "5 cross"
    assert one_per_place([sure, rival(KNOWN - 0.007)])[0].card == UNSURE
    sure = card("5 cross", similarity=0.95)
    assert one_per_place([sure, rival(0.95 - CONFLICT_NEAR + 0.01)])[0].card == UNSURE
    placed, readings = read_scene("big", "1186.jpg")
    truth = next(p for p in placed if p.card == "5 cross")
    assert names_at(readings, truth) == {"5 cross"}
    assert not invented(placed, readings)


def test_an_unsure_rival_that_left_out_more_of_the_face_does_not_doubt_a_sure_name():
    """An unsure outline fitting a little better doubts a sure name — unless it was named with a
    card left out as lying over it that the sure name was not: its likeness is measured over
    less of the face.  Big 1428's 2 of squiggles, sure at 0.880, was doubted so by an outline
    at 0.884 named with the 4 of crosses under it taken to lie over it."""
    sure = card("2 squiggle", similarity=0.88)
    over = order_corners(cv2.boxPoints(((50, 140), (90, 126), 30)))
    rival = Reading(UNSURE, "1 squiggle", sure.corners + 2, 0.06, 0.884, (("1 squiggle", 0.06), ("5 squiggle", 0.76)))
    assert one_per_place([sure, rival])[0].card == UNSURE
    assert one_per_place([sure, replace(rival, under=(over,))])[0].card == "2 squiggle"
    # both named past that card: comparable
    assert one_per_place([replace(sure, under=(over,)), replace(rival, under=(over,))])[0].card == UNSURE
    placed, readings = read_scene("big", "1428.jpg")
    truth = next(p for p in placed if p.card == "2 squiggle")
    assert names_at(readings, truth) == {"2 squiggle"}
    assert not invented(placed, readings)


def test_a_card_named_past_the_card_over_it_stands_beside_that_card():
    """Big 0276: a 4 of circles half under a 1 of circles, named surely with the 1 left out as
    lying on top, at an outline sharing more than SAME with the 1's: two cards, one under the
    other, not two guesses at one — the 4's likelier naming put the 1 out, and it was missed."""
    top = card("1 circle", similarity=0.991)
    under = replace(card("4 circle", x=30, similarity=0.994), under=(top.corners,))
    kept = one_per_place(best_first([top, under]))
    assert sorted(r.card for r in kept) == ["1 circle", "4 circle"]
    stranger = card("4 circle", x=30, similarity=0.994)  # no card left out of it: another guess
    assert [r.card for r in one_per_place(best_first([top, stranger]))] == ["4 circle"]


def test_a_part_of_a_card_named_surely_leaves_the_card_named_surely_beside_it():
    """Big 0312: half a 2 of squares, a card's proportions at half its size, named a sure 1 of
    squares (0.94) — likelier than the whole 2 of squares (0.90) at the same place, so the whole
    was put out, and the size rule then made the half unsure: the card was missed.  The card
    after its likelier part stands beside it, for the size and half-of-a-card rules; a smaller
    outline after the likelier one does not (big 1625: a part of a 2 of stars, a sure 4), nor
    one of about the same size (one card's outlines: a sure rival makes it unsure)."""
    whole = card("2 square", similarity=0.90, confidence=0.94)
    part = card("1 square", 10, width=70, similarity=0.94)  # (70 x 98: half the whole's area)
    kept = one_per_place(best_first([whole, part]))
    assert sorted(r.card for r in kept) == ["1 square", "2 square"]
    likelier_whole = replace(whole, similarity=0.99)
    [kept] = one_per_place(best_first([likelier_whole, part]))
    assert kept is likelier_whole
    near_size = card("1 square", 4, width=92, similarity=0.94)  # 0.85 of its area: one card's outlines
    [kept] = one_per_place(best_first([whole, near_size]))
    assert kept.card == UNSURE
    guessed = replace(part, card=UNSURE, confidence=0.3)  # an unsure part: one place, as before
    [kept] = one_per_place(best_first([whole, guessed]))
    assert kept.card == "2 square"


def test_an_unsure_outline_that_scores_the_sure_name_likeliest_leaves_it_alone():
    """Big 1711: a 5 of circles named surely (0.93), and another outline of it, a little
    likelier, guessing a 3 — a guess that lost where the faces differ (0.0), the 5 scored
    highest of its names (0.31): it leans to the 5, unsurely, and does not doubt it; nor does
    one that scores the 5 as high as other ranks, telling none of them apart.  A rival
    scoring another name higher still doubts the sure name: a 2 of squares read as a 1, its
    numeral half hidden, had a rival scoring the 2 at 0.85 and the 1 at 0.35 (big 1182); so
    does one scoring nothing."""
    sure = card("5 circle", similarity=0.931)

    def rival(*candidates):
        return Reading(UNSURE, candidates[0][0], sure.corners + 2, candidates[0][1], 0.939, candidates)

    leaning = rival(("3 circle", 0.0), ("5 circle", 0.31), ("4 circle", 0.0), ("1 circle", 0.0))
    assert one_per_place([sure, leaning])[0].card == "5 circle"
    # big 0291: a rival telling the sure card from no other rank (0.2228 against 0.2241)
    no_rank_told = rival(("2 circle", 0.0), ("3 circle", 0.2241), ("5 circle", 0.2228), ("4 circle", 0.2229))
    assert one_per_place([sure, no_rank_told])[0].card == "5 circle"
    doubting = rival(("3 circle", 0.01), ("2 circle", 0.85), ("4 circle", 0.16), ("5 circle", 0.35))
    assert one_per_place([sure, doubting])[0].card == UNSURE
    assert one_per_place([sure, rival(("3 circle", 0.0), ("5 circle", 0.0))])[0].card == UNSURE


def test_an_unsure_guess_of_another_suit_leaves_a_sure_name_alone():
    """Ranks of one suit differ in a numeral or a pip, which an outline a few pixels off reads
    otherwise; suits differ in every symbol.  Another outline guessing another suit unsurely
    read the print misplaced, not another card (a 2 of circles, its other outline an unsure
    2 of squares, was left unsure); guessing another rank, or a back, it still puts the name in
    doubt, and a sure name of another suit always does."""
    sure = card("2 circle", similarity=0.90)

    def other(guess, named=UNSURE):
        return Reading(named, guess, sure.corners + 2, 0.9 if named != UNSURE else 0.3, 0.91, ((guess, 0.3),))

    assert one_per_place([sure, other("2 square")])[0].card == "2 circle"
    assert one_per_place([sure, other("3 circle")])[0].card == UNSURE
    assert one_per_place([sure, other("back")])[0].card == UNSURE
    assert one_per_place([sure, other("2 square", named="2 square")])[0].card == UNSURE


def test_a_sure_rival_of_another_suit_in_another_ink_leaves_a_sure_name_alone():
    """Big 0747: a numeral printing's 2 of squiggles named surely, and a sure 2 of stars at
    another outline of it a few pixels off — the card was left unsure between them, though
    the star's outline showed the squiggle's ink.  The rival in the wrong ink is unsure
    before they meet, and an unsure guess of another suit leaves the name alone."""
    placed, (truth,), readings = read_round("big", "0747.jpg", "2 squiggle")
    assert names_at(readings, truth) == {"2 squiggle"}
    assert not invented(placed, readings)


def test_a_card_taken_to_lie_on_top_but_lying_under_is_put_back_into_the_naming():
    """Big 0276: a mono 4 of circles lies over a corner of a 2 of squares, which is named at
    the likeness of a card seen whole and so was taken to lie on top: the square's corner,
    left out of the 4, hid its circles and left it unsure.  Named with the square put back,
    the 4 is as like as before and sure."""
    frame, placed, taught = true_cards("big", "0276.jpg")
    truth = next(p for p in placed if p.card == "4 circle")
    readings = taught.read(frame)  # (the whole frame: read round the 4 alone, the code before named it too)
    assert names_at(readings, truth) == {"4 circle"}
    assert not invented(placed, readings)


def test_an_outline_much_smaller_than_the_frame_s_cards_is_not_sure():
    half = card("1 cross", 600, width=70)  # half a 2 of pips, cut by a sleeve: a card's proportions
    readings = sized_alike([card("5 circle"), card("4 squiggle", 200, width=104), half])
    assert [r.card for r in readings] == ["5 circle", "4 squiggle", UNSURE]
    assert sized_alike([half]) == [half]  # alone, nothing to compare it with


def test_a_hand_over_a_card_is_left_out_and_the_rest_names_it(reader):
    frame, placed = compose(3, STYLE, Conditions(table="felt", cards=1, noise=2.0), cards=["4 circle"])
    face = straighten(frame, np.float32(placed[0].corners))
    covered = face.copy()
    covered[80:, :] = SKIN  # a hand over the lower part, its index and pips hidden
    hidden = reader.namer.hands.hand_cells(covered)
    assert hidden.mean() > 0.3
    naming = reader.namer.name(covered)
    assert naming.card == "4 circle" and naming.similarity > 0.9


@pytest.mark.parametrize("skin", [(31, 49, 77), (38, 55, 82), (127, 146, 176)],
                         ids=["dark hand", "dark hand in its own shade", "pale hand in shade"])
def test_a_hand_dark_or_pale_is_told_by_its_colour_not_its_brightness(reader, skin):
    """The common YCrCb skin rule misses a dark hand (its colour's offsets shrink with its
    brightness) and a pale one beside cream paper; the shares of red and blue do not."""
    frame, placed = compose(3, STYLE, Conditions(table="felt", cards=1, noise=2.0), cards=["4 circle"])
    covered = straighten(frame, np.float32(placed[0].corners))
    covered[80:, :] = skin
    assert reader.namer.hands.hand_cells(covered).mean() > 0.3
    naming = reader.namer.name(covered)
    assert naming.card == "4 circle" and naming.confidence >= SAFE


@pytest.mark.parametrize("name", ["2 circle", "4 square"])
def test_a_hand_over_the_pips_is_the_hand_still(name):
    """Red and orange pips are near skin's colour, so skin alone is not a hand where a
    taught face prints it; but a hand is one piece: the patch reaching beyond the pips is
    the hand over them too (else the pips' cells, under the hand, were named as paper)."""
    pips = next(style for style in STYLES if style.name == "pips")
    taught = readers()["pips"]
    frame, placed = compose(5, pips, Conditions(table="felt", cards=1, noise=2.0), cards=[name])
    covered = straighten(frame, order_corners(np.float32(placed[0].corners)))
    covered[:75, :] = (150, 175, 220)  # a pale hand over the upper half, its pips included
    cells = taught.namer.hands.hand_cells(covered).reshape(14, 10)
    assert cells[:7].all() and not cells[8:].any()
    naming = taught.namer.name(covered)
    assert naming.card == name and naming.confidence >= SAFE


def test_a_face_left_unsure_beside_a_hand_is_named_past_the_hand_s_rim(monkeypatch):
    """Big 1044: a 5 of crosses, a hand over its upper half.  The hand's edge is darker than
    its skin and no colour of skin; counted as the face, it read as ink, and the card was
    unsure (0.0) at its true outline and in the frame.  Named again with the hand grown by its
    rim, it is sure."""
    frame, placed, taught = true_cards("big", "1044.jpg")
    (cross,) = placed
    face = straighten(frame, np.float32(cross.corners))
    hand = taught.namer.hands.hand_pixels(face)
    rim = hand_with_rim(hand)
    assert (rim >= hand).all() and rim.mean() > hand.mean() + 0.1
    naming = taught.namer.name(face)
    assert naming.card == "5 cross" and naming.confidence >= SAFE
    monkeypatch.setattr(hands, "HAND_RIM", 0)  # the rim not left out: as before
    assert taught.namer.name(face).confidence < SAFE
    monkeypatch.undo()
    placed, (truth,), readings = read_round("big", "1044.jpg", "5 cross")
    assert names_at(readings, truth) == {"5 cross"}
    assert not invented(placed, readings)


@pytest.mark.parametrize("scene, corners", [
    ("1952.jpg", [[397, 455], [519, 377], [651, 536], [529, 614]]),   # a 3 of stars read as a 1
    ("0298.jpg", [[619, 195], [746, 175], [759, 348], [648, 359]])])  # a 3 of circles read as a 4
def test_a_sliver_of_a_numeral_between_fingers_names_nothing_surely(scene, corners):
    """A hand over a numeral printing's numeral, a sliver of it showing between two fingers:
    named surely wrong (0.88, 1.0) through the outlines the reader found — what tells the ranks
    apart lay nearly all under the hand, and the sliver decided."""
    frame, _, taught = true_cards("big", scene)
    assert taught.namer.name(straighten(frame, np.float32(corners))).confidence < SAFE


@pytest.mark.parametrize("scene, card", [("1456.jpg", "1 squiggle"),  # its squiggle under the fingers
                                         ("0065.jpg", "1 star")])      # its star between them
def test_a_numeral_s_ink_tells_the_suit_of_a_symbol_under_a_hand(scene, card):
    """A numeral printing's card, its numeral shown whole and its symbol under a hand: the
    shapes tell the rank but not the suit, and the numeral's ink does (it was unsure between
    the suits: the ink was read only past a card over a face, never past a hand)."""
    placed, (truth,), readings = read_round("big", scene, card)
    assert names_at(readings, truth) == {card}
    assert not invented(placed, readings)


def test_a_faded_ink_keeps_its_hue():
    """A dim room's noise or a blur mixes paper into an ink's pixels: its tone fades towards
    grey (away from its own, and nearer none) but points the same way from grey."""
    red, orange = np.float32([0.20, 0.19, 0.61]), np.float32([0.11, 0.33, 0.56])
    grey = np.full(3, 1 / 3, np.float32)
    faded = grey + 0.6 * (red - grey)
    angle, strength = hues_apart(np.stack([red, orange]), faded)
    assert angle[0] < 1.0 and angle[1] > 25.0
    assert strength[0] == pytest.approx(0.6, abs=0.01)


def test_a_numeral_s_faded_ink_tells_the_suit_of_a_symbol_under_a_card():
    """Big 0981: a numeral printing's 2 of crosses in a dim room, its cross under a 2 of stars:
    its red numeral, faded, measured 0.09 from the cross's ink — past the 0.08 that tells a suit
    — and it was unsure between the suits.  Its hue is the cross's."""
    placed, (truth,), readings = read_round("big", "0981.jpg", "2 cross")
    assert names_at(readings, truth) == {"2 cross"}
    assert not invented(placed, readings)


def test_a_sure_name_in_another_suit_s_ink_is_not_trusted_by_the_passes_after_it():
    """Big 1315: an outline across half a 4 of stars, its two right-hand stars one over the
    other, was named a 2 of squares surely; the passes after it skipped the 4's own outlines as
    that card's, and only the last check, finding the purple ink, made the 2 unsure — the 4 of
    stars was missed."""
    placed, readings = read_scene("big", "1315.jpg")
    truth = next(p for p in placed if p.card == "4 star")
    assert names_at(readings, truth) == {"4 star"}
    assert not invented(placed, readings)


def test_a_hand_s_pixels_are_no_ink_where_it_only_partly_covers_a_cell():
    """The hand's pixels shrunk to the ink's size are set wherever any of them lies: the
    cells mostly under it are left out already, and its edge in the others is skin."""
    hand = np.zeros((140, 100), bool)
    hand[100:, :] = True
    hand[50, 50] = True  # a single pixel of skin
    small = at_ink_size(hand)
    assert small.shape == (70, 50)
    assert small[50:].all() and small[25, 25] and small[:50].sum() == 1


def test_a_face_whose_paper_is_not_the_deck_s_colour_is_no_card(reader):
    frame, placed = compose(3, STYLE, Conditions(table="felt", cards=1, noise=2.0), cards=["4 circle"])
    seen = Reading("4 circle", "4 circle", np.float32(placed[0].corners), 1.0, 0.95)
    assert reader._checked(frame, [seen]) == [seen]
    pink = frame.copy()
    pink[..., :] = (170, 90, 200)  # a pink cloth's square where a plain printing's grey would be
    assert reader._checked(pink, [seen]) == []


def test_a_name_whose_ink_is_another_colour_is_not_sure():
    pips = next(style for style in STYLES if style.name == "pips")
    taught = readers()["pips"]
    frame, placed = compose(3, pips, Conditions(table="felt", cards=1, noise=2.0), cards=["5 star"])
    corners = np.float32(placed[0].corners)
    [right] = taught._checked(frame, [Reading("5 star", "5 star", corners, 1.0, 0.95)])
    assert right.card == "5 star"
    # in grey a star half under another card can pass for a cross; its purple cannot
    [crossed] = taught._checked(frame, [Reading("2 cross", "2 cross", corners, 1.0, 0.95)])
    assert crossed.card == UNSURE and crossed.guess == "2 cross"


def test_a_face_whose_ink_is_far_from_every_suit_s_keeps_its_name():
    """Big 0472: a 1 of crosses beside a hand, its blue dimmed in the hand's shadow, 0.18 from
    the cross's ink: the drift refused its name — but its ink is no nearer another suit's than
    that (0.17), so it says no other suit, and the card is named."""
    frame, placed, taught = true_cards("big", "0472.jpg")
    corners = np.float32(next(p for p in placed if p.card == "1 cross").corners)
    [kept] = taught._checked(frame, [Reading("1 cross", "1 cross", corners, 1.0, 0.95)])
    assert kept.card == "1 cross"


def test_a_face_s_ink_is_measured_past_a_back_over_it_not_seen_whole():
    """Big 1505: a purple 3 of stars (pips) under a red-checked back, named surely, but the
    back — named at 0.85, not seen whole, so not known to lie on top — was left in its ink,
    which turned red, and the name was made unsure.  A back's print is no part of a face's ink
    whichever lies on top."""
    placed, (star,), readings = read_round("big", "1505.jpg", "3 star")
    assert names_at(readings, star) == {"3 star"}


def test_a_face_under_glare_keeps_its_own_ink():
    """Check 113: a 4 of crosses under a glare.  Its ink measured as the mean of all its dark
    pixels, grey ones among them, drifted 0.151 from its taught ink and refused its own name
    (unsure); measured on its plainly coloured pixels, as the namer tells suits, it is the
    cross's ink, and the card is named."""
    placed, readings = read_scene("check", "113.jpg")
    assert names_at(readings, next(p for p in placed if p.card == "4 cross")) == {"4 cross"}
    assert not invented(placed, readings)


def test_a_card_in_a_hand_s_shadow_keeps_its_ink():
    """The paper in a hand's shadow is darker than ink is told by, but it is no ink: counted,
    its grey made a red circle's ink fail its own name (a sure card beside a hand asked about)."""
    pips = next(style for style in STYLES if style.name == "pips")
    taught = readers()["pips"]
    frame, placed = compose(3, pips, Conditions(table="felt", cards=1, noise=2.0), cards=["1 circle"])
    a, b, c, d = quad = order_corners(np.float32(placed[0].corners))
    shadow = np.zeros(frame.shape[:2], np.float32)
    cv2.fillConvexPoly(shadow, np.int32([a, b, (b + c) / 2, (a + d) / 2]), 1.0)
    shadow = cv2.GaussianBlur(shadow, (0, 0), 4)  # over half the card, its edge soft
    shaded = (frame * (1 - 0.45 * shadow[..., None])).astype(np.uint8)
    [kept] = taught._checked(shaded, [Reading("1 circle", "1 circle", quad, 1.0, 0.95)])
    assert kept.card == "1 circle"


def test_an_outline_that_is_half_of_another_card_is_not_sure():
    pips = next(style for style in STYLES if style.name == "pips")
    taught = readers()["pips"]
    frame, placed = compose(5, pips, Conditions(table="felt", cards=1, noise=2.0), cards=["2 square"])
    a, b, c, d = order_corners(np.float32(placed[0].corners))
    half = order_corners(np.float32([a, b, b + (c - b) / 2, a + (d - a) / 2]))  # one pip's half
    [seen] = taught.name_at(frame, [half])
    assert seen.guess == "1 square"  # alone, half a 2 of pips is a 1 ...
    made = taught._not_half(frame, replace(seen, card=seen.guess, confidence=1.0))
    assert made.card == UNSURE and made.guess == "1 square"  # ... but the card it is half of is a 2
    whole = Reading("2 square", "2 square", order_corners(np.float32(placed[0].corners)), 1.0, 0.99)
    assert taught._not_half(frame, whole) == whole  # a card seen whole grown is the felt: it stays sure


def test_a_card_just_laid_is_named_only_on_the_deck_s_paper(reader):
    frame, placed = compose(3, STYLE, Conditions(table="felt", cards=1, noise=2.0), cards=["4 circle"])
    quad = order_corners(np.float32(placed[0].corners))
    assert [r.card for r in reader.name_at(frame, [quad], snap=True)] == ["4 circle"]
    tinted = frame.copy()  # the same print on a blue-grey paper (a phone's picture of the card, a sticker)
    inside = np.zeros(frame.shape[:2], np.uint8)
    cv2.fillConvexPoly(inside, np.int32(quad), 1)
    tinted[inside > 0] = (frame[inside > 0] * np.float32([1.0, 0.8, 0.55])).astype(np.uint8)
    assert [r.card for r in reader.name_at(tinted, [quad])] == ["4 circle"]  # in grey it is the card ...
    assert reader.name_at(tinted, [quad], snap=True) == []  # ... laid, it must be on the deck's paper too


def test_a_card_turned_under_a_tilted_camera_keeps_its_size():
    """A tilted camera stretches the frame more one way than the other: a card turned a
    quarter shows other sides, the same area.  Half a card is still told by its size."""
    stretch = np.float32([1.4, 1.0])  # the frame 1.4 times wider than true, near the camera's tilt
    upright = [card(name, x, width=100) for name, x in (("5 circle", 0), ("4 squiggle", 300), ("2 star", 600))]
    upright = [replace(r, corners=r.corners * stretch) for r in upright]
    turned_card = np.float32([[0, 0], [140, 0], [140, 100], [0, 100]]) * stretch + np.float32([900, 0])
    turned = Reading("3 cross", "3 cross", order_corners(turned_card), 1.0, 0.95)
    assert [r.card for r in sized_alike(upright + [turned])] == ["5 circle", "4 squiggle", "2 star", "3 cross"]
    half = Reading("1 cross", "1 cross", order_corners(np.float32([[0, 0], [70, 0], [70, 100], [0, 100]]) * stretch
                                                       + np.float32([900, 300])), 1.0, 0.95)
    assert sized_alike(upright + [half])[-1].card == UNSURE


def test_a_card_larger_than_the_others_is_no_part_of_one():
    """The others may be the parts: two halves named surely beside a whole card made the whole
    one look too large, and it was refused (12 whole cards on the big set).  A back read by
    its look has no exact outline and is still held to both sides of the others' size."""
    halves = [card("1 square", 300, width=71), card("1 cross", 600, width=71)]
    whole = card("5 circle", 0, width=100)
    assert sized_alike([whole] + halves)[0].card == "5 circle"
    looked = replace(card("back", 900, width=140), by_look=True)
    assert sized_alike([whole, card("4 squiggle", 200), looked])[-1].card == UNSURE


def _seen_from(camera: np.ndarray, x: float, y: float, width: float = 100.0) -> np.ndarray:
    """A card lying at (x, y) on the table (units of the table's plane) as a camera maps it."""
    flat = np.float32([[x, y], [x + width, y], [x + width, y + 1.4 * width], [x, y + 1.4 * width]])
    return cv2.perspectiveTransform(flat.reshape(-1, 1, 2), camera).reshape(4, 2)


def test_a_far_card_under_a_tilted_camera_is_not_taken_for_part_of_one():
    """Two cards in the frame: no plane through their sizes, and the far one of a strongly
    tilted camera is under 0.8 of the near one's size.  On the table's plane the near card
    gives, both are a card's size; half a card is still half."""
    camera = cv2.getPerspectiveTransform(np.float32([[0, 0], [1000, 0], [1000, 1000], [0, 1000]]),
                                         np.float32([[300, 0], [700, 0], [1000, 700], [0, 700]]))
    near = Reading("2 circle", "2 circle", _seen_from(camera, 450, 800), 1.0, 0.99)
    far = Reading("5 circle", "5 circle", _seen_from(camera, 450, 50), 1.0, 0.99)
    assert card_size(far.corners) < 0.8 * card_size(near.corners)
    assert [r.card for r in sized_alike([near, far])] == ["2 circle", "5 circle"]
    half = Reading("1 circle", "1 circle", _seen_from(camera, 450, 400, width=71), 1.0, 0.97)
    assert size_on_planes(half.corners, [near.corners]) == pytest.approx(0.71, abs=0.02)
    assert sized_alike([near, far, half])[-1].card == UNSURE


def test_the_table_s_plane_gives_a_card_s_short_side_where_it_lies():
    """A tilted camera: the near card's outline gives the plane, and the plane the short side
    a card has anywhere in the frame — the far card's, not the near one's."""
    camera = cv2.getPerspectiveTransform(np.float32([[0, 0], [1000, 0], [1000, 1000], [0, 1000]]),
                                         np.float32([[300, 0], [700, 0], [1000, 700], [0, 700]]))
    near, far = _seen_from(camera, 450, 800), _seen_from(camera, 450, 50)
    here = short_side_on(table_plane([Reading("2 circle", "2 circle", near, 1.0, 0.99)]))
    for outline in (near, far):
        assert here(outline.mean(axis=0)) == pytest.approx(card_size(outline) / np.sqrt(1.4), rel=0.05)
    assert here(far.mean(axis=0)) < 0.8 * here(near.mean(axis=0))
    assert short_side_on(None) is None


def test_a_card_far_larger_than_those_seen_whole_is_completed_at_its_own_size():
    """Big 1521: under a strongly tilted camera the cards seen whole lie on the far side, a third
    smaller than a 4 of circles on the near side, under another card's corner.  Completed only
    at their size, its sides were longer than a card's and it was missed; at the size the
    table's plane gives where its corner lies, it is named."""
    placed, readings = read_scene("big", "1521.jpg")
    assert names_at(readings, next(p for p in placed if p.card == "4 circle")) == {"4 circle"}
    assert not invented(placed, readings)


def test_only_parts_smaller_than_the_cards_known_on_the_table_are_left_out():
    """The live loop reads part of a frame; the cards known to lie on the table outside it
    still tell a card's size.  A box of print, unsure or named, is left out; a far card
    under a tilted camera, smaller in the frame, is not; nothing is left out with no card
    known, nor a back read by its look (no exact outline)."""
    camera = cv2.getPerspectiveTransform(np.float32([[0, 0], [1000, 0], [1000, 1000], [0, 1000]]),
                                         np.float32([[300, 0], [700, 0], [1000, 700], [0, 700]]))
    known = [_seen_from(camera, 450, 800), _seen_from(camera, 100, 750)]
    far = Reading("5 circle", "5 circle", _seen_from(camera, 450, 50), 1.0, 0.99)
    box = Reading(UNSURE, "4 star", _seen_from(camera, 470, 820, width=30), 0.0, 0.6)
    named_box = replace(box, card="4 star", confidence=0.9)
    looked = replace(box, card="back", guess="back", by_look=True)
    assert held_to_known([far, box, named_box, looked], known) == [far, looked]
    assert held_to_known([box], []) == [box]


def test_the_size_expected_follows_the_camera_s_tilt():
    """Four cards or more: the size a card should have where it lies comes from a plane
    through theirs (far cards smaller), so a far card is not taken for half of one."""
    rows = [card("x", x, width=w) for x, w in ((0, 80), (300, 90), (600, 100), (900, 110))]
    rows = [replace(r, corners=r.corners + np.float32([0, 200 * i])) for i, r in enumerate(rows)]
    far = card("y", 0, width=70).corners  # where the plane says 80: 0.88 of it, not 0.74 of the median
    assert expected_size(far, [r.corners for r in rows]) == pytest.approx(card_size(rows[0].corners), rel=0.06)


def test_a_card_named_surely_is_named_again_past_a_sure_card_over_it():
    """Big 1398: a 2 of crosses, its second cross under a 3 of squares, named surely a 1 (0.94
    like a 1, the 3's print over it counted in); named past the 3 it is a sure 2, and far
    likelier — what the 3 covers did not look like this card, so it lies under the 3."""
    placed, (cross,), readings = read_round("big", "1398.jpg", "2 cross")
    assert names_at(readings, cross) == {"2 cross"}


def test_two_sure_names_at_one_place_are_named_past_the_card_over_it_before_either_is_kept():
    """Big 1500: a 1 of crosses under a 5 of squiggles' corner, named surely a 1 and, through an
    outline a few pixels off, a 4 (the 5's print over it counted in): two sure names at one
    place, so it was unsure.  Named past the 5 before one naming is kept for the place, the
    4 is no longer a rival."""
    placed, readings = read_scene("big", "1500.jpg")
    truth = next(p for p in placed if p.card == "1 cross")
    assert names_at(readings, truth) == {"1 cross"}
    assert not invented(placed, readings)


def test_two_sure_names_at_one_place_are_fitted_onto_their_names_before_the_place_is_left_unsure():
    """Big 1880: a 3 of crosses partly under a 5 of crosses, named surely a 3 at 0.95 likeness
    through the outline found and a 4 at 0.91 through one a little farther off: near enough to
    leave the place unsure.  Each fitted onto its own name, the 3 fits at 0.996, plainly
    better, and is named."""
    placed, readings = read_scene("big", "1880.jpg")
    truth = next(p for p in placed if p.card == "3 cross")
    assert names_at(readings, truth) == {"3 cross"}
    assert not invented(placed, readings)


def test_a_card_half_under_another_is_named_past_it():
    """The card on top (seen whole) is left out of the naming of the card under it, and the
    under card's outline, cut by the top card's edge, is completed."""
    classic = readers()["classic"]
    frame, placed = compose(26, STYLE, Conditions(table="felt", cards=2, overlap=1.0, noise=2.0),
                            cards=["3 circle", "5 star"])
    assert 0.6 < placed[0].visible < 0.8
    named = {r.card for r in classic.read(frame) if iou(r.corners, placed[0].corners) > 0.5}
    assert named == {"3 circle"}


def test_half_a_card_under_another_passes_the_first_glance_past_the_card_on_top():
    """Half a card under another correlates with no taught face as a whole: big 1907's 2 of
    squiggles, half under a 3 of squares, glanced 0.17 at its true outline, below the 0.25 the
    first glance asks, and no outline of it was ever named.  Past the 3 it glances 0.94, and
    it is named surely."""
    frame, placed, taught = true_cards("big", "1907.jpg")
    squiggle = next(p for p in placed if p.card == "2 squiggle")
    square = next(p for p in placed if p.card == "3 square")
    thumb = cv2.resize(straighten(frame, squiggle.corners, size=GLANCE_SIZE), THUMB, interpolation=cv2.INTER_AREA)
    hidden = covered_on_face(squiggle.corners, [square.corners], size=THUMB)
    assert taught.namer.glance(thumb) < FIRST_GLANCE < 0.8 < taught.namer.glance(thumb, hidden)
    readings = taught.read(frame)
    assert names_at(readings, squiggle) == {"2 squiggle"}
    assert not invented(placed, readings)


def test_a_card_whose_symbol_lies_under_another_is_not_named_by_its_numeral_s_tone():
    """A numeral printing: the 3 shows, its circle is under the 5 of stars.  In grey a blue 3
    and a green one differ only in shade, so the suit is not told: unsure, never a wrong suit."""
    numeral = next(style for style in STYLES if style.name == "numeral")
    frame, placed = compose(39, numeral, Conditions(table="felt", cards=2, overlap=1.0, noise=2.0),
                            cards=["3 circle", "5 star"])
    got = [r for r in readers()["numeral"].read(frame) if iou(r.corners, placed[0].corners) > 0.5]
    assert {r.card for r in got} <= {UNSURE, "3 circle"} and got


def test_an_outline_cut_by_a_card_on_top_is_completed():
    card_quad = np.float32([[100, 100], [200, 100], [200, 240], [100, 240]])
    top = np.float32([[180, 220], [300, 220], [300, 400], [180, 400]])  # over the bottom-right corner
    cut = card_quad.copy()
    cut[2] = (190, 225)  # the finder's corner: where the top card's edge crosses
    assert np.allclose(completed_under(cut, [top]), card_quad)
    low = np.float32([[50, 180], [300, 180], [300, 400], [50, 400]])  # over the whole bottom side
    short = np.float32([[100, 100], [200, 100], [200, 185], [100, 185]])
    assert np.allclose(order_corners(completed_under(short, [low])), order_corners(card_quad))
    assert completed_under(card_quad, []) is None  # nothing over it: nothing to complete


def test_an_outline_a_little_narrow_is_measured_out_on_the_table_s_plane():
    """Under a tilted camera every card is the same right-angled card on the table's plane:
    an outline found short of a card's edge (a card on a card of the same paper) is measured
    out to a card's proportions from each of its corners, and one of them is the card."""
    tilt = np.float32([[1.2, 0.15, 40], [0.0, 0.9, 30], [0.0002, 0.0004, 1.0]])  # table -> frame

    def on_frame(quad):
        return cv2.perspectiveTransform(np.float32(quad).reshape(-1, 1, 2), tilt).reshape(4, 2)

    seen = Reading("5 circle", "5 circle", order_corners(on_frame([[0, 0], [100, 0], [100, 140], [0, 140]])), 1.0, 0.99)
    truth = order_corners(on_frame([[300, 200], [400, 200], [400, 340], [300, 340]]))
    narrow = order_corners(on_frame([[300, 200], [385, 200], [385, 340], [300, 340]]))  # its right edge missed
    plane = table_plane([seen])
    assert max(iou(card, truth) for card in sized_on_table(narrow, plane)) > 0.97
    assert iou(narrow, truth) < 0.9


@pytest.mark.parametrize("set_name, scene, name", [("check", "001.jpg", "3 circle"),  # under a back: read as a 5
                                                   ("big", "0254.jpg", "2 square")])  # read as a 1
def test_a_card_named_otherwise_through_another_outline_that_fits_as_well_is_not_sure(set_name, scene, name):
    """Two outlines of one card, fitting it about as well, that name it differently: one of
    them is wrong, and which is not known — never a wrong card silently."""
    placed, (truth,), readings = read_round(set_name, scene, name)
    assert names_at(readings, truth) <= {name, UNSURE}


def test_a_card_half_under_another_is_not_named_by_the_top_card_s_symbol_and_a_phone_is_no_back():
    """A numeral printing's 5 of squiggles half under a 4 of circles: compared whole, the top
    card's circle beside its 5 made a sure 5 of circles (it is named now past the top card, its
    suit by its numeral's ink).  Beside them a phone, laid out to a card's proportions, passed
    for a plain back."""
    placed, readings = read_scene("big", "1440.jpg")
    assert names_at(readings, next(p for p in placed if p.card == "5 squiggle")) <= {UNSURE, "5 squiggle"}
    assert not invented(placed, readings)


def test_a_face_s_ink_is_measured_past_a_card_seen_whole_lying_over_it():
    """Check 118: a red 5 of crosses named in the first pass (no card on top known yet), a
    green back over a third of it.  Its ink, measured with the back in it, was green and
    refused the name; measured past the back, it is red."""
    placed, readings = read_scene("check", "118.jpg")
    assert names_at(readings, next(p for p in placed if p.card == "5 cross")) == {"5 cross"}


def test_an_unsure_back_is_looked_at_again_though_its_pattern_matches_little():
    """Check 048: a back under three others, its outline guessed a few pixels off, where its
    fine pattern matches at 0.45 to 0.6 — below a face's second look, but it is a back."""
    placed, readings = read_scene("check", "048.jpg")
    assert names_at(readings, next(p for p in placed if p.card == "back" and p.visible < 0.6)) == {"back"}
    assert not invented(placed, readings)


def test_a_face_mostly_under_another_card_is_only_guessed_at():
    """What shows of a card more than 0.6 under another is a guess at most, however well it
    matches: beside the top card's edge, its print makes pictures of its own."""
    from companion.vision.deck import load_deck
    from tests.camera_corpus import cached_decks

    faces = load_deck(cached_decks()["classic"])
    namer = readers()["classic"].namer
    face = cv2.resize(straighten(faces["3 star"], np.float32([[0, 0], [99, 0], [99, 139], [0, 139]])), (100, 140))
    covered = np.zeros((140, 100), bool)
    assert namer.name(face, covered).card == "3 star"
    covered[:95] = True  # two thirds of it under another card
    named = namer.name(face, covered)
    assert named.confidence == 0.0 and all(score == 0.0 for _, score in named.candidates)


@pytest.mark.parametrize("scene", ["148.jpg", "232.jpg"])  # classic backs, found a few pixels off
def test_a_back_found_a_little_off_is_moved_onto_its_pattern(scene):
    """A back's fine pattern matches only at its exact outline: a few pixels off, it was
    unsure or missed; its pattern (phase correlation) tells how far it is off."""
    placed, backs, readings = read_round("check", scene, "back", which=lambda p: p.visible > 0.95, every=True)
    for back in backs:
        assert names_at(readings, back) == {"back"}


@pytest.mark.parametrize("scene, name", [("205.jpg", "5 star"),     # read as a 4 through an outline a little off
                                         ("004.jpg", "2 square"),   # unsure through two outlines a little off
                                         ("032.jpg", "2 squiggle")])  # the right outline the fourth look of a place
def test_an_outline_a_little_off_is_measured_out_again_even_where_a_name_stands(scene, name):
    """An outline a few pixels off one side named a 5 of stars a 4, surely but fitting worse
    than an unsure 5 through another outline: the place is measured out again on the table's
    plane, and each of those few outlines is looked at, however like the others."""
    placed, readings = read_scene("check", scene)
    assert names_at(readings, next(p for p in placed if p.card == name)) == {name}


@pytest.mark.parametrize("scene", ["265.jpg", "219.jpg"])  # a lone back on a checked cloth; a back beside faces
def test_a_back_whose_outline_touches_a_cloth_s_lines_is_found(scene):
    """A checked cloth's lines touch a back and close cells all round it: the outline of the
    whole was one great patch, and the back was not found at all.  Its pattern's edges,
    opened by a disc wider than the cloth's lines, stand alone."""
    placed, backs, readings = read_round("check", scene, "back", which=lambda p: p.visible > 0.95, every=True)
    for back in backs:
        assert names_at(readings, back) == {"back"}


@pytest.mark.parametrize("scene, name", [("282.jpg", "back"), ("379.jpg", "back")])
def test_an_unsure_back_is_snapped_onto_edges_from_farther_off(scene, name):
    """A back's pattern names it only at its exact outline, and a guess from a blurred map sat
    more than the first snap's reach off its rim: unsure backs are snapped again from twice
    as far."""
    placed, (back,), readings = read_round("check", scene, name, which=lambda p: p.visible > 0.85)
    assert names_at(readings, back) == {name}


def test_half_a_card_under_another_is_not_snapped_into_a_sure_card():
    """Half a 2 of squares under a 1 of squiggles (itself under a hand) shows one square and
    a card's proportions: snapped from twice as far, its outline named a sure 1 of squares."""
    placed, readings = read_scene("big", "1696.jpg")
    assert not invented(placed, readings)


@pytest.mark.parametrize("scene, name", [("229.jpg", "2 cross"), ("213.jpg", "2 star")])
def test_a_card_whose_symbol_lies_under_another_is_named_by_its_ink_colour(scene, name):
    """A numeral printing's 2 under a card seen whole, its symbol hidden: in grey its numeral
    is every suit's, but each suit's ink is its own colour, and the numeral's is the cross's."""
    placed, readings = read_scene("check", scene)
    assert names_at(readings, next(p for p in placed if p.card == name)) == {name}


def test_the_ink_of_symbols_cut_by_the_top_card_s_edge_tells_the_suit():
    """A 2 of crosses (pips printing) half under a 5 of circles: what shows of its two
    crosses lies in the cells along the top card's edge, which are left out of the shapes (a
    sliver of a symbol tells no shape), and its numeral is every suit's in grey; the slivers'
    blue is the cross's ink all the same.  Measured without them, too little ink showed and
    the card stayed unsure between the five 2s."""
    placed, readings = read_scene("big", "0252.jpg")
    assert names_at(readings, placed[0]) == {"2 cross"}
    assert not invented(placed, readings)


def test_the_coloured_ink_leaves_a_grey_printed_frame_out():
    """A numeral printing's grey inner frame is dark but no colour: on a face half hidden it
    is a larger share of the dark pixels, and taken as ink it turned the orange of a 1 of
    squares towards grey."""
    from companion.vision.ink import ink_colour

    face = np.full((70, 50, 3), 235, np.uint8)
    cv2.rectangle(face, (2, 2), (47, 67), (110, 110, 110), 1)  # the grey printed frame
    cv2.putText(face, "1", (8, 22), cv2.FONT_HERSHEY_SIMPLEX, 0.7, (30, 110, 200), 2)  # orange ink (BGR)
    whole = ink_colour(face)
    hidden = np.zeros((70, 50), bool)
    hidden[35:, :] = True  # the lower half under another card
    assert np.abs(ink_colour(face, hidden) - whole).max() < 0.02


def test_a_little_coloured_ink_on_a_face_mostly_hidden_is_enough_for_what_shows():
    """The coloured pixels a face's ink is told by are counted against what shows of it: a
    red numeral beside a hand over half the face had too few for the whole face's count."""
    from companion.vision.ink import ink_colour

    face = np.full((70, 50, 3), 235, np.uint8)
    face[10:15, 20:25] = (40, 40, 200)  # 25 pixels of red ink: under 1 % of the face, over 1 % of its top
    hidden = np.zeros((70, 50), bool)
    hidden[25:, :] = True  # a hand over the rest
    assert ink_colour(face) is None
    ink = ink_colour(face, hidden)
    assert ink is not None and int(np.argmax(ink)) == 2  # red


def test_a_suit_s_ink_is_the_nearest_of_its_ranks_taught_inks():
    """Big 1066: a numeral printing's 2 of crosses, its symbol under a hand, shows a red 2.
    Each rank's teaching photo measures the suit's one ink a little off: the red was 0.068
    from the 4 of crosses' taught ink and 0.097 from the 2's, so the 2 alone did not count as
    red, and the card was named a 2 of stars (unsurely)."""
    naming = named_at_its_place("big", "1066.jpg", "2 cross")
    assert naming.card == "2 cross" and naming.confidence >= SAFE


@pytest.mark.parametrize("scene, name", [("331.jpg", "3 squiggle"),  # seen whole, its outline found a little skewed
                                         ("253.jpg", "4 cross"),     # under another card
                                         ("214.jpg", "2 cross")])  # beside a hand, read as a 4 of stars
def test_an_outline_a_little_off_is_fitted_onto_the_card_it_guesses(scene, name):
    """An outline measured from the corners of a card partly hidden is a few per cent off its
    card — skewed, or a little long — and a few pixels tell a 3 from a 5.  The taught face
    of its guess is fitted onto what shows of it (an affine map, wider than the namer's own
    alignment allows), and the outline that fit gives is named afresh."""
    placed, readings = read_scene("check", scene)
    assert names_at(readings, next(p for p in placed if p.card == name)) == {name}


def test_a_fit_that_moved_the_outline_is_fitted_once_more_from_there():
    """A fit from an outline far off ends nearer, not on the card: fitted again from where it
    led, a 4 of squares beside a hand is named (check 094), and a 5 of circles whose foot lies
    under a hand, read surely as a 4 through the outline of the first fit, is unsure (check
    308: a wrong card no more)."""
    _, (square,), readings = read_round("check", "094.jpg", "4 square")
    assert names_at(readings, square) == {"4 square"}
    _, (circle,), readings = read_round("check", "308.jpg", "5 circle")
    assert names_at(readings, circle) <= {"5 circle", UNSURE}


def test_a_card_under_another_is_fitted_past_the_card_on_top():
    """Big 1647: a 2 of squares half under a 3 of circles seen whole.  Its fit compared the
    3's print with the 2's taught face, swung from one guess to another (a 5, a 1, a 2) and
    stayed a few per cent off; fitted on what shows of the 2 alone, it is named surely."""
    placed, readings = read_scene("big", "1647.jpg")
    assert names_at(readings, next(p for p in placed if p.card == "2 square")) == {"2 square"}
    assert not invented(placed, readings)


def test_an_unsure_back_is_fitted_onto_the_taught_back():
    """A back beside a hand, its outline a few degrees off, matched its fine pattern only
    fairly (0.68): fitted onto the taught back, it is a back (check 075)."""
    placed, readings = read_scene("check", "075.jpg")
    assert names_at(readings, next(p for p in placed if p.card == "back")) == {"back"}


def test_an_outline_that_guesses_a_face_afresh_is_fitted_onto_that_guess():
    """Big 1500: a 5 of squiggles seen whole, found a few pixels off and guessed a 3 of crosses;
    the fit went to the 3, and measured out again the outline guessed the 5, unsurely (0.7).
    Fitted onto the 5, it names it surely."""
    placed, readings = read_scene("big", "1500.jpg")
    assert names_at(readings, next(p for p in placed if p.card == "5 squiggle")) == {"5 squiggle"}
    assert not invented(placed, readings)


def test_a_fit_that_stretches_the_face_is_no_outline():
    """A fit slid over a hand and another card's star stretched the face to 1.85 by 1 and
    named a 4 of stars where no card lay (big 1684): a fit that stretches one way much more
    than the other is refused."""
    placed, readings = read_scene("big", "1684.jpg")
    assert not invented(placed, readings)


def test_a_fit_moves_the_outline_as_the_face_moved():
    """The outline a fit gives: the card's corners carried through the fit's map on the face,
    then back to the frame (no map: the same outline)."""
    from companion.vision.geometry import moved_on_face

    quad = np.float32([[100, 100], [200, 100], [200, 240], [100, 240]])
    assert np.allclose(moved_on_face(quad, np.eye(3)), quad, atol=0.01)
    shift = np.float32([[1, 0, 5], [0, 1, 0], [0, 0, 1]])  # the card lies 5 face pixels further right
    moved = moved_on_face(quad, shift)
    assert np.allclose(moved[:, 0] - quad[:, 0], 5 * 100 / 103, atol=0.01)  # (the card is 103 face pixels wide)
    assert np.allclose(moved[:, 1], quad[:, 1], atol=0.01)


@pytest.mark.parametrize("scene, name", [("048.jpg", "5 circle"), ("190.jpg", "3 square")])
def test_a_card_under_others_showing_a_sixth_of_what_tells_it_is_named(scene, name):
    """What tells a card from its neighbour in rank must mostly show past a card on top for
    a sure name — but a sixth of it is plenty where it shows plainly (cards half under others,
    their numeral's corner showing, were missed asking for a third)."""
    placed, readings = read_scene("check", scene)
    assert names_at(readings, next(p for p in placed if p.card == name)) == {name}


def test_a_card_whose_numeral_shows_whole_past_a_card_over_the_rest_is_named():
    """A 5 of stars under a back: what tells it from a 4 (the middle pip, a corner numeral) is
    mostly under the back, but its other corner's 5 shows whole and reads plainly — named, not
    left unsure (it was missed so)."""
    placed, readings = read_scene("big", "0192.jpg")
    assert names_at(readings, placed[0]) == {"5 star"}


def test_a_symbol_clear_of_the_card_on_top_decides_though_its_cells_touch_that_card():
    """Big 0600: a mono 2 of squiggles half under another card.  The cells along that card's
    edge are left out of the whole face (a sliver of a symbol the edge cuts can pass for
    another's), but a numeral or symbol there that lies clear of the card pixel by pixel shows
    whole in the pairwise decisions: named, where it was missed."""
    placed, (squiggle,), readings = read_round("big", "0600.jpg", "2 squiggle")
    assert names_at(readings, squiggle) == {"2 squiggle"}
    assert not invented(placed, readings)


def test_the_cards_the_corners_completed_give_the_size_where_none_was_seen_whole():
    """No card seen whole at first: the corners are completed to every size a card may have,
    a few per cent off the frame's own; the cards they find give the size to complete the
    rest with again (a 3 of squiggles under two cards, unsure, is named: check 090)."""
    placed, readings = read_scene("check", "090.jpg")
    assert names_at(readings, next(p for p in placed if p.card == "3 squiggle")) == {"3 squiggle"}


def test_a_card_on_others_of_its_paper_is_found_by_its_straight_sides():
    """Check 087: a 3 of stars under a hand, lying over a 4 of squares of the same white
    paper — one white region, in which no outline of either card's own closed; each card's
    sides are still straight edges, and where two meet square, a corner to complete."""
    placed, (star, square), readings = read_round("check", "087.jpg", "3 star", "4 square")
    assert names_at(readings, star) == {"3 star"}
    assert names_at(readings, square) == {"4 square"}
    assert not invented(placed, readings)


def test_a_back_beside_a_hand_on_a_checked_cloth_is_found_by_its_straight_sides():
    """Check 332: a back under a 4 of crosses with a hand over its other end, on a checked
    cloth whose lines run into its outline."""
    placed, (back,), readings = read_round("check", "332.jpg", "back", which=lambda p: p.visible < 0.9)
    assert names_at(readings, back) == {"back"}
    assert not invented(placed, readings)


def test_a_card_smaller_than_the_others_is_measured_by_a_side_seen_whole():
    """Check 160: a 4 of stars far up a tilted camera's frame (smaller there than the cards
    near it), its top end lost in a glare over two white cards.  Completed to the others'
    size, no guess shared more than 0.79 with it; its bottom side runs from one square corner
    to the other, and that is its width."""
    placed, readings = read_scene("check", "160.jpg")
    assert names_at(readings, next(p for p in placed if p.card == "4 star")) == {"4 star"}
    assert not invented(placed, readings)


@pytest.mark.parametrize("scene, name", [("037.jpg", "back"), ("046.jpg", "5 star")])
def test_a_part_of_the_frame_is_read_with_the_camera_frame_s_card_sizes(scene, name):
    """The live loop reads only the part of the frame that changed (a card's length round
    it).  Sized as shares of that part, a card was expected a third of its size: boxes of
    print were completed into cards (26 round check 037's back, each one the screen would
    ask about), and the 5 of stars a hand half covers in check 046 was not named at all."""
    from companion.vision.finder import sides

    _, (truth,), readings = read_round("check", scene, name)
    assert names_at(readings, truth) == {name}
    card_side = sides(np.float32(truth.corners))[0]
    assert [r.card for r in readings if sides(np.float32(r.corners))[0] < 0.6 * card_side] == []


def test_a_card_under_cards_not_seen_whole_is_named_past_them():
    """Big 0046: a 3 of crosses at the bottom of a stack, under cards that are themselves partly
    hidden — named surely, but not seen whole, so not known to lie on top of it.  Their print
    over it spoiled its naming (unsure); named again with every sure card over it left out, it
    is named."""
    frame, placed, taught = true_cards("big", "0046.jpg")
    under = order_corners(np.float32(placed[0].corners))
    # (named surely on their likeness, KNOWN, but below ON_TOP)
    over = [Reading(p.card, p.card, order_corners(np.float32(p.corners)), 1.0, 0.88) for p in placed[1:]]
    unsure = Reading(UNSURE, "1 star", under, 0.0, 0.8)
    [again] = [r for r in taught._past_the_cards_over(frame, [unsure] + over) if r.corners is under]
    assert again.card == "3 cross" and again.confidence >= SAFE
    # with nothing named over it, it stays as it was
    [alone] = taught._past_the_cards_over(frame, [unsure])
    assert alone is unsure


def test_a_part_of_a_card_named_otherwise_is_no_card_over_it():
    """Big 0923: a 4 of stars in glare, half under a 1 of stars and a 1 of squares; the end of
    it that shows, two stars, was named a sure 2 of squares at a third of its size.  Left out
    of the 4's naming as a card over it, it hid the print that shows: the 4 stayed unsure and
    was put out by its part.  A sure reading within an outline, much smaller, is a part of
    that card, not a card over it."""
    frame, placed, taught = true_cards("big", "0923.jpg")
    under = order_corners(np.float32(placed[0].corners))
    over = [Reading(p.card, p.card, order_corners(np.float32(p.corners)), 1.0, 0.95) for p in placed[1:3]]
    part = Reading("2 square", "2 square", order_corners(np.float32([[894, 271], [963, 244], [994, 350], [922, 371]])),
                   0.87, 0.93)
    unsure = Reading(UNSURE, "4 star", under, 0.0, 0.83)
    [again] = [r for r in taught._past_the_cards_over(frame, [unsure, part] + over) if r.corners is under]
    assert again.card == "4 star" and again.confidence >= SAFE


def test_the_sure_cards_over_a_card_are_neither_itself_nor_its_parts():
    """Naming a card again past the sure cards over it — unsure or sure — leaves out a card
    overlapping it, but not the card itself, nor a part of it named as another (a third of its
    size, within it): that would hide its own print."""
    whole = card("4 star", 0)
    part = Reading("2 square", "2 square", whole.corners * np.float32([0.5, 0.6]), 1.0, 0.93)
    over = card("1 star", 60)
    assert [c.tolist() for c in sure_over(whole, [whole, part, over])] == [over.corners.tolist()]


def _upright(name: str, height: float, x: float = 0.0) -> Reading:
    """A sure reading, 100 px wide and ``height`` tall, its top-left corner at (``x``, 0)."""
    corners = np.float32([[x, 0], [x + 100, 0], [x + 100, height], [x, height]])
    return Reading(name, name, corners, 1.0, 0.95)


def test_a_sure_card_of_a_card_s_size_within_a_longer_outline_lies_over_it():
    """Big 1068: a 1 of circles seen whole was the top of an outline over one and a half times
    as long, which ran on across the 4 of stars under it.  Taken for a part of that outline,
    the 1 was not left out when the outline was named again past the cards over it, and it
    read a 2 of circles, surely.  A card as large as the other cards named surely is no part
    of a card; half a card still is."""
    longer = replace(_upright("2 circle", 250), card=UNSURE, confidence=0.0)
    one = _upright("1 circle", 140)                    # the outline's top 0.56
    elsewhere = _upright("3 circle", 140, x=400)
    over = sure_over(longer, [one, elsewhere])
    assert [c.tolist() for c in over] == [one.corners.tolist()]
    half = _upright("1 circle", 70)                    # half a card at the outline's top
    assert sure_over(longer, [half, elsewhere]) == []


def test_an_outline_across_a_card_and_the_card_under_it_is_not_named_past_the_card():
    """Big 1068 read whole: the 1 of circles, the 4 of stars under it, and no 2 of circles
    from the outline across both."""
    placed, readings = read_scene("big", "1068.jpg")
    assert {r.card for r in readings} - {UNSURE} <= {p.card for p in placed}


def test_patches_that_overrule_the_whole_face_but_match_neither_plainly_decide_nothing():
    """Big 1182: a 2 of squares, a hand's fingers over its numeral.  The patches where a 2 and a
    1 differ, half hand, matched neither face well (0.66) and said 1 against the whole face's
    plain 2: it was named a 1 surely."""
    naming = named_at_its_place("big", "1182.jpg", "2 square")
    assert naming.card == "2 square" or naming.confidence < SAFE


def test_a_suit_shown_whole_in_the_corner_decides_though_the_big_symbol_is_under_a_card():
    """Big 0333: a 2 of squares half under another card, its big symbol under that card and
    both corner indices in view.  A small square and a small circle differ in a few pixels, so
    the patches tell them apart only faintly, but the whole face, shown whole there and plainly
    the square's, does: named, where the big symbol's being hidden left it unsure."""
    naming = named_at_its_place("big", "0333.jpg", "2 square")
    assert naming.card == "2 square" and naming.confidence >= SAFE


def test_a_hand_over_a_card_is_no_part_of_its_paper_colour():
    """Big 0603: a hand over half a 2 of squiggles in a dim room — the skin, lighter than the
    grey paper, was the lighter half of the face, and the card was dropped as not on the
    deck's paper."""
    frame, placed, taught = true_cards("big", "0603.jpg")
    corners = np.float32(next(p for p in placed if p.card == "2 squiggle").corners)
    [kept] = taught._checked(frame, [Reading("2 squiggle", "2 squiggle", corners, 1.0, 0.92)])
    assert kept.card == "2 squiggle"


@pytest.mark.parametrize("scene, card", [("0921.jpg", "3 cross"), ("0699.jpg", "3 star")])
def test_a_numeral_s_ink_tells_its_suit_where_its_symbol_lies_under_a_card(scene, card):
    """Big 0921 and 0699: a numeral printing's 3, its symbol under another card, shows only its
    numeral, which is one picture in grey for every suit; its red (a cross) or purple (a star)
    is 0.05 to 0.06 from its suit's taught ink under the frame's light, and 0.05 or more nearer
    it than any other suit's.  Taken as the suit's only within 0.04, the 3 was unsure between
    the suits."""
    naming = named_at_its_place("big", scene, card)
    assert naming.card == card and naming.confidence >= SAFE


def test_a_numeral_is_compared_only_where_it_lies_clear_of_the_card_on_top():
    """Big 0982: a 4 of stars, the corners of two cards over the top and the right of its
    numeral.  Compared with the card's corner inside the patch, the numeral looked like
    neither a 4 nor a 5 plainly, and the 4 was 0.49 sure; compared only where it lies clear of
    the cards, it is plainly a 4."""
    naming = named_at_its_place("big", "0982.jpg", "4 star")
    assert naming.card == "4 star" and naming.confidence >= SAFE


def test_a_numeral_half_under_a_card_tells_by_the_half_that_shows():
    """Big 0899: a 3 of stars, a card over the right half of its numeral and of its symbol.
    Where nothing else tells a 3 from a 1 or a 5, the half of the numeral that shows, compared
    alone, does: the card was missed, each name as likely as the next."""
    placed, readings = read_scene("big", "0899.jpg")
    truth = next(p for p in placed if p.card == "3 star")
    assert names_at(readings, truth) == {"3 star"}
    assert not invented(placed, readings)


def test_a_patch_compared_where_the_picture_is_flat_matches_nothing():
    """A masked correlation divides by the picture's spread under the mask: where it is flat
    (the card on top's plain paper), that place matches nothing, and the patch is found
    where it lies, as OpenCV's own masked matching finds it."""
    rng = np.random.default_rng(3)
    patch, other = rng.random((2, 20, 14)).astype(np.float32)
    flat = np.full((26, 20), 0.5, np.float32)
    mask = np.ones_like(patch)
    mask[:, 10:] = 0
    assert best_matches(flat, (patch,), mask) == [-1.0]
    window = flat.copy()
    window[3:23, 2:16] = patch
    window[:, 12:] += rng.random((26, 8)).astype(np.float32)  # where the mask leaves out
    found, elsewhere = best_matches(window, (patch, other), mask)
    assert found == pytest.approx(1.0, abs=1e-4)
    opencv = cv2.matchTemplate(window, other, cv2.TM_CCOEFF_NORMED, mask=mask)
    assert elsewhere == pytest.approx(float(opencv[np.isfinite(opencv)].max()), abs=1e-4)


def test_a_card_in_a_fanned_row_is_named():
    """Big 1603, the whole frame read: the 4 of crosses between the two cards over its ends is
    named, and nothing is invented."""
    placed, readings = read_scene("big", "1603.jpg")
    crosses = next(p for p in placed if p.card == "4 cross")
    assert names_at(readings, crosses) == {"4 cross"}
    assert not invented(placed, readings)


def test_a_name_that_beat_every_rival_plainly_is_sure_at_a_lower_likeness():
    """A face in glare or a hand's shadow matches its taught one less well; where every rival
    is beaten plainly (margin 1) its name is sure from ``GOOD_PLAIN``, not only on the way to
    ``GOOD``.  A name a rival came near, a face matching only fairly, and a back keep their
    ramps — and the namer settles faces that low only on its first look."""
    from companion.vision.namer import BACK_FAIR, BACK_GOOD, FAIR, GOOD, GOOD_PLAIN, Naming

    at = FAIR + SAFE * (GOOD_PLAIN - FAIR) + 0.01  # 0.81
    assert Naming("4 star", at, "4 cross", 1.0, False).confidence >= SAFE
    assert Naming("4 star", at, "4 cross", 0.9, False).confidence < SAFE
    assert Naming("4 star", at - 0.05, "4 cross", 1.0, False).confidence < SAFE
    assert Naming("back", BACK_FAIR + SAFE * (BACK_GOOD - BACK_FAIR) - 0.01, "1 star", 1.0, False).confidence < SAFE
    namer = readers()["numeral"].namer
    assert namer.nameable[0] == pytest.approx(FAIR + SAFE * (GOOD_PLAIN - FAIR))
    assert namer.second_look.nameable[0] > FAIR + SAFE * (GOOD - FAIR)


@pytest.mark.parametrize("scene, name", [("0586.jpg", "4 star"), ("1782.jpg", "2 cross"), ("0832.jpg", "1 circle")])
def test_a_card_whose_numeral_reads_plainly_in_glare_is_named(scene, name):
    """Big 0586's 4 of stars, 1782's 2 of crosses and 0832's 1 of circles (glare across them,
    0.81 to 0.85 like their taught faces, every rival beaten plainly) were unsure."""
    placed, readings = read_scene("big", scene)
    truth = next(p for p in placed if p.card == name)
    assert names_at(readings, truth) == {name}
    assert not invented(placed, readings)


def test_a_face_sure_only_by_beating_every_rival_plainly_is_not_yet_a_known_card():
    """Its outline may be a little off the card: its place is still searched for a better one
    (:func:`~companion.vision.reading.sure_ones`).  Check 200's 1 of squares, named so on such
    an outline, kept its completed outline from being named and was left unsure."""
    from companion.vision.reading import KNOWN, sure_ones

    quad = order_corners(cv2.boxPoints(((200, 150), (90, 126), 10)))
    plain = Reading("1 square", "1 square", quad, 0.84, KNOWN - 0.04)
    seen = Reading("1 square", "1 square", quad, 1.0, 0.97)
    back = Reading("back", "back", quad, 0.9, 0.7)
    unsure = Reading(UNSURE, "2 star", quad, 0.5, 0.95)
    assert [r.similarity for r in sure_ones([plain, seen, back, unsure])] == [0.97, 0.7]
    placed, readings = read_scene("check", "200.jpg")
    truth = next(p for p in placed if p.card == "1 square")
    assert names_at(readings, truth) == {"1 square"}
    assert not invented(placed, readings)
