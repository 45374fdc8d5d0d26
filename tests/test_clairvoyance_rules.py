"""Scenario tests of Clairvoyance's rules (``shared/rules/clairvoyance.txt``,
``docs/clairvoyance.md``): each rule, and each worked example of the rulebook.

Expected figures are worked out by hand from the rulebook and the die layout drawn in
``tests/clairvoyance_table.py``.
"""

from __future__ import annotations

import pytest

from companion.engine import Refused
from companion.games.clairvoyance import CLAIRVOYANCE as G
from companion.games.clairvoyance import rules
from tests.clairvoyance_table import (RESOLVE, die, end, opening, play, possess, refused, seat, setup, start,
                                      summary, throw)

PASS = lambda s: {"act": "pass", "seat": s}  # noqa: E731


# -- Set Up ---------------------------------------------------------------------------------------
def test_set_up_health_hands_deck():
    s = G.setup(setup(3))
    assert s.health == (10, 10, 10) and [s.hand(k) for k in range(3)] == [5, 5, 5]
    assert s.deck == 80 - 15 and s.phase == "guess"
    assert G.expected(s) == {"act": "guess", "seat": 0}
    assert G.setup(setup(5, health=7, deck=60)).deck == 60 - 25


def test_first_player_by_guessing_and_rolling_again():
    s = G.setup(setup(3))
    s = play(s, {"act": "guess", "seat": 1, "faces": [5]})  # any order
    assert "Bo already said 5" in refused(s, {"act": "guess", "seat": 0, "faces": [5]})
    s = play(s, {"act": "guess", "seat": 0, "faces": [3]}, {"act": "guess", "seat": 2, "faces": [8]})
    assert G.expected(s) == {"act": "roll"}
    s = play(s, {"act": "roll", "face": 1})  # nobody said 1: roll again
    assert s.phase == "roll" and s.turn is None
    s = play(s, {"act": "roll", "face": 8})
    assert s.turn == 2 and s.face == 8 and s.first == 2  # the die stays on 8 in front of Cy
    assert summary(s)["first_player"] == {"guesses": {"Ann": [3], "Bo": [5], "Cy": [8]}, "rolls": [1, 8],
                                          "first": "Cy"}
    assert G.expected(s) == {"act": "action", "seat": 2}


def test_two_players_say_two_numbers_each():
    s = G.setup(setup(2))
    assert "two different numbers" in refused(s, {"act": "guess", "seat": 0, "faces": [3]})
    assert "two different numbers" in refused(s, {"act": "guess", "seat": 0, "faces": [3, 3]})
    s = play(s, {"act": "guess", "seat": 0, "faces": [3, 4]}, {"act": "guess", "seat": 1, "faces": [5, 6]})
    s = play(s, {"act": "roll", "face": 4})
    assert s.turn == 0 and s.face == 4


def test_the_companion_rolls_from_the_seed():
    s = play(G.setup(setup(3, seed=11)), *[{"act": "guess", "seat": k, "faces": [k + 1]} for k in range(3)])
    roll = G.chance(s)
    assert roll["act"] == "roll" and roll == G.chance(s)  # a function of the state
    assert roll["face"] == G.rng(11, "clairvoyance", "roll", 0).randint(1, 8)


# -- Turning the die: the rulebook's Die Example ------------------------------------------------------
def test_die_example_gertrudes_armchair_hits_rx97():
    """"The die currently displays a 3 ... Gertrude looks at the 3 faces adjacent to the 3 and
    see 2, 6, and 4. She turns the die so the 6 faces up. This activates the Armchair and it
    hits RX-97"."""
    s = start(3, ["Gertrude", "RX-97", "Sebastian"], face=3)
    assert summary(s)["die"] == {"layout": "rulebook", "face": 3, "reachable": [2, 4, 6]}
    s = play(s, throw(0, "Armchair", 1))
    assert G.expected(s) == {"act": "window", "seat": 1, "kind": "throw", "order": [1, 2, 0]}
    s = play(s, RESOLVE)
    assert G.expected(s) == {"act": "die", "seat": 0}
    assert refused(s, die(0, 5)) == "the die shows 3: it turns to 2, 4 or 6, not 5"
    assert refused(s, die(1, 6)) == "Ann turns the die, not Bo"
    s = play(s, die(0, 6))
    assert s.health[1] == 10 - 3 and s.face == 6
    last = summary(s)["plays"][-1]
    assert last["outcome"] == "hit" and last["face_before"] == 3 and last["face_after"] == 6
    assert last["damage"] == 3 and last["target"] == "Bo"


def test_a_card_missing_its_faces_is_discarded_and_the_action_spent():
    s = start(3, face=3)
    s = play(s, throw(0, "Armchair", 1), RESOLVE, die(0, 2))  # the Armchair needs 1 or 6
    assert s.health[1] == 10 and summary(s)["plays"][-1]["outcome"] == "missed"
    assert s.discard == ("Armchair",) and rules.actions_left(s) == 1 and rules.throws_left(s) == 0


def test_standard_die_opposites_sum_to_nine():
    s = start(3, face=3, die="standard")
    assert summary(s)["die"]["reachable"] == [1, 4, 7]
    s = play(s, throw(0, "Armchair", 1), RESOLVE)
    assert "not 6" in refused(s, die(0, 6))  # 6 is 3's opposite on a sum-9 die


