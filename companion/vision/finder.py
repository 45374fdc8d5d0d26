"""Finding the cards in a frame: candidate quads, each the four corners of what may be a
card.  The finder proposes generously (several guesses for a card whose outline is broken by
another card or a hand); the namer decides what is a card, so a wrong guess costs time, not a
wrong name.

Cues: edges of the frame in brightness and colour (a light card on a light table still
differs in one of them), found twice — sharp, for the faces' thin outlines, and blurred at
half size, where a back's fine pattern melts into one tone; the regions those edges close;
each region's quad when it is one, its smallest enclosing rectangle when a corner is covered;
and, for a card partly under another, its visible right-angled corners completed to a card of
the size the other cards in the frame show (the card's known aspect gives the other side); and
the frame's straight edge segments, two that meet square being a corner completed the same
way (:mod:`companion.vision.straight_edges`: a card over others of its own paper closes no
region of its own).  Completing a card from a corner: :mod:`companion.vision.completion`."""

from __future__ import annotations

from typing import NamedTuple

import cv2
import numpy as np

from companion.vision.completion import (SEEN_WHOLE, ShortSideHere, as_seen, card_from_corner, completed_on_table,
                                         sizes_at)
from companion.vision.geometry import ASPECT, crossing, line_near, order_corners, quad_area, refine_corners

QUARTER_BLUR = 1.5      # at quarter size: a back's checks, rings or stripes melt into one tone
TONE_BLUR = 1.2         # at quarter size: a back's pattern blended into its tone
TONE_HUE = 0.03         # the most its shares of B, G, R may differ from the taught back's tone
TONE_LIGHT = (0.45, 1.6)  # its brightness, of the taught back's (a dim room .. a lamp)
PAPER_HUE = 0.035       # the most a pixel's share of each of B, G, R may differ from the paper's
MIN_AREA = 0.004        # of the frame: smaller regions are symbols, crumbs, noise
MAX_AREA = 0.25
REFIT_MOVED = 3.0      # pixels, and ...
REFIT_TURNED = float(np.cos(np.radians(1.0)))  # ... the cosine of 1 degree: a corner fitted this near
                                                # the polygon's (and its sides this near in line) is its own
WIDTHS = (0.075, 0.09, 0.105, 0.12)  # card widths to try when the frame shows none, of the frame's width


def edge_map(frame: np.ndarray, blur: float = 0.0, gain: float = 1.0) -> np.ndarray:
    """Where brightness or colour changes sharply, as a 0/255 mask (thickened a little so an
    outline with a faint stretch stays a closed line)."""
    small = cv2.GaussianBlur(frame, (0, 0), blur) if blur else cv2.GaussianBlur(frame, (5, 5), 0)
    lab = cv2.cvtColor(small, cv2.COLOR_BGR2LAB)
    edges = np.zeros(frame.shape[:2], np.uint8)
    for channel, (low, high) in zip(cv2.split(lab), ((30, 90), (12, 36), (12, 36))):
        edges |= cv2.Canny(channel, low * gain, high * gain)
    return cv2.dilate(edges, np.ones((3, 3), np.uint8))


def _quad_of(contour: np.ndarray) -> np.ndarray | None:
    hull = cv2.convexHull(contour)
    perimeter = cv2.arcLength(hull, True)
    for eps in (0.02, 0.03, 0.045):
        poly = cv2.approxPolyDP(hull, eps * perimeter, True)
        if len(poly) == 4:
            return poly.reshape(4, 2).astype(np.float32)
    return None


def sides(quad: np.ndarray) -> tuple[float, float]:
    """The mean short and long side of an ordered quad."""
    pts = np.float32(quad)
    short = (np.linalg.norm(pts[1] - pts[0]) + np.linalg.norm(pts[3] - pts[2])) / 2
    long = (np.linalg.norm(pts[2] - pts[1]) + np.linalg.norm(pts[0] - pts[3])) / 2
    return float(short), float(long)


def card_like(quad: np.ndarray) -> bool:
    """Whether a quad has a card's proportions (loosely: a tilted camera stretches it)."""
    short, long = sides(order_corners(quad))
    return short > 0 and 1.15 < long / short < 1.7


