"""The Séance Party screen: each player's Zeners, energy, dice pool and spirits with the
round's turn order and how every speed was reached on one side; on the other, what is owed
now — curses, the revealed hand, boosts, a play, an attack, the damage type — and the last
battle told in words.  The pentagram mirrors the game (:func:`seance_scene`).

Entries come from the rules' legal actions where those are complete (pass, end, attach,
attack, damage, the dice of a boost, the planchette's targets).  Where the companion cannot
enumerate the choice (a card from a hand it does not know), the screen offers the cards
the game knows — the catalog and the setup's cards — and says so; a card not in the
catalog cannot be defined here (the log's inline definition needs a long form: a known gap).
The rules refuse anything wrong, and the refusal is the app's banner."""

from __future__ import annotations

import pygame

from companion.games.seance_party import rules
from companion.ui import theme
from companion.ui.games.seance_lights import seance_scene
from companion.ui.screen import GameScreen
from companion.ui.widgets import Button, columns, draw_paragraph, draw_text, grid, panel, rows
from companion.ui.zener import draw_symbol

STEP = {"curse": "Curse step", "reveal": "Speed: reveal hands", "boost": "Speed: boosts", "turns": "Turns",
        "battle": "Battle: boosts", "damage": "Battle: damage type", "over": "The end"}
SHORT = {"circle": "○", "cross": "+", "wave": "≈", "square": "□", "star": "☆"}
ANIMATION = 3.0  # seconds a charge's flourish or a battle's pulse is animated


class SeancePartyUi:
    name = "seance-party"
    title = "Séance Party"
    min_players = 2
    max_players = 4
    default_players = 2
    options = [("battle", "Séance battle (30 cards each)", False)]

    def blurb(self, options) -> str:
        if options.get("battle"):
            return "Séance battle: each player brings a 30-card deck. Enter curses, hands, boosts and every play."
        return "Party mode: one shared deck of 60. Enter curses, hands, boosts and every play."

    def setup(self, players, options, seed) -> dict:
        return {"game": "seance-party", "players": list(players),
                "mode": "battle" if options.get("battle") else "party", "seed": seed}

    def screen(self, app) -> "SeancePartyScreen":
        return SeancePartyScreen(app)

    chart_title = "Charged Zeners after each round"

    @staticmethod
    def names(state) -> list[str]:
        return list(state.names)

    @staticmethod
    def points_by_round(state) -> list[list[int]]:
        """How many Zeners each player had charged by the end of each round."""
        out = []
        for r in range(1, state.round + 1):
            counts = [0] * len(state.names)
            for charge in state.charges:
                if charge["round"] <= r:
                    who = charge["player"]
                    seat = who if isinstance(who, int) else list(state.names).index(who)
                    counts[seat] += 1
            out.append(counts)
        return out

    @staticmethod
    def headlines(state) -> list[str]:
        out = []
        for seat, name in enumerate(state.names):
            charged = sum(1 for v in state.zeners[seat].values() if v["charged"])
            text = f"{name}: {charged} charged, {state.energy_total(seat)} energy"
            defeats = sum(1 for d in state.defeated if d == seat)
            if defeats:
                text += f", defeated {defeats}"
            out.append(text)
        return out

    @staticmethod
    def labels(state) -> list[str]:
        winners = state.winners or []
        return ["won" if s in winners else ("defeated" if state.defeated[s] is not None else "lost")
                for s in range(len(state.names))]


def dice_text(dice) -> str:
    return " ".join(f"d{d}" for d in dice) or "none"


