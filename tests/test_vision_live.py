"""The live loop's pieces without a camera: the tracker (a card reported once, when its
readings agree on still frames), the frame-by-frame reader (only still, changed frames are
read, only where they changed) and ESP's rules narrowing what the camera saw."""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np
import pytest

from companion.games.esp.seen import SAFE, propose
from companion.vision.changes import (changed_mask, laid_and_lifted, laid_beside_lifted, laid_on_bare, lifted_places,
                                      outlined)
from companion.vision.live import REACH_WAIT, LiveReader, changed_region
from companion.vision.tracker import STEADY, Gone, Landed, Tracker

pytest.importorskip("cv2")

HERE = np.float32([[100, 100], [200, 100], [200, 240], [100, 240]])
THERE = HERE + 400


@dataclass(frozen=True)
class R:  # a reading as companion.vision.reader gives it
    card: str
    guess: str
    corners: np.ndarray
    confidence: float = 0.95
    candidates: tuple = ()
    by_look: bool = False


def seen(card, corners=HERE, confidence=0.95):
    return R(card, card, corners, confidence, ((card, confidence),))


def test_a_card_is_reported_once_when_its_readings_agree_on_still_frames():
    tracker = Tracker()
    for _ in range(STEADY - 1):
        assert tracker.update([seen("3 star")]) == []
    (landed,) = tracker.update([seen("3 star")])
    assert isinstance(landed, Landed) and landed.card == "3 star" and not landed.turned
    assert tracker.update([seen("3 star")]) == [] and tracker.faces() == ["3 star"]


def test_movement_starts_agreement_again_and_a_disagreeing_reading_holds_it_back():
    tracker = Tracker()
    tracker.update([seen("3 star")])
    tracker.update([seen("3 star")])
    tracker.moving()  # a hand over the table
    assert tracker.update([seen("3 star")]) == [] and tracker.update([seen("1 star")]) == []
    assert tracker.update([seen("1 star")]) == []
    assert [e.card for e in tracker.update([seen("1 star")])] == ["1 star"]


def test_a_back_turned_up_is_reported_as_turned_and_a_gathered_card_as_gone():
    tracker = Tracker()
    for _ in range(STEADY):
        events = tracker.update([seen("back")])
    assert events[0].card == "back" and tracker.backs() == 1
    for _ in range(STEADY):
        events = tracker.update([seen("4 cross")])
    assert events[0].card == "4 cross" and events[0].turned and tracker.backs() == 0
    for _ in range(2):
        assert tracker.update([]) == []
    assert tracker.update([]) == [Gone(events[0].place, "4 cross")]


def test_a_card_outside_the_region_read_is_not_missed():
    tracker = Tracker()
    for _ in range(STEADY):
        tracker.update([seen("2 circle", THERE)])
    for _ in range(5):  # only the top left was read: the card at THERE was not looked at
        assert tracker.update([], region=(0, 0, 300, 300)) == []
    assert tracker.faces() == ["2 circle"]


def test_an_unsure_reading_lands_with_a_confidence_below_safe():
    tracker = Tracker()
    for _ in range(STEADY):
        events = tracker.update([R("unsure", "5 cross", HERE, 0.9, (("5 cross", 0.6),))])
    assert events[0].card == "5 cross" and events[0].confidence < SAFE


class Reader:
    def __init__(self):
        self.frames = []

    def read(self, frame, whole=None):
        """The white card wherever it lies in the frame (or the part of it read)."""
        self.frames.append(frame.shape)
        ys, xs = np.nonzero(frame[:, :, 0] > 230)
        if len(xs) == 0:
            return []
        x0, x1, y0, y1 = xs.min(), xs.max() + 1, ys.min(), ys.max() + 1
        return [seen("3 star", np.float32([[x0, y0], [x1, y0], [x1, y1], [x0, y1]]))]

    def name_at(self, frame, quads, snap=False):
        """The card named again where it was found (as the real reader's second looks)."""
        self.named = getattr(self, "named", 0) + 1
        out = []
        for quad in quads:
            (x0, y0), (x1, y1) = np.int32(quad).min(axis=0), np.int32(quad).max(axis=0)
            if frame[y0:y1, x0:x1, 0].mean() > 150:  # a card there (not the bare table)
                out.append(seen("3 star", np.float32(quad)))
        return out


