"""The one tap path (docs/screens.md): a tap shows at once — the button drawn pressed on the
very next frame — and a tap on a disabled button says why it is disabled instead of doing
nothing silently; the top bar's Undo, Redo and Menu are 48-unit targets like any other."""

from __future__ import annotations

import pygame
import pytest

from companion.ui import theme
from companion.ui.screen import Screen
from companion.ui.widgets import Button, button_at, button_colours
from tests.ui_driver import find, make_app, tap


@pytest.fixture
def app(tmp_path):
    app = make_app(tmp_path)
    yield app
    app.close()


def press(app, pos) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    app.step()


def test_a_disabled_button_says_why_when_tapped(app):
    tap(app, ("game", "esp"))
    tap(app, "start")
    redo = find(app, "redo")
    assert not redo.enabled
    press(app, redo.rect.center)
    assert app.banner is not None and app.banner.text == "Nothing to redo."
    assert not app.banner.bad  # a note, not a refusal


def test_a_screens_disabled_button_says_its_own_why(app):
    screen = app.screen
    screen.buttons = [Button(pygame.Rect(100, 100, 120, 60), "Play a card", "play", enabled=False,
                             why="Ann cannot play a card: round 1, everyone passes until all have started a turn")]
    assert screen.tap((150, 120)) is True
    assert app.banner.text.startswith("Ann cannot play a card: round 1")


class OneButton(Screen):
    """A screen with one plain button, counting its taps."""

    def __init__(self, app) -> None:
        super().__init__(app)
        self.taps = 0

    def draw_body(self, surface, area) -> None:
        self.add_button(surface, Button(pygame.Rect(100, 150, 200, 80), "Go", "go"))

    def on_button(self, action) -> None:
        self.taps += 1


def test_a_tap_shows_pressed_on_the_next_frame(app):
    screen = OneButton(app)
    app.show(screen)
    app.step()
    (go,) = screen.buttons
    pressed_fill, _, _, _ = button_colours(go, pressed=True)
    normal_fill, _, _, _ = button_colours(go)
    press(app, go.rect.center)
    assert screen.taps == 1
    assert tuple(app.surface.get_at(go.rect.move(8, 0).midleft))[:3] == pressed_fill
    app.clock.advance(1.0)
    app.step()
    assert app.pressed_at is None
    assert tuple(app.surface.get_at(go.rect.move(8, 0).midleft))[:3] == normal_fill


def test_the_four_looks_differ():
    button = Button(pygame.Rect(0, 0, 60, 60), "Yes", "yes")
    looks = {button_colours(button), button_colours(button, pressed=True),
             button_colours(Button(button.rect, "Yes", "yes", enabled=False)),
             button_colours(Button(button.rect, "Yes", "yes", selected=True))}
    assert len(looks) == 4
    for fill, ink, _, _ in looks:
        assert theme.contrast(fill, ink) >= theme.MIN_CONTRAST


def test_the_last_drawn_button_is_the_one_tapped():
    under = Button(pygame.Rect(0, 0, 100, 100), "under", "a")
    over = Button(pygame.Rect(50, 50, 100, 100), "over", "b")
    assert button_at([under, over], (60, 60)) is over
    assert button_at([under, over], (10, 10)) is under
    assert button_at([under, over], (300, 300)) is None


def test_undo_redo_and_menu_are_finger_sized(app):
    tap(app, ("game", "esp"))
    tap(app, "start")
    smallest = theme.Scale(app.game_size)(theme.TARGET)
    for button in app.bar_buttons:
        assert button.rect.width >= smallest and button.rect.height >= smallest, button


def test_a_games_lists_open_on_their_first_page_for_each_new_entry(app):
    """A long list's page belongs to the entry in progress: the next entry starts on page 1."""
    from companion.games.esp import ESP
    from tests.ui_driver import open_match

    open_match(app, ESP, {"game": "esp", "players": ["Ann", "Bo"]})
    app.step()  # drawn once: the screen knows its scale
    screen = app.screen
    surface = pygame.Surface((800, 480))
    choices = [(f"choice {k}", ("pick", k)) for k in range(10)]
    screen.add_choices(surface, pygame.Rect(0, 0, 400, 200), choices, 2, 2, page_key="long")
    assert screen.turn_page(("long", 2)) and screen.page_book()["long"] == 2
    app.play({"act": "predict", "seat": 0, "claim": "star"})
    assert "long" not in screen.page_book()  # a new entry: back to the first page
    screen.buttons = []
    screen.add_choices(surface, pygame.Rect(0, 0, 400, 200), [Button(None, "whole", ("w", 1), False, why="no")] +
                       choices, 2, 2, page_key="long")
    first = screen.buttons[0]
    assert first.label == "whole" and not first.enabled and first.why == "no" and first.rect.width > 0
