"""Séance Party's results: charged Zeners after each round, energy and defeats, who won."""

from __future__ import annotations

from companion.engine.results import results


def seance_results(game, state) -> dict:
    names = list(state.names)
    by_round = []
    for r in range(1, state.round + 1):
        counts = [0] * len(names)
        for charge in state.charges:
            if charge["round"] <= r:
                who = charge["player"]
                counts[who if isinstance(who, int) else names.index(who)] += 1
        by_round.append(counts)
    headlines = []
    for seat, name in enumerate(names):
        charged = sum(1 for v in state.zeners[seat].values() if v["charged"])
        defeats = sum(1 for d in state.defeated if d == seat)
        headlines.append(f"{name}: {charged} charged, {state.energy_total(seat)} energy"
                         + (f", defeated {defeats}" if defeats else ""))
    winners = state.winners or []
    labels = ["won" if s in winners else ("defeated" if state.defeated[s] is not None else "lost")
              for s in range(len(names))] if state.winners is not None else []
    return results("Charged Zeners after each round", names, by_round, headlines, labels)
