"""Reading a frame: every card on the table, named, or reported as unsure.

The finder proposes outlines; each is straightened and named; outlines that are nothing
the deck knows are dropped, and of outlines that overlap much (two guesses at one card) the
best-named one stays.  Two passes: the cards whose outline is whole first; their size then
tells how to complete the cards of which only a corner or two shows.  Then the outlines still
unsure are looked at again: a card lying on top of one (seen whole) is left out of its naming,
and each is completed to a whole card (where the top card cut it; to a card's proportions on
the table's plane, which the card seen best gives, or the frame's own without one; and where
its guess's taught face fits onto what shows of it).  An outline whose picture names nothing
surely may still be a back read by its look (:mod:`companion.vision.backs`): a back's pattern
matches only at its exact outline.  A name whose confidence
is below ``SAFE`` is reported as ``unsure`` (with the best guess beside it) — never a wrong
card silently."""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import NamedTuple

import cv2
import numpy as np

from companion.vision.backs import BackLook
from companion.vision.deck import load_deck
from companion.vision.finder import Outlines, ShortSideHere, StraightEdges, card_like, default_short_sides, sides
from companion.vision.frame import printed_frame
from companion.vision.ink import INK_SIZE, ink_colour
from companion.vision.geometry import (ASPECT, FACE_H, FACE_W, EdgeField, covered_on_face, grown, iou, moved_on_face,
                                       order_corners, overlap, quad_area, straighten)
from companion.vision.stacking import lies_on_top
from companion.vision.namer import (BACK, FAIR, FIRST_GLANCE, MOST_COVERED, MOST_HIDDEN, NOT_A_CARD, THUMB, Namer,
                                    at_ink_size, cells_under, suit_of)

SAFE = 0.8       # the confidence at and above which a name is reported as the card
UNSURE = "unsure"
SAME = 0.6       # two outlines sharing more than this (of the smaller) are one card ...
PART = 0.6       # ... unless both are named surely, otherwise, the likelier under this share of the other's
                 # area (a half card and the card: about 0.5 on the big set)
CONFLICT = 0.7   # two outlines of one card sharing this much (intersection over union) that name it
                 # surely as two cards leave it unsure ...
CONFLICT_NEAR = 0.04  # ... where the second fits it nearly as well (similarity; measured: a 3 of circles
                      # under a back named 5 at 0.91 and 3 at 0.89; outlines a little off that named
                      # whole cards wrongly fitted 0.05 to 0.10 worse than the outline naming them right)
LIKELIEST_TIE = 0.02  # ... but not where an unsure second scores the sure name within this of its likeliest name
CORNERS = True
FAR_SNAP = 0.12  # an unsure back's outline is snapped onto edges this far off too (of its short side;
                 # twice the first snap's reach: a guess from a blurred union of two backs sits farther
                 # off, and a back's fine pattern matches only at its exact outline).  Faces are not: an
                 # outline of half a 2 of squares under another card, snapped so, was a sure 1 (big 1696)
WELL = 0.9       # a card named at this similarity needs no second look ...
AGAIN = 0.9      # ... through an outline sharing this much with it (intersection over union)
LOOKS = 3        # the closest looks at one place ...
ALIKE = 0.8      # ... through outlines sharing this much
BACK_RIM = 0.035  # a back's rim, of the card's width
GLANCE_SIZE = (40, 56)  # the face straightened for the first glance, then shrunk to THUMB
REPEAT = 0.95    # a guess sharing this much with one already tried is the same guess ...
CLOSE_REPEAT = 0.98  # ... or this much, for the few outlines measured out on the table's plane (measured:
                     # two from neighbouring corners of one card shared 0.96 and named it 0.92 and 0.97)
INK_DRIFT = 0.15     # the most a face's coloured ink may differ from its name's (chosen on the ink's
                     # tone, the mean of all its dark pixels: true faces 0.012 typically, a purple star
                     # named as a blue cross over 0.2; measured on the coloured pixels alone since,
                     # big set: 7 fewer right names refused, no wrong name let through)
INK_PLAINER = 0.05   # ... and this much nearer another suit's ink (measured on the big set: of the 10 sure
                     # names the drift refused, 9 right; 5 of those, their ink far from every taught ink
                     # under glare or a hand's shadow, at most 0.03 nearer another suit's, are named now;
                     # the wrong one, 0.16 nearer another suit's, is still refused)
COLOUR_DRIFT = 0.06  # the most a face's paper's colour shares may differ from the taught paper's
                     # (measured on the corpus's faces: at most 0.028; a pink cloth: 0.1)
SIZE_LOW = 0.8   # a card named surely at under this share of the size expected where it lies (or over
                 # its inverse) is not sure (half a card: 0.71)
SIZED = 0.7      # a reading this like a taught face (named or not) shows the card's size
HALF_OF = 0.06   # a whole card grown from an outline, as like another card as the outline's face to within
                 # this much, means the outline was half of it (measured: halves 0.03 under; whole cards
                 # grown over a neighbour 0.14 under and more)
READ_HERE = 0.5  # a card completed on the table's plane sharing this much with a reading is read there
KNOWN = 0.4      # a corner guess sharing this much with a card named surely is that card
OVER_AGAIN = 0.9  # an unsure reading this like a face, some of it left out as under a card seen whole, is
                  # named again with that card put back (it may lie under this one)
UNDER_GAIN = 0.03  # a sure card named otherwise past a sure card over it, this much likelier so, lies under it
ON_TOP = 0.9     # a card named surely at this similarity is seen whole: it lies on top of any it overlaps
COVER_LEAST = 0.02  # ... and is left out of the naming of a card it covers this much of
HIDDEN_REACH = 4.0  # pixels: a corner this near a card on top (or under it) is hidden by it
FIT_ROUNDS = 2   # an unsure reading is fitted onto its guess at most this often, each from where the last led ...
FIT_AGAIN = 3.0  # ... when the last moved a corner this many pixels
BACK_LOOK = 0.8  # a back read by its look needs this share of its cells that show to look like the back
                 # (an outline shifted off a back by a share s of it keeps 1 - s of its cells there:
                 # at 0.8, it still shares 0.67 with the card; at 0.7, 6 backs were invented on the big set)
LOOKED = FAIR + 0.05  # the similarity a back read by its look is given: known, never seen whole ...
SQUARE_ENOUGH = 0.34  # ... and its outline's corners within 20 degrees of square (the cosine of 70 degrees)
LOOKED_OVERLAP = 0.3  # ... and the most of it another card named by its picture, not on top, may share
BACK_AGAIN = 0.45  # an unsure outline guessed as a back is looked at again from this similarity (a
                   # face's from FAIR): a back's fine pattern a few pixels off its outline matches
                   # little, and only a back is kept from that second look (big-set figures: docs)
SHADOWED = 0.04  # a rough outline of a card just laid (a change's rectangle) is also tried this much
                 # smaller, of the card's width: the change holds its shadow (a mono 1 of circles
                 # on wood, its rectangle 5-8 pixels out on the shadow's sides, was unsure)


@dataclass(frozen=True)
class Reading:
    card: str               # "3 star", "back" or "unsure"
    guess: str              # the best name even when unsure
    corners: np.ndarray     # (4, 2) float32: image pixels
    confidence: float
    similarity: float = 0.0
    candidates: tuple[tuple[str, float], ...] = ()  # the few likeliest names, best first,
                                                    # each with a 0..1 score (for the rules)
    under: tuple = ()       # the outlines of cards lying over it, left out of its naming
    by_look: bool = False   # a back read by its look (:class:`BackLook`), not by its picture

    def as_json(self, scene: str) -> dict:
        return {"scene": scene, "card": self.card,
                "corners": [[round(float(x), 1), round(float(y), 1)] for x, y in self.corners],
                "confidence": round(self.confidence, 3)}


class Straddled(NamedTuple):
    """An outline a back's look was refused at as straddling two backs."""
    outline: np.ndarray
    over: tuple             # the outlines of the cards known then to lie over it
    thumb: np.ndarray       # its first glance's thumbnail


