"""Clairvoyance's results: health at the end of each round, hits, who won."""

from __future__ import annotations

from companion.engine.results import results


def clairvoyance_results(game, state) -> dict:
    names = list(state.names)
    headlines = []
    for seat, name in enumerate(names):
        hits = sum(1 for p in state.plays if p["outcome"] == "hit" and p["player"] == name)
        status = "out" if state.out[seat] else f"{state.health[seat]} health"
        headlines.append(f"{name} ({state.characters[seat]}): {status}, {hits} hit{'s' if hits != 1 else ''}")
    winners = state.winners
    labels = ["won" if s in winners else ("out" if state.out[s] else "lost") for s in range(state.seats)] \
        if winners is not None else []
    return results("Health after each round", names, health_by_round(state), headlines, labels)


def health_by_round(state) -> list[list[int]]:
    """Health at the end of each round (a round: every player still in has had a turn), from
    the rules' records of hits and corrections; a heal stops at the counter's top, and the
    chart shows nothing below 0."""
    top = state.start_health
    health = [top] * state.seats
    changes = sorted(_health_changes(state), key=lambda change: change[0])
    out = []
    for last_turn in round_ends(state):
        while changes and changes[0][0] <= last_turn:
            _, seat, amount = changes.pop(0)
            health[seat] = min(top, health[seat] + amount) if amount > 0 else health[seat] + amount
        out.append([max(0, h) for h in health])
    return out


def _health_changes(state) -> list[tuple[int, int, int]]:
    """(turn, seat, change) for every hit and every hurt or heal correction."""
    seat = {name: s for s, name in enumerate(state.names)}
    out = [(p["turn"], seat[p["target"]], -p["damage"]) for p in state.plays if p["outcome"] == "hit"]
    for c in state.corrections:
        if c["act"] in ("hurt", "heal"):
            out.append((c["turn"], seat[c["player"]], c["amount"] if c["act"] == "heal" else -c["amount"]))
    return out


def round_ends(state) -> list[int]:
    """The turn number that ends each round: turns go clockwise from the first player,
    skipping those out by then, and a round ends when the turn wraps past the first seat."""
    if state.first is None:
        return []
    n = state.seats
    out_at = {list(state.names).index(e["player"]): e["turn"] for e in state.eliminations}
    ends, holder = [], state.first
    for turn in range(1, state.turn_number + 1):
        after = [s for s, t in out_at.items() if t <= turn]
        following = next((holder + k) % n for k in range(1, n + 1) if (holder + k) % n not in after)
        if turn == state.turn_number or (following - state.first) % n <= (holder - state.first) % n:
            ends.append(turn)
        holder = following
    return ends
