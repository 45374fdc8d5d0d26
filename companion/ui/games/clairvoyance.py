"""The Clairvoyance screen: every player's health, character, ability and possessions on
one side; on the other the die (its face and the faces it can reach), the turn (actions
and throws left, the order), what the last line did in words, and the entry of what is
owed now — the guesses and the roll for who goes first, the turn's actions, the
interference window seat by seat in priority order, the die's turn among the reachable
faces (each marked with whether it activates the card), room to make, the winner.

Everything shown comes from the table's view (``self.view``: the figures, the turn order,
who may still interfere, each face's hit or miss, the sentences) and every button is one
of the rules' legal actions (``legal()``), so the screen works out no rule and can only ask
for what the rules allow; what it cannot list — a card not in the catalog, a figure the
catalog lacks — is entered on a form as the rules' ``define`` line, and effects the
companion cannot compute are recorded as the rules' corrections.  A refusal is the app's
banner and changes nothing."""

from __future__ import annotations

import pygame

from companion.ui import theme
from companion.ui.games.clairvoyance_draw import draw_die, draw_health_bar, draw_items, draw_seats, health_colour
from companion.ui.games.clairvoyance_entry import CardForm, DieEntryScreen
from companion.ui.games.clairvoyance_lights import lights
from companion.ui.games.clairvoyance_panel import PlayerPanel
from companion.ui.games.clairvoyance_words import action_label
from companion.ui.screen import GameScreen
from companion.ui.widgets import Button, columns, draw_paragraph, draw_text, grid, panel, rows
from firmware_py.pentagram.scenes import DAMAGE_SECONDS

FIX_WORDS = {"hurt": "Someone loses health", "heal": "Someone gains health", "draw": "Someone draws",
             "destroy": "An item is destroyed"}
PHASES = {"guess": "who goes first", "roll": "who goes first", "over": "the end"}
DIE_NAMES = {"rulebook": "the rulebook's layout", "standard": "a standard d8"}
MOVES = ("instant", "use", "ability")


def option_screen(key, app, back, value, done):
    """The own-die option is on once the die has been entered face by face (Entry.option_screens)."""
    return DieEntryScreen(app, back, value, done) if key == "own_die" else None


