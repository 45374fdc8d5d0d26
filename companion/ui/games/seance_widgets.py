"""Séance Party's button faces: a Zener symbol, a card (its symbol and its name on up to two
lines), any label that needs two lines — each drawn in the ink that reads on the button's fill
whatever its state (enabled, selected, pressed, disabled), so no label has to shrink below
the floor or be cut.  And :func:`choice_grid`, the screen's paged grid of such buttons (the
shared ``add_choices`` draws one-line labels only)."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import pygame

from companion.ui import theme
from companion.ui.widgets import Button, draw_text, floor_for, grid, wrap
from companion.ui.zener import draw_symbol

SHORT = {"circle": "○", "cross": "+", "wave": "≈", "square": "□", "star": "☆"}


def fill_under(surface: pygame.Surface, rect: pygame.Rect):
    """The button's fill just inside the left edge of its face's room (before the face is drawn)."""
    x, y = rect.left + 1, rect.centery
    if not surface.get_rect().collidepoint(x, y):
        return theme.PANEL_LIGHT
    return tuple(surface.get_at((x, y)))[:3]


@lru_cache(maxsize=64)  # bounded: the few fills a button has (the players' colours, the states)
def ink_of(fill) -> tuple:
    """Dark ink on a light fill, light on a dark one; muted on a disabled button's hollow."""
    return theme.MUTED if fill == theme.BACKGROUND else theme.ink_on(fill)


def ink_for(surface, rect):
    return ink_of(fill_under(surface, rect))


def symbol_face(symbol):
    """A button's face drawn as a Zener symbol, in the ink of its fill."""
    def face(surface, rect):
        draw_symbol(surface, symbol, rect, ink_for(surface, rect))
    return face


def lines_in(surface, text: str, rect: pygame.Rect, size: int, ink, bold: bool = True, align: str = "centre") -> None:
    """``text`` on one line if it fits at ``size`` (shrinking to the floor), else wrapped on
    two, centred in ``rect``."""
    floor = floor_for(surface)
    face = theme.font(max(size, floor), bold)
    if face.size(text)[0] <= rect.width or theme.font(floor, bold).size(text)[0] <= rect.width:
        draw_text(surface, text, rect, size, ink, align, bold)
        return
    for each in (size, floor):
        lines = wrap(text, each, rect.width, bold, each)
        if len(lines) <= 2 or each == floor:
            break
    lines = lines[:1] + [" ".join(lines[1:])] if len(lines) > 2 else lines
    step = min(rect.height // max(1, len(lines)), int(each * 1.3))
    top = rect.centery - step * len(lines) // 2
    for k, line in enumerate(lines):
        draw_text(surface, line, pygame.Rect(rect.left, top + k * step, rect.width, step), each, ink, align, bold)


def label_face(label: str, size: int, tick: bool = False):
    """A label on one line or two (a tick in front when chosen)."""
    def face(surface, rect):
        lines_in(surface, ("✓ " if tick else "") + label, rect, size, ink_for(surface, rect))
    return face


def card_face(symbol: str | None, name: str, size: int, tick: bool = False):
    """A card as a button: its Zener symbol drawn on the left, its name beside it (two lines
    if it must); a tick when it is chosen."""
    def face(surface, rect):
        ink = ink_for(surface, rect)
        if symbol is None:
            return lines_in(surface, name, rect, size, ink)
        icon = pygame.Rect(rect.left, rect.top, min(rect.height, rect.width // 4), rect.height)
        draw_symbol(surface, symbol, icon.inflate(-4, -4), ink, max(2, icon.height // 12))
        room = pygame.Rect(icon.right + 4, rect.top, rect.right - icon.right - 4, rect.height)
        lines_in(surface, ("✓ " if tick else "") + name, room, size, ink, align="left")
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
        more = f"More ▸ ({page + 1}/{count})"
        shown = list(choices[page * per:(page + 1) * per]) + [(more, (page_key, page + 1), label_face(more, s(18)))]
    pages[page_key] = page
    for cell, choice in zip(cells, shown):
        label, action, face = choice[:3]
        selected = len(choice) > 3 and choice[3]
        screen.add_button(surface, Button(cell, label, action, selected=selected,
                                          draw_face=face or label_face(label, s(18))))


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