def paper_colour(faces: dict[str, np.ndarray]) -> np.ndarray | None:
    """The deck's paper (BGR): the median of the taught faces' pixels away from their edges —
    most of a face is bare paper.  None for a deck of backs alone."""
    pixels = [face[20:-20, 10:-10].reshape(-1, 3) for name, face in faces.items() if name != "back"]
    return np.median(np.concatenate(pixels), axis=0) if pixels else None


def card_size(quad: np.ndarray) -> float:
    """A card's size in the frame: the square root of its outline's area.  Not a side: a
    tilted camera stretches the frame more one way than the other, so a card's sides change
    as it turns, but locally the stretch is the same for every direction and the area keeps."""
    return float(np.sqrt(quad_area(quad)))


def expected_size(quad: np.ndarray, others: list[np.ndarray]) -> float:
    """The size a card would have at ``quad``'s place, from the other cards' sizes: with four
    or more, a plane through their sizes over the frame (a tilted camera makes near cards
    larger than far ones), kept within the sizes seen; with fewer, their median."""
    sizes = np.float32([card_size(q) for q in others])
    if len(others) < 4:
        return float(np.median(sizes))
    centres = np.float32([q.mean(axis=0) for q in others])
    design = np.column_stack([centres, np.ones(len(others), np.float32)])
    plane, *_ = np.linalg.lstsq(design, sizes, rcond=None)
    guess = float(np.append(np.float32(quad).mean(axis=0), 1.0) @ plane)
    return float(np.clip(guess, sizes.min(), sizes.max()))


def size_on_planes(quad: np.ndarray, others: list[np.ndarray]) -> float:
    """A card's size against the others' on the table's plane: each other card's outline
    gives the plane (:func:`card_plane`: the view straight down in which it is ``FACE_W`` by
    ``FACE_H``), where every card on the table is that size whatever the camera's tilt; the
    median of the outline's size there over that size.  Each plane is a few per cent off, and
    more the farther it is carried: so the median of several."""
    outline = np.float32(quad).reshape(-1, 1, 2)
    areas = [quad_area(cv2.perspectiveTransform(outline, card_plane(other)).reshape(4, 2)) for other in others]
    return float(np.median(np.sqrt(np.float32(areas) / (FACE_W * FACE_H))))


def part_of_a_card(quad: np.ndarray, others: list[np.ndarray]) -> bool:
    """Whether an outline is smaller than the cards ``others`` outline, both in the frame (near
    them, or on the plane through their sizes) and on the table's plane they give
    (:func:`_sized_alike` tells why both, and what was measured): part of a card, not one."""
    return (card_size(quad) / expected_size(quad, others) < SIZE_LOW
            and size_on_planes(quad, others) < SIZE_LOW)


def held_to_known(readings: list[Reading], known: list[np.ndarray]) -> list[Reading]:
    """The readings of a frame, those smaller than the cards known to lie on the table
    (``known``: their outlines, in the frame's pixels) left out: parts of cards.  Why: the
    live loop reads only the part of a frame that changed, and there a card the part's edge
    cuts (or one named at none of its outlines) is not named, so nothing sure stands where
    its print is — and a box of its print, or the corner its printed frame makes, was asked
    about as a card nobody laid (``make bench live``: 6 such questions in 1,600 cards, their
    outlines' short sides 11 to 58 pixels, the cards' some 120).  Most came from sizing the
    part's cards as shares of the part (mended: :meth:`Reader.read`'s ``whole``); with that
    mend and without this rule, 1 of the 6 is still asked.  A back read by its look, without
    an exact outline, is not sized so."""
    if not known:
        return readings
    return [r for r in readings if r.by_look or not part_of_a_card(r.corners, known)]


def _sized_alike(readings: list[Reading]) -> list[Reading]:
    """The readings, those named surely but smaller than the other cards named surely in the
    frame made unsure: part of a card cut off by a sleeve's edge has a card's proportions too
    (half a card is 2.5 by 1.75 in: 0.71 of its size), and straightened it can look like
    another card of its suit — a half 2 of pips is a 1.  Smaller both in the frame (near the
    others, or on the plane through their sizes) and on the table's plane the others give: a
    tilted camera shows a card far off smaller than one near, and with few cards in the frame
    the plane through their sizes is not known (measured on the big set: 5 whole cards
    named at 0.95 and more were refused so, at 0.76 to 0.80 of the size in the frame, 0.87 and
    more on the table's plane; the parts of cards, 0.76 and less there).  A card larger than the
    others is no part of one (they may be parts: 12 whole cards were refused so), but a back
    read by its look, without an exact outline, is held to both sides of the others' size."""
    sure = [r for r in readings if r.card != UNSURE and not r.by_look]  # (a back read by its
    out = []                                                 # look has no exact outline to size by)
    for reading in readings:
        others = [r.corners for r in sure if r is not reading]
        if reading.card != UNSURE and others:
            if reading.by_look:
                odd = not _sized_as(reading.corners, others)
            else:
                odd = part_of_a_card(reading.corners, others)
            if odd:
                reading = _unsure(reading)
        out.append(reading)
    return out


def _sized_as(quad: np.ndarray, others: list[np.ndarray]) -> bool:
    """Whether an outline is within ``SIZE_LOW`` either way of the size the cards ``others``
    outline give it where it lies: the test of a back read by its look, which has no exact
    outline to be held to the table's plane by."""
    return SIZE_LOW <= card_size(quad) / expected_size(quad, others) <= 1 / SIZE_LOW


def _sizes_shown(readings: list[Reading], may_be: list[float]) -> list[float]:
    """The short sides of the readings this like a taught face (named or not) that a card
    may have in the frame (``may_be``: the sizes tried when none is known): a checked cloth's
    square, half a card wide, can look like a plain face in grey."""
    sized = [sides(r.corners)[0] for r in readings if r.similarity > SIZED]
    return [side for side in sized if SIZE_LOW * may_be[0] <= side <= may_be[-1] / SIZE_LOW]


def _one_of_each(readings: list[Reading]) -> list[Reading]:
    """The readings, a name given surely to two of them made unsure on all but the likeliest:
    a deck holds each face once, so one of them is another card — most often the card
    under it, read through the one on top."""
    out, named = [], set()
    for reading in _best_first(readings):
        if reading.card not in (UNSURE, BACK):
            if reading.card in named:
                reading = _unsure(reading)
            named.add(reading.guess)
        out.append(reading)
    return out


def _unsure(reading: Reading) -> Reading:
    """The reading reported unsure, its guess and candidates kept (the screen asks about it)."""
    return replace(reading, card=UNSURE, confidence=min(reading.confidence, SAFE - 0.01))


def _chroma(pixels: np.ndarray) -> np.ndarray:
    """The shares of B, G and R in the pixels' mean colour."""
    mean = np.float32(pixels).reshape(-1, 3).mean(axis=0) + 1.0
    return mean / mean.sum()


def _close(a: np.ndarray, b: np.ndarray) -> bool:
    """Two quads of about the same size (one inside the other is not a repeat)."""
    ra, rb = quad_area(a), quad_area(b)
    return min(ra, rb) > 0.85 * max(ra, rb)


def completed_under(quad: np.ndarray, covers) -> np.ndarray | None:
    """The whole card an outline is of, where a corner or a side of it lies under a card on
    top (``covers``): the finder ends such an outline where the top card's edge cuts it,
    a few pixels to a card's length off, and what tells a 3 from a 5 is smaller than that.
    One corner hidden: the parallelogram of the other three; two corners of one side hidden:
    that side moved out to a card's proportions from the side opposite.  None when no corner
    is hidden, or more than one side is."""
    quad = order_corners(np.float32(quad))
    hidden = [any(cv2.pointPolygonTest(np.float32(c).reshape(-1, 1, 2), (float(x), float(y)), True) > -HIDDEN_REACH
                  for c in covers) for x, y in quad]
    out = quad.copy()
    if sum(hidden) == 1:
        i = hidden.index(True)
        out[i] = quad[(i + 1) % 4] + quad[(i + 3) % 4] - quad[(i + 2) % 4]
        return out
    if sum(hidden) == 2:
        i = next((i for i in range(4) if hidden[i] and hidden[(i + 1) % 4]), None)
        if i is None:
            return None  # two opposite corners: no side seen whole
        j = (i + 1) % 4                      # the hidden side runs i -> j
        a, b = quad[(i + 3) % 4], quad[(j + 1) % 4]  # the side opposite: a beside i, b beside j
        seen = float(np.linalg.norm(b - a))
        along = seen * (ASPECT if i % 2 == 1 else 1 / ASPECT)  # i odd: the hidden side is a short one
        for k, base in ((i, a), (j, b)):
            direction = quad[k] - base
            out[k] = base + direction / max(1e-3, float(np.linalg.norm(direction))) * along
        return out
    return None


