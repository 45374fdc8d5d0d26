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
card silently.

The rules the passes share live beside it, each in a module of its own: what a reading is
(:mod:`~companion.vision.reading`), one reading per place (:mod:`~companion.vision.places`),
a card's size where it lies (:mod:`~companion.vision.sizes`) and the cards lying over a
reading (:mod:`~companion.vision.covers`)."""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

import cv2
import numpy as np

from companion.vision.backs import BackLook, table_colour
from companion.vision.cells import at_ink_size, cells_under
from companion.vision.covers import (completed_under, covering, looked_astray, lying_over, outlines_over_ink,
                                     sure_over)
from companion.vision.deck import load_deck
from companion.vision.finder import Outlines, card_like, default_short_sides, sides
from companion.vision.frame import printed_frame
from companion.vision.ink import INK_SIZE, ink_colour
from companion.vision.geometry import (FACE_H, FACE_W, EdgeField, covered_on_face, grown, iou, moved_on_face,
                                       order_corners, overlap, quad_area, straighten)
from companion.vision.namer import (BACK, FAIR, FIRST_GLANCE, MOST_COVERED, MOST_HIDDEN, NOT_A_CARD, PAST_GLANCE,
                                    THUMB, Namer, suit_of)
from companion.vision.places import CONFLICT, CONFLICT_NEAR, at_odds, best_first, not_read, one_of_each, one_per_place
from companion.vision.reading import SAFE, UNSURE, Reading, made_unsure, named_past, outlines_on_top, sure_ones
from companion.vision.sizes import (short_side_on, sized_alike, sized_as, sized_on_table, sizes_again, sizes_shown,
                                    table_plane)
from companion.vision.stacking import lies_on_top
from companion.vision.straight_edges import StraightEdges

FAR_SNAP = 0.12  # an unsure back's outline is snapped onto edges this far off too (of its short side;
                 # twice the first snap's reach: a guess from a blurred union of two backs sits farther
                 # off, and a back's fine pattern matches only at its exact outline).  Faces are not: an
                 # outline of half a 2 of squares under another card, snapped so, was a sure 1 (big 1696)
A_CARD = 0.9     # an unsure reading this like its face is surely a card, its name alone unsure: it may
                 # lie over another card as a sure one does (:meth:`Reader._named_past_the_unsure`)
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
HALF_OF = 0.06   # a whole card grown from an outline, as like another card as the outline's face to within
                 # this much, means the outline was half of it (measured: halves 0.03 under; whole cards
                 # grown over a neighbour 0.14 under and more)
KNOWN = 0.4      # a corner guess sharing this much with a card named surely is that card
OVER_AGAIN = 0.9  # an unsure reading this like a face, some of it left out as under a card seen whole, is
                  # named again with that card put back (it may lie under this one)
UNDER_GAIN = 0.03  # a sure card named otherwise past a sure card over it, this much likelier so, lies under it
FIT_ROUNDS = 2   # an unsure reading is fitted onto its guess at most this often, each from where the last led ...
FIT_AGAIN = 3.0  # ... when the last moved a corner this many pixels
BACK_LOOK = 0.8  # a back read by its look needs this share of its cells that show to look like the back
                 # (an outline shifted off a back by a share s of it keeps 1 - s of its cells there:
                 # at 0.8, it still shares 0.67 with the card; at 0.7, 6 backs were invented on the big set)
LOOKED = FAIR + 0.05  # the similarity a back read by its look is given: known, never seen whole
SQUARE_ENOUGH = 0.34  # a back read by its look has its outline's corners within 20 degrees of square (the
                      # cosine of 70 degrees)
BACK_AGAIN = 0.45  # an unsure outline guessed as a back is looked at again from this similarity (a
                   # face's from FAIR): a back's fine pattern a few pixels off its outline matches
                   # little, and only a back is kept from that second look (big-set figures: docs)
SHADOWED = 0.04  # a rough outline of a card just laid (a change's rectangle) is also tried this much
                 # smaller, of the card's width: the change holds its shadow (a mono 1 of circles
                 # on wood, its rectangle 5-8 pixels out on the shadow's sides, was unsure)


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


def _chroma(pixels: np.ndarray) -> np.ndarray:
    """The shares of B, G and R in the pixels' mean colour."""
    mean = np.float32(pixels).reshape(-1, 3).mean(axis=0) + 1.0
    return mean / mean.sum()