def table(card=False, finger=False):
    frame = np.full((720, 1280, 3), 90, np.uint8)
    if card:
        frame[100:240, 100:200] = 240
    if finger:
        frame[520:640, 1000:1030] = 200  # a finger from 60 cm: 30 x 120 pixels
    return frame


def test_only_still_changed_frames_are_read_and_a_finger_is_movement():
    reader = Reader()
    live = LiveReader(reader, clock=lambda: 0.0)
    for _ in range(4):
        live.look(table())  # the empty table settles (read whole, STEADY times)
    read_before = len(reader.frames)
    assert not live.look(table()).read  # nothing changed: not read
    assert not live.look(table(card=True)).still  # the card lands: movement
    assert not live.look(table(card=True, finger=True)).still  # a fingertip alone is movement too
    looks = [live.look(table(card=True)) for _ in range(1 + STEADY)]
    assert not looks[0].still  # the finger went away
    assert all(look.read for look in looks[1:])
    assert [e.card for look in looks for e in look.events] == ["3 star"]
    # STEADY looks: the change (card-shaped) named at once where it differs from the settled
    # table, with no search, then named again where it lies
    assert len(reader.frames) == read_before and reader.named == STEADY and live.quick == 1


def test_a_change_that_is_not_one_card_is_searched_only_where_it_changed():
    reader = Reader()
    live = LiveReader(reader, clock=lambda: 0.0)
    for _ in range(5):
        live.look(table())  # the empty table settles
    read_before = len(reader.frames)
    laid = table(card=True)
    laid[240:300, 100:300] = 240  # two cards laid touching: an L, not one card's rectangle
    looks = [live.look(laid) for _ in range(2 + STEADY)]
    assert [e.card for look in looks for e in look.events] == ["3 star"]
    assert live.quick == 0 and len(reader.frames) - read_before == 1
    assert reader.frames[-1][:2] != (720, 1280)  # only the changed part of the frame was read


def test_the_region_read_is_what_changed_with_a_card_round_it():
    before = np.zeros((90, 160), np.int16)
    after = before.copy()
    after[40:45, 80:84] = 100
    x0, y0, x1, y1 = changed_region(before, after, (720, 1280))
    assert x0 < 640 < x1 and y0 < 360 < y1 and x1 - x0 < 700 and y1 - y0 < 720
    assert changed_region(None, after, (720, 1280)) is None


VIEW = {"rounds": [{"vision": "1 circle", "tricks": [{"cards": ["3 star"]}], "bids": [None, None]}]}
PLAYS = [{"act": "play", "seat": 1, "card": c} for c in ("2 circle", "3 circle", "4 star", "5 star")]


def test_the_rules_narrow_what_the_camera_saw():
    sure = propose(VIEW, PLAYS, (("4 star", 0.9), ("5 star", 0.3)), 0.95)
    assert sure.sure and sure.actions == ({"act": "play", "seat": 1, "card": "4 star"},)
    unsure = propose(VIEW, PLAYS, (("4 star", 0.9), ("5 star", 0.3)), 0.6)
    assert not unsure.sure and unsure.alternatives == ("5 star",) and unsure.why == "the camera is not sure"
    # a card already played this round cannot appear: the next likely card is asked about
    narrowed = propose(VIEW, PLAYS, (("3 star", 0.7), ("5 star", 0.4)), 0.7)
    assert narrowed.card == "5 star" and not narrowed.sure
    # the Vision Card nudged on the table means nothing
    assert propose(VIEW, PLAYS, (("1 circle", 1.0),), 0.95) is None
    assert propose(VIEW, PLAYS, (("back", 1.0),), 1.0) is None
    bids = [{"act": "bid", "seat": s, "card": "2 circle"} for s in (0, 1)]
    whose = propose(VIEW, bids, (("2 circle", 1.0),), 1.0)
    assert not whose.sure and whose.why.startswith("bids come in any order") and len(whose.actions) == 2


