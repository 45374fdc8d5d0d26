"""The Séance Party screen, built around the star: on the left the pentagram drawn as its
LEDs show it (:mod:`seance_star` — each point's Zener and die, the planchette, every player's
Zener there charged, dormant, face down or cursed), under it the round's speed order as
portraits in the players' colours (:mod:`seance_panel`; a tap opens that player's panel) and
the strip any player may use (activate a curse, a card's effect, the table's own dice); on
the right what is owed now, asked at the table's size — curses, the revealed hand, boosts, a
play, an attack, the damage type — with the battle's totals face to face, and its story
behind a tap.

It draws from the game's view (``self.view``, the table's; ``self.seat_view(seat)`` for the
moment one player chooses curses unseen) and the rules' legal actions, and works out no
rule itself: the view carries every figure and sentence shown.  Every entry is built by
taps from the legal actions: where a hand holds cards the companion does not know, every
catalog card is offered, and "New card…" opens :class:`CardFormScreen` (:mod:`seance_form`)
for a card that is in no catalog (the log's inline definition).  With "Table dice" every
roll a line makes is asked for, die by die.  Curses are set sealed: the panel shows only who
has chosen; each player taps their own name, chooses, and the screen hides the choice
again.  Seats set aside for the computer play by themselves (``Entry.bot``); when a computer
plays a card and a person guesses, the screen asks that person which card they show.  The
rules refuse anything wrong, and the refusal is the app's banner."""

from __future__ import annotations

import random

import pygame

from companion.games.seance_party import rules
from companion.games.seance_party.bot import guess as computer_guess, with_guess
from companion.games.seance_party.cards import SYMBOLS, parse_card
from companion.games.seance_party.moves import boost_dice
from companion.games.seance_party.state import Hand
from companion.ui import theme
from companion.ui.games.seance_form import CardFormScreen
from companion.ui.games.seance_lights import lights
from companion.ui.games.seance_panel import draw_order, draw_player, draw_resources, draw_score, draw_story, \
    story_label
from companion.ui.games.seance_star import draw_star
from companion.ui.games.seance_widgets import card_face, stack, symbol_face
from companion.ui.screen import GameScreen
from companion.ui.widgets import Button, columns, draw_label, draw_paragraph, draw_text, grid, line_step, panel, wrap

__all__ = ["CardFormScreen", "SeancePartyScreen", "examples"]

STEP = {"curse": "Curse step", "reveal": "Speed: reveal", "boost": "Speed: boosts", "turns": "Turns",
        "battle": "Battle", "damage": "Battle: damage", "over": "The end"}
