"""Card geometry: the four corners of a card in the image, put in a fixed order, and the
card's face straightened out of the frame.  One place for the card's shape (2.5 x 3.5 in)
so that the finder, the taught deck and the namer agree on it."""

from __future__ import annotations

import cv2
import numpy as np

ASPECT = 3.5 / 2.5      # a card's long side over its short side
FACE_W, FACE_H = 100, 140  # the straightened face the namer compares (portrait, 5:7)


def order_corners(quad: np.ndarray) -> np.ndarray:
    """The quad's corners clockwise from a corner where a SHORT side starts, as
    top-left, top-right, bottom-right, bottom-left of an upright card.  Which of the two
    short sides is the top is not known here: the namer tries the face both ways up."""
    pts = np.asarray(quad, dtype=np.float32).reshape(4, 2)
    centre = pts.mean(axis=0)
    angles = np.arctan2(pts[:, 1] - centre[1], pts[:, 0] - centre[0])
    pts = pts[np.argsort(angles)]  # clockwise in image coordinates (y down)
    sides = [np.linalg.norm(pts[(i + 1) % 4] - pts[i]) for i in range(4)]
    if sides[0] + sides[2] > sides[1] + sides[3]:  # 0-1 is a long side: start one corner later
        pts = np.roll(pts, -1, axis=0)
    # of the two short-side starts, begin with the one nearer the image's top-left
    other = np.roll(pts, -2, axis=0)
    if other[0].sum() < pts[0].sum():
        pts = other
    return pts


def straighten(image: np.ndarray, corners: np.ndarray, inset: float = 0.02,
               size: tuple[int, int] = (FACE_W, FACE_H)) -> np.ndarray:
    """The card's face warped upright to ``size`` (corners as :func:`order_corners` gives
    them), leaving out a thin ``inset`` border so a corner found a few pixels off does not
    bring the table in."""
    w, h = size
    dx, dy = inset * w, inset * h
    target = np.float32([[-dx, -dy], [w - 1 + dx, -dy], [w - 1 + dx, h - 1 + dy], [-dx, h - 1 + dy]])
    matrix = cv2.getPerspectiveTransform(np.float32(corners), target)
    return cv2.warpPerspective(image, matrix, (w, h), flags=cv2.INTER_LINEAR,
                               borderMode=cv2.BORDER_REPLICATE)


def quad_area(quad: np.ndarray) -> float:
    return float(abs(cv2.contourArea(np.float32(quad).reshape(-1, 1, 2))))


def overlap(a: np.ndarray, b: np.ndarray) -> float:
    """The share of the smaller of two convex quads that they have in common (one card
    inside a larger guess at it counts as whole)."""
    inter, _ = cv2.intersectConvexConvex(np.float32(a).reshape(4, 2), np.float32(b).reshape(4, 2))
    return float(inter) / max(1.0, min(quad_area(a), quad_area(b)))


def iou(a: np.ndarray, b: np.ndarray) -> float:
    """Intersection over union of two convex quads."""
    inter, _ = cv2.intersectConvexConvex(np.float32(a).reshape(4, 2), np.float32(b).reshape(4, 2))
    union = quad_area(a) + quad_area(b) - float(inter)
    return float(inter) / union if union > 0 else 0.0


def side_lengths(quad: np.ndarray) -> list[float]:
    pts = np.float32(quad).reshape(4, 2)
    return [float(np.linalg.norm(pts[(i + 1) % 4] - pts[i])) for i in range(4)]


def refine_corners(quad: np.ndarray, points: np.ndarray) -> np.ndarray:
    """Sharper corners for ``quad`` (ordered) from the outline ``points`` it was found in: a
    straight line fitted to each side's middle stretch (a card's corners are rounded, so the
    polygon's vertices sit a little inside them) and the lines crossed.  The quad unchanged
    when a side has too few points to fit."""
    quad = np.float32(quad).reshape(4, 2)
    pts = np.float32(points).reshape(-1, 2)
    lines = []
    for i in range(4):
        a, b = quad[i], quad[(i + 1) % 4]
        side = b - a
        length = float(np.hypot(*side))
        if length < 8:
            return quad
        direction = side / length
        normal = np.float32([-direction[1], direction[0]])
        rel = pts - a
        along = rel @ direction
        across = np.abs(rel @ normal)
        near = pts[(across < max(3.0, 0.05 * length)) & (along > 0.15 * length) & (along < 0.85 * length)]
        if len(near) < 5:
            return quad
        vx, vy, x0, y0 = cv2.fitLine(near, cv2.DIST_HUBER, 0, 0.01, 0.01).ravel()
        lines.append((np.float32([x0, y0]), np.float32([vx, vy])))
    out = []
    for i in range(4):
        (p, d), (q, e) = lines[i - 1], lines[i]
        det = d[0] * (-e[1]) - d[1] * (-e[0])
        if abs(det) < 1e-3:
            return quad
        t = ((q - p)[0] * (-e[1]) - (q - p)[1] * (-e[0])) / det
        out.append(p + t * d)
    out = np.float32(out)
    if np.max(np.linalg.norm(out - quad, axis=1)) > 0.15 * min(side_lengths(quad)):
        return quad  # the fit ran off: keep the polygon's corners
    return out


