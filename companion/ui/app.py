"""The table app: one window, one screen at a time, drawn only when something changes.

Each turn of the loop waits for an event (at most :data:`IDLE_WAIT` ms, so the
box's buttons, knocks and hourglass are read 20 times a second), applies what
came in, and redraws the screen only when it changed (a screen's ``tick`` says so) —
so an idle Pi stays cool.  While an animation runs (the pentagram's pulses and flashes,
the hourglass) the loop turns every :data:`FRAME_WAIT` ms, 30 times a second, which is
what the eye needs: the LEDs get every frame, the LCD only the frames that differ.
Every game action goes through :meth:`App.play`: checked by
the rules, committed to the journal, then shown; a refusal is a banner.
"""

from __future__ import annotations

import gc
import os
import sys
import time
from dataclasses import dataclass

from pathlib import Path
from typing import Any

import pygame

from companion import cardbook
from companion.engine.journal import Journal, JournaledMatch, JournalError, Unsaved, default_path
from companion.engine.refusal import Refused
from companion.engine.registry import load
from companion.games import entries, registry
from companion.settings import Settings
from companion.settings import load as load_settings
from companion.settings import save as save_settings
from companion.ui import theme
from companion.ui.screen import GameScreen
from companion.ui.widgets import Button, button_at, draw_button, draw_paragraph, draw_text, forget_fonts, wrap
from firmware_py.box import Box
from firmware_py.clock import Clock, SystemClock
from firmware_py.pentagram.scenes import IdleScene

IDLE_WAIT = 50  # ms between looks at the box while nothing happens
FRAME_WAIT = 33  # ms between frames while an animation runs (30 fps)
BANNER_SECONDS = 5.0
TOP_BAR = 60  # units: room for 48-unit Undo/Redo/Menu
PRESSED_SECONDS = 0.15  # a tapped button shows pressed this long


@dataclass
class Banner:
    text: str
    until: float
    bad: bool = True
    retry: dict | None = None  # an entry the journal could not keep: tapping the banner enters it again
    game_id: int | None = None  # the game that entry belongs to (the banner goes when the game does)


