"""The live loop's work on each frame: is the picture usable, did anything move, and — only
when the table is still and something changed — read it and follow the cards.

Reading a frame is the costly part (hundreds of milliseconds on a Pi), so little is read:

* each frame is compared with the one before on a tiny copy (160 × 90, under a millisecond;
  what counts is how much of it changed, in any of blue, green and red, so a fingertip over
  one card is movement, and a hand as dark as the table but not its colour); while anything
  moves, nothing is read, and agreement on every card starts again (a card is entered only
  when nothing covers it);
* a still frame that differs from the table as it last settled is compared with that table
  at full size: a change shaped like one card is named there at once (``changes.py``: the
  table's own pattern cancels out, and there is nothing to search); any other change is read
  the usual way, only where it differs, with a card's length round it — but not while the
  change reaches the frame's edge (an arm reaching in: its hand may rest over the card a
  moment, quite still), for up to ``REACH_WAIT`` still frames;
* in the next still frames the cards found there are only named again at the outlines found
  (a few milliseconds each, no search), until the tracker has ``STEADY`` agreeing readings.

Pure of processes and cameras: :class:`LiveReader` takes frames and gives
:class:`Look` reports, so the tests drive it frame by frame on the virtual camera."""

from __future__ import annotations

import time
from dataclasses import dataclass, field, replace

import cv2
import numpy as np

from companion.vision.changes import (changed_mask, footprint, laid_and_lifted, laid_beside_lifted, laid_on_bare,
                                      lifted_places, outlined, outside_footprints)
from companion.vision.geometry import iou, overlap
from companion.vision.sizes import held_to_known
from companion.vision.tracker import STEADY, UNSURE, Tracker

MOVED = 0.002       # share of the tiny copy's pixels that changed, that means something moved
CHANGED = 0.002     # ...and since the last frame read, that means the table changed
TINY = (160, 90)
REFRESH = 20.0      # s: a still table is read again this often all the same (a missed change)
SPOT = 12           # levels (of B, G or R): a tiny pixel that changed by more is part of what
                    # changed (the sensor's noise, averaged over 8 x 8 pixels, stays far below)
MARGIN = 0.14       # of the frame's width, round what changed: a card's length, so the whole card is read
EDGE = 4            # pixels: an outline this near the edge of the region read is cut by it
REACH_WAIT = 6      # still frames at most passed over while a change reaches the frame's edge
BARE_KNOWN = 0.5    # of a place's footprint where the bare table was seen, to tell whether it lies bare ...
NOT_BARE = 0.2      # ... and the share of that which differs from it, that means something lies there
LAID_OVER = 0.1     # a known place a card just laid covers this much of (of the smaller) is gone
                    # (chosen, not measured: a card turned up at that moment is read again later)
STAYED = 0.8        # a place's outline sharing this much (intersection over union) with its outline
                    # when the table settled lies where it did (chosen, not measured: named again, a
                    # place moves a pixel or two; a card laid again half over its old place, far more)
SMALLEST = 0.4      # of the frame's height: the smallest side of a region read (the finder needs
                    # table round a card to tell it from the table)


@dataclass(frozen=True)
class Look:
    """What one frame told: the events the tracker settled, the cards on the table, whether
    the frame was read and what that cost, and a fault sentence (None: a usable picture)."""

    events: tuple = ()
    backs: int = 0
    faces: tuple = ()
    read: bool = False
    still: bool = True
    seconds: float = 0.0
    warning: str | None = None


def tiny_copy(frame: np.ndarray) -> np.ndarray:
    """The frame at ``TINY`` size, in colour: a hand of the table's shade is not of its colour
    (a brown hand over red-brown wood changed the grey copy's edge by 12 levels, the red by 23)."""
    return cv2.resize(frame, TINY, interpolation=cv2.INTER_AREA).astype(np.int16)


