"""A face made comparable with the taught ones, and laid onto one.

Its *signature* is the face in grey with the lamp's slope divided out, scaled to zero mean and
unit variance: what two photos of one card share under different lamps (at the second look,
with the print's contrast evened out too, as glare fades the print it falls on).  An outline a
few pixels off, or a camera's tilt, leaves the face a little turned and stretched; the affine
warp that lays it on a taught face (OpenCV's ECC, at half size and then at full) is allowed
only a card's worth of stretch."""

from __future__ import annotations

import cv2
import numpy as np

ECC_STEPS = (30, 0)     # the alignment's iterations at half size, then at full size (measured: a
                        # full-size pass named no more cards right, at a sixth of the time)
PRINT_BLUR = 2.0        # pixels: a face aligned again on its print alone is the face less its blur at
                        # this size (at the second look; measured at the true outlines of the big set's
                        # cards: +19 right, none wrong, and aligned so at every look +34; at 4 px +31
                        # at every look, at 6 px fewer)
EVEN_REACH = 0.2        # the share of the face's width over which a second look evens the print's
EVEN_FLOOR = 0.5        # contrast out, and the least share of the whole face's it divides by
                        # (measured on the corpus's cards at their true outlines, looked at again
                        # where the first look left them unsure: 0.1 to 0.3 of the width named
                        # 27 to 33 more of 3,263, and none wrongly; see :meth:`Namer.name`.  In
                        # the reader, 0.1 named one more card on the big set but 2 wrongly)


def signature(face_bgr: np.ndarray, blur: float = 1.6, evened: bool = False) -> np.ndarray:
    """The face as float32, uneven light divided out and scaled to zero mean, unit
    variance: what two photos of the same card share under different lamps.  ``evened``:
    the print's contrast evened out too (:func:`contrast_evened`)."""
    gray = cv2.cvtColor(face_bgr, cv2.COLOR_BGR2GRAY).astype(np.float32) + 8.0
    gray = cv2.GaussianBlur(gray, (0, 0), blur)
    h, w = gray.shape
    light = cv2.resize(cv2.resize(gray, (5, 7), interpolation=cv2.INTER_AREA), (w, h),
                       interpolation=cv2.INTER_LINEAR)  # the lamp's slope, not the print
    flat = gray / light
    if evened:
        flat = contrast_evened(flat - 1.0)
    flat -= flat.mean()
    return flat / (flat.std() + 1e-3)


def contrast_evened(flat: np.ndarray) -> np.ndarray:
    """The light-corrected face (paper about 0) with its print's contrast made about even
    across it: divided by the print's local strength (root mean square over ``EVEN_REACH``
    of the face's width), never by less than ``EVEN_FLOOR`` of the whole face's, so that
    plain paper's noise is not raised into print.  Glare is added light, not a lamp's
    slope: dividing the light out leaves the print it falls on paler than the rest."""
    reach = EVEN_REACH * flat.shape[1]
    strength = np.sqrt(cv2.GaussianBlur(flat * flat, (0, 0), reach))
    floor = EVEN_FLOOR * float(np.sqrt((flat * flat).mean()))
    return flat / np.maximum(strength, floor)


def normalised_image(image: np.ndarray) -> np.ndarray:
    image = image - image.mean()
    return image / (image.std() + 1e-3)


def affine_at_half(reference: np.ndarray, moving: np.ndarray, steps: int, eps: float,
                   mask: np.ndarray | None = None) -> np.ndarray | None:
    """The affine warp (2x3, full-size pixels) that maps ``reference`` onto ``moving``,
    found by OpenCV's ECC at half size (four times quicker) where ``mask`` (uint8) shows, or
    None when it does not converge."""
    half = lambda image: cv2.resize(image, None, fx=0.5, fy=0.5, interpolation=cv2.INTER_AREA)  # noqa: E731
    small_mask = None if mask is None else np.ascontiguousarray(mask[::2, ::2])
    try:
        _, warp = cv2.findTransformECC(half(reference), half(moving), np.eye(2, 3, dtype=np.float32),
                                       cv2.MOTION_AFFINE, (cv2.TERM_CRITERIA_EPS | cv2.TERM_CRITERIA_COUNT, steps, eps),
                                       small_mask, 3)
    except cv2.error:
        return None
    warp[:, 2] *= 2
    return warp


def print_only(image: np.ndarray) -> np.ndarray:
    """The print without the light: the picture less its blur at ``PRINT_BLUR``, only the
    print's edges left for an alignment to follow."""
    return image - cv2.GaussianBlur(image, (0, 0), PRINT_BLUR)


def within_stretch(warp: np.ndarray | None, stretch: float) -> bool:
    """Whether an affine ``warp`` scales or shears by at most ``stretch`` and shifts by at
    most 10 px: more is not the same picture, or not the same outline of it."""
    return warp is not None and np.abs(warp[:, :2] - np.eye(2)).max() <= stretch and np.abs(warp[:, 2]).max() <= 10


def align_to(reference: np.ndarray, moving: np.ndarray, *others: np.ndarray, stretch: float = 0.12,
             mask: np.ndarray | None = None, on_print: bool = False):
    """``moving`` (and ``others`` with it, as a list) warped (affine) onto ``reference`` by maximising their correlation, or
    None when that does not converge: the taught photo and the frame never frame a card to
    the pixel, and what tells a 3 from a 1 is smaller than that.  ``stretch``: the most the
    alignment may scale or shear; a face that needs more is another outline of the card
    (its printed inner frame) and must not be matched as the card.  ``mask`` (uint8, the
    picture's shape): the part of ``moving`` to align on (not what covers it).

    ``on_print``: where that runs off, the two are aligned again on their print alone
    (:func:`print_only`).  On a face of a few pips on bare paper, the slope a lamp or a glare
    leaves after the light is corrected is much of the picture, and the affine follows it (big
    0891's 3 of squares, in plain view at its true outline, aligned at 0.90 of its width)."""
    warp = affine_at_half(reference, moving, ECC_STEPS[0], 1e-3, mask)
    if on_print and not within_stretch(warp, stretch):
        warp = affine_at_half(print_only(reference), print_only(moving), ECC_STEPS[0], 1e-3, mask)
    if warp is None:
        return None
    if ECC_STEPS[1]:  # once more at full size from there
        try:
            _, warp = cv2.findTransformECC(reference, moving, warp, cv2.MOTION_AFFINE,
                                           (cv2.TERM_CRITERIA_EPS | cv2.TERM_CRITERIA_COUNT, ECC_STEPS[1], 1e-3), mask, 3)
        except cv2.error:
            return None
    if not within_stretch(warp, stretch):
        return None  # ran off: not the same picture, or not the same outline of it
    h, w = reference.shape
    moved = [cv2.warpAffine(m, warp, (w, h), flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
                            borderMode=cv2.BORDER_REPLICATE) for m in (moving,) + others]
    return moved if others else moved[0]
