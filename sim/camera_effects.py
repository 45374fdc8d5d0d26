"""What a real camera over a real table adds to the cards: the table top, a hand, the light,
glare, blur, sensor noise and JPEG.

Why apart from the scene: these are the troubles the card reader must survive, each one a
small function with a strength, so a scene (``sim.table_camera``) can switch them on one by
one and a test can say which trouble a failure came with.

Speed matters (a corpus has thousands of frames, the desktop renders live): table tops are
made once per process for a few fixed seeds and then cropped, flipped and tinted per scene;
sensor noise is cut from fixed banks; the light is worked out on a coarse grid.
Everything is deterministic given the numpy Generator it is handed.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

import cv2
import numpy as np

TABLES = ("wood", "cloth", "felt")
VARIANTS = 3     # table tops made per kind (then cropped, flipped and tinted per scene)
PAD = 96         # the extra border made around a table top, for random crops


def shifted(a: np.ndarray, dy: int, dx: int) -> np.ndarray:
    """``a`` moved down ``dy`` and right ``dx`` pixels (>= 0), zeros coming in (no wrapping)."""
    out = np.zeros_like(a)
    h, w = a.shape[:2]
    out[dy:, dx:] = a[:h - dy, :w - dx]
    return out


def smooth_field(rng, size, cells, lo, hi) -> np.ndarray:
    """A smooth random field over ``size`` (w, h), values about lo..hi, float32."""
    w, h = size
    small = rng.random((cells[1], cells[0])).astype(np.float32)
    f = cv2.resize(small, (w, h), interpolation=cv2.INTER_CUBIC)
    return np.clip(lo + (hi - lo) * f, min(lo, hi), max(lo, hi))


def _wood(rng, w, h) -> np.ndarray:
    """Planks along x: per plank its own grain period, phase and shade; dark seams between."""
    base = np.array([(40, 75, 120), (60, 105, 160), (30, 50, 85), (90, 140, 185),
                     (70, 90, 110)][int(rng.integers(5))], np.float32)
    shade = np.empty((h, w), np.float32)
    x = np.arange(w, dtype=np.float32)[None, :]
    planks = int(rng.integers(3, 7))
    edges = np.linspace(0, h, planks + 1).astype(int)
    for y0, y1 in zip(edges[:-1], edges[1:]):
        y = np.arange(y1 - y0, dtype=np.float32)[:, None]
        period = rng.uniform(9, 26)
        bend = smooth_field(rng, (w, y1 - y0), (5, 2), -4, 4)
        slope = rng.uniform(-0.015, 0.015)
        phase = (y + bend + slope * x) / period * 2 * np.pi
        grain = 0.5 + 0.5 * np.sin(phase + 0.9 * np.sin(phase * 0.37 + rng.uniform(0, 6)))
        streak = rng.random((y1 - y0, w), dtype=np.float32)
        streak = cv2.blur(streak, (61, 1))
        shade[y0:y1] = rng.uniform(0.85, 1.05) * (0.82 + 0.10 * grain + 0.35 * (streak - 0.5))
        shade[y0:min(h, y0 + 2)] *= 0.45  # the seam
    knots = int(rng.integers(0, 3))
    for _ in range(knots):
        cx, cy = rng.uniform(0, w), rng.uniform(0, h)
        cv2.ellipse(shade, (int(cx), int(cy)), (int(rng.uniform(6, 16)), int(rng.uniform(3, 6))),
                    0, 0, 360, 0.62, -1, cv2.LINE_AA)
    shade = cv2.GaussianBlur(shade, (0, 0), 0.7)
    return shade[..., None] * base


def _cloth(rng, w, h) -> np.ndarray:
    base = np.array([(150, 60, 40), (50, 50, 140), (170, 170, 165), (90, 40, 100),
                     (40, 100, 150), (200, 200, 200)][int(rng.integers(6))], np.float32)
    y = np.arange(h, dtype=np.float32)[:, None]
    x = np.arange(w, dtype=np.float32)[None, :]
    p = rng.uniform(3.0, 5.0)
    warp_thread = np.sin(x / p * 2 * np.pi) * np.sign(np.sin(y / p * np.pi))
    weft = np.sin(y / p * 2 * np.pi)
    img = (0.82 + 0.09 * warp_thread + 0.07 * weft)[..., None] * base
    if rng.random() < .5:  # a check (gingham) pattern in a second colour
        cell = int(rng.integers(30, 80))
        check = (((x // cell) % 2) + ((y // cell) % 2)).astype(np.float32) / 2
        other = np.array(rng.uniform(150, 250, 3), np.float32)
        t = (0.55 * check)[..., None]
        img = img * (1 - t) + other * t * (0.85 + 0.1 * weft[..., None])
    folds = smooth_field(rng, (w, h), (7, 4), 0.82, 1.1)
    return img * folds[..., None]


def _felt(rng, w, h) -> np.ndarray:
    base = np.array([(60, 110, 30), (50, 90, 20), (110, 60, 30), (40, 30, 110), (70, 70, 70)]
                    [int(rng.integers(5))], np.float32)
    speck = rng.standard_normal((h, w), dtype=np.float32)
    speck = cv2.GaussianBlur(speck, (0, 0), 0.8)
    img = (0.96 + 0.12 * speck)[..., None] * base
    return img * smooth_field(rng, (w, h), (5, 3), 0.9, 1.08)[..., None]


@lru_cache(maxsize=3 * VARIANTS * 2)
def _table_variant(kind: str, variant: int, size: tuple[int, int]) -> np.ndarray:
    w, h = size[0] + 2 * PAD, size[1] + 2 * PAD
    rng = np.random.default_rng([TABLES.index(kind), variant, 77])
    maker = {"wood": _wood, "cloth": _cloth, "felt": _felt}[kind]
    img = np.clip(maker(rng, w, h), 0, 255).astype(np.uint8)
    img.setflags(write=False)
    return img


def table_top(rng, kind: str, size) -> np.ndarray:
    """A ``kind`` table top of ``size`` (w, h) as BGR uint8: one of a few made per process,
    cropped, flipped and tinted at random."""
    if kind not in TABLES:
        raise ValueError(f"no table {kind!r}: tables are {', '.join(TABLES)}")
    w, h = size
    src = _table_variant(kind, int(rng.integers(VARIANTS)), (int(w), int(h)))
    dx, dy = (int(v) for v in rng.integers(0, 2 * PAD, 2))
    img = src[dy:dy + h, dx:dx + w]
    flip = int(rng.integers(4))
    tint = rng.uniform(0.8, 1.2, 3) * rng.uniform(0.8, 1.15)
    if flip < 3:
        img = cv2.flip(img, flip - 1)
    return cv2.multiply(img, (*tint.tolist(), 0.0))


def plain_top(rng, size) -> np.ndarray:
    """A plain, even surface (a board or a sheet of paper) for teaching photos."""
    w, h = size
    tone = rng.uniform(40, 150)
    colour = np.clip([tone, tone * rng.uniform(.9, 1.1), tone * rng.uniform(.9, 1.15)], 0, 255)
    img = np.empty((h, w, 3), np.uint8)
    img[:] = colour
    return img


# --------------------------------------------------------------------------- clutter

CLUTTER = ("coin", "pencil", "note", "phone")


def draw_clutter(img: np.ndarray, rng, kind: str, card_w: float) -> None:
    """One thing that is not a card lying on the table (under the cards): a coin, a pencil, a
    square sticky note with scribbles, or a phone.  Readers must not take them for cards."""
    h, w = img.shape[:2]
    cx, cy = rng.uniform(0.05, 0.95) * w, rng.uniform(0.05, 0.95) * h
    ang = rng.uniform(0, 180)
    aa = cv2.LINE_AA
    if kind == "coin":
        r = int(card_w * rng.uniform(0.15, 0.22))
        metal = np.array([(60, 160, 200), (170, 170, 170), (80, 120, 170)][int(rng.integers(3))])
        cv2.circle(img, (int(cx + 3), int(cy + 3)), r, (0, 0, 0), -1, aa)  # its shadow
        cv2.circle(img, (int(cx), int(cy)), r, metal.tolist(), -1, aa)
        cv2.circle(img, (int(cx), int(cy)), int(r * .8), (metal * 0.8).tolist(), 1, aa)
        cv2.circle(img, (int(cx - r * .3), int(cy - r * .3)), int(r * .3),
                   np.minimum(metal * 1.3, 255).tolist(), -1, aa)
    elif kind == "pencil":
        length, thick = card_w * rng.uniform(1.2, 1.8), max(3, int(card_w * 0.07))
        d = np.array([math.cos(math.radians(ang)), math.sin(math.radians(ang))]) * length / 2
        a, b = (int(cx - d[0]), int(cy - d[1])), (int(cx + d[0]), int(cy + d[1]))
        colour = [(40, 200, 230), (50, 50, 200), (60, 140, 40), (30, 30, 30)][int(rng.integers(4))]
        cv2.line(img, (a[0] + 3, a[1] + 3), (b[0] + 3, b[1] + 3), (10, 10, 10), thick, aa)
        cv2.line(img, a, b, colour, thick, aa)
        tip = (int(cx + d[0] * 1.12), int(cy + d[1] * 1.12))
        cv2.line(img, b, tip, (120, 170, 210), max(2, thick - 2), aa)
    elif kind in ("note", "phone"):
        if kind == "note":
            size = (card_w * rng.uniform(0.7, 0.9),) * 2
            colour = [(120, 240, 250), (200, 170, 250), (240, 210, 150), (160, 240, 170)][
                int(rng.integers(4))]
        else:
            size = (card_w * 0.7, card_w * 1.45)
            colour = (25, 25, 30)
        box = cv2.boxPoints(((cx, cy), size, ang)).astype(np.int32)
        cv2.fillPoly(img, [box + 3], (15, 15, 15), aa)
        cv2.fillPoly(img, [box], colour, aa)
        if kind == "note":
            for k in range(int(rng.integers(2, 5))):  # scribbled lines of writing
                t = (k + 1) / 6
                p0 = box[0] + (box[1] - box[0]) * 0.15 + (box[3] - box[0]) * t
                p1 = box[0] + (box[1] - box[0]) * rng.uniform(0.5, 0.85) + (box[3] - box[0]) * t
                pts = np.linspace(p0, p1, 12) + rng.normal(0, 1.2, (12, 2))
                cv2.polylines(img, [pts.astype(np.int32)], False, (90, 50, 20), 1, aa)
        else:
            inner = cv2.boxPoints(((cx, cy), (size[0] * .88, size[1] * .82), ang)).astype(np.int32)
            cv2.fillPoly(img, [inner], (60, 45, 40), aa)
    else:
        raise ValueError(f"no clutter {kind!r}")


# --------------------------------------------------------------------------- the hand

SKIN = ((150, 180, 225), (120, 160, 210), (90, 130, 185), (70, 100, 150), (45, 70, 110),
        (170, 195, 235), (110, 150, 200))
SHIFT = 4


def hand_mask(rng, size, target: np.ndarray, card_w: float) -> tuple[np.ndarray, np.ndarray | None]:
    """A hand (palm, four fingers, a thumb, the arm out to a frame edge) reaching over the
    card whose image corners are ``target``: a uint8 mask (0..255, edges smoothed), and the
    part of it that is a sleeve (or None for a bare arm)."""
    w, h = size
    mask = np.zeros((h, w), np.uint8)
    centre = target.mean(axis=0)
    palm_r = card_w * rng.uniform(0.42, 0.55)
    curl = rng.uniform(0.55, 1.0)             # fingers bent under look shorter from above
    tips = card_w * rng.uniform(-0.2, 0.45)    # the middle fingertip's distance from the centre
    reach = tips + palm_r * (0.7 + 1.55 * curl)  # the palm's distance from the card's centre
    # the arm comes in from an edge far enough for the palm to be seen (the nearest such)
    edges = [(centre[0], (-1.0, 0.0)), (w - centre[0], (1.0, 0.0)),
             (centre[1], (0.0, -1.0)), (h - centre[1], (0.0, 1.0))]
    room = [e for e in edges if e[0] > reach + palm_r * 1.2] or [max(edges)]
    _, outward = min(room, key=lambda e: e[0] + rng.uniform(0, 250))
    a = math.atan2(outward[1], outward[0]) + rng.uniform(-0.6, 0.6)
    out = np.array([math.cos(a), math.sin(a)])
    side = np.array([-out[1], out[0]])
    palm = centre + out * reach
    S = 1 << SHIFT

    def P(p):
        return int(round(p[0] * S)), int(round(p[1] * S))

    cv2.ellipse(mask, P(palm), (int(palm_r * 1.1 * S), int(palm_r * 0.95 * S)),
                math.degrees(a), 0, 360, 255, -1, cv2.LINE_AA, SHIFT)
    wrist = palm + out * palm_r * 1.2
    arm_end = palm + out * max(w, h) * 1.5
    cv2.line(mask, P(wrist), P(arm_end), 255, int(palm_r * 1.55), cv2.LINE_AA, SHIFT)
    finger_w = max(2, int(round(palm_r * 0.32)))
    spread = rng.uniform(0.08, 0.25)
    for i, length in enumerate((0.92, 1.05, 1.0, 0.78)):
        off = (i - 1.5) * palm_r * 0.5
        base = palm - out * palm_r * 0.7 + side * off
        fa = a + math.pi + (i - 1.5) * spread + rng.uniform(-0.08, 0.08)
        tip = base + np.array([math.cos(fa), math.sin(fa)]) * palm_r * 1.5 * length * curl
        cv2.line(mask, P(base), P(tip), 255, finger_w, cv2.LINE_AA, SHIFT)
        cv2.circle(mask, P(tip), int(finger_w / 2 * S), 255, -1, cv2.LINE_AA, SHIFT)
    sgn = 1 if rng.random() < .5 else -1
    tb = palm + side * sgn * palm_r * 0.75
    ta = a + math.pi + sgn * rng.uniform(0.7, 1.2)
    tt = tb + np.array([math.cos(ta), math.sin(ta)]) * palm_r * 1.05
    cv2.line(mask, P(tb), P(tt), 255, int(finger_w * 1.2), cv2.LINE_AA, SHIFT)
    cv2.circle(mask, P(tt), int(finger_w * 0.6 * S), 255, -1, cv2.LINE_AA, SHIFT)
    sleeve = None
    if rng.random() < 0.6:  # a sleeve from somewhere up the forearm
        cuff = palm + out * palm_r * rng.uniform(2.2, 5.0)
        sleeve = np.zeros_like(mask)
        cv2.line(sleeve, P(cuff), P(arm_end), 255, int(palm_r * 1.9), cv2.LINE_AA, SHIFT)
        np.maximum(mask, sleeve, out=mask)
    return mask, sleeve


SLEEVES = ((40, 40, 40), (120, 60, 30), (200, 200, 200), (40, 40, 150), (60, 110, 60),
           (150, 120, 170), (30, 30, 80))


def draw_hand(img: np.ndarray, rng, mask: np.ndarray, sleeve: np.ndarray | None = None) -> None:
    """Paint the hand of ``mask`` on ``img``: a skin tone, darker toward its edges and in the
    gaps between fingers, over a soft shadow on the table; the ``sleeve`` part in a fabric."""
    ys, xs = np.nonzero(mask[::4, ::4])
    if len(xs) == 0:
        return
    x0, x1 = max(0, xs.min() * 4 - 30), min(img.shape[1], xs.max() * 4 + 34)
    y0, y1 = max(0, ys.min() * 4 - 30), min(img.shape[0], ys.max() * 4 + 34)
    m = mask[y0:y1, x0:x1].astype(np.float32) / 255
    roi = img[y0:y1, x0:x1].astype(np.float32)
    off = (int(rng.integers(6, 16)), int(rng.integers(6, 16)))
    shadow = shifted(cv2.GaussianBlur(m, (0, 0), 9), *off)
    roi *= (1 - 0.5 * shadow)[..., None]
    inner = cv2.GaussianBlur(m, (0, 0), 3.5)
    broad = cv2.GaussianBlur(m, (0, 0), 14)
    tone = np.array(SKIN[int(rng.integers(len(SKIN)))], np.float32) * rng.uniform(0.88, 1.1)
    shade = (0.55 + 0.3 * inner + 0.25 * broad)[..., None]
    skin = np.clip(tone * shade, 0, 255)
    if sleeve is not None:
        sm = (sleeve[y0:y1, x0:x1].astype(np.float32) / 255)[..., None]
        fabric = np.array(SLEEVES[int(rng.integers(len(SLEEVES)))], np.float32)
        skin = skin * (1 - sm) + np.clip(fabric * (0.6 + 0.5 * broad[..., None]), 0, 255) * sm
    m3 = m[..., None]
    img[y0:y1, x0:x1] = (roi * (1 - m3) + skin * m3).astype(np.uint8)


# --------------------------------------------------------------------------- the camera

NOISE_LEVELS = (1, 2, 3, 4, 6, 8, 10, 12)   # sensor-noise sigmas, grey levels


@lru_cache(maxsize=len(NOISE_LEVELS))
def _noise_bank(size: tuple[int, int], sigma: int) -> np.ndarray:
    """Gaussian noise of ``sigma`` (int8), a little larger than a frame: cut per scene.  One
    bank per level keeps adding it a single saturating pass."""
    w, h = size
    rng = np.random.default_rng([1234, sigma])
    bank = np.clip(rng.standard_normal((h + 64, w + 64, 3), dtype=np.float32) * sigma, -127, 127)
    bank = bank.astype(np.int8)
    bank.setflags(write=False)
    return bank


@dataclass(frozen=True)
class Glare:
    """A glare spot: an elliptical Gaussian of light ``strength`` (0..1) at (x, y), radii in
    pixels.  Its hot core saturates the picture: there the print cannot be seen at all."""

    x: float
    y: float
    rx: float
    ry: float
    strength: float

    PEAK = 1.6 * 255      # added grey levels at the centre, for strength 1 (then clipped)
    WASHED = 190          # added grey levels from which the print is washed out (ink at
                          # 20 then differs from paper by under 50 levels)

    @classmethod
    def draw(cls, rng, size, strength: float) -> "Glare":
        w, h = size
        return cls(rng.uniform(0.1, 0.9) * w, rng.uniform(0.1, 0.9) * h,
                   rng.uniform(0.035, 0.11) * w, rng.uniform(0.035, 0.11) * w, float(strength))

    def washed_out(self, size, scale: int = 1) -> np.ndarray:
        """Where the glare hides the print, as a 0/1 uint8 mask of ``size`` / ``scale``."""
        w, h = size[0] // scale, size[1] // scale
        mask = np.zeros((h, w), np.uint8)
        ratio = self.strength * self.PEAK / self.WASHED
        if ratio > 1:
            k = math.sqrt(2 * math.log(ratio))  # the ellipse where the spot adds WASHED
            cv2.ellipse(mask, (int(round(self.x / scale)), int(round(self.y / scale))),
                        (max(1, int(self.rx * k / scale)), max(1, int(self.ry * k / scale))),
                        0, 0, 360, 1, -1)
        return mask

    def apply(self, out: np.ndarray) -> None:
        h, w = out.shape[:2]
        x0, x1 = int(max(0, self.x - 3 * self.rx)), int(min(w, self.x + 3 * self.rx))
        y0, y1 = int(max(0, self.y - 3 * self.ry)), int(min(h, self.y + 3 * self.ry))
        if x1 <= x0 or y1 <= y0:
            return
        yy, xx = np.mgrid[y0:y1, x0:x1].astype(np.float32)
        spot = self.strength * self.PEAK * np.exp(
            -(((xx - self.x) / self.rx) ** 2 + ((yy - self.y) / self.ry) ** 2) / 2)
        spot = np.minimum(spot, 255)
        out[y0:y1, x0:x1] = cv2.add(out[y0:y1, x0:x1],
                                    cv2.merge([spot, spot * 0.98, spot * 0.95]), dtype=cv2.CV_8U)


def camera_finish(img: np.ndarray, rng, *, light: float = 0.0, exposure: float = 1.0,
                  glare: Glare | None = None, blur: float = 0.0, motion: float = 0.0,
                  noise: float = 0.0, jpeg: int = 95, noise_rng=None) -> np.ndarray:
    """The camera's troubles over a whole frame, in the order light meets them: uneven light
    (a slope, blotches and a vignette, ``light`` 0..1), the exposure (1: right; 0.5: a dim
    room) and a slight colour cast, a glare spot,
    focus blur (sigma px), motion blur (px), sensor noise (sigma in grey levels) and JPEG at
    quality ``jpeg``.  ``noise_rng`` (default ``rng``) picks the noise alone: successive frames
    of one still scene differ only in it."""
    h, w = img.shape[:2]
    sw, sh = w // 16, h // 16
    gain = np.ones((sh, sw), np.float32)
    if light > 0:
        yy, xx = np.mgrid[0:sh, 0:sw].astype(np.float32)
        ang = rng.uniform(0, 2 * math.pi)
        ramp = (xx / sw - .5) * math.cos(ang) + (yy / sh - .5) * math.sin(ang)
        gain = gain + light * 0.8 * ramp + smooth_field(rng, (sw, sh), (4, 3), -.25, .25) * light
        # a vignette: the lens darkens the corners
        r2 = ((xx / sw - .5) ** 2 + (yy / sh - .5) ** 2) * 4
        gain *= 1 - 0.25 * light * r2
    gain *= exposure * rng.uniform(0.88, 1.12)
    cast = np.float32([1 + rng.uniform(-.07, .07), 1.0, 1 + rng.uniform(-.07, .07)])
    gain3 = np.clip(gain[..., None] * cast[None, None, :] * 100, 0, 255).astype(np.uint8)
    out = cv2.multiply(img, cv2.resize(gain3, (w, h), interpolation=cv2.INTER_LINEAR),
                       scale=1 / 100)
    if glare is not None and glare.strength > 0:
        glare.apply(out)
    if blur > 0.3:
        out = cv2.GaussianBlur(out, (0, 0), blur)
    if motion >= 2:
        n = int(round(motion)) | 1
        k = np.zeros((n, n), np.float32)
        k[n // 2, :] = 1.0
        rot = cv2.getRotationMatrix2D((n / 2 - .5, n / 2 - .5), rng.uniform(0, 180), 1.0)
        k = cv2.warpAffine(k, rot, (n, n))
        out = cv2.filter2D(out, -1, k / max(float(k.sum()), 1e-6))
    if noise > 0:
        level = min(NOISE_LEVELS, key=lambda s: abs(s - noise))
        bank = _noise_bank((w, h), level)
        dx, dy = (int(v) for v in (noise_rng or rng).integers(0, 64, 2))
        out = cv2.add(out, bank[dy:dy + h, dx:dx + w], dtype=cv2.CV_8U)
    if jpeg < 100:
        ok, buf = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, int(jpeg)])
        out = cv2.imdecode(buf, cv2.IMREAD_COLOR)
    return out