def test_a_place_whose_reading_changes_its_mind_says_so_and_a_card_put_in_its_place_does_not():
    tracker = Tracker()
    for _ in range(STEADY):
        tracker.update([seen("3 star")])
    for _ in range(STEADY):  # the table never moved: the same card, read otherwise
        events = tracker.update([seen("4 star")])
    assert events[0].card == "4 star" and events[0].again and not events[0].turned
    tracker.moving()  # a hand takes it and lays another where it lay
    for _ in range(STEADY):
        events = tracker.update([seen("5 circle")])
    assert events[0].card == "5 circle" and not events[0].again


def settled_table(clock=lambda: 0.0):
    """A reader and a live loop that has watched the empty table settle."""
    reader = Reader()
    live = LiveReader(reader, clock=clock)
    for _ in range(5):
        live.look(table())
    return reader, live


def card_known(reader, clock=lambda: 0.0) -> LiveReader:
    """A live loop that learnt the bare table as it settled, then reported the card laid."""
    live = LiveReader(reader, clock=clock)
    for _ in range(5):
        live.look(table())
    for _ in range(3 + STEADY):
        live.look(table(card=True))
    assert live.tracker.faces() == ["3 star"]
    return live


def arm_resting(colour=180):
    """The card just laid, an arm in from the right edge resting still over the table."""
    frame = table(card=True)
    frame[150:190, 200:1280] = colour
    return frame


def test_an_arm_reaching_in_is_waited_for_then_the_card_it_laid_is_named_at_once():
    reader, live = settled_table()
    read_before = len(reader.frames)
    looks = [live.look(arm_resting()) for _ in range(4)]
    assert not looks[0].still and not any(look.read for look in looks[1:])  # nothing read under it
    looks = [live.look(table(card=True)) for _ in range(1 + STEADY)]
    assert [e.card for look in looks for e in look.events] == ["3 star"]
    assert len(reader.frames) == read_before and live.quick == 1  # no search at all


def test_a_refresh_falling_due_while_an_arm_rests_waits_for_it_too():
    """The still table's periodic read (``REFRESH``) is no reason to read under a hand: what it
    found there (a card's outline with a corner under the fingers) was named again where it
    lay once the hand had gone, and a 3 of squares, a little skewed, read as a 1 (simulated
    ESP, classic deck, seed 9)."""
    from companion.vision.live import REFRESH

    now = [0.0]
    reader, live = settled_table(clock=lambda: now[0])
    read_before = len(reader.frames)
    now[0] += REFRESH + 1  # the refresh is due as the arm comes in
    looks = [live.look(arm_resting()) for _ in range(4)]
    assert not any(look.read for look in looks[1:]) and len(reader.frames) == read_before


def test_a_card_laid_after_a_long_pause_is_named_at_once_not_searched():
    """A table still for longer than ``REFRESH`` (the players thinking) is due to be read
    whole; the card laid then is a change, named at once where it lies: a whole frame's search
    first would enter it about a second later on a Pi 4.  The refresh waits for a still,
    unchanged table."""
    from companion.vision.live import REFRESH

    now = [0.0]
    reader, live = settled_table(clock=lambda: now[0])
    read_before = len(reader.frames)
    now[0] += REFRESH + 1
    looks = [live.look(table(card=True)) for _ in range(1 + STEADY)]
    assert [e.card for look in looks for e in look.events] == ["3 star"]
    assert len(reader.frames) == read_before and live.quick == 1  # no search at all
    now[0] += REFRESH + 1  # still and unchanged this long: read whole, as before
    live.look(table(card=True))
    assert len(reader.frames) == read_before + 1


