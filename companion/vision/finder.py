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
way (:class:`StraightEdges`: a card over others of its own paper closes no region of its own)."""

from __future__ import annotations

from typing import Callable, NamedTuple

import cv2
import numpy as np

from companion.vision.geometry import (ASPECT, FACE_H, FACE_W, crossing, line_near, order_corners, quad_area,
                                       refine_corners)

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
SEEN_WHOLE = 0.12      # a side within this share of a card's side is that side, seen whole
WIDTHS = (0.075, 0.09, 0.105, 0.12)  # card widths to try when the frame shows none, of the frame's width

ShortSideHere = Callable[[np.ndarray], float] | None  # a card's short side where a point lies (or none known)


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
        (:func:`_completed_on_table`), as :meth:`StraightEdges.table_guesses` completes the
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
        return _completed_on_table(at, u, v, plane, self.size)

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
        return [card for su, sv in sizes if (card := _card_from_corner(corner, u, su, v, sv, self.size)) is not None]


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
            sizes.append((_as_seen(lu, su), _as_seen(lv, sv)))
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


def sizes_at(corner: np.ndarray, short_sides: list[float], here: ShortSideHere) -> list[float]:
    """The short sides to complete a card at ``corner`` with: those given, and the one
    ``here`` gives there (the table's plane: a tilted camera makes near cards larger than far
    ones) where that is none of them, more than ``SEEN_WHOLE`` apart from each — a card a
    third larger than the cards seen whole, far from them, was completed only at their size,
    its sides "longer than a card's", and missed (big 1521)."""
    if here is None:
        return short_sides
    local = here(corner)
    if all(abs(local / short - 1.0) > SEEN_WHOLE for short in short_sides):
        return [*short_sides, local]
    return short_sides


def _as_seen(seen: float, side: float) -> float:
    """A card's side of length ``side``, or the length ``seen`` where it is that within
    ``SEEN_WHOLE``: a side seen nearly whole gives its own length."""
    return seen if abs(seen - side) < SEEN_WHOLE * side else side


def _card_from_corner(corner: np.ndarray, u: np.ndarray, su: float, v: np.ndarray, sv: float,
                      size: tuple[int, int]) -> np.ndarray | None:
    """The card (ordered) with a corner at ``corner``, its sides along the unit directions
    ``u`` and ``v``, ``su`` and ``sv`` long — or None where it lies out of the frame
    (:func:`_in_frame`)."""
    return _in_frame(np.float32([corner, corner + u * su, corner + u * su + v * sv, corner + v * sv]), size)


def _in_frame(quad: np.ndarray, size: tuple[int, int]) -> np.ndarray | None:
    """``quad`` ordered, or None where it lies out of a frame ``size`` big, but for a few per
    cent (a card at the frame's edge is completed a little past it)."""
    w, h = size
    if quad[:, 0].min() > -0.05 * w and quad[:, 1].min() > -0.05 * h \
            and quad[:, 0].max() < 1.05 * w and quad[:, 1].max() < 1.05 * h:
        return order_corners(quad)
    return None


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


SEGMENT_LEAST = 0.3   # of the smallest short side: shorter straight edges are print, grain, noise
SEGMENT_MEET = 8.0    # pixels: two edges whose lines cross this near an end of each make a corner
SQUARE = 0.12         # the most the cosine between a corner's two sides may be (about 83 to 97 degrees)
PARALLEL = 0.05       # the most the sine between a card's two long sides may be (about 3 degrees: a
                      # tilted camera draws them a little apart)
SIDE_REACH = 4.0      # pixels either side of a segment looked at for the card's paper inside it ...
SIDE_STEP = 8.0       # ... at least this much brighter (grey levels) than outside it ...
SIDE_PAPER = 0.7      # ... and this share of it the paper's colour: a card's long side, not a table's
                      # grain or weave (a wooden table's grain made tens of thousands of pairs a frame)
JOIN_LEAST = 4.0      # pixels: the shortest piece of a broken edge joined
JOIN_TURN = 0.03      # radians: pieces of one broken straight edge run this near one way (and face
                      # the same way: the same side darker) ...
JOIN_OFF = 1.5        # ... lie this near each other's line (pixels) ...
JOIN_GAP = 0.2        # ... with gaps of at most this share of the smallest short side between them ...
JOIN_FILLED = 0.5     # ... and cover this share of the edge they make together


class Corners(NamedTuple):
    """Where pairs of straight edge segments meet square, end to end, one row per corner."""

    meet: np.ndarray        # (n, 2): the corner
    i: np.ndarray           # (n,): its two segments (i < j)
    j: np.ndarray
    u: np.ndarray           # (n, 2): the unit direction of i's side from the corner, and its seen length
    lu: np.ndarray
    v: np.ndarray           # (n, 2): the same for j's side
    lv: np.ndarray
    end_i: np.ndarray       # (n,): which end of each segment is at the corner (0 or 1)
    end_j: np.ndarray
    was_joined: np.ndarray  # (segments,): which segments are broken edges joined (:func:`joined`)


class StraightEdges:
    """The frame's straight edge segments (OpenCV's line segment detector), found once per
    frame.  Why beside :class:`Outlines`: a card lying over others of its own paper has no
    region of its own in an edge map — its outline runs into theirs — but each of its sides
    is still a straight edge, and two that meet square are one of its corners; and a card
    whose ends lie under others shows two such sides a card's width apart, with the deck's
    ``paper`` (BGR, where known) between them."""

    def __init__(self, frame: np.ndarray, paper: np.ndarray | None = None):
        gray = cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY)
        try:
            found = cv2.createLineSegmentDetector().detect(gray)[0]
        except cv2.error:  # OpenCV 4.1 to 4.5.3 shipped without it (a licence); the outlines do without
            found = None
        self.segments = np.zeros((0, 4), np.float32) if found is None else found.reshape(-1, 4)
        self._joined: dict[tuple[float, float], np.ndarray] = {}  # the broken edges joined, by the sizes
        self._corners_made: dict[tuple, Corners | None] = {}  # by the sizes and plane (:meth:`_corners`)
        self.size = (frame.shape[1], frame.shape[0])
        # (for the cards between two sides: where the deck's paper lies, looked for when first asked)
        self._frame, self._gray, self._paper = frame, gray, paper
        self._paper_here: np.ndarray | None = None

    def _long_enough(self, short_sides: list[float]):
        """The segments long enough to be a card's side (of the smallest card given), the
        broken edges joined (:func:`joined`) after those seen whole: their starts, ends, lengths
        and unit directions, and which of them are joined."""
        smallest, longest = min(short_sides), (1 + SEEN_WHOLE) * ASPECT * max(short_sides)
        if (smallest, longest) not in self._joined:
            self._joined[(smallest, longest)] = joined(self.segments, JOIN_GAP * smallest, longest)
        segments = np.concatenate([self.segments, self._joined[(smallest, longest)]])
        was_joined = np.arange(len(segments)) >= len(self.segments)
        a, b = segments[:, :2], segments[:, 2:]
        length = np.linalg.norm(b - a, axis=1)
        keep = length >= SEGMENT_LEAST * smallest
        a, b, length = a[keep], b[keep], length[keep]
        return a, b, length, (b - a) / np.maximum(length, 1e-3)[:, None], was_joined[keep]

    def between_guesses(self, short_sides: list[float], here: ShortSideHere = None) -> list[np.ndarray]:
        """Cards completed between two segments that run side by side a card's short side apart
        (for each short side given and the one ``here`` gives between them, :func:`sizes_at`):
        a card whose two ends lie under other cards shows its long sides and no corner (a card
        in a fanned row; big 1603: a 4 of crosses, its top under a 4 of circles and its foot
        under a 4 of squiggles, was missed).  Its length runs from where the two sides' seen
        parts begin, and — unless they already span a card's length — also back from where
        they end: which end is the card's is not seen, and the namer tells."""
        if self._paper is None:
            return []
        a, b, length, d, was_joined = self._long_enough(short_sides)
        normal = np.stack([-d[:, 1], d[:, 0]], axis=1)
        papered = self._paper_sides(a, b, normal)  # (segments, 2): paper inside on the left (+1), right (-1)
        edge = papered.any(axis=1)  # (a card's side at all: few of a busy table's segments are)
        a, b, length, d, normal, papered = a[edge], b[edge], length[edge], d[edge], normal[edge], papered[edge]
        middles = (a + b) / 2
        i, j = _joined_last(*np.nonzero(np.triu(np.abs(d[:, None, 0] * d[None, :, 1] - d[:, None, 1] * d[None, :, 0])
                                                < PARALLEL, 1)), was_joined[edge])
        # each inside the other's side of it (which way ``normal`` points, +1 or -1)
        side_i = np.sign(((middles[j] - middles[i]) * normal[i]).sum(axis=1))
        side_j = np.sign(((middles[i] - middles[j]) * normal[j]).sum(axis=1))
        gaps = np.abs(((middles[j] - middles[i]) * normal[i]).sum(axis=1))
        near = (gaps >= 0.5 * min(short_sides)) & (gaps <= 2.0 * max(short_sides))  # (roughly: told below)
        i, j, side_i, side_j = i[near], j[near], side_i[near], side_j[near]
        i_ok = papered[i, (side_i < 0).astype(int)]
        j_ok = papered[j, (side_j < 0).astype(int)]
        i, j = i[i_ok & j_ok], j[i_ok & j_ok]
        found = []
        for si, sj in zip(i.tolist(), j.tolist()):
            dj = d[sj] if float(np.dot(d[si], d[sj])) > 0 else -d[sj]
            u = d[si] + dj
            u /= np.linalg.norm(u)
            n = np.float32([-u[1], u[0]])
            middle = (a[si] + b[si] + a[sj] + b[sj]) / 4
            apart = abs(float(np.dot((a[sj] + b[sj] - a[si] - b[si]) / 2, n)))
            along = [float(np.dot(p - middle, u)) for p in (a[si], b[si], a[sj], b[sj])]
            first, last = min(along), max(along)
            for short in sizes_at(middle, short_sides, here):
                if abs(apart / short - 1.0) > SEEN_WHOLE or max(length[si], length[sj]) > (1 + SEEN_WHOLE) * short * ASPECT:
                    continue  # not a card's width apart, or a side longer than its long side
                long = _as_seen(last - first, short * ASPECT)
                if last - first > (1 + SEEN_WHOLE) * long:
                    continue  # they run farther than one card is long
                for start in {first, last - long}:
                    card = _between(middle, u, n, start, long, (a[si], d[si]), (a[sj], d[sj]), self.size)
                    if card is not None:
                        found.append(card)
        return found

    def _paper_sides(self, a: np.ndarray, b: np.ndarray, normal: np.ndarray) -> np.ndarray:
        """For each segment (from ``a`` to ``b``, ``normal`` its left), whether a card's paper
        lies on its left and on its right (segments, 2): ``SIDE_REACH`` pixels that way the
        paper's colour along ``SIDE_PAPER`` of it, ``SIDE_STEP`` brighter than as far the other way."""
        along = np.linspace(0.1, 0.9, 9, dtype=np.float32)
        points = a[:, None] + along[None, :, None] * (b - a)[:, None]  # (segments, 9, 2)
        if self._paper_here is None:  # (made once a frame, for however many sizes are tried)
            self._paper_here = paper_mask(self._frame, self._paper) > 0
        mask = self._paper_here
        h, w = mask.shape

        def at(offset):
            p = points + normal[:, None] * offset
            x = np.clip(np.round(p[..., 0]).astype(int), 0, w - 1)
            y = np.clip(np.round(p[..., 1]).astype(int), 0, h - 1)
            return self._gray[y, x].astype(np.float32).mean(axis=1), mask[y, x].mean(axis=1)

        (left, left_paper), (right, right_paper) = at(SIDE_REACH), at(-SIDE_REACH)
        return np.stack([(left - right >= SIDE_STEP) & (left_paper >= SIDE_PAPER),
                         (right - left >= SIDE_STEP) & (right_paper >= SIDE_PAPER)], axis=1)

    def _corners(self, short_sides: list[float], plane: np.ndarray | None) -> Corners | None:
        """Where pairs of segments long enough to be a card's sides meet square, end to end —
        or None with fewer than two segments.  Kept for the sizes and plane asked: the guesses
        completed in the frame and on the table share them."""
        key = (tuple(short_sides), None if plane is None else plane.tobytes())
        if key not in self._corners_made:
            self._corners_made[key] = self._corners_meeting(short_sides, plane)
        return self._corners_made[key]

    def _corners_meeting(self, short_sides: list[float], plane: np.ndarray | None) -> Corners | None:
        """:meth:`_corners`, made."""
        a, b, length, d, was_joined = self._long_enough(short_sides)
        if len(a) < 2:
            return None
        square = np.abs(d @ d.T) < SQUARE
        if plane is not None:
            on_table = [cv2.perspectiveTransform(p.reshape(-1, 1, 2).astype(np.float32), plane).reshape(-1, 2)
                        for p in (a, b)]
            way = on_table[1] - on_table[0]
            way /= np.maximum(np.linalg.norm(way, axis=1), 1e-3)[:, None]
            square |= np.abs(way @ way.T) < SQUARE
        i, j = _joined_last(*np.nonzero(np.triu(square, 1)), was_joined)
        cross = d[i, 0] * d[j, 1] - d[i, 1] * d[j, 0]
        gap = a[j] - a[i]
        meet = a[i] + ((gap[:, 0] * d[j, 1] - gap[:, 1] * d[j, 0]) / cross)[:, None] * d[i]
        ends = np.stack([a, b], axis=1)                                    # (n, 2, 2)
        near_i = np.linalg.norm(ends[i] - meet[:, None], axis=2)            # (pairs, 2)
        near_j = np.linalg.norm(ends[j] - meet[:, None], axis=2)
        ok = (near_i.min(axis=1) <= SEGMENT_MEET) & (near_j.min(axis=1) <= SEGMENT_MEET)
        i, j, meet, near_i, near_j = i[ok], j[ok], meet[ok], near_i[ok], near_j[ok]
        end_i, end_j = near_i.argmin(axis=1), near_j.argmin(axis=1)  # the end of each at the corner
        u = ends[i, 1 - end_i] - meet  # each side from the corner to its far end
        v = ends[j, 1 - end_j] - meet
        lu, lv = np.linalg.norm(u, axis=1), np.linalg.norm(v, axis=1)
        u, v = u / np.maximum(lu, 1e-3)[:, None], v / np.maximum(lv, 1e-3)[:, None]
        return Corners(meet, i, j, u, lu, v, lv, end_i, end_j, was_joined)

    def corner_guesses(self, short_sides: list[float], here: ShortSideHere = None,
                       plane: np.ndarray | None = None) -> list[np.ndarray]:
        """Cards completed from each pair of segments that meet square, end to end, for each
        short side given and the one ``here`` gives at the corner (:func:`sizes_at`; a side
        within ``SEEN_WHOLE`` of a card's is seen whole and keeps its own length; one longer
        than a card's side is no side of this card) — and, last, at the size a side seen whole
        between two such corners measures (:func:`_measured`).  Square in the frame, or on the
        table where its ``plane`` is known (the perspective map to a view straight down): a
        tilted camera draws a card's right angles 10° and more off square (big 0316's 3 of
        circles, under a hand and another card, was completed from none of its corners)."""
        corners = self._corners(short_sides, plane)
        if corners is None:
            return []
        meet, i, j, u, lu, v, lv, end_i, end_j, was_joined = corners
        whole = _whole_sides(np.concatenate([i, j]), np.concatenate([meet, meet]), np.concatenate([end_i, end_j]))
        # the cards completed at the sizes given, and at the sizes measured: at the corners of
        # edges seen whole, and at those a joined edge makes (after all the others, _joined_last)
        whole_edges: tuple[list, list] = ([], [])
        joined_edges: tuple[list, list] = ([], [])
        for corner, si, sj, du, su_seen, dv, sv_seen in zip(meet, i, j, u, lu, v, lv):
            given, measured = joined_edges if was_joined[sj] else whole_edges  # (i < j: a joined one is j)
            for su, sv in _measured(whole.get(int(si)), su_seen, whole.get(int(sj)), sv_seen):
                card = _card_from_corner(corner, du, su, dv, sv, self.size)
                if card is not None:
                    measured.append(card)
            for short in sizes_at(corner, short_sides, here):
                for su, sv in ((short, short * ASPECT), (short * ASPECT, short)):
                    if not (_may_be_side(su_seen, su) and _may_be_side(sv_seen, sv)):
                        continue  # a side longer than this card's: not its side
                    card = _card_from_corner(corner, du, _as_seen(su_seen, su), dv, _as_seen(sv_seen, sv), self.size)
                    if card is not None:
                        given.append(card)
        # (measured after the sizes given: the reader's looks at a place go to those first)
        return [*whole_edges[0], *whole_edges[1], *joined_edges[0], *joined_edges[1]]

    def table_guesses(self, short_sides: list[float], plane: np.ndarray) -> list[np.ndarray]:
        """The cards completed on the table's ``plane`` from each corner :meth:`corner_guesses`
        completes in the frame (:func:`_completed_on_table`): under a tilted camera a card is
        no parallelogram in the frame, and one completed there from a corner runs off at its
        far corners (big 0300's 2 of stars, under a hand and another card's corner under a
        steeply tilted camera, was missed)."""
        corners = self._corners(short_sides, plane)
        if corners is None:
            return []
        return _completed_on_table(corners.meet, corners.u, corners.v, plane, self.size)


