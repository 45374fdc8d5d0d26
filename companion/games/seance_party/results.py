"""Séance Party's results: charged Zeners after each round, energy and defeats, who won."""

from __future__ import annotations

from companion.engine.results import results


def seance_results(game, state) -> dict:
    names = list(state.names)
    by_round = []
    for r in range(1, state.round + 1):
        counts = [0] * len(names)
        for charge in state.charges:
            if charge.round <= r:
                counts[charge.seat] += 1
        by_round.append(counts)
    headlines = []
    for seat, (name, player) in enumerate(zip(names, state.players)):
        charged = sum(1 for z in player.zeners.values() if z.charged)
        defeats = sum(1 for p in state.players if p.defeated == seat)
        headlines.append(f"{name}: {charged} charged, {player.energy()} energy"
                         + (f", defeated {defeats}" if defeats else ""))
    outcome = game.outcome(state)
    labels = list(outcome.labels) if outcome is not None else []
    return results("Charged Zeners after each round", names, by_round, headlines, labels)
