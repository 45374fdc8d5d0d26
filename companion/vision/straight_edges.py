"""Finding cards by the frame's straight edges (OpenCV's line segment detector): two that
meet square are a card's corner, two that run side by side a card's width apart are its long
sides.  Why beside the closed shapes (:class:`~companion.vision.finder.Outlines`): a card lying
over others of its own paper closes no region of its own in an edge map, but its sides are
still straight edges; and a side broken where what lies beyond it is as light as the card's
rim is joined from its pieces (:func:`joined`)."""

from __future__ import annotations

from typing import NamedTuple

import cv2
import numpy as np

from companion.vision.completion import (SEEN_WHOLE, ShortSideHere, as_seen, card_from_corner, completed_on_table,
                                         in_frame, sizes_at)
from companion.vision.finder import paper_mask
from companion.vision.geometry import ASPECT, FACE_H, FACE_W

SEGMENT_LEAST = 0.3   # of the smallest short side: shorter straight edges are print, grain, noise
SEGMENT_MEET = 8.0    # pixels: two edges whose lines cross this near an end of each make a corner
SQUARE = 0.12         # the most the cosine between a corner's two sides may be (about 83 to 97 degrees)
PARALLEL = 0.05       # the most the sine between a card's two long sides may be (about 3 degrees: a
                      # tilted camera draws them a little apart)
SIDE_REACH = 4.0      # pixels either side of a segment looked at for the card's paper inside it ...
SIDE_STEP = 8.0       # ... at least this much brighter (grey levels) than outside it ...
SIDE_PAPER = 0.7      # ... and this share of it the paper's colour: a card's long side, not a table's
                      # grain or weave (a wooden table's grain made tens of thousands of pairs a frame)
JOIN_LEAST = 4.0      # pixels: the shortest piece of a broken edge joined
JOIN_TURN = 0.03      # radians: pieces of one broken straight edge run this near one way (and face
                      # the same way: the same side darker) ...
JOIN_OFF = 1.5        # ... lie this near each other's line (pixels) ...
JOIN_GAP = 0.2        # ... with gaps of at most this share of the smallest short side between them ...
JOIN_FILLED = 0.5     # ... and cover this share of the edge they make together


class Corners(NamedTuple):
    """Where pairs of straight edge segments meet square, end to end, one row per corner."""

    meet: np.ndarray        # (n, 2): the corner
    i: np.ndarray           # (n,): its two segments (i < j)
    j: np.ndarray
    u: np.ndarray           # (n, 2): the unit direction of i's side from the corner, and its seen length
    lu: np.ndarray
    v: np.ndarray           # (n, 2): the same for j's side
    lv: np.ndarray
    end_i: np.ndarray       # (n,): which end of each segment is at the corner (0 or 1)
    end_j: np.ndarray
    was_joined: np.ndarray  # (segments,): which segments are broken edges joined (:func:`joined`)


