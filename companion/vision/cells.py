"""The face cut into cells: what lies under another card or a hand is left out cell by
cell, and a mask in cells is grown back to pixels (or shrunk to the ink's size)."""

from __future__ import annotations

import cv2
import numpy as np

from companion.vision.geometry import FACE_H, FACE_W
from companion.vision.ink import INK_SIZE

CELL = 10               # the cells the face is cut into (FACE_W and FACE_H are multiples)
COVERED_CELL = 0.1      # a cell this much under another card is left out (the card's edge and
                        # shadow reach past its outline, and a sliver of its print can pass for a
                        # pip of this card)
SKIN_CELL = 0.5         # a cell this much under a hand is left out


def pixels_of(cells: np.ndarray) -> np.ndarray:
    """Per-cell values (one per cell, in the face's row order) spread over the face's pixels
    (the face's shape): the inverse of grouping pixels into cells."""
    return np.repeat(np.repeat(cells.reshape(FACE_H // CELL, FACE_W // CELL), CELL, 0), CELL, 1)


def cells_of_hand(hand: np.ndarray) -> np.ndarray:
    """The cells (bool, one per cell) mostly under a hand, from its pixels (the face's shape)."""
    gh, gw = FACE_H // CELL, FACE_W // CELL
    return hand.reshape(gh, CELL, gw, CELL).mean(axis=(1, 3)).ravel() > SKIN_CELL


def at_ink_size(mask: np.ndarray) -> np.ndarray:
    """A mask of a face (bool, the face's shape) at ``INK_SIZE``: set wherever any of its
    pixels is (a hand's edge is no ink either)."""
    return cv2.resize(mask.astype(np.uint8) * 255, INK_SIZE, interpolation=cv2.INTER_AREA) > 0


def cells_under(covered: np.ndarray) -> np.ndarray:
    """The cells of a face under another card (bool, one per cell), from where that card lies
    on the face (``covered``: bool, the face's shape): those it covers ``COVERED_CELL`` of."""
    return covered.reshape(FACE_H // CELL, CELL, FACE_W // CELL, CELL).mean(axis=(1, 3)).ravel() > COVERED_CELL


def cells_at(cells: np.ndarray, size: tuple[int, int]) -> np.ndarray:
    """Per-cell flags (one per cell, in the face's row order) as a bool picture of ``size``
    (width, height): each cell spread over its share of the smaller picture."""
    grid = cells.reshape(FACE_H // CELL, FACE_W // CELL).astype(np.uint8)
    return cv2.resize(grid, size, interpolation=cv2.INTER_NEAREST) > 0
