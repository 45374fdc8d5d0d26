"""The legal actions of a state (for the screen's buttons, bots and random playouts).

Hands are partly unknown: where a hand holds unknown cards, one card of the catalog per
possibility stands for "any card"; the lists are a fair sample of what may be done, each
action of them accepted by the rules.
"""

from __future__ import annotations

from companion.games.seance_party import rules


def _candidates(state, seat: int, symbols=None) -> list[str]:
    """Cards the seat may name from hand: its known cards, and when it holds unknown cards,
    the first known card of each type and symbol."""
    names = list(dict.fromkeys(state.known[seat]))
    if state.unknown[seat] > 0:
        seen = set()
        for name, card in sorted(state.cards.items()):
            if (card.type, card.symbol) not in seen:
                seen.add((card.type, card.symbol))
                if name not in names:
                    names.append(name)
    if symbols is not None:
        names = [n for n in names if state.cards[n].symbol in symbols]
    return names


def legal_actions(game, state) -> list[dict]:
    phase = state.phase
    out: list[dict] = []
    if phase == "over":
        return out
    if phase == "curse":
        for seat in state.sealed.waiting_for():
            out.append({"act": "curse", "seat": seat, "zeners": []})
            if state.hand(seat):
                up = [z for z, v in state.zeners[seat].items() if v["up"]]
                out.extend({"act": "curse", "seat": seat, "zeners": [z]} for z in up[:2])
        return out
    out.extend(_activations(state))
    if phase == "reveal":
        for seat in state.active():
            if seat in state.revealed:
                continue
            fill = _candidates(state, seat) or ["Red Bean Bomb"]
            for k in range(min(2, len(fill))):
                hand = list(state.known[seat]) + [fill[(k + i) % len(fill)] for i in range(state.unknown[seat])]
                out.append({"act": "reveal", "seat": seat, "hand": hand})
        return _unique(out)
    if phase in ("boost", "battle"):
        seat = game.expected(state)["seat"]
        out.append({"act": "boost", "seat": seat})
        for d in sorted(set(state.pools[seat]))[:2]:
            out.append({"act": "boost", "seat": seat, "dice": [d]})
        cards = _candidates(state, seat)
        if cards:
            out.append({"act": "boost", "seat": seat, "cards": [cards[0]]})
        return out
    if phase == "damage":
        owed = game.expected(state)
        b = state.battle
        side = b["pending"][0]
        _, item = state.item(b["spirit"] if side == "attacker" else b["target"])
        for element in rules.damage_options(c.element_of(k) for c, k in game._stack(state, item)):
            out.append({"act": "damage", "seat": owed["seat"], "element": element})
        return out
    seat = state.turn
    out.append({"act": "pass", "seat": seat})
    if rules.may_end(set(state.started), state.active()):
        out.append({"act": "end", "seat": seat})
    if not state.played:
        out.extend(_plays(state, seat))
    spirits = [i for i in state.board[seat] if i["kind"] == "spirit"]
    for spell in [i for i in state.board[seat] if i["kind"] == "spell"]:
        for spirit in spirits:
            if rules.inventory_room(spirit["energy"], len(spirit["inventory"])):
                out.append({"act": "attach", "seat": seat, "spell": spell["id"], "spirit": spirit["id"]})
    if not rules.forced_pass(state.round, set(state.started), state.active()):
        for spirit in spirits:
            if spirit["rested"]:
                continue
            for other in state.active():
                if other == seat:
                    continue
                targets = [i for i in state.board[other] if i["kind"] == "spirit"]
                if targets:
                    out.extend({"act": "attack", "seat": seat, "spirit": spirit["id"], "target": t["id"]}
                               for t in targets)
                else:
                    out.append({"act": "attack", "seat": seat, "spirit": spirit["id"], "player": other})
    return out


def _unique(actions):
    seen, out = set(), []
    for a in actions:
        key = repr(sorted(a.items()))
        if key not in seen:
            seen.add(key)
            out.append(a)
    return out


def _activations(state) -> list[dict]:
    out = []
    for seat in state.active():
        for z, count in state.curses[seat].items():
            if not count:
                continue
            card = next(n for n, c in sorted(state.cards.items()) if c.symbol == z)
            out.append({"act": "activate", "seat": seat, "zener": z, "card": card, "burn": True})
            if state.cards[card].type == "spell" or state.down[seat] == 0:
                out.append({"act": "activate", "seat": seat, "zener": z, "card": card, "burn": False})
            else:
                out.append({"act": "activate", "seat": seat, "zener": z, "card": card, "burn": False, "energy": 1})
    return out


def _plays(state, seat: int) -> list[dict]:
    up = [z for z, v in state.zeners[seat].items() if v["up"]]
    cards = _candidates(state, seat, set(up))
    if not state.hand(seat):
        return []
    targets = rules.planchette_targets(state.settings["points"], state.settings["adjacency"], state.planchette)
    g = rules.guesser(seat, [state.hand(s) for s in range(len(state.names))], state.active())
    out = []
    for name in cards:
        card = state.cards[name]
        guesses = [None]
        if g is not None:
            # the guesser may be the turn player's only opponent holding cards; after the
            # card leaves the hand the counts are unchanged for the guesser
            shown = _candidates(state, g)
            match = [n for n in shown if state.cards[n].symbol == card.symbol][:1]
            miss = [n for n in shown if state.cards[n].symbol != card.symbol][:1]
            guesses = match + miss
        for t in targets:
            for guess in guesses:
                base = {"act": "play", "seat": seat, "card": name, "planchette": t}
                if guess is not None:
                    base["guess"] = guess
                countered = guess is not None and state.cards[guess].symbol == card.symbol
                if countered or card.type == "spell" or state.down[seat] == 0:
                    out.append(base)
                    continue
                out.append({**base, "energy": 1})
                if state.down[seat] > 1:
                    out.append({**base, "energy": state.down[seat]})
                if state.hand(seat) > 1 and state.unknown[seat] > 1:
                    out.append({**base, "energy": 1, "add": {"as": "energy"}})
    return out
