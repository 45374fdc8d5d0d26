"""Séance Party's button faces — a Zener symbol; a card, its symbol and its name (wrapped
where it must) — drawn in the ink of their button's state (``widgets.face_ink``); the shared
``Screen.add_choices`` pages them."""

from __future__ import annotations

import pygame

from companion.ui.widgets import draw_label, face_ink
from companion.ui.zener import draw_symbol

SHORT = {"circle": "○", "cross": "+", "wave": "≈", "square": "□", "star": "☆"}


def symbol_face(symbol):
    """A button's face drawn as a Zener symbol, in the ink of its fill."""
    def face(surface, rect):
        draw_symbol(surface, symbol, rect, face_ink(surface, rect))
    return face


def card_face(symbol: str | None, name: str, size: int, tick: bool = False):
    """A card as a button: its Zener symbol drawn on the left, its name beside it (wrapped if
    it must); a tick when it is chosen."""
    def face(surface, rect):
        ink = face_ink(surface, rect)
        if symbol is None:
            return draw_label(surface, name, rect, size, ink)
        icon = pygame.Rect(rect.left, rect.top, min(rect.height, rect.width // 4), rect.height)
        draw_symbol(surface, symbol, icon.inflate(-4, -4), ink, max(2, icon.height // 12))
        room = pygame.Rect(icon.right + 4, rect.top, rect.right - icon.right - 4, rect.height)
        draw_label(surface, ("✓ " if tick else "") + name, room, size, ink, align="left")
    return face


def stack(rect: pygame.Rect, heights: list, gap: int) -> list[pygame.Rect]:
    """``rect`` cut top to bottom into rows of the given heights in pixels; the rows given as
    None share what is left."""
    fixed = sum(h for h in heights if h is not None) + gap * (len(heights) - 1)
    flexible = [h for h in heights if h is None]
    share = max(0, rect.height - fixed) // max(1, len(flexible))
    out, y = [], rect.top
    fixed -= gap * sum(1 for h in heights if h == 0)  # a row of no height takes no gap either
    share = max(0, rect.height - fixed) // max(1, len(flexible))
    for h in heights:
        h = share if h is None else h
        out.append(pygame.Rect(rect.left, y, rect.width, h))
        y += h + (gap if h else 0)
    return out
