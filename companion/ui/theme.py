"""Colours, fonts and sizes, scaled to the screen.

The Pi's touch display is 800×480; everything is laid out in *units* of
``height / 480`` so 1024×600 and 1920×1080 look the same, only sharper.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

BACKGROUND = (16, 14, 28)
PANEL = (32, 28, 52)
PANEL_LIGHT = (52, 46, 82)
INK = (236, 230, 250)
MUTED = (150, 142, 178)
FAINT = (90, 84, 118)
ACCENT = (196, 150, 255)
GOLD = (244, 200, 90)
GOOD = (110, 214, 140)
BAD = (240, 100, 110)
CARD = (246, 242, 232)
CARD_BACK = (74, 52, 120)

#: colours offered to players at set-up, in order (also the pentagram's player colours)
PLAYER_COLOURS = (
    (235, 87, 87), (86, 156, 255), (92, 204, 122), (244, 196, 64), (190, 110, 240), (250, 140, 60),
)

#: the Zener suits' colours, shared with the pentagram's ESP scene
SUIT_COLOURS = {
    "circle": (255, 210, 60),
    "cross": (80, 200, 255),
    "squiggle": (90, 230, 140),
    "square": (255, 120, 80),
    "star": (210, 120, 255),
}


class Scale:
    """Units for one screen size."""

    def __init__(self, size: tuple[int, int]) -> None:
        self.width, self.height = size
        self.unit = self.height / 480

    def __call__(self, units: float) -> int:
        return max(1, round(units * self.unit))


@lru_cache(maxsize=64)
def font(pixels: int, bold: bool = False) -> pygame.font.Font:
    """A font of ``pixels`` height: DejaVu Sans where installed, else pygame's own."""
    if not pygame.font.get_init():
        pygame.font.init()
    path = pygame.font.match_font("dejavusans,dejavu sans", bold=bold) if _system_fonts() else None
    face = pygame.font.Font(path, pixels) if path else pygame.font.Font(None, round(pixels * 1.25))
    return face


@lru_cache(maxsize=1)
def _system_fonts() -> bool:
    try:
        return bool(pygame.font.get_fonts())
    except Exception:  # fontconfig missing: pygame's bundled font still works
        return False


def player_colour(meta: dict, seat: int) -> tuple[int, int, int]:
    """A seat's colour as chosen at set-up (kept in the journal's notes), else the default."""
    colours = meta.get("colours") or []
    return tuple(colours[seat]) if seat < len(colours) else PLAYER_COLOURS[seat % len(PLAYER_COLOURS)]
