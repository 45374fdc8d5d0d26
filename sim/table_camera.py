"""A virtual camera above the card table: synthetic frames of Zener cards, with their truth.

Why: the card reader (``companion.vision``) must be measured on thousands of labelled frames
with the troubles a real camera has, and the desktop mode needs a camera without one.  So this
module lays 1-6 cards of one of several printings (``sim.zener_print``) on wood, cloth or felt,
seen by a tilted camera, under uneven light and glare, with blur, noise and JPEG
(``sim.camera_effects``), sometimes overlapping, sometimes face down, sometimes under a hand.
Each frame comes with :class:`Placed` records: the card, its four corners in image pixels and
the share of it that is visible.

Everything is seeded: the same arguments give the same pixels.  numpy and cv2 only.

    image, placed = random_scene(7)                  # 1280x720 BGR, and the truth
    write_deck(STYLES[0], "/tmp/deck")               # 3-star.jpg ... back.jpg, for teaching
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from pathlib import Path

import cv2
import numpy as np

from sim.camera_effects import (CLUTTER, TABLES, Glare, camera_finish, draw_clutter, draw_hand,
                                hand_mask, plain_top, shifted, table_top)
from sim.zener_print import (ASPECT, CARDS, RANKS, STYLES, SUITS, DeckStyle, card_alpha,
                             card_back, card_face, card_image, deck_file_name, parse_card,
                             rank_marks, style_named)

__all__ = ["SUITS", "RANKS", "CARDS", "TABLES", "STYLES", "DeckStyle", "Placed", "Conditions",
           "card_face", "card_back", "card_image", "style_named", "parse_card", "deck_file_name",
           "draw_conditions", "compose", "random_scene", "deck_photo", "write_deck"]

SHIFT = 4


def _fix(pts: np.ndarray) -> np.ndarray:
    return np.round(np.asarray(pts) * (1 << SHIFT)).astype(np.int32).reshape(-1, 1, 2)


@dataclass(frozen=True)
class Placed:
    """One card in a frame.

    ``corners`` are the card's own top-left, top-right, bottom-right and bottom-left corners
    (of the printed rectangle, before its rounding) in image pixels: a card lying upside down
    has its top-left corner low in the frame.  ``visible`` is the share of the card's area not
    covered by cards above it or by the hand, nor washed out by the white core of a glare.
    ``rank_visible`` is the same share for the best-seen place its rank is printed (a corner
    index, the central numeral, the pips; see ``zener_print.rank_marks``): a card half visible
    with every rank mark hidden cannot be named by anyone (for a back, it is ``visible``).
    """

    card: str
    corners: np.ndarray = field(compare=False)
    visible: float
    rank_visible: float = 1.0


@dataclass(frozen=True)
class Conditions:
    """What a scene suffers from; :func:`draw_conditions` picks them from a seed."""

    table: str = "wood"         # wood | cloth | felt
    cards: int = 3              # 1..6 (0: an empty table)
    tilt: float = 0.0           # 0 (camera straight down) .. 1 (strongly tilted)
    light: float = 0.0          # unevenness of the light, 0..1
    exposure: float = 1.0       # 1: well exposed; 0.5: a dim room (the noise then shows more)
    glare: float = 0.0          # strength of a glare spot, 0 (none) .. 1
    blur: float = 0.0           # Gaussian blur sigma in pixels (0: sharp)
    motion: float = 0.0         # motion-blur length in pixels (0: none)
    noise: float = 0.0          # sensor noise sigma in grey levels
    jpeg: int = 95              # JPEG quality
    hand: bool = False          # a hand over one of the cards
    overlap: float = 0.0        # chance that each card after the first lands on another
    face_down: float = 0.0      # chance that each card lies face down
    clutter: int = 0            # things that are not cards under them: coins, pencils, notes
    card_width: tuple[float, float] = (0.075, 0.12)  # card width range, share of frame width


def draw_conditions(seed: int) -> Conditions:
    """The conditions of scene ``seed``: each trouble on in a good share of scenes.

    Blur stays within what a person can still read a 100-px card's corner rank through
    (focus blur up to sigma 1.3, motion up to 4.5 px): the reader is asked to name 99 % of
    the cards, so the corpus must be readable — a camera with autofocus over cards lying
    still does no worse.  Worse frames (a card still sliding) are the live loop's business:
    it waits for frames that agree.
    """
    rng = np.random.default_rng([seed, 1])
    u = rng.random(12)
    return Conditions(
        table=TABLES[int(rng.integers(3))],
        cards=int(rng.integers(1, 7)),
        tilt=float(u[0]) if u[1] < .7 else 0.0,
        light=float(u[2]),
        glare=float(.3 + .7 * u[3]) if u[4] < .35 else 0.0,
        blur=float(1.3 * u[5] ** 2) if u[6] < .5 else 0.0,
        motion=float(2 + 2.5 * u[7]) if u[8] < .12 else 0.0,
        noise=float(2 + 8 * u[9]),
        jpeg=int(40 + 55 * u[10]),
        hand=bool(u[11] < .3),
        overlap=float(rng.choice([0.0, 0.3, 0.6])),
        face_down=float(rng.choice([0.0, 0.15, 0.4])),
        clutter=int(np.random.default_rng([seed, 5]).choice([0, 0, 1, 2, 3])),
        exposure=float(np.random.default_rng([seed, 7]).choice(
            [1.0, 1.0, 1.0, 1.0, 0.85, 0.7, 0.55])),
    )


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
    # the far edge's two corners move toward each other: (corner, axis) pairs, the first moving
    # forward along the axis; top, right, bottom, left
    (a, b), axis = [((0, 1), 0), ((1, 2), 1), ((3, 2), 0), ((0, 3), 1)][side]
    dst[a, axis] += shrink
    dst[b, axis] -= shrink
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
           shadow: float = 0.0):
    """Warp ``sprite`` (with its ``alpha``) onto ``quad`` of ``img``, in the quad's box only."""
    H, W = img.shape[:2]
    x0 = max(0, int(math.floor(quad[:, 0].min())) - 6)
    y0 = max(0, int(math.floor(quad[:, 1].min())) - 6)
    x1 = min(W, int(math.ceil(quad[:, 0].max())) + 8)
    y1 = min(H, int(math.ceil(quad[:, 1].max())) + 8)
    if x1 <= x0 or y1 <= y0:
        return None
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
        s = shifted(s, 2, 2)
        roi *= (1 - shadow * s)[..., None]
    a3 = a[..., None]
    img[y0:y1, x0:x1] = (roi * (1 - a3) + warped.astype(np.float32) * a3).astype(np.uint8)
    return x0, y0, a


