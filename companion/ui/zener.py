"""Zener cards drawn with pygame: the five symbols, a card face, a card back."""

from __future__ import annotations

import math

import pygame

from companion.ui import theme
from companion.ui.widgets import draw_text

WAVES = ("squiggle", "wave")  # ESP calls it a squiggle, Séance Party a wave


def draw_symbol(surface: pygame.Surface, symbol: str, rect: pygame.Rect, colour, width: int | None = None) -> None:
    """One Zener symbol centred in ``rect``."""
    size = min(rect.width, rect.height)
    line = width or max(2, size // 9)
    box = pygame.Rect(0, 0, size, size)
    box.center = rect.center
    inner = box.inflate(-size // 5, -size // 5)
    if symbol == "circle":
        pygame.draw.circle(surface, colour, inner.center, inner.width // 2, line)
    elif symbol == "cross":
        pygame.draw.line(surface, colour, (inner.centerx, inner.top), (inner.centerx, inner.bottom), line)
        pygame.draw.line(surface, colour, (inner.left, inner.centery), (inner.right, inner.centery), line)
    elif symbol in WAVES:
        for offset in (-inner.height // 4, 0, inner.height // 4):
            points = [(inner.left + i * inner.width / 24,
                       inner.centery + offset + math.sin(i / 24 * 2 * math.pi * 1.5) * inner.height / 10)
                      for i in range(25)]
            pygame.draw.lines(surface, colour, False, points, max(1, line * 2 // 3))
    elif symbol == "square":
        pygame.draw.rect(surface, colour, inner.inflate(-size // 10, -size // 10), line)
    elif symbol == "star":
        cx, cy, r = inner.centerx, inner.centery + inner.height // 20, inner.width / 2
        points = []
        for k in range(10):
            radius = r if k % 2 == 0 else r * 0.42
            angle = -math.pi / 2 + k * math.pi / 5
            points.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
        pygame.draw.polygon(surface, colour, points, line)


def draw_card(surface: pygame.Surface, rect: pygame.Rect, rank: int, suit: str, glow=None, dim: bool = False) -> None:
    """A face-up Zener card: the symbol, the rank in the corner; ``glow`` outlines it."""
    radius = max(3, rect.width // 10)
    face = theme.CARD if not dim else (150, 146, 140)
    pygame.draw.rect(surface, face, rect, border_radius=radius)
    if glow is not None:
        pygame.draw.rect(surface, glow, rect.inflate(4, 4), width=max(2, rect.width // 20), border_radius=radius + 2)
    ink = tuple(max(0, c - 70) for c in theme.SUIT_COLOURS.get(suit, (120, 120, 120)))
    symbol = rect.inflate(-rect.width // 5, -rect.height // 3)
    symbol.centery = rect.centery + rect.height // 10
    draw_symbol(surface, suit, symbol, ink)
    corner = pygame.Rect(rect.left + rect.width // 10, rect.top + rect.height // 20, rect.width // 2, rect.height // 4)
    draw_text(surface, str(rank), corner, max(10, rect.height // 4), ink, bold=True)


def draw_back(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """A card seen from behind: what a face-down card shows to everyone."""
    radius = max(3, rect.width // 10)
    pygame.draw.rect(surface, theme.CARD_BACK, rect, border_radius=radius)
    pygame.draw.rect(surface, theme.ACCENT, rect.inflate(-rect.width // 6, -rect.width // 6),
                     width=max(1, rect.width // 25), border_radius=radius)
    eye = rect.inflate(-rect.width // 2, -rect.height // 2)
    pygame.draw.ellipse(surface, theme.ACCENT, eye, max(1, rect.width // 25))
    pygame.draw.circle(surface, theme.ACCENT, eye.center, max(2, eye.height // 4))
