"""Which of two overlapping cards lies on top, told by their edges.

A card on top shows its whole outline: its edge crosses the card under it as a straight step
in brightness (and its shadow falls beside it).  The card under it shows no edge there: its
side runs on under the top card, whose print hides it.  So where two outlines overlap, the
one whose side can be seen running inside the other lies on top.  A card's print is no
guide to this (a back's stripes a few pixels off look like another card's print), and a
card named surely may still lie partly under another: a corner of it hidden takes little
from its likeness."""

from __future__ import annotations

import numpy as np

from companion.vision.geometry import EdgeField

CLEAR_OF = 6.0    # pixels: a side is looked at only this far inside the other outline (its own edge
                  # and shadow lie nearer)
REACH = 3         # pixels either side of a side where its edge may be (an outline a few pixels off)
STEP = 2.0        # pixels between the places looked at along a side
ENDS = 0.1        # each end of a side left out (of its length): a card's corners are rounded
LEAST_PLACES = 8  # a side with fewer places inside the other is not looked at
PLAINER = 2.0     # one outline lies on top where its edge shows this many times as strongly as the
SHOWN_LEAST = 20.0  # other's, and by this much more (gradient units: a faint edge tells nothing)
                    # (measured at the true outlines of the cards in 150 big-set frames, against the
                    # cards named surely over 0.9 overlapping them: of 106 truly on top, 86 told; of
                    # 320 truly under, 6 taken to lie on top: under a hand, a back's lattice along
                    # the side, a third card across both)


def edge_shown(edges: EdgeField, quad: np.ndarray, other: np.ndarray) -> float | None:
    """How strongly ``quad``'s sides show as an edge where they run inside ``other`` (both
    convex, ordered).  Along each side: the brightness step across it at the offset within
    ``REACH`` where the step averaged over its places is strongest, and there the median of
    its places' steps in that direction — a true edge steps the same way nearly all along,
    while a print's line a side happens to cross or run beside makes a strong step at a few
    places only (a mean counted those: a 2 of squares under a 3 of crosses, the crosses' arms
    beside its hidden side, was taken to lie on top, big 0457).  The sides' mean, weighted by
    their places; None where no side runs far enough inside."""
    q = np.float32(quad).reshape(4, 2)
    vectors = np.roll(q, -1, axis=0) - q
    lengths = np.maximum(np.linalg.norm(vectors, axis=1), 1.0)
    normals = np.stack([-vectors[:, 1], vectors[:, 0]], axis=1) / lengths[:, None]
    along = [np.arange(ENDS, 1.0 - ENDS, STEP / length, dtype=np.float32) for length in lengths]
    side = np.repeat(np.arange(4), [len(a) for a in along])
    points = q[side] + np.concatenate(along)[:, None] * vectors[side]
    keep = _inside_by(points, np.float32(other).reshape(4, 2)) > CLEAR_OF
    keep &= (np.bincount(side[keep], minlength=4) >= LEAST_PLACES)[side]
    side, points = side[keep], points[keep]
    if not len(points):
        return None
    offsets = np.arange(-REACH, REACH + 1, dtype=np.float32)
    normal = normals[side]
    grid = points[:, None, :] + offsets[None, :, None] * normal[:, None, :]
    across = edges.steps_across(grid, normal[:, None, :])  # (places, offsets, colours)
    total = 0.0
    for i in np.unique(side):
        steps = across[side == i]
        mean = steps.mean(axis=0)                                   # (offsets, colours)
        best = int(np.argmax((mean ** 2).sum(axis=-1)))
        direction = mean[best] / max(1e-6, float(np.linalg.norm(mean[best])))
        total += float(np.median(steps[:, best, :] @ direction)) * len(steps)
    return total / len(points)


def lies_on_top(edges: EdgeField, quad: np.ndarray, other: np.ndarray) -> bool:
    """Whether the card at ``quad`` plainly lies on top of the one at ``other``, which it
    overlaps: its edge shows inside the other (:func:`edge_shown`) ``PLAINER`` times as
    strongly as the other's inside it, and by ``SHOWN_LEAST``.  False where it can't be told
    (paper on paper of one colour, a side too little inside)."""
    mine = edge_shown(edges, quad, other)
    if mine is None or mine <= SHOWN_LEAST:
        return False  # (most often: the card under another; no need to look at the other's edge)
    theirs = edge_shown(edges, other, quad)
    return theirs is not None and mine > PLAINER * max(0.0, theirs) + SHOWN_LEAST


def _inside_by(points: np.ndarray, quad: np.ndarray) -> np.ndarray:
    """How far each of ``points`` (n, 2) lies inside the convex ``quad`` (negative outside):
    the least distance to the lines of its sides."""
    vectors = np.roll(quad, -1, axis=0) - quad
    normals = np.stack([-vectors[:, 1], vectors[:, 0]], axis=1)
    normals /= np.maximum(np.linalg.norm(normals, axis=1), 1e-6)[:, None]
    if float(((quad.mean(axis=0) - quad) * normals).sum(axis=1).min()) < 0:
        normals = -normals  # the normals point inward whichever way the corners run
    return ((points[:, None, :] - quad[None]) * normals[None]).sum(axis=2).min(axis=1)
