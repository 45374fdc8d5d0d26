"""Following the cards on the table from one reading to the next, so that a card is
reported once, when it has settled — never from a single frame.

A frame's readings are matched to the places already known by how much their outlines
overlap.  A place becomes *steady* when its last ``STEADY`` readings agree on one name (the
reader's best guess) and the table was still for each of them: a card still moving in a
hand, half under the hand that put it down or glimpsed in one frame is not reported.  Each
place is reported once (:class:`Landed`); again only if it shows something else (a back
turned face up: ``turned``); and :class:`Gone` when it has not been seen for ``MISSES``
readings (a trick picked up).  Whether a landed card is sure enough to enter without asking
is the app's to decide, from the confidence the readings agreed with.

Pure: readings in, events out; no camera, no clock of its own."""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from itertools import count

import numpy as np

from companion.vision.geometry import overlap

BACK = "back"
UNSURE = "unsure"
STEADY = 3      # readings in a row that must agree before a place is reported
MISSES = 3      # readings in a row without it before a place is gone
MATCH = 0.5     # overlap (of the smaller outline) for a reading to be the same place


@dataclass(frozen=True)
class Landed:
    """A card has settled on the table (or a face-down card there was turned up)."""

    place: int
    card: str               # the name the readings agreed on: "3 star" or "back"
    confidence: float       # the agreeing readings' median confidence, 0..1
    candidates: tuple       # ((name, score), ...), best first, from the last reading
    corners: tuple          # ((x, y) * 4), image pixels
    turned: bool = False    # this place showed a back before
    again: bool = False     # read as another face before, nothing having moved since: the reading changed its mind


@dataclass(frozen=True)
class Gone:
    """A reported card is no longer on the table."""

    place: int
    card: str


@dataclass
class _Place:
    number: int
    corners: np.ndarray
    names: deque = field(default_factory=lambda: deque(maxlen=STEADY))
    confidences: deque = field(default_factory=lambda: deque(maxlen=STEADY))
    candidates: tuple = ()
    reported: str | None = None
    misses: int = 0
    moved: bool = False  # something moved over the table since this place was reported


def _inside(corners: np.ndarray, region) -> bool:
    """Whether a place lies wholly in the region read (None: the whole frame): a card the
    region's edge cuts was not looked at whole, so it cannot be missed there."""
    if region is None:
        return True
    pts = np.float32(corners).reshape(4, 2)
    x0, y0, x1, y1 = region
    return bool((pts[:, 0] >= x0).all() and (pts[:, 0] < x1).all() and (pts[:, 1] >= y0).all()
                and (pts[:, 1] < y1).all())


def _candidates(reading) -> tuple:
    given = tuple(getattr(reading, "candidates", ()) or ())
    return given or ((reading.guess, float(reading.confidence)),)


class Tracker:
    """The places on the table and what each has been read as."""

    def __init__(self) -> None:
        self.places: list[_Place] = []
        self._numbers = count()

    def update(self, readings, region=None, looked_at=None, gone=()) -> list:
        """One still frame's readings (``Reading``s of :mod:`companion.vision.reader`; a frame
        in which something moved is :meth:`moving` instead); ``region`` (x0, y0, x1, y1): the
        part of the frame that was read (None: all of it) — a place outside it was not looked
        at, so it is not missed; ``looked_at``: the only places looked at (their numbers), when
        only the cards found before were named again; ``gone``: places seen taken away (the
        frame differs where they lay and shows no card there), gone at once.  The events it
        settles."""
        events: list = []
        matched: set[int] = set()
        for reading in sorted(readings, key=lambda r: -r.confidence):
            place = self._match(reading.corners, matched)
            if place is None:
                place = _Place(next(self._numbers), np.float32(reading.corners))
                self.places.append(place)
            matched.add(place.number)
            place.corners = np.float32(reading.corners)
            place.misses = 0
            name = BACK if reading.card == BACK or reading.guess == BACK else reading.guess
            place.names.append(name)
            place.confidences.append(float(reading.confidence) if reading.card != UNSURE else
                                     min(float(reading.confidence), 0.79))
            place.candidates = _candidates(reading)
            event = self._settled(place)
            if event is not None:
                events.append(event)
        for place in list(self.places):
            if place.number in matched or not _inside(place.corners, region) or \
                    (looked_at is not None and place.number not in looked_at):
                continue
            place.misses = MISSES if place.number in gone else place.misses + 1
            if place.misses >= MISSES:
                self.places.remove(place)
                if place.reported is not None:
                    events.append(Gone(place.number, place.reported))
        return events

    def _match(self, corners, taken: set[int]) -> _Place | None:
        best, best_share = None, MATCH
        for place in self.places:
            if place.number in taken:
                continue
            share = overlap(corners, place.corners)
            if share >= best_share:
                best, best_share = place, share
        return best

    @staticmethod
    def _settled(place: _Place) -> Landed | None:
        if len(place.names) < STEADY or len(set(place.names)) != 1:
            return None
        name = place.names[-1]
        if name == place.reported:
            return None
        turned = place.reported == BACK and name != BACK
        again = place.reported not in (None, BACK) and name != BACK and not place.moved
        place.reported, place.moved = name, False
        corners = tuple((float(x), float(y)) for x, y in place.corners)
        # the readings' middle confidence: one poor frame (glare, a shadow) does not veto a card
        return Landed(place.number, name, float(np.median(place.confidences)), place.candidates, corners, turned,
                      again)

    def moving(self) -> None:
        """Something moves over the table: every place's agreement starts again."""
        for place in self.places:
            place.names.clear()
            place.confidences.clear()
            place.moved = True

    def waiting(self) -> list[_Place]:
        """The places still waiting for agreeing readings (seen, not yet reported as they read)."""
        return [place for place in self.places if place.names and not place.misses
                and (len(place.names) < STEADY or len(set(place.names)) > 1 or place.names[-1] != place.reported)]

    def missing(self) -> set[int]:
        """The places (their numbers) not seen at the last look that could have seen them."""
        return {place.number for place in self.places if place.misses}

    def unsettled(self) -> bool:
        """Some place still waits for agreeing readings, or to be seen gone."""
        return any(place.misses or (place.names and (len(place.names) < STEADY or len(set(place.names)) > 1
                                                      or place.names[-1] != place.reported))
                   for place in self.places)

    def footprints(self) -> dict[int, np.ndarray]:
        """Every known place's outline, by number."""
        return {place.number: place.corners for place in self.places}

    def backs(self) -> int:
        """Face-down cards on the table now (ESP's face-down rows)."""
        return sum(1 for place in self.places if place.reported == BACK)

    def faces(self) -> list[str]:
        """The face-up cards on the table now, as reported."""
        return [place.reported for place in self.places if place.reported not in (None, BACK)]
