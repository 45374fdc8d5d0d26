"""The Zener deck in print: several printings of ESP's 25 cards and their backs, drawn flat.

Why: groups own different printings (outline or filled symbols, coloured or black ink, the
rank in a corner or as a big central numeral, different backs), and the card reader must learn
whichever deck it is shown.  So the virtual camera (``sim.table_camera``) prints decks of its
own design; the reader is measured on all of them and knows none in advance.

Cards are named as in ESP's log: ``"3 star"``, and ``"back"`` for a card lying face down.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

import cv2
import numpy as np

SUITS = ("circle", "cross", "squiggle", "square", "star")
RANKS = (1, 2, 3, 4, 5)
CARDS = tuple(f"{rank} {suit}" for suit in SUITS for rank in RANKS)
TABLES = ("wood", "cloth", "felt")
ASPECT = 3.5 / 2.5  # a card's height over its width


@dataclass(frozen=True)
class DeckStyle:
    """One printing of the deck: how its faces and its back look.

    ``layout`` is where the rank goes: ``"corner"`` (one big symbol, the rank in two
    corners), ``"pips"`` (the symbol printed rank times, a small rank in the corners) or
    ``"numeral"`` (a big central numeral above the symbol, nothing in the corners).
    """

    name: str
    paper: tuple[int, int, int]                    # BGR of the face's paper
    ink: tuple[tuple[int, int, int], ...]          # one BGR per suit (all equal: one ink)
    filled: bool                                   # filled symbols, or outlines
    layout: str                                    # "corner" | "pips" | "numeral"
    font: int                                      # a cv2 Hershey font for the numerals
    border: tuple[int, int, int] | None            # a printed frame line on the face
    back: str                                      # "lattice" | "checks" | "rings" | "stripes"
    back_colours: tuple[tuple[int, int, int], tuple[int, int, int]]  # ground, pattern

    def suit_ink(self, suit: str) -> tuple[int, int, int]:
        return self.ink[SUITS.index(suit) % len(self.ink)]


BLACK = (20, 20, 20)
STYLES: tuple[DeckStyle, ...] = (
    DeckStyle("classic", paper=(228, 240, 246), ink=(BLACK,), filled=False, layout="corner",
              font=cv2.FONT_HERSHEY_TRIPLEX, border=None, back="lattice",
              back_colours=((110, 45, 25), (225, 215, 200))),
    DeckStyle("pips", paper=(250, 250, 250),
              ink=((40, 40, 200), (190, 90, 20), (40, 140, 30), (20, 130, 235), (150, 40, 130)),
              filled=True, layout="pips", font=cv2.FONT_HERSHEY_DUPLEX, border=None,
              back="checks", back_colours=((40, 30, 170), (235, 235, 240))),
    DeckStyle("numeral", paper=(215, 235, 240),
              ink=((120, 60, 20), (30, 30, 150), (90, 100, 10), (20, 90, 160), (110, 30, 90)),
              filled=True, layout="numeral", font=cv2.FONT_HERSHEY_SIMPLEX,
              border=(90, 90, 90), back="rings", back_colours=((50, 90, 30), (150, 210, 200))),
    DeckStyle("mono", paper=(200, 200, 190), ink=(BLACK,), filled=True, layout="corner",
              font=cv2.FONT_HERSHEY_COMPLEX, border=BLACK, back="stripes",
              back_colours=((25, 25, 25), (60, 170, 215))),
)


def style_named(name: str) -> DeckStyle:
    for style in STYLES:
        if style.name == name:
            return style
    names = ", ".join(s.name for s in STYLES)
    raise ValueError(f"no deck style is named {name!r}: there are {names}")


def parse_card(card: str) -> tuple[int, str] | None:
    """``"3 star"`` → ``(3, "star")``; ``"back"`` → None.  Anything else: a ValueError."""
    if card == "back":
        return None
    parts = card.split() if isinstance(card, str) else []
    if len(parts) == 2 and parts[0] in "12345" and len(parts[0]) == 1 and parts[1] in SUITS:
        return int(parts[0]), parts[1]
    raise ValueError(f"{card!r} is not a card: a card is a rank 1-5 and a suit "
                     f"({', '.join(SUITS)}), "
                     "like '3 star', or 'back'")


# --------------------------------------------------------------------------- printing

def _star_points(cx: float, cy: float, r: float) -> np.ndarray:
    pts = []
    for i in range(10):
        rad = r if i % 2 == 0 else r * 0.40
        a = -math.pi / 2 + i * math.pi / 5
        pts.append((cx + rad * math.cos(a), cy + rad * math.sin(a)))
    return np.array(pts)


def _cross_points(cx: float, cy: float, r: float) -> np.ndarray:
    t = r * 0.30
    p = [(-t, -r), (t, -r), (t, -t), (r, -t), (r, t), (t, t), (t, r), (-t, r), (-t, t),
         (-r, t), (-r, -t), (-t, -t)]
    return np.array([(cx + x, cy + y) for x, y in p])


def _squiggle_lines(cx: float, cy: float, r: float) -> list[np.ndarray]:
    lines = []
    ys = np.linspace(-r, r, 40)
    for k in (-1, 0, 1):
        xs = cx + k * r * 0.62 + r * 0.16 * np.sin(ys / r * 2.2 * math.pi)
        lines.append(np.stack([xs, cy + ys], axis=1))
    return lines


SHIFT = 4  # cv2 sub-pixel bits: shapes drawn at 1/16 pixel precision


def _fix(pts: np.ndarray) -> np.ndarray:
    return np.round(np.asarray(pts) * (1 << SHIFT)).astype(np.int32).reshape(-1, 1, 2)


def draw_symbol(img: np.ndarray, suit: str, cx: float, cy: float, size: float,
                colour, filled: bool) -> None:
    """One suit symbol of diameter ``size`` centred at (cx, cy); outlines get a stroke ~size/14."""
    r = size / 2
    stroke = max(1, int(round(size / (9 if filled else 14))))
    aa = cv2.LINE_AA
    if suit == "circle":
        c = (int(round(cx * 16)), int(round(cy * 16)))
        if filled:
            cv2.circle(img, c, int(r * 16), colour, -1, aa, SHIFT)
        else:
            cv2.circle(img, c, int((r - stroke / 2) * 16), colour, stroke, aa, SHIFT)
    elif suit == "square":
        pts = np.array([(cx - r * .85, cy - r * .85), (cx + r * .85, cy - r * .85),
                        (cx + r * .85, cy + r * .85), (cx - r * .85, cy + r * .85)])
        if filled:
            cv2.fillPoly(img, [_fix(pts)], colour, aa, SHIFT)
        else:
            cv2.polylines(img, [_fix(pts)], True, colour, stroke, aa, SHIFT)
    elif suit in ("star", "cross"):
        if suit == "star":
            pts = _star_points(cx, cy + r * .06, r * 1.05)
        else:
            pts = _cross_points(cx, cy, r)
        if filled:
            cv2.fillPoly(img, [_fix(pts)], colour, aa, SHIFT)
        else:
            cv2.polylines(img, [_fix(pts)], True, colour, stroke, aa, SHIFT)
    elif suit == "squiggle":
        wave = max(1, int(round(size / (11 if filled else 17))))
        for line in _squiggle_lines(cx, cy, r):
            cv2.polylines(img, [_fix(line)], False, colour, wave, aa, SHIFT)
    else:
        raise ValueError(f"no suit {suit!r}")


def _text(img, text, cx, cy, height, colour, font, thick_ratio=0.11) -> None:
    """``text`` centred at (cx, cy), its capital height ``height`` pixels."""
    (tw, th), _ = cv2.getTextSize(text, font, 1.0, 1)
    scale = height / th
    thick = max(1, int(round(height * thick_ratio)))
    (tw, th), _ = cv2.getTextSize(text, font, scale, thick)
    org = (int(round(cx - tw / 2)), int(round(cy + th / 2)))
    cv2.putText(img, text, org, font, scale, colour, thick, cv2.LINE_AA)


_PIPS = {1: [(0, 0)], 2: [(0, -1), (0, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
         4: [(-1, -1), (1, -1), (-1, 1), (1, 1)], 5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)]}


def _corner_index(img, style, rank, suit, w, colour, with_symbol: bool) -> None:
    """The rank (and a small symbol under it) in the top-left and, upside down, bottom-right."""
    for _ in range(2):
        _text(img, str(rank), w * .15, w * .16, w * .16, colour, style.font, 0.13)
        if with_symbol:
            draw_symbol(img, suit, w * .15, w * .36, w * .13, colour, style.filled)
        img[:] = cv2.rotate(img, cv2.ROTATE_180)


@lru_cache(maxsize=512)
def _face(style: DeckStyle, rank: int, suit: str, width: int) -> np.ndarray:
    w, h = width, int(round(width * ASPECT))
    img = np.empty((h, w, 3), np.uint8)
    img[:] = style.paper
    ink = style.suit_ink(suit)
    if style.border is not None:
        m = w * .05
        cv2.rectangle(img, (int(m), int(m)), (int(w - m), int(h - m)), style.border,
                      max(1, w // 100), cv2.LINE_AA)
    if style.layout == "corner":
        draw_symbol(img, suit, w / 2, h / 2, w * .52, ink, style.filled)
        _corner_index(img, style, rank, suit, w, ink, with_symbol=True)
    elif style.layout == "pips":
        size = w * (.34 if rank == 1 else .24)
        for dx, dy in _PIPS[rank]:
            draw_symbol(img, suit, w / 2 + dx * w * .22, h / 2 + dy * h * .24, size, ink,
                        style.filled)
        _corner_index(img, style, rank, suit, w, ink, with_symbol=False)
    elif style.layout == "numeral":
        _text(img, str(rank), w / 2, h * .34, h * .30, ink, style.font, 0.13)
        draw_symbol(img, suit, w / 2, h * .72, w * .36, ink, style.filled)
    else:
        raise ValueError(f"no layout {style.layout!r}")
    img.setflags(write=False)
    return img


@lru_cache(maxsize=32)
def _back(style: DeckStyle, width: int) -> np.ndarray:
    w, h = width, int(round(width * ASPECT))
    ground, pattern = style.back_colours
    img = np.empty((h, w, 3), np.uint8)
    img[:] = ground
    t = max(1, w // 80)
    aa = cv2.LINE_AA
    if style.back == "lattice":
        step = w / 7
        for k in range(-12, 20):
            x0 = k * step
            cv2.line(img, (int(x0), 0), (int(x0 + h), h), pattern, t, aa)
            cv2.line(img, (int(x0 + h), 0), (int(x0), h), pattern, t, aa)
    elif style.back == "checks":
        step = max(2, w // 12)
        yy, xx = np.mgrid[0:h, 0:w]
        mask = ((xx // step + yy // step) % 2 == 0)
        img[mask] = pattern
        cv2.ellipse(img, (w // 2, h // 2), (int(w * .30), int(h * .22)), 0, 0, 360, ground, -1, aa)
        cv2.ellipse(img, (w // 2, h // 2), (int(w * .30), int(h * .22)), 0, 0, 360, pattern,
                    2 * t, aa)
    elif style.back == "rings":
        for k, rad in enumerate(np.arange(w * .05, h, w * .07)):
            cv2.circle(img, (w // 2, h // 2), int(rad), pattern, t + (k % 2), aa)
    elif style.back == "stripes":
        step = max(3, w // 10)
        for y in range(-w, h + w, step):
            cv2.line(img, (0, y), (w, y + w // 2), pattern, 2 * t, aa)
    else:
        raise ValueError(f"no back design {style.back!r}")
    m = int(w * .06)
    cv2.rectangle(img, (0, 0), (w - 1, h - 1), (235, 235, 235), m, aa)  # the white margin
    img.setflags(write=False)
    return img


def card_face(style: DeckStyle, rank: int, suit: str, width: int = 250) -> np.ndarray:
    """The printed face of ``rank suit``, flat and lit evenly: BGR, ``width`` x 1.4 ``width``."""
    if rank not in RANKS or suit not in SUITS:
        raise ValueError(f"no card {rank} {suit}: ranks are 1-5, suits {', '.join(SUITS)}")
    return _face(style, rank, suit, int(width)).copy()


def card_back(style: DeckStyle, width: int = 250) -> np.ndarray:
    """The printed back of the style's cards, flat: BGR, ``width`` x 1.4 ``width``."""
    return _back(style, int(width)).copy()


