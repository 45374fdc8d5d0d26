"""Clairvoyance's computer players (``Entry.bot``): a move for one of the computer's seats
whenever one owes something, chosen among the rules' legal actions.

Nobody's hand is known to the companion, the computer's no more than a person's, so at each
decision a computer seat holds what the table has seen go into its hand (and Myr's secret
item) and, for the cards it has not seen, a draw from the catalog by the ``rng``: it can only
play a card it "drew".  Then it plays as a careful person would:

- on its turn, it throws at the weakest opponent it can hurt (a possessed item needs no die;
  a card from hand only when one turn of the die reaches one of its faces), else possesses
  an item the die can reach, else ends its turn; Sebastian charms when low, Myr searches the
  deck for the hardest-hitting item, Ed scrounges one, Mama Rita takes an opponent's best item,
  Gertrude burns one;
- turning the die, it picks a face on which the card succeeds (Claire sets the die with
  Prognosticate when no reachable face would do);
- when a throw is aimed at it or a teammate, it interferes if it can (reduce or destroy the
  throw, redirect it with Circuit Breaker, burn it with Pyromania), nearest the
  turn-holder's left first as the rules require; Harold guarantees his own hard throws;
  otherwise it passes (or, when every seat still to answer is the computer's, lets play go
  on);
- making room, it discards its weakest item; guessing who goes first, it says any free number.

It never records an effect the players resolve (they know what the card says), and on its
turn it waits for the table while no item anyone could throw has its faces and damage known
(the table fills them in, or records what the cards did): otherwise it always has a move.
"""

from __future__ import annotations

import random

from companion.games.clairvoyance import rules
from companion.games.clairvoyance.moves import catalog
from companion.games.clairvoyance.state import ClairvoyanceState


def clairvoyance_bot(game, state: ClairvoyanceState, seats: tuple[int, ...], rng: random.Random) -> dict | None:
    owed = game.expected(state)
    if owed is None:
        return None
    mine = set(seats)
    act = owed["act"]
    if act == "guess":
        waiting = [s for s in seats if state.guesses[s] is None]
        return rng.choice([a for a in game.legal(state) if a["seat"] == waiting[0]]) if waiting else None
    if act == "roll":  # the table's die (or "Roll it here")
        return None
    if act == "make_room":
        return _make_room(state, owed["seat"]) if owed["seat"] in mine else None
    legal = game.legal(state)
    if act == "window":
        return _answer(state, legal, mine, rng)
    if act == "die":
        return _turn_die(state, legal, owed["seat"], rng) if owed["seat"] in mine else None
    return _take_turn(state, legal, owed["seat"], rng) if owed["seat"] in mine else None


# -- what a seat holds, and who is who --------------------------------------------------------
#: the share of instants in the deck the computer imagines its unseen cards drawn from (the
#: catalog lists each card once, whatever number of copies the box holds)
INSTANTS = 1 / 8


def _hand(state: ClairvoyanceState, seat: int, rng: random.Random) -> set[str]:
    """The cards the seat may play now: those known to be in its hand, and a card of the
    catalog for each unseen one, an instant one time in eight."""
    kinds = catalog(state.cards)[1]
    drawn = set()
    for _ in range(state.unknown[seat]):
        pool = kinds["instant"] if rng.random() < INSTANTS else kinds["item"]
        if pool:
            drawn.add(rng.choice(pool))
    return {*state.known[seat], *state.private[seat], *drawn}


def _friends(state: ClairvoyanceState, seat: int) -> set[int]:
    team = rules.team_of(state, seat)
    return {seat} if team is None else set(state.teams[team])


def _weakest(state: ClairvoyanceState, targets, seat: int) -> int | None:
    """The opponent nearest to going out (least health), nearest the seat's left on a tie."""
    foes = [t for t in targets if t not in _friends(state, seat)]
    if not foes:
        return None
    return min(foes, key=lambda t: (state.health[t], (t - seat) % state.seats))


def _ability(state: ClairvoyanceState, seat: int) -> str | None:
    return None if state.spent[seat] else rules.CHARACTERS[state.characters[seat]]


def _damage(state: ClairvoyanceState, name: str) -> int:
    return state.cards[name].damage or 0


