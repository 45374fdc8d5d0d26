"""A back told by its look: the colours its pattern blends to, cell by cell, and how busy it is.

Why: a back's fine pattern (a crosshatch, rings, stripes, checks) matches its taught picture
only at its exact outline.  A back half under another card, its outline guessed from the
corners that show, lies a few pixels or degrees off, looks like no taught face there, and was
missed.  Blended over a cell about the pattern's period, a back shows the same few colours and
the same busy pattern however far it is shifted, and no face (mostly bare paper) and no table
does: on the corpus's check set, 0.7 of a back's cells and more look like it in 88 backs of
100 (hands, glare and dim rooms included; whole ones in good light, 0.9 and more), 0.43 of a
face's at most, 0.13 of a table's.  Where the look goes on past a side, the outline straddles
two backs — unless the back's rim runs along that side, a card's own edge on another back.
"""

from __future__ import annotations

import cv2
import numpy as np

from companion.vision.geometry import quad_area
from companion.vision.hands import SKIN_WARMER, SKIN_WARMEST

INSET = 8          # pixels of the straightened face's edge left out (the rim, the corners' rounding)
CELL = 12          # pixels: a cell, about a back's pattern period on the straightened face
CHROMA_NEAR = 0.05  # a cell whose colour shares are this near one of the taught back's cells' ...
BUSY = 0.5         # ... and whose pattern is at least this share as busy as the taught back's, looks like it
SHOWN_LEAST = 0.65  # the share of the cells that must show (not under a card on top) to judge by (at
                    # half, an outline reaching far under a face on top was read as the back beneath)
PAST_HAND_LEAST = 0.4  # ... and past a hand too
# a hand's cell: its red share less its blue share as warm as skin's (the namer's skin rule, against
# a neutral grey: a back has no paper of its own to measure against) ...
HAND_SMOOTH = 0.5   # ... and less busy than this share of the taught back's pattern (a hand is smooth) ...
TABLE_APART = 0.03  # ... and its colour shares at least this far from the table's (a brown wood is as warm
                    # and as smooth as a hand: an outline reaching off a back onto it was read as the back
                    # under a hand; measured, 99 % of the hand's cells on wood lie farther)
HAND_CELLS = 6      # ... in a patch of at least this many cells (a few cells of a checked cloth past an
                    # outline's side are no hand, big 1011; nor are the 0-2 % of a back's own cells as
                    # smooth and as warm)
TABLE_RING = 0.05   # the frame's outer ring the table's colour is measured on (of its width and height)
BAND_GAP, BAND = 0.06, 0.15  # the band looked at outside each side: this far out, this wide (of the short side)
GLANCE_LEAST = 0.5  # the share of a thumbnail's cells in the back's colours worth a closer look
BESIDE = 0.5       # a band this much like the back: the back's look goes on past that side ...
RIM_REACH = (0.04, 0.1)  # ... unless the back's rim runs along the side, looked for this far out and in
                         # (of the short side: an outline a few pixels off either way)
RIM_FAR = 0.25     # a side with the back past it is moved onto a rim this far out (of the short side)
RIM_ROW = 0.85     # the share of a line along the side that must have the rim's colour to be the rim
RIM_BRIGHT = 1.8   # the rim is at least this much brighter than the darker quarter of the back beyond
RIM_HUE = 0.05     # the most a rim pixel's share of each of B, G, R may differ from the taught rim's
RIM_SLANT = 4      # pixels: the rim looked for along lines slanted this far across the side's length
RIM_THICK = 0.07   # the thickest a rim may be (of the short side; the corpus's are about 0.035)


def _cells(picture_bgr: np.ndarray, inset: int = INSET):
    """Each ``CELL``-pixel cell's mean colour (gh, gw, 3) and how busy it is (its grey spread
    over its mean), ``inset`` pixels of the picture's edge left out."""
    inner = picture_bgr[inset:picture_bgr.shape[0] - inset, inset:picture_bgr.shape[1] - inset].astype(np.float32)
    gh, gw = inner.shape[0] // CELL, inner.shape[1] // CELL
    blocks = inner[:gh * CELL, :gw * CELL].reshape(gh, CELL, gw, CELL, 3)
    grey = blocks.mean(axis=4)
    return blocks.mean(axis=(1, 3)), grey.std(axis=(1, 3)) / (grey.mean(axis=(1, 3)) + 1.0)


