"""Driving the app headless with synthesized pygame events, as a finger would."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from companion.ui.app import App  # noqa: E402
from firmware_py.box import Box  # noqa: E402
from firmware_py.clock import ManualClock  # noqa: E402


def make_app(tmp_path, size=(800, 480), side_panel=False, clock=None, journal=None) -> App:
    clock = clock or ManualClock(1000.0)
    box = Box.open(simulate=True, clock=clock, direct_sim=True)
    return App(size, clock=clock, box=box, journal_path=journal or tmp_path / "journal.sqlite3",
               side_panel=side_panel, settings_path=tmp_path / "settings.json")


def buttons(app: App):
    app.step()
    return list(app.bar_buttons) + list(app.screen.buttons) + (app.side_panel.buttons if app.side_panel else [])


def find(app: App, want):
    """The button whose label or action is ``want`` (raises if none, or if disabled)."""
    for button in buttons(app):
        if want in (button.label, button.action):
            return button
    labels = [(b.label, b.action) for b in buttons(app)]
    raise LookupError(f"no button {want!r} on {type(app.screen).__name__}: {labels}")


def tap(app: App, want) -> None:
    button = find(app, want)
    assert button.enabled, f"{want!r} is greyed out on {type(app.screen).__name__}"
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=button.rect.center, button=1))
    app.step()


def key(app: App, char: str, keycode: int | None = None, mod: int = 0) -> None:
    code = keycode if keycode is not None else (ord(char) if char else 0)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, unicode=char, mod=mod, scancode=0))
    app.step()


def advance(app: App, seconds: float, step: float = 0.05) -> None:
    end = app.clock.now() + seconds
    while app.clock.now() < end:
        app.clock.advance(step)
        app.step()


def shot(app: App, path) -> None:
    app.dirty = True
    app.step()
    pygame.image.save(app.surface, str(path))


def type_on_screen(app: App, text: str, done: bool = True) -> None:
    """Tap ``text`` out on the on-screen keyboard (letters by their capital key, turning to
    the accents' page for a letter not on this one), then Done."""
    for char in text:
        want = ("key", char.upper() if len(char.upper()) == 1 else char)  # ß has no one-letter capital
        if not any(button.action == want for button in buttons(app)):
            tap(app, "page")
        tap(app, want)
    if done:
        tap(app, "done")


def open_match(app: App, game, setup: dict, actions=()) -> None:
    """Open a game already played up to ``actions`` (journaled as an import), as after a resume."""
    from companion.engine.match import Match

    match = Match.start(game, setup)
    for action in actions:
        assert match.play(action) is None, action
    app.open_match(app.journal.import_match(match, {}))
