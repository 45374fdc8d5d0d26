"""companion.engine.match: every state kept; undo steps back, redo re-applies,
and ``replay`` rebuilds a match from its log, pointing at the first refused action.

ESP is the real game under test.
"""

from __future__ import annotations

import random

import pytest

from companion.engine import Match, Refusal, Refused, apply, replay
from companion.engine.match import canonical
from companion.games.esp import ESP

SETUP = {"game": "esp", "players": ["Ann", "Bo", "Cy"]}
PREDICT = [
    {"act": "predict", "seat": 0, "claim": "circle"},
    {"act": "predict", "seat": 1, "claim": "cross"},
    {"act": "predict", "seat": 2, "claim": 1},
]
FIRST_TRICK = [
    {"act": "vision", "card": "5 star"},
    {"act": "play", "seat": 0, "card": "2 square"},
    {"act": "play", "seat": 1, "card": "1 square"},
    {"act": "play", "seat": 2, "card": "5 square"},
]


def started(actions=()) -> Match:
    match = Match.start(ESP, SETUP)
    for action in actions:
        assert match.play(action) is None, action
    return match


def full_game(seed: int = 3) -> Match:
    match = Match.start(ESP, {**SETUP, "seed": seed})
    pick = random.Random(seed)
    while not ESP.is_over(match.state):
        action = ESP.chance(match.state) or pick.choice(ESP.legal(match.state))
        assert match.play(action) is None, action
    return match


def summary(match: Match) -> dict:
    return ESP.summary(match.state)


# -- start --------------------------------------------------------------------------------------
def test_a_match_starts_from_its_setup_with_one_state_and_no_actions():
    match = started()
    assert match.setup == SETUP
    assert len(match.states) == 1 and match.actions == []
    assert not match.can_undo() and not match.can_redo()
    assert match.log_lines() == [SETUP]


def test_a_bad_setup_is_refused_with_a_sentence():
    with pytest.raises(Refused) as caught:
        Match.start(ESP, {"game": "esp", "players": ["Ann"]})
    assert caught.value.reason == "ESP is for 2 to 4 players, not 1"


# -- play ---------------------------------------------------------------------------------------
def test_play_accepts_a_legal_action_and_keeps_every_state():
    match = started(PREDICT)
    assert len(match.actions) == 3 and len(match.states) == 4
    assert ESP.expected(match.state) == {"act": "vision"}


def test_a_refused_play_changes_nothing():
    match = started(PREDICT[:1])
    state, before = match.state, summary(match)
    result = match.play({"act": "predict", "seat": 2, "claim": "star"})
    assert isinstance(result, Refusal)
    assert result.reason == "it is Bo's turn to predict, not Cy's"
    assert str(result) == result.reason
    assert match.state is state and summary(match) == before
    assert len(match.actions) == 1 and len(match.states) == 2


def test_check_says_what_would_happen_without_accepting_it():
    match = started()
    new_state = match.check(PREDICT[0])
    assert ESP.expected(new_state) == {"act": "predict", "seat": 1}
    assert match.actions == [] and ESP.expected(match.state) == {"act": "predict", "seat": 0}
    with pytest.raises(Refused):
        match.check(PREDICT[1])


def test_accept_records_an_action_already_checked():
    match = started()
    match.accept(PREDICT[0], match.check(PREDICT[0]))
    assert match.actions == [PREDICT[0]]
    assert ESP.expected(match.state) == {"act": "predict", "seat": 1}


def test_actions_are_stored_as_plain_json():
    match = started(PREDICT + FIRST_TRICK[:1])
    deal = {"act": "deal", "seat": 0, "hand": ("1 circle", "2 circle", "3 circle", "4 circle"),
            "facedown": ("5 circle", "1 cross")}
    assert match.play(deal) is None
    assert match.actions[-1]["hand"] == ["1 circle", "2 circle", "3 circle", "4 circle"]
    assert canonical({"seat": 1, "cards": ("4 cross",)}) == {"seat": 1, "cards": ["4 cross"]}


