"""How a face from the frame is aligned onto a taught face (``companion.vision.align.align_to``):
affine, by OpenCV's ECC, within a few per cent of stretch; at the second look, where that runs
off after a lamp's slope on a face of a few pips, aligned again on its print alone — but never
a face that needs more stretch than a card allows (its printed inner frame is not the card)."""

from __future__ import annotations

import cv2
import numpy as np

from companion.vision.align import ECC_STEPS, affine_at_half, align_to, signature, within_stretch
from companion.vision.geometry import covered_on_face, straighten
from companion.vision.namer import STRETCH
from companion.vision.reading import SAFE
from tests.vision_scenes import true_cards


def _face(scene: str, name: str):
    """A card of a big-set scene straightened at its true outline, with what truly covers it,
    and its printing's namer."""
    frame, placed, taught = true_cards("big", scene)
    i = next(i for i, p in enumerate(placed) if p.card == name)
    corners = np.float32(placed[i].corners)
    covered = covered_on_face(corners, [np.float32(p.corners) for p in placed[i + 1:]])
    return straighten(frame, corners), covered, taught.namer


def _template(namer, name: str) -> np.ndarray:
    return namer.templates[namer.labels.index((name, False))]


def test_a_few_pips_under_a_lamp_s_slope_are_aligned_on_their_print():
    face, _, namer = _face("0891.jpg", "3 square")  # pips, in plain view, a lamp beside it
    sig = signature(face, evened=namer.evened)
    template = _template(namer, "3 square")
    # the affine follows the light: 0.90 of the face's width, as if it were another outline
    assert not within_stretch(affine_at_half(template, sig, ECC_STEPS[0], 1e-3), STRETCH)
    assert align_to(template, sig, stretch=STRETCH) is None
    assert align_to(template, sig, stretch=STRETCH, on_print=True) is not None


def test_a_face_left_unaligned_at_the_first_look_is_named_at_the_second_aligned_on_its_print():
    face, covered, namer = _face("0964.jpg", "3 square")  # pips, under a glare
    first = namer._looked_at(face, covered)
    assert first.card == "3 square" and first.confidence < SAFE  # a third of its margin
    named = namer.name(face, covered)
    assert named.card == "3 square" and named.confidence >= SAFE


def test_a_face_that_needs_more_stretch_than_a_card_allows_is_not_aligned_on_its_print_either():
    """The face drawn at 0.88 of its size (as a card's printed inner frame would be): both
    alignments find the shrink, and the face is left unaligned."""
    face, _, namer = _face("0891.jpg", "3 square")
    sig = signature(face, evened=namer.evened)
    height, width = sig.shape
    shrink = cv2.getRotationMatrix2D((width / 2, height / 2), 0.0, 0.88)
    inner = cv2.warpAffine(sig, shrink, (width, height), borderMode=cv2.BORDER_REPLICATE)
    assert align_to(_template(namer, "3 square"), inner, stretch=STRETCH, on_print=True) is None