# -- its turn ------------------------------------------------------------------------------------
def _take_turn(state: ClairvoyanceState, legal: list[dict], seat: int, rng: random.Random) -> dict | None:
    if not _anyone_can_hurt(state):
        return None  # the table fills in the cards' figures, or records what they did
    mine = [a for a in legal if a.get("seat") == seat]
    return (_turn_ability(state, mine, seat) or _throw(state, mine, seat, rng) or _possess(state, mine, seat, rng)
            or next(a for a in mine if a["act"] == "end"))


def _anyone_can_hurt(state: ClairvoyanceState) -> bool:
    """Whether some item could ever be thrown for damage: the catalog knows one's faces and
    damage, or someone possesses one whose damage is known."""
    if any(c.item and c.faces is not None and c.damage for c in state.cards.values()):
        return True
    return any(_damage(state, name) for items in state.possessed for _, name in items)


def _turn_ability(state: ClairvoyanceState, mine: list[dict], seat: int) -> dict | None:
    """The abilities worth using on its own turn."""
    ability = _ability(state, seat)
    uses = [a for a in mine if a["act"] == "ability"]
    if ability is None or not uses:
        return None
    if ability == "Charm":
        return uses[0] if state.health[seat] * 5 <= state.start_health * 2 else None  # 40% or less
    if ability in ("Eminent Domain", "Scrounge"):  # the hardest-hitting item it can reach
        best = [a for a in uses if state.cards[a["card"]].item and state.cards[a["card"]].faces is not None]
        best = max(best, key=lambda a: _damage(state, a["card"]), default=None)
        return best if best is not None and _damage(state, best["card"]) >= 2 else None
    friends = _friends(state, seat)
    owners = {i: s for s, items in enumerate(state.possessed) for i, _ in items}
    theirs = [a for a in uses if type(a.get("item")) is int and owners[a["item"]] not in friends]
    if ability == "Charges Apply" and len(state.possessed[seat]) < rules.MAX_POSSESSED:
        best = max((a for a in theirs if a["to"] == seat), key=lambda a: _damage(state, state.item_card(a["item"])),
                   default=None)
        return best if best is not None and _damage(state, state.item_card(best["item"])) >= 2 else None
    if ability == "Pyromania":
        best = max(theirs, key=lambda a: _damage(state, state.item_card(a["item"])), default=None)
        return best if best is not None and _damage(state, state.item_card(best["item"])) >= 3 else None
    return None


def _throw(state: ClairvoyanceState, mine: list[dict], seat: int, rng: random.Random) -> dict | None:
    """A throw at the weakest opponent: a possessed item (no die), else a card from hand
    one turn of the die can make hit; the hardest-hitting first."""
    throws = [a for a in mine if a["act"] == "throw"]
    if not throws:
        return None
    reach = set(state.die.adjacent(state.face))
    held = _hand(state, seat, rng)
    usable = [a for a in throws if "item" in a and _damage(state, state.item_card(a["item"])) > 0
              and state.cards[state.item_card(a["item"])].effect is None]  # keep items that protect
    usable += [a for a in throws if a.get("card") in held and _damage(state, a["card"]) > 0
               and reach & set(state.cards[a["card"]].faces)]
    if not usable:
        return None
    target = _weakest(state, {a["target"] for a in usable}, seat)
    at = [a for a in usable if a["target"] == target]
    return max(at, key=lambda a: (_damage(state, a.get("card") or state.item_card(a["item"])), "item" in a),
               default=None)


def _possess(state: ClairvoyanceState, mine: list[dict], seat: int, rng: random.Random) -> dict | None:
    """An item into its own possession, when it has room and the die can reach a face of it:
    one that protects (destroys or reduces) or hits hardest."""
    if len(state.possessed[seat]) >= rules.MAX_POSSESSED:
        return None
    reach = set(state.die.adjacent(state.face))
    held = _hand(state, seat, rng)
    own = [a for a in mine if a["act"] == "possess" and "to" not in a and a["card"] in held
           and reach & set(state.cards[a["card"]].faces)]
    return max(own, key=lambda a: (_worth(state, a["card"]), a["card"]), default=None)


def _worth(state: ClairvoyanceState, name: str) -> int:
    card = state.cards[name]
    return _damage(state, name) + (3 if card.use == "single" and card.effect is not None else 0)


