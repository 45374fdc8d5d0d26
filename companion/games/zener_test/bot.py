"""The companion as receiver: a control run, the calls chance makes with the same protocol.

It calls at random — except with a closed deck shown card by card, where it counts the
cards and calls a symbol with the most left, as a careful receiver would: the demonstration
of why feedback raises what chance gives (about 8.65 hits a run instead of 5), and of the
scoring that allows for it.  It never turns a real card: that is the table's."""

from __future__ import annotations

import random
from typing import Any

from companion.games.zener_test import rules


def zener_bot(game, state: Any, seats: tuple[int, ...], rng: random.Random) -> dict | None:
    owed = game.expected(state)
    if owed is None or owed["act"] != "call" or owed["seat"] not in seats:
        return None
    table = state.table
    if rules.counted(table.deck, table.feedback):
        left = rules.cards_left(state.upcoming.cards)
        most = max(left.values())
        return {"act": "call", "symbol": rng.choice([s for s in rules.SYMBOLS if left[s] == most])}
    return {"act": "call", "symbol": rng.choice(rules.SYMBOLS)}
