"""The Séance Party screen: each player's Zeners, energy, dice pool and spirits with the
round's turn order and how every speed was reached on one side; on the other, what is owed
now — curses, the revealed hand, boosts, a play, an attack, the damage type — and the last
battle told in words.  The pentagram mirrors the game (:func:`seance_lights.lights`).

It draws from the game's view (``self.view``, the table's; ``self.seat_view(seat)`` for the
moment one player chooses curses unseen) and the rules' legal actions, and works out no
rule itself: the view carries every figure and sentence shown.  Every entry is built by
taps from the legal actions: where a hand holds cards the companion does not know, every
catalog card is offered, and "New card…" opens :class:`CardFormScreen` for a card that is in
no catalog (the log's inline definition).  Besides what the table owes, any player may
activate a curse from the Speed step on (the strip at the foot of the panel), and the table
may roll its own dice: with "Dice: at the table" every roll a line makes is asked for, die by
die.  Curses are set sealed: the panel shows only who has chosen; each player taps their own
name, chooses, and the screen hides the choice again.  Seats set aside for the computer play
by themselves (``Entry.bot``); when a computer plays a card and a person guesses, the screen
asks that person which card they show.  The rules refuse anything wrong, and the refusal is
the app's banner."""

from __future__ import annotations

import random

import pygame

from companion.engine.refusal import Refused
from companion.games.seance_party import rules
from companion.games.seance_party.bot import guess as computer_guess, with_guess
from companion.games.seance_party.cards import DICE, SYMBOLS, describe, parse_card
from companion.games.seance_party.moves import boost_dice
from companion.games.seance_party.state import Hand
from companion.ui import theme
from companion.ui.games.seance_lights import lights
from companion.ui.keyboard import KeyboardScreen
from companion.ui.screen import GameScreen, SubScreen
from companion.ui.widgets import Button, columns, draw_paragraph, draw_text, grid, panel, player_panel, rows
from companion.ui.zener import draw_symbol

STEP = {"curse": "Curse step", "reveal": "Speed: reveal hands", "boost": "Speed: boosts", "turns": "Turns",
        "battle": "Battle: boosts", "damage": "Battle: damage type", "over": "The end"}
SHORT = {"circle": "○", "cross": "+", "wave": "≈", "square": "□", "star": "☆"}
ANIMATION = 3.0  # seconds a charge's flourish or a battle's pulse is animated
CARD_NAME_LIMIT = 30  # characters of a card's name typed on the screen
#: the steps of an entry in progress, in order: "Back" forgets the last one taken
PLAY_STEPS = ("card", "planchette", "guess", "energy", "addkind", "add")
ACTIVATE_STEPS = ("seat", "zener", "card", "burn", "energy", "addkind", "add")


def dice_text(dice) -> str:
    return " ".join(dice) or "none"


def symbol_face(symbol, chosen):
    """A button's face drawn as a Zener symbol (dark on the light of a chosen button)."""
    def face(surface, rect):
        draw_symbol(surface, symbol, rect, theme.BACKGROUND if chosen else theme.INK)
    return face


def card_name(value) -> str:
    """A card a draft holds: its name, or an inline definition (a card new to the companion)."""
    return value["name"] if isinstance(value, dict) else value


