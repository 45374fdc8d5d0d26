"""Random Séance Party games through tests/playout.py, both modes, 2–4 players, with the
game's invariants at every step: cards conserved, dice conserved between pools, points
and the removed, a Zener never charged twice."""

from __future__ import annotations

import pytest

from companion.games.seance_party import SEANCE_PARTY
from tests.playout import run_playouts

NAMES = ("Ann", "Bo", "Cy", "Dee")


def cards(state) -> int:
    total = sum(state.deck)
    for s in range(len(state.names)):
        total += state.hand(s) + state.down[s] + state.up[s] + sum(state.curses[s].values()) + len(state.trash[s])
        for item in state.board[s]:
            total += 1 + len(item["inventory"]) + (item["energy"] if item["kind"] == "spirit" else 0)
    return total


def dice(state) -> int:
    return sum(len(p) for p in state.pools) + sum(1 for d in state.points.values() if d is not None) + len(state.removed)


def invariants(game, previous, action, state):
    n = len(state.names)
    deck = 60 if state.mode == "party" else 30 * n
    assert cards(state) == deck, "cards not conserved"
    assert dice(state) == 6 * n + 5 + state.supplied, "dice not conserved"
    if previous is not None:
        for s in range(n):
            for z, v in previous.zeners[s].items():
                assert not v["charged"] or state.zeners[s][z]["charged"], "a charge was lost"
        assert len(state.charges) - len(previous.charges) <= 1
        assert state.supplied >= previous.supplied
    seen = {(c["player"], c["zener"]) for c in state.charges}
    assert len(seen) == len(state.charges), "a Zener charged twice"


def illegal(rng, game, state, legal):
    seat = rng.randrange(len(state.names))
    return [{"act": "play", "seat": seat, "card": "Frost Hex", "planchette": "nowhere"},
            {"act": "boost", "seat": seat, "dice": [7]},
            {"act": "attach", "seat": seat, "spell": 999, "spirit": 998}]


@pytest.mark.parametrize("mode", ["party", "battle"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games(mode, players):
    def make_setup(rng, index):
        line = {"game": "seance-party", "players": list(NAMES[:players]), "mode": mode, "seed": rng.randrange(10**6)}
        if index % 2:
            line.update(adjacency="neighbours", charge="after", after_d20="none", empty_deck="reshuffle",
                        speed_tie="reverse-seat")
        return line
    stats = run_playouts(SEANCE_PARTY, make_setup, games=2, seed=f"{mode}{players}", illegal=illegal,
                         invariants=invariants, legal_sample=3, undo_rate=0.2, summary_rate=0.1,
                         snapshot_rate=0.05, history_rate=0.5)
    assert stats.finished == 2


@pytest.mark.parametrize("mode", ["party", "battle"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_many_quick_games_keep_the_invariants(mode, players):
    """Breadth beside the harness's depth: 60 more games a table, each step applied
    straight from the legal list (or chance) with the invariants checked."""
    import random

    for index in range(60):
        rng = random.Random(f"{mode}{players}:{index}")
        line = {"game": "seance-party", "players": list(NAMES[:players]), "mode": mode, "seed": index}
        if index % 2:
            line.update(adjacency="neighbours", charge="after", after_d20="none", empty_deck="reshuffle")
        state, previous, steps = SEANCE_PARTY.setup(line), None, 0
        while not SEANCE_PARTY.is_over(state):
            legal = SEANCE_PARTY.legal(state)
            assert legal or SEANCE_PARTY.chance(state), f"stuck after {steps} steps: {line}"
            action = SEANCE_PARTY.chance(state) or rng.choice(legal)
            previous, state = state, SEANCE_PARTY.apply(state, action)
            invariants(SEANCE_PARTY, previous, action, state)
            steps += 1
            assert steps < 5000, f"no end in sight: {line}"
