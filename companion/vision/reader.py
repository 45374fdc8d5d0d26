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
from companion.vision.frame import printed_frame
from companion.vision.geometry import EdgeField, grown, iou, order_corners, overlap, quad_area, straighten
from companion.vision.namer import BACK, FAIR, FIRST_GLANCE, NOT_A_CARD, THUMB, Namer

SAFE = 0.8       # the confidence at and above which a name is reported as the card
UNSURE = "unsure"
SAME = 0.6       # two outlines sharing more than this (of the smaller) are one card
CORNERS = True
WELL = 0.9       # a card named at this similarity needs no second look ...
AGAIN = 0.9      # ... through an outline sharing this much with it (intersection over union)
LOOKS = 3        # the closest looks at one place ...
ALIKE = 0.8      # ... through outlines sharing this much
BACK_RIM = 0.035  # a back's rim, of the card's width
GLANCE_SIZE = (40, 56)  # the face straightened for the first glance, then shrunk to THUMB
REPEAT = 0.95    # a guess sharing this much with one already tried is the same guess
INK_SIZE = (50, 70)  # the face shrunk to compare ink colours
INK_LEAST = 0.03     # ... at least this share of the face, to tell its colour by
INK_DARK = 0.7       # ink: pixels darker than this share of the paper
INK_DRIFT = 0.15     # the most a face's ink tone may differ from its name's (measured: true faces 0.012
                     # typically, half-covered ones up to 0.26 — unsure mostly; a purple star named
                     # as a blue cross, over 0.2)
COLOUR_DRIFT = 0.06  # the most a face's paper's colour shares may differ from the taught paper's
                     # (measured on the corpus's faces: at most 0.028; a pink cloth: 0.1)
SIZE_LOW = 0.8   # a card named surely at under this share of the others' size (or over its inverse) is not sure
SIZED = 0.7      # a reading this like a taught face (named or not) shows the card's size
HALF_OF = 0.06   # a whole card grown from an outline, as like another card as the outline's face to within
                 # this much, means the outline was half of it (measured: halves 0.03 under; whole cards
                 # grown over a neighbour 0.14 under and more)
KNOWN = 0.4      # a corner guess sharing this much with a card named surely is that card


@dataclass(frozen=True)
class Reading:
    card: str               # "3 star", "back" or "unsure"
    guess: str              # the best name even when unsure
    corners: np.ndarray     # (4, 2) float32: image pixels
    confidence: float
    similarity: float = 0.0
    candidates: tuple[tuple[str, float], ...] = ()  # the few likeliest names, best first,
                                                    # each with a 0..1 score (for the rules)

    def as_json(self, scene: str) -> dict:
        return {"scene": scene, "card": self.card,
                "corners": [[round(float(x), 1), round(float(y), 1)] for x, y in self.corners],
                "confidence": round(self.confidence, 3)}


def paper_colour(faces: dict[str, np.ndarray]) -> np.ndarray | None:
    """The deck's paper (BGR): the median of the taught faces' pixels away from their edges —
    most of a face is bare paper.  None for a deck of backs alone."""
    pixels = [face[20:-20, 10:-10].reshape(-1, 3) for name, face in faces.items() if name != "back"]
    return np.median(np.concatenate(pixels), axis=0) if pixels else None


def _sized_alike(readings: list[Reading]) -> list[Reading]:
    """The readings, those named surely but much smaller or larger than the other cards
    named surely in the frame made unsure: part of a card cut off by a sleeve's edge has a
    card's proportions too (half a card is 2.5 by 1.75 in), and straightened it can look
    like another card of its suit — a half 2 of pips is a 1."""
    sure = [r for r in readings if r.card != UNSURE]
    out = []
    for reading in readings:
        others = [sides(r.corners)[0] for r in sure if r is not reading]
        if reading.card != UNSURE and others:
            ratio = sides(reading.corners)[0] / float(np.median(others))
            if not SIZE_LOW <= ratio <= 1 / SIZE_LOW:
                reading = _unsure(reading)
        out.append(reading)
    return out


