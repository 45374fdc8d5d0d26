"""Every registered game, tested the moment it is registered (after OpenSpiel's
``games_sim_test``): random legal games through the shared playout harness with its
invariants at every step (legal actions accepted, near misses refused in sentences, states
never changed in place, the log replaying exactly, undo and redo exact), the shared
screen's view keeping every secret, and the entry itself complete."""

from __future__ import annotations

import json
import random

import pytest

from companion.engine.registry import Entry, load
from companion.games import entries
from tests.playout import old_objects_set_aside, random_playout

NAMES = ("Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus")
GAMES = sorted(entries())


def setup_from_entry(entry: Entry):
    """What the set-up screen would make: a random table size, options (one per group, only
    where the size allows them), distinct seat choices, a fresh seed."""
    def make(rng: random.Random, index: int) -> dict:
        count = rng.randint(entry.least, entry.most)
        options, groups = {}, set()
        for option in entry.options:
            on = option.offered(count) and rng.random() < 0.5 and option.group not in groups
            options[option.key] = on
            if on and option.group:
                groups.add(option.group)
        choices = rng.sample(entry.seat_choice.values, count) if entry.seat_choice else None
        return entry.make_setup(list(NAMES[:count]), options, rng.randrange(1, 1_000_000), choices=choices)
    return make


def secrets_kept(entry: Entry, rate: float = 0.3):
    """An invariant: the table's view is the same whatever the secrets are — checked at a
    ``rate`` of the positions (two views a step would be most of the test's time; over the
    games played it is still thousands of positions)."""
    rng = random.Random(5)

    def check(game, before, action, state) -> None:
        if entry.secrets is None or rng.random() >= rate:
            return
        other = entry.secrets(state, rng)
        shown, hidden = game.view(state, None), game.view(other, None)
        assert shown == hidden, f"the shared screen's view shows a secret: {json.dumps(shown)[:400]}"
    return check


@pytest.mark.slow
@pytest.mark.parametrize("index", range(2))  # the games run_playouts(games=2) plays, one a test: they spread
@pytest.mark.parametrize("name", GAMES)
def test_every_registered_game_plays_random_legal_games(name, index):
    entry = entries()[name]
    seed = f"registry:{name}/{index}"
    setup = setup_from_entry(entry)(random.Random(f"setup:{seed}"), index)
    with old_objects_set_aside():
        stats = random_playout(entry.rules, setup, seed=seed, invariants=secrets_kept(entry), max_steps=3000,
                               summary_rate=0.1, undo_rate=0.5, history_rate=0.5)  # each game's own playouts go deeper
    assert stats.finished == 1


@pytest.mark.parametrize("name", GAMES)
def test_every_entry_is_complete(name):
    entry = entries()[name]
    assert entry.name == name and entry.title and 1 <= entry.least <= entry.default_count <= entry.most
    assert entry.blurb({option.key: option.default for option in entry.options})
    setup = setup_from_entry(entry)(random.Random(1), 0)
    assert setup["game"] == name and entry.rules.setup(setup) is not None
    if entry.screen:
        assert callable(load(entry.screen))
    for reference in (entry.examples, entry.option_screens):
        if reference:
            assert callable(load(reference))
    if entry.capabilities.computer_players:
        assert entry.bot is not None or entry.name == "esp", "computer players need a bot"
    keys = [option.key for option in entry.options]
    assert len(keys) == len(set(keys))


@pytest.mark.parametrize("name", GAMES)
def test_every_view_carries_its_results(name):
    entry = entries()[name]
    setup = setup_from_entry(entry)(random.Random(2), 0)
    state = entry.rules.setup(setup)
    results = entry.rules.view(state, None)["results"]
    assert set(results) == {"title", "names", "rounds", "headlines", "labels", "seats", "round_word"}
    assert len(results["names"]) == len(results["seats"])


@pytest.mark.slow
@pytest.mark.parametrize("name", [name for name in GAMES if entries()[name].bot is not None])
def test_computer_players_finish_whole_games_legally_keeping_every_secret(name):
    """Every seat the computer's (as far as the game allows at its smallest table): the bots
    never stall and never play an illegal move, and the deep positions random play rarely
    reaches (sealed votes, the last rounds) show the table nothing secret."""
    entry = entries()[name]
    game, check = entry.rules, secrets_kept(entry)
    for index in range(4):
        rng = random.Random(f"bots:{name}:{index}")
        setup = setup_from_entry(entry)(rng, index)
        if entry.computer_needs:  # the option the computer needs, on
            options = {option.key: option.key == entry.computer_needs for option in entry.options}
            setup = entry.make_setup(list(NAMES[:entry.default_count]), options, rng.randrange(1, 10**6))
        meta = {"options": {entry.computer_needs: True} if entry.computer_needs else {}}
        state = game.setup(setup)
        seats = tuple(range(len(game.players(state))))
        by_bot = 0
        for step in range(20_000):
            if game.is_over(state):
                break
            move = game.chance(state) if entry.deals_here(setup, meta) else None
            if move is None:
                move = entry.bot(game, state, seats, random.Random(f"{index}:bot:{step}"))
                by_bot += move is not None
            if move is None:  # what only the people can do (turn a real card): a random legal move stands for it
                legal = game.legal(state)
                assert legal, f"nobody can move at step {step}: {game.expected(state)}"
                move = rng.choice(legal)
            before, state = state, game.apply(state, move)
            check(game, before, move, state)
        assert game.is_over(state), "the computer players never finish"
        assert by_bot > 0, "the computer never played"
