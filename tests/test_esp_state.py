"""ESP's states are values (companion.engine.state): frozen dataclasses holding only immutable
values, so a kept state (undo, the journal's resume) can never be changed by a later move; and
the view carries every figure the screen draws."""

from __future__ import annotations

import dataclasses
import random

import pytest

from companion.engine.state import FrozenDict
from companion.games.esp import ESP
from companion.games.esp.game import EspState

SCALARS = (int, str, bool, type(None))


def immutable(value, where: str = "state") -> None:
    """Fails naming the first place in ``value`` that could be changed in place."""
    if isinstance(value, SCALARS):
        return
    if isinstance(value, (tuple, frozenset)):
        for k, item in enumerate(value):
            immutable(item, f"{where}[{k}]")
        return
    if isinstance(value, FrozenDict):
        for key, item in value.items():
            immutable(item, f"{where}[{key!r}]")
        return
    assert dataclasses.is_dataclass(value) and type(value).__dataclass_params__.frozen, (
        f"{where} is a {type(value).__name__}, which can be changed in place")
    for field in dataclasses.fields(value):
        immutable(getattr(value, field.name), f"{where}.{field.name}")


def states(setup: dict, seed: int):
    state = ESP.setup(setup)
    rng = random.Random(seed)
    yield state
    while not ESP.is_over(state):
        action = ("seed" in setup and ESP.chance(state)) or rng.choice(ESP.legal(state))
        state = ESP.apply(state, action)
        yield state


@pytest.mark.parametrize("setup", [{"game": "esp", "players": ["Ann", "Bo", "Cy"], "seed": 3},
                                   {"game": "esp", "players": ["Ann", "Bo"]}])
def test_every_state_of_a_game_is_immutable_all_the_way_down(setup):
    count = 0
    for state in states(setup, 1):
        immutable(state)
        count += 1
    assert count > 60


def test_a_state_cannot_be_changed_in_place():
    state = list(states({"game": "esp", "players": ["Ann", "Bo"], "seed": 1}, 2))[12]
    with pytest.raises(dataclasses.FrozenInstanceError):
        state.notices = ("a note",)
    with pytest.raises(dataclasses.FrozenInstanceError):
        state.rounds[-1].tricks[0].winner = 1
    assert not hasattr(EspState, "copy")


def test_a_move_shares_what_it_leaves_alone():
    """The next state is built with evolve: the finished rounds and the untouched fields are
    the very same objects (copying them at every action was most of apply's time)."""
    played = list(states({"game": "esp", "players": ["Ann", "Bo", "Cy"], "seed": 4}, 3))
    for before, after in zip(played, played[1:]):
        if len(after.rounds) == len(before.rounds) and before.rounds:
            assert all(a is b for a, b in zip(before.rounds[:-1], after.rounds[:-1]))
            old, new = before.rounds[-1], after.rounds[-1]
            if len(new.claims) == len(old.claims):
                assert new.claims is old.claims and all(a is b for a, b in zip(new.tricks[:-1], old.tricks))


def test_the_view_carries_what_the_screen_shows():
    setup = {"game": "esp", "players": ["Ann", "Bo", "Cy"], "seed": 5}
    seen_trick = seen_won = False
    for state in states(setup, 6):
        view = ESP.view(state, None)
        rnd = state.rounds[-1] if state.rounds else None
        assert view["round_count"] == 4 and 1 <= view["round"] <= 4
        if rnd is None:
            assert view["trick"] is None and view["predictions"] == [None, None, None]
            continue
        assert view["round"] == rnd.index + 1 or (state.current is None and not state.finished)
        assert view["predictions"] == [rnd.claim_of(s) for s in range(3)]
        assert (view["held_each"], view["facedown_each"]) == (6 - rnd.index - 2, rnd.index + 2)
        trick = view["trick"]
        if rnd.tricks:
            last = rnd.tricks[-1]
            assert trick["number"] == len(rnd.tricks) and trick["seats"] == list(last.seats)
            assert trick["winner"] == last.winner and trick["why"] == last.why and len(trick["cards"]) == len(last.cards)
            seen_trick = True
            seen_won |= last.winner is not None
        else:
            assert trick is None
    assert seen_trick and seen_won


def test_the_view_adds_to_the_summary_and_changes_none_of_it():
    for state in states({"game": "esp", "players": ["Ann", "Bo"], "seed": 8}, 9):
        summary, view = ESP.summary(state), ESP.view(state, 0)
        assert {key: view[key] for key in summary} == summary