class App:
    def __init__(self, size: tuple[int, int] = (800, 480), *, fullscreen: bool = False, simulate: bool | None = None,
                 journal_path: Path | None = None, clock: Clock | None = None, box: Box | None = None,
                 side_panel: bool | None = None, settings_path: Path | None = None,
                 camera: Any = None) -> None:
        pygame.display.init()  # not pygame.init(): the mixer is the simulated buzzer's to open, or not
        pygame.font.init()
        self.clock = clock or SystemClock()
        self.fullscreen = fullscreen
        self.settings_path = Path(settings_path) if settings_path else None
        self.settings, settings_warning = load_settings(self.settings_path)
        # the group's card book lives beside the settings (companion/cardbook.py)
        self.cards_path = cardbook.cardbook_path(self.settings_path) if self.settings_path else None
        self.cards_seen: Any = None  # what the card book last saw of the match's cards
        self.cards_taught: dict = {}  # the cards this match added to the book (an undo takes them out)
        # the same process layout on a PC as on the Pi: the knock reader in its own process, reading
        # the (simulated) ADS1115 — the desktop's figures describe the box (docs/architecture.md)
        self.box = box or Box.open(simulate=simulate, fitted=self.settings.fitted, clock=self.clock)
        self.box_settings()
        self.side_panel = None
        if side_panel if side_panel is not None else (self.box.simulate and not fullscreen):
            from companion.ui.sidepanel import SidePanel

            self.side_panel = SidePanel(self)
        # the camera above the table, its reader in its own process (companion/vision/process.py),
        # its faults on the same warnings as the box's; ``camera`` is a CameraSpec, or None
        self.camera = None
        self.seen_meanwhile: list = []  # cards the camera saw while no game screen was up
        if camera is None and self.settings.fitted.camera:
            camera = self.camera_spec()
        if camera is not None:
            from companion.vision.process import CameraProcess

            self.camera = CameraProcess(camera, health=self.box.health, clock=self.clock)
        self.game_size = size
        self.surface = self._open_window(size, fullscreen)
        self.journal_path = Path(journal_path) if journal_path else default_path()
        self.journal: Journal | None = None
        self.match: JournaledMatch | None = None
        self.banner: Banner | None = None
        self.banner_rect: pygame.Rect | None = None
        self.bar_buttons: list[Button] = []
        self.pressed_at: tuple[pygame.Rect, float] | None = None  # the button just tapped, until when
        self.turn_began = 0.0  # when the running loop's last turn began (perf_counter)
        self.running = True
        self.dirty = True
        self.frames = 0
        self.screen = None
        if settings_warning:
            self.refuse(settings_warning)
        self.open_journal(own=journal_path is None)
        if self.banner is None and self.left_out():
            self.refuse(f"The pin map leaves out {', '.join(self.left_out())} until it is fixed: tap ⚠ to see why")

    def camera_spec(self) -> Any:
        """The fitted camera as the settings say: the box's own camera (the Pi's, else the first
        webcam) read against the taught deck — or, in the simulation, the virtual camera."""
        return make_camera_spec("virtual" if self.box.simulate else "auto", self.box.simulate, None,
                                self.settings, self.settings_path)

    def left_out(self) -> list[str]:
        """The parts the settings say are fitted but the box runs without (a damaged pin map or
        LED layout): the builder's to fix, said on the warnings screen."""
        wanted, running = self.box.requested, self.box.fitted
        names = {"pentagram": "the pentagram", "buzzer": "the buzzer", "buttons": "the buttons"}
        parts = [words for part, words in names.items() if getattr(wanted, part) and not getattr(running, part)]
        if wanted.knock != "none" and running.knock == "none":
            parts.append("the knock sensor")
        return parts

    def open_journal(self, own: bool = True) -> bool:
        """Open the journal and show the first screen: the unfinished game, else the games.
        A journal that cannot be opened (a lock, a folder, a full or read-only card, another
        program's file) gets a screen that says why and what to do, with "Try again"."""
        from companion.ui.shell import HomeScreen, ResumeScreen
        from companion.ui.trouble import JournalTroubleScreen

        self.own_journal = own
        try:
            self.journal, warning = Journal.open_or_recover(self.journal_path, registry(), own=own)
            record = self.journal.latest_unfinished()
        except JournalError as error:
            if self.journal is not None:
                self.journal.close()
                self.journal = None
            self.show(JournalTroubleScreen(self, error))
            return False
        playable = record is not None and self.has_screen(record.game)
        self.show(ResumeScreen(self, record) if playable else HomeScreen(self))
        for sentence in [warning, *self.journal.damaged]:
            if sentence:
                self.refuse(sentence)
        return True

    def _open_window(self, size: tuple[int, int], fullscreen: bool) -> pygame.Surface:
        width = size[0] + (self.side_panel.width(size) if self.side_panel else 0)
        flags = pygame.FULLSCREEN if fullscreen else 0
        if fullscreen:
            surface = pygame.display.set_mode((0, 0), flags)
            self.game_size = surface.get_size()
        else:
            surface = pygame.display.set_mode((width, size[1]), flags)
        pygame.display.set_caption("Planchette")
        if fullscreen:
            pygame.mouse.set_visible(False)  # a touch screen: no pointer
        return surface

    # -- the settings ---------------------------------------------------------------------
    def box_settings(self) -> None:
        if self.box.pentagram is not None:
            self.box.pentagram.set_brightness(self.settings.brightness)
        self.box.buzzer.volume = self.settings.volume

    def change_settings(self, settings: Settings) -> None:
        self.settings = settings
        self.box_settings()
        try:
            save_settings(settings, self.settings_path)
        except OSError as error:
            self.refuse(f"the settings could not be saved ({error.strerror}); they last until the box restarts")
        self.dirty = True

    # -- moving between screens ---------------------------------------------------------------
    def show(self, screen) -> None:
        self.screen = screen
        self.dirty = True
        if isinstance(screen, GameScreen) and self.seen_meanwhile:  # cards seen while a menu was up
            seen, self.seen_meanwhile = self.seen_meanwhile, []
            for card in seen:
                screen.on_camera(card)

    @staticmethod
    def has_screen(name: str) -> bool:
        """Whether the game is registered with a table screen (a game's log may outlive it)."""
        entry = entries().get(name)
        return entry is not None and bool(entry.screen)

    def open_match(self, match: JournaledMatch) -> None:
        self.match = match
        self.cards_seen, self.cards_taught = None, {}
        for warning in match.warnings:
            self.refuse(warning)
        self.show(load(entries()[match.game.name].screen)(self))
        self.remember_cards()  # a game resumed may know cards the book does not yet

    def new_game(self, setup: dict, meta: dict) -> str | None:
        game = registry().get(setup.get("game")) if isinstance(setup, dict) else None
        warnings: list[str] = []
        if game is not None:  # the group's cards go into the setup: the log stays self-contained
            setup, warnings = cardbook.with_book(game, setup, self.cards_path)
        try:
            match = self.journal.new_game(setup, meta)
        except Refused as refused:
            return refused.reason
        except JournalError as error:
            return str(error)
        self.open_match(match)
        if warnings:  # one banner: a second would hide the first
            self.refuse("; ".join(warnings))
        return None

    # -- the group's card book -------------------------------------------------------------------
    def remember_cards(self) -> None:
        """Write the cards the match learned into the group's card book; cheap when nothing
        changed (the games replace their card dict when they learn a card, never change it)."""
        if self.match is None or cardbook.table_cards_of(self.match.game) is None:
            return
        state = self.match.state
        cards = getattr(state, "cards", None)
        if isinstance(cards, dict) and cards is self.cards_seen:
            return
        self.cards_seen = cards if isinstance(cards, dict) else None
        try:
            warning = cardbook.remember(self.match.game, state, self.cards_path, self.cards_taught)
        except OSError as error:
            warning = f"the card book could not be saved ({error.strerror or error}); this game's log keeps its cards"
        if warning:
            self.refuse(warning)

    # -- the game's actions ------------------------------------------------------------------------
    def play(self, action: dict, by_companion: bool = False) -> bool:
        """Check, journal and show ``action``; a refusal becomes the banner.  True if accepted.
        The companion's own moves (a deal, a computer player, the sand running out) wait while
        an entry the card could not keep is on the banner: the person retries it first."""
        if self.match is None or (by_companion and self.unsaved() is not None):
            return False
        refusal = self.match.play(action)
        self.dirty = True
        if refusal is not None:
            self.refuse(refusal.reason)
            if isinstance(refusal, Unsaved):  # the rules took it, the card did not: keep it to enter again
                self.banner = Banner(f"{self.banner.text}. Tap here to try again.", float("inf"), retry=action,
                                     game_id=self.match.id)
            self.box.buzzer.play("error")
            return False
        self.banner = None
        self.remember_cards()
        return True

    def unsaved(self) -> dict | None:
        """The entry waiting on the banner to be tried again, if it belongs to the open game."""
        banner = self.banner
        if banner is None or banner.retry is None:
            return None
        return banner.retry if self.match is not None and self.match.id == banner.game_id else None

    def undo(self) -> None:
        try:
            if self.match is not None and self.match.undo() is not None:
                self.banner = Banner("Undone.", self.clock.now() + 2.0, bad=False)
                self.remember_cards()  # a card this game taught the book, undone, is forgotten
        except JournalError as error:  # nothing was undone: the journal and the screen still agree
            self.refuse(str(error))
        self.dirty = True

    def redo(self) -> None:
        try:
            if self.match is not None and self.match.redo() is not None:
                self.banner = Banner("Redone.", self.clock.now() + 2.0, bad=False)
                self.remember_cards()
        except JournalError as error:
            self.refuse(str(error))
        self.dirty = True

    def resume(self, game_id: int) -> bool:
        """Carry on with a journaled game; a journal that cannot be read or repaired is a banner."""
        try:
            match = self.journal.resume(game_id)
        except (JournalError, Refused) as error:
            self.refuse(str(error))
            return False
        except Exception as error:  # a journal damaged in a way nobody foresaw: a sentence, not a dark kiosk
            self.refuse(f"game {game_id} cannot be resumed: the journal holds something this companion cannot "
                        f"read ({type(error).__name__}); start a new game")
            return False
        self.open_match(match)
        return True

    def abandon(self, game_id: int) -> bool:
        """Set a game aside (kept in the journal, no longer offered); a failed write is a banner."""
        try:
            self.journal.abandon(game_id)
        except JournalError as error:
            self.refuse(str(error))
            return False
        return True

    def refuse(self, reason: str) -> None:
        self.banner = Banner(reason[:1].upper() + reason[1:], self.clock.now() + BANNER_SECONDS)
        self.dirty = True

    def use(self, button: Button, act) -> None:
        """A tap on ``button``: if enabled it shows pressed on the next frame and ``act()``
        runs; if disabled the banner says why.  Every tappable thing goes through here."""
        if button.enabled:
            self.pressed(button.rect)
            act()
        else:
            self.note(button.why or f"“{button.label}” cannot be used now.")

    def pressed(self, rect: pygame.Rect) -> None:
        """A button was tapped: it shows pressed on the very next frame, for a moment."""
        self.pressed_at = (pygame.Rect(rect), self.clock.now() + PRESSED_SECONDS)
        self.dirty = True

    def note(self, text: str) -> None:
        self.banner = Banner(text, self.clock.now() + BANNER_SECONDS, bad=False)
        self.dirty = True

    def export(self) -> Path | None:
        """Write the game's JSON Lines log beside the journal; the path, or None."""
        if self.match is None:
            return None
        folder = default_path().parent / "exports" if not os.environ.get("PLANCHETTE_EXPORTS") \
            else Path(os.environ["PLANCHETTE_EXPORTS"])
        target = folder / f"{self.match.game.name}-game-{self.match.id}.jsonl"
        try:
            folder.mkdir(parents=True, exist_ok=True)
            target.write_text("".join(line + "\n" for line in self.match.iter_log_text()), encoding="utf-8")
        except OSError as error:
            self.refuse(f"the log could not be written to {folder} ({error.strerror})")
            return None
        self.note(f"Log saved: {target}")
        return target

    # -- the loop ------------------------------------------------------------------------------
    def settle(self) -> None:
        """After start-up: the first frame, then what start-up made (modules, fonts, the
        screens) is frozen out of the garbage collector, so the full collections of a long
        evening scan only what the evening makes."""
        self.step()
        gc.collect()
        gc.freeze()

    def run(self) -> int:
        self.settle()
        while self.running:
            self.turn()
        self.close()
        return 0

    def turn(self) -> None:
        """One paced turn of the running loop: 30 a second while something animates, 20
        otherwise — the wait counts from the last turn's start, so the work of a turn does not
        slow the rate."""
        period = FRAME_WAIT if self.animating() else IDLE_WAIT
        now = time.perf_counter()
        wait = max(0.0, period / 1000 - (now - self.turn_began))
        self.turn_began = now + wait
        self.step(round(wait * 1000))

    def animating(self) -> bool:
        return bool(self.screen.animating() or (self.side_panel and self.side_panel.animating())
                    or self.pressed_at is not None)

    def step(self, wait_ms: int = 0) -> None:
        """One turn of the loop: events, the box, time, and a frame if one is needed."""
        if wait_ms and not pygame.event.peek():
            # sleep rather than pygame.event.wait: SDL's wait polls every millisecond on
            # some video drivers, which alone would keep an idle Pi busy; the box wakes us
            # early when the knock reader has an answer
            self.box.idle(wait_ms / 1000)
        events = pygame.event.get()
        for event in events:
            self.handle(event)
        update = self.box.update()
        for answer in update.answers:
            self.answer(answer.name)
        if self.camera is not None:
            for seen in self.camera.poll():
                if self.screen.on_camera(seen):
                    self.dirty = True
                elif not isinstance(self.screen, GameScreen) and hasattr(seen, "candidates"):
                    # a menu, the settings, the warnings: the game takes the card when it is back
                    self.seen_meanwhile = (self.seen_meanwhile + [seen])[-8:]
            if self.camera.captured:  # the picture the user asked to keep: where it went
                self.note(self.camera.captured[:1].upper() + self.camera.captured[1:] + ".")
                self.camera.captured = None
        if any(event.kind != "tick" for event in update.hourglass):
            self.dirty = True  # a warning or the end; a tick shows in the screen's own animation
        now = self.clock.now()
        if self.screen.tick(now):
            self.dirty = True
        if self.banner is not None and self.banner.retry is not None and self.unsaved() is None:
            self.banner = None  # its game has ended or changed: the entry is not this game's
            self.dirty = True
        if self.banner is not None and now >= self.banner.until and self.banner.retry is None:
            self.banner = None
            self.dirty = True
        if self.side_panel is not None and self.side_panel.tick(now):
            self.dirty = True
        if self.pressed_at is not None and now >= self.pressed_at[1]:
            self.pressed_at = None  # the pressed look goes: one more frame
            self.dirty = True
        if self.dirty:
            self.draw()
        elif self.animating():
            self.draw_animation()
        self.box.show(self.screen.pentagram_scene() or IdleScene())

    def answer(self, name: str) -> None:
        """Yes, no or undo from a button, a key standing for one, or a knock."""
        if name == "undo":
            self.undo()
        elif not self.screen.on_answer(name):
            self.note(f"{name.capitalize()} heard; nothing is asked now.")
        self.dirty = True

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.running = False
        elif event.type == pygame.VIDEORESIZE or event.type == pygame.WINDOWEXPOSED:
            self.dirty = True
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.tap(event.pos)
        elif event.type == pygame.FINGERDOWN:
            width, height = self.surface.get_size()
            self.tap((int(event.x * width), int(event.y * height)))
        elif event.type == pygame.KEYDOWN:
            self.key(event)

    def tap(self, pos: tuple[int, int]) -> None:
        if self.side_panel is not None and self.side_panel.tap(pos):
            self.dirty = True
            return
        if self.unsaved() is not None and self.banner_rect is not None and self.banner_rect.collidepoint(pos):
            self.play(self.unsaved())
            return
        button = button_at(self.bar_buttons, pos)
        if button is not None:
            self.use(button, lambda: self.bar_action(button.action))
            return
        if self.screen.tap(pos):
            self.dirty = True

    def key(self, event: pygame.event.Event) -> None:
        if self.side_panel is not None and self.side_panel.key(event):
            self.dirty = True
            return
        ctrl = event.mod & pygame.KMOD_CTRL
        if ctrl and event.key == pygame.K_z:
            self.undo()
        elif ctrl and event.key == pygame.K_y:
            self.redo()
        elif self.screen.on_key(event):  # the screen first: Escape cancels a keyboard
            self.dirty = True
        elif event.key == pygame.K_ESCAPE and self.match is not None:
            from companion.ui.shell import MenuScreen

            self.show(MenuScreen(self, self.screen))

    # -- drawing -------------------------------------------------------------------------------------
    @property
    def game_rect(self) -> pygame.Rect:
        return pygame.Rect((0, 0), self.game_size)

    def draw(self) -> None:
        scale = theme.Scale(self.game_size)
        self.surface.fill(theme.BACKGROUND)
        bar = pygame.Rect(0, 0, self.game_size[0], scale(TOP_BAR))
        banner = self.banner_box(scale)
        bottom = banner.top - scale(4) if banner is not None else self.game_size[1]
        body = pygame.Rect(0, bar.bottom, self.game_size[0], bottom - bar.bottom)  # above the banner: it never covers
        self.screen.draw(self.surface, body)
        self.draw_bar(bar, scale)
        self.draw_pressed()
        if self.banner is not None:
            self.draw_banner(scale)
        if self.side_panel is not None:
            self.side_panel.draw(self.surface, self.side_panel_rect)
        pygame.display.flip()
        self.dirty = False
        self.frames += 1

    @property
    def side_panel_rect(self) -> pygame.Rect:
        """The desktop's simulated box, right of the game's screen."""
        return pygame.Rect(self.game_size[0], 0, self.surface.get_width() - self.game_size[0], self.game_size[1])

    def draw_animation(self) -> None:
        """One frame of the screen's own animation: only the rectangle that moves is drawn
        and shown (a whole 800×480 redraw 30 times a second would take most of a Pi 4)."""
        rects = [self.screen.redraw_animation(self.surface)] if self.screen.animating() else []
        if self.side_panel is not None and self.side_panel.animating():  # the simulated box's LEDs and hourglass
            rects.append(self.side_panel_rect)
            self.side_panel.draw(self.surface, self.side_panel_rect)
        rects = [r for r in rects if r is not None]
        if rects:
            pygame.display.update(rects)
            self.frames += 1

    def draw_pressed(self) -> None:
        """The button just tapped, drawn pressed over itself while it is still on the screen."""
        if self.pressed_at is None:
            return
        rect, _ = self.pressed_at
        for button in list(self.screen.buttons) + self.bar_buttons:
            if button.rect == rect and button.enabled:
                draw_button(self.surface, button, theme.Scale(self.game_size)(theme.LABEL), pressed=True)
                return

    def draw_bar(self, bar: pygame.Rect, scale: theme.Scale) -> None:
        pygame.draw.rect(self.surface, theme.PANEL, bar)
        gap = scale(theme.TARGET_GAP)
        size = scale(theme.LABEL)
        width = scale(96)
        self.bar_buttons = []
        x = bar.right - gap
        specs = []
        if self.match is not None:
            specs = [("Menu", "menu", True), ("Redo", "redo", self.match.match.can_redo()),
                     ("Undo", "undo", self.match.match.can_undo())]
        warnings = self.box.warnings()
        if warnings:
            specs.append((f"⚠ {len(warnings)}", "warnings", True))
        for label, action, enabled in specs:
            rect = pygame.Rect(x - width, bar.top + scale(6), width, bar.height - scale(12))
            button = Button(rect, label, action, enabled, colour=theme.BAD if action == "warnings" else None,
                            why=f"Nothing to {label.lower()}." if action in ("undo", "redo") else "")
            draw_button(self.surface, button, size)
            self.bar_buttons.append(button)
            x -= width + gap
        title = self.screen.title or "Planchette"
        draw_text(self.surface, title, pygame.Rect(bar.left + scale(12), bar.top, x - bar.left - scale(16), bar.height),
                  scale(theme.HEADING), theme.INK, bold=True)

    def bar_action(self, action: str) -> None:
        from companion.ui.shell import MenuScreen, WarningsScreen

        if action == "undo":
            self.undo()
        elif action == "redo":
            self.redo()
        elif action == "menu":
            self.show(MenuScreen(self, self.screen))
        elif action == "warnings":
            self.show(WarningsScreen(self, self.screen))

    def banner_lines(self, scale: theme.Scale) -> int:
        size = scale(theme.BODY)
        return min(3, max(1, len(wrap(self.banner.text, size, self.game_size[0] - scale(40), bold=True))))

    def banner_box(self, scale: theme.Scale) -> pygame.Rect | None:
        """Where the banner goes (None without one): across the bottom, as many lines (up to
        three) as its sentence needs.  The screen is laid out above it."""
        if self.banner is None:
            return None
        height = scale(16) + self.banner_lines(scale) * int(scale(theme.BODY) * 1.25)
        return pygame.Rect(scale(10), self.game_size[1] - height - scale(8), self.game_size[0] - scale(20), height)

    def draw_banner(self, scale: theme.Scale) -> None:
        size = scale(theme.BODY)
        lines = self.banner_lines(scale)
        rect = self.banner_box(scale)
        pygame.draw.rect(self.surface, theme.BAD if self.banner.bad else theme.PANEL_LIGHT, rect,
                         border_radius=scale(8))
        self.banner_rect = rect
        ink = theme.ink_on(theme.BAD if self.banner.bad else theme.PANEL_LIGHT)
        inner = rect.inflate(-scale(20), -scale(16))
        if lines == 1:
            draw_text(self.surface, self.banner.text, inner, size, ink, bold=True)
        else:
            draw_paragraph(self.surface, self.banner.text, inner, size, ink, lines, bold=True)

    def close(self) -> None:
        if self.camera is not None:
            self.camera.close()
        self.box.close()
        if self.journal is not None:
            self.journal.close()
        forget_fonts()  # fonts die with pygame.font.quit(); a later App must not reuse them
        pygame.font.quit()
        pygame.display.quit()  # what the app opened (the mixer is the simulated buzzer's)


