"""``canonical()``: the listed action another accepted Séance Party action stands for.

``companion/games/seance_party/moves.py`` lists one action per *kind* where the product of a
line's fields is too large to enumerate (its docstring has the table).  The random playouts
check the other half of its contract: any action the rules accept is, once the values the
rules treat alike are replaced by the listed action's, a listed action.  Which actions are
accepted is the rules' own answer (the playouts ask them); this module only names the
representative of an accepted action's kind, with the list's own ``rep_*`` helpers.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.games.seance_party import rules
from companion.games.seance_party.cards import SYMBOLS
from companion.games.seance_party.moves import boost_dice, catalog, rep_adds, rep_cause, rep_guess, rep_hand, rep_rolls

ORDER = {z: k for k, z in enumerate(SYMBOLS)}


def canonical(state, action: Mapping) -> dict:
    """The listed action of ``action``'s kind; ``action`` must be one the rules accept in
    ``state`` (the table clock ``t`` is dropped: any line may carry it)."""
    out = {k: v for k, v in action.items() if k != "t"}
    handler = _CANONICAL.get(out["act"])
    return handler(state, out) if handler else out


def _name(value: Any) -> str:
    """A card's name, from its name or an inline definition."""
    return value["name"].strip() if isinstance(value, Mapping) else value


def _curse(state, a: dict) -> dict:
    return {**a, "zeners": sorted(set(a["zeners"]), key=ORDER.get)}


def _reveal(state, a: dict) -> dict:
    return {**a, "hand": rep_hand(state, a["seat"], 0, catalog(state))}


def _rolls(a: dict, field: str, dice) -> None:
    """Entered rolls become the listed ones; none to enter is the same as leaving them out."""
    if field not in a:
        return
    if dice:
        a[field] = rep_rolls(dice)
    else:
        del a[field]


def _boost(state, a: dict) -> dict:
    seat = a["seat"]
    player = state.players[seat]
    names = catalog(state)
    dice, cards = a.get("dice", []), [_name(c) for c in a.get("cards", [])]
    if dice and cards:
        dice, cards = list(player.pool[:1]), player.hand.first(1, names)
    elif len(dice) > 1:
        dice = list(player.pool[:2])
    elif len(cards) > 1:
        cards = player.hand.first(2, names)
    out = {k: v for k, v in a.items() if k not in ("dice", "cards")}
    if dice:
        out["dice"] = dice
    if cards:
        out["cards"] = cards
    _rolls(out, "rolls", boost_dice(dice, [state.cards[c] for c in cards], state.phase == "battle"))
    return out


def _possession(state, seat: int, card, a: dict, hand) -> dict:
    """``energy`` beside an ``add`` becomes all the face-down energy; the added card the
    listed one of its kind."""
    if "add" not in a or card.type != "spirit" or not state.players[seat].down:
        return a
    kinds = {k["as"]: k for k in rep_adds(hand, catalog(state))}
    return {**a, "energy": state.players[seat].down, "add": kinds[a["add"]["as"]]}


def _play(state, a: dict) -> dict:
    seat, name = a["seat"], _name(a["card"])
    card = state.cards[name]
    out = {**a, "card": name}
    if "guess" in a:
        g = rules.guesser(seat, [p.hand.size for p in state.players], state.active())
        match = state.cards[_name(a["guess"])].symbol == card.symbol
        out["guess"] = rep_guess(state, g, card.symbol, match, catalog(state))
        if match:
            return out
    return _possession(state, seat, card, out, state.players[seat].hand.take(name))


def _activate(state, a: dict) -> dict:
    name = _name(a["card"])
    out = {**a, "card": name}
    if a["burn"]:
        return out
    return _possession(state, a["seat"], state.cards[name], out, state.players[a["seat"]].hand)


def _attack(state, a: dict) -> dict:
    out = dict(a)
    _rolls(out, "attack_rolls", state.stack_dice(state.item(a["spirit"])[1]))
    target = state.item(a["target"])[1] if "target" in a else None
    _rolls(out, "defence_rolls", state.stack_dice(target) if target is not None else ())
    return out


def _ability(state, a: dict) -> dict:
    return {**a, "card": _name(a["card"])} if "card" in a else a


def _correction(state, a: dict, **values) -> dict:
    return {**a, "cause": rep_cause(state), **values}


def _trash(state, a: dict) -> dict:
    if "cards" in a:
        return _correction(state, a, cards=state.players[a["seat"]].hand.first(1, catalog(state)))
    return _correction(state, a, count=1)


_CANONICAL = {
    "curse": _curse, "reveal": _reveal, "boost": _boost, "play": _play, "activate": _activate, "attack": _attack,
    "ability": _ability, "trash": _trash,
    "draw": lambda state, a: _correction(state, a, count=1),
    "energy": lambda state, a: _correction(state, a, change=1 if a["change"] > 0 else -1),
    "planchette": _correction,
}
