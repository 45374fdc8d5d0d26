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
from companion.ui.widgets import Button, columns, draw_paragraph, draw_text, grid, panel, rows, wrap
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
        s = self.scale
        view = self.view
        self.title = view["title"]
        left, right = columns(area.inflate(-s(12), -s(10)), [11, 8], s(10))
        head, board, sitting = rows(left, [0.95, 5.2, 1.1], s(8))
        self.draw_head(surface, head)
        self.draw_board(surface, board)
        self.draw_sitting(surface, sitting)
        ask, symbols, knock, foot = rows(right, [2.1, 1.9, 1.1, 1.4], s(8))
        self.draw_prompt(surface, ask)
        self.draw_symbols(surface, symbols)
        self.draw_knock(surface, knock)
        self.draw_foot(surface, foot)

    def draw_head(self, surface, area):
        s = self.scale
        view = self.view
        panel(surface, area, theme.PANEL, s(8))
        pygame.draw.rect(surface, self.colour(0), pygame.Rect(area.left, area.top, s(6), area.height),
                         border_radius=s(3))
        top, bottom = rows(area.inflate(-s(20), -s(6)).move(s(3), 0), [1.1, 1], 0)
        draw_text(surface, view["roles"], top, s(15), theme.INK, bold=True)
        draw_text(surface, view["protocol"], bottom, s(12), theme.MUTED)

    def draw_board(self, surface, area):
        s = self.scale
        view = self.view
        panel(surface, area, theme.PANEL, s(8))
        inner = area.inflate(-s(12), -s(10))
        heading, places = rows(inner, [1, 9], s(6))
        label, words = columns(heading, [1, 4], s(6))
        draw_text(surface, f"Run {view['shown_run']}" + (" ✓" if view["shown_checked"] else ""), label, s(15),
                  theme.GOLD, bold=True)
        draw_text(surface, view["progress"], words, s(12), theme.INK, "right")
        owed = view["next"]
        here = owed["card"] - 1 if owed and owed["run"] == view["shown_run"] else None
        for number, (cell, place) in enumerate(zip(grid(places, 5, 5, s(4)), view["slots"])):
            self.draw_place(surface, cell, number, place, number == here)

    def draw_place(self, surface, cell, number, place, here):
        """One place of the run: its number, the call, and the card (a back until shown)."""
        s = self.scale
        hit = place["hit"]
        fill = theme.PANEL_LIGHT if place["call"] else theme.BACKGROUND
        pygame.draw.rect(surface, fill, cell, border_radius=s(5))
        if hit:
            pygame.draw.rect(surface, theme.GOLD, cell, width=s(2), border_radius=s(5))
        elif here:
            pygame.draw.rect(surface, theme.ACCENT, cell, width=s(2), border_radius=s(5))
        tag, call_box, card_box = columns(cell.inflate(-s(6), -s(6)), [0.7, 1.3, 1], s(3))
        draw_text(surface, str(number + 1), tag.inflate(0, -tag.height // 2).move(0, -tag.height // 4), s(10),
                  theme.MUTED)
        if place["call"]:
            draw_symbol(surface, place["call"], call_box, COLOURS[place["call"]])
            card = pygame.Rect(0, 0, min(card_box.width, int(card_box.height * 0.7)), card_box.height)
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
        s = self.scale
        view = self.view
        panel(surface, area, theme.PANEL, s(8))
        label, words = columns(area.inflate(-s(14), -s(6)), [1, 4], s(8))
        sitting = view["sitting"]
        draw_text(surface, "Sitting", label, s(15), theme.GOLD, bold=True)
        if sitting is None:
            self.centred(surface, "The running total is judged after the first run.", words, s(12), theme.MUTED)
        else:
            self.centred(surface, sitting["words"] + ".", words, s(13), theme.INK)

    @staticmethod
    def centred(surface, text, area, size, colour):
        """A paragraph of one or two lines, centred on ``area``'s height."""
        lines = min(2, len(wrap(text, size, area.width)))
        height = lines * int(size * 1.25)
        draw_paragraph(surface, text, pygame.Rect(area.left, area.centery - height // 2, area.width, height), size,
                       colour, 2)

    def draw_prompt(self, surface, area):
        s = self.scale
        view = self.view
        panel(surface, area, theme.PANEL, s(8))
        top, bottom = rows(area.inflate(-s(14), -s(10)), [1, 1.5], s(4))
        owed = view["next"]
        if self.paused():
            draw_text(surface, f"Run {view['shown_run']} is checked", top, s(18), theme.GOLD, bold=True)
            draw_paragraph(surface, f"The companion calls for {view['players'][0]}: tap Next run to go on, or end "
                           "the sitting here.", bottom, s(14), theme.INK, 2)
            return
        if owed is not None and self.thinking():
            draw_text(surface, f"The companion calls for {view['players'][0]}…", top, s(17), theme.MUTED, bold=True)
        else:
            draw_text(surface, view["prompt"], top, s(18), theme.GOLD, bold=True)
        draw_paragraph(surface, view["hint"], bottom, s(14), theme.INK, 2)

    def draw_symbols(self, surface, area):
        s = self.scale
        offered = set() if self.computer() else set(self.offered())
        asked = self.asked() if self.draft.get("knocked") else None
        for cell, symbol in zip(columns(area, [1] * 5, s(6)), SYMBOLS):
            enabled = symbol in offered
            self.add_button(surface, Button(cell, symbol, ("symbol", symbol), enabled, key=KEYS[symbol],
                                            draw_face=_symbol_face(symbol, enabled)))
            if symbol == asked:
                pygame.draw.rect(surface, theme.GOLD, cell.inflate(s(4), s(4)), width=s(3), border_radius=s(8))

    def draw_knock(self, surface, area):
        s = self.scale
        asked = None if self.computer() else self.asked()
        if asked is None:
            return
        who = "the receiver" if self.owed()["act"] == "call" else "whoever turns the cards"
        draw_paragraph(surface, f"Or by knock: is it {asked}? Once for yes, twice for no ({who}).", area, s(13),
                       theme.MUTED, 2)

    def draw_foot(self, surface, area):
        s = self.scale
        if self.owed() is None:
            self.add_button(surface, Button(area, "See the results", ("results",), key="\r", colour=theme.GOOD), s(18))
        elif self.paused():
            go, end = columns(area.inflate(0, -s(16)), [1, 1], s(8))
            self.add_button(surface, Button(go, "Next run ▸", ("go",), key="\r", colour=theme.GOOD), s(15))
            self.add_button(surface, Button(end, "End the sitting", ("end",), key="e"), s(15))
        else:  # greyed within a run: a sitting ends only between runs
            self.add_button(surface, Button(area.inflate(0, -s(16)), "End the sitting here", ("end",),
                                            bool(self.legal("end")) and not self.thinking(), key="e"), s(15))

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