# -- Instants: the rulebook's Instant Example ----------------------------------------------------------
def test_instant_example_pyrokinesis_destroys_the_lamp_and_the_die_still_turns():
    """"Sebastian announces he's throwing a Lamp at Mama Rita, which will do 2 damage. ...
    Mama Rita plays Pyrokinesis, an instant, to destroy the Lamp. Sebastian still turns the
    die 1 face."."""
    s = start(3, ["Sebastian", "Mama Rita", "Gertrude"], face=3)
    s = play(s, throw(0, "Lamp", 1), {"act": "instant", "seat": 1, "card": "Pyrokinesis", "item": "play"})
    window = summary(s)["window"]
    assert window == {"kind": "throw", "order": ["Bo", "Cy", "Ann"], "acted": ["Bo"]}
    assert summary(s)["play"]["destroyed"] is True
    assert G.expected(s)["order"] == [1, 2, 0]  # everyone may answer the Pyrokinesis
    s = play(s, PASS(1), PASS(2), PASS(0))
    assert G.expected(s) == {"act": "die", "seat": 0}
    s = play(s, die(0, 2))  # 2 would have activated the Lamp: it is gone
    assert s.health == (10, 10, 10) and s.face == 2
    last = summary(s)["plays"][-1]
    assert last["outcome"] == "destroyed" and last["interference"][0]["card"] == "Pyrokinesis"
    assert sorted(s.discard) == ["Lamp", "Pyrokinesis"]
    assert rules.actions_left(s) == 1 and rules.throws_left(s) == 0  # the action was spent


# -- Single-Use Items: the rulebook's Single-Use Example ----------------------------------------------
def _claire_with_music_box_and_harold_with_jack():
    s = start(3, ["Claire", "Harold", "Gertrude"], face=4)
    s = play(s, possess(0, "Music Box"), RESOLVE, die(0, 7), end(0))  # 4 -> 7: Music Box #1
    s = play(s, possess(1, "Jack-in-the-Box"), RESOLVE, die(1, 6), end(1))  # 7 -> 6: Jack #2
    assert seat(s, 0)["possessions"] == [{"id": 1, "card": "Music Box"}]
    assert seat(s, 1)["possessions"] == [{"id": 2, "card": "Jack-in-the-Box"}]
    return s


def test_single_use_example_harolds_jack_in_the_box_destroys_claires_music_box():
    """"Harold uses the effect from Jack-in-the-Box, a single-use item he has possessed, to
    destroy Music Box. Harold then discards Jack-in-the-Box."."""
    s = _claire_with_music_box_and_harold_with_jack()
    s = play(s, {"act": "use", "seat": 1, "item": 2, "target": 1})  # on Gertrude's turn: no action
    assert seat(s, 0)["possessions"] == [] and seat(s, 1)["possessions"] == []
    assert s.discard == ("Music Box", "Jack-in-the-Box")
    effect = summary(s)["effects"][-1]
    assert effect == {"turn": 3, "player": "Bo", "act": "use", "card": "Jack-in-the-Box", "item": 2,
                      "target": 1, "destroyed": "Music Box"}
    assert G.expected(s) == {"act": "action", "seat": 2} and rules.actions_left(s) == 2


def test_only_single_use_items_are_used_and_only_by_their_owner():
    s = _claire_with_music_box_and_harold_with_jack()
    assert refused(s, {"act": "use", "seat": 0, "item": 2, "target": 1}).startswith("Ann possesses no item #2")
    assert "continuous item" in refused(s, {"act": "use", "seat": 0, "item": 1})
    assert refused(s, {"act": "use", "seat": 1, "item": 2, "target": 2}) == "Jack-in-the-Box cannot be used on itself"
    assert "destroys an item: name it" in refused(s, {"act": "use", "seat": 1, "item": 2})


def test_throwing_a_single_use_item_discards_it():
    s = _claire_with_music_box_and_harold_with_jack()
    s = play(s, end(2), {"act": "throw", "seat": 0, "item": 1, "target": 2}, RESOLVE)
    assert s.health[2] == 9 and s.discard == ("Music Box",) and not s.possessed[0]
    assert summary(s)["plays"][-1]["from"] == "possessed" and summary(s)["plays"][-1]["face_after"] is None


# -- Throwing Items ---------------------------------------------------------------------------------------
def test_a_possessed_throw_needs_no_die_and_damage_can_be_reduced():
    s = start(3, ["Gertrude", "RX-97", "Sebastian"], face=4)
    s = play(s, possess(0, "Grandfather Clock"), RESOLVE, die(0, 1), end(0))  # 4 -> 1: Clock #1
    s = play(s, possess(1, "Parasol"), RESOLVE, die(1, 2), end(1), end(2))  # 1 -> 2: no Parasol (5, 6)
    assert s.possessed[1] == ()
    s = play(s, possess(0, "Parasol", to=1), RESOLVE, die(0, 5))  # Ann puts a Parasol with Bo
    assert s.possessed[1] == ((2, "Parasol"),)  # numbers count items that came into possession
    s = play(s, {"act": "throw", "seat": 0, "item": 1, "target": 1})
    assert s.possessed[0] == ()  # "no longer considered possessed" once declared
    s = play(s, {"act": "use", "seat": 1, "item": 2, "target": "play"},
             {"act": "instant", "seat": 2, "card": "Deflection", "item": "play"}, RESOLVE)
    assert s.face == 5 and s.health[1] == 10 - (4 - 2 - 1)
    last = summary(s)["plays"][-1]
    assert last["outcome"] == "hit" and last["damage"] == 1 and last["reduced"] == 3


def test_damage_is_never_below_none():
    s = start(3, ["Gertrude", "RX-97", "Sebastian"], face=3)
    s = play(s, throw(0, "Lamp", 1), {"act": "instant", "seat": 1, "card": "Deflection", "item": "play"},
             {"act": "instant", "seat": 2, "card": "Deflection", "item": "play"},
             {"act": "instant", "seat": 0, "card": "Deflection", "item": "play"}, RESOLVE, die(0, 2))
    assert s.health[1] == 10 and summary(s)["plays"][-1]["damage"] == 0


def test_targets_are_other_players_still_in():
    s = start(3, face=3)
    assert refused(s, throw(0, "Lamp", 0)) == "Ann cannot throw at themselves: the target is another player"
    assert "is an instant: only items are thrown" in refused(s, throw(0, "Pyrokinesis", 1))


