"""Computer players for empty seats: a random legal action, seeded by the game's
seed and the number of actions so far, so a game replays identically."""

from __future__ import annotations

import random


def bot_action(game, state, seed, turn: int) -> dict | None:
    legal = game.legal(state)
    if not legal:
        return None
    return random.Random(f"{seed}:bot:{turn}").choice(legal)
