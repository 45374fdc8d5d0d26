"""Séance Party's form for a card in no catalog (opened by "New card…" wherever a hand may
hold a card the companion does not know): the card's front as it prints it, tap by tap."""

from __future__ import annotations

from companion.engine.refusal import Refused
from companion.games.seance_party.cards import DICE, SYMBOLS, describe, parse_card
from companion.ui import theme
from companion.ui.games.seance_widgets import symbol_face
from companion.ui.keyboard import KeyboardScreen
from companion.ui.screen import SubScreen
from companion.ui.widgets import Button, columns, draw_text, rows

CARD_NAME_LIMIT = 30  # characters of a card's name typed on the screen


class CardFormScreen(SubScreen):
    """A card in no catalog, as its front prints it: name, spirit or spell, Zener symbol,
    element, attack die and speed, and the same three for its cursed (upside-down) side.
    "Use it" checks it as the rules will and hands the log's inline definition back
    (or just the name, for a card the companion already knows with these figures)."""

    title = "Séance Party — a card in no catalog"

    def __init__(self, app, back, cards: dict, done, symbol=None, defined=()) -> None:
        super().__init__(app, back)
        self.cards, self.done = cards, done
        self.name = ""
        self.type = "spirit"
        self.symbol = symbol or SYMBOLS[0]
        self.sides = {"up": {"element": "fire", "attack": 6, "speed": 1},
                      "cursed": {"element": "shadow", "attack": 6, "speed": 1}}
        known = {c.element for c in cards.values()} | {c.cursed_element for c in cards.values()}
        self.elements = sorted(known | {d["element"] for d in defined})

    def definition(self) -> dict:
        up, cursed = self.sides["up"], self.sides["cursed"]
        return {"name": self.name.strip(), "type": self.type, "symbol": self.symbol, "element": up["element"],
                "attack": f"d{up['attack']}", "speed": up["speed"],
                "cursed": {"element": cursed["element"], "attack": f"d{cursed['attack']}", "speed": cursed["speed"]}}

    def draw_body(self, surface, area):
        """On the left the card's name, kind and symbol and the buttons that end the form; on
        the right each face's speed, element and attack die."""
        s = self.scale
        gap = s(theme.TARGET_GAP) + 1
        left, right = columns(area.inflate(-s(20), -s(16)), [290, 478], s(14))
        label, field, kinds, symbols, _, go = rows(left, [28, 52, 52, 52, 1, 52], gap)
        draw_text(surface, "The card's name", label, s(theme.BODY), theme.INK, bold=True)
        self.add_button(surface, Button(field, self.name or "Tap to type it", ("type_name",)))
        for cell, kind in zip(columns(kinds, [1, 1], gap), ("spirit", "spell")):
            self.add_button(surface, Button(cell, kind, ("kind", kind), selected=self.type == kind))
        for cell, z in zip(columns(symbols, [1] * 5, gap), SYMBOLS):
            self.add_button(surface, Button(cell, z, ("symbol", z), selected=z == self.symbol,
                                            draw_face=symbol_face(z)))
        cancel, use = columns(go, [1, 1.4], gap)
        self.add_button(surface, Button(cancel, "Cancel", ("cancel",)))
        self.add_button(surface, Button(use, "Use it", ("use",), bool(self.name.strip()), colour=theme.GOOD,
                                        why="Type the card's name first."))
        up, cursed = rows(right, [1, 1], s(14))
        self.draw_side(surface, up, "up", "Face up")
        self.draw_side(surface, cursed, "cursed", "Upside down")

    def draw_side(self, surface, area, side, title):
        """One face: its speed (− n +), its element (a known one, or another typed), its attack die."""
        s = self.scale
        gap = s(theme.TARGET_GAP) + 1
        figures = self.sides[side]
        head, elements, dice = rows(area, [1, 1, 1], gap)
        label, speed = columns(head, [1.3, 1], gap)
        draw_text(surface, f"{title}: speed", label, s(theme.HEADING), theme.INK, bold=True)
        minus, number, plus = columns(speed, [1, 1.1, 1], gap)
        self.add_button(surface, Button(minus, "−", ("speed", side, -1), figures["speed"] > 0,
                                        why="A speed is never under 0."))
        draw_text(surface, str(figures["speed"]), number, s(theme.HEADING), theme.INK, "centre", bold=True)
        self.add_button(surface, Button(plus, "+", ("speed", side, 1), figures["speed"] < 99,
                                        why="99 is the highest speed."))
        shown = self.elements[:4]
        if figures["element"] not in shown:
            shown = shown[:3] + [figures["element"]]
        cells = columns(elements, [1] * (len(shown) + 1), gap)
        for cell, element in zip(cells, shown):
            self.add_button(surface, Button(cell, element, ("element", side, element),
                                            selected=element == figures["element"]))
        self.add_button(surface, Button(cells[-1], "Other…", ("other", side)))
        for cell, d in zip(columns(dice, [1] * len(DICE), gap), DICE):
            self.add_button(surface, Button(cell, f"d{d}", ("attack", side, d), selected=d == figures["attack"]))

    def on_button(self, action):
        kind = action[0]
        if kind == "type_name":
            self.app.show(KeyboardScreen(self.app, self, "The card's name", self.name,
                                         lambda text: setattr(self, "name", text), CARD_NAME_LIMIT))
        elif kind == "other":
            side = action[1]
            self.app.show(KeyboardScreen(self.app, self, "The element", "",
                                         lambda text: self.sides[side].update(element=text.lower())))
        elif kind == "kind":
            self.type = action[1]
        elif kind == "symbol":
            self.symbol = action[1]
        elif kind == "element":
            self.sides[action[1]]["element"] = action[2]
        elif kind == "attack":
            self.sides[action[1]]["attack"] = action[2]
        elif kind == "speed":
            figures = self.sides[action[1]]
            figures["speed"] = min(99, max(0, figures["speed"] + action[2]))
        elif kind == "cancel":
            self.go_back()
        elif kind == "use":
            self.use()

    def use(self) -> None:
        """Check the card as the rules will; a card known by this name with the same figures
        is simply named."""
        try:
            card = parse_card(self.definition())
        except Refused as refused:
            return self.app.refuse(refused.reason)
        old = self.cards.get(card.name)
        if old is not None and old != card:
            return self.app.refuse(f"{card.name} is already known with other figures ({describe(old)})")
        self.go_back()
        self.done(card.name if old is not None else self.definition())
