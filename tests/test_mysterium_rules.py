"""Mysterium's rules, scenario by scenario (``shared/rules/mysterium.txt``, ``NOTES.md``).

Every rule of ``companion/games/mysterium/rules.py`` has a scenario here, played through the
game (``MYSTERIUM.apply``) where it can be, and the rulebook's worked example of the final
vote (a psychic on space 4 votes low, 5 and 6 intermediate, 11 high) is played as a whole game
that reaches exactly those levels.

The scripted games use a known truth: psychic p's hidden card of a category is the p-th
face-up card of that category, and the last face-up card is a decoy nobody holds.
"""

from __future__ import annotations

import pytest

from companion.engine import Refusal, apply
from companion.engine.refusal import Refused
from companion.games import registry
from companion.games.mysterium import MYSTERIUM, rules
from companion.games.mysterium.rules import CATEGORIES

NAMES = ["Ann", "Bo", "Cy", "Dee", "Eli", "Fay"]


def setup(psychics: int = 3, **extra) -> dict:
    line = {"game": "mysterium", "ghost": "Gia", "psychics": NAMES[:psychics]}
    line.update(extra)
    return line


def start(psychics: int = 3, **extra):
    return MYSTERIUM.setup(setup(psychics, **extra))


def play(state, *actions):
    for action in actions:
        state = MYSTERIUM.apply(state, action)
    return state


def refused(state, action) -> str:
    result = apply(MYSTERIUM, state, action)
    assert isinstance(result, Refusal), f"{action} was accepted"
    return result.reason


def vision(p, cards=1, **t):
    return {"act": "vision", "psychic": p, "cards": cards, **t}


def guess(p, card, **t):
    return {"act": "guess", "psychic": p, "card": card, **t}


def predict(p, target, token, **t):
    return {"act": "predict", "psychic": p, "target": target, "token": token, **t}


def answer(p, correct):
    return {"act": "answer", "psychic": p, "correct": correct}


EXPIRE = {"act": "expire"}
CROW = {"act": "crow"}
COMMIT = {"act": "commit"}


def truth(state, p: int, category: int) -> int:
    return state.table.faceup[category][p]


def decoy(state, category: int) -> int:
    return state.table.faceup[category][-1]


def round_of(state, answers: dict[int, bool], predictions=(), unplaced=()):
    """One round as the table plays it: a one-card vision to each unfinished psychic in seat
    order, each pawn on the psychic's card (answer yes) or the decoy (answer no), the
    predictions, the end of the sand, and the knocks in seat order."""
    playing = state.unfinished()
    assert sorted(answers) == playing, (answers, playing)
    for p in playing:
        state = play(state, vision(p))
    for p in playing:
        if p in unplaced:
            continue
        card = truth(state, p, state.stage[p]) if answers[p] else decoy(state, state.stage[p])
        state = play(state, guess(p, card))
    for owner, target, token in predictions:
        state = play(state, predict(owner, target, token))
    state = play(state, EXPIRE)
    for p in playing:
        if p not in unplaced:
            state = play(state, answer(p, answers[p]))
    return state


def all_right(state):
    return {p: True for p in state.unfinished()}


def to_final(psychics: int = 3, **extra):
    state = start(psychics, **extra)
    for _ in range(3):
        state = round_of(state, all_right(state))
    assert state.phase == "final"
    return state


# -- Choose the original set and prepare the cases -------------------------------------------------
# (people, difficulty): face-up cards per category, tokens (checks, crosses), track side
SETUP_TABLE = [
    (4, "easy", 5), (5, "easy", 6), (6, "easy", 6), (7, "easy", 7),
    (4, "medium", 6), (5, "medium", 7), (6, "medium", 8), (7, "medium", 8),
    (4, "hard", 7), (5, "hard", 8), (6, "hard", 9), (7, "hard", 9),
]


@pytest.mark.parametrize("people,difficulty,count", SETUP_TABLE)
def test_setup_counts(people, difficulty, count):
    """Easy: 5 for four people, 6 for five or six, 7 for seven; Medium 6, 7, 8, 8; Hard 7, 8, 9, 9.
    Tokens 1–4 (two checks, two crosses) with 4–5 people, all six with 6–7; the track's side."""
    state = start(people - 1, difficulty=difficulty, seed=people)
    s = MYSTERIUM.summary(state)
    assert s["people"] == people and s["faceup_count"] == count
    assert all(len(s["faceup"][c]) == count for c in CATEGORIES)
    assert all(1 <= n <= 18 for c in CATEGORIES for n in s["faceup"][c])
    assert all(len(set(s["faceup"][c])) == count for c in CATEGORIES)
    each = 2 if people <= 5 else 3
    assert s["tokens_each"] == {"check": each, "cross": each}
    assert s["track_side"] == ("4-5" if people <= 5 else "6-7")
    assert s["bands"] == [4, 8]
    assert s["cases"] == people - 1
    assert s["crows"] == {"easy": {"rule": "round", "allowed": 1, "left": 1},
                          "medium": {"rule": "game", "allowed": 3, "left": 3},
                          "hard": {"rule": "game", "allowed": 1, "left": 1}}[difficulty]
    assert all(st["tokens"]["hand"] == {"check": each, "cross": each} for st in s["standing"])
    assert all(st["level"] == 0 and st["stage"] == "character" for st in s["standing"])
    assert s["clock"] == 1 and s["next"] == {"act": "vision", "psychic": 0}


