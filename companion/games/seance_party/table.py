"""Séance Party at the set-up screen: party mode or a séance battle."""

from __future__ import annotations

from typing import Mapping

from companion.engine.registry import Option

OPTIONS = (Option("battle", "Séance battle (30 cards each)"),)


def blurb(options: Mapping[str, bool]) -> str:
    if options.get("battle"):
        return "Séance battle: each player brings a 30-card deck. Enter curses, hands, boosts and every play."
    return "Party mode: one shared deck of 60. Enter curses, hands, boosts and every play."


def setup_line(players, options, seed, choices=None, extras=None) -> dict:
    return {"game": "seance-party", "players": list(players),
            "mode": "battle" if options.get("battle") else "party", "seed": seed}
