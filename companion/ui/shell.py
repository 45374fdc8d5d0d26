"""The shell around the games: resume, choose a game, set up the table, the menu,
settings, hardware warnings, the on-screen keyboard and the end-of-game summary."""

from __future__ import annotations

import random
from typing import Any

import pygame

from companion.games import names_in, registry
from companion.ui import theme
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
            self.app.open_match(self.app.journal.resume(self.record.id))
        else:
            self.app.journal.abandon(self.record.id)  # kept in the journal, no longer offered
            self.app.show(HomeScreen(self.app))

    def on_answer(self, name):
        self.on_button("resume" if name == "yes" else "home")
        return True


class HomeScreen(Screen):
    """Choose a game."""

    title = "Planchette — choose a game"

    def draw_body(self, surface, area):
        from companion.ui.games import GAME_SCREENS

        s = self.scale
        games = registry()
        names = ["esp", "mysterium", "seance-party", "clairvoyance"]
        titles = {"esp": "ESP", "mysterium": "Mysterium", "seance-party": "Séance Party", "clairvoyance": "Clairvoyance"}
        body, foot = rows(area.inflate(-s(40), -s(30)), [4, 1], s(14))
        for cell, name in zip(grid(body, 2, 2, s(14)), names):
            ready = name in games and name in GAME_SCREENS
            label = titles[name] if ready else f"{titles[name]} (coming)"
            self.add_button(surface, Button(cell, label, ("game", name), enabled=ready), s(24))
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
        self.ui = app.game_ui(game)
        self.title = f"{self.ui.title} — the table"
        self.count = self.ui.default_players
        self.names = list(DEFAULT_NAMES)
        self.colours = list(range(len(theme.PLAYER_COLOURS)))
        self.computer: set[int] = set()
        self.options = {key: default for key, _, default in self.ui.options}

    def draw_body(self, surface, area):
        s = self.scale
        left, right = columns(area.inflate(-s(24), -s(20)), [3, 2], s(18))
        count_row, seats_box = rows(left, [1, 5], s(10))
        label, minus, number, plus = columns(count_row, [3, 1, 1, 1], s(8))
        draw_text(surface, "Players", label, s(20), theme.INK, bold=True)
        self.add_button(surface, Button(minus, "−", "fewer", self.count > self.ui.min_players, key="-"), s(22))
        draw_text(surface, str(self.count), number, s(24), theme.INK, "centre", bold=True)
        self.add_button(surface, Button(plus, "+", "more", self.count < self.ui.max_players, key="+"), s(22))
        for seat, row in enumerate(rows(seats_box, [1] * self.ui.max_players, s(6))):
            if seat >= self.count:
                continue
            colour = theme.PLAYER_COLOURS[self.colours[seat] % len(theme.PLAYER_COLOURS)]
            swatch, name, who = columns(row, [1, 5, 3], s(8))
            self.add_button(surface, Button(swatch, "", ("colour", seat), colour=colour))
            self.add_button(surface, Button(name, f"{seat + 1}. {self.names[seat]}", ("name", seat)), s(18))
            if self.options.get("full_information", False):
                self.add_button(surface, Button(who, "Computer" if seat in self.computer else "Person",
                                                ("who", seat), selected=seat in self.computer), s(15))
        option_rows = rows(right, [1] * (len(self.ui.options) + 2), s(8))
        for row, (key, text, _) in zip(option_rows, self.ui.options):
            self.add_button(surface, Button(row, text, ("option", key), selected=self.options[key]), s(15))
        draw_paragraph(surface, self.ui.blurb(self.options), option_rows[-2].inflate(0, s(8)), s(13), theme.MUTED, 2)
        self.add_button(surface, Button(option_rows[-1], "Start", "start", key="\r", colour=theme.GOOD), s(22))

    def on_button(self, action):
        if action == "fewer":
            self.count -= 1
        elif action == "more":
            self.count += 1
        elif action == "start":
            self.start()
        elif action[0] == "colour":
            self.colours[action[1]] += 1
        elif action[0] == "who":
            self.computer ^= {action[1]}
        elif action[0] == "option":
            self.options[action[1]] = not self.options[action[1]]
        elif action[0] == "name":
            seat = action[1]
            self.app.show(KeyboardScreen(self.app, self, f"Name of player {seat + 1}", self.names[seat],
                                         lambda text: self.names.__setitem__(seat, text)))

    def start(self):
        players = self.names[: self.count]
        colours = [list(theme.PLAYER_COLOURS[c % len(theme.PLAYER_COLOURS)]) for c in self.colours[: self.count]]
        seed = random.randrange(1, 1_000_000)
        setup = self.ui.setup(players, self.options, seed)
        computer = sorted(s for s in self.computer if s < self.count) if self.options.get("full_information") else []
        reason = self.app.new_game(setup, {"colours": colours, "computer": computer, "options": self.options})
        if reason is not None:
            self.app.refuse(reason)


class KeyboardScreen(Screen):
    """An on-screen keyboard: the touch display has no other."""

    KEYS = ("QWERTYUIOP", "ASDFGHJKL", "ZXCVBNM")

    def __init__(self, app, back: Screen, prompt: str, text: str, done) -> None:
        super().__init__(app)
        self.back, self.prompt, self.text, self.done = back, prompt, text, done
        self.title = prompt

    def draw_body(self, surface, area):
        s = self.scale
        field, keys, last = rows(area.inflate(-s(20), -s(14)), [1, 3, 1], s(8))
        panel(surface, field, theme.PANEL_LIGHT, s(8))
        draw_text(surface, self.text + "▏", field.inflate(-s(20), 0), s(24), theme.INK)
        for line, row in zip(self.KEYS, rows(keys, [1, 1, 1], s(6))):
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
            self.done(self.text.strip()[:20])
            self.app.show(self.back)
        elif len(self.text) < 20:
            letter = action[1]
            self.text += letter if not self.text or self.text.endswith(" ") else letter.lower()

    def on_key(self, event):
        if event.key == pygame.K_RETURN:
            self.on_button("done")
        elif event.key == pygame.K_BACKSPACE:
            self.on_button("rub")
        elif event.unicode and event.unicode.isprintable() and len(self.text) < 20:
            self.text += event.unicode
        else:
            return False
        return True


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
                self.app.journal.abandon(self.app.match.id)
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