def test_an_arm_of_the_tables_shade_but_not_its_colour_is_waited_for():
    """Changes are seen in colour: a brown hand over red-brown wood is nearly the table's grey
    (the grey copy missed the arm at the frame's edge, and the card under the hand was searched:
    a quarter of a simulated game's cards)."""
    reader, live = settled_table()
    read_before = len(reader.frames)
    with_arm = arm_resting(colour=(60, 85, 110))  # BGR: the table's grey (90), redder
    assert abs(int(cv2.cvtColor(with_arm[160:161, 600:601], cv2.COLOR_BGR2GRAY)[0, 0]) - 90) < 2
    looks = [live.look(with_arm) for _ in range(4)]
    assert not looks[0].still and not any(look.read for look in looks[1:])
    assert len(reader.frames) == read_before


def test_an_arm_that_stays_is_read_past_after_a_while():
    reader = Reader()
    live = LiveReader(reader, clock=lambda: 0.0)
    for _ in range(5):
        live.look(table())
    edge_card = table()
    edge_card[300:440, 1200:1280] = 240  # a card half off the frame's edge: a change there for good
    looks = [live.look(edge_card) for _ in range(2 + REACH_WAIT + STEADY)]
    assert any(look.read for look in looks) and [e.card for look in looks for e in look.events] == ["3 star"]


def changed_cards(before, after):
    return outlined(changed_mask(before, after), None, (after.shape[1], after.shape[0]))


def beside(before, after, places):
    """The change sorted as a gathered trick and the cards led beside it."""
    changed = changed_mask(before, after)
    return laid_beside_lifted(changed, None, (after.shape[1], after.shape[0]), places,
                              lifted_places(changed, None, places))


def test_changed_cards_outlines_what_changed_and_says_whether_it_is_one_card():
    before = table()
    [(quad, one_card)] = changed_cards(before, table(card=True))
    assert one_card
    assert np.allclose(sorted(map(tuple, np.round(quad))), sorted([(100, 100), (199, 100), (199, 239), (100, 239)]), atol=3)
    assert quad[1][0] > quad[0][0]  # ordered: a short side first, clockwise
    touching = table(card=True)
    touching[240:300, 100:300] = 240
    [(_, one_card)] = changed_cards(before, touching)
    assert not one_card  # two cards laid touching: not one card
    assert changed_cards(before, before.copy()) is None  # nothing changed
    darker = (before * 0.6).astype(np.uint8)
    assert changed_cards(before, darker) is None  # the light changed: the whole frame


def test_a_change_at_a_known_place_is_that_place_and_anything_else_needs_a_search():
    card = np.float32([[100, 100], [200, 100], [200, 240], [100, 240]])
    elsewhere = card + 500
    places = {7: card}
    assert laid_and_lifted([(card + 2, True)], places) == ([], {7})  # turned up or taken away
    laid, changed = laid_and_lifted([(elsewhere, True)], places)
    assert len(laid) == 1 and changed == set()
    assert laid_and_lifted([(elsewhere, False)], places) is None  # not one card, not a known one


def test_a_gathered_trick_of_overlapping_cards_is_taken_out_of_the_change_before_the_card_led():
    def rect(x0, y0, x1, y1):
        return np.float32([[x0, y0], [x1, y0], [x1, y1], [x0, y1]])

    trick = table()
    trick[100:240, 100:200] = 240
    trick[180:320, 170:270] = 230  # the trick's second card lies half over the first
    places = {1: rect(100, 100, 199, 239), 2: rect(170, 180, 269, 319)}
    led = table()
    led[400:540, 700:800] = 240  # gathered, and the next card led clear of them
    changes = changed_cards(trick, led)
    assert laid_and_lifted(changes, places) is None  # the two cards changed as one blob, no card's shape
    laid, lifted = beside(trick, led, places)
    assert lifted == {1, 2}
    [quad] = laid
    assert np.allclose(sorted(map(tuple, np.round(quad))), sorted([(700, 400), (799, 400), (799, 539), (700, 539)]), atol=3)
    over = table()
    over[150:290, 230:330] = 240  # the next card led half over a gathered card's place
    assert beside(trick, over, places) is None  # what is left is no whole card: a search
    assert beside(trick, trick.copy(), places) is None  # nothing was taken away