def _shares(mean: np.ndarray) -> np.ndarray:
    """Colour shares (B, G, R each over their sum): a light's brightness leaves them alone."""
    mean = mean + 1.0
    return mean / mean.sum(axis=-1, keepdims=True)


def _shown_cells(covered: np.ndarray | None, shape) -> np.ndarray:
    """The cells (bool, ``shape``) not mostly under a card on top (``covered``: the face's shape)."""
    if covered is None:
        return np.ones(shape, bool)
    inner = covered[INSET:-INSET, INSET:-INSET].astype(np.float32)
    gh, gw = shape
    return inner[:gh * CELL, :gw * CELL].reshape(gh, CELL, gw, CELL).mean(axis=(1, 3)) <= 0.3


class BackLook:
    """The taught back's cells: their colour shares and how busy its pattern is."""

    def __init__(self, back_bgr: np.ndarray):
        mean, busy = _cells(back_bgr)
        self.shares = np.ascontiguousarray(_shares(mean).reshape(-1, 3).T)  # (3, cells): one row a colour
        self.busy = float(np.median(busy))
        self.rim = _rim_colour(back_bgr)

    def _coloured(self, mean: np.ndarray) -> np.ndarray:
        """Which cells (their mean colours) have the colour shares of one of the back's cells.
        The farthest of the three shares, colour by colour: numpy's max over a last axis of 3
        costs thirty times as much, and this runs for every outline a frame has."""
        shares = _shares(mean)
        farthest = np.abs(shares[..., 0, None] - self.shares[0])
        for colour in (1, 2):
            np.maximum(farthest, np.abs(shares[..., colour, None] - self.shares[colour]), out=farthest)
        return farthest.min(axis=-1) <= CHROMA_NEAR

    def _alike(self, mean: np.ndarray, busy: np.ndarray) -> np.ndarray:
        """Which cells (their mean colours and busyness) look like the back."""
        return self._coloured(mean) & (busy >= BUSY * self.busy)

    def may_be(self, thumb_bgr: np.ndarray) -> bool:
        """A first glance at a face straightened small (the namer's 20 x 28 thumbnail): whether
        enough of it has the back's colours to be worth straightening whole — most outlines
        that name nothing are the table or a face, and cost nothing more."""
        inner = thumb_bgr[2:-2, 2:-2].astype(np.float32)
        gh, gw = inner.shape[0] // 2, inner.shape[1] // 2
        mean = inner[:gh * 2, :gw * 2].reshape(gh, 2, gw, 2, 3).mean(axis=(1, 3))
        return float(self._coloured(mean).mean()) >= GLANCE_LEAST

    def share(self, face_bgr: np.ndarray, covered: np.ndarray | None = None, table: np.ndarray | None = None) -> float:
        """The share of a straightened face's cells that look like the back, of those not under
        a card on top (``covered``) nor, where the table's colour shares are known (``table``:
        :func:`table_colour`), under a hand; 0 where too few show to judge.  Why past a hand:
        its cells do not look like the back, and a back with a hand over a third of it was
        missed however plainly the rest showed (big 1279)."""
        mean, busy = _cells(face_bgr)
        shown = _shown_cells(covered, busy.shape)
        if shown.mean() < SHOWN_LEAST:
            return 0.0
        if table is not None:
            shown &= ~self._hand(mean, busy, table)
            if shown.mean() < PAST_HAND_LEAST:
                return 0.0
        return float(self._alike(mean, busy)[shown].mean())

    def _hand(self, mean: np.ndarray, busy: np.ndarray, table: np.ndarray) -> np.ndarray:
        """Which cells (their mean colours and busyness) look like a hand over the back: skin's
        warmth, smooth, and not the ``table``'s colour."""
        shares = _shares(mean)
        warm = shares[..., 2] - shares[..., 0]
        skin = ((warm >= SKIN_WARMER) & (warm <= SKIN_WARMEST) & (busy < HAND_SMOOTH * self.busy)
                & (np.abs(shares - table).max(axis=-1) >= TABLE_APART))
        count, labels = cv2.connectedComponents(skin.astype(np.uint8), connectivity=8)
        sizes = np.bincount(labels.ravel(), minlength=count)
        sizes[0] = 0
        return (sizes >= HAND_CELLS)[labels]

    def _sides_on_a_back(self, frame: np.ndarray, outline: np.ndarray, covers=()):
        """The sides of ``outline`` (ordered corners) past which the back's look goes on and no
        card on top (``covers``) hides it: each as (its index, the points a fifth and four
        fifths along it, its outward normal, the outline's short side, the band past it)."""
        centre = outline.mean(axis=0)
        short = float(np.linalg.norm(outline[1] - outline[0]))
        h, w = frame.shape[:2]
        for i in range(4):
            a, b = outline[i], outline[(i + 1) % 4]
            normal = np.float32([b[1] - a[1], a[0] - b[0]])
            normal /= max(1e-3, float(np.linalg.norm(normal)))
            if float(np.dot((a + b) / 2 - centre, normal)) < 0:
                normal = -normal
            near, far = a + (b - a) * 0.2, a + (b - a) * 0.8
            inner, outer = normal * BAND_GAP * short, normal * (BAND_GAP + BAND) * short
            band = np.float32([near + inner, far + inner, far + outer, near + outer])
            if band.min() < 0 or band[:, 0].max() >= w or band[:, 1].max() >= h:
                continue  # off the frame: nothing to see
            if any(cv2.intersectConvexConvex(band, np.float32(c))[0] > 0.3 * quad_area(band) for c in covers):
                continue  # under a card on top: the back goes on under it
            cells = max(1, int(round(np.linalg.norm(far - near) / (BAND * short))))
            size = (CELL * cells, CELL)
            target = np.float32([[0, 0], [size[0], 0], [size[0], size[1]], [0, size[1]]])
            patch = cv2.warpPerspective(frame, cv2.getPerspectiveTransform(band, target), size)
            if self._alike(*_cells(patch, inset=0)).mean() >= BESIDE:
                yield i, near, far, normal, short, patch

    def beside(self, frame: np.ndarray, outline: np.ndarray, covers=()) -> bool:
        """Whether the back's look goes on past a side of ``outline`` (ordered corners) that no
        card on top (``covers``) hides, and the back's rim does not run along that side: then
        the outline is not a card's own — it straddles two backs, or a back and a cloth of its
        colour.  (With the rim there, the side is a card's own edge lying on another back.)"""
        return any(self._rim_at(frame, near, far, normal, short, beyond, RIM_REACH[0]) is None
                   for _, near, far, normal, short, beyond in self._sides_on_a_back(frame, outline, covers))

    def on_its_rims(self, frame: np.ndarray, outline: np.ndarray, covers=()) -> np.ndarray | None:
        """``outline`` (ordered corners) with each side past which the back goes on moved onto
        the back's rim nearest it (looked for ``RIM_FAR`` of the short side out), or None where
        such a side has no rim near: then it straddles two backs.  Why: a back whole on another
        back on a checked cloth has no outline of its own (at quarter size the two patterns
        merge through the thin rim); the corners guessed for it lie a card's size off the true
        ones, a tenth of a side inside its rim, and its look, going on past that side, was
        refused (big 1736, 1944; 0987 read round it)."""
        lines = [(outline[i], outline[(i + 1) % 4]) for i in range(4)]
        moved = False
        for i, near, far, normal, short, beyond in self._sides_on_a_back(frame, outline, covers):
            rim = self._rim_at(frame, near, far, normal, short, beyond, RIM_FAR)
            if rim is None:
                return None
            lines[i] = (near + normal * rim[0], far + normal * rim[1])
            moved = True
        if not moved:
            return outline
        corners = [_crossing(lines[i - 1], lines[i]) for i in range(4)]
        return None if any(c is None for c in corners) else np.float32(corners)

    def _rim_at(self, frame: np.ndarray, near: np.ndarray, far: np.ndarray, normal: np.ndarray, short: float,
                beyond: np.ndarray, reach: float) -> tuple[float, float] | None:
        """Where the back's rim's outer edge runs along a side (between ``near`` and ``far``,
        ``normal`` pointing out, of an outline ``short`` across; ``beyond``: the band of back past
        it), looked for from ``reach`` of the short side outside it to ``RIM_REACH[1]`` inside:
        its distance out from the side at ``near`` and at ``far`` (the rim nearest the side), or
        None where there is none.  The rim is a line of its colour, brighter than the back
        beyond, nearly all along the side, a little slanted at most (an outline a degree or two
        off), with something else on either side of it (not a pale table or face running on)."""
        if self.rim is None:
            return None
        out, inside = reach * short, RIM_REACH[1] * short
        depth = max(3, int(round(out + inside)))
        length = max(8, int(round(float(np.linalg.norm(far - near)))))
        strip = np.float32([near + normal * out, far + normal * out, far - normal * inside, near - normal * inside])
        target = np.float32([[0, 0], [length, 0], [length, depth], [0, depth]])
        pixels = cv2.warpPerspective(frame, cv2.getPerspectiveTransform(strip, target), (length, depth))
        pixels = pixels.astype(np.float32) + 1.0
        light = pixels.sum(axis=2)
        ground = float(np.percentile(beyond.astype(np.float32).sum(axis=2) + 3.0, 25))
        rim = (np.abs(pixels / light[..., None] - self.rim).max(axis=2) < RIM_HUE) & (light >= RIM_BRIGHT * ground)
        columns = np.arange(length)
        pixel = (out + inside) / depth
        found = []  # (distance of its outer edge from the side, rows thick, slant, its outer row)
        for slant in range(-RIM_SLANT, RIM_SLANT + 1):
            rows = np.arange(depth)[:, None] + np.round(slant * (columns / (length - 1) - 0.5)).astype(int)
            # (past the strip's ends, unknown: taken as rim, so an edge is only where one is seen)
            along = np.where((rows >= 0) & (rows < depth), rim[np.clip(rows, 0, depth - 1), columns], True)
            passes = along.mean(axis=1) >= RIM_ROW
            for row in np.flatnonzero(passes[1:-1] & ~passes[:-2]) + 1:  # a rim's outer edge, inside the strip
                thick = int(np.argmin(passes[row:]))  # (0: it runs on to the strip's inner end)
                if 0 < thick * pixel <= RIM_THICK * short:  # a line, not a pale table or paper
                    found.append((abs(out - row * pixel), thick, slant, row))
        if not found:
            return None
        # the rim nearest the side, seen along the slant that shows it thickest (a slant across a
        # rim shows it thinner) and, of those, the straightest
        nearest = min(f[0] for f in found)
        _, _, slant, row = min((f for f in found if f[0] <= nearest + RIM_SLANT),
                               key=lambda f: (-f[1], abs(f[2]), f[0]))
        return out - (row - slant / 2) * pixel, out - (row + slant / 2) * pixel


