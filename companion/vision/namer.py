"""Naming a straightened card against the taught faces.

Each face is compared as a light-corrected, contrast-normalised picture, cell by cell: a
hand or another card over part of the face spoils only the cells it covers, and a cell that
no taught face explains is left out of every comparison.  The face is tried both ways up (a
card lies either way on the table).

Most of two cards of one suit is the same picture: what tells a 4 from a 5 is a small
numeral or one pip.  So the few best names are then settled pairwise on what tells them
apart: the face's projection on the difference of the two taught faces (half-way between
them is 0) — blur and faded contrast shrink it but do not turn it — and the confidence is
how far past half-way towards the winner the face lies against its closest rival."""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from companion.vision.geometry import FACE_H, FACE_W

CELL = 10               # the cells the face is cut into (FACE_W and FACE_H are multiples)
COVERED = 0.9           # a cell whose error is above this for every face is covered
NOT_A_CARD = 0.35       # below this similarity the patch is nothing the deck knows
RIVALS = 4              # the best names settled pairwise
RIM = 6                 # pixels of the face's edge left out of the pairwise decision (and the
                        # room the alignment has to shift it)
SCALES = (1.0, 1.04, 1.08)
DIFFER = 0.8            # pixels where two taught faces differ by more than this (normalised)


def signature(face_bgr: np.ndarray) -> np.ndarray:
    """The face as float32, uneven light divided out and scaled to zero mean, unit
    variance: what two photos of the same card share under different lamps."""
    gray = cv2.cvtColor(face_bgr, cv2.COLOR_BGR2GRAY).astype(np.float32) + 8.0
    gray = cv2.GaussianBlur(gray, (0, 0), 1.6)
    light = cv2.GaussianBlur(gray, (0, 0), 25)
    flat = gray / light
    flat -= flat.mean()
    return flat / (flat.std() + 1e-3)


def align_to(reference: np.ndarray, moving: np.ndarray) -> np.ndarray | None:
    """``moving`` warped (affine) onto ``reference`` by maximising their correlation, or
    None when that does not converge: the taught photo and the frame never frame a card to
    the pixel, and what tells a 3 from a 1 is smaller than that."""
    warp = np.eye(2, 3, dtype=np.float32)
    try:
        _, warp = cv2.findTransformECC(reference, moving, warp, cv2.MOTION_AFFINE,
                                       (cv2.TERM_CRITERIA_EPS | cv2.TERM_CRITERIA_COUNT, 40, 1e-4), None, 3)
    except cv2.error:
        return None
    if np.abs(warp[:, :2] - np.eye(2)).max() > 0.12 or np.abs(warp[:, 2]).max() > 10:
        return None  # ran off: not the same picture
    h, w = reference.shape
    return cv2.warpAffine(moving, warp, (w, h), flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
                          borderMode=cv2.BORDER_REPLICATE)


@dataclass(frozen=True)
class Naming:
    card: str           # the best name ("3 star" or "back")
    similarity: float   # about the correlation of the face with the taught one, 0..1
    runner_up: str
    margin: float       # 0..1: how near the winner's face it is where the two differ (0: half-way)
    upside_down: bool

    @property
    def confidence(self) -> float:
        """0..1: the face nearer the winner than half-way by half, on a clear match,
        is certainty."""
        return float(np.clip(self.margin / 0.5, 0.0, 1.0) * np.clip((self.similarity - NOT_A_CARD) / 0.3, 0, 1))


