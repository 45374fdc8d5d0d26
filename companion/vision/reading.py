"""What the reader says about one place on the table: a :class:`Reading` — the card, or
``unsure`` with its best guess beside it — and the few facts every pass asks of readings: which
are named surely, and which are seen whole (so lie on top of any card they overlap)."""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np

from companion.vision.namer import BACK, FAIR, GOOD

SAFE = 0.8       # the confidence at and above which a name is reported as the card
UNSURE = "unsure"
KNOWN = FAIR + SAFE * (GOOD - FAIR)  # a face named surely at a likeness below this (every rival beaten
                 # plainly, :data:`~companion.vision.namer.GOOD_PLAIN`) is not yet a known card: its place is
                 # still searched (check 200: a 1 of squares named surely at 0.81, at an outline a little
                 # off it, kept its completed outline, 0.97, from being named, and the card was left unsure)
ON_TOP = 0.9     # a card named surely at this similarity is seen whole: it lies on top of any it overlaps


@dataclass(frozen=True)
class Reading:
    """What one outline was read as: the card (or ``unsure``, the guess beside it, for the
    screen to ask about), where it lies, and how surely."""

    card: str               # "3 star", "back" or "unsure"
    guess: str              # the best name even when unsure
    corners: np.ndarray     # (4, 2) float32: image pixels
    confidence: float
    similarity: float = 0.0
    candidates: tuple[tuple[str, float], ...] = ()  # the few likeliest names, best first,
                                                    # each with a 0..1 score (for the rules)
    under: tuple = ()       # the outlines of cards lying over it, left out of its naming
    by_look: bool = False   # a back read by its look (:class:`~companion.vision.backs.BackLook`), not by
                            # its picture

    def as_json(self, scene: str) -> dict:
        return {"scene": scene, "card": self.card,
                "corners": [[round(float(x), 1), round(float(y), 1)] for x, y in self.corners],
                "confidence": round(self.confidence, 3)}


def made_unsure(reading: Reading) -> Reading:
    """The reading reported unsure, its guess and candidates kept (the screen asks about it)."""
    return replace(reading, card=UNSURE, confidence=min(reading.confidence, SAFE - 0.01))


def sure_ones(readings: list[Reading]) -> list[Reading]:
    """The readings named surely that look like a card at all, and not only by beating every
    rival plainly (:func:`plainly_only`): the cards already known, whose places no later guess
    is named in again."""
    return [r for r in readings
            if r.card != UNSURE and r.similarity > FAIR and not r.by_look and not plainly_only(r)]


def plainly_only(reading: Reading) -> bool:
    """Whether a face is named surely only by beating every rival plainly, below the likeness
    that makes a name sure by itself (``KNOWN``): its outline may be a little off the card."""
    return reading.card not in (UNSURE, BACK) and reading.similarity <= KNOWN


def named_past(reading: Reading, outline: np.ndarray) -> bool:
    """Whether ``reading`` was named with ``outline`` left out, as a card lying over it."""
    return any(np.array_equal(under, outline) for under in reading.under)


def outlines_on_top(readings: list[Reading]) -> list[np.ndarray]:
    """The outlines of the cards seen whole: they lie on top of any card they overlap."""
    return [r.corners for r in readings if r.card != UNSURE and r.similarity > ON_TOP]
