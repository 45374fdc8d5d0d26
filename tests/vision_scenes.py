"""Scenes of the camera corpus drawn and read for the reader's tests, and the few questions
the tests ask of the readings (what was named where a card truly lies, what was invented)."""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from companion.vision.geometry import covered_on_face, iou, straighten
from companion.vision.reading import UNSURE, Reading
from tests.vision_score import readers


def card(name, x=0.0, width=100.0, confidence=1.0, similarity=0.95):
    """A reading made up for a rule's test: an upright card ``width`` wide at ``x``."""
    corners = np.float32([[x, 0], [x + width, 0], [x + width, 1.4 * width], [x, 1.4 * width]])
    return Reading(name, name, corners, confidence, similarity, ((name, confidence),))


def true_cards(set_name: str, scene: str):
    """A scene of the synthetic corpus drawn: its frame, the cards placed (the truth) and its
    printing's taught reader."""
    from tests.camera_corpus import render, scenes

    recipe = next(s for s in scenes(set_name) if s.name == scene)
    frame, placed = render(recipe)
    return frame, placed, readers()[recipe.style.name]


def read_scene(set_name: str, scene: str):
    """A scene of the synthetic corpus, drawn and read by its printing's taught reader: the
    cards placed (the truth) and the readings."""
    frame, placed, taught = true_cards(set_name, scene)
    return placed, taught.read(frame)


def read_round(set_name: str, scene: str, *cards: str, which=lambda placed: True, every: bool = False):
    """A scene read as the live loop reads a change: only the part of the frame round the
    named cards (a card's length round them, sized as parts of the whole frame) — a third of
    the whole frame's cost.  The cards placed (the truth), those named (the first placed of
    each name that ``which`` accepts, or ``every`` one) and the readings, in the frame's
    pixels."""
    from tests.vision_score import part_round

    frame, placed, taught = true_cards(set_name, scene)
    if every:
        chosen = [p for p in placed if p.card in cards and which(p)]
    else:
        chosen = [next(p for p in placed if p.card == name and which(p)) for name in cards]
    part, corner = part_round(frame, np.concatenate([np.float32(p.corners) for p in chosen]))
    readings = taught.read(part, whole=(frame.shape[1], frame.shape[0]))
    return placed, chosen, [replace(r, corners=np.float32(r.corners) + np.float32(corner)) for r in readings]


def named_at_its_place(set_name: str, scene: str, card: str):
    """The namer's naming of a card of a scene at its true outline, the cards laid after it (on
    top of it) left out: the namer alone, at a twentieth of reading the frame."""
    frame, placed, taught = true_cards(set_name, scene)
    i = next(i for i, p in enumerate(placed) if p.card == card)
    corners = np.float32(placed[i].corners)
    covered = covered_on_face(corners, [np.float32(p.corners) for p in placed[i + 1:]])
    return taught.namer.name(straighten(frame, corners), covered)


def names_at(readings, truth) -> set[str]:
    """The names read where a card truly lies."""
    return {r.card for r in readings if iou(r.corners, truth.corners) > 0.5}


def invented(placed, readings) -> list:
    """The readings named surely where no card lies."""
    return [r for r in readings if r.card != UNSURE and max(iou(r.corners, p.corners) for p in placed) < 0.5]