VIS_SCALE = 2  # visibility is counted on a grid twice as coarse as the image


def _mark_quads(quad: np.ndarray, marks) -> list[np.ndarray]:
    """The image quads of boxes given in shares of the card (see ``rank_marks``)."""
    unit = np.float32([[0, 0], [1, 0], [1, 1], [0, 1]])
    M = cv2.getPerspectiveTransform(unit, quad.astype(np.float32))
    boxes = [np.float64([[x0, y0], [x1, y0], [x1, y1], [x0, y1]]) for x0, y0, x1, y1 in marks]
    return [_project(M, b) for b in boxes]


def _visibility(size, quads: list[np.ndarray], hand: np.ndarray | None,
                glare: Glare | None = None, marks=None) -> list[tuple[float, float]]:
    """Each card's share not covered by the cards above it, the hand, or glare's white core,
    and the best such share among its rank ``marks`` (lists of image quads; None: a back)."""
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
    if glare is not None:
        cover |= glare.washed_out(size, VIS_SCALE)
    shares = [(0.0, 0.0)] * len(quads)
    for i in range(len(quads) - 1, -1, -1):
        area = int(masks[i].sum())
        seen = int((masks[i] & (1 - cover)).sum())
        share = seen / area if area else 0.0
        best = share
        if marks is not None and marks[i] is not None:
            best = 0.0
            for mq in marks[i]:
                m = np.zeros((sh, sw), np.uint8)
                cv2.fillPoly(m, [_fix(mq / VIS_SCALE)], 1, cv2.LINE_8, SHIFT)
                m &= masks[i]
                mark_area = int(m.sum())
                if mark_area:
                    best = max(best, int((m & (1 - cover)).sum()) / mark_area)
        shares[i] = (share, best)
        cover |= masks[i]
    return shares