def _make_room(state: ClairvoyanceState, seat: int) -> dict:
    item, _ = min(state.possessed[seat], key=lambda pair: (_worth(state, pair[1]), pair[0]))
    return {"act": "make_room", "seat": seat, "item": item}


# -- turning the die -------------------------------------------------------------------------------
def _turn_die(state: ClairvoyanceState, legal: list[dict], seat: int, rng: random.Random) -> dict:
    play = state.play
    turns = [a for a in legal if a["act"] == "die" and "cause" not in a]
    if play.destroyed:
        return rng.choice(turns)
    faces = state.cards[play.card].faces
    hits = [a for a in turns if a["face"] in faces]
    if hits:
        return rng.choice(hits)
    if _ability(state, seat) == "Prognosticate" and state.settings["prognosticate"] == "turn":
        setting = [a for a in legal if a["act"] == "ability" and a["seat"] == seat and a["face"] in faces]
        if setting:
            return setting[0]
    return rng.choice(turns)


# -- answering a window ------------------------------------------------------------------------------
def _answer(state: ClairvoyanceState, legal: list[dict], mine: set[int], rng: random.Random) -> dict | None:
    """Interfere where it helps, in priority order; else pass (or let play go on when every
    seat still to answer is the computer's)."""
    pending = list(state.window.win.pending)
    if set(pending) <= mine:  # only the computer still to answer: each in turn, then play goes on
        for seat in pending:
            move = _interfere(state, legal, seat, rng)
            if move is not None:
                return move
        return {"act": "resolve"}
    if pending[0] in mine:
        move = _interfere(state, legal, pending[0], rng)
        if move is not None:
            return move
    for seat in pending:  # a seat with a throw coming at it waits for its turn to answer
        if seat in mine and (seat == pending[0] or not _threatened(state, seat)):
            return {"act": "pass", "seat": seat}
    return None


def _threatened(state: ClairvoyanceState, seat: int) -> bool:
    """A throw in flight at the seat or a teammate, worth stopping (2 damage or more, or the
    last of the target's health), that the seat has not answered yet."""
    play = state.play
    if play is None or play.action != "throw" or state.in_play() is None or play.seat in _friends(state, seat):
        return False
    if play.target not in _friends(state, seat):
        return False
    if any(e["player"] == state.names[seat] for e in play.interference):
        return False  # once a throw: it has done what it could
    damage = rules.damage_dealt(state.cards[play.card], play.reduced)
    return damage >= 2 or 0 < damage >= state.health[play.target]


def _interfere(state: ClairvoyanceState, legal: list[dict], seat: int, rng: random.Random) -> dict | None:
    """The seat's best answer to the moment: protect itself or a teammate from a throw, or
    guarantee its own hard throw."""
    moves = [a for a in legal if a.get("seat") == seat and a["act"] in ("instant", "use", "ability")]
    play = state.play
    ability = _ability(state, seat)
    if (ability == "Guaranteed Delivery" and play is not None and play.action == "throw" and play.seat == seat
            and not play.protected and _damage(state, play.card) >= 2 and state.window.kind == "throw"):
        return next((a for a in moves if a["act"] == "ability"), None)
    if not _threatened(state, seat):
        return None
    held = _hand(state, seat, rng)
    for a in moves:  # an instant it holds, or a single-use item it possesses, on the throw
        on_play = a.get("item" if a["act"] == "instant" else "target") == "play"
        if a["act"] != "ability" and on_play and (a["act"] == "use" or a["card"] in held) and _computed(state, a):
            return a
    if ability == "Circuit Breaker":
        target = _weakest(state, {a["target"] for a in moves if a["act"] == "ability"}, seat)
        if target is not None:
            return next(a for a in moves if a["act"] == "ability" and a["target"] == target)
    if ability == "Pyromania":
        return next((a for a in moves if a["act"] == "ability" and a.get("item") == "play"), None)
    return None


def _computed(state: ClairvoyanceState, action: dict) -> bool:
    """An effect the companion works out itself (destroy, reduce): the bot plays no other."""
    name = action["card"] if action["act"] == "instant" else state.item_card(action["item"])
    return state.cards[name].effect is not None