def _card_shaped(quad: np.ndarray) -> bool:
    """Whether a quad has a card's proportions and near-right corners (loosely: a tilted camera
    stretches it): a back read by its look has no picture to tell a card's outline by."""
    quad = order_corners(np.float32(quad))
    if not card_like(quad):
        return False
    for i in range(4):
        a, b = quad[(i + 1) % 4] - quad[i], quad[(i + 3) % 4] - quad[i]
        cosine = abs(float(np.dot(a, b))) / max(1e-3, float(np.linalg.norm(a) * np.linalg.norm(b)))
        if cosine > SQUARE_ENOUGH:
            return False
    return True


def _looked_astray(reading: Reading, readings: list[Reading], edges: EdgeField | None = None) -> bool:
    """Whether a back read by its look overlaps a card named by its picture that does not lie
    on top of it (a face seen whole does, and so does one whose edge the frame's ``edges``
    show crossing it, :func:`~companion.vision.stacking.lies_on_top`): its outline then takes
    in part of that card (two backs side by side look like one back cell by cell; the one
    named by its picture has the exact outline).  (Big 0240: a back under another back, its
    look named surely, was dropped for the back over it.)"""
    if not reading.by_look:
        return False
    return any(other is not reading and other.card != UNSURE and not other.by_look
               and not (other.card != BACK and other.similarity > ON_TOP)  # a face seen whole lies on top
               and not any(other.corners is c for c in reading.under)
               and overlap(reading.corners, other.corners) > LOOKED_OVERLAP
               and not (edges is not None and lies_on_top(edges, other.corners, reading.corners))
               for other in readings)


def _sure(readings: list[Reading]) -> list[Reading]:
    """The readings named surely that look like a card at all: the cards already known, whose
    places no later guess is named in again."""
    return [r for r in readings if r.card != UNSURE and r.similarity > FAIR and not r.by_look]


def _on_top(readings: list[Reading]) -> list[np.ndarray]:
    """The outlines of the cards seen whole: they lie on top of any card they overlap."""
    return [r.corners for r in readings if r.card != UNSURE and r.similarity > ON_TOP]


def _over_the_ink(readings: list[Reading]) -> list[np.ndarray]:
    """The outlines left out of the ink of a face they overlap: the cards seen whole, and every
    back named — seen whole or not, a back's print is no part of a face's ink whichever lies on
    top (a red back over a purple star turned its ink red: big 1505)."""
    return _on_top(readings) + [r.corners for r in readings if r.card == BACK]


def _part_of(part: Reading, reading: Reading, sure: list[Reading]) -> bool:
    """Whether a sure reading lies within another's outline (``SAME`` of it) at under ``PART``
    of its area: a part of that card named as another (the end of a 4 of stars in glare, its
    two stars a sure 2 of squares), not a card over it — left out of its naming, it hid the
    card's print that shows (big 0923).  Not where it is as large as the other cards named
    surely (``sure``), where there are any: a card's size is no part of a card (big 1068's
    1 of circles, seen whole, was taken for the top of an outline over one and a half times
    as long, across the card under it; named past that card alone, the outline read a 2 of
    circles)."""
    others = [s.corners for s in sure if s is not part and s is not reading]
    return (overlap(part.corners, reading.corners) >= SAME
            and quad_area(part.corners) < PART * quad_area(reading.corners)
            and (not others or part_of_a_card(part.corners, others)))


def _sure_over(reading: Reading, sure: list[Reading], edges: EdgeField | None = None) -> list[np.ndarray]:
    """The outlines of the cards named surely (``sure``) that lie over a reading: those
    overlapping it (:func:`_lying_over`), but not the reading itself nor a part of it
    (:func:`_part_of`) — what a card's naming again past the cards over it leaves out."""
    return _lying_over(reading.corners, [s.corners for s in sure if s is not reading and not _part_of(s, reading, sure)],
                       edges)


def _lying_over(quad: np.ndarray, on_top: list[np.ndarray], edges: EdgeField | None = None) -> list[np.ndarray]:
    """The outlines of cards seen whole that lie over ``quad``: those covering some of it,
    but not another outline of the same card (sharing more than ``CONFLICT`` with it: a
    card a little off its own better outline is not under itself), nor a card that ``quad``'s
    edge shows it lies on top of (:func:`~companion.vision.stacking.lies_on_top`, where the
    frame's ``edges`` are given): seen whole by its likeness, a card may still lie under
    another by a corner (big 0758: a 4 of squares over a 4 of circles and a back, each a tenth
    under it, both left out of its naming, two thirds of it, was missed)."""
    return [c for c in on_top if overlap(quad, c) > COVER_LEAST and iou(quad, c) <= CONFLICT
            and not (edges is not None and lies_on_top(edges, quad, c))]


def _not_read(quads: list[np.ndarray], readings: list[Reading]) -> list[np.ndarray]:
    """The quads sharing less than ``READ_HERE`` with every reading: where nothing was read
    (only readings whose outline may reach a quad's are compared: a frame's guesses and
    readings run to hundreds each)."""
    if not quads or not readings:
        return list(quads)
    outlines = np.stack([r.corners for r in readings]).astype(np.float32)
    every = np.stack(quads).astype(np.float32)
    # (half their diagonals: two quads whose centres lie farther apart than both share nothing)
    reach = np.linalg.norm(outlines[:, 2] - outlines[:, 0], axis=1) / 2
    quad_reach = np.linalg.norm(every[:, 2] - every[:, 0], axis=1) / 2
    apart = np.linalg.norm(every.mean(axis=1)[:, None] - outlines.mean(axis=1)[None], axis=2)  # (quads, readings)
    near = apart < quad_reach[:, None] + reach[None]
    return [quad for quad, close in zip(quads, near)
            if all(iou(quad, readings[i].corners) < READ_HERE for i in np.flatnonzero(close))]


def table_plane(readings: list[Reading]) -> np.ndarray | None:
    """The table's plane, from the card seen best: the perspective map from the frame to a
    view straight down on the table, at a scale where a card is ``FACE_W`` by ``FACE_H``.
    Every card lies on the table, so in that view every card is that size and right-angled,
    whatever the camera's tilt.  None without a card seen whole."""
    whole = [r for r in readings if r.card != UNSURE and r.similarity > ON_TOP]
    if not whole:
        return None
    return card_plane(max(whole, key=lambda r: r.similarity).corners)


def card_plane(corners: np.ndarray) -> np.ndarray:
    """The perspective map from the frame to the table's plane that a card's outline gives: the
    view straight down in which that card is ``FACE_W`` by ``FACE_H``."""
    square = np.float32([[0, 0], [FACE_W, 0], [FACE_W, FACE_H], [0, FACE_H]])
    return cv2.getPerspectiveTransform(order_corners(np.float32(corners)), square)


def short_side_on(plane: np.ndarray | None) -> ShortSideHere:
    """The short side a card has in the frame where a point lies, on the table's plane (a
    card ``FACE_W`` by ``FACE_H`` there, centred on the point, mapped back): a tilted camera
    makes near cards larger than far ones.  None without a plane."""
    if plane is None:
        return None
    back = np.linalg.inv(plane)
    half = np.float32([[-FACE_W, -FACE_H], [FACE_W, -FACE_H], [FACE_W, FACE_H], [-FACE_W, FACE_H]]) / 2

    def here(point: np.ndarray) -> float:
        centre = cv2.perspectiveTransform(np.float32(point).reshape(1, 1, 2), plane).reshape(2)
        card = cv2.perspectiveTransform((centre + half).reshape(-1, 1, 2), back).reshape(4, 2)
        return float(np.sqrt(quad_area(card) / ASPECT))
    return here


