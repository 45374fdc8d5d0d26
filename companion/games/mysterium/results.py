"""Mysterium's results: each psychic's clairvoyancy level after each round, shared win or loss."""

from __future__ import annotations

from companion.engine.results import results

ROMAN = ("I", "II", "III", "IV", "V", "VI", "VII")


def mysterium_results(game, state) -> dict:
    psychics = list(state.table.psychics)
    verdict = "everyone wins" if state.result == "won" else "everyone loses"
    return results(
        "Clairvoyancy level after each round", psychics,
        [list(record.levels) for record in state.history],
        [f"{who}: level {level}" + (f", finished in hour {ROMAN[r - 1]}" if r else "")
         for who, level, r in zip(psychics, state.level, state.finished_in)],
        [verdict] * len(psychics) if state.result else [],
        seats=[p + 1 for p in range(len(psychics))])  # set-up seat 0 is the ghost's
