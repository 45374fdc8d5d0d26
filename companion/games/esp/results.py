"""ESP's results: points per round, each player's total, the outcome table's labels."""

from __future__ import annotations

from companion.engine.results import results


def esp_results(game, state) -> dict:
    totals = state.totals()
    best = max(totals) if totals else 0
    outcome = game.outcome(state)
    return results(
        "Points per round", list(state.players),
        [[rnd.points(s) for s in range(len(state.players))] for rnd in state.rounds],
        [f"{who}: {total} points" + ("  ★ most points" if total == best else "")
         for who, total in zip(state.players, totals)],
        list(outcome.labels) if outcome else [])
