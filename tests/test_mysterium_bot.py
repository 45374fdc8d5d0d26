"""Mysterium's computer players, its one numbering of seats, what the table's view keeps
secret and what a state may hold: whole games played by the bots alone, as the rules see
them (the app's games are in test_mysterium_screen.py)."""

from __future__ import annotations

import dataclasses
import random

import pytest

from companion.engine.secret import HIDDEN
from companion.engine.state import FrozenDict
from companion.games import entries
from companion.games.mysterium import MYSTERIUM, bot, table
from companion.games.mysterium.bot import mysterium_bot
from companion.games.mysterium.rules import CATEGORIES
from companion.ui.games.mysterium import lights

ENTRY = entries()["mysterium"]
PEOPLE = ["Gia", "Ann", "Bo", "Cy", "Dee", "Eli", "Fay"]


def new_game(people: int, seed: int, difficulty: str = "easy"):
    options = {"medium": difficulty == "medium", "hard": difficulty == "hard"}
    return MYSTERIUM.setup(table.setup_line(PEOPLE[:people], options, seed))


def bot_game(state, seats, seed=0, person=None, limit=2000):
    """Play to the end: the bots for ``seats``, ``person(state)`` for the others; every
    state on the way, with the action that led to it."""
    steps = [(None, state)]
    while not MYSTERIUM.is_over(state):
        action = mysterium_bot(MYSTERIUM, state, seats, random.Random(f"{seed}:{len(steps)}"))
        if action is None:
            action = person(state)
        assert action is not None, f"nobody moves: the table owes {MYSTERIUM.expected(state)}"
        state = MYSTERIUM.apply(state, action)
        steps.append((action, state))
        assert len(steps) < limit
    return steps


def moves(steps):
    """(the state before, the action, the state after) along a game of :func:`bot_game`."""
    return [(before, action, after) for (_, before), (action, after) in zip(steps, steps[1:])]


def everyone(people: int) -> tuple[int, ...]:
    return tuple(range(people))


TABLES = [(people, difficulty) for people in range(2, 8)
          for difficulty in (("easy",) if people <= 3 else ("easy", "medium", "hard"))]


@pytest.mark.parametrize("people,difficulty", TABLES)
def test_computer_players_alone_finish_every_table_with_legal_moves(people, difficulty):
    for seed in range(4):
        for before, action, after in moves(bot_game(new_game(people, seed, difficulty), everyone(people), seed)):
            assert action in MYSTERIUM.legal(before), action
        assert after.result in ("won", "lost")


def test_the_same_rng_gives_the_same_move_and_a_person_is_never_played():
    state = new_game(5, 3)
    assert mysterium_bot(MYSTERIUM, state, (0,), random.Random(1)) == \
        mysterium_bot(MYSTERIUM, state, (0,), random.Random(1))
    assert mysterium_bot(MYSTERIUM, state, (1, 2, 3, 4), random.Random(1)) is None  # visions are the ghost's


def test_the_computer_wins_often_but_not_always():
    results = [bot_game(new_game(5, seed), everyone(5), seed)[-1][1].result for seed in range(40)]
    assert 0.35 <= results.count("won") / len(results) <= 0.95


def test_the_computer_ghost_knocks_true_to_a_case_file_that_never_changes():
    for seed in range(6):
        steps = bot_game(new_game(6, seed, "hard"), everyone(6), seed)
        first = None
        for before, action, after in moves(steps):
            if action["act"] == "answer":
                trios = bot.case_file(MYSTERIUM.view(before, None))
                first = first or trios
                p = action["psychic"]
                card = trios[p][CATEGORIES[before.stage[p]]]
                assert action["correct"] == (before.pawns.choices[p] == card)
        final = steps[-1][1]
        if final.final is not None:  # everyone found their trio: the ghost's, from the first knock on
            assert [dict(zip(CATEGORIES, found)) for found in final.found] == first


def test_a_computer_ghosts_vision_points_at_the_card_two_times_in_three():
    clear = total = 0
    for seed in range(12):
        for before, action, after in moves(bot_game(new_game(4, seed), everyone(4), seed)):
            if action["act"] != "vision":
                continue
            view = MYSTERIUM.view(after, None)
            p = action["psychic"]
            if len(bot.candidates(view, p)) < 2:
                continue
            card = bot.case_file(view)[p][view["standing"][p]["stage"]]
            total += 1
            clear += card in bot.pointed(view, p)
    assert total > 50 and 0.5 < clear / total < 0.85


