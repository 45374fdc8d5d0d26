"""A virtual camera above the card table: synthetic frames of Zener cards, with their truth.

Why: the card reader (``companion.vision``) must be measured on thousands of labelled frames
with the troubles a real camera has, and the desktop mode needs a camera without one.  So this
module prints several *deck styles* of its own design (outline or filled symbols, coloured or
black ink, the rank in a corner or as a big central numeral, different backs) and lays 1-6
cards on wood, cloth or felt, seen by a tilted camera, under uneven light and glare, with blur,
noise and JPEG artefacts, sometimes overlapping, sometimes face down, sometimes under a hand.
Each frame comes with :class:`Placed` records: the card, its four corners in image pixels and
the share of it that is visible.

Everything is seeded: the same arguments give the same pixels.  numpy and cv2 only.

    image, placed = random_scene(7)                  # 1280x720 BGR, and the truth
    write_deck(STYLES[0], "/tmp/deck")               # 3-star.jpg ... back.jpg, for teaching
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path

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
    raise ValueError(f"no deck style is named {name!r}: there are {', '.join(s.name for s in STYLES)}")


def parse_card(card: str) -> tuple[int, str] | None:
    """``"3 star"`` → ``(3, "star")``; ``"back"`` → None.  Anything else: a ValueError."""
    if card == "back":
        return None
    parts = card.split()
    if len(parts) == 2 and parts[0] in "12345" and len(parts[0]) == 1 and parts[1] in SUITS:
        return int(parts[0]), parts[1]
    raise ValueError(f"{card!r} is not a card: a card is a rank 1-5 and a suit ({', '.join(SUITS)}), "
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
        pts = _star_points(cx, cy + r * .06, r * 1.05) if suit == "star" else _cross_points(cx, cy, r)
        if filled:
            cv2.fillPoly(img, [_fix(pts)], colour, aa, SHIFT)
        else:
            cv2.polylines(img, [_fix(pts)], True, colour, stroke, aa, SHIFT)
    elif suit == "squiggle":
        for line in _squiggle_lines(cx, cy, r):
            cv2.polylines(img, [_fix(line)], False, colour, stroke if not filled else stroke + 1, aa, SHIFT)
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
        _text(img, str(rank), w * .14, w * .15, w * .13, colour, style.font)
        if with_symbol:
            draw_symbol(img, suit, w * .14, w * .32, w * .12, colour, style.filled)
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
            draw_symbol(img, suit, w / 2 + dx * w * .22, h / 2 + dy * h * .24, size, ink, style.filled)
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
        cv2.ellipse(img, (w // 2, h // 2), (int(w * .30), int(h * .22)), 0, 0, 360, pattern, 2 * t, aa)
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
def _alpha(width: int) -> np.ndarray:
    """A card's rounded-corner mask (0..255) at ``width``."""
    w, h = width, int(round(width * ASPECT))
    a = np.zeros((h, w), np.uint8)
    r = int(w * .06)
    cv2.rectangle(a, (r, 0), (w - 1 - r, h - 1), 255, -1)
    cv2.rectangle(a, (0, r), (w - 1, h - 1 - r), 255, -1)
    for cx, cy in ((r, r), (w - 1 - r, r), (r, h - 1 - r), (w - 1 - r, h - 1 - r)):
        cv2.circle(a, (cx, cy), r, 255, -1, cv2.LINE_AA)
    a.setflags(write=False)
    return a


# --------------------------------------------------------------------------- scenes

@dataclass(frozen=True)
class Placed:
    """One card in a frame.

    ``corners`` are the card's own top-left, top-right, bottom-right and bottom-left corners
    (of the printed rectangle, before its rounding) in image pixels: a card lying upside down
    has its top-left corner low in the frame.  ``visible`` is the share of the card's area not
    covered by cards above it or by the hand.
    """

    card: str
    corners: np.ndarray = field(compare=False)
    visible: float


