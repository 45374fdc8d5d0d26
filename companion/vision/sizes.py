"""A card's size where it lies.  Every card on the table is one size, so a reading of
another size is part of a card, not one: the cards seen whole give the table's plane (the
view straight down in which a card is ``FACE_W`` by ``FACE_H``, whatever the camera's tilt),
and the size a card should have at any place in the frame."""

from __future__ import annotations

import cv2
import numpy as np

from companion.vision.completion import SEEN_WHOLE, ShortSideHere
from companion.vision.finder import sides
from companion.vision.geometry import ASPECT, FACE_H, FACE_W, order_corners, quad_area
from companion.vision.reading import ON_TOP, UNSURE, Reading, made_unsure, sure_ones

SIZE_LOW = 0.8   # a card named surely at under this share of the size expected where it lies (or over
                 # its inverse) is not sure (half a card: 0.71)
SIZED = 0.7      # a reading this like a taught face (named or not) shows the card's size


def card_size(quad: np.ndarray) -> float:
    """A card's size in the frame: the square root of its outline's area.  Not a side: a
    tilted camera stretches the frame more one way than the other, so a card's sides change
    as it turns, but locally the stretch is the same for every direction and the area keeps."""
    return float(np.sqrt(quad_area(quad)))


def expected_size(quad: np.ndarray, others: list[np.ndarray]) -> float:
    """The size a card would have at ``quad``'s place, from the other cards' sizes: with four
    or more, a plane through their sizes over the frame (a tilted camera makes near cards
    larger than far ones), kept within the sizes seen; with fewer, their median."""
    sizes = np.float32([card_size(q) for q in others])
    if len(others) < 4:
        return float(np.median(sizes))
    centres = np.float32([q.mean(axis=0) for q in others])
    design = np.column_stack([centres, np.ones(len(others), np.float32)])
    plane, *_ = np.linalg.lstsq(design, sizes, rcond=None)
    guess = float(np.append(np.float32(quad).mean(axis=0), 1.0) @ plane)
    return float(np.clip(guess, sizes.min(), sizes.max()))


def size_on_planes(quad: np.ndarray, others: list[np.ndarray]) -> float:
    """A card's size against the others' on the table's plane: each other card's outline
    gives the plane (:func:`card_plane`: the view straight down in which it is ``FACE_W`` by
    ``FACE_H``), where every card on the table is that size whatever the camera's tilt; the
    median of the outline's size there over that size.  Each plane is a few per cent off, and
    more the farther it is carried: so the median of several."""
    outline = np.float32(quad).reshape(-1, 1, 2)
    areas = [quad_area(cv2.perspectiveTransform(outline, card_plane(other)).reshape(4, 2)) for other in others]
    return float(np.median(np.sqrt(np.float32(areas) / (FACE_W * FACE_H))))


def part_of_a_card(quad: np.ndarray, others: list[np.ndarray]) -> bool:
    """Whether an outline is smaller than the cards ``others`` outline, both in the frame (near
    them, or on the plane through their sizes) and on the table's plane they give
    (:func:`sized_alike` tells why both, and what was measured): part of a card, not one."""
    return (card_size(quad) / expected_size(quad, others) < SIZE_LOW
            and size_on_planes(quad, others) < SIZE_LOW)


def held_to_known(readings: list[Reading], known: list[np.ndarray]) -> list[Reading]:
    """The readings of a frame, those smaller than the cards known to lie on the table
    (``known``: their outlines, in the frame's pixels) left out: parts of cards.  Why: the
    live loop reads only the part of a frame that changed, and there a card the part's edge
    cuts (or one named at none of its outlines) is not named, so nothing sure stands where
    its print is — and a box of its print, or the corner its printed frame makes, was asked
    about as a card nobody laid (``make bench live``: 6 such questions in 1,600 cards, their
    outlines' short sides 11 to 58 pixels, the cards' some 120).  Most came from sizing the
    part's cards as shares of the part (mended: :meth:`Reader.read`'s ``whole``); with that
    mend and without this rule, 1 of the 6 is still asked.  A back read by its look, without
    an exact outline, is not sized so."""
    if not known:
        return readings
    return [r for r in readings if r.by_look or not part_of_a_card(r.corners, known)]


def sized_alike(readings: list[Reading]) -> list[Reading]:
    """The readings, those named surely but smaller than the other cards named surely in the
    frame made unsure: part of a card cut off by a sleeve's edge has a card's proportions too
    (half a card is 2.5 by 1.75 in: 0.71 of its size), and straightened it can look like
    another card of its suit — a half 2 of pips is a 1.  Smaller both in the frame (near the
    others, or on the plane through their sizes) and on the table's plane the others give: a
    tilted camera shows a card far off smaller than one near, and with few cards in the frame
    the plane through their sizes is not known (measured on the big set: 5 whole cards
    named at 0.95 and more were refused so, at 0.76 to 0.80 of the size in the frame, 0.87 and
    more on the table's plane; the parts of cards, 0.76 and less there).  A card larger than the
    others is no part of one (they may be parts: 12 whole cards were refused so), but a back
    read by its look, without an exact outline, is held to both sides of the others' size."""
    sure = [r for r in readings if r.card != UNSURE and not r.by_look]  # (a back read by its
    out = []                                                 # look has no exact outline to size by)
    for reading in readings:
        others = [r.corners for r in sure if r is not reading]
        if reading.card != UNSURE and others:
            if reading.by_look:
                odd = not sized_as(reading.corners, others)
            else:
                odd = part_of_a_card(reading.corners, others)
            if odd:
                reading = made_unsure(reading)
        out.append(reading)
    return out


