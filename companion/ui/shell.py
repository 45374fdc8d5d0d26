"""The shell around the games: resume, choose a game, set up the table, the menu,
settings and hardware warnings (the on-screen keyboard is ``companion/ui/keyboard.py``)."""

from __future__ import annotations

import random
from typing import Any

import pygame

from companion.engine.registry import load
from companion.games import entries, names_in, registry
from companion.ui import theme
from companion.ui.keyboard import KeyboardScreen
from companion.ui.screen import Screen, SubScreen
from companion.ui.widgets import Button, columns, draw_label, draw_paragraph, draw_text, face_ink, grid, panel, rows, wrap

DEFAULT_NAMES = ("Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus")


class ResumeScreen(Screen):
    """Offered first on start-up: the game a crash or a power cut interrupted."""

    title = "Welcome back"

    def __init__(self, app, record) -> None:
        super().__init__(app)
        self.record = record

    def draw_body(self, surface, area):
        s = self.scale
        box = area.inflate(-s(80), -s(80))
        panel(surface, box, radius=s(12))
        game = registry()[self.record.game].title
        players = ", ".join(names_in(self.record.game, self.record.setup))
        top, middle, bottom = rows(box.inflate(-s(30), -s(30)), [1, 1.4, 1.2], s(10))
        draw_text(surface, f"An unfinished game of {game} is waiting.", top, s(24), theme.INK, "centre", bold=True)
        draw_text(surface, f"{players} — {self.record.actions} actions so far", middle, s(18), theme.MUTED, "centre")
        left, right = columns(bottom, [1, 1], s(16))
        self.add_button(surface, Button(left, "Resume it", "resume", key="r", colour=theme.GOOD), s(20))
        self.add_button(surface, Button(right, "Start afresh", "home", key="n"), s(20))

    def on_button(self, action):
        if action == "resume":
            self.app.resume(self.record.id)
        elif self.app.abandon(self.record.id):  # kept in the journal, no longer offered
            self.app.show(HomeScreen(self.app))

    def on_answer(self, name):
        self.on_button("resume" if name == "yes" else "home")
        return True