def deep(depth: int) -> list:
    value: list = []
    for _ in range(depth - 1):
        value = [value]
    return value


@pytest.mark.parametrize("depth", [32, 990, 100_000])
def test_an_action_nested_too_deep_is_a_refusal_at_any_depth(depth):
    action = {"act": "play", "seat": 0, "card": deep(depth)}  # the action itself is one level more
    with pytest.raises(Refused) as caught:
        canonical(action)
    assert caught.value.reason == "a line cannot nest lists and objects more than 32 deep"
    match = started(PREDICT + FIRST_TRICK[:1])
    assert match.play(action) == Refusal("a line cannot nest lists and objects more than 32 deep")
    assert len(match.actions) == 4


def test_nesting_up_to_32_is_plain_json_and_a_cycle_is_too_deep():
    assert canonical({"x": deep(31)}) == {"x": deep(31)}
    loop: list = []
    loop.append(loop)
    with pytest.raises(Refused) as caught:
        canonical({"act": "play", "card": loop})
    assert caught.value.reason == "a line cannot nest lists and objects more than 32 deep"


def test_a_setup_nested_too_deep_is_refused():
    with pytest.raises(Refused) as caught:
        Match.start(ESP, {**SETUP, "x": deep(2_000)})
    assert caught.value.reason == "a line cannot nest lists and objects more than 32 deep"


@pytest.mark.parametrize("value", [float("nan"), float("inf"), -float("inf"), 10 ** 5000],
                         ids=["nan", "inf", "-inf", "5000 digits"])
def test_numbers_no_log_can_hold_are_refused(value):
    assert started().play({"act": "predict", "seat": 0, "claim": "star", "t": value}) == Refusal(
        "a line holds only finite numbers of a sensible size, not NaN, Infinity or thousands of digits")


def test_values_that_are_not_json_are_refused():
    assert started().play({"act": "predict", "seat": 0, "claim": {"star"}}) == Refusal(
        "a line holds only text, numbers, true, false, null, lists and objects")


def test_half_a_character_is_refused_and_a_whole_one_kept():
    assert started().play({"act": "predict", "seat": 0, "claim": "st\udfffar"}) == Refusal(
        "a line holds only text, and half of a two-part character (\\ud800 to \\udfff) is not text")
    assert canonical({"name": "Zoë 🂡"}) == {"name": "Zoë 🂡"}


def test_the_apply_function_returns_a_refusal_instead_of_raising():
    state = ESP.setup(SETUP)
    refused = apply(ESP, state, {"act": "bid", "seat": 0, "card": "4 cross"})
    assert isinstance(refused, Refusal)
    assert refused.reason.startswith("this is not the time for bids")
    assert ESP.expected(apply(ESP, state, PREDICT[0])) == {"act": "predict", "seat": 1}


# -- undo and redo --------------------------------------------------------------------------------
def test_undo_steps_back_to_the_exact_previous_state():
    match = started(PREDICT)
    previous, before = match.states[-2], ESP.summary(match.states[-2])
    assert match.undo() == PREDICT[2]
    assert match.state is previous
    assert summary(match) == before
    assert ESP.expected(match.state) == {"act": "predict", "seat": 2}
    assert match.can_redo()


def test_redo_re_applies_the_undone_action():
    match = started(PREDICT + FIRST_TRICK)
    after = summary(match)
    match.undo()
    match.undo()
    assert ESP.expected(match.state) == {"act": "play", "seat": 1}
    assert match.redo() == FIRST_TRICK[2]
    assert match.redo() == FIRST_TRICK[3]
    assert summary(match) == after
    assert match.actions == PREDICT + FIRST_TRICK
    assert not match.can_redo()


def test_undo_with_nothing_played_and_redo_with_nothing_undone_do_nothing():
    match = started()
    assert match.undo() is None and match.redo() is None
    assert len(match.states) == 1


