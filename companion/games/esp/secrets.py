"""What the table may not see in ESP (``Entry.secrets``): which unseen card lies in which seat's
hand or face-down row, and the seed the companion deals the rounds still to come from.

:func:`redealt` is the same position with all of that changed, so ``tests/test_registry.py``
can show that the shared screen's view is identical for both: the table view hides the
hands by construction, not by care.  (In table mode nothing is dealt here: only the seed.)"""

from __future__ import annotations

import random

from companion.engine.state import evolve
from companion.games.esp.cards import DECK
from companion.games.esp.game import EspState, Round


def redealt(state: EspState, rng: random.Random) -> EspState:
    """``state`` with every dealt, unseen card swapped at random among all the cards the
    table has not seen (the other hands, the face-down rows, the undealt rest of the deck)
    and another seed; every seat keeps as many held and face-down cards as it had."""
    return evolve(state, rounds=tuple(_redeal(rnd, rng) for rnd in state.rounds),
                  seed=f"{state.seed}/other-{rng.randrange(10**9)}")


def _redeal(rnd: Round, rng: random.Random) -> Round:
    dealt = [seat for seat in range(rnd.players) if rnd.hands[seat] is not None]
    if not dealt:
        return rnd
    unseen = [c for c in DECK if c != rnd.vision and c not in rnd.seen]
    rng.shuffle(unseen)
    hands, rows = list(rnd.hands), list(rnd.facedown)
    for seat in dealt:
        held, down = len(rnd.hands[seat]), len(rnd.facedown[seat])  # type: ignore[arg-type]
        hands[seat], rows[seat] = tuple(unseen[:held]), tuple(unseen[held:held + down])
        del unseen[:held + down]
    return evolve(rnd, hands=tuple(hands), facedown=tuple(rows))
