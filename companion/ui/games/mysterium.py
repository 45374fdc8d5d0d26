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
from companion.ui.screen import GameScreen
from companion.ui.widgets import Button, columns, draw_paragraph, draw_text, grid, panel, rows
from firmware_py.pentagram.scenes import MysteriumScene

PHASES = {"visions": "gives visions", "answers": "answers", "final": "the final vote", "over": "the end"}


def lights(view: dict, meta: dict, sand: float | None = None, running: bool = False) -> MysteriumScene:
    """The pentagram: the sand left (the screen's hourglass when it runs: full before the flip,
    empty once it has run out) and the clock's hour on the points."""
    if sand is None:
        sand = 0.0 if view["phase"] == "answers" else 1.0
    return MysteriumScene(sand=max(0.0, min(1.0, sand)), running=running, round=min(max(view["clock"], 1), 7))


class MysteriumScreen(GameScreen):
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
        return self.play_computer(now) or glass.running

    def animating(self) -> bool:
        thinking = self.computer_move() is not None and self.app.unsaved() is None
        return thinking or (self.view["phase"] == "sand" and self.app.box.hourglass.running)

    def pentagram_scene(self):
        glass = self.app.box.hourglass
        sand = glass.fraction_left() if self.view["phase"] == "sand" else None
        return lights(self.view, self.app.match.meta, sand, glass.running)

    # -- drawing ------------------------------------------------------------------------------
    def draw_body(self, surface, area):
        s = self.scale
        view = self.view
        self.title = "Mysterium — the final vote" if view["final"] else f"Mysterium — hour {view['hour']} of VII"
        left, right = columns(area.inflate(-s(12), -s(10)), [11, 9], s(10))
        self.draw_psychics(surface, left)
        info, action = rows(right, [1, 5], s(8))
        self.draw_info(surface, info)
        panel(surface, action, theme.PANEL, s(8))
        self.draw_action(surface, action.inflate(-s(10), -s(10)))

    def draw_psychics(self, surface, area):
        s = self.scale
        view = self.view
        main = view["variant"] == "main"
        sand = view["phase"] == "sand"
        for p, row in enumerate(rows(area, [1] * len(view["psychics"]), s(5))):
            standing = view["standing"][p]
            panel(surface, row, theme.PANEL_LIGHT if self.selected == p and sand else theme.PANEL, s(8))
            pygame.draw.rect(surface, self.psychic_colour(p), pygame.Rect(row.left, row.top, s(6), row.height),
                             border_radius=s(3))
            top, bottom = rows(row.inflate(-s(16), -s(6)).move(s(4), 0), [1, 1], 0)
            name, stage = columns(top, [1, 1], s(6))
            draw_text(surface, self.name(p) + (" (computer)" if self.by_computer(p) else ""), name, s(15),
                      theme.INK, bold=True)
            done = standing["stage"] == "finished"
            draw_text(surface, "finished ✓" if done else f"seeks the {standing['stage']}", stage, s(13),
                      theme.GOOD if done else theme.GOLD, "right")
            facts = [f"visions {standing['visions_kept']}"]
            if main:
                hand = standing["tokens"]["hand"]
                facts += [f"level {standing['level']}", f"tokens ✓{hand['check']} ✗{hand['cross']}"]
            if view["pawns"][p] is not None:
                facts.append(f"pawn on {view['pawns'][p]}")
            placed = standing["tokens"]["placed"] if main else []
            if placed:
                facts.append(" ".join(f"{'✓' if t['token'] == 'check' else '✗'}{t['target']}" for t in placed))
            draw_text(surface, " · ".join(facts), bottom, s(12), theme.MUTED)
            if sand:
                self.buttons.append(Button(row, "", ("select", p)))

    def draw_info(self, surface, area):
        s = self.scale
        view = self.view
        panel(surface, area, theme.PANEL, s(8))
        glass = self.app.box.hourglass
        if view["phase"] == "sand":
            left = glass.remaining() if (glass.running or glass.paused) else 0
            text = f"sand {int(left // 60)}:{int(left % 60):02d}"
        elif view["phase"] in ("visions", "answers"):
            text = f"{view['ghost']} {PHASES[view['phase']]}"
        else:
            text = PHASES[view["phase"]]
        label, crow = columns(area.inflate(-s(12), -s(8)), [3, 2], s(8))
        draw_text(surface, text, label, s(17), theme.GOLD, bold=True)
        self.add_button(surface, Button(crow, f"Crow ({view['crows']['left']} left)", ("crow",),
                                        bool(self.legal("crow")) and not self.ghost_is_computer()), s(13))

    def draw_action(self, surface, area):
        phase = self.view["phase"]
        if phase == "over":
            return self.draw_over(surface, area)
        {"visions": self.draw_visions, "sand": self.draw_sand, "answers": self.draw_answers,
         "final": self.draw_final}[phase](surface, area)

    def draw_thinking(self, surface, area, who: str) -> None:
        draw_text(surface, f"{who} is choosing…", area, self.scale(15), theme.MUTED)

    def draw_visions(self, surface, area):
        s = self.scale
        view = self.view
        waiting = view["waiting"]["psychics"]
        if self.vision_for not in waiting:
            self.vision_for = waiting[0] if waiting else None
        prompt, who, counts, layout = rows(area, [1, 1.3, 2.4, 1.2], s(6))
        laid = "; ".join(f"{category} {', '.join(map(str, cards))}" for category, cards in view["faceup"].items())
        draw_paragraph(surface, f"Face-up cards: {laid}", layout, s(11), theme.MUTED, 2)
        if self.ghost_is_computer():
            return self.draw_thinking(surface, prompt, self.ghost())
        draw_text(surface, f"{view['ghost']} gives a vision to…", prompt, s(15), theme.INK, bold=True)
        for cell, p in zip(columns(who, [1] * max(len(waiting), 3), s(5)), waiting):
            self.add_button(surface, Button(cell, self.name(p), ("vision_for", p), selected=p == self.vision_for,
                                            colour=self.psychic_colour(p)), s(14))
        numbers = sorted({a["cards"] for a in self.legal("vision", psychic=self.vision_for)})
        for cell, n in zip(grid(counts, 4, 2, s(5)), numbers):
            self.add_button(surface, Button(cell, f"{n} card{'s' if n > 1 else ''}", ("vision", n), key=str(n)), s(15))

    def draw_sand(self, surface, area):
        s = self.scale
        view = self.view
        unplaced = view["waiting"]["psychics"]
        playing = [p for p, entry in enumerate(view["standing"]) if entry["stage"] != "finished"]
        if self.selected is None or not (self.legal("guess", psychic=self.selected)
                                         or self.legal("predict", psychic=self.selected)):
            people = [p for p in unplaced if not self.by_computer(p)]
            self.selected = (people or unplaced or playing or [0])[0]
        p = self.selected
        prompt, hint, cards, tokens, stop = rows(area, [1, 0.8, 2, 2, 1], s(6))
        guesses = self.legal("guess", psychic=p)
        stage = view["standing"][p]["stage"]
        draw_text(surface, f"{self.name(p)}: pawn on a {stage} card" if guesses else f"{self.name(p)}: tokens",
                  prompt, s(14), self.psychic_colour(p), bold=True)
        draw_text(surface, self.vision_hint(p), hint, s(12), theme.MUTED)
        if self.by_computer(p):
            return self.draw_thinking(surface, cards, self.name(p) + " (computer)")
        numbers = [a["card"] for a in guesses]
        for cell, n in zip(grid(cards, max(5, (len(numbers) + 1) // 2), 2, s(4)), numbers):
            self.add_button(surface, Button(cell, str(n), ("guess", n), selected=view["pawns"][p] == n), s(15))
        predictions = self.legal("predict", psychic=p) + self.legal("unpredict", psychic=p)
        self.add_choices(surface, tokens, [(self.token_label(a), ("do", a)) for a in predictions], 4, 2, s(12),
                         page_key="tokens")
        self.add_button(surface, Button(stop, "Time's up", ("do", {"act": "expire"}), bool(self.legal("expire"))),
                        s(15))

    def token_label(self, action: dict) -> str:
        if action["act"] == "unpredict":
            return f"take back {self.name(action['target'])}"
        return f"{'✓' if action['token'] == 'check' else '✗'} {self.name(action['target'])}"

    def vision_hint(self, p: int) -> str:
        """This round's vision to ``p``, and for a computer ghost the cards it points at."""
        given = self.view["rounds"][-1]["visions"][p]
        possible = ", ".join(map(str, bot.candidates(self.view, p)))
        if given is None:
            return f"no vision this round · possible: {possible}"
        said = f"vision of {given} card{'s' if given > 1 else ''}"
        if self.ghost_is_computer():
            return f"{said}: points at {' or '.join(map(str, bot.pointed(self.view, p)))} (of {possible})"
        return f"{said} · possible: {possible}"

    def draw_answers(self, surface, area):
        s = self.scale
        view = self.view
        p = view["next"]["psychic"]
        stage, card = view["standing"][p]["stage"], view["pawns"][p]
        prompt, hint, buttons = rows(area, [1.4, 1, 2.5], s(8))
        draw_paragraph(surface, f"{view['ghost']}: is {self.name(p)}'s {stage} card {card} the right one?", prompt,
                       s(16), theme.INK)
        if self.ghost_is_computer():
            return self.draw_thinking(surface, hint, self.ghost())
        draw_text(surface, "Knock once for yes, twice for no — or tap", hint, s(13), theme.MUTED)
        yes, no = columns(buttons, [1, 1], s(10))
        self.add_button(surface, Button(yes, "Yes", ("answer", True), key="y", colour=theme.GOOD), s(22))
        self.add_button(surface, Button(no, "No", ("answer", False), key="n", colour=theme.BAD), s(22))

    def draw_final(self, surface, area):
        s = self.scale
        owed = self.view["next"]
        act = owed["act"]
        prompt, shared, body = rows(area, [1.2, 1.1, 3], s(6))
        self.draw_cases(surface, shared)
        if act in ("commit", "reveal", "culprit") and self.ghost_is_computer():
            draw_paragraph(surface, "No more talking: the shared visions are turned up one by one.", prompt, s(14))
            return self.draw_thinking(surface, body, self.ghost())
        if act == "commit":
            draw_paragraph(surface, f"{self.view['ghost']} chooses a case and lays the culprit token face down.",
                           prompt, s(14))
            self.add_button(surface, Button(body.inflate(0, -s(30)), "The culprit token is down", ("do", owed)), s(16))
        elif act == "reveal":
            draw_paragraph(surface, "No more talking: the shared visions are turned up one by one.", prompt, s(14))
            label = "Reveal all three visions" if owed["vision"] == "all" else f"Reveal vision {owed['vision']}"
            self.add_button(surface, Button(body.inflate(0, -s(30)), label, ("do", owed)), s(16))
        elif act == "vote":
            self.draw_voting_order(surface, prompt)
            voters = [p for p in self.view["waiting"]["psychics"] if not self.by_computer(p)]
            if not voters:
                return self.draw_thinking(surface, body, "The computer")
            if self.selected not in voters:
                self.selected = voters[0]
            who, cases = rows(body, [1, 2], s(6))
            for cell, p in zip(columns(who, [1] * max(len(voters), 3), s(5)), voters):
                self.add_button(surface, Button(cell, self.name(p), ("select", p), selected=p == self.selected,
                                                colour=self.psychic_colour(p)), s(14))
            for cell, action in zip(grid(cases, 4, 2, s(6)), self.legal("vote", psychic=self.selected)):
                self.add_button(surface, Button(cell, f"case {action['case']}", ("do", action)), s(16))
        else:
            computer = all(self.by_computer(p) for p in range(len(self.view["psychics"])))
            if act == "choose" and computer:
                return self.draw_thinking(surface, body, "The computer")
            text = "The psychics agree on a case…" if act == "choose" else "The culprit token shows case…"
            draw_text(surface, text, prompt, s(15), theme.INK, bold=True)
            for cell, action in zip(grid(body, 4, 2, s(6)), self.legal(act)):
                self.add_button(surface, Button(cell, f"case {action['case']}", ("do", action)), s(16))

    def draw_cases(self, surface, area):
        """Each case's trio (character, location, object) and, from a computer ghost, what
        the shared visions turned up show."""
        view = self.view
        trios = bot.cases(view) if self.ghost_is_computer() else \
            [{c: case[c] for c in ("character", "location", "object")} for case in view["final"]["cases"]]
        text = " · ".join(f"{k}: " + ("/".join(str(trio[c]) for c in trio) if None not in trio.values() else "decoy")
                          for k, trio in enumerate(trios, 1))
        if self.ghost_is_computer() and view["final"]["revealed"]:
            text = "Visions show " + ", ".join(f"{c} {n}" for c, n in bot.shared_visions(view)) + ". Cases " + text
        else:
            text = "Cases (character/location/object) " + text
        draw_paragraph(surface, text, area, self.scale(11), theme.MUTED, 2)

    def draw_voting_order(self, surface, area):
        """Who votes after which vision, from the track's bands (low, intermediate, high)."""
        text = "; ".join(f"after vision {band['vision']}: "
                         + (", ".join(self.name(p) + (" ✓" if p in band["voted"] else "") for p in band["psychics"])
                            or "nobody")
                         for band in self.view["voting_order"])
        draw_paragraph(surface, f"Voting order — {text}. Votes are secret and final.", area, self.scale(12),
                       theme.MUTED, 2)

    def draw_over(self, surface, area):
        s = self.scale
        text, button = rows(area, [2, 1], s(8))
        won = self.view["result"] == "won"
        draw_paragraph(surface, "The culprit is unmasked: everyone wins!" if won else
                       "The mystery stays unsolved: everyone loses.", text, s(18), theme.GOOD if won else theme.BAD)
        self.add_button(surface, Button(button, "See the results", ("results",), colour=theme.GOOD), s(16))

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
        elif kind == "do":
            self.app.play(action[1])
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
