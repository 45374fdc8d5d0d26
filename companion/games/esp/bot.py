"""ESP's computer player: a card or a prediction at random among the legal ones (seeded by
the game's seed and how far it has gone, so a game replays identically), and the first
face-down card for a bid (the rulebook's bid is the last face-down card: there is no choice)."""

from __future__ import annotations

import random
from typing import Any


def esp_bot(game, state: Any, seats: tuple[int, ...], rng: random.Random) -> dict | None:
    owed = game.expected(state)
    if not owed or owed.get("seat") not in seats:
        return None
    legal = [action for action in game.legal(state) if action.get("seat") in seats]
    if not legal:
        return None
    return legal[0] if owed["act"] == "bid" else rng.choice(legal)
