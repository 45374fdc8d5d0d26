"""Séance Party as a :class:`~companion.engine.game.Game`: the state, and the actions that
change it, exactly as ``docs/seance-party.md`` writes them.

Nobody's hand is known at a real table: the companion counts cards in hands and knows
them only once they are public (named when played or shown, revealed at the speed step).
The rules themselves are the small functions of :mod:`companion.games.seance_party.rules`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from companion.engine.fields import act_of, check_fields, choice_of, definitions_of, player_names, seat_of, seed_of
from companion.engine.game import Action, Game, Outcome
from companion.engine.refusal import Refused, quote
from companion.engine.secret import Sealed
from companion.games.seance_party import rules
from companion.games.seance_party.cards import DICE, SHIPPED, SYMBOLS, Card, add_card, card_named, parse_card

ACTS = ("curse", "reveal", "boost", "play", "attach", "activate", "ability", "attack", "damage", "pass", "end",
        "draw", "trash", "planchette", "energy")
#: correction lines: what a card's effect changes in the companion's counts (Readings 2)
CORRECTIONS = ("draw", "trash", "planchette", "energy")
#: the name a trash keeps for a card trashed unseen (a correction by count)
UNSEEN = "(unseen card)"
#: ``defeated`` of a player defeated by no other player (an effect's energy loss)
NOBODY = -1
SETUP_FIELDS = ("game", "players", "mode", "deck", "seed", "cards", *rules.SETTINGS)
TURN_ACTS = ("play", "attach", "ability", "attack", "pass", "end")
#: each act's required and optional fields
FIELDS = {
    "curse": (["seat", "zeners"], []),
    "reveal": (["seat", "hand"], []),
    "boost": (["seat"], ["dice", "cards", "rolls"]),
    "play": (["seat", "card", "planchette"], ["guess", "draw", "energy", "add"]),
    "attach": (["seat", "spell", "spirit"], []),
    "activate": (["seat", "zener", "card", "burn"], ["energy", "add"]),
    "ability": (["seat"], ["item", "card"]),
    "attack": (["seat", "spirit"], ["target", "player", "attack_rolls", "defence_rolls"]),
    "damage": (["seat", "element"], []),
    "pass": (["seat"], []),
    "end": (["seat"], []),
    "draw": (["seat", "count", "cause"], []),
    "trash": (["seat", "cause"], ["cards", "count"]),
    "planchette": (["to", "cause"], ["seat"]),
    "energy": (["seat", "change", "cause"], []),
}
#: the words of "this is not the time to ..." for each turn act
TURN_WORDS = {"play": "play a card", "attach": "attach a card", "ability": "activate an ability",
              "attack": "attack", "pass": "pass", "end": "end the round"}


@dataclass
class SeanceState:
    names: tuple
    mode: str
    settings: dict
    seed: Any
    cards: dict                     # name -> Card, every card the companion knows
    deck: list                      # cards left in each deck (one shared, or one per player)
    known: list                     # per seat: the hand's cards the companion knows
    unknown: list                   # per seat: how many more cards the hand holds
    down: list                      # per seat: face-down Spirit Energy in the energy area
    up: list                        # per seat: face-up Spirit Energy in the energy area
    zeners: list                    # per seat: symbol -> {"up": bool, "charged": bool}
    curses: list                    # per seat: symbol -> face-down curses on that Zener
    board: list                     # per seat: list of items (see _item)
    trash: list                     # per seat: names of trashed cards
    points: dict                    # symbol -> die sides on that point, or None
    planchette: str | None
    pools: list                     # per seat: dice sides in the pool
    removed: list                   # dice gone from the game
    supplied: int = 0               # dice taken from the box to refill points
    next_id: int = 1
    rolls: int = 0                  # companion rolls so far (the salt of the next)
    round: int = 1
    phase: str = "curse"            # curse, reveal, boost, turns, battle, damage, over
    sealed: Any = None
    revealed: dict = field(default_factory=dict)
    speeds: dict = field(default_factory=dict)   # this round: hand, board, boosts, speed
    order: list = field(default_factory=list)
    boosters: list = field(default_factory=list)
    turn: int | None = None
    played: bool = False
    extra: bool = False
    started: list = field(default_factory=list)
    passed: frozenset = frozenset()  # this round: whose last say was a pass (rules.round_ends_by_passes)
    battle: dict | None = None
    defeated: list = field(default_factory=list)   # per seat: None or the seat that defeated them
    history: list = field(default_factory=list)    # rounds, for the summary
    battles: list = field(default_factory=list)
    charges: list = field(default_factory=list)
    causes: tuple = ()              # this round: cards played, boosted with, activated, used for an ability
    winners: list | None = None
    won_by: str | None = None
    #: seats whose hand, trash, pool, curses, Zeners and board this state holds its own copy of
    #: (see :meth:`mine`); not part of the game
    owned: set = field(default_factory=set, compare=False, repr=False)

    def active(self) -> list[int]:
        return [s for s in range(len(self.names)) if self.defeated[s] is None]

    def hand(self, seat: int) -> int:
        return len(self.known[seat]) + self.unknown[seat]

    def item(self, item_id: int, inventory: bool = False):
        """The seat and item of a card on a board by its number (``inventory``: cards a
        spirit carries too), or (None, None)."""
        for seat, items in enumerate(self.board):
            for item in items:
                for card in (item, *item["inventory"]) if inventory else (item,):
                    if card["id"] == item_id:
                        return seat, card
        return None, None

    def mine(self, seat: int) -> None:
        """Make ``seat``'s hand, trash, pool, curses, Zeners and board this state's own before
        changing any of them: a copy shares them with the state it was made from, which must
        not change."""
        if seat in self.owned:
            return
        self.owned.add(seat)
        self.known[seat], self.trash[seat], self.pools[seat] = (
            list(self.known[seat]), list(self.trash[seat]), list(self.pools[seat]))
        self.curses[seat] = dict(self.curses[seat])
        self.zeners[seat] = {z: dict(v) for z, v in self.zeners[seat].items()}
        self.board[seat] = [_copy_item(i) for i in self.board[seat]]

    def energy_total(self, seat: int) -> int:
        return self.down[seat] + sum(i["energy"] for i in self.board[seat] if i["kind"] == "spirit")

    def copy(self) -> "SeanceState":
        """A copy that an action may change without touching this state.

        ``copy.deepcopy`` spent 95 % of a random game's time re-copying what no action
        changes, and the random playouts apply thousands of actions a game, so a copy
        shares what an action replaces rather than changes: the cards (copied when one is
        defined), the finished rounds, battles and charges (new lists when one is added),
        the revealed hands, speeds, turn order, the sealed choices.  What actions change in
        place is copied: the counts by seat, the points, the round in play and the battle;
        each seat's hand, trash, pool, curses, Zeners and board when an action first
        touches that seat (:meth:`mine`).  The playouts check that no action changes a
        kept state."""
        new = object.__new__(SeanceState)
        new.__dict__.update(self.__dict__)
        new.owned = set()
        new.deck, new.points, new.defeated = list(self.deck), dict(self.points), list(self.defeated)
        new.unknown, new.down, new.up = list(self.unknown), list(self.down), list(self.up)
        new.known, new.trash, new.pools = list(self.known), list(self.trash), list(self.pools)
        new.curses, new.zeners, new.board = list(self.curses), list(self.zeners), list(self.board)
        if self.battle is not None:
            b = self.battle
            new.battle = {**b, "boosting": list(b["boosting"]), "boosts": dict(b["boosts"]),
                          "choices": dict(b["choices"]), "pending": list(b["pending"])}
        new.history = self.history[:-1] + [_copy_round(self.history[-1])] if self.history else []
        return new


def _copy_item(item: dict) -> dict:
    """A board card and its inventory (whose cards never hold one of their own)."""
    inventory = item["inventory"]
    return {**item, "inventory": [{**i, "inventory": []} for i in inventory] if inventory else []}


def _copy_round(record: dict) -> dict:
    """The round in play: its boosts are added to and its last turn's actions appended to."""
    turns = list(record["turns"])
    if turns:
        turns[-1] = {**turns[-1], "actions": list(turns[-1]["actions"])}
    return {**record, "boosts": dict(record["boosts"]), "turns": turns}