def _close(a: np.ndarray, b: np.ndarray) -> bool:
    """Two quads of about the same size (one inside the other is not a repeat)."""
    ra, rb = quad_area(a), quad_area(b)
    return min(ra, rb) > 0.85 * max(ra, rb)


def _fits(reading: Reading, fitted: list[Reading]) -> float:
    """How well ``reading``'s name fits its card once fitted onto it: the best likeness of the
    ``fitted`` readings guessing that name at its place (0 where the fit gave none)."""
    return max((f.similarity for f in fitted if f.guess == reading.card
                and iou(f.corners, reading.corners) > CONFLICT), default=0.0)


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
        # the table's colour shares while a frame is read, to tell a hand over a back from the
        # table round it by (:meth:`BackLook.share`); None between reads (no hand is left out)
        self._table: np.ndarray | None = None

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
        return at_ink_size(self.namer.hands.hand_pixels(face))

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
        over = list(reading.under) + lying_over(reading.corners, cards_over, self._edges)  # (one in both is left out once)
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
        place judged by its ink before the two meet (:func:`one_per_place`): unsure where the
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
        return self._unsure_where_inked_otherwise(frame, found, rivals, outlines_over_ink(found))

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
        return self._unsure_where_inked_otherwise(frame, readings, sure, outlines_over_ink(list(seen) + readings))

    def _unsure_where_inked_otherwise(self, frame: np.ndarray, readings: list[Reading], judged: set[int],
                                      cards_over: list[np.ndarray]) -> list[Reading]:
        """The readings, each of those ``judged`` (their ids) made unsure where its ink is not
        its name's colour (:meth:`_ink_agrees`, past ``cards_over``)."""
        out = []
        for r in readings:
            if id(r) in judged:
                small, hand = self._in_colour(frame, r)
                if not self._ink_agrees(small, r, hand, cards_over):
                    r = made_unsure(r)
            out.append(r)
        return out

    def _rivals_fitted(self, frame: np.ndarray, found: list[Reading]) -> list[Reading]:
        """The sure readings that another sure name at their place would leave unsure
        (:func:`at_odds`, whichever of the two comes first), each fitted onto its own name and
        named there afresh: two outlines a few pixels off name one card as two, and fitted, the
        card's own name fits it plainly better (big 1880: a 3 of crosses at 0.95 and a 4 at 0.91,
        the 3 at 0.998 at its true outline).  A rival whose name, fitted, fits its card plainly
        worse than the other's (by more than ``CONFLICT_NEAR``) is unsure: its outline was the
        one a little off, and it no longer leaves the place unsure — though the other's fitted
        reading may be unsure itself, the other's own sure reading stands (big 0049: a 1 of
        circles at 0.99 and, through an outline a few pixels off, a 4 at 0.97; fitted, the 1 at
        0.995, the 4 at 0.95).  The readings ``found``, so judged, and the fitted ones."""
        sure = [r for r in found if r.card not in (UNSURE, BACK)]
        rivals = [r for r in sure if any(at_odds(o, r) and at_odds(r, o) for o in sure)]  # (either first)
        if not rivals:
            return found
        fitted = self._measured_named(frame, self._fitted(frame, rivals), [], outlines_on_top(found), backs=False)
        worse = {id(r) for r in rivals if any(at_odds(o, r) and at_odds(r, o) and
                                              _fits(o, fitted) > _fits(r, fitted) + CONFLICT_NEAR for o in rivals)}
        return [made_unsure(r) if id(r) in worse else r for r in found] + fitted

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
        kept = one_of_each(sized_alike([r for r in readings
                                          if self._deck_coloured(small[id(r)], r, hand[id(r)])]))
        # (a reading the rules made unsure is a new one: it needs no ink to stay unsure)
        cards_over = outlines_over_ink(kept)
        return [r if r.card == UNSURE or self._ink_agrees(small[id(r)], r, hand[id(r)], cards_over) else made_unsure(r)
                for r in kept]

    def _not_half(self, frame: np.ndarray, reading: Reading) -> Reading:
        """The reading, made unsure when it may be half of another card: a card cut across
        by a sleeve or glare's edge has a card's proportions too (2.5 by 1.75 in), and half a
        2 of pips is a 1.  The two whole cards it would be half of (grown across its long
        sides, one way and the other) are named; one that looks like another card nearly as
        well as the outline's face looks like its name means the outline was half of it.
        (Where the frame shows other cards, :func:`sized_alike` tells most halves by their
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
                    return made_unsure(reading)
        return reading

    def _may_be_back(self, outline: np.ndarray, thumb: np.ndarray) -> bool:
        """Whether a back's look is worth measuring at ``outline`` at all (its first glance's
        ``thumb`` of a back's colours, a card's shape): a cheap test before the cards lying
        over it are sought (:func:`lying_over`, a millisecond an outline where cards lie on
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
            if sized and not sized_as(refused.outline, sized):
                continue  # a part of the back (its look goes on past every side but the one covered)
            on_it = [c for c in covering(refused.outline, [r.corners for r in sure])
                     if not any(c is o for o in refused.over) and lies_on_top(edges, c, refused.outline)]
            if on_it:
                reading = self._back_by_look(frame, refused.outline, list(refused.over) + on_it, refused.thumb)
                out += [reading] if reading is not None else []
        return out

    def _look_share(self, face: np.ndarray, outline: np.ndarray, over) -> float:
        """The share of a face straightened at ``outline`` that looks like the back, the cards
        ``over`` it left out."""
        return self.back_look.share(face, covered_on_face(outline, over) if over else None, self._table)

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
                    # half a card under another is like no face as a whole: glanced at past the
                    # cards that may lie on top (which of them do is costly to tell, and most
                    # outlines are the table)
                    near = covering(outline, covers)
                    if not near or self.namer.glance(thumb, covered_on_face(outline, near, size=THUMB)) < PAST_GLANCE:
                        if looks_back is None and self._may_be_back(outline, thumb):
                            looks_back = self._back_by_look(frame, outline, lying_over(outline, covers, self._edges),
                                                            thumb)
                        continue  # not worth straightening whole: the table, a hand, a phone
                over = lying_over(outline, covers, self._edges)  # (after the glance: most fail it)
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
            return self._checked(frame, one_per_place(best_first(self._named(frame, quads))))
        return self._named(frame, quads, grow=False)

    def _fitted(self, frame: np.ndarray, readings: list[Reading], on_top=()) -> list[np.ndarray]:
        """The outlines of the cards ``readings`` guess at, fitted onto what shows of them
        (:meth:`Namer.fitted`): an outline measured from the corners of a card partly hidden
        is a few per cent off, and a few pixels tell a 3 from a 5.  A fit that moved the outline
        is fitted once more from where it led: from far off, one fit ends nearer, not on the
        card (a 5 of circles beside a hand was read surely as a 4 there: check 308).  What lies
        over a reading is left out of its fit: the cards it was named past, and those of the
        cards seen whole (``on_top``) lying over its outline where the fit has moved it — a 2 of
        squares half under a 3 of circles, fitted onto the 3's print too, swung between a 5, a
        1 and a 2 and stayed a few per cent off (big 1647)."""
        out = []
        for reading in readings:
            quad = reading.corners
            for _ in range(FIT_ROUNDS):
                over = list(reading.under) + [c for c in lying_over(quad, list(on_top), self._edges)
                                              if not named_past(reading, c)]
                covered = covered_on_face(quad, over) if over else None
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
        on_top = outlines_on_top(readings)
        plane = table_plane(readings)
        unsure = [r for r in readings if r.card == UNSURE and (r.similarity >= FAIR or
                                                                r.guess == BACK and r.similarity >= BACK_AGAIN)]
        # a card named surely where an unsure reading fits better is not known yet: one of
        # the two outlines is a little off, and the sure name may be the wrong one
        sure = [s for s in sure_ones(readings) if not any(
            u.similarity > s.similarity and iou(u.corners, s.corners) > KNOWN for u in unsure)]
        quads = []
        for reading in unsure:
            over = lying_over(reading.corners, on_top, edges)
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
        measured += self._fitted(frame, [r for r in unsure if r.guess != BACK], on_top)
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
        best = one_per_place(best_first(fresh))
        runners_up = one_per_place(best_first([r for r in fresh if not any(
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
        for reading in best_first(readings):
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
        (:func:`sure_over`) — and, still unsure, with the cards surely seen but not surely named
        that the edges show lie on top of it (:meth:`_named_past_the_unsure`)."""
        sure = sure_ones(readings)
        cards = one_per_place(best_first([r for r in readings if r.card == UNSURE and r.similarity >= A_CARD]))
        return [self._named_past_the_unsure(frame, self._named_past_the_sure(frame, r, sure), sure, cards)
                if r.card == UNSURE and r.similarity >= FAIR and  # (a place named surely already: no need)
                not any(iou(r.corners, s.corners) > CONFLICT for s in sure) else r
                for r in readings]

    def _named_past_the_sure(self, frame: np.ndarray, reading: Reading, sure: list[Reading]) -> Reading:
        """An unsure reading named past the sure cards lying over it (:meth:`_named_past`) —
        and, still unsure, past every sure card overlapping it, whichever the edges show on top:
        a sure card's outline a few pixels off shows its own edge only faintly and takes in
        the side of the card under it, which then seems to lie on top (big 0719: a 5 of stars'
        outline 13 pixels off at one corner; the 1 of squares under it, named with the star's
        corner in it, was unsure, and a sure 1 past it).  Leaving a card out hides print and
        adds none (measured: big set +1, none named wrongly; the check set the same).  Named
        again only where the edges did set a card aside (else it is the same naming)."""
        over = sure_over(reading, sure, self._edges)
        again = self._named_past(frame, reading, over)
        if again.card != UNSURE:
            return again
        overlapping = sure_over(reading, sure)
        return self._named_past(frame, reading, overlapping) if len(overlapping) > len(over) else again

    def _named_past_the_unsure(self, frame: np.ndarray, reading: Reading, sure: list[Reading],
                               cards: list[Reading]) -> Reading:
        """A reading still unsure named past the ``cards`` (unsure readings, one per place, as
        like their faces as a card surely is: ``A_CARD``) that its edges show lie on top of it
        (:func:`lies_on_top`; not merely overlapping: a card unsure is no card seen whole), as
        well as the ``sure`` cards lying over it and those it left out already.  Such a card is
        surely a card, its name alone unsure, and its print spoils the card under it as a sure
        card's does (big 0802: a 4 of squiggles under a 1 of squiggles whose pip a hand hides,
        the 1 unsure at 0.91, was unsure at 0.81 with the 1's corner in it, and a sure 4 past
        it)."""
        if reading.card != UNSURE:
            return reading
        on_it = [c for c in covering(reading.corners, [card.corners for card in cards])
                 if lies_on_top(self._edges, c, reading.corners)]
        return self._named_past(frame, reading, sure_over(reading, sure, self._edges) + on_it) if on_it else reading

    def _under_the_cards_over(self, frame: np.ndarray, readings: list[Reading]) -> list[Reading]:
        """The sure readings named again past every other sure card overlapping them that their
        naming did not leave out (:meth:`_named_under`): a card's first naming knows no card
        on top of it, and the top card's print over it can make another name of it.  Every
        reading, before one is kept per place: two outlines of one card named surely otherwise
        leave it unsure, and past the card over it the wrong one of them no longer is (big
        1500: a 1 of crosses under a 5 of squiggles' corner, named a 1 and, through an outline
        a little off, a 4, was unsure)."""
        sure = sure_ones(readings)
        return [self._named_under(frame, r, sure_over(r, sure, self._edges)) if any(r is s for s in sure) else r
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
        return again if again.similarity >= reading.similarity + UNDER_GAIN else made_unsure(reading)

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
        outline of its own, but its sides are straight edges — and the cards between two
        long sides (in the frame, and on the table's plane where it is known), named as they
        are (they lie on the edges); and last, where nothing is read yet, the straight edges'
        corners and then the outlines' (snapped onto the edges) completed on the table's plane
        (:meth:`StraightEdges.table_guesses`, :meth:`Outlines.table_guesses`: a card square-cornered and its
        true size there is a card's exact outline in the frame, as one completed in the frame
        under a tilted camera is not; an unsure card is measured out on the plane again in
        :meth:`_looked_again`)."""
        plane = table_plane(seen)
        here = short_side_on(plane)
        found = self._named(frame, outlines.corner_guesses(shorts, here), known=sure_ones(seen), grow=False,
                            edges=edges, covers=outlines_on_top(seen))
        guesses = straight.corner_guesses(shorts, here, plane) + straight.between_guesses(shorts, here)
        if plane is not None:
            guesses += straight.table_between_guesses(shorts, plane)
        found += self._named(frame, guesses, known=sure_ones(seen + found), grow=False, covers=outlines_on_top(seen + found))
        if plane is None:
            return found
        missed = not_read(straight.table_guesses(shorts, plane), seen + found)
        found += self._named(frame, missed, known=sure_ones(seen + found), grow=False,
                             covers=outlines_on_top(seen + found))
        missed = not_read(outlines.table_guesses(shorts, plane), seen + found)
        return found + self._named(frame, missed, known=sure_ones(seen + found), grow=False, edges=edges,
                                   covers=outlines_on_top(seen + found))

    def read(self, frame: np.ndarray, whole: tuple[int, int] | None = None) -> list[Reading]:
        """The cards in ``frame``, named or unsure.  ``whole``: the camera frame's (width,
        height) when ``frame`` is a part of it (the live loop reads what changed): the sizes a
        card may have are shares of the camera's frame, not of the part."""
        self._edges, self._straddled, self._table = EdgeField(frame), [], table_colour(frame)
        try:
            return self._read(frame, whole, self._edges)
        finally:
            self._edges, self._straddled, self._table = None, None, None

    def _read(self, frame: np.ndarray, whole: tuple[int, int] | None, edges: EdgeField) -> list[Reading]:
        """:meth:`read`, the frame's ``edges`` made (and kept on the reader, for which card lies
        on top, until it returns)."""
        outlines = Outlines(frame, self.paper, self.back_tone, whole)
        first = self._ink_trusted(frame, self._named(frame, outlines.quads(), edges=edges))
        sure = sure_ones(first)
        # the cards seen whole (named or nearly) give the size to complete the others with;
        # with none, the sizes a card may have in the frame
        may_be = default_short_sides(outlines.whole[0])
        sized = sizes_shown(first, may_be)
        shorts = [float(np.median(sized))] if sized else may_be
        straight = StraightEdges(frame, self.paper)
        second = self._completed(frame, outlines, straight, shorts, first, edges)
        again = sizes_again(first, second, may_be)
        if again:
            second += self._completed(frame, outlines, straight, again, first + second, edges)
        second = self._ink_trusted(frame, second, first)
        found = first + second + self._looked_again(frame, first + second, edges)
        found = self._over_the_cards_under(frame, found)
        found = self._rivals_inked(frame, self._past_the_cards_over(frame, found))
        found = self._under_the_cards_over(frame, found)
        found += self._backs_past_the_backs_over(frame, found, edges)
        found = self._rivals_fitted(frame, found)
        kept = one_per_place(best_first(found))
        kept = self._checked(frame, kept)
        kept = [self._not_half(frame, r) for r in kept]
        kept = [r for r in kept if not looked_astray(r, kept, edges)]
        named = [r for r in kept if r.card != UNSURE]
        # an unsure guess is worth asking about only where it looks like a card and no named
        # card already stands
        return named + [r for r in kept if r.card == UNSURE and r.similarity >= FAIR
                        and all(overlap(r.corners, n.corners) < 0.4 for n in named)]
