"""Naming a straightened card against the taught faces.

Each face is compared as a light-corrected, contrast-normalised picture, cell by cell: a
hand or another card over part of the face spoils only the cells it covers, and a cell that
no taught face explains is left out of every comparison.  The face is tried both ways up (a
card lies either way on the table).

Most of two cards of one suit is the same picture: what tells a 4 from a 5 is a small
numeral or one pip.  So the few best names are then settled pairwise on what tells them
apart: the face's projection on the difference of the two taught faces (half-way between
them is 0) — blur and faded contrast shrink it but do not turn it — and the confidence is
how far past half-way towards the winner the face lies against its closest rival.  A face
left unsure is looked at once more with its print's contrast evened out (glare fades the print
it falls on), and aligned on its print alone where the lamp's slope led its alignment astray,
and named so only where both looks agree.

Beside it: how a face is made comparable and aligned (:mod:`~companion.vision.align`), the
patches where two faces differ (:mod:`~companion.vision.patches`), the face's cells
(:mod:`~companion.vision.cells`) and its ink (:mod:`~companion.vision.ink`)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import NamedTuple

import cv2
import numpy as np

from companion.vision.align import affine_at_half, align_to, normalised_image, signature
from companion.vision.cells import CELL, at_ink_size, cells_at, cells_of_hand, cells_under, pixels_of
from companion.vision.geometry import FACE_H, FACE_W
from companion.vision.hands import Hands, hand_with_rim
from companion.vision.ink import INK_SIZE, hues_apart, ink_apart, ink_colour, inks_apart, taught_inks
from companion.vision.patches import (PLAIN, LocalRead, Patch, Tally, best_matches, in_view, parts_apart,
                                      pictured_in_both, plain_side_of, shown_enough)

COVERED = 0.7           # a cell whose error is above this for every face is covered
FAIR, GOOD = 0.6, 0.92  # similarities: the confidence grows from nothing at FAIR to whole at GOOD
                        # (a face seen whole that matches at 0.85 is often a face a little off its
                        # outline, where a 3 can pass for a 5) ...
GOOD_PLAIN = 0.85       # ... or at this, for a name that beat every rival plainly (margin 1: where the
                        # two faces differ the face is plainly the winner's, or its ink says so) — a face
                        # in glare or a hand's shadow matches its taught one less well, but its numeral
                        # still reads plainly (measured on the big set: +7 right, none wrong, none
                        # invented, with :data:`~companion.vision.reading.KNOWN`; big 0586's 4 of stars
                        # at 0.81, 1782's 2 of crosses at 0.85).  Not on the second look: from its 0.904
                        # down to this, 3 cards were named wrongly on the big set's failures
GLANCE = 0.55           # a face this unlike every taught one at first sight is not aligned (measured:
                        # none below it reached a safe similarity after alignment)
NOT_A_CARD = 0.35       # below this similarity the patch is nothing the deck knows
BACK = "back"
TAUGHT_STRETCH = 0.05   # the most a taught face is bent onto its suit's mean (measured on true
                        # corners: 86.8 -> 91.1 % right, none wrong, against 0.12 on the first rank)
BACK_FAIR, BACK_GOOD = 0.5, 0.7  # a back is unlike every face everywhere: a back half covered
                                 # is still surely a back
PATCH_POOR, PATCH_FAIR = 0.3, 0.6  # the differing patches' best correlation: no evidence .. whole
UNALIGNED = 0.35        # a face that did not align keeps this share of its margin
RIVALS = 4              # the best names settled pairwise
BACK_PHASE, BACK_SHIFT = 0.1, 12  # a back's pattern found this clearly, at most this far off (pixels)
SHADE = 0.5             # two faces differing by less than this (normalised) differ in shade only
INK_NEAR = 0.08         # the coloured ink of what shows of a face this near one name's suit's ink ...
INK_GAP = 0.05          # ... and this much nearer it than the other's (inks this far apart) tells two names
                        # (measured on the big set's 2,692 numeral and pips faces at least half visible, at
                        # their true outlines, hands and covers left out: the right suit's ink nearest and
                        # this much nearer than every other suit's on 2,631; a wrong suit's so on 1, at
                        # 0.03 — and no other nearer than 0.10, none of those this much nearer.  0.04
                        # before: the 321 right ones from 0.04 to 0.08, a red numeral beside its symbol
                        # under a hand or a card, went untold; big set +12 right, none wrong, and +5 more
                        # with the suit's ink the nearest of its ranks', :meth:`Namer.suit_ink_near`)
HUE_NEAR = 15.0         # or: its hue this near (degrees) one suit's ...
HUE_GAP = 15.0          # ... and this much nearer it than the other suit's ...
HUE_STRONG = 0.25       # ... at least this share of that suit's colour's strength (a faded ink keeps its
                        # hue: measured as for INK_NEAR, the right suit's hue within 12 degrees on all
                        # but 2 faces, every wrong suit's 26 and more but on the 1 above; told so, 57
                        # faces more, faded to 0.26-0.74 of their ink's strength)
INK_OVERRULED = 0.5     # shapes that say the other name this plainly (margin) leave both names unsure
SHOWN_ENOUGH = 0.15     # the share of where two faces differ, of that not under a hand, that must show
                        # past another card for a sure decision, less giving less confidence (measured
                        # on the check set: it was 0.35, for two cards once named wrongly that showed
                        # 0.03 and 0.16 — mended otherwise since, and not wrong at 0.15 — and 0.35
                        # missed five cards that 0.15 names right)
HAND_SHOWN = 0.03       # ... and of where they differ, the share that must show past a hand: a sliver
                        # between two fingers decides nothing surely (measured on the big set: big 0298
                        # and 1952 were named surely wrong by such slivers, unsure now; 0.15 cost 17 cards
                        # named right, 0.05 three, 0.03 one)
RIM = 6                 # pixels of the face's edge left out of the pairwise decision (and the
                        # room the alignment has to shift it)
CLEAR_REACH = 2         # pixels round a card on top (its edge, its shadow) that hide what lies under it
                        # (a patch's print clear of them shows whole: :data:`~companion.vision.patches.PATCH_CLEAR`)
WHOLE_PLAIN = 0.75      # patches shown whole decide where they match plainly (:data:`~companion.vision.patches.PLAIN`)
                        # or, for two names of one rank (a suit shown only in the corner index), the whole
                        # face this far past half-way, the patches agreeing (a small square and a small circle
                        # differ in a few pixels: the patches tell them apart faintly; big set +6 right with
                        # the rule below, none wrong; for two ranks the whole face over the little of a
                        # numeral that shows overshoots, and a 2 of stars was read surely as a 1)
SHARP = 0.8             # the blur of the faces the numerals are compared on
PLAY = 3                # pixels a differing patch may shift to match
DIFFER = 0.8            # pixels where two taught faces differ by more than this (normalised)
MOST_HIDDEN = 0.6       # a face more under a hand than this is not named past it (0.45 before hands
                        # were told by colour: more of a hand is found now)
MOST_COVERED = 0.6      # a face more under another card than this (in cells) is only guessed at
RIMMED_HAND = 0.05      # a face is named again past a hand's rim (:data:`~companion.vision.hands.HAND_RIM`)
                        # only where a hand covers this share of the face past the cards on top (a
                        # sliver of skin colour beside a brown back over a face, grown so, left too
                        # little of the face to tell a 3 of circles from a 3 of squares: big 1220)
FIT_STEPS = 40          # the iterations of fitting a partly hidden card's outline
FIT_REACH = 0.25        # the farthest (of the face's width) a corner may move in that fitting ...
FIT_STRETCH = 1.2       # ... and the most it may stretch the face one way more than the other (measured:
                        # fits that named cards right up to 1.18)
STRETCH = 0.06          # the most a face from the frame may be scaled to match: a card's
                        # printed inner frame is 10 % smaller than the card
SECOND_LOOK_LIKE = 0.95 # the second look names a face only at a similarity this far from FAIR to
                        # GOOD (0.904; a back's 0.69): 0.8, as the first look, named 3 cards wrongly
                        # on the big set, at outlines a little off, all at 0.89 and less
SECOND_LOOK_FROM = 0.8  # ... and looks again only at a face this like its guess at the first look
                        # (every face it named rightly was 0.82 and more; looking at every unsure
                        # face cost whole frames 22 % more time).  Not at a back: a back is told by
                        # its whole pattern, and a back made sure so on top of a face put its green
                        # pattern into the face's ink (big 1887: a 4 of circles named surely a 4 of
                        # squiggles)


def suit_of(name: str) -> str:
    """A face's suit, from its name ("3 star" -> "star")."""
    return name.split()[-1]