class SeancePartyScreen(GameScreen):
    def __init__(self, app) -> None:
        super().__init__(app)
        self.title = "Séance Party"
        self.draft: dict = {}
        self.draft_at = -1  # the number of journaled actions the draft belongs to
        self.charged_at: float | None = None
        self.battle_at: float | None = None
        self.seen_charges = len(self.state.charges)
        self.seen_battle = self.state.battle is not None

    def colour(self, seat: int):
        return theme.player_colour(self.app.match.meta, seat)

    def name(self, seat: int) -> str:
        return self.state.names[seat]

    def card_label(self, item_id) -> str:
        seat, item = self.state.item(item_id)
        if item is None:
            return f"#{item_id}"
        return f"{self.name(seat)}'s {item['card']}"

    # -- the draft of the entry in progress -------------------------------------------------------
    def fresh(self) -> dict:
        count = len(self.app.match.match.actions)
        if count != self.draft_at:
            self.draft, self.draft_at = {}, count
        return self.draft

    # -- time: the pentagram's animations ---------------------------------------------------------
    def tick(self, now: float) -> bool:
        state = self.state
        changed = False
        if len(state.charges) > self.seen_charges:
            self.charged_at, changed = now, True
        self.seen_charges = len(state.charges)
        fighting = state.battle is not None
        if fighting and not self.seen_battle:
            self.battle_at, changed = now, True
        self.seen_battle = fighting
        return changed or self.animating()

    def animating(self) -> bool:
        now = self.app.clock.now()
        return any(t is not None and now - t < ANIMATION for t in (self.charged_at, self.battle_at))

    def pentagram_scene(self):
        colours = [self.colour(s) for s in range(len(self.state.names))]
        return seance_scene(self.state, colours, self.charged_at, self.battle_at)

    # -- drawing ------------------------------------------------------------------------------------
    def draw_body(self, surface, area):
        s = self.scale
        state = self.state
        self.fresh()
        self.title = f"Séance Party — round {state.round}: {STEP.get(state.phase, state.phase)}"
        left, right = columns(area.inflate(-s(12), -s(10)), [11, 9], s(10))
        table, order = rows(left, [5, 1.3], s(6))
        self.draw_players(surface, table)
        self.draw_order(surface, order)
        info, battle, action = rows(right, [1, 1.3, 5], s(6))
        self.draw_info(surface, info)
        self.draw_battle(surface, battle)
        panel(surface, action, theme.PANEL, s(8))
        self.draw_action(surface, action.inflate(-s(10), -s(10)))

    def draw_players(self, surface, area):
        s = self.scale
        state = self.state
        count = len(state.names)
        for seat, box in enumerate(rows(area, [1] * count, s(5))):
            turn = state.turn == seat and state.phase != "over"
            panel(surface, box, theme.PANEL_LIGHT if turn else theme.PANEL, s(8))
            pygame.draw.rect(surface, self.colour(seat), pygame.Rect(box.left, box.top, s(6), box.height),
                             border_radius=s(3))
            inner = box.inflate(-s(16), -s(4)).move(s(4), 0)
            top, middle, bottom = rows(inner, [1, 1, 1], 0)
            name, zeners = columns(top, [2, 3], s(6))
            label = self.name(seat) + (" — defeated" if state.defeated[seat] is not None else "")
            draw_text(surface, label, name, s(15), theme.BAD if state.defeated[seat] is not None else theme.INK,
                      bold=True)
            self.draw_zeners(surface, zeners, seat)
            in_spirits = state.energy_total(seat) - state.down[seat]
            known = len(state.known[seat])
            hand = f"hand {state.hand(seat)}" + (f" ({known} known)" if known and state.unknown[seat] else "")
            facts = [hand, f"energy {state.down[seat]} down, {state.up[seat]} up, {in_spirits} in spirits",
                     f"dice {dice_text(state.pools[seat])}"]
            draw_text(surface, " · ".join(facts), middle, s(12), theme.MUTED)
            board = []
            for item in state.board[seat]:
                text = f"#{item['id']} {item['card']}" + (" (cursed)" if item["cursed"] else "")
                if item["kind"] == "spirit":
                    text += f" E{item['energy']}"
                    if item["inventory"]:
                        text += " [" + ", ".join(i["card"] for i in item["inventory"]) + "]"
                    if item["rested"]:
                        text += " rested"
                else:
                    text += " (spell waiting)"
                board.append(text)
            curses = sum(state.curses[seat].values())
            line = "; ".join(board) or "no spirits"
            if curses:
                line += f" · {curses} curse{'s' if curses > 1 else ''}"
            draw_text(surface, line, bottom, s(12), theme.INK)

    def draw_zeners(self, surface, area, seat):
        """The five Zeners: gold when charged, bright face up, faint face down; a dot for a curse."""
        s = self.scale
        state = self.state
        for cell, symbol in zip(columns(area, [1] * 5, s(3)), state.settings["points"]):
            zener = state.zeners[seat][symbol]
            colour = theme.GOLD if zener["charged"] else (theme.INK if zener["up"] else theme.FAINT)
            if zener["charged"] and not zener["up"]:
                colour = (150, 124, 60)
            draw_symbol(surface, symbol, cell, colour)
            if state.curses[seat][symbol]:
                pygame.draw.circle(surface, theme.BAD, (cell.right - s(3), cell.top + s(3)), max(2, s(3)))

    def draw_order(self, surface, area):
        """The round's speeds explained: hand + board + boost = total, in turn order."""
        s = self.scale
        state = self.state
        panel(surface, area, theme.PANEL, s(8))
        inner = area.inflate(-s(12), -s(6))
        record = state.history[-1] if state.history else {}
        if not state.speeds:
            text = "Turn order: speeds are added up once every hand is revealed."
        else:
            parts = []
            seats = state.order or sorted(state.speeds["speed"], key=lambda x: -state.speeds["speed"][x])
            for seat in seats:
                if seat not in state.speeds["hand"]:
                    continue
                hand, board = state.speeds["hand"][seat], state.speeds["board"][seat]
                boost = record.get("boosts", {}).get(self.name(seat))
                piece = f"{self.name(seat)} hand {hand} + board {board}"
                if boost is not None:
                    rolls = " + ".join(f"d{d} {r}" for d, r in zip(boost["dice"], boost["rolls"]))
                    cards = " + ".join(boost["cards"])
                    how = ", ".join(x for x in (rolls, cards) if x) or "none"
                    piece += f" + boost {boost['total']} ({how})"
                parts.append(piece + f" = {state.speeds['speed'][seat]}")
            prefix = "Turn order: " if state.order else "Speeds so far: "
            text = prefix + "; ".join(parts)
        draw_paragraph(surface, text, inner, s(12), theme.INK, 3)

    def draw_info(self, surface, area):
        s = self.scale
        state = self.state
        panel(surface, area, theme.PANEL, s(8))
        owed = self.game.expected(state)
        planchette = state.planchette or "unplaced"
        dice = " ".join(f"{SHORT[p]}d{state.points[p]}" if state.points[p] else f"{SHORT[p]}—"
                        for p in state.settings["points"])
        label, pent = rows(area.inflate(-s(12), -s(4)), [1.3, 1], 0)
        if owed is None:
            text = "Game over"
        elif owed["act"] == "turn":
            text = f"{self.name(owed['seat'])}'s turn"
        else:
            text = f"{self.name(owed['seat'])}: {owed['act']}"
        draw_text(surface, text, label, s(16), theme.GOLD, bold=True)
        draw_text(surface, f"planchette {planchette} · points {dice}", pent, s(12), theme.MUTED)

    def battle_words(self, b, live: bool = False) -> str:
        state = self.state
        names = list(state.names)
        attacker = b["attacker"] if isinstance(b["attacker"], str) else names[b["attacker"]]
        defender = b["defender"] if isinstance(b["defender"], str) else names[b["defender"]]
        _, spirit = state.item(b["spirit"])
        spirit_name = spirit["card"] if spirit else f"#{b['spirit']}"
        _, target = state.item(b["target"]) if b["target"] is not None else (None, None)

        def side(stack_rolls, boost, total, who_item):
            dice = []
            item = who_item
            if item is not None:
                stack = self.game._stack(state, item)
                dice = [c.attack_of(k) for c, k in stack]
            parts = [f"d{d} {r}" if d else str(r) for d, r in
                     zip(dice + [None] * len(stack_rolls), stack_rolls)] or ["0"]
            if boost:
                parts.append(f"boost {boost['total']}")
            return " + ".join(parts) + f" = {total}"

        attack = side(b["attack_rolls"], b["boosts"].get("attack"), b["attack"], spirit)
        against = f"{defender}'s {target['card']}" if target else (
            f"{defender}'s {b['target_card']}" if b.get("target_card") else defender)
        defence = side(b["defence_rolls"], b["boosts"].get("defence"), b["defence"], target)
        text = f"{attacker}'s {spirit_name}: {attack} against {against}: {defence}"
        if live:
            return text + " (boosts to come)" if state.phase == "battle" else text
        winners = b.get("winners") or []
        if len(winners) == 2:
            text += ": a tie"
        elif winners:
            text += f": {winners[0]} wins"
        hits = [f"{d['by']} deals {d['amount']} {d['element']}" + (f" to {d['spirit']}" if d.get("spirit") else
                                                                     f" to {d['to']}")
                + (" (killed)" if d.get("killed") else "") for d in b.get("damage", [])]
        if hits:
            text += "; " + "; ".join(hits)
        if b.get("defeated"):
            text += "; " + ", ".join(b["defeated"]) + " defeated"
        return text

    def draw_battle(self, surface, area):
        s = self.scale
        state = self.state
        panel(surface, area, theme.PANEL, s(8))
        inner = area.inflate(-s(12), -s(4))
        if state.battle is not None:
            text = "Battle: " + self.battle_words(state.battle, live=True)
        elif state.battles:
            text = "Last battle: " + self.battle_words(state.battles[-1])
        elif state.charges:
            c = state.charges[-1]
            who = c["player"] if isinstance(c["player"], str) else self.name(c["player"])
            text = f"Last charge: {who}'s {c['zener']} in round {c['round']}. No battle yet."
        else:
            text = "No battle yet."
        draw_paragraph(surface, text, inner, s(11), theme.INK, 3)

    # -- the entry of what is owed -----------------------------------------------------------------
    def draw_action(self, surface, area):
        state = self.state
        if state.phase == "over":
            return self.draw_over(surface, area)
        owed = self.game.expected(state)
        handler = {"curse": self.draw_curse, "reveal": self.draw_reveal, "boost": self.draw_boost,
                   "damage": self.draw_damage, "turn": self.draw_turn}[owed["act"]]
        handler(surface, area, owed)

    def prompt(self, surface, area, text, colour=theme.INK):
        draw_text(surface, text, area, self.scale(14), colour, bold=True)

    def draw_curse(self, surface, area, owed):
        s = self.scale
        state = self.state
        waiting = sorted({a["seat"] for a in self.legal("curse")})
        draft = self.draft
        if draft.get("seat") not in waiting:
            draft.clear()
            draft["seat"] = waiting[0]
        draft.setdefault("zeners", [])
        seat = draft["seat"]
        prompt, who, zeners, go = rows(area, [1, 1.2, 2, 1.2], s(6))
        self.prompt(surface, prompt, "Curses (sealed): which Zeners get one?")
        for cell, p in zip(columns(who, [1] * max(len(waiting), 2), s(5)), waiting):
            self.add_button(surface, Button(cell, self.name(p), ("seat", p), selected=p == seat,
                                            colour=self.colour(p)), s(14))
        up = [z for z in state.settings["points"] if state.zeners[seat][z]["up"]]
        for cell, z in zip(columns(zeners, [1] * 5, s(5)), up):
            chosen = z in draft["zeners"]
            self.add_button(surface, Button(cell, z, ("zener", z), selected=chosen,
                                            draw_face=self.symbol_face(z, chosen)), s(12))
        count = len(draft["zeners"])
        label = "No curses" if not count else f"Set {count} curse{'s' if count > 1 else ''}"
        self.add_button(surface, Button(go, label, ("curse",), colour=theme.GOOD), s(15))

    def symbol_face(self, symbol, chosen):
        def face(surface, rect):
            draw_symbol(surface, symbol, rect, theme.BACKGROUND if chosen else theme.INK)
        return face

    def catalog(self, symbols=None) -> list[str]:
        return sorted(n for n, c in self.state.cards.items() if symbols is None or c.symbol in symbols)

    def draw_card_grid(self, surface, area, names, tag, cols=3, selected=()):
        s = self.scale
        count = max(1, len(names))
        rows_needed = max(1, -(-count // cols))
        for cell, n in zip(grid(area, cols, rows_needed, s(4)), names):
            card = self.state.cards[n]
            self.add_button(surface, Button(cell, f"{SHORT[card.symbol]} {n}", (tag, n), selected=n in selected),
                            s(12))

    def draw_reveal(self, surface, area, owed):
        s = self.scale
        state = self.state
        waiting = [p for p in state.active() if p not in state.revealed]
        draft = self.draft
        if draft.get("seat") not in waiting:
            draft.clear()
            draft["seat"] = owed["seat"]
        seat = draft["seat"]
        draft.setdefault("hand", list(state.known[seat]))
        need = state.hand(seat)
        prompt, sofar, cards, go = rows(area, [1, 1.2, 4, 1.2], s(6))
        name, who = columns(prompt, [1, 1], s(6))
        self.prompt(surface, name, f"{self.name(seat)} reveals {need} cards", self.colour(seat))
        for cell, p in zip(columns(who, [1] * max(len(waiting), 3), s(4)), waiting):
            self.add_button(surface, Button(cell, self.name(p), ("seat", p), selected=p == seat,
                                            colour=self.colour(p)), s(12))
        draw_paragraph(surface, (", ".join(draft["hand"]) or "none yet") + f" ({len(draft['hand'])} of {need})."
                       + " Cards outside the catalog cannot be entered here.", sofar, s(11), theme.MUTED, 2)
        if len(draft["hand"]) < need:
            self.draw_card_grid(surface, cards, self.catalog(), "add")
        fix, done = columns(go, [1, 2], s(6))
        self.add_button(surface, Button(fix, "Take back", ("takeback",),
                                        len(draft["hand"]) > len(state.known[seat])), s(13))
        self.add_button(surface, Button(done, "Reveal", ("reveal",), len(draft["hand"]) == need,
                                        colour=theme.GOOD), s(15))

    def draw_boost(self, surface, area, owed):
        s = self.scale
        state = self.state
        seat = owed["seat"]
        draft = self.draft
        if draft.get("seat") != seat:
            draft.clear()
            draft.update(seat=seat, dice=[], cards=[])
        in_battle = state.phase == "battle"
        prompt, dice, cards, go = rows(area, [1, 1.3, 2.5, 1.2], s(6))
        what = "battle" if in_battle else "speed"
        self.prompt(surface, prompt, f"{self.name(seat)}: {what} boost?", self.colour(seat))
        pool = state.pools[seat]
        for cell, (k, d) in zip(columns(dice, [1] * max(len(pool), 6), s(4)), enumerate(pool)):
            self.add_button(surface, Button(cell, f"d{d}", ("die", k), selected=k in draft["dice"]), s(13))
        known = list(dict.fromkeys(state.known[seat]))
        if known:
            self.draw_card_grid(surface, cards, known, "boostcard", 2, draft["cards"])
        else:
            draw_paragraph(surface, f"{self.name(seat)}'s hand is not known: boost with dice only here.",
                           cards, s(12), theme.MUTED, 2)
        none, done = columns(go, [1, 1], s(6))
        self.add_button(surface, Button(none, "No boost", ("noboost",)), s(14))
        self.add_button(surface, Button(done, "Boost", ("boost",), bool(draft["dice"] or draft["cards"]),
                                        colour=theme.GOOD), s(14))

    def draw_damage(self, surface, area, owed):
        s = self.scale
        prompt, body = rows(area, [1, 4], s(6))
        self.prompt(surface, prompt, f"{self.name(owed['seat'])} chooses the damage type", self.colour(owed["seat"]))
        options = self.legal("damage")
        for cell, action in zip(grid(body, 2, max(2, -(-len(options) // 2)), s(6)), options):
            self.add_button(surface, Button(cell, action["element"], ("do", action)), s(15))

    def draw_turn(self, surface, area, owed):
        s = self.scale
        seat = owed["seat"]
        draft = self.draft
        if draft.get("seat") != seat:
            draft.clear()
            draft.update(seat=seat)
        if draft.get("playing"):
            return self.draw_play(surface, area, seat)
        prompt, acts, body = rows(area, [1, 1.2, 5], s(6))
        self.prompt(surface, prompt, f"{self.name(seat)}'s turn", self.colour(seat))
        play, pas, end = columns(acts, [1, 1, 1], s(5))
        self.add_button(surface, Button(play, "Play a card", ("playing",), bool(self.legal("play"))), s(14))
        self.add_button(surface, Button(pas, "Pass", ("do", {"act": "pass", "seat": seat}),
                                        bool(self.legal("pass"))), s(14))
        self.add_button(surface, Button(end, "End round", ("do", {"act": "end", "seat": seat}),
                                        bool(self.legal("end"))), s(14))
        others = self.legal("attach") + self.legal("attack")
        if not others:
            if rules.forced_pass(self.state.round, set(self.state.started), self.state.active()):
                draw_paragraph(surface, "Round 1: no attacks and no ending until everyone has started a turn.",
                               body, s(12), theme.MUTED, 2)
            return
        for cell, action in zip(grid(body, 1, max(4, len(others)), s(4)), others):
            if action["act"] == "attach":
                label = f"Attach {self.card_label(action['spell'])} to {self.card_label(action['spirit'])}"
            elif "player" in action:
                label = f"Attack with {self.card_label(action['spirit'])} → {self.name(action['player'])}"
            else:
                label = f"Attack with {self.card_label(action['spirit'])} → {self.card_label(action['target'])}"
            self.add_button(surface, Button(cell, label, ("do", action)), s(12))

    def draw_play(self, surface, area, seat):
        """A play in steps: the card, the planchette's point, the guesser's shown card, the energy."""
        s = self.scale
        state = self.state
        draft = self.draft
        prompt, body, go = rows(area, [1, 5, 1.2], s(6))
        back, done = columns(go, [1, 2], s(6))
        self.add_button(surface, Button(back, "Back", ("back",)), s(13))
        up = {z for z, v in state.zeners[seat].items() if v["up"]}
        g = rules.guesser(seat, [state.hand(p) for p in range(len(state.names))], state.active())
        if "card" not in draft:
            self.prompt(surface, prompt, f"{self.name(seat)} plays…", self.colour(seat))
            known = [n for n in dict.fromkeys(state.known[seat]) if state.cards[n].symbol in up]
            names = self.catalog(up) if state.unknown[seat] else known
            self.draw_card_grid(surface, body, names, "card")
            return
        card = state.cards[draft["card"]]
        if "planchette" not in draft:
            self.prompt(surface, prompt, f"{draft['card']}: move the planchette to…")
            targets = rules.planchette_targets(state.settings["points"], state.settings["adjacency"],
                                               state.planchette)
            for cell, t in zip(columns(body.inflate(0, -body.height // 3), [1] * 5, s(5)), targets):
                self.add_button(surface, Button(cell, t, ("target", t), draw_face=self.symbol_face(t, False)), s(12))
            return
        if g is not None and "guess" not in draft:
            self.prompt(surface, prompt, f"{self.name(g)} shows…", self.colour(g))
            known = list(dict.fromkeys(state.known[g]))
            names = self.catalog() if state.unknown[g] else known
            self.draw_card_grid(surface, body, names, "guess")
            return
        countered = draft.get("guess") is not None and state.cards[draft["guess"]].symbol == card.symbol
        if card.type == "spirit" and not countered and state.down[seat] > 0 and "energy" not in draft:
            self.prompt(surface, prompt, f"Energy under {draft['card']}?")
            counts = list(range(1, state.down[seat] + 1))
            for cell, n in zip(grid(body, 5, max(1, -(-len(counts) // 5)), s(5)), counts):
                self.add_button(surface, Button(cell, str(n), ("energy", n)), s(15))
            return
        words = f"{draft['card']} to {draft['planchette']}"
        if draft.get("guess"):
            words += f", {self.name(g)} shows {draft['guess']}" + (" — countered" if countered else "")
        if draft.get("energy"):
            words += f", {draft['energy']} energy"
        self.prompt(surface, prompt, "Play?")
        draw_paragraph(surface, words, body, s(14), theme.INK)
        self.add_button(surface, Button(done, "Play", ("play",), colour=theme.GOOD), s(15))

    def draw_over(self, surface, area):
        s = self.scale
        state = self.state
        text, button = rows(area, [2, 1], s(8))
        winners = ", ".join(self.name(w) for w in state.winners or [])
        how = {"charges": "by charging all five Zeners", "defeats": "by defeats"}.get(state.won_by, "")
        draw_paragraph(surface, f"{winners} win{'s' if len(state.winners or []) == 1 else ''} {how}.", text, s(18),
                       theme.GOOD)
        self.add_button(surface, Button(button, "See the results", ("results",), colour=theme.GOOD), s(16))

    # -- input ----------------------------------------------------------------------------------
    def on_button(self, action):
        self.fresh()
        draft = self.draft
        kind = action[0]
        state = self.state
        if kind == "do":
            self.app.play(action[1])
        elif kind == "seat":
            draft.clear()
            draft["seat"] = action[1]
        elif kind == "zener":
            z = action[1]
            draft["zeners"] = [x for x in draft["zeners"] if x != z] if z in draft["zeners"] else draft["zeners"] + [z]
        elif kind == "curse":
            self.app.play({"act": "curse", "seat": draft["seat"], "zeners": list(draft["zeners"])})
        elif kind == "add":
            draft["hand"].append(action[1])
        elif kind == "takeback":
            if len(draft["hand"]) > len(state.known[draft["seat"]]):
                draft["hand"].pop()
        elif kind == "reveal":
            self.app.play({"act": "reveal", "seat": draft["seat"], "hand": list(draft["hand"])})
        elif kind == "die":
            k = action[1]
            draft["dice"] = [x for x in draft["dice"] if x != k] if k in draft["dice"] else draft["dice"] + [k]
        elif kind == "boostcard":
            n = action[1]
            draft["cards"] = [x for x in draft["cards"] if x != n] if n in draft["cards"] else draft["cards"] + [n]
        elif kind == "noboost":
            self.app.play({"act": "boost", "seat": draft["seat"]})
        elif kind == "boost":
            entry = {"act": "boost", "seat": draft["seat"]}
            if draft["dice"]:
                entry["dice"] = [state.pools[draft["seat"]][k] for k in sorted(draft["dice"])]
            if draft["cards"]:
                entry["cards"] = list(draft["cards"])
            self.app.play(entry)
        elif kind == "playing":
            draft["playing"] = True
        elif kind == "back":
            for field in ("energy", "guess", "planchette", "card"):
                if field in draft:
                    del draft[field]
                    break
            else:
                draft.pop("playing", None)
        elif kind in ("card", "target", "guess", "energy"):
            draft["planchette" if kind == "target" else kind] = action[1]
        elif kind == "play":
            entry = {"act": "play", "seat": draft["seat"], "card": draft["card"], "planchette": draft["planchette"]}
            if draft.get("guess"):
                entry["guess"] = draft["guess"]
            if draft.get("energy"):
                entry["energy"] = draft["energy"]
            self.app.play(entry)
        elif kind == "results":
            from companion.ui.summary import SummaryScreen

            self.app.show(SummaryScreen(self.app, SeancePartyUi()))
        self.app.dirty = True
