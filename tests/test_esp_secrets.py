"""ESP's secrets (``ENTRY.secrets``): the same position with every hand, face-down row and the
seed changed looks the same on the shared screen — and the change is real: the seats who own
the cards see it (so a view that showed a hand to the table would be caught)."""

from __future__ import annotations

import random

from companion.games.esp import ENTRY, ESP
from companion.games.esp.cards import DECK

SETUPS = [{"game": "esp", "players": ["Ann", "Bo", "Cy", "Di"][:n], "seed": n * 11} for n in (2, 3, 4)]


def positions(games: int = 6):
    """Every state of a few full-information games, random legal play."""
    for index in range(games):
        setup = SETUPS[index % len(SETUPS)]
        state, rng = ESP.setup({**setup, "seed": index}), random.Random(index)
        while not ESP.is_over(state):
            state = ESP.apply(state, ESP.chance(state) or rng.choice(ESP.legal(state)))
            yield state


def test_the_table_sees_nothing_of_what_changed_and_the_owners_do():
    rng = random.Random(1)
    owners_saw = checked = 0
    for state in positions():
        other = ENTRY.secrets(state, rng)
        assert ESP.view(other, None) == ESP.view(state, None)
        assert other.seed != state.seed
        rnd = state.rounds[-1]
        if any(hand for hand in rnd.hands if hand):
            checked += 1
            owners_saw += any(ESP.view(other, s)["hands"] != ESP.view(state, s)["hands"] for s in range(rnd.players))
    assert checked > 100 and owners_saw > 0.9 * checked


def test_the_changed_position_is_still_a_deal():
    """Every seat keeps its numbers of held and face-down cards; no card twice, none seen."""
    rng = random.Random(2)
    for state in positions(3):
        rnd, new = state.rounds[-1], ENTRY.secrets(state, rng).rounds[-1]
        cards = []
        for seat in range(rnd.players):
            if rnd.hands[seat] is None:
                assert new.hands[seat] is None and new.facedown[seat] is None
                continue
            assert (len(new.hands[seat]), len(new.facedown[seat])) == (len(rnd.hands[seat]), len(rnd.facedown[seat]))
            cards += [*new.hands[seat], *new.facedown[seat]]
        assert len(cards) == len(set(cards)) and not set(cards) & (rnd.seen | {rnd.vision})
        assert set(cards) <= set(range(len(DECK)))
        assert (new.tricks, new.bids, new.claims, new.vision) == (rnd.tricks, rnd.bids, rnd.claims, rnd.vision)

