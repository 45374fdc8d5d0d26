"""What the table may not see in a Zener card test: the companion's cards not yet shown.

``tests/test_registry.py`` asks for the same position with those cards changed and checks that
the shared screen's view is the same: the deck never leaks onto the screen before its call
is checked."""

from __future__ import annotations

import random

from companion.engine.state import evolve
from companion.games.zener_test import rules
from companion.games.zener_test.state import ZenerState


def other_cards(state: ZenerState, rng: random.Random) -> ZenerState:
    """The same sitting with the companion's unshown cards dealt again (a closed deck's
    unshown cards shuffled among themselves, an open deck's drawn afresh)."""
    if state.deck is None:
        return state
    shown = len(state.current.cards) if state.current is not None else 0
    hidden = list(state.deck[shown:])
    if state.table.deck == "closed":
        rng.shuffle(hidden)
    else:
        hidden = [rng.choice(rules.SYMBOLS) for _ in hidden]
    return evolve(state, deck=state.deck[:shown] + tuple(hidden))