class ScreenUnavailable(Exception):
    """There is no screen to draw on; the message says what to do instead."""


HEADLESS_DRIVERS = ("offscreen", "dummy")


NO_SCREEN = ("there is no screen here (no desktop display, and the console's screen cannot be opened); "
             "play in the terminal with `companion --text` (`make run ARGS=--text`), "
             "see every screen as pictures with `make shots`, "
             "or run it on a virtual display: `xvfb-run make run`")


def check_display() -> None:
    """Refuse to run on SDL's invisible fallback unless it was asked for by name: without a
    display SDL quietly draws to an offscreen window, and the app would wait there forever.
    With no desktop (a Pi's console, ssh), only the console's own screen (kmsdrm) is tried."""
    asked = os.environ.get("SDL_VIDEODRIVER", "")
    desktop = os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")
    if not asked and not desktop and sys.platform.startswith("linux"):
        os.environ["SDL_VIDEODRIVER"] = asked = "kmsdrm"
        try:
            pygame.display.init()
        except pygame.error:
            del os.environ["SDL_VIDEODRIVER"]
            raise ScreenUnavailable(NO_SCREEN) from None
    try:
        pygame.display.init()
    except pygame.error as error:
        raise ScreenUnavailable(f"the screen cannot be opened ({error}); try `companion --text`, "
                                "or set SDL_VIDEODRIVER (kmsdrm on the Pi, x11 or wayland on a desktop)") from None
    if pygame.display.get_driver() in HEADLESS_DRIVERS and asked != pygame.display.get_driver():
        pygame.display.quit()
        raise ScreenUnavailable(NO_SCREEN)


