"""Which of two overlapping cards lies on top (``companion.vision.stacking``), on frames drawn
by hand: a card's edge shows where it crosses the card under it, the under card's does not."""

import cv2
import numpy as np

from companion.vision.geometry import EdgeField
from companion.vision.stacking import edge_shown, lies_on_top

UNDER = np.float32([[300, 150], [500, 150], [500, 430], [300, 430]])
OVER = np.float32([[420, 250], [620, 230], [648, 510], [448, 530]])  # a little turned


def _table() -> np.ndarray:
    return np.full((720, 1280, 3), (60, 90, 120), np.uint8)


def _card(frame: np.ndarray, quad: np.ndarray, paper=(215, 220, 225), shadow: bool = False,
          stripes: bool = False, symbol: int = 35) -> None:
    """A card drawn onto ``frame``: its paper, a printed ring ``symbol`` pixels across (or a
    back's stripes), and the soft shadow a card lying on another casts down and to the right
    (under the card, but for a rim a few pixels wide)."""
    if shadow:
        shade = np.zeros(frame.shape[:2], np.float32)
        cv2.fillConvexPoly(shade, np.int32(quad + 3), 1.0)
        shade = cv2.GaussianBlur(shade, (0, 0), 2.5)
        frame[:] = (frame * (1 - 0.35 * shade)[..., None]).astype(np.uint8)
    mask = np.zeros(frame.shape[:2], np.uint8)
    cv2.fillConvexPoly(mask, np.int32(np.round(quad)), 1)
    print_ = np.zeros_like(frame)
    print_[:] = paper
    if stripes:  # a back: dark lines every few pixels, at a slant
        for k in range(-800, 1400, 7):
            cv2.line(print_, (k, 0), (k + 720, 720), (40, 30, 90), 2)
    else:
        centre = quad.mean(axis=0)
        cv2.circle(print_, (int(centre[0]), int(centre[1])), symbol, (30, 30, 30), 18)
    frame[mask > 0] = print_[mask > 0]


def test_the_card_on_top_shows_its_edge_across_the_one_under_it():
    """The under card's print is cut off along the top card's side, and the top card's shadow
    falls along its others; the under card's sides run on hidden."""
    frame = _table()
    _card(frame, UNDER, symbol=80)
    _card(frame, OVER, shadow=True)
    edges = EdgeField(frame)
    assert edge_shown(edges, OVER, UNDER) > 3 * edge_shown(edges, UNDER, OVER)
    assert lies_on_top(edges, OVER, UNDER)
    assert not lies_on_top(edges, UNDER, OVER)


def test_a_back_on_top_is_told_by_its_edge_not_fooled_by_its_stripes():
    """A back's slanted stripes cross the side of the card under it everywhere, but step both
    ways along it: they add up to no edge."""
    frame = _table()
    _card(frame, UNDER, symbol=80)
    _card(frame, OVER, paper=(60, 40, 110), shadow=True, stripes=True)
    edges = EdgeField(frame)
    assert lies_on_top(edges, OVER, UNDER)
    assert not lies_on_top(edges, UNDER, OVER)


def test_which_lies_on_top_is_not_told_where_neither_edge_shows():
    """Paper on paper of one colour, with no shadow: nothing tells which is on top, and the
    reader keeps taking the card seen whole as lying on top."""
    frame = _table()
    for quad in (UNDER, OVER):
        cv2.fillConvexPoly(frame, np.int32(quad), (215, 220, 225))
    edges = EdgeField(frame)
    assert not lies_on_top(edges, OVER, UNDER)
    assert not lies_on_top(edges, UNDER, OVER)


def test_cards_barely_overlapping_are_not_told_apart():
    """Where no side runs far enough inside the other card, there is nothing to look at."""
    frame = _table()
    corner_only = UNDER + np.float32([197, 277])  # shares a few pixels' corner with UNDER
    _card(frame, UNDER)
    _card(frame, corner_only, shadow=True)
    edges = EdgeField(frame)
    assert edge_shown(edges, corner_only, UNDER) is None
    assert not lies_on_top(edges, corner_only, UNDER)


def test_in_a_drawn_scene_the_card_on_top_is_told_at_the_true_outlines():
    """Big 0758: a 4 of squares lies over a 4 of circles and a back, each about a tenth under
    it.  Both are seen nearly whole, so by their likeness alone each was taken to lie on top
    of the 4 of squares; their edges show no such thing, the 4 of squares' edge does."""
    from tests.camera_corpus import render, scenes

    frame, placed = render(next(s for s in scenes("big") if s.name == "0758.jpg"))
    edges = EdgeField(frame)
    top = next(p for p in placed if p.card == "4 square")
    for under in (p for p in placed if p.card in ("4 circle", "back")):
        assert lies_on_top(edges, np.float32(top.corners), np.float32(under.corners))
        assert not lies_on_top(edges, np.float32(under.corners), np.float32(top.corners))


def test_a_card_under_another_is_not_left_out_of_the_one_on_top_of_it():
    """Big 0758 read whole: the 4 of squares, two thirds of it left out as lying under the two
    cards it covers, was missed."""
    from tests.vision_scenes import invented, names_at, read_scene

    placed, readings = read_scene("big", "0758.jpg")
    truth = next(p for p in placed if p.card == "4 square")
    assert names_at(readings, truth) == {"4 square"}
    assert not invented(placed, readings)


def test_an_unsure_card_is_named_past_a_sure_card_its_edges_took_it_to_lie_on():
    """Big 0719: the 5 of stars' outline is 13 pixels off at one corner, so its own edge
    shows faintly and the 1 of squares under it seemed to lie on top of it.  Named with the
    star's corner in it, the 1 was unsure; named past every sure card overlapping it, it is
    a sure 1 of squares."""
    from tests.vision_scenes import invented, names_at, read_scene

    placed, readings = read_scene("big", "0719.jpg")
    truth = next(p for p in placed if p.card == "1 square")
    assert names_at(readings, truth) == {"1 square"}
    assert not invented(placed, readings)


def test_an_unsure_card_is_named_past_an_unsure_card_its_edges_show_on_top_of_it():
    """Big 0802: a 4 of squiggles under a 1 of squiggles whose pip a hand hides.  The 1 is
    surely a card (0.91 like its face) but not surely named, so it was not left out of the
    4's naming, and its print spoiled the 4 (unsure at 0.81).  Named past it — the 1's edge
    shows it lies on top — the 4 is sure; the 1 stays unsure, as a hand hides its suit."""
    from tests.vision_scenes import invented, names_at, read_round

    placed, (four,), readings = read_round("big", "0802.jpg", "4 squiggle")
    assert names_at(readings, four) == {"4 squiggle"}
    assert not invented(placed, readings)
