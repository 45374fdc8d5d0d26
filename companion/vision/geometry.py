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
    step = pts[_NEXT] - pts
    sides = np.sqrt((step * step).sum(axis=1))  # at once: a frame orders tens of thousands of quads
    if sides[0] + sides[2] > sides[1] + sides[3]:  # 0-1 is a long side: start one corner later
        pts = pts[_NEXT]
    # of the two short-side starts, begin with the one nearer the image's top-left
    if pts[2].sum() < pts[0].sum():
        pts = pts[_OPPOSITE]
    return pts


_NEXT = [1, 2, 3, 0]      # each corner's next, clockwise
_OPPOSITE = [2, 3, 0, 1]  # the corners from the opposite one on


def straighten(image: np.ndarray, corners: np.ndarray, inset: float = 0.02,
               size: tuple[int, int] = (FACE_W, FACE_H)) -> np.ndarray:
    """The card's face warped upright to ``size`` (corners as :func:`order_corners` gives
    them), leaving out a thin ``inset`` border so a corner found a few pixels off does not
    bring the table in."""
    w, h = size
    matrix = _face_matrix(corners, inset, size)
    return cv2.warpPerspective(image, matrix, (w, h), flags=cv2.INTER_LINEAR,
                               borderMode=cv2.BORDER_REPLICATE)


def _card_on_face(inset: float, size: tuple[int, int]) -> np.ndarray:
    """Where a card's own corners lie on the face :func:`straighten` makes of it: a thin
    ``inset`` outside the face's."""
    w, h = size
    dx, dy = inset * w, inset * h
    return np.float32([[-dx, -dy], [w - 1 + dx, -dy], [w - 1 + dx, h - 1 + dy], [-dx, h - 1 + dy]])


def _face_matrix(corners: np.ndarray, inset: float, size: tuple[int, int]) -> np.ndarray:
    return cv2.getPerspectiveTransform(np.float32(corners), _card_on_face(inset, size))


def moved_on_face(corners: np.ndarray, warp: np.ndarray, inset: float = 0.02,
                  size: tuple[int, int] = (FACE_W, FACE_H)) -> np.ndarray:
    """The outline (frame pixels) of the card that the face :func:`straighten` makes of
    ``corners`` shows moved by ``warp`` (3x3, from a face straightened at the card's true
    outline to this one)."""
    on_face = cv2.perspectiveTransform(_card_on_face(inset, size).reshape(-1, 1, 2), np.float64(warp))
    back = np.linalg.inv(_face_matrix(corners, inset, size))
    return order_corners(cv2.perspectiveTransform(on_face, back).reshape(4, 2).astype(np.float32))


def covered_on_face(corners: np.ndarray, covers, inset: float = 0.02,
                    size: tuple[int, int] = (FACE_W, FACE_H)) -> np.ndarray:
    """Where on the face :func:`straighten` makes of ``corners`` the quads ``covers`` (cards
    lying on top of it) lie: a bool picture of the face's size.  What another card hides
    is no evidence about this one's name."""
    w, h = size
    mask = np.zeros((h, w), np.uint8)
    matrix = _face_matrix(corners, inset, size)
    for quad in covers:
        on_face = cv2.perspectiveTransform(np.float32(quad).reshape(-1, 1, 2), matrix)
        cv2.fillConvexPoly(mask, np.round(on_face).astype(np.int32).reshape(-1, 2), 1)
    return mask > 0


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
        line = line_near(pts, a, side / length, (0.15 * length, 0.85 * length), max(3.0, 0.05 * length), least=5)
        if line is None:
            return quad
        lines.append(line)
    out = []
    for i in range(4):
        corner = crossing(*lines[i - 1], *lines[i])
        if corner is None:
            return quad
        out.append(corner)
    out = np.float32(out)
    if np.max(np.linalg.norm(out - quad, axis=1)) > 0.15 * min(side_lengths(quad)):
        return quad  # the fit ran off: keep the polygon's corners
    return out


