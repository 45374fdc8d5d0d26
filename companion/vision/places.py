"""One reading per place.  The finder proposes many outlines of each card, and each is
named; where outlines overlap much they are one card, and the rules here say which reading
stands for it — the likeliest, unless a sure name is contradicted there, when the place is
left unsure — and that a deck holds each face once."""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from companion.vision.geometry import iou, overlap, quad_area
from companion.vision.namer import BACK, suit_of
from companion.vision.reading import SAFE, UNSURE, Reading, made_unsure, named_past, plainly_only

SAME = 0.6       # two outlines sharing more than this (of the smaller) are one card ...
PART = 0.6       # ... unless both are named surely, otherwise, the likelier under this share of the other's
                 # area (a half card and the card: about 0.5 on the big set)
CONFLICT = 0.7   # two outlines of one card sharing this much (intersection over union) that name it
                 # surely as two cards leave it unsure ...
CONFLICT_NEAR = 0.04  # ... where the second fits it nearly as well (similarity; measured: a 3 of circles
                      # under a back named 5 at 0.91 and 3 at 0.89; outlines a little off that named
                      # whole cards wrongly fitted 0.05 to 0.10 worse than the outline naming them right) —
                      # or at least as well, where the second is sure only by beating every rival plainly
                      # (below :data:`~companion.vision.reading.KNOWN`): its likeness is all that says its
                      # outline is not a little off (big 1186: a 5 of crosses in glare, named surely at
                      # 0.849, was doubted by an outline a little off naming a 5 of stars so at 0.817)
LOOK_WITHIN = 0.8  # a sure look names a back guess only lying this much (of the smaller) within it: the
                  # looks that named one lay wholly within it (big 0581, 1150, check 373), the one
                  # that named a guess lying mostly on the cloth 0.64 (big 1755)
LIKELIEST_TIE = 0.02  # ... but not where an unsure second scores the sure name within this of its likeliest name
READ_HERE = 0.5  # a card completed on the table's plane sharing this much with a reading is read there


def one_of_each(readings: list[Reading]) -> list[Reading]:
    """The readings, a name given surely to two of them made unsure on all but the likeliest:
    a deck holds each face once, so one of them is another card — most often the card
    under it, read through the one on top."""
    out, named = [], set()
    for reading in best_first(readings):
        if reading.card not in (UNSURE, BACK):
            if reading.card in named:
                reading = made_unsure(reading)
            named.add(reading.guess)
        out.append(reading)
    return out


def not_read(quads: list[np.ndarray], readings: list[Reading]) -> list[np.ndarray]:
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


def best_first(found: list[Reading]) -> list[Reading]:
    """The readings, the best-named first: the likest face, then the surest name; a back read
    by its look last (where a picture named a place, that outline is the card's)."""
    return sorted(found, key=lambda r: (r.by_look, -(r.similarity + 0.5 * r.confidence)))