def paper_mask(frame: np.ndarray, paper: np.ndarray) -> np.ndarray:
    """Where the frame has the colour of the deck's paper (0/255): its hue within a few per
    cent (a camera's colour cast) and brighter than half the frame.  Why: on a cloth whose
    checks make edges everywhere, the cards' outlines are lost among the table's; their
    paper's colour is not.  A back shows its white rim, which closes around it."""
    own = (np.float32(paper) + 1.0) / (np.float32(paper) + 1.0).sum()
    b, g, r = (channel.astype(np.float32) + 1.0 for channel in cv2.split(frame))
    light = b + g + r
    # |channel / light - own| < PAPER_HUE for each channel, without dividing
    near = np.ones(light.shape, bool)
    for channel, share in zip((b, g, r), own):
        near &= np.abs(channel - float(share) * light) < PAPER_HUE * light
    lit = light > float(np.median(light[::4, ::4]))
    mask = (near & lit).astype(np.uint8) * 255
    mask = cv2.morphologyEx(mask, cv2.MORPH_OPEN, np.ones((2, 2), np.uint8))
    return cv2.morphologyEx(mask, cv2.MORPH_CLOSE, np.ones((3, 3), np.uint8))


def tone_mask(quarter: np.ndarray, tone: np.ndarray) -> np.ndarray:
    """Where the frame at quarter size, blurred till a back's pattern melts, has the back's
    own mean colour (0/255): its shares of B, G and R within a few hundredths, at about its
    brightness.  Why: a back on a checked cloth has its outline drowned among the cloth's
    edges, and no paper colour to be found by — but its blended tone is its own."""
    soft = cv2.GaussianBlur(quarter, (0, 0), TONE_BLUR).astype(np.float32) + 1.0
    light = soft.sum(axis=2)
    own = np.float32(tone) + 1.0
    near = np.abs(soft / light[..., None] - own / own.sum()).max(axis=2) < TONE_HUE
    bright = (light > TONE_LIGHT[0] * own.sum()) & (light < TONE_LIGHT[1] * own.sum())
    mask = (near & bright).astype(np.uint8) * 255
    return cv2.morphologyEx(mask, cv2.MORPH_OPEN, np.ones((2, 2), np.uint8))


def _filled(mask: np.ndarray, whole: tuple[float, float] | None = None) -> list[np.ndarray]:
    """The outer outlines of a mask's regions (holes in them ignored), big enough to be a
    card or part of one (``whole``: see :func:`_shapes`)."""
    w, h = whole or mask.shape[::-1]
    area = float(h * w)
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    return [c.astype(np.float32) for c in contours
            if MIN_AREA * area < cv2.contourArea(c) < MAX_AREA * area]


class RightCorner(NamedTuple):
    """A shape's convex right-angled corner: the shape's ``points``, the corner ``at``, its
    sides' unit directions ``u`` and ``v`` and lengths ``lu`` and ``lv``, and whether each
    side runs to another right-angled corner (``whole_u``, ``whole_v``: seen whole)."""
    points: np.ndarray
    at: np.ndarray
    u: np.ndarray
    lu: float
    v: np.ndarray
    lv: float
    whole_u: bool
    whole_v: bool