def test_computer_psychics_follow_a_computer_ghosts_vision_and_read_a_persons_within_the_possible():
    for seed in range(4):
        for before, action, after in moves(bot_game(new_game(5, seed), everyone(5), seed)):
            if action["act"] == "guess":
                assert action["card"] in bot.pointed(MYSTERIUM.view(before, None), action["psychic"])

    def persons_ghost(state):  # a person knocks yes on the first pawn the rules allow, else no
        owed = MYSTERIUM.expected(state)
        if owed["act"] == "vision":
            return {**owed, "cards": 2}
        answers = [a for a in MYSTERIUM.legal(state) if a["act"] == "answer"]
        if answers:
            return answers[0]
        if owed["act"] == "culprit":
            return {"act": "culprit", "case": 1}
        return owed

    for before, action, after in moves(bot_game(new_game(5, 9), (1, 2, 3, 4), 9, persons_ghost)):
        if action["act"] == "guess":
            assert action["card"] in bot.candidates(MYSTERIUM.view(before, None), action["psychic"])
        assert action["act"] != "predict", "a person's pictures cannot be read: no tokens on a guess"


def test_one_numbering_of_seats_the_ghost_first():
    state = new_game(4, 1)
    view = MYSTERIUM.view(state, None)
    assert MYSTERIUM.players(state) == ["Gia", "Ann", "Bo", "Cy"]
    assert view["psychic_seats"] == [1, 2, 3] == view["results"]["seats"]
    assert [s["role"] for s in view["seats"]] == ["ghost", "psychic", "psychic", "psychic"]
    assert [MYSTERIUM.view(state, s)["role"] for s in range(4)] == ["ghost", "psychic", "psychic", "psychic"]
    small = new_game(3, 1)
    view = MYSTERIUM.view(small, None)
    assert MYSTERIUM.players(small) == ["Gia", "Ann", "Bo"]
    assert view["psychics"] == ["Ann moon", "Ann sun", "Bo moon", "Bo sun"]
    assert view["psychic_seats"] == [1, 1, 2, 2] == view["results"]["seats"]
    assert [s["psychics"] for s in view["seats"]] == [[], [0, 1], [2, 3]]
    assert MYSTERIUM.outcome(bot_game(small, everyone(3))[-1][1]).winners in ((), (0, 1, 2))


def sealed_positions():
    """Every position of bot games in which some final votes are cast and not yet tallied."""
    for seed in range(10):
        for _, state in bot_game(new_game(6, seed), everyone(6), seed):
            votes = state.final.votes if state.final is not None else None
            if votes is not None and votes.choices and not votes.revealed:
                yield state


def test_the_tables_view_keeps_the_final_votes_secret_and_each_psychic_sees_their_own():
    rng = random.Random(4)
    seen = 0
    for state in sealed_positions():
        seen += 1
        other = ENTRY.secrets(state, rng)
        assert MYSTERIUM.view(other, None) == MYSTERIUM.view(state, None)
        assert MYSTERIUM.view(other, 0) == MYSTERIUM.view(state, 0)  # the ghost sees no vote either
        for p, case in state.final.votes.choices.items():
            seat = p + 1
            assert MYSTERIUM.view(state, seat)["sealed_votes"][state.psychics[p]] == case
            assert MYSTERIUM.view(state, None)["sealed_votes"][state.psychics[p]] == HIDDEN
    assert seen > 10


IMMUTABLE = (int, float, str, bool, type(None), frozenset, FrozenDict, tuple)


def immutable(value) -> bool:
    if dataclasses.is_dataclass(value):
        return type(value).__dataclass_params__.frozen and all(
            immutable(getattr(value, f.name)) for f in dataclasses.fields(value))
    if isinstance(value, (tuple, frozenset)):
        return all(immutable(v) for v in value)
    if isinstance(value, FrozenDict):
        return all(immutable(k) and immutable(v) for k, v in value.items())
    return isinstance(value, IMMUTABLE)


def test_every_state_holds_only_values_nobody_can_change():
    for people in (3, 5, 7):
        for _, state in bot_game(new_game(people, people), everyone(people), people):
            assert immutable(state), state


def test_the_pentagram_shows_the_sand_and_the_hour_from_the_view():
    state = new_game(4, 2)
    scene = lights(MYSTERIUM.view(state, None), {})
    assert (scene.sand, scene.running, scene.round) == (1.0, False, 1)
    steps = bot_game(state, everyone(4), 2)
    answers = next(s for a, s in steps if s.phase == "answers")
    assert lights(MYSTERIUM.view(answers, None), {}).sand == 0.0
    running = next(s for a, s in steps if s.phase == "sand")
    assert lights(MYSTERIUM.view(running, None), {}, sand=0.25, running=True).sand == 0.25
