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
from companion.ui.widgets import Button, columns, draw_paragraph, draw_text, grid, panel, rows

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


class HomeScreen(Screen):
    """Choose a game."""

    title = "Planchette — choose a game"

    def draw_body(self, surface, area):
        s = self.scale
        games = [entry for entry in entries().values() if entry.screen]
        body, foot = rows(area.inflate(-s(40), -s(30)), [4, 1], s(14))
        cols = 2 if len(games) <= 4 else 3
        for cell, entry in zip(grid(body, cols, -(-len(games) // cols), s(14)), games):
            self.add_button(surface, Button(cell, entry.title, ("game", entry.name)), s(24))
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
        self.colours = list(range(len(theme.PLAYER_COLOURS)))
        self.computer: set[int] = set()
        self.options = {option.key: option.default for option in self.entry.options}
        # a game may declare a choice per seat (Clairvoyance's characters, each value held by
        # one seat at most) and screens of its own that fill in an option (extras)
        self.seat_choice = self.entry.seat_choice
        self.choices = list(self.seat_choice.values[: self.entry.most]) if self.seat_choice else []
        self.extras: dict = {}

    def draw_body(self, surface, area):
        s = self.scale
        left, right = columns(area.inflate(-s(24), -s(20)), [3, 2], s(18))
        count_row, seats_box = rows(left, [1, 5], s(10))
        label, minus, number, plus = columns(count_row, [3, 1, 1, 1], s(8))
        draw_text(surface, "Players", label, s(20), theme.INK, bold=True)
        self.add_button(surface, Button(minus, "−", "fewer", self.count > self.entry.least, key="-"), s(22))
        draw_text(surface, str(self.count), number, s(24), theme.INK, "centre", bold=True)
        self.add_button(surface, Button(plus, "+", "more", self.count < self.entry.most, key="+"), s(22))
        for seat, row in enumerate(rows(seats_box, [1] * self.entry.most, s(6))):
            if seat >= self.count:
                continue
            colour = theme.PLAYER_COLOURS[self.colours[seat] % len(theme.PLAYER_COLOURS)]
            swatch, name, who, *choice = columns(row, [1, 5, 3, 3] if self.seat_choice else [1, 5, 3], s(8))
            self.add_button(surface, Button(swatch, "", ("colour", seat), colour=colour))
            self.add_button(surface, Button(name, f"{seat + 1}. {self.names[seat]}", ("name", seat)), s(18))
            if self.computer_offered():
                self.add_button(surface, Button(who, "Computer" if seat in self.computer else "Person",
                                                ("who", seat), selected=seat in self.computer), s(15))
            if self.seat_choice:
                # the choice takes the computer's column when there is none
                cell = choice[0] if self.computer_offered() else who.union(choice[0])
                self.add_button(surface, Button(cell, self.choices[seat], ("choice", seat)), s(15))
        option_rows = rows(right, [1] * (len(self.entry.options) + 2), s(8))
        for row, option in zip(option_rows, self.entry.options):
            key = option.key
            self.add_button(surface, Button(row, option.label, ("option", key), self.option_enabled(key),
                                            selected=self.options[key] and self.option_enabled(key)), s(15))
        draw_paragraph(surface, self.entry.blurb(self.effective_options()), option_rows[-2].inflate(0, s(8)), s(13), theme.MUTED, 2)
        self.add_button(surface, Button(option_rows[-1], "Start", "start", key="\r", colour=theme.GOOD), s(22))

    def on_button(self, action):
        if action == "fewer":
            self.count -= 1
        elif action == "more":
            self.count += 1
            if self.seat_choice and self.choices[self.count - 1] in self.choices[: self.count - 1]:
                self.next_choice(self.count - 1)
        elif action == "start":
            self.start()
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
    """Brightness, volume, knock calibration and which inputs are fitted."""

    title = "Settings"

    def draw_body(self, surface, area):
        s = self.scale
        settings = self.app.settings
        fitted = settings.fitted
        lines = rows(area.inflate(-s(40), -s(20)), [1] * 6, s(8))

        def stepper(row, label, value, key):
            name, minus, shown, plus = columns(row, [4, 1, 2, 1], s(8))
            draw_text(surface, label, name, s(18), theme.INK)
            self.add_button(surface, Button(minus, "−", (key, -0.1), value > 0.01), s(20))
            draw_text(surface, f"{round(value * 100)} %", shown, s(18), theme.INK, "centre")
            self.add_button(surface, Button(plus, "+", (key, +0.1), value < 0.99), s(20))

        stepper(lines[0], "Pentagram brightness", settings.brightness, "brightness")
        stepper(lines[1], "Buzzer volume (0 mutes it)", settings.volume, "volume")
        parts = columns(lines[2], [1, 1, 1, 1], s(8))
        for cell, (name, label) in zip(parts, [("pentagram", "Pentagram"), ("circle", "Outer circle"),
                                               ("buzzer", "Buzzer"), ("buttons", "Buttons")]):
            self.add_button(surface, Button(cell, label, ("fit", name), selected=getattr(fitted, name)), s(15))
        knock_cells = columns(lines[3], [2, 1, 1, 1], s(8))
        draw_text(surface, "Knock sensor", knock_cells[0], s(18), theme.INK)
        for cell, option, label in zip(knock_cells[1:], ("adc", "module", "none"), ("ADS1115", "Module", "None")):
            self.add_button(surface, Button(cell, label, ("knock", option), selected=fitted.knock == option), s(15))
        calibrate, note = columns(lines[4], [2, 3], s(8))
        self.add_button(surface, Button(calibrate, "Calibrate the knock", "calibrate"), s(15))
        draw_paragraph(surface, "Changes to the fitted parts apply when the companion starts again.", note, s(13),
                       theme.MUTED, 2)
        self.add_button(surface, Button(lines[5], "Done", "back", colour=theme.GOOD), s(20))

    def on_button(self, action):
        from dataclasses import replace

        settings = self.app.settings
        if action == "back":
            self.app.show(self.back)
        elif action == "calibrate":
            from companion.ui.calibration import CalibrationScreen

            self.app.show(CalibrationScreen(self.app, self))
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
                                                                      text_area.bottom - y), s(15), theme.INK, 3)
            y += used + s(8)
            if y > text_area.bottom - s(20):
                break
        self.add_button(surface, Button(button, "Back", "back", colour=theme.GOOD), s(20))

    def on_button(self, action: Any):
        self.app.show(self.back)