def compose(seed: int, style: DeckStyle, conditions: Conditions, size=(1280, 720),
            cards: list[str] | None = None, *, frame: int = 0, hand_over: int | None = None,
            labels: bool = False, layouts: list[int] | None = None) -> tuple[np.ndarray, list[Placed]]:
    """A scene under given ``conditions``; ``cards`` (names, bottom first) or drawn from the seed.

    The desktop's virtual camera passes the cards on the table; the corpus lets the seed choose.
    With the same seed, a card added at the end of ``cards`` leaves the others where they were
    (the table, the camera and each card draw from the seed in turn), so a trick can be shown
    landing card by card; the light and the glare stay too, and ``frame`` (a frame number)
    changes only the sensor noise.  ``layouts`` (one number per card) gives each card a place
    of its own: a card whose number stays keeps its place whatever else changes, so a trick
    can be gathered and the next dealt round a Vision Card that does not move.  ``hand_over`` is the index of the card the hand (if the
    conditions have one) reaches for: by default one the seed picks.
    ``cards=[]`` (or ``conditions.cards == 0``) is an empty table.
    ``labels=True`` returns, instead of the photo, what each pixel shows (uint8: 0 the table,
    i + 1 the i-th card, 255 the hand, 254 glare's washed-out core): the tests check the
    visible shares against it.
    """
    rng = np.random.default_rng([seed, 2])
    w, h = (int(v) for v in size)
    c = conditions
    img = table_top(rng, c.table, (w, h))
    H = _camera(rng, c.tilt, (w, h))
    label_map = np.zeros((h, w), np.uint8) if labels else None
    if cards is None:
        n = max(0, min(6, c.cards))
        names = [CARDS[i] for i in rng.choice(len(CARDS), n, replace=False)]
        names = ["back" if rng.random() < c.face_down else name for name in names]
    else:
        names = list(cards)
        for name in names:
            parse_card(name)
    card_w = rng.uniform(*c.card_width) * w
    if c.clutter:
        side = np.random.default_rng([seed, 6])  # its own stream: the cards stay where they were
        for kind in side.choice(CLUTTER, c.clutter):
            draw_clutter(img, side, str(kind), card_w)
    diag = card_w * math.hypot(1, ASPECT)
    plane_quads: list[np.ndarray] = []
    quads: list[np.ndarray] = []
    margin = diag / 2 + 4
    for index, name in enumerate(names):
        if layouts is not None:  # this card's place from its own numbers
            rng = np.random.default_rng([seed, 12, index, layouts[index]])
        for attempt in range(300):
            angle = rng.uniform(-math.pi, math.pi)
            width = card_w * rng.uniform(0.97, 1.03)
            overlapping = bool(plane_quads) and rng.random() < c.overlap
            if overlapping:
                other = plane_quads[int(rng.integers(len(plane_quads)))].mean(axis=0)
                d = diag * rng.uniform(0.3, 0.8)
                t = rng.uniform(0, 2 * math.pi)
                cx, cy = other[0] + d * math.cos(t), other[1] + d * math.sin(t)
            else:
                cx, cy = rng.uniform(margin, w - margin), rng.uniform(margin, h - margin)
            pq = _card_quad(cx, cy, width, angle)
            q = _project(H, pq)
            if (q[:, 0].min() < 2 or q[:, 1].min() < 2 or q[:, 0].max() > w - 3
                    or q[:, 1].max() > h - 3):
                continue
            if not overlapping and attempt < 250 and any(
                    math.dist(pq.mean(0), o.mean(0)) < diag * 1.02 for o in plane_quads):
                continue  # a card not meant to overlap keeps apart
            break
        plane_quads.append(pq)
        quads.append(q)
        pasted = _paste(img, card_image(style, name, 250), card_alpha(250), q, shadow=0.35)
        if labels and pasted is not None:
            x0, y0, a = pasted
            view = label_map[y0:y0 + a.shape[0], x0:x0 + a.shape[1]]
            view[a >= 0.5] = len(quads)
    hand = None
    if c.hand:
        hrng = np.random.default_rng([seed, 10])  # its own stream, as are the light's below
        if quads:
            pick = int(hrng.integers(len(quads))) if hand_over is None else hand_over
            target = quads[pick]
        else:  # an empty table: the hand reaches for nothing
            target = _card_quad(hrng.uniform(.3, .7) * w, hrng.uniform(.3, .7) * h, card_w, 0.0)
        hand, sleeve = hand_mask(hrng, (w, h), target, card_w)
        draw_hand(img, hrng, hand, sleeve)
    lrng = np.random.default_rng([seed, 9])
    glare = Glare.draw(lrng, (w, h), c.glare) if c.glare > 0 else None
    marks = [None if name == "back" else _mark_quads(q, rank_marks(style))
             for name, q in zip(names, quads)]
    shares = _visibility((w, h), quads, hand, glare, marks)
    placed = [Placed(name, q.astype(np.float64), float(v), float(r))
              for name, q, (v, r) in zip(names, quads, shares)]
    if labels:
        if hand is not None:
            label_map[hand >= 128] = 255
        if glare is not None:
            label_map[glare.washed_out((w, h)) > 0] = 254
        return label_map, placed
    noise_rng = np.random.default_rng([seed, 11, frame]) if frame else None
    img = camera_finish(img, lrng, light=c.light, exposure=c.exposure, glare=glare, blur=c.blur,
                        motion=c.motion, noise=c.noise, jpeg=c.jpeg, noise_rng=noise_rng)
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
    """One card on a plain surface, well lit and roughly square to the camera: a teaching photo."""
    return deck_photo_and_corners(style, card, seed, size)[0]