def test_cards_laid_are_found_against_the_bare_table_even_where_a_gathered_card_lay():
    def rect(x0, y0, x1, y1):
        return np.float32([[x0, y0], [x1, y0], [x1, y1], [x0, y1]])

    bare, seen = table(), np.ones((720, 1280), bool)
    after = table()
    after[150:290, 150:250] = 240  # led half over where the gathered card lay
    laid = laid_on_bare(changed_mask(bare, after), ~seen, None, (1280, 720), staying=[])
    assert len(laid) == 1 and np.allclose(sorted(map(tuple, np.round(laid[0]))),
                                          sorted([(150, 150), (249, 150), (249, 289), (150, 289)]), atol=3)
    still = rect(600, 100, 699, 239)  # a card that stays (the Vision Card) is no card laid
    after[100:240, 600:700] = 240
    assert len(laid_on_bare(changed_mask(bare, after), ~seen, None, (1280, 720), staying=[still])) == 1
    seen[140:300, 140:260] = False  # the bare table was never seen there (a card lay there from the start)
    assert laid_on_bare(changed_mask(bare, after), ~seen, None, (1280, 720), staying=[still]) is None


class Picky(Reader):
    """Names the card surely only through its whole outline (as the real reader: an outline
    with a corner off fits another card's face as well)."""

    def name_at(self, frame, quads, snap=False):
        self.named = getattr(self, "named", 0) + 1
        ys, xs = np.nonzero(frame[:, :, 0] > 230)
        out = []
        for quad in quads:
            (x0, y0), (x1, y1) = np.int32(np.round(quad)).min(axis=0), np.int32(np.round(quad)).max(axis=0)
            if frame[y0:y1, x0:x1, 0].mean() > 150:
                off = np.abs(np.int32([x0, y0, x1, y1]) - [xs.min(), ys.min(), xs.max() + 1, ys.max() + 1]).sum()
                out.append(seen("3 star", np.float32(quad)) if off <= 4 else R("unsure", "5 star", np.float32(quad), 0.3))
        return out


def test_a_known_place_that_changed_and_reads_unsure_is_searched_again():
    """A card found while a hand hid its end (a hand the table's own shade does not reach the
    frame's edge) has an outline too short; once the hand has gone, named again at that
    outline it is unsure for good (a 3 of crosses read as a 5 of stars, simulated seed 10).
    The place changed and is unsure: it is searched, and the card found whole."""
    reader = Picky()
    live = LiveReader(reader, clock=lambda: 0.0)
    for _ in range(5):
        live.look(table())
    covered = table(card=True)
    covered[200:240, 100:200] = 90  # its end under a hand as dark as the table
    for _ in range(2):
        live.look(covered)
    looks = [live.look(table(card=True)) for _ in range(2 + STEADY)]
    assert [(e.card, e.confidence) for look in looks for e in look.events] == [("3 star", 0.95)]


def test_a_card_led_over_a_gathered_card_s_place_is_told_without_a_search():
    reader = Reader()
    live = card_known(reader)
    searched, quick = len(reader.frames), live.quick
    led = table()  # the card gathered, the next led turned, over much of its place
    cv2.fillConvexPoly(led, np.int32(np.round(cv2.boxPoints(((190, 210), (100, 140), 30)))), (240, 240, 240))
    places = live.tracker.footprints()
    assert laid_and_lifted(changed_cards(table(card=True), led), places) is None  # one blob, no card's shape
    assert beside(table(card=True), led, places) is None  # nor what is left without the card
    looks = [live.look(led) for _ in range(2 + STEADY)]
    events = [e for look in looks for e in look.events]
    assert [type(e).__name__ for e in events] == ["Gone", "Landed"]
    assert len(reader.frames) == searched and live.quick == quick + 1  # no search


