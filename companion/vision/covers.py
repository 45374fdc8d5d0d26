"""The cards lying over a reading: those left out of its naming, its ink, and its
corners.  A card seen whole lies on top of any card it overlaps — unless the frame's edges
show the other lies on top of it (:mod:`companion.vision.stacking`); a part of a card named
as another is no card over it; and a back's print is never part of a face's ink."""

from __future__ import annotations

import cv2
import numpy as np

from companion.vision.geometry import ASPECT, EdgeField, iou, order_corners, overlap, quad_area
from companion.vision.namer import BACK
from companion.vision.places import CONFLICT, PART, SAME
from companion.vision.reading import ON_TOP, UNSURE, Reading, outlines_on_top
from companion.vision.sizes import part_of_a_card
from companion.vision.stacking import lies_on_top

COVER_LEAST = 0.02  # a card seen whole (``ON_TOP``) is left out of the naming of a card it covers this much of
HIDDEN_REACH = 4.0  # pixels: a corner this near a card on top (or under it) is hidden by it
LOOKED_OVERLAP = 0.3  # the most of a back read by its look that a card named by its picture, not on top,
                      # may share


def outlines_over_ink(readings: list[Reading]) -> list[np.ndarray]:
    """The outlines left out of the ink of a face they overlap: the cards seen whole, and every
    back named — seen whole or not, a back's print is no part of a face's ink whichever lies on
    top (a red back over a purple star turned its ink red: big 1505)."""
    return outlines_on_top(readings) + [r.corners for r in readings if r.card == BACK]


def part_of(part: Reading, reading: Reading, sure: list[Reading]) -> bool:
    """Whether a sure reading lies within another's outline (``SAME`` of it) at under ``PART``
    of its area: a part of that card named as another (the end of a 4 of stars in glare, its
    two stars a sure 2 of squares), not a card over it — left out of its naming, it hid the
    card's print that shows (big 0923).  Not where it is as large as the other cards named
    surely (``sure``), where there are any: a card's size is no part of a card (big 1068's
    1 of circles, seen whole, was taken for the top of an outline over one and a half times
    as long, across the card under it; named past that card alone, the outline read a 2 of
    circles)."""
    others = [s.corners for s in sure if s is not part and s is not reading]
    return (overlap(part.corners, reading.corners) >= SAME
            and quad_area(part.corners) < PART * quad_area(reading.corners)
            and (not others or part_of_a_card(part.corners, others)))


def sure_over(reading: Reading, sure: list[Reading], edges: EdgeField | None = None) -> list[np.ndarray]:
    """The outlines of the cards named surely (``sure``) that lie over a reading: those
    overlapping it (:func:`lying_over`), but not the reading itself nor a part of it
    (:func:`part_of`) — what a card's naming again past the cards over it leaves out."""
    return lying_over(reading.corners, [s.corners for s in sure if s is not reading and not part_of(s, reading, sure)],
                       edges)


def lying_over(quad: np.ndarray, on_top: list[np.ndarray], edges: EdgeField | None = None) -> list[np.ndarray]:
    """The outlines of cards seen whole that lie over ``quad``: those covering some of it,
    but not another outline of the same card (sharing more than ``CONFLICT`` with it: a
    card a little off its own better outline is not under itself), nor a card that ``quad``'s
    edge shows it lies on top of (:func:`~companion.vision.stacking.lies_on_top`, where the
    frame's ``edges`` are given): seen whole by its likeness, a card may still lie under
    another by a corner (big 0758: a 4 of squares over a 4 of circles and a back, each a tenth
    under it, both left out of its naming, two thirds of it, was missed)."""
    return [c for c in covering(quad, on_top) if not (edges is not None and lies_on_top(edges, quad, c))]


def covering(quad: np.ndarray, on_top: list[np.ndarray]) -> list[np.ndarray]:
    """The outlines of cards seen whole covering some of ``quad``, but not another outline of
    the same card: those that may lie over it (:func:`lying_over` tells which do, at twenty
    times the cost)."""
    return [c for c in on_top if overlap(quad, c) > COVER_LEAST and iou(quad, c) <= CONFLICT]


def looked_astray(reading: Reading, readings: list[Reading], edges: EdgeField | None = None) -> bool:
    """Whether a back read by its look overlaps a card named by its picture that does not lie
    on top of it (a face seen whole does, and so does one whose edge the frame's ``edges``
    show crossing it, :func:`~companion.vision.stacking.lies_on_top`): its outline then takes
    in part of that card (two backs side by side look like one back cell by cell; the one
    named by its picture has the exact outline).  (Big 0240: a back under another back, its
    look named surely, was dropped for the back over it.)"""
    if not reading.by_look:
        return False
    return any(other is not reading and other.card != UNSURE and not other.by_look
               and not (other.card != BACK and other.similarity > ON_TOP)  # a face seen whole lies on top
               and not any(other.corners is c for c in reading.under)
               and overlap(reading.corners, other.corners) > LOOKED_OVERLAP
               and not (edges is not None and lies_on_top(edges, other.corners, reading.corners))
               for other in readings)


def completed_under(quad: np.ndarray, covers) -> np.ndarray | None:
    """The whole card an outline is of, where a corner or a side of it lies under a card on
    top (``covers``): the finder ends such an outline where the top card's edge cuts it,
    a few pixels to a card's length off, and what tells a 3 from a 5 is smaller than that.
    One corner hidden: the parallelogram of the other three; two corners of one side hidden:
    that side moved out to a card's proportions from the side opposite.  None when no corner
    is hidden, or more than one side is."""
    quad = order_corners(np.float32(quad))
    hidden = [any(cv2.pointPolygonTest(np.float32(c).reshape(-1, 1, 2), (float(x), float(y)), True) > -HIDDEN_REACH
                  for c in covers) for x, y in quad]
    out = quad.copy()
    if sum(hidden) == 1:
        i = hidden.index(True)
        out[i] = quad[(i + 1) % 4] + quad[(i + 3) % 4] - quad[(i + 2) % 4]
        return out
    if sum(hidden) == 2:
        i = next((i for i in range(4) if hidden[i] and hidden[(i + 1) % 4]), None)
        if i is None:
            return None  # two opposite corners: no side seen whole
        j = (i + 1) % 4                      # the hidden side runs i -> j
        a, b = quad[(i + 3) % 4], quad[(j + 1) % 4]  # the side opposite: a beside i, b beside j
        seen = float(np.linalg.norm(b - a))
        along = seen * (ASPECT if i % 2 == 1 else 1 / ASPECT)  # i odd: the hidden side is a short one
        for k, base in ((i, a), (j, b)):
            direction = quad[k] - base
            out[k] = base + direction / max(1e-3, float(np.linalg.norm(direction))) * along
        return out
    return None
