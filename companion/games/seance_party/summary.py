"""What Séance Party shows: the replay summary of ``docs/seance-party.md``."""

from __future__ import annotations


def _item(state, item) -> dict:
    card = state.cards[item["card"]]
    out = {"id": item["id"], "card": item["card"], "type": card.type, "cursed": item["cursed"]}
    if item["kind"] == "spirit":
        out.update(energy=item["energy"], rested=item["rested"],
                   inventory=[{"id": i["id"], "card": i["card"], "cursed": i["cursed"]} for i in item["inventory"]],
                   overpacked=len(item["inventory"]) > item["energy"])
    return out


def _seat(state, seat: int) -> dict:
    return {
        "name": state.names[seat],
        "hand": state.hand(seat),
        "hand_known": list(state.known[seat]),
        "energy": {"face_down": state.down[seat], "face_up": state.up[seat],
                   "in_spirits": state.energy_total(seat) - state.down[seat]},
        "pool": [f"d{d}" for d in state.pools[seat]],
        "zeners": {z: ("charged" if v["charged"] else "dormant") + (" up" if v["up"] else " down")
                   for z, v in state.zeners[seat].items()},
        "charged": sum(1 for v in state.zeners[seat].values() if v["charged"]),
        "curses": {z: n for z, n in state.curses[seat].items() if n},
        "board": [_item(state, i) for i in state.board[seat]],
        "trash": list(state.trash[seat]),
        "defeated": state.defeated[seat] is not None,
        "defeated_by": None if state.defeated[seat] is None or state.defeated[seat] < 0  # an effect: nobody
        else state.names[state.defeated[seat]],
        "defeats": sum(1 for d in state.defeated if d == seat),
    }


def _battle(state) -> dict | None:
    b = state.battle
    if b is None:
        return None
    return {"attacker": state.names[b["attacker"]], "spirit": b["spirit"], "defender": state.names[b["defender"]],
            "target": b["target"], "attack_rolls": b["attack_rolls"], "defence_rolls": b["defence_rolls"],
            "attack": b["attack"], "defence": b["defence"], "boosts": b["boosts"]}


def summary(game, state) -> dict:
    names = state.names
    return {
        "game": "seance-party",
        "players": list(names),
        "mode": state.mode,
        "settings": {k: (list(v) if isinstance(v, list) else v) for k, v in state.settings.items()},
        "round": state.round,
        "step": state.phase,
        "deck": list(state.deck),
        "pentagram": {"planchette": state.planchette,
                      "points": [{"symbol": p, "die": None if state.points[p] is None else f"d{state.points[p]}"}
                                 for p in state.settings["points"]]},
        "dice": {"removed": [f"d{d}" for d in state.removed], "supplied": state.supplied},
        "seats": [_seat(state, s) for s in range(len(names))],
        "rounds": [dict(r) for r in state.history],
        "turn": None if state.turn is None or state.phase == "over" else names[state.turn],
        "passed": [names[s] for s in sorted(state.passed)],
        "battle": _battle(state),
        "battles": list(state.battles),
        "charges": list(state.charges),
        "finished": state.phase == "over",
        "winners": None if state.winners is None else [names[s] for s in state.winners],
        "won_by": state.won_by,
        "next": game.expected(state),
    }