def _completed_on_table(corner: np.ndarray, u: np.ndarray, v: np.ndarray, plane: np.ndarray,
                        size: tuple[int, int]) -> list[np.ndarray]:
    """The cards (ordered, in the frame) with a corner at each of ``corner`` (n, 2) and sides
    along the unit directions ``u`` and ``v`` (n, 2), completed on the table's ``plane`` (where
    a card is ``FACE_W`` by ``FACE_H``) either way round, and mapped back into the frame —
    those in it, corner by corner.  On the table a card's corners are square, so its second
    side is taken square to the first, towards ``v``.  (All at once: a frame has hundreds.)"""
    if len(corner) == 0:
        return []
    # each corner and a point ten pixels along each side, on the table: the sides' directions there
    points = np.stack([corner, corner + u * 10, corner + v * 10], axis=1).astype(np.float32)  # (n, 3, 2)
    seen = cv2.perspectiveTransform(points.reshape(-1, 1, 2), plane).reshape(-1, 3, 2)
    along = seen[:, 1] - seen[:, 0]
    along /= np.maximum(np.linalg.norm(along, axis=1), 1e-3)[:, None]
    across = np.stack([-along[:, 1], along[:, 0]], axis=1)
    across *= np.where(((seen[:, 2] - seen[:, 0]) * across).sum(axis=1) < 0, -1.0, 1.0)[:, None]
    start = seen[:, 0]
    cards = [np.stack([start, start + along * first, start + along * first + across * second, start + across * second],
                      axis=1) for first, second in ((FACE_W, FACE_H), (FACE_H, FACE_W))]
    both = np.stack(cards, axis=1).astype(np.float32)  # (n, 2 ways round, 4, 2)
    back = cv2.perspectiveTransform(both.reshape(-1, 1, 2), np.linalg.inv(plane)).reshape(-1, 4, 2)
    return [card for card in (_in_frame(quad, size) for quad in back) if card is not None]