class Grainy(Reader):
    """Names the bare table unsure, as the real reader named wood's grain where a gathered
    card had lain (an unsure 3 of squiggles, similarity 0.6)."""

    def name_at(self, frame, quads, snap=False):
        out = super().name_at(frame, quads, snap)
        named = [r.corners for r in out]
        return out + [R("unsure", "3 squiggle", np.float32(q), 0.0) for q in quads
                      if not any(c is q or np.array_equal(c, q) for c in named)]


def test_a_gathered_card_s_place_that_reads_unsure_on_the_bare_table_is_gone_not_searched():
    """The card led next lies over a corner of the gathered card's place; named again there,
    the place reads unsure, but the table lies bare there but for the card just led: the
    card is gone.  That was a search of the whole frame, a third of ``make bench live``'s."""
    reader = Grainy()
    live = card_known(reader)
    searched = len(reader.frames)
    led = table()
    led[225:365, 190:290] = 240  # the next card led over the gathered card's corner
    looks = [live.look(led) for _ in range(2 + STEADY)]
    events = [e for look in looks for e in look.events]
    assert [type(e).__name__ for e in events] == ["Gone", "Landed"]
    assert len(reader.frames) == searched  # no search


class Ghostly(Reader):
    """Reads, beside the card, an unsure guess over the bare table and the card's edge (as the
    real reader read a gathered 5 of squares' place, half over the 4 of squares beside it)."""

    GHOST = np.float32([[180, 150], [320, 150], [320, 290], [180, 290]])

    def read(self, frame, whole=None):
        found = super().read(frame, whole)
        return found + [R("unsure", "5 square", self.GHOST, 0.0)] if found else found


def test_an_unsure_guess_where_the_table_lies_bare_but_for_known_cards_is_not_reported():
    from companion.vision.live import REFRESH

    now = [0.0]
    reader = Ghostly()
    live = card_known(reader, clock=lambda: now[0])

    now[0] += REFRESH + 1  # read whole again: the guess is found again, over the bare table
    searched = len(reader.frames)
    looks = [live.look(table(card=True)) for _ in range(2 + STEADY)]
    assert len(reader.frames) > searched and [e for look in looks for e in look.events] == [], [e for look in looks for e in look.events]
    assert live.tracker.faces() == ["3 star"]


def test_a_trick_taken_away_and_the_next_card_led_are_told_without_a_search():
    reader = Reader()
    live = LiveReader(reader, clock=lambda: 0.0)
    for _ in range(5):
        live.look(table())
    for _ in range(2 + STEADY):
        live.look(table(card=True))
    assert live.tracker.faces() == ["3 star"]
    searched = len(reader.frames)
    led = table()
    led[400:540, 700:800] = 240  # the trick gathered, the next card led elsewhere
    looks = [live.look(led) for _ in range(2 + STEADY)]
    events = [e for look in looks for e in look.events]
    assert [type(e).__name__ for e in events] == ["Gone", "Landed"]
    assert len(reader.frames) == searched and live.quick == 2


def test_a_card_laid_as_soon_as_the_one_before_is_reported_is_named_without_a_search():
    """A brisk table lays the next card the moment the one before is entered.  The table
    settled only on a still look *after* its readings agreed, which a brisk table never gives
    (here: cards laid from the camera's first looks): every change was then searched — two
    searches a card in simulated games laid so, most of a second each on a Pi.  The look that
    makes the table agree settles it now."""
    reader = Reader()
    live = LiveReader(reader, clock=lambda: 0.0)
    live.look(table())  # the camera's first looks: not settled yet
    first = [live.look(table(card=True)) for _ in range(1 + STEADY)]
    assert [e.card for look in first for e in look.events] == ["3 star"]
    read_before = len(reader.frames)
    both = table(card=True)
    both[400:540, 700:800] = 240  # the next card, laid at once
    looks = [live.look(both) for _ in range(1 + STEADY)]
    assert [e.card for look in looks for e in look.events] == ["3 star"]
    assert len(reader.frames) == read_before and live.quick == 1  # named where it changed: no search


