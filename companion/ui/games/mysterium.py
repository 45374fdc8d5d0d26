"""The Mysterium screen: the psychics' progress on one side, the moment's question on
the other — the ghost's visions, the pawns and tokens while the sand runs, the ghost's
yes/no for each guess (a knock, a button or a tap), and the final vote.

Everything it shows comes from the table's view (seat 0 is the ghost, each psychic wears
its player's seat colour) and everything it offers from the rules' legal actions, so it
can only ask for what the rules allow.  The hourglass is the screen's: it flips itself on
the box's clock when the view says the last vision is given, and the end of its sand locks
the guesses.  Seats set aside for the computer are played by the game's bot; a computer
ghost's visions are numbers, so the screen says which cards they point at."""

from __future__ import annotations

import pygame

from companion.games.mysterium import bot
from companion.ui import theme
from companion.ui.games import mysterium_board as board
from companion.ui.games.mysterium_final import FinalSteps
from companion.ui.games.mysterium_table import BoardParts
from companion.ui.screen import GameScreen
from companion.ui.widgets import Button, columns, draw_paragraph, draw_text, grid, panel, rows
from firmware_py.pentagram.scenes import MysteriumScene

def lights(view: dict, meta: dict, sand: float | None = None, running: bool = False) -> MysteriumScene:
    """The pentagram: the sand left (the screen's hourglass when it runs: full before the flip,
    empty once it has run out) and the clock's hour on the points."""
    if sand is None:
        sand = 0.0 if view["phase"] == "answers" else 1.0
    return MysteriumScene(sand=max(0.0, min(1.0, sand)), running=running, round=min(max(view["clock"], 1), 7))


