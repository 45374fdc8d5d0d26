"""What was laid on the table since it last settled, found by comparing the two frames.

The camera does not move and neither does the table, so a card laid down is where the
frame differs from the settled table — and the table's own pattern (a check cloth, wood
grain, a plank's seam), which the finder must otherwise tell from a card's edges, cancels
out.  One subtraction and one outline per change: a few milliseconds where the finder's
search of the same part costs a few hundred on a Pi.  What this finds is only a proposal:
the reader names it, and the live loop reads the part the usual way when it cannot."""

from __future__ import annotations

import cv2
import numpy as np

from companion.vision.finder import MAX_AREA, MIN_AREA, card_like
from companion.vision.geometry import grown, iou, order_corners

DIFFERS = 28        # grey levels (the largest of B, G, R, after a light blur): a pixel that changed
                    # (the sensor's noise stays well under it; a card on the table well over)
SAME_PLACE = 0.6    # a change sharing this much (intersection over union) with a known place is it
FILL = 0.75         # a change must fill this much of its rectangle to be one card (two cards laid
                    # side by side, or a card and a hand's shadow, fill less)
LIFTED = 0.5        # a known place this much of whose footprint changed was taken away (or turned)
AROUND = 0.06       # a footprint grown by this share of the card's width: its shadow and a corner off


