"""A back told by its look: the colours its pattern blends to, cell by cell, and how busy it is.

Why: a back's fine pattern (a crosshatch, rings, stripes, checks) matches its taught picture
only at its exact outline.  A back half under another card, its outline guessed from the
corners that show, lies a few pixels or degrees off, looks like no taught face there, and was
missed.  Blended over a cell about the pattern's period, a back shows the same few colours and
the same busy pattern however far it is shifted, and no face (mostly bare paper) and no table
does: on the corpus's check set, 0.7 of a back's cells and more look like it in 88 backs of
100 (hands, glare and dim rooms included; whole ones in good light, 0.9 and more), 0.43 of a
face's at most, 0.13 of a table's.
"""

from __future__ import annotations

import cv2
import numpy as np

from companion.vision.geometry import quad_area

INSET = 8          # pixels of the straightened face's edge left out (the rim, the corners' rounding)
CELL = 12          # pixels: a cell, about a back's pattern period on the straightened face
CHROMA_NEAR = 0.05  # a cell whose colour shares are this near one of the taught back's cells' ...
BUSY = 0.5         # ... and whose pattern is at least this share as busy as the taught back's, looks like it
SHOWN_LEAST = 0.65  # the share of the cells that must show (not under a card on top) to judge by (at
                    # half, an outline reaching far under a face on top was read as the back beneath)
BAND_GAP, BAND = 0.06, 0.15  # the band looked at outside each side: this far out, this wide (of the short side)
GLANCE_LEAST = 0.5  # the share of a thumbnail's cells in the back's colours worth a closer look
BESIDE = 0.5       # a band this much like the back: the back's look goes on past that side


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

    def share(self, face_bgr: np.ndarray, covered: np.ndarray | None = None) -> float:
        """The share of a straightened face's cells that look like the back, of those not under
        a card on top (``covered``); 0 where too few show to judge.  A hand's cells do not look
        like it: a back under a hand is judged by what the hand leaves."""
        mean, busy = _cells(face_bgr)
        shown = _shown_cells(covered, busy.shape)
        if shown.mean() < SHOWN_LEAST:
            return 0.0
        return float(self._alike(mean, busy)[shown].mean())

    def beside(self, frame: np.ndarray, outline: np.ndarray, covers=()) -> bool:
        """Whether the back's look goes on past a side of ``outline`` (ordered corners) that no
        card on top (``covers``) hides: then the outline is not a card's own — it straddles
        two backs, or a back and a cloth of its colour."""
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
                return True
        return False

