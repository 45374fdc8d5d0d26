"""The Zener card test's screen: the run laid out as 25 places (each call, and the card once
the table has seen it, a hit glowing gold), the five symbols to call or enter in one tap (or
one key: c x w s t), and the receiver's knocks — the companion asks "is it circle?", one knock
says yes, two say no and it asks for the next symbol, the pentagram lighting the one asked.

Everything drawn comes from the game's view and its legal actions: the screen works out no
rule and never sees a card before the table does."""

from __future__ import annotations

import pygame

from companion.games.zener_test.rules import KEYS, SYMBOLS
from companion.ui import theme
from companion.ui.screen import GameScreen
from companion.ui.widgets import Button, columns, draw_paragraph, draw_text, grid, panel, player_panel, rows, wrap
from companion.ui.zener import draw_back, draw_symbol
from firmware_py.pentagram.scenes import EspScene

COLOURS = {symbol: theme.SUIT_COLOURS["squiggle" if symbol == "wave" else symbol] for symbol in SYMBOLS}


# -- the pentagram (Entry.lights) -------------------------------------------------------------------
def symbol_scene(call: str | None = None, card: str | None = None, colour=None) -> EspScene:
    """The five points are the five symbols, dimly in their colours; the called (or asked)
    symbol's point and arms glow; the card, once shown, sparkles — so a hit sparkles the very
    point that glows — and ``colour`` fills the other arms."""
    return EspScene(supernatural=call, superduper=card if call is not None else None, winner=colour,
                    suit_colours=COLOURS, suits=SYMBOLS)


HIT = (255, 255, 255)  # white: no symbol's colour, so a hit reads at a glance


def lights(view: dict, meta: dict) -> EspScene:
    """The last call of the run on the screen: its symbol glows, with the other arms in the
    receiver's colour until the card is shown; then a hit lights every arm white, and a
    miss leaves the call glowing and the card sparkling."""
    last = view.get("last")
    if not last:
        return symbol_scene()
    if last["card"] is None:
        return symbol_scene(last["call"], None, theme.player_colour(meta, 0))
    return symbol_scene(last["call"], last["card"], HIT if last["hit"] else None)


