"""What every screen of the app is: it draws itself (recording its buttons) and
answers taps, keys and the box's yes/no/undo."""

from __future__ import annotations

from dataclasses import replace

import random
from typing import TYPE_CHECKING, Any

import pygame

from companion.ui import theme
from companion.ui.widgets import Button, button_at, draw_button, grid

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
        draw_button(surface, button, size or self.scale(theme.LABEL))
        self.buttons.append(button)
        return button

    # -- input ----------------------------------------------------------------------------
    def tap(self, pos: tuple[int, int]) -> bool:
        """A tap: the button under it acts (and shows pressed on the next frame); a disabled
        one says why it cannot be used, so a tap never silently does nothing."""
        button = button_at(self.buttons, pos)
        if button is None:
            return False
        self.app.use(button, lambda: self.on_button(button.action))
        return True

    def add_choices(self, surface: pygame.Surface, area: pygame.Rect, choices: list[tuple],
                    cols: int, rows: int, size: int | None = None, page_key: str = "page",
                    gap: int | None = None) -> None:
        """``choices`` — (label, action), (label, action, face, selected) for a button that
        draws its own face, or a whole :class:`Button` (its place is the cell's) — as a grid of
        ``cols × rows`` buttons; when they do not fit, the last cell pages on ("More ▸", the
        action ``(page_key, n)``), so a long list (every card a hand may hold) is never cut off.
        The page lives in :meth:`page_book`, and is forgotten when the list gets shorter than it."""
        pages = self.page_book()
        cells = grid(area, cols, rows, self.scale(theme.TARGET_GAP) if gap is None else gap)
        room = len(cells)
        page = pages.get(page_key, 0)
        if len(choices) <= room:
            page, shown = 0, list(choices)
        else:
            per = room - 1
            count = -(-len(choices) // per)
            page = page % count
            shown = list(choices[page * per:(page + 1) * per]) + [(f"More ▸ ({page + 1}/{count})", (page_key, page + 1))]
        pages[page_key] = page
        for cell, choice in zip(cells, shown):
            if isinstance(choice, Button):
                button = replace(choice, rect=cell)
            else:
                label, action, *rest = choice
                face, selected = (rest + [None, False])[:2]
                button = Button(cell, label, action, selected=bool(selected), draw_face=face)
            self.add_button(surface, button, size or self.scale(theme.LABEL))

    def page_book(self) -> dict:
        """Which page each paged list shows (``add_choices``), by its key."""
        return self.__dict__.setdefault("pages", {})

    def turn_page(self, action: Any) -> bool:
        """A "More ▸" of :meth:`add_choices` was tapped: True if ``action`` was one."""
        pages = self.page_book()
        if isinstance(action, tuple) and len(action) == 2 and action[0] in pages and isinstance(action[1], int):
            pages[action[0]] = action[1]
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

    def on_camera(self, seen) -> bool:
        """A card the camera saw settle or go (``companion.vision.tracker.Landed``/``Gone``);
        True if the screen changed.  Only games whose cards the camera reads take it."""
        return False

    def on_answer(self, name: str) -> bool:
        """Yes or no from a button or a knock (undo is the app's); True if used."""
        return False

    def tick(self, now: float) -> bool:
        """Time passed; True if the screen must be drawn again (an animation runs)."""
        return False

    def animating(self) -> bool:
        """The loop turns at the frame rate (the pentagram's animations, the hourglass)."""
        return False

    def redraw_animation(self, surface: pygame.Surface) -> pygame.Rect | None:
        """While :meth:`animating`, draw only the part of the screen that moves and return it
        (the app shows just that rectangle); None: nothing on this screen moves.  The rest of
        the screen is drawn again only when :meth:`tick` says it changed."""
        return None

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

    @property
    def view(self) -> dict:
        """What the shared screen may show: the game's view for the table (``seat=None``),
        worked out once per state.  A screen draws from this, never from :attr:`state`."""
        return self.seat_view(None)

    def seat_view(self, seat: int | None) -> dict:
        """What ``seat`` alone may see (a hand passed to its player), once per state and seat."""
        state = self.state
        cached = self.__dict__.get("_views")
        if cached is None or cached[0] is not state:
            cached = self._views = (state, {})
        views = cached[1]
        if seat not in views:
            views[seat] = self.game.view(state, seat)
        return views[seat]

    # -- the companion's own moves ---------------------------------------------------------------
    BOT_DELAY = 0.7  # seconds a computer player "thinks", so the table can follow

    def computer_move(self) -> dict | None:
        """What a computer-played seat does now (the game's ``Entry.bot`` for the seats chosen at
        set-up), worked out once per state; None when no computer seat has anything to do."""
        state = self.state
        cached = self.__dict__.get("_computer")
        if cached is None or cached[0] is not state:
            cached = self._computer = (state, self._work_out_computer_move())
        return cached[1]

    def _work_out_computer_move(self) -> dict | None:
        from companion.games import entries

        seats = tuple(self.app.match.meta.get("computer", ()))
        bot = entries()[self.game.name].bot
        if not seats or bot is None or self.game.is_over(self.state):
            return None
        match = self.app.match.match
        rng = random.Random(f"{match.setup.get('seed')}:bot:{len(match.actions)}")
        return bot(self.game, self.state, seats, rng)

    def chance_move(self) -> dict | None:
        """The deal or roll the companion makes itself when it deals here (``Entry.deals_here``),
        once per state; None at a table that deals its own cards."""
        state = self.state
        cached = self.__dict__.get("_chance")
        if cached is None or cached[0] is not state:
            from companion.games import entries

            match = self.app.match
            here = entries()[self.game.name].deals_here(match.match.setup, match.meta)
            cached = self._chance = (state, self.game.chance(state) if here and not self.game.is_over(state) else None)
        return cached[1]

    def play_chance(self) -> bool:
        """Make the companion's own chance move, if there is one; True if played."""
        move = self.chance_move()
        return move is not None and self.app.play(move, by_companion=True)

    def play_computer(self, now: float) -> bool:
        """Play the computer's move once it has "thought" for :attr:`BOT_DELAY`; True if played."""
        move = self.computer_move()
        if move is None:
            self.__dict__.pop("_thinking_since", None)
            return False
        since = self.__dict__.setdefault("_thinking_since", now)
        if now - since < self.BOT_DELAY:
            return False
        self.__dict__.pop("_thinking_since", None)
        return self.app.play(move, by_companion=True)

    def legal(self, act: str, **fields) -> list[dict]:
        """The legal actions of kind ``act`` whose fields match ``fields``."""
        return [a for a in self.all_legal() if a["act"] == act
                and all(a.get(k) == v for k, v in fields.items())]

    def all_legal(self) -> list[dict]:
        """The rules' legal actions now, worked out once per state (a screen asks many times
        a frame, and some games' lists are long)."""
        state = self.state
        cached = self.__dict__.get("_legal")
        if cached is None or cached[0] is not state:
            cached = self._legal = (state, self.game.legal(state))
        return cached[1]

    def colour(self, seat: int):
        """A seat's colour as chosen at set-up."""
        return theme.player_colour(self.app.match.meta, seat)

    @property
    def draft(self) -> dict:
        """The entry in progress (the steps tapped so far), forgotten whenever an action is
        played, undone or redone: a draft only ever belongs to the moment it began in."""
        count = len(self.app.match.match.actions)
        if self.__dict__.get("_draft_at") != count:
            self._draft, self._draft_at = {}, count
        return self._draft

    def page_book(self) -> dict:
        """A game's lists page with the entry in progress: a new entry opens on their first page."""
        return self.draft.setdefault("pages", {})

    def keep_draft(self, draft: dict) -> None:
        """Carry ``draft`` over the action just played (a card defined mid-entry)."""
        self._draft, self._draft_at = draft, len(self.app.match.match.actions)