def test_one_throw_a_turn_with_more_than_two_players():
    s = start(3, face=3)
    s = play(s, throw(0, "Lamp", 1), RESOLVE, die(0, 2))
    assert summary(s)["turn"] == {"number": 1, "player": "Ann", "actions_left": 1, "throws_left": 0,
                                  "throws_unlimited": False}
    assert refused(s, throw(0, "Lamp", 2)) == ("Ann has already thrown this turn: one throw a turn while "
                                               "more than two players are still in")
    s = play(s, possess(0, "Lamp"), RESOLVE, die(0, 1))
    assert refused(s, possess(0, "Lamp")) == "Ann has taken both actions this turn: the turn ends (\"end\")"


def test_one_throw_a_turn_when_the_game_began_with_two():
    s = start(2, ["Gertrude", "RX-97"], face=3)
    s = play(s, throw(0, "Lamp", 1), RESOLVE, die(0, 2))
    assert "the game began with two players" in refused(s, throw(0, "Lamp", 1))


def test_down_to_two_mid_turn_every_action_may_be_a_throw():
    """Throwing Items: "the moment the number of players in the game is reduced to 2, even if
    this happens mid-turn, any number of your actions may be throws"."""
    s = start(3, ["Gertrude", "RX-97", "Sebastian"], face=3, health=3)
    s = play(s, throw(0, "Armchair", 1), RESOLVE, die(0, 6))
    assert s.out[1] and summary(s)["turn"]["throws_left"] == 1 and summary(s)["turn"]["throws_unlimited"]
    s = play(s, throw(0, "Lamp", 2), RESOLVE, die(0, 5))  # 6 -> 5: the Lamp hits Cy
    assert s.health[2] == 1


# -- Possession --------------------------------------------------------------------------------------
def test_a_fourth_possession_makes_room_first():
    s = start(3, face=3)
    s = play(s, possess(0, "Lamp"), RESOLVE, die(0, 2), possess(0, "Lamp"), RESOLVE, die(0, 5), end(0))
    s = play(s, possess(1, "Lamp", to=0), RESOLVE, die(1, 2), end(1), end(2))
    assert [i for i, _ in s.possessed[0]] == [1, 2, 3]
    s = play(s, possess(0, "Armchair"), RESOLVE, die(0, 1))  # 2 -> 1: the Armchair activates
    assert G.expected(s) == {"act": "make_room", "seat": 0}
    assert summary(s)["room"] == {"player": "Ann", "card": "Armchair", "id": 4}
    assert "this is not the time" in refused(s, end(0))
    assert "Ann must discard one of Ann's own possessed items" in refused(s, {"act": "make_room", "seat": 0, "item": 9})
    assert refused(s, {"act": "make_room", "seat": 1, "item": 1}) == "Ann makes room, not Bo"
    s = play(s, {"act": "make_room", "seat": 0, "item": 2})
    assert s.possessed[0] == ((1, "Lamp"), (3, "Lamp"), (4, "Armchair")) and s.discard == ("Lamp",)
    assert summary(s)["plays"][-1]["outcome"] == "possessed" and summary(s)["plays"][-1]["id"] == 4


def test_possessing_into_another_players_possession_and_failing():
    s = start(3, face=3)
    s = play(s, possess(0, "Lamp", to=2), RESOLVE, die(0, 4))  # Lamp needs 2 or 5
    assert s.possessed[2] == () and summary(s)["plays"][-1]["outcome"] == "discarded"
    s = play(s, possess(0, "Jack-in-the-Box", to=2), RESOLVE, die(0, 1))  # 4 -> 1: no
    s = play(s, end(0), possess(1, "Lamp", to=2), RESOLVE, die(1, 2))
    assert seat(s, 2)["possessions"] == [{"id": 1, "card": "Lamp"}]


# -- Objective: elimination --------------------------------------------------------------------------
def test_elimination_discards_hand_and_possessions_and_skips_the_seat():
    s = start(3, ["Gertrude", "RX-97", "Sebastian"], face=3, health=3)
    s = play(s, end(0), possess(1, "Lamp"), RESOLVE, die(1, 2), end(1), end(2))
    assert s.possessed[1] == ((1, "Lamp"),) and s.hand(1) == 5
    s = play(s, throw(0, "Armchair", 1), RESOLVE, die(0, 1))  # 2 -> 1: hit for 3
    assert s.out[1] and s.health[1] == 0 and s.hand(1) == 0 and s.possessed[1] == ()
    assert s.discard == ("Armchair", "Lamp") and s.discard_unknown == 5
    assert summary(s)["eliminations"] == [{"player": "Bo", "turn": 4, "by": "Ann", "how": "hit"}]
    s = play(s, end(0))
    assert s.turn == 2  # Bo is skipped
    assert refused(s, {"act": "pass", "seat": 1}) == "Bo is out of the game"
    assert refused(s, throw(2, "Lamp", 1)) == "Bo is out of the game and cannot be targeted"


def test_the_last_standing_wins_and_nothing_more_is_accepted():
    s = start(2, ["Gertrude", "RX-97"], face=3, health=2)
    s = play(s, throw(0, "Lamp", 1), RESOLVE, die(0, 2))
    assert s.phase == "over" and s.winners == (0,) and G.expected(s) is None
    outcome = G.outcome(s)
    assert outcome.winners == (0,) and outcome.labels == ("won", "out")
    assert refused(s, end(0)) == "the game is over: Ann won"
    assert summary(s)["finished"] and summary(s)["winners"] == ["Ann"]


def test_an_eliminated_turn_holder_passes_the_turn_at_once():
    """Circuit Breaker turns Ann's own throw back on her: she is out during her turn."""
    s = start(3, ["Gertrude", "RX-97", "Sebastian"], face=3, health=3)
    s = play(s, throw(0, "Armchair", 2), {"act": "ability", "seat": 1, "target": 0}, RESOLVE, die(0, 6))
    assert s.out[0] and s.turn == 1 and s.turn_number == 2  # Bo's turn, Ann drew nothing
    assert summary(s)["plays"][-1]["declared_target"] == "Cy" and summary(s)["plays"][-1]["target"] == "Ann"


