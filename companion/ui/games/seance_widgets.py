"""Séance Party's button faces — a Zener symbol; a card, its symbol and its name (wrapped
where it must) — drawn in the ink of their button's state (``widgets.face_ink``), and
:func:`choice_grid`, the screen's paged grid of buttons that may have such faces (the shared
``add_choices`` has labels only)."""

from __future__ import annotations

from typing import Any

import pygame

from companion.ui import theme
from companion.ui.widgets import Button, draw_label, face_ink, grid
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


def choice_grid(screen, surface, area: pygame.Rect, choices: list[tuple[Any, Any, Any]], cols: int, rows: int,
                page_key: str = "page") -> None:
    """``choices`` (label, action, face or None[, selected]) as ``cols × rows`` buttons, paged like the
    shared ``add_choices``: when they do not fit, the last cell is "More ▸ (n/m)", the action
    ``(page_key, n)`` (the screen's :meth:`turn_page` turns it)."""
    s = screen.scale
    pages = screen.__dict__.setdefault("pages", {})
    cells = grid(area, cols, rows, s(theme.TARGET_GAP) + 1)
    page = pages.get(page_key, 0)
    if len(choices) <= len(cells):
        page, shown = 0, list(choices)
    else:
        per = len(cells) - 1
        count = -(-len(choices) // per)
        page = page % count
        more = (f"More ▸ ({page + 1}/{count})", (page_key, page + 1), None)
        shown = list(choices[page * per:(page + 1) * per]) + [more]
    pages[page_key] = page
    for cell, choice in zip(cells, shown):
        label, action, face = choice[:3]
        selected = len(choice) > 3 and choice[3]
        screen.add_button(surface, Button(cell, label, action, selected=selected, draw_face=face))


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