def rank_of(name: str) -> str:
    """A face's rank, from its name ("3 star" -> "3")."""
    return name.split()[0]


THUMB = (20, 28)        # the first glance's size: a fifth of the face each way
GLANCE_BLUR = 0.5       # the signature's blur at that size
FIRST_GLANCE = 0.25     # a thumbnail correlating less with every taught face is not a card
                        # that could be named (measured: none reached a safe similarity) ...
PAST_GLANCE = 0.7       # ... nor one correlating less past a card known to lie on top of it (what
                        # shows, fewer pixels, correlates more by chance: on 40 big-set frames 600 of
                        # 1,730 outlines passed 0.25 so, 63 passed 0.7; halves of cards truly under
                        # another, 0.87 to 0.98)


@dataclass(frozen=True)
class Naming:
    card: str           # the best name ("3 star" or "back")
    similarity: float   # about the correlation of the face with the taught one, 0..1
    runner_up: str
    margin: float       # 0..1: how near the winner's face it is where the two differ (0: half-way)
    upside_down: bool
    candidates: tuple[tuple[str, float], ...] = ()  # the few best names, best first, 0..1 each
    unbeaten: frozenset[str] = frozenset()  # the names settled pairwise that lost no decision

    @property
    def confidence(self) -> float:
        """0..1: the face past half-way towards the winner by half (against every rival), on
        a face that matches its taught one well, is certainty.  A face that matches only
        fairly (much of it covered, or badly lit) earns less: measured on the corpus, the
        wrong names hide there — but less so where every rival was beaten plainly (``GOOD_PLAIN``)."""
        if self.card == BACK:
            fair, good = BACK_FAIR, BACK_GOOD
        else:
            fair, good = FAIR, GOOD_PLAIN if self.margin >= 1.0 else GOOD
        clear = np.clip((self.similarity - fair) / (good - fair), 0.0, 1.0)
        return float(np.clip(self.margin / 0.5, 0.0, 1.0) * clear)


NEITHER = "neither"  # two names each plainly contradicted where they differ (half of another card)


class _Face(NamedTuple):
    """A face as two names are settled on it (:meth:`Namer._settled`), its rim left out."""
    crop: np.ndarray                # its signature
    fine: np.ndarray                # its sharp signature (whole), for the patches
    seen: np.ndarray                # 1 where it shows (float32)
    covered: np.ndarray | None      # 1 under another card
    handed: np.ndarray | None       # 1 under a hand
    open_sums: np.ndarray           # where it shows, summed (cv2.integral; the whole face)
    clear_sums: np.ndarray | None   # where it is clear of the card on top, summed ...
    clear: np.ndarray | None        # ... and itself (bool)
    ink: np.ndarray | None          # its coloured ink (:func:`~companion.vision.ink.ink_colour`) ...
    hues: dict | None               # ... and that ink's hue against each suit's (:meth:`Namer.suit_hues`)


def _hue_suit(hues: dict[str, tuple[float, float]] | None, suits: tuple[str, ...]) -> str | None:
    """Of ``suits``, the one a faded ink plainly shows by its hue (``hues``: each suit's angle
    and strength, :meth:`Namer.suit_hues`): within ``HUE_NEAR`` of it, ``HUE_GAP`` nearer it
    than every other, at least ``HUE_STRONG`` as strongly coloured; None if none is."""
    if not hues:
        return None
    nearest = min(suits, key=lambda suit: hues[suit][0])
    hue, strength = hues[nearest]
    if hue > HUE_NEAR or strength < HUE_STRONG:
        return None
    return nearest if all(hues[other][0] >= hue + HUE_GAP for other in suits if other != nearest) else None