# -- Team Play ----------------------------------------------------------------------------------------
def test_a_team_wins_when_the_other_teams_players_are_all_out():
    s = start(4, ["Gertrude", "RX-97", "Sebastian", "Harold"], face=3, health=2, teams=True)
    assert summary(s)["teams"] == [["Ann", "Cy"], ["Bo", "Dee"]]
    s = play(s, throw(0, "Armchair", 1), RESOLVE, die(0, 6), end(0))
    assert s.out[1] and s.turn == 2 and s.phase == "turn"
    s = play(s, throw(2, "Lamp", 3), RESOLVE, die(2, 5))  # 6 -> 5: the Lamp hits Dee for 2
    assert s.phase == "over" and s.winners == (0, 2) and summary(s)["winners"] == ["Ann", "Cy"]


def test_team_layouts_are_checked():
    with pytest.raises(Refused, match="4-player table"):
        G.setup(setup(3, teams=True))
    with pytest.raises(Refused, match="across from each other"):
        G.setup(setup(4, teams=[[0, 1], [2, 3]]))
    with pytest.raises(Refused, match="same number of players"):
        G.setup(setup(5, teams=[[0, 2, 4], [1, 3]]))
    assert G.setup(setup(4, teams=[[1, 3], [0, 2]])).teams == ((1, 3), (0, 2))


# -- Note: priority, withdrawal ------------------------------------------------------------------------
def test_priority_from_the_turn_holders_left_and_a_later_seat_jumping_in():
    s = start(5, ["Sebastian", "Gertrude", "Mama Rita", "Harold", "Claire"], face=3)
    s = play(s, throw(0, "Lamp", 2))
    assert G.expected(s)["order"] == [1, 2, 3, 4, 0]
    # Claire (seat 4) speaks: Gertrude, Mama Rita and Harold, ahead of her, passed for that moment
    s = play(s, {"act": "ability", "seat": 4, "face": 1})
    assert s.face == 1 and summary(s)["play"]["interference"][0]["ability"] == "Prognosticate"
    assert G.expected(s)["order"] == [1, 2, 3, 4, 0]  # the window reopens for everyone
    s = play(s, PASS(3), PASS(0))  # passing needs no priority
    assert G.expected(s)["order"] == [1, 2, 4]
    assert refused(s, PASS(3)) == "Dee has already answered in this window"
    s = play(s, RESOLVE)
    assert G.expected(s) == {"act": "die", "seat": 0}
    s = play(s, die(0, 2))  # 1 -> 2: the Lamp hits Mama Rita
    assert s.health[2] == 8


def test_two_at_once_the_nearest_goes_first_and_the_other_withdraws():
    """Note: Mama Rita (nearer Sebastian's left) and Claire both meant to act; Mama Rita's
    Pyrokinesis resolves first; Claire withdraws her Prognosticate — it is never logged, so it
    counts as unused."""
    s = start(5, ["Sebastian", "Gertrude", "Mama Rita", "Harold", "Claire"], face=3)
    s = play(s, throw(0, "Lamp", 2), {"act": "instant", "seat": 2, "card": "Pyrokinesis", "item": "play"},
             RESOLVE, die(0, 2))
    assert not s.spent[4] and summary(s)["plays"][-1]["outcome"] == "destroyed"


def test_nobody_acts_out_of_a_window_that_has_closed_and_turns_wait_for_it():
    s = start(3, face=3)
    s = play(s, throw(0, "Lamp", 1))
    assert "answers to Ann's throw of Lamp: Bo, Cy, Ann may still interfere" in refused(s, end(0))
    assert "this is not the time to turn the die" in refused(s, die(0, 2))
    s = play(s, RESOLVE)
    assert "none is open" in refused(s, RESOLVE)
    assert "there is no window to answer" in refused(s, PASS(1))


# -- Character Abilities -------------------------------------------------------------------------------
def test_an_ability_outside_a_window_pauses_the_turn_for_everyone_else():
    s = start(3, ["Gertrude", "RX-97", "Claire"], face=3)
    s = play(s, {"act": "ability", "seat": 2, "face": 8})  # Claire, on Ann's turn
    assert s.face == 8 and G.expected(s) == {"act": "window", "seat": 1, "kind": "ability", "order": [1, 0]}
    assert refused(s, PASS(2)) == "Cy used Prognosticate: the others answer it, Cy need not pass"
    assert "this is not the time to possess" in refused(s, possess(0, "Lamp"))
    s = play(s, PASS(1), PASS(0))
    assert G.expected(s) == {"act": "action", "seat": 0}
    reason = refused(s, {"act": "ability", "seat": 2, "face": 1})
    assert reason == "Cy has already used Prognosticate this game (once per game)"


def test_the_user_of_an_ability_may_play_an_instant_in_its_window():
    """Instants "may be played at any time": the ability's user is not awaited in its window
    (R8) but may act there, as everyone listed in priority order by legal()."""
    s = start(3, ["Gertrude", "RX-97", "Claire"], face=3)
    s = play(s, possess(0, "Lamp", to=1), RESOLVE, die(0, 2), end(0))  # Bo has Lamp #1
    s = play(s, {"act": "ability", "seat": 0, "item": 1})  # Pyromania on Bo's turn
    assert G.expected(s) == {"act": "window", "seat": 2, "kind": "ability", "order": [2, 1]}
    movers = [a["seat"] for a in G.legal(s) if a["act"] == "instant"]
    assert list(dict.fromkeys(movers)) == [2, 0, 1]  # priority from Bo's left: Cy, Ann, Bo
    for action in G.legal(s):
        assert play(s, action) is not None  # legal() and apply() agree
    s = play(s, {"act": "instant", "seat": 0, "card": "Hex"})
    assert G.expected(s)["order"] == [2, 0, 1]  # everyone answers the Hex, Ann too
    assert summary(s)["effects"][-1]["player"] == "Ann"
    s = play(s, PASS(2), PASS(0), PASS(1))
    assert G.expected(s) == {"act": "action", "seat": 1}


