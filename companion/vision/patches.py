"""The patches where two taught faces differ, and how a face reads in them.

Most of two cards of one suit is one picture: a 4 and a 5 differ in a small numeral or one
pip.  Each such patch is matched on its own, with a few pixels' play, and counts by how much
of it shows — past a card on top, a hand or a frame's edge — and how plainly it matches
either face."""

from __future__ import annotations

from typing import NamedTuple

import cv2
import numpy as np
from numpy.lib.stride_tricks import sliding_window_view

PATCH_CLEAR = 0.95      # the share of a differing patch's print (where the two faces differ) clear of a card
                        # on top (its edge and shadow: ``namer.CLEAR_REACH``) that shows it whole, however the face's cells lie (a cell a tenth under the
                        # card is left out of the whole-face measure; a corner numeral beside the card's edge
                        # was; big set +9 right, none wrong) and whatever bare paper of its box lies by the
                        # card's edge (big 1015's corner cross, its box 0.93 clear, its print all of it)
PART_SIDE = 10          # pixels each way: a part of a differing patch this big (a corner index's pip or
                        # numeral, apart from the big symbol it joins) is matched on its own where the
                        # patch is mostly hidden; a smaller one is a sliver of a pip's edge (big 1111)
PLAIN = 0.9             # patches matching their face this well, shown whole, deciding to the full (measured on
                        # the big set: 9 cards half under another card, their numeral in view, named right
                        # so, none wrongly; where the rest of what tells two names apart is under the card)
LOCAL_SURE = 0.1        # a patch correlation better by this much is certainty


def box_share(sums: np.ndarray, x: int, y: int, w: int, h: int) -> float:
    """The share of a box that is set, in a mask given as its ``cv2.integral`` sums: a
    patch's share at a constant cost (a mask's mean over each patch of each pair of rivals
    was a tenth of naming a face)."""
    return float(sums[y + h, x + w] - sums[y, x + w] - sums[y + h, x] + sums[y, x]) / (w * h)


def best_matches(window: np.ndarray, patches: tuple[np.ndarray, ...], mask: np.ndarray | None) -> list[float]:
    """How well each of ``patches`` (of one size) matches anywhere in ``window`` (the best
    normalised correlation), compared only where ``mask`` is set.  Masked, the window's
    places are stacked once and every patch is one product with them: OpenCV's masked
    matching costs six times its plain one, and most of the naming's patch comparisons are
    masked where a card lies on top.  A place where the window is flat under the mask
    matches nothing (its correlation would divide by nothing)."""
    if mask is None:
        return [float(cv2.matchTemplate(window, patch, cv2.TM_CCOEFF_NORMED).max()) for patch in patches]
    h, w = mask.shape
    places = sliding_window_view(window, (h, w)).reshape(-1, h * w)
    weights = mask.ravel()
    count = float(weights.sum())
    if count == 0:
        return [-1.0] * len(patches)
    centred = []
    for patch in patches:
        pixels = patch.ravel()
        shown = (pixels - (pixels @ weights) / count) * weights
        centred.append(shown / max(float(np.sqrt(shown @ shown)), 1e-6))
    sums = places @ weights
    spread = (places * places) @ weights - sums * sums / count
    flat = spread <= 1e-6 * count
    scores = (places @ np.stack(centred, axis=1)) / np.sqrt(np.where(flat, 1.0, spread))[:, None]
    scores[flat] = -1.0
    return [float(v) for v in scores.max(axis=0)]


def shown_enough(shape: np.ndarray, power: float, out_of_sight: np.ndarray, least: float) -> float:
    """How much a pairwise decision counts (0..1) by the share of where two faces differ
    (``shape``; ``power``: its part in view) that shows past what hides it (``out_of_sight``):
    whole from ``least`` of it up, less below — the part that shows may be a sliver that
    passes for the other face."""
    hidden = shape * out_of_sight
    return min(1.0, power / (power + float((hidden * hidden).sum())) / least)