def _one_of_each(readings: list[Reading]) -> list[Reading]:
    """The readings, a name given surely to two of them made unsure on all but the likeliest:
    a deck holds each face once, so one of them is another card — most often the card
    under it, read through the one on top."""
    out, named = [], set()
    for reading in sorted(readings, key=lambda r: -(r.similarity + 0.5 * r.confidence)):
        if reading.card not in (UNSURE, BACK):
            if reading.card in named:
                reading = _unsure(reading)
            named.add(reading.guess)
        out.append(reading)
    return out


def _unsure(reading: Reading) -> Reading:
    """The reading reported unsure, its guess and candidates kept (the screen asks about it)."""
    return Reading(UNSURE, reading.guess, reading.corners, min(reading.confidence, SAFE - 0.01),
                   reading.similarity, reading.candidates)


def ink_tone(face: np.ndarray) -> np.ndarray | None:
    """The colour of a face's ink against its paper: the mean of its darker pixels divided by
    the mean of its lighter half, channel by channel, as shares (a colour cast divides out).
    None when too little of it is ink to tell."""
    pixels = np.float32(face).reshape(-1, 3) + 1.0
    light = pixels.sum(axis=1)
    paper = pixels[light >= np.median(light)].mean(axis=0)
    ink = pixels[light < INK_DARK * paper.sum()]
    if len(ink) < INK_LEAST * len(pixels):
        return None
    tone = ink.mean(axis=0) / paper
    return tone / tone.sum()


def _chroma(pixels: np.ndarray) -> np.ndarray:
    """The shares of B, G and R in the pixels' mean colour."""
    mean = np.float32(pixels).reshape(-1, 3).mean(axis=0) + 1.0
    return mean / mean.sum()


def _close(a: np.ndarray, b: np.ndarray) -> bool:
    """Two quads of about the same size (one inside the other is not a repeat)."""
    ra, rb = quad_area(a), quad_area(b)
    return min(ra, rb) > 0.85 * max(ra, rb)