def test_charges_apply_moves_an_item_and_makes_room():
    s = start(3, ["Mama Rita", "Gertrude", "Sebastian"], face=3)
    s = play(s, possess(0, "Lamp"), RESOLVE, die(0, 2), possess(0, "Lamp", to=1), RESOLVE, die(0, 5), end(0))
    s = play(s, possess(1, "Lamp"), RESOLVE, die(1, 2), possess(1, "Lamp"), RESOLVE, die(1, 5))
    assert [i for i, _ in s.possessed[1]] == [2, 3, 4]
    assert "a different player's possession" in refused(s, {"act": "ability", "seat": 0, "item": 2, "to": 1})
    s = play(s, {"act": "ability", "seat": 0, "item": 1, "to": 1})  # Mama Rita's own Lamp to Bo
    assert G.expected(s) == {"act": "make_room", "seat": 1}
    s = play(s, {"act": "make_room", "seat": 1, "item": 3})
    assert s.possessed[1] == ((2, "Lamp"), (4, "Lamp"), (1, "Lamp"))  # #1 keeps its number
    assert G.expected(s)["kind"] == "ability" and G.expected(s)["order"] == [2, 1]
    assert summary(s)["abilities"][0] == {"turn": 2, "player": "Ann", "character": "Mama Rita",
                                          "ability": "Charges Apply", "item": 1, "card": "Lamp",
                                          "from": "Ann", "to": "Bo"}


def test_pyromania_destroys_a_possessed_item_or_the_play():
    s = start(3, ["Gertrude", "RX-97", "Sebastian"], face=3)
    s = play(s, possess(0, "Lamp", to=1), RESOLVE, die(0, 2), end(0))
    s = play(s, {"act": "ability", "seat": 0, "item": 1}, RESOLVE)
    assert s.possessed[1] == () and s.discard == ("Lamp",) and s.spent[0]


def test_guaranteed_delivery_lets_only_abilities_affect_harolds_next_throw():
    s = start(3, ["Harold", "Gertrude", "RX-97"], face=3)
    s = play(s, {"act": "ability", "seat": 0}, RESOLVE)
    assert seat(s, 0)["guaranteed_delivery"] is True
    s = play(s, throw(0, "Lamp", 1))
    assert summary(s)["play"]["protected"] and not seat(s, 0)["guaranteed_delivery"]
    reason = refused(s, {"act": "instant", "seat": 1, "card": "Pyrokinesis", "item": "play"})
    assert reason == "Ann's Lamp is under Guaranteed Delivery: only character abilities can affect it, not Pyrokinesis"
    assert "Guaranteed Delivery" in refused(s, {"act": "instant", "seat": 1, "card": "Deflection", "item": "play"})
    s = play(s, {"act": "ability", "seat": 2, "target": 2})  # Circuit Breaker: an ability may
    s = play(s, RESOLVE, die(0, 2))
    assert s.health[2] == 8 and summary(s)["plays"][-1]["protected"] is True


def test_guaranteed_delivery_in_flight_and_pyromania_still_works():
    s = start(3, ["Harold", "Gertrude", "RX-97"], face=3)
    s = play(s, throw(0, "Lamp", 1), {"act": "ability", "seat": 0})  # protects the throw in flight
    assert summary(s)["play"]["protected"] and not seat(s, 0)["guaranteed_delivery"]
    s = play(s, {"act": "ability", "seat": 1, "item": "play"}, RESOLVE, die(0, 2))  # Pyromania
    assert s.health[1] == 10 and summary(s)["plays"][-1]["outcome"] == "destroyed"


def test_scrounge_takes_a_card_from_the_discard_pile():
    s = start(3, ["Ed", "Gertrude", "RX-97"], face=3)
    s = play(s, throw(0, "Lamp", 1), RESOLVE, die(0, 4))  # missed: the Lamp is on the pile
    assert "no Armchair in the discard pile" in refused(s, {"act": "ability", "seat": 0, "card": "Armchair"})
    s = play(s, {"act": "ability", "seat": 0, "card": "Lamp"}, RESOLVE)
    assert seat(s, 0)["hand_known"] == ["Lamp"] and s.hand(0) == 5 and s.discard == ()


def test_scrounge_names_an_unseen_card_on_the_pile():
    s = start(3, ["Ed", "Gertrude", "RX-97"], face=3)
    s = play(s, {"act": "discard", "seat": 0, "count": 2}, {"act": "ability", "seat": 0, "card": "Armchair"})
    assert s.discard_unknown == 1 and s.known[0] == ("Armchair",)


def test_circuit_breaker_changes_the_target():
    s = start(3, ["Gertrude", "RX-97", "Sebastian"], face=3, redirect="not-thrower")
    assert "no item is being thrown" in refused(s, {"act": "ability", "seat": 1, "target": 2})
    s = play(s, throw(0, "Lamp", 1))
    assert refused(s, {"act": "ability", "seat": 1, "target": 1}) == "Bo is already the target"
    assert "setting redirect: not-thrower" in refused(s, {"act": "ability", "seat": 1, "target": 0})
    s = play(s, {"act": "ability", "seat": 1, "target": 2}, RESOLVE, die(0, 2))
    assert s.health == (10, 10, 8)


def test_eminent_domain_takes_an_item_from_the_deck_known_to_myr_alone():
    s = start(3, ["Myr", "Gertrude", "RX-97"], face=3)
    assert "Eminent Domain takes an item" in refused(s, {"act": "ability", "seat": 0, "card": "Pyrokinesis"})
    s = play(s, {"act": "ability", "seat": 0, "card": "Grandfather Clock"}, RESOLVE)
    assert s.deck == 65 - 1 and s.hand(0) == 6 and s.private[0] == ("Grandfather Clock",)
    assert G.view(s, 0)["seats"][0]["hand_known"] == ["Grandfather Clock"]
    assert G.view(s, 1)["seats"][0]["hand_known"] == [] and G.view(s, None)["abilities"][0]["card"] == "hidden"
    s = play(s, throw(0, "Grandfather Clock", 1))  # from the private card, not an unseen one
    assert s.private[0] == () and s.unknown[0] == 5