def table_colour(frame: np.ndarray) -> np.ndarray:
    """The table's colour shares (B, G, R over their sum): the median of the frame's outer ring,
    which the table fills (cards lie inside it; an arm crosses it once).  Of a part of a frame
    (the live loop reads what changed), the table round the change; where a hand fills that
    ring, the hand is taken for the table and nothing is left out — the rule only holds back."""
    h, w = frame.shape[:2]
    dy, dx = max(1, int(h * TABLE_RING)), max(1, int(w * TABLE_RING))
    ring = np.concatenate([frame[:dy].reshape(-1, 3), frame[-dy:].reshape(-1, 3),
                           frame[dy:-dy, :dx].reshape(-1, 3), frame[dy:-dy, -dx:].reshape(-1, 3)])
    return np.median(_shares(ring[::7].astype(np.float32)), axis=0)


def _crossing(first, second) -> np.ndarray | None:
    """Where the lines through two pairs of points cross (None where they run parallel)."""
    (a, b), (c, d) = first, second
    u, v = b - a, d - c
    cross = float(u[0] * v[1] - u[1] * v[0])
    if abs(cross) < 1e-6:
        return None
    t = float((c[0] - a[0]) * v[1] - (c[1] - a[1]) * v[0]) / cross
    return a + t * u


def _rim_colour(back_bgr: np.ndarray) -> np.ndarray | None:
    """The taught back's rim colour shares (its outermost two pixels all round), or None where
    the rim is no brighter than the pattern's darker quarter by ``RIM_BRIGHT``: no rim to tell
    a card's own edge by."""
    picture = back_bgr.astype(np.float32) + 1.0
    ring = np.concatenate([picture[:2].reshape(-1, 3), picture[-2:].reshape(-1, 3),
                           picture[2:-2, :2].reshape(-1, 3), picture[2:-2, -2:].reshape(-1, 3)])
    colour = np.median(ring, axis=0)
    inner = picture[INSET:-INSET, INSET:-INSET].sum(axis=2)
    if colour.sum() < RIM_BRIGHT * float(np.percentile(inner, 25)):
        return None
    return colour / colour.sum()