@pytest.mark.parametrize("people,psychics,count", [(2, 2, 4), (3, 4, 5)])
def test_setup_counts_small(people, psychics, count):
    """Two or three people: two psychics each, 4 or 5 face-up cards a category, no track or
    tokens, four cases, Easy."""
    state = start(psychics, variant="small")
    s = MYSTERIUM.summary(state)
    assert s["people"] == people and s["players"] == people - 1 and s["faceup_count"] == count
    assert s["tokens_each"] is None and s["track_side"] is None and s["bands"] is None
    assert s["cases"] == 4 and s["difficulty"] == "easy"
    assert [st["player"] for st in s["standing"]] == [p // 2 for p in range(psychics)]
    assert all(st["tokens"] is None and st["level"] is None for st in s["standing"])


def test_setup_functions():
    assert [rules.faceup_count(p, d, False) for d in rules.DIFFICULTIES for p in (4, 5, 6, 7)] == \
        [5, 6, 6, 7, 6, 7, 8, 8, 7, 8, 9, 9]
    assert [rules.faceup_count(p, "easy", True) for p in (2, 3)] == [4, 5]
    assert [rules.tokens_each(p, False) for p in (4, 5, 6, 7)] == [(2, 2), (2, 2), (3, 3), (3, 3)]
    assert rules.tokens_each(3, True) == (0, 0)
    assert [rules.track_side(p, False) for p in (4, 5, 6, 7)] == ["4-5", "4-5", "6-7", "6-7"]
    assert [rules.crows(d) for d in rules.DIFFICULTIES] == [("round", 1), ("game", 3), ("game", 1)]
    assert rules.case_count(5, False) == 5 and rules.case_count(4, True) == 4 and rules.case_count(2, True) == 4
    assert rules.decoy_cases(2) == 2 and rules.decoy_cases(3) == 0
    assert rules.people_count(3, False) == 4 and rules.people_count(4, True) == 3


def test_faceup_from_the_seed_is_fixed_and_explicit_faceup_wins():
    a, b, c = start(seed=7), start(seed=7), start(seed=8)
    assert a.table.faceup == b.table.faceup != c.table.faceup
    given = {"character": [9, 1, 4, 16, 2], "location": [1, 2, 3, 4, 5], "object": [18, 17, 16, 15, 14]}
    state = start(faceup=given)
    assert state.table.faceup == ((1, 2, 4, 9, 16), (1, 2, 3, 4, 5), (14, 15, 16, 17, 18))


def test_registered():
    assert registry()["mysterium"] is MYSTERIUM
    state = start()
    assert MYSTERIUM.players(state) == ["Gia", "Ann", "Bo", "Cy"]  # seat 0 is the ghost's


# -- The ghost sends the first vision -----------------------------------------------------------------
def test_one_vision_per_unfinished_psychic_a_round():
    state = play(start(), vision(1, 3))
    assert "already has a vision in round I" in refused(state, vision(1, 2))
    assert MYSTERIUM.expected(state) == {"act": "vision", "psychic": 0}
    state = play(state, vision(0, 1), vision(2, 7))
    assert state.phase == "sand"
    assert "hourglass is already turned" in refused(state, vision(0))
    assert "1 to 7" in refused(start(), vision(0, 8)) and "1 to 7" in refused(start(), vision(0, 0))
    legal = MYSTERIUM.legal(start())
    assert [a for a in legal if a["act"] == "vision" and a["psychic"] == 0] == \
        [vision(0, k) for k in range(1, 8)]


def test_finished_psychic_gets_no_vision():
    state = start()
    for _ in range(3):  # Ann right three times; Bo and Cy wrong
        state = round_of(state, {0: True, 1: False, 2: False})
    assert state.stage[0] == rules.FINISHED and state.round == 4
    assert "Ann has found all three cards and gets no more visions" in refused(state, vision(0))
    state = play(state, vision(1), vision(2))
    assert state.phase == "sand", "the hourglass turns once every *unfinished* psychic has a vision"


def test_visions_kept_until_a_right_guess():
    """Advance only after a correct guess: a right psychic discards the stage's visions, a
    wrong one keeps them and adds next round's."""
    state = start()
    state = play(state, vision(0, 2), vision(1, 3), vision(2, 1))
    assert state.kept == (2, 3, 1)
    state = play(state, guess(0, truth(state, 0, 0)), guess(1, decoy(state, 0)), guess(2, decoy(state, 0)),
                 EXPIRE, answer(0, True), answer(1, False), answer(2, False))
    assert state.kept == (0, 3, 1)
    state = play(state, vision(0, 1), vision(1, 2), vision(2, 2))
    assert state.kept == (1, 5, 3)


# -- Start the hourglass and commit guesses -----------------------------------------------------------
def test_hourglass_from_the_last_vision():
    state = play(start(), vision(0, t=5), vision(1, t=20), vision(2, t=30))
    assert state.timer is not None and state.timer.started == 30
    state = play(state, guess(0, truth(state, 0, 0), t=149.9))  # 119.9 s after the turn: still sand
    assert "the sand ran out at 150 s" in refused(state, guess(1, truth(state, 1, 0), t=150))
    assert "sand ran out" in refused(state, predict(1, 0, "check", t=200))
    assert "still running: 20 s" in refused(state, {"act": "expire", "t": 130})
    assert "still running" in refused(state, answer(0, True))
    state = play(state, {"act": "expire", "t": 150})
    assert state.phase == "answers"
    s = MYSTERIUM.summary(state)["rounds"][-1]["hourglass"]
    assert s == {"turned_at": 30.0, "ends_at": 150.0, "run_out": True}


def test_without_times_nothing_is_timed():
    state = play(start(), vision(0), vision(1), vision(2, t=30))
    state = play(state, guess(0, truth(state, 0, 0)), guess(1, truth(state, 1, 0), t=100), EXPIRE)
    assert state.phase == "answers"
    untimed = play(start(), vision(0), vision(1), vision(2))
    assert untimed.timer is None
    play(untimed, guess(0, truth(untimed, 0, 0), t=10_000))  # no turn time known: not refused


def test_guesses_before_the_hourglass_are_refused():
    state = play(start(), vision(0))
    assert "hourglass is not turned yet: Bo, Cy still await a vision" in refused(state, guess(0, 1))


def test_guess_on_a_face_up_card_of_the_current_category():
    state = play(start(faceup={"character": [1, 2, 3, 4, 5], "location": [6, 7, 8, 9, 10],
                               "object": [11, 12, 13, 14, 15]}), vision(0), vision(1), vision(2))
    assert "character 6 is not face up: the character cards on the table are 1, 2, 3, 4, 5" in \
        refused(state, guess(0, 6))
    state = play(state, guess(0, 1), guess(1, 1), guess(0, 2), guess(0, 2))  # several on one card; moved
    assert state.pawns.choices == {0: 2, 1: 1}
    legal = [a for a in MYSTERIUM.legal(state) if a["act"] == "guess" and a["psychic"] == 0]
    assert legal == [guess(0, c) for c in (1, 2, 3, 4, 5)]
    state = play(state, guess(2, 3), EXPIRE, answer(0, True), answer(1, False), answer(2, False))
    state = play(state, vision(0), vision(1), vision(2))
    assert "character 2 is already in Ann's sleeve: Bo must choose another character" in refused(state, guess(1, 2))
    assert "location 2 is not face up" in refused(state, guess(0, 2))  # Ann is on the location board
    play(state, guess(0, 6), guess(1, 3))


# -- Use clairvoyancy tokens if you wish --------------------------------------------------------------
def sand(state=None):
    state = state or start()
    return play(state, *(vision(p) for p in state.unfinished()))


def test_prediction_never_own_never_two_on_one_pawn():
    state = sand()
    assert "Ann cannot predict Ann's own guess" in refused(state, predict(0, 0, "check"))
    state = play(state, predict(0, 1, "check"))
    assert state.hand[0] == (1, 2) and state.placed[0] == ((1, "check"),)
    state = play(state, predict(0, 1, "cross"))  # a second token on Bo's pawn replaces the first
    assert state.hand[0] == (2, 1) and state.placed[0] == ((1, "cross"),)
    state = play(state, predict(0, 2, "cross"), predict(0, 1, "check"))
    assert state.hand[0] == (1, 1) and state.placed[0] == ((1, "check"), (2, "cross"))
    state = play(state, {"act": "unpredict", "psychic": 0, "target": 2})
    assert state.hand[0] == (1, 2) and state.placed[0] == ((1, "check"),)
    assert "Ann has no token on Cy's pawn" in refused(state, {"act": "unpredict", "psychic": 0, "target": 2})


def test_prediction_needs_a_token_in_hand():
    three = play(sand(start(3)), predict(0, 1, "check"), predict(0, 2, "check"))
    # both checks are out; pointing the same check at Bo again changes nothing
    assert play(three, predict(0, 1, "check")) == three
    four = play(sand(start(4)), predict(0, 1, "check"), predict(0, 2, "check"))
    assert "Ann has no check token left in hand" in refused(four, predict(0, 3, "check"))
    assert not [a for a in MYSTERIUM.legal(four) if a["act"] == "predict" and a["psychic"] == 0
                and a["target"] == 3 and a["token"] == "check"]


def test_finished_psychics_predict_but_are_not_targets():
    state = start()
    for _ in range(3):
        state = round_of(state, {0: True, 1: False, 2: False})
    state = sand(state)
    assert "Ann has found all three cards: no pawn of Ann's is guessing" in refused(state, predict(1, 0, "check"))
    state = play(state, predict(0, 1, "check"))  # Ann, finished, still predicts
    assert "Ann has found all three cards" in refused(state, guess(0, 1))


def test_predictions_score_one_space_when_right():
    """A check on a right guess and a cross on a wrong one each move their owner one space;
    a mistaken prediction earns nothing and loses nothing."""
    state = start()
    state = round_of(state, {0: True, 1: False, 2: False},
                     [(0, 1, "cross"), (0, 2, "check"), (1, 0, "check"), (2, 0, "cross"), (2, 1, "cross")])
    assert state.level == (1, 1, 1)
    record = state.history[-1]
    assert [o for *_, o in record.predictions] == ["right", "wrong", "right", "wrong", "right"]
    assert rules.prediction_right("check", True) and rules.prediction_right("cross", False)
    assert not rules.prediction_right("check", False) and not rules.prediction_right("cross", True)


def test_tokens_discarded_and_returned_once_at_round_iv():
    state = start()
    state = round_of(state, {0: False, 1: False, 2: False}, [(0, 1, "check"), (0, 2, "cross")])
    assert state.hand[0] == (1, 1) and state.discard[0] == (1, 1)
    state = round_of(state, {0: False, 1: False, 2: False}, [(0, 1, "check")])
    assert state.hand[0] == (0, 1) and state.discard[0] == (2, 1)
    third = play(sand(state), predict(0, 2, "cross"))
    assert third.hand[0] == (0, 0) and third.discard[0] == (2, 1)
    assert "Ann has no cross token left in hand" in refused(third, predict(0, 1, "cross"))
    state = round_of(state, {0: False, 1: False, 2: False}, [(0, 2, "cross")])
    assert state.round == 4 and state.returned  # the start of IV: every spent token comes back
    assert state.hand == ((2, 2),) * 3 and state.discard == ((0, 0),) * 3
    state = round_of(state, {0: False, 1: False, 2: False}, [(0, 1, "check")])
    assert state.round == 5 and not state.returned
    assert state.hand[0] == (1, 2) and state.discard[0] == (1, 0)
    state = round_of(state, {0: False, 1: False, 2: False}, [(0, 1, "check")])
    state = round_of(state, {0: False, 1: False, 2: False})
    assert state.round == 7 and state.hand[0] == (0, 2) and state.discard[0] == (2, 0), "no second return"
    assert "Ann has no check token left in hand" in refused(sand(state), predict(0, 1, "check"))
    assert [r.returned for r in state.history] == [False, False, False, True, False, False]


# -- The hourglass runs out: the unplaced pawn ----------------------------------------------------------
def test_unplaced_pawn_counts_wrong_and_its_predictions_are_ignored():
    state = start()
    state = round_of(state, {0: True, 1: True, 2: True}, [(0, 2, "cross"), (1, 2, "check")], unplaced=(2,))
    assert state.stage == (1, 1, 0) and state.level == (0, 0, 0)
    assert state.hand[0] == (2, 2) and state.discard[0] == (0, 0), "an ignored token goes back to the hand"
    record = state.history[-1]
    assert record.guesses[2] is None and record.advanced[2] is False
    assert [o for *_, o in record.predictions] == ["ignored", "ignored"]
    # no knock for an unplaced pawn
    mid = play(sand(), guess(0, 1), EXPIRE)
    assert "Bo's pawn was on no card when the sand ran out" in refused(mid, answer(1, False))
    # nobody placed: the round resolves at the expiry
    nobody = play(sand(), EXPIRE)
    assert nobody.round == 2 and nobody.phase == "visions"


def test_house_option_wait():
    state = play(start(unplaced="wait"), vision(0), vision(1), vision(2, t=10))
    state = play(state, guess(0, truth(state, 0, 0)), guess(1, truth(state, 1, 0)))
    assert "Cy has no pawn on a card yet" in refused(state, EXPIRE)
    assert EXPIRE not in MYSTERIUM.legal(state)
    assert "sand ran out" in refused(state, guess(0, decoy(state, 0), t=200))  # a placed pawn stays
    state = play(state, guess(2, decoy(state, 0), t=200))  # the table waited for Cy
    state = play(state, EXPIRE)
    assert state.phase == "answers"


# -- The ghost answers yes or no ----------------------------------------------------------------------
def test_two_right_on_one_card_of_one_stage_is_refused():
    state = play(sand(), guess(0, truth(start(), 0, 0)), guess(1, truth(start(), 0, 0)), EXPIRE)
    card = truth(state, 0, 0)
    state = play(state, answer(0, True))
    assert (f"the ghost already knocked yes for Ann on character {card}: two psychics cannot both be right "
            f"on one card") in refused(state, answer(1, True))
    assert answer(1, True) not in MYSTERIUM.legal(state) and answer(1, False) in MYSTERIUM.legal(state)
    play(state, answer(1, False))


def test_yes_after_no_on_the_same_card_is_refused():
    state = start()
    card = decoy(state, 0)
    state = round_of(state, {0: False, 1: False, 2: False})
    state = play(sand(state), guess(0, card), EXPIRE)
    assert f"the ghost knocked no on character {card} for Ann in round I" in refused(state, answer(0, True))


def test_no_is_refused_when_the_card_must_be_the_psychics():
    """4 people: 5 characters for 3 psychics.  Bo finds character 2; Ann is told no on 5, 3
    and 4: character 1 is the only one left for Ann, so a no on it cannot be true."""
    state = start(faceup={"character": [1, 2, 3, 4, 5], "location": [1, 2, 3, 4, 5], "object": [1, 2, 3, 4, 5]})
    state = round_of(state, {0: False, 1: True, 2: False})  # Ann no on 5 (the decoy), Bo yes on 2, Cy no on 5
    for wrong in (3, 4):  # Bo's pawn (location) stays unplaced: an incorrect guess, no knock
        state = play(sand(state), guess(0, wrong), guess(2, 5), EXPIRE, answer(0, False), answer(2, False))
    assert state.round == 4 and state.stage == (0, 1, 0)
    state = play(sand(state), guess(0, 1), EXPIRE)
    reason = refused(state, answer(0, False))
    assert reason.startswith("no cannot be true") and "character 1 must be Ann's" in reason
    assert [a for a in MYSTERIUM.legal(state) if a["act"] == "answer" and a["psychic"] == 0] == [answer(0, True)]


def test_assignment_possible():
    assert rules.assignment_possible([{1, 2}, {1, 2}])
    assert not rules.assignment_possible([{1}, {1}])
    assert not rules.assignment_possible([{1, 2}, {1, 2}, {2, 1}])
    assert rules.assignment_possible([{1, 2, 3}, {1}, {2}])
    assert rules.answer_domain([1, 2, 3], [2], True, 3) == {3}
    assert rules.answer_domain([1, 2, 3], [2], False, 3) == {1}


# -- Advance only after a correct guess -------------------------------------------------------------------
def test_advancing_takes_the_card_and_starts_the_next_board_next_round():
    state = start()
    state = round_of(state, {0: True, 1: False, 2: True})
    assert state.stage == (1, 0, 1) and state.round == 2 and state.phase == "visions"
    assert state.found[0] == (truth(state, 0, 0), None, None)
    assert MYSTERIUM.summary(state)["standing"][0]["stage"] == "location"
    assert rules.next_stage(0, True) == 1 and rules.next_stage(1, False) == 1


def test_no_psychic_advances_twice_a_round():
    state = start()
    state = round_of(state, all_right(state))
    assert state.stage == (1, 1, 1)
    state = round_of(state, all_right(state))
    assert state.stage == (2, 2, 2)


# -- Keep finished psychics involved and check the deadline -------------------------------------------------
@pytest.mark.parametrize("finish_round,bonus", [(3, 4), (4, 3), (5, 2), (6, 1), (7, 0)])
def test_finishing_bonus_is_the_unused_rounds(finish_round, bonus):
    """Finishing in IV adds three; finishing in VII adds none."""
    assert rules.finishing_bonus(finish_round, False) == bonus
    state = start()
    wrong_rounds = finish_round - 3
    for r in range(1, finish_round + 1):
        ann_right = r > wrong_rounds
        others_right = r == 1  # Bo and Cy find their character only
        state = round_of(state, {p: (ann_right if p == 0 else others_right) for p in state.unfinished()})
    assert state.finished_in[0] == finish_round
    assert state.level[0] == bonus
    assert state.history[-1].bonus[0] == bonus


def test_small_variation_has_no_bonus():
    assert rules.finishing_bonus(3, True) == 0
    state = start(2, variant="small")
    for _ in range(3):
        state = round_of(state, all_right(state))
    assert state.level == (0, 0) and state.phase == "final"


def test_everyone_loses_if_anyone_is_unfinished_after_vii():
    state = start()
    for _ in range(7):
        state = round_of(state, {p: p != 2 or False for p in state.unfinished()})
    assert state.round == 7 and state.result == "lost" and state.phase == "over"
    assert state.final is None
    assert MYSTERIUM.is_over(state) and MYSTERIUM.expected(state) is None and MYSTERIUM.legal(state) == []
    outcome = MYSTERIUM.outcome(state)
    assert outcome.winners == () and outcome.cooperative
    assert "the game is over: everyone lost" in refused(state, vision(2))
    assert rules.lost_at_deadline(7, [2]) and not rules.lost_at_deadline(6, [2]) and not rules.lost_at_deadline(7, [])


def test_everyone_finished_goes_to_the_final_phase_at_once():
    state = to_final()
    assert state.round == 3 and state.phase == "final"
    assert MYSTERIUM.expected(state) == COMMIT


# -- Crows ---------------------------------------------------------------------------------------------------
def test_easy_crow_once_a_round_recovered_at_the_round_end():
    state = play(start(), CROW)
    assert "the crow is already used this round" in refused(state, CROW)
    state = round_of(state, all_right(state))
    state = play(state, CROW)
    assert state.crows_left == 0
    state = round_of(state, all_right(state))
    state = round_of(state, all_right(state))
    assert state.phase == "final" and state.crows_left == 1, "Easy's crow is ready for the final phase"
    state = play(state, CROW, COMMIT)
    assert state.final.crows_used == 1


@pytest.mark.parametrize("difficulty,crows", [("medium", 3), ("hard", 1)])
def test_medium_and_hard_crows_for_the_whole_game(difficulty, crows):
    state = start(difficulty=difficulty)
    for _ in range(crows):
        state = play(state, CROW)
    assert f"no crow is left: {difficulty.capitalize()} allows {crows} for the whole game" in refused(state, CROW)
    state = round_of(state, all_right(state))
    assert state.crows_left == 0 and "no crow is left" in refused(state, CROW)


def test_medium_crow_kept_for_the_final_phase():
    state = start(difficulty="medium")
    state = play(state, CROW)
    state = round_of(state, all_right(state))
    state = round_of(state, all_right(state))
    state = round_of(state, all_right(state))
    assert state.crows_left == 2
    state = play(state, CROW, COMMIT)
    assert state.crows_left == 1
    assert "a crow can no longer help" in refused(state, CROW)


# -- Use the shared vision to choose the true case -------------------------------------------------------
def test_final_phase_recovers_every_token():
    state = start()
    state = round_of(state, all_right(state), [(0, 1, "check"), (1, 2, "cross")])
    state = round_of(state, all_right(state), [(0, 2, "check")])
    state = round_of(state, all_right(state), [(2, 0, "cross")])
    assert state.phase == "final"
    assert state.hand == ((2, 2),) * 3 and state.discard == ((0, 0),) * 3
    s = MYSTERIUM.summary(state)["final"]
    assert [c["case"] for c in s["cases"]] == [1, 2, 3]
    assert s["cases"][1] == {"case": 2, "psychic": "Bo", "character": truth(state, 1, 0),
                             "location": truth(state, 1, 1), "object": truth(state, 1, 2), "decoy": False}


def rulebook_example():
    """The rulebook's worked example of the final vote, played: four psychics (5 people, Easy)
    reaching levels 4, 5, 6 and 11.
    Ann: right I–III, finished in III (+4), no predictions: 4.
    Bo: right I, II, wrong III, right IV (+3); 2 right predictions: 5.
    Cy: right I, wrong II, right III, wrong IV, right V (+2); 4 right predictions: 6.
    Dee: right I–III (+4); 7 right predictions: 11."""
    state = start(4)
    state = round_of(state, {0: True, 1: True, 2: True, 3: True},
                     [(3, 0, "check"), (3, 1, "check"), (1, 0, "check"), (2, 3, "check"), (2, 0, "check")])
    assert state.level == (0, 1, 2, 2)
    state = round_of(state, {0: True, 1: True, 2: False, 3: True}, [(3, 2, "cross"), (1, 2, "cross")])
    assert state.level == (0, 2, 2, 3)
    state = round_of(state, {0: True, 1: False, 2: True, 3: True}, [(3, 1, "cross"), (2, 1, "cross")])
    assert state.level == (4, 2, 3, 8)  # Ann and Dee finished in III: +4 each
    assert state.round == 4 and state.returned
    state = round_of(state, {1: True, 2: False}, [(3, 1, "check"), (3, 2, "cross"), (2, 1, "check")])
    assert state.level == (4, 5, 4, 10)  # Bo finished in IV: +3
    state = round_of(state, {2: True}, [(3, 2, "check")])
    assert state.level == (4, 5, 6, 11)  # Cy finished in V: +2
    assert state.phase == "final"
    return state


def test_rulebook_example_bands():
    """A psychic on space 4 votes low, 5 and 6 intermediate, 11 high."""
    assert [rules.band_of(level, rules.DEFAULT_BANDS) for level in (4, 5, 6, 11)] == [1, 2, 2, 3]
    state = rulebook_example()
    s = MYSTERIUM.summary(state)["final"]
    assert s["bands"] == {"low": ["Ann"], "intermediate": ["Bo", "Cy"], "high": ["Dee"]}


def test_staggered_secret_vote():
    state = play(rulebook_example())
    assert "has not committed the culprit token" in refused(state, {"act": "reveal", "vision": 1})
    assert "votes after the first shared vision" in refused(play(state, COMMIT),
                                                           {"act": "vote", "psychic": 0, "case": 1})
    state = play(state, COMMIT, {"act": "reveal", "vision": 1})
    assert MYSTERIUM.expected(state) == {"act": "vote", "psychic": 0}
    assert "Bo is in the intermediate band (level 5) and votes after the second shared vision is revealed" in \
        refused(state, {"act": "vote", "psychic": 1, "case": 1})
    assert "Ann (low band) must vote before the second shared vision is revealed" in \
        refused(state, {"act": "reveal", "vision": 2})
    assert "revealed one at a time" in refused(state, {"act": "reveal", "vision": 3})
    state = play(state, {"act": "vote", "psychic": 0, "case": 4})
    assert "Ann has already voted, and a vote cannot be changed" in \
        refused(state, {"act": "vote", "psychic": 0, "case": 1})
    # the vote is secret: the shared screen and the others see only that Ann voted
    assert MYSTERIUM.summary(state)["final"]["votes"] is None
    assert MYSTERIUM.summary(state)["final"]["voted"] == ["Ann"]
    assert MYSTERIUM.view(state, None)["sealed_votes"] == {"Ann": "hidden"}
    assert MYSTERIUM.view(state, 2)["sealed_votes"] == {"Ann": "hidden"}  # Bo, at seat 2
    assert MYSTERIUM.view(state, 0)["sealed_votes"] == {"Ann": "hidden"}  # the ghost
    assert MYSTERIUM.view(state, 1)["sealed_votes"] == {"Ann": 4}  # Ann, at seat 1
    state = play(state, {"act": "reveal", "vision": 2}, {"act": "vote", "psychic": 2, "case": 3},
                 {"act": "vote", "psychic": 1, "case": 3})
    assert MYSTERIUM.expected(state) == {"act": "reveal", "vision": 3}
    state = play(state, {"act": "reveal", "vision": 3}, {"act": "vote", "psychic": 3, "case": 1})
    s = MYSTERIUM.summary(state)["final"]
    assert s["votes"] == {"low": {"Ann": 4}, "intermediate": {"Bo": 3, "Cy": 3}, "high": {"Dee": 1}}
    assert s["counts"] == [1, 0, 2, 1] and s["decided_by"] == "most votes" and s["chosen"] == 3
    assert MYSTERIUM.view(state, 1)["sealed_votes"] == {"Ann": 4, "Bo": 3, "Cy": 3, "Dee": 1}
    assert "every psychic has voted" in refused(state, {"act": "reveal", "vision": 3})
    won = play(state, {"act": "culprit", "case": 3})
    assert won.result == "won" and MYSTERIUM.outcome(won).winners == (0, 1, 2, 3, 4)
    lost = play(state, {"act": "culprit", "case": 1})
    assert lost.result == "lost" and MYSTERIUM.outcome(lost).winners == ()


def test_tally_most_votes_need_not_be_half():
    assert rules.tally({0: 1, 1: 2, 2: 3, 3: 1, 4: 4}, 5, [0, 0, 0, 0, 0], None) == (1, None)


def test_tally_tie_uses_the_highest_level_vote_even_for_another_case():
    # cases 1 and 2 tie with two votes each; Dee (level 11) voted 3: case 3
    votes = {0: 1, 1: 1, 2: 2, 3: 3, 4: 2}
    assert rules.tally(votes, 5, [4, 5, 6, 11, 2], None) == (3, 3)


def test_tally_tie_among_highest_levels_uses_the_eldest():
    votes = {0: 1, 1: 2, 2: 3}
    assert rules.tally(votes, 3, [5, 7, 7], None) == (2, 1)  # no ages: the earlier seat (Bo)
    assert rules.tally(votes, 3, [5, 7, 7], [80, 30, 41]) == (3, 2)  # Cy (41) is older than Bo (30)
    assert rules.tally(votes, 3, [5, 7, 7], [80, 41, 41]) == (2, 1)  # equal ages: the earlier seat
    assert rules.eldest([1, 2], [10, 20, 30]) == 2


def test_tie_broken_in_a_game_by_the_eldest_highest():
    state = start(ages=[20, 60, 60])
    state = round_of(state, all_right(state), [(1, 0, "check"), (2, 0, "check")])
    state = round_of(state, all_right(state))
    state = round_of(state, all_right(state))
    assert state.level == (4, 5, 5)  # all finished in III (+4); Bo and Cy one right prediction each
    state = play(state, COMMIT, {"act": "reveal", "vision": 1}, {"act": "vote", "psychic": 0, "case": 1},
                 {"act": "reveal", "vision": 2}, {"act": "vote", "psychic": 2, "case": 3},
                 {"act": "vote", "psychic": 1, "case": 2})
    s = MYSTERIUM.summary(state)["final"]
    assert s["counts"] == [1, 1, 1] and s["decided_by"] == "Bo" and s["chosen"] == 2
    assert MYSTERIUM.expected(state) == {"act": "culprit"}


def test_empty_bands_are_skipped():
    state = to_final()  # all finished in III: level 4 each, all low
    state = play(state, COMMIT, {"act": "reveal", "vision": 1})
    state = play(state, *({"act": "vote", "psychic": p, "case": 1} for p in range(3)))
    assert state.final.chosen == 1 and MYSTERIUM.expected(state) == {"act": "culprit"}
    assert "every psychic has voted" in refused(state, {"act": "reveal", "vision": 2})
    high = to_final(bands={"4-5": [0, 1]})  # level 4 is high: the first two visions have no voters
    high = play(high, COMMIT, {"act": "reveal", "vision": 1}, {"act": "reveal", "vision": 2})
    assert MYSTERIUM.expected(high) == {"act": "reveal", "vision": 3}


# -- The small-group variation ---------------------------------------------------------------------------------
def test_small_two_people_two_cases_and_two_decoys():
    state = start(2, variant="small")
    assert "no clairvoyancy tokens" in refused(sand(state), predict(0, 1, "check"))
    for _ in range(3):
        state = round_of(state, all_right(state))
    s = MYSTERIUM.summary(state)["final"]
    assert [c["decoy"] for c in s["cases"]] == [False, False, True, True]
    assert s["bands"] is None and s["voted"] is None
    assert "no secret vote" in refused(play(state, COMMIT), {"act": "vote", "psychic": 0, "case": 1})
    assert "revealed together" in refused(play(state, COMMIT), {"act": "reveal", "vision": 1})
    state = play(state, COMMIT)
    assert "not revealed yet" in refused(state, {"act": "choose", "case": 1})
    state = play(state, {"act": "reveal", "vision": "all"})
    assert state.final.revealed == 3
    assert MYSTERIUM.legal(state) == [{"act": "choose", "case": c} for c in (1, 2, 3, 4)]
    state = play(state, {"act": "choose", "case": 4})
    assert "already chosen case 4" in refused(state, {"act": "choose", "case": 1})
    state = play(state, {"act": "culprit", "case": 4})
    assert state.result == "won"


def test_small_three_people_four_cases():
    state = start(4, variant="small", players=2)
    assert state.table.people == 3 and state.table.faceup[0].__len__() == 5
    for _ in range(3):
        state = round_of(state, all_right(state))
    s = MYSTERIUM.summary(state)["final"]
    assert [c["psychic"] for c in s["cases"]] == ["Ann", "Bo", "Cy", "Dee"]
    assert not any(c["decoy"] for c in s["cases"])
    state = play(state, COMMIT, {"act": "reveal", "vision": "all"}, {"act": "choose", "case": 2},
                 {"act": "culprit", "case": 3})
    assert state.result == "lost" and MYSTERIUM.outcome(state).winners == ()


def test_main_game_has_no_open_choice():
    state = play(to_final(), COMMIT, {"act": "reveal", "vision": 1})
    assert "vote in secret" in refused(state, {"act": "choose", "case": 1})


def test_outcome_is_cooperative():
    state = play(to_final(), COMMIT, {"act": "reveal", "vision": 1},
                 *({"act": "vote", "psychic": p, "case": 2} for p in range(3)), {"act": "culprit", "case": 2})
    outcome = MYSTERIUM.outcome(state)
    assert outcome.cooperative and outcome.winners == (0, 1, 2, 3)
    assert outcome.details == {"result": "won", "chosen": 2, "culprit": 2}
    assert MYSTERIUM.outcome(start()) is None


def test_rules_refuse_in_sentences():
    with pytest.raises(Refused, match="Mysterium is for 4 to 7 people"):
        rules.check_people(2, False)
    with pytest.raises(Refused, match="each person controls two psychics"):
        rules.check_people(3, True)


def test_hourglass_rule_functions():
    from companion.engine.timers import Timer

    glass = rules.start_hourglass(30.0)
    assert glass == Timer.start(120.0, 30.0)
    assert not rules.sand_has_run_out(glass, 149.9) and rules.sand_has_run_out(glass, 150.0)
    assert rules.start_hourglass(None) is None and not rules.sand_has_run_out(None, 10_000)
    assert not rules.sand_has_run_out(glass, None)
    assert rules.hourglass_turns([0, 2], [0, 2]) and not rules.hourglass_turns([0], [0, 2])
    assert rules.check_token("cross") == "cross"
    with pytest.raises(Refused, match="token must be"):
        rules.check_token("Check")
