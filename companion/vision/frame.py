"""A deck's printed inner frame: some printings draw a thin dark rectangle a little inside
the card's edge.  On a table whose colour is near the paper's, that line is the sharpest
outline the finder sees, and a card straightened at it looks like the whole card stretched
by a tenth — near enough for a loose alignment to match it, and just wrong enough to misname
it.  So the reader learns from the taught faces whether the deck has such a frame and where,
and tries every outline also as that frame (grown out to the card's edge)."""

from __future__ import annotations

import cv2
import numpy as np

from companion.vision.geometry import FACE_W

INSET = 0.02        # straighten()'s default inset: the face shows the card from 2 % to 98 %
DARK = 0.75         # a frame line: the faces' mean profile this much darker than the paper
REACH = 14          # pixels of the 100-px face searched from each edge


def printed_frame(faces: dict[str, np.ndarray]) -> float | None:
    """Where the deck's inner frame lies, as a share of the card's width in from its edges,
    or None when the faces have no line parallel to all four edges at one distance."""
    grey = np.stack([cv2.cvtColor(face, cv2.COLOR_BGR2GRAY).astype(np.float32)
                     for name, face in faces.items() if name != "back"])
    grey /= np.median(grey, axis=(1, 2), keepdims=True) + 1e-3
    h, w = grey.shape[1:]
    cols = grey[:, h // 5:-h // 5, :].mean(axis=(0, 1))
    rows = grey[:, :, w // 5:-w // 5].mean(axis=(0, 2))
    profiles = (cols[:REACH], cols[::-1][:REACH], rows[:REACH], rows[::-1][:REACH])
    if any(p.min() > DARK for p in profiles):
        return None
    if not all(p.min() < DARK for p in profiles):
        return None
    # the line's centre on the left and right edges (the width is what the inset is of)
    centres = []
    for p in profiles[:2]:
        weight = np.clip(1.0 - p, 0.0, None) * (p < (1.0 + p.min()) / 2)
        centres.append(float((weight * np.arange(REACH)).sum() / weight.sum()) + 0.5)
    x = float(np.mean(centres))
    return INSET + x / FACE_W * (1 - 2 * INSET)
