"""What Mysterium shows: the replay summary of ``docs/mysterium.md`` and each seat's view."""

from __future__ import annotations

from companion.engine.secret import HIDDEN
from companion.games.mysterium import rules
from companion.games.mysterium.results import mysterium_results
from companion.games.mysterium.rules import BANDS, CATEGORIES, STAGES, TOKENS


def _tokens(pair) -> dict:
    return {token: pair[k] for k, token in enumerate(TOKENS)}


def _round(state, record) -> dict:
    names = state.names
    main = not state.table.small
    return {
        "round": record.number,
        "stage": [STAGES[s] for s in record.stages],
        "visions": list(record.visions),
        "guesses": list(record.guesses),
        "answers": list(record.answers),
        "predictions": [{"psychic": names[o], "target": names[t], "token": k, "outcome": r}
                        for o, t, k, r in record.predictions],
        "advanced": list(record.advanced),
        "bonus": list(record.bonus) if main else None,
        "level": list(record.levels) if main else None,
        "visions_kept": list(record.kept),
        "tokens_returned": record.returned if main else None,
        "crows_used": record.crows_used,
        "resolved": True,
    }


def _round_in_play(state) -> dict:
    """The round on the clock, before it resolves: what is known so far."""
    names, n = state.names, len(state.names)
    main = not state.table.small
    locked = state.phase == "answers"
    playing = set(state.unfinished())
    return {
        "round": state.round,
        "stage": [STAGES[s] for s in state.stage],
        "visions": list(state.visions),
        "guesses": [state.pawns.choices.get(p) for p in range(n)],
        "answers": list(state.answers),
        "predictions": [{"psychic": names[o], "target": names[t], "token": k,
                         "outcome": ("ignored" if locked and state.pawns.choices.get(t) is None else None)}
                        for o in range(n) for t, k in state.placed[o]],
        "advanced": [None] * n,
        "bonus": [0] * n if main else None,
        "level": list(state.level) if main else None,
        "visions_kept": list(state.kept),
        "tokens_returned": state.returned if main else None,
        "crows_used": state.crows_used,
        "resolved": False,
        "hourglass": None if state.phase == "visions" else {
            "turned_at": state.timer.started if state.timer is not None else None,
            "ends_at": (state.timer.started + rules.HOURGLASS_SECONDS) if state.timer is not None else None,
            "run_out": locked,
        },
        "unplaced": [names[p] for p in sorted(playing) if locked and state.pawns.choices.get(p) is None],
    }


def _standing(state) -> list[dict]:
    table = state.table
    main = not table.small
    out = []
    for p, name in enumerate(state.names):
        placed = [{"target": state.names[t], "token": k} for t, k in state.placed[p]]
        entry = {
            "psychic": name,
            "stage": STAGES[state.stage[p]],
            "found": {c: state.found[p][k] for k, c in enumerate(CATEGORIES)},
            "level": state.level[p] if main else None,
            "visions_kept": state.kept[p],
            "tokens": {"hand": _tokens(state.hand[p]), "placed": placed, "discard": _tokens(state.discard[p])}
            if main else None,
            "finished_in": state.finished_in[p],
        }
        if table.small:
            entry["player"] = p // 2
        out.append(entry)
    return out


def _final(state) -> dict | None:
    final = state.final
    if final is None:
        return None
    table, names = state.table, state.names
    cases = []
    for p, found in enumerate(state.found):
        cases.append({"case": p + 1, "psychic": names[p],
                      **{c: found[k] for k, c in enumerate(CATEGORIES)}, "decoy": False})
    for k in range(table.cases - len(cases)):
        cases.append({"case": len(cases) + 1, "psychic": None, **{c: None for c in CATEGORIES}, "decoy": True})
    shown = {
        "cases": cases,
        "committed": final.committed,
        "revealed": final.revealed,
        "crows_used": final.crows_used,
        "bands": None,
        "voted": None,
        "votes": None,
        "counts": None,
        "decided_by": None,
        "chosen": final.chosen,
        "culprit": final.culprit,
    }
    if final.votes is not None:
        shown["bands"] = {band: [names[p] for p in range(len(names)) if final.bands[p] == b + 1]
                          for b, band in enumerate(BANDS)}
        shown["voted"] = [names[p] for p in sorted(final.votes.choices)]
        if final.votes.revealed:
            shown["votes"] = {band: {names[p]: final.votes.choices[p] for p in range(len(names))
                                     if final.bands[p] == b + 1} for b, band in enumerate(BANDS)}
            shown["counts"] = rules.vote_counts(final.votes.choices, table.cases)
            shown["decided_by"] = "most votes" if final.decider is None else names[final.decider]
    return shown


def summarize(game, state) -> dict:
    table = state.table
    main = not table.small
    rounds = [_round(state, r) for r in state.history]
    if state.phase in ("visions", "sand", "answers"):
        rounds.append(_round_in_play(state))
    return {
        "game": "mysterium",
        "ghost": table.ghost,
        "psychics": list(table.psychics),
        "variant": "small" if table.small else "main",
        "players": table.players,
        "people": table.people,
        "difficulty": table.difficulty,
        "faceup": {c: list(table.faceup[k]) for k, c in enumerate(CATEGORIES)},
        "faceup_count": len(table.faceup[0]),
        "tokens_each": _tokens(table.tokens) if main else None,
        "track_side": table.side,
        "bands": list(table.bands) if table.bands else None,
        "unplaced": table.unplaced,
        "crows": {"rule": table.crow_rule, "allowed": table.crows, "left": state.crows_left},
        "cases": table.cases,
        "clock": state.round,
        "phase": state.phase,
        "rounds": rounds,
        "standing": _standing(state),
        "final": _final(state),
        "result": state.result,
        "next": game.expected(state),
    }


def view(game, state, seat: int | None) -> dict:
    """The summary plus what ``seat`` may see of the sealed final votes: before the tally
    a psychic sees their own vote and only *that* the others have voted; the ghost and the
    shared screen see only who has voted.  Everything else is on the table for all."""
    shown = summarize(game, state)
    names = state.table.names
    final = state.final
    sealed = {}
    if final is not None and final.votes is not None:
        sealed = {names[p]: choice for p, choice in final.votes.view(seat).items()}
    shown.update({
        "seat": seat,
        "role": None if seat is None else ("ghost" if seat == len(names) - 1 else "psychic"),
        "sealed_votes": sealed,  # {name: case or "hidden"}
        "hidden": HIDDEN,
        "results": mysterium_results(game, state),
    })
    return shown
