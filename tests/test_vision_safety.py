"""The reader's rules against a wrong card entered silently, each on the case that taught it:
a hand's skin is left out of the comparison, a face whose paper is not the deck's colour is no
card, a name given surely twice or to an outline of another size than the frame's cards is
made unsure, and so is an outline that is half of another card — and the changes a live frame is told by (companion/vision/changes.py) are
sorted from the settled table."""

from __future__ import annotations

from dataclasses import replace

import cv2
import numpy as np
import pytest

from companion.vision.geometry import order_corners, straighten
from companion.vision.reader import SAFE, UNSURE, Reading, _one_of_each, _sized_alike
from sim.table_camera import STYLES, Conditions, compose
from tests.vision_score import readers

STYLE = STYLES[0]  # classic: white paper, coloured symbols
SKIN = (150, 180, 225)


@pytest.fixture(scope="module")
def reader():
    return readers()[STYLE.name]


def card(name, x=0.0, width=100.0, confidence=1.0, similarity=0.95):
    corners = np.float32([[x, 0], [x + width, 0], [x + width, 1.4 * width], [x, 1.4 * width]])
    return Reading(name, name, corners, confidence, similarity, ((name, confidence),))


def test_a_name_given_surely_twice_is_sure_only_where_it_is_likelier():
    readings = _one_of_each([card("2 star", similarity=0.8), card("2 star", 300), card("back", 600),
                             card("back", 900)])
    by_x = {float(r.corners[0][0]): r for r in readings}
    assert by_x[300].card == "2 star" and by_x[0].card == UNSURE and by_x[0].guess == "2 star"
    assert by_x[0].confidence < SAFE
    assert [r.card for r in readings].count("back") == 2  # backs are many


def test_an_outline_much_smaller_than_the_frame_s_cards_is_not_sure():
    half = card("1 cross", 600, width=70)  # half a 2 of pips, cut by a sleeve: a card's proportions
    readings = _sized_alike([card("5 circle"), card("4 squiggle", 200, width=104), half])
    assert [r.card for r in readings] == ["5 circle", "4 squiggle", UNSURE]
    assert _sized_alike([half]) == [half]  # alone, nothing to compare it with


def test_a_hand_over_a_card_is_left_out_and_the_rest_names_it(reader):
    frame, placed = compose(3, STYLE, Conditions(table="felt", cards=1, noise=2.0), cards=["4 circle"])
    face = straighten(frame, np.float32(placed[0].corners))
    covered = face.copy()
    covered[80:, :] = SKIN  # a hand over the lower part, its index and pips hidden
    hidden = (reader.namer._skin_cells(covered) > 0.5) & ~reader.namer.skin_anywhere
    assert hidden.mean() > 0.3
    naming = reader.namer.name(covered)
    assert naming.card == "4 circle" and naming.similarity > 0.9


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