def run_app(args: Any) -> int:
    """``companion`` (``make run``): the screen."""
    from firmware_py.gpio import is_raspberry_pi

    size = tuple(args.size) if getattr(args, "size", None) else (800, 480)
    fullscreen = args.fullscreen or (is_raspberry_pi() and not args.windowed and not args.sim)
    check_display()
    camera = camera_spec(args)
    try:
        app = App(size, fullscreen=fullscreen, simulate=True if args.sim else None,
                  journal_path=Path(args.journal) if args.journal else None, camera=camera)
    except pygame.error as error:
        raise ScreenUnavailable(f"the screen cannot be opened ({error}); try `companion --text`, "
                                "or set SDL_VIDEODRIVER (kmsdrm on the Pi, x11 or wayland on a desktop)") from None
    return app.run()


def camera_spec(args: Any) -> Any:
    """What the camera reader's process opens for ``--camera SOURCE`` (and ``--deck DIR``),
    or None.  The camera's faults are warnings on the screen, never a stop: taps still work."""
    source = getattr(args, "camera", None)
    if not source:
        return None
    deck = getattr(args, "deck", None)
    return make_camera_spec(source, True if getattr(args, "sim", False) else None,
                            str(Path(deck).expanduser()) if deck else None, load_settings(None)[0], None)


def make_camera_spec(source: str, simulate: bool | None, deck: str | None, settings: Any,
                     settings_file: Path | None) -> Any:
    """The camera's process for ``source``: read against ``deck``, else the deck the settings
    name (beside the settings file by default); the virtual camera brings its own deck, kept
    beside the settings too."""
    import functools

    from companion.settings import deck_folder, settings_path
    from companion.vision.process import CameraSpec
    from firmware_py.factory import choose

    virtual = source.startswith("virtual")
    return CameraSpec(source=source, deck=deck or (None if virtual else str(deck_folder(settings, settings_file))),
                      factory=functools.partial(choose, True if virtual else simulate),
                      virtual_decks=str((settings_file or settings_path()).with_name("virtual-decks")))