@dataclass(frozen=True)
class Conditions:
    """What a scene suffers from; :func:`draw_conditions` picks them from a seed."""

    table: str = "wood"         # wood | cloth | felt
    cards: int = 3              # 1..6
    tilt: float = 0.0           # 0 (camera straight down) .. 1 (strongly tilted)
    light: float = 0.0          # unevenness of the light, 0..1
    glare: float = 0.0          # strength of a glare spot, 0 (none) .. 1
    blur: float = 0.0           # Gaussian blur sigma in pixels (0: sharp)
    motion: float = 0.0         # motion-blur length in pixels (0: none)
    noise: float = 0.0          # sensor noise sigma in grey levels
    jpeg: int = 95              # JPEG quality
    hand: bool = False          # a hand over one of the cards
    overlap: float = 0.0        # chance that each card after the first lands on another
    face_down: float = 0.0      # chance that each card lies face down
    card_width: tuple[float, float] = (0.075, 0.12)  # card width range, share of frame width


def draw_conditions(seed: int) -> Conditions:
    """The conditions of scene ``seed``: each trouble on in a good share of scenes."""
    rng = np.random.default_rng([seed, 1])
    u = rng.random(12)
    return Conditions(
        table=TABLES[int(rng.integers(3))],
        cards=int(rng.integers(1, 7)),
        tilt=float(u[0]) if u[1] < .7 else 0.0,
        light=float(u[2]),
        glare=float(.3 + .7 * u[3]) if u[4] < .35 else 0.0,
        blur=float(2.2 * u[5] ** 2) if u[6] < .5 else 0.0,
        motion=float(3 + 6 * u[7]) if u[8] < .12 else 0.0,
        noise=float(2 + 8 * u[9]),
        jpeg=int(40 + 55 * u[10]),
        hand=bool(u[11] < .3),
        overlap=float(rng.choice([0.0, 0.3, 0.6])),
        face_down=float(rng.choice([0.0, 0.15, 0.4])),
    )


def _smooth_field(rng, size, cells, lo, hi) -> np.ndarray:
    """A smooth random field over ``size`` (w, h), values in lo..hi, float32."""
    w, h = size
    small = rng.random((cells[1], cells[0])).astype(np.float32)
    f = cv2.resize(small, (w, h), interpolation=cv2.INTER_CUBIC)
    return np.clip(lo + (hi - lo) * f, min(lo, hi), max(lo, hi))