def deck_photo_and_corners(style: DeckStyle, card: str, seed: int, size=(1280, 720)) -> tuple[np.ndarray, np.ndarray]:
    """:func:`deck_photo` and the card's true corners in it (float32, 4 × 2)."""
    parse_card(card)
    rng = np.random.default_rng([seed, 4])
    w, h = (int(v) for v in size)
    img = plain_top(rng, (w, h))
    H = _camera(rng, rng.uniform(0, .3), (w, h))
    card_w = rng.uniform(0.15, 0.2) * w
    cx = w / 2 + rng.uniform(-.15, .15) * w
    cy = h / 2 + rng.uniform(-.08, .08) * h
    q = _project(H, _card_quad(cx, cy, card_w, rng.uniform(-.25, .25)))
    _paste(img, card_image(style, card, 250), card_alpha(250), q, shadow=0.3)
    return camera_finish(img, rng, light=rng.uniform(0, .3), noise=rng.uniform(1, 3), jpeg=92), np.float32(q)


def write_deck(style: DeckStyle, folder, seed: int = 0) -> None:
    """The 25 faces and the back of ``style`` as teaching photos in ``folder`` (made if needed),
    named as a deck folder is: ``3-star.jpg`` ... ``back.jpg``."""
    folder = Path(folder)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise OSError(f"could not make the deck folder {folder}: {e.strerror or e}") from None
    for i, card in enumerate(CARDS + ("back",)):
        photo = deck_photo(style, card, seed * 100 + i)
        path = folder / deck_file_name(card)
        if not cv2.imwrite(str(path), photo, [cv2.IMWRITE_JPEG_QUALITY, 92]):
            raise OSError(f"could not write the deck photo {path}")


def main(argv=None) -> int:
    """``python -m sim.table_camera DIR [COUNT]``: sample scenes to look at (``DIR/000.jpg``...,
    their truth in ``DIR/truth.jsonl``) and every style's deck photos (``DIR/decks/<style>``)."""
    import json
    import sys

    args = list(sys.argv[1:] if argv is None else argv)
    if not args or len(args) > 2 or (len(args) == 2 and not args[1].isdigit()):
        print("usage: python -m sim.table_camera DIR [COUNT]", file=sys.stderr)
        return 2
    folder, count = Path(args[0]), int(args[1]) if len(args) == 2 else 12
    try:
        folder.mkdir(parents=True, exist_ok=True)
        lines = []
        for i in range(count):
            image, placed = random_scene(i)
            name = f"{i:03d}.jpg"
            if not cv2.imwrite(str(folder / name), image, [cv2.IMWRITE_JPEG_QUALITY, 97]):
                raise OSError(f"could not write {folder / name}")
            lines += [json.dumps({"scene": name, "card": p.card,
                                  "corners": [[round(float(x), 1), round(float(y), 1)]
                                              for x, y in p.corners],
                                  "visible": round(p.visible, 3),
                                  "rank_visible": round(p.rank_visible, 3)}) + "\n"
                      for p in placed]
        (folder / "truth.jsonl").write_text("".join(lines))
        for style in STYLES:
            write_deck(style, folder / "decks" / style.name)
    except OSError as e:
        print(f"could not write the samples: {e}", file=sys.stderr)
        return 1
    print(f"{count} scenes and {len(STYLES)} decks in {folder}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
