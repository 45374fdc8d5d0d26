"""Clairvoyance's two forms: a card the catalog lacks (or a figure it lacks, the first time
the card appears), entered through the rules' ``define`` line; and a group's own die,
entered face by face at set-up and checked to be a real d8 before the game starts.

Text goes through the shell's on-screen keyboard; everything else is taps."""

from __future__ import annotations

from companion.engine.refusal import Refused
from companion.games.clairvoyance.cards import MAX_DAMAGE
from companion.games.clairvoyance.die import FACES, LAYOUTS, custom
import pygame

from companion.ui import theme
from companion.ui.games.clairvoyance_draw import draw_die
from companion.ui.keyboard import KeyboardScreen
from companion.ui.screen import SubScreen
from companion.ui.widgets import Button, columns, draw_paragraph, draw_text, rows

USES = (("none", "Plain"), ("single", "Single-use"), ("continuous", "Continuous"))
EFFECTS = ((None, "Players resolve"), ("destroy", "Destroy an item"), ("reduce", "Reduce damage"))


#: the longest card name and printed text the keyboard takes (a player's name is shorter)
LIMITS = {"name": 30, "text": 80}


class CardForm(SubScreen):
    """A card's definition: name, item or instant, activation faces, damage, single-use,
    continuous or plain, the effect the companion computes (if any) and the printed text.

    Given a known card (``card``: the catalog's entry as the view lists it), its known
    figures are shown and locked — a figure once known never changes — and only the missing
    ones are asked for.  Saving plays the
    ``define`` line; a refusal stays on the form as the banner; ``done(name)`` is called
    once the rules accepted it."""

    def __init__(self, app, back, card=None, done=None) -> None:
        super().__init__(app, back)
        known = card or {}
        self.known = card
        self.done = done
        self.name = known.get("name", "")
        self.type = known.get("type", "item")
        self.faces = set(known.get("faces") or ())
        self.damage = known.get("damage")
        self.use = known.get("use")
        self.effect = known.get("effect")
        self.amount = known.get("amount") or 1
        self.text = known.get("text", "")
        self.title = f"Fill in the {self.name}" if card else "A card not in the catalog"

    def locked(self, figure: str) -> bool:
        """A figure the rules already know for this card."""
        if self.known is None:
            return False
        if figure in ("name", "type"):
            return True
        return self.known.get(figure) is not None

    def choice(self, surface, cell, text, action, figure, selected, allowed=True, size=12):
        """A choice of one figure.  A figure already known shows its value, tappable only to
        say so; the others are greyed."""
        why = "Faces, damage and use are an item's: an instant has none"
        if self.locked(figure):
            action, allowed = ("locked", figure), selected
            why = f"The {self.name}'s {figure} is already known: a figure once known never changes."
        self.add_button(surface, Button(cell, text, action, allowed, selected=selected, why=why), self.scale(size))

    # -- drawing --------------------------------------------------------------------------
    def draw_body(self, surface, area):
        s = self.scale
        lines = rows(area.inflate(-s(20), -s(12)), [1, 1, 1, 1, 1, 1.1], s(8))
        self.draw_name(surface, lines[0])
        item = self.type == "item"
        self.draw_faces(surface, lines[1], item)
        self.draw_damage_and_use(surface, lines[2], item)
        self.draw_effect(surface, lines[3])
        label, field = columns(lines[4], [1, 5], s(8))
        draw_text(surface, "Text", label, s(15), theme.MUTED)
        self.add_button(surface, Button(field, self.text or "tap to type what the card says", ("text",)))
        back, save = columns(lines[5], [1, 2], s(10))
        self.add_button(surface, Button(back, "Back", ("back",)), s(16))
        self.add_button(surface, Button(save, "Save the card", ("save",), bool(self.name.strip()),
                                        colour=theme.GOOD, why="Type the card's name first"), s(16))

    def draw_name(self, surface, row):
        s = self.scale
        label, field, item, instant = columns(row, [1, 3, 1, 1], s(8))
        draw_text(surface, "Name", label, s(15), theme.MUTED)
        self.add_button(surface, Button(field, self.name or "tap to type", ("name",), not self.locked("name"),
                                        why="A known card's name never changes"), s(15))
        for cell, kind, text in ((item, "item", "Item"), (instant, "instant", "Instant")):
            self.choice(surface, cell, text, ("type", kind), "type", self.type == kind, size=14)

    def draw_faces(self, surface, row, item):
        s = self.scale
        label, *cells = columns(row, [2] + [1] * 8, s(theme.TARGET_GAP))
        draw_text(surface, "Faces" if item else "Faces: items only", label, s(14), theme.MUTED)
        for cell, face in zip(cells, FACES):
            self.choice(surface, cell, str(face), ("face", face), "faces", item and face in self.faces, item, 15)

    def draw_damage_and_use(self, surface, row, item):
        s = self.scale
        label, minus, shown, plus, *uses = columns(row, [2, 1, 1, 1, 2, 2, 2], s(theme.TARGET_GAP))
        draw_text(surface, "Damage", label, s(14), theme.MUTED)
        free = item and not self.locked("damage")
        self.add_button(surface, Button(minus, "−", ("damage", -1), free and self.damage is not None,
                                        why=self.damage_why(item)), s(16))
        draw_text(surface, "?" if self.damage is None or not item else str(self.damage), shown, s(theme.TABLE),
                  theme.INK, "centre", bold=True)
        self.add_button(surface, Button(plus, "+", ("damage", +1), free and (self.damage or 0) < MAX_DAMAGE,
                                        why=self.damage_why(item)), s(16))
        for cell, (use, text) in zip(uses, USES):
            self.choice(surface, cell, text, ("use", use), "use", item and self.use == use, item)

    def draw_effect(self, surface, row):
        s = self.scale
        *cells, minus, shown, plus = columns(row, [3, 3, 3, 1, 1, 1], s(theme.TARGET_GAP))
        for cell, (effect, text) in zip(cells, EFFECTS):
            self.choice(surface, cell, text, ("effect", effect), "effect", self.effect == effect)
        reduce = self.effect == "reduce" and not self.locked("amount")
        self.add_button(surface, Button(minus, "−", ("amount", -1), reduce and self.amount > 1,
                                        why="The reduction is set only for Reduce damage, and is at least 1"), s(16))
        draw_text(surface, f"−{self.amount}" if self.effect == "reduce" else "", shown, s(theme.TABLE), theme.INK,
                  "centre", bold=True)
        self.add_button(surface, Button(plus, "+", ("amount", +1), reduce and self.amount < MAX_DAMAGE,
                                        why=f"The reduction is set only for Reduce damage, at most {MAX_DAMAGE}"), s(16))

    def damage_why(self, item: bool) -> str:
        if not item:
            return "An instant deals no damage of its own"
        if self.locked("damage"):
            return f"The {self.name}'s damage is already known: a figure once known never changes."
        return f"Damage goes from 0 to {MAX_DAMAGE}"

    # -- input ------------------------------------------------------------------------------
    def on_button(self, action):
        kind = action[0]
        if kind == "back":
            self.go_back()
        elif kind == "save":
            self.save()
        elif kind in ("name", "text"):
            self.type_in(kind)
        elif kind == "locked":
            self.app.note(f"The {self.name}'s {action[1]} is already known: a figure once known never changes.")
        elif kind == "type":
            self.type = action[1]
        elif kind == "face":
            self.faces ^= {action[1]}
        elif kind == "damage":
            self.damage = max(0, action[1] if self.damage is None else self.damage + action[1])
        elif kind == "use":
            self.use = None if self.use == action[1] else action[1]
        elif kind == "effect":
            self.effect = action[1]
        elif kind == "amount":
            self.amount = max(1, self.amount + action[1])

    def type_in(self, field: str) -> None:
        prompt = "The card's name" if field == "name" else "What the card says"
        self.app.show(KeyboardScreen(self.app, self, prompt, getattr(self, field),
                                     lambda text: setattr(self, field, text), limit=LIMITS[field]))

    def definition(self) -> dict:
        """The ``define`` line's card: what the form says, leaving out figures not known yet
        and (for a known card) the figures the rules already have."""
        card: dict = {"name": self.name.strip(), "type": self.type}
        if self.type == "item":
            for figure, value in (("faces", sorted(self.faces) or None), ("damage", self.damage), ("use", self.use)):
                if value is not None and not self.locked(figure):
                    card[figure] = value
        if self.effect is not None and not self.locked("effect"):
            card["effect"] = self.effect
            if self.effect == "reduce":
                card["amount"] = self.amount
        if self.text.strip() and (self.known is None or self.text != self.known.get("text", "")):
            card["text"] = self.text.strip()
        return card

    def save(self) -> None:
        card = self.definition()
        if self.app.play({"act": "define", "card": card}):
            if self.done is not None:
                self.done(card["name"])
            self.go_back()