def line_near(points: np.ndarray, start: np.ndarray, direction: np.ndarray, along: tuple[float, float],
              across: float, widening: float = 0.0, least: int = 5) -> tuple[np.ndarray, np.ndarray] | None:
    """The straight line fitted (robustly: a stray point counts little) to the outline
    ``points`` that lie between ``along[0]`` and ``along[1]`` pixels from ``start`` along the
    unit ``direction``, and within ``across`` of its line (plus ``widening`` times how far
    along: a cone, where the direction may be a few degrees off): a point on it and its unit
    direction, turned the way ``direction`` runs.  None where fewer than ``least`` points lie
    there."""
    rel = points - start
    on = rel @ direction
    off = np.abs(rel @ np.float32([-direction[1], direction[0]]))
    near = points[(on > along[0]) & (on < along[1]) & (off < across + widening * on)]
    if len(near) < least:
        return None
    vx, vy, x0, y0 = cv2.fitLine(near, cv2.DIST_HUBER, 0, 0.01, 0.01).ravel()
    fitted = np.float32([vx, vy])
    return np.float32([x0, y0]), (fitted if float(fitted @ direction) > 0 else -fitted)


def crossing(p: np.ndarray, d: np.ndarray, q: np.ndarray, e: np.ndarray) -> np.ndarray | None:
    """Where the line through ``p`` along ``d`` crosses the one through ``q`` along ``e``; None
    where they run (near) parallel."""
    det = d[0] * (-e[1]) - d[1] * (-e[0])
    if abs(det) < 1e-3:
        return None
    t = ((q - p)[0] * (-e[1]) - (q - p)[1] * (-e[0])) / det
    return np.float32(p + t * d)


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
SNAP_STEPS = 13     # offsets tried across each place, within the reach either way
SNAP_TRUE = 3.0     # pixels: a place farther than this off its side's first line is left out


