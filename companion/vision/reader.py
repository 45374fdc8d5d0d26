"""Reading a frame: every card on the table, named, or reported as unsure.

The finder proposes outlines; each is straightened and named; outlines that are nothing
the deck knows are dropped, and of outlines that overlap much (two guesses at one card) the
best-named one stays.  Two passes: the cards whose outline is whole first; their size then
tells how to complete the cards of which only a corner or two shows.  A name whose confidence
is below ``SAFE`` is reported as ``unsure`` (with the best guess beside it) — never a wrong
card silently."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from companion.vision.deck import load_deck
from companion.vision.finder import Outlines, default_short_sides, sides
from companion.vision.geometry import quad_area, straighten
from companion.vision.namer import NOT_A_CARD, Namer

SAFE = 0.5       # the confidence at and above which a name is reported as the card
UNSURE = "unsure"
SAME = 0.5       # two outlines sharing more than this (of the smaller) are one card
CORNERS = False


@dataclass(frozen=True)
class Reading:
    card: str               # "3 star", "back" or "unsure"
    guess: str              # the best name even when unsure
    corners: np.ndarray     # (4, 2) float32: image pixels
    confidence: float
    similarity: float = 0.0

    def as_json(self, scene: str) -> dict:
        return {"scene": scene, "card": self.card,
                "corners": [[round(float(x), 1), round(float(y), 1)] for x, y in self.corners],
                "confidence": round(self.confidence, 3)}


def _overlap(a: np.ndarray, b: np.ndarray) -> float:
    """The share of the smaller quad that the two quads have in common."""
    inter, _ = cv2.intersectConvexConvex(np.float32(a), np.float32(b))
    return float(inter) / max(1.0, min(quad_area(a), quad_area(b)))


class Reader:
    """A taught deck, ready to read frames."""

    def __init__(self, faces: dict[str, np.ndarray]):
        self.namer = Namer(faces)

    @classmethod
    def from_folder(cls, folder: str | Path) -> "Reader":
        return cls(load_deck(folder))

    def _named(self, frame: np.ndarray, quads) -> list[Reading]:
        out = []
        for quad in quads:
            naming = self.namer.name(straighten(frame, quad))
            if naming.similarity < NOT_A_CARD:
                continue
            conf = naming.confidence
            out.append(Reading(naming.card if conf >= SAFE else UNSURE, naming.card, quad, conf,
                               naming.similarity))
        return out

    def read(self, frame: np.ndarray) -> list[Reading]:
        outlines = Outlines(frame)
        first = self._named(frame, outlines.quads())
        sure = [r for r in first if r.card != UNSURE and r.similarity > 0.6]
        if sure:
            short = float(np.median([sides(r.corners)[0] for r in sure]))
            shorts = [short * 0.93, short, short * 1.07]
        else:
            shorts = default_short_sides(frame.shape[1])
        second = self._named(frame, outlines.corner_guesses(shorts)) if CORNERS else []
        found = sorted(first + second, key=lambda r: -(r.similarity + 0.5 * r.confidence))
        kept: list[Reading] = []
        for reading in found:
            if all(_overlap(reading.corners, other.corners) < SAME for other in kept):
                kept.append(reading)
        return kept
