"""What Mysterium shows: the replay summary of ``docs/mysterium.md`` and each seat's view."""

from __future__ import annotations

from companion.engine.secret import HIDDEN
from companion.engine.state import FrozenDict, evolve
from companion.games.mysterium import rules
from companion.games.mysterium.results import mysterium_results
from companion.games.mysterium.rules import BANDS, CATEGORIES, STAGES, TOKENS


def _tokens(pair) -> dict:
    return {token: pair[k] for k, token in enumerate(TOKENS)}


def _round(state, record) -> dict:
    names = state.psychics
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
    names, n = state.psychics, len(state.psychics)
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
    for p, name in enumerate(state.psychics):
        placed = [{"target": state.psychics[t], "token": k} for t, k in state.placed[p]]
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
    table, names = state.table, state.psychics
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


def _waiting(game, state) -> dict | None:
    """Who may still act in the step now, by psychic number: the psychics awaiting a vision,
    the pawns not yet on a card, the placed pawns awaiting the ghost's knock, the band now
    voting that has not voted; None when the step is the ghost's or the table's alone."""
    owed = game.expected(state)
    if owed is None:
        return None
    act = owed["act"]
    if act == "vision":
        psychics = [p for p in state.unfinished() if state.visions[p] is None]
    elif act in ("guess", "expire"):
        act, psychics = "guess", state.pawns.waiting_for()
    elif act == "answer":
        psychics = [p for p in state.unfinished() if p in state.pawns.choices and state.answers[p] is None]
    elif act == "vote":
        psychics = game.band_waiting(state)
    else:
        return None
    return {"act": act, "psychics": psychics}


def _voting_order(state) -> list[dict] | None:
    """The main game's final vote: which psychics vote after which shared vision, and who has."""
    final = state.final
    if final is None or final.votes is None:
        return None
    return [{"vision": b + 1, "band": band, "psychics": [p for p, mine in enumerate(final.bands) if mine == b + 1],
             "voted": [p for p, mine in enumerate(final.bands) if mine == b + 1 and p in final.votes.choices]}
            for b, band in enumerate(BANDS)]


def _seats(table) -> list[dict]:
    return [{"seat": s, "name": name, "role": "psychic" if s else "ghost", "psychics": list(table.psychics_at(s))}
            for s, name in enumerate(table.seats)]


def view(game, state, seat: int | None) -> dict:
    """The summary plus everything the screen shows, worked out here so that the screen
    computes no rules: the seats (the ghost at seat 0) and each psychic's seat, the hour,
    the pawns, who may still act, the voting order, the cards each psychic's card may still
    be; and what ``seat`` may see of the sealed final votes: before the tally a psychic sees
    their own vote and only *that* the others have voted; the ghost and the shared screen
    see only who has voted.  Everything else is on the table for all."""
    shown = summarize(game, state)
    table, names = state.table, state.psychics
    final = state.final
    sealed = {}
    if final is not None and final.votes is not None:
        mine = table.psychics_at(seat) if seat is not None else ()
        sealed = {names[p]: choice for p, choice in final.votes.view(mine[0] if mine else None).items()}
    in_play = state.phase in ("visions", "sand", "answers")
    shown.update({
        "seat": seat,
        "role": None if seat is None else ("ghost" if seat == 0 else "psychic"),
        "seats": _seats(table),
        "psychic_seats": list(table.psychic_seats),
        "seed": table.seed,
        "hour": rules.roman(state.round),
        "pawns": [state.pawns.choices.get(p) if in_play else None for p in range(len(names))],
        "possible": game.possible(state),
        "waiting": _waiting(game, state),
        "voting_order": _voting_order(state),
        "sealed_votes": sealed,  # {name: case or "hidden"}
        "hidden": HIDDEN,
        "results": mysterium_results(game, state),
    })
    return shown


def secrets(state, rng):
    """The same position with every vote not yet tallied changed: the table's view must not
    tell the difference (the pawns are on the table for all to see; the ghost's cards are
    never in the state)."""
    final = state.final
    if final is None or final.votes is None or final.votes.revealed:
        return state
    votes = FrozenDict({p: rng.randint(1, state.table.cases) for p in final.votes.choices})
    return evolve(state, final=evolve(final, votes=evolve(final.votes, choices=votes)))