def sized_on_table(quad: np.ndarray, plane: np.ndarray) -> list[np.ndarray]:
    """The whole cards an outline may be part of, on the table's plane: from each of its
    corners in turn, a card's proportions along its two sides there, at the outline's
    longer measure.  An outline a little narrow (a card's edge on a card of the same paper,
    a shadow taken for the edge) has two or three corners right: a card measured from one
    of them is the card."""
    on_table = cv2.perspectiveTransform(order_corners(np.float32(quad)).reshape(-1, 1, 2), plane).reshape(4, 2)
    back = np.linalg.inv(plane)
    short, long = sides(on_table)
    long = max(long, short * ASPECT)  # the outline's longer measure, as the plane shows it (its
    short = long / ASPECT             # scale there drifts a few % from the card it was found by)
    out = []
    for i in range(4):
        corner = on_table[i]
        along, across = on_table[(i + 1) % 4] - corner, on_table[(i + 3) % 4] - corner
        first, second = (short, long) if i % 2 == 0 else (long, short)  # 0-1 is a short side
        along = along / max(1e-3, float(np.linalg.norm(along))) * first
        across = across / max(1e-3, float(np.linalg.norm(across))) * second
        card = np.float32([corner, corner + along, corner + along + across, corner + across])
        out.append(order_corners(cv2.perspectiveTransform(card.reshape(-1, 1, 2), back).reshape(4, 2)))
    return out


def _best_first(found: list[Reading]) -> list[Reading]:
    """The readings, the best-named first: the likest face, then the surest name; a back read
    by its look last (where a picture named a place, that outline is the card's)."""
    return sorted(found, key=lambda r: (r.by_look, -(r.similarity + 0.5 * r.confidence)))


def _one_per_place(found: list[Reading]) -> list[Reading]:
    """Of readings that overlap much (guesses at one card), the best-named, in ``found``'s
    order (best first).  A card named surely, and named otherwise through another outline of
    it that fits it about as well (surely) or better (unsurely), is unsure: one of the two is
    wrong and which is not known (an outline of half of it, as a 2 of pips' half is a 1, is
    not another outline of it; one that fits worse is an outline a little off) — but for an
    unsure one that itself all but names the card (:func:`_names_too`) or scores it likeliest
    (:func:`_likeliest_there`).  A place whose picture only guessed a back is named by a sure
    look there (:func:`_look_names_the_back_guessed`)."""
    kept: list[Reading] = []
    for reading in found:
        same = [i for i, other in enumerate(kept) if overlap(reading.corners, other.corners) >= SAME
                and not _part_before_the_whole(other, reading) and not _one_under_the_other(reading, other)]
        if not same:
            kept.append(reading)
            continue
        best = kept[same[0]]
        if _look_names_the_back_guessed(reading, best):
            kept[same[0]] = replace(reading, corners=best.corners, under=best.under)  # (the picture's outline)
            continue
        if _at_odds(best, reading) and not _names_too(reading, best.card) \
                and not _another_suit_guessed(reading, best.card) and not _likeliest_there(reading, best.card):
            kept[same[0]] = _unsure(best)
    return kept


def _at_odds(best: Reading, reading: Reading) -> bool:
    """Whether ``reading``, another outline of the card ``best`` names surely (sharing
    ``CONFLICT`` with it), names it otherwise and fits it about as well (surely, within
    ``CONFLICT_NEAR``) or better (unsurely): one of the two names is wrong (:func:`_one_per_place`)."""
    near = CONFLICT_NEAR if reading.card != UNSURE else 0.0
    return (best.card not in (UNSURE, reading.guess) and iou(reading.corners, best.corners) > CONFLICT
            and reading.similarity >= best.similarity - near)


def _one_under_the_other(a: Reading, b: Reading) -> bool:
    """Whether one of two readings was named with the other's card left out as lying on top of
    it: two cards, one under the other, not two guesses at one card — so both stand (big 0276:
    a 4 of circles half under a 1 of circles, named surely past it at an outline sharing 0.6 of
    the 1's, put the 1 out)."""
    return (any(np.array_equal(u, b.corners) for u in a.under)
            or any(np.array_equal(u, a.corners) for u in b.under))


def _part_before_the_whole(kept: Reading, reading: Reading) -> bool:
    """Whether a place's likelier sure reading ``kept`` is a part of a card and the next one,
    named surely otherwise at well over its size, the card (half a 2 of squares is a sure 1 a
    little likelier than the 2): not two outlines of one card, so both stand, for the size and
    half-of-a-card rules to tell — kept as one, the part put the card out (big 0312, 0816).  A
    smaller outline after the likelier one is not let in: a part of a 2 of stars named surely a
    4 stood beside it (big 1625)."""
    if UNSURE in (kept.card, reading.card) or kept.card == reading.card:
        return False
    return quad_area(kept.corners) < PART * quad_area(reading.corners)


def _look_names_the_back_guessed(reading: Reading, best: Reading) -> bool:
    """Whether a back read surely by its look stands where the picture guessed a back but could
    not name it: both say back, and the look is sure (a back whole in plain view, its fine
    pattern a few pixels off its outline, was unsure or, matched too faintly to ask about, missed
    — though its look named it surely at the same place: big 0683, 1967).  It is named at the
    picture's outline, which is nearer the card's than a look's."""
    return reading.by_look and reading.card == BACK and best.card == UNSURE and best.guess == BACK


def _another_suit_guessed(reading: Reading, card: str) -> bool:
    """Whether an unsure reading guesses a face of another suit than the face ``card``: no
    doubt on it.  Ranks of one suit differ in a numeral or a pip, which an outline a few pixels
    off tells otherwise (a 3 passes for a 5); suits differ in every symbol on the face, so an
    outline that reads another suit unsurely reads the print misplaced, not another card."""
    return reading.card == UNSURE and BACK not in (reading.guess, card) \
        and suit_of(reading.guess) != suit_of(card)


def _likeliest_there(reading: Reading, card: str) -> bool:
    """Whether an unsure reading scores ``card`` above nothing and as high as every other name
    (to within ``LIKELIEST_TIE``), its own guess among them: the outline leans to the card, or
    tells it from no other rank, unsurely, and does not doubt it (measured on the big set: 5
    sure names made unsure by such rivals, all right — a rival's guess that lost where the faces
    differ, 0.0, the card next at 0.22 to 0.31, in two of them beside three other ranks within
    0.002).  One that scores another name higher doubts it: a 2 and a 3 of squares read as a
    1, their numerals half hidden, had rivals scoring the 2 at 0.85 and a 5 at 0.76, the 1 at
    0.35 and 0.06 (big 1182, 1897)."""
    if reading.card != UNSURE:
        return False
    scores = dict(reading.candidates)
    return scores.get(card, 0.0) > 0.0 and scores[card] >= max(scores.values()) - LIKELIEST_TIE


