"""The replay summary of ``docs/clairvoyance.md``, whole or as one seat may read it
(Eminent Domain's item is known to Myr alone); ``view.py`` builds the screens' views on it."""

from __future__ import annotations

import json

from companion.engine.state import FrozenDict, remembered, thaw
from companion.games.clairvoyance import rules


_ATOMS = frozenset({str, int, float, bool, type(None)})


def plain(value):
    """Frozen records as fresh JSON data (lists and dicts a caller may change).

    What a JSON round trip would give, copied directly: every summary copies the whole game's
    records, and the round trip through text took most of a summary's time.  Anything that
    is not plain JSON data already (a key that is not text, a value of another type) still
    takes the round trip, so the result is the same for every value."""
    kind = type(value)
    if kind is FrozenDict or kind is dict:
        fresh = {}
        for key, item in value.items():
            if type(key) is not str:
                return json.loads(json.dumps(thaw(value), ensure_ascii=False))
            fresh[key] = plain(item)
        return fresh
    if kind is list or kind is tuple:
        return [plain(item) for item in value]
    if kind in _ATOMS:
        return value
    return json.loads(json.dumps(thaw(value), ensure_ascii=False))


_TEXT = json.JSONEncoder(ensure_ascii=False).encode


@remembered
def _record_text(entry) -> str:
    """A record as JSON text: a record never changes and later states share it."""
    return _TEXT(plain(entry))


def records(entries: tuple) -> list:
    """:func:`plain` of a record list (``plays``, ``effects``…), read back at once from the
    records' remembered texts: every summary and view copies the whole game's records, and
    all but the newest were copied for the state before.  The JSON round trip plain stands
    for, at C speed."""
    return json.loads("[" + ",".join([_record_text(entry) for entry in entries]) + "]")


def _seat(state, seat: int, viewer) -> dict:
    secret = list(state.private[seat]) if viewer in ("all", seat) else []
    return {
        "name": state.names[seat],
        "character": state.characters[seat],
        "ability": rules.CHARACTERS[state.characters[seat]],
        "ability_spent": state.spent[seat],
        "health": state.health[seat],
        "out": state.out[seat],
        "hand": state.hand(seat),
        "hand_known": list(state.known[seat]) + secret,
        "possessions": [{"id": i, "card": c} for i, c in state.possessed[seat]],
        "charmed": state.charmed[seat],
        "guaranteed_delivery": state.armed[seat],
        "team": rules.team_of(state, seat),
    }


def _secret(state, entry: dict, viewer) -> dict:
    """Eminent Domain's item is known to Myr alone: ``"hidden"`` for everyone else, wherever
    the ability is recorded (the abilities, and a play's interference)."""
    if entry.get("ability") == "Eminent Domain" and viewer not in ("all", state.names.index(entry["player"])):
        return {**entry, "card": "hidden"}
    return entry


def _play(state, viewer) -> dict | None:
    play = state.play
    if play is None:
        return None
    names = state.names
    out = {"player": names[play.seat], "action": play.action, "card": play.card, "from": play.source,
           "stage": play.stage, "face_before": play.face_before, "destroyed": play.destroyed,
           "interference": [_secret(state, entry, viewer) for entry in records(play.interference)]}
    if play.source == "possessed":
        out["item"] = play.item
    if play.action == "possess":
        out["to"] = names[play.to]
    else:
        out.update(target=names[play.target], reduced=play.reduced, protected=play.protected)
    return out


def _window(state) -> dict | None:
    if state.window is None:
        return None
    pause = state.window
    window = pause.win
    out = {"kind": pause.kind, "order": [state.names[s] for s in window.pending],
           "acted": [state.names[s] for s in window.acted]}
    if pause.kind == "ability":
        out.update(ability=pause.ability, player=pause.by)
    return out


def _turn(state) -> dict | None:
    if state.turn is None:
        return None
    limited = rules.throws_limited(state.seats, len(state.in_game()))
    return {"number": state.turn_number, "player": state.names[state.turn],
            "actions_left": rules.actions_left(state), "throws_left": rules.throws_left(state),
            "throws_unlimited": not limited}


def _abilities(state, viewer) -> list[dict]:
    return [_secret(state, entry, viewer) for entry in records(state.abilities)]


def _plays(state, viewer) -> list[dict]:
    plays = records(state.plays)
    for play in plays:
        play["interference"] = [_secret(state, entry, viewer) for entry in play["interference"]]
    return plays


def summary(game, state, viewer="all") -> dict:
    names = state.names
    return {
        "game": "clairvoyance",
        "players": list(names),
        "characters": list(state.characters),
        "teams": None if state.teams is None else [[names[s] for s in team] for team in state.teams],
        "settings": dict(state.settings),
        "health_top": state.start_health,
        "die": {"layout": state.die.layout, "face": state.face,
                "reachable": None if state.face is None else list(state.die.adjacent(state.face))},
        "first_player": {"guesses": {names[s]: list(g) for s, g in enumerate(state.guesses) if g is not None},
                         "rolls": list(state.rolls),
                         "first": None if state.first is None else names[state.first]},
        "turn": _turn(state),
        "deck": state.deck,
        "discard": {"count": len(state.discard) + state.discard_unknown, "known": list(state.discard)},
        "seats": [_seat(state, s, viewer) for s in range(len(names))],
        "play": _play(state, viewer),
        "window": _window(state),
        "room": None if state.room is None else {"player": names[state.room.seat], "card": state.room.card,
                                                 "id": state.room.item},
        "plays": _plays(state, viewer),
        "effects": records(state.effects),
        "abilities": _abilities(state, viewer),
        "corrections": records(state.corrections),
        "eliminations": records(state.eliminations),
        "catalog": [state.cards[name].as_json() for name in sorted(state.cards)],
        "finished": state.phase == "over",
        "winners": None if state.winners is None else [names[s] for s in state.winners],
        "next": game.expected(state),
    }