def changed_mask(before: np.ndarray, after: np.ndarray, region=None) -> np.ndarray:
    """Where two frames of one camera differ within ``region`` (x0, y0, x1, y1; None: the
    whole frame): uint8, 255 where changed, in the region's pixels."""
    h, w = after.shape[:2]
    x0, y0, x1, y1 = region if region is not None else (0, 0, w, h)
    a = cv2.GaussianBlur(before[y0:y1, x0:x1], (5, 5), 0)
    b = cv2.GaussianBlur(after[y0:y1, x0:x1], (5, 5), 0)
    # the largest of B, G, R's differences, by OpenCV's channel maximum (numpy's max over the
    # colour axis of a whole frame costs twenty times as much: a quarter of a second on a Pi)
    blue, green, red = cv2.split(cv2.absdiff(a, b))
    changed = cv2.threshold(cv2.max(cv2.max(blue, green), red), DIFFERS, 255, cv2.THRESH_BINARY)[1]
    changed = cv2.morphologyEx(changed, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
    return cv2.morphologyEx(changed, cv2.MORPH_CLOSE, np.ones((7, 7), np.uint8))


def outlined(changed: np.ndarray, region, size) -> list[tuple[np.ndarray, bool]] | None:
    """Each changed part of the mask as its rectangle (an ordered quad, frame pixels) and
    whether it has one card's shape; None when nothing changed or a part is too large to be
    cards (the light changed)."""
    w, h = size
    x0, y0 = _origin(region)
    contours, _ = cv2.findContours(changed, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    found = []
    for contour in contours:
        area = cv2.contourArea(contour)
        if area < MIN_AREA * w * h / 4:
            continue  # a crumb of noise, a shadow's edge
        if area > MAX_AREA * w * h:
            return None
        rect = cv2.minAreaRect(contour)
        quad = order_corners(cv2.boxPoints(rect) + np.float32([x0, y0]))
        one_card = area >= FILL * rect[1][0] * rect[1][1] and area >= MIN_AREA * w * h and card_like(quad)
        found.append((quad, bool(one_card)))
    return found or None


def footprint(corners: np.ndarray, shape, shift) -> np.ndarray:
    """A card's outline grown a little (its shadow, a corner found a few pixels off) as a
    uint8 mask of ``shape``, in pixels ``shift`` from the frame's."""
    mask = np.zeros(shape, np.uint8)
    cv2.fillConvexPoly(mask, _footprint_polygon(corners, shift), 255)
    return mask


def _footprint_polygon(corners: np.ndarray, shift=(0, 0)) -> np.ndarray:
    """A card's outline grown by ``AROUND``, in whole pixels ``shift`` from the frame's."""
    return np.int32(np.round(grown(corners, AROUND) - np.float32(shift)))


def outside_footprints(outlines, shape) -> np.ndarray:
    """Where none of the cards' footprints lies, as a uint8 mask of the whole frame (255
    there): one mask drawn into, not one per card (a Pi pays for each whole-frame array)."""
    mask = np.full(shape, 255, np.uint8)
    for corners in outlines:
        cv2.fillConvexPoly(mask, _footprint_polygon(corners), 0)
    return mask


def _origin(region) -> tuple[int, int]:
    """Where a region read (x0, y0, x1, y1; None: the whole frame) starts in the frame."""
    return tuple(region[:2]) if region is not None else (0, 0)


def _without(changed: np.ndarray, region, outlines) -> np.ndarray:
    """A change (``region``'s pixels) with the footprints of some cards taken out of it."""
    left = changed.copy()
    for corners in outlines:
        left[footprint(corners, left.shape, _origin(region)) > 0] = 0
    return left


def lifted_places(changed: np.ndarray, region, places: dict[int, np.ndarray]) -> set[int]:
    """The known places most of whose footprint changed (``changed``: :func:`changed_mask`'s
    for ``region``): taken away, turned up, or covered by a card laid."""
    lifted = set()
    for number, corners in places.items():
        inside = footprint(corners, changed.shape, _origin(region))
        area = int(np.count_nonzero(inside))
        if area and np.count_nonzero(changed & inside) >= LIFTED * area:
            lifted.add(number)
    return lifted


def laid_beside_lifted(changed: np.ndarray, region, size, places: dict[int, np.ndarray], lifted: set[int]):
    """A trick gathered and the next card led in one change (a blob no card's shape: the
    trick's cards overlapped): the known places most of whose footprint changed
    (``lifted``: :func:`lifted_places`) are taken out of the change (``changed``:
    :func:`changed_mask`'s, for ``region`` of a frame of ``size``), and what is left must be
    whole cards laid.  ``(laid quads, changed place numbers)`` as :func:`laid_and_lifted`, or
    None when what is left is anything else (a card laid over a gathered card's place:
    :func:`laid_on_bare` may tell it)."""
    if not lifted:
        return None
    parts = outlined(_without(changed, region, [places[number] for number in lifted]), region, size) or []
    if not all(one_card for _, one_card in parts):
        return None
    return [quad for quad, _ in parts], lifted


def laid_on_bare(from_bare: np.ndarray, unseen: np.ndarray, region, size, staying: list[np.ndarray]):
    """The cards laid, found against the bare table (the table learnt where no card lay):
    what differs from it (``from_bare``: :func:`changed_mask`'s against the bare table, for
    ``region`` of a frame of ``size``) outside the cards still lying (``staying``: their
    outlines) is cards laid — even where a gathered card lay.  Their quads, or None when a
    part is no card's shape or lies where the bare table was never seen (``unseen``, the
    region's pixels)."""
    w, h = size
    left = _without(from_bare, region, staying)
    if np.count_nonzero(left[unseen]) > MIN_AREA * w * h / 4:
        return None
    parts = outlined(left, region, size)
    if not parts or not all(one_card for _, one_card in parts):
        return None
    return [quad for quad, _ in parts]


def laid_and_lifted(changes: list[tuple[np.ndarray, bool]], places: dict[int, np.ndarray]):
    """The changes sorted into cards laid (outlines to name) and known places that changed
    (a card turned up, or taken away: each named again where it lay), or None when some
    change is neither — then only a search can say what happened.  ``places``: the tracker's
    places, number -> corners.  A change is a known place when it covers the place's own
    footprint (not a new card laid half over it)."""
    laid, changed = [], set()
    for quad, one_card in changes:
        known = [number for number, corners in places.items() if iou(quad, corners) >= SAME_PLACE]
        if known:
            changed.update(known)
        elif one_card:
            laid.append(quad)
        else:
            return None
    return laid, changed
