"""Frame pacing (issue #14): while the pentagram animates, the LCD is not redrawn whole 30
times a second — a Séance Party battle pulse redraws only the star, a Clairvoyance damage
flash only the LEDs, Mysterium's sand only the hourglass when its seconds change — and the loop
turns at 30 frames a second, no faster."""

from __future__ import annotations

import pygame
import pytest

from companion.ui.app import FRAME_WAIT
from companion.ui.shots import rendered


def run_for(app, seconds: float, poke=None) -> tuple[int, int]:
    """(whole redraws, frames shown) over ``seconds`` of the app's clock, a frame at a time."""
    whole = []
    draw = app.draw

    def counted() -> None:
        whole.append(1)
        draw()

    app.draw = counted
    first = app.frames
    steps = int(seconds * 1000 / FRAME_WAIT)
    for _ in range(steps):
        if poke:
            poke(app)
        app.clock.advance(FRAME_WAIT / 1000)
        app.step()
    app.draw = draw
    return len(whole), app.frames - first


def test_the_loop_turns_at_30_frames_a_second_while_animating():
    assert FRAME_WAIT == 33


def test_a_seance_battle_pulse_redraws_only_the_star():
    for _, _, app in rendered(((800, 480),), only="seance-battle"):
        app.screen.battle_at = app.clock.now()
        whole, frames = run_for(app, 2.0)
        assert whole <= 1 and frames >= 55, (whole, frames)
        app.clock.advance(5.0)  # the pulse is over: one whole frame settles the star
        whole, _ = run_for(app, 0.5)
        assert whole == 1


@pytest.mark.parametrize("name", ["clairvoyance-throw"])
def test_a_damage_flash_is_the_pentagrams_alone(name):
    for _, _, app in rendered(((800, 480),), only=name):
        app.screen.hit_at = app.clock.now()
        assert app.screen.animating()
        whole, _ = run_for(app, 1.5)
        assert whole == 0


def test_the_sand_redraws_only_the_hourglass_once_a_second():
    for _, _, app in rendered(((800, 480),), only="mysterium-sand"):
        shown = []
        update = pygame.display.update
        pygame.display.update = lambda rects=None: shown.append(rects)
        try:
            whole, _ = run_for(app, 5.0)
        finally:
            pygame.display.update = update
        assert app.box.hourglass.running
        assert whole == 0, whole  # the board is not drawn again while the sand runs
        glass = app.screen.glass_rect
        assert 4 <= len(shown) <= 6 and all(rects == [glass] for rects in shown), shown


class Knocks:
    """A knock reader whose pipe has news after ``after`` s (``readable`` as KnockProcess's)."""

    def __init__(self, news: bool) -> None:
        self.news = news
        self.asked: list[float] = []

    def readable(self, timeout: float) -> bool:
        self.asked.append(timeout)
        return self.news


def test_the_loop_wakes_at_once_when_the_knock_reader_has_an_answer(monkeypatch):
    """An answer is taken in the turn it arrives in: the box's wait ends on the reader's news
    and sleeps no longer; without news it waits the whole turn."""
    import time

    from firmware_py.box import Box

    slept: list[float] = []
    monkeypatch.setattr(time, "sleep", lambda seconds: slept.append(seconds))
    box = Box.__new__(Box)
    box.knock = Knocks(news=True)
    box.idle(0.033)
    assert box.knock.asked == [0.033] and slept == []
    box.knock = Knocks(news=False)
    box.idle(0.05)
    assert len(slept) == 1 and 0 < slept[0] <= 0.05
