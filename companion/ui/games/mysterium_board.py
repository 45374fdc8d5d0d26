"""The Mysterium board as pictures, drawn from the view alone: the clock (hours I–VII), the
rows of face-up character / location / object cards with each psychic's pawn on its card,
the clairvoyancy track with every level marker, the psychics' own pieces (what they seek,
their prediction tokens, the visions they hold) and the hourglass.

Everything here is pygame primitives and cached fonts: cheap enough to draw every frame
while the sand runs.  Text goes through ``draw_text`` (the floor, the audit); the category
and token icons are lines and shapes, no text."""

from __future__ import annotations

import math
from typing import Callable

import pygame

from companion.ui import theme
from companion.ui.widgets import draw_text

CATEGORIES = ("character", "location", "object")


# -- icons -------------------------------------------------------------------------------------
def draw_category(surface, rect: pygame.Rect, category: str, colour=theme.MUTED) -> None:
    """A category as a picture: a head and shoulders (character), a house (location), a key
    (object); "finished" a star."""
    size = min(rect.width, rect.height)
    box = pygame.Rect(0, 0, size, size)
    box.center = rect.center
    w = max(2, size // 10)
    if category == "character":
        pygame.draw.circle(surface, colour, (box.centerx, box.top + size * 0.32), size * 0.2)
        body = pygame.Rect(box.left + size * 0.18, box.top + size * 0.58, size * 0.64, size * 0.5)
        clip = surface.get_clip()
        surface.set_clip(pygame.Rect(box.left, box.top, size, size).clip(clip))
        pygame.draw.ellipse(surface, colour, body)
        surface.set_clip(clip)
    elif category == "location":
        roof = [(box.left + size * 0.08, box.top + size * 0.48), (box.centerx, box.top + size * 0.1),
                (box.right - size * 0.08, box.top + size * 0.48)]
        pygame.draw.polygon(surface, colour, roof)
        pygame.draw.rect(surface, colour, (box.left + size * 0.2, box.top + size * 0.46, size * 0.6, size * 0.46))
    elif category == "object":
        pygame.draw.circle(surface, colour, (box.left + size * 0.3, box.centery), size * 0.2, w)
        y = box.centery
        pygame.draw.line(surface, colour, (box.left + size * 0.48, y), (box.right - size * 0.06, y), w)
        for x in (0.72, 0.88):
            pygame.draw.line(surface, colour, (box.left + size * x, y), (box.left + size * x, y + size * 0.18), w)
    else:  # finished: a star
        cx, cy, r = box.centerx, box.centery, size * 0.48
        points = [(cx + (r if k % 2 == 0 else r * 0.45) * math.sin(k * math.pi / 5),
                   cy - (r if k % 2 == 0 else r * 0.45) * math.cos(k * math.pi / 5)) for k in range(10)]
        pygame.draw.polygon(surface, colour, points)


def draw_token(surface, centre, radius: int, token: str, used: bool = False) -> None:
    """A prediction token: a green disc with a tick, a red one with a cross (hollow once spent)."""
    fill = theme.GOOD if token == "check" else theme.BAD
    x, y = centre
    if used:
        pygame.draw.circle(surface, fill, centre, radius, max(1, radius // 4))
        return
    pygame.draw.circle(surface, fill, centre, radius)
    w = max(2, radius // 3)
    r = radius * 0.5
    if token == "check":
        tick = [(x - r, y), (x - r * 0.2, y + r * 0.7), (x + r, y - r * 0.7)]
        pygame.draw.lines(surface, theme.DARK_INK, False, tick, w)
    else:
        pygame.draw.line(surface, theme.DARK_INK, (x - r, y - r), (x + r, y + r), w)
        pygame.draw.line(surface, theme.DARK_INK, (x - r, y + r), (x + r, y - r), w)


def draw_pawn(surface, centre, radius: int, colour) -> None:
    pygame.draw.circle(surface, colour, centre, radius)
    pygame.draw.circle(surface, theme.DARK_INK, centre, radius, max(1, radius // 4))


def draw_pawns(surface, rect: pygame.Rect, colours: list, radius: int) -> None:
    """Pawns side by side along ``rect``'s middle, overlapping when many share a card."""
    if not colours:
        return
    n = len(colours)
    step = min(2 * radius + 2, (rect.width - 2 * radius) / max(1, n - 1)) if n > 1 else 0
    x = rect.centerx - step * (n - 1) / 2
    for colour in colours:
        draw_pawn(surface, (round(x), rect.centery), radius, colour)
        x += step


def draw_computer(surface, rect: pygame.Rect, colour) -> None:
    """A small screen on a stand: this seat is the computer's."""
    w = max(1, rect.height // 8)
    screen = pygame.Rect(rect.left, rect.top, rect.width, rect.height * 0.7)
    pygame.draw.rect(surface, colour, screen, w, border_radius=2)
    pygame.draw.line(surface, colour, (rect.centerx, screen.bottom), (rect.centerx, rect.bottom - w), w)
    pygame.draw.line(surface, colour, (rect.left + rect.width * 0.25, rect.bottom - w),
                     (rect.right - rect.width * 0.25, rect.bottom - w), w)


# -- the clock -----------------------------------------------------------------------------------
ROMAN = ("I", "II", "III", "IV", "V", "VI", "VII")


def draw_clock(surface, rect: pygame.Rect, hour: int, s: Callable) -> None:
    """Hours I–VII: the hours gone dim, the hour now gold."""
    gap = s(4)
    width = (rect.width - gap * 6) / 7
    for k, numeral in enumerate(ROMAN, 1):
        cell = pygame.Rect(round(rect.left + (k - 1) * (width + gap)), rect.top, round(width), rect.height)
        if k == hour:
            pygame.draw.rect(surface, theme.GOLD, cell, border_radius=s(6))
            ink = theme.DARK_INK
        else:
            pygame.draw.rect(surface, theme.PANEL if k < hour else theme.BACKGROUND, cell, border_radius=s(6))
            pygame.draw.rect(surface, theme.FAINT, cell, 1, border_radius=s(6))
            ink = theme.MUTED if k < hour else theme.INK
        draw_text(surface, numeral, cell, s(theme.FLOOR + 2), ink, "centre", bold=k == hour)


# -- cards ---------------------------------------------------------------------------------------
DIM_CARD = (150, 146, 140)  # a card ruled out for the psychic choosing (dark ink still 6:1 on it)


def draw_card(surface, rect: pygame.Rect, number: int | None, s: Callable, pawns=(), found=(), mark=None,
              dim: bool = False) -> None:
    """A face-up card: its number, the pawns on it below, a ribbon for each psychic who found
    it, a gold rim when ``mark`` (a computer ghost's vision points at it), greyed when ``dim``
    (no longer possible for the psychic choosing)."""
    radius = s(6)
    fill = theme.CARD_BACK if number is None else DIM_CARD if dim else theme.CARD
    pygame.draw.rect(surface, fill, rect, border_radius=radius)
    if mark:
        pygame.draw.rect(surface, theme.GOLD, rect, max(2, s(3)), border_radius=radius)
    top, bottom = rect.copy(), rect.copy()
    if pawns or found:
        top.height = rect.height // 2 + s(2)
    bottom.top, bottom.height = top.bottom, rect.bottom - top.bottom
    draw_text(surface, "?" if number is None else str(number), top.inflate(-s(4), 0), s(20),
              theme.DARK_INK if number is not None else theme.INK, "centre", bold=True)
    if found:
        ribbon = pygame.Rect(rect.left + s(3), rect.bottom - s(7), rect.width - s(6), s(4))
        part = ribbon.width / len(found)
        for k, colour in enumerate(found):
            piece = (round(ribbon.left + k * part), ribbon.top, math.ceil(part), ribbon.height)
            pygame.draw.rect(surface, colour, piece)
    if pawns:
        draw_pawns(surface, bottom.inflate(-s(4), 0).move(0, -s(3) if found else 0), list(pawns),
                   max(3, min(s(8), bottom.height // 2 - s(1))))


def card_cells(rect: pygame.Rect, count: int, s: Callable) -> list[pygame.Rect]:
    """``count`` card slots along ``rect``: as wide as a fingertip or more, never wider than a card."""
    gap = s(theme.TARGET_GAP)
    width = min(s(64), (rect.width - gap * (count - 1)) // max(1, count))
    return [pygame.Rect(rect.left + k * (width + gap), rect.top, width, rect.height) for k in range(count)]


# -- the clairvoyancy track ------------------------------------------------------------------------
def draw_track(surface, rect: pygame.Rect, levels: list[int], colours: list, bands, s: Callable) -> None:
    """Spaces 0 to the furthest marker (12 at least) with every psychic's level marker on its
    space; the voting bands shaded (low, intermediate, high)."""
    last = max(12, max(levels, default=0), (bands[1] + 3) if bands else 0)
    gap = s(2)
    width = (rect.width - gap * last) / (last + 1)
    numbers = pygame.Rect(rect.left, rect.bottom - s(20), rect.width, s(20))
    for space in range(last + 1):
        cell = pygame.Rect(round(rect.left + space * (width + gap)), rect.top, max(1, round(width)), rect.height)
        band = 0 if not bands else (0 if space <= bands[0] else 1 if space <= bands[1] else 2)
        fill = (theme.PANEL, theme.PANEL_LIGHT, (70, 60, 110))[band]
        pygame.draw.rect(surface, fill, cell, border_radius=s(3))
        if width >= s(16) or space % 2 == 0:
            draw_text(surface, str(space), pygame.Rect(cell.left, numbers.top, cell.width, numbers.height),
                      s(theme.FLOOR), theme.INK if band else theme.MUTED, "centre")
        here = [colours[p] for p, level in enumerate(levels) if level == space]
        if here:
            pawn_row = pygame.Rect(cell.left - s(6), rect.top, cell.width + s(12), rect.height - numbers.height)
            draw_pawns(surface, pawn_row, here, max(3, min(s(8), pawn_row.height // 2 - s(1))))


# -- the hourglass -------------------------------------------------------------------------------
def draw_hourglass(surface, rect: pygame.Rect, fraction: float, s: Callable) -> None:
    """An hourglass: the sand left in the top bulb, what has run in the bottom one."""
    h = rect.height
    w = min(rect.width, h * 0.62)
    box = pygame.Rect(0, 0, w, h)
    box.center = rect.center
    mid = box.centery
    top = [(box.left, box.top), (box.right, box.top), (box.centerx + s(2), mid), (box.centerx - s(2), mid)]
    bottom = [(box.centerx - s(2), mid), (box.centerx + s(2), mid), (box.right, box.bottom), (box.left, box.bottom)]
    fraction = max(0.0, min(1.0, fraction))
    half = mid - box.top
    # the sand left: a trapezoid from the neck up to its height
    left_h = half * math.sqrt(fraction)
    if left_h > 1:
        spread = (w / 2) * (left_h / half)
        pygame.draw.polygon(surface, theme.GOLD, [(box.centerx - spread, mid - left_h),
                                                  (box.centerx + spread, mid - left_h),
                                                  (box.centerx + s(2), mid), (box.centerx - s(2), mid)])
    run_h = half * (1 - fraction) ** 0.5 * 0.8 if fraction < 1 else 0
    if run_h > 1:
        pygame.draw.polygon(surface, theme.GOLD, [(box.centerx, box.bottom - run_h),
                                                  (box.right - s(2), box.bottom - s(1)),
                                                  (box.left + s(2), box.bottom - s(1))])
    pygame.draw.polygon(surface, theme.INK, top, max(2, s(2)))
    pygame.draw.polygon(surface, theme.INK, bottom, max(2, s(2)))
    pygame.draw.line(surface, theme.INK, (box.left - s(4), box.top), (box.right + s(4), box.top), max(2, s(3)))
    pygame.draw.line(surface, theme.INK, (box.left - s(4), box.bottom), (box.right + s(4), box.bottom), max(2, s(3)))
