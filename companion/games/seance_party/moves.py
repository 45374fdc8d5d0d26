"""The legal actions of a state, for the screen's buttons, bots and random playouts.

**The contract**, checked at every step of the random playouts
(``tests/test_seance_party_playout.py``):

(a) every action :func:`legal_actions` lists is accepted by the rules;
(b) any other action is accepted exactly when :func:`canonical` turns it into a listed one.

Two things are accepted and never listed, because nothing can enumerate them: a card the
companion has never seen, defined inline in place of a name (accepted wherever a card the
companion does not know may stand: in a revealed hand, a play, a guess, a boost, an added
card, an activated curse, an ability), and the table clock ``t`` any line may carry.

**Exact where the product is small.**  Every pass, end, attach, attack (each spirit that
may attack, each target), damage type, ability (each card on the board, each card the hand
may hold), curse (each set of face-up Zeners the hand can cover), every catalog card a
curse may be activated as (burned or brought to the board), every card that may be played
(the known ones, and every catalog card — shipped, the setup's and those defined so far —
while the hand holds unknown cards) to every planchette target, every energy count for a
possessed spirit, every die and every card a boost may spend on its own.

**One action per kind where the product is too large.**  A play is card × planchette ×
the guesser's card × energy × added card: thousands at an ordinary turn; a revealed hand of
five unknown cards is one of 2,002 choices from the ten shipped cards; a boost is any part
of the pool with any part of the hand.  There the list holds one action for each *kind*: a
kind is actions that differ only in values the rules accept or refuse together — which
catalog card stands for an unknown one, which dice of the pool, what the table rolled — so
the rules accept all of a kind or none of it.  Actions of one kind may still end apart
(another card becomes known, another die is spent): the list gives one of them, and
:func:`canonical` names it, replacing the values of the table below by the listed action's.
Only revealed hands are listed several times for one kind, so that every catalog card
appears (and a random game's hands vary):

================================  ==========================================  ===============================
field                             listed                                      stands for
================================  ==========================================  ===============================
play ``guess``                    one card the guesser may show whose symbol  every card the guesser may
                                  matches the played card's, one that does    show, by match or miss (the
                                  not (their known cards first, then the      counter's outcome)
                                  catalog's in name order)
``add`` (play, activate)          to the inventory: the first card the hand   any card the hand may give
                                  may give; as energy: an unknown card (or
                                  the first known one)
``energy`` beside an ``add``      all the face-down Spirit Energy             any count from 1 to all
rolls (``rolls``,                 left out (the companion rolls) and the      any entered rolls, one per
``attack_rolls``,                 middle of each die, (sides + 1) // 2        die, each within the die
``defence_rolls``)
boost ``dice``                    none, each die alone, the pool's first two  two or more dice of the pool
boost ``cards``                   none, each card alone, the hand's first     two or more cards the hand
                                  two                                         may give
boost with dice *and* cards       the pool's first die and the hand's first   any dice with any cards
                                  card
curse ``zeners``                  each set, in the order circle, cross,       the same set in any order,
                                  wave, square, star                          a Zener named twice
reveal ``hand``                   the known cards completed from the catalog  every hand of the right count
                                  starting at each of its cards in turn (so   that holds the known cards, in
                                  every catalog card appears)                 any order
a card defined inline             its name                                    a definition of a card the
                                                                              companion knows, same figures
correction ``cause``              the first, by name, of the cards that may   any card on a board or used
                                  cause an effect (``rules.causes``)          this round
correction ``count`` (draw,       1                                           1 to 20 (draw); 1 to the
trash)                                                                        unseen cards (trash)
trash ``cards``                   the hand's first card                       any cards the hand may give
energy ``change``                 +1, and -1 (not when it would defeat in a   1 to 20; -1 to minus the
                                  battle)                                     face-down energy
================================  ==========================================  ===============================

A hand the companion partly knows gives its known cards first, then (when it holds unknown
cards) any catalog card; :class:`Hand` follows ``SeancePartyGame._from_hand`` card by card,
so what a line takes from a hand is counted as the rules count it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Any

from companion.engine.fields import COMMON_FIELDS, time_of
from companion.engine.refusal import Refused
from companion.games.seance_party import rules
from companion.games.seance_party.cards import DICE, SYMBOLS, parse_card

ORDER = {z: k for k, z in enumerate(SYMBOLS)}


# -- hands ----------------------------------------------------------------------------------------
class Hand:
    """A hand as the companion knows it: its known cards and how many unknown ones.  Taking a
    card takes a known one of that name first, else an unknown one, as the rules do."""

    __slots__ = ("known", "unknown")

    def __init__(self, known: Iterable[str], unknown: int) -> None:
        self.known, self.unknown = list(known), unknown

    @classmethod
    def of(cls, state, seat: int) -> "Hand":
        return cls(state.known[seat], state.unknown[seat])

    def size(self) -> int:
        return len(self.known) + self.unknown

    def copy(self) -> "Hand":
        return Hand(self.known, self.unknown)

    def take(self, name: str) -> bool:
        """Take ``name`` out (True), or leave the hand as it was if it cannot hold it."""
        if name in self.known:
            self.known.remove(name)
            return True
        if self.unknown > 0:
            self.unknown -= 1
            return True
        return False

    def take_all(self, names: Iterable[str]) -> bool:
        return all(self.take(n) for n in names)

    def options(self, catalog: list[str]) -> list[str]:
        """Every card the hand may give: its known cards, then the catalog's while it holds
        unknown ones."""
        names = list(dict.fromkeys(self.known))
        if self.unknown:
            names += [n for n in catalog if n not in names]
        return names

    def first(self, count: int, catalog: list[str]) -> list[str]:
        """The first ``count`` cards the hand may give together (known ones, then unknown ones
        named by the catalog's first card)."""
        out = self.known[:count]
        return out + catalog[:1] * min(count - len(out), self.unknown)


def catalog(state) -> list[str]:
    """Every card the companion knows, by name: shipped, the setup's, defined so far."""
    return sorted(state.cards)


# -- representatives of a kind: shared by the list and by canonical() ----------------------------------
def rep_guess(state, guesser: int, symbol: str, match: bool, names: list[str]) -> str | None:
    """The listed card the guesser shows to (not) match ``symbol``."""
    for name in Hand.of(state, guesser).options(names):
        if (state.cards[name].symbol == symbol) == match:
            return name
    return None


def rep_adds(hand: Hand, names: list[str]) -> list[dict]:
    """The listed ``add``s a hand (the played card already out) may give: one to the
    inventory, one as energy."""
    if not hand.size():
        return []
    energy = {"as": "energy"} if hand.unknown else {"as": "energy", "card": hand.known[0]}
    return [{"as": "inventory", "card": hand.options(names)[0]}, energy]


def rep_rolls(dice: list[int]) -> list[int]:
    """The listed entered rolls: the middle of each die."""
    return [(d + 1) // 2 for d in dice]


def _roll_kinds(dice: list[int], field: str) -> list[dict]:
    return [{}] + ([{field: rep_rolls(dice)}] if dice else [])


# -- the list -----------------------------------------------------------------------------------------
def legal_actions(game, state) -> list[dict]:
    phase = state.phase
    if phase == "over":
        return []
    names = catalog(state)
    if phase == "curse":
        return _curses(state)
    out = _activations(state, names) + _corrections(state, names)
    if phase == "reveal":
        return out + _reveals(state, names)
    if phase in ("boost", "battle"):
        return out + _boosts(game, state, names)
    if phase == "damage":
        return out + _damages(game, state)
    return out + _turn(state, names)


def _curses(state) -> list[dict]:
    out = []
    for seat in state.sealed.waiting_for():
        up = [z for z in SYMBOLS if state.zeners[seat][z]["up"]]
        room = state.hand(seat)
        for mask in range(1 << len(up)):
            chosen = [z for k, z in enumerate(up) if mask >> k & 1]
            if len(chosen) <= room:
                out.append({"act": "curse", "seat": seat, "zeners": chosen})
    return out


def _reveals(state, names: list[str]) -> list[dict]:
    out = []
    for seat in state.active():
        if seat in state.revealed:
            continue
        starts = range(len(names)) if state.unknown[seat] else range(1)
        out += [{"act": "reveal", "seat": seat, "hand": rep_hand(state, seat, k, names)} for k in starts]
    return out


def rep_hand(state, seat: int, start: int, names: list[str]) -> list[str]:
    """A listed revealed hand: the known cards, then the catalog from its ``start``-th card."""
    return list(state.known[seat]) + [names[(start + i) % len(names)] for i in range(state.unknown[seat])]


def _rolled(state, dice: list[int], cards: list[str]) -> list[int]:
    """The dice a boost rolls: its dice, and in a battle its cards' attack dice too."""
    return dice + ([state.cards[c].attack for c in cards] if state.phase == "battle" else [])


def _boosts(game, state, names: list[str]) -> list[dict]:
    seat = game.expected(state)["seat"]
    pool = state.pools[seat]
    hand = Hand.of(state, seat)
    dice_kinds = [[d] for d in sorted(set(pool))] + ([pool[:2]] if len(pool) >= 2 else [])
    card_kinds = [[c] for c in hand.options(names)] + ([hand.first(2, names)] if hand.size() >= 2 else [])
    spends = [([], [])] + [(d, []) for d in dice_kinds] + [([], c) for c in card_kinds]
    if pool and hand.size():
        spends.append((pool[:1], hand.first(1, names)))
    out = []
    for dice, cards in spends:
        base = {"act": "boost", "seat": seat}
        if dice:
            base["dice"] = dice
        if cards:
            base["cards"] = cards
        out.extend({**base, **r} for r in _roll_kinds(_rolled(state, dice, cards), "rolls"))
    return out


def _damages(game, state) -> list[dict]:
    owed = game.expected(state)
    b = state.battle
    side = b["pending"][0]
    _, item = state.item(b["spirit"] if side == "attacker" else b["target"])
    elements = rules.damage_options(c.element_of(k) for c, k in game._stack(state, item))
    return [{"act": "damage", "seat": owed["seat"], "element": e} for e in elements]


def _possessions(state, seat: int, card, base: dict, hand: Hand, names: list[str]) -> list[dict]:
    """A card coming to the board: a spell, or a spirit without energy, as it is; a spirit
    with every energy count, and with each kind of added card (all the energy beside it)."""
    down = state.down[seat]
    if card.type == "spell" or down == 0:
        return [base]
    out = [{**base, "energy": e} for e in range(1, down + 1)]
    out += [{**base, "energy": down, "add": add} for add in rep_adds(hand, names)]
    return out


def _activations(state, names: list[str]) -> list[dict]:
    cursed = [(seat, z) for seat in state.active() for z in SYMBOLS if state.curses[seat][z]]
    if not cursed:
        return []
    by_symbol: dict[str, list[str]] = {z: [] for z in SYMBOLS}
    for name in names:
        by_symbol[state.cards[name].symbol].append(name)
    out = []
    for seat, z in cursed:
        for name in by_symbol[z]:
            card = state.cards[name]
            base = {"act": "activate", "seat": seat, "zener": z, "card": name}
            out.append({**base, "burn": True})
            out += _possessions(state, seat, card, {**base, "burn": False}, Hand.of(state, seat), names)
    return out


def rep_cause(state) -> str | None:
    """The listed cause: the first, by name, of the cards that may cause an effect."""
    causes = rules.causes(state)
    return min(causes) if causes else None


def _corrections(state, names: list[str]) -> list[dict]:
    """One correction line of each kind (see the table above), for each player still in."""
    cause = rep_cause(state)
    if cause is None:
        return []
    points = [p for p in state.settings["points"] if p != state.planchette]
    out = [{"act": "planchette", "to": p, "cause": cause} for p in points]
    for seat in state.active():
        base = {"seat": seat, "cause": cause}
        out += [{"act": "planchette", "to": p, **base} for p in points]
        out.append({"act": "draw", "count": 1, **base})
        hand = Hand.of(state, seat)
        if hand.size():
            out.append({"act": "trash", "cards": hand.first(1, names), **base})
        if hand.unknown:
            out.append({"act": "trash", "count": 1, **base})
        out.append({"act": "energy", "change": 1, **base})
        if state.down[seat] and not (state.phase in ("battle", "damage") and state.energy_total(seat) == 1):
            out.append({"act": "energy", "change": -1, **base})
    return out


def _turn(state, names: list[str]) -> list[dict]:
    seat = state.turn
    out = [{"act": "pass", "seat": seat}]
    if rules.may_end(set(state.started), state.active()):
        out.append({"act": "end", "seat": seat})
    if not state.played:
        out += _plays(state, seat, names)
    out += _attaches(state, seat)
    out += _abilities(state, seat, names)
    if not rules.forced_pass(state.round, set(state.started), state.active()):
        out += _attacks(state, seat)
    return out


def _plays(state, seat: int, names: list[str]) -> list[dict]:
    hand = Hand.of(state, seat)
    if not hand.size():
        return []
    targets = rules.planchette_targets(state.settings["points"], state.settings["adjacency"], state.planchette)
    g = rules.guesser(seat, [state.hand(s) for s in range(len(state.names))], state.active())
    out = []
    for name in hand.options(names):
        card = state.cards[name]
        if not state.zeners[seat][card.symbol]["up"]:
            continue
        rest = hand.copy()
        rest.take(name)
        guesses = [None] if g is None else [x for x in (rep_guess(state, g, card.symbol, False, names),
                                                        rep_guess(state, g, card.symbol, True, names)) if x]
        for target in targets:
            for guess in guesses:
                base = {"act": "play", "seat": seat, "card": name, "planchette": target}
                if guess is None:
                    out += _possessions(state, seat, card, base, rest, names)
                    continue
                base["guess"] = guess
                if state.cards[guess].symbol == card.symbol:  # countered: back to the hand
                    out += [base, {**base, "draw": True}, {**base, "draw": False}]
                else:
                    out += _possessions(state, seat, card, base, rest, names)
    return out


def _attaches(state, seat: int) -> list[dict]:
    spirits = [i for i in state.board[seat] if i["kind"] == "spirit"]
    return [{"act": "attach", "seat": seat, "spell": spell["id"], "spirit": spirit["id"]}
            for spell in state.board[seat] if spell["kind"] == "spell"
            for spirit in spirits if rules.inventory_room(spirit["energy"], len(spirit["inventory"]))]


def _abilities(state, seat: int, names: list[str]) -> list[dict]:
    items = [card["id"] for item in state.board[seat] for card in (item, *item["inventory"])]
    return ([{"act": "ability", "seat": seat, "item": i} for i in items]
            + [{"act": "ability", "seat": seat, "card": n} for n in Hand.of(state, seat).options(names)])


def stack_dice(state, item) -> list[int]:
    """The attack dice a battle rolls for a spirit's stack: the spirit, then its inventory
    in order, each cursed card's cursed die."""
    return [state.cards[c["card"]].attack_of(c["cursed"]) for c in (item, *item["inventory"])]


def _attacks(state, seat: int) -> list[dict]:
    out = []
    for spirit in state.board[seat]:
        if spirit["kind"] != "spirit" or spirit["rested"]:
            continue
        attack_dice = stack_dice(state, spirit)
        for other in state.active():
            if other == seat:
                continue
            targets = [i for i in state.board[other] if i["kind"] == "spirit"]
            aims = [({"target": t["id"]}, stack_dice(state, t)) for t in targets] or [({"player": other}, [])]
            for aim, defence_dice in aims:
                base = {"act": "attack", "seat": seat, "spirit": spirit["id"], **aim}
                for a in _roll_kinds(attack_dice, "attack_rolls"):
                    for d in _roll_kinds(defence_dice, "defence_rolls"):
                        out.append({**base, **a, **d})
    return out


# -- canonical(): the listed action an action stands for ------------------------------------------------
def canonical(state, action: Any) -> Any:
    """``action`` with every value the rules treat alike replaced by the listed action's
    (see the table above); anything it cannot read is returned as it is — the rules refuse
    it, and it is not listed."""
    if not isinstance(action, Mapping) or state.phase == "over":
        return action
    act = action.get("act")
    out = {k: v for k, v in action.items() if not (k == "t" and _valid_time(action))}
    handler = _CANONICAL.get(act) if isinstance(act, str) else None
    try:
        return handler(state, out) if handler else out
    except _Unreadable:
        return action


class _Unreadable(Exception):
    """A value canonical() cannot read; the action stays as it is."""


def _valid_time(action: Mapping) -> bool:
    try:
        time_of(action)
    except Refused:
        return False
    return True


def _seat(state, value) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < len(state.names):
        raise _Unreadable
    return value


def _name(state, value) -> str:
    """A card's name from a name or an inline definition of a card the companion knows."""
    if isinstance(value, str) and value in state.cards:
        return value
    if isinstance(value, Mapping):
        try:
            card = parse_card(value)
        except Refused:
            raise _Unreadable from None
        if state.cards.get(card.name) == card:
            return card.name
    raise _Unreadable


def _shape(action: Mapping, required: set, optional: set = frozenset()) -> None:
    keys = set(action) - COMMON_FIELDS
    if not required <= keys <= required | optional:
        raise _Unreadable


def _canonical_curse(state, a: dict) -> dict:
    _shape(a, {"seat", "zeners"})
    seat, zeners = _seat(state, a["seat"]), a["zeners"]
    if state.phase != "curse" or not isinstance(zeners, list) or any(z not in ORDER for z in zeners):
        raise _Unreadable
    if len(zeners) > state.hand(seat) or any(not state.zeners[seat][z]["up"] for z in zeners):
        raise _Unreadable
    return {**a, "zeners": sorted(set(zeners), key=ORDER.get)}


def _canonical_reveal(state, a: dict) -> dict:
    _shape(a, {"seat", "hand"})
    seat, hand = _seat(state, a["seat"]), a["hand"]
    if state.phase != "reveal" or not isinstance(hand, list):
        raise _Unreadable
    given = [_name(state, c) for c in hand]
    held = Hand.of(state, seat)
    if len(given) != held.size() or not held.take_all(given):
        raise _Unreadable
    return {**a, "hand": rep_hand(state, seat, 0, catalog(state))}


def _canonical_rolls(a: dict, field: str, dice: list[int]) -> None:
    """Entered rolls become the listed ones; none to enter is the same as leaving them out."""
    if field not in a:
        return
    rolls = a[field]
    if (not isinstance(rolls, list) or len(rolls) != len(dice)
            or any(isinstance(r, bool) or not isinstance(r, int) or not 1 <= r <= d for r, d in zip(rolls, dice))):
        raise _Unreadable
    if dice:
        a[field] = rep_rolls(dice)
    else:
        del a[field]


def _canonical_boost(state, a: dict) -> dict:
    _shape(a, {"seat"}, {"dice", "cards", "rolls"})
    seat = _seat(state, a["seat"])
    if state.phase not in ("boost", "battle"):
        raise _Unreadable
    dice, cards = a.get("dice", []), a.get("cards", [])
    if not isinstance(dice, list) or not isinstance(cards, list):
        raise _Unreadable
    if any(isinstance(d, bool) or d not in DICE for d in dice):
        raise _Unreadable
    cards = [_name(state, c) for c in cards]
    if Counter(dice) - Counter(state.pools[seat]):  # not a part of the pool
        raise _Unreadable
    if not Hand.of(state, seat).take_all(cards):
        raise _Unreadable
    rolled = _rolled(state, dice, cards)
    names = catalog(state)
    hand = Hand.of(state, seat)
    if dice and cards:
        dice, cards = state.pools[seat][:1], hand.first(1, names)
    elif len(dice) > 1:
        dice = state.pools[seat][:2]
    elif len(cards) > 1:
        cards = hand.first(2, names)
    out = {k: v for k, v in a.items() if k not in ("dice", "cards")}
    if dice:
        out["dice"] = dice
    if cards:
        out["cards"] = cards
    _canonical_rolls(out, "rolls", rolled)
    if "rolls" in out:
        out["rolls"] = rep_rolls(_rolled(state, dice, cards))
    return out


def _canonical_possession(state, seat: int, card, a: dict, hand: Hand) -> dict:
    """``energy`` beside an ``add`` becomes all the face-down energy; the added card the
    listed one of its kind."""
    if "add" not in a or card.type != "spirit" or not state.down[seat]:
        return a
    add, energy = a["add"], a.get("energy")
    if (isinstance(energy, bool) or not isinstance(energy, int) or not 1 <= energy <= state.down[seat]
            or not isinstance(add, Mapping) or add.get("as") not in ("inventory", "energy")
            or not set(add) <= {"as", "card"}):
        raise _Unreadable
    names = catalog(state)
    kinds = {k["as"]: k for k in rep_adds(hand.copy(), names)}
    if add["as"] == "inventory":
        if "card" not in add or not hand.take(_name(state, add["card"])):
            raise _Unreadable
    elif "card" in add:
        if not hand.take(_name(state, add["card"])):
            raise _Unreadable
    elif not hand.unknown:
        raise _Unreadable
    return {**a, "energy": state.down[seat], "add": kinds[add["as"]]}


def _canonical_play(state, a: dict) -> dict:
    _shape(a, {"seat", "card", "planchette"}, {"guess", "draw", "energy", "add"})
    seat = _seat(state, a["seat"])
    name = _name(state, a["card"])
    hand = Hand.of(state, seat)
    if state.phase != "turns" or not hand.take(name):
        raise _Unreadable
    card = state.cards[name]
    out = {**a, "card": name}
    if "guess" in a:
        g = rules.guesser(seat, [state.hand(s) for s in range(len(state.names))], state.active())
        if g is None:
            raise _Unreadable
        shown = _name(state, a["guess"])
        if not Hand.of(state, g).take(shown):
            raise _Unreadable
        match = state.cards[shown].symbol == card.symbol
        out["guess"] = rep_guess(state, g, card.symbol, match, catalog(state))
        if match:
            return out
    return _canonical_possession(state, seat, card, out, hand)


def _canonical_activate(state, a: dict) -> dict:
    _shape(a, {"seat", "zener", "card", "burn"}, {"energy", "add"})
    seat = _seat(state, a["seat"])
    name = _name(state, a["card"])
    out = {**a, "card": name}
    if a["burn"] is not False:
        return out
    return _canonical_possession(state, seat, state.cards[name], out, Hand.of(state, seat))


def _canonical_attack(state, a: dict) -> dict:
    _shape(a, {"seat", "spirit"}, {"target", "player", "attack_rolls", "defence_rolls"})
    spirit_id, target_id = a["spirit"], a.get("target")
    if isinstance(spirit_id, bool) or not isinstance(spirit_id, int):
        raise _Unreadable
    _, spirit = state.item(spirit_id)
    if spirit is None or spirit["kind"] != "spirit":
        raise _Unreadable
    out = dict(a)
    _canonical_rolls(out, "attack_rolls", stack_dice(state, spirit))
    defence = []
    if target_id is not None:
        if isinstance(target_id, bool) or not isinstance(target_id, int):
            raise _Unreadable
        _, target = state.item(target_id)
        if target is None or target["kind"] != "spirit":
            raise _Unreadable
        defence = stack_dice(state, target)
    _canonical_rolls(out, "defence_rolls", defence)
    return out


def _canonical_ability(state, a: dict) -> dict:
    if "card" in a:
        _shape(a, {"seat", "card"})
        return {**a, "card": _name(state, a["card"])}
    return a


def _canonical_cause(state, a: dict) -> dict:
    cause = a.get("cause")
    if state.phase == "curse" or not isinstance(cause, str) or cause not in rules.causes(state):
        raise _Unreadable
    return {**a, "cause": rep_cause(state)}


def _count(value, most: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= most:
        raise _Unreadable
    return value


def _canonical_draw(state, a: dict) -> dict:
    _shape(a, {"seat", "count", "cause"})
    _count(a["count"], rules.MOST_DRAWN)
    return {**_canonical_cause(state, a), "count": 1}


def _canonical_trash(state, a: dict) -> dict:
    seat = _seat(state, a.get("seat"))
    out = _canonical_cause(state, a)
    if "cards" in a:
        _shape(a, {"seat", "cards", "cause"})
        if not isinstance(a["cards"], list) or not a["cards"]:
            raise _Unreadable
        if not Hand.of(state, seat).take_all([_name(state, c) for c in a["cards"]]):
            raise _Unreadable
        return {**out, "cards": Hand.of(state, seat).first(1, catalog(state))}
    _shape(a, {"seat", "count", "cause"})
    _count(a["count"], state.unknown[seat])
    return {**out, "count": 1}


def _canonical_energy(state, a: dict) -> dict:
    _shape(a, {"seat", "change", "cause"})
    seat, change = _seat(state, a["seat"]), a["change"]
    if isinstance(change, bool) or not isinstance(change, int) or change == 0:
        raise _Unreadable
    if change > 0:
        _count(change, rules.MOST_DRAWN)
        return {**_canonical_cause(state, a), "change": 1}
    if -change > state.down[seat]:
        raise _Unreadable
    if state.phase in ("battle", "damage") and state.energy_total(seat) + change == 0:
        raise _Unreadable  # refused: it would defeat a player in the middle of a battle
    return {**_canonical_cause(state, a), "change": -1}


def _canonical_planchette(state, a: dict) -> dict:
    _shape(a, {"to", "cause"}, {"seat"})
    return _canonical_cause(state, a)


_CANONICAL = {"draw": _canonical_draw, "trash": _canonical_trash, "energy": _canonical_energy,
              "planchette": _canonical_planchette,
              "curse": _canonical_curse, "reveal": _canonical_reveal, "boost": _canonical_boost,
              "play": _canonical_play, "activate": _canonical_activate, "attack": _canonical_attack,
              "ability": _canonical_ability}