class MysteriumScreen(BoardParts, FinalSteps, GameScreen):
    def __init__(self, app) -> None:
        super().__init__(app)
        self.title = "Mysterium"
        self.selected: int | None = None  # the psychic whose pawn, tokens or vote are being entered
        self.vision_for: int | None = None
        self.flipped_for: int | None = None  # the hour whose hourglass has been flipped
        self.expired_for: int | None = None  # the hour whose sand ran out

    # -- who sits where ----------------------------------------------------------------------
    def computer_seats(self) -> set[int]:
        return set(self.app.match.meta.get("computer", ()))

    def ghost_is_computer(self) -> bool:
        return 0 in self.computer_seats()

    def by_computer(self, p: int) -> bool:
        return self.view["psychic_seats"][p] in self.computer_seats()

    def psychic_colour(self, p: int):
        return self.colour(self.view["psychic_seats"][p])

    def name(self, p: int) -> str:
        return self.view["psychics"][p]

    def ghost(self) -> str:
        return self.view["ghost"] + (" (computer)" if self.ghost_is_computer() else "")

    # -- time: the hourglass follows the game ----------------------------------------------
    def tick(self, now: float) -> bool:
        glass = self.app.box.hourglass
        phase, hour = self.view["phase"], self.view["clock"]
        if phase == "sand" and self.flipped_for != hour:
            glass.flip()
            self.flipped_for = hour
            return True
        if phase == "sand" and glass.expired and self.expired_for != hour:
            # once: with the "wait" house option a refusal ("Bo's pawn is not placed") is shown
            # once, and the table taps "Time's up" when the last pawn is down
            self.expired_for = hour
            self.app.play({"act": "expire"}, by_companion=True)
            return True
        if phase != "sand" and (glass.running or glass.paused):
            glass.cancel()
        # the seconds shown change in the hourglass's own rectangle (redraw_animation); the
        # board itself waits for a tap
        return self.play_computer(now)

    drawn_second: int | None = None  # the hourglass's seconds when last drawn

    def glass_second(self) -> int:
        glass = self.app.box.hourglass
        return int(glass.remaining()) if (glass.running or glass.paused) else 0

    def legal(self, act: str, **fields) -> list[dict]:
        """The legal actions of kind ``act`` matching ``fields``, kept for the state (the board
        asks the same questions every frame while the sand runs)."""
        every = self.all_legal()  # one list per state
        cached = self.__dict__.get("_asked")
        if cached is None or cached[0] is not every:
            cached = self._asked = (every, {})
        key = (act, tuple(sorted(fields.items())))
        if key not in cached[1]:
            cached[1][key] = super().legal(act, **fields)
        return cached[1][key]

    def animating(self) -> bool:
        thinking = self.computer_move() is not None and self.app.unsaved() is None
        return thinking or (self.view["phase"] == "sand" and self.app.box.hourglass.running)

    def pentagram_scene(self):
        glass = self.app.box.hourglass
        sand = glass.fraction_left() if self.view["phase"] == "sand" else None
        return lights(self.view, self.app.match.meta, sand, glass.running)

    # -- drawing: the board on the left, the moment's question on the right -------------------
    def draw_body(self, surface, area):
        s = self.scale
        view = self.view
        self.glass_rect = None  # drawn again below if this frame shows the hourglass
        self.title = "Mysterium — the final vote" if view["final"] else f"Mysterium — hour {view['hour']} of VII"
        self.settle()
        inner = area.inflate(-s(16), -s(12))
        strip = pygame.Rect(inner.left, inner.top, inner.width, s(52))
        main = pygame.Rect(inner.left, strip.bottom + s(8), inner.width, inner.bottom - strip.bottom - s(8))
        # the psychics' chips under the board; with five or six psychics across the whole width
        # (their names need the room), the controls then ending above them
        left = pygame.Rect(main.left, main.top, round(main.width * 0.68), main.height)
        chips = pygame.Rect(main.left, main.bottom - s(52), left.width, s(52))
        right = pygame.Rect(left.right + s(10), main.top, main.right - left.right - s(10), main.height)
        if len(view["psychics"]) >= 5:
            chips.width = main.width
            right.height -= chips.height + s(8)
        left.height -= chips.height + s(8)
        self.draw_board(surface, left, chips)
        controls = right
        panel(surface, controls, theme.PANEL, s(8))
        prompt = self.draw_action(surface, controls.inflate(-s(12), -s(12)))
        self.draw_strip(surface, strip, prompt)

    def settle(self) -> None:
        """Who the controls are for, before anything is drawn: the psychic the ghost gives a
        vision to, the psychic whose pawn or tokens are entered while the sand runs."""
        view = self.view
        waiting = (view["waiting"] or {}).get("psychics", [])
        if view["phase"] == "visions" and self.vision_for not in waiting:
            self.vision_for = waiting[0] if waiting else None
        if view["phase"] == "sand" and (self.selected is None or not self.can_enter(self.selected)):
            playing = [p for p, entry in enumerate(view["standing"]) if entry["stage"] != "finished"]
            people = [p for p in waiting if not self.by_computer(p)]
            self.selected = (people or waiting or playing or [0])[0]

    def can_enter(self, p: int) -> bool:
        return bool(self.legal("guess", psychic=p) or self.legal("predict", psychic=p)
                    or self.legal("unpredict", psychic=p))

    def draw_strip(self, surface, area, prompt) -> None:
        """The prompt at the table's size — whose turn, what is asked — with its player's pawn,
        and the ghost's crow whenever crows may fly."""
        s = self.scale
        text, colour = prompt if isinstance(prompt, tuple) else (prompt, None)
        if self.view["phase"] in ("visions", "sand", "final") and self.view["result"] is None:
            crow = pygame.Rect(area.right - s(160), area.top, s(160), area.height)
            area = pygame.Rect(area.left, area.top, crow.left - area.left - s(10), area.height)
            left = self.view["crows"]["left"]
            why = (f"{self.view['ghost']} (computer) sends its own crows" if self.ghost_is_computer() else
                   f"No crow now: {left} left" + (" this round" if self.view["crows"]["rule"] == "round" else ""))
            self.add_button(surface, Button(crow, f"Crow ({left} left)", ("crow",),
                                            bool(self.legal("crow")) and not self.ghost_is_computer(), why=why))
        if colour is not None:
            board.draw_pawn(surface, (area.left + s(14), area.centery), s(12), colour)
            area = pygame.Rect(area.left + s(34), area.top, area.width - s(34), area.height)
        draw_text(surface, text, area, s(theme.TABLE), theme.INK, bold=True)

    # -- the moment's question ---------------------------------------------------------------------
    def draw_action(self, surface, area):
        """Draws the phase's controls; returns the prompt for the strip (text, or text and colour)."""
        phase = self.view["phase"]
        return {"visions": self.draw_visions, "sand": self.draw_sand, "answers": self.draw_answers,
                "final": self.draw_final, "over": self.draw_over}[phase](surface, area)

    def note(self, surface, area, text: str, colour=theme.MUTED) -> int:
        return draw_paragraph(surface, text, area, self.scale(theme.BODY), colour)

    def draw_visions(self, surface, area):
        s = self.scale
        view = self.view
        waiting = view["waiting"]["psychics"]
        if self.ghost_is_computer() or self.vision_for is None:
            self.note(surface, area, f"{self.ghost()} lays vision cards by the psychics' screens.")
            return f"{view['ghost']} is choosing visions…"
        p = self.vision_for
        head, grid_area, hint = rows(area, [1, 2.3, 1.2], s(8))
        draw_paragraph(surface, f"How many cards for {self.name(p)}?", head, s(theme.HEADING), theme.INK, bold=True)
        numbers = sorted({a["cards"] for a in self.legal("vision", psychic=p)})
        cells = grid(grid_area, 4, 2, s(theme.TARGET_GAP))
        for cell, n in zip(cells, numbers):
            self.add_button(surface, Button(cell, str(n), ("vision", n), key=str(n)), s(theme.TABLE))
        if len(waiting) > 1:
            self.note(surface, hint, "Another psychic first? Tap them below.")
        return f"{view['ghost']}: a vision for {self.name(p)}", self.psychic_colour(p)

    def draw_sand(self, surface, area):
        s = self.scale
        view = self.view
        p = self.selected
        gap, stop_h, hint_h = s(8), s(52), s(46)
        room = area.height - stop_h - hint_h - 3 * gap
        tokens_h = max(2 * s(theme.TARGET) + s(theme.TARGET_GAP), round(room * 0.55))  # two rows of tokens at least
        glass_h = room - tokens_h
        glass_area, hint, tokens, stop = rows(area, [glass_h, hint_h, tokens_h, stop_h], gap)
        self.draw_glass(surface, glass_area)
        draw_paragraph(surface, self.vision_hint(p), hint, s(theme.BODY), theme.MUTED)
        self.add_button(surface, Button(stop, "Time's up", ("do", {"act": "expire"}), bool(self.legal("expire")),
                                        why="The sand still runs: every pawn must be down first"))
        if self.by_computer(p):
            self.note(surface, tokens, f"{self.name(p)} (computer) is choosing…")
            return f"{self.name(p)} is choosing…", self.psychic_colour(p)
        self.draw_tokens(surface, tokens, p)
        placed = view["pawns"][p] is not None
        stage = view["standing"][p]["stage"]
        text = f"{self.name(p)}: predict" if placed else f"{self.name(p)}: your {stage}?"
        return text, self.psychic_colour(p)

    def redraw_animation(self, surface):
        """While the sand runs, only the hourglass and its clock are drawn again, when the
        seconds shown change (once a second): the board stays as it was drawn."""
        rect = self.__dict__.get("glass_rect")
        if rect is None or self.view["phase"] != "sand" or self.glass_second() == self.drawn_second:
            return None
        surface.fill(theme.PANEL, rect)
        self.draw_glass(surface, rect)
        return rect

    def draw_glass(self, surface, area) -> None:
        self.glass_rect = area
        s = self.scale
        glass = self.app.box.hourglass
        running = glass.running or glass.paused
        left = self.drawn_second = self.glass_second()
        fraction = left / glass.duration if running else 0.0
        picture = pygame.Rect(area.left, area.top, s(44), area.height)
        board.draw_hourglass(surface, picture.inflate(0, -s(6)), fraction, s)
        clock = pygame.Rect(picture.right + s(8), area.top, area.right - picture.right - s(8), area.height)
        draw_text(surface, f"{int(left // 60)}:{int(left % 60):02d}", clock, s(theme.HUGE),
                  theme.GOLD if left > 30 or not running else theme.BAD, "centre", bold=True)

    def draw_tokens(self, surface, area, p: int) -> None:
        """Each other psychic's ✓ and ✗: a placed token shows selected, and tapping it takes it back."""
        view = self.view
        placed = {(t["target"], t["token"]) for t in (view["standing"][p]["tokens"] or {}).get("placed", [])}
        targets = sorted({a["target"] for a in self.legal("predict", psychic=p) + self.legal("unpredict", psychic=p)})
        choices = []
        for t in targets:
            for token in ("check", "cross"):
                on = (self.name(t), token) in placed
                options = (self.legal("unpredict", psychic=p, target=t) if on else
                           self.legal("predict", psychic=p, target=t, token=token))
                choices.append((t, token, on, options[0] if options else None))
        if not choices:
            return
        s = self.scale
        gap = s(theme.TARGET_GAP)
        cols = 2 if len(choices) <= 4 else 3
        buttons = []
        for t, token, on, action in choices:
            mark = "✓" if token == "check" else "✗"
            buttons.append(Button(None, f"{mark} {self.name(t)}", ("do", action) if action else ("none",),
                                  action is not None, on, why=f"{self.name(p)} has no {mark} token left",
                                  draw_face=self.token_face(t, token, on)))
        self.add_choices(surface, area, buttons, cols, max(2, (area.height + gap) // (s(theme.TARGET) + gap)),
                         page_key="tokens")

    def token_face(self, t: int, token: str, on: bool):
        s = self.scale

        def face(surface, inner):
            """The token, the target's pawn, and the target's name where it fits."""
            r = min(s(10), inner.height // 2)
            board.draw_token(surface, (inner.left + r + s(2), inner.centery), r, token)
            board.draw_pawn(surface, (inner.left + 3 * r + s(6), inner.centery), s(8), self.psychic_colour(t))
            text = pygame.Rect(inner.left + 3 * r + s(18), inner.top, inner.width - 3 * r - s(18), inner.height)
            fill = theme.ACCENT if on else theme.PANEL_LIGHT
            if theme.font(s(theme.FLOOR), True).size(self.name(t))[0] <= text.width:
                draw_text(surface, self.name(t), text, s(theme.LABEL), theme.ink_on(fill), bold=True)
        return face

    def vision_hint(self, p: int) -> str:
        """This round's vision to ``p``, and for a computer ghost the cards it points at."""
        given = self.view["rounds"][-1]["visions"][p]
        if given is None:
            return f"No vision for {self.name(p)} this hour"
        said = f"{given} vision card{'s' if given > 1 else ''}"
        if self.ghost_is_computer():
            return f"{said}: they point at {' or '.join(map(str, bot.pointed(self.view, p)))} (gold)"
        return f"{self.name(p)} holds {said}"

    def draw_answers(self, surface, area):
        s = self.scale
        view = self.view
        p = view["next"]["psychic"]
        stage, card = view["standing"][p]["stage"], view["pawns"][p]
        hint, buttons = rows(area, [1.2, 2.5], s(8))
        prompt = f"Is {self.name(p)}'s {stage} {card}?", self.psychic_colour(p)
        if self.ghost_is_computer():
            self.note(surface, hint, f"{self.ghost()} answers…")
            return prompt
        self.note(surface, hint, f"{view['ghost']} knocks once for yes, twice for no — or taps")
        yes, no = columns(buttons, [1, 1], s(12))
        self.add_button(surface, Button(yes, "Yes", ("answer", True), key="y", colour=theme.GOOD), s(theme.TABLE))
        self.add_button(surface, Button(no, "No", ("answer", False), key="n", colour=theme.BAD), s(theme.TABLE))
        return prompt

    def draw_over(self, surface, area):
        s = self.scale
        word, said, button = rows(area, [1.2, 1.6, 1.2], s(8))
        won = self.view["result"] == "won"
        draw_text(surface, "Solved!" if won else "Unsolved", word, s(theme.HUGE), theme.GOOD if won else theme.BAD,
                  "centre", bold=True)
        final = self.view["final"]
        if final is not None and final["culprit"] is not None:
            text = f"The culprit: case {final['culprit']}" + ("" if won else f", not {final['chosen']}")
            if final["decided_by"] not in (None, "most votes"):
                text += f" ({final['decided_by']}'s vote decided)"
        else:
            text = "Hour VII passed with psychics still searching"
        draw_paragraph(surface, text, said, s(theme.HEADING), theme.INK)
        self.add_button(surface, Button(button, "See the results", ("results",), colour=theme.GOOD))
        return "The culprit is unmasked: you all win" if won else "The mystery stays unsolved"

    # -- input ----------------------------------------------------------------------------------
    def on_button(self, action):
        if self.turn_page(action):
            return
        kind = action[0]
        if kind == "select":
            self.selected = action[1]
        elif kind == "vision_for":
            self.vision_for = action[1]
        elif kind == "vision":
            self.app.play({"act": "vision", "psychic": self.vision_for, "cards": action[1]})
        elif kind == "crow":
            self.app.play({"act": "crow"})
        elif kind == "guess":
            self.app.play({"act": "guess", "psychic": self.selected, "card": action[1]})
        elif kind == "answer":
            self.answer(action[1])
        elif kind == "look":
            self.looking = action[1]
        elif kind == "hide":
            self.looking = None
        elif kind == "do":
            self.app.play(action[1])
            self.looking = None
        elif kind == "results":
            from companion.ui.summary import SummaryScreen

            self.app.show(SummaryScreen(self.app))

    def answer(self, correct: bool) -> None:
        owed = self.view["next"]
        if owed and owed["act"] == "answer" and not self.ghost_is_computer():
            self.app.play({"act": "answer", "psychic": owed["psychic"], "correct": correct})

    def on_answer(self, name: str) -> bool:
        """The ghost's knock (or the yes/no buttons) answers the guess being resolved."""
        if self.view["phase"] == "answers":
            self.answer(name == "yes")
            return True
        return False


def examples():
    """The Mysterium screen at each moment of the example game in docs/examples, and the sand
    and the final vote of the same game with the computer as the ghost."""
    from companion.ui import examples as ex

    log = ex.read_log("mysterium-easy-win.jsonl")
    if log is None:
        return
    setup, actions = log
    acts = [a["act"] for a in actions]
    moments = {"mysterium-visions": 1, "mysterium-sand": acts.index("guess") + 2,
               "mysterium-answers": acts.index("answer") + 1, "mysterium-final": acts.index("vote"),
               "mysterium-over": len(actions)}
    for name, upto in moments.items():
        yield name, ex.at(setup, actions, upto)
    yield "mysterium-computer-ghost", ex.at(setup, actions, acts.index("guess") + 2, {"computer": [0]})
    yield "mysterium-computer-final", ex.at(setup, actions, acts.index("vote") + 2, {"computer": [0]})
    yield "mysterium-summary", ex.results(setup, actions)


def draw_icon(surface, rect, s) -> None:
    """The home screen's picture of Mysterium: the hourglass, its sand running."""
    board.draw_hourglass(surface, rect, 0.6, s)