class Outlines:
    """The closed shapes of one frame (computed once, used by both of the finder's passes).
    ``paper``: the deck's paper colour (BGR), when known, adds the regions of that colour.
    ``whole``: the camera frame's (width, height) when ``frame`` is a part of it — a card's
    size is a share of the camera's frame, whatever part of it is read."""

    def __init__(self, frame: np.ndarray, paper: np.ndarray | None = None, back: np.ndarray | None = None,
                 whole: tuple[int, int] | None = None):
        h, w = frame.shape[:2]
        self.size = (w, h)
        self.whole = whole or self.size
        self.contours: list[np.ndarray] = []
        self._corners_made: dict[float, list[RightCorner]] = {}  # by the least side (:meth:`_right_corners`)
        half = cv2.resize(frame, (w // 2, h // 2), interpolation=cv2.INTER_AREA)
        quarter = cv2.resize(half, (w // 4, h // 4), interpolation=cv2.INTER_AREA)
        for edges, scale, grow in ((edge_map(frame), 1.0, 3), (edge_map(half, blur=1.6), 2.0, 3),
                                   (edge_map(quarter, blur=QUARTER_BLUR), 4.0, 3)):
            self.contours += [c * scale for c in _shapes(edges, grow, threads=scale > 1.0, whole=self._at(scale))]
        if paper is not None:
            self.contours += [c * 2.0 for c in _filled(paper_mask(half, paper), self._at(2.0))]
        if back is not None:
            self.contours += [c * 4.0 for c in _filled(tone_mask(quarter, back), self._at(4.0))]

    def _at(self, scale: float) -> tuple[float, float]:
        """The camera frame's size in the pixels of this frame shrunk ``scale`` times."""
        return self.whole[0] / scale, self.whole[1] / scale

    def quads(self) -> list[np.ndarray]:
        """The direct guesses: each shape's own quad and its enclosing rectangle."""
        w, h = self.whole
        found = []
        for contour in self.contours:
            guesses = []
            quad = _quad_of(contour.astype(np.int32))
            if quad is not None:
                guesses.append(refine_corners(order_corners(quad), contour))
            guesses.append(cv2.boxPoints(cv2.minAreaRect(contour.astype(np.float32))).astype(np.float32))
            for guess in guesses:
                if card_like(guess) and MIN_AREA * w * h < quad_area(guess) < MAX_AREA * w * h:
                    found.append(order_corners(guess))
        return found

    def corner_guesses(self, short_sides: list[float], here: ShortSideHere = None) -> list[np.ndarray]:
        """Cards completed from the shapes' right-angled corners, for each short side given
        (the long side follows from the card's aspect) and the one ``here`` gives at the
        corner (:func:`sizes_at`); and, where a corner's side is longer than a card's, once
        more along its sides fitted to the outline beside it (:func:`_corner_on_contour`)."""
        found, refitted = [], []
        smallest = min(short_sides)
        longest = (1.0 + SEEN_WHOLE) * ASPECT * max(short_sides)  # a side longer runs on past a card
        for c in self._right_corners(0.3 * smallest):
            sizes = _sizes(c.at, c.lu, c.whole_u, c.lv, c.whole_v, short_sides, here)
            found += self._cards_from_corner(c.at, c.u, c.v, sizes)
            # a side longer than a card's runs on past the card's corner: fitted next to it
            fitted = (_corner_on_contour(c.points, c.at, c.u, c.lu, c.v, c.lv, smallest)
                      if max(c.lu, c.lv) > longest else None)
            if fitted is not None:  # a side that turned on the fit is no one straight side
                met, fu, fv = fitted
                sizes = _sizes(met, c.lu, c.whole_u and float(fu @ c.u) > REFIT_TURNED,
                               c.lv, c.whole_v and float(fv @ c.v) > REFIT_TURNED, short_sides, here)
                refitted += self._cards_from_corner(met, fu, fv, sizes)
        return found + refitted  # (after the polygon's own: where both name a card, the first is kept)

    def table_guesses(self, short_sides: list[float], plane: np.ndarray) -> list[np.ndarray]:
        """The cards completed on the table's ``plane`` from the shapes' right-angled corners
        (:func:`completed_on_table`), as :meth:`StraightEdges.table_guesses` completes the
        straight edges' corners: there a card is square-cornered and its true size, where in the
        frame it was completed at the size of the cards seen whole or to its own sides'
        proportions, which under a tilted camera run off at its far corners (big 1500's 1 of
        squiggles, its corner seen whole and both far corners under other cards, was missed;
        so was big 1129's 4 of crosses, both ends under other cards, under a camera looking
        nearly straight down: its seen sides are no measure of it)."""
        corners = self._right_corners(0.3 * min(short_sides))
        if not corners:
            return []
        at, u, v = (np.float32([getattr(c, k) for c in corners]) for k in ("at", "u", "v"))
        return completed_on_table(at, u, v, plane, self.size)

    def _right_corners(self, least: float) -> list[RightCorner]:
        """The shapes' convex right-angled corners between sides at least ``least`` long, found
        once for each least side (completed in the frame and on the table's plane alike)."""
        if least not in self._corners_made:
            self._corners_made[least] = list(self._right_corners_found(least))
        return self._corners_made[least]

    def _right_corners_found(self, least: float):
        """:meth:`_right_corners`, found."""
        for contour in self.contours:
            pts = contour.reshape(-1, 2).astype(np.float32)
            perimeter = cv2.arcLength(pts.reshape(-1, 1, 2), True)
            poly = cv2.approxPolyDP(pts.reshape(-1, 1, 2), max(3.0, 0.012 * perimeter), True).reshape(-1, 2)
            n = len(poly)
            if n < 3:
                continue
            orientation = np.sign(cv2.contourArea(poly.reshape(-1, 1, 2), oriented=True)) or 1.0
            right = [_right_corner(poly, i, orientation, least) for i in range(n)]
            for i in range(n):
                if right[i] is not None:
                    # a side that runs to another right-angled corner is seen whole: its length
                    # is the card's, whatever size the others show (a tilted camera makes the
                    # far cards smaller)
                    yield RightCorner(pts, poly[i], *right[i], right[i - 1] is not None, right[(i + 1) % n] is not None)

    def _cards_from_corner(self, corner: np.ndarray, u: np.ndarray, v: np.ndarray,
                           sizes: list[tuple[float, float]]) -> list[np.ndarray]:
        """The cards at ``corner`` along ``u`` and ``v``, one for each of the ``sizes``, that lie
        in the frame."""
        return [card for su, sv in sizes if (card := card_from_corner(corner, u, su, v, sv, self.size)) is not None]


def _sizes(corner: np.ndarray, lu: float, whole_u: bool, lv: float, whole_v: bool, short_sides: list[float],
           here: ShortSideHere) -> list[tuple[float, float]]:
    """The sizes (along u, along v) to complete a card at ``corner`` with, its sides seen ``lu``
    and ``lv`` long: both sides' own lengths where both are seen ``whole``; one's, and a card's
    proportions, where one is; else the short sides given and the one ``here`` gives there."""
    if whole_u and whole_v:
        return [(lu, lv)]
    if whole_u or whole_v:
        seen = lu if whole_u else lv
        return [(seen, other) if whole_u else (other, seen) for other in (seen * ASPECT, seen / ASPECT)]
    sizes = []
    for short in sizes_at(corner, short_sides, here):
        long = short * ASPECT
        for su, sv in ((short, long), (long, short)):
            sizes.append((as_seen(lu, su), as_seen(lv, sv)))
    return sizes


def _side_near(pts: np.ndarray, corner: np.ndarray, u: np.ndarray, reach: float):
    """The line fitted to the outline ``pts`` that run from ``corner`` along ``u`` for
    ``reach`` pixels, past the corner's rounding, within a narrow cone round ``u`` (the
    polygon's direction may be a few degrees off); None where too few do."""
    return line_near(pts, corner, u, (0.1 * reach, reach), 3.0, widening=0.08, least=8)


def _corner_on_contour(pts: np.ndarray, corner: np.ndarray, u: np.ndarray, lu: float, v: np.ndarray,
                       lv: float, short: float):
    """The corner and its sides' directions fitted to the outline ``pts`` next to it (within
    a card's short side), or None where that is the polygon's own corner: the polygon may run a
    side on past the card's corner along another card's edge nearly in line with it (a back
    beside a back), and a direction a few degrees off completes a card a dozen pixels off at
    its far end.  Tried only where a side is longer than a card's: at every corner it named 4
    more cards right on the big set (7 more, 3 fewer), and a search took a third longer."""
    su = _side_near(pts, corner, u, 0.8 * min(lu, short))
    sv = _side_near(pts, corner, v, 0.8 * min(lv, short))
    if su is None or sv is None:
        return None
    met = crossing(*su, *sv)
    if met is None:
        return None
    (_, d), (_, e) = su, sv
    moved = float(np.linalg.norm(met - corner))
    if moved > 0.1 * short or (moved < REFIT_MOVED and min(float(d @ u), float(e @ v)) > REFIT_TURNED):
        return None  # it ran off, or it is near the polygon's own corner
    return met, d, e
def _right_corner(poly: np.ndarray, i: int, orientation: float, least: float):
    """The outline's corner ``i`` when it is a convex right angle between two sides of at
    least ``least`` pixels: (u, |u|, v, |v|), its two sides' unit directions and lengths;
    else None (a reflex corner is where two cards cross)."""
    n = len(poly)
    b, a, c = poly[i], poly[i - 1], poly[(i + 1) % n]
    u, v = a - b, c - b
    lu, lv = float(np.hypot(*u)), float(np.hypot(*v))
    if min(lu, lv) < least:
        return None
    if abs(float(np.dot(u, v) / (lu * lv))) > 0.35:
        return None
    if np.sign(u[0] * v[1] - u[1] * v[0]) == orientation:
        return None
    return u / lu, lu, v / lv, lv


def _shapes(edges: np.ndarray, grow: int, threads: bool = True,
            whole: tuple[float, float] | None = None) -> list[np.ndarray]:
    """Contours of the regions the edges close and of the edges' own closed outlines, big
    enough to be a card or part of one: a share of the camera frame's area (``whole``, its
    size at the edges' scale, when the edges are of a part of it)."""
    h, w = edges.shape
    wide, high = whole or (w, h)
    area = float(wide * high)
    shapes = []
    outlines, _ = cv2.findContours(edges, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    for contour in outlines:
        if MIN_AREA * area < cv2.contourArea(contour) < MAX_AREA * area:
            shapes.append(contour.astype(np.float32))
    if threads:  # (at full size it costs as much as the rest of the finder, and finds no more)
        shapes += _without_threads(edges, outlines, whole)
    count, labels, stats, _ = cv2.connectedComponentsWithStats(255 - edges, connectivity=4)
    for index in range(1, count):
        x, y, bw, bh, pixels = stats[index]
        if bw * bh < MIN_AREA * area or pixels > MAX_AREA * area or pixels < 0.4 * MIN_AREA * area:
            continue
        if bw >= 0.5 * wide or bh >= 0.5 * high or (bw >= w - 1 and x == 0) or (bh >= h - 1 and y == 0):
            continue  # the table (or a great part of it) around the cards: across the part read
        mask = (labels[y:y + bh, x:x + bw] == index).astype(np.uint8)
        mask = cv2.dilate(mask, np.ones((grow, grow), np.uint8))  # give back the edge's width
        contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
        if contours:
            shapes.append((max(contours, key=cv2.contourArea) + np.array([x, y])).astype(np.float32))
    return shapes


THREAD = 0.012  # of the frame's width: edges thinner than this that touch a card are not it


def _without_threads(edges: np.ndarray, outlines, whole: tuple[float, float] | None = None) -> list[np.ndarray]:
    """The outlines filled and opened: a plank's seam, a cloth's line or a pencil's edge
    touching a card joins its outline and spoils its quad; opened by a disc wider than the
    thread, the card stands alone again.  The edges opened as they are, too: a checked
    cloth's lines close cells, and filled they are one great patch, but a back's fine
    pattern makes a solid patch of edges that the disc leaves standing."""
    w, h = whole or edges.shape[::-1]
    area = float(h * w)
    filled = np.zeros_like(edges)
    cv2.drawContours(filled, outlines, -1, 255, cv2.FILLED)
    size = max(3, int(round(THREAD * w)) | 1)
    disc = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (size, size))
    shapes = []
    for mask in (filled, edges):
        opened = cv2.morphologyEx(mask, cv2.MORPH_OPEN, disc)
        contours, _ = cv2.findContours(opened, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
        shapes += [c.astype(np.float32) for c in contours if MIN_AREA * area < cv2.contourArea(c) < MAX_AREA * area]
    return shapes


def default_short_sides(width: int) -> list[float]:
    return [f * width for f in WIDTHS]


def candidate_quads(frame: np.ndarray) -> list[np.ndarray]:
    """The direct card outlines in the frame (no corner completion), largest first: what
    the taught deck's photos need."""
    quads = Outlines(frame).quads()
    quads.sort(key=quad_area, reverse=True)
    return quads
