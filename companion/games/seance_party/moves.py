"""The legal actions of a state, for the screen's buttons, bots and random playouts.

**The contract**, checked at every step of the random playouts
(``tests/test_seance_party_playout.py``):

(a) every action :func:`legal_actions` lists is accepted by the rules;
(b) any other action the rules accept stands for a listed one: ``canonical()``
    (``tests/seance_moves.py``) replaces its values by the listed action's of the same kind
    (the table below), and the result is in the list.

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
(another card becomes known, another die is spent): the list gives one of them, the
representative whose values the table below names.
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
cards) any catalog card: the state's own :class:`~companion.games.seance_party.state.Hand`,
which the rules take cards from, so what a line takes from a hand is counted as the rules
count it.
"""

from __future__ import annotations

from companion.games.seance_party import rules
from companion.games.seance_party.cards import SYMBOLS
from companion.games.seance_party.state import Hand, SeanceState, Spirit


def catalog(state: SeanceState) -> list[str]:
    """Every card the companion knows, by name: shipped, the setup's, defined so far."""
    return sorted(state.cards)


# -- representatives of a kind: what the list gives for a whole kind ----------------------------------
def rep_guess(state: SeanceState, guesser: int, symbol: str, match: bool, names: list[str]) -> str | None:
    """The listed card the guesser shows to (not) match ``symbol``."""
    for name in state.players[guesser].hand.options(names):
        if (state.cards[name].symbol == symbol) == match:
            return name
    return None


def rep_adds(hand: Hand, names: list[str]) -> list[dict]:
    """The listed ``add``s a hand (the played card already out) may give: one to the
    inventory, one as energy."""
    if not hand.size:
        return []
    energy = {"as": "energy"} if hand.unknown else {"as": "energy", "card": hand.known[0]}
    return [{"as": "inventory", "card": hand.options(names)[0]}, energy]


