"""The legal actions of a state: what a screen's buttons are built from (and bots and
random playouts).

Hands are unknown: where a hand holds unseen cards, every catalog card of the right kind
could be among them, so each is offered (the catalog is small).  Plays that need a figure
not known yet are left out (the rules refuse them until the card is defined).  Amounts of
corrections are offered as 1 (a screen asks for the number).
"""

from __future__ import annotations

from itertools import combinations

from companion.games.clairvoyance import rules
from companion.games.clairvoyance.die import FACES


def hand_candidates(state, seat: int, kind: str | None = None) -> list[str]:
    """Cards ``seat`` may name from hand: those known to be there, and, while the hand
    holds unseen cards, every catalog card (of ``kind``, if given)."""
    return list(_Moment(state).hand(seat, kind))


_CATALOGS: dict[int, tuple] = {}


def catalog(cards) -> tuple[list[str], dict]:
    """The catalog's names sorted, and by kind.  A state's catalog is never changed (a
    definition replaces it), so this is worked out once per catalog."""
    hit = _CATALOGS.get(id(cards))
    if hit is None or hit[0] is not cards:
        if len(_CATALOGS) > 64:
            _CATALOGS.clear()
        names = sorted(cards)
        kinds = {None: names, "item": [n for n in names if cards[n].item],
                 "instant": [n for n in names if not cards[n].item]}
        hit = _CATALOGS[id(cards)] = (cards, names, kinds)
    return hit[1], hit[2]


class _Moment:
    """What every seat's options share, worked out once per ``legal`` call."""

    def __init__(self, state) -> None:
        self.state = state
        self.catalog, self.kinds = catalog(state.cards)
        self.in_game = state.in_game()
        self.ids = [i for items in state.possessed for i, _ in items]
        self.in_play = state.in_play()
        self.play_open = self.in_play is not None and not rules.protected(state)
        self.reducible = self.play_open and state.play.action == "throw"

    def hand(self, seat: int, kind: str | None = None) -> list[str]:
        """See :func:`hand_candidates` (the catalog's lists are shared: do not change them)."""
        state = self.state
        pool = self.kinds[kind]
        known, private = state.known[seat], state.private[seat]
        if state.unknown[seat] > 0:  # Myr's secret item sits among the unseen, in the catalog's order
            if not known:
                return pool
            known = list(dict.fromkeys(n for n in known if kind is None or state.cards[n].type == kind))
            seen = set(known)
            return known + [n for n in pool if n not in seen]
        held = known + private
        return list(dict.fromkeys(n for n in held if kind is None or state.cards[n].type == kind))

    def item_targets(self, exclude: int | None = None) -> list:
        """Possessed items by number, and the item in play (unless Guaranteed Delivery guards it)."""
        ids = [i for i in self.ids if i != exclude]
        return ids + ["play"] if self.play_open else ids

    def effect_targets(self, card, exclude: int | None = None) -> list:
        """The targets a card's effect may take (None: no target named)."""
        if card.effect == "destroy":
            return self.item_targets(exclude)
        if card.effect == "reduce":
            return ["play"] if self.reducible else []
        return [None]


def legal_actions(game, state, interference: bool = True) -> list[dict]:
    """Every legal action; with ``interference=False`` only what the moment owes (the turn's
    actions, the die, passing and resolving a window), without the instants, item effects,
    abilities and corrections anyone may add at any time (a screen may show those apart)."""
    owed = game.expected(state)
    if owed is None:
        return []
    act = owed["act"]
    if act == "guess":
        return _guesses(state)
    if act == "roll":
        return [{"act": "roll", "face": f} for f in FACES]
    if act == "make_room":
        seat = owed["seat"]
        return [{"act": "make_room", "seat": seat, "item": i} for i, _ in state.possessed[seat]]
    m = _Moment(state)
    out: list[dict] = []
    if act == "window":
        pending = list(state.window.win.pending)
        out += [{"act": "pass", "seat": s} for s in pending]
        out.append({"act": "resolve"})
        user = state.window.user  # an ability window's user may act in it too (R8)
        actors = pending if user is None or user in pending else rules.priority(state, {*pending, user})
    else:
        actors = m.in_game
        out += _die_turns(m) if act == "die" else _turn_actions(m, state.turn)
    if not interference:
        return out
    for seat in actors:
        out += _instants(m, seat)
        out += _uses(m, seat)
        out += _abilities(m, seat)
    out += _corrections(m)
    return out


def _guesses(state) -> list[dict]:
    taken = {f for g in state.guesses if g is not None for f in g}
    free = [f for f in FACES if f not in taken]
    each = rules.faces_each(state.seats)
    return [{"act": "guess", "seat": s, "faces": list(faces)}
            for s, g in enumerate(state.guesses) if g is None for faces in combinations(free, each)]


