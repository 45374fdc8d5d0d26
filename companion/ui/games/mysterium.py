"""The Mysterium screen: the psychics' progress on one side, the moment's question on
the other — the ghost's visions, the pawns and tokens while the sand runs, the ghost's
yes/no for each guess (a knock, a button or a tap), and the final vote.

Everything the screen offers comes from the rules' legal actions, so it can only
ask for what the rules allow; the hourglass flips itself when the last vision is
given and locks the guesses when the sand runs out."""

from __future__ import annotations

import pygame

from companion.games.mysterium.rules import CATEGORIES, STAGES
from companion.ui import theme
from companion.ui.screen import GameScreen
from companion.ui.widgets import Button, columns, draw_paragraph, draw_text, grid, panel, rows
from firmware_py.pentagram.scenes import MysteriumScene

ROMAN = ("I", "II", "III", "IV", "V", "VI", "VII")


class MysteriumScreen(GameScreen):
    def __init__(self, app) -> None:
        super().__init__(app)
        self.title = "Mysterium"
        self.selected: int | None = None  # the psychic whose pawn or tokens are being placed
        self.vision_for: int | None = None
        self.flipped_for: int | None = None  # the round whose hourglass has been flipped
        self.expired_for: int | None = None  # the round whose sand ran out

    def colour(self, psychic: int):
        return theme.player_colour(self.app.match.meta, psychic + 1)  # seat 0 is the ghost

    def name(self, psychic: int) -> str:
        return self.state.table.psychics[psychic]

    # -- time: the hourglass follows the game ----------------------------------------------
    def tick(self, now: float) -> bool:
        glass = self.app.box.hourglass
        state = self.state
        if state.phase == "sand" and self.flipped_for != state.round:
            glass.flip()
            self.flipped_for = state.round
            return True
        if state.phase == "sand" and glass.expired and self.expired_for != state.round:
            # once: with the "wait" house option a refusal ("Bo's pawn is not placed") is shown
            # once, and the table taps "Time's up" when the last pawn is down
            self.expired_for = state.round
            self.app.play({"act": "expire"}, by_companion=True)
            return True
        if state.phase != "sand" and (glass.running or glass.paused):
            glass.cancel()
        return glass.running

    def animating(self) -> bool:
        return self.state.phase == "sand" and self.app.box.hourglass.running

    def pentagram_scene(self):
        glass = self.app.box.hourglass
        state = self.state
        sand = glass.fraction_left() if state.phase == "sand" else (0.0 if state.phase == "answers" else 1.0)
        return MysteriumScene(sand=max(0.0, min(1.0, sand)), running=glass.running, round=min(max(state.round, 1), 7))

    # -- drawing ------------------------------------------------------------------------------
    def draw_body(self, surface, area):
        s = self.scale
        state = self.state
        hour = ROMAN[min(state.round, 7) - 1] if state.round >= 1 else "I"
        self.title = f"Mysterium — hour {hour} of VII" if state.final is None else "Mysterium — the final vote"
        left, right = columns(area.inflate(-s(12), -s(10)), [11, 9], s(10))
        self.draw_psychics(surface, left)
        info, action = rows(right, [1, 5], s(8))
        self.draw_info(surface, info)
        panel(surface, action, theme.PANEL, s(8))
        self.draw_action(surface, action.inflate(-s(10), -s(10)))

    def draw_psychics(self, surface, area):
        s = self.scale
        state = self.state
        count = len(state.table.psychics)
        for p, row in enumerate(rows(area, [1] * count, s(5))):
            chosen = self.selected == p and state.phase == "sand"
            panel(surface, row, theme.PANEL_LIGHT if chosen else theme.PANEL, s(8))
            pygame.draw.rect(surface, self.colour(p), pygame.Rect(row.left, row.top, s(6), row.height),
                             border_radius=s(3))
            top, bottom = rows(row.inflate(-s(16), -s(6)).move(s(4), 0), [1, 1], 0)
            name, stage = columns(top, [1, 1], s(6))
            draw_text(surface, self.name(p), name, s(15), theme.INK, bold=True)
            label = STAGES[state.stage[p]]
            done = state.stage[p] >= len(CATEGORIES)
            draw_text(surface, "finished ✓" if done else f"seeks the {label}", stage, s(13),
                      theme.GOOD if done else theme.GOLD, "right")
            facts = [f"visions {state.kept[p]}"]
            if not state.table.small:
                checks, crosses = state.hand[p]
                facts += [f"level {state.level[p]}", f"tokens ✓{checks} ✗{crosses}"]
            pawn = state.pawns.choices.get(p)
            if pawn is not None:
                facts.append(f"pawn on {pawn}")
            placed = state.placed[p]
            if placed:
                facts.append(" ".join(f"{'✓' if t == 'check' else '✗'}{self.name(q)}" for q, t in placed))
            draw_text(surface, " · ".join(facts), bottom, s(12), theme.MUTED)
            if state.phase == "sand":
                self.buttons.append(Button(row, "", ("select", p)))

    def draw_info(self, surface, area):
        s = self.scale
        state = self.state
        panel(surface, area, theme.PANEL, s(8))
        glass = self.app.box.hourglass
        if state.phase == "sand":
            left = glass.remaining() if (glass.running or glass.paused) else 0
            text = f"sand {int(left // 60)}:{int(left % 60):02d}"
        else:
            text = {"visions": "the ghost gives visions", "answers": "the ghost answers",
                    "final": "the final vote", "over": "the end"}.get(state.phase, state.phase)
        label, crow = columns(area.inflate(-s(12), -s(8)), [3, 2], s(8))
        draw_text(surface, text, label, s(17), theme.GOLD, bold=True)
        self.add_button(surface, Button(crow, f"Crow ({state.crows_left} left)", ("crow",), bool(self.legal("crow"))),
                        s(13))

    def draw_action(self, surface, area):
        state = self.state
        if state.result is not None:
            return self.draw_over(surface, area)
        handler = {"visions": self.draw_visions, "sand": self.draw_sand, "answers": self.draw_answers,
                   "final": self.draw_final}[state.phase]
        handler(surface, area)

    def draw_visions(self, surface, area):
        s = self.scale
        waiting = sorted({a["psychic"] for a in self.legal("vision")})
        if self.vision_for not in waiting:
            self.vision_for = waiting[0] if waiting else None
        prompt, who, counts, layout = rows(area, [1, 1.3, 2.4, 1.2], s(6))
        faceup = self.state.table.faceup
        laid = "; ".join(f"{cat} {', '.join(map(str, faceup[i]))}" for i, cat in enumerate(CATEGORIES))
        draw_paragraph(surface, f"Face-up cards: {laid}", layout, s(11), theme.MUTED, 2)
        draw_text(surface, "The ghost gives a vision to…", prompt, s(15), theme.INK, bold=True)
        for cell, p in zip(columns(who, [1] * max(len(waiting), 3), s(5)), waiting):
            self.add_button(surface, Button(cell, self.name(p), ("vision_for", p), selected=p == self.vision_for,
                                            colour=self.colour(p)), s(14))
        numbers = sorted({a["cards"] for a in self.legal("vision", psychic=self.vision_for)})
        for cell, n in zip(grid(counts, 4, 2, s(5)), numbers):
            self.add_button(surface, Button(cell, f"{n} card{'s' if n > 1 else ''}", ("vision", n), key=str(n)), s(15))

    def draw_sand(self, surface, area):
        s = self.scale
        state = self.state
        unplaced = [p for p in state.unfinished() if p not in state.pawns.choices]
        if self.selected is None or not (self.legal("guess", psychic=self.selected)
                                         or self.legal("predict", psychic=self.selected)):
            self.selected = unplaced[0] if unplaced else (state.unfinished() or [0])[0]
        p = self.selected
        prompt, cards, tokens, stop = rows(area, [1, 2, 2, 1], s(6))
        guesses = self.legal("guess", psychic=p)
        stage = STAGES[state.stage[p]]
        draw_text(surface, f"{self.name(p)}: pawn on a {stage} card" if guesses else f"{self.name(p)}: tokens",
                  prompt, s(14), self.colour(p), bold=True)
        numbers = [a["card"] for a in guesses]
        for cell, n in zip(grid(cards, max(5, (len(numbers) + 1) // 2), 2, s(4)), numbers):
            self.add_button(surface, Button(cell, str(n), ("guess", n), selected=state.pawns.choices.get(p) == n),
                            s(15))
        predictions = self.legal("predict", psychic=p) + self.legal("unpredict", psychic=p)
        cells = grid(tokens, 4, 2, s(4))
        for cell, action in zip(cells, predictions):
            if action["act"] == "unpredict":
                label = f"take back {self.name(action['target'])}"
            else:
                label = f"{'✓' if action['token'] == 'check' else '✗'} {self.name(action['target'])}"
            self.add_button(surface, Button(cell, label, ("do", action)), s(12))
        self.add_button(surface, Button(stop, "Time's up", ("do", {"act": "expire"}), bool(self.legal("expire"))),
                        s(15))

    def draw_answers(self, surface, area):
        s = self.scale
        owed = self.game.expected(self.state)
        p = owed["psychic"]
        stage = STAGES[self.state.stage[p]]
        card = self.state.pawns.choices.get(p)
        prompt, hint, buttons = rows(area, [1.4, 1, 2.5], s(8))
        draw_paragraph(surface, f"Ghost: is {self.name(p)}'s {stage} card {card} the right one?", prompt, s(16),
                       theme.INK)
        draw_text(surface, "Knock once for yes, twice for no — or tap", hint, s(13), theme.MUTED)
        yes, no = columns(buttons, [1, 1], s(10))
        self.add_button(surface, Button(yes, "Yes", ("answer", True), key="y", colour=theme.GOOD), s(22))
        self.add_button(surface, Button(no, "No", ("answer", False), key="n", colour=theme.BAD), s(22))

    def draw_final(self, surface, area):
        s = self.scale
        owed = self.game.expected(self.state)
        prompt, body = rows(area, [1.2, 4], s(8))
        act = owed["act"]
        if act == "commit":
            draw_paragraph(surface, "The ghost chooses a case and lays its culprit token face down.", prompt, s(14))
            self.add_button(surface, Button(body.inflate(0, -s(40)), "The culprit token is down", ("do", owed)), s(16))
        elif act == "reveal":
            draw_paragraph(surface, "No more talking: the shared visions are turned up one by one.", prompt, s(14))
            label = "Reveal all three visions" if owed["vision"] == "all" else f"Reveal vision {owed['vision']}"
            self.add_button(surface, Button(body.inflate(0, -s(40)), label, ("do", owed)), s(16))
        elif act == "vote":
            self.draw_voting_order(surface, prompt)
            voters = sorted({a["psychic"] for a in self.legal("vote")})
            if self.selected not in voters:
                self.selected = voters[0]
            who, cases = rows(body, [1, 2], s(6))
            for cell, p in zip(columns(who, [1] * max(len(voters), 3), s(5)), voters):
                self.add_button(surface, Button(cell, self.name(p), ("select", p), selected=p == self.selected),
                                s(14))
            for cell, action in zip(grid(cases, 4, 2, s(6)), self.legal("vote", psychic=self.selected)):
                self.add_button(surface, Button(cell, f"case {action['case']}", ("do", action)), s(16))
        else:
            prompt_text = "The psychics agree on a case…" if act == "choose" else "The culprit token shows case…"
            draw_text(surface, prompt_text, prompt, s(15), theme.INK, bold=True)
            for cell, action in zip(grid(body, 4, 2, s(6)), self.legal(act)):
                self.add_button(surface, Button(cell, f"case {action['case']}", ("do", action)), s(16))

    def draw_voting_order(self, surface, area):
        """Who votes after which vision, from the track's bands (low, intermediate, high)."""
        s = self.scale
        final = self.state.final
        after = {1: [], 2: [], 3: []}
        for p, band in enumerate(final.bands):
            after[band].append(self.name(p) + (" ✓" if final.votes and p in final.votes.choices else ""))
        text = "; ".join(f"after vision {v}: {', '.join(names) or 'nobody'}" for v, names in after.items())
        draw_paragraph(surface, f"Voting order — {text}. Votes are secret and final.", area, s(12), theme.MUTED, 2)

    def draw_over(self, surface, area):
        s = self.scale
        text, button = rows(area, [2, 1], s(8))
        won = self.state.result == "won"
        draw_paragraph(surface, "The culprit is unmasked: everyone wins!" if won else
                       "The mystery stays unsolved: everyone loses.", text, s(18), theme.GOOD if won else theme.BAD)
        self.add_button(surface, Button(button, "See the results", ("results",), colour=theme.GOOD), s(16))

    # -- input ----------------------------------------------------------------------------------
    def on_button(self, action):
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
        owed = self.game.expected(self.state)
        if owed and owed["act"] == "answer":
            self.app.play({"act": "answer", "psychic": owed["psychic"], "correct": correct})

    def on_answer(self, name: str) -> bool:
        """The ghost's knock (or the yes/no buttons) answers the guess being resolved."""
        if self.state.phase == "answers":
            self.answer(name == "yes")
            return True
        return False


def examples():
    """The Mysterium screen at each moment of the example game in docs/examples."""
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
    yield "mysterium-summary", ex.results(setup, actions)
