"""The desktop simulation's side panel: the virtual pentagram, the yes/no/undo
buttons, a knock pad (click it, or press the space bar), the buzzer and the
hourglass — the box's hardware for someone at a laptop.  Keys: Y, N, U for the
buttons, space to knock."""

from __future__ import annotations

import pygame

from companion.ui import theme
from companion.ui.widgets import Button, button_at, columns, draw_button, draw_text, rows
from sim.pixels import PixelPanel

KEYS = {pygame.K_y: "yes", pygame.K_n: "no", pygame.K_u: "undo"}
FLASH = 0.25  # seconds a pressed button or a knock stays lit


class SidePanel:
    def __init__(self, app) -> None:
        self.app = app
        self.buttons: list[Button] = []
        self.flash: dict[str, float] = {}
        self.pixels = None

    @staticmethod
    def width(size: tuple[int, int]) -> int:
        return round(size[1] * 0.48)

    # -- input --------------------------------------------------------------------------------
    def key(self, event) -> bool:
        if event.key == pygame.K_SPACE:
            self.knock()
            return True
        name = KEYS.get(event.key)
        if name is not None and not (event.mod & pygame.KMOD_CTRL) and self.app.screen.__class__.__name__ != "KeyboardScreen":
            self.press(name)
            return True
        return False

    def tap(self, pos) -> bool:
        button = button_at(self.buttons, pos)
        if button is None:
            return False
        self.app.use(button, lambda: self.knock() if button.action == "knock" else self.press(button.action))
        return True

    def press(self, name: str) -> None:
        self.app.box.press(name)
        self.flash[name] = self.app.clock.now() + FLASH

    def knock(self) -> None:
        if self.app.box.knock_now():
            self.flash["knock"] = self.app.clock.now() + FLASH
        else:
            self.app.note("The knock sensor is left out: the pin map is wrong there (see ⚠)."
                          if "the knock sensor" in self.app.left_out()
                          else "No simulated knock sensor is fitted (see Settings).")

    # -- time and drawing -------------------------------------------------------------------------
    def tick(self, now: float) -> bool:
        expired = [k for k, until in self.flash.items() if now >= until]
        for k in expired:
            del self.flash[k]
        return bool(expired)  # while it animates the app draws the panel alone (App.draw_animation)

    def animating(self) -> bool:
        box = self.app.box
        return bool(self.flash) or box.hourglass.running or box.buzzer.playing is not None

    def draw(self, surface, area: pygame.Rect) -> None:
        s = lambda units: max(1, round(units * area.height / 480))  # noqa: E731
        pygame.draw.rect(surface, theme.PANEL, area)
        inner = area.inflate(-s(12), -s(12))
        title, star, hourglass, buzzer, pad, keys = rows(inner, [0.6, 4.2, 0.6, 0.6, 1.3, 1.1], s(6))
        draw_text(surface, "Keys: Y, N, U, space", title, s(theme.FLOOR), theme.MUTED, bold=True)
        pentagram = self.app.box.pentagram
        if pentagram is not None:
            if self.pixels is None:
                self.pixels = PixelPanel(pentagram.layout)
            self.pixels.draw(surface, star, pentagram.backend.pixels if hasattr(pentagram.backend, "pixels")
                             else [(0, 0, 0)] * pentagram.count)
        else:
            words = "pentagram left out (see ⚠)" if "the pentagram" in self.app.left_out() else "no pentagram fitted"
            draw_text(surface, words, star, s(theme.FLOOR), theme.MUTED, "centre")
        glass = self.app.box.hourglass
        if glass.running or glass.paused:
            left = glass.remaining()
            text = f"hourglass {int(left // 60)}:{int(left % 60):02d}" + (" (paused)" if glass.paused else "")
        else:
            text = "hourglass idle"
        draw_text(surface, text, hourglass, s(theme.FLOOR), theme.INK)
        playing = self.app.box.buzzer.now_playing()
        draw_text(surface, f"buzzer ♪ {playing[0]}" if playing else "buzzer silent", buzzer, s(theme.FLOOR),
                  theme.GOLD if playing else theme.MUTED)
        self.buttons = []
        knock = Button(pad, "Knock", "knock", selected="knock" in self.flash)
        draw_button(surface, knock, s(15))
        self.buttons.append(knock)
        for cell, (name, label) in zip(columns(keys, [1, 1, 1], s(6)),
                                       (("yes", "Yes"), ("no", "No"), ("undo", "Undo"))):
            button = Button(cell, label, name, selected=name in self.flash)
            draw_button(surface, button, s(13))
            self.buttons.append(button)