def table_texture(rng, kind: str, size) -> np.ndarray:
    """A wood, cloth or felt table top, BGR uint8, drawn small and scaled up for speed."""
    w, h = size
    sw, sh = w // 2, h // 2
    if kind == "wood":
        base = np.array(rng.choice([(40, 75, 120), (60, 105, 160), (30, 50, 85), (90, 140, 185)]),
                        np.float32)
        y = np.arange(sh, dtype=np.float32)[:, None]
        x = np.arange(sw, dtype=np.float32)[None, :]
        warp = _smooth_field(rng, (sw, sh), (6, 4), -25, 25)
        period = rng.uniform(6, 14)
        grain = np.sin((y + warp + 0.02 * x) / period * 2 * np.pi) * 0.5 + 0.5
        fine = rng.random((sh, sw), dtype=np.float32)
        fine = cv2.blur(fine, (15, 1))
        shade = 0.78 + 0.16 * grain + 0.12 * fine
        planks = rng.integers(2, 5)
        for k in range(1, planks):
            yy = int(sh * k / planks + rng.uniform(-20, 20))
            shade[max(0, yy - 1):yy + 1] *= 0.55
            shade[yy + 1:] *= rng.uniform(0.93, 1.07)
        img = shade[..., None] * base[None, None, :]
        if rng.random() < .5:
            img = cv2.transpose(img)
            img = cv2.resize(img, (sw, sh))
    elif kind == "cloth":
        base = np.array(rng.choice([(150, 60, 40), (50, 50, 140), (170, 170, 165), (90, 40, 100),
                                    (40, 100, 150)]), np.float32)
        y = np.arange(sh, dtype=np.float32)[:, None]
        x = np.arange(sw, dtype=np.float32)[None, :]
        p = rng.uniform(2.5, 4.0)
        weave = 0.5 + 0.25 * np.sin(x / p * 2 * np.pi) * np.sign(np.sin(y / p * np.pi)) \
            + 0.25 * np.sin(y / p * 2 * np.pi)
        img = (0.8 + 0.2 * weave)[..., None] * base
        if rng.random() < .5:  # a check pattern
            cell = int(rng.integers(25, 60))
            check = (((x // cell) + (y // cell)) % 2).astype(np.float32)
            img *= (0.8 + 0.25 * check)[..., None]
        folds = _smooth_field(rng, (sw, sh), (5, 3), 0.85, 1.1)
        img *= folds[..., None]
    elif kind == "felt":
        base = np.array(rng.choice([(60, 110, 30), (50, 90, 20), (110, 60, 30), (40, 30, 110)]),
                        np.float32)
        speck = rng.standard_normal((sh, sw), dtype=np.float32)
        speck = cv2.GaussianBlur(speck, (0, 0), 1.0)
        img = (0.95 + 0.10 * speck)[..., None] * base
        img *= _smooth_field(rng, (sw, sh), (4, 3), 0.9, 1.08)[..., None]
    else:
        raise ValueError(f"no table {kind!r}: tables are {', '.join(TABLES)}")
    img = cv2.resize(np.clip(img, 0, 255).astype(np.uint8), (w, h), interpolation=cv2.INTER_LINEAR)
    return img


def _camera(rng, tilt: float, size) -> np.ndarray:
    """The table-to-image homography: a tilted camera sees the far edge of the table smaller."""
    w, h = size
    src = np.float32([[0, 0], [w, 0], [w, h], [0, h]])
    k = tilt * 0.22
    # the far side (chosen at random: top, bottom, left or right) shrinks by up to k
    side = int(rng.integers(4))
    dst = src.copy()
    jitter = rng.uniform(-0.02, 0.02, (4, 2)) * (w, h) * tilt
    shrink = k * (w if side in (0, 2) else h) / 2
    if side == 0:   # far edge at the top
        dst[0, 0] += shrink; dst[1, 0] -= shrink
    elif side == 1:  # far edge at the right
        dst[1, 1] += shrink; dst[2, 1] -= shrink
    elif side == 2:  # bottom
        dst[3, 0] += shrink; dst[2, 0] -= shrink
    else:           # left
        dst[0, 1] += shrink; dst[3, 1] -= shrink
    dst = dst + jitter
    # keep everything inside the frame
    dst[:, 0] = np.clip(dst[:, 0], 0, w)
    dst[:, 1] = np.clip(dst[:, 1], 0, h)
    return cv2.getPerspectiveTransform(src, dst.astype(np.float32))


def _project(H: np.ndarray, pts: np.ndarray) -> np.ndarray:
    return cv2.perspectiveTransform(pts.reshape(-1, 1, 2).astype(np.float64), H).reshape(-1, 2)


def _card_quad(cx, cy, width, angle) -> np.ndarray:
    """The card's corners (TL, TR, BR, BL of the card itself) on the table plane."""
    hw, hh = width / 2, width * ASPECT / 2
    c, s = math.cos(angle), math.sin(angle)
    local = np.array([(-hw, -hh), (hw, -hh), (hw, hh), (-hw, hh)])
    return np.array([(cx + x * c - y * s, cy + x * s + y * c) for x, y in local])


def _paste(img: np.ndarray, sprite: np.ndarray, alpha: np.ndarray, quad: np.ndarray,
           shadow: float = 0.0) -> None:
    """Warp ``sprite`` (with its ``alpha``) onto ``quad`` of ``img``, in the quad's box only."""
    H, W = img.shape[:2]
    x0 = max(0, int(math.floor(quad[:, 0].min())) - 6)
    y0 = max(0, int(math.floor(quad[:, 1].min())) - 6)
    x1 = min(W, int(math.ceil(quad[:, 0].max())) + 8)
    y1 = min(H, int(math.ceil(quad[:, 1].max())) + 8)
    if x1 <= x0 or y1 <= y0:
        return
    sh, sw = sprite.shape[:2]
    src = np.float32([[0, 0], [sw, 0], [sw, sh], [0, sh]])
    dst = (quad - (x0, y0)).astype(np.float32)
    M = cv2.getPerspectiveTransform(src, dst)
    bw, bh = x1 - x0, y1 - y0
    scale = math.sqrt(abs(cv2.contourArea(dst)) / (sw * sh))
    if scale < 0.5:  # shrink first, so the warp does not alias the print
        f = max(scale * 1.5, 0.01)
        sprite = cv2.resize(sprite, None, fx=f, fy=f, interpolation=cv2.INTER_AREA)
        alpha = cv2.resize(alpha, (sprite.shape[1], sprite.shape[0]), interpolation=cv2.INTER_AREA)
        M = M @ np.diag([sw / sprite.shape[1], sh / sprite.shape[0], 1.0])
    warped = cv2.warpPerspective(sprite, M, (bw, bh), flags=cv2.INTER_LINEAR,
                                 borderMode=cv2.BORDER_CONSTANT)
    a = cv2.warpPerspective(alpha, M, (bw, bh), flags=cv2.INTER_LINEAR,
                            borderMode=cv2.BORDER_CONSTANT).astype(np.float32) / 255
    roi = img[y0:y1, x0:x1].astype(np.float32)
    if shadow > 0:
        s = cv2.GaussianBlur(a, (0, 0), 2.5)
        s = np.roll(s, (2, 2), axis=(0, 1))
        roi *= (1 - shadow * s)[..., None]
    a3 = a[..., None]
    img[y0:y1, x0:x1] = (roi * (1 - a3) + warped.astype(np.float32) * a3).astype(np.uint8)


SKIN = ((150, 180, 225), (120, 160, 210), (90, 130, 185), (70, 100, 150), (45, 70, 110),
        (170, 195, 235))


def _hand_mask(rng, size, target: np.ndarray, card_w: float) -> np.ndarray:
    """A hand (palm, four fingers, a thumb, the arm to the nearest frame edge) reaching over
    the card whose image corners are ``target``: uint8 mask 0/255."""
    w, h = size
    mask = np.zeros((h, w), np.uint8)
    centre = target.mean(axis=0)
    # the arm comes from the nearest frame edge
    edges = [(centre[0], np.array([-1.0, 0])), (w - centre[0], np.array([1.0, 0])),
             (centre[1], np.array([0, -1.0])), (h - centre[1], np.array([0, 1.0]))]
    _, outward = min(edges, key=lambda e: e[0] + rng.uniform(0, 200))
    a = math.atan2(outward[1], outward[0]) + rng.uniform(-0.5, 0.5)
    out = np.array([math.cos(a), math.sin(a)])
    side = np.array([-out[1], out[0]])
    palm_r = card_w * rng.uniform(0.45, 0.6)
    # the fingertips reach into the card: cover some of it
    reach = card_w * rng.uniform(0.0, 1.1)
    palm = centre + out * (reach + palm_r * 1.2)
    S = 16
    def P(p):
        return (int(round(p[0] * S)), int(round(p[1] * S)))
    cv2.ellipse(mask, P(palm), (int(palm_r * 1.05 * S), int(palm_r * 0.95 * S)),
                math.degrees(a), 0, 360, 255, -1, cv2.LINE_AA, SHIFT)
    arm_end = palm + out * max(w, h) * 1.5
    cv2.line(mask, P(palm), P(arm_end), 255, int(palm_r * 1.5), cv2.LINE_AA, SHIFT)
    finger_w = max(2, int(palm_r * 0.36))
    spread = rng.uniform(0.05, 0.22)
    lengths = (0.9, 1.05, 1.0, 0.75)
    for i, length in enumerate(lengths):
        off = (i - 1.5) * palm_r * 0.48
        base = palm - out * palm_r * 0.75 + side * off
        fa = a + math.pi + (i - 1.5) * spread + rng.uniform(-0.06, 0.06)
        tip = base + np.array([math.cos(fa), math.sin(fa)]) * palm_r * 1.55 * length
        cv2.line(mask, P(base), P(tip), 255, finger_w, cv2.LINE_AA, SHIFT)
        cv2.circle(mask, P(tip), int(finger_w / 2 * S), 255, -1, cv2.LINE_AA, SHIFT)
    # the thumb, on one side
    sgn = 1 if rng.random() < .5 else -1
    tb = palm + side * sgn * palm_r * 0.8
    ta = a + math.pi + sgn * rng.uniform(0.6, 1.1)
    tt = tb + np.array([math.cos(ta), math.sin(ta)]) * palm_r * 1.1
    cv2.line(mask, P(tb), P(tt), 255, int(finger_w * 1.15), cv2.LINE_AA, SHIFT)
    cv2.circle(mask, P(tt), int(finger_w * 0.57 * S), 255, -1, cv2.LINE_AA, SHIFT)
    return mask


def _draw_hand(img: np.ndarray, rng, mask: np.ndarray) -> None:
    """Paint the hand: skin tone shaded darker toward its edges, and a soft shadow."""
    ys, xs = np.nonzero(mask)
    if len(xs) == 0:
        return
    x0, x1 = max(0, xs.min() - 20), min(img.shape[1], xs.max() + 21)
    y0, y1 = max(0, ys.min() - 20), min(img.shape[0], ys.max() + 21)
    m = mask[y0:y1, x0:x1].astype(np.float32) / 255
    roi = img[y0:y1, x0:x1].astype(np.float32)
    shadow = np.roll(cv2.GaussianBlur(m, (0, 0), 8), (10, 8), axis=(0, 1))
    roi *= (1 - 0.45 * shadow)[..., None]
    inner = cv2.GaussianBlur(m, (0, 0), 6)
    tone = np.array(SKIN[int(rng.integers(len(SKIN)))], np.float32) * rng.uniform(0.9, 1.1)
    shade = (0.65 + 0.45 * inner)[..., None]
    skin = np.clip(tone * shade, 0, 255)
    m3 = m[..., None]
    img[y0:y1, x0:x1] = (roi * (1 - m3) + skin * m3).astype(np.uint8)


VIS_SCALE = 4  # visibility is counted on a grid 4 times coarser than the image


def _visibility(size, quads: list[np.ndarray], hand: np.ndarray | None) -> list[float]:
    w, h = size
    sw, sh = w // VIS_SCALE, h // VIS_SCALE
    masks = []
    for q in quads:
        m = np.zeros((sh, sw), np.uint8)
        cv2.fillPoly(m, [_fix(q / VIS_SCALE)], 1, cv2.LINE_8, SHIFT)
        masks.append(m)
    cover = np.zeros((sh, sw), np.uint8)
    if hand is not None:
        cover |= (cv2.resize(hand, (sw, sh), interpolation=cv2.INTER_AREA) > 127).astype(np.uint8)
    shares = [0.0] * len(quads)
    for i in range(len(quads) - 1, -1, -1):
        area = int(masks[i].sum())
        seen = int((masks[i] & (1 - cover)).sum())
        shares[i] = seen / area if area else 0.0
        cover |= masks[i]
    return shares


def _finish(img: np.ndarray, rng, c: Conditions) -> np.ndarray:
    """The camera's troubles over the whole frame: light, glare, blur, noise, JPEG."""
    h, w = img.shape[:2]
    sw, sh = w // 8, h // 8
    gain = np.ones((sh, sw), np.float32)
    if c.light > 0:
        yy, xx = np.mgrid[0:sh, 0:sw].astype(np.float32)
        ang = rng.uniform(0, 2 * math.pi)
        ramp = ((xx / sw - .5) * math.cos(ang) + (yy / sh - .5) * math.sin(ang))
        gain = gain + c.light * 0.7 * ramp + _smooth_field(rng, (sw, sh), (4, 3), -.2, .2) * c.light
        gain *= rng.uniform(0.75, 1.15)
    glare = np.zeros((sh, sw), np.float32)
    if c.glare > 0:
        gx, gy = rng.uniform(0.15, 0.85) * sw, rng.uniform(0.15, 0.85) * sh
        rx, ry = rng.uniform(0.04, 0.12) * sw, rng.uniform(0.04, 0.12) * sw
        yy, xx = np.mgrid[0:sh, 0:sw].astype(np.float32)
        glare = c.glare * 230 * np.exp(-(((xx - gx) / rx) ** 2 + ((yy - gy) / ry) ** 2) / 2)
    gain_full = cv2.resize(gain, (w, h), interpolation=cv2.INTER_LINEAR)
    f = img.astype(np.float32)
    # a slight colour cast: the light's temperature
    cast = np.float32([1 + rng.uniform(-.08, .08), 1.0, 1 + rng.uniform(-.08, .08)])
    f *= cast
    f *= gain_full[..., None]
    if c.glare > 0:
        f += cv2.resize(glare, (w, h), interpolation=cv2.INTER_LINEAR)[..., None]
    if c.blur > 0.3:
        f = cv2.GaussianBlur(f, (0, 0), c.blur)
    if c.motion > 0:
        n = int(round(c.motion)) | 1
        k = np.zeros((n, n), np.float32)
        k[n // 2, :] = 1.0 / n
        rot = cv2.getRotationMatrix2D((n / 2 - .5, n / 2 - .5), rng.uniform(0, 180), 1.0)
        k = cv2.warpAffine(k, rot, (n, n))
        k /= max(k.sum(), 1e-6)
        f = cv2.filter2D(f, -1, k)
    if c.noise > 0:
        noise = np.empty((h, w, 3), np.float32)
        cv2.randn(noise, 0, c.noise)
        f += noise
    out = np.clip(f, 0, 255).astype(np.uint8)
    if c.jpeg < 100:
        ok, buf = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, int(c.jpeg)])
        out = cv2.imdecode(buf, cv2.IMREAD_COLOR)
    return out


def compose(seed: int, style: DeckStyle, conditions: Conditions, size=(1280, 720),
            cards: list[str] | None = None) -> tuple[np.ndarray, list[Placed]]:
    """A scene under given ``conditions``; ``cards`` (names, bottom first) or drawn from the seed."""
    rng = np.random.default_rng([seed, 2])
    cv2.setRNGSeed(int(seed) & 0x7FFFFFFF)
    w, h = size
    c = conditions
    img = table_texture(rng, c.table, size)
    H = _camera(rng, c.tilt, size)
    n = len(cards) if cards is not None else max(1, min(6, c.cards))
    if cards is None:
        names = [CARDS[i] for i in rng.choice(len(CARDS), n, replace=False)]
        names = [("back" if rng.random() < c.face_down else name) for name in names]
    else:
        names = list(cards)
        for name in names:
            parse_card(name)
    card_w = rng.uniform(*c.card_width) * w
    diag = card_w * math.hypot(1, ASPECT)
    plane_quads: list[np.ndarray] = []
    quads: list[np.ndarray] = []
    margin = diag / 2 + 4
    for name in names:
        for attempt in range(200):
            angle = rng.uniform(-math.pi, math.pi)
            width = card_w * rng.uniform(0.97, 1.03)
            if plane_quads and rng.random() < c.overlap:
                other = plane_quads[int(rng.integers(len(plane_quads)))].mean(axis=0)
                d = diag * rng.uniform(0.35, 0.8)
                t = rng.uniform(0, 2 * math.pi)
                cx, cy = other[0] + d * math.cos(t), other[1] + d * math.sin(t)
            else:
                cx, cy = rng.uniform(margin, w - margin), rng.uniform(margin, h - margin)
            pq = _card_quad(cx, cy, width, angle)
            q = _project(H, pq)
            if (q[:, 0].min() < 2 or q[:, 1].min() < 2 or q[:, 0].max() > w - 3
                    or q[:, 1].max() > h - 3):
                continue
            if attempt < 150 and not (plane_quads and c.overlap > 0):
                # cards that are not meant to overlap keep apart
                if any(np.hypot(*(pq.mean(0) - o.mean(0))) < diag * 1.02 for o in plane_quads):
                    continue
            break
        plane_quads.append(pq)
        quads.append(q)
        sprite = card_image(style, name, 250)
        _paste(img, sprite, _alpha(250), q, shadow=0.35)
    hand = None
    if c.hand and quads:
        target = quads[int(rng.integers(len(quads)))]
        hand = _hand_mask(rng, size, target, card_w)
        _draw_hand(img, rng, hand)
    shares = _visibility(size, quads, hand)
    img = _finish(img, rng, c)
    placed = [Placed(name, q.astype(np.float64), float(v)) for name, q, v in zip(names, quads, shares)]
    return img, placed


def random_scene(seed: int, style: DeckStyle | None = None, size=(1280, 720),
                 conditions: Conditions | None = None) -> tuple[np.ndarray, list[Placed]]:
    """Scene ``seed``: a BGR frame of ``size`` (w, h) and the cards in it, bottom card first.

    The style (if not given) and the conditions (see :func:`draw_conditions`) come from the seed.
    """
    if style is None:
        style = STYLES[int(np.random.default_rng([seed, 3]).integers(len(STYLES)))]
    if conditions is None:
        conditions = draw_conditions(seed)
    return compose(seed, style, conditions, size)


def deck_photo(style: DeckStyle, card: str, seed: int, size=(1280, 720)) -> np.ndarray:
    """One card on a plain table, well lit and roughly square to the camera: a teaching photo."""
    parse_card(card)
    rng = np.random.default_rng([seed, 4])
    w, h = size
    img = np.empty((h, w, 3), np.uint8)
    tone = rng.uniform(40, 120)
    img[:] = np.clip(np.array([tone, tone * rng.uniform(.9, 1.1), tone * rng.uniform(.9, 1.15)]), 0, 255)
    c = Conditions(table="felt", cards=1, tilt=rng.uniform(0, .3), light=rng.uniform(0, .3),
                   noise=rng.uniform(1, 3), jpeg=92, card_width=(0.16, 0.2))
    H = _camera(rng, c.tilt, size)
    card_w = rng.uniform(*c.card_width) * w
    cx = w / 2 + rng.uniform(-.15, .15) * w
    cy = h / 2 + rng.uniform(-.1, .1) * h
    q = _project(H, _card_quad(cx, cy, card_w, rng.uniform(-.25, .25)))
    _paste(img, card_image(style, card, 250), _alpha(250), q, shadow=0.3)
    return _finish(img, rng, c)


def deck_file_name(card: str) -> str:
    """``"3 star"`` → ``"3-star.jpg"``; ``"back"`` → ``"back.jpg"``."""
    parsed = parse_card(card)
    return "back.jpg" if parsed is None else f"{parsed[0]}-{parsed[1]}.jpg"


def write_deck(style: DeckStyle, folder, seed: int = 0) -> None:
    """The 25 faces and the back of ``style`` as teaching photos in ``folder`` (made if needed)."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    for i, card in enumerate(CARDS + ("back",)):
        photo = deck_photo(style, card, seed * 100 + i)
        if not cv2.imwrite(str(folder / deck_file_name(card)), photo, [cv2.IMWRITE_JPEG_QUALITY, 92]):
            raise OSError(f"could not write the deck photo {folder / deck_file_name(card)}")