def test_a_new_action_after_undo_starts_a_new_branch_and_drops_redo():
    match = started(PREDICT)
    match.undo()
    assert match.play({"act": "predict", "seat": 2, "claim": 4}) is None
    assert not match.can_redo() and match.redo() is None
    assert match.actions[-1]["claim"] == 4


def test_a_refused_action_after_undo_keeps_redo():
    match = started(PREDICT)
    match.undo()
    assert match.play({"act": "predict", "seat": 2, "claim": "circle"}) is not None
    assert match.can_redo()
    assert match.redo() == PREDICT[2]


def test_undo_after_the_last_bid_reopens_a_finished_game():
    match = full_game()
    assert ESP.is_over(match.state) and ESP.outcome(match.state) is not None
    last = match.undo()
    assert last["act"] == "bid"
    assert not ESP.is_over(match.state) and ESP.outcome(match.state) is None
    match.redo()
    assert ESP.is_over(match.state)


def test_undo_to_the_start_and_redo_to_the_end_gives_the_same_game():
    match = full_game(seed=5)
    final, actions = summary(match), list(match.actions)
    while match.undo() is not None:
        pass
    assert len(match.states) == 1 and len(match.redo_stack) == len(actions)
    while match.redo() is not None:
        pass
    assert match.actions == actions
    assert summary(match) == final


def test_no_later_action_changes_an_earlier_kept_state():
    """Undo is exact only if games are pure: summaries taken along the way must
    still describe the states they were taken from at the end of the game."""
    match = Match.start(ESP, {**SETUP, "seed": 9})
    pick = random.Random(9)
    along = [ESP.summary(match.state)]
    while not ESP.is_over(match.state):
        action = ESP.chance(match.state) or pick.choice(ESP.legal(match.state))
        assert match.play(action) is None
        along.append(ESP.summary(match.state))
    assert [ESP.summary(s) for s in match.states] == along


# -- replay ---------------------------------------------------------------------------------------
def test_replay_rebuilds_the_match_from_its_log():
    match = full_game(seed=4)
    again = replay(ESP, match.setup, match.actions)
    assert again.actions == match.actions
    assert ESP.summary(again.state) == summary(match)
    assert ESP.outcome(again.state) == ESP.outcome(match.state)


def test_replay_reports_the_index_of_the_first_refused_action():
    actions = PREDICT + [
        {"act": "vision", "card": "5 star"},
        {"act": "play", "seat": 1, "card": "2 square"},  # index 4: Ann leads, not Bo
        {"act": "play", "seat": 9, "card": "1 square"},  # also bad, but later
    ]
    with pytest.raises(Refused) as caught:
        replay(ESP, SETUP, actions)
    assert caught.value.index == 4
    assert caught.value.reason == "it is Ann's turn to play, not Bo's"


def test_replay_counts_from_zero_among_the_actions_not_the_setup():
    with pytest.raises(Refused) as caught:
        replay(ESP, SETUP, [{"act": "vision", "card": "5 star"}])
    assert caught.value.index == 0


def test_replay_of_a_log_with_a_bad_setup_raises_the_setup_refusal():
    with pytest.raises(Refused) as caught:
        replay(ESP, {"game": "esp", "players": ["Ann", "Ann"]}, PREDICT)
    assert caught.value.reason == "two players have the same name; give each a different one"


def test_replay_of_an_action_after_game_over_is_refused_at_its_index():
    match = full_game(seed=2)
    with pytest.raises(Refused) as caught:
        replay(ESP, match.setup, [*match.actions, PREDICT[0]])
    assert caught.value.index == len(match.actions)
    assert caught.value.reason == "the game is over: all four rounds have been played"


@pytest.mark.parametrize("setup", [None, [], "esp", 3])
def test_a_setup_that_is_no_object_is_refused_for_every_game(setup):
    from companion.games import registry

    for game in registry().values():
        with pytest.raises(Refused, match="the setup must be a JSON object"):
            Match.start(game, setup)
