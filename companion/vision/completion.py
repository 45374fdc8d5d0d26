"""Completing a card from what is seen of it: a corner and its sides' directions, at the
sizes the frame's cards show or on the table's plane at the card's true size.  Shared by the
two ways the finder finds corners — the closed shapes' (:class:`~companion.vision.finder.Outlines`)
and the straight edges' (:class:`~companion.vision.straight_edges.StraightEdges`)."""

from __future__ import annotations

from typing import Callable

import cv2
import numpy as np

from companion.vision.geometry import FACE_H, FACE_W, order_corners

SEEN_WHOLE = 0.12      # a side within this share of a card's side is that side, seen whole

ShortSideHere = Callable[[np.ndarray], float] | None  # a card's short side where a point lies (or none known)


def sizes_at(corner: np.ndarray, short_sides: list[float], here: ShortSideHere) -> list[float]:
    """The short sides to complete a card at ``corner`` with: those given, and the one
    ``here`` gives there (the table's plane: a tilted camera makes near cards larger than far
    ones) where that is none of them, more than ``SEEN_WHOLE`` apart from each — a card a
    third larger than the cards seen whole, far from them, was completed only at their size,
    its sides "longer than a card's", and missed (big 1521)."""
    if here is None:
        return short_sides
    local = here(corner)
    if all(abs(local / short - 1.0) > SEEN_WHOLE for short in short_sides):
        return [*short_sides, local]
    return short_sides


def as_seen(seen: float, side: float) -> float:
    """A card's side of length ``side``, or the length ``seen`` where it is that within
    ``SEEN_WHOLE``: a side seen nearly whole gives its own length."""
    return seen if abs(seen - side) < SEEN_WHOLE * side else side


def card_from_corner(corner: np.ndarray, u: np.ndarray, su: float, v: np.ndarray, sv: float,
                      size: tuple[int, int]) -> np.ndarray | None:
    """The card (ordered) with a corner at ``corner``, its sides along the unit directions
    ``u`` and ``v``, ``su`` and ``sv`` long — or None where it lies out of the frame
    (:func:`in_frame`)."""
    return in_frame(np.float32([corner, corner + u * su, corner + u * su + v * sv, corner + v * sv]), size)


def in_frame(quad: np.ndarray, size: tuple[int, int]) -> np.ndarray | None:
    """``quad`` ordered, or None where it lies out of a frame ``size`` big, but for a few per
    cent (a card at the frame's edge is completed a little past it)."""
    w, h = size
    if quad[:, 0].min() > -0.05 * w and quad[:, 1].min() > -0.05 * h \
            and quad[:, 0].max() < 1.05 * w and quad[:, 1].max() < 1.05 * h:
        return order_corners(quad)
    return None


def completed_on_table(corner: np.ndarray, u: np.ndarray, v: np.ndarray, plane: np.ndarray,
                        size: tuple[int, int]) -> list[np.ndarray]:
    """The cards (ordered, in the frame) with a corner at each of ``corner`` (n, 2) and sides
    along the unit directions ``u`` and ``v`` (n, 2), completed on the table's ``plane`` (where
    a card is ``FACE_W`` by ``FACE_H``) either way round, and mapped back into the frame —
    those in it, corner by corner.  On the table a card's corners are square, so its second
    side is taken square to the first, towards ``v``.  (All at once: a frame has hundreds.)"""
    if len(corner) == 0:
        return []
    # each corner and a point ten pixels along each side, on the table: the sides' directions there
    points = np.stack([corner, corner + u * 10, corner + v * 10], axis=1).astype(np.float32)  # (n, 3, 2)
    seen = cv2.perspectiveTransform(points.reshape(-1, 1, 2), plane).reshape(-1, 3, 2)
    along = seen[:, 1] - seen[:, 0]
    along /= np.maximum(np.linalg.norm(along, axis=1), 1e-3)[:, None]
    across = np.stack([-along[:, 1], along[:, 0]], axis=1)
    across *= np.where(((seen[:, 2] - seen[:, 0]) * across).sum(axis=1) < 0, -1.0, 1.0)[:, None]
    start = seen[:, 0]
    cards = [np.stack([start, start + along * first, start + along * first + across * second, start + across * second],
                      axis=1) for first, second in ((FACE_W, FACE_H), (FACE_H, FACE_W))]
    both = np.stack(cards, axis=1).astype(np.float32)  # (n, 2 ways round, 4, 2)
    back = cv2.perspectiveTransform(both.reshape(-1, 1, 2), np.linalg.inv(plane)).reshape(-1, 4, 2)
    return [card for card in (in_frame(quad, size) for quad in back) if card is not None]
