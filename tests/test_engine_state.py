"""The engine's state discipline: frozen values, evolve, put, assoc, freeze and thaw."""

from __future__ import annotations

import copy
import dataclasses
import pickle

import pytest

from companion.engine.state import FrozenDict, assoc, dissoc, evolve, freeze, put, thaw


@dataclasses.dataclass(frozen=True)
class Table:
    names: tuple
    scores: tuple
    cards: FrozenDict


def test_evolve_makes_a_new_state_and_leaves_the_old_one_alone():
    before = Table(("Ann", "Bo"), (0, 0), FrozenDict(lamp=1))
    after = evolve(before, scores=put(before.scores, 1, 5), cards=assoc(before.cards, "clock", 2))
    assert before == Table(("Ann", "Bo"), (0, 0), FrozenDict(lamp=1))
    assert after.scores == (0, 5) and after.cards == {"lamp": 1, "clock": 2} and after.names is before.names
    with pytest.raises(TypeError):
        evolve(before, score=1)  # no such field: a typo is not a silent new attribute
    with pytest.raises(dataclasses.FrozenInstanceError):
        after.scores = (1, 1)


def test_a_frozen_dict_cannot_be_changed_and_compares_with_dicts():
    cards = FrozenDict(lamp=1)
    with pytest.raises(TypeError):
        cards["clock"] = 2
    with pytest.raises(AttributeError):
        cards.x = 1
    assert cards == {"lamp": 1} and {"lamp": 1} == cards and hash(cards) == hash(FrozenDict(lamp=1))
    assert dissoc(assoc(cards, "clock", 2), "lamp") == {"clock": 2} and cards == {"lamp": 1}
    assert pickle.loads(pickle.dumps(cards)) == cards and copy.deepcopy(cards) == cards


def test_freeze_and_thaw_round_trip_json():
    data = {"players": ["Ann", "Bo"], "cards": [{"name": "Lamp", "faces": [1, 2]}], "seed": 7}
    frozen = freeze(data)
    assert isinstance(frozen, FrozenDict) and frozen["players"] == ("Ann", "Bo")
    assert isinstance(frozen["cards"][0], FrozenDict) and frozen["cards"][0]["faces"] == (1, 2)
    assert thaw(frozen) == data
