"""The on-screen keyboard: the touch display has no other.  The shell names players with
it; a game's screen may type a card's name or a word printed on a card with it."""

from __future__ import annotations

from typing import Callable

import pygame

from companion.ui import theme
from companion.ui.screen import Screen
from companion.ui.widgets import Button, columns, draw_text, fitted, panel, rows

NAME_LIMIT = 20  # characters: a player's name fits every list it appears in
NOTHING_TYPED = "Nothing is typed yet: type it, then Done (Cancel leaves it as it was)."

LETTERS = ("1234567890", "QWERTYUIOP", "ASDFGHJKL-", "ZXCVBNM',.")
# Players are called Zoë and Søren: the accented letters of European names, by their base
# letter.  A touch screen has no long press, so they are a second page of keys.
ACCENTS = ("ÁÀÂÄÃÅÆÇČĆÐ", "ÉÈÊËĚĞÍÌÎÏŁ", "ÑŃÓÒÔÖÕØŒŘŠ", "ŚŞßÚÙÛÜŮÝŽŻ")
PAGES = (LETTERS, ACCENTS)
PAGE_LABELS = ("é ü ñ", "ABC")  # the page key names the page it turns to


class KeyboardScreen(Screen):
    """Digits, letters, a little punctuation (a card's name may be "Jack-in-the-Box"), a
    page of accented letters, space, rub-out, Clear, Cancel and Done.

    The text being edited starts selected, as a phone does it: the first key replaces it,
    rub-out clears it, a tap on it keeps it to add to.  Cancel goes back and changes
    nothing; Done hands the trimmed text to ``done``.  A letter after a space (or the
    first) is a capital, the rest small, as names are written, accented or not.  One
    accented letter turns back to the letters (a name rarely has two in a row).  A keyboard
    plugged into the box types anything printable; Return is Done (with nothing typed, when
    Done is off, it only says so); Escape cancels where the app leaves it to this screen.  ``limit`` caps what can
    be typed (a card's name may be longer than a player's); a longer text it was given, left
    as it is, comes back whole."""

    def __init__(self, app, back: Screen, prompt: str, text: str, done: Callable[[str], None],
                 limit: int = NAME_LIMIT) -> None:
        super().__init__(app)
        self.back, self.prompt, self.text, self.done, self.limit = back, prompt, text, done, limit
        self.title = prompt
        self.replacing = bool(text)  # the old text is selected: typing replaces it
        self.page = 0

    # -- drawing --------------------------------------------------------------------------
    def draw_body(self, surface, area):
        """The field, four rows of keys and the last row, every key at least 48 units square and
        8 apart (ten keys and nine gaps of a QWERTY row take 552 of the 800 pixels)."""
        s = self.scale
        gap = s(theme.TARGET_GAP) + 1  # rows() rounds: one pixel to spare keeps every gap at 8 units
        field, keys, last = rows(area.inflate(-s(20), -s(12)), [1.1, 4, 1], gap)
        self.add_button(surface, Button(field, self.text, "field", draw_face=self.draw_field))
        lines = PAGES[self.page]
        widest = max(len(line) for line in lines)
        key = min((keys.width - gap * (widest - 1)) // widest, s(72))
        for line, row in zip(lines, rows(keys, [1] * len(lines), gap)):
            width = key * len(line) + gap * (len(line) - 1)
            across = pygame.Rect(row.centerx - width // 2, row.top, width, row.height)
            for letter, cell in zip(line, columns(across, [1] * len(line), gap)):
                self.add_button(surface, Button(cell, letter, ("key", letter)), s(theme.TABLE))
        cancel, clear, page, space, rub, done = columns(last, [2, 1.6, 1.6, 3, 1.4, 2], gap)
        self.add_button(surface, Button(cancel, "Cancel", "cancel"), s(theme.LABEL))
        self.add_button(surface, Button(clear, "Clear", "clear", bool(self.text), why="There is nothing to clear."),
                        s(theme.LABEL))
        self.add_button(surface, Button(page, PAGE_LABELS[self.page], "page", colour=theme.PANEL), s(theme.LABEL))
        self.add_button(surface, Button(space, "space", ("key", " ")), s(theme.LABEL))
        self.add_button(surface, Button(rub, "⌫", "rub", bool(self.text), why="There is nothing to rub out."),
                        s(theme.HEADING))
        self.add_button(surface, Button(done, "Done", "done", self.can_finish(), colour=theme.GOOD, why=NOTHING_TYPED),
                        s(theme.HEADING))

    def draw_field(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The text with its cursor, or selected (highlighted) while typing would replace it."""
        s = self.scale
        panel(surface, rect, theme.PANEL_LIGHT, s(6))
        room = rect.inflate(-s(12), 0)
        if not self.replacing:
            draw_text(surface, self.text + "▏", room, s(theme.TABLE), theme.INK)
            return
        room, hint = columns(room, [3, 2], s(12))
        draw_text(surface, "typing replaces it · tap to add", hint, s(theme.FLOOR), theme.MUTED, "right")
        shown, face = fitted(self.text, s(theme.TABLE), room.width)
        mark = pygame.Rect(room.left - s(3), 0, face.size(shown)[0] + s(6), face.get_height())
        mark.centery = room.centery
        pygame.draw.rect(surface, theme.ACCENT, mark, border_radius=s(4))
        draw_text(surface, self.text, room, s(theme.TABLE), theme.ink_on(theme.ACCENT))

    # -- input ----------------------------------------------------------------------------
    def can_finish(self) -> bool:
        """Done is offered only for some text: an empty name is no name."""
        return bool(self.text.strip())

    def on_button(self, action):
        if action == "cancel":
            self.app.show(self.back)
        elif action == "done" and not self.can_finish():  # Return, as a tap cannot reach it then
            self.app.note(NOTHING_TYPED)
        elif action == "done":
            self.done(self.text.strip())  # typing stops at the limit; a longer text given is handed back whole
            self.app.show(self.back)
        elif action == "clear":
            self.text, self.replacing = "", False
        elif action == "rub":
            self.text = "" if self.replacing else self.text[:-1]
            self.replacing = False
        elif action == "field":
            self.replacing = False
        elif action == "page":
            self.page = 1 - self.page
        else:
            letter = action[1]
            self.type(letter if self.word_starts() else letter.lower())
            self.page = 0

    def word_starts(self) -> bool:
        """The next letter begins a word (a capital): the text is empty, replaced, or ends in a space."""
        return self.replacing or not self.text or self.text.endswith(" ")

    def type(self, chars: str) -> None:
        if self.replacing:
            self.text, self.replacing = "", False
        if len(self.text) < self.limit:
            self.text += chars

    def on_key(self, event):
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.on_button("done")  # exactly what Done does, nothing when Done is not offered
        elif event.key == pygame.K_ESCAPE:
            self.on_button("cancel")
        elif event.key == pygame.K_BACKSPACE:
            self.on_button("rub")
        elif event.unicode and event.unicode.isprintable():
            self.type(event.unicode)
        else:
            return False
        return True
