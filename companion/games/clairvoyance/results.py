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
    """Health at the end of each round (a round: every player still in has had a turn), the
    round under way last, as kept when each ended (``rules.begin_turn``); the chart shows
    nothing below 0."""
    if state.first is None:
        return []
    return [[max(0, h) for h in health] for health in (*state.health_at_round_ends, state.health)]


def round_ends(state) -> list[int]:
    """The turn number that ends each round, the round under way last: a round ends when
    the die passes past the first player (recorded as it happens: ``rules.begin_turn``)."""
    if state.first is None:
        return []
    return [*state.rounds_ended_at, state.turn_number]