def spots(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Where two tiny copies differ: by more than ``SPOT`` in any channel."""
    apart = np.abs(a - b)
    return (apart.max(axis=2) if apart.ndim == 3 else apart) > SPOT


def difference(a: np.ndarray | None, b: np.ndarray) -> float:
    """The share of two tiny copies' pixels that differ (1 when there is no first): a
    fingertip over one card counts, however still the rest is."""
    return 1.0 if a is None else float(spots(a, b).mean())


@dataclass
class LiveReader:
    """A reader (``read(frame)`` and ``name_at(frame, quads)`` give readings), a fault check (``check(frame) -> str | None``)
    and the tracker, frame after frame."""

    reader: object
    check: object = None
    clock: object = time.monotonic
    tracker: Tracker = field(default_factory=Tracker)
    previous: np.ndarray | None = None
    last_read: np.ndarray | None = None
    read_at: float = float("-inf")
    agreeing: int = 0  # readings since the table last changed
    baseline: np.ndarray | None = None  # the tiny copy of the table when it last settled
    last_frame: np.ndarray | None = None  # the last frame read
    settled: np.ndarray | None = None     # the frame of the table when it last settled
    settled_places: dict = field(default_factory=dict)  # ... and the places known then (number -> outline)
    bare: np.ndarray | None = None        # the table without cards, where it has been seen so
    bare_seen: np.ndarray | None = None   # ... (True where it has)
    _bare_from: np.ndarray | None = None  # the settled frame it was last learnt from
    quick: int = 0  # changes named at once, without searching
    costs: dict = field(default_factory=lambda: {kind: [0, 0.0] for kind in ("search", "quick", "again")})
    waited: int = 0  # still frames passed over because the change reached the frame's edge

    def look(self, frame: np.ndarray) -> Look:
        warning = self.check(frame) if self.check is not None else None
        if warning is not None:
            self.previous = None
            return Look(warning=warning, backs=self.tracker.backs(), faces=tuple(self.tracker.faces()))
        tiny = tiny_copy(frame)
        still = difference(self.previous, tiny) < MOVED
        self.previous = tiny
        if not still:
            self.tracker.moving()
            self.agreeing = 0  # (busy: the next frames are looked at sooner)
            return Look(still=False, backs=self.tracker.backs(), faces=tuple(self.tracker.faces()))
        now = self.clock()
        changed = difference(self.last_read, tiny) >= CHANGED
        if changed:
            self.agreeing = 0
        # (a change is read where it lies, at once: a card laid after a long pause is no reason
        # to read the whole frame first — the refresh waits for a still, unchanged table)
        refresh = not changed and now - self.read_at >= REFRESH
        if not (changed or refresh or self.agreeing < STEADY or self.tracker.unsettled()):
            self._settle(self.last_read, self.last_frame)
            return Look(backs=self.tracker.backs(), faces=tuple(self.tracker.faces()))
        start = time.perf_counter()
        waiting = self.tracker.waiting()
        looked_at, gone = None, ()
        if not changed and not refresh and waiting:
            # the same still table as the last look: only the cards found then are named again
            readings = self.reader.name_at(frame, [place.corners for place in waiting])
            region, looked_at, kind = None, {place.number for place in waiting}, "again"
        else:
            # only what differs from the settled table (a hand that has gone away is not read);
            # the whole frame when a card was missed once (it may lie outside that part)
            if self.waited < REACH_WAIT and reaches_edge(self.baseline, tiny):
                # an arm still reaches in over the table: nothing to read yet, not even a refresh
                # that falls due (what it found under the fingers would be named there again)
                self.waited += 1
                return Look(backs=self.tracker.backs(), faces=tuple(self.tracker.faces()))
            self.waited = 0
            region = None if refresh or self.tracker.missing() else changed_region(self.baseline, tiny, frame.shape)
            told = None if refresh else self._laid(frame, region)
            if told is not None:  # only the changes were named: no other place was looked at
                readings, looked_at, gone = told
                kind = "quick"
            else:
                readings, kind = self._read(frame, region), "search"
        events = self.tracker.update(readings, region=region, looked_at=looked_at, gone=gone)
        self.last_read, self.read_at, self.last_frame = tiny, now, frame
        cost = self.costs[kind]
        cost[0] += 1
        cost[1] += time.perf_counter() - start
        self.agreeing += 1
        if not changed and self.agreeing >= STEADY and not self.tracker.unsettled():
            # the look that made the table agree settles it: the next card may be laid at once
            # (a brisk table), and changes must be read against this table, not the one before
            self._settle(tiny, frame)
        return Look(tuple(events), self.tracker.backs(), tuple(self.tracker.faces()), True, True,
                    time.perf_counter() - start)

    @property
    def reads(self) -> int:
        """Frames read so far, of every kind."""
        return sum(count for count, _ in self.costs.values())

    @property
    def busy(self) -> bool:
        """Something is happening on the table (it moved at the last look, or cards wait to
        settle): worth looking at the next frame sooner."""
        return self.agreeing < STEADY or bool(self.tracker.waiting())

    def _laid(self, frame: np.ndarray, region):
        """What changed since the table settled, told without a search: each card laid named
        surely where the frame differs, each known place that changed (or was missed at an
        earlier look) named again where it lies (nothing there and the table bare: it was taken
        away).  The ways of sorting the change are tried in turn until one names the cards it
        finds surely.  ``(readings, places looked at, places gone)``, or None when no way tells
        the change, or a known place is unsure where it lies, or not named there though the
        table is not bare there (then the part is read the usual way)."""
        if self.settled is None or self.settled.shape != frame.shape or not hasattr(self.reader, "name_at"):
            return None
        places = self.tracker.footprints()
        for laid, changed in self._sortings(frame, region, places):
            new = self.reader.name_at(frame, laid, snap=True) if laid else []
            if len(new) == len(laid) and all(r.card != UNSURE for r in new):
                break
            # a card laid that cannot be named surely: the change was sorted wrongly (a card
            # lifted and one laid half over its place change as one card-shaped blob), or
            # it is anything else (then the part is searched)
        else:
            return None
        # a place found (or moved) since the table settled is not in the frame the change is
        # found against: whether it is still there shows no change, so it is looked at as if it
        # changed (the table never settled after the bids were laid out anew, and the round's
        # cards gathered then left their new places on the tracker for good: a 5 of circles laid
        # there later was never reported, ``make bench live``'s mono seed 10)
        changed = changed | self._since_settled(places)
        # a place a card was just laid over is gone (the card there now is the new one)
        under = {number for number in changed if any(overlap(quad, places[number]) > LAID_OVER for quad in laid)}
        # a place missed at an earlier look is looked at again too, changed or not: looked at
        # only where the frame changed, it stayed missing for good and the table never settled
        # again (a gathered trick's card, with the next card laid where it had lain)
        missing = self.tracker.missing() - changed
        recheck = sorted((changed - under) | missing)
        again = self.reader.name_at(frame, [places[number] for number in recheck]) if recheck else []
        # an unsure guess where the table lies bare (but for the cards just laid, on top) is of
        # the table: the place was taken up (wood's grain passed for a 3 of squiggles where a
        # gathered trick's card had lain, the card led next over its corner, and cost a search
        # of the whole frame: a third of ``make bench live``'s searches were such)
        on_top = [r.corners for r in new]
        again = self._not_the_table(frame, again, on_top)
        if any(r.card == UNSURE for r in again):
            # a known place that changed and is not sure where it lies is searched: the hand that
            # just left it may have hidden a corner when it was found (a 3 of crosses found under
            # the fingers, named again at that outline, read as an unsure 5 of stars for good)
            return None
        found = {number for number in recheck for r in again if overlap(r.corners, places[number]) >= 0.5}
        if any(not self._bare_at(frame, places[number], on_top) for number in set(recheck) - found):
            # a place not named again where it lay, yet the table is not bare there: something
            # lies there that is not that card at that outline — a card laid where one of a
            # gathered trick's lay was taken for it gone (or for it still missing) and was
            # never read; the part is searched
            return None
        self.quick += 1
        return new + again, changed | missing, changed - found

    def _sortings(self, frame: np.ndarray, region, places: dict):
        """The ways the change since the table settled may be sorted into cards laid (their
        outlines) and known places that changed, likeliest first, each worked out only when
        the one before fails: as card-shaped changes; as the card left when the places lifted
        are taken out of one blob; against the bare table."""
        size = frame.shape[1], frame.shape[0]
        mask = changed_mask(self.settled, frame, region)
        changes = outlined(mask, region, size)
        if not changes:
            return
        sorted_out = laid_and_lifted(changes, places)
        if sorted_out is not None:
            yield sorted_out
        lifted = lifted_places(mask, region, places)
        sorted_out = laid_beside_lifted(mask, region, size, places, lifted)
        if sorted_out is not None:
            yield sorted_out
        if self.bare is not None:
            sorted_out = self._laid_on_bare(frame, region, places, lifted)
            if sorted_out is not None:
                yield sorted_out

    def _laid_on_bare(self, frame: np.ndarray, region, places: dict, lifted: set):
        """A change the ways of sorting it against the settled table did not tell (a card
        led over a gathered card's place): the places that changed (``lifted``), and the
        cards laid found against the bare table outside the places still lying; None if that
        cannot tell it."""
        x0, y0, x1, y1 = region if region is not None else (0, 0, frame.shape[1], frame.shape[0])
        laid = laid_on_bare(changed_mask(self.bare, frame, region), ~self.bare_seen[y0:y1, x0:x1], region,
                            (frame.shape[1], frame.shape[0]), [c for n, c in places.items() if n not in lifted])
        return None if laid is None else (laid, lifted)

    def _since_settled(self, places: dict) -> set[int]:
        """The places (numbers) not where they lay when the table last settled: found since,
        or moved (their outline sharing under ``STAYED`` with the one then)."""
        return {number for number, corners in places.items()
                if number not in self.settled_places or iou(corners, self.settled_places[number]) < STAYED}

    def _bare_at(self, frame: np.ndarray, corners: np.ndarray, on_top=()) -> bool:
        """Whether the table lies bare where a card's outline is (as the loop learnt the bare
        table there), but for the cards ``on_top`` (just laid over its edge); False where it
        never saw the table bare."""
        if self.bare is None:
            return False
        h, w = frame.shape[:2]
        (x0, y0), (x1, y1) = np.int32(np.floor(corners.min(axis=0))), np.int32(np.ceil(corners.max(axis=0)))
        x0, y0, x1, y1 = max(0, x0), max(0, y0), min(w, x1 + 1), min(h, y1 + 1)
        if x1 <= x0 or y1 <= y0:
            return True  # off the frame: nothing of it can be seen
        inside = footprint(corners, (y1 - y0, x1 - x0), (x0, y0)) > 0
        for top in on_top:
            inside &= footprint(top, (y1 - y0, x1 - x0), (x0, y0)) == 0
        known = inside & self.bare_seen[y0:y1, x0:x1]
        if known.sum() < BARE_KNOWN * inside.sum():
            return False
        differs = changed_mask(self.bare, frame, (x0, y0, x1, y1)) > 0
        return (differs & known).sum() < NOT_BARE * known.sum()

    def _settle(self, tiny: np.ndarray, frame: np.ndarray) -> None:
        """The table as it now lies, read and agreed on: what later changes are found against."""
        self.baseline, self.settled = tiny, frame
        self.settled_places = self.tracker.footprints()
        self._learn_bare()

    def _learn_bare(self) -> None:
        """The bare table learnt from the frame it just settled on, wherever no known card
        lies: what a card led over a gathered card's place is found against."""
        if self.settled is None or self.settled is self._bare_from:
            return
        self._bare_from = self.settled
        free = outside_footprints(self.tracker.footprints().values(), self.settled.shape[:2])
        if self.bare is None or self.bare.shape != self.settled.shape:
            self.bare, self.bare_seen = self.settled.copy(), free > 0
        else:
            # OpenCV's masked copy, in place: a hundred times a boolean index's cost on a
            # whole frame (tens of ms a settle on a Pi, for a table that rarely changes)
            cv2.copyTo(self.settled, free, self.bare)
            self.bare_seen |= free > 0

    def _read(self, frame: np.ndarray, region) -> list:
        """The readings of the region (the whole frame when None), in the frame's pixels.  A
        card the region's edge cuts is left out: only part of it was read (it is read whole
        when it is what changed, and otherwise it is already known).  So is anything smaller
        than the cards known on the table (:func:`held_to_known`): part of one.  And so is an
        unsure guess where the table lies bare but for the cards known and named: it is the
        table (a gathered card's place, half over the card beside it, read as an unsure 5 of
        squares and reported: the screen asked about a card nobody laid)."""
        known = [place.corners for place in self.tracker.places if place.reported is not None]
        found = held_to_known(self._found(frame, region), known)
        return self._not_the_table(frame, found, known + [r.corners for r in found if r.card != UNSURE])

    def _not_the_table(self, frame: np.ndarray, readings: list, on_top: list) -> list:
        """The readings, an unsure guess where the table lies bare but for the cards ``on_top``
        left out: it is the table (wood's grain, the place a card was taken up from)."""
        return [r for r in readings if r.card != UNSURE or not self._bare_at(frame, r.corners, on_top)]

    def _found(self, frame: np.ndarray, region) -> list:
        if region is None:
            return self.reader.read(frame)
        x0, y0, x1, y1 = region
        h, w = frame.shape[:2]
        found = self.reader.read(np.ascontiguousarray(frame[y0:y1, x0:x1]), whole=(w, h))
        shift = np.float32([x0, y0])
        whole = []
        for reading in found:
            corners = np.float32(reading.corners) + shift
            cut = ((x0 > 0 and corners[:, 0].min() < x0 + EDGE) or (y0 > 0 and corners[:, 1].min() < y0 + EDGE)
                   or (x1 < w and corners[:, 0].max() > x1 - EDGE) or (y1 < h and corners[:, 1].max() > y1 - EDGE))
            if not cut:
                whole.append(replace(reading, corners=corners))
        return whole


def reaches_edge(before: np.ndarray | None, after: np.ndarray) -> bool:
    """Whether what changed since the table settled touches the frame's edge: an arm
    reaching in (the camera sees only the table, so a hand over it comes with an arm from
    outside).  Its hand may rest a moment over the card it laid, quite still: reading then
    costs a search (most of a second on a Pi) that can find nothing sure, and delays the
    frame after the hand has gone."""
    if before is None:
        return False
    changed = spots(after, before)
    return bool(changed[0].any() or changed[-1].any() or changed[:, 0].any() or changed[:, -1].any())


def changed_region(before: np.ndarray | None, after: np.ndarray, shape) -> tuple | None:
    """The part of the frame (x0, y0, x1, y1, in its pixels) where the tiny copies differ,
    with a card's length round it; None (the whole frame) when there is no frame before."""
    h, w = shape[:2]
    if before is None:
        return None
    ys, xs = np.nonzero(spots(after, before))
    if len(xs) == 0:
        return None
    sx, sy = w / TINY[0], h / TINY[1]
    margin = MARGIN * w
    x0, x1 = xs.min() * sx - margin, (xs.max() + 1) * sx + margin
    y0, y1 = ys.min() * sy - margin, (ys.max() + 1) * sy + margin
    least = SMALLEST * h
    if x1 - x0 < least:
        x0, x1 = (x0 + x1 - least) / 2, (x0 + x1 + least) / 2
    if y1 - y0 < least:
        y0, y1 = (y0 + y1 - least) / 2, (y0 + y1 + least) / 2
    box = (max(0, int(x0)), max(0, int(y0)), min(w, int(x1)), min(h, int(y1)))
    if (box[2] - box[0]) * (box[3] - box[1]) > 0.6 * w * h:
        return None  # most of the frame: read it whole
    return box