class Namer:
    """The taught faces, ready to compare: one row per face and way up."""

    def __init__(self, faces: dict[str, np.ndarray], safe: float = 0.8, first_look: Namer | None = None):
        """``first_look``: this is that namer's second look (see :meth:`name`): the faces
        compared with the print's contrast evened out, the colours taught (the paper's, the
        skin-coloured print's, the inks) the first look's own."""
        evened = first_look is not None
        # below this similarity no confidence reaches ``safe`` (a name beaten by no rival
        # plainly, GOOD_PLAIN): such a face is not settled pairwise (the costly part), only its
        # nearest face given as a guess.  On the second look only a face that matches well is
        # settled (and on the way to GOOD, not GOOD_PLAIN)
        self.safe = safe
        like, good = (SECOND_LOOK_LIKE, GOOD) if evened else (safe, GOOD_PLAIN)
        self.nameable = (FAIR + like * (good - FAIR), BACK_FAIR + like * (BACK_GOOD - BACK_FAIR))
        self.evened = evened  # the faces compared with the print's contrast evened out
        names, rows = [], []
        signatures = {name: signature(face, evened=evened) for name, face in faces.items()}
        sharp = {name: signature(face, SHARP, evened) for name, face in faces.items()}
        # the faces of a suit registered on the suit's mean face: the photos never frame a
        # card to the pixel, and what tells a 3 from a 5 is smaller than that.  On the mean, not
        # on one rank: a 5 of pips aligned on a 1 is bent to bring its middle pip over the 1's
        by_suit: dict[str, list[np.ndarray]] = {}
        for name, sig in signatures.items():
            if name != BACK:
                by_suit.setdefault(suit_of(name), []).append(sig)
        references = {suit: np.mean(sigs, axis=0) for suit, sigs in by_suit.items()}
        for name, sig in list(signatures.items()):
            if name != BACK:
                moved = align_to(references[suit_of(name)], sig, sharp[name], stretch=TAUGHT_STRETCH)
                if moved is not None:
                    signatures[name], sharp[name] = moved
        sharp_rows = []
        for name, sig in signatures.items():
            for flipped, picture, fine in ((False, sig, sharp[name]), (True, sig[::-1, ::-1], sharp[name][::-1, ::-1])):
                names.append((name, flipped))
                rows.append(picture)
                sharp_rows.append(np.ascontiguousarray(fine))
        self.labels = names
        self.templates = np.stack(rows).astype(np.float32)  # (K, H, W)
        self.sharp = np.stack(sharp_rows).astype(np.float32)  # the same, less blurred: numerals
        gh, gw = FACE_H // CELL, FACE_W // CELL
        self.cell_templates = np.ascontiguousarray(self.templates.reshape(-1, gh, CELL, gw, CELL).transpose(
            0, 1, 3, 2, 4).reshape(len(names), gh * gw, CELL * CELL))  # pixels grouped by cell
        self.cell_power = (self.cell_templates ** 2).sum(axis=2)
        self._pair_patches: dict[tuple[int, int], list[Patch]] = {}
        small = np.stack([cv2.resize(t, THUMB, interpolation=cv2.INTER_AREA) for t in self.templates])
        self.thumb_pixels = small.reshape(len(small), -1)  # as they are: a glance past a card on top
        thumbs = np.stack([normalised_image(t) for t in small])  # normalises them where it shows
        self.thumbs = thumbs.reshape(len(thumbs), -1) / thumbs[0].size
        self.back_rows = [k for k, (name, _) in enumerate(names) if name == BACK]
        self.window = cv2.createHanningWindow((FACE_W, FACE_H), cv2.CV_32F)
        self.inner = np.zeros((FACE_H, FACE_W), bool)  # the rim (corners, shadow) never decides
        self.inner[RIM:-RIM, RIM:-RIM] = True
        if first_look is not None:
            self.hands = first_look.hands
            self.inks, self.suit_inks = first_look.inks, first_look.suit_inks
            self.second_look = None
            return
        self._colours_taught(faces)
        self.second_look = Namer(faces, safe, first_look=self)  # for a face this leaves unsure

    def _colours_taught(self, faces: dict[str, np.ndarray]) -> None:
        """The deck's colours, from its faces: its paper's and where its print is skin-coloured
        itself (:class:`~companion.vision.hands.Hands`), and each face's ink."""
        # (a back is told by its whole pattern, never past a hand)
        self.hands = Hands([face for name, face in faces.items() if name != BACK])
        self.inks = taught_inks(faces, BACK)  # the coloured ink of each face
        by_suit_ink: dict[str, list[np.ndarray]] = {}
        for name, ink in self.inks.items():
            if ink is not None:
                by_suit_ink.setdefault(suit_of(name), []).append(ink)
        self.suit_inks = {suit: np.stack(inks) for suit, inks in by_suit_ink.items()}  # (each rank's, per suit)

    def _patches(self, a: int, b: int) -> list[Patch]:
        """Where the sharp faces ``a`` and ``b`` differ, as boxes each with a picture in both
        faces, and within each its parts apart (:func:`parts_apart`); worked out once per pair
        (it depends on the deck alone)."""
        key = (min(a, b), max(a, b))  # the same boxes either way round
        if key not in self._pair_patches:
            ta, tb = self.sharp[key[0]], self.sharp[key[1]]
            differ = (np.abs(ta - tb) > DIFFER).astype(np.uint8)
            differ[:RIM] = differ[-RIM:] = 0
            differ[:, :RIM] = differ[:, -RIM:] = 0
            joined = cv2.dilate(differ, np.ones((5, 5), np.uint8))
            count, _, stats, _ = cv2.connectedComponentsWithStats(joined)
            boxes = []
            for x, y, bw, bh, area in stats[1:count]:
                box = (int(x), int(y), int(bw), int(bh))
                if area < 20 or not pictured_in_both(ta, tb, box):
                    continue  # a pip against blank paper: the whole-face measure decides that
                boxes.append(Patch(*box, int(area), parts_apart(differ, ta, tb, box),
                                   differ[y:y + bh, x:x + bw] > 0))
            self._pair_patches[key] = boxes
        return self._pair_patches[key]

    def _local_side(self, a: int, b: int, sig: np.ndarray, open_sums: np.ndarray,
                    clear_sums: np.ndarray | None = None, clear: np.ndarray | None = None
                    ) -> LocalRead | None:
        """Which of two faces the patches where they differ look like (+1 a, -1 b), each patch
        matched on its own with a few pixels' play — a corner numeral sits a pixel or two off
        after the whole face is aligned; how like the likelier face they look; and whether
        every patch matched shows whole.  A patch shows where its cells are mostly open
        (``open_sums``) or where it lies clear of the card on top pixel by pixel (``clear_sums``:
        its cells along that card's edge are left out of the whole face); both masks given as
        their ``cv2.integral`` sums, as :func:`box_share` reads them.  Where ``clear`` (the
        mask itself) is given, a patch is compared only where it is clear of that card, and a
        patch more than half clear counts too, by the share that shows; of a patch mostly
        hidden, its parts apart that show whole count (:func:`parts_apart`).  None when no patch
        has a picture in both faces (a pip against blank paper: the whole-face measure decides
        that)."""
        every, shown_whole = Tally(), Tally()
        whole, in_sight = True, False
        for patch in self._patches(a, b):
            x, y, bw, bh, area, parts, _ = patch
            shown, in_clear = in_view(open_sums, clear_sums, (x, y, bw, bh), clear, patch.print_)
            if not shown > 0.5 and not in_clear > 0.5:
                # mostly hidden: its parts that show whole tell on their own (a corner index's
                # pip, joined to the big symbol under the card on top: big 0584's 3 of squares)
                for px, py, pw, ph, part_area in parts:
                    part = (px, py, pw, ph)
                    if in_view(open_sums, clear_sums, part, clear, patch.print_in(part))[0] == 1.0:
                        matches = self._patch_matches(a, b, sig, part, None)
                        every.add(part_area, *matches)
                        shown_whole.add(part_area, *matches)
                        in_sight = True
                continue
            # matched only where it lies clear of the card on top: a card's corner inside a
            # 4's patch looked like neither a 4 nor a 5 (big 0982)
            mask = None if clear is None or in_clear == 1.0 else \
                clear[y:y + bh, x:x + bw].astype(np.float32)
            matches = self._patch_matches(a, b, sig, (x, y, bw, bh), mask)
            if shown > 0.5:
                whole, in_sight = whole and shown == 1.0, True
                if shown == 1.0:
                    shown_whole.add(area, *matches)
            else:  # more than half clear of the card on top: it tells too (the half of a 3
                # beside the card's edge, big 0899), by the share that shows, but never whole
                area *= in_clear
            every.add(area, *matches)
        if every.weight == 0:
            return None
        return LocalRead(every.side(), every.likeness(), whole and in_sight, shown_whole.plain_side())

    def _patch_matches(self, a: int, b: int, sig: np.ndarray, box: tuple[int, int, int, int],
                       mask: np.ndarray | None) -> list[float]:
        """How well the sharp faces ``a`` and ``b`` match the face ``sig`` in ``box``, each at
        its best within ``PLAY`` pixels (``mask``: where in the box to compare)."""
        x, y, bw, bh = box
        h, w = sig.shape
        x0, y0 = max(0, x - PLAY), max(0, y - PLAY)
        window = sig[y0:min(h, y + bh + PLAY), x0:min(w, x + bw + PLAY)]
        return best_matches(window, (self.sharp[a][y:y + bh, x:x + bw], self.sharp[b][y:y + bh, x:x + bw]), mask)

    def _plainly_read(self, a: int, b: int, fine: np.ndarray, open_sums: np.ndarray,
                      clear_sums: np.ndarray | None, clear: np.ndarray | None) -> int:
        """+1 or -1 where the patches that tell ``a`` from ``b`` show whole and plainly look
        like one of them (:meth:`_local_side`): a numeral read; 0 otherwise."""
        patches = self._local_side(a, b, fine, open_sums, clear_sums, clear)
        if patches is None:
            return 0
        return plain_side_of(patches.side, patches.likeness) if patches.whole else 0

    def fitted(self, face_bgr: np.ndarray, guess: str, covered: np.ndarray | None = None) -> np.ndarray | None:
        """Where the card ``guess`` lies on a face straightened from an outline a little off
        (a card partly hidden, its outline measured from the corners that show): the taught
        face mapped (affine) onto the picture where the picture shows (not a hand, not
        ``covered``), as the 3x3 map from the taught face to this one — or None when it does
        not fit, fits only far off, or stretches the face out of a card's shape.  The namer's
        own alignment allows a few per cent, to keep a printed inner frame from passing as the
        card; this gives a new outline, named afresh."""
        rows = [k for k, (name, _) in enumerate(self.labels) if name == guess]
        if not rows:
            return None
        sig = signature(face_bgr)
        hidden = self.hands.hand_pixels(face_bgr)
        if covered is not None:
            hidden |= covered
        if hidden.mean() > MOST_COVERED:
            return None  # too little shows to fit
        best = min(rows, key=lambda k: float(((self.templates[k] - sig)[~hidden] ** 2).mean()))
        warp = affine_at_half(self.templates[best], sig, FIT_STEPS, 1e-4, (~hidden).astype(np.uint8))
        if warp is None:
            return None
        warp = np.vstack([warp, [0, 0, 1]]).astype(np.float32)
        corners = np.float32([[0, 0], [FACE_W, 0], [FACE_W, FACE_H], [0, FACE_H]]).reshape(-1, 1, 2)
        moved = cv2.perspectiveTransform(corners, warp)
        if np.abs(moved - corners).max() > FIT_REACH * FACE_W:
            return None  # ran off
        stretch = np.linalg.svd(warp[:2, :2], compute_uv=False)
        if stretch[0] > FIT_STRETCH * stretch[1]:
            return None  # stretched one way much more than the other: no longer a card's shape (a
            # fit slid over a hand and another card's star named a card where none lay: big 1684)
        return warp

    def glance(self, thumb_bgr: np.ndarray, hidden: np.ndarray | None = None) -> float:
        """How like the nearest taught face (either way up) a face straightened to ``THUMB``
        looks, as a correlation: a first glance at a twenty-fifth of the cost of
        :meth:`name`, for the many guesses that are only the table.  ``hidden`` (bool,
        ``THUMB``'s shape): where a card known to lie on top of it is, left out — half a card
        under another correlates with no taught face as a whole (0.17 to 0.23, against 0.87
        and more past the card on top: big 1907, 1619, 1045), and was never looked at."""
        sig = signature(thumb_bgr, GLANCE_BLUR)
        if hidden is None or not hidden.any():
            return float((self.thumbs @ normalised_image(sig).ravel()).max())
        shown = ~hidden.ravel()
        if shown.sum() < 2:
            return 0.0
        seen = sig.ravel()[shown]
        seen = (seen - seen.mean()) / (np.linalg.norm(seen - seen.mean()) + 1e-6)
        taught = self.thumb_pixels[:, shown]
        taught = taught - taught.mean(axis=1, keepdims=True)
        taught /= np.linalg.norm(taught, axis=1, keepdims=True) + 1e-6
        return float((taught @ seen).max())

    def name(self, face_bgr: np.ndarray, covered: np.ndarray | None = None) -> Naming:
        """The face's name.  Cells mostly under a hand (:meth:`~companion.vision.hands.Hands.hand_cells`), and cells mostly
        ``covered`` (bool, the face's shape: where a card known to lie on top of it is), are
        left out of every comparison — but for a numeral or symbol clear of that card, pixel by
        pixel, in the pairwise decisions.

        A face this leaves unsure is looked at a second time, its print's contrast evened out
        (:func:`contrast_evened`), against the taught faces evened alike: where glare, a
        hand's shadow or a pale ink leaves part of the print faint, the faint part counts as
        much as the rest.  The second look settles the name only when it is sure and names
        the card the first look guessed or one the first look weighed and never ruled against
        (``Naming.unbeaten``: a 2 of crosses whose pips a hand hides, left undecided against
        the 1 and the 3 and guessed a 1, big 1052), and only a face that matches its taught one well
        (:data:`SECOND_LOOK_LIKE`): evened, a faint outline a little off a card (half a card
        and its neighbour, a 3 of squares with a hand over its middle square) looks more like
        some card, too.  Only faces near a name already are looked at again, never backs
        (:data:`SECOND_LOOK_FROM`).  A face whose alignment runs off is aligned again on its
        print alone at the second look (see :func:`align_to`).

        Before that, a face left unsure beside a hand is named again with the hand's rim left
        out too (:func:`hand_with_rim`), and that name stands by the same rule (:meth:`_settles`:
        a numeral mostly under the hand, less of it showing, can pass for another: big 0429's 5
        of circles as a 1, were it taken whatever the first look said of it).  Only then: left out at the first
        look, the rim hides a sliver of what tells two names apart from every face beside a
        hand, and 16 faces named right at their true outlines became unsure."""
        hand_px = self.hands.hand_pixels(face_bgr)  # by colour alone: the same at either look
        naming = self._looked_at(face_bgr, covered, hand_px)
        if naming.confidence < self.safe and naming.card not in ("", BACK):
            past_rim = self._named_past_the_rim(face_bgr, covered, hand_px, naming)
            if past_rim is not None:
                return past_rim
        if self.second_look is None or naming.confidence >= self.safe or naming.card in ("", BACK) \
                or naming.similarity < SECOND_LOOK_FROM:
            return naming
        second = self.second_look._looked_at(face_bgr, covered, hand_px)
        if not self._settles(naming, second):
            return naming
        # its likeness the better of the two looks': the reader weighs a place's outlines by it,
        # and evened, a face a little off matches less well than plainly (big 0049: a 1 of
        # circles sure at 0.92 evened, 0.99 plainly, lost its place to outlines at 0.97 leaning
        # to a 2 and a 4)
        return replace(second, similarity=max(second.similarity, naming.similarity))

    def _settles(self, first: Naming, later: Naming) -> bool:
        """Whether a later look's naming (past the hand's rim, or evened) settles a face the
        ``first`` look left unsure: it is sure, and names the first look's guess or a name the
        first look weighed and never ruled against (``Naming.unbeaten``)."""
        return later.confidence >= self.safe and later.card in first.unbeaten | {first.card}

    def _named_past_the_rim(self, face_bgr: np.ndarray, covered: np.ndarray | None, hand_px: np.ndarray,
                            first: Naming) -> Naming | None:
        """The face named with the rim of the hand over it left out too (:func:`hand_with_rim`)
        where that settles what the ``first`` look left unsure (:meth:`_settles`), or None: no
        hand covers ``RIMMED_HAND`` of it past the cards on top (a brown back on top is no
        hand), or past the rim it is unsure or a name the first look ruled against."""
        in_view = hand_px if covered is None else hand_px & ~covered
        if in_view.mean() < RIMMED_HAND:
            return None
        naming = self._looked_at(face_bgr, covered, hand_px | hand_with_rim(in_view))
        return naming if self._settles(first, naming) else None

    def _looked_at(self, face_bgr: np.ndarray, covered: np.ndarray | None = None,
                   hand_px: np.ndarray | None = None) -> Naming:
        """The face's name at one look (see :meth:`name`); ``hand_px``: its
        :meth:`~companion.vision.hands.Hands.hand_pixels`, when already found."""
        if hand_px is None:
            hand_px = self.hands.hand_pixels(face_bgr)
        skin = cells_of_hand(hand_px)
        under = np.zeros_like(skin) if covered is None else cells_under(covered)
        if skin.any() and self.back_rows:  # a back's print may be warm (a brown pattern): a
            # face nearest a back as it is has no hand to leave out (a back is named whole)
            whole = self._distances(signature(face_bgr, evened=self.evened))[0]
            if self.labels[int(np.argmin(whole))][0] == BACK:
                skin[:] = False
        hidden = skin | under
        if under.mean() > MOST_COVERED:  # mostly under another card: what shows is a guess at most (named
            # whole, the top card's symbol beside this one's numeral makes a card of its own)
            naming = self._named(face_bgr, hidden, under)
            return replace(naming, margin=0.0, candidates=tuple((n, 0.0) for n, _ in naming.candidates))
        if not hidden.any() or (skin & ~under).mean() > MOST_HIDDEN:
            return self._named(face_bgr, None)  # nothing over it, or too much of a hand to name what is left
        edge, by_card = None, under
        if under.any():  # and the cells along the top card's edge: what shows there is a sliver of a
            # symbol cut by it (half a circle can pass for a star's point) or the top card's shadow.
            # They are left out of the comparison, but they hide nothing that tells two names
            # apart: only the cells truly under the card count as hiding it (counted too, they
            # left a card half under another unsure wherever its rank mark lay near the card's
            # edge: big 0049's 1 of circles, its numeral beside a 3's corner)
            grid = under.reshape(FACE_H // CELL, FACE_W // CELL).astype(np.uint8)
            wider = cv2.dilate(grid, np.ones((3, 3), np.uint8)).ravel() > 0
            edge = wider & ~hidden
            by_card, hidden = wider, hidden | wider
        clear = None if covered is None else \
            cv2.dilate(covered.astype(np.uint8), np.ones((2 * CLEAR_REACH + 1,) * 2, np.uint8)) == 0
        naming = self._named(face_bgr, hidden, under if under.any() else None, edge, clear, skin & ~by_card,
                             at_ink_size(hand_px))
        # a back is told by its whole pattern, never by what a hand leaves of it: a dark
        # sleeve beside a hand is not a back
        return self._named(face_bgr, None) if naming.card == BACK and skin.any() else naming

    def _named(self, face_bgr: np.ndarray, hidden: np.ndarray | None, under: np.ndarray | None = None,
               edge: np.ndarray | None = None, clear: np.ndarray | None = None,
               hand: np.ndarray | None = None, hand_small: np.ndarray | None = None) -> Naming:
        thumb = cv2.resize(face_bgr, THUMB, interpolation=cv2.INTER_AREA)
        first = self.glance(thumb)
        if first < FIRST_GLANCE and (under is None or self.glance(thumb, cells_at(under, THUMB)) < PAST_GLANCE):
            return Naming("", first, "", 0.0, False)  # the table, a hand, a phone: not worth a closer look
        sig, fine = signature(face_bgr, evened=self.evened), signature(face_bgr, SHARP, self.evened)
        coarse = self._distances(sig, hidden)[0]
        sig, fine, coarse = self._back_shifted(sig, fine, coarse, hidden)
        if 1.0 - coarse.min() / 2.0 < GLANCE:  # not near any taught face even roughly: no card
            best = int(np.argmin(coarse))
            return Naming(self.labels[best][0], float(1.0 - coarse.min() / 2.0), self.labels[best][0], 0.0,
                          self.labels[best][1])
        seen = None if hidden is None else pixels_of(~hidden).astype(np.uint8)
        # at the second look only, a face whose alignment runs off is aligned again on its
        # print: that look names only the card the first guessed, on a face that matches it
        # well.  At the first, an outline a little off, or across two cards, aligned so was
        # named (see :func:`align_to`; a face left unaligned keeps a third of its margin)
        moved = align_to(self.templates[int(np.argmin(coarse))], sig, fine, stretch=STRETCH, mask=seen,
                         on_print=self.evened)
        if moved is not None:
            sig, fine = moved
        # the ink tells suits apart only on a face partly under a card seen whole or a hand:
        # its symbol may lie under it, and the numeral's ink tells its suit (big 1456's 1 of
        # squiggles, its squiggle under the fingers, was unsure between the suits).  On any
        # other face a shape that tells the suits apart only faintly may be an outline of
        # half a card (half a 2 of squares is a 1), which the ink would make sure
        handed = hand is not None and hand.any()
        small = None if under is None and not handed else \
            cv2.resize(face_bgr, INK_SIZE, interpolation=cv2.INTER_AREA)
        naming = self._name(sig, fine, hidden, under, small, edge, clear, hand, hand_small if handed else None)
        if moved is None and naming.card != BACK:
            # not registered: a numeral a few pixels off can pass for another; the name stays
            # a guess (measured: the faces that fail to align hold most of the wrong names)
            naming = replace(naming, margin=naming.margin * UNALIGNED,
                             candidates=tuple((n, c * UNALIGNED) for n, c in naming.candidates))
        return naming

    def _seen_ink(self, small: np.ndarray | None, weight: np.ndarray,
                  edge: np.ndarray | None = None, hand_small: np.ndarray | None = None) -> np.ndarray | None:
        """The face's coloured ink, measured on the cells that show (not a hand, not a card on
        top) and on those along the top card's ``edge``: a sliver of a symbol cut by it tells
        no shape, but its ink is this card's (the top card's paper rim lies between its print
        and its edge, and a shadow is grey); a hand's pixels (``hand_small``, at ``INK_SIZE``)
        left out in the cells it only partly covers too (skin is no ink).  None without a
        colour picture or enough coloured ink."""
        if small is None:
            return None
        left_out = weight == 0
        if edge is not None:
            left_out = left_out & ~edge
        cells = left_out.reshape(FACE_H // CELL, FACE_W // CELL)
        ignore = cv2.resize(cells.astype(np.uint8), INK_SIZE, interpolation=cv2.INTER_NEAREST) > 0
        return ink_colour(small, ignore if hand_small is None else ignore | hand_small)

    def _one_rank(self, a: int, b: int) -> bool:
        """Whether two faces are of one rank (they differ in suit only)."""
        return BACK not in (self.labels[a][0], self.labels[b][0]) and \
            rank_of(self.labels[a][0]) == rank_of(self.labels[b][0])

    def _ink_side(self, a: int, b: int, seen: np.ndarray | None, hues: dict[str, tuple[float, float]] | None) -> int:
        """Which of two names one picture in grey (a numeral in blue and the same numeral in
        green, the symbols that differ hidden) the face's ink ``seen`` says it is: +1 a, -1 b,
        0 when it cannot tell — it must be very near one name's suit's (:meth:`suit_ink_near`) and well
        away from the other's, or, faded towards grey, be so in hue (``hues``: :meth:`suit_hues`)."""
        ink_a, ink_b = self.inks.get(self.labels[a][0]), self.inks.get(self.labels[b][0])
        if seen is None or ink_a is None or ink_b is None or ink_apart(ink_a, ink_b) < INK_GAP:
            return 0  # no ink to tell by, or the same ink: it tells nothing
        suit_a, suit_b = (suit_of(self.labels[k][0]) for k in (a, b))
        if suit_a == suit_b:
            return 0  # one suit's ranks, each measured a little off: the ink tells no rank
        near_a, near_b = self.suit_ink_near(seen, suit_a), self.suit_ink_near(seen, suit_b)
        if min(near_a, near_b) <= INK_NEAR and abs(near_a - near_b) >= INK_GAP:
            return 1 if near_a < near_b else -1
        hued = _hue_suit(hues, (suit_a, suit_b))
        return 1 if hued == suit_a else -1 if hued == suit_b else 0

    def suit_ink_near(self, seen: np.ndarray, suit: str) -> float:
        """How near a face's ink ``seen`` is to a suit's: to the nearest of the suit's taught
        inks.  A suit is printed in one ink, but each rank's teaching photo measures it a
        little off (on the corpus's decks, up to 0.03 apart): a red 2 under a hand, 0.068 from
        the 4 of crosses' ink, was 0.097 from the 2's, and went untold (big 1066)."""
        return float(inks_apart(self.suit_inks[suit], seen).min())

    def suit_hues(self, seen: np.ndarray) -> dict[str, tuple[float, float]]:
        """How near a face's ink ``seen`` is to each suit's in hue (degrees; the nearest of the
        suit's taught inks), and how strongly coloured against that ink (:func:`hues_apart`):
        worked out once a face, for every pair of names it settles."""
        hues = {}
        for suit, inks in self.suit_inks.items():
            angle, strength = hues_apart(inks, seen)
            nearest = int(np.argmin(angle))
            hues[suit] = float(angle[nearest]), float(strength[nearest])
        return hues

    def _inked_suit(self, seen: np.ndarray | None, hues: dict[str, tuple[float, float]] | None) -> str | None:
        """The suit whose ink the face plainly shows (near it, and well away from every other
        ink; or so in hue, faded), if any: its ranks are rivals too, whatever the grey picture's
        best suit."""
        if seen is None:
            return None
        near = sorted((ink_apart(seen, ink), name) for name, ink in self.inks.items() if ink is not None)
        if not near:
            return None
        if near[0][0] <= INK_NEAR:
            best = self.inks[near[0][1]]
            others = [d for d, name in near if ink_apart(self.inks[name], best) >= INK_GAP]
            if all(d >= near[0][0] + INK_GAP for d in others):
                return suit_of(near[0][1])
        return _hue_suit(hues, tuple(self.suit_inks))

    def _back_shifted(self, sig: np.ndarray, fine: np.ndarray, coarse: np.ndarray, hidden: np.ndarray | None):
        """The face moved onto the taught back where a back's pattern says how far it is off
        (phase correlation), when moved it is nearest a back: a back's fine pattern matches
        only at its exact outline, and a few pixels off (an outline found at its rim, or one
        pattern's period over) the whole-face alignment cannot find its way back."""
        if not self.back_rows:
            return sig, fine, coarse
        best = min(self.back_rows, key=lambda k: coarse[k])
        (dx, dy), response = cv2.phaseCorrelate(self.templates[best], sig, self.window)
        if response < BACK_PHASE or not 0.5 <= max(abs(dx), abs(dy)) <= BACK_SHIFT:
            return sig, fine, coarse
        move = np.float32([[1, 0, -dx], [0, 1, -dy]])
        shifted = [cv2.warpAffine(picture, move, (FACE_W, FACE_H), borderMode=cv2.BORDER_REPLICATE) for picture in (sig, fine)]
        moved = self._distances(shifted[0], hidden)[0]
        if self.labels[int(np.argmin(moved))][0] != BACK or moved[best] >= coarse[best]:
            return sig, fine, coarse
        return shifted[0], shifted[1], moved

    def _distances(self, sig: np.ndarray, hidden: np.ndarray | None = None):
        """Each template's mean squared difference over the cells some face explains, the
        cells' weights (0: covered) and the squared differences themselves."""
        gh, gw = FACE_H // CELL, FACE_W // CELL
        by_cell = sig.reshape(gh, CELL, gw, CELL).transpose(0, 2, 1, 3).reshape(gh * gw, CELL * CELL)
        cross = np.einsum("kcp,cp->kc", self.cell_templates, by_cell)
        cells = (self.cell_power - 2 * cross + (by_cell * by_cell).sum(axis=1)[None]) / (CELL * CELL)
        floor = cells.min(axis=0)
        weight = (floor < COVERED).astype(np.float32)
        if hidden is not None:
            weight[hidden] = 0.0
        if weight.sum() < 0.4 * weight.size:
            weight[:] = 1.0 if hidden is None else (~hidden).astype(np.float32)
        if weight.sum() == 0:
            weight[:] = 1.0
        return (cells * weight).sum(axis=1) / weight.sum(), weight

    def _rivals(self, order: np.ndarray, ink: np.ndarray | None, hues: dict | None, partly: bool) -> list[int]:
        """The faces settled pairwise (rows of the templates; ``order``: nearest first): the
        best way up of each of the few best names, and every rank of the best suit (and of the
        suit its ``ink`` shows, or its ``hues``) — a face of one suit is nearly one picture whatever its rank, so
        the whole-face distance may rank the true card fifth; ``partly`` (part of the face under
        a hand or a card, where its symbol may be): every suit of the best rank too."""
        rivals: list[int] = []
        for i in order:
            if all(self.labels[i][0] != self.labels[j][0] for j in rivals):
                rivals.append(int(i))
            if len(rivals) == RIVALS:
                break
        suits = {suit_of(self.labels[rivals[0]][0]), self._inked_suit(ink, hues)} - {None}
        rank = rank_of(self.labels[rivals[0]][0])
        for i in order:
            name = self.labels[i][0]
            if (suit_of(name) in suits or partly and rank_of(name) == rank) and \
                    all(name != self.labels[j][0] for j in rivals):
                rivals.append(int(i))
        return rivals

    def _settled(self, a: int, b: int, face: _Face) -> tuple[float, float] | str | None:
        """Which of two taught faces ``a`` and ``b`` the face is, and how surely: (side, margin)
        — side >= 0 for ``a``, the margin 0..1 — or ``NEITHER`` (each plainly contradicted:
        half of another card), or None (nothing tells them apart where the face shows).  The
        face's projection on the difference of the two where they differ in shape, the patches
        that differ (:mod:`~companion.vision.patches`) and the face's ink decide."""
        aligned_a, aligned_b = self.templates[a][RIM:-RIM, RIM:-RIM], self.templates[b][RIM:-RIM, RIM:-RIM]
        apart = aligned_a - aligned_b
        # only where the two differ in shape, not in shade: the same numeral in blue and
        # in green is one shape (the colour rule judges ink), and in grey a covered
        # symbol's suit must not be told from its numeral's tone
        shape = apart * (np.abs(apart) > SHADE)
        delta = shape * face.seen
        power = float((delta * delta).sum())
        # two names printed in inks apart: the face's ink may be plainly one of them
        inked = self._ink_side(a, b, face.ink, face.hues)
        if power < 8 * DIFFER:  # the same picture where it can be seen: the ink alone tells,
            # or the patches that differ, shown whole and read plainly (one corner index
            # is too little to count as shape: big 1377's 2 of crosses, its other index
            # under a hand, is told from a 3 by it)
            told = inked or self._plainly_read(a, b, face.fine, face.open_sums, face.clear_sums, face.clear)
            return (float(told), 1.0) if told else None
        patches = self._local_side(a, b, face.fine, face.open_sums, face.clear_sums, face.clear)
        local, likeness, shown_whole, plain_side = patches if patches is not None else (None, 1.0, False, 0)
        middle = (aligned_a + aligned_b) / 2
        # +1: exactly a's face where the two differ, -1: exactly b's, 0: half-way
        whole = float(((face.crop - middle) * delta).sum() / (power / 2))
        if local is None:
            side = whole
        elif np.sign(local) == np.sign(whole):  # both measures agree: the surer counts
            side = float(np.sign(local)) * max(abs(local), abs(whole))
        else:  # they disagree: the patches (which allow for a numeral a little off) decide
            side = local
        # the patches that decide look like neither face well (a hand or a card over
        # the numeral, glare): the decision is no better than a guess
        m = min(1.0, abs(side)) * float(np.clip((likeness - PATCH_POOR) / (PATCH_FAIR - PATCH_POOR), 0, 1))
        if local is not None and local * whole < 0 and likeness < PLAIN:
            m = 0.0  # the patches overrule the whole face but look like neither face plainly
            # (a hand's edge across a numeral): the two measures disagree, neither is trusted
        # most of what tells the two apart under another card: the part that shows (the foot of
        # a 2 beside a 1's) decides nothing surely — but a numeral shown whole and read plainly,
        # both measures agreeing, does (a 5 of stars, a back over its 4's missing pip and a
        # corner, its other corner's 5 in view, was unsure at 0.97 like its taught face); so
        # does a corner index's suit symbol, shown whole, the whole face plainly on its side
        numeral_read = shown_whole and likeness >= PLAIN and local * whole > 0 and \
            (abs(local) >= 1.0 or abs(whole) >= WHOLE_PLAIN and self._one_rank(a, b))
        # and so do the patches that show whole, read plainly on their own, where every
        # measure agrees: a patch cut by the top card's edge, matched where it shows,
        # looks like neither face plainly, and took the plain reading of the rest away
        # (big 0966: a 1 of squares, a 5 of squares over its middle; its corner numerals,
        # whole, read a 1 plainly, but the 2's pip, cut by the 5's edge, looked like
        # neither a 2 nor a 1, and the card was unsure)
        numeral_read = numeral_read or bool(plain_side) and plain_side * local > 0 and plain_side * whole > 0
        if not numeral_read:
            for out_of_sight, least in ((face.covered, SHOWN_ENOUGH), (face.handed, HAND_SHOWN)):
                if out_of_sight is not None:
                    m *= shown_enough(shape, power, out_of_sight, least)
        if inked and inked * side < 0:  # the ink says one, the shapes the other
            if m >= INK_OVERRULED:  # plainly: neither is the face (half of another card)
                return NEITHER
            side = float(inked)  # faintly: the ink tells
            m = 1.0
        elif inked:
            m = 1.0  # both say it: the ink makes it sure
        return side, m

    def _name(self, sig: np.ndarray, fine: np.ndarray, hidden: np.ndarray | None = None,
              under: np.ndarray | None = None, small: np.ndarray | None = None,
              edge: np.ndarray | None = None, clear: np.ndarray | None = None,
              hand: np.ndarray | None = None, hand_small: np.ndarray | None = None) -> Naming:
        """The face's name: its rivals (:meth:`_rivals`) settled pair by pair (:meth:`_settled`);
        the one that beats every other is named, its least margin the confidence.
        ``hidden``: the cells left out (a hand, another card); ``under``: those of them under
        another card, where the evidence that would tell two names apart may lie; ``small``:
        the face in colour at ``INK_SIZE``, for its ink (None: the ink tells nothing); ``edge``:
        the cells along the top card's edge, left out of the shapes but not of the ink;
        ``hand``: those under a hand, where too may lie what tells two names apart;
        ``hand_small``: where the hand lies at ``INK_SIZE``, left out of the ink."""
        distance, weight = self._distances(sig, hidden)
        similarity = 1.0 - distance / 2.0
        best = int(np.argmax(similarity))
        name, flipped = self.labels[best]
        if similarity[best] < self.nameable[name == BACK]:
            # no name could be safe: the nearest as the guess, without the costly settling
            # the candidates: the few nearest names, each scored by how well it matches alone
            # (a rank is not told from its neighbours here, so they share about one score)
            seen: dict[str, float] = {}
            for i in np.argsort(distance):
                label = self.labels[i][0]
                if label not in seen:
                    seen[label] = Naming(label, float(similarity[i]), label, 1.0, False).confidence
                if len(seen) == RIVALS:
                    break
            return Naming(name, float(similarity[best]), name, 0.0, flipped, tuple(seen.items()))
        ink = self._seen_ink(small, weight, edge, hand_small)
        hues = None if ink is None else self.suit_hues(ink)
        rivals = self._rivals(np.argsort(distance), ink, hues, partly=hidden is not None)
        open_pixels = pixels_of(weight) > 0
        def inside(cells: np.ndarray) -> np.ndarray:  # per-cell values over the face's pixels, its rim left out
            return pixels_of(cells)[RIM:-RIM, RIM:-RIM].astype(np.float32)

        face = _Face(sig[RIM:-RIM, RIM:-RIM], fine, open_pixels[RIM:-RIM, RIM:-RIM].astype(np.float32),
                     None if under is None else inside(under), None if hand is None or not hand.any() else inside(hand),
                     cv2.integral(open_pixels.view(np.uint8)),
                     None if clear is None else cv2.integral(clear.view(np.uint8)), clear, ink, hues)
        wins = {i: 0.0 for i in rivals}
        worst = {i: 1.0 for i in rivals}  # each name's least good pairwise margin
        lost = {i: 0.0 for i in rivals}   # each name's most decisive pairwise defeat
        beaten: set[int] = set()          # the names that lost a decision (however narrowly)
        for a_pos, a in enumerate(rivals):
            for b in rivals[a_pos + 1:]:
                settled = self._settled(a, b, face)
                if settled is None:
                    continue
                if settled is NEITHER:
                    worst[a] = worst[b] = 0.0
                    beaten |= {a, b}
                    continue
                side, m = settled
                winner, loser = (a, b) if side >= 0 else (b, a)
                beaten.add(loser)
                wins[winner] += 1
                worst[winner] = min(worst[winner], m)
                worst[loser] = 0.0
                lost[loser] = max(lost[loser], m)
        order = sorted(rivals, key=lambda i: (-wins[i], distance[i]))
        best = order[0]
        margin = worst[best] if wins[best] == len(rivals) - 1 else 0.0
        name, flipped = self.labels[best]
        runner = order[1]
        naming = Naming(name, float(similarity[best]), self.labels[runner][0], float(margin), flipped,
                        unbeaten=frozenset(self.labels[i][0] for i in rivals if i not in beaten))
        # each rival's score: how well its face matches, times how far from losing to a
        # rival it stands (the winner's is the confidence)
        clear = np.clip((similarity - FAIR) / (GOOD - FAIR), 0.0, 1.0)
        scores = [(self.labels[i][0], float(clear[i] * (1.0 - lost[i]) * (0.5 + 0.5 * wins[i] / (len(rivals) - 1))))
                  for i in order[1:]]
        return replace(naming, candidates=((name, naming.confidence),) + tuple(scores))