def game_face(entry, s):
    """A game's home-screen button: its picture, then its name at the table's size."""
    draw_icon = load(entry.icon)

    def face(surface, rect):
        ink = face_ink(surface, rect)  # read before the picture covers the fill
        name_h = min(rect.height // 2, s(theme.TABLE) + s(12))
        picture = pygame.Rect(rect.left, rect.top + s(4), rect.width, rect.height - name_h - s(4))
        draw_icon(surface, picture, s)
        draw_label(surface, entry.title, pygame.Rect(rect.left, picture.bottom, rect.width, name_h), s(theme.TABLE),
                   ink, bold=True)
    return face


class HomeScreen(Screen):
    """Choose a game."""

    title = "Planchette — choose a game"

    def draw_body(self, surface, area):
        s = self.scale
        games = [entry for entry in entries().values() if entry.screen]
        body, foot = rows(area.inflate(-s(40), -s(30)), [4, 1], s(14))
        cols = 2 if len(games) <= 4 else 3
        for cell, entry in zip(grid(body, cols, -(-len(games) // cols), s(14)), games):
            button = Button(cell, entry.title, ("game", entry.name))
            if entry.icon:  # the game's picture above its name
                button.draw_face = game_face(entry, s)
            self.add_button(surface, button, s(24))
        self.add_button(surface, Button(foot, "Settings", "settings", key="s"), s(18))

    def on_button(self, action):
        if action == "settings":
            self.app.show(SettingsScreen(self.app, self))
        else:
            self.app.show(SetupScreen(self.app, action[1]))


class SetupScreen(Screen):
    """Set up the table: how many play, their names and colours (clockwise from the
    first seat), the game's options, and which seats the computer plays."""

    def __init__(self, app, game: str) -> None:
        super().__init__(app)
        self.entry = entries()[game]
        self.title = f"{self.entry.title} — the table"
        self.count = self.entry.default_count
        self.names = list(DEFAULT_NAMES)
        # a colour per seat (a table bigger than the palette wraps round: Start then asks for a change)
        self.colours = list(range(max(len(theme.PLAYER_COLOURS), self.entry.most)))
        self.computer: set[int] = set()
        self.options = {option.key: option.default for option in self.entry.options}
        # a game may declare a choice per seat (Clairvoyance's characters, each value held by
        # one seat at most) and screens of its own that fill in an option (extras)
        self.seat_choice = self.entry.seat_choice
        self.choices = list(self.seat_choice.values[: self.entry.most]) if self.seat_choice else []
        self.extras: dict = {}

    def draw_body(self, surface, area):
        """The table on the left (how many, then a row a seat: colour, name, person or computer,
        the seat's choice), the game's options on the right as big toggles that show at a
        glance which is chosen, and Back and Start along the foot; the game's sentence about
        the set-up goes where there is room, or behind "About these options"."""
        s = self.scale
        gap = s(theme.TARGET_GAP)
        inner = area.inflate(-s(20), -s(16))
        foot = pygame.Rect(inner.left, inner.bottom - s(56), inner.width, s(56))
        body = pygame.Rect(inner.left, inner.top, inner.width, foot.top - gap - s(4) - inner.top)
        two_columns = self.count > 5
        left, right = columns(body, [2, 1] if two_columns else [3, 2], s(16))
        spare_left = self.draw_seats(surface, left, two_columns)
        spare_right = self.draw_options(surface, right)
        back, middle, start = columns(foot, [1.1, 2.4, 1.5], s(12))
        self.add_button(surface, Button(back, "◂ Back", "back", key="\x1b"), s(theme.LABEL))
        self.add_button(surface, Button(start, "Start ▸", "start", key="\r", colour=theme.GOOD), s(theme.HEADING))
        self.draw_blurb(surface, [spare_left, spare_right, middle])

    def draw_seats(self, surface, area, two_columns: bool) -> pygame.Rect | None:
        """The count and a row a seat; returns the room left under them (None: none)."""
        s = self.scale
        gap = s(theme.TARGET_GAP)
        row_height = s(52)
        count_row = pygame.Rect(area.left, area.top, area.width, row_height)
        label, minus, number, plus = columns(count_row, [3, 1.1, 1, 1.1], gap)
        draw_text(surface, "Players", label, s(theme.HEADING), theme.INK, bold=True)
        self.add_button(surface, Button(minus, "−", "fewer", self.count > self.entry.least, key="-",
                                        why=f"{self.entry.title} needs at least {self.entry.least}."),
                        s(theme.TABLE))
        draw_text(surface, str(self.count), number, s(theme.TABLE), theme.INK, "centre", bold=True)
        self.add_button(surface, Button(plus, "+", "more", self.count < self.entry.most, key="+",
                                        why=f"{self.entry.title} seats at most {self.entry.most}."),
                        s(theme.TABLE))
        seats_top = count_row.bottom + gap + s(2)
        per_column = -(-self.count // 2) if two_columns else self.count
        room = area.bottom - seats_top
        row_height = min(s(60), max(s(theme.TARGET), (room - gap * (per_column - 1)) // max(1, per_column)))
        step = row_height + gap + s(1)
        halves = columns(pygame.Rect(area.left, seats_top, area.width, room), [1, 1], s(12)) if two_columns \
            else [pygame.Rect(area.left, seats_top, area.width, room)]
        for seat in range(self.count):
            column = halves[seat // per_column] if two_columns else halves[0]
            row = pygame.Rect(column.left, seats_top + (seat % per_column) * step, column.width, row_height)
            self.draw_seat(surface, seat, row, two_columns)
        used = seats_top + per_column * step
        return pygame.Rect(area.left, used, area.width, area.bottom - used) if area.bottom - used > s(40) else None

    def draw_seat(self, surface, seat: int, row: pygame.Rect, narrow: bool) -> None:
        s = self.scale
        gap = s(theme.TARGET_GAP)
        colour = theme.PLAYER_COLOURS[self.colours[seat] % len(theme.PLAYER_COLOURS)]
        swatch = pygame.Rect(row.left, row.top, s(52), row.height)
        rest = pygame.Rect(swatch.right + gap, row.top, row.right - swatch.right - gap, row.height)
        offered = self.computer_offered()
        weights = [5] + ([4] if offered else []) + ([4] if self.seat_choice else [])
        cells = columns(rest, weights, gap)
        self.add_button(surface, Button(swatch, f"colour of {self.names[seat]}", ("colour", seat), colour=colour,
                                        draw_face=lambda surface, rect: None))
        name = self.names[seat] if narrow else f"{seat + 1}. {self.names[seat]}"
        self.add_button(surface, Button(cells[0], name, ("name", seat)), s(theme.LABEL))
        if offered:
            computer = seat in self.computer
            self.add_button(surface, Button(cells[1], "Computer" if computer else "Person", ("who", seat),
                                            colour=theme.CARD_BACK if computer else None), s(theme.LABEL))
        if self.seat_choice:
            self.add_button(surface, Button(cells[-1], self.choices[seat], ("choice", seat)), s(theme.LABEL))

    def draw_options(self, surface, area) -> pygame.Rect | None:
        """The options as toggles, each label wrapped whole (never cut); returns the room left."""
        s = self.scale
        gap = s(theme.TARGET_GAP)
        size = s(theme.LABEL)
        line = int(size * 1.2)
        y = area.top
        for option in self.entry.options:
            key = option.key
            enabled = self.option_enabled(key)
            chosen = bool(self.options[key]) and enabled
            room = area.width - s(24) - s(36)  # the button's edges, the tick box
            lines = wrap(option.label, size, room, True)
            height = max(s(theme.TARGET) + s(4), len(lines) * line + s(14))
            rect = pygame.Rect(area.left, y, area.width, height)
            button = Button(rect, option.label, ("option", key), enabled, selected=chosen,
                            why=f"“{option.label}” is for "
                                + " or ".join(str(c) for c in option.counts) + " players.")
            button.draw_face = tick_box_face(button, size, s)
            self.add_button(surface, button, size)
            y = rect.bottom + gap + s(1)
        return pygame.Rect(area.left, y, area.width, area.bottom - y) if area.bottom - y > s(40) else None

    def draw_blurb(self, surface, places) -> None:
        """The game's sentence about the set-up, in the first place with room for all of it;
        where none has, a button says it in the banner."""
        s = self.scale
        text = self.entry.blurb(self.effective_options())
        size = s(theme.BODY)
        for place in places:
            if place is None:
                continue
            for body in (size, s(theme.FLOOR)):
                step = int(body * 1.25)
                lines = wrap(text, body, place.width)
                if len(lines) * step <= place.height:
                    top = place.top if place is not places[-1] else place.centery - len(lines) * step // 2
                    draw_paragraph(surface, text, pygame.Rect(place.left, top, place.width, len(lines) * step),
                                   body, theme.MUTED, len(lines))
                    return
        self.add_button(surface, Button(places[-1], "About these options", "about"), s(theme.LABEL))

    def on_button(self, action):
        if action == "fewer":
            self.count -= 1
        elif action == "more":
            self.count += 1
            if self.seat_choice and self.choices[self.count - 1] in self.choices[: self.count - 1]:
                self.next_choice(self.count - 1)
        elif action == "start":
            self.start()
        elif action == "back":
            self.app.show(HomeScreen(self.app))
        elif action == "about":
            self.app.note(self.entry.blurb(self.effective_options()))
        elif action[0] == "colour":
            self.colours[action[1]] += 1
        elif action[0] == "who":
            self.computer ^= {action[1]}
        elif action[0] == "choice":
            self.next_choice(action[1])
        elif action[0] == "option":
            self.toggle(action[1])
        elif action[0] == "name":
            seat = action[1]
            self.app.show(KeyboardScreen(self.app, self, f"Name of player {seat + 1}", self.names[seat],
                                         lambda text: self.names.__setitem__(seat, text)))

    # -- what a game's entry may add to the set-up -----------------------------------------
    def effective_options(self) -> dict:
        """The options as they will count: one this table size rules out is off, whatever was tapped."""
        return {key: value and self.option_enabled(key) for key, value in self.options.items()}

    def computer_offered(self) -> bool:
        return self.entry.computer_offered(self.effective_options())

    def option(self, key: str):
        return next(option for option in self.entry.options if option.key == key)

    def option_enabled(self, key: str) -> bool:
        """An option the table size rules out is greyed (Clairvoyance's teams need four)."""
        return self.option(key).offered(self.count)

    def next_choice(self, seat: int) -> None:
        """The seat's next value that no other seat at the table holds."""
        values = list(self.seat_choice.values)
        taken = {c for k, c in enumerate(self.choices[: self.count]) if k != seat}
        at = values.index(self.choices[seat])
        for step in range(1, len(values) + 1):
            value = values[(at + step) % len(values)]
            if value not in taken:
                self.choices[seat] = value
                return

    def toggle(self, key: str) -> None:
        """Turn an option on or off.  An option with a sub-screen of its own (a die entered
        face by face) is on only once that screen is done; options of one group
        (``exclusive``) turn each other off."""
        if self.options[key]:
            self.options[key] = False
            return
        opener = load(self.entry.option_screens) if self.entry.option_screens else None
        screen = opener(key, self.app, self, self.extras.get(key), lambda value: self.chosen(key, value)) \
            if opener else None
        if screen is not None:
            self.app.show(screen)
        else:
            self.chosen(key, None)

    def chosen(self, key: str, value) -> None:
        group = self.option(key).group
        if group is not None:
            self.options.update({other.key: False for other in self.entry.options if other.group == group})
        self.options[key] = True
        if value is not None:
            self.extras[key] = value

    def game_extras(self) -> dict:
        """The set-up's keyword arguments for a game that declared more than options."""
        extra = {}
        if self.seat_choice:
            extra["choices"] = self.choices[: self.count]
        if self.entry.option_screens:
            extra["extras"] = {k: v for k, v in self.extras.items() if self.options.get(k)}
        return extra

    def start(self):
        players = self.names[: self.count]
        colours = [list(theme.PLAYER_COLOURS[c % len(theme.PLAYER_COLOURS)]) for c in self.colours[: self.count]]
        clash = same_colour(players, colours)
        if clash is not None:
            self.app.refuse(clash)
            return
        seed = random.randrange(1, 1_000_000)
        options = self.effective_options()
        setup = self.entry.make_setup(players, options, seed, **self.game_extras())
        computer = sorted(s for s in self.computer if s < self.count) if self.computer_offered() else []
        reason = self.app.new_game(setup, {"colours": colours, "computer": computer, "options": options})
        if reason is not None:
            self.app.refuse(reason)


def tick_box_face(button: Button, size: int, s):
    """A toggle's face: a tick box (empty: off; filled and ticked: on) and its label beside it,
    wrapped as every label is (``s``: the screen's scale)."""

    def face(surface, rect):
        from companion.ui.widgets import button_colours

        fill, ink = button_colours(button)[:2]
        box = pygame.Rect(rect.left + s(2), 0, s(24), s(24))
        box.centery = rect.centery
        if button.selected:
            pygame.draw.rect(surface, ink, box, border_radius=s(4))
            pygame.draw.lines(surface, fill, False, [(box.left + s(5), box.centery), (box.left + s(10), box.bottom - s(6)),
                                                     (box.right - s(5), box.top + s(6))], max(2, s(3)))
        else:
            pygame.draw.rect(surface, ink, box, width=max(2, s(2)), border_radius=s(4))
        text = pygame.Rect(box.right + s(10), rect.top, rect.right - box.right - s(10), rect.height)
        draw_label(surface, button.label, text, size, ink, align="left")
    return face


def same_colour(players, colours) -> str | None:
    """Why two seats may not share a colour (the pentagram and the charts tell players
    apart by colour alone), or None when every colour is different."""
    for seat, colour in enumerate(colours):
        if colour in colours[:seat]:
            other = colours.index(colour)
            return (f"{players[other]} and {players[seat]} have the same colour: tap a colour to change it "
                    "(the pentagram tells players apart by colour)")
    return None


class MenuScreen(SubScreen):
    title = "Menu"

    def draw_body(self, surface, area):
        s = self.scale
        labels = [("Back to the game", "back"), ("Save the game's log", "export"), ("Settings", "settings"),
                  ("End this game", "end"), ("Quit the companion", "quit")]
        for cell, (label, action) in zip(rows(area.inflate(-s(160), -s(30)), [1] * len(labels), s(10)), labels):
            self.add_button(surface, Button(cell, label, action, colour=theme.BAD if action == "end" else None), s(20))

    def on_button(self, action):
        if action == "back":
            self.app.show(self.back)
        elif action == "export":
            self.app.export()
        elif action == "settings":
            self.app.show(SettingsScreen(self.app, self))
        elif action == "end":
            if self.app.match is not None and not self.app.match.game.is_over(self.app.match.state):
                if not self.app.abandon(self.app.match.id):
                    return  # not set aside: the game stays open, the banner says why
            self.app.match = None
            self.app.show(HomeScreen(self.app))
        elif action == "quit":
            self.app.running = False


class SettingsScreen(SubScreen):
    """Brightness, volume, knock calibration, teaching the camera the deck and which inputs are
    fitted."""

    title = "Settings"

    def draw_body(self, surface, area):
        """A row a setting, each named in words: two sliders as − and +, the parts fitted as
        tick boxes, the knock sensor as three choices (the one chosen ticked), calibration."""
        s = self.scale
        settings = self.app.settings
        fitted = settings.fitted
        gap = s(theme.TARGET_GAP)
        lines = rows(area.inflate(-s(32), -s(16)), [1] * 6, gap + s(4))
        size = s(theme.LABEL)

        def stepper(row, label, value, key, lowest, highest):
            name, minus, shown, plus = columns(row, [4, 1, 1.6, 1], gap)
            draw_text(surface, label, name, s(theme.BODY), theme.INK, bold=True)
            self.add_button(surface, Button(minus, "−", (key, -0.1), value > 0.01, why=lowest), s(theme.TABLE))
            draw_text(surface, f"{round(value * 100)} %", shown, s(theme.HEADING), theme.INK, "centre", bold=True)
            self.add_button(surface, Button(plus, "+", (key, +0.1), value < 0.99, why=highest), s(theme.TABLE))

        def toggle(cell, label, action, on):
            button = Button(cell, label, action, selected=on)
            button.draw_face = tick_box_face(button, size, s)
            self.add_button(surface, button, size)

        stepper(lines[0], "Pentagram brightness", settings.brightness, "brightness",
                "The pentagram is already off.", "The pentagram is already at its brightest.")
        stepper(lines[1], "Buzzer volume (0 mutes it)", settings.volume, "volume",
                "The buzzer is already muted.", "The buzzer is already at its loudest.")
        label, *parts = columns(lines[2], [0.9, 1.3, 1.4, 1.1, 1.1, 1.1], gap)
        draw_text(surface, "Fitted", label, s(theme.BODY), theme.INK, bold=True)
        for cell, (name, words) in zip(parts, [("pentagram", "Pentagram"), ("circle", "Outer circle"),
                                               ("buzzer", "Buzzer"), ("buttons", "Buttons"),
                                               ("camera", "Camera")]):
            toggle(cell, words, ("fit", name), getattr(fitted, name))
        knock_cells = columns(lines[3], [1.3, 1.7, 1.6, 1.3], gap)
        draw_text(surface, "Knock sensor", knock_cells[0], s(theme.BODY), theme.INK, bold=True)
        for cell, option, words in zip(knock_cells[1:], ("adc", "module", "none"),
                                       ("Piezo disc", "Knock module", "None")):
            toggle(cell, words, ("knock", option), fitted.knock == option)
        calibrate, teach, note = columns(lines[4], [2, 1.7, 2.3], gap)
        self.add_button(surface, Button(calibrate, "Calibrate the knocks", "calibrate"), size)
        camera = self.app.camera
        self.add_button(surface, Button(teach, "Teach the deck", "teach", camera is not None and camera.ready,
                                        why="No camera is reading: tick Camera, then start the companion again."),
                        size)
        draw_paragraph(surface, "Changes to the fitted parts apply when the companion starts again.", note,
                       s(theme.FLOOR), theme.MUTED, 2)
        self.add_button(surface, Button(lines[5], "Done", "back", key="\r", colour=theme.GOOD), s(theme.HEADING))

    def on_button(self, action):
        from dataclasses import replace

        settings = self.app.settings
        if action == "back":
            self.app.show(self.back)
        elif action == "calibrate":
            from companion.ui.calibration import CalibrationScreen

            self.app.show(CalibrationScreen(self.app, self))
        elif action == "teach":
            from companion.ui.teach import TeachScreen

            self.app.show(TeachScreen(self.app, self))
        elif action[0] in ("brightness", "volume"):
            value = min(1.0, max(0.0, round(getattr(settings, action[0]) + action[1], 2)))
            self.app.change_settings(settings.with_(**{action[0]: value}))
        elif action[0] == "fit":
            fitted = replace(settings.fitted, **{action[1]: not getattr(settings.fitted, action[1])})
            self.app.change_settings(settings.with_(fitted=fitted))
        elif action[0] == "knock":
            self.app.change_settings(settings.with_(fitted=replace(settings.fitted, knock=action[1])))


class WarningsScreen(SubScreen):
    """What the hardware is missing or failing, in sentences."""

    title = "Hardware warnings"

    def draw_body(self, surface, area):
        s = self.scale
        text_area, button = rows(area.inflate(-s(30), -s(20)), [5, 1], s(10))
        y = text_area.top
        for warning in self.app.box.warnings() or ["Everything fitted works."]:
            used = draw_paragraph(surface, "• " + warning, pygame.Rect(text_area.left, y, text_area.width,
                                                                      text_area.bottom - y), s(theme.BODY), theme.INK, 3)
            y += used + s(8)
            if y > text_area.bottom - s(20):
                break
        camera = self.app.camera
        if camera is not None:  # a picture of the table, kept only because the user asks
            back, keep = columns(button, [1, 1.6], s(theme.TARGET_GAP))
            self.add_button(surface, Button(keep, "Save the camera's picture", "capture", camera.ready,
                                            why="The camera is not reading now."), s(theme.LABEL))
        else:
            back = button
        self.add_button(surface, Button(back, "Back", "back", colour=theme.GOOD), s(20))

    def on_button(self, action: Any):
        if action == "capture":
            import time

            from companion.settings import settings_path

            folder = (self.app.settings_path or settings_path()).with_name("captures")
            path = folder / time.strftime("table-%Y%m%d-%H%M%S.jpg")
            self.app.camera.capture(str(path))
            self.app.note(f"Saving what the camera sees as {path} (for a problem report; nothing else is kept).")
            return
        self.app.show(self.back)
