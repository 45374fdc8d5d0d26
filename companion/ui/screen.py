"""What every screen of the app is: it draws itself (recording its buttons) and
answers taps, keys and the box's yes/no/undo."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from companion.ui import theme
from companion.ui.widgets import Button, draw_button

if TYPE_CHECKING:  # pragma: no cover
    from companion.ui.app import App


class Screen:
    """A full screen of the app.  Subclasses fill :meth:`draw_body` and :meth:`on_button`."""

    title = ""

    def __init__(self, app: "App") -> None:
        self.app = app
        self.buttons: list[Button] = []

    # -- drawing ------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        self.buttons = []
        self.scale = theme.Scale(surface.get_size())
        self.draw_body(surface, area)

    def draw_body(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        raise NotImplementedError

    def add_button(self, surface: pygame.Surface, button: Button, size: int | None = None) -> Button:
        draw_button(surface, button, size or self.scale(16))
        self.buttons.append(button)
        return button

    # -- input ----------------------------------------------------------------------------
    def tap(self, pos: tuple[int, int]) -> bool:
        for button in reversed(self.buttons):
            if button.hit(pos):
                self.on_button(button.action)
                return True
        return False

    def on_button(self, action: Any) -> None:
        """A button of this screen was tapped."""

    def on_key(self, event: pygame.event.Event) -> bool:
        """A key was pressed; True if this screen used it."""
        for button in self.buttons:
            if button.enabled and button.key and event.unicode and event.unicode.lower() == button.key.lower():
                self.on_button(button.action)
                return True
        return False

    def on_answer(self, name: str) -> bool:
        """Yes or no from a button or a knock (undo is the app's); True if used."""
        return False

    def tick(self, now: float) -> bool:
        """Time passed; True if the screen must be drawn again (an animation runs)."""
        return False

    def animating(self) -> bool:
        return False

    def pentagram_scene(self):
        """What the pentagram shows while this screen is up (None: the idle scene)."""
        return None


class SubScreen(Screen):
    """A screen opened from another, which its Back returns to."""

    def __init__(self, app: "App", back: Screen) -> None:
        super().__init__(app)
        self.back = back

    def go_back(self) -> None:
        self.app.show(self.back)


class GameScreen(Screen):
    """A game's own screen: the match in play, and its legal actions to build entries from."""

    @property
    def state(self):
        return self.app.match.state

    @property
    def game(self):
        return self.app.match.game

    def legal(self, act: str, **fields) -> list[dict]:
        """The legal actions of kind ``act`` whose fields match ``fields``."""
        return [a for a in self.game.legal(self.state) if a["act"] == act
                and all(a.get(k) == v for k, v in fields.items())]