class Fussy(Reader):
    """A reader that finds every card when it reads a frame, but names a card again only at
    its own outline: a like card laid a few pixels off where another lay is not named at the
    old outline (nor is it a change the camera sees)."""

    @staticmethod
    def _boxes(frame):
        count, _, stats, _ = cv2.connectedComponentsWithStats(np.uint8(frame[:, :, 0] > 200))
        return [np.float32([[x, y], [x + w, y], [x + w, y + h], [x, y + h]]) for x, y, w, h, _ in stats[1:count]]

    def read(self, frame, whole=None):
        self.frames.append(frame.shape)
        return [seen("3 star", box) for box in self._boxes(frame)]

    def name_at(self, frame, quads, snap=False):
        boxes = self._boxes(frame)
        if snap:  # a rough outline (a change's), snapped onto the card within it
            return [seen("3 star", box) for quad in quads for box in boxes
                    if cv2.pointPolygonTest(np.float32(quad).reshape(-1, 1, 2), tuple(map(float, box.mean(axis=0))), False) > 0]
        return [seen("3 star", np.float32(quad)) for quad in quads
                if any(np.abs(box - np.float32(quad)).max() < 0.5 for box in boxes)]


def test_a_missed_place_is_looked_at_again_and_a_card_lying_there_is_not_taken_for_gone():
    """A place missed at one look (a trick gathered as the next card came) was looked at again
    only where the frame changed: it stayed missing, the table never settled again, and the
    next card, laid where a gathered card had lain, was never reported (simulated ESP laid
    briskly, classic seed 0).  It is named again at every quick look now; where it does not
    name but the table there is not bare, something lies there: the frame is searched."""
    reader = Fussy()
    live = LiveReader(reader, clock=lambda: 0.0)
    for _ in range(5):
        live.look(table())  # the empty table settles: the bare table is learnt
    first = [live.look(table(card=True)) for _ in range(1 + STEADY)]
    assert [e.card for look in first for e in look.events] == ["3 star"]
    (place,) = live.tracker.places
    place.misses = 1  # missed at a look that could have seen it
    after = table(card=True)
    after[100:240, 100:200] = 90
    after[101:241, 101:201] = 240  # a like card laid a pixel off where it lay: no change, no name there
    after[400:540, 700:800] = 240  # and the next card laid
    searched = len(reader.frames)
    looks = [live.look(after) for _ in range(3 + STEADY)]
    assert not any(isinstance(e, Gone) for look in looks for e in look.events)  # something lies there
    assert len(reader.frames) > searched and not live.tracker.missing()
    assert [e.card for look in looks for e in look.events] == ["3 star"]  # the card laid


def test_a_missed_place_whose_card_is_gone_is_seen_gone_and_the_table_settles_again():
    """A place missed at one look whose card was taken away before the table settled (the
    frame does not differ where it lay): looked at only where the frame changed, it stayed
    missing for good, every look read the frame again and the table never settled."""
    reader, live = settled_table()
    for _ in range(STEADY):  # the card reported there, then taken away with the table unsettled
        live.tracker.update([seen("3 star")])
    (place,) = live.tracker.places
    place.misses = 1
    laid = table()
    laid[400:540, 700:800] = 240  # the next card, laid elsewhere
    looks = [live.look(laid) for _ in range(2 + STEADY)]
    assert sorted((type(e).__name__, e.card) for look in looks for e in look.events) == [("Gone", "3 star"),
                                                                                         ("Landed", "3 star")]
    assert not live.tracker.missing() and live.settled is not None and live.quick >= 1