def _turn_actions(m: _Moment, seat: int) -> list[dict]:
    state = m.state
    out: list[dict] = []
    if rules.actions_left(state) > 0:
        items = [state.cards[n] for n in m.hand(seat, "item")]
        for card in items:
            if card.faces is not None:
                out.append({"act": "possess", "seat": seat, "card": card.name})  # to S's own possession
                out += [{"act": "possess", "seat": seat, "card": card.name, "to": to} for to in m.in_game if to != seat]
        if rules.throws_left(state) > 0:
            targets = [s for s in m.in_game if s != seat and not state.charmed[s]]
            for card in items:
                if card.faces is not None and card.damage is not None:
                    out += [{"act": "throw", "seat": seat, "card": card.name, "target": t} for t in targets]
            for item, name in state.possessed[seat]:
                if state.cards[name].damage is not None:
                    out += [{"act": "throw", "seat": seat, "item": item, "target": t} for t in targets]
        out += [{"act": "discard", "seat": seat, "cards": [name]} for name in m.hand(seat)]
        out += [{"act": "discard", "seat": seat, "count": n} for n in (1, 2) if n <= state.unknown[seat]]
    out.append({"act": "end", "seat": seat})
    return out


def _die_turns(m: _Moment) -> list[dict]:
    state = m.state
    seat = state.play.seat
    near = state.die.adjacent(state.face)
    out = [{"act": "die", "seat": seat, "face": f} for f in near]
    causes = [] if rules.protected(state) else _causes(m)  # Guaranteed Delivery: no card turns its die
    if causes:
        out += [{"act": "die", "seat": seat, "face": f, "cause": causes[0]} for f in FACES if f not in near]
    return out


def _instants(m: _Moment, seat: int) -> list[dict]:
    out = []
    for name in m.hand(seat, "instant"):
        for target in m.effect_targets(m.state.cards[name]):
            action = {"act": "instant", "seat": seat, "card": name}
            if target is not None:
                action["item"] = target
            out.append(action)
    return out


def _uses(m: _Moment, seat: int) -> list[dict]:
    out = []
    for item, name in m.state.possessed[seat]:
        card = m.state.cards[name]
        if card.use != "single":
            continue
        for target in m.effect_targets(card, exclude=item):
            action = {"act": "use", "seat": seat, "item": item}
            if target is not None:
                action["target"] = target
            out.append(action)
    return out


def _abilities(m: _Moment, seat: int) -> list[dict]:
    state = m.state
    if state.spent[seat]:
        return []
    ability = rules.CHARACTERS[state.characters[seat]]
    base = {"act": "ability", "seat": seat}
    if ability == "Charges Apply":
        return [{**base, "item": i, "to": to} for owner, items in enumerate(state.possessed) for i, _ in items
                for to in m.in_game if to != owner]
    if ability == "Pyromania":  # an ability: even a Guaranteed Delivery
        return [{**base, "item": i} for i in m.ids + (["play"] if m.in_play is not None else [])]
    if ability == "Guaranteed Delivery":
        return [base]
    if ability == "Scrounge":
        names = list(dict.fromkeys(state.discard))
        if state.discard_unknown:
            names += [n for n in m.catalog if n not in names]
        return [{**base, "card": n} for n in names]
    if ability == "Circuit Breaker":
        play = state.play
        if m.in_play is None or play.action != "throw":
            return []
        back = state.settings["redirect"] != "not-thrower"
        return [{**base, "target": t} for t in m.in_game
                if t != play.target and not state.charmed[t] and (back or t != play.seat)]
    if ability == "Eminent Domain":
        if state.deck + len(state.discard) + state.discard_unknown == 0:
            return []
        return [{**base, "card": n} for n in m.catalog if state.cards[n].item]
    if ability == "Charm":
        return [base] if state.turn == seat else []
    return [{**base, "face": f} for f in FACES]


def _causes(m: _Moment) -> list[str]:
    state = m.state
    names = set(state.causes)
    names.update(c for items in state.possessed for _, c in items)
    if m.in_play is not None:
        names.add(m.in_play)
    return sorted(n for n in names if state.cards[n].uncomputed and rules.may_cause(state, n))


def _corrections(m: _Moment) -> list[dict]:
    state = m.state
    out = []
    for cause in _causes(m):
        for seat in m.in_game:
            out.append({"act": "hurt", "seat": seat, "amount": 1, "cause": cause})
            if state.health[seat] < state.start_health:
                out.append({"act": "heal", "seat": seat, "amount": 1, "cause": cause})
            out.append({"act": "draw", "seat": seat, "count": 1, "cause": cause})
        out += [{"act": "destroy", "item": i, "cause": cause} for i in m.item_targets()]
    return out