class ClairvoyanceScreen(GameScreen):
    def __init__(self, app) -> None:
        super().__init__(app)
        self.title = "Clairvoyance"
        self.hit_at: float | None = None
        self.seen_plays = len(self.view["plays"])

    def name(self, seat: int) -> str:
        return self.view["players"][seat]

    def card(self, name: str) -> dict:
        """A card of the catalog, as the view lists it (its figures as JSON)."""
        return next(c for c in self.view["catalog"] if c["name"] == name)

    # -- time: the computer's moves, the pentagram's damage flash -------------------------------
    def tick(self, now: float) -> bool:
        played = self.play_computer(now)
        plays = self.view["plays"]
        fresh = plays[self.seen_plays:] if len(plays) > self.seen_plays else ()
        self.seen_plays = len(plays)
        if any(p["outcome"] == "hit" and p.get("damage") for p in fresh):
            self.hit_at = now
            return True
        return played  # the damage flash is the pentagram's: the LCD has nothing new to draw

    def animating(self) -> bool:
        """The loop turns at the frame rate while the pentagram flashes (the LCD is not redrawn)."""
        return self.hit_at is not None and self.app.clock.now() - self.hit_at < DAMAGE_SECONDS

    def pentagram_scene(self):
        return lights(self.view, self.app.match.meta, self.hit_at if self.animating() else None)

    # -- drawing ------------------------------------------------------------------------------
    def draw_body(self, surface, area):
        s = self.scale
        view = self.view
        phase = PHASES.get(view["phase"]) or f"turn {view['turn']['number']}"
        self.title = f"Clairvoyance — {phase}"
        left, right = columns(area.inflate(-s(16), -s(12)), [0.6, 1], s(12))
        self.draw_table(surface, left)
        self.draw_right(surface, right)

    # the table: the die, and a row per player ------------------------------------------------------
    def draw_table(self, surface, area):
        """The die on top; under it one row per player (colour, name, health bar and number,
        items held as little cards), each a tap away from the player's panel."""
        s = self.scale
        seats = self.view["seats"]
        gap = s(theme.TARGET_GAP)
        count = len(seats)
        row = min(s(80), max(s(theme.TARGET), (area.height - s(120) - gap * count) // count))
        die_height = min(s(170), area.height - count * (row + gap))
        die = pygame.Rect(area.left, area.top, area.width, die_height)
        self.draw_die_box(surface, die)
        top = die.bottom + gap + (area.height - die_height - count * (row + gap)) // 2
        for seat in range(count):
            box = pygame.Rect(area.left, top + seat * (row + gap), area.width, row)
            self.draw_seat(surface, box, seat)

    def draw_die_box(self, surface, area):
        s = self.scale
        view = self.view
        die = view["die"]
        panel(surface, area, theme.PANEL, s(8))
        picture, side = columns(area.inflate(-s(10), -s(10)), [2.2, 1], s(6))
        works = None
        turn = view["die_turn"]
        if turn is not None and view["next"] is not None and view["next"]["act"] == "die":
            works = {f["face"]: f["works"] for f in turn["faces"] if f["reachable"]}
        draw_die(surface, picture, die["face"], die["reachable"], works)
        label, number = rows(side.inflate(0, -side.height // 3), [1, 1.4], 0)
        draw_text(surface, "Deck", label, s(theme.BODY), theme.MUTED, "centre")
        draw_text(surface, str(view["deck"]), number, s(theme.TABLE), theme.INK, "centre", bold=True)

    def draw_seat(self, surface, box, seat):
        s = self.scale
        info = self.view["seats"][seat]
        turn = seat == self.view["turn_seat"]
        button = Button(box, info["name"], ("player", seat), colour=theme.PANEL_LIGHT if turn else theme.PANEL,
                        draw_face=self.seat_face(seat))
        self.add_button(surface, button)
        if turn:
            pygame.draw.rect(surface, theme.GOLD, box, s(3), border_radius=max(3, box.height // 6))

    def seat_face(self, seat: int):
        """A player's row: their colour, name, health as a bar and a number, items as cards
        (and with room, their character and hand)."""
        s = self.scale
        info = self.view["seats"][seat]
        top = self.view["health_top"]
        colour = self.colour(seat)

        def face(surface, inner):
            pygame.draw.rect(surface, colour, pygame.Rect(inner.left, inner.top + s(2), s(8), inner.height - s(4)),
                             border_radius=s(3))
            body = pygame.Rect(inner.left + s(14), inner.top, inner.width - s(14), inner.height)
            two = body.height >= s(70)
            first, second = rows(body, [1.3, 1], 0) if two else (body, None)
            name, bar, number, items = columns(first, [1.5, 1.25, 0.75, 0.8], s(6))
            team = info["team"]
            if team is not None:  # the team's letter at the name's end
                tag = pygame.Rect(name.right - s(20), name.top, s(20), name.height)
                draw_text(surface, "AB"[team] if team < 2 else str(team + 1), tag, s(theme.FLOOR), theme.MUTED,
                          "right", bold=True)
                name = pygame.Rect(name.left, name.top, name.width - s(24), name.height)
            draw_text(surface, info["name"], name, s(20), theme.INK, bold=True)
            if info["out"]:
                draw_text(surface, "out", pygame.Rect(bar.left, bar.top, number.right - bar.left, bar.height),
                          s(theme.BODY), theme.BAD, "centre", bold=True)
            else:
                draw_health_bar(surface, pygame.Rect(bar.left, bar.centery - s(7), bar.width, s(14)),
                                info["health"], top)
                draw_text(surface, str(info["health"]), number, s(theme.TABLE),
                          health_colour(info["health"], top), "right", bold=True)
            draw_items(surface, pygame.Rect(items.left, items.centery - s(9), items.width, s(18)),
                       len(info["possessions"]))
            if second is not None:
                who, hand = columns(second, [2.2, 1], s(6))
                draw_text(surface, info["character"], who, s(theme.BODY), theme.MUTED)
                draw_text(surface, f"hand {info['hand']}", hand, s(theme.BODY), theme.MUTED, "right")
        return face

    # the right side: whose turn, the order, what happened, what is asked --------------------------
    def draw_right(self, surface, area):
        s = self.scale
        view = self.view
        gap = s(theme.TARGET_GAP)
        head = pygame.Rect(area.left, area.top, area.width, s(40))
        self.draw_headline(surface, head)
        top = head.bottom + gap
        owed = view["next"]
        window = owed is not None and owed["act"] == "window" and not self.draft.get("verb")
        if view["phase"] != "over" and not window:
            status = pygame.Rect(area.left, top, area.width, s(34))
            self.draw_status(surface, status)
            top = status.bottom + gap
        action = pygame.Rect(area.left, top, area.width, area.bottom - top)
        panel(surface, action, theme.PANEL, s(8))
        self.draw_action(surface, action.inflate(-s(16), -s(12)))

    def draw_headline(self, surface, area):
        """Whose turn it is (or who goes first, or the end), big, and the turn's actions left."""
        s = self.scale
        view = self.view
        turn = view["turn"]
        if view["phase"] == "over":
            return draw_text(surface, "The game is over", area, s(theme.TABLE), theme.GOOD, bold=True)
        if turn is None:
            return draw_text(surface, "Who goes first?", area, s(theme.TABLE), theme.INK, bold=True)
        seat = view["turn_seat"]
        dot = s(12)
        pygame.draw.circle(surface, self.colour(seat), (area.left + dot, area.centery), dot)
        name, facts = columns(pygame.Rect(area.left + dot * 2 + s(8), area.top, area.width - dot * 2 - s(8),
                                          area.height), [1.35, 1], s(8))
        draw_text(surface, f"{turn['player']}'s turn", name, s(theme.TABLE), theme.INK, bold=True)
        actions, throws = turn["actions_left"], turn["throws_left"]
        draw_text(surface, f"{actions} action{'s' if actions != 1 else ''} · {throws} throw{'s' if throws != 1 else ''}",
                  facts, s(theme.BODY), theme.GOLD, "right", bold=True)

    def draw_status(self, surface, area):
        """Before play: the numbers said and rolled; in play, the order round the table as a row of seats."""
        s = self.scale
        view = self.view
        if view["turn"] is None:
            return draw_text(surface, self.order_text(), area, s(theme.BODY), theme.MUTED)
        seats = [(self.name(x), self.colour(x)) for x in view["order"]]
        draw_seats(surface, area, seats, s(6), 0 if view["order"] and view["order"][0] == view["turn_seat"] else None,
                   s(theme.BODY))

    def order_text(self) -> str:
        first = self.view["first_player"]
        said = [f"{name} {', '.join(map(str, faces))}" for name, faces in first["guesses"].items()]
        rolled = f" · rolled {', '.join(map(str, first['rolls']))}" if first["rolls"] else ""
        return "Said: " + (", ".join(said) or "nothing yet") + rolled

    # -- the entry of what is owed ----------------------------------------------------------------
    def draw_action(self, surface, area):
        owed = self.view["next"]
        if owed is None:
            return self.draw_over(surface, area)
        if self.draft.get("verb"):
            return self.draw_flow(surface, area)
        handler = {"guess": self.draw_guess, "roll": self.draw_roll, "make_room": self.draw_room,
                   "window": self.draw_window, "die": self.draw_die, "action": self.draw_turn}[owed["act"]]
        handler(surface, area, owed)

    def said(self, surface, area, text=None, colour=theme.INK, size=theme.BODY) -> pygame.Rect:
        """A sentence (by default what the last line did) from the top of ``area``, wrapped
        whole; returns the room left under it."""
        s = self.scale
        text = (self.view["said"] if text is None else text).strip()
        if not text:
            return area
        used = draw_paragraph(surface, text, area, s(size), colour)
        return pygame.Rect(area.left, area.top + used + s(8), area.width, area.height - used - s(8))

    def ask(self, surface, area, text, colour=theme.INK) -> pygame.Rect:
        """What is asked: at the table's size on one line when it fits, else wrapped smaller;
        returns the room left under it."""
        s = self.scale
        face = theme.font(s(theme.TABLE), True)
        if face.size(text)[0] <= area.width:
            line = pygame.Rect(area.left, area.top, area.width, s(36))
            draw_text(surface, text, line, s(theme.TABLE), colour, bold=True)
            used = line.height
        else:
            used = draw_paragraph(surface, text, area, s(theme.HEADING), colour, bold=True)
        return pygame.Rect(area.left, area.top + used + s(8), area.width, area.height - used - s(8))

    def footer(self, area, height=None) -> tuple[pygame.Rect, pygame.Rect]:
        """``area`` split into the room above and a row of buttons at its bottom."""
        s = self.scale
        height = height or s(theme.TARGET)
        foot = pygame.Rect(area.left, area.bottom - height, area.width, height)
        return pygame.Rect(area.left, area.top, area.width, foot.top - area.top - s(theme.TARGET_GAP)), foot

    def do(self, action) -> tuple:
        return ("do", action)

    def draw_guess(self, surface, area, owed):
        s = self.scale
        draft = self.draft
        legal = self.legal("guess")
        waiting = sorted({a["seat"] for a in legal})
        if draft.get("seat") not in waiting:
            draft.update(seat=owed["seat"], faces=[])
        seat = draft["seat"]
        free = {f for a in legal if a["seat"] == seat for f in a["faces"]}
        two = self.faces_each() == 2
        rest = self.said(surface, area, "Each player says " + ("two numbers" if two else "a number")
                         + "; the die is rolled until it shows one: who said it goes first.", theme.MUTED)
        rest = self.ask(surface, rest, f"{self.name(seat)}: say {'two numbers' if two else 'a number'}")
        gap = s(theme.TARGET_GAP)
        who, faces = rows(rest, [1, 2], gap) if len(waiting) > 1 else (None, rest)
        if who is not None:
            for cell, p in zip(columns(who, [1] * max(len(waiting), 3), gap), waiting):
                self.add_button(surface, Button(cell, self.name(p), ("seat", p), selected=p == seat,
                                                colour=self.colour(p)))
        for cell, face in zip(grid(faces, 4, 2, gap), range(1, 9)):
            self.add_button(surface, Button(cell, str(face), ("say", face), face in free,
                                            selected=face in draft["faces"],
                                            why=f"{self.name(seat)} cannot say {face}: it is said already"),
                            s(theme.TABLE))

    def faces_each(self) -> int:
        """How many numbers each player says (two with two players), as the rules' guesses have."""
        legal = self.legal("guess")
        return len(legal[0]["faces"]) if legal else 1

    def draw_roll(self, surface, area, owed):
        s = self.scale
        rest = self.said(surface, area)
        rest = self.ask(surface, rest, "Roll: which face came up?")
        faces, here = self.footer(rest) if self.app.box.simulate else (rest, None)
        choices = [(str(a["face"]), self.do(a)) for a in self.legal("roll")]
        self.add_choices(surface, faces, choices, 4, 2, s(theme.TABLE))
        if here is not None:
            self.add_button(surface, Button(here, "Roll it here (simulation)", ("roll_here",)))

    def draw_room(self, surface, area, owed):
        rest = self.said(surface, area)
        rest = self.ask(surface, rest, f"{self.name(owed['seat'])} has three items: discard one to take the "
                        f"{self.view['room']['card']}")
        choices = [(action_label(self.view, a), self.do(a)) for a in self.legal("make_room")]
        self.tall_choices(surface, rest, choices, 1, "flow")

    def draw_turn(self, surface, area, owed):
        s = self.scale
        seat = owed["seat"]
        gap = s(theme.TARGET_GAP)
        rest, tools = self.footer(area)
        rest = self.said(surface, rest)
        rest = self.said(surface, rest, "Possessing, or throwing from hand, turns the die; a possessed item's "
                         "throw needs none.", theme.MUTED)
        name = self.name(seat)
        offers = [("Possess an item…", ("verb", "possess"), bool(self.legal("possess") or self.fill_choices("possess")),
                   f"{name} has no item to possess now"),
                  ("Throw an item…", ("verb", "throw"), bool(self.legal("throw") or self.fill_choices("throw")),
                   f"{name} has nothing to throw now"),
                  ("Discard…", ("verb", "discard"), bool(self.legal("discard")), f"{name} cannot discard now"),
                  ("End the turn", self.do({"act": "end", "seat": seat}), bool(self.legal("end")),
                   f"{name} cannot end the turn now")]
        verbs = pygame.Rect(rest.left, rest.bottom - s(theme.TARGET) * 2 - gap, rest.width, s(theme.TARGET) * 2 + gap)
        for cell, (label, action, enabled, why) in zip(grid(verbs, 2, 2, gap), offers):
            self.add_button(surface, Button(cell, label, action, enabled, why=why))
        self.draw_tools(surface, tools, anytime=True)

    def draw_tools(self, surface, area, anytime: bool, go_on: bool = False):
        """What may happen at any moment: someone's instant, item effect or ability; an effect
        the players resolve, recorded; a card the catalog lacks."""
        s = self.scale
        gap = s(theme.TARGET_GAP)
        parts = columns(area, [1, 1, 1.7] if go_on else [1.3, 1, 1], gap)
        if anytime:
            self.add_button(surface, Button(parts[0], "Someone acts…", ("verb", "act"), bool(self.actors()),
                                            why="Nobody has an instant, item effect or ability to use now"))
        fixes = [a for a in self.all_legal() if a["act"] in FIX_WORDS]
        fix, new = (parts[1], parts[2]) if anytime else (parts[0], parts[1])
        self.add_button(surface, Button(fix, "Effects…", ("verb", "fix"), bool(fixes),
                                        why="No card's effect waits to be recorded now"))
        self.add_button(surface, Button(new, "New card…", ("newcard",)))
        if go_on:
            self.add_button(surface, Button(parts[2], "Nobody else — go on", self.do({"act": "resolve"}),
                                            colour=theme.GOOD))

    def actors(self) -> list[int]:
        """The seats with an instant, item effect or ability to use now, in priority order
        (nearest the turn-holder's left first; before play begins, round the table)."""
        moving = {a["seat"] for a in self.all_legal() if a["act"] in MOVES}
        order = self.view["priority"] or range(len(self.view["players"]))
        return [seat for seat in order if seat in moving]

    def draw_window(self, surface, area, owed):
        window = self.view["interference"]
        order = list(window["order"])
        user = window["user"]  # an ability's user is not waited for, yet may act in it (R8)
        extra = [user] if user is not None and user not in order and self.moves_of(user) else []
        answered = ", ".join(self.name(x) for x in window["answered"])
        rest, tools = self.footer(area)
        rest = self.said(surface, rest)
        about = window["about"]
        if about.rstrip(".") in (self.view["said"] or ""):  # the last line said it already
            about = ""
        rest = self.said(surface, rest, about + (f" {answered} answered." if answered else ""), theme.MUTED)
        rest = self.ask(surface, rest, "Who interferes? In order:")
        self.draw_seat_row(surface, rest, order + extra, passing=True, not_waited=extra)
        self.draw_tools(surface, tools, anytime=False, go_on=True)

    def draw_seat_row(self, surface, area, seats, passing: bool, not_waited=()):
        """The seats in priority order as a row: each seat a button in their colour to choose
        what they play (an instant, an item's effect, their ability), and under it Pass in a
        window for each seat the window waits for (``not_waited``: may act, owes no answer)."""
        s = self.scale
        gap = s(theme.TARGET_GAP)
        height = min(area.height, s(theme.TARGET) * 2 + gap if passing else s(72))
        band = pygame.Rect(area.left, area.top, area.width, height)
        for seat, cell in zip(seats, columns(band, [1] * max(len(seats), 3), gap)):
            acts, pass_cell = rows(cell, [1, 1], gap) if passing else (cell, None)
            name = self.name(seat)
            self.add_button(surface, Button(acts, name, ("actor", seat), bool(self.moves_of(seat)),
                                            colour=self.colour(seat),
                                            why=f"{name} has no instant, item effect or ability to use now"), s(20))
            if passing and seat not in not_waited:
                self.add_button(surface, Button(pass_cell, "Pass", self.do({"act": "pass", "seat": seat})))

    def moves_of(self, seat: int) -> dict[str, list[dict]]:
        out: dict[str, list[dict]] = {}
        for a in self.all_legal():
            if a["act"] in MOVES and a["seat"] == seat:
                out.setdefault(a["act"], []).append(a)
        return out

    def draw_die(self, surface, area, owed):
        s = self.scale
        gap = s(theme.TARGET_GAP)
        turn = self.view["die_turn"]
        rest, tools = self.footer(area)
        rest = self.said(surface, rest)
        rest = self.ask(surface, rest, turn["prompt"], theme.INK)
        plain = [a for a in self.legal("die") if "cause" not in a]
        caused = [a for a in self.legal("die") if "cause" in a]
        faces = pygame.Rect(rest.left, rest.top, rest.width, s(64))
        for cell, action in zip(columns(faces, [1] * max(len(plain), 3), gap), plain):
            face = self.face(action["face"])
            colour = None if face["works"] is None else theme.GOOD if face["works"] else theme.PANEL_LIGHT
            self.add_button(surface, Button(cell, face["label"], self.do(action), colour=colour), s(theme.HEADING))
        if caused:
            other = pygame.Rect(rest.left, faces.bottom + gap, rest.width, s(theme.TARGET))
            self.add_button(surface, Button(other, f"Another face, by the {caused[0]['cause']}…", ("verb", "dieby")))
        self.draw_tools(surface, tools, anytime=True)

    def face(self, face: int) -> dict:
        """The die's ``face`` as the view tells it: reachable, and whether the card succeeds."""
        return self.view["die_turn"]["faces"][face - 1]

    def draw_over(self, surface, area):
        s = self.scale
        text, button = self.footer(area, s(56))
        rest = self.said(surface, text)
        winner = self.view["winner"] or ""
        face = theme.font(s(theme.HUGE), True)
        size = theme.HUGE if face.size(winner)[0] <= rest.width else theme.TABLE
        draw_paragraph(surface, winner, rest, s(size), theme.GOOD, bold=True)
        self.add_button(surface, Button(button, "See the results", ("results",), colour=theme.GOOD))

    # -- an entry in steps: the draft's verb and the picks so far -----------------------------------
    def draw_flow(self, surface, area):
        s = self.scale
        draft = self.draft
        body, foot = self.footer(area)
        question, choices = self.step(draft["verb"], draft.setdefault("picks", []))
        body = self.ask(surface, body, question)
        if choices is None:  # the row of seats: who acts
            self.draw_seat_row(surface, body, self.actors(), passing=False)
        elif not choices:
            self.said(surface, body, "Nothing of the kind is possible now.", theme.MUTED)
        else:
            self.tall_choices(surface, body, choices, 2 if len(choices) > 3 else 1, "flow")
        back, _ = columns(foot, [1, 2], s(theme.TARGET_GAP))
        self.add_button(surface, Button(back, "Back", ("back",)))

    def tall_choices(self, surface, area, choices, cols: int, page_key: str) -> None:
        """``choices`` (label, action) as buttons up to 72 units tall, room for a long choice's
        label to wrap, paged by the shared ``add_choices`` when they do not all fit."""
        s = self.scale
        gap = s(theme.TARGET_GAP)
        per_row = max(1, (area.height + gap) // (s(theme.TARGET) + gap))
        lines = max(1, min(per_row, -(-len(choices) // cols)))
        height = min(s(72), (area.height - gap * (lines - 1)) // lines)
        band = pygame.Rect(area.left, area.top, area.width, lines * height + (lines - 1) * gap)
        self.add_choices(surface, band, choices, cols, lines, page_key=page_key)

    def step(self, verb: str, picks: list) -> tuple[str, list | None]:
        """The question and choices of ``verb``'s next step after ``picks``."""
        return getattr(self, f"step_{verb}")(picks)

    def step_possess(self, picks):
        if not picks:
            names = dict.fromkeys(a["card"] for a in self.legal("possess"))
            return "Possess which item?", [(n, ("pick", n)) for n in names] + self.fill_choices("possess")
        choices = []
        for a in self.legal("possess", card=picks[0]):
            to = a.get("to", a["seat"])
            choices.append((f"{self.name(to)}{' (own)' if to == self.view['turn_seat'] else ''}", self.do(a)))
        return f"The {picks[0]} into whose possession?", choices

    def step_throw(self, picks):
        items = self.view["items"]
        if not picks:
            throws = self.legal("throw")
            cards = dict.fromkeys(a["card"] for a in throws if "card" in a)
            possessed = dict.fromkeys(a["item"] for a in throws if "item" in a)
            choices = [(f"#{i} {items[i]['card']} (possessed)", ("pick", ("item", i))) for i in possessed]
            choices += [(n, ("pick", n)) for n in cards]
            return "Throw which item?", choices + self.fill_choices("throw")
        source = picks[0]
        matching = self.legal("throw", item=source[1]) if isinstance(source, tuple) else \
            self.legal("throw", card=source)
        name = items[source[1]]["card"] if isinstance(source, tuple) else source
        return f"Throw the {name} at whom?", [(self.name(a["target"]), self.do(a)) for a in matching]

    def step_discard(self, picks):
        """Unseen cards by count, or named cards: one, then a second or none ("Discard up to
        2 cards" is one action)."""
        legal = self.legal("discard")
        named = [a["cards"][0] for a in legal if "cards" in a]
        if not picks:
            choices = [(f"{a['count']} card{'s' if a['count'] > 1 else ''}", self.do(a)) for a in legal
                       if "count" in a]
            return "Discard what? (how many, or name a card shown)", choices + [(n, ("pick", n)) for n in named]
        first = picks[0]
        seat = self.view["turn_seat"]
        choices = [(f"Only the {first}", self.do({"act": "discard", "seat": seat, "cards": [first]}))]
        choices += [(f"and {n}", self.do({"act": "discard", "seat": seat, "cards": [first, n]})) for n in named]
        return f"Discard the {first} and a second card?", choices

    def step_act(self, picks):
        """Who acts (the row of seats in priority order), then which of their moves: the
        instants in hand, the possessed items' effects and their ability."""
        if not picks:
            return "Who acts now?", None
        seat = picks[0]
        moves = self.moves_of(seat)
        ability = self.view["seats"][seat]["ability"]
        choices = [(action_label(self.view, a), self.do(a)) for a in moves.get("instant", []) + moves.get("use", [])]
        for a in moves.get("ability", []):
            label = action_label(self.view, a)
            choices.append((label if label.startswith(ability) else f"{ability}: {label}", self.do(a)))
        return f"{self.name(seat)} plays what?", choices

    def step_fix(self, picks):
        fixes = [a for a in self.all_legal() if a["act"] in FIX_WORDS]
        if not picks:
            kinds = dict.fromkeys(a["act"] for a in fixes)
            return "Record what an effect did:", [(FIX_WORDS[k], ("pick", k)) for k in kinds]
        kind = picks[0]
        fixes = [a for a in fixes if a["act"] == kind]
        causes = list(dict.fromkeys(a["cause"] for a in fixes))
        if len(picks) == 1:
            if len(causes) == 1:
                picks.append(causes[0])
                self.draft["auto"] = 1  # picks[1] was not tapped
            else:
                return "Which card's effect?", [(c, ("pick", c)) for c in causes]
        fixes = [a for a in fixes if a["cause"] == picks[1]]
        if len(picks) == 2:
            if kind == "destroy":
                return f"Which item does the {picks[1]} destroy?", [(action_label(self.view, a), self.do(a))
                                                                   for a in fixes]
            return f"Who? ({picks[1]})", [(self.name(a["seat"]), ("pick", a["seat"])) for a in fixes]
        field = "count" if kind == "draw" else "amount"
        base = next(a for a in fixes if a["seat"] == picks[2])
        return f"How many? ({self.name(picks[2])}, {picks[1]})", [
            (str(n), self.do({**base, field: n})) for n in range(1, 9)]

    def step_dieby(self, picks):
        caused = [a for a in self.legal("die") if "cause" in a]
        return (f"Turn the die to which face by the {caused[0]['cause']}?" if caused else "No effect turns the die now.",
                [(self.face(a["face"])["label"], self.do(a)) for a in caused])

    def fill_choices(self, verb: str) -> list:
        """Items the hand may hold whose figures the catalog lacks (the rules leave them out of
        ``legal()``): each opens the card form; and a card not in the catalog at all."""
        fill = self.view["to_fill"]
        if fill is None:
            return []
        out = [(f"{name}: fill in {self.lacking(name, verb)}…", ("fill", name)) for name in fill[verb]]
        if fill["new_card"]:
            out.append(("A card not in the catalog…", ("newcard",)))
        return out

    def lacking(self, name: str, verb: str) -> str:
        """The figures of ``name`` to fill in before ``verb``: "faces", "damage" or both."""
        card = self.card(name)
        wanted = ("faces",) if verb == "possess" else ("faces", "damage")
        return " and ".join(f for f in wanted if card.get(f) is None)

    # -- input ----------------------------------------------------------------------------------
    def on_button(self, action):
        if self.turn_page(action):
            return
        draft = self.draft
        kind = action[0]
        if kind == "do":
            self.app.play(action[1])
        elif kind == "verb":
            draft.clear()
            draft.update(verb=action[1], picks=[])
        elif kind == "actor":
            draft.clear()
            draft.update(verb="act", picks=[action[1]])
        elif kind == "pick":
            draft["picks"].append(action[1])
        elif kind == "back":
            self.back_one()
        else:
            self.on_other(action)
        self.app.dirty = True

    def back_one(self) -> None:
        """One step back in the entry; from its first step, out of it (in a window, straight
        back to the seat rows)."""
        draft = self.draft
        picks = draft.get("picks") or []
        if not picks or draft.get("verb") == "act" and self.view["next"]["act"] == "window":
            draft.clear()
            return
        picks.pop()
        if draft.get("auto") == len(picks):
            del draft["auto"]
            picks.pop()  # a step the screen took by itself (the only cause) is stepped back over too

    def on_other(self, action) -> None:
        kind = action[0]
        draft = self.draft
        if kind == "seat":
            draft.update(seat=action[1], faces=[])
        elif kind == "say":
            self.say(action[1])
        elif kind == "roll_here":
            if self.view["chance"] is not None:
                self.app.play(self.view["chance"])
        elif kind == "player":
            self.app.show(PlayerPanel(self.app, self, action[1]))
        elif kind == "fill":
            self.open_form(self.card(action[1]))
        elif kind == "newcard":
            self.open_form(None)
        elif kind == "results":
            from companion.ui.summary import SummaryScreen

            self.app.show(SummaryScreen(self.app))

    def say(self, face: int) -> None:
        """A guess: one number, or two with two players (the second tap says them)."""
        draft = self.draft
        faces = draft["faces"]
        if face in faces:
            faces.remove(face)
            return
        faces.append(face)
        if len(faces) == self.faces_each():
            self.app.play({"act": "guess", "seat": draft["seat"], "faces": list(faces)})

    def open_form(self, card) -> None:
        """The card form; once the card is defined, the entry in progress carries on."""
        kept = {k: (list(v) if isinstance(v, list) else v) for k, v in self.draft.items()}
        self.app.show(CardForm(self.app, self, card, lambda name: self.keep_draft(kept)))


def examples():
    """The Clairvoyance screen at moments of the example games in docs/examples, its set-up,
    its forms, and a five-player table (the tightest fit)."""
    from companion.ui import examples as ex
    from companion.ui import shell

    duel_log, team_log = ex.read_log("clairvoyance-two-players.jsonl"), ex.read_log("clairvoyance-teams.jsonl")
    if duel_log is None or team_log is None:
        return
    duel_setup, duel = duel_log
    team_setup, teams = team_log
    acts = [a["act"] for a in duel]
    team_acts = [a["act"] for a in teams]
    yield "clairvoyance-setup", lambda app: app.show(shell.SetupScreen(app, "clairvoyance"))
    yield "clairvoyance-die-entry", lambda app: app.show(
        DieEntryScreen(app, shell.SetupScreen(app, "clairvoyance")))
    yield "clairvoyance-guess", lambda app: ex.load(app, duel_setup, duel[:1])
    moments = {"clairvoyance-die": (duel_setup, duel, acts.index("die")),
               "clairvoyance-window": (duel_setup, duel, acts.index("instant") + 1),
               "clairvoyance-team-window": (team_setup, teams, len(teams) - 5),
               "clairvoyance-possessions": (team_setup, teams, team_acts.index("throw", 20) - 1),
               "clairvoyance-over": (duel_setup, duel, len(duel))}
    for name, (setup, actions, upto) in moments.items():
        yield name, ex.at(setup, actions, upto)

    def throwing(app):
        ex.load(app, duel_setup, duel[:acts.index("throw")])
        app.screen.on_button(("verb", "throw"))

    yield "clairvoyance-throw", throwing

    def filling(app):
        ex.load(app, team_setup, teams[: team_acts.index("ability")])
        app.show(CardForm(app, app.screen, app.screen.card("Jack-in-the-Box")))

    yield "clairvoyance-card-form", filling
    yield "clairvoyance-five", ex.at(*five_players(), len(five_players()[1]))

    def player(app):
        ex.load(app, *five_players())
        app.show(PlayerPanel(app, app.screen, 2))

    yield "clairvoyance-player", player

    yield "clairvoyance-summary", ex.results(duel_setup, duel)


def five_players() -> tuple[dict, list[dict]]:
    """A five-player Clairvoyance table with possessions all round, as the rules enter it."""
    cards = [{"name": "Lamp", "type": "item", "faces": [1, 2, 5], "damage": 2, "use": "none"},
             {"name": "Grandfather Clock", "type": "item", "faces": [1, 2, 4, 8], "damage": 4, "use": "none"},
             {"name": "Jack-in-the-Box", "type": "item", "faces": [1, 2, 4, 5, 6, 8], "damage": 1},
             {"name": "Music Box", "type": "item", "faces": [1, 2, 4, 5, 7, 8], "damage": 1, "use": "continuous",
              "text": "At the start of its owner's turn someone dances the blues: they lose 1 health."}]
    setup = {"game": "clairvoyance", "players": ["Ann", "Bo", "Cy", "Dee", "Eve"],
             "characters": ["Mama Rita", "Gertrude", "Harold", "Sebastian", "Claire"], "cards": cards}
    actions = [{"act": "guess", "seat": s, "faces": [s + 1]} for s in range(5)] + [{"act": "roll", "face": 1}]
    face = 1
    for seat, card in enumerate(["Grandfather Clock", "Jack-in-the-Box", "Music Box", "Lamp", "Music Box"]):
        face = 2 if face == 1 else 1
        actions += [{"act": "possess", "seat": seat, "card": card}, {"act": "resolve"},
                    {"act": "die", "seat": seat, "face": face}, {"act": "end", "seat": seat}]
    actions += [{"act": "throw", "seat": 0, "item": 1, "target": 1}]
    return setup, actions


def draw_icon(surface, rect, s) -> None:
    """The home screen's picture of Clairvoyance: the d8, 8 on top, the faces one turn away."""
    draw_die(surface, rect, 8, [3, 5, 7])