def _item(state: SeanceState, name: str, cursed: bool, kind: str, energy: int = 0) -> dict:
    item = {"id": state.next_id, "card": name, "cursed": cursed, "kind": kind, "energy": energy,
            "inventory": [], "rested": False}
    state.next_id += 1
    return item


class SeancePartyGame(Game):
    name = "seance-party"
    title = "Séance Party"
    min_players = 2
    max_players = 4

    # -- setup ---------------------------------------------------------------------------
    def setup(self, line: Mapping[str, Any]) -> SeanceState:
        """Set-up: decks, five dormant Zeners each, the planchette unplaced, a d4 on each
        point, the dice pools, five face-down Spirit Energy each; then round 1's Start."""
        check_fields({**line, "act": "setup"}, ["players"], SETUP_FIELDS)
        names = player_names(line, 2, 4, "Séance Party")
        n = len(names)
        mode = line.get("mode", "party")
        if mode not in rules.MODES:
            raise Refused(f"mode must be \"party\" (one shared deck) or \"battle\" (a deck per player), not {quote(mode)}")
        deck = line.get("deck")
        if deck is not None and (isinstance(deck, bool) or not isinstance(deck, int)):
            raise Refused(f"deck must be the number of cards in a deck, not {quote(deck)}")
        seed = seed_of(line)
        settings = {}
        for key, (allowed, default) in rules.SETTINGS.items():
            value = line.get(key, default)
            if key == "points":
                if not isinstance(value, list) or sorted(map(str, value)) != sorted(SYMBOLS):
                    raise Refused("points must name the five symbols clockwise round the star, each once, "
                                  "e.g. [\"circle\", \"cross\", \"wave\", \"square\", \"star\"]")
                value = list(value)
            else:
                value = choice_of(line, key, allowed, default)
            settings[key] = value
        cards = dict(SHIPPED)
        for data in definitions_of(line):
            card = parse_card(data)
            cards[card.name] = card
        decks = rules.deck_sizes(mode, n, deck)
        state = SeanceState(
            names=tuple(names), mode=mode, settings=settings, seed=seed, cards=cards, deck=decks,
            known=[[] for _ in names], unknown=[0] * n, down=[0] * n, up=[0] * n,
            zeners=[{z: {"up": False, "charged": False} for z in rules.ZENERS} for _ in names],
            curses=[{z: 0 for z in rules.ZENERS} for _ in names], board=[[] for _ in names],
            trash=[[] for _ in names], points={p: rules.POINT_DIE for p in settings["points"]},
            planchette=None, pools=[list(rules.POOL) for _ in names], removed=[],
            defeated=[None] * n,
        )
        for seat in range(n):
            state.down[seat] = self._take(state, seat, rules.START_ENERGY)
        self._start(state)
        return state

    def players(self, state: SeanceState) -> list[str]:
        return list(state.names)

    # -- decks ---------------------------------------------------------------------------
    def _take(self, state: SeanceState, seat: int, count: int) -> int:
        """Draw up to ``count`` from the seat's deck: an empty deck gives nothing, or (setting
        ``empty_deck: "reshuffle"``) takes the trash back first."""
        d = rules.deck_of(state.mode, seat)
        if state.deck[d] < count and state.settings["empty_deck"] == "reshuffle":
            owners = range(len(state.names)) if state.mode == "party" else [seat]
            for o in owners:
                state.deck[d] += len(state.trash[o])
                state.trash[o] = []
        got = min(count, state.deck[d])
        state.deck[d] -= got
        return got

    def _draw(self, state: SeanceState, seat: int, count: int) -> None:
        state.unknown[seat] += self._take(state, seat, count)

    # -- the round's steps -------------------------------------------------------------------
    def _start(self, state: SeanceState) -> None:
        """Start: Zeners not in use face up, unrest, refill to five (or draw one), face-up
        energy to hand; then the Curse step opens for everyone still in."""
        for seat in state.active():
            state.mine(seat)
            for z, zener in state.zeners[seat].items():
                if state.curses[seat][z] == 0:
                    zener["up"] = True
            for item in state.board[seat]:
                item["rested"] = False
            self._draw(state, seat, rules.refill(state.hand(seat)))
            state.unknown[seat] += state.up[seat]
            state.up[seat] = 0
        state.phase = "curse"
        state.sealed = Sealed.open(state.active())
        state.revealed, state.speeds, state.order, state.boosters = {}, {}, [], []
        state.turn, state.played, state.extra, state.started, state.passed = None, False, False, [], frozenset()
        state.causes = ()
        state.history.append({"round": state.round, "curses": None, "hand_speed": None, "board_speed": None,
                              "boosts": {}, "speed": None, "order": None, "turns": [], "ended_by": None})

    def _end_round(self, state: SeanceState, how: str) -> None:
        state.history[-1]["ended_by"] = how
        state.round += 1
        self._start(state)

    # -- apply -----------------------------------------------------------------------------
    def apply(self, state: SeanceState, action: Action) -> SeanceState:
        act = act_of(action, ACTS)
        if state.phase == "over":
            raise Refused("the game is over: " + self._winner_text(state))
        seat = self._gate(state, act, action)
        new = state.copy()
        getattr(self, "_draw_effect" if act == "draw" else f"_{act}")(new, action, seat)
        return new

    def _gate(self, state: SeanceState, act: str, action: Action) -> int:
        """The first checks of every act — its fields, then its seat (still in the game, and
        for a turn's act the turn player in the Player Turns step) — made on the state itself
        before it is copied: most refused lines stop here, cheaply.  Each act's handler gets
        the seat these checks read."""
        check_fields(action, *FIELDS[act])
        if act in TURN_ACTS:
            return self._turn_player(state, action, TURN_WORDS[act])
        if act == "planchette" and "seat" not in action:
            return None
        return self._seat(state, action)

    def _winner_text(self, state: SeanceState) -> str:
        names = " and ".join(state.names[s] for s in state.winners or [])
        how = "charged all five Zeners" if state.won_by == "charges" else "defeated the most players"
        return f"{names} won ({how})"

    def _seat(self, state: SeanceState, action: Action, field: str = "seat") -> int:
        seat = seat_of(action, state.names, field)
        if state.defeated[seat] is not None:
            raise Refused(f"{state.names[seat]} is defeated and out of the game")
        return seat

    def _not_now(self, state: SeanceState, what: str) -> Refused:
        return Refused(f"this is not the time to {what}: the table owes {self._describe(state)}")

    def _describe(self, state: SeanceState) -> str:
        owed = self.expected(state)
        if owed is None:
            return "nothing: the game is over"
        who = state.names[owed["seat"]]
        return {"curse": f"{who}'s curses (the Curse step)", "reveal": f"{who}'s revealed hand (the Speed step)",
                "boost": f"{who}'s boost decision", "turn": f"{who}'s turn",
                "damage": f"{who}'s choice of damage type"}[owed["act"]]

    def _card(self, state: SeanceState, value: Any) -> Card:
        if isinstance(value, Mapping):
            state.cards = dict(state.cards)  # shared with the state this one was copied from
            return add_card(state.cards, value)
        return state.cards[card_named(state.cards, value)]

    def _from_hand(self, state: SeanceState, seat: int, name: str) -> bool:
        """Take a named card from a hand: a known card, else one of the unknown ones.
        Returns whether it came from the unknown part."""
        state.mine(seat)
        if name in state.known[seat]:
            state.known[seat].remove(name)
            return False
        if state.unknown[seat] > 0:
            state.unknown[seat] -= 1
            return True
        who = state.names[seat]
        if not state.known[seat]:
            raise Refused(f"{who} has no card in hand")
        raise Refused(f"{who} has no {name} in hand: {who}'s hand is known to be " + ", ".join(state.known[seat]))

    # -- Curse ------------------------------------------------------------------------------
    def _curse(self, state: SeanceState, action: Action, seat: int) -> None:
        """Curse: "all players will set any amount of curses to the board from their hand.
        Place cards face down on top of the card's matching zener symbol." (At once: sealed.)"""
        if state.phase != "curse":
            raise self._not_now(state, "set curses")
        zeners = action["zeners"]
        if not isinstance(zeners, list) or any(z not in SYMBOLS for z in zeners):
            raise Refused("zeners must be a list of Zener symbols (circle, cross, wave, square, star), maybe empty")
        who = state.names[seat]
        for z in zeners:
            if not state.zeners[seat][z]["up"]:
                raise Refused(f"{who}'s {z} Zener is face down: curses go on face-up Zeners")
        if len(zeners) > state.hand(seat):
            raise Refused(f"{who} holds {state.hand(seat)} cards and cannot set {len(zeners)} curses")
        state.sealed = state.sealed.choose(seat, list(zeners), state.names)
        if state.sealed.complete:
            state.sealed = state.sealed.reveal()
            for s, chosen in state.sealed.choices.items():
                state.mine(s)
                for z in chosen:
                    state.curses[s][z] += 1
                if chosen:  # which cards left the hand nobody saw: forget the hand
                    state.unknown[s] = state.hand(s) - len(chosen)
                    state.known[s] = []
            state.history[-1]["curses"] = [state.sealed.choices.get(s, []) for s in range(len(state.names))]
            state.phase = "reveal"

    # -- Speed ------------------------------------------------------------------------------
    def _reveal(self, state: SeanceState, action: Action, seat: int) -> None:
        """Speed: "all players will reveal their hands and add together the speed parameter"."""
        if state.phase != "reveal":
            raise self._not_now(state, "reveal hands")
        who = state.names[seat]
        if seat in state.revealed:
            raise Refused(f"{who} has already revealed this round")
        hand = action["hand"]
        if not isinstance(hand, list):
            raise Refused("hand must be the list of the cards in the hand")
        names = [self._card(state, c).name for c in hand]
        if len(names) != state.hand(seat):
            raise Refused(f"{who} holds {state.hand(seat)} cards, not {len(names)}")
        missing = Counter(state.known[seat]) - Counter(names)
        if missing:
            raise Refused(f"{who}'s hand must include {', '.join(sorted(missing))}, known to be in it")
        state.known[seat], state.unknown[seat] = names, 0
        state.revealed = {**state.revealed, seat: list(names)}
        self._speed_step(state)

    def _speed_step(self, state: SeanceState) -> None:
        """Speeds and the boost order, once every player still in has revealed."""
        if set(state.revealed) >= set(state.active()):
            hand = {s: rules.hand_speed(state.cards[c] for c in state.revealed[s]) for s in state.active()}
            board = {s: rules.board_speed(self._board_cards(state, s)) for s in state.active()}
            speed = {s: hand[s] + board[s] for s in hand}
            state.speeds = {"hand": hand, "board": board, "speed": speed}
            record = state.history[-1]
            record["hand_speed"] = self._by_seat(state, hand)
            record["board_speed"] = self._by_seat(state, board)
            state.boosters = rules.turn_order(self._by_seat(state, speed, 0), state.settings["speed_tie"],
                                              self._out(state))
            state.phase = "boost"

    def _by_seat(self, state: SeanceState, values: dict, missing=None) -> list:
        return [values.get(s, missing) for s in range(len(state.names))]

    def _out(self, state: SeanceState) -> list[int]:
        return [s for s in range(len(state.names)) if state.defeated[s] is not None]

    def _board_cards(self, state: SeanceState, seat: int):
        for item in state.board[seat]:
            yield state.cards[item["card"]], item["cursed"]
            for inv in item["inventory"]:
                yield state.cards[inv["card"]], inv["cursed"]

    def _roll(self, state: SeanceState, sides: int) -> int:
        value = companion_roll(state.seed, state.rolls, sides)
        state.rolls += 1
        return value

    def _rolls(self, state: SeanceState, action: Action, field: str, dice: list[int], who: str) -> list[int]:
        """The rolls a line enters (at the table), or the companion's (from the seed)."""
        if field in action:
            rolls = action[field]
            if not isinstance(rolls, list) or len(rolls) != len(dice):
                raise Refused(f"{field} must give {len(dice)} rolls, one per die ("
                              + ", ".join(f"d{d}" for d in dice) + ")")
            return [rules.check_roll(r, d, f"{who}'s roll {k + 1}") for k, (r, d) in enumerate(zip(rolls, dice))]
        return [self._roll(state, d) for d in dice]

    def _boost(self, state: SeanceState, action: Action, seat: int) -> None:
        """Boost: "You are allowed to boost using dice from the dice pool or any card from
        your hand."  "Once a die is gone from the dice pool it is gone from the game.\""""
        owed = self.expected(state)
        if owed is None or owed["act"] != "boost":
            raise self._not_now(state, "boost")
        who = state.names[seat]
        if owed["seat"] != seat:
            raise Refused(f"{state.names[owed['seat']]} decides on a boost before {who}")
        dice = action.get("dice", [])
        if not isinstance(dice, list) or any(isinstance(d, bool) or d not in DICE for d in dice):
            raise Refused("dice must list dice from the pool by sides, e.g. [6, 20]")
        missing = Counter(dice) - Counter(state.pools[seat]) if dice else None
        if missing:
            raise Refused(f"{who}'s dice pool has no " + ", ".join(f"d{d}" for d in sorted(missing))
                          + ": it holds " + (", ".join(f"d{d}" for d in state.pools[seat]) or "nothing"))
        cards = action.get("cards", [])
        if not isinstance(cards, list):
            raise Refused("cards must list cards from the hand")
        named = [self._card(state, c) for c in cards]
        if named:
            state.causes = state.causes + tuple(c.name for c in named)
        if dice or named:
            state.mine(seat)
            for card in named:
                self._from_hand(state, seat, card.name)
                state.trash[seat].append(card.name)
            for d in dice:
                state.pools[seat].remove(d)
            state.removed = state.removed + dice
        if state.phase == "boost":
            rolls = self._rolls(state, action, "rolls", dice, who)
            total = sum(rolls) + sum(c.speed for c in named)
            state.history[-1]["boosts"][state.names[seat]] = {
                "dice": dice, "rolls": rolls, "cards": [c.name for c in named], "total": total}
            speed = {**state.speeds["speed"], seat: state.speeds["speed"][seat] + total}
            state.speeds = {**state.speeds, "speed": speed}
            state.boosters = state.boosters[1:]
            self._boosts_done(state)
        else:
            battle = state.battle
            side = battle["boosting"].pop(0)
            all_dice = dice + [c.attack for c in named]
            rolls = self._rolls(state, action, "rolls", all_dice, who)
            total = sum(rolls)
            battle["boosts"][side] = {"dice": dice, "cards": [c.name for c in named], "rolls": rolls, "total": total}
            battle[side] += total
            if not battle["boosting"]:
                self._resolve(state)

    def _boosts_done(self, state: SeanceState) -> None:
        """The turn order, once every boost decision is made."""
        if not state.boosters:
            final = self._by_seat(state, state.speeds["speed"], 0)
            state.order = rules.turn_order(final, state.settings["speed_tie"], self._out(state))
            state.history[-1]["speed"] = self._by_seat(state, state.speeds["speed"])
            state.history[-1]["order"] = [state.names[s] for s in state.order]
            state.phase = "turns"
            self._begin_turn(state, state.order[0])

    # -- Player Turns --------------------------------------------------------------------------
    def _begin_turn(self, state: SeanceState, seat: int) -> None:
        state.turn, state.played, state.extra = seat, False, False
        state.passed = state.passed - {seat}  # in a turn, not passed yet in it
        if seat not in state.started:
            state.started = state.started + [seat]
        state.history[-1]["turns"].append({"player": state.names[seat], "actions": []})

    def _turn_player(self, state: SeanceState, action: Action, what: str) -> int:
        seat = self._seat(state, action)
        if state.phase != "turns":
            raise self._not_now(state, what)
        if seat != state.turn:
            raise Refused(f"it is {state.names[state.turn]}'s turn, not {state.names[seat]}'s")
        return seat

    def _note(self, state: SeanceState, entry: Any) -> None:
        state.history[-1]["turns"][-1]["actions"].append(entry)

    def _end_turn(self, state: SeanceState) -> None:
        """Attack phase: "Once an action is taken your turn is over. Play passes to the next
        fastest player." (A charge's extra turn comes first.)"""
        if state.phase == "over":
            return
        seat = state.turn
        if state.extra and state.defeated[seat] is None:
            self._begin_turn(state, seat)
            return
        order = [s for s in state.order if state.defeated[s] is None]
        if seat in order:
            nxt = order[(order.index(seat) + 1) % len(order)]
        else:
            later = [s for s in state.order if state.order.index(s) > state.order.index(seat) and s in order]
            nxt = later[0] if later else order[0]
        self._begin_turn(state, nxt)

    def _play(self, state: SeanceState, action: Action, seat: int) -> None:
        """Play: one card a turn, matching a face-up Zener; the guess; the Zener flips; the
        planchette moves and takes its die; a charge; a spirit possessed."""
        who = state.names[seat]
        if state.played:
            raise Refused(f"{who} has already played a card this turn: one card per turn")
        card = self._card(state, action["card"])
        if not state.zeners[seat][card.symbol]["up"]:
            raise Refused(f"{who}'s {card.symbol} Zener is face down: {card.name} needs a face-up {card.symbol} Zener")
        target = action["planchette"]
        points = state.settings["points"]
        allowed = rules.planchette_targets(points, state.settings["adjacency"], state.planchette)
        if target not in allowed:
            where = "unplaced" if state.planchette is None else f"on {state.planchette}"
            raise Refused(f"the planchette ({where}) can move to {' or '.join(allowed)}, not {quote(target)}")
        g = rules.guesser(seat, [state.hand(s) for s in range(len(state.names))], state.active())
        # the card leaves the hand face down (hand counts are those before it is presented)
        self._from_hand(state, seat, card.name)
        entry = {"play": card.name, "player": who, "guesser": None, "guess": None, "countered": False}
        if g is None:
            if "guess" in action:
                raise Refused("no opponent holds a card, so nobody guesses")
            hit = False
        else:
            if "guess" not in action:
                raise Refused(f"{state.names[g]} holds the most cards and must guess by showing a card (\"guess\")")
            shown = self._card(state, action["guess"])
            self._from_hand(state, g, shown.name)
            state.known[g].append(shown.name)  # shown, and back in the hand: now known
            hit = rules.countered(card, shown)
            entry.update(guesser=state.names[g], guess=shown.name, countered=hit)
        state.played = True
        state.causes = state.causes + (card.name,)
        if hit:
            state.known[seat].append(card.name)
            draw = action.get("draw", True)
            if not isinstance(draw, bool):
                raise Refused("draw must be true or false")
            for f in ("energy", "add"):
                if f in action:
                    raise Refused(f"{card.name} was countered and returns to {who}'s hand: no {f}")
            if draw:
                before = state.hand(seat)
                self._draw(state, seat, 1)
                entry["drew"] = state.hand(seat) - before
        else:
            if "draw" in action:
                raise Refused(f"{card.name} was not countered, so {who} draws no card")
            self._to_board(state, seat, card, False, action, entry)
        state.mine(seat)
        state.zeners[seat][card.symbol]["up"] = False
        before = state.planchette
        self._move(state, seat, target, entry)
        if not hit and rules.charges(card, before, target, state.settings["charge"]):
            if not state.zeners[seat][card.symbol]["charged"]:
                state.zeners[seat][card.symbol]["charged"] = True
                state.extra = True
                entry["charged"] = card.symbol
                state.charges = state.charges + [{"round": state.round, "player": who, "zener": card.symbol}]
                if all(z["charged"] for z in state.zeners[seat].values()):
                    self._win(state, [seat], "charges")
        self._note(state, entry)

    def _move(self, state: SeanceState, seat: int, target: str, entry: dict) -> None:
        """Play: "When the planchette is moved, pick up the die that is at the new symbol and
        put it into your dice pool, then place a new die of the next highest rank"."""
        state.planchette = target
        die = state.points[target]
        entry["planchette"] = target
        entry["die"] = die
        if die is not None:
            state.mine(seat)
            state.pools[seat].append(die)
            state.points[target] = rules.next_die(die, state.settings["after_d20"])
            if state.points[target] is not None:
                state.supplied += 1

    def _to_board(self, state: SeanceState, seat: int, card: Card, cursed: bool, action: Action, entry: dict) -> None:
        """Spirits: possessed with face-down energy, plus one card from hand as inventory or
        energy; without energy, play effects then the trash.  Spells wait on the board."""
        who = state.names[seat]
        state.mine(seat)
        if card.type == "spell":
            for f in ("energy", "add"):
                if f in action:
                    raise Refused(f"{card.name} is a spell: only spirits take {f}")
            item = _item(state, card.name, cursed, "spell")
            state.board[seat].append(item)
            entry["id"] = item["id"]
            return
        if state.down[seat] == 0:
            for f in ("energy", "add"):
                if f in action:
                    raise Refused(f"{who} has no face-down Spirit Energy: {card.name} resolves its play "
                                  f"effects and goes to the trash (no {f})")
            state.trash[seat].append(card.name)
            entry["trashed"] = True
            return
        energy = action.get("energy")
        if isinstance(energy, bool) or not isinstance(energy, int) or not 1 <= energy <= state.down[seat]:
            raise Refused(f"{card.name} must be possessed: energy is how many of {who}'s {state.down[seat]} "
                          f"face-down Spirit Energy go under it (1 to {state.down[seat]})")
        state.down[seat] -= energy
        item = _item(state, card.name, cursed, "spirit", energy)
        state.board[seat].append(item)
        entry["id"], entry["energy"] = item["id"], energy
        if "add" not in action:
            return
        add = action["add"]
        if not isinstance(add, Mapping) or add.get("as") not in ("inventory", "energy") or not set(add) <= {"as", "card"}:
            raise Refused("add is {\"as\": \"inventory\", \"card\": CARD} or {\"as\": \"energy\"}")
        if add["as"] == "inventory":
            if "card" not in add:
                raise Refused("a card added to the inventory is face up: name it (\"card\")")
            extra = self._card(state, add["card"])
            self._from_hand(state, seat, extra.name)
            if not rules.inventory_room(item["energy"], 0):
                raise Refused(f"{card.name} has no room in its inventory")
            sub = _item(state, extra.name, False, extra.type)
            item["inventory"].append(sub)
            entry["added"] = {"as": "inventory", "card": extra.name, "id": sub["id"]}
        else:
            if "card" in add:
                self._from_hand(state, seat, self._card(state, add["card"]).name)
            elif state.unknown[seat] > 0:
                state.unknown[seat] -= 1
            elif state.known[seat]:
                raise Refused(f"{who}'s hand is known: name the card added as energy (\"card\")")
            else:
                raise Refused(f"{who} has no card in hand to add as energy")
            item["energy"] += 1
            entry["added"] = {"as": "energy"}

    @staticmethod
    def _id(action: Action, field: str) -> int:
        value = action.get(field)
        if isinstance(value, bool) or not isinstance(value, int):
            raise Refused(f"{field} must be a card's number on the board (as the summary shows it), not {quote(value)}")
        return value

    def _attach(self, state: SeanceState, action: Action, seat: int) -> None:
        """Spirits: "Spirits learn spells by placing them face-up underneath the spirit ...
        Each spirit's inventory is the same amount as their spirit energy." Spells: "Once
        learned, spells are permanently attached to the spirit\""""
        who = state.names[seat]
        state.mine(seat)
        owner, spell = state.item(self._id(action, "spell"))
        if owner != seat or spell["kind"] != "spell":
            raise Refused(f"{quote(action['spell'])} is not a spell waiting on {who}'s board")
        owner, spirit = state.item(self._id(action, "spirit"))
        if owner != seat or spirit["kind"] != "spirit":
            raise Refused(f"{quote(action['spirit'])} is not a spirit on {who}'s board")
        if not rules.inventory_room(spirit["energy"], len(spirit["inventory"])):
            raise Refused(f"{spirit['card']}'s inventory is full: {len(spirit['inventory'])} cards for "
                          f"{spirit['energy']} Spirit Energy")
        state.board[seat].remove(spell)
        spirit["inventory"].append(spell)
        self._note(state, {"attach": spell["card"], "to": spirit["card"], "spell": spell["id"], "spirit": spirit["id"]})

    def _activate(self, state: SeanceState, action: Action, seat: int) -> None:
        """Curses: "When a cursed card comes to the board it must be played upside down" ...
        "When you use a curse in this way it is 'burned' afterwards."  Any player, any time
        from the Speed step on; never in Start or Curse."""
        who = state.names[seat]
        if state.phase == "curse":
            raise Refused("curses may not be activated during the Start and Curse steps")
        z = action["zener"]
        if z not in SYMBOLS:
            raise Refused(f"zener must be a Zener symbol, not {quote(z)}")
        if state.curses[seat][z] == 0:
            raise Refused(f"{who} has no curse on the {z} Zener")
        card = self._card(state, action["card"])
        if card.symbol != z:
            raise Refused(f"{card.name} is a {card.symbol} card: it cannot have been the curse on {who}'s {z} Zener")
        burn = action["burn"]
        if not isinstance(burn, bool):
            raise Refused("burn must be true or false")
        state.mine(seat)
        state.curses[seat][z] -= 1
        state.passed = state.passed - {seat}  # acted again: that player's pass no longer stands
        state.causes = state.causes + (card.name,)
        entry = {"activate": card.name, "player": who, "zener": z, "burned": burn}
        if burn:
            for f in ("energy", "add"):
                if f in action:
                    raise Refused(f"a burned curse goes to the trash: no {f}")
            state.trash[seat].append(card.name)
        else:
            self._to_board(state, seat, card, True, action, entry)
        if state.history[-1]["turns"]:
            self._note(state, entry)

    def _ability(self, state: SeanceState, action: Action, seat: int) -> None:
        """Before Attack Phase: "Activate an ability of a card on board or in hand. Resolve an
        effect."  What an ability does is printed on the card, and no public list gives the
        cards: the table resolves it.  The line records whose card it was (a card from the
        hand is shown, so the companion knows it is there); nothing else changes."""
        who = state.names[seat]
        if ("item" in action) == ("card" in action):
            raise Refused("an ability names either a card on the board (\"item\": its number) "
                          "or a card in hand (\"card\")")
        if "item" in action:
            owner, item = state.item(self._id(action, "item"), inventory=True)
            if owner != seat:
                raise Refused(f"{quote(action['item'])} is not a card on {who}'s board")
            name = item["card"]
        else:
            name = self._card(state, action["card"]).name
            self._from_hand(state, seat, name)
            state.known[seat].append(name)  # shown to the table, and back in the hand
        state.causes = state.causes + (name,)
        self._note(state, {"ability": name, "player": who})

    def _pass(self, state: SeanceState, action: Action, seat: int) -> None:
        """Pass: "If you prefer to not attack, you do not have to."  The turn is over."""
        self._note(state, "pass")
        state.passed = state.passed | {seat}
        self._turn_over(state)

    def _turn_over(self, state: SeanceState) -> None:
        """A turn closed without a battle: the round ends if everyone still in has passed
        (:func:`rules.round_ends_by_passes`), else the next turn."""
        owed = state.extra and state.defeated[state.turn] is None
        if rules.round_ends_by_passes(state.passed, state.active(), owed):
            self._end_round(state, "passes")
        else:
            self._end_turn(state)

    def _end(self, state: SeanceState, action: Action, seat: int) -> None:
        """End: "Choosing to 'end' ends the current round for all players.\""""
        if not rules.may_end(set(state.started), state.active()):
            waiting = [state.names[s] for s in state.active() if s not in state.started]
            raise Refused(f"{state.names[seat]} cannot end yet: {', '.join(waiting)} must start a turn first")
        self._note(state, "end")
        self._end_round(state, f"{state.names[seat]} ended")

    # -- corrections: what a card's effect changes (Readings 2) --------------------------------------
    def _cause(self, state: SeanceState, action: Action) -> str:
        """A correction's cause: a card on a board now, or one played, boosted with, activated
        or used for an ability this round; and only from the Speed step on."""
        if state.phase == "curse":
            raise Refused("card effects are resolved from the Speed step on, not in the Start and Curse steps")
        cause = action["cause"]
        if not isinstance(cause, str) or cause not in state.cards:
            raise Refused(f"cause must name a card the companion knows, not {quote(cause)}")
        if cause not in rules.causes(state):
            raise Refused(f"{cause} is on no board and was not played, boosted with, activated or used for "
                          "an ability this round: it cannot be the cause")
        return cause

    def _correction(self, state: SeanceState, entry: dict) -> None:
        if state.history[-1]["turns"]:
            self._note(state, entry)

    @staticmethod
    def _count(value: Any, field: str, most: int) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= most:
            raise Refused(f"{field} must be a whole number from 1 to {most}, not {quote(value)}")
        return value

    def _draw_effect(self, state: SeanceState, action: Action, seat: int) -> None:
        cause = self._cause(state, action)
        count = self._count(action["count"], "count", rules.MOST_DRAWN)
        before = state.hand(seat)
        state.mine(seat)
        self._draw(state, seat, count)
        self._correction(state, {"effect": cause, "player": state.names[seat], "drew": state.hand(seat) - before})

    def _trash(self, state: SeanceState, action: Action, seat: int) -> None:
        cause = self._cause(state, action)
        who = state.names[seat]
        if ("cards" in action) == ("count" in action):
            raise Refused("a trash correction names the cards (\"cards\") or how many unseen ones (\"count\")")
        state.mine(seat)
        if "cards" in action:
            cards = action["cards"]
            if not isinstance(cards, list) or not cards:
                raise Refused("cards must list the cards put from the hand into the trash")
            names = [self._card(state, c).name for c in cards]
            for name in names:
                self._from_hand(state, seat, name)
            state.trash[seat].extend(names)
        else:
            if not state.unknown[seat]:
                raise Refused(f"every card in {who}'s hand is known: name the cards trashed (\"cards\")")
            count = self._count(action["count"], "count", state.unknown[seat])
            state.unknown[seat] -= count
            names = [UNSEEN] * count
            state.trash[seat].extend(names)
        self._correction(state, {"effect": cause, "player": who, "trashed": names})

    def _planchette(self, state: SeanceState, action: Action, seat: int | None) -> None:
        cause = self._cause(state, action)
        target = action["to"]
        if not isinstance(target, str) or target not in state.points:
            raise Refused(f"to must be a point of the pentagram ({', '.join(state.settings['points'])}), not {quote(target)}")
        if target == state.planchette:
            raise Refused(f"the planchette is already on {target}")
        entry = {"effect": cause, "planchette": target, "die": None}
        if seat is None:
            state.planchette = target
        else:
            entry["player"] = state.names[seat]
            self._move(state, seat, target, entry)
        self._correction(state, entry)

    def _energy(self, state: SeanceState, action: Action, seat: int) -> None:
        cause = self._cause(state, action)
        who = state.names[seat]
        change = action["change"]
        if isinstance(change, bool) or not isinstance(change, int) or change == 0 \
                or not -state.down[seat] <= change <= rules.MOST_DRAWN:
            raise Refused(f"change must be a whole number, not 0, from -{state.down[seat]} ({who}'s face-down "
                          f"Spirit Energy) to {rules.MOST_DRAWN}, not {quote(change)}")
        entry = {"effect": cause, "player": who, "energy": change}
        if change > 0:
            got = self._take(state, seat, change)
            state.down[seat] += got
            entry["energy"] = got
        else:
            if state.phase in ("battle", "damage") and state.energy_total(seat) + change == 0:
                raise Refused(f"this would defeat {who} in the middle of a battle: enter it when the battle is over")
            state.down[seat] += change
            state.up[seat] -= change
        self._correction(state, entry)
        if state.energy_total(seat) == 0:
            self._defeat_by_effect(state, seat)

    def _defeat_by_effect(self, state: SeanceState, seat: int) -> None:
        """No face-down Spirit Energy left: defeated, credited to nobody."""
        state.defeated[seat] = NOBODY
        if len(state.active()) <= 1:
            counts = [sum(1 for d in state.defeated if d == s) for s in range(len(state.names))]
            best = max(counts)
            self._win(state, [s for s in range(len(state.names)) if counts[s] == best], "defeats")
            return
        if state.phase == "reveal":
            self._speed_step(state)
        elif state.phase == "boost":
            state.boosters = [s for s in state.boosters if s != seat]
            self._boosts_done(state)
        elif state.phase == "turns" and state.turn == seat:
            self._turn_over(state)

    # -- battles -------------------------------------------------------------------------------
    def _stack(self, state: SeanceState, item: dict) -> list[tuple[Card, bool]]:
        return [(state.cards[item["card"]], item["cursed"])] + [
            (state.cards[i["card"]], i["cursed"]) for i in item["inventory"]]

    def _attack(self, state: SeanceState, action: Action, seat: int) -> None:
        """Battle: rest the attacker; target a spirit, or the player with none; attack power."""
        who = state.names[seat]
        if rules.forced_pass(state.round, set(state.started), state.active()):
            raise Refused(f"in the first round everyone passes until every player has started a turn: {who} must pass")
        state.mine(seat)
        owner, spirit = state.item(self._id(action, "spirit"))
        if owner != seat or spirit["kind"] != "spirit":
            raise Refused(f"{quote(action['spirit'])} is not a spirit on {who}'s board")
        if spirit["rested"]:
            raise Refused(f"{spirit['card']} is rested and cannot attack until the next round")
        if ("target" in action) == ("player" in action):
            raise Refused("an attack names either a target spirit (\"target\") or a player with no spirits (\"player\")")
        defender, target = None, None
        if "target" in action:
            defender, target = state.item(self._id(action, "target"))
            if defender is None or target["kind"] != "spirit" or defender == seat or state.defeated[defender] is not None:
                raise Refused(f"{quote(action['target'])} is not an opponent's spirit")
        else:
            defender = self._seat(state, action, "player")
            if defender == seat:
                raise Refused(f"{who} cannot attack themselves")
            if any(i["kind"] == "spirit" for i in state.board[defender]):
                raise Refused(f"{state.names[defender]} has spirits: attack one of them, not the player")
        spirit["rested"] = True
        stack = self._stack(state, spirit)
        a_rolls = self._rolls(state, action, "attack_rolls", [c.attack_of(k) for c, k in stack], who)
        d_stack = self._stack(state, target) if target else []
        d_rolls = self._rolls(state, action, "defence_rolls", [c.attack_of(k) for c, k in d_stack],
                              state.names[defender])
        state.passed = frozenset()  # an attack changes the board: passes before it no longer count
        state.battle = {"round": state.round, "attacker": seat, "defender": defender, "spirit": spirit["id"],
                        "target": target["id"] if target else None,
                        "attack_rolls": a_rolls, "defence_rolls": d_rolls,
                        "attack": rules.attack_power(a_rolls), "defence": rules.attack_power(d_rolls),
                        "boosting": ["defence", "attack"], "boosts": {}, "choices": {}, "pending": []}
        state.phase = "battle"
        self._note(state, {"attack": spirit["id"]})

    def _resolve(self, state: SeanceState) -> None:
        """Battle: "Whoever has the higher attack wins and deals damage. If there is a tie, both
        spirits deal damage."  A choice of type is owed when a stack has several."""
        b = state.battle
        sides = rules.battle_winners(b["attack"], b["defence"])
        b["winners"] = sides
        pending = []
        for side in sides:
            item_id = b["spirit"] if side == "attacker" else b["target"]
            if item_id is None:
                continue
            _, item = state.item(item_id)
            options = rules.damage_options(c.element_of(k) for c, k in self._stack(state, item))
            if len(options) == 1:
                b["choices"][side] = next(iter(options))
            else:
                pending.append(side)
        b["pending"] = pending
        if pending:
            state.phase = "damage"
        else:
            self._deal(state)

    def _damage(self, state: SeanceState, action: Action, seat: int) -> None:
        """Battle: "3 ice cards and one life card then you can choose to do either 3 ice damage
        or 1 life damage.\""""
        if state.phase != "damage":
            raise self._not_now(state, "choose damage")
        b = state.battle
        side = b["pending"][0]
        chooser = b["attacker"] if side == "attacker" else b["defender"]
        if seat != chooser:
            raise Refused(f"{state.names[chooser]} chooses the damage type, not {state.names[seat]}")
        _, item = state.item(b["spirit"] if side == "attacker" else b["target"])
        options = rules.damage_options(c.element_of(k) for c, k in self._stack(state, item))
        if not isinstance(action["element"], str) or action["element"] not in options:
            raise Refused(f"{item['card']}'s stack deals " + " or ".join(f"{n} {e}" for e, n in options.items())
                          + f" damage, not {quote(action['element'])}")
        b["choices"][side] = action["element"]
        b["pending"].pop(0)
        if not b["pending"]:
            self._deal(state)

    def _deal(self, state: SeanceState) -> None:
        """Battle: "Remove spirit energy from the target ... Place those cards face up in the
        spirit energy area. If a spirit has no spirit energy that spirit is killed"."""
        b = state.battle
        attacker, defender = b["attacker"], b["defender"]
        results = []
        hits = []
        for side in b["winners"]:
            if side not in b["choices"]:
                continue
            source = b["spirit"] if side == "attacker" else b["target"]
            _, item = state.item(source)
            element = b["choices"][side]
            amount = rules.damage_options(c.element_of(k) for c, k in self._stack(state, item))[element]
            hits.append((side, element, amount))
        for side, element, amount in hits:
            victim = defender if side == "attacker" else attacker
            victim_item = b["target"] if side == "attacker" else b["spirit"]
            record = {"by": state.names[attacker if side == "attacker" else defender], "element": element,
                      "amount": amount, "to": state.names[victim]}
            if victim_item is None:
                removed = min(amount, state.down[victim])
                state.down[victim] -= removed
                state.up[victim] += removed
                record.update(spirit=None, removed=removed, killed=False)
            else:
                state.mine(victim)
                _, item = state.item(victim_item)
                removed = min(amount, item["energy"])
                item["energy"] -= removed
                state.up[victim] += removed
                record.update(spirit=item["card"], removed=removed, killed=item["energy"] == 0,
                              overpacked=len(item["inventory"]) > item["energy"] > 0)
                if item["energy"] == 0:
                    state.board[victim].remove(item)
                    state.trash[victim].append(item["card"])
                    state.trash[victim].extend(i["card"] for i in item["inventory"])
            results.append(record)
        newly = []
        for seat in state.active():
            if state.energy_total(seat) == 0:
                state.defeated[seat] = defender if seat == attacker else attacker
                newly.append(state.names[seat])
        state.battles = state.battles + [{
            "round": b["round"], "attacker": state.names[attacker], "spirit": b["spirit"],
            "defender": state.names[defender], "target": b["target"],
            "attack_rolls": b["attack_rolls"], "defence_rolls": b["defence_rolls"],
            "boosts": b["boosts"], "attack": b["attack"], "defence": b["defence"],
            "winners": [state.names[attacker] if s == "attacker" else state.names[defender] for s in b["winners"]],
            "damage": results, "defeated": newly}]
        state.battle = None
        state.phase = "turns"
        active = state.active()
        if len(active) <= 1:
            counts = [sum(1 for d in state.defeated if d == s) for s in range(len(state.names))]
            best = max(counts)
            self._win(state, [s for s in range(len(state.names)) if counts[s] == best], "defeats")
            return
        self._end_turn(state)

    def _win(self, state: SeanceState, seats: list[int], how: str) -> None:
        """Winning: "Defeat the most players by getting rid of all of their Spirit Energy or
        charge all 5 of your Zener cards.\""""
        state.winners, state.won_by, state.phase = seats, how, "over"

    # -- reading the state ------------------------------------------------------------------------
    def expected(self, state: SeanceState) -> dict | None:
        if state.phase == "over":
            return None
        if state.phase == "curse":
            return {"act": "curse", "seat": state.sealed.waiting_for()[0]}
        if state.phase == "reveal":
            return {"act": "reveal", "seat": next(s for s in state.active() if s not in state.revealed)}
        if state.phase == "boost":
            return {"act": "boost", "seat": state.boosters[0]}
        if state.phase == "battle":
            b = state.battle
            side = b["boosting"][0]
            return {"act": "boost", "seat": b["defender"] if side == "defence" else b["attacker"]}
        if state.phase == "damage":
            b = state.battle
            side = b["pending"][0]
            return {"act": "damage", "seat": b["attacker"] if side == "attacker" else b["defender"]}
        return {"act": "turn", "seat": state.turn}

    def outcome(self, state: SeanceState) -> Outcome | None:
        if state.phase != "over":
            return None
        labels = tuple("won" if s in state.winners else ("defeated" if state.defeated[s] is not None else "lost")
                       for s in range(len(state.names)))
        return Outcome(winners=tuple(state.winners), labels=labels,
                       details={"won_by": state.won_by})

    def legal(self, state: SeanceState) -> list[dict]:
        from companion.games.seance_party.moves import legal_actions
        return legal_actions(self, state)

    def view(self, state: SeanceState, seat: int | None) -> dict:
        from companion.games.seance_party.summary import summary
        from companion.games.seance_party.results import seance_results

        data = summary(self, state)
        data["results"] = seance_results(self, state)
        if state.phase == "curse" and state.sealed is not None:
            data["curse_choices"] = {state.names[s]: c for s, c in state.sealed.view(seat).items()}
        return data

    def summary(self, state: SeanceState) -> dict:
        from companion.games.seance_party.summary import summary
        return summary(self, state)


@lru_cache(maxsize=4096)
def companion_roll(seed: Any, count: int, sides: int) -> int:
    """The companion's ``count``-th roll of a game, on a die of ``sides``: from
    ``Random("SEED:seance-party:roll:COUNT")`` (docs/seance-party.md).  Kept, because one
    line's rolls are made again on every replay of it, and seeding a generator is most of
    the cost of an attack."""
    return Game.rng(seed, "seance-party", "roll", count).randint(1, sides)


SEANCE_PARTY = SeancePartyGame()