def _joined_last(i: np.ndarray, j: np.ndarray, was_joined: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The pairs of segments (i < j), those with a joined one last: the reader looks at a place
    only so many times, and a card's side seen whole gives it its best outline (big 1972: a
    1 of crosses under a hand, named surely before, was looked at only through the joined
    edges' outlines, a few pixels off, and left unsure)."""
    order = np.argsort(was_joined[j], kind="stable")  # (the joined come after the others: j's is)
    return i[order], j[order]


def _between(middle: np.ndarray, u: np.ndarray, n: np.ndarray, start: float, long: float, first_line, second_line,
             size: tuple[int, int]) -> np.ndarray | None:
    """The card (ordered) between two lines (each a point and a direction) that run along
    ``u`` either side of ``middle``, from ``start`` to ``start + long`` along ``u`` — or None
    where it lies out of the frame (:func:`_in_frame`)."""
    corners = []
    for point, direction in (first_line, second_line):
        for t in (start, start + long):
            foot = middle + u * t  # where the card's end crosses the line: along ``n`` from here
            system = np.float64([[n[0], -direction[0]], [n[1], -direction[1]]])
            if abs(np.linalg.det(system)) < 1e-6:
                return None
            across, _ = np.linalg.solve(system, point - foot)
            corners.append(foot + n * across)
    return _in_frame(np.float32([corners[0], corners[1], corners[3], corners[2]]), size)


def _whole_sides(segment: np.ndarray, meet: np.ndarray, end: np.ndarray) -> dict[int, float]:
    """The segments that make a corner at both of their ends (``segment``, ``meet``, ``end``:
    each corner's segment, where it is, and which end of the segment it is at), each with the
    length between its two corners: a card's side seen whole, whatever the camera's tilt
    makes of the card's size there."""
    at: dict[tuple[int, int], np.ndarray] = {}
    for s, m, e in zip(segment.tolist(), meet, end.tolist()):
        at.setdefault((s, e), m)
    return {s: float(np.linalg.norm(at[(s, 0)] - at[(s, 1)])) for s, e in at if e == 0 and (s, 1) in at}


def _measured(su_whole: float | None, su_seen: float, sv_whole: float | None, sv_seen: float):
    """The sides (along u, along v) of the cards a corner may be of, where a side of it is seen
    whole between two corners: both sides so seen, as they are; one, the other a card's
    proportion of it either way (the short side or the long), but never shorter than what
    is seen of it (beyond ``SEEN_WHOLE``)."""
    if su_whole is None:
        if sv_whole is None:
            return []
        return [(su, sv) for sv, su in _measured(sv_whole, sv_seen, None, su_seen)]  # the same, along v
    if sv_whole is not None:
        return [(su_whole, sv_whole)]
    return [(su_whole, su_whole * r) for r in (ASPECT, 1 / ASPECT) if _may_be_side(sv_seen, su_whole * r)]


def _may_be_side(seen: float, side: float) -> bool:
    """Whether a straight edge ``seen`` long may be a side ``side`` long: not longer than it
    but for ``SEEN_WHOLE``."""
    return seen <= (1 + SEEN_WHOLE) * side


def joined(segments: np.ndarray, gap: float, longest: float) -> np.ndarray:
    """The straight edges that ``segments`` (n, 4: x0, y0, x1, y1, as the line segment detector
    gives them: the same side darker the same way) make when pieces running one way along one
    line, with gaps of at most ``gap`` pixels between them, are joined — only those made of two
    pieces or more, of pieces at most ``longest`` long (a longer one is no card's side: a
    table's grain).  Why: where what lies beyond a card's side is as light as the card's rim
    there, the side shows no edge, so the side of a back over a back of its own checks, or of
    a white card over white cards, is broken into pieces, each too short to be a side (big
    0987: a whole back on top of another was missed)."""
    a, b = segments[:, :2].astype(np.float64), segments[:, 2:].astype(np.float64)
    length = np.linalg.norm(b - a, axis=1)
    keep = (length >= JOIN_LEAST) & (length <= longest)
    a, b, length = a[keep], b[keep], length[keep]
    if len(a) < 2:
        return np.zeros((0, 4), np.float32)
    d = (b - a) / length[:, None]
    label = _joined_labels(len(a), *_along_one_line(a, b, length, d, gap))
    mine = np.nonzero(np.bincount(label, minlength=len(a))[label] >= 2)[0]  # in a group of two or more
    if len(mine) == 0:
        return np.zeros((0, 4), np.float32)
    label = np.unique(label[mine], return_inverse=True)[1]  # (numbered 0, 1, ... by group)
    a, b, length, d = a[mine], b[mine], length[mine], d[mine]
    groups = int(label.max()) + 1
    total = np.bincount(label, length)
    way = np.stack([np.bincount(label, d[:, k] * length) for k in (0, 1)], axis=1)  # (length-weighted)
    way /= np.linalg.norm(way, axis=1)[:, None]
    middle = np.stack([np.bincount(label, (a[:, k] + b[:, k]) / 2 * length) for k in (0, 1)], axis=1) / total[:, None]
    normal = np.stack([-way[:, 1], way[:, 0]], axis=1)
    first, last, across = np.full(groups, np.inf), np.full(groups, -np.inf), np.zeros(groups)
    for end in (a, b):
        offset = end - middle[label]
        along = (offset * way[label]).sum(axis=1)
        np.minimum.at(first, label, along)
        np.maximum.at(last, label, along)
        np.maximum.at(across, label, np.abs((offset * normal[label]).sum(axis=1)))
    straight = (across <= 2 * JOIN_OFF) & (total >= JOIN_FILLED * (last - first))
    return np.float32(np.concatenate([middle + way * first[:, None], middle + way * last[:, None]], axis=1)[straight])


def _along_one_line(a: np.ndarray, b: np.ndarray, length: np.ndarray, d: np.ndarray, gap: float):
    """The pairs (i, j) of segments (from ``a`` to ``b``, ``d`` their unit directions) that are
    pieces of one edge: facing the same way within ``JOIN_TURN``, j's ends within ``JOIN_OFF``
    of i's line, and at most ``gap`` apart along it.  Sought among each direction's segments
    (and the next direction's) sorted by where they cross its normal, so that a wooden table's
    thousand grain lines are not each compared with each."""
    angle = np.arctan2(d[:, 1], d[:, 0])
    bins = int(2 * np.pi / JOIN_TURN)
    where = ((angle + np.pi) / JOIN_TURN).astype(int) % bins
    # each segment in its direction's bin and in the one before: two neighbouring directions
    # meet in the lower one's
    index = np.concatenate([np.arange(len(a)), np.arange(len(a))])
    bin_ = np.concatenate([where, (where - 1) % bins])
    middle = bin_ * JOIN_TURN - np.pi + JOIN_TURN
    rho = (((a[index] + b[index]) / 2) * np.stack([-np.sin(middle), np.cos(middle)], axis=1)).sum(axis=1)
    key = bin_ * (2 * float(np.abs(rho).max()) + 1.0) + rho  # (the bins apart, each sorted by rho)
    order = np.argsort(key)
    index, bin_, key = index[order], bin_[order], key[order]
    # two pieces of one line cross the bin's normal at most JOIN_OFF apart, plus JOIN_TURN (the
    # most their line leans off the bin's direction) times the way between their middles (a
    # piece and a gap at most)
    reach = JOIN_OFF + JOIN_TURN * (float(length.max()) + gap)
    lo = np.searchsorted(key, key - reach)
    count = np.searchsorted(key, key + reach, side="right") - lo
    first = np.repeat(np.arange(len(key)), count)
    second = lo[first] + np.arange(count.sum()) - np.repeat(np.cumsum(count) - count, count)
    i, j = index[first], index[second]
    mine = (where[i] == bin_[first]) & (i != j)  # (each pair once: in i's own direction's bin)
    i, j = i[mine], j[mine]
    turn = np.abs(np.angle(np.exp(1j * (angle[i] - angle[j]))))
    n = np.stack([-d[i, 1], d[i, 0]], axis=1)
    off = np.maximum(np.abs(((a[j] - a[i]) * n).sum(axis=1)), np.abs(((b[j] - a[i]) * n).sum(axis=1)))
    t0, t1 = ((a[j] - a[i]) * d[i]).sum(axis=1), ((b[j] - a[i]) * d[i]).sum(axis=1)
    apart = np.maximum(np.minimum(t0, t1) - length[i], -np.maximum(t0, t1))
    ok = (turn < JOIN_TURN) & (off <= JOIN_OFF) & (apart <= gap)
    return i[ok], j[ok]


def _joined_labels(n: int, i: np.ndarray, j: np.ndarray) -> np.ndarray:
    """A label for each of ``n`` items, the same for items joined by the pairs (i, j), however
    long the chain between them (the smallest index among them)."""
    label = np.arange(n)
    while len(i):
        low = np.minimum(label[i], label[j])
        before = label.copy()
        np.minimum.at(label, i, low)
        np.minimum.at(label, j, low)
        label = label[label]
        if np.array_equal(label, before):
            break
    return label