def one_per_place(found: list[Reading]) -> list[Reading]:
    """Of readings that overlap much (guesses at one card), the best-named, in ``found``'s
    order (best first).  A card named surely, and named otherwise through another outline of
    it that fits it about as well (surely) or better (unsurely), is unsure: one of the two is
    wrong and which is not known (an outline of half of it, as a 2 of pips' half is a 1, is
    not another outline of it; one that fits worse is an outline a little off) — but for an
    unsure one that itself all but names the card (:func:`_names_too`) or scores it likeliest
    (:func:`_likeliest_there`).  A place whose picture only guessed a back is named by a sure
    look there (:func:`_look_names_the_back_guessed`) — also where an unsure face, guessed
    through an outline taking in what lies over the back, stands for the place before the back
    guess: a face unsure there does not doubt a look that is sure."""
    kept: list[Reading] = []
    backs_guessed: dict[int, Reading] = {}  # a place's likeliest unsure back guess, merged into a face's place
    for reading in found:
        same = [i for i, other in enumerate(kept) if overlap(reading.corners, other.corners) >= SAME
                and not _part_before_the_whole(other, reading) and not _one_under_the_other(reading, other)]
        if not same:
            kept.append(reading)
            continue
        # a sure look names a place's back guess where nothing stands there surely: the guess
        # kept for the place (big 0683), one behind a likelier unsure face a little off the back
        # (big 1150), or one merged into a face's place from an outline taking in what lies
        # over the back (big 0581) — where the look lies within the guess itself (big 1462: the
        # look of a back beside such a place named a guess lying on the table; big 1755: a look
        # at part of a back, a third of it outside a guess lying mostly on the cloth, named it)
        guesses = [(i, guess) for i in sorted(same, key=lambda i: not _back_guessed(kept[i]))  # (kept ones first)
                   if (guess := _back_guess_at(kept[i], backs_guessed.get(i))) is not None]
        named = next(((i, guess) for i, guess in guesses if _look_names_the_back_guessed(reading, guess)
                      and overlap(reading.corners, guess.corners) >= LOOK_WITHIN), None)
        if named is not None:  # (at the picture's outline, nearer the card's than a look's)
            i, guess = named
            kept[i] = replace(reading, corners=guess.corners, under=guess.under)
            continue
        if _back_guessed(reading):
            for i in same:
                backs_guessed.setdefault(i, reading)
        best = kept[same[0]]
        if at_odds(best, reading) and not _names_too(reading, best.card) \
                and not _another_suit_guessed(reading, best.card) and not _likeliest_there(reading, best.card):
            kept[same[0]] = made_unsure(best)
    return kept


def at_odds(best: Reading, reading: Reading) -> bool:
    """Whether ``reading``, another outline of the card ``best`` names surely (sharing
    ``CONFLICT`` with it), names it otherwise and fits it about as well (surely, within
    ``CONFLICT_NEAR``; sure only by beating every rival plainly, as well) or better (unsurely,
    its likeness measured over as much of the face, :func:`_left_out_more`): one of the two
    names is wrong (:func:`one_per_place`)."""
    near = 0.0 if reading.card == UNSURE or plainly_only(reading) else CONFLICT_NEAR
    if reading.card == UNSURE and _left_out_more(reading, best):
        return False
    return (best.card not in (UNSURE, reading.guess) and iou(reading.corners, best.corners) > CONFLICT
            and reading.similarity >= best.similarity - near)


def _left_out_more(reading: Reading, best: Reading) -> bool:
    """Whether ``reading`` was named with a card left out as lying over it that ``best`` was
    not: its likeness is measured over less of the face, so fitting better says nothing (big
    1428: a 2 of squiggles named surely at 0.880 was doubted by an unsure outline at 0.884,
    named with the 4 of crosses — truly under it — taken to lie over it)."""
    return any(not named_past(best, outline) for outline in reading.under)


def _one_under_the_other(a: Reading, b: Reading) -> bool:
    """Whether one of two readings was named with the other's card left out as lying on top of
    it: two cards, one under the other, not two guesses at one card — so both stand (big 0276:
    a 4 of circles half under a 1 of circles, named surely past it at an outline sharing 0.6 of
    the 1's, put the 1 out)."""
    return named_past(a, b.corners) or named_past(b, a.corners)


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


def _back_guess_at(place: Reading, merged: Reading | None) -> Reading | None:
    """The picture's unsure back guess at a place (``place``: the reading standing for it;
    ``merged``: the likeliest back guess merged into it), or None where the place is named
    surely."""
    if _back_guessed(place):
        return place
    return merged if place.card == UNSURE else None


def _back_guessed(reading: Reading) -> bool:
    """Whether a reading is the picture's unsure guess of a back."""
    return reading.card == UNSURE and reading.guess == BACK


def _look_names_the_back_guessed(reading: Reading, best: Reading) -> bool:
    """Whether a back read surely by its look stands where the picture guessed a back but could
    not name it: both say back, and the look is sure (a back whole in plain view, its fine
    pattern a few pixels off its outline, was unsure or, matched too faintly to ask about, missed
    — though its look named it surely at the same place: big 0683, 1967).  It is named at the
    picture's outline, which is nearer the card's than a look's."""
    return reading.by_look and reading.card == BACK and _back_guessed(best)


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
