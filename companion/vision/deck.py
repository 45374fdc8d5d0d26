"""The taught deck: a folder of photos, one per card (``3-star.jpg``, ``2-squiggle.jpg`` ...
and ``back.jpg``), each showing the card anywhere on a plain table.  Loading finds the card
in each photo and keeps its straightened face; a folder that cannot be a deck gets one
sentence (:class:`DeckError`) saying what is missing or wrong."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np

from companion.vision.finder import candidate_quads
from companion.vision.geometry import straighten

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


def find_card(photo: np.ndarray) -> np.ndarray | None:
    """The corners of the one card in a teaching photo (the largest card-shaped outline),
    or None when there is none."""
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
