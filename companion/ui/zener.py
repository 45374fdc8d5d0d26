"""Zener cards drawn with pygame: the five symbols, a card face (ESP's, rank and symbol), a card back."""

from __future__ import annotations

import math

import pygame

from companion.games.esp.cards import parse_card, rank_of, suit_of
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


def draw_back(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """A card seen from behind: what a face-down card shows to everyone."""
    radius = max(3, rect.width // 10)
    pygame.draw.rect(surface, theme.CARD_BACK, rect, border_radius=radius)
    pygame.draw.rect(surface, theme.ACCENT, rect.inflate(-rect.width // 6, -rect.width // 6),
                     width=max(1, rect.width // 25), border_radius=radius)
    eye = rect.inflate(-rect.width // 2, -rect.height // 2)
    pygame.draw.ellipse(surface, theme.ACCENT, eye, max(1, rect.width // 25))
    pygame.draw.circle(surface, theme.ACCENT, eye.center, max(2, eye.height // 4))


CARD_RATIO = 0.68           # a card's width over its height
DIM_FACE = theme.BACKGROUND  # a card that cannot be played now: hollow, muted


def face(card: str) -> tuple[int, str]:
    """A card's name as its rank and suit."""
    c = parse_card(card)
    return rank_of(c), suit_of(c)


_INKS: dict[str, tuple[int, int, int]] = {}


def suit_ink(suit: str) -> tuple[int, int, int]:
    """The suit's colour darkened until it reads on the light card face (4.5:1 and a margin):
    the suit colours are made for the dark table and the LEDs, too light for ink on a card."""
    if suit not in _INKS:
        colour = theme.SUIT_COLOURS.get(suit, (120, 120, 120))
        while theme.contrast(colour, theme.CARD) < theme.MIN_CONTRAST + 0.5:
            colour = tuple(int(c * 0.9) for c in colour)
        _INKS[suit] = colour
    return _INKS[suit]


def fit_card(rect: pygame.Rect) -> pygame.Rect:
    """The largest card shape centred in ``rect``."""
    height = min(rect.height, int(rect.width / CARD_RATIO))
    card = pygame.Rect(0, 0, int(height * CARD_RATIO), height)
    card.center = rect.center
    return card


def draw_card(surface, rect: pygame.Rect, card: str, s, glow=None, dim: bool = False) -> None:
    """A face-up card: the rank top-left, big enough to read, the symbol below it; ``glow``
    rims it (the trick's winner); ``dim`` (cannot be played now) is hollow and muted."""
    rank, suit = face(card)
    radius = max(3, rect.width // 10)
    if glow is not None:
        pygame.draw.rect(surface, glow, rect.inflate(s(8), s(8)), border_radius=radius + s(4))
    if dim:
        pygame.draw.rect(surface, DIM_FACE, rect, border_radius=radius)
        pygame.draw.rect(surface, theme.FAINT, rect, width=max(1, s(2)), border_radius=radius)
        ink = theme.MUTED
    else:
        pygame.draw.rect(surface, theme.CARD, rect, border_radius=radius)
        ink = suit_ink(suit)
    numeral = max(s(theme.FLOOR), min(s(theme.HUGE), rect.height // 3))
    corner = pygame.Rect(rect.left + max(2, rect.width // 12), rect.top + max(1, rect.height // 30),
                         rect.width - max(2, rect.width // 12) * 2, numeral + s(2))
    draw_text(surface, str(rank), corner, numeral, ink, bold=True)
    symbol = pygame.Rect(rect.left, corner.bottom, rect.width, rect.bottom - corner.bottom)
    symbol = symbol.inflate(-rect.width // 6, -max(2, rect.height // 12))
    draw_symbol(surface, suit, symbol, ink, max(2, min(symbol.width, symbol.height) // 9))
