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

from companion.ui import theme
from companion.ui.games.clairvoyance_entry import CardForm, DieEntryScreen
from companion.ui.games.clairvoyance_lights import lights
from companion.ui.games.clairvoyance_words import action_label
from companion.ui.screen import GameScreen
from companion.ui.widgets import Button, columns, draw_paragraph, draw_text, panel, player_panel, rows
from firmware_py.pentagram.scenes import DAMAGE_SECONDS

GROUPS = (("instant", "Instant…"), ("use", "Item…"))
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
        return played or self.animating()

    def animating(self) -> bool:
        return self.hit_at is not None and self.app.clock.now() - self.hit_at < DAMAGE_SECONDS

    def pentagram_scene(self):
        return lights(self.view, self.app.match.meta, self.hit_at if self.animating() else None)

    # -- drawing ------------------------------------------------------------------------------
    def draw_body(self, surface, area):
        s = self.scale
        view = self.view
        phase = PHASES.get(view["phase"]) or f"turn {view['turn']['number']}"
        self.title = f"Clairvoyance — {phase}"
        left, right = columns(area.inflate(-s(12), -s(10)), [1, 1], s(10))
        self.draw_players(surface, left)
        info, last, action = rows(right, [1.35, 1.2, 5.6], s(6))
        self.draw_info(surface, info)
        self.draw_last(surface, last)
        panel(surface, action, theme.PANEL, s(8))
        self.draw_action(surface, action.inflate(-s(10), -s(8)))

    def draw_players(self, surface, area):
        s = self.scale
        seats = self.view["seats"]
        for seat, box in enumerate(rows(area, [1] * len(seats), s(5))):
            inner = player_panel(surface, box, self.colour(seat), seat == self.view["turn_seat"], s)
            top, middle, bottom = rows(inner, [1, 0.8, 1.7], 0)
            self.draw_player_top(surface, top, seat)
            draw_text(surface, self.player_facts(seat), middle, s(12), theme.MUTED)
            self.draw_possessions(surface, bottom, seat)

    def draw_player_top(self, surface, area, seat):
        s = self.scale
        info = self.view["seats"][seat]
        top = self.view["health_top"]
        name, health = columns(area, [3, 1], s(6))
        label = f"{info['name']} — {info['character']}" + (" — out" if info["out"] else "")
        draw_text(surface, label, name, s(15), theme.BAD if info["out"] else theme.INK, bold=True)
        colour = theme.BAD if info["health"] * 3 <= top else theme.GOLD  # a third or less
        draw_text(surface, f"♥ {info['health']}/{top}", health, s(16), colour, "right", bold=True)

    def player_facts(self, seat: int) -> str:
        info = self.view["seats"][seat]
        facts = [f"{info['ability']} {'spent' if info['ability_spent'] else 'ready'}", f"hand {info['hand']}"]
        if info["hand_known"]:
            facts.append("holds " + ", ".join(info["hand_known"]))
        team = info["team"]
        if team is not None:
            facts.append(f"team {'AB'[team] if team < 2 else team + 1}")
        if info["charmed"]:
            facts.append("charmed")
        if info["guaranteed_delivery"]:
            facts.append("delivery guaranteed")
        return " · ".join(facts)

    def draw_possessions(self, surface, area, seat):
        """Up to three possessed items, each a tappable chip: number, name, figures, effect."""
        s = self.scale
        items = self.view["seats"][seat]["possessions"]
        if not items:
            draw_text(surface, "no possessions", area, s(12), theme.FAINT)
            return
        for cell, item in zip(columns(area, [1, 1, 1], s(5)), items):
            button = Button(cell, item["card"], ("item", item["id"]), colour=theme.PANEL_LIGHT,
                            draw_face=self.chip_face(self.view["items"][item["id"]], item["id"]))
            self.add_button(surface, button)

    def chip_face(self, item: dict, number: int):
        """An item's chip: its number and name, its figures, and (with room) what it does —
        all three on one more line squeezed when the rows are short (five players)."""
        s = self.scale

        def face(surface, rect):
            lines = rows(rect, [1, 1, 1], 0) if rect.height >= s(34) else rows(rect, [1, 1], 0)
            draw_text(surface, f"#{number} {item['card']}", lines[0], s(12), theme.INK, bold=True)
            if len(lines) == 3:
                draw_text(surface, item["figures"], lines[1], s(11), theme.MUTED)
                draw_text(surface, item["does"] or "no effect", lines[2], s(11), theme.MUTED)
            else:
                does = f" · {item['does']}" if item["does"] else ""
                draw_text(surface, item["figures"] + does, lines[1], s(11), theme.MUTED)
        return face

    def draw_info(self, surface, area):
        """The die and the turn: the face, the faces it reaches, actions and throws left, the order."""
        s = self.scale
        die = self.view["die"]
        panel(surface, area, theme.PANEL, s(8))
        square, lines = columns(area.inflate(-s(10), -s(6)), [1, 4], s(8))
        panel(surface, square, theme.CARD, s(6))
        face = die["face"]
        draw_text(surface, "?" if face is None else str(face), square, s(30), theme.BACKGROUND, "centre", bold=True)
        first, second, third = rows(lines, [1, 1, 1], 0)
        if face is not None:
            near = " · ".join(str(f) for f in die["reachable"])
            draw_text(surface, f"The die shows {face}; one turn reaches {near}", first, s(13), theme.INK)
        else:
            draw_text(surface, f"The die: {DIE_NAMES.get(die['layout'], 'the group’s own die')}", first, s(13),
                      theme.INK)
        draw_text(surface, self.turn_text(), second, s(13), theme.GOLD, bold=True)
        draw_text(surface, self.order_text(), third, s(12), theme.MUTED)

    def turn_text(self) -> str:
        view = self.view
        if view["winner"] is not None:
            return view["winner"]
        turn = view["turn"]
        if turn is None:
            return "Each player says a number; roll the die"
        actions, throws = turn["actions_left"], turn["throws_left"]
        return (f"{turn['player']}: {actions} action{'s' if actions != 1 else ''}, "
                f"{throws} throw{'s' if throws != 1 else ''} left")

    def order_text(self) -> str:
        view = self.view
        if view["turn"] is None:
            first = view["first_player"]
            said = [f"{name} {', '.join(map(str, faces))}" for name, faces in first["guesses"].items()]
            rolled = f" · rolled {', '.join(map(str, first['rolls']))}" if first["rolls"] else ""
            return "Said: " + (", ".join(said) or "nothing yet") + rolled
        order = " → ".join(self.name(x) for x in view["order"])
        return f"Order: {order}" + (f" · deck {view['deck']}" if view["phase"] != "over" else "")

    def draw_last(self, surface, area):
        s = self.scale
        panel(surface, area, theme.PANEL, s(8))
        draw_paragraph(surface, self.view["said"] or "—", area.inflate(-s(12), -s(6)), s(12), theme.INK, 3)

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

    def prompt(self, surface, area, text, colour=theme.INK):
        draw_paragraph(surface, text, area, self.scale(14), colour, 2)

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
        prompt, who, faces = rows(area, [1.2, 1, 3], s(6))
        self.prompt(surface, prompt, f"Who goes first: {self.name(seat)} says "
                    + ("two numbers (two players)" if self.faces_each() == 2 else "a number") + " from 1 to 8")
        for cell, p in zip(columns(who, [1] * max(len(waiting), 3), s(4)), waiting):
            self.add_button(surface, Button(cell, self.name(p), ("seat", p), selected=p == seat,
                                            colour=self.colour(p)), s(13))
        for cell, face in zip(columns(faces.inflate(0, -faces.height // 3), [1] * 8, s(4)), range(1, 9)):
            self.add_button(surface, Button(cell, str(face), ("say", face), face in free,
                                            selected=face in draft["faces"]), s(20))

    def faces_each(self) -> int:
        """How many numbers each player says (two with two players), as the rules' guesses have."""
        legal = self.legal("guess")
        return len(legal[0]["faces"]) if legal else 1

    def draw_roll(self, surface, area, owed):
        s = self.scale
        prompt, faces, here = rows(area, [1.2, 2, 1], s(6))
        self.prompt(surface, prompt, "Roll the die: which face came up?")
        choices = [(str(a["face"]), self.do(a)) for a in self.legal("roll")]
        self.add_choices(surface, faces, choices, 4, 2, s(20))
        if self.app.box.simulate:
            self.add_button(surface, Button(here, "Roll it here (simulation)", ("roll_here",)), s(13))

    def draw_room(self, surface, area, owed):
        s = self.scale
        prompt, body = rows(area, [1.2, 3], s(6))
        self.prompt(surface, prompt, f"{self.name(owed['seat'])} has three items: discard one to take the "
                    f"{self.view['room']['card']}", self.colour(owed["seat"]))
        choices = [(action_label(self.view, a), self.do(a)) for a in self.legal("make_room")]
        self.add_choices(surface, body, choices, 1, 3, s(14))

    def draw_turn(self, surface, area, owed):
        s = self.scale
        seat = owed["seat"]
        prompt, verbs, tools = rows(area, [1.2, 2.4, 1], s(6))
        self.prompt(surface, prompt, f"{self.name(seat)}'s turn. Possessing, or throwing from hand, turns the die; "
                    "a possessed item's throw needs none.", self.colour(seat))
        cells = [c for row in rows(verbs, [1, 1], s(6)) for c in columns(row, [1, 1], s(6))]
        offers = [("Possess an item…", ("verb", "possess"), bool(self.legal("possess") or self.fill_choices("possess"))),
                  ("Throw an item…", ("verb", "throw"), bool(self.legal("throw") or self.fill_choices("throw"))),
                  ("Discard…", ("verb", "discard"), bool(self.legal("discard"))),
                  ("End the turn", self.do({"act": "end", "seat": seat}), bool(self.legal("end")))]
        for cell, (label, action, enabled) in zip(cells, offers):
            self.add_button(surface, Button(cell, label, action, enabled), s(14))
        self.draw_tools(surface, tools, anytime=True)

    def draw_tools(self, surface, area, anytime: bool, go_on: bool = False):
        """What may happen at any moment: someone's instant, item effect or ability; an effect
        the players resolve, recorded; a card the catalog lacks."""
        s = self.scale
        parts = columns(area, [1.3, 1, 1, 1.5] if go_on else [1.3, 1, 1], s(6))
        if anytime:
            self.add_button(surface, Button(parts[0], "Someone acts…", ("verb", "act"), bool(self.actors())), s(12))
        fixes = [a for a in self.all_legal() if a["act"] in FIX_WORDS]
        self.add_button(surface, Button(parts[1], "Effects…", ("verb", "fix"), bool(fixes)), s(12))
        self.add_button(surface, Button(parts[2], "New card…", ("newcard",)), s(12))
        if go_on:
            self.add_button(surface, Button(parts[3], "Nobody else — go on", self.do({"act": "resolve"}),
                                            colour=theme.GOOD), s(12))

    def actors(self) -> list[int]:
        """The seats with an instant, item effect or ability to use now, in priority order
        (nearest the turn-holder's left first; before play begins, round the table)."""
        moving = {a["seat"] for a in self.all_legal() if a["act"] in MOVES}
        order = self.view["priority"] or range(len(self.view["players"]))
        return [seat for seat in order if seat in moving]

    def draw_window(self, surface, area, owed):
        s = self.scale
        window = self.view["interference"]
        order = list(window["order"])
        user = window["user"]  # an ability's user is not waited for, yet may act in it (R8)
        extra = [user] if user is not None and user not in order and self.moves_of(user) else []
        answered = ", ".join(self.name(x) for x in window["answered"])
        prompt, body, tools = rows(area, [1.2, 4.6, 1], s(6))
        self.prompt(surface, prompt, window["about"] + (f" {answered} answered." if answered else "")
                    + " Who interferes, in order?")
        self.draw_seat_rows(surface, body, order + extra, passing=True, not_waited=extra)
        self.draw_tools(surface, tools, anytime=False, go_on=True)

    def draw_seat_rows(self, surface, area, seats, passing: bool, not_waited=()):
        """One row per seat: their name and a button for each kind of move they may make
        (instants from hand, single-use effects, their ability), and Pass in a window for
        each seat the window waits for (``not_waited``: a seat that may act but owes no answer)."""
        s = self.scale
        for seat, row in zip(seats, rows(area, [1] * max(len(seats), 4), s(4))):
            name, *cells = columns(row, [1.4, 1, 1, 1.4, 0.9], s(4))
            draw_text(surface, self.name(seat), name, s(13), self.colour(seat), bold=True)
            moves = self.moves_of(seat)
            ability = self.view["seats"][seat]["ability"]
            for cell, (group, label) in zip(cells, GROUPS + (("ability", ability),)):
                self.add_button(surface, Button(cell, label, ("group", seat, group), bool(moves.get(group))), s(11))
            if passing and seat not in not_waited:
                self.add_button(surface, Button(cells[3], "Pass", self.do({"act": "pass", "seat": seat})), s(12))

    def moves_of(self, seat: int) -> dict[str, list[dict]]:
        out: dict[str, list[dict]] = {}
        for a in self.all_legal():
            if a["act"] in MOVES and a["seat"] == seat:
                out.setdefault(a["act"], []).append(a)
        return out

    def draw_die(self, surface, area, owed):
        s = self.scale
        turn = self.view["die_turn"]
        prompt, faces, other, tools = rows(area, [1.4, 2.2, 1, 1], s(6))
        self.prompt(surface, prompt, turn["prompt"], self.colour(owed["seat"]))
        plain = [a for a in self.legal("die") if "cause" not in a]
        for cell, action in zip(columns(faces, [1] * max(len(plain), 3), s(6)), plain):
            face = self.face(action["face"])
            colour = None if face["works"] is None else theme.GOOD if face["works"] else theme.PANEL_LIGHT
            self.add_button(surface, Button(cell, face["label"], self.do(action), colour=colour), s(14))
        caused = [a for a in self.legal("die") if "cause" in a]
        if caused:
            self.add_button(surface, Button(other, f"Another face, by the {caused[0]['cause']}…", ("verb", "dieby")),
                            s(12))
        self.draw_tools(surface, tools, anytime=True)

    def face(self, face: int) -> dict:
        """The die's ``face`` as the view tells it: reachable, and whether the card succeeds."""
        return self.view["die_turn"]["faces"][face - 1]

    def draw_over(self, surface, area):
        s = self.scale
        text, button = rows(area, [2, 1], s(8))
        draw_paragraph(surface, self.view["winner"], text, s(20), theme.GOOD, 2)
        self.add_button(surface, Button(button, "See the results", ("results",), colour=theme.GOOD), s(16))

    # -- an entry in steps: the draft's verb and the picks so far -----------------------------------
    def draw_flow(self, surface, area):
        s = self.scale
        draft = self.draft
        prompt, body, foot = rows(area, [1.2, 4.6, 1], s(6))
        question, choices = self.step(draft["verb"], draft.setdefault("picks", []))
        self.prompt(surface, prompt, question)
        if choices is None:  # the seat rows: who acts
            self.draw_seat_rows(surface, body, self.actors(), passing=False)
        elif not choices:
            draw_paragraph(surface, "Nothing of the kind is possible now.", body, s(13), theme.MUTED, 2)
        else:
            cols = 2 if len(choices) > 4 else 1
            self.add_choices(surface, body, choices, cols, 5 if cols == 2 else 4, s(12), page_key="flow")
        back, _ = columns(foot, [1, 2], s(6))
        self.add_button(surface, Button(back, "Back", ("back",)), s(13))

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
        if not picks:
            return "Who acts now? (nearest the turn-holder's left first)", None
        seat, group = picks[0]
        ability = self.view["seats"][seat]["ability"]
        question = {"instant": f"{self.name(seat)} plays which instant, on what?",
                    "use": f"{self.name(seat)} uses which item's effect, on what?",
                    "ability": f"{self.name(seat)} uses {ability}: how?"}[group]
        return question, [(action_label(self.view, a), self.do(a)) for a in self.moves_of(seat).get(group, [])]

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
        elif kind == "group":
            draft.clear()
            draft.update(verb="act", picks=[(action[1], action[2])])
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
        elif kind == "item":
            item = self.view["items"][action[1]]
            self.app.note(f"{item['card']}: {item['figures']}" + (f" — {item['does']}" if item["does"] else ""))
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