def test_eminent_domains_item_is_hidden_in_a_plays_interference():
    s = start(3, ["Myr", "Gertrude", "Claire"], first=1, face=3)
    s = play(s, throw(1, "Grandfather Clock", 2), {"act": "ability", "seat": 0, "card": "Grandfather Clock"})
    for viewer in (None, 1, 2):  # the shared screen and the other seats
        assert G.view(s, viewer)["play"]["interference"] == [{"player": "Ann", "act": "ability",
                                                              "ability": "Eminent Domain", "card": "hidden"}]
    assert G.view(s, 0)["play"]["interference"][0]["card"] == "Grandfather Clock"  # Myr sees his own
    s = play(s, RESOLVE, die(1, 2))
    assert G.view(s, None)["plays"][-1]["interference"][0]["card"] == "hidden"
    assert G.view(s, 2)["plays"][-1]["interference"][0]["card"] == "hidden"
    assert G.view(s, 0)["plays"][-1]["interference"][0]["card"] == "Grandfather Clock"
    assert summary(s)["plays"][-1]["interference"][0]["card"] == "Grandfather Clock"  # the whole record


def test_an_eliminated_myrs_secret_item_goes_to_the_pile_unseen():
    """Objective: an eliminated player discards his hand; the item only Myr knew goes to the
    pile among the unseen cards, never by name."""
    s = start(3, ["Myr", "Gertrude", "Claire"], first=1, face=3, health=2)
    s = play(s, {"act": "ability", "seat": 0, "card": "Grandfather Clock"}, RESOLVE)
    s = play(s, throw(1, "Lamp", 0), RESOLVE, die(1, 2))  # 3 -> 2: the Lamp hits Ann for 2
    assert s.out[0] and s.hand(0) == 0
    assert s.discard == ("Lamp",) and s.discard_unknown == 6  # five unseen cards and his secret one
    assert G.view(s, None)["discard"] == {"count": 7, "known": ["Lamp"]}


def test_a_hand_known_only_to_myr_is_not_named_in_a_refusal():
    s = start(2, ["Myr", "Gertrude"], face=3)
    hex_ = {"act": "instant", "seat": 0, "card": "Hex"}
    s = play(s, {"act": "ability", "seat": 0, "card": "Grandfather Clock"}, RESOLVE,
             {"act": "discard", "seat": 0, "count": 2}, {"act": "discard", "seat": 0, "count": 2}, hex_)
    assert s.unknown[0] == 0 and s.private[0] == ("Grandfather Clock",)  # Ann's one card: her secret
    assert refused(s, hex_) == "Ann has no Hex in hand: Ann's hand is known to be 1 card only Ann has seen"


def test_charm_only_on_sebastians_turn_and_until_his_next():
    s = start(3, ["Gertrude", "Sebastian", "RX-97"], face=3)
    assert refused(s, {"act": "ability", "seat": 1}) == "Charm may only be used during Bo's own turn"
    s = play(s, end(0), {"act": "ability", "seat": 1}, RESOLVE, end(1))
    assert seat(s, 1)["charmed"]
    assert "Bo is under Charm" in refused(s, throw(2, "Lamp", 1))
    s = play(s, throw(2, "Lamp", 0))
    assert "Bo is under Charm" in refused(s, {"act": "ability", "seat": 2, "target": 1})
    s = play(s, RESOLVE, die(2, 2), end(2), end(0))
    assert not seat(s, 1)["charmed"]  # Bo's next turn has started


def test_charm_leaves_a_throw_already_turned_on_sebastian_no_target():
    """R11: "no one can throw items at you" covers a throw in flight at Sebastian when he
    charms (his own, turned on him by Circuit Breaker): it lands on no one (R13)."""
    s = start(3, ["Sebastian", "RX-97", "Gertrude"], face=3)
    s = play(s, throw(0, "Armchair", 1), {"act": "ability", "seat": 1, "target": 0},
             {"act": "ability", "seat": 0}, RESOLVE, die(0, 6))  # 3 -> 6: the Armchair activates
    assert s.health == (10, 10, 10) and s.charmed[0]
    last = summary(s)["plays"][-1]
    assert last["outcome"] == "no target" and last["damage"] is None and last["target"] == "Ann"
    assert s.discard == ("Armchair",)


def test_circuit_breaker_cannot_redirect_at_a_charmed_player():
    s = start(3, ["Gertrude", "Sebastian", "RX-97"], face=3)
    s = play(s, end(0), {"act": "ability", "seat": 1}, RESOLVE, end(1), throw(2, "Lamp", 0))
    assert "Bo is under Charm" in refused(s, {"act": "ability", "seat": 2, "target": 1})


def test_prognosticate_sets_the_die_or_is_claires_own_turn_of_it():
    s = start(3, ["Claire", "Gertrude", "RX-97"], face=3)
    s = play(s, throw(0, "Armchair", 1), RESOLVE)
    s = play(s, {"act": "ability", "seat": 0, "face": 1})  # her die step: the turn itself
    assert s.face == 1 and s.health[1] == 7 and summary(s)["plays"][-1]["face_after"] == 1
    assert G.expected(s)["kind"] == "ability"


def test_prognosticate_only_sets_the_die_with_the_set_reading():
    s = start(3, ["Claire", "Gertrude", "RX-97"], face=3, prognosticate="set")
    s = play(s, throw(0, "Armchair", 1), RESOLVE, {"act": "ability", "seat": 0, "face": 1}, PASS(1), PASS(2))
    assert s.face == 1 and G.expected(s) == {"act": "die", "seat": 0}
    s = play(s, die(0, 8))  # 1 -> 8: the Armchair (1, 6) misses
    assert s.health[1] == 10