class StraightEdges:
    """The frame's straight edge segments (OpenCV's line segment detector), found once per
    frame.  Why beside :class:`Outlines`: a card lying over others of its own paper has no
    region of its own in an edge map — its outline runs into theirs — but each of its sides
    is still a straight edge, and two that meet square are one of its corners; and a card
    whose ends lie under others shows two such sides a card's width apart, with the deck's
    ``paper`` (BGR, where known) between them."""

    def __init__(self, frame: np.ndarray, paper: np.ndarray | None = None):
        gray = cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY)
        try:
            found = cv2.createLineSegmentDetector().detect(gray)[0]
        except cv2.error:  # OpenCV 4.1 to 4.5.3 shipped without it (a licence); the outlines do without
            found = None
        self.segments = np.zeros((0, 4), np.float32) if found is None else found.reshape(-1, 4)
        self._joined: dict[tuple[float, float], np.ndarray] = {}  # the broken edges joined, by the sizes
        self._corners_made: dict[tuple, Corners | None] = {}  # by the sizes and plane (:meth:`_corners`)
        self._long_sides_made: dict[tuple, tuple] = {}  # by the sizes (:meth:`_long_sides`)
        self.size = (frame.shape[1], frame.shape[0])
        # (for the cards between two sides: where the deck's paper lies, looked for when first asked)
        self._frame, self._gray, self._paper = frame, gray, paper
        self._paper_here: np.ndarray | None = None

    def _long_enough(self, short_sides: list[float]):
        """The segments long enough to be a card's side (of the smallest card given), the
        broken edges joined (:func:`joined`) after those seen whole: their starts, ends, lengths
        and unit directions, and which of them are joined."""
        smallest, longest = min(short_sides), (1 + SEEN_WHOLE) * ASPECT * max(short_sides)
        if (smallest, longest) not in self._joined:
            self._joined[(smallest, longest)] = joined(self.segments, JOIN_GAP * smallest, longest)
        segments = np.concatenate([self.segments, self._joined[(smallest, longest)]])
        was_joined = np.arange(len(segments)) >= len(self.segments)
        a, b = segments[:, :2], segments[:, 2:]
        length = np.linalg.norm(b - a, axis=1)
        keep = length >= SEGMENT_LEAST * smallest
        a, b, length = a[keep], b[keep], length[keep]
        return a, b, length, (b - a) / np.maximum(length, 1e-3)[:, None], was_joined[keep]

    def between_guesses(self, short_sides: list[float], here: ShortSideHere = None) -> list[np.ndarray]:
        """Cards completed between two segments that run side by side a card's short side apart
        (for each short side given and the one ``here`` gives between them, :func:`sizes_at`):
        a card whose two ends lie under other cards shows its long sides and no corner (a card
        in a fanned row; big 1603: a 4 of crosses, its top under a 4 of circles and its foot
        under a 4 of squiggles, was missed).  Its length runs from where the two sides' seen
        parts begin, and — unless they already span a card's length — also back from where
        they end: which end is the card's is not seen, and the namer tells."""
        a, b, length, i, j = self._long_sides(short_sides)
        found = []
        for si, sj in zip(i.tolist(), j.tolist()):
            pair = _Pair(a[si], b[si], a[sj], b[sj])
            for short in sizes_at(pair.middle, short_sides, here):
                if abs(pair.apart / short - 1.0) > SEEN_WHOLE or max(length[si], length[sj]) > (1 + SEEN_WHOLE) * short * ASPECT:
                    continue  # not a card's width apart, or a side longer than its long side
                found += [card for card in (in_frame(c, self.size) for c in pair.cards(as_seen(pair.span, short * ASPECT)))
                          if card is not None]
        return found

    def table_between_guesses(self, short_sides: list[float], plane: np.ndarray) -> list[np.ndarray]:
        """The cards :meth:`between_guesses` completes, completed instead on the table's ``plane``
        (where a card is ``FACE_W`` by ``FACE_H``) and mapped back into the frame: under a
        tilted camera a card's ends do not run square to its sides in the frame, and one
        completed there lies a few pixels off at its hidden end (big 1622: a 1 of squares,
        both ends under other cards, was completed 10 pixels long at one end and missed)."""
        a, b, _, i, j = self._long_sides(short_sides)
        if len(i) == 0:
            return []
        on_table = [cv2.perspectiveTransform(p.reshape(-1, 1, 2).astype(np.float32), plane).reshape(-1, 2) for p in (a, b)]
        back, found = np.linalg.inv(plane), []
        for si, sj in zip(i.tolist(), j.tolist()):
            pair = _Pair(on_table[0][si], on_table[1][si], on_table[0][sj], on_table[1][sj])
            if abs(pair.apart / FACE_W - 1.0) > SEEN_WHOLE:
                continue  # not a card's width apart on the table
            for card in pair.cards(FACE_H):
                seen = cv2.perspectiveTransform(card.reshape(-1, 1, 2).astype(np.float32), back).reshape(4, 2)
                card = in_frame(seen, self.size)
                if card is not None:
                    found.append(card)
        return found

    def _long_sides(self, short_sides: list[float]):
        """The pairs of segments (i, j) that may be a card's two long sides: running one way,
        roughly a card's width apart (for the sizes given), the deck's paper inside each
        towards the other — with every segment's start, end and length (as
        :meth:`_long_enough`).  No pairs without the deck's paper known: a table's grain
        and weave run in such pairs too.  Kept for the sizes asked: the cards completed
        between them in the frame and on the table share them."""
        key = tuple(short_sides)
        if key not in self._long_sides_made:
            self._long_sides_made[key] = self._long_sides_paired(short_sides)
        return self._long_sides_made[key]

    def _long_sides_paired(self, short_sides: list[float]):
        """:meth:`_long_sides`, made."""
        a, b, length, d, was_joined = self._long_enough(short_sides)
        none = np.zeros(0, int)
        if self._paper is None or len(a) == 0:
            return a, b, length, none, none
        normal = np.stack([-d[:, 1], d[:, 0]], axis=1)
        papered = self._paper_sides(a, b, normal)  # (segments, 2): paper inside on the left (+1), right (-1)
        edge = papered.any(axis=1)  # (a card's side at all: few of a busy table's segments are)
        a, b, length, d, normal, papered = a[edge], b[edge], length[edge], d[edge], normal[edge], papered[edge]
        middles = (a + b) / 2
        i, j = _joined_last(*np.nonzero(np.triu(np.abs(d[:, None, 0] * d[None, :, 1] - d[:, None, 1] * d[None, :, 0])
                                                < PARALLEL, 1)), was_joined[edge])
        # each inside the other's side of it (which way ``normal`` points, +1 or -1)
        side_i = np.sign(((middles[j] - middles[i]) * normal[i]).sum(axis=1))
        side_j = np.sign(((middles[i] - middles[j]) * normal[j]).sum(axis=1))
        gaps = np.abs(((middles[j] - middles[i]) * normal[i]).sum(axis=1))
        near = (gaps >= 0.5 * min(short_sides)) & (gaps <= 2.0 * max(short_sides))  # (roughly: told below)
        i, j, side_i, side_j = i[near], j[near], side_i[near], side_j[near]
        i_ok = papered[i, (side_i < 0).astype(int)]
        j_ok = papered[j, (side_j < 0).astype(int)]
        return a, b, length, i[i_ok & j_ok], j[i_ok & j_ok]

    def _paper_sides(self, a: np.ndarray, b: np.ndarray, normal: np.ndarray) -> np.ndarray:
        """For each segment (from ``a`` to ``b``, ``normal`` its left), whether a card's paper
        lies on its left and on its right (segments, 2): ``SIDE_REACH`` pixels that way the
        paper's colour along ``SIDE_PAPER`` of it, ``SIDE_STEP`` brighter than as far the other way."""
        along = np.linspace(0.1, 0.9, 9, dtype=np.float32)
        points = a[:, None] + along[None, :, None] * (b - a)[:, None]  # (segments, 9, 2)
        if self._paper_here is None:  # (made once a frame, for however many sizes are tried)
            self._paper_here = paper_mask(self._frame, self._paper) > 0
        mask = self._paper_here
        h, w = mask.shape

        def at(offset):
            p = points + normal[:, None] * offset
            x = np.clip(np.round(p[..., 0]).astype(int), 0, w - 1)
            y = np.clip(np.round(p[..., 1]).astype(int), 0, h - 1)
            return self._gray[y, x].astype(np.float32).mean(axis=1), mask[y, x].mean(axis=1)

        (left, left_paper), (right, right_paper) = at(SIDE_REACH), at(-SIDE_REACH)
        return np.stack([(left - right >= SIDE_STEP) & (left_paper >= SIDE_PAPER),
                         (right - left >= SIDE_STEP) & (right_paper >= SIDE_PAPER)], axis=1)

    def _corners(self, short_sides: list[float], plane: np.ndarray | None) -> Corners | None:
        """Where pairs of segments long enough to be a card's sides meet square, end to end —
        or None with fewer than two segments.  Kept for the sizes and plane asked: the guesses
        completed in the frame and on the table share them."""
        key = (tuple(short_sides), None if plane is None else plane.tobytes())
        if key not in self._corners_made:
            self._corners_made[key] = self._corners_meeting(short_sides, plane)
        return self._corners_made[key]

    def _corners_meeting(self, short_sides: list[float], plane: np.ndarray | None) -> Corners | None:
        """:meth:`_corners`, made."""
        a, b, length, d, was_joined = self._long_enough(short_sides)
        if len(a) < 2:
            return None
        square = np.abs(d @ d.T) < SQUARE
        if plane is not None:
            on_table = [cv2.perspectiveTransform(p.reshape(-1, 1, 2).astype(np.float32), plane).reshape(-1, 2)
                        for p in (a, b)]
            way = on_table[1] - on_table[0]
            way /= np.maximum(np.linalg.norm(way, axis=1), 1e-3)[:, None]
            square |= np.abs(way @ way.T) < SQUARE
        i, j = _joined_last(*np.nonzero(np.triu(square, 1)), was_joined)
        cross = d[i, 0] * d[j, 1] - d[i, 1] * d[j, 0]
        gap = a[j] - a[i]
        meet = a[i] + ((gap[:, 0] * d[j, 1] - gap[:, 1] * d[j, 0]) / cross)[:, None] * d[i]
        ends = np.stack([a, b], axis=1)                                    # (n, 2, 2)
        near_i = np.linalg.norm(ends[i] - meet[:, None], axis=2)            # (pairs, 2)
        near_j = np.linalg.norm(ends[j] - meet[:, None], axis=2)
        ok = (near_i.min(axis=1) <= SEGMENT_MEET) & (near_j.min(axis=1) <= SEGMENT_MEET)
        i, j, meet, near_i, near_j = i[ok], j[ok], meet[ok], near_i[ok], near_j[ok]
        end_i, end_j = near_i.argmin(axis=1), near_j.argmin(axis=1)  # the end of each at the corner
        u = ends[i, 1 - end_i] - meet  # each side from the corner to its far end
        v = ends[j, 1 - end_j] - meet
        lu, lv = np.linalg.norm(u, axis=1), np.linalg.norm(v, axis=1)
        u, v = u / np.maximum(lu, 1e-3)[:, None], v / np.maximum(lv, 1e-3)[:, None]
        return Corners(meet, i, j, u, lu, v, lv, end_i, end_j, was_joined)

    def corner_guesses(self, short_sides: list[float], here: ShortSideHere = None,
                       plane: np.ndarray | None = None) -> list[np.ndarray]:
        """Cards completed from each pair of segments that meet square, end to end, for each
        short side given and the one ``here`` gives at the corner (:func:`sizes_at`; a side
        within ``SEEN_WHOLE`` of a card's is seen whole and keeps its own length; one longer
        than a card's side is no side of this card) — and, last, at the size a side seen whole
        between two such corners measures (:func:`_measured`).  Square in the frame, or on the
        table where its ``plane`` is known (the perspective map to a view straight down): a
        tilted camera draws a card's right angles 10° and more off square (big 0316's 3 of
        circles, under a hand and another card, was completed from none of its corners)."""
        corners = self._corners(short_sides, plane)
        if corners is None:
            return []
        meet, i, j, u, lu, v, lv, end_i, end_j, was_joined = corners
        whole = _whole_sides(np.concatenate([i, j]), np.concatenate([meet, meet]), np.concatenate([end_i, end_j]))
        # the cards completed at the sizes given, and at the sizes measured: at the corners of
        # edges seen whole, and at those a joined edge makes (after all the others, _joined_last)
        whole_edges: tuple[list, list] = ([], [])
        joined_edges: tuple[list, list] = ([], [])
        for corner, si, sj, du, su_seen, dv, sv_seen in zip(meet, i, j, u, lu, v, lv):
            given, measured = joined_edges if was_joined[sj] else whole_edges  # (i < j: a joined one is j)
            for su, sv in _measured(whole.get(int(si)), su_seen, whole.get(int(sj)), sv_seen):
                card = card_from_corner(corner, du, su, dv, sv, self.size)
                if card is not None:
                    measured.append(card)
            for short in sizes_at(corner, short_sides, here):
                for su, sv in ((short, short * ASPECT), (short * ASPECT, short)):
                    if not (_may_be_side(su_seen, su) and _may_be_side(sv_seen, sv)):
                        continue  # a side longer than this card's: not its side
                    card = card_from_corner(corner, du, as_seen(su_seen, su), dv, as_seen(sv_seen, sv), self.size)
                    if card is not None:
                        given.append(card)
        # (measured after the sizes given: the reader's looks at a place go to those first)
        return [*whole_edges[0], *whole_edges[1], *joined_edges[0], *joined_edges[1]]

    def table_guesses(self, short_sides: list[float], plane: np.ndarray) -> list[np.ndarray]:
        """The cards completed on the table's ``plane`` from each corner :meth:`corner_guesses`
        completes in the frame (:func:`completed_on_table`): under a tilted camera a card is
        no parallelogram in the frame, and one completed there from a corner runs off at its
        far corners (big 0300's 2 of stars, under a hand and another card's corner under a
        steeply tilted camera, was missed)."""
        corners = self._corners(short_sides, plane)
        if corners is None:
            return []
        return completed_on_table(corners.meet, corners.u, corners.v, plane, self.size)

