"""Clairvoyance's pictures: the d8 as a die (the face on top as a triangle, the three faces
sharing its edges around it, as on the octahedron's net), a health bar, a row of seats.

Drawn only from what the screen passes in (the view's figures); every text goes through
``draw_text`` so the table-grade audit sees it."""

from __future__ import annotations

import math

import pygame

from companion.ui import theme
from companion.ui.widgets import draw_text, floor_for

ROOT3 = math.sqrt(3)


def die_net(rect: pygame.Rect) -> tuple[float, list[list[tuple[float, float]]]]:
    """The side of one face and the four triangles of the net that fits ``rect``: the face
    on top (pointing up) first, then the three faces that share an edge with it."""
    side = min(rect.width / 2, rect.height / ROOT3)
    h = side * ROOT3 / 2
    cx, top = rect.centerx, rect.centery - h
    left, right, bottom = (cx - side, top), (cx + side, top), (cx, top + 2 * h)
    m_top, m_left, m_right = (cx, top), (cx - side / 2, top + h), (cx + side / 2, top + h)
    return side, [[m_top, m_left, m_right], [left, m_top, m_left], [m_top, right, m_right],
                  [m_left, m_right, bottom]]


def centroid(points) -> tuple[int, int]:
    return (round(sum(p[0] for p in points) / 3), round(sum(p[1] for p in points) / 3))


def draw_die(surface, rect: pygame.Rect, face, near, works=None) -> None:
    """The die: ``face`` big on the top triangle (``?`` before the first roll), the faces in
    ``near`` (one turn away) on the triangles around it; ``works`` (face → True/False) colours
    a neighbour green where the card in play succeeds."""
    side, triangles = die_net(rect)
    unit = rect.height / 140 if rect.height else 1
    near = list(near or [])
    for k, points in enumerate(triangles):
        if k == 0:
            fill, ink, label, size = theme.CARD, theme.DARK_INK, "?" if face is None else str(face), side * 0.5
        else:
            number = near[k - 1] if k - 1 < len(near) else None
            good = works.get(number) if works and number is not None else None
            fill = theme.GOOD if good else theme.PANEL_LIGHT if number is not None else theme.BACKGROUND
            ink, label, size = theme.ink_on(fill), "" if number is None else str(number), side * 0.3
        pygame.draw.polygon(surface, fill, points)
        pygame.draw.polygon(surface, theme.FAINT if k else theme.GOLD, points, max(1, round(2 * unit)))
        if label:
            x, y = centroid(points)
            size = max(int(size), floor_for(surface))
            room = pygame.Rect(0, 0, int(side * 0.55), int(size * 1.3))
            room.center = (x, y + (size * 0.08 if k == 0 else 0))
            draw_text(surface, label, room, size, ink, "centre", bold=True)


def health_colour(health: int, top: int):
    return theme.BAD if health * 3 <= top else theme.GOLD if health * 3 <= top * 2 else theme.GOOD


def draw_health_bar(surface, rect: pygame.Rect, health: int, top: int) -> None:
    """A bar filled in proportion to ``health`` of ``top``: green, gold at two thirds, red at a third."""
    radius = max(2, rect.height // 3)
    pygame.draw.rect(surface, theme.BACKGROUND, rect, border_radius=radius)
    if health > 0 and top > 0:
        filled = rect.copy()
        filled.width = max(radius * 2, round(rect.width * min(health, top) / top))
        pygame.draw.rect(surface, health_colour(health, top), filled, border_radius=radius)
    pygame.draw.rect(surface, theme.FAINT, rect, 1, border_radius=radius)


def draw_items(surface, rect: pygame.Rect, count: int, of: int = 3) -> None:
    """Possessed items as little cards, filled for each item held, outlined for each free place."""
    h = rect.height
    w = max(4, round(h * 0.7))
    gap = max(2, w // 3)
    x = rect.right - of * w - (of - 1) * gap
    for k in range(of):
        card = pygame.Rect(x + k * (w + gap), rect.top, w, h)
        if k < count:
            pygame.draw.rect(surface, theme.GOLD, card, border_radius=max(2, w // 5))
        pygame.draw.rect(surface, theme.MUTED if k < count else theme.FAINT, card, 1, border_radius=max(2, w // 5))


def draw_seats(surface, rect: pygame.Rect, seats: list[tuple[str, tuple]], gap: int, current: int | None = 0,
               size: int = 18) -> None:
    """A row of seats, each a chip of the player's colour with their name (``current``: the
    one with a gold rim, the turn-holder)."""
    if not seats:
        return
    width = min((rect.width - gap * (len(seats) - 1)) // len(seats), rect.height * 3)
    for k, (name, colour) in enumerate(seats):
        chip = pygame.Rect(rect.left + k * (width + gap), rect.top, width, rect.height)
        pygame.draw.rect(surface, colour, chip, border_radius=rect.height // 2)
        if k == current:
            pygame.draw.rect(surface, theme.INK, chip, max(2, rect.height // 12), border_radius=rect.height // 2)
        draw_text(surface, name, chip.inflate(-rect.height // 2, 0), size, theme.ink_on(colour), "centre", bold=True)
