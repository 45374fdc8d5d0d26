"""Colours, fonts and sizes, scaled to the screen: the table-grade design system.

The Pi's touch display is 800×480 (about 5.2 px per mm); everything is laid out in *units*
of ``height / 480`` so 1024×600, 1280×720 and 1920×1080 look the same, only sharper.

Players sit 50–80 cm from the screen and the person tapping 40 cm, so (docs/screens.md):

- **type**: no text under :data:`FLOOR` units; what the whole table must see (whose turn,
  the question asked, scores, health, the hourglass) at :data:`TABLE` or more;
- **contrast**: every text at least :data:`MIN_CONTRAST` (WCAG AA) against what is behind
  it — :func:`ink_on` picks dark or light ink for any fill, the players' colours included;
- **targets**: every tappable thing at least :data:`TARGET` units square, :data:`TARGET_GAP`
  apart.

``tests/test_table_grade.py`` checks every example screen against these numbers.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

# -- the design system's numbers (units: pixels at 800×480) ---------------------------------
FLOOR = 16         # the smallest text
BODY = 18          # running text, details
LABEL = 18         # a button's label
HEADING = 22       # a panel's heading
TABLE = 28         # what the whole table must read: whose turn, the prompt, scores, health
HUGE = 44          # the one thing of the moment: the hourglass, the winner
TARGET = 48        # the smallest tappable thing (9 mm on the 7-inch display)
TARGET_GAP = 8     # between two tappable things
MIN_CONTRAST = 4.5  # text against what is behind it (WCAG AA)

BACKGROUND = (16, 14, 28)
PANEL = (32, 28, 52)
PANEL_LIGHT = (52, 46, 82)
INK = (236, 230, 250)
MUTED = (184, 176, 210)   # secondary text: 4.5:1 or more on every panel
FAINT = (90, 84, 118)     # lines and outlines only, never text
ACCENT = (196, 150, 255)
GOLD = (244, 200, 90)
GOOD = (110, 214, 140)
BAD = (248, 120, 128)
DARK_INK = BACKGROUND     # text on light fills
CARD = (246, 242, 232)
CARD_BACK = (74, 52, 120)

#: colours offered to players at set-up, in order (also the pentagram's player colours)
PLAYER_COLOURS = (
    (235, 87, 87), (86, 156, 255), (92, 204, 122), (244, 196, 64), (190, 110, 240), (250, 140, 60),
    (64, 206, 210), (240, 120, 190),   # Mysterium seats up to seven (the ghost and six psychics)
)

#: the Zener suits' colours, shared with the pentagram's ESP scene
SUIT_COLOURS = {
    "circle": (255, 210, 60),
    "cross": (80, 200, 255),
    "squiggle": (90, 230, 140),
    "square": (255, 120, 80),
    "star": (210, 120, 255),
}


def luminance(colour) -> float:
    """The relative luminance of an sRGB colour (WCAG 2)."""
    def channel(value: int) -> float:
        value /= 255
        return value / 12.92 if value <= 0.03928 else ((value + 0.055) / 1.055) ** 2.4
    r, g, b = colour[:3]
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def contrast(one, other) -> float:
    """The contrast ratio of two colours, 1 to 21 (WCAG 2)."""
    high, low = sorted((luminance(one), luminance(other)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def ink_on(fill) -> tuple[int, int, int]:
    """The ink that reads best on ``fill``: dark on light fills (a player's yellow, a green
    button), light on dark ones."""
    return _ink_on(tuple(fill[:3]))


@lru_cache(maxsize=256)  # a screen uses a few dozen fills: worked out once, not every frame
def _ink_on(fill: tuple[int, int, int]) -> tuple[int, int, int]:
    return DARK_INK if contrast(DARK_INK, fill) >= contrast(INK, fill) else INK


class Scale:
    """Units for one screen size."""

    def __init__(self, size: tuple[int, int]) -> None:
        self.width, self.height = size
        self.unit = self.height / 480

    def __call__(self, units: float) -> int:
        return max(1, round(units * self.unit))


@lru_cache(maxsize=None)  # bounded: a few dozen sizes, bold or not
def font(pixels: int, bold: bool = False) -> pygame.font.Font:
    """A font of ``pixels`` height: DejaVu Sans where installed, else pygame's own."""
    if not pygame.font.get_init():
        pygame.font.init()
    path = pygame.font.match_font("dejavusans,dejavu sans", bold=bold) if _system_fonts() else None
    face = pygame.font.Font(path, pixels) if path else pygame.font.Font(None, round(pixels * 1.25))
    _PIXELS[id(face)] = pixels
    return face


_PIXELS: dict[int, int] = {}  # each cached font's size as asked for (fonts live as long as the cache)


def forget_sizes() -> None:
    """With the font cache cleared, the sizes of the fonts it held go too."""
    _PIXELS.clear()


def pixels_of(face: pygame.font.Font) -> int:
    """The size ``face`` was made at by :func:`font` (its line height for any other font)."""
    return _PIXELS.get(id(face), face.get_height())


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