def grown(quad: np.ndarray, inset: float) -> np.ndarray:
    """The card whose printed inner frame, ``inset`` of the card's width in from its edge on
    every side, is ``quad`` (ordered): the outline a finder finds when the paper's own edge
    is faint against the table and the frame's dark line is not.  Grown in the card's plane
    (through the quad's perspective), so a tilted card grows as it would."""
    pts = np.float32(quad).reshape(4, 2)
    short = (np.linalg.norm(pts[1] - pts[0]) + np.linalg.norm(pts[3] - pts[2])) / 2
    long = (np.linalg.norm(pts[2] - pts[1]) + np.linalg.norm(pts[0] - pts[3])) / 2
    flat = np.float32([[0, 0], [short, 0], [short, long], [0, long]])
    a = inset * short / (1 - 2 * inset)
    outer = np.float32([[-a, -a], [short + a, -a], [short + a, long + a], [-a, long + a]])
    matrix = cv2.getPerspectiveTransform(flat, pts)
    return cv2.perspectiveTransform(outer.reshape(-1, 1, 2), matrix).reshape(4, 2)


SNAP_REACH = 0.06   # of the card's short side: how far off an outline may be snapped back
SNAP_POINTS = 16    # places along each side where the edge is looked for


class EdgeField:
    """A frame's brightness and colour gradients, computed once per frame, for snapping
    outlines onto the edges they lie near."""

    def __init__(self, frame: np.ndarray):
        small = cv2.GaussianBlur(frame, (3, 3), 0).astype(np.float32)
        self.gx = cv2.Sobel(small, cv2.CV_32F, 1, 0, ksize=3)
        self.gy = cv2.Sobel(small, cv2.CV_32F, 0, 1, ksize=3)

    def snap(self, quad: np.ndarray) -> np.ndarray:
        """``quad`` (ordered) with each side moved onto the strongest straight edge within
        reach of it, parallel or nearly: the finder's outlines come from thickened, blurred
        or shrunken edge maps and sit a few pixels off, and a back's fine pattern or a
        numeral does not survive a few pixels.  Each side is fitted robustly through the
        edge found at each of its places (a hand over part of a side moves only those), and
        the quad is unchanged where a side shows no edge."""
        quad = np.float32(quad).reshape(4, 2)
        lengths = side_lengths(quad)
        reach = max(2, int(round(SNAP_REACH * min(lengths))))
        offsets = np.arange(-reach, reach + 1, dtype=np.float32)
        h, w = self.gx.shape[:2]
        lines = []
        for i in range(4):
            a, b = quad[i], quad[(i + 1) % 4]
            direction = (b - a) / max(lengths[i], 1e-3)
            normal = np.float32([-direction[1], direction[0]])
            along = np.linspace(0.12, 0.88, SNAP_POINTS, dtype=np.float32)
            base = a[None] + along[:, None] * (b - a)[None]                    # (P, 2)
            grid = base[:, None, :] + offsets[None, :, None] * normal[None, None]  # (P, O, 2)
            mx, my = grid[..., 0], grid[..., 1]
            gx = cv2.remap(self.gx, mx, my, cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT)
            gy = cv2.remap(self.gy, mx, my, cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT)
            across = np.abs(gx * normal[0] + gy * normal[1]).sum(axis=-1)      # (P, O)
            best = across.argmax(axis=1)
            strength = across[np.arange(len(best)), best]
            inside = (mx.min(axis=1) >= 0) & (my.min(axis=1) >= 0) & (mx.max(axis=1) < w) & (my.max(axis=1) < h)
            strong = inside & (strength > 0.5 * np.median(strength[inside])) if inside.sum() >= 4 else inside
            if strong.sum() < 4:
                lines.append(None)
                continue
            points = grid[np.arange(len(best)), best][strong]
            vx, vy, x0, y0 = cv2.fitLine(points, cv2.DIST_HUBER, 0, 0.01, 0.01).ravel()
            if abs(vx * direction[0] + vy * direction[1]) < 0.97:
                lines.append(None)  # not the side's direction: some other edge
                continue
            lines.append((np.float32([x0, y0]), np.float32([vx, vy])))
        out = quad.copy()
        for i in range(4):
            before, after = lines[i - 1], lines[i]
            if before is None or after is None:
                continue  # a corner moves only when both its sides were found
            (p, d), (q, e) = before, after
            det = d[0] * (-e[1]) - d[1] * (-e[0])
            if abs(det) < 1e-3:
                continue
            t = ((q - p)[0] * (-e[1]) - (q - p)[1] * (-e[0])) / det
            corner = p + t * d
            if np.linalg.norm(corner - quad[i]) <= 1.5 * reach:
                out[i] = corner
        return out
