"""The taught deck: a folder of photos, one per card (``3-star.jpg``, ``2-squiggle.jpg`` ...
and ``back.jpg``), each showing the card anywhere on a plain table.  Loading finds the card
in each photo and keeps its straightened face; a folder that cannot be a deck gets one
sentence (:class:`DeckError`) saying what is missing or wrong."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np

from companion.vision.finder import candidate_quads
from companion.vision.geometry import order_corners, refine_corners, straighten

SUITS = ("circle", "cross", "squiggle", "square", "star")  # ESP's log names (docs/esp-log.md)
RANKS = (1, 2, 3, 4, 5)
BACK = "back"
CARDS = tuple(f"{rank} {suit}" for suit in SUITS for rank in RANKS)
EXTENSIONS = (".jpg", ".jpeg", ".png")


class DeckError(Exception):
    """A sentence: why this folder cannot be used as a taught deck."""


def file_stem(card: str) -> str:
    """``"3 star"`` → ``"3-star"``; ``"back"`` stays."""
    return card.replace(" ", "-")


def read_image(path: Path) -> np.ndarray:
    """The picture at ``path`` as BGR, or a :class:`DeckError` sentence."""
    data = np.fromfile(str(path), dtype=np.uint8) if path.is_file() else None
    image = cv2.imdecode(data, cv2.IMREAD_COLOR) if data is not None and data.size else None
    if image is None:
        raise DeckError(f"{path} is not a picture this companion can read (a JPEG or PNG)")
    return image


RIM = 8  # pixels: the photo's rim, where only the plain surface shows
LEAST_APART = 25.0  # Lab (the three differences summed): the least a card's pixel differs from the
                    # surface (measured on the corpus's 4 x 26 teaching photos at four seeds: at
                    # 18 the card's shadow joined it, 0.3 % too large; at 25 they match the true
                    # outlines at 0.990-0.991 intersection over union, 0.981 the least)


def _rim(shape: tuple[int, ...], width: int) -> np.ndarray:
    """A picture's rim, ``width`` pixels deep (bool, the picture's height and width)."""
    rim = np.zeros(shape[:2], bool)
    rim[:width], rim[-width:], rim[:, :width], rim[:, -width:] = True, True, True, True
    return rim


def _surface(lab: np.ndarray) -> np.ndarray:
    """The plain surface's colour at every pixel (Lab): a smooth fit (quadratic in x and y)
    to the photo's rim.  A lamp to one side makes the surface lighter across the photo:
    taken as one colour, that gradient set the bar so high that a white card's dimmer half
    did not count as unlike it, and the card was taught at an outline half its paper's edge
    and half its printed frame (a mono 5 of squares, unsure at every table for it)."""
    h, w = lab.shape[:2]
    small = cv2.resize(lab, (max(1, w // 4), max(1, h // 4)), interpolation=cv2.INTER_AREA)
    sh, sw = small.shape[:2]
    y, x = np.mgrid[0:sh, 0:sw].astype(np.float32)
    x, y = x / max(sw - 1, 1) - 0.5, y / max(sh - 1, 1) - 0.5
    terms = np.stack([np.ones_like(x), x, y, x * x, y * y, x * y], axis=-1)
    rim = _rim(small.shape, max(1, RIM // 4))
    fit, *_ = np.linalg.lstsq(terms[rim], small[rim], rcond=None)
    # fitted again without what lies far off the first fit: a card, a finger or a cup
    # reaching the photo's edge is not the surface
    off = np.abs(small[rim] - terms[rim] @ fit).sum(axis=1)
    plain = off <= 3.0 * np.median(off) + 1e-3
    if plain.sum() >= 2 * terms.shape[-1]:
        fit, *_ = np.linalg.lstsq(terms[rim][plain], small[rim][plain], rcond=None)
    return cv2.resize(terms @ fit, (w, h), interpolation=cv2.INTER_LINEAR)


def _card_against_plain(photo: np.ndarray) -> np.ndarray | None:
    """The card as what differs from the plain surface around it: the surface's colour is
    read from the photo's rim (:func:`_surface`), and the largest region unlike it, if
    card-shaped, is the card.  Why not the edges: a back's thin white margin (or a face's
    printed frame) makes a second, inner outline, and taught at that outline the card never
    matches its whole self later."""
    h, w = photo.shape[:2]
    lab = cv2.cvtColor(cv2.GaussianBlur(photo, (5, 5), 0), cv2.COLOR_BGR2LAB).astype(np.float32)
    apart = np.abs(lab - _surface(lab))
    apart = apart[..., 0] + apart[..., 1] + apart[..., 2]  # (numpy's sum over a last axis of 3: twice as long)
    rim = apart[_rim(apart.shape, RIM)]
    spread = np.percentile(rim[rim <= max(LEAST_APART, 6 * np.median(rim))], 99)  # the surface's own (no mug)
    differs = (apart > max(LEAST_APART, 3 * spread)).astype(np.uint8)
    differs = cv2.morphologyEx(differs, cv2.MORPH_CLOSE, np.ones((7, 7), np.uint8))
    contours, _ = cv2.findContours(differs, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    if not contours:
        return None
    contour = max(contours, key=cv2.contourArea)
    if not 0.01 * w * h < cv2.contourArea(contour) < 0.6 * w * h:
        return None
    box = order_corners(cv2.boxPoints(cv2.minAreaRect(contour)))
    short = np.linalg.norm(box[1] - box[0])
    long = np.linalg.norm(box[2] - box[1])
    if not 1.2 < long / max(short, 1.0) < 1.65:
        return None
    hull = cv2.convexHull(contour)
    poly = cv2.approxPolyDP(hull, 0.02 * cv2.arcLength(hull, True), True)
    quad = order_corners(poly.reshape(4, 2)) if len(poly) == 4 else box
    return refine_corners(quad, contour)


def find_card(photo: np.ndarray) -> np.ndarray | None:
    """The corners of the one card in a teaching photo, or None when there is none: the
    region unlike the plain surface, else the largest card-shaped outline."""
    card = _card_against_plain(photo)
    if card is not None:
        return card
    quads = candidate_quads(photo)
    return quads[0] if quads else None


def load_deck(folder: str | Path) -> dict[str, np.ndarray]:
    """The straightened face of every card and the back, by name."""
    folder = Path(folder)
    if not folder.is_dir():
        raise DeckError(f"there is no deck folder {folder}" if not folder.exists()
                        else f"{folder} is a file: the deck is a folder of card photos")
    faces: dict[str, np.ndarray] = {}
    for card in CARDS + (BACK,):
        stem = file_stem(card)
        path = next((folder / (stem + ext) for ext in EXTENSIONS if (folder / (stem + ext)).exists()), None)
        if path is None:
            raise DeckError(f"the deck folder {folder} has no photo of {card} ({stem}.jpg): "
                            f"teach it with `companion camera teach {folder}`")
        photo = read_image(path)
        corners = find_card(photo)
        if corners is None:
            raise DeckError(f"no card can be seen in {path}: photograph it whole on a plain table")
        faces[card] = straighten(photo, corners)
    return faces