def card_image(style: DeckStyle, card: str, width: int = 250) -> np.ndarray:
    """``card_face`` or ``card_back`` by the card's name ("3 star" or "back"); read-only."""
    parsed = parse_card(card)
    return _back(style, width) if parsed is None else _face(style, *parsed, width)


@lru_cache(maxsize=8)
def card_alpha(width: int = 250) -> np.ndarray:
    """A card's rounded-corner mask (0..255) at ``width``, to paste it onto a table; read-only."""
    w, h = width, int(round(width * ASPECT))
    a = np.zeros((h, w), np.uint8)
    r = int(w * .06)
    cv2.rectangle(a, (r, 0), (w - 1 - r, h - 1), 255, -1)
    cv2.rectangle(a, (0, r), (w - 1, h - 1 - r), 255, -1)
    for cx, cy in ((r, r), (w - 1 - r, r), (r, h - 1 - r), (w - 1 - r, h - 1 - r)):
        cv2.circle(a, (cx, cy), r, 255, -1, cv2.LINE_AA)
    a.setflags(write=False)
    return a


def deck_file_name(card: str) -> str:
    """``"3 star"`` → ``"3-star.jpg"``; ``"back"`` → ``"back.jpg"``: a deck folder's names."""
    parsed = parse_card(card)
    return "back.jpg" if parsed is None else f"{parsed[0]}-{parsed[1]}.jpg"


def rank_marks(style: DeckStyle) -> tuple[tuple[float, float, float, float], ...]:
    """Where a face shows its rank, as boxes (x0, y0, x1, y1) in shares of the card's width
    and height: the corner indices, the central numeral, or the pips (counted).  A card whose
    every such box is covered cannot be told from its neighbours in rank by anyone."""
    corners = ((0.04, 0.04, 0.26, 0.19), (0.74, 0.81, 0.96, 0.96))
    if style.layout == "corner":
        return corners
    if style.layout == "pips":
        return corners + ((0.13, 0.13, 0.87, 0.87),)
    if style.layout == "numeral":
        return ((0.28, 0.17, 0.72, 0.51),)
    raise ValueError(f"no layout {style.layout!r}")
