"""A hand over a card, told by its colour: skin is warmer than the card's paper (red's share
of the light less blue's), whatever the hand's shade or the room's light — but not as warm as
a red or orange ink.  The namer leaves a hand's cells out of every comparison (a hand over a
third of a card spoils no more than that third), and names a face left unsure beside a hand
again past the hand's rim (:func:`hand_with_rim`)."""

from __future__ import annotations

import cv2
import numpy as np

from companion.vision.cells import cells_of_hand
from companion.vision.geometry import FACE_H, FACE_W
from companion.vision.ink import paper_shares_of, share_planes

SKIN_WARMER = 0.07      # skin: a pixel's share of red less its share of blue this much above the
                        # face's paper's (measured on the corpus's hands: 0.11 to 0.3, pale to dark;
                        # paper within 0.02 of its own) ...
SKIN_WARMEST = 0.36     # ... and at most this much (a red or orange ink: 0.5 and more)
SKIN_DARKEST = 60       # ... in a pixel at least this bright (B + G + R): in black ink a colour's
                        # shares are mostly noise
SKIN_LEAST = 80         # a patch of skin colour with this many pixels where no taught face's print
                        # is skin-coloured is a hand
SKIN_TAUGHT_PLAY = 3    # pixels: a taught face's skin-coloured print (an orange pip, a red
                        # numeral's edge) is kept clear of by this much, as a face is a few off
HAND_RIM = 5            # pixels round a hand found by its colour that a face left unsure beside it is
                        # named again without: the hand's darker edge and its shadow on the card are
                        # no colour of skin, and counted they read as ink (measured at the true
                        # outlines of the big set's 509 faces under a hand: 19 more named right,
                        # none wrongly; grown so at every look, 23 more but 16 fewer)


def hand_with_rim(hand: np.ndarray) -> np.ndarray:
    """A hand found by its colour (bool, the face's shape) grown by ``HAND_RIM`` pixels all
    round: its edge, darker than skin, and its shadow on the paper beside it."""
    reach = 2 * HAND_RIM + 1
    return cv2.dilate(hand.astype(np.uint8), np.ones((reach, reach), np.uint8)) > 0


class Hands:
    """Hands over the faces of one deck, learnt from its ``faces`` (BGR, straightened): its
    paper's colour shares (B, G, R over their sum), against which skin is warmer, and where
    its own print is skin-coloured (an orange pip) — no hand is told from the print there."""

    def __init__(self, faces: list[np.ndarray]):
        papers = [np.stack(share_planes(face[20:-20, 10:-10])[0], axis=-1).reshape(-1, 3) for face in faces]
        self.paper_shares = np.median(np.concatenate(papers), axis=0) if papers else np.full(3, 1 / 3, np.float32)
        taught = np.zeros((FACE_H, FACE_W), np.uint8)
        for face in faces:
            skin = self.skin_pixels(face).astype(np.uint8)
            taught |= skin | skin[::-1, ::-1]  # (either way up)
        play = 2 * SKIN_TAUGHT_PLAY + 1
        self.skin_taught = cv2.dilate(taught, np.ones((play, play), np.uint8)) > 0

    def skin_pixels(self, face_bgr: np.ndarray) -> np.ndarray:
        """Where a face is skin-coloured (bool, the face's shape): warmer than its own paper
        (red's share less blue's), but not as far as a red or orange ink; the face's own paper
        as :func:`~companion.vision.ink.paper_shares_of` finds it."""
        planes, light, paper = paper_shares_of(face_bgr, self.paper_shares)
        warm = cv2.subtract(planes[2], planes[0])
        own = float(np.median(warm[paper])) if paper.mean() > 0.1 else \
            float(self.paper_shares[2] - self.paper_shares[0])
        return (warm >= own + SKIN_WARMER) & (warm <= own + SKIN_WARMEST) & (light >= SKIN_DARKEST + 3)

    def hand_pixels(self, face_bgr: np.ndarray) -> np.ndarray:
        """Where a hand lies over a face (bool): each patch of skin colour that reaches well
        beyond where any taught face's print has that colour (an orange pip's is near skin's),
        the whole patch — a hand is one piece, and over the pips it is the hand still."""
        skin = self.skin_pixels(face_bgr).astype(np.uint8)
        count, labels = cv2.connectedComponents(skin, connectivity=8)
        beyond = np.bincount(labels[~self.skin_taught], minlength=count)
        beyond[0] = 0
        return (beyond >= SKIN_LEAST)[labels]

    def hand_cells(self, face_bgr: np.ndarray) -> np.ndarray:
        """The cells of a face under a hand (bool, one per cell): mostly hand."""
        return cells_of_hand(self.hand_pixels(face_bgr))