class Reader:
    """A taught deck, ready to read frames."""

    def __init__(self, faces: dict[str, np.ndarray]):
        self.namer = Namer(faces, SAFE)
        self.frame_inset = printed_frame(faces)
        # the inner outlines an outline may be, as insets of the card's width: the printed
        # frame (if the deck has one) and a back's white rim (most backs have one: where the
        # pattern stops is the sharpest outline a back shows)
        self.insets = ((self.frame_inset,) if self.frame_inset is not None else ()) + (BACK_RIM,)
        self.paper = paper_colour(faces)
        self.paper_chroma = None if self.paper is None else _chroma(self.paper)
        self.inks = {name: ink_tone(cv2.resize(face, INK_SIZE, interpolation=cv2.INTER_AREA))
                     for name, face in faces.items() if name != BACK}
        # a back's blended tone (its pattern inside the rim), to find backs by on a busy cloth
        self.back_tone = faces[BACK][12:-12, 8:-8].reshape(-1, 3).mean(axis=0) if BACK in faces else None

    def _deck_coloured(self, small: np.ndarray, reading: Reading) -> bool:
        """Whether a face (``small``: straightened to ``INK_SIZE``) shows the deck's own paper
        (the lighter half of it).  A square of a checked cloth, a phone's face or a sticky
        note can match a plain printing's shapes in grey, never in colour (a camera's colour
        cast moves the shares of B, G and R by a few hundredths; a pink cloth against grey
        paper by ten)."""
        if reading.guess == BACK or self.paper_chroma is None:
            return True  # a back's print under glare or dim light drifts too far to tell by
        pixels = small.reshape(-1, 3)
        light = pixels.sum(axis=1)
        got = _chroma(pixels[light >= np.median(light)])
        return float(np.abs(got - self.paper_chroma).max()) <= COLOUR_DRIFT

    def _ink_agrees(self, small: np.ndarray, reading: Reading) -> bool:
        """Whether a face named surely (``small``: straightened to ``INK_SIZE``) shows its
        name's ink colour: the grey comparison is blind to it, and a purple star half under
        another card can pass for a blue cross.  Measured against the face's own paper, so
        the camera's colour cast cancels out; a face with too little ink to tell (or a back)
        agrees."""
        if reading.card in (UNSURE, BACK) or reading.card not in self.inks:
            return True
        seen = ink_tone(small)
        want = self.inks[reading.card]
        return seen is None or want is None or float(np.abs(seen - want).max()) <= INK_DRIFT

    def _checked(self, frame: np.ndarray, readings: list[Reading]) -> list[Reading]:
        """The rules that refuse what cannot be right, in turn: a face not on the deck's paper
        is dropped; a sure name is made unsure where the card is not the others' size, where
        another reading has the name more likely, and where its ink is not its name's colour.
        (Each face is straightened small once, for both colour rules.)"""
        small = {id(r): straighten(frame, r.corners, size=INK_SIZE) for r in readings}
        kept = _one_of_each(_sized_alike([r for r in readings if self._deck_coloured(small[id(r)], r)]))
        # (a reading the rules made unsure is a new one: it needs no ink to stay unsure)
        return [r if r.card == UNSURE or self._ink_agrees(small[id(r)], r) else _unsure(r) for r in kept]

    def _not_half(self, frame: np.ndarray, reading: Reading) -> Reading:
        """The reading, made unsure when it may be half of another card: a card cut across
        by a sleeve or glare's edge has a card's proportions too (2.5 by 1.75 in), and half a
        2 of pips is a 1.  The two whole cards it would be half of (grown across its long
        sides, one way and the other) are named; one that looks like another card nearly as
        well as the outline's face looks like its name means the outline was half of it.
        (Where the frame shows other cards, :func:`_sized_alike` tells most halves by their
        size; this needs none.)"""
        if reading.card in (UNSURE, BACK):
            return reading
        a, b, c, d = np.float32(reading.corners)
        across = b - a  # the short side here; the whole card's long side is twice it
        h, w = frame.shape[:2]
        for whole in (np.float32([a, b + across, c + across, d]), np.float32([a - across, b, c, d - across])):
            if whole.min() < 0 or whole[:, 0].max() >= w or whole[:, 1].max() >= h:
                continue
            for other in self._named(frame, [order_corners(whole)], grow=False):
                if other.similarity >= max(FAIR, reading.similarity - HALF_OF) and other.guess != reading.card:
                    return _unsure(reading)
        return reading

    @classmethod
    def from_folder(cls, folder: str | Path) -> "Reader":
        return cls(load_deck(folder))

    def _named(self, frame: np.ndarray, quads, known=(), grow: bool = True,
               edges: EdgeField | None = None) -> list[Reading]:
        """The quads named; a quad much like one already tried (or like a card in ``known``)
        is skipped: the finder's guesses repeat, and naming is the costly part.  ``grow``:
        try each quad also as the deck's printed inner frame."""
        if edges is not None:
            quads = edges.snap(quads)
        out: list[Reading] = []
        done: list[np.ndarray] = []
        centres: list[np.ndarray] = []
        looked: list[np.ndarray] = []  # the centre of each reading in ``out``
        for quad in quads:
            if any(overlap(quad, r.corners) > 0.8 or iou(quad, r.corners) > KNOWN for r in known):
                continue  # a card already named surely (a card half visible beside it shares
                          # at most a third with it)
            centre = quad.mean(axis=0)
            near = 0.2 * float(np.linalg.norm(quad[1] - quad[0]))  # of its short side
            if done and any(iou(quad, done[i]) > REPEAT for i in
                            np.flatnonzero(np.abs(np.array(centres) - centre).max(axis=1) < near)):
                continue  # the same guess again
            done.append(quad)
            centres.append(centre)
            tries = [quad]
            if grow:  # the outline may be an inner one: a face's printed frame, a back's rim
                tries += [grown(quad, inset) for inset in self.insets]
            as_found = 0.0
            for outline in tries:
                middle = outline.mean(axis=0)
                reach = 0.3 * float(np.linalg.norm(outline[1] - outline[0]))
                nearby = [r for r, c in zip(out, looked) if abs(c[0] - middle[0]) < reach
                          and abs(c[1] - middle[1]) < reach]  # (outlines much alike share a centre)
                if any(r.similarity >= WELL and iou(outline, r.corners) > AGAIN for r in nearby):
                    continue  # a card already seen well through a near-same outline
                if sum(iou(outline, r.corners) > ALIKE for r in nearby) >= LOOKS:
                    continue  # looked at closely enough already, through outlines much like it
                thumb = cv2.resize(straighten(frame, outline, size=GLANCE_SIZE), THUMB,
                                   interpolation=cv2.INTER_AREA)  # (warped small, it aliases)
                if self.namer.glance(thumb) < FIRST_GLANCE:
                    continue  # not worth straightening whole: the table, a hand, a phone
                naming = self.namer.name(straighten(frame, outline))
                if outline is quad:
                    as_found = naming.similarity
                elif naming.similarity <= as_found:
                    continue  # grown, it explains the picture no better: the outline was the card's
                if naming.similarity < NOT_A_CARD:
                    continue
                conf = naming.confidence
                out.append(Reading(naming.card if conf >= SAFE else UNSURE, naming.card, outline,
                                   conf, naming.similarity, naming.candidates))
                looked.append(middle)
                if conf >= SAFE:
                    break  # named surely as found: no need to try it larger
        return out

    def name_at(self, frame: np.ndarray, quads, snap: bool = False) -> list[Reading]:
        """The cards at outlines found before, named again in a new frame — no finding, only
        naming (a few milliseconds a card): the live loop's second and third looks at a card.
        ``snap``: the outlines are rough (a change's rectangle, something just laid): each is
        first snapped onto the card's edges, looked for only round the outlines, and what is
        named there passes the rules a frame's readings pass (a phone laid on the table is no
        card; a name whose ink is another colour is unsure)."""
        quads = [np.float32(q).reshape(4, 2) for q in quads]
        if snap and quads:
            h, w = frame.shape[:2]
            pad = 0.25 * min(sides(q)[0] for q in quads)
            every = np.concatenate(quads)
            x0, y0 = (max(0, int(v - pad)) for v in every.min(axis=0))
            x1, y1 = min(w, int(every[:, 0].max() + pad) + 1), min(h, int(every[:, 1].max() + pad) + 1)
            shift = np.float32([x0, y0])
            edges = EdgeField(np.ascontiguousarray(frame[y0:y1, x0:x1]))
            quads = [q + shift for q in edges.snap([q - shift for q in quads])]
            return self._checked(frame, self._named(frame, quads, grow=False))
        return self._named(frame, quads, grow=False)

    def read(self, frame: np.ndarray) -> list[Reading]:
        outlines = Outlines(frame, self.paper, self.back_tone)
        edges = EdgeField(frame)
        first = self._named(frame, outlines.quads(), edges=edges)
        sure = [r for r in first if r.card != UNSURE and r.similarity > 0.6]
        # the cards seen whole (named or nearly) give the size to complete the others with;
        # with none, the sizes a card may have in the frame
        sized = [r for r in first if r.similarity > SIZED]
        shorts = [float(np.median([sides(r.corners)[0] for r in sized]))] if sized else \
            default_short_sides(frame.shape[1])
        second = self._named(frame, outlines.corner_guesses(shorts), known=sure, grow=False,
                             edges=edges) if CORNERS else []
        found = sorted(first + second, key=lambda r: -(r.similarity + 0.5 * r.confidence))
        kept: list[Reading] = []
        for reading in found:
            if all(overlap(reading.corners, other.corners) < SAME for other in kept):
                kept.append(reading)
        kept = self._checked(frame, kept)
        kept = [self._not_half(frame, r) for r in kept]
        named = [r for r in kept if r.card != UNSURE]
        # an unsure guess is worth asking about only where it looks like a card and no named
        # card already stands
        return named + [r for r in kept if r.card == UNSURE and r.similarity >= FAIR
                        and all(overlap(r.corners, n.corners) < 0.4 for n in named)]