# -- corrections: effects the players resolve ------------------------------------------------------------
def test_a_continuous_items_effect_is_entered_with_its_cause():
    s = _claire_with_music_box_and_harold_with_jack()
    assert "cause must name a card" in refused(s, {"act": "hurt", "seat": 1, "amount": 1, "cause": "Lamp"})
    s = play(s, {"act": "hurt", "seat": 1, "amount": 1, "cause": "Music Box"})
    assert s.health[1] == 9
    s = play(s, {"act": "heal", "seat": 1, "amount": 5, "cause": "Music Box"})
    assert s.health[1] == 10  # never above the top
    assert "at the counter's top" in refused(s, {"act": "heal", "seat": 1, "amount": 1, "cause": "Music Box"})
    s = play(s, {"act": "draw", "seat": 2, "count": 2, "cause": "Music Box"},
             {"act": "destroy", "item": 2, "cause": "Music Box"})
    assert s.hand(2) == 7 and s.possessed[1] == ()
    assert [c["act"] for c in summary(s)["corrections"]] == ["hurt", "heal", "draw", "destroy"]


def test_an_instant_the_companion_cannot_compute_turns_the_die_by_its_cause():
    s = start(3, face=3)
    s = play(s, throw(0, "Lamp", 1), {"act": "instant", "seat": 0, "card": "Hex"}, RESOLVE)
    assert summary(s)["effects"][0]["resolved_by"] == "the players"
    s = play(s, die(0, 5, cause="Hex"))  # 3 -> 5 is no edge; Hex said so
    assert s.health[1] == 8
    assert "cause must name" in refused(play(start(3, face=3), throw(0, "Lamp", 1), RESOLVE),
                                        die(0, 5, cause="Hex"))


# -- the catalog -------------------------------------------------------------------------------------------
def test_a_play_needing_an_unknown_figure_is_refused_until_defined():
    s = play(G.setup({"game": "clairvoyance", "players": ["Ann", "Bo", "Cy"],
                      "characters": ["Gertrude", "RX-97", "Sebastian"]}), *opening(3))
    reason = refused(s, throw(0, "Armchair", 1))
    assert reason.startswith("Armchair's damage is not known yet, and a thrown item deals it: define it first")
    assert "activation faces are not known yet" in refused(s, possess(0, "Lamp"))
    s = play(s, {"act": "define", "card": {"name": "Armchair", "type": "item", "damage": 3}})
    s = play(s, throw(0, "Armchair", 1), RESOLVE, die(0, 6))
    assert s.health[1] == 7
    assert "a figure once known cannot change" in refused(
        s, {"act": "define", "card": {"name": "Lamp", "type": "item", "damage": 3}})
    s = play(s, {"act": "define", "card": {"name": "Tea Set", "type": "item", "faces": [5], "damage": 1,
                                           "use": "none"}})
    assert s.cards["Tea Set"].faces == (5,)


# -- The Turn: discards, drawing, the deck -----------------------------------------------------------------
def test_discarding_and_drawing_up_to_five():
    s = start(3, face=3)
    s = play(s, {"act": "discard", "seat": 0, "count": 2}, {"act": "discard", "seat": 0, "cards": ["Lamp"]})
    assert s.hand(0) == 2 and s.discard == ("Lamp",) and s.discard_unknown == 2
    assert "both actions" in refused(s, {"act": "discard", "seat": 0, "count": 1})
    s = play(s, end(0))
    assert s.hand(0) == 5 and s.deck == 65 - 3 and s.turn == 1


def test_the_deck_is_replenished_from_the_discard_pile():
    s = start(3, face=3, deck=16)  # one card left in the deck after dealing
    s = play(s, {"act": "discard", "seat": 0, "count": 2}, {"act": "discard", "seat": 0, "cards": ["Lamp"]}, end(0))
    assert s.hand(0) == 5 and s.deck == 1 and s.discard == () and s.discard_unknown == 0  # 1 + 3 - 3 drawn


def test_the_deck_is_replenished_at_once_with_that_reading():
    s = start(3, face=3, deck=16, refill="at-once")
    s = play(s, {"act": "discard", "seat": 0, "count": 1})
    assert s.deck == 1 and s.discard_unknown == 1
    s = play(s, end(0))  # draws 1: the deck is empty, the pile (1 card) becomes the deck at once
    assert s.deck == 1 and s.discard_unknown == 0 and s.hand(0) == 5


def test_cards_are_conserved():
    s = start(3, face=3)
    s = play(s, possess(0, "Lamp"), RESOLVE, die(0, 2), throw(0, "Lamp", 1))
    assert s.cards_total() == 80  # the Lamp in flight counts


# -- moments the rulebook does not spell out (docs/clairvoyance.md, readings) --------------------------
def _with_music_box(players=3, **extra):
    """Ann possesses a Music Box (an effect the players resolve: a cause for corrections)."""
    s = start(players, face=4, **extra)
    return play(s, possess(0, "Music Box"), RESOLVE, die(0, 7))  # 4 -> 7: Music Box #1


def test_a_target_out_before_the_throw_lands_takes_no_damage():
    s = _with_music_box(health=3)
    s = play(s, throw(0, "Jack-in-the-Box", 1), {"act": "hurt", "seat": 1, "amount": 3, "cause": "Music Box"})
    assert s.out[1] and G.expected(s)["order"] == [2, 0]  # Bo left the window
    s = play(s, RESOLVE, die(0, 4))  # 7 -> 4: the Jack-in-the-Box activates, but its target is gone
    last = summary(s)["plays"][-1]
    assert last["outcome"] == "no target" and last["damage"] is None and s.discard[-1] == "Jack-in-the-Box"


def test_the_turn_holder_out_mid_window_abandons_the_play():
    s = _with_music_box(players=4, health=3)
    s = play(s, throw(0, "Lamp", 1), {"act": "hurt", "seat": 0, "amount": 5, "cause": "Music Box"})
    assert s.out[0] and s.turn == 1 and s.window is None and s.play is None
    assert summary(s)["plays"][-1]["outcome"] == "abandoned" and "Lamp" in s.discard
    assert s.cards_total() == 80


def test_a_throw_whose_target_is_gone_lands_on_no_one():
    s = _with_music_box(players=4, health=3)
    s = play(s, end(0), end(1), end(2), end(3))  # round to Ann again, the die on 7
    s = play(s, {"act": "throw", "seat": 0, "item": 1, "target": 1},
             {"act": "hurt", "seat": 1, "amount": 3, "cause": "Music Box"}, RESOLVE)
    last = summary(s)["plays"][-1]
    assert last["outcome"] == "no target" and last["damage"] is None and s.discard[-1] == "Music Box"