def in_view(open_sums: np.ndarray, clear_sums: np.ndarray | None, box: tuple[int, int, int, int],
             clear: np.ndarray | None = None, print_: np.ndarray | None = None) -> tuple[float, float]:
    """How much of ``box`` shows: the share of it in open cells (1.0 where ``PATCH_CLEAR`` of
    the print that differs there, ``print_`` in the box, lies clear of the card on top: however
    its cells lie, and whatever bare paper of the box lies by the card's edge), and the share of
    the box clear of that card pixel by pixel (0 where no card lies on top); the masks as their
    ``cv2.integral`` sums, and ``clear`` as it is."""
    shown = box_share(open_sums, *box)
    if clear_sums is None:
        return shown, 0.0
    in_clear = box_share(clear_sums, *box)
    x, y, w, h = box
    print_clear = in_clear if in_clear == 1.0 or print_ is None or not print_.any() else \
        float(clear[y:y + h, x:x + w][print_].mean())
    return (1.0 if print_clear >= PATCH_CLEAR else shown), in_clear


class LocalRead(NamedTuple):
    """What the patches where two faces differ say (:meth:`Namer._local_side`)."""

    side: float         # -1 .. +1: which face they look like (+1: the first), surely at either end
    likeness: float     # how like the likelier face they look (a correlation)
    whole: bool         # every patch in sight shows whole
    plain_side: int     # +1 or -1 where the patches that show whole, on their own, read plainly


class Tally:
    """The patches' matches summed, each weighed by its area: which face they look like, and
    how well."""

    def __init__(self):
        self.total = self.best = self.weight = 0.0

    def add(self, area: float, match_a: float, match_b: float) -> None:
        self.total += area * (match_a - match_b)
        self.best += area * max(match_a, match_b)
        self.weight += area

    def side(self) -> float:
        return float(np.clip(self.total / self.weight / LOCAL_SURE, -1.0, 1.0))

    def likeness(self) -> float:
        return self.best / self.weight

    def plain_side(self) -> int:
        """:func:`plain_side_of` of the patches summed (0 with none)."""
        return plain_side_of(self.side(), self.likeness()) if self.weight else 0


def plain_side_of(side: float, likeness: float) -> int:
    """+1 or -1 where patches read plainly as one face (``side``, ``likeness``: as
    :class:`LocalRead` gives them): like it at ``PLAIN`` and better than the other by
    ``LOCAL_SURE``; 0 otherwise."""
    return int(np.sign(side)) if likeness >= PLAIN and abs(side) >= 1.0 else 0


class Patch(NamedTuple):
    """A box where two taught faces differ, with a picture in both (x, y, w, h in pixels,
    area: the differing pixels, grown), and the boxes of its parts apart."""

    x: int
    y: int
    w: int
    h: int
    area: int
    parts: tuple[tuple[int, int, int, int, int], ...]
    print_: np.ndarray   # where in the box the two faces differ (bool, the box's shape)

    def print_in(self, box: tuple[int, int, int, int]) -> np.ndarray:
        """Where the faces differ in ``box``, a part of this patch's box."""
        x, y, w, h = box
        return self.print_[y - self.y:y - self.y + h, x - self.x:x - self.x + w]


def pictured_in_both(ta: np.ndarray, tb: np.ndarray, box: tuple[int, int, int, int]) -> bool:
    """Whether both sharp faces have a picture in ``box`` (not blank paper in either)."""
    x, y, w, h = box
    return ta[y:y + h, x:x + w].std() >= 0.25 and tb[y:y + h, x:x + w].std() >= 0.25


def parts_apart(differ: np.ndarray, ta: np.ndarray, tb: np.ndarray,
                 box: tuple[int, int, int, int]) -> tuple[tuple[int, int, int, int, int], ...]:
    """The parts of a differing patch (``box``) that lie apart when grown by a pixel rather than
    two, at least ``PART_SIDE`` each way and pictured in both faces, as (x, y, w, h, area):
    grown by two pixels, a corner index's pip joins the big symbol beside it, and a card
    over the symbol hid the pip's patch with it.  Empty where the patch is one part alone."""
    x, y, w, h = box
    grown = cv2.dilate(np.ascontiguousarray(differ[y:y + h, x:x + w]), np.ones((3, 3), np.uint8))
    count, _, stats, _ = cv2.connectedComponentsWithStats(grown)
    if count <= 2:
        return ()
    parts = []
    for px, py, pw, ph, area in stats[1:count]:
        part = (int(px) + x, int(py) + y, int(pw), int(ph))
        if min(pw, ph) >= PART_SIDE and pictured_in_both(ta, tb, part):
            parts.append(part + (int(area),))
    return tuple(parts)
