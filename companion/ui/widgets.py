"""Drawing helpers every screen uses: text that fits without shrinking below the floor,
buttons, panels, banners — the one widget layer, so the design system (``theme``) holds by
construction.

Every piece of text goes through :func:`draw_text`: it shrinks text to fit its room, but
never below the floor (``theme.FLOOR`` units); text that still does not fit is cut with "…"
and recorded as cut, which the audit refuses.  While a test asks (:func:`recording_text`)
every text drawn is recorded in :data:`TEXT_LOG` with its size, colour and the colour behind
it, so ``tests/test_table_grade.py`` can check size, contrast and fit on every screen.  The
app never records: a record of every text drawn would grow all evening.
"""

from __future__ import annotations

import contextlib
from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache
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
    size: int = 0                       # the font's pixels
    colour: tuple = theme.INK
    background: tuple | None = None     # the colour most of the text's box showed before it was drawn
    cut: bool = False                   # shortened with "…" because it did not fit at the floor

    def fits(self) -> bool:
        inside = pygame.Rect((0, 0), self.screen).contains(self.rect)
        return self.width <= self.room and inside and not self.cut

    def contrast(self) -> float:
        return 21.0 if self.background is None else theme.contrast(self.colour, self.background)


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


def floor_for(surface: pygame.Surface) -> int:
    """The smallest text, in pixels, on a screen of ``surface``'s size."""
    return theme.Scale(surface.get_size())(theme.FLOOR)


@lru_cache(maxsize=2048)  # the same texts are fitted frame after frame: bounded, so nothing grows
def fitted(text: str, size: int, room: int, bold: bool = False, floor: int = theme.FLOOR) -> tuple[str, pygame.font.Font]:
    """The largest font of at most ``size`` pixels (and no smaller than ``floor``) that fits
    ``text`` in ``room``; what does not fit at the floor is shortened with an ellipsis."""
    size = max(size, floor)
    face = theme.font(size, bold)
    while face.size(text)[0] > room and size > floor:
        size = max(floor, int(size * 0.92))
        face = theme.font(size, bold)
    if face.size(text)[0] <= room:
        return text, face
    while text and face.size(text + "…")[0] > room:
        text = text[:-1]
    return (text + "…") if text else "", face


@lru_cache(maxsize=256)  # the screen's texts, drawn again each frame: rendered once (bounded, a few MB)
def _rendered(face: pygame.font.Font, text: str, colour: tuple) -> pygame.Surface:
    return face.render(text, True, colour)


def forget_fonts() -> None:
    """Drop every font and rendered text (``pygame.quit`` ends them; a later app makes new ones)."""
    fitted.cache_clear()
    _rendered.cache_clear()
    theme.font.cache_clear()
    theme.forget_sizes()