def test_guaranteed_delivery_refuses_any_card_aimed_at_the_throw_and_any_cause_for_its_die():
    """R5: only character abilities affect Harold's protected throw — an instant or item effect
    the players resolve may not be aimed at it, nor be the cause of a turn of its die."""
    s = start(3, ["Harold", "Gertrude", "Claire"], face=3)
    s = play(s, possess(0, "Ouija Board", to=1), RESOLVE, die(0, 2))  # 3 -> 2: Bo has Ouija Board #1
    s = play(s, {"act": "ability", "seat": 0}, RESOLVE, throw(0, "Grandfather Clock", 1))
    guarded = "Ann's Grandfather Clock is under Guaranteed Delivery: only character abilities can affect it, not "
    assert refused(s, {"act": "instant", "seat": 1, "card": "Hex", "item": "play"}) == guarded + "Hex"
    assert refused(s, {"act": "use", "seat": 1, "item": 1, "target": "play"}) == guarded + "Ouija Board"
    s = play(s, {"act": "instant", "seat": 1, "card": "Hex"}, RESOLVE)  # aimed at nothing: allowed
    assert refused(s, die(0, 6, cause="Hex")) == guarded + "Hex"
    assert sorted(a["face"] for a in G.legal(s) if a["act"] == "die") == [1, 3, 5]  # no caused turn
    for action in G.legal(s):
        assert play(s, action) is not None  # legal() and apply() agree
    s = play(s, die(0, 1))  # 2 -> 1: the Clock hits Bo
    assert s.health[1] == 6 and summary(s)["plays"][-1]["protected"] is True


def test_what_is_done_while_the_die_is_still_to_turn_joins_the_plays_record():
    """``interference`` is the play's record of what was done to it: an instant, an item effect
    or an ability used after its window closed, before its die turns, belongs there too."""
    s = start(3, ["Sebastian", "Mama Rita", "Gertrude"], face=3)
    s = play(s, throw(0, "Lamp", 1), RESOLVE, {"act": "instant", "seat": 1, "card": "Deflection", "item": "play"})
    assert summary(s)["play"]["stage"] == "die"
    s = play(s, {"act": "ability", "seat": 2, "item": "play"}, RESOLVE, die(0, 2))  # Pyromania, then the die
    last = summary(s)["plays"][-1]
    assert last["outcome"] == "destroyed" and last["interference"] == [
        {"player": "Bo", "act": "instant", "card": "Deflection", "target": "play", "reduced": 1},
        {"player": "Cy", "act": "ability", "ability": "Pyromania", "target": "play", "destroyed": "Lamp"}]


def test_corrections_cannot_touch_a_guaranteed_delivery():
    s = start(3, ["Harold", "Gertrude", "RX-97"], face=4)
    s = play(s, possess(0, "Music Box"), RESOLVE, die(0, 7), {"act": "ability", "seat": 0}, RESOLVE)
    s = play(s, throw(0, "Lamp", 1))
    assert "Guaranteed Delivery" in refused(s, {"act": "destroy", "item": "play", "cause": "Music Box"})


def test_eminent_domain_searches_a_replenished_deck_and_not_an_empty_one():
    s = start(2, ["Myr", "Gertrude"], face=3, deck=10)  # every card dealt: the deck is empty
    assert s.deck == 0
    assert "nothing to search" in refused(s, {"act": "ability", "seat": 0, "card": "Lamp"})
    s = play(s, {"act": "discard", "seat": 0, "count": 1}, {"act": "ability", "seat": 0, "card": "Lamp"})
    assert s.deck == 0 and s.discard_unknown == 0 and s.private[0] == ("Lamp",)  # the pile's one card


def test_nothing_but_making_room_while_room_is_owed():
    s = start(3, ["Mama Rita", "Gertrude", "Sebastian"], face=3)
    s = play(s, possess(0, "Lamp", to=1), RESOLVE, die(0, 2), possess(0, "Lamp", to=1), RESOLVE, die(0, 5), end(0))
    s = play(s, possess(1, "Lamp"), RESOLVE, die(1, 2), end(1), end(2))
    s = play(s, possess(0, "Lamp"), RESOLVE, die(0, 5), {"act": "ability", "seat": 0, "item": 4, "to": 1})
    assert G.expected(s) == {"act": "make_room", "seat": 1}
    assert "make_room" in refused(s, {"act": "instant", "seat": 2, "card": "Pyrokinesis", "item": 1})
    assert G.expected(play(s, {"act": "make_room", "seat": 1, "item": 1}))["kind"] == "ability"
    assert refused(s, RESOLVE) == ("this is not the time to resolve the window: the table owes Bo's choice of one "
                                   "of three possessed items to discard (\"make_room\")")
    assert "make_room" in refused(s, PASS(2))  # the Charges Apply window waits for the room
    assert G.legal(s) == [{"act": "make_room", "seat": 1, "item": i} for i in (1, 2, 3)]


def test_legal_offers_every_catalog_card_an_unseen_hand_may_hold():
    s = start(3, face=3)
    possesses = {a["card"] for a in G.legal(s) if a["act"] == "possess"}
    assert possesses == {c.name for c in s.cards.values() if c.item and c.faces is not None}
    instants = {(a["seat"], a["card"]) for a in G.legal(s) if a["act"] == "instant"}
    assert (1, "Pyrokinesis") not in instants  # nothing to destroy yet
    assert (1, "Hex") in instants and (2, "Hex") in instants
    known = play(start(3, ["Ed", "Gertrude", "RX-97"], face=3), {"act": "discard", "seat": 0, "count": 2},
                 {"act": "discard", "seat": 0, "cards": ["Lamp"]}, {"act": "ability", "seat": 0, "card": "Lamp"},
                 RESOLVE)
    assert [a for a in G.legal(known) if a["act"] == "possess"] == []  # both actions taken
    for action in G.legal(s):
        assert play(s, action) is not None