class SeancePartyScreen(GameScreen):
    def __init__(self, app) -> None:
        super().__init__(app)
        self.title = "Séance Party"
        self.charged_at: float | None = None
        self.battle_at: float | None = None
        self.seen_charges = len(self.view["charges"])
        self.seen_battle = self.view["battle"] is not None
        self.table_dice = False       # True: the table rolls its own dice and enters each number
        self.defined: list[dict] = []  # cards defined here that no accepted line has named yet

    # -- reading the view ----------------------------------------------------------------------
    def name(self, seat: int) -> str:
        return self.view["players"][seat]

    def seat(self, seat: int) -> dict:
        """What the table sees of ``seat``: hand, energy, pool, Zeners, board."""
        return self.view["seats"][seat]

    def active(self) -> list[int]:
        return [s["seat"] for s in self.view["seats"] if not s["defeated"]]

    def computers(self) -> tuple[int, ...]:
        return tuple(self.app.match.meta.get("computer", ()))

    def hand(self, seat: int) -> Hand:
        """``seat``'s hand as the table knows it: the cards shown, and how many more."""
        shown = self.seat(seat)
        return Hand(tuple(shown["hand_known"]), shown["hand_unknown"])

    def board_cards(self) -> dict[int, tuple[int, dict]]:
        """Every card on a board by its number (inventory cards too): its seat, and itself."""
        out = {}
        for shown in self.view["seats"]:
            for item in shown["board"]:
                out[item["id"]] = (shown["seat"], item)
                for carried in item.get("inventory", ()):
                    out[carried["id"]] = (shown["seat"], carried)
        return out

    def card_label(self, item_id) -> str:
        found = self.board_cards().get(item_id)
        return f"#{item_id}" if found is None else f"{self.name(found[0])}'s {found[1]['card']}"

    def points(self) -> list[str]:
        """The symbols clockwise round the star."""
        return [p["symbol"] for p in self.view["pentagram"]["points"]]

    # -- cards: the catalog, and the cards defined on this screen ----------------------------------
    def known_cards(self) -> dict:
        """Every card the companion knows, by name, with its figures."""
        cached = self.__dict__.get("_known_cards")
        if cached is None or cached[0] is not self.view:
            cached = self._known_cards = (self.view, {n: parse_card(d) for n, d in self.view["cards"].items()})
        return cached[1]

    def card_of(self, value):
        """The figures of a card a draft holds (a new definition is read as the rules will)."""
        if isinstance(value, dict):
            return self.known_cards().get(value["name"]) or parse_card(value)
        return self.known_cards()[value]

    def new_cards(self) -> list[dict]:
        """Cards defined here and not yet learned by the rules (a refused line forgets none)."""
        return [d for d in self.defined if d["name"] not in self.view["cards"]]

    def hand_cards(self, seat: int, symbols=None) -> list:
        """What ``seat`` may name from hand: the known cards, and while the hand holds unknown
        ones every catalog card and every card defined here."""
        shown = self.seat(seat)
        values = shown["may_give"] + (self.new_cards() if shown["hand_unknown"] else [])
        return [v for v in values if symbols is None or self.card_of(v).symbol in symbols]

    def card_choices(self, values, tag, new: bool, symbol=None, chosen=()) -> list[tuple[str, tuple]]:
        """Buttons for cards (their symbol and name, ✓ when chosen), and "New card…" where a
        card unknown to the companion may stand."""
        out = [(f"{'✓' if v in chosen else SHORT[self.card_of(v).symbol]} {card_name(v)}", (tag, v)) for v in values]
        return out + ([("New card…", ("define", tag, symbol))] if new else [])

    def define(self, tag: str, symbol) -> None:
        """Open the form for a card in no catalog; the card it gives fills the step ``tag``."""
        def done(value):
            if isinstance(value, dict) and value not in self.defined:
                self.defined.append(value)
            self.on_button((tag, value))
        self.app.show(CardFormScreen(self.app, self, self.known_cards(), done, symbol, self.new_cards()))

    # -- time: the pentagram's animations, the computer's moves ---------------------------------
    def tick(self, now: float) -> bool:
        view = self.view
        changed = False
        if len(view["charges"]) > self.seen_charges:
            self.charged_at, changed = now, True
        self.seen_charges = len(view["charges"])
        fighting = view["battle"] is not None
        if fighting and not self.seen_battle:
            self.battle_at, changed = now, True
        self.seen_battle = fighting
        return self.play_computers(now) or changed or self.animating()

    def play_computers(self, now: float) -> bool:
        """The computer's move after a moment's thought; but a card the computer plays while a
        person guesses waits for that person to show theirs (the play's entry, at its guess)."""
        move = self.computer_move()
        if move is not None and move["act"] == "play" and "guess" in move and self.view["guesser"] not in self.computers():
            draft = self.draft
            if draft.get("computer") != move:
                draft.clear()
                draft.update(seat=move["seat"], playing=True, card=move["card"], planchette=move["planchette"],
                             computer=move)
                self.app.dirty = True
            return False
        return self.play_computer(now)

    def computer_rng(self, what: str) -> random.Random:
        match = self.app.match.match
        return random.Random(f"{match.setup.get('seed')}:bot:{len(match.actions)}:{what}")

    def animating(self) -> bool:
        now = self.app.clock.now()
        return any(t is not None and now - t < ANIMATION for t in (self.charged_at, self.battle_at))

    def pentagram_scene(self):
        return lights(self.view, self.app.match.meta, self.charged_at, self.battle_at)

    # -- drawing ------------------------------------------------------------------------------------
    def draw_body(self, surface, area):
        s = self.scale
        view = self.view
        self.title = f"Séance Party — round {view['round']}: {STEP.get(view['step'], view['step'])}"
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
        seats = self.view["seats"]
        for box, shown in zip(rows(area, [1] * len(seats), s(5)), seats):
            seat = shown["seat"]
            inner = player_panel(surface, box, self.colour(seat), self.view["turn_seat"] == seat, s)
            top, middle, bottom = rows(inner, [1, 1, 1], 0)
            name, zeners = columns(top, [2, 3], s(6))
            out = shown["defeated"]
            draw_text(surface, shown["name"] + (" — defeated" if out else ""), name, s(15),
                      theme.BAD if out else theme.INK, bold=True)
            self.draw_zeners(surface, zeners, shown)
            energy = shown["energy"]
            known = len(shown["hand_known"])
            hand = f"hand {shown['hand']}" + (f" ({known} known)" if known and shown["hand_unknown"] else "")
            facts = [hand, f"energy {energy['face_down']} down, {energy['face_up']} up, {energy['in_spirits']} in spirits",
                     f"dice {dice_text(shown['pool'])}"]
            draw_text(surface, " · ".join(facts), middle, s(12), theme.MUTED)
            board = []
            for item in shown["board"]:
                text = f"#{item['id']} {item['card']}" + (" (cursed)" if item["cursed"] else "")
                if "energy" in item:
                    text += f" E{item['energy']}"
                    if item["inventory"]:
                        text += " [" + ", ".join(i["card"] for i in item["inventory"]) + "]"
                    if item["rested"]:
                        text += " rested"
                else:
                    text += " (spell waiting)"
                board.append(text)
            curses = sum(shown["curses"].values())
            line = "; ".join(board) or "no spirits"
            if curses:
                line += f" · {curses} curse{'s' if curses > 1 else ''}"
            draw_text(surface, line, bottom, s(12), theme.INK)

    def draw_zeners(self, surface, area, shown):
        """The five Zeners: gold when charged, bright face up, faint face down; a dot for a curse."""
        s = self.scale
        for cell, symbol in zip(columns(area, [1] * 5, s(3)), self.points()):
            face = shown["faces"][symbol]
            colour = theme.GOLD if face["charged"] else (theme.INK if face["up"] else theme.FAINT)
            if face["charged"] and not face["up"]:
                colour = (150, 124, 60)
            draw_symbol(surface, symbol, cell, colour)
            if face["curses"]:
                pygame.draw.circle(surface, theme.BAD, (cell.right - s(3), cell.top + s(3)), max(2, s(3)))

    def draw_order(self, surface, area):
        """The round's speeds explained (the view's words): hand + board + boost = total."""
        s = self.scale
        panel(surface, area, theme.PANEL, s(8))
        draw_paragraph(surface, self.view["speeds"]["explained"], area.inflate(-s(12), -s(6)), s(12), theme.INK, 3)

    def draw_info(self, surface, area):
        s = self.scale
        pentagram = self.view["pentagram"]
        panel(surface, area, theme.PANEL, s(8))
        dice = " ".join(f"{SHORT[p['symbol']]}{p['die'] or '—'}" for p in pentagram["points"])
        label, pent = rows(area.inflate(-s(12), -s(4)), [1.3, 1], 0)
        draw_text(surface, self.view["owed"], label, s(16), theme.GOLD, bold=True)
        draw_text(surface, f"planchette {pentagram['planchette'] or 'unplaced'} · points {dice}", pent, s(12),
                  theme.MUTED)

    def draw_battle(self, surface, area):
        s = self.scale
        panel(surface, area, theme.PANEL, s(8))
        draw_paragraph(surface, self.view["battle_words"], area.inflate(-s(12), -s(4)), s(11), theme.INK, 3)

    # -- the entry of what is owed -----------------------------------------------------------------
    def draw_action(self, surface, area):
        """What the table owes now, or the entry a player opened (a curse, rolls to enter);
        below, the strip any player may use at any time."""
        owed = self.view["next"]
        if owed is None:
            return self.draw_over(surface, area)
        s = self.scale
        body, strip = rows(area, [6, 1], s(6))
        draft = self.draft
        if "rolling" in draft:
            self.draw_rolls(surface, body, draft["rolling"])
        elif draft.get("mode") == "activate":
            self.draw_activate(surface, body)
        elif draft.get("mode") == "ability":
            self.draw_ability(surface, body)
        elif draft.get("mode") == "effect":
            self.draw_effect(surface, body)
        else:
            handler = {"curse": self.draw_curse, "reveal": self.draw_reveal, "boost": self.draw_boost,
                       "damage": self.draw_damage, "turn": self.draw_turn}[owed["act"]]
            handler(surface, body, owed)
        self.draw_strip(surface, strip)

    def draw_strip(self, surface, area):
        """Activating a curse (any player, any time from the Speed step on) and who rolls."""
        s = self.scale
        curse, effect, dice = columns(area, [1, 0.7, 1], s(6))
        effecting = self.draft.get("mode") == "effect"
        self.add_button(surface, Button(effect, "No effect after all" if effecting else "Effect…",
                                        ("cancel",) if effecting else ("effecting",),
                                        effecting or bool(self.corrections())), s(12))
        opened = self.draft.get("mode") == "activate"
        self.add_button(surface, Button(curse, "No curse after all" if opened else "Activate a curse",
                                        ("cancel",) if opened else ("activating",),
                                        opened or bool(self.legal("activate")), colour=theme.BAD), s(12))
        label = "Dice: rolled at the table" if self.table_dice else "Dice: rolled here"
        self.add_button(surface, Button(dice, label, ("tabledice",), selected=self.table_dice), s(12))

    def own_draft(self, seat: int) -> dict:
        """The draft of an entry by ``seat``: another seat's is forgotten."""
        draft = self.draft
        if draft.get("seat") not in (None, seat):
            draft.clear()
        draft["seat"] = seat
        return draft

    def prompt(self, surface, area, text, colour=theme.INK):
        draw_text(surface, text, area, self.scale(14), colour, bold=True)

    def back_and_go(self, surface, area, label, action, ready=True):
        """The last row of an entry: Back (one step), and the button that plays it."""
        s = self.scale
        back, go = columns(area, [1, 2], s(6))
        self.add_button(surface, Button(back, "Back", ("back",)), s(13))
        self.add_button(surface, Button(go, label, action, ready, colour=theme.GOOD), s(15))

    # -- the curse step: sealed ----------------------------------------------------------------------
    def draw_curse(self, surface, area, owed):
        """Only who has chosen shows; a player taps their own name to choose unseen."""
        waiting = set(self.view["curse_waiting"])
        seat = self.draft.get("seat")
        if seat in waiting:
            return self.draw_own_curses(surface, area, seat)
        s = self.scale
        prompt, hint, who = rows(area, [1, 1.2, 4], s(6))
        self.prompt(surface, prompt, "Curses are secret until everyone has chosen")
        draw_paragraph(surface, "Tap your own name, choose while the others look away, and the screen hides it again.",
                       hint, s(11), theme.MUTED, 2)
        seats = self.active()
        computers = self.computers()
        for cell, p in zip(grid(who, 2, max(1, -(-len(seats) // 2)), s(5)), seats):
            status = "chosen" if p not in waiting else "the computer chooses" if p in computers else \
                "waiting — tap to choose"
            self.add_button(surface, Button(cell, f"{self.name(p)}: {status}", ("seat", p),
                                            p in waiting and p not in computers, colour=self.colour(p)), s(13))

    def draw_own_curses(self, surface, area, seat):
        """The private moment: what ``seat`` alone may see (its view), while the others look away."""
        s = self.scale
        own = self.seat_view(seat)["own"]
        draft = self.draft
        zeners = draft.setdefault("zeners", [])
        prompt, body, go = rows(area, [1, 2.5, 1.2], s(6))
        self.prompt(surface, prompt, f"Only {self.name(seat)} looks: curses on…", self.colour(seat))
        for cell, z in zip(columns(body.inflate(0, -body.height // 4), [1] * 5, s(5)), own["curse_zeners"]):
            chosen = z in zeners
            room = chosen or len(zeners) < own["curse_most"]  # a curse is a card from the hand
            self.add_button(surface, Button(cell, z, ("zener", z), room, selected=chosen,
                                            draw_face=symbol_face(z, chosen)), s(12))
        hide, done = columns(go, [1, 2], s(6))
        self.add_button(surface, Button(hide, "Hide", ("hide",)), s(13))
        count = len(zeners)
        label = "No curses" if not count else f"Set {count} curse{'s' if count > 1 else ''}"
        self.add_button(surface, Button(done, label, ("curse",), colour=theme.GOOD), s(15))

    # -- the speed step ----------------------------------------------------------------------------------
    def draw_reveal(self, surface, area, owed):
        s = self.scale
        waiting = sorted({a["seat"] for a in self.legal("reveal")} - set(self.computers()))
        draft = self.draft
        if draft.get("seat") not in waiting:
            draft.clear()
            if not waiting:
                return self.prompt(surface, rows(area, [1, 5], s(6))[0], "The computer reveals…")
            draft["seat"] = owed["seat"] if owed["seat"] in waiting else waiting[0]
        seat = draft["seat"]
        shown = self.seat(seat)
        draft.setdefault("hand", list(shown["hand_known"]))
        need = shown["hand"]
        prompt, sofar, cards, go = rows(area, [1, 1.2, 4, 1.2], s(6))
        name, who = columns(prompt, [1, 1], s(6))
        self.prompt(surface, name, f"{self.name(seat)} reveals {need} cards", self.colour(seat))
        for cell, p in zip(columns(who, [1] * max(len(waiting), 3), s(4)), waiting):
            self.add_button(surface, Button(cell, self.name(p), ("seat", p), selected=p == seat,
                                            colour=self.colour(p)), s(12))
        chosen = ", ".join(card_name(c) for c in draft["hand"]) or "none yet"
        draw_paragraph(surface, f"{chosen} ({len(draft['hand'])} of {need}).", sofar, s(11), theme.MUTED, 2)
        if len(draft["hand"]) < need:
            values = list(self.view["cards"]) + self.new_cards()
            self.add_choices(surface, cards, self.card_choices(values, "add", True), 3, 3, s(12))
        fix, done = columns(go, [1, 2], s(6))
        self.add_button(surface, Button(fix, "Take back", ("takeback",),
                                        len(draft["hand"]) > len(shown["hand_known"])), s(13))
        self.add_button(surface, Button(done, "Reveal", ("reveal",), len(draft["hand"]) == need,
                                        colour=theme.GOOD), s(15))

    def draw_boost(self, surface, area, owed):
        s = self.scale
        seat = owed["seat"]
        draft = self.own_draft(seat)
        draft.setdefault("dice", [])
        draft.setdefault("cards", [])
        prompt, dice, cards, go = rows(area, [1, 1.3, 2.5, 1.2], s(6))
        what = "battle" if self.view["step"] == "battle" else "speed"
        self.prompt(surface, prompt, f"{self.name(seat)}: {what} boost?", self.colour(seat))
        if seat in self.computers():
            return
        pool = self.seat(seat)["pool_sides"]
        for cell, (k, d) in zip(columns(dice, [1] * max(len(pool), 6), s(4)), enumerate(pool)):
            self.add_button(surface, Button(cell, f"d{d}", ("die", k), selected=k in draft["dice"]), s(13))
        chosen = ", ".join(card_name(c) for c in draft["cards"])
        hand = self.hand(seat)
        if hand.size:
            choices = self.card_choices(self.hand_cards(seat), "boostcard", hand.unknown > 0, chosen=draft["cards"])
            self.add_choices(surface, cards, choices, 2, 3, s(12), page_key="boostpage")
        else:
            draw_paragraph(surface, f"Cards: {chosen or 'none'}.", cards, s(12), theme.MUTED, 2)
        none, done = columns(go, [1, 1], s(6))
        self.add_button(surface, Button(none, "No boost", ("noboost",)), s(14))
        label = "Boost" + (f" ({chosen})" if chosen else "")
        self.add_button(surface, Button(done, label, ("boost",), bool(draft["dice"] or draft["cards"]),
                                        colour=theme.GOOD), s(14))

    def boost_entry(self) -> tuple[dict, list]:
        """The boost the draft holds, and the dice it rolls (in a battle a card's attack die
        too)."""
        draft = self.draft
        seat = draft["seat"]
        pool = self.seat(seat)["pool_sides"]
        dice = [pool[k] for k in sorted(draft["dice"])]
        entry = {"act": "boost", "seat": seat}
        if dice:
            entry["dice"] = dice
        if draft["cards"]:
            entry["cards"] = list(draft["cards"])
        rolled = boost_dice(dice, [self.card_of(c) for c in draft["cards"]], self.view["step"] == "battle")
        return entry, [("rolls", rolled, f"{self.name(seat)}'s boost")]

    def draw_damage(self, surface, area, owed):
        s = self.scale
        prompt, body = rows(area, [1, 4], s(6))
        self.prompt(surface, prompt, f"{self.name(owed['seat'])} chooses the damage type", self.colour(owed["seat"]))
        if owed["seat"] in self.computers():
            return
        options = self.legal("damage")
        for cell, action in zip(grid(body, 2, max(2, -(-len(options) // 2)), s(6)), options):
            self.add_button(surface, Button(cell, action["element"], ("do", action)), s(15))

    # -- a turn -------------------------------------------------------------------------------------------
    def draw_turn(self, surface, area, owed):
        s = self.scale
        seat = owed["seat"]
        draft = self.own_draft(seat)
        if draft.get("playing"):
            return self.draw_play(surface, area, seat)
        prompt, acts, body = rows(area, [1, 1.2, 5], s(6))
        self.prompt(surface, prompt, f"{self.name(seat)}'s turn", self.colour(seat))
        if seat in self.computers():
            return draw_paragraph(surface, "The computer is thinking…", body, s(12), theme.MUTED, 2)
        play, ability, pas, end = columns(acts, [1.2, 1, 0.8, 1], s(5))
        self.add_button(surface, Button(play, "Play a card", ("playing",), bool(self.legal("play"))), s(13))
        self.add_button(surface, Button(ability, "Ability…", ("abilities",), bool(self.legal("ability"))), s(13))
        self.add_button(surface, Button(pas, "Pass", ("do", {"act": "pass", "seat": seat}),
                                        bool(self.legal("pass"))), s(13))
        self.add_button(surface, Button(end, "End round", ("do", {"act": "end", "seat": seat}),
                                        bool(self.legal("end"))), s(13))
        attacks = [a for a in self.legal("attack") if "attack_rolls" not in a and "defence_rolls" not in a]
        others = self.legal("attach") + attacks
        if not others:
            if self.view["forced_pass"]:
                draw_paragraph(surface, "Round 1: no attacks and no ending until everyone has started a turn.",
                               body, s(12), theme.MUTED, 2)
            return
        for cell, action in zip(grid(body, 1, max(4, len(others)), s(4)), others):
            if action["act"] == "attach":
                label = f"Attach {self.card_label(action['spell'])} to {self.card_label(action['spirit'])}"
                tap = ("do", action)
            else:
                aim = self.name(action["player"]) if "player" in action else self.card_label(action["target"])
                label = f"Attack with {self.card_label(action['spirit'])} → {aim}"
                tap = ("attack", action)
            self.add_button(surface, Button(cell, label, tap), s(12))

    def attack_rolls(self, action) -> list:
        """An attack's dice: the attacking stack's, then the defending stack's (none for a player)."""
        found = self.board_cards()
        seat, spirit = found[action["spirit"]]
        out = [("attack_rolls", spirit["dice"], f"{self.name(seat)}'s attack")]
        if "target" in action:
            owner, target = found[action["target"]]
            out.append(("defence_rolls", target["dice"], f"{self.name(owner)}'s defence"))
        return out

    def draw_play(self, surface, area, seat):
        """A play in steps: the card, the planchette's point, the guesser's shown card, then a
        spirit's energy and added card, or a countered card's draw.  A computer guesser shows
        its card at once; a computer's own play asks only the person who guesses."""
        s = self.scale
        draft = self.draft
        prompt, body, go = rows(area, [1, 5, 1.2], s(6))
        faces = self.seat(seat)["faces"]
        up = {z for z, face in faces.items() if face["up"]}
        g = self.view["guesser"]
        if "card" not in draft:
            self.back_and_go(surface, go, "Play", ("play",), False)
            self.prompt(surface, prompt, f"{self.name(seat)} plays…", self.colour(seat))
            new = self.seat(seat)["hand_unknown"] > 0
            return self.add_choices(surface, body, self.card_choices(self.hand_cards(seat, up), "card", new), 3, 4,
                                    s(12), page_key="cardpage")
        card = self.card_of(draft["card"])
        if "planchette" not in draft:
            self.back_and_go(surface, go, "Play", ("play",), False)
            self.prompt(surface, prompt, f"{card.name}: move the planchette to…")
            targets = {a["planchette"] for a in self.legal("play")}
            for cell, t in zip(columns(body.inflate(0, -body.height // 3), [1] * 5, s(5)),
                               [p for p in self.points() if p in targets]):
                self.add_button(surface, Button(cell, t, ("planchette", t), draw_face=symbol_face(t, False)),
                                s(12))
            return
        if g is not None and "guess" not in draft and g in self.computers():
            draft["guess"] = computer_guess(self.seat(g)["may_give"], self.view["pentagram"]["planchette"],
                                            lambda c: self.card_of(c).symbol, self.computer_rng("guess"))
        if g is not None and "guess" not in draft:
            if "computer" not in draft:  # a computer's play waits for the guess alone: no Back
                self.back_and_go(surface, go, "Play", ("play",), False)
            self.prompt(surface, prompt, f"{self.name(g)} shows…", self.colour(g))
            return self.add_choices(surface, body, self.card_choices(self.hand_cards(g), "guess",
                                                                    self.seat(g)["hand_unknown"] > 0),
                                    3, 4, s(12), page_key="guesspage")
        if "computer" in draft:
            return self.prompt(surface, prompt, f"{self.name(seat)} plays {card.name}…", self.colour(seat))
        countered = "guess" in draft and rules.countered(card, self.card_of(draft["guess"]))
        if not countered and self.draw_possession(surface, prompt, body, go, seat, card):
            return
        self.back_and_go(surface, go, "Play", ("play",))
        self.prompt(surface, prompt, "Play?")
        words = f"{card.name} to {draft['planchette']}"
        if "guess" in draft:
            words += f"; {self.name(g)} shows {card_name(draft['guess'])}" + (" — countered" if countered else "")
        words += self.possession_words(draft)
        text, option = rows(body, [2, 1], s(6))
        draw_paragraph(surface, words + ".", text, s(13), theme.INK)
        if countered:
            draw = draft.get("draw", True)
            self.add_button(surface, Button(option, f"{self.name(seat)} draws a card: {'yes' if draw else 'no'}",
                                            ("draw", not draw), selected=draw), s(12))

    def play_entry(self) -> dict:
        draft = self.draft
        entry = {"act": "play", "seat": draft["seat"], "card": draft["card"], "planchette": draft["planchette"]}
        if "guess" in draft:
            entry["guess"] = draft["guess"]
        if draft.get("draw") is False:
            entry["draw"] = False
        return {**entry, **self.possession_fields(draft)}

    # -- possessing a spirit: its energy and an added card (a play, or a curse brought up) ---------------------
    def draw_possession(self, surface, prompt, body, go, seat, card) -> bool:
        """The next step of a spirit's possession, if one is owed: its energy, then a card from
        the hand added to its inventory or as energy (or none).  True if a step was drawn."""
        s = self.scale
        draft = self.draft
        hand = self.possession_hand()
        down = self.seat(seat)["energy"]["face_down"]
        if card.type != "spirit" or down == 0:
            return False
        if "energy" not in draft:
            self.back_and_go(surface, go, "Next", ("next",), False)
            self.prompt(surface, prompt, f"Spirit Energy under {card.name}?")
            for cell, n in zip(grid(body, 5, max(1, -(-down // 5)), s(5)), range(1, down + 1)):
                self.add_button(surface, Button(cell, str(n), ("energy", n)), s(15))
            return True
        if "add" in draft:
            return False
        self.back_and_go(surface, go, "Next", ("next",), False)
        kind = draft.get("addkind")
        if kind is None:
            self.prompt(surface, prompt, f"And a card from {self.name(seat)}'s hand?")
            none, inventory, energy = rows(body, [1, 1, 1], s(6))
            self.add_button(surface, Button(none, "No card", ("noadd",)), s(13))
            self.add_button(surface, Button(inventory, "One to its inventory, face up…", ("addkind", "inventory"),
                                            hand.size > 0), s(13))
            self.add_button(surface, Button(energy, "One as more Spirit Energy", ("addkind", "energy"),
                                            hand.size > 0), s(13))
            return True
        self.prompt(surface, prompt, "To the inventory:" if kind == "inventory" else "As Spirit Energy (known cards):")
        values = hand.options(self.view["cards"]) + (self.new_cards() if hand.unknown else [])
        self.add_choices(surface, body, self.card_choices(values, "addcard", hand.unknown > 0), 3, 4, s(12),
                         page_key="addpage")
        return True

    @staticmethod
    def possession_fields(draft) -> dict:
        out = {}
        if "energy" in draft:
            out["energy"] = draft["energy"]
        if draft.get("add"):
            out["add"] = draft["add"]
        return out

    @staticmethod
    def possession_words(draft) -> str:
        words = f", {draft['energy']} energy" if "energy" in draft else ""
        add = draft.get("add")
        if add:
            where = "in its inventory" if add["as"] == "inventory" else "as energy"
            words += f", {card_name(add['card']) if 'card' in add else 'an unknown card'} {where}"
        return words

    def possession_hand(self) -> Hand:
        """The hand a possessed spirit's added card comes from: the player's, less the card
        being played (a curse brought to the board was not in the hand)."""
        draft = self.draft
        if draft.get("mode") == "activate":
            return self.hand(draft["aseat"])
        hand = self.hand(draft["seat"])
        return hand.take(card_name(draft["card"])) or hand

    # -- activating a curse: any player, any time from the Speed step on --------------------------------------
    def draw_activate(self, surface, area):
        s = self.scale
        draft = self.draft
        prompt, body, go = rows(area, [1, 5, 1.2], s(6))
        actions = self.legal("activate")
        seats = sorted({a["seat"] for a in actions})
        if "aseat" not in draft:
            self.back_and_go(surface, go, "Activate", ("activate",), False)
            self.prompt(surface, prompt, "Whose curse?")
            for cell, p in zip(grid(body, 2, 2, s(5)), seats):
                self.add_button(surface, Button(cell, self.name(p), ("aseat", p), colour=self.colour(p)), s(14))
            return
        seat = draft["aseat"]
        if "zener" not in draft:
            self.back_and_go(surface, go, "Activate", ("activate",), False)
            self.prompt(surface, prompt, f"{self.name(seat)}'s curse on which Zener?", self.colour(seat))
            cursed = {a["zener"] for a in actions if a["seat"] == seat}
            for cell, z in zip(columns(body.inflate(0, -body.height // 3), [1] * 5, s(5)),
                               [p for p in self.points() if p in cursed]):
                self.add_button(surface, Button(cell, z, ("zener", z), draw_face=symbol_face(z, False)), s(12))
            return
        z = draft["zener"]
        if "card" not in draft:
            self.back_and_go(surface, go, "Activate", ("activate",), False)
            self.prompt(surface, prompt, f"The curse on {self.name(seat)}'s {z} is…")
            values = list(dict.fromkeys(a["card"] for a in actions if a["seat"] == seat and a["zener"] == z))
            values += [d for d in self.new_cards() if d["symbol"] == z]
            return self.add_choices(surface, body, self.card_choices(values, "acard", True, z), 3, 4, s(12),
                                    page_key="acardpage")
        card = self.card_of(draft["card"])
        if "burn" not in draft:
            self.back_and_go(surface, go, "Activate", ("activate",), False)
            self.prompt(surface, prompt, f"{card.name}: burned, or to the board?")
            burn, board = rows(body.inflate(0, -body.height // 4), [1, 1], s(8))
            self.add_button(surface, Button(burn, "Burn it: a one-time use, then the trash", ("burn", True)), s(13))
            kind = "a phantom" if card.type == "spirit" else "a curse"
            self.add_button(surface, Button(board, f"To the board upside down, {kind}", ("burn", False)), s(13))
            return
        if not draft["burn"] and self.draw_possession(surface, prompt, body, go, seat, card):
            return
        self.back_and_go(surface, go, "Activate", ("activate",))
        self.prompt(surface, prompt, "Activate?", self.colour(seat))
        how = "burned" if draft["burn"] else "to the board upside down" + self.possession_words(draft)
        draw_paragraph(surface, f"{self.name(seat)}'s curse on {z}: {card.name}, {how}.", body, s(13), theme.INK)

    def activate_entry(self) -> dict:
        draft = self.draft
        entry = {"act": "activate", "seat": draft["aseat"], "zener": draft["zener"], "card": draft["card"],
                 "burn": draft["burn"]}
        return {**entry, **self.possession_fields(draft)}

    # -- an ability: a card on the board or in hand -----------------------------------------------------------
    def draw_ability(self, surface, area):
        """Whose card's ability the turn player uses; what it does the table resolves."""
        s = self.scale
        seat = self.view["turn_seat"]
        prompt, hint, body, go = rows(area, [1, 1.1, 4, 1.2], s(6))
        back, _ = columns(go, [1, 2], s(6))
        self.add_button(surface, Button(back, "Back", ("back",)), s(13))
        self.prompt(surface, prompt, f"{self.name(seat)} uses the ability of…", self.colour(seat))
        draw_paragraph(surface, "The table resolves what the card says; the companion records whose card it was.",
                       hint, s(11), theme.MUTED, 2)
        found = self.board_cards()
        choices = [(f"#{a['item']} {found[a['item']][1]['card']}", ("do", a)) for a in self.legal("ability") if "item" in a]
        choices += self.card_choices(self.hand_cards(seat), "abilitycard", self.seat(seat)["hand_unknown"] > 0)
        self.add_choices(surface, body, choices, 3, 4, s(12), page_key="abilitypage")

    # -- a card effect's correction (Readings 2) ------------------------------------------------------------------
    def corrections(self) -> list[dict]:
        return [a for a in self.all_legal() if a["act"] in ("draw", "trash", "planchette", "energy")]

    def correction_label(self, a: dict) -> str:
        who = self.name(a["seat"]) if "seat" in a else ""
        if a["act"] == "draw":
            return f"{who} draws a card"
        if a["act"] == "trash":
            return f"{who} trashes " + (card_name(a["cards"][0]) if "cards" in a else "an unseen card")
        if a["act"] == "energy":
            return f"{who}: {'+1' if a['change'] > 0 else '−1'} Spirit Energy"
        return f"Planchette → {a['to']}" + (f" ({who} takes the die)" if who else "")

    def draw_effect(self, surface, area):
        """A card's effect the table resolved: which card caused it, then what it changed (one
        card or one Spirit Energy a tap; the log takes any count)."""
        s = self.scale
        prompt, hint, body, go = rows(area, [1, 1.1, 4, 1.2], s(6))
        back, _ = columns(go, [1, 2], s(6))
        self.add_button(surface, Button(back, "Back", ("back",)), s(13))
        cause = self.draft.get("cause")
        if cause is None:
            self.prompt(surface, prompt, "Which card's effect?")
            draw_paragraph(surface, "A card on a board, or played, boosted with, activated or used this round.",
                           hint, s(11), theme.MUTED, 2)
            choices = [(name, ("cause", name)) for name in self.view["causes"]]
            self.add_choices(surface, body, choices, 3, 4, s(12), page_key="causepage")
            return
        self.prompt(surface, prompt, f"{cause}: what did it change?")
        draw_paragraph(surface, "Each tap enters one card, one Spirit Energy or the planchette's move.",
                       hint, s(11), theme.MUTED, 2)
        choices = [(self.correction_label(a), ("do", {**a, "cause": cause})) for a in self.corrections()]
        self.add_choices(surface, body, choices, 3, 4, s(11), page_key="effectpage")

    # -- rolls entered from the table ------------------------------------------------------------------------------
    def submit(self, entry: dict, dice_fields: list) -> None:
        """Play ``entry``; with the table's dice, first ask each die's number."""
        if self.table_dice and any(dice for _, dice, _ in dice_fields):
            self.draft["rolling"] = {"entry": entry, "fields": dice_fields, "values": []}
        else:
            self.app.play(entry)

    def draw_rolls(self, surface, area, rolling):
        s = self.scale
        dice = [(field, d, who) for field, ds, who in rolling["fields"] for d in ds]
        done = len(rolling["values"])
        field, sides, who = dice[done]
        prompt, sofar, body, go = rows(area, [1, 1, 4, 1.2], s(6))
        self.prompt(surface, prompt, f"{who}: the d{sides} rolled… ({done + 1} of {len(dice)})")
        entered = ", ".join(f"d{d} {v}" for (_, d, _), v in zip(dice, rolling["values"])) or "none yet"
        draw_text(surface, f"Entered: {entered}", sofar, s(12), theme.MUTED)
        cols = 5 if sides <= 10 else 10
        for cell, n in zip(grid(body, cols, 2, s(4)), range(1, sides + 1)):
            self.add_button(surface, Button(cell, str(n), ("roll", n)), s(14))
        back, _ = columns(go, [1, 2], s(6))
        self.add_button(surface, Button(back, "Back", ("rollback",)), s(13))

    def enter_roll(self, value: int) -> None:
        rolling = self.draft["rolling"]
        rolling["values"].append(value)
        needed = sum(len(dice) for _, dice, _ in rolling["fields"])
        if len(rolling["values"]) < needed:
            return
        entry, values = dict(rolling["entry"]), list(rolling["values"])
        for field, dice, _ in rolling["fields"]:
            entry[field], values = values[: len(dice)], values[len(dice):]
        del self.draft["rolling"]
        self.app.play(entry)

    def draw_over(self, surface, area):
        s = self.scale
        text, button = rows(area, [2, 1], s(8))
        draw_paragraph(surface, self.view["ending"], text, s(18), theme.GOOD)
        self.add_button(surface, Button(button, "See the results", ("results",), colour=theme.GOOD), s(16))

    # -- input ---------------------------------------------------------------------------------------------------
    def on_button(self, action):
        """A tap: ``tap_<kind>`` handles it, or it is a step of the entry in progress
        (:data:`STEP_TAGS`), "New card…", or a page of a long list."""
        if self.turn_page(action):
            return
        kind, value = action[0], action[1] if len(action) > 1 else None
        handler = getattr(self, f"tap_{kind}", None)
        if handler is not None:
            handler(value)
        elif kind in STEP_TAGS:
            self.draft[STEP_TAGS[kind]] = value
        elif kind == "define":
            self.define(value, action[2])
        self.app.dirty = True

    def tap_do(self, action):
        self.app.play(action)

    def tap_seat(self, seat):
        draft = self.draft
        draft.clear()
        draft["seat"] = seat

    def tap_hide(self, _):
        self.draft.clear()

    def tap_zener(self, z):
        draft = self.draft
        if draft.get("mode") == "activate":
            draft["zener"] = z
            return
        zeners = draft.setdefault("zeners", [])
        draft["zeners"] = [x for x in zeners if x != z] if z in zeners else zeners + [z]

    def tap_curse(self, _):
        draft = self.draft
        self.app.play({"act": "curse", "seat": draft["seat"],
                       "zeners": [z for z in SYMBOLS if z in draft.get("zeners", [])]})

    def tap_add(self, value):
        self.draft["hand"].append(value)

    def tap_takeback(self, _):
        draft = self.draft
        if len(draft["hand"]) > len(self.seat(draft["seat"])["hand_known"]):
            draft["hand"].pop()

    def tap_reveal(self, _):
        draft = self.draft
        self.app.play({"act": "reveal", "seat": draft["seat"], "hand": list(draft["hand"])})

    def tap_die(self, k):
        draft = self.draft
        draft["dice"] = [x for x in draft["dice"] if x != k] if k in draft["dice"] else draft["dice"] + [k]

    def tap_boostcard(self, value):
        """A card for the boost, or (tapped again) not."""
        cards = self.draft["cards"]
        if value in cards:
            cards.remove(value)
        else:
            cards.append(value)

    def tap_noboost(self, _):
        self.app.play({"act": "boost", "seat": self.draft["seat"]})

    def tap_boost(self, _):
        self.submit(*self.boost_entry())

    def tap_playing(self, _):
        self.draft["playing"] = True

    def tap_abilities(self, _):
        self.draft["mode"] = "ability"

    def tap_abilitycard(self, value):
        self.app.play({"act": "ability", "seat": self.view["turn_seat"], "card": value})

    def tap_attack(self, action):
        self.submit(action, self.attack_rolls(action))

    def tap_energy(self, n):
        self.draft["energy"] = n

    def tap_noadd(self, _):
        self.draft["add"] = None

    def tap_addkind(self, kind):
        """Energy from a hand holding unknown cards is one of them, unnamed; otherwise the
        card is chosen next."""
        if kind == "energy" and self.possession_hand().unknown:
            self.draft["add"] = {"as": "energy"}
        else:
            self.draft["addkind"] = kind

    def tap_addcard(self, value):
        draft = self.draft
        draft["add"] = {"as": draft.pop("addkind"), "card": value}

    def tap_guess(self, value):
        """The card the guesser shows; for a computer's play, the play is then whole."""
        draft = self.draft
        draft["guess"] = value
        play = draft.get("computer")
        if play is not None:
            down = self.seat(play["seat"])["energy"]["face_down"]
            self.app.play(with_guess(play, self.card_of(play["card"]), self.card_of(value), down))

    def tap_draw(self, value):
        self.draft["draw"] = value

    def tap_play(self, _):
        self.app.play(self.play_entry())

    def tap_activating(self, _):
        self.draft.clear()
        self.draft["mode"] = "activate"

    def tap_effecting(self, _):
        self.draft.clear()
        self.draft["mode"] = "effect"

    def tap_cause(self, value):
        self.draft["cause"] = value

    def tap_cancel(self, _):
        self.draft.clear()

    def tap_aseat(self, seat):
        self.draft["aseat"] = seat

    def tap_acard(self, value):
        self.draft["card"] = value

    def tap_burn(self, value):
        self.draft["burn"] = value

    def tap_activate(self, _):
        self.app.play(self.activate_entry())

    def tap_back(self, _):
        """One step back: the last step of the entry in progress, or out of it."""
        draft = self.draft
        if draft.get("mode") == "effect":
            if draft.pop("cause", None) is None:
                draft.clear()
            return
        draft.pop("draw", None)
        steps = ACTIVATE_STEPS if draft.get("mode") == "activate" else PLAY_STEPS
        keys = [k if k != "seat" else "aseat" for k in steps]
        for key in reversed(keys):
            if key in draft:
                del draft[key]
                return
        for key in ("playing", "mode"):
            draft.pop(key, None)

    def tap_roll(self, n):
        self.enter_roll(n)

    def tap_rollback(self, _):
        rolling = self.draft["rolling"]
        if rolling["values"]:
            rolling["values"].pop()
        else:
            del self.draft["rolling"]

    def tap_tabledice(self, _):
        self.table_dice = not self.table_dice

    def tap_results(self, _):
        from companion.ui.summary import SummaryScreen

        self.app.show(SummaryScreen(self.app))


#: buttons that fill a step of the draft: the button's kind -> the draft's key
STEP_TAGS = {"card": "card", "planchette": "planchette"}


class CardFormScreen(SubScreen):
    """A card in no catalog, as its front prints it: name, spirit or spell, Zener symbol,
    element, attack die and speed, and the same three for its cursed (upside-down) side.
    "Use this card" checks it as the rules will and hands the log's inline definition back
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
        s = self.scale
        name, kinds, up_label, up_row, cursed_label, cursed_row, go = rows(
            area.inflate(-s(24), -s(14)), [1.1, 1, 0.7, 1, 0.7, 1, 1.1], s(6))
        label, field = columns(name, [1, 4], s(8))
        draw_text(surface, "Name", label, s(15), theme.INK, bold=True)
        self.add_button(surface, Button(field, self.name or "Tap to type the name", ("type_name",)), s(15))
        types, symbols = columns(kinds, [2, 5], s(10))
        for cell, kind in zip(columns(types, [1, 1], s(5)), ("spirit", "spell")):
            self.add_button(surface, Button(cell, kind, ("kind", kind), selected=self.type == kind), s(13))
        for cell, z in zip(columns(symbols, [1] * 5, s(5)), SYMBOLS):
            chosen = z == self.symbol
            self.add_button(surface, Button(cell, z, ("symbol", z), selected=chosen,
                                            draw_face=symbol_face(z, chosen)), s(12))
        draw_text(surface, "Face up: element, attack die, speed", up_label, s(12), theme.MUTED)
        self.draw_side(surface, up_row, "up")
        draw_text(surface, "Upside down (cursed): element, attack die, speed", cursed_label, s(12), theme.MUTED)
        self.draw_side(surface, cursed_row, "cursed")
        cancel, use = columns(go, [1, 2], s(8))
        self.add_button(surface, Button(cancel, "Cancel", ("cancel",)), s(15))
        self.add_button(surface, Button(use, "Use this card", ("use",), bool(self.name.strip()), colour=theme.GOOD),
                        s(15))

    def draw_side(self, surface, area, side):
        """One face's element (a known one, or another typed), attack die and speed."""
        s = self.scale
        figures = self.sides[side]
        elements, dice, speed = columns(area, [5, 5, 2.6], s(10))
        shown = self.elements[:4]
        if figures["element"] not in shown:
            shown = shown[:3] + [figures["element"]]
        cells = columns(elements, [1] * (len(shown) + 1), s(4))
        for cell, element in zip(cells, shown):
            self.add_button(surface, Button(cell, element, ("element", side, element),
                                            selected=element == figures["element"]), s(11))
        self.add_button(surface, Button(cells[-1], "Other…", ("other", side)), s(11))
        for cell, d in zip(columns(dice, [1] * len(DICE), s(3)), DICE):
            self.add_button(surface, Button(cell, f"d{d}", ("attack", side, d), selected=d == figures["attack"]), s(11))
        minus, number, plus = columns(speed, [1, 1.2, 1], s(3))
        self.add_button(surface, Button(minus, "−", ("speed", side, -1), figures["speed"] > 0), s(14))
        draw_text(surface, str(figures["speed"]), number, s(15), theme.INK, "centre", bold=True)
        self.add_button(surface, Button(plus, "+", ("speed", side, 1), figures["speed"] < 99), s(14))

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


def examples():
    """The Séance Party screen at each step of the example games in docs/examples."""
    from companion.ui import examples as ex

    log, party_log = ex.read_log("seance-party-charges.jsonl"), ex.read_log("seance-party-party-battle.jsonl")
    if log is None or party_log is None:
        return
    setup, actions = log
    acts = [a["act"] for a in actions]
    moments = {"seance-curse": 0, "seance-reveal": acts.index("reveal") + 1, "seance-boost": acts.index("boost"),
               "seance-turn": acts.index("play") + 1, "seance-attach": acts.index("attach")}
    for name, upto in moments.items():
        yield name, ex.at(setup, actions, upto)

    def playing(app):
        ex.load(app, setup, actions[: acts.index("play")])
        app.screen.on_button(("playing",))
        app.screen.on_button(("card", actions[acts.index("play")]["card"]))

    yield "seance-play", playing

    def taps(upto, *buttons):
        """The example game up to ``upto`` actions, then the screen's buttons tapped."""
        def prepare(app):
            ex.load(app, setup, actions[:upto])
            for button in buttons:
                app.screen.on_button(button)
        return prepare

    second_curse = acts.index("curse", 2)
    spirit = next(i for i, a in enumerate(actions) if a["act"] == "play" and "energy" in a)
    yield "seance-sealed", taps(1)
    yield "seance-own-curses", taps(1, ("seat", 1), ("zener", "wave"), ("zener", "star"))
    yield "seance-activate", taps(second_curse + 2, ("activating",), ("aseat", 1), ("zener", "cross"))
    yield "seance-possession", taps(spirit, ("playing",), ("card", actions[spirit]["card"]),
                                    ("planchette", actions[spirit]["planchette"]), ("guess", actions[spirit]["guess"]),
                                    ("energy", 1))
    yield "seance-ability", taps(acts.index("play", acts.index("reveal", second_curse)) + 1, ("abilities",))

    def card_form(app):
        ex.load(app, setup, actions[:1])
        app.screen.define("add", None)

    yield "seance-card-form", card_form
    party_setup, party = party_log
    pacts = [a["act"] for a in party]
    attack = party[pacts.index("attack")]

    def table_rolls(app):
        ex.load(app, party_setup, party[: pacts.index("attack")])
        app.screen.on_button(("tabledice",))
        app.screen.on_button(("attack", attack))
        app.screen.on_button(("roll", 3))

    yield "seance-rolls", table_rolls
    yield "seance-battle", lambda app: ex.load(app, party_setup, party[: pacts.index("attack") + 1])
    yield "seance-after-battle", lambda app: ex.load(app, party_setup, party)
    yield "seance-over", lambda app: ex.load(app, setup, actions)

    yield "seance-summary", ex.results(setup, actions)
