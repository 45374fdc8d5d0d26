"""What Séance Party shows: the replay summary of ``docs/seance-party.md``.

The summary is the boundary where the state's values become JSON: seats become names, dice
``"d6"``, tuples lists, frozen records dicts — each field written out here, in the order the
docs print it, so that ``companion replay`` prints the same bytes whatever the state's types.
"""

from __future__ import annotations

from companion.engine.state import FrozenDict, thaw
from companion.games.seance_party.rules import SETTINGS
from companion.games.seance_party.state import Battle, Boost, Hit, Player, Round, SeanceState, Spirit


def dice(sides) -> list[str]:
    return [f"d{d}" for d in sides]


def _item(state: SeanceState, item) -> dict:
    out = {"id": item.id, "card": item.card, "type": state.cards[item.card].type, "cursed": item.cursed}
    if isinstance(item, Spirit):
        out.update(energy=item.energy, rested=item.rested,
                   inventory=[{"id": i.id, "card": i.card, "cursed": i.cursed} for i in item.inventory],
                   overpacked=len(item.inventory) > item.energy)
    return out


def _seat(state: SeanceState, seat: int) -> dict:
    player: Player = state.players[seat]
    defeated = player.defeated
    return {
        "name": state.names[seat],
        "hand": player.hand.size,
        "hand_known": list(player.hand.known),
        "energy": {"face_down": player.down, "face_up": player.up, "in_spirits": player.energy() - player.down},
        "pool": dice(player.pool),
        "zeners": {z: ("charged" if v.charged else "dormant") + (" up" if v.up else " down")
                   for z, v in player.zeners.items()},
        "charged": sum(1 for v in player.zeners.values() if v.charged),
        "curses": {z: v.curses for z, v in player.zeners.items() if v.curses},
        "board": [_item(state, i) for i in player.board],
        "trash": list(player.trash),
        "defeated": defeated is not None,
        "defeated_by": None if defeated is None or defeated < 0 else state.names[defeated],  # an effect: nobody
        "defeats": sum(1 for p in state.players if p.defeated == seat),
    }


def speed_boost(boost: Boost) -> dict:
    return {"dice": list(boost.dice), "rolls": list(boost.rolls), "cards": list(boost.cards), "total": boost.total}


def battle_boost(boost: Boost) -> dict:
    return {"dice": list(boost.dice), "cards": list(boost.cards), "rolls": list(boost.rolls), "total": boost.total}


def _boosts(b: Battle) -> dict:
    """The battle's boosts so far, in the order made: the defence's, then the attack's."""
    out = {}
    if b.defence_boost is not None:
        out["defence"] = battle_boost(b.defence_boost)
    if b.attack_boost is not None:
        out["attack"] = battle_boost(b.attack_boost)
    return out


def _hit(names, hit: Hit) -> dict:
    out = {"by": names[hit.by], "element": hit.element, "amount": hit.amount, "to": names[hit.to],
           "spirit": hit.spirit, "removed": hit.removed, "killed": hit.killed}
    if hit.overpacked is not None:
        out["overpacked"] = hit.overpacked
    return out


def _battle(state: SeanceState) -> dict | None:
    b = state.battle
    if b is None:
        return None
    names = state.names
    return {"attacker": names[b.attacker], "spirit": b.spirit, "defender": names[b.defender], "target": b.target,
            "attack_rolls": list(b.attack_rolls), "defence_rolls": list(b.defence_rolls),
            "attack": b.attack, "defence": b.defence, "boosts": _boosts(b)}


def fought(names, b: Battle) -> dict:
    """A finished battle, as ``battles`` lists it."""
    return {"round": b.round, "attacker": names[b.attacker], "spirit": b.spirit, "defender": names[b.defender],
            "target": b.target, "attack_rolls": list(b.attack_rolls), "defence_rolls": list(b.defence_rolls),
            "boosts": _boosts(b), "attack": b.attack, "defence": b.defence,
            "winners": [names[b.attacker] if s == "attacker" else names[b.defender] for s in b.winners],
            "damage": [_hit(names, h) for h in b.damage], "defeated": [names[s] for s in b.defeated]}


def _note(entry) -> str | dict:
    """A turn's record of one line as JSON: ``"pass"``, ``"end"``, or a frozen record whose
    only nested values are a play's ``added`` (a mapping) and an effect's ``trashed`` (a list;
    a play's is ``true``)
    — :func:`thaw` for this shape, several times faster (a summary writes every turn)."""
    if type(entry) is str:
        return entry
    out = entry.thaw()
    for key in ("added", "trashed"):
        value = out.get(key)
        if type(value) is FrozenDict:
            out[key] = value.thaw()
        elif type(value) is tuple:
            out[key] = list(value)
    return out


def _round(names, r: Round) -> dict:
    speeds = r.speeds
    ended = r.ended_by
    return {
        "round": r.number,
        "curses": None if r.curses is None else [list(c) for c in r.curses],
        "hand_speed": None if speeds is None else list(speeds.hand),
        "board_speed": None if speeds is None else list(speeds.board),
        "boosts": {} if speeds is None else {names[s]: speed_boost(b) for s, b in speeds.boosts.items()},
        "speed": None if r.order is None else list(speeds.totals()),
        "order": None if r.order is None else [names[s] for s in r.order],
        "turns": [{"player": names[t.seat], "actions": [_note(e) for e in t.actions]} for t in r.turns],
        "ended_by": f"{names[ended]} ended" if isinstance(ended, int) else ended,
    }


def summary(game, state: SeanceState) -> dict:
    names = state.names
    settings = state.settings
    return {
        "game": "seance-party",
        "players": list(names),
        "mode": state.mode,
        "settings": {key: thaw(getattr(settings, key)) for key in SETTINGS},
        "round": state.round,
        "step": state.phase,
        "deck": list(state.deck),
        "pentagram": {"planchette": state.planchette,
                      "points": [{"symbol": p, "die": None if state.points[p] is None else f"d{state.points[p]}"}
                                 for p in settings.points]},
        "dice": {"removed": dice(state.removed), "supplied": state.supplied},
        "seats": [_seat(state, s) for s in range(len(names))],
        "rounds": [_round(names, r) for r in state.history],
        "turn": None if state.turn is None or state.phase == "over" else names[state.turn],
        "passed": [names[s] for s in sorted(state.passed)],
        "battle": _battle(state),
        "battles": [fought(names, b) for b in state.battles],
        "charges": [{"round": c.round, "player": names[c.seat], "zener": c.zener} for c in state.charges],
        "finished": state.phase == "over",
        "winners": None if state.winners is None else [names[s] for s in state.winners],
        "won_by": state.won_by,
        "next": game.expected(state),
    }