def _joined_last(i: np.ndarray, j: np.ndarray, was_joined: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The pairs of segments (i < j), those with a joined one last: the reader looks at a place
    only so many times, and a card's side seen whole gives it its best outline (big 1972: a
    1 of crosses under a hand, named surely before, was looked at only through the joined
    edges' outlines, a few pixels off, and left unsure)."""
    order = np.argsort(was_joined[j], kind="stable")  # (the joined come after the others: j's is)
    return i[order], j[order]


class _Pair:
    """Two straight edges that run side by side (each from one end to the other): the way
    they run (``u``), across it (``n``), their middle, how far apart they lie, and where
    their seen parts begin and end along ``u`` (``first``, ``last``, from the middle)."""

    def __init__(self, ai: np.ndarray, bi: np.ndarray, aj: np.ndarray, bj: np.ndarray):
        di, dj = bi - ai, bj - aj
        di = di / max(float(np.linalg.norm(di)), 1e-3)
        dj = dj / max(float(np.linalg.norm(dj)), 1e-3)
        dj = dj if float(np.dot(di, dj)) > 0 else -dj
        u = di + dj
        self.u = u / np.linalg.norm(u)
        self.n = np.float32([-self.u[1], self.u[0]])
        self.middle = (ai + bi + aj + bj) / 4
        self.apart = abs(float(np.dot((aj + bj - ai - bi) / 2, self.n)))
        along = [float(np.dot(p - self.middle, self.u)) for p in (ai, bi, aj, bj)]
        self.first, self.last = min(along), max(along)
        self.span = self.last - self.first
        self._lines = ((ai, di), (aj, dj))

    def cards(self, long: float) -> list[np.ndarray]:
        """The cards ``long`` long between the two lines: from where their seen parts begin,
        and back from where they end (both, unless the seen parts span a card's length) —
        none where they run farther than one card is long."""
        if self.span > (1 + SEEN_WHOLE) * long:
            return []
        cards = []
        for start in {self.first, self.last - long}:
            card = self._between(start, long)
            if card is not None:
                cards.append(card)
        return cards

    def _between(self, start: float, long: float) -> np.ndarray | None:
        """The card's four corners (unordered) from ``start`` to ``start + long`` along ``u``,
        where its ends cross the two lines — or None where a line runs along an end."""
        corners = []
        for point, direction in self._lines:
            for t in (start, start + long):
                foot = self.middle + self.u * t  # where the card's end crosses the line: along ``n`` from here
                system = np.float64([[self.n[0], -direction[0]], [self.n[1], -direction[1]]])
                if abs(np.linalg.det(system)) < 1e-6:
                    return None
                across, _ = np.linalg.solve(system, point - foot)
                corners.append(foot + self.n * across)
        return np.float32([corners[0], corners[1], corners[3], corners[2]])


def _whole_sides(segment: np.ndarray, meet: np.ndarray, end: np.ndarray) -> dict[int, float]:
    """The segments that make a corner at both of their ends (``segment``, ``meet``, ``end``:
    each corner's segment, where it is, and which end of the segment it is at), each with the
    length between its two corners: a card's side seen whole, whatever the camera's tilt
    makes of the card's size there."""
    at: dict[tuple[int, int], np.ndarray] = {}
    for s, m, e in zip(segment.tolist(), meet, end.tolist()):
        at.setdefault((s, e), m)
    return {s: float(np.linalg.norm(at[(s, 0)] - at[(s, 1)])) for s, e in at if e == 0 and (s, 1) in at}


def _measured(su_whole: float | None, su_seen: float, sv_whole: float | None, sv_seen: float):
    """The sides (along u, along v) of the cards a corner may be of, where a side of it is seen
    whole between two corners: both sides so seen, as they are; one, the other a card's
    proportion of it either way (the short side or the long), but never shorter than what
    is seen of it (beyond ``SEEN_WHOLE``)."""
    if su_whole is None:
        if sv_whole is None:
            return []
        return [(su, sv) for sv, su in _measured(sv_whole, sv_seen, None, su_seen)]  # the same, along v
    if sv_whole is not None:
        return [(su_whole, sv_whole)]
    return [(su_whole, su_whole * r) for r in (ASPECT, 1 / ASPECT) if _may_be_side(sv_seen, su_whole * r)]


def _may_be_side(seen: float, side: float) -> bool:
    """Whether a straight edge ``seen`` long may be a side ``side`` long: not longer than it
    but for ``SEEN_WHOLE``."""
    return seen <= (1 + SEEN_WHOLE) * side


def joined(segments: np.ndarray, gap: float, longest: float) -> np.ndarray:
    """The straight edges that ``segments`` (n, 4: x0, y0, x1, y1, as the line segment detector
    gives them: the same side darker the same way) make when pieces running one way along one
    line, with gaps of at most ``gap`` pixels between them, are joined — only those made of two
    pieces or more, of pieces at most ``longest`` long (a longer one is no card's side: a
    table's grain).  Why: where what lies beyond a card's side is as light as the card's rim
    there, the side shows no edge, so the side of a back over a back of its own checks, or of
    a white card over white cards, is broken into pieces, each too short to be a side (big
    0987: a whole back on top of another was missed)."""
    a, b = segments[:, :2].astype(np.float64), segments[:, 2:].astype(np.float64)
    length = np.linalg.norm(b - a, axis=1)
    keep = (length >= JOIN_LEAST) & (length <= longest)
    a, b, length = a[keep], b[keep], length[keep]
    if len(a) < 2:
        return np.zeros((0, 4), np.float32)
    d = (b - a) / length[:, None]
    label = _joined_labels(len(a), *_along_one_line(a, b, length, d, gap))
    mine = np.nonzero(np.bincount(label, minlength=len(a))[label] >= 2)[0]  # in a group of two or more
    if len(mine) == 0:
        return np.zeros((0, 4), np.float32)
    label = np.unique(label[mine], return_inverse=True)[1]  # (numbered 0, 1, ... by group)
    a, b, length, d = a[mine], b[mine], length[mine], d[mine]
    groups = int(label.max()) + 1
    total = np.bincount(label, length)
    way = np.stack([np.bincount(label, d[:, k] * length) for k in (0, 1)], axis=1)  # (length-weighted)
    way /= np.linalg.norm(way, axis=1)[:, None]
    middle = np.stack([np.bincount(label, (a[:, k] + b[:, k]) / 2 * length) for k in (0, 1)], axis=1) / total[:, None]
    normal = np.stack([-way[:, 1], way[:, 0]], axis=1)
    first, last, across = np.full(groups, np.inf), np.full(groups, -np.inf), np.zeros(groups)
    for end in (a, b):
        offset = end - middle[label]
        along = (offset * way[label]).sum(axis=1)
        np.minimum.at(first, label, along)
        np.maximum.at(last, label, along)
        np.maximum.at(across, label, np.abs((offset * normal[label]).sum(axis=1)))
    straight = (across <= 2 * JOIN_OFF) & (total >= JOIN_FILLED * (last - first))
    return np.float32(np.concatenate([middle + way * first[:, None], middle + way * last[:, None]], axis=1)[straight])


def _along_one_line(a: np.ndarray, b: np.ndarray, length: np.ndarray, d: np.ndarray, gap: float):
    """The pairs (i, j) of segments (from ``a`` to ``b``, ``d`` their unit directions) that are
    pieces of one edge: facing the same way within ``JOIN_TURN``, j's ends within ``JOIN_OFF``
    of i's line, and at most ``gap`` apart along it.  Sought among each direction's segments
    (and the next direction's) sorted by where they cross its normal, so that a wooden table's
    thousand grain lines are not each compared with each."""
    angle = np.arctan2(d[:, 1], d[:, 0])
    bins = int(2 * np.pi / JOIN_TURN)
    where = ((angle + np.pi) / JOIN_TURN).astype(int) % bins
    # each segment in its direction's bin and in the one before: two neighbouring directions
    # meet in the lower one's
    index = np.concatenate([np.arange(len(a)), np.arange(len(a))])
    bin_ = np.concatenate([where, (where - 1) % bins])
    middle = bin_ * JOIN_TURN - np.pi + JOIN_TURN
    rho = (((a[index] + b[index]) / 2) * np.stack([-np.sin(middle), np.cos(middle)], axis=1)).sum(axis=1)
    key = bin_ * (2 * float(np.abs(rho).max()) + 1.0) + rho  # (the bins apart, each sorted by rho)
    order = np.argsort(key)
    index, bin_, key = index[order], bin_[order], key[order]
    # two pieces of one line cross the bin's normal at most JOIN_OFF apart, plus JOIN_TURN (the
    # most their line leans off the bin's direction) times the way between their middles (a
    # piece and a gap at most)
    reach = JOIN_OFF + JOIN_TURN * (float(length.max()) + gap)
    lo = np.searchsorted(key, key - reach)
    count = np.searchsorted(key, key + reach, side="right") - lo
    first = np.repeat(np.arange(len(key)), count)
    second = lo[first] + np.arange(count.sum()) - np.repeat(np.cumsum(count) - count, count)
    i, j = index[first], index[second]
    mine = (where[i] == bin_[first]) & (i != j)  # (each pair once: in i's own direction's bin)
    i, j = i[mine], j[mine]
    turn = np.abs(np.angle(np.exp(1j * (angle[i] - angle[j]))))
    n = np.stack([-d[i, 1], d[i, 0]], axis=1)
    off = np.maximum(np.abs(((a[j] - a[i]) * n).sum(axis=1)), np.abs(((b[j] - a[i]) * n).sum(axis=1)))
    t0, t1 = ((a[j] - a[i]) * d[i]).sum(axis=1), ((b[j] - a[i]) * d[i]).sum(axis=1)
    apart = np.maximum(np.minimum(t0, t1) - length[i], -np.maximum(t0, t1))
    ok = (turn < JOIN_TURN) & (off <= JOIN_OFF) & (apart <= gap)
    return i[ok], j[ok]


def _joined_labels(n: int, i: np.ndarray, j: np.ndarray) -> np.ndarray:
    """A label for each of ``n`` items, the same for items joined by the pairs (i, j), however
    long the chain between them (the smallest index among them)."""
    label = np.arange(n)
    while len(i):
        low = np.minimum(label[i], label[j])
        before = label.copy()
        np.minimum.at(label, i, low)
        np.minimum.at(label, j, low)
        label = label[label]
        if np.array_equal(label, before):
            break
    return label
