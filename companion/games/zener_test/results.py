"""The Zener card test's results: the receiver's hits per run, the sitting's total against
what chance gives, and how unusual it is in words."""

from __future__ import annotations

from companion.engine.results import results
from companion.games.zener_test import odds


def zener_results(state, words: str | None) -> dict:
    """``words``: the sitting's sentence ("27 hits in 4 runs: about 1 sitting in 6 …")."""
    table = state.table
    checked = len(state.scores)
    headline = (f"{table.receiver}: {state.hits} hits in {checked} run{'s' if checked != 1 else ''}, "
                f"{odds.figure(state.expected)} expected by chance" if checked
                else f"{table.receiver}: no run checked yet")
    return results("Hits per run", [table.receiver], [[score.hits] for score in state.scores], [headline],
                   [words or "No run was checked."], [0], round_word="Run")
