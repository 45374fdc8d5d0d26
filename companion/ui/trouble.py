"""The screen shown when the journal cannot be opened at start.

On a kiosk a crash is a black screen that systemd restarts until it gives up, so a journal
that is locked by another companion, a folder, a dangling link, a game log, another
program's database, or a full or read-only card gets this screen instead: what happened,
what to do, and "Try again" once it is done.  No game can start without a journal — a game
that could not be saved would break the promise that pulling the plug loses nothing.
"""

from __future__ import annotations

import pygame

from companion.engine.journal import JournalError
from companion.ui import theme
from companion.ui.screen import Screen
from companion.ui.widgets import Button, columns, draw_paragraph, draw_text, panel, rows


class JournalTroubleScreen(Screen):
    title = "The journal cannot be opened"

    def __init__(self, app, error: JournalError) -> None:
        super().__init__(app)
        self.error = error

    def draw_body(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        s = self.scale
        box = area.inflate(-s(40), -s(30))
        panel(surface, box, radius=s(12))
        head, reason, advice, foot = rows(box.inflate(-s(30), -s(24)), [0.8, 2, 1.6, 1], s(8))
        draw_text(surface, "No game can be saved yet", head, s(24), theme.INK, "centre", bold=True)
        draw_paragraph(surface, _sentence(self.error.reason), reason, s(18), theme.INK, 3)
        draw_paragraph(surface, _sentence(self.error.advice or "Try again in a moment."), advice, s(18),
                       theme.MUTED, 2)
        buttons = [("Try again", "retry", theme.GOOD)]
        if not self.app.fullscreen:
            buttons.append(("Quit", "quit", None))
        for cell, (label, action, colour) in zip(columns(foot, [1] * len(buttons), s(16)), buttons):
            self.add_button(surface, Button(cell, label, action, colour=colour), s(20))

    def on_button(self, action) -> None:
        if action == "retry":
            self.app.open_journal(self.app.own_journal)
        elif action == "quit":
            self.app.running = False

    def on_answer(self, name: str) -> bool:
        if name == "yes":
            self.on_button("retry")
        return True


def _sentence(text: str) -> str:
    text = text.strip()
    return (text[:1].upper() + text[1:] + ("" if text.endswith((".", "!", "?")) else ".")) if text else ""