def rep_rolls(dice) -> list[int]:
    """The listed entered rolls: the middle of each die."""
    return [(d + 1) // 2 for d in dice]


def rep_hand(state: SeanceState, seat: int, start: int, names: list[str]) -> list[str]:
    """A listed revealed hand: the known cards, then the catalog from its ``start``-th card."""
    hand = state.players[seat].hand
    return list(hand.known) + [names[(start + i) % len(names)] for i in range(hand.unknown)]


def rep_cause(state: SeanceState) -> str | None:
    """The listed cause: the first, by name, of the cards that may cause an effect."""
    causes = rules.causes(state)
    return min(causes) if causes else None


def boost_dice(dice: list[int], cards, battle: bool) -> list[int]:
    """The dice a boost rolls: its dice, and in a battle its cards' attack dice too (``cards``:
    their :class:`~companion.games.seance_party.cards.Card` figures)."""
    return list(dice) + ([card.attack for card in cards] if battle else [])


def _roll_kinds(dice, field: str) -> list[dict]:
    return [{}] + ([{field: rep_rolls(dice)}] if dice else [])


# -- the list -----------------------------------------------------------------------------------------
def legal_actions(game, state: SeanceState) -> list[dict]:
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


def _curses(state: SeanceState) -> list[dict]:
    out = []
    for seat in state.sealed.waiting_for():
        player = state.players[seat]
        up = [z for z in SYMBOLS if player.zeners[z].up]
        room = player.hand.size
        for mask in range(1 << len(up)):
            chosen = [z for k, z in enumerate(up) if mask >> k & 1]
            if len(chosen) <= room:
                out.append({"act": "curse", "seat": seat, "zeners": chosen})
    return out


def _reveals(state: SeanceState, names: list[str]) -> list[dict]:
    out = []
    for seat in state.active():
        if seat in state.revealed:
            continue
        starts = range(len(names)) if state.players[seat].hand.unknown else range(1)
        out += [{"act": "reveal", "seat": seat, "hand": rep_hand(state, seat, k, names)} for k in starts]
    return out


def _boosts(game, state: SeanceState, names: list[str]) -> list[dict]:
    seat = game.expected(state)["seat"]
    player = state.players[seat]
    pool = list(player.pool)
    hand = player.hand
    dice_kinds = [[d] for d in sorted(set(pool))] + ([pool[:2]] if len(pool) >= 2 else [])
    card_kinds = [[c] for c in hand.options(names)] + ([hand.first(2, names)] if hand.size >= 2 else [])
    spends = [([], [])] + [(d, []) for d in dice_kinds] + [([], c) for c in card_kinds]
    if pool and hand.size:
        spends.append((pool[:1], hand.first(1, names)))
    battle = state.phase == "battle"
    out = []
    for dice, cards in spends:
        base = {"act": "boost", "seat": seat}
        if dice:
            base["dice"] = dice
        if cards:
            base["cards"] = cards
        rolled = boost_dice(dice, [state.cards[c] for c in cards], battle)
        out.extend({**base, **r} for r in _roll_kinds(rolled, "rolls"))
    return out


def _damages(game, state: SeanceState) -> list[dict]:
    owed = game.expected(state)
    b = state.battle
    _, item = state.item(b.item_of(b.pending[0]))
    elements = rules.damage_options(c.element_of(k) for c, k in state.stack(item))
    return [{"act": "damage", "seat": owed["seat"], "element": e} for e in elements]


def _possessions(state: SeanceState, seat: int, card, base: dict, hand: Hand, names: list[str]) -> list[dict]:
    """A card coming to the board: a spell, or a spirit without energy, as it is; a spirit
    with every energy count, and with each kind of added card (all the energy beside it)."""
    down = state.players[seat].down
    if card.type == "spell" or down == 0:
        return [base]
    out = [{**base, "energy": e} for e in range(1, down + 1)]
    out += [{**base, "energy": down, "add": add} for add in rep_adds(hand, names)]
    return out


def _activations(state: SeanceState, names: list[str]) -> list[dict]:
    cursed = [(seat, z) for seat in state.active() for z, zener in state.players[seat].zeners.items() if zener.curses]
    if not cursed:
        return []
    by_symbol: dict[str, list[str]] = {z: [] for z in SYMBOLS}
    for name in names:
        by_symbol[state.cards[name].symbol].append(name)
    out = []
    for seat, z in cursed:
        hand = state.players[seat].hand
        for name in by_symbol[z]:
            card = state.cards[name]
            base = {"act": "activate", "seat": seat, "zener": z, "card": name}
            out.append({**base, "burn": True})
            out += _possessions(state, seat, card, {**base, "burn": False}, hand, names)
    return out


def _corrections(state: SeanceState, names: list[str]) -> list[dict]:
    """One correction line of each kind (see the table above), for each player still in."""
    cause = rep_cause(state)
    if cause is None:
        return []
    points = [p for p in state.settings.points if p != state.planchette]
    out = [{"act": "planchette", "to": p, "cause": cause} for p in points]
    fighting = state.phase in ("battle", "damage")
    for seat in state.active():
        player = state.players[seat]
        base = {"seat": seat, "cause": cause}
        out += [{"act": "planchette", "to": p, **base} for p in points]
        out.append({"act": "draw", "count": 1, **base})
        hand = player.hand
        if hand.size:
            out.append({"act": "trash", "cards": hand.first(1, names), **base})
        if hand.unknown:
            out.append({"act": "trash", "count": 1, **base})
        out.append({"act": "energy", "change": 1, **base})
        if player.down and not (fighting and player.energy() == 1):
            out.append({"act": "energy", "change": -1, **base})
    return out


def _turn(state: SeanceState, names: list[str]) -> list[dict]:
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


def _plays(state: SeanceState, seat: int, names: list[str]) -> list[dict]:
    player = state.players[seat]
    hand = player.hand
    if not hand.size:
        return []
    targets = rules.planchette_targets(state.settings.points, state.settings.adjacency, state.planchette)
    g = rules.guesser(seat, [p.hand.size for p in state.players], state.active())
    out = []
    for name in hand.options(names):
        card = state.cards[name]
        if not player.zeners[card.symbol].up:
            continue
        rest = hand.take(name)
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


def _attaches(state: SeanceState, seat: int) -> list[dict]:
    board = state.players[seat].board
    spirits = [i for i in board if isinstance(i, Spirit)]
    return [{"act": "attach", "seat": seat, "spell": spell.id, "spirit": spirit.id}
            for spell in board if not isinstance(spell, Spirit)
            for spirit in spirits if rules.inventory_room(spirit.energy, len(spirit.inventory))]


def _abilities(state: SeanceState, seat: int, names: list[str]) -> list[dict]:
    player = state.players[seat]
    items = [card.id for item in player.board for card in (item, *getattr(item, "inventory", ()))]
    return ([{"act": "ability", "seat": seat, "item": i} for i in items]
            + [{"act": "ability", "seat": seat, "card": n} for n in player.hand.options(names)])


def _attacks(state: SeanceState, seat: int) -> list[dict]:
    out = []
    for spirit in state.players[seat].spirits():
        if spirit.rested:
            continue
        attack_dice = state.stack_dice(spirit)
        for other in state.active():
            if other == seat:
                continue
            targets = state.players[other].spirits()
            aims = [({"target": t.id}, state.stack_dice(t)) for t in targets] or [({"player": other}, ())]
            for aim, defence_dice in aims:
                base = {"act": "attack", "seat": seat, "spirit": spirit.id, **aim}
                for a in _roll_kinds(attack_dice, "attack_rolls"):
                    for d in _roll_kinds(defence_dice, "defence_rolls"):
                        out.append({**base, **a, **d})
    return out