def _names_too(reading: Reading, card: str) -> bool:
    """Whether an unsure reading gives ``card`` a safe score among its own candidates: the
    card won most of the reading's pairwise decisions and lost none plainly, so the reading
    is undecided between its guess and the card, not against it (measured on the check and
    big sets: 7 sure names made unsure by such outlines, all right; where the outline's
    candidates put the card first but below the safe score, 1 of 6 was wrong: big 0638)."""
    return reading.card == UNSURE and dict(reading.candidates).get(card, 0.0) >= SAFE


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
        self.inks = self.namer.inks  # (the taught faces' coloured inks: no hand lies over them)
        # a back's blended tone (its pattern inside the rim), to find backs by on a busy cloth
        self.back_tone = faces[BACK][12:-12, 8:-8].reshape(-1, 3).mean(axis=0) if BACK in faces else None
        self.back_look = BackLook(faces[BACK]) if BACK in faces else None
        # the edges of the frame being read (:meth:`read`), to tell which of two overlapping cards
        # lies on top by; None between reads (the live loop's looks at known outlines go without)
        self._edges: EdgeField | None = None
        # the outlines a back's look was refused at as straddling two backs, while a frame is read
        # (:meth:`_backs_past_the_backs_over`: the other back may yet be found lying on top)
        self._straddled: list[Straddled] | None = None

    def _deck_coloured(self, small: np.ndarray, reading: Reading, hand: np.ndarray | None) -> bool:
        """Whether a face (``small``: straightened to ``INK_SIZE``; ``hand``: where a hand lies
        over it, :meth:`_hand_over`) shows the deck's own paper (the lighter half of it).  A
        square of a checked cloth, a phone's face or a sticky note can match a plain printing's
        shapes in grey, never in colour (a camera's colour cast moves the shares of B, G and R
        by a few hundredths; a pink cloth against grey paper by ten).  A hand over it is no part
        of it — unless it covers most of it: in a dim room a hand's skin is lighter than grey
        paper, and was the face's lighter half."""
        if reading.guess == BACK or self.paper_chroma is None:
            return True  # a back's print under glare or dim light drifts too far to tell by
        bare = ~hand
        pixels = (small[bare] if bare.mean() >= 1.0 - MOST_HIDDEN else small).reshape(-1, 3)
        light = pixels.sum(axis=1)
        got = _chroma(pixels[light >= np.median(light)])
        return float(np.abs(got - self.paper_chroma).max()) <= COLOUR_DRIFT

    def _face_ink(self, small: np.ndarray, hand: np.ndarray, ignore: np.ndarray | None = None) -> np.ndarray | None:
        """A face's coloured ink (``small``: straightened to ``INK_SIZE``; ``hand``: where a hand
        lies over it; ``ignore``: what else lies over it): a hand is no part of the face (its
        skin made a card beside a hand fail its own ink), nor is anything grey — a printed frame
        line, a hand's shadow, a glare's washed ink, which made faces named right fail their own
        ink (on the big set, 14, all right; measured on its plainly coloured pixels, as the
        namer tells suits, 7 of them pass)."""
        return ink_colour(small, hand if ignore is None else ignore | hand)

    def _hand_over(self, small: np.ndarray) -> np.ndarray:
        """Where a hand lies over a face straightened to ``INK_SIZE`` (bool, that size): found
        at the namer's size, where its skin was measured, and shrunk as the namer shrinks it
        for the ink (:func:`at_ink_size`)."""
        face = cv2.resize(small, (FACE_W, FACE_H), interpolation=cv2.INTER_LINEAR)
        return at_ink_size(self.namer.hand_pixels(face))

    def _ink_agrees(self, small: np.ndarray, reading: Reading, hand: np.ndarray | None, cards_over=()) -> bool:
        """Whether a face named surely (``small``: straightened to ``INK_SIZE``; ``hand``: where
        a hand lies over it) shows its name's ink colour: the grey comparison is blind to it,
        and a purple star half under another card can pass for a blue cross.  Measured against
        the face's own paper, so the camera's colour cast cancels out, and on what shows of it:
        the cards lying over it (``cards_over``: those seen whole, and every back named) are left
        out whichever pass named it (a red cross named in the first pass, a green back over a
        third of it, measured green).  A face with too little coloured ink to tell (a deck
        printed in black), or a back, agrees; so does one whose ink is far from every ink the
        deck has — it says no other suit."""
        if reading.card in (UNSURE, BACK) or reading.card not in self.inks:
            return True
        over = list(reading.under) + _lying_over(reading.corners, cards_over, self._edges)  # (one in both is left out once)
        seen = self._face_ink(small, hand, covered_on_face(reading.corners, over, size=INK_SIZE) if over else None)
        if seen is None or self.inks[reading.card] is None:
            return True
        suit = suit_of(reading.card)
        drift = self.namer.suit_ink_near(seen, suit)  # (its suit's ink, as the namer judges it)
        if drift <= INK_DRIFT:
            return True
        # far from its name's ink: it disagrees where it is plainly another suit's ink, not where it
        # is far from every ink the deck has (glare's washed ink, a shadow's dim one)
        others = [self.namer.suit_ink_near(seen, other) for other in self.namer.suit_inks if other != suit]
        return not others or min(others) > drift - INK_PLAINER

    def _rivals_inked(self, frame: np.ndarray, found: list[Reading]) -> list[Reading]:
        """The readings, each sure name that a sure outline of another suit contradicts at its
        place judged by its ink before the two meet (:func:`_one_per_place`): unsure where the
        ink is not its name's (:meth:`_ink_agrees`), so that it leaves the other name alone
        as an unsure guess of another suit does.  A numeral printing's 2 of squiggles, named
        surely at one outline and a sure 2 of stars at another a few pixels off, was left
        unsure, though the star's outline showed the squiggle's ink (big 0747).  Only such
        places, which are few, are judged here; every kept reading is judged in
        :meth:`_checked`."""
        sure = [r for r in found if r.card not in (UNSURE, BACK)]
        rivals = {id(r) for r in sure for o in sure if suit_of(o.card) != suit_of(r.card)
                  and iou(r.corners, o.corners) > CONFLICT}
        if not rivals:
            return found
        return self._unsure_where_inked_otherwise(frame, found, rivals, _over_the_ink(found))

    def _ink_trusted(self, frame: np.ndarray, readings: list[Reading], seen: list[Reading] = ()) -> list[Reading]:
        """A pass's readings, each sure name whose ink is not its name's colour made unsure
        before the next passes trust it: they skip the outlines of a card named surely, and
        leave a card seen whole out of the cards under it.  An outline across half a 4 of
        stars, its two right-hand stars one over the other, was named a 2 of squares surely
        (0.9), and the 4's own outlines were then passed over as that card's; only the last
        check (:meth:`_checked`) found the purple ink and made it unsure, and the 4 was missed
        (big 1315).  Judged as that check judges, past the cards on top (of ``seen``, the
        passes before, and of these)."""
        sure = {id(r) for r in readings if r.card not in (UNSURE, BACK)}
        if not sure:
            return readings
        return self._unsure_where_inked_otherwise(frame, readings, sure, _over_the_ink(list(seen) + readings))

    def _unsure_where_inked_otherwise(self, frame: np.ndarray, readings: list[Reading], judged: set[int],
                                      cards_over: list[np.ndarray]) -> list[Reading]:
        """The readings, each of those ``judged`` (their ids) made unsure where its ink is not
        its name's colour (:meth:`_ink_agrees`, past ``cards_over``)."""
        out = []
        for r in readings:
            if id(r) in judged:
                small, hand = self._in_colour(frame, r)
                if not self._ink_agrees(small, r, hand, cards_over):
                    r = _unsure(r)
            out.append(r)
        return out

    def _rivals_fitted(self, frame: np.ndarray, found: list[Reading]) -> list[Reading]:
        """The sure readings that another sure name at their place would leave unsure
        (:func:`_at_odds`, whichever of the two comes first), each fitted onto its own name and
        named there afresh: two outlines a few pixels off name one card as two, and fitted, the
        card's own name fits it plainly better (big 1880: a 3 of crosses at 0.95 and a 4 at 0.91,
        the 3 at 0.998 at its true outline)."""
        sure = [r for r in found if r.card not in (UNSURE, BACK)]
        rivals = [r for r in sure if any(_at_odds(o, r) and _at_odds(r, o) for o in sure)]  # (either first)
        if not rivals:
            return []
        return self._measured_named(frame, self._fitted(frame, rivals), [], _on_top(found), backs=False)

    def _in_colour(self, frame: np.ndarray, reading: Reading) -> tuple[np.ndarray, np.ndarray | None]:
        """A reading's face straightened to ``INK_SIZE`` for the colour rules, and where a hand
        lies over it (:meth:`_hand_over`; None for a back's, which no colour rule judges)."""
        small = straighten(frame, reading.corners, size=INK_SIZE)
        return small, None if reading.guess == BACK else self._hand_over(small)

    def _checked(self, frame: np.ndarray, readings: list[Reading]) -> list[Reading]:
        """The rules that refuse what cannot be right, in turn: a face not on the deck's paper
        is dropped; a sure name is made unsure where the card is not the others' size, where
        another reading has the name more likely, and where its ink is not its name's colour.
        (Each face is straightened small, and the hand over it found, once for both colour rules;
        a back's, which neither judges, has no hand found.)"""
        small, hand = {}, {}
        for r in readings:
            small[id(r)], hand[id(r)] = self._in_colour(frame, r)
        kept = _one_of_each(_sized_alike([r for r in readings
                                          if self._deck_coloured(small[id(r)], r, hand[id(r)])]))
        # (a reading the rules made unsure is a new one: it needs no ink to stay unsure)
        cards_over = _over_the_ink(kept)
        return [r if r.card == UNSURE or self._ink_agrees(small[id(r)], r, hand[id(r)], cards_over) else _unsure(r)
                for r in kept]

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

    def _may_be_back(self, outline: np.ndarray, thumb: np.ndarray) -> bool:
        """Whether a back's look is worth measuring at ``outline`` at all (its first glance's
        ``thumb`` of a back's colours, a card's shape): a cheap test before the cards lying
        over it are sought (:func:`_lying_over`, a millisecond an outline where cards lie on
        top, and most outlines fail the first glance)."""
        return self.back_look is not None and self.back_look.may_be(thumb) and _card_shaped(outline)

    def _back_by_look(self, frame: np.ndarray, outline: np.ndarray, over, thumb: np.ndarray,
                      face: np.ndarray | None = None) -> Reading | None:
        """A back read by its look (:class:`BackLook`) at an outline its picture did not name
        (``thumb``: its first glance's thumbnail; ``face``: straightened, if it was): a back's
        pattern matches only at its exact outline, and one a few pixels off is still a back."""
        if not self._may_be_back(outline, thumb):
            return None
        if face is None:
            face = straighten(frame, outline)
        share = self._look_share(face, outline, over)
        if share < BACK_LOOK:
            return None
        ordered = order_corners(np.float32(outline))
        on_rims = self.back_look.on_its_rims(frame, ordered, over)
        if on_rims is None:  # it straddles two backs, or a back and a cloth of its colour
            if self._straddled is not None:
                self._straddled.append(Straddled(outline, tuple(over), thumb))
            return None
        if on_rims is not ordered:  # moved onto the rims past which another back lies: looked at there
            outline = on_rims
            share = self._look_share(straighten(frame, outline), outline, over)
            if share < BACK_LOOK or not _card_shaped(outline) or self.back_look.beside(frame, outline, over):
                return None
        confidence = SAFE + (1.0 - SAFE) * (share - BACK_LOOK) / (1.0 - BACK_LOOK)
        return Reading(BACK, BACK, outline, confidence, LOOKED, ((BACK, confidence),), tuple(over), by_look=True)

    def _backs_past_the_backs_over(self, frame: np.ndarray, found: list[Reading], edges: EdgeField) -> list[Reading]:
        """The backs read by their look at the outlines refused as straddling two backs, with the
        cards named surely that the edges show lie on top of each (:func:`lies_on_top`) taken as
        covering it.  Why: a back partly under another back of its pattern shows the other's
        look past its side, and was refused as an outline across the two; the back on top is
        often named only later, or below the likeness that makes a card count as on top (a hand
        over it), so it was not yet known to cover the side (big 0244)."""
        sure = [r for r in found if r.card != UNSURE]
        sized = [r.corners for r in sure if not r.by_look]
        out: list[Reading] = []
        for refused in tuple(self._straddled or ()):  # (read again, a refusal is recorded anew)
            if any(iou(refused.outline, r.corners) > KNOWN for r in sure):
                continue  # its place is named already
            if sized and not _sized_as(refused.outline, sized):
                continue  # a part of the back (its look goes on past every side but the one covered)
            on_it = [r.corners for r in sure if overlap(refused.outline, r.corners) > COVER_LEAST
                     and iou(refused.outline, r.corners) <= CONFLICT
                     and not any(r.corners is c for c in refused.over)
                     and lies_on_top(edges, r.corners, refused.outline)]
            if on_it:
                reading = self._back_by_look(frame, refused.outline, list(refused.over) + on_it, refused.thumb)
                out += [reading] if reading is not None else []
        return out

    def _look_share(self, face: np.ndarray, outline: np.ndarray, over) -> float:
        """The share of a face straightened at ``outline`` that looks like the back, the cards
        ``over`` it left out."""
        return self.back_look.share(face, covered_on_face(outline, over) if over else None)

    @classmethod
    def from_folder(cls, folder: str | Path) -> "Reader":
        return cls(load_deck(folder))

    def _named(self, frame: np.ndarray, quads, known=(), grow: bool = True,
               edges: EdgeField | None = None, covers=(), close: bool = False) -> list[Reading]:
        """The quads named; a quad much like one already tried (or like a card in ``known``)
        is skipped: the finder's guesses repeat, and naming is the costly part.  ``grow``:
        try each quad also as the deck's printed inner frame.  ``covers``: the outlines of
        cards lying on top (seen whole), whose part of a face is left out of its naming.
        ``close``: the quads are a few outlines measured out with care, each looked at even
        where it differs from another by a few pixels, beside an unsure naming as good as a
        sure one, and however many looks its place had (a few pixels tell a 3 from a 5)."""
        repeat = CLOSE_REPEAT if close else REPEAT
        if edges is not None:
            quads = edges.snap(quads)
        quads = list(quads)
        out: list[Reading] = []
        done: list[np.ndarray] = []
        # the centre of each quad in ``done``, filled as they come (an array made afresh from a
        # list at every quad cost seconds a frame on a busy cloth: thousands of guesses)
        centres = np.empty((0, 2))
        looked: list[np.ndarray] = []  # the centre of each reading in ``out``
        for quad in quads:
            if any(overlap(quad, r.corners) > 0.8 or iou(quad, r.corners) > KNOWN for r in known):
                continue  # a card already named surely (a card half visible beside it shares
                          # at most a third with it)
            centre = quad.mean(axis=0)
            near = 0.2 * float(np.linalg.norm(quad[1] - quad[0]))  # of its short side
            if done and any(iou(quad, done[i]) > repeat for i in
                            np.flatnonzero(np.abs(centres[:len(done)] - centre).max(axis=1) < near)):
                continue  # the same guess again
            if not done:
                centres = np.empty((len(quads), 2), centre.dtype)
            centres[len(done)] = centre
            done.append(quad)
            tries = [quad]
            if grow:  # the outline may be an inner one: a face's printed frame, a back's rim
                tries += [grown(quad, inset) for inset in self.insets]
            as_found = 0.0
            looks_back, named_surely = None, False
            for outline in tries:
                middle = outline.mean(axis=0)
                reach = 0.3 * float(np.linalg.norm(outline[1] - outline[0]))
                nearby = [r for r, c in zip(out, looked) if abs(c[0] - middle[0]) < reach
                          and abs(c[1] - middle[1]) < reach]  # (outlines much alike share a centre)
                if any(r.similarity >= WELL and (r.card != UNSURE or not close) and iou(outline, r.corners) > AGAIN
                       for r in nearby):
                    continue  # a card already seen well through a near-same outline
                if not close and sum(iou(outline, r.corners) > ALIKE for r in nearby) >= LOOKS:
                    continue  # looked at closely enough already, through outlines much like it
                thumb = cv2.resize(straighten(frame, outline, size=GLANCE_SIZE), THUMB,
                                   interpolation=cv2.INTER_AREA)  # (warped small, it aliases)
                if self.namer.glance(thumb) < FIRST_GLANCE:
                    if looks_back is None and self._may_be_back(outline, thumb):
                        looks_back = self._back_by_look(frame, outline, _lying_over(outline, covers, self._edges),
                                                        thumb)
                    continue  # not worth straightening whole: the table, a hand, a phone
                over = _lying_over(outline, covers, self._edges)  # (after the glance: most fail it)
                face = straighten(frame, outline)
                naming = self.namer.name(face, covered_on_face(outline, over) if over else None)
                if outline is quad:
                    as_found = naming.similarity
                elif naming.similarity <= as_found:
                    continue  # grown, it explains the picture no better: the outline was the card's
                conf = naming.confidence
                if conf < SAFE and looks_back is None:
                    looks_back = self._back_by_look(frame, outline, over, thumb, face)
                if naming.similarity < NOT_A_CARD:
                    continue
                out.append(Reading(naming.card if conf >= SAFE else UNSURE, naming.card, outline,
                                   conf, naming.similarity, naming.candidates, tuple(over)))
                looked.append(middle)
                if conf >= SAFE:
                    named_surely = True
                    break  # named surely as found: no need to try it larger
            if looks_back is not None and not named_surely:
                out.append(looks_back)
                looked.append(looks_back.corners.mean(axis=0))
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
            # each a little smaller first: a change's rectangle holds the card's shadow too, and
            # a side snapped from it onto the paper's edge and another onto a printed frame
            # make an outline that is neither (named unsure, it would hide the better one)
            quads = [grown(q, -SHADOWED) for q in quads] + quads
            h, w = frame.shape[:2]
            pad = 0.25 * min(sides(q)[0] for q in quads)
            every = np.concatenate(quads)
            x0, y0 = (max(0, int(v - pad)) for v in every.min(axis=0))
            x1, y1 = min(w, int(every[:, 0].max() + pad) + 1), min(h, int(every[:, 1].max() + pad) + 1)
            shift = np.float32([x0, y0])
            edges = EdgeField(np.ascontiguousarray(frame[y0:y1, x0:x1]))
            quads = [q + shift for q in edges.snap([q - shift for q in quads])]
            # grown too, as a frame's outlines are, and the best naming of each place kept: the
            # strongest edge near a card's may be its printed frame (a mono card laid on wood,
            # snapped onto its frame line, was unsure, and the change was searched)
            return self._checked(frame, _one_per_place(_best_first(self._named(frame, quads))))
        return self._named(frame, quads, grow=False)

    def _fitted(self, frame: np.ndarray, readings: list[Reading]) -> list[np.ndarray]:
        """The outlines of the cards ``readings`` guess at, fitted onto what shows of them
        (:meth:`Namer.fitted`): an outline measured from the corners of a card partly hidden
        is a few per cent off, and a few pixels tell a 3 from a 5.  A fit that moved the outline
        is fitted once more from where it led: from far off, one fit ends nearer, not on the
        card (a 5 of circles beside a hand was read surely as a 4 there: check 308)."""
        out = []
        for reading in readings:
            quad = reading.corners
            for _ in range(FIT_ROUNDS):
                covered = covered_on_face(quad, reading.under) if reading.under else None
                warp = self.namer.fitted(straighten(frame, quad), reading.guess, covered)
                if warp is None:
                    break
                moved = moved_on_face(quad, warp)
                out.append(moved)
                if np.abs(moved - order_corners(quad)).max() < FIT_AGAIN:
                    break  # it moved little: once more would move it no further
                quad = moved
        return out

    def _looked_again(self, frame: np.ndarray, readings: list[Reading], edges: EdgeField) -> list[Reading]:
        """The unsure readings named again, each at the whole cards its outline may be part of:
        measured out on the table's plane (the frame's own where no card is seen whole) from
        each of its corners (:func:`sized_on_table`), and — where it lies partly under a card
        seen whole — completed where the top card cuts it (:func:`completed_under`) and named
        with the top card left out of the comparison; and a back's snapped onto edges from
        farther off than a first outline is."""
        on_top = _on_top(readings)
        plane = table_plane(readings)
        unsure = [r for r in readings if r.card == UNSURE and (r.similarity >= FAIR or
                                                                r.guess == BACK and r.similarity >= BACK_AGAIN)]
        # a card named surely where an unsure reading fits better is not known yet: one of
        # the two outlines is a little off, and the sure name may be the wrong one
        sure = [s for s in _sure(readings) if not any(
            u.similarity > s.similarity and iou(u.corners, s.corners) > KNOWN for u in unsure)]
        quads = []
        for reading in unsure:
            over = _lying_over(reading.corners, on_top, edges)
            if over:
                whole = completed_under(reading.corners, over)
                quads += ([whole] if whole is not None else []) + [reading.corners]
        quads += edges.snap([r.corners for r in unsure if r.guess == BACK], FAR_SNAP)
        out = self._named(frame, quads, known=sure, grow=False, edges=edges, covers=on_top) if quads else []
        if plane is None:  # no card seen whole: the frame's own plane (exact under a camera
            plane = np.eye(3, dtype=np.float32)  # looking straight down, near under a tilted one)
        # (faces only: a back is found by its rim, and a phone laid out to a card's proportions
        # can pass for a plain dark back)
        measured = [q for r in unsure if r.guess != BACK for q in sized_on_table(r.corners, plane)]
        measured += self._fitted(frame, [r for r in unsure if r.guess != BACK])
        named = self._measured_named(frame, measured, sure, on_top, backs=False)
        out += named + self._fitted_to_new_guesses(frame, named, unsure, sure, on_top)
        # an unsure back is fitted onto the taught back too, and only a back is kept from that fit
        # (it refines an outline already like a back; measured out afresh, a phone passes for one)
        backs = self._fitted(frame, [r for r in unsure if r.guess == BACK])
        return out + self._measured_named(frame, backs, sure, on_top, backs=True)

    def _measured_named(self, frame: np.ndarray, quads, sure: list[Reading], on_top: list[np.ndarray],
                        backs: bool) -> list[Reading]:
        """The outlines measured out with care (:meth:`_named` ``close``), past the cards ``sure``
        and with those ``on_top`` left out, and of their readings only those that guess a back
        (``backs``) or only those that guess a face."""
        return [r for r in self._named(frame, quads, known=sure, grow=False, covers=on_top, close=True)
                if (r.guess == BACK) == backs]

    def _fitted_to_new_guesses(self, frame: np.ndarray, named: list[Reading], unsure: list[Reading],
                               sure: list[Reading], on_top: list[np.ndarray]) -> list[Reading]:
        """The outlines measured out again that guess a face afresh, still unsurely, fitted onto
        that guess (the best of each place): the fit went to the guess the place had before,
        and an outline a few pixels off that first guessed another card stayed unsure, though
        fitted onto its new guess it names the card surely (big 1500: a 5 of squiggles seen
        whole, first guessed a 3 of crosses, then an unsure 5 at 0.7) — and the best of another
        guess there too: a place measured out from more outlines has more fresh guesses, and the
        likeliest may be a card over it read into it (big 0049: a 1 of circles under a 3 of
        circles' corner, its fresh guesses a 4 of circles at 0.97 and a 1 at 0.89; fitted onto
        the 4, nothing was named)."""
        fresh = [r for r in named if r.card == UNSURE and r.similarity >= FAIR and not any(
            u.guess == r.guess and iou(u.corners, r.corners) > ALIKE for u in unsure)]
        if not fresh:
            return []
        best = _one_per_place(_best_first(fresh))
        runners_up = _one_per_place(_best_first([r for r in fresh if not any(
            b.guess == r.guess and iou(b.corners, r.corners) > KNOWN for b in best)]))
        return self._measured_named(frame, self._fitted(frame, best + runners_up), sure, on_top, backs=False)

    def _over_the_cards_under(self, frame: np.ndarray, readings: list[Reading]) -> list[Reading]:
        """The unsure readings whose naming left out cards taken to lie on top, each named
        again with one of those cards put back in turn: a card seen whole by its likeness
        (``ON_TOP``) may still lie partly under this one, and leaving its corner out hid this
        card's print (big 0276: a 4 of circles over a 2 of squares' corner was unsure, the
        square's corner left out of it; named with it, a sure 4 at 0.996).  Put back, a card
        truly on top spoils the likeness; one truly under shows this card's own print there,
        so a new name is kept only where it is sure and at least as like as before
        (:meth:`_named_over`).  One place is looked at once, through its likest outline."""
        tried: list[np.ndarray] = []
        out = []
        for reading in _best_first(readings):
            if (reading.card == UNSURE and reading.under and reading.similarity >= OVER_AGAIN
                    and not any(iou(reading.corners, t) > AGAIN for t in tried)):
                tried.append(reading.corners)
                reading = self._named_over(frame, reading)
            out.append(reading)
        return out

    def _named_over(self, frame: np.ndarray, reading: Reading) -> Reading:
        """An unsure reading named again with each card it left out put back in turn: the first
        sure name at least as like as the reading (:meth:`_over_the_cards_under`), else the
        reading as it was."""
        face = straighten(frame, reading.corners)
        for back_in in range(len(reading.under)):
            again = self._named_leaving_out(face, reading.corners,
                                            reading.under[:back_in] + reading.under[back_in + 1:])
            if again.card != UNSURE and again.similarity >= reading.similarity:
                return again
        return reading

    def _named_leaving_out(self, face: np.ndarray, corners: np.ndarray, over) -> Reading:
        """A face straightened at ``corners`` named with the cards ``over`` it left out: a
        reading, unsure below ``SAFE``."""
        naming = self.namer.name(face, covered_on_face(corners, list(over)) if over else None)
        return Reading(naming.card if naming.confidence >= SAFE else UNSURE, naming.card, corners,
                       naming.confidence, naming.similarity, naming.candidates, tuple(over))

    def _past_the_cards_over(self, frame: np.ndarray, readings: list[Reading]) -> list[Reading]:
        """The unsure readings named again with every card named surely that overlaps one left
        out of its naming, not only the cards seen whole: a card in the middle of a stack,
        itself partly hidden, lies over the one under it, whose name its print spoils
        (:func:`_sure_over`)."""
        sure = _sure(readings)
        return [self._named_past(frame, r, _sure_over(r, sure, self._edges))
                if r.card == UNSURE and r.similarity >= FAIR and  # (a place named surely already: no need)
                not any(iou(r.corners, s.corners) > CONFLICT for s in sure) else r
                for r in readings]

    def _under_the_cards_over(self, frame: np.ndarray, readings: list[Reading]) -> list[Reading]:
        """The sure readings named again past every other sure card overlapping them that their
        naming did not leave out (:meth:`_named_under`): a card's first naming knows no card
        on top of it, and the top card's print over it can make another name of it.  Every
        reading, before one is kept per place: two outlines of one card named surely otherwise
        leave it unsure, and past the card over it the wrong one of them no longer is (big
        1500: a 1 of crosses under a 5 of squiggles' corner, named a 1 and, through an outline
        a little off, a 4, was unsure)."""
        sure = _sure(readings)
        return [self._named_under(frame, r, _sure_over(r, sure, self._edges)) if any(r is s for s in sure) else r
                for r in readings]

    def _named_under(self, frame: np.ndarray, reading: Reading, over: list[np.ndarray]) -> Reading:
        """A sure reading named again with the sure cards ``over`` it left out: the same name, as
        it was; another, surely and a face plainly likelier (``UNDER_GAIN``), that name — what
        the other card covers did not look like this card, so it lies under it (big 1398: a 2
        of crosses, its second cross under a 3 of squares, was a sure 1 at 0.94, and a sure 2
        at 1.0 past the 3); another, surely but no likelier, unsure — which lies on top is not
        known, and one of the two names is wrong."""
        again = self._renamed_past(frame, reading, over)
        if again is None or again.card in (reading.card, UNSURE):
            return reading
        return again if again.similarity >= reading.similarity + UNDER_GAIN else _unsure(reading)

    def _named_past(self, frame: np.ndarray, reading: Reading, over: list[np.ndarray]) -> Reading:
        """An unsure reading named again with the cards ``over`` it left out as well as those it
        knew (``reading.under``): sure, the new reading; else the reading as it was."""
        again = self._renamed_past(frame, reading, over)
        return reading if again is None or again.card == UNSURE or again.similarity < NOT_A_CARD else again

    def _renamed_past(self, frame: np.ndarray, reading: Reading, over: list[np.ndarray]) -> Reading | None:
        """A reading named afresh with the cards ``over`` it left out as well as those it knew
        (``reading.under``), unsure below ``SAFE`` — or None where nothing new lies over it, or
        they hide more than ``MOST_COVERED`` of it (only guessed at)."""
        known = list(reading.under)
        new = [c for c in over if not any(np.array_equal(c, u) for u in known)]
        if not new:
            return None
        if cells_under(covered_on_face(reading.corners, known + new)).mean() > MOST_COVERED:
            return None
        return self._named_leaving_out(straighten(frame, reading.corners), reading.corners, known + new)

    def _completed(self, frame: np.ndarray, outlines: Outlines, straight: StraightEdges, shorts: list[float],
                   seen: list[Reading], edges: EdgeField) -> list[Reading]:
        """The cards completed from corners to the short sides given (and to the one the
        table's plane that the cards ``seen`` give shows at each corner), past the cards
        ``seen``: the outlines' right-angled corners, snapped onto the edges, and the frame's
        straight edges meeting square (in the frame, or on the table's plane that a card
        ``seen`` whole gives) — a card lying over others of its own paper has no
        outline of its own, but its sides are straight edges — named as they are (they lie on
        the edges); and last, where nothing is read yet, the straight edges' corners completed
        on the table's plane (:meth:`StraightEdges.table_guesses`: a card square-cornered and its
        true size there is a card's exact outline in the frame, as one completed in the frame
        under a tilted camera is not; an unsure card is measured out on the plane again in
        :meth:`_looked_again`)."""
        plane = table_plane(seen)
        here = short_side_on(plane)
        found = self._named(frame, outlines.corner_guesses(shorts, here), known=_sure(seen), grow=False,
                            edges=edges, covers=_on_top(seen))
        guesses = straight.corner_guesses(shorts, here, plane) + straight.between_guesses(shorts, here)
        found += self._named(frame, guesses, known=_sure(seen + found), grow=False, covers=_on_top(seen + found))
        if plane is None:
            return found
        missed = _not_read(straight.table_guesses(shorts, plane), seen + found)
        return found + self._named(frame, missed, known=_sure(seen + found), grow=False, covers=_on_top(seen + found))

    def read(self, frame: np.ndarray, whole: tuple[int, int] | None = None) -> list[Reading]:
        """The cards in ``frame``, named or unsure.  ``whole``: the camera frame's (width,
        height) when ``frame`` is a part of it (the live loop reads what changed): the sizes a
        card may have are shares of the camera's frame, not of the part."""
        self._edges, self._straddled = EdgeField(frame), []
        try:
            return self._read(frame, whole, self._edges)
        finally:
            self._edges, self._straddled = None, None

    def _read(self, frame: np.ndarray, whole: tuple[int, int] | None, edges: EdgeField) -> list[Reading]:
        """:meth:`read`, the frame's ``edges`` made (and kept on the reader, for which card lies
        on top, until it returns)."""
        outlines = Outlines(frame, self.paper, self.back_tone, whole)
        first = self._ink_trusted(frame, self._named(frame, outlines.quads(), edges=edges))
        sure = _sure(first)
        # the cards seen whole (named or nearly) give the size to complete the others with;
        # with none, the sizes a card may have in the frame
        may_be = default_short_sides(outlines.whole[0])
        sized = _sizes_shown(first, may_be)
        shorts = [float(np.median(sized))] if sized else may_be
        straight = StraightEdges(frame, self.paper)
        second = self._completed(frame, outlines, straight, shorts, first, edges) if CORNERS else []
        if not sized:  # none seen whole at first: the cards the corners completed give the size, and
            # the corners are completed again at it (each size tried first was a few per cent off,
            # and a card under others was named at none of them)
            sized = _sizes_shown(second, may_be)
            if sized:
                second += self._completed(frame, outlines, straight, [float(np.median(sized))], first + second, edges)
        second = self._ink_trusted(frame, second, first)
        found = first + second + self._looked_again(frame, first + second, edges)
        found = self._over_the_cards_under(frame, found)
        found = self._rivals_inked(frame, self._past_the_cards_over(frame, found))
        found = self._under_the_cards_over(frame, found)
        found += self._backs_past_the_backs_over(frame, found, edges)
        found += self._rivals_fitted(frame, found)
        kept = _one_per_place(_best_first(found))
        kept = self._checked(frame, kept)
        kept = [self._not_half(frame, r) for r in kept]
        kept = [r for r in kept if not _looked_astray(r, kept, edges)]
        named = [r for r in kept if r.card != UNSURE]
        # an unsure guess is worth asking about only where it looks like a card and no named
        # card already stands
        return named + [r for r in kept if r.card == UNSURE and r.similarity >= FAIR
                        and all(overlap(r.corners, n.corners) < 0.4 for n in named)]
