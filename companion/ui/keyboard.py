"""The on-screen keyboard: the touch display has no other.  The shell names players with
it; a game's screen may type a card's name or a word printed on a card with it."""

from __future__ import annotations

from typing import Callable

import pygame

from companion.ui import theme
from companion.ui.screen import Screen
from companion.ui.widgets import Button, columns, draw_text, panel, rows

NAME_LIMIT = 20  # characters: a player's name fits every list it appears in


class KeyboardScreen(Screen):
    """Digits, letters, a little punctuation (a card's name may be "Jack-in-the-Box"), space
    and rub-out; Done hands the trimmed text to ``done`` and goes back.
    A letter after a space (or the first) is a capital, the rest small, as names are
    written.  A keyboard plugged into the box types anything printable.  ``limit`` caps
    the length (a card's name may be longer than a player's)."""

    KEYS = ("1234567890", "QWERTYUIOP", "ASDFGHJKL-", "ZXCVBNM',.")

    def __init__(self, app, back: Screen, prompt: str, text: str, done: Callable[[str], None],
                 limit: int = NAME_LIMIT) -> None:
        super().__init__(app)
        self.back, self.prompt, self.text, self.done, self.limit = back, prompt, text, done, limit
        self.title = prompt

    def draw_body(self, surface, area):
        s = self.scale
        field, keys, last = rows(area.inflate(-s(20), -s(14)), [1, 4, 1], s(8))
        panel(surface, field, theme.PANEL_LIGHT, s(8))
        draw_text(surface, self.text + "▏", field.inflate(-s(20), 0), s(24), theme.INK)
        for line, row in zip(self.KEYS, rows(keys, [1] * len(self.KEYS), s(6))):
            for letter, cell in zip(line, columns(row, [1] * 10, s(5))):
                self.add_button(surface, Button(cell, letter, ("key", letter)), s(18))
        space, rub, done = columns(last, [4, 2, 2], s(8))
        self.add_button(surface, Button(space, "space", ("key", " ")), s(16))
        self.add_button(surface, Button(rub, "⌫", "rub"), s(18))
        self.add_button(surface, Button(done, "Done", "done", bool(self.text.strip()), colour=theme.GOOD), s(18))

    def on_button(self, action):
        if action == "rub":
            self.text = self.text[:-1]
        elif action == "done":
            self.done(self.text.strip()[: self.limit])
            self.app.show(self.back)
        elif len(self.text) < self.limit:
            letter = action[1]
            self.text += letter if not self.text or self.text.endswith(" ") else letter.lower()

    def on_key(self, event):
        if event.key == pygame.K_RETURN:
            self.on_button("done")
        elif event.key == pygame.K_BACKSPACE:
            self.on_button("rub")
        elif event.unicode and event.unicode.isprintable() and len(self.text) < self.limit:
            self.text += event.unicode
        else:
            return False
        return True