class DieEntryScreen(SubScreen):
    """The group's own die, face by face: for each face 1–8, tap the three faces that share
    an edge with it (touching goes both ways, so the other face's row follows).  Done
    checks it is a real eight-sided die, and says why not in a sentence."""

    title = "Our die, face by face"

    def __init__(self, app, back, spec=None, done=None) -> None:
        super().__init__(app, back)
        self.done = done
        self.touches = {f: set(spec[str(f)]) for f in FACES} if spec else {f: set() for f in FACES}
        self.face = 1  # the face whose neighbours are shown

    def draw_body(self, surface, area):
        """One face at a time: the faces as tabs (each with how many of its three neighbours
        are tapped), the chosen face drawn as on the die with its neighbours around it, and
        the seven other faces to tap."""
        s = self.scale
        gap = s(theme.TARGET_GAP)
        inner = area.inflate(-s(24), -s(16))
        foot = pygame.Rect(inner.left, inner.bottom - s(56), inner.width, s(56))
        body = pygame.Rect(inner.left, inner.top, inner.width, foot.top - gap - inner.top)
        picture, right = columns(body, [1, 3.2], s(16))
        face = self.face
        near = sorted(self.touches[face])
        draw_die(surface, picture.inflate(0, -s(40)), face, near)
        y = right.top
        y += draw_paragraph(surface, "Tap a face, then the three faces that share an edge with it (the other face's "
                            "row follows).", pygame.Rect(right.left, y, right.width, s(50)), s(theme.BODY),
                            theme.MUTED) + gap
        tabs = pygame.Rect(right.left, y, right.width, s(56))
        for cell, other in zip(columns(tabs, [1] * 8, gap), FACES):
            count = len(self.touches[other])
            self.add_button(surface, Button(cell, f"{other} ✓" if count == 3 else f"{other}: {count}",
                                            ("show", other), selected=other == face))
        y = tabs.bottom + gap
        count = len(self.touches[face])
        ask = pygame.Rect(right.left, y, right.width, s(40))
        draw_text(surface, f"Face {face} touches ({count} of 3):", ask, s(theme.TABLE),
                  theme.INK if count == 3 else theme.GOLD, bold=True)
        touches = pygame.Rect(right.left, ask.bottom + gap, right.width, s(64))
        for cell, other in zip(columns(touches, [1] * 7, gap), [f for f in FACES if f != face]):
            self.add_button(surface, Button(cell, str(other), ("touch", face, other), selected=other in self.touches[face]),
                            s(theme.TABLE))
        left = [str(f) for f in FACES if len(self.touches[f]) != 3]
        status = ("Still to finish: face" + ("s " if len(left) > 1 else " ") + ", ".join(left)) if left else \
            "Every face touches three others: Use this die checks it is a real d8."
        draw_paragraph(surface, status, pygame.Rect(right.left, touches.bottom + gap, right.width,
                                                    body.bottom - touches.bottom - gap), s(theme.BODY), theme.INK)
        parts = columns(foot, [2, 2, 1.3, 1.3, 2], gap)
        self.add_button(surface, Button(parts[0], "Fill: standard", ("fill", "standard")))
        self.add_button(surface, Button(parts[1], "Fill: rulebook", ("fill", "rulebook")))
        self.add_button(surface, Button(parts[2], "Clear", ("clear",)))
        self.add_button(surface, Button(parts[3], "Back", ("back",)))
        self.add_button(surface, Button(parts[4], "Use this die", ("done",), colour=theme.GOOD))

    def spec(self) -> dict:
        return {str(f): sorted(self.touches[f]) for f in FACES}

    def on_button(self, action):
        kind = action[0]
        if kind == "show":
            self.face = action[1]
        elif kind == "touch":
            face, other = action[1], action[2]
            if other in self.touches[face]:
                self.touches[face].discard(other)
                self.touches[other].discard(face)
            else:
                self.touches[face].add(other)
                self.touches[other].add(face)
        elif kind == "fill":
            die = LAYOUTS[action[1]]
            self.touches = {f: set(die.adjacent(f)) for f in FACES}
        elif kind == "clear":
            self.touches = {f: set() for f in FACES}
        elif kind == "back":
            self.go_back()
        elif kind == "done":
            self.finish()

    def finish(self) -> None:
        try:
            custom(self.spec())
        except Refused as refused:
            self.app.refuse(refused.reason)
            return
        if self.done is not None:
            self.done(self.spec())
        self.go_back()