ANIMATION = 3.0  # seconds a charge's flourish or a battle's pulse is animated
ROW = 52   # units: a row of buttons
HEAD = 48  # units: the prompt's row
DICE_ROW = 7  # dice buttons a row holds
#: the steps of an entry in progress, in order: "Back" forgets the last one taken
PLAY_STEPS = ("card", "planchette", "guess", "energy", "addkind", "add")
ACTIVATE_STEPS = ("seat", "zener", "card", "burn", "energy", "addkind", "add")
#: taps that only look (a player's panel, the story) and leave the panel open
LOOKING = ("player", "story", "close")


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
        self.overlay: tuple | None = None  # ("player", seat) or ("story",): shown instead of the entry

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

    def card_choices(self, values, tag, new: bool, symbol=None, chosen=()) -> list[tuple]:
        """Buttons for cards (drawn with their symbol and name, ✓ when chosen), and "New card…"
        where a card unknown to the companion may stand: (label, action, face)."""
        size = self.scale(theme.LABEL)
        out = [(card_name(v), (tag, v), card_face(self.card_of(v).symbol, card_name(v), size, v in chosen))
               for v in values]
        return out + ([("New card…", ("define", tag, symbol), None)] if new else [])

    def card_face(self, name: str):
        """A card named in the view, drawn with its symbol if the companion knows it."""
        known = self.known_cards().get(name)
        return card_face(known.symbol if known else None, name, self.scale(theme.LABEL))

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
        moving = self.animating()
        settled, self.was_moving = self.__dict__.get("was_moving", False) and not moving, moving
        return self.play_computers(now) or changed or settled  # the star alone moves meanwhile

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
    def draw_the_star(self, surface) -> None:
        """The star, with the flourish of a charge or the pulse of a battle as far as it has run."""
        now = self.app.clock.now()
        charge, battle = ((now - at) / ANIMATION if at is not None and now - at < ANIMATION else None
                          for at in (self.charged_at, self.battle_at))
        draw_star(surface, self.star_rect, self.view, self.colour, self.scale, charge, battle)

    def redraw_animation(self, surface):
        """While a charge or a battle animates, only the star is drawn again."""
        rect = self.__dict__.get("star_rect")
        if rect is None:
            return None
        surface.fill(theme.BACKGROUND, rect)
        self.draw_the_star(surface)
        return rect

    def draw_body(self, surface, area):
        """The star and the speed order on the left, with the strip any player may use; on
        the right what the table owes now — or a player's panel, or the battle's story."""
        s = self.scale
        view = self.view
        self.title = f"Séance Party · round {view['round']} · {STEP.get(view['step'], view['step'])}"
        left, right = columns(area.inflate(-s(16), -s(12)), [40, 60], s(12))
        star, chips, strip = stack(left, [None, s(64), s(ROW)], s(14))
        self.star_rect = star
        self.draw_the_star(surface)
        draw_order(self, surface, chips)
        self.draw_strip(surface, strip)
        panel(surface, right, theme.PANEL, s(8))
        room = right.inflate(-s(16), -s(16))
        overlay = self.__dict__.get("overlay")
        if overlay is not None and overlay[0] == "player" and overlay[1] < len(view["seats"]):
            return draw_player(self, surface, room, overlay[1])
        if overlay is not None and overlay[0] == "story" and story_label(view):
            return draw_story(self, surface, room)
        self.overlay = None
        self.draw_action(surface, room)

    # -- the entry of what is owed -----------------------------------------------------------------
    def draw_action(self, surface, area):
        """What the table owes now, or the entry a player opened (a curse, rolls to enter);
        in its heading the prompt, and the story of the last battle behind a tap."""
        s = self.scale
        head, body = stack(area, [s(HEAD), None], self.gap())
        label = story_label(self.view)
        if label:
            story = pygame.Rect(head.right - s(126), head.top, s(126), head.height)
            head = pygame.Rect(head.left, head.top, head.width - s(126) - self.gap(), head.height)
            self.add_button(surface, Button(story, label, ("story",)))
        self.prompt_rect = head
        owed = self.view["next"]
        if owed is None:
            return self.draw_over(surface, body)
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

    def draw_strip(self, surface, area):
        """Activating a curse (any player, any time from the Speed step on), a card's effect,
        and who rolls the dice."""
        curse, effect, dice = columns(area, [1, 1, 1], self.gap())
        opened = self.draft.get("mode") == "activate"
        label = "No curse" if opened else "Curse…"
        self.add_button(surface, Button(curse, label, ("cancel",) if opened else ("activating",),
                                        opened or bool(self.legal("activate")), colour=theme.BAD,
                                        why="No curse can be activated now: from the Speed step on, a player "
                                            "activates a curse that sits on one of their Zeners."))
        effecting = self.draft.get("mode") == "effect"
        label = "No effect" if effecting else "Effect…"
        self.add_button(surface, Button(effect, label, ("cancel",) if effecting else ("effecting",),
                                        effecting or bool(self.corrections()),
                                        why="No card's effect to enter: none was played, boosted with, "
                                            "activated or used yet."))
        self.add_button(surface, Button(dice, "Table dice", ("tabledice",), selected=self.table_dice))

    def gap(self) -> int:
        return self.scale(theme.TARGET_GAP) + 1

    def own_draft(self, seat: int) -> dict:
        """The draft of an entry by ``seat``: another seat's is forgotten."""
        draft = self.draft
        if draft.get("seat") not in (None, seat):
            draft.clear()
        draft["seat"] = seat
        return draft

    def prompt(self, surface, text, seat=None):
        """What is asked, at the table's size, after a disc in the colour of who is asked."""
        s = self.scale
        rect = self.prompt_rect
        if seat is not None:
            pygame.draw.circle(surface, self.colour(seat), (rect.left + s(12), rect.centery), s(12))
            rect = pygame.Rect(rect.left + s(32), rect.top, rect.width - s(32), rect.height)
        draw_text(surface, text, rect, s(theme.TABLE), theme.INK, bold=True)

    def hint(self, surface, rect, text):
        """A line or two under the prompt, muted: what the prompt leaves out."""
        size = self.scale(theme.BODY)
        if len(wrap(text, size, rect.width, False, size)) * line_step(size) <= rect.height:
            draw_paragraph(surface, text, rect, size, theme.MUTED)
        else:
            draw_label(surface, text, rect, size, theme.MUTED, align="left", bold=False)

    def back_and_go(self, surface, area, label, action, ready=True, why=""):
        """The last row of an entry: Back (one step), and the button that plays it."""
        back, go = columns(area, [1, 2], self.gap())
        self.add_button(surface, Button(back, "Back", ("back",)))
        self.add_button(surface, Button(go, label, action, ready, colour=theme.GOOD,
                                        why=why or "Finish the steps above first."))

    def cards_grid(self, surface, area, choices, page_key="page", cols=3):
        """Card buttons (from :meth:`card_choices`) in as many rows as fit, paged."""
        s = self.scale
        count = max(1, min(4, (area.height + self.gap()) // (s(theme.TARGET) + self.gap())))
        self.add_choices(surface, area, choices, cols, count, page_key=page_key, gap=self.scale(theme.TARGET_GAP) + 1)

    # -- the curse step: sealed ----------------------------------------------------------------------
    def draw_curse(self, surface, area, owed):
        """Only who has chosen shows; a player taps their own name to choose unseen."""
        waiting = set(self.view["curse_waiting"])
        seat = self.draft.get("seat")
        if seat in waiting:
            return self.draw_own_curses(surface, area, seat)
        s = self.scale
        hint, who = stack(area, [s(48), None], self.gap())
        self.prompt(surface, "Secret curses")
        self.hint(surface, hint, "Tap your name and choose while the others look away; the screen hides it again.")
        seats = self.active()
        computers = self.computers()
        for cell, p in zip(stack(who, [s(ROW)] * len(seats), self.gap()), seats):
            status = "chosen" if p not in waiting else "the computer chooses" if p in computers else \
                "waiting — tap to choose"
            label = f"{self.name(p)}: {status}"
            self.add_button(surface, Button(cell, label, ("seat", p), p in waiting and p not in computers,
                                            colour=self.colour(p),
                                            why=f"{self.name(p)} has chosen." if p not in waiting else
                                            f"The computer chooses for {self.name(p)}."))

    def draw_own_curses(self, surface, area, seat):
        """The private moment: what ``seat`` alone may see (its view), while the others look away."""
        s = self.scale
        own = self.seat_view(seat)["own"]
        draft = self.draft
        zeners = draft.setdefault("zeners", [])
        most = own["curse_most"]
        hint, body, go = stack(area, [s(48), None, s(ROW)], self.gap())
        self.prompt(surface, f"Only {self.name(seat)} looks", seat)
        self.hint(surface, hint, f"Curses on which Zeners? Up to {most}, one card from the hand each.")
        cells = columns(body, [1] * 5, self.gap())
        side = min(cells[0].width, body.height)
        for cell, z in zip(cells, own["curse_zeners"]):
            chosen = z in zeners
            room = chosen or len(zeners) < most  # a curse is a card from the hand
            button = pygame.Rect(cell.left, body.centery - side // 2, cell.width, side)
            self.add_button(surface, Button(button, z, ("zener", z), room, selected=chosen, draw_face=symbol_face(z),
                                            why=f"{self.name(seat)}'s hand covers {most} curse"
                                                f"{'s' if most != 1 else ''}."))
        hide, done = columns(go, [1, 2], self.gap())
        self.add_button(surface, Button(hide, "Hide", ("hide",)))
        count = len(zeners)
        label = "No curses" if not count else f"Set {count} curse{'s' if count > 1 else ''}"
        self.add_button(surface, Button(done, label, ("curse",), colour=theme.GOOD))

    # -- the speed step ----------------------------------------------------------------------------------
    def draw_reveal(self, surface, area, owed):
        s = self.scale
        waiting = sorted({a["seat"] for a in self.legal("reveal")} - set(self.computers()))
        draft = self.draft
        if draft.get("seat") not in waiting:
            draft.clear()
            if not waiting:
                return self.prompt(surface, "The computer reveals…")
            draft["seat"] = owed["seat"] if owed["seat"] in waiting else waiting[0]
        seat = draft["seat"]
        shown = self.seat(seat)
        draft.setdefault("hand", list(shown["hand_known"]))
        need = shown["hand"]
        who, sofar, cards, go = stack(area, [s(ROW), s(46), None, s(ROW)], self.gap())
        self.prompt(surface, f"{self.name(seat)} reveals {need}", seat)
        for cell, p in zip(columns(who, [1] * max(len(waiting), 3), self.gap()), waiting):
            self.add_button(surface, Button(cell, self.name(p), ("seat", p), selected=p == seat,
                                            colour=self.colour(p)))
        chosen = ", ".join(card_name(c) for c in draft["hand"]) or "none yet"
        self.hint(surface, sofar, f"{len(draft['hand'])} of {need}: {chosen}")
        if len(draft["hand"]) < need:
            values = list(self.view["cards"]) + self.new_cards()
            self.cards_grid(surface, cards, self.card_choices(values, "add", True))
        fix, done = columns(go, [1, 2], self.gap())
        self.add_button(surface, Button(fix, "Take back", ("takeback",), len(draft["hand"]) > len(shown["hand_known"]),
                                        why="No card to take back: the cards already shown stay."))
        self.add_button(surface, Button(done, "Reveal", ("reveal",), len(draft["hand"]) == need, colour=theme.GOOD,
                                        why=f"{self.name(seat)} reveals all {need} cards of the hand first."))

    def draw_boost(self, surface, area, owed):
        s = self.scale
        seat = owed["seat"]
        draft = self.own_draft(seat)
        draft.setdefault("dice", [])
        draft.setdefault("cards", [])
        what = "battle" if self.view["step"] == "battle" else "speed"
        self.prompt(surface, f"{self.name(seat)}: {what} boost?", seat)
        if seat in self.computers():
            return self.hint(surface, stack(area, [s(48)], 0)[0], "The computer is thinking…")
        battle = self.view["battle"]
        pool = self.seat(seat)["pool_sides"]
        lines = 1 if len(pool) <= DICE_ROW else 2  # more dice than two rows hold are paged
        score, dice, cards, go = stack(area, [s(ROW) if battle else 0, s(ROW) * lines + self.gap() * (lines - 1),
                                              None, s(ROW)], self.gap())
        if battle:
            draw_score(self, surface, score, battle)
        self.add_choices(surface, dice, [(f"d{d}", ("die", k), None, k in draft["dice"])
                                          for k, d in enumerate(pool)], DICE_ROW, lines, page_key="dicepage",
                         gap=self.scale(theme.TARGET_GAP) + 1)
        hand = self.hand(seat)
        if hand.size:
            choices = self.card_choices(self.hand_cards(seat), "boostcard", hand.unknown > 0, chosen=draft["cards"])
            self.cards_grid(surface, cards, choices, "boostpage")
        else:
            self.hint(surface, cards.inflate(0, -cards.height // 2), f"{self.name(seat)} holds no card to boost with.")
        none, done = columns(go, [1, 1], self.gap())
        self.add_button(surface, Button(none, "No boost", ("noboost",)))
        count = len(draft["dice"]) + len(draft["cards"])
        self.add_button(surface, Button(done, f"Boost with {count}" if count else "Boost", ("boost",), bool(count),
                                        colour=theme.GOOD, why="Tap the dice or cards to boost with first."))

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
        seat = owed["seat"]
        self.prompt(surface, f"{self.name(seat)}: damage type?", seat)
        if seat in self.computers():
            return self.hint(surface, stack(area, [s(48)], 0)[0], "The computer is thinking…")
        options = self.legal("damage")
        count = max(2, -(-len(options) // 2))
        score, area = stack(area, [s(ROW), None], self.gap())
        if self.view["battle"]:
            draw_score(self, surface, score, self.view["battle"])
        for cell, action in zip(grid(area.inflate(0, -max(0, area.height - count * s(64))), 2, count, self.gap()),
                                options):
            self.add_button(surface, Button(cell, action["element"], ("do", action)))

    # -- a turn -------------------------------------------------------------------------------------------
    def draw_turn(self, surface, area, owed):
        s = self.scale
        seat = owed["seat"]
        draft = self.own_draft(seat)
        if draft.get("playing"):
            return self.draw_play(surface, area, seat)
        self.prompt(surface, f"{self.name(seat)}'s turn", seat)
        if seat in self.computers():
            return self.hint(surface, stack(area, [s(48)], 0)[0], "The computer is thinking…")
        acts, body = stack(area, [s(ROW) * 2 + self.gap(), None], self.gap())
        play, ability, pas, end = grid(acts, 2, 2, self.gap())
        name = self.name(seat)
        forced = "round 1, everyone passes until all have started a turn" if self.view["forced_pass"] else ""
        self.add_button(surface, Button(play, "Play a card", ("playing",), bool(self.legal("play")),
                                        why=f"{name} cannot play a card: no card in hand matches a face-up Zener."))
        self.add_button(surface, Button(ability, "Ability…", ("abilities",), bool(self.legal("ability")),
                                        why=f"{name} has no card whose ability may be used now."))
        self.add_button(surface, Button(pas, "Pass", ("do", {"act": "pass", "seat": seat}), bool(self.legal("pass")),
                                        why=f"{name} cannot pass now."))
        self.add_button(surface, Button(end, "End round", ("do", {"act": "end", "seat": seat}),
                                        bool(self.legal("end")),
                                        why=f"{name} cannot end the round: {forced or 'not allowed now'}."))
        attacks = [a for a in self.legal("attack") if "attack_rolls" not in a and "defence_rolls" not in a]
        others = self.legal("attach") + attacks
        if not others:
            words = "Round 1: no attacks and no ending until everyone has started a turn." if forced else ""
            guesser = self.view["guesser"]
            if guesser is not None and self.legal("play"):
                words += f" When {name} plays a card, {self.name(guesser)} guesses it."
            hint, _, means = stack(body, [s(72), None, s(60)], self.gap())
            self.hint(surface, hint, words.strip())
            draw_resources(self, surface, means, seat)
            return
        choices = []
        for action in others:
            if action["act"] == "attach":
                label = f"Attach {self.card_label(action['spell'])} to {self.card_label(action['spirit'])}"
                tap = ("do", action)
            else:
                aim = self.name(action["player"]) if "player" in action else self.card_label(action["target"])
                label = f"{self.board_cards()[action['spirit']][1]['card']} attacks {aim}"
                tap = ("attack", action)
            choices.append((label, tap, None))
        rows_fit = max(1, (body.height + self.gap()) // (s(56) + self.gap()))
        cols = 1 if len(choices) <= rows_fit else 2
        self.add_choices(surface, body, choices, cols, rows_fit, page_key="otherpage", gap=self.scale(theme.TARGET_GAP) + 1)

    def draw_play(self, surface, area, seat):
        """A play in steps: the card, the planchette's point, the guesser's shown card, then a
        spirit's energy and added card, or a countered card's draw.  A computer guesser shows
        its card at once; a computer's own play asks only the person who guesses."""
        s = self.scale
        draft = self.draft
        body, go = stack(area, [None, s(ROW)], self.gap())
        faces = self.seat(seat)["faces"]
        up = {z for z, face in faces.items() if face["up"]}
        g = self.view["guesser"]
        if "card" not in draft:
            self.back_and_go(surface, go, "Play", ("play",), False)
            self.prompt(surface, f"{self.name(seat)} plays…", seat)
            new = self.seat(seat)["hand_unknown"] > 0
            return self.cards_grid(surface, body, self.card_choices(self.hand_cards(seat, up), "card", new), "cardpage")
        card = self.card_of(draft["card"])
        if "planchette" not in draft:
            self.back_and_go(surface, go, "Play", ("play",), False)
            self.prompt(surface, "Planchette to…")
            hint, row = stack(body, [s(30), None], self.gap())
            self.hint(surface, hint, f"{card.name}: move the planchette to the point")
            targets = {a["planchette"] for a in self.legal("play")}
            self.symbol_row(surface, row, [p for p in self.points() if p in targets], "planchette")
            return
        if g is not None and "guess" not in draft and g in self.computers():
            draft["guess"] = computer_guess(self.seat(g)["may_give"], self.view["pentagram"]["planchette"],
                                            lambda c: self.card_of(c).symbol, self.computer_rng("guess"))
        if g is not None and "guess" not in draft:
            if "computer" not in draft:  # a computer's play waits for the guess alone: no Back
                self.back_and_go(surface, go, "Play", ("play",), False)
            self.prompt(surface, f"{self.name(g)} shows…", g)
            return self.cards_grid(surface, body, self.card_choices(self.hand_cards(g), "guess",
                                                                  self.seat(g)["hand_unknown"] > 0), "guesspage")
        if "computer" in draft:
            return self.prompt(surface, f"{self.name(seat)} plays…", seat)
        countered = "guess" in draft and rules.countered(card, self.card_of(draft["guess"]))
        if not countered and self.draw_possession(surface, body, go, seat, card):
            return
        self.back_and_go(surface, go, "Play", ("play",))
        self.prompt(surface, "Play?", seat)
        words = f"{card.name} to {draft['planchette']}"
        if "guess" in draft:
            words += f"; {self.name(g)} shows {card_name(draft['guess'])}" + (" — countered" if countered else "")
        words += self.possession_words(draft)
        text, option = stack(body, [None, s(ROW)], self.gap())
        draw_paragraph(surface, words + ".", text, s(theme.BODY), theme.INK)
        if countered:
            draw = draft.get("draw", True)
            label = f"{self.name(seat)} draws a card"
            self.add_button(surface, Button(option, label, ("draw", not draw), selected=draw))

    def symbol_row(self, surface, area, symbols, tag):
        """Big Zener symbols in a row, each a button ``(tag, symbol)``."""
        cells = columns(area, [1] * 5, self.gap())
        side = min(cells[0].width, area.height)
        for cell, z in zip(cells, symbols):
            rect = pygame.Rect(cell.left, area.top + (area.height - side) // 2, cell.width, side)
            self.add_button(surface, Button(rect, z, (tag, z), draw_face=symbol_face(z)))

    def attack_rolls(self, action) -> list:
        """An attack's dice: the attacking stack's, then the defending stack's (none for a player)."""
        found = self.board_cards()
        seat, spirit = found[action["spirit"]]
        out = [("attack_rolls", spirit["dice"], f"{self.name(seat)}'s attack")]
        if "target" in action:
            owner, target = found[action["target"]]
            out.append(("defence_rolls", target["dice"], f"{self.name(owner)}'s defence"))
        return out

    def play_entry(self) -> dict:
        draft = self.draft
        entry = {"act": "play", "seat": draft["seat"], "card": draft["card"], "planchette": draft["planchette"]}
        if "guess" in draft:
            entry["guess"] = draft["guess"]
        if draft.get("draw") is False:
            entry["draw"] = False
        return {**entry, **self.possession_fields(draft)}

    # -- possessing a spirit: its energy and an added card (a play, or a curse brought up) ---------------------
    def draw_possession(self, surface, body, go, seat, card) -> bool:
        """The next step of a spirit's possession, if one is owed: its energy, then a card from
        the hand added to its inventory or as energy (or none).  True if a step was drawn."""
        s = self.scale
        draft = self.draft
        hand = self.possession_hand()
        down = self.seat(seat)["energy"]["face_down"]
        if card.type != "spirit" or down == 0:
            return False
        if "energy" not in draft:
            self.back_and_go(surface, go, "Next", ("next",), False, "Tap how much Spirit Energy first.")
            self.prompt(surface, "Spirit Energy?", seat)
            hint, numbers = stack(body, [s(30), None], self.gap())
            self.hint(surface, hint, f"How much goes under {card.name}:")
            count = max(1, -(-down // 5))
            rect = numbers.inflate(0, -max(0, numbers.height - count * s(64)))
            for cell, n in zip(grid(rect, 5, count, self.gap()), range(1, down + 1)):
                self.add_button(surface, Button(cell, str(n), ("energy", n)))
            return True
        if "add" in draft:
            return False
        self.back_and_go(surface, go, "Next", ("next",), False, "Choose a card, or No card, first.")
        kind = draft.get("addkind")
        if kind is None:
            self.prompt(surface, "And a card?", seat)
            hint, none, inventory, energy = stack(body, [s(30), s(ROW), s(ROW), s(ROW)], self.gap())
            self.hint(surface, hint, f"From {self.name(seat)}'s hand, for {card.name}:")
            self.add_button(surface, Button(none, "No card", ("noadd",)))
            empty = f"{self.name(seat)}'s hand is empty."
            self.add_button(surface, Button(inventory, "One to its inventory, face up…", ("addkind", "inventory"),
                                            hand.size > 0, why=empty))
            self.add_button(surface, Button(energy, "One as more Spirit Energy", ("addkind", "energy"),
                                            hand.size > 0, why=empty))
            return True
        self.prompt(surface, "To the inventory:" if kind == "inventory" else "As Spirit Energy:", seat)
        values = hand.options(self.view["cards"]) + (self.new_cards() if hand.unknown else [])
        self.cards_grid(surface, body, self.card_choices(values, "addcard", hand.unknown > 0), "addpage")
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
        body, go = stack(area, [None, s(ROW)], self.gap())
        actions = self.legal("activate")
        seats = sorted({a["seat"] for a in actions})
        if "aseat" not in draft:
            self.back_and_go(surface, go, "Activate", ("activate",), False)
            self.prompt(surface, "Whose curse?")
            for cell, p in zip(grid(body.inflate(0, -max(0, body.height - 2 * s(64))), 2, 2, self.gap()), seats):
                self.add_button(surface, Button(cell, self.name(p), ("aseat", p), colour=self.colour(p)))
            return
        seat = draft["aseat"]
        if "zener" not in draft:
            self.back_and_go(surface, go, "Activate", ("activate",), False)
            self.prompt(surface, "On which Zener?", seat)
            cursed = {a["zener"] for a in actions if a["seat"] == seat}
            self.symbol_row(surface, body, [p for p in self.points() if p in cursed], "zener")
            return
        z = draft["zener"]
        if "card" not in draft:
            self.back_and_go(surface, go, "Activate", ("activate",), False)
            self.prompt(surface, "The curse is…", seat)
            values = list(dict.fromkeys(a["card"] for a in actions if a["seat"] == seat and a["zener"] == z))
            values += [d for d in self.new_cards() if d["symbol"] == z]
            return self.cards_grid(surface, body, self.card_choices(values, "acard", True, z), "acardpage")
        card = self.card_of(draft["card"])
        if "burn" not in draft:
            self.back_and_go(surface, go, "Activate", ("activate",), False)
            self.prompt(surface, "Burn, or board?", seat)
            hint, burn, board = stack(body, [s(30), s(64), s(64)], self.gap())
            self.hint(surface, hint, f"{card.name}, the curse on {self.name(seat)}'s {z}:")
            label = "Burn it: a one-time use, then the trash"
            self.add_button(surface, Button(burn, label, ("burn", True)))
            kind = "a phantom" if card.type == "spirit" else "a curse"
            label = f"To the board upside down, {kind}"
            self.add_button(surface, Button(board, label, ("burn", False)))
            return
        if not draft["burn"] and self.draw_possession(surface, body, go, seat, card):
            return
        self.back_and_go(surface, go, "Activate", ("activate",))
        self.prompt(surface, "Activate?", seat)
        how = "burned" if draft["burn"] else "to the board upside down" + self.possession_words(draft)
        draw_paragraph(surface, f"{self.name(seat)}'s curse on {z}: {card.name}, {how}.", body, s(theme.BODY),
                       theme.INK)

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
        hint, body, go = stack(area, [s(48), None, s(ROW)], self.gap())
        back, _ = columns(go, [1, 2], self.gap())
        self.add_button(surface, Button(back, "Back", ("back",)))
        self.prompt(surface, "Whose ability?", seat)
        self.hint(surface, hint, f"{self.name(seat)} uses a card's ability; the table does what the card says.")
        found = self.board_cards()
        choices = []
        for a in self.legal("ability"):
            if "item" in a:
                card = found[a["item"]][1]["card"]
                symbol = self.known_cards()[card].symbol if card in self.known_cards() else None
                choices.append((f"#{a['item']} {card}", ("do", a), card_face(symbol, f"#{a['item']} {card}",
                                                                               s(theme.LABEL))))
        choices += self.card_choices(self.hand_cards(seat), "abilitycard", self.seat(seat)["hand_unknown"] > 0)
        self.cards_grid(surface, body, choices, "abilitypage")

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
        hint, body, go = stack(area, [s(48), None, s(ROW)], self.gap())
        back, _ = columns(go, [1, 2], self.gap())
        self.add_button(surface, Button(back, "Back", ("back",)))
        cause = self.draft.get("cause")
        if cause is None:
            self.prompt(surface, "Which card's effect?")
            self.hint(surface, hint, "A card on a board, or played, boosted with, activated or used this round.")
            choices = [(name, ("cause", name), self.card_face(name)) for name in self.view["causes"]]
            self.cards_grid(surface, body, choices, "causepage", cols=2)
            return
        self.prompt(surface, "What did it change?")
        self.hint(surface, hint, f"{cause}: each tap enters one card, one Spirit Energy or the planchette's move.")
        choices = [(label, ("do", {**a, "cause": cause}), None)
                   for a in self.corrections() for label in [self.correction_label(a)]]
        self.cards_grid(surface, body, choices, "effectpage", cols=2)

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
        hint, body, go = stack(area, [s(48), None, s(ROW)], self.gap())
        self.prompt(surface, f"The d{sides} rolled…")
        entered = ", ".join(f"d{d} {v}" for (_, d, _), v in zip(dice, rolling["values"]))
        self.hint(surface, hint, f"{who}: die {done + 1} of {len(dice)}" + (f" (so far {entered})" if entered else ""))
        cols = 5 if sides <= 10 else 7
        count = -(-sides // cols)
        rect = body.inflate(0, -max(0, body.height - count * s(64)))
        for cell, n in zip(grid(rect, cols, count, self.gap()), range(1, sides + 1)):
            self.add_button(surface, Button(cell, str(n), ("roll", n)))
        back, _ = columns(go, [1, 2], self.gap())
        self.add_button(surface, Button(back, "Back", ("rollback",)))

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
        self.prompt(surface, "The end")
        text, button = stack(area, [None, s(64)], self.gap())
        draw_paragraph(surface, self.view["ending"], text, s(theme.TABLE), theme.GOOD, bold=True)
        self.add_button(surface, Button(button, "See the results", ("results",), colour=theme.GOOD))

    # -- input ---------------------------------------------------------------------------------------------------
    def on_button(self, action):
        """A tap: ``tap_<kind>`` handles it, or it is a step of the entry in progress
        (:data:`STEP_TAGS`), "New card…", or a page of a long list."""
        if self.turn_page(action):
            return
        kind, value = action[0], action[1] if len(action) > 1 else None
        if kind not in LOOKING:
            self.overlay = None
        handler = getattr(self, f"tap_{kind}", None)
        if handler is not None:
            handler(value)
        elif kind in STEP_TAGS:
            self.draft[STEP_TAGS[kind]] = value
        elif kind == "define":
            self.define(value, action[2])
        self.app.dirty = True

    def tap_player(self, seat):
        """A player's portrait: their panel opens (or closes, tapped again)."""
        self.overlay = None if self.__dict__.get("overlay") == ("player", seat) else ("player", seat)

    def tap_story(self, _):
        self.overlay = ("story",)

    def tap_close(self, _):
        self.overlay = None

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

    def looking(*buttons):
        def prepare(app):
            ex.load(app, party_setup, party)
            for button in buttons:
                app.screen.on_button(button)
        return prepare

    yield "seance-player", looking(("player", 2))
    yield "seance-story", looking(("story",))
    yield "seance-after-battle", lambda app: ex.load(app, party_setup, party)
    yield "seance-over", lambda app: ex.load(app, setup, actions)

    yield "seance-summary", ex.results(setup, actions)


def draw_icon(surface, rect, s) -> None:
    """The home screen's picture of Séance Party: the pentagram's star."""
    from companion.ui.zener import draw_symbol

    draw_symbol(surface, "star", rect, theme.GOLD, max(2, s(3)))
