"""The table-grade audit of one drawn screen (``companion/ui/theme.py``'s design system):
what ``tests/test_table_grade.py`` checks on every example screen, and what a screen's
author can run on one position while designing it::

    problems = audit(app)   # the app drawn with recording_text() on

Each problem is one sentence naming the text or the button and what is wrong with it."""

from __future__ import annotations

from itertools import combinations

import pygame

from companion.ui import theme
from companion.ui.screen import GameScreen
from companion.ui.widgets import TEXT_LOG, DrawnText


def text_problems(texts: list[DrawnText], scale: theme.Scale) -> list[str]:
    floor = scale(theme.FLOOR)
    problems = []
    for t in texts:
        if t.size < floor:
            problems.append(f"{t.text!r} is {t.size} px, under the {floor} px floor")
        if t.contrast() < theme.MIN_CONTRAST:
            problems.append(f"{t.text!r} has a contrast of {t.contrast():.2f}:1 on {t.background} "
                            f"(ink {t.colour}), under {theme.MIN_CONTRAST}:1")
        if t.cut:
            problems.append(f"{t.text!r} is cut: it does not fit its {t.room} px at the floor")
        elif not t.fits():
            problems.append(f"{t.text!r} runs off its room ({t.width} px in {t.room} px, at {t.rect})")
    for one, other in combinations(texts, 2):
        if one.text.strip() and other.text.strip() and one.rect.inflate(-4, -4).colliderect(other.rect.inflate(-4, -4)):
            problems.append(f"{one.text!r} and {other.text!r} overlap")
    return problems


def target_problems(rects: list[tuple[str, pygame.Rect]], screen: pygame.Rect, scale: theme.Scale) -> list[str]:
    smallest, gap = scale(theme.TARGET) - 1, scale(theme.TARGET_GAP) - 1
    problems = []
    for label, rect in rects:
        if rect.width < smallest or rect.height < smallest:
            problems.append(f"the button {label!r} is {rect.width}×{rect.height} px, under {smallest + 1}×{smallest + 1}")
        if not screen.contains(rect):
            problems.append(f"the button {label!r} runs off the screen ({rect})")
    for (one, a), (other, b) in combinations(rects, 2):
        apart = max(b.left - a.right, a.left - b.right, b.top - a.bottom, a.top - b.bottom)
        if apart < gap:
            problems.append(f"the buttons {one!r} and {other!r} are {max(apart, 0)} px apart, under {gap + 1} px"
                            + (" (they overlap)" if a.colliderect(b) else ""))
    return problems


def audit(app) -> list[str]:
    """Every way the app's current frame breaks the design system, in sentences.  Call it
    right after a frame drawn with :func:`companion.ui.widgets.recording_text` on."""
    scale = theme.Scale(app.game_size)
    texts = list(TEXT_LOG)
    buttons = [(b.label, b.rect) for b in list(app.screen.buttons) + list(app.bar_buttons)]
    problems = text_problems(texts, scale)
    problems += target_problems(buttons, pygame.Rect((0, 0), app.game_size), scale)
    if isinstance(app.screen, GameScreen) and not any(t.size >= scale(theme.TABLE) for t in texts):
        problems.append(f"nothing on the game's screen is at the table's size ({scale(theme.TABLE)} px): "
                        "whose turn, the prompt or the score must read from across the table")
    return problems
