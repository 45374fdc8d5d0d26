"""companion.engine.turns: the turn orders the four rulebooks ask for.

Seats are numbered from 0 clockwise.  Scenarios:

- Clairvoyance: "Turn order goes clockwise. Pass the die to the next player";
  a player at 0 health "is now out of the game".
- ESP: "The winner takes all cards from the trick ... and leads the next trick";
  the First Seer token "passes to the next player clockwise".
- Séance Party: "Who ever has the highest speed will take a turn first ...
  Play passes to the next fastest player."
- Clairvoyance's Note: "the person closest to the left of the turn-holder gets
  to have their move take place first".
"""

from __future__ import annotations

from companion.engine import Match
from companion.engine.turns import clockwise, left_of, next_clockwise, speed_order
from companion.games.esp import ESP

# Clairvoyance, five players round the table of Myr's Antique Shoppe.
GERTRUDE, RX97, HAROLD, CLAIRE, ED = range(5)
SEATS = 5


# -- clockwise, skipping the eliminated (Clairvoyance) ----------------------------------------
def test_clockwise_from_the_first_player_covers_every_seat_once():
    assert clockwise(HAROLD, SEATS) == [HAROLD, CLAIRE, ED, GERTRUDE, RX97]


def test_clockwise_skips_a_player_knocked_out_of_the_game():
    # RX-97 has dropped to 0 health: the die passes over that seat.
    assert clockwise(GERTRUDE, SEATS, skip={RX97}) == [GERTRUDE, HAROLD, CLAIRE, ED]


def test_clockwise_from_an_eliminated_seat_starts_at_the_next_one_in_play():
    assert clockwise(RX97, SEATS, skip={RX97}) == [HAROLD, CLAIRE, ED, GERTRUDE]


def test_the_die_passes_to_the_next_player_still_in_the_game():
    assert next_clockwise(GERTRUDE, SEATS) == RX97
    assert next_clockwise(GERTRUDE, SEATS, skip={RX97, HAROLD}) == CLAIRE


def test_the_die_wraps_round_the_table_past_eliminated_seats():
    assert next_clockwise(ED, SEATS) == GERTRUDE
    assert next_clockwise(ED, SEATS, skip={GERTRUDE}) == RX97


def test_a_turn_holder_knocked_out_on_their_own_turn_still_passes_the_die_on():
    assert next_clockwise(CLAIRE, SEATS, skip={CLAIRE}) == ED


def test_the_last_player_standing_is_their_own_next_and_nobody_left_is_none():
    others = {GERTRUDE, RX97, HAROLD, ED}
    assert next_clockwise(CLAIRE, SEATS, skip=others) == CLAIRE
    assert next_clockwise(CLAIRE, SEATS, skip=set(range(SEATS))) is None
    assert clockwise(CLAIRE, SEATS, skip=set(range(SEATS))) == []


def test_two_players_alternate():
    assert [next_clockwise(s, 2) for s in (0, 1)] == [1, 0]


# -- a trick's winner leads the next (ESP) ----------------------------------------------------
def test_the_next_trick_runs_clockwise_from_its_winner():
    assert clockwise(2, 4) == [2, 3, 0, 1]


def _esp_after_one_trick() -> Match:
    match = Match.start(ESP, {"game": "esp", "players": ["Ann", "Bo", "Cy"]})
    for action in (
        {"act": "predict", "seat": 0, "claim": "circle"},
        {"act": "predict", "seat": 1, "claim": "cross"},
        {"act": "predict", "seat": 2, "claim": 1},
        {"act": "vision", "card": "5 star"},  # nobody predicted star or 5: no aspect
        {"act": "play", "seat": 0, "card": "2 square"},
        {"act": "play", "seat": 1, "card": "1 square"},
        {"act": "play", "seat": 2, "card": "5 square"},  # highest of the lead suit
    ):
        assert match.play(action) is None, action
    return match


def test_esp_the_trick_winner_leads_the_next_trick():
    match = _esp_after_one_trick()
    assert ESP.summary(match.state)["rounds"][0]["tricks"][0]["winner"] == 2
    assert ESP.expected(match.state) == {"act": "play", "seat": 2}
    assert {a["seat"] for a in ESP.legal(match.state)} == {2}


def test_esp_the_first_seer_may_not_lead_after_losing_the_trick():
    match = _esp_after_one_trick()
    refusal = match.play({"act": "play", "seat": 0, "card": "3 circle"})
    assert refusal is not None
    assert refusal.reason == "it is Cy's turn to play, not Ann's"


def test_esp_play_then_runs_clockwise_from_the_new_leader():
    match = _esp_after_one_trick()
    order = []
    for card in ("1 circle", "3 circle", "2 circle"):
        owed = ESP.expected(match.state)
        order.append(owed["seat"])
        assert match.play({"act": "play", "seat": owed["seat"], "card": card}) is None
    assert order == clockwise(2, 3) == [2, 0, 1]
    # Ann's 3 circle is the highest circle: Ann leads the third trick.
    assert ESP.expected(match.state) == {"act": "play", "seat": 0}


# -- speed order with ties (Séance Party) -----------------------------------------------------
def test_the_fastest_player_goes_first_then_the_next_fastest():
    assert speed_order([7, 12, 3, 9]) == [1, 3, 0, 2]


def test_equal_speeds_fall_back_to_seat_order_by_default():
    # Bo and Dee both total 9: the default tie-break is the lower seat.
    assert speed_order([4, 9, 6, 9]) == [1, 3, 2, 0]


def test_a_tie_break_decides_between_equal_speeds():
    # The rulebook gives no tie rule; a game may break ties, e.g. by a roll the
    # table reports in an action (higher roll first).
    rolls = {1: 2, 3: 5}
    assert speed_order([4, 9, 6, 9], tie_break=lambda seat: -rolls.get(seat, 0)) == [3, 1, 2, 0]


def test_the_tie_break_never_overrides_a_faster_speed():
    assert speed_order([10, 9], tie_break=lambda seat: -seat) == [0, 1]


def test_a_player_with_no_spirit_energy_left_takes_no_turn():
    assert speed_order([7, 12, 3, 9], skip={1}) == [3, 0, 2]


def test_all_speeds_equal_is_clockwise_from_seat_zero():
    assert speed_order([5, 5, 5, 5]) == [0, 1, 2, 3]


def test_speed_order_leaves_the_speeds_untouched():
    speeds = [3, 8, 8]
    speed_order(speeds)
    assert speeds == [3, 8, 8]


# -- priority from the turn-holder's left (Clairvoyance) --------------------------------------
def test_priority_starts_at_the_turn_holders_left_and_ends_with_the_turn_holder():
    assert left_of(HAROLD, SEATS, range(SEATS)) == [CLAIRE, ED, GERTRUDE, RX97, HAROLD]


def test_priority_keeps_only_the_players_who_want_to_act():
    assert left_of(HAROLD, SEATS, {GERTRUDE, CLAIRE}) == [CLAIRE, GERTRUDE]
    assert left_of(HAROLD, SEATS, []) == []