def _behind(surface: pygame.Surface, rect: pygame.Rect):
    """The colour most of ``rect`` shows (before text is drawn on it): for the contrast check."""
    box = rect.clip(surface.get_rect())
    if box.width <= 0 or box.height <= 0:
        return None
    xs = [box.left + box.width * k // 6 for k in range(1, 6)]
    ys = [box.top + box.height * k // 4 for k in range(1, 4)]
    return Counter(tuple(surface.get_at((x, y)))[:3] for x in xs for y in ys).most_common(1)[0][0]


def draw_text(surface: pygame.Surface, text: str, rect: pygame.Rect, size: int, colour=theme.INK,
              align: str = "left", bold: bool = False, valign: str = "middle") -> pygame.Rect:
    """Draw ``text`` inside ``rect`` (aligned left, centre or right), fitted to its width."""
    floor = floor_for(surface)
    shown, face = fitted(text, size, max(1, rect.width), bold, floor)
    image = _rendered(face, shown, tuple(colour))
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
    background = _behind(surface, target) if _recording else None
    surface.blit(image, target)
    if _recording:
        TEXT_LOG.append(DrawnText(shown, target.width, rect.width, target, surface.get_size(),
                                  theme.pixels_of(face), tuple(colour[:3]), background,
                                  shown != text))
    return target


def wrap(text: str, size: int, room: int, bold: bool = False, floor: int = theme.FLOOR) -> list[str]:
    """Break ``text`` into lines that fit ``room`` at ``size`` pixels (never below ``floor``)."""
    face = theme.font(max(size, floor), bold)
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


def line_step(size: int) -> int:
    """From one line's top to the next's, at ``size`` pixels: the lines of every wrapped text."""
    return int(size * 1.25)


def lines_fit(count: int, size: int, height: int) -> bool:
    """Whether ``count`` lines at ``size`` pixels fit ``height``: the leading only between
    them, none above the first or below the last (a button's padding is room enough)."""
    return (count - 1) * line_step(size) + size <= height


def draw_paragraph(surface: pygame.Surface, text: str, rect: pygame.Rect, size: int, colour=theme.INK,
                   max_lines: int | None = None, bold: bool = False, align: str = "left") -> int:
    """Wrapped text from the top of ``rect``; returns the height used.  Text that needs more
    lines than the room holds ends cut (the audit refuses it: give it room, or say less)."""
    size = max(size, floor_for(surface))
    lines = wrap(text, size, rect.width, bold, size)
    step = line_step(size)
    limit = max_lines if max_lines is not None else max(1, rect.height // step)
    if len(lines) > limit:
        lines = lines[: limit - 1] + [" ".join(lines[limit - 1:])]
    y = rect.top
    for line in lines:
        draw_text(surface, line, pygame.Rect(rect.left, y, rect.width, step), size, colour, align, bold, "top")
        y += step
    return y - rect.top


def label_lines(surface: pygame.Surface, text: str, rect: pygame.Rect, size: int, bold: bool = True) -> tuple[int, int]:
    """(size, lines) of a label in ``rect``: one line when it fits at ``size`` or at the floor
    (``draw_text`` shrinks it), else wrapped at ``size`` if ``rect`` holds those lines, else
    at the floor on as many lines as ``rect`` holds (what is left over ends cut)."""
    floor = floor_for(surface)
    if theme.font(floor, bold).size(text)[0] <= rect.width:
        return size, 1
    for each in (max(size, floor), floor):
        count = len(wrap(text, each, rect.width, bold, each))
        if lines_fit(count, each, rect.height):
            return each, count
    return floor, max(1, (rect.height - floor) // line_step(floor) + 1)


def draw_label(surface: pygame.Surface, text: str, rect: pygame.Rect, size: int, colour=theme.INK,
               align: str = "centre", bold: bool = True) -> None:
    """A label centred in ``rect`` on one line, or wrapped when one line would cut it (see
    :func:`label_lines`): a long choice reads whole on its button instead of cut."""
    size, count = label_lines(surface, text, rect, size, bold)
    if count == 1:
        draw_text(surface, text, rect, size, colour, align, bold)
        return
    height = (count - 1) * line_step(size) + theme.font(size, bold).get_height()
    block = pygame.Rect(rect.left, rect.centery - height // 2, rect.width, count * line_step(size))
    draw_paragraph(surface, text, block, size, colour, count, bold, align)


@dataclass
class Button:
    """A tappable rectangle.  ``action`` is any value the screen understands; a disabled
    button says ``why`` when tapped ("Ann cannot play a card: round 1, …")."""

    rect: pygame.Rect
    label: str
    action: Any
    enabled: bool = True
    selected: bool = False
    key: str = ""  # the keyboard shortcut shown and accepted, if any
    colour: tuple[int, int, int] | None = None
    draw_face: Callable[[pygame.Surface, pygame.Rect], None] | None = field(default=None, repr=False)
    why: str = ""  # why it is disabled, said when tapped



def button_at(buttons: list[Button], pos: tuple[int, int]) -> Button | None:
    """The button under ``pos``, enabled or not (the last drawn, on top, first): the one
    lookup behind every tap — the screens', the top bar's and the side panel's."""
    for button in reversed(buttons):
        if button.rect.collidepoint(pos):
            return button
    return None


def ink_on_fill(fill) -> tuple:
    """The ink that reads on a button's fill, whatever its state: muted on a disabled button's
    hollow (the background), else dark on light fills and light on dark ones."""
    return theme.MUTED if tuple(fill[:3]) == theme.BACKGROUND else theme.ink_on(fill)


def face_ink(surface: pygame.Surface, rect: pygame.Rect) -> tuple:
    """The ink for a button's ``draw_face`` drawn in ``rect``: a face is drawn on its button's
    fill (enabled, selected, pressed or disabled), read just inside its left edge."""
    x, y = rect.left + 1, rect.centery
    if not surface.get_rect().collidepoint(x, y):
        return ink_on_fill(theme.PANEL_LIGHT)
    return ink_on_fill(surface.get_at((x, y)))


def button_colours(button: Button, pressed: bool = False) -> tuple[tuple, tuple, tuple | None, int]:
    """(fill, ink, outline, outline width) of a button in its state — enabled, disabled,
    selected or pressed look different at a glance: disabled is hollow on the background with
    muted ink, selected is the accent with a light rim and a tick, pressed is the ink itself."""
    if pressed:
        fill, outline, width = theme.INK, theme.ACCENT, 3
    elif not button.enabled:
        fill, outline, width = theme.BACKGROUND, theme.FAINT, 1
    elif button.selected:
        fill, outline, width = theme.ACCENT, theme.INK, 3
    else:
        fill, outline, width = button.colour or theme.PANEL_LIGHT, theme.MUTED, 1
    return fill, ink_on_fill(fill), outline, width


def draw_button(surface: pygame.Surface, button: Button, size: int, pressed: bool = False) -> None:
    """The button in its state's colours, with its face or its label (wrapped where one line
    would cut it; a tick in front when selected)."""
    fill, ink, outline, width = button_colours(button, pressed)
    radius = max(3, button.rect.height // 6)
    pygame.draw.rect(surface, fill, button.rect, border_radius=radius)
    if outline is not None:
        pygame.draw.rect(surface, outline, button.rect, width=width, border_radius=radius)
    inner = button.rect.inflate(-max(8, button.rect.height // 5), -6)
    if button.draw_face is not None:
        button.draw_face(surface, inner)
        return
    label = f"✓ {button.label}" if button.selected and button.enabled and not pressed else button.label
    draw_label(surface, label, inner, max(size, theme.Scale(surface.get_size())(theme.LABEL)), ink)


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