class ZenerTestScreen(GameScreen):
    def __init__(self, app) -> None:
        super().__init__(app)
        self.title = "Zener card test"

    # -- what is owed now ----------------------------------------------------------------------
    def owed(self) -> dict | None:
        return self.view["next"]

    def offered(self) -> list[str]:
        """The symbols the rules accept for the entry owed now, in the pack's order."""
        owed = self.owed()
        return [a["symbol"] for a in self.legal(owed["act"])] if owed else []

    def asked(self) -> str | None:
        """The symbol the knocks are asking about now ("is it circle?")."""
        offered = self.offered()
        if not offered:
            return None
        asked = self.draft.get("asked")
        return asked if asked in offered else offered[0]

    def computer(self) -> bool:
        """Whether the computer plays what is owed now (the receiver's seat set aside for it)."""
        return self.computer_move() is not None

    def paused(self) -> bool:
        """A computer receiver waits between runs until the table taps "Next run", so the
        table can read the run's result and may end the sitting there."""
        return self.computer() and self.view["can_end"] and not self.draft.get("go")

    def thinking(self) -> bool:
        return self.computer() and not self.paused()

    # -- time and lights -------------------------------------------------------------------------
    def tick(self, now: float) -> bool:
        return self.play_computer(now) if self.thinking() else False

    def animating(self) -> bool:
        return self.thinking() and self.app.unsaved() is None

    def pentagram_scene(self):
        if self.draft.get("knocked") and self.asked():  # the receiver is answering by knock
            return symbol_scene(self.asked())
        return lights(self.view, self.app.match.meta)

    # -- drawing -----------------------------------------------------------------------------------
    def draw_body(self, surface, area):
        """Three columns: the run laid out as 25 places (who receives and sends above it, the
        sitting under it); the score and what the table owes now, at the table's size; and the
        five symbols as big cards down the right, to tap (or to knock for)."""
        s = self.scale
        view = self.view
        self.title = view["title"]
        gap = s(theme.TARGET_GAP)
        left, middle, right = columns(area.inflate(-s(16), -s(14)), [40, 26, 11], s(10))
        head_height = self.head_height(left)
        head = pygame.Rect(left.left, left.top, left.width, head_height)
        sitting = pygame.Rect(left.left, left.bottom - s(64), left.width, s(64))
        board = pygame.Rect(left.left, head.bottom + gap, left.width, sitting.top - gap - head.bottom - gap)
        self.draw_head(surface, head)
        self.draw_board(surface, board)
        self.draw_sitting(surface, sitting)
        self.draw_symbols(surface, right)
        foot_height = s(56) * (2 if self.paused() else 1) + (gap if self.paused() else 0)
        foot = pygame.Rect(middle.left, middle.bottom - foot_height, middle.width, foot_height)
        score = pygame.Rect(middle.left, middle.top, middle.width, s(118))
        ask = pygame.Rect(middle.left, score.bottom + gap, middle.width, foot.top - gap - score.bottom - gap)
        self.draw_score(surface, score)
        self.draw_prompt(surface, ask)
        self.draw_foot(surface, foot)

    def head_height(self, area) -> int:
        s = self.scale
        lines = 1 + len(wrap(self.view["protocol"], s(theme.FLOOR), area.width - s(28)))
        return lines * int(s(theme.FLOOR) * 1.25) + s(14)

    def draw_head(self, surface, area):
        """Who receives and who sends, and how the test is run."""
        s = self.scale
        view = self.view
        inside = player_panel(surface, area, self.colour(0), False, s)
        step = int(s(theme.FLOOR) * 1.25)
        top = pygame.Rect(inside.left, area.top + s(7), inside.width, step)
        draw_text(surface, view["roles"], top, s(theme.BODY), theme.INK, bold=True)
        draw_paragraph(surface, view["protocol"], pygame.Rect(inside.left, top.bottom, inside.width,
                                                              area.bottom - top.bottom), s(theme.FLOOR), theme.MUTED)

    def draw_board(self, surface, area):
        """The 25 places of the run on the screen, row by row: the call, then the card once seen."""
        s = self.scale
        view = self.view
        panel(surface, area, theme.PANEL, s(8))
        owed = view["next"]
        here = owed["card"] - 1 if owed and owed["run"] == view["shown_run"] else None
        for number, (cell, place) in enumerate(zip(grid(area.inflate(-s(10), -s(10)), 5, 5, s(4)), view["slots"])):
            self.draw_place(surface, cell, number, place, number == here)

    def draw_place(self, surface, cell, number, place, here):
        """One place of the run: the call and the card (a back until shown), or its number while empty."""
        s = self.scale
        hit = place["hit"]
        fill = theme.PANEL_LIGHT if place["call"] else theme.BACKGROUND
        pygame.draw.rect(surface, fill, cell, border_radius=s(5))
        if hit:
            pygame.draw.rect(surface, theme.GOLD, cell, width=max(2, s(3)), border_radius=s(5))
        elif here:
            pygame.draw.rect(surface, theme.ACCENT, cell, width=max(2, s(3)), border_radius=s(5))
        if not place["call"]:
            if here or cell.height >= s(30):
                draw_text(surface, str(number + 1), cell, s(theme.FLOOR), theme.ACCENT if here else theme.MUTED,
                          "centre", bold=here)
            return
        call_box, card_box = columns(cell.inflate(-s(8), -s(6)), [1.2, 1], s(4))
        draw_symbol(surface, place["call"], call_box, COLOURS[place["call"]])
        card = pygame.Rect(0, 0, min(card_box.width, int(card_box.height * 0.72)), card_box.height)
        card.center = card_box.center
        if place["card"]:
            self.draw_face(surface, card, place["card"], dim=not hit)
        else:
            draw_back(surface, card)

    @staticmethod
    def draw_face(surface, rect, symbol, dim=False):
        """A card face up: the symbol on white (greyed for a miss, so hits stand out)."""
        face = theme.CARD if not dim else (150, 146, 140)
        pygame.draw.rect(surface, face, rect, border_radius=max(2, rect.width // 8))
        ink = tuple(max(0, c - 80) for c in COLOURS[symbol])
        draw_symbol(surface, symbol, rect.inflate(-rect.width // 6, -rect.width // 6), ink)

    def draw_sitting(self, surface, area):
        """The sitting so far, in words (judged once a run is checked)."""
        s = self.scale
        sitting = self.view["sitting"]
        panel(surface, area, theme.PANEL, s(8))
        text = "The sitting: judged after the first run." if sitting is None else f"The sitting: {sitting['words']}."
        self.centred(surface, text, area.inflate(-s(20), -s(6)), s(theme.FLOOR), theme.INK)

    @staticmethod
    def centred(surface, text, area, size, colour):
        """A paragraph centred on ``area``'s height (as many lines as the room holds)."""
        step = int(size * 1.25)
        lines = max(1, min(len(wrap(text, size, area.width)), area.height // step))
        height = lines * step
        draw_paragraph(surface, text, pygame.Rect(area.left, area.centery - height // 2, area.width, height), size,
                       colour, lines)

    def draw_score(self, surface, area):
        """The run on the screen in one figure, at the table's size: its hits once cards are
        seen, how many are called before; the words under it say how it compares with chance."""
        s = self.scale
        view = self.view
        places = view["slots"]
        shown = [place for place in places if place["card"]]
        called = [place for place in places if place["call"]]
        panel(surface, area, theme.PANEL_LIGHT, s(8))
        inner = area.inflate(-s(16), -s(10))
        tag = pygame.Rect(inner.left, inner.top, inner.width, int(s(theme.BODY) * 1.3))
        figure = pygame.Rect(inner.left, tag.bottom, inner.width, int(s(theme.TABLE) * 1.3))
        words = pygame.Rect(inner.left, figure.bottom + s(2), inner.width, inner.bottom - figure.bottom - s(2))
        draw_text(surface, f"Run {view['shown_run']}" + (" · checked" if view["shown_checked"] else ""), tag,
                  s(theme.BODY), theme.GOLD, bold=True)
        if shown:
            hits = sum(1 for place in shown if place["hit"])
            big = f"{hits} hit{'s' if hits != 1 else ''} in {len(shown)}"
        else:
            big = f"{len(called)} of {len(places)} called"
        draw_text(surface, big, figure, s(theme.TABLE), theme.INK, bold=True)
        said = view["progress"]
        head, colon, tail = said.partition(": ")
        if colon and tail and head.split()[0] == big.split()[0]:  # the figure is already said, big
            said = tail[:1].upper() + tail[1:]
        self.centred(surface, said, words, s(theme.FLOOR), theme.MUTED)

    def draw_prompt(self, surface, area):
        """What the table owes now, at the table's size, how to give it, and the knock's question."""
        s = self.scale
        view = self.view
        panel(surface, area, theme.PANEL, s(8))
        inner = area.inflate(-s(16), -s(12))
        owed = view["next"]
        if self.paused():
            said, hint = f"Run {view['shown_run']} is checked", (
                f"The companion calls for {view['players'][0]}: tap Next run to go on, or end the sitting here.")
        elif owed is not None and self.thinking():
            said, hint = f"The companion calls for {view['players'][0]}…", view["hint"]
        else:
            said, hint = view["prompt"], view["hint"]
        asked = None if self.computer() else self.asked()
        if asked is not None:
            who = "the receiver" if self.owed()["act"] == "call" else "whoever turns the cards"
            hint = f"{hint} Or knock ({who}): is it {asked}? Once for yes, twice for no."
        table = s(theme.TABLE)
        lines = wrap(said, table, inner.width, True)[:2]
        step = int(table * 1.2)
        for k, line in enumerate(lines):
            draw_text(surface, line, pygame.Rect(inner.left, inner.top + k * step, inner.width, step), table,
                      theme.GOLD, bold=True)
        rest = pygame.Rect(inner.left, inner.top + len(lines) * step + s(6), inner.width,
                           inner.bottom - inner.top - len(lines) * step - s(6))
        for size in (s(theme.BODY), s(theme.FLOOR)):
            if len(wrap(hint, size, rest.width)) * int(size * 1.25) <= rest.height:
                break
        draw_paragraph(surface, hint, rest, size, theme.INK)

    def draw_symbols(self, surface, area):
        """The five symbols as big cards, top to bottom; the one a knock asks about ringed in gold."""
        s = self.scale
        offered = set() if self.computer() else set(self.offered())
        asked = self.asked() if self.draft.get("knocked") else None
        for cell, symbol in zip(rows(area, [1] * 5, s(theme.TARGET_GAP) + 1), SYMBOLS):
            enabled = symbol in offered
            why = ("The companion calls now." if self.computer() else
                   f"The rules take no {symbol} here: the run already shows every {symbol} of a closed deck."
                   if self.owed() is not None else "The sitting is over.")
            self.add_button(surface, Button(cell, symbol, ("symbol", symbol), enabled, key=KEYS[symbol],
                                            draw_face=_symbol_face(symbol, enabled), why=why))
            if symbol == asked:
                pygame.draw.rect(surface, theme.GOLD, cell.inflate(s(4), s(4)), width=s(3), border_radius=s(8))

    def draw_foot(self, surface, area):
        s = self.scale
        if self.owed() is None:
            self.add_button(surface, Button(area, "See the results", ("results",), key="\r", colour=theme.GOOD),
                            s(theme.HEADING))
        elif self.paused():
            go, end = rows(area, [1, 1], s(theme.TARGET_GAP))
            self.add_button(surface, Button(go, "Next run ▸", ("go",), key="\r", colour=theme.GOOD), s(theme.LABEL))
            self.add_button(surface, Button(end, "End the sitting", ("end",), key="e"), s(theme.LABEL))
        else:  # greyed within a run: a sitting ends only between runs
            self.add_button(surface, Button(area, "End the sitting", ("end",),
                                            bool(self.legal("end")) and not self.thinking(), key="e",
                                            why="A sitting ends between runs: finish this run first."),
                            s(theme.LABEL))

    # -- input --------------------------------------------------------------------------------------
    def on_button(self, action):
        kind = action[0]
        if kind == "symbol":
            self.enter(action[1])
        elif kind == "go":
            self.draft["go"] = True
        elif kind == "end":
            self.app.play({"act": "end"})
        elif kind == "results":
            from companion.ui.summary import SummaryScreen

            self.app.show(SummaryScreen(self.app))

    def enter(self, symbol: str) -> None:
        owed = self.owed()
        if owed is not None:
            self.app.play({"act": owed["act"], "symbol": symbol})

    def on_answer(self, name: str) -> bool:
        """A knock or the box's buttons: yes enters the symbol asked about, no asks the next."""
        asked = self.asked()
        if asked is None or self.computer():
            return False
        if name == "yes":
            self.enter(asked)
        else:
            offered = self.offered()
            self.draft["asked"] = offered[(offered.index(asked) + 1) % len(offered)]
            self.draft["knocked"] = True
        return True


def _symbol_face(symbol: str, enabled: bool):
    def face(surface, rect):
        draw_symbol(surface, symbol, rect, COLOURS[symbol] if enabled else theme.FAINT)
    return face


# -- example positions for `companion shots` (Entry.examples) ------------------------------------------
def examples():
    """A table test mid-run, being checked, between runs and over; the companion as sender
    showing each card; the receiver answering by knock; the results."""
    from companion.ui import examples as ex

    table = ex.read_log("zener-test-telepathy.jsonl")
    solo = ex.read_log("zener-test-solo.jsonl")
    if table is None or solo is None:
        return
    setup, actions = table
    yield "zener-test-call", ex.at(setup, actions, 12)
    yield "zener-test-check", ex.at(setup, actions, 35)
    yield "zener-test-run-checked", ex.at(setup, actions, 50)
    yield "zener-test-over", ex.at(setup, actions, len(actions))
    yield "zener-test-results", ex.results(setup, actions)
    solo_setup, solo_actions = solo
    yield "zener-test-solo", ex.at(solo_setup, solo_actions, 9)

    def knocking(app):
        ex.load(app, solo_setup, solo_actions[:3])
        app.answer("no")
        app.answer("no")

    yield "zener-test-knock", knocking
    yield "zener-test-computer", ex.at(solo_setup, solo_actions, 30, {"computer": [0]})
    yield "zener-test-computer-between-runs", ex.at(solo_setup, solo_actions, 25, {"computer": [0]})


def draw_icon(surface, rect, s) -> None:
    """The home screen's picture of the Zener card test: the five symbols in a ring."""
    import math

    from companion.ui.zener import draw_symbol

    size = min(rect.width, rect.height) // 3
    for k, symbol in enumerate(("circle", "cross", "squiggle", "square", "star")):
        angle = -math.pi / 2 + k * 2 * math.pi / 5
        cell = pygame.Rect(0, 0, size, size)
        cell.center = (rect.centerx + math.cos(angle) * size, rect.centery + math.sin(angle) * size)
        draw_symbol(surface, symbol, cell, theme.SUIT_COLOURS[symbol])