def sized_as(quad: np.ndarray, others: list[np.ndarray]) -> bool:
    """Whether an outline is within ``SIZE_LOW`` either way of the size the cards ``others``
    outline give it where it lies: the test of a back read by its look, which has no exact
    outline to be held to the table's plane by."""
    return SIZE_LOW <= card_size(quad) / expected_size(quad, others) <= 1 / SIZE_LOW


def sizes_shown(readings: list[Reading], may_be: list[float]) -> list[float]:
    """The short sides of the readings this like a taught face (named or not) that a card
    may have in the frame (``may_be``: the sizes tried when none is known): a checked cloth's
    square, half a card wide, can look like a plain face in grey."""
    sized = [sides(r.corners)[0] for r in readings if r.similarity > SIZED]
    return [side for side in sized if SIZE_LOW * may_be[0] <= side <= may_be[-1] / SIZE_LOW]


def sizes_again(first: list[Reading], second: list[Reading], may_be: list[float]) -> list[float]:
    """The short sides to complete the corners at once more, after completing them at the
    size the ``first`` readings (the outlines named) showed, or at each size a card ``may_be``
    where they showed none (:func:`sizes_shown`) — the completed readings being ``second``.

    - None showed a size: the size the completed cards show.  Each size tried was a few per
      cent off, and a card under two others was named at none of them.
    - Only unsure readings showed it: the size the cards completed and named surely show, or
      with none, every size a card may have — either only where it differs from the size
      tried by more than a side seen whole may.  An unsure reading of part of a card can show
      a size far off: big 0819's only card, a 1 of crosses half under a hand, was read as the
      cross in its middle, half a card wide, and completed only at that size; big 1428's 4 of
      crosses, between two cards named surely once completed, only at the size of two
      outlines that took in glare (a fifth too large).
    - A card named surely showed it: none."""
    tried = sizes_shown(first, may_be)
    if not tried:
        shown = sizes_shown(second, may_be)
        return [float(np.median(shown))] if shown else []
    if sizes_shown(sure_ones(first), may_be):
        return []
    shown = sizes_shown(sure_ones(second), may_be)
    again = [float(np.median(shown))] if shown else may_be
    return [side for side in again if abs(side / float(np.median(tried)) - 1.0) > SEEN_WHOLE]


def table_plane(readings: list[Reading]) -> np.ndarray | None:
    """The table's plane, from the card seen best: the perspective map from the frame to a
    view straight down on the table, at a scale where a card is ``FACE_W`` by ``FACE_H``.
    Every card lies on the table, so in that view every card is that size and right-angled,
    whatever the camera's tilt.  None without a card seen whole."""
    whole = [r for r in readings if r.card != UNSURE and r.similarity > ON_TOP]
    if not whole:
        return None
    return card_plane(max(whole, key=lambda r: r.similarity).corners)


def card_plane(corners: np.ndarray) -> np.ndarray:
    """The perspective map from the frame to the table's plane that a card's outline gives: the
    view straight down in which that card is ``FACE_W`` by ``FACE_H``."""
    square = np.float32([[0, 0], [FACE_W, 0], [FACE_W, FACE_H], [0, FACE_H]])
    return cv2.getPerspectiveTransform(order_corners(np.float32(corners)), square)


def short_side_on(plane: np.ndarray | None) -> ShortSideHere:
    """The short side a card has in the frame where a point lies, on the table's plane (a
    card ``FACE_W`` by ``FACE_H`` there, centred on the point, mapped back): a tilted camera
    makes near cards larger than far ones.  None without a plane."""
    if plane is None:
        return None
    back = np.linalg.inv(plane)
    half = np.float32([[-FACE_W, -FACE_H], [FACE_W, -FACE_H], [FACE_W, FACE_H], [-FACE_W, FACE_H]]) / 2

    def here(point: np.ndarray) -> float:
        centre = cv2.perspectiveTransform(np.float32(point).reshape(1, 1, 2), plane).reshape(2)
        card = cv2.perspectiveTransform((centre + half).reshape(-1, 1, 2), back).reshape(4, 2)
        return float(np.sqrt(quad_area(card) / ASPECT))
    return here


def sized_on_table(quad: np.ndarray, plane: np.ndarray) -> list[np.ndarray]:
    """The whole cards an outline may be part of, on the table's plane: from each of its
    corners in turn, a card's proportions along its two sides there, at the outline's
    longer measure.  An outline a little narrow (a card's edge on a card of the same paper,
    a shadow taken for the edge) has two or three corners right: a card measured from one
    of them is the card."""
    on_table = cv2.perspectiveTransform(order_corners(np.float32(quad)).reshape(-1, 1, 2), plane).reshape(4, 2)
    back = np.linalg.inv(plane)
    short, long = sides(on_table)
    long = max(long, short * ASPECT)  # the outline's longer measure, as the plane shows it (its
    short = long / ASPECT             # scale there drifts a few % from the card it was found by)
    out = []
    for i in range(4):
        corner = on_table[i]
        along, across = on_table[(i + 1) % 4] - corner, on_table[(i + 3) % 4] - corner
        first, second = (short, long) if i % 2 == 0 else (long, short)  # 0-1 is a short side
        along = along / max(1e-3, float(np.linalg.norm(along))) * first
        across = across / max(1e-3, float(np.linalg.norm(across))) * second
        card = np.float32([corner, corner + along, corner + along + across, corner + across])
        out.append(order_corners(cv2.perspectiveTransform(card.reshape(-1, 1, 2), back).reshape(4, 2)))
    return out
