"""Drawing helpers every screen uses: text that always fits, buttons, panels, banners.

Every piece of text goes through :func:`draw_text`, which shrinks it (and at
last shortens it with "…") to fit its room; while a test asks (:func:`recording_text`) it
records what it drew in :data:`TEXT_LOG`, so tests can check that no text runs off its room
or the screen.  The app never records: a record of every text drawn would grow all evening.
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass, field
from typing import Any, Callable

import pygame

from companion.ui import theme


@dataclass(frozen=True)
class DrawnText:
    text: str
    width: int
    room: int
    rect: pygame.Rect
    screen: tuple[int, int]

    def fits(self) -> bool:
        inside = pygame.Rect((0, 0), self.screen).contains(self.rect)
        return self.width <= self.room and inside


TEXT_LOG: list[DrawnText] = []
"""What :func:`draw_text` drew since the last ``TEXT_LOG.clear()``, while :func:`recording_text`
is on (tests read it); always empty in the app."""
_recording = False


@contextlib.contextmanager
def recording_text():
    """Record every text drawn into :data:`TEXT_LOG` for the duration (tests only); cleared after."""
    global _recording
    before, _recording = _recording, True
    try:
        yield TEXT_LOG
    finally:
        _recording = before
        if not before:
            TEXT_LOG.clear()
MIN_TEXT = 9  # pixels: smaller is unreadable on the 7-inch screen


def fitted(text: str, size: int, room: int, bold: bool = False) -> tuple[str, pygame.font.Font]:
    """The largest font of at most ``size`` pixels that fits ``text`` in ``room``;
    below the smallest readable size, the text is shortened with an ellipsis."""
    size = max(size, MIN_TEXT)
    face = theme.font(size, bold)
    while face.size(text)[0] > room and size > MIN_TEXT:
        size = max(MIN_TEXT, int(size * 0.9))
        face = theme.font(size, bold)
    if face.size(text)[0] <= room:
        return text, face
    while text and face.size(text + "…")[0] > room:
        text = text[:-1]
    return (text + "…") if text else "", face


def draw_text(surface: pygame.Surface, text: str, rect: pygame.Rect, size: int, colour=theme.INK,
              align: str = "left", bold: bool = False, valign: str = "middle") -> pygame.Rect:
    """Draw ``text`` inside ``rect`` (aligned left, centre or right), fitted to its width."""
    shown, face = fitted(text, size, max(1, rect.width), bold)
    image = face.render(shown, True, colour)
    target = image.get_rect()
    if align == "centre":
        target.centerx = rect.centerx
    elif align == "right":
        target.right = rect.right
    else:
        target.left = rect.left
    if valign == "top":
        target.top = rect.top
    else:
        target.centery = rect.centery
    surface.blit(image, target)
    if _recording:
        TEXT_LOG.append(DrawnText(shown, target.width, rect.width, target, surface.get_size()))
    return target


def wrap(text: str, size: int, room: int, bold: bool = False) -> list[str]:
    """Break ``text`` into lines that fit ``room`` at ``size`` pixels."""
    face = theme.font(max(size, MIN_TEXT), bold)
    lines: list[str] = []
    line = ""
    for word in text.split():
        trial = f"{line} {word}".strip()
        if face.size(trial)[0] <= room or not line:
            line = trial
        else:
            lines.append(line)
            line = word
    if line:
        lines.append(line)
    return lines


def draw_paragraph(surface: pygame.Surface, text: str, rect: pygame.Rect, size: int, colour=theme.INK,
                   max_lines: int | None = None, bold: bool = False) -> int:
    """Wrapped text from the top of ``rect``; returns the height used."""
    lines = wrap(text, size, rect.width, bold)
    limit = max_lines if max_lines is not None else max(1, rect.height // max(1, int(size * 1.25)))
    if len(lines) > limit:
        lines = lines[: limit - 1] + [" ".join(lines[limit - 1:])]
    y = rect.top
    step = int(size * 1.25)
    for line in lines:
        draw_text(surface, line, pygame.Rect(rect.left, y, rect.width, step), size, colour, valign="top", bold=bold)
        y += step
    return y - rect.top


@dataclass
class Button:
    """A tappable rectangle.  ``action`` is any value the screen understands."""

    rect: pygame.Rect
    label: str
    action: Any
    enabled: bool = True
    selected: bool = False
    key: str = ""  # the keyboard shortcut shown and accepted, if any
    colour: tuple[int, int, int] | None = None
    draw_face: Callable[[pygame.Surface, pygame.Rect], None] | None = field(default=None, repr=False)

    def hit(self, pos: tuple[int, int]) -> bool:
        return self.enabled and self.rect.collidepoint(pos)


def draw_button(surface: pygame.Surface, button: Button, size: int) -> None:
    base = button.colour or theme.PANEL_LIGHT
    if not button.enabled:
        fill, ink = theme.PANEL, theme.FAINT
    elif button.selected:
        fill, ink = theme.ACCENT, theme.BACKGROUND
    else:
        fill, ink = base, theme.INK
    radius = max(3, button.rect.height // 6)
    pygame.draw.rect(surface, fill, button.rect, border_radius=radius)
    if button.enabled:
        pygame.draw.rect(surface, theme.FAINT, button.rect, width=1, border_radius=radius)
    inner = button.rect.inflate(-max(4, button.rect.height // 5), -4)
    if button.draw_face is not None:
        button.draw_face(surface, inner)
        return
    draw_text(surface, button.label, inner, size, ink, align="centre", bold=True)


def panel(surface: pygame.Surface, rect: pygame.Rect, colour=theme.PANEL, radius: int = 8) -> None:
    pygame.draw.rect(surface, colour, rect, border_radius=radius)


def player_panel(surface: pygame.Surface, rect: pygame.Rect, colour, highlight: bool, s: Callable) -> pygame.Rect:
    """A player's panel: lighter for the player whose turn it is, a stripe of their colour
    down the left; returns the room inside for their details (``s``: the screen's scale)."""
    panel(surface, rect, theme.PANEL_LIGHT if highlight else theme.PANEL, s(8))
    pygame.draw.rect(surface, colour, pygame.Rect(rect.left, rect.top, s(6), rect.height), border_radius=s(3))
    return rect.inflate(-s(16), -s(4)).move(s(4), 0)


def grid(rect: pygame.Rect, columns: int, rows: int, gap: int) -> list[pygame.Rect]:
    """``columns × rows`` equal cells filling ``rect``, row by row."""
    width = (rect.width - gap * (columns - 1)) // columns
    height = (rect.height - gap * (rows - 1)) // rows
    return [pygame.Rect(rect.left + c * (width + gap), rect.top + r * (height + gap), width, height)
            for r in range(rows) for c in range(columns)]


def columns(rect: pygame.Rect, weights: list[float], gap: int) -> list[pygame.Rect]:
    """Split ``rect`` side by side in proportion to ``weights``."""
    room = rect.width - gap * (len(weights) - 1)
    total = sum(weights)
    cells, x = [], rect.left
    for w in weights:
        width = round(room * w / total)
        cells.append(pygame.Rect(x, rect.top, width, rect.height))
        x += width + gap
    return cells


def rows(rect: pygame.Rect, weights: list[float], gap: int) -> list[pygame.Rect]:
    """Split ``rect`` top to bottom in proportion to ``weights``."""
    room = rect.height - gap * (len(weights) - 1)
    total = sum(weights)
    cells, y = [], rect.top
    for w in weights:
        height = round(room * w / total)
        cells.append(pygame.Rect(rect.left, y, rect.width, height))
        y += height + gap
    return cells
