"""A face's ink colour.  The namer compares faces in grey, where a numeral printed in blue
and the same numeral in green are one picture; the ink's colour, measured against the
face's own paper so that a lamp's or a camera's colour cast divides out, tells them apart."""

from __future__ import annotations

import cv2
import numpy as np

INK_SIZE = (50, 70)  # the face shrunk to compare ink colours
INK_DARK = 0.7       # ink: pixels darker than this share of the paper
COLOURED = 0.06      # coloured ink: a pixel whose share of B, G or R (against the paper) is this far
                     # from a grey's third
COLOURED_LEAST = 0.01  # ... at least this share of what shows of the face, to tell its colour by (of
                       # the whole face before: a red 2 beside a hand over half the face, 31 coloured
                       # pixels of the 35 the whole face asked, told no suit: big 1066)
PAPER_NEAR = 0.04    # paper: a pixel whose colour shares lie this near the face's paper's


def _dark_pixels(face: np.ndarray, ignore: np.ndarray | None) -> np.ndarray | None:
    """The face's pixels darker than ``INK_DARK`` of its paper (the mean of its lighter half),
    each divided by the paper, channel by channel (a colour cast divides out); ``ignore``'s
    pixels left out.  None when nothing is left."""
    pixels = np.float32(face).reshape(-1, 3) + 1.0
    keep = np.ones(len(pixels), bool) if ignore is None else ~ignore.ravel()
    pixels = pixels[keep]
    if not len(pixels):
        return None
    light = pixels.sum(axis=1)
    paper = pixels[light >= np.median(light)].mean(axis=0)
    dark = light < INK_DARK * paper.sum()
    return pixels[dark] / paper


def share_planes(bgr: np.ndarray) -> tuple[list[np.ndarray], np.ndarray]:
    """A picture's shares of B, G and R as three float32 planes, and its brightness (B + G + R,
    each counted from 1): a pixel's colour without its brightness.  In OpenCV's calls: a face is
    named many times a frame, and numpy's are several times slower on pictures this small."""
    planes = cv2.split(bgr.astype(np.float32) + 1.0)
    total = cv2.add(cv2.add(planes[0], planes[1]), planes[2])
    return [cv2.divide(plane, total) for plane in planes], total


def near_shares(planes: list[np.ndarray], shares, within: float) -> np.ndarray:
    """Where every share lies within ``within`` of ``shares`` (three numbers; bool)."""
    apart = cv2.max(cv2.max(cv2.absdiff(planes[0], float(shares[0])), cv2.absdiff(planes[1], float(shares[1]))),
                    cv2.absdiff(planes[2], float(shares[2])))
    return apart < within


def paper_shares_of(face: np.ndarray, paper_shares) -> tuple[list[np.ndarray], np.ndarray, np.ndarray]:
    """A face's colour shares and brightness (:func:`share_planes`, smoothed a little first: a
    pixel's noise scatters its shares), and where it is near the taught paper's colour
    ``paper_shares`` (bool): the pixels its own paper is measured on, so that a lamp's or a
    camera's colour cast moves the paper and what lies on it alike."""
    planes, light = share_planes(cv2.GaussianBlur(face, (0, 0), 1.2))
    return planes, light, near_shares(planes, paper_shares, PAPER_NEAR)


def ink_colour(face: np.ndarray, ignore: np.ndarray | None = None) -> np.ndarray | None:
    """The colour of a face's coloured ink against its paper: the mean of its dark pixels
    that are plainly coloured, each divided by the paper (the mean of the face's lighter
    half), channel by channel, as shares — a lamp's or a camera's colour cast divides out.
    ``face``: straightened to ``INK_SIZE``; ``ignore``: where the face is not this card's
    (bool, the face's shape: another card or a hand over it).  Only the plainly coloured
    pixels: a grey printed frame, a hand's shadow or a glare's washed edge beside a coloured
    numeral is no part of the suit's colour, and on a face half hidden it is a larger share
    of what shows.  None when too little coloured ink shows, for what shows of the face (a
    deck printed in black)."""
    ink = _dark_pixels(face, ignore)
    if ink is None:
        return None
    shares = ink / ink.sum(axis=1, keepdims=True)
    coloured = ink[np.abs(shares - 1 / 3).max(axis=1) > COLOURED]
    shown = face.shape[0] * face.shape[1] if ignore is None else int((~ignore).sum())
    if len(coloured) < COLOURED_LEAST * shown:
        return None
    tone = coloured.mean(axis=0)
    return tone / tone.sum()


def taught_inks(faces: dict[str, np.ndarray], back: str) -> dict[str, np.ndarray | None]:
    """Each taught face's coloured ink (a back has none: its print is not ink on paper)."""
    return {name: ink_colour(cv2.resize(face, INK_SIZE, interpolation=cv2.INTER_AREA))
            for name, face in faces.items() if name != back}


def inks_apart(inks: np.ndarray, ink: np.ndarray) -> np.ndarray:
    """How far each of several ink tones (one a row) lies from one: the most any one
    channel's share differs."""
    return np.abs(inks - ink).max(axis=-1)


def hues_apart(inks: np.ndarray, ink: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """How far each of several ink tones (one a row) lies from one in hue alone: the angle, in
    degrees, between their colours' directions away from grey — and how strongly ``ink`` is
    coloured against each (its distance from grey over theirs).  A dim room's noise, a blur or
    a JPEG's coarse colour mixes the paper into the ink's pixels: the tone fades towards grey
    (a red numeral measured 0.09 from its red, 0.15 from orange, big 0981) but keeps its hue."""
    rows = np.atleast_2d(inks) - 1 / 3
    away = ink - 1 / 3
    strength = np.linalg.norm(rows, axis=1) * float(np.linalg.norm(away)) + 1e-9
    angle = np.degrees(np.arccos(np.clip(rows @ away / strength, -1.0, 1.0)))
    return angle, float(np.linalg.norm(away)) / (np.linalg.norm(rows, axis=1) + 1e-9)


def ink_apart(a: np.ndarray, b: np.ndarray) -> float:
    """How far apart two ink tones are (:func:`inks_apart`)."""
    return float(inks_apart(a, b))
