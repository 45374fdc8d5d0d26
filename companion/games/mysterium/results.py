"""Mysterium's results: each psychic's clairvoyancy level after each round, shared win or loss."""

from __future__ import annotations

from companion.engine.results import results
from companion.games.mysterium.rules import roman


def mysterium_results(game, state) -> dict:
    table = state.table
    psychics = list(table.psychics)
    verdict = "everyone wins" if state.result == "won" else "everyone loses"
    return results(
        "Clairvoyancy level after each round", psychics,
        [list(record.levels) for record in state.history],
        [f"{who}: level {level}" + (f", finished in hour {roman(r)}" if r else "")
         for who, level, r in zip(psychics, state.level, state.finished_in)],
        [verdict] * len(psychics) if state.result else [],
        seats=list(table.psychic_seats))  # each psychic wears the colour of the seat that plays it