class Namer:
    """The taught faces, ready to compare: one row per face and way up."""

    def __init__(self, faces: dict[str, np.ndarray]):
        names, rows = [], []
        signatures = {name: signature(face) for name, face in faces.items()}
        references: dict[str, np.ndarray] = {}
        for name, sig in signatures.items():
            suit = name.split()[-1]
            if suit in references:
                moved = align_to(references[suit], sig)
                if moved is not None:
                    signatures[name] = moved
            else:
                references[suit] = sig
        for name, sig in signatures.items():
            for flipped, picture in ((False, sig), (True, sig[::-1, ::-1])):
                names.append((name, flipped))
                rows.append(picture)
        self.labels = names
        self.templates = np.stack(rows).astype(np.float32)  # (K, H, W)
        self.inner = np.zeros((FACE_H, FACE_W), bool)  # the rim (corners, shadow) never decides
        self.inner[RIM:-RIM, RIM:-RIM] = True

    @staticmethod
    def _aligned(template: np.ndarray, crop: np.ndarray) -> np.ndarray:
        """The window of ``template`` (a little shifted or scaled) that best matches ``crop``:
        the taught photo and the frame never frame a card to the pixel."""
        h, w = crop.shape
        best, window = -2.0, None
        for scale in SCALES:
            t = template if scale == 1.0 else cv2.resize(template, None, fx=scale, fy=scale,
                                                         interpolation=cv2.INTER_LINEAR)
            if t.shape[0] < h or t.shape[1] < w:
                continue
            result = cv2.matchTemplate(t, crop, cv2.TM_CCOEFF_NORMED)
            _, value, _, (x, y) = cv2.minMaxLoc(result)
            if value > best:
                best, window = value, t[y:y + h, x:x + w]
        return window if window is not None else template[RIM:-RIM, RIM:-RIM]

    def name(self, face_bgr: np.ndarray) -> Naming:
        sig = signature(face_bgr)
        coarse = ((self.templates - sig[None]) ** 2).reshape(len(self.labels), -1).mean(axis=1)
        moved = align_to(self.templates[int(np.argmin(coarse))], sig)
        if moved is not None:
            sig = moved
        return self._name(sig)

    def _name(self, sig: np.ndarray) -> Naming:
        diff = (self.templates - sig[None]) ** 2
        k = len(self.labels)
        gh, gw = FACE_H // CELL, FACE_W // CELL
        cells = diff.reshape(k, gh, CELL, gw, CELL).mean(axis=(2, 4)).reshape(k, -1)
        floor = cells.min(axis=0)
        weight = (floor < COVERED).astype(np.float32)
        if weight.sum() < 0.4 * weight.size:
            weight[:] = 1.0
        distance = (cells * weight).sum(axis=1) / weight.sum()
        similarity = 1.0 - distance / 2.0
        # the best way up of each of the few best names
        rivals: list[int] = []
        for i in np.argsort(distance):
            if all(self.labels[i][0] != self.labels[j][0] for j in rivals):
                rivals.append(int(i))
            if len(rivals) == RIVALS:
                break
        open_pixels = np.repeat(np.repeat(weight.reshape(gh, gw), CELL, 0), CELL, 1) > 0
        crop = sig[RIM:-RIM, RIM:-RIM]
        seen = open_pixels[RIM:-RIM, RIM:-RIM].astype(np.float32)
        aligned = {i: self.templates[i][RIM:-RIM, RIM:-RIM] for i in rivals}
        wins = {i: 0.0 for i in rivals}
        worst = {i: 1.0 for i in rivals}  # each name's least good pairwise margin
        for a_pos, a in enumerate(rivals):
            for b in rivals[a_pos + 1:]:
                delta = (aligned[a] - aligned[b]) * seen
                power = float((delta * delta).sum())
                if power < 8 * DIFFER:
                    continue  # the same picture where it can be seen: no evidence either way
                middle = (aligned[a] + aligned[b]) / 2
                # +1: exactly a's face where the two differ, -1: exactly b's, 0: half-way
                side = float(((crop - middle) * delta).sum() / (power / 2))
                m = min(1.0, abs(side))
                winner, loser = (a, b) if side >= 0 else (b, a)
                wins[winner] += 1
                worst[winner] = min(worst[winner], m)
                worst[loser] = 0.0
        best = max(rivals, key=lambda i: (wins[i], -distance[i]))
        margin = worst[best] if wins[best] == len(rivals) - 1 else 0.0
        name, flipped = self.labels[best]
        runner = next(i for i in rivals if i != best)
        return Naming(name, float(similarity[best]), self.labels[runner][0], float(margin), flipped)