class EdgeField:
    """A frame's brightness and colour gradients, computed once per frame, for snapping
    outlines onto the edges they lie near."""

    def __init__(self, frame: np.ndarray):
        small = cv2.GaussianBlur(frame, (3, 3), 0).astype(np.float32)
        self.gx = cv2.Sobel(small, cv2.CV_32F, 1, 0, ksize=3)
        self.gy = cv2.Sobel(small, cv2.CV_32F, 0, 1, ksize=3)

    def steps_across(self, places: np.ndarray, normals: np.ndarray) -> np.ndarray:
        """The brightness step across a line at each of ``places`` (..., 2: frame pixels), in
        the direction of its ``normals`` (unit, broadcast to ``places``): the gradient's part
        along it, per colour, with its sign (..., colours).  Nothing outside the frame steps."""
        shape = places.shape[:-1]
        rows = np.float32(places).reshape(shape[0], -1, 2)  # (a map is under 32767 rows)
        mx, my = (np.ascontiguousarray(rows[..., k]) for k in (0, 1))
        gx, gy = (cv2.remap(g, mx, my, cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT).reshape(shape + (-1,))
                  for g in (self.gx, self.gy))
        normals = np.broadcast_to(normals, shape + (2,))
        return gx * normals[..., 0:1] + gy * normals[..., 1:2]

    def snap(self, quads, reach: float = SNAP_REACH) -> list[np.ndarray]:
        """Each quad (ordered) with each side moved onto the strongest straight edge within
        reach of it: the finder's outlines come from thickened, blurred or shrunken edge maps
        and sit a few pixels off, and a back's fine pattern or a numeral does not survive a
        few pixels.  A side is fitted through the edge found at each of its places, twice,
        the second time without the places far off the first line (a hand over part of a
        side moves only those); a corner moves only when both its sides were found, and not
        farther than the reach.  All quads at once: one lookup for every place of every
        side (the frame's outlines number about a hundred)."""
        if not len(quads):
            return []
        q = np.float32(quads).reshape(-1, 4, 2)
        n = len(q)
        ends = np.roll(q, -1, axis=1)
        vectors = ends - q                                                   # (n, 4, 2)
        lengths = np.linalg.norm(vectors, axis=2)
        direction = vectors / np.maximum(lengths, 1e-3)[..., None]
        normal = np.stack([-direction[..., 1], direction[..., 0]], axis=-1)
        reach = np.maximum(2.0, np.round(reach * lengths.min(axis=1)))  # (n,)
        steps = np.linspace(-1.0, 1.0, SNAP_STEPS, dtype=np.float32)
        offsets = steps[None, :] * reach[:, None]                             # (n, O)
        along = np.linspace(0.12, 0.88, SNAP_POINTS, dtype=np.float32)
        base = q[:, :, None, :] + along[None, None, :, None] * vectors[:, :, None, :]  # (n, 4, P, 2)
        grid = (base[:, :, :, None, :]
                + offsets[:, None, None, :, None] * normal[:, :, None, None, :])    # (n, 4, P, O, 2)
        across = np.abs(self.steps_across(grid, normal[:, :, None, None, :])).sum(-1)  # (n, 4, P, O)
        best = across.argmax(axis=3)                                            # (n, 4, P)
        strength = np.take_along_axis(across, best[..., None], axis=3)[..., 0]
        points = np.take_along_axis(grid, best[..., None, None].repeat(2, axis=-1), axis=3)[:, :, :, 0, :]
        h, w = self.gx.shape[:2]
        inside = ((points[..., 0] >= 0) & (points[..., 1] >= 0) & (points[..., 0] < w) & (points[..., 1] < h))
        typical = np.median(np.where(inside, strength, np.nan), axis=2, keepdims=True)
        use = inside & (strength > 0.5 * np.nan_to_num(typical, nan=np.inf))
        for _ in range(2):  # a line through the places, then again without those far off it
            centre, axis, found = _lines(points, use)
            off = np.abs(((points - centre[:, :, None, :]) * np.stack([-axis[..., 1], axis[..., 0]], -1)[:, :, None, :]).sum(-1))
            use = use & (off < SNAP_TRUE)
        centre, axis, found = _lines(points, use)
        found &= np.abs((axis * direction).sum(-1)) > 0.97                      # the side's own direction
        out = q.copy()
        for i in range(4):  # corner i: where side i-1 meets side i
            p, d = centre[:, i - 1], axis[:, i - 1]
            o, e = centre[:, i], axis[:, i]
            det = d[:, 0] * (-e[:, 1]) - d[:, 1] * (-e[:, 0])
            ok = found[:, i - 1] & found[:, i] & (np.abs(det) > 1e-3)
            t = ((o - p)[:, 0] * (-e[:, 1]) - (o - p)[:, 1] * (-e[:, 0])) / np.where(ok, det, 1.0)
            corner = p + t[:, None] * d
            ok &= np.linalg.norm(corner - q[:, i], axis=1) <= 1.5 * reach
            out[ok, i] = corner[ok]
        return list(out)


def _lines(points: np.ndarray, use: np.ndarray):
    """The straight line through each side's used places (total least squares): its centre,
    its unit direction and whether it had enough places (four)."""
    weight = use.astype(np.float32)
    count = weight.sum(axis=2)
    found = count >= 4
    safe = np.maximum(count, 1.0)
    centre = (points * weight[..., None]).sum(axis=2) / safe[..., None]
    rel = (points - centre[:, :, None, :]) * weight[..., None]
    sxx = (rel[..., 0] ** 2).sum(-1)
    syy = (rel[..., 1] ** 2).sum(-1)
    sxy = (rel[..., 0] * rel[..., 1]).sum(-1)
    angle = 0.5 * np.arctan2(2 * sxy, sxx - syy)
    axis = np.stack([np.cos(angle), np.sin(angle)], axis=-1).astype(np.float32)
    return centre, axis, found
