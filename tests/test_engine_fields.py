"""companion.engine.fields: malformed actions are refused in sentences a player reads.

Every check is exercised both directly and through a real game (ESP), since
that is how players meet them: a line typed, imported or replayed.
"""

from __future__ import annotations

import json
import math

import pytest

from companion.engine import Match
from companion.engine.fields import (
    COMMON_FIELDS,
    act_of,
    check_fields,
    choice_of,
    player_names,
    require_object,
    seat_of,
    time_of,
)
from companion.engine.refusal import REASON_LIMIT, Refusal, Refused, elide, quote
from companion.games.esp import ESP

PLAYERS = ["Ann", "Bo", "Cy"]


def refusal(call) -> str:
    with pytest.raises(Refused) as caught:
        call()
    reason = caught.value.reason
    assert_is_a_sentence(reason)
    return reason


def assert_is_a_sentence(reason: str) -> None:
    """A refusal is one line of words about the game, never code talk."""
    assert isinstance(reason, str) and reason.strip() == reason and reason
    assert "\n" not in reason
    for code_talk in ("Traceback", "Error", "Exception", "NoneType", "<class", "KeyError", "self."):
        assert code_talk not in reason, reason


def esp_match() -> Match:
    return Match.start(ESP, {"game": "esp", "players": PLAYERS})


def esp_refusal(action) -> str:
    result = esp_match().play(action)
    assert result is not None, f"{action} was accepted"
    assert_is_a_sentence(result.reason)
    return result.reason


# -- seats ------------------------------------------------------------------------------------
def test_a_seat_given_as_true_is_refused_not_read_as_seat_1():
    assert refusal(lambda: seat_of({"seat": True}, PLAYERS)) == "seat must be a seat number from 0 to 2, not True"
    assert refusal(lambda: seat_of({"seat": False}, PLAYERS)).endswith("not False")


def test_esp_refuses_a_boolean_seat():
    reason = esp_refusal({"act": "predict", "seat": True, "claim": "star"})
    assert reason == "seat must be a seat number from 0 to 2, not True"


@pytest.mark.parametrize("seat", ["1", 1.0, None, [1]])
def test_a_seat_that_is_not_a_whole_number_is_refused(seat):
    assert refusal(lambda: seat_of({"seat": seat}, PLAYERS)).startswith("seat must be a seat number from 0 to 2")


@pytest.mark.parametrize("seat", [3, -1, 99])
def test_a_seat_nobody_sits_in_is_refused(seat):
    assert refusal(lambda: seat_of({"seat": seat}, PLAYERS)) == f"there is no seat {seat}: seats run from 0 to 2"


def test_a_seat_field_may_have_another_name():
    assert seat_of({"target": 2}, PLAYERS, field="target") == 2
    assert refusal(lambda: seat_of({"target": "Cy"}, PLAYERS, field="target")).startswith("target must be")


def test_a_good_seat_is_returned():
    assert [seat_of({"seat": s}, PLAYERS) for s in range(3)] == [0, 1, 2]


# -- the table clock ----------------------------------------------------------------------------
def test_no_time_is_none_and_a_time_is_seconds():
    assert time_of({"act": "play"}) is None
    assert time_of({"t": 0}) == 0.0
    assert time_of({"t": 12}) == 12.0 and isinstance(time_of({"t": 12}), float)
    assert time_of({"t": 90.25}) == 90.25


@pytest.mark.parametrize("t", [-1, -0.5])
def test_a_negative_time_is_refused(t):
    assert refusal(lambda: time_of({"t": t})) == f"t must be a time in seconds (a number of 0 or more), not {t!r}"


@pytest.mark.parametrize("t", [True, "12", [12], {"s": 1}, math.nan])
def test_a_time_that_is_not_a_number_is_refused(t):
    assert refusal(lambda: time_of({"t": t})).startswith("t must be a time in seconds")


def test_an_infinite_time_is_refused():
    # Python's json module reads the non-standard `Infinity`, so a log line can
    # carry it; a timer fed infinity expires at once and the journal would store
    # non-standard JSON.
    line = json.loads('{"act": "predict", "seat": 0, "claim": "star", "t": Infinity}')
    assert refusal(lambda: time_of(line)).startswith("t must be a time in seconds")


@pytest.mark.parametrize("t", [10 ** 400, -(10 ** 400)], ids=["huge", "huge-negative"])
def test_a_time_too_large_for_a_float_is_refused_without_quoting_it(t):
    # a log line may carry any whole number; float() of one this long overflows
    reason = refusal(lambda: time_of({"t": t}))
    assert reason == "t must be a time in seconds (a number of 0 or more), not a number that large"
    assert time_of({"t": 10 ** 300}) == 1e300


def test_esp_refuses_a_negative_time_and_accepts_a_good_one():
    assert esp_refusal({"act": "predict", "seat": 0, "claim": "star", "t": -3}).startswith("t must be a time")
    match = esp_match()
    assert match.play({"act": "predict", "seat": 0, "claim": "star", "t": 3.5}) is None
    assert match.actions[-1]["t"] == 3.5


# -- required and unknown fields ---------------------------------------------------------------
def test_a_missing_field_is_named():
    reason = refusal(lambda: check_fields({"act": "play", "seat": 1}, ["seat", "card"]))
    assert reason == 'a play line needs a "card" field'


def test_an_unknown_field_is_named_as_a_likely_typo():
    reason = refusal(lambda: check_fields({"act": "play", "seat": 1, "cards": "4 cross"}, ["seat"], ["card"]))
    assert reason == 'a play line has no field "cards"'


def test_act_and_t_are_allowed_on_every_action():
    assert COMMON_FIELDS == {"act", "t"}
    check_fields({"act": "vision", "card": "4 cross", "t": 8}, ["card"])


def test_a_bad_time_is_refused_by_the_field_check():
    assert refusal(lambda: check_fields({"act": "vision", "card": "4 cross", "t": "noon"}, ["card"])).startswith(
        "t must be a time"
    )


def test_esp_names_the_missing_and_the_unknown_field():
    assert esp_refusal({"act": "predict", "seat": 0}) == 'a predict line needs a "claim" field'
    assert esp_refusal({"act": "predict", "seat": 0, "claim": "star", "colour": "red"}) == (
        'a predict line has no field "colour"'
    )


# -- the act ------------------------------------------------------------------------------------
def test_an_unknown_act_lists_the_acts_the_game_knows():
    reason = refusal(lambda: act_of({"act": "plya"}, ("predict", "play")))
    assert reason == "unknown act 'plya' (expected one of: predict, play)"


def test_a_line_without_an_act_is_refused():
    assert refusal(lambda: act_of({"seat": 1}, ("play",))) == "the line names no act (expected one of: play)"


def test_an_act_that_is_not_text_is_refused():
    assert refusal(lambda: act_of({"act": 3}, ("play",))).startswith("unknown act 3")


@pytest.mark.parametrize("line", [[1, 2], "play", 7, None])
def test_a_line_that_is_not_an_object_is_refused(line):
    assert refusal(lambda: require_object(line)).startswith("each line must be a JSON object")
    assert refusal(lambda: act_of(line, ("play",))).startswith("each line must be a JSON object")


def test_esp_refuses_an_unknown_act():
    assert esp_refusal({"act": "dance", "seat": 0}).startswith("unknown act 'dance' (expected one of: predict")


# -- player names ------------------------------------------------------------------------------
def names(players, low=2, high=4):
    return player_names({"players": players}, low, high, "ESP")


def test_names_are_trimmed():
    assert names([" Ann", "Bo  "]) == ["Ann", "Bo"]


def test_too_few_or_too_many_players_are_refused_with_the_game_title():
    assert refusal(lambda: names(["Ann"])) == "ESP is for 2 to 4 players, not 1"
    assert refusal(lambda: names(["A", "B", "C", "D", "E"])) == "ESP is for 2 to 4 players, not 5"


@pytest.mark.parametrize("players", ["Ann, Bo", None, ["Ann", 7], {"Ann": 0}])
def test_players_must_be_a_list_of_names(players):
    assert refusal(lambda: names(players)) == 'players must be a list of names, e.g. ["Ann", "Bo", "Cy"]'


def test_every_player_needs_a_name():
    assert refusal(lambda: names(["Ann", "   "])) == "every player needs a name"


@pytest.mark.parametrize("players", [["Ann", "Ann"], ["Ann", "ann"], ["Ann", "Ann "], ["Zoë", "ZOË"]])
def test_two_players_may_not_share_a_name(players):
    assert refusal(lambda: names(players)) == "two players have the same name; give each a different one"


def test_esp_setup_refuses_bad_player_lists():
    with pytest.raises(Refused) as caught:
        Match.start(ESP, {"game": "esp", "players": ["Ann", "ann"]})
    assert caught.value.reason == "two players have the same name; give each a different one"
    with pytest.raises(Refused) as caught:
        Match.start(ESP, {"game": "esp", "players": ["Ann", "Bo", "Cy", "Di", "Ed"]})
    assert caught.value.reason == "ESP is for 2 to 4 players, not 5"


def test_an_before_a_vowel():
    from companion.engine.fields import check_fields
    with pytest.raises(Refused) as caught:
        check_fields({"act": "end"}, ["seat"])
    assert caught.value.reason == 'an end line needs a "seat" field'
    with pytest.raises(Refused) as caught:
        check_fields({"act": "use", "seat": 0}, ["seat", "item"])
    assert caught.value.reason == 'a use line needs an "item" field'
    with pytest.raises(Refused) as caught:
        check_fields({"act": "instant", "seat": 0, "x": 1}, ["seat"])
    assert caught.value.reason == 'an instant line has no field "x"'


def test_a_card_typed_in_other_capitals_is_the_known_card_not_a_second():
    from companion.games.clairvoyance.cards import SHIPPED, learn
    from companion.games.seance_party.cards import SHIPPED as SEANCE_SHIPPED, add_card

    cards = dict(SHIPPED)
    with pytest.raises(Refused, match="Jack-in-the-box is already known as Jack-in-the-Box"):
        learn(cards, {"name": "Jack-in-the-box", "type": "item", "faces": [1], "damage": 1, "use": "none"})
    assert "Jack-in-the-box" not in cards
    known = dict(SEANCE_SHIPPED)
    with pytest.raises(Refused, match="already known as Red Bean Bomb"):
        add_card(known, {"name": "red bean bomb", "type": "spell", "symbol": "circle", "element": "fire",
                         "attack": "d6", "speed": 2, "cursed": {"element": "fire", "attack": "d4", "speed": 1}})


# -- quoting what was typed: at most ~200 characters of it ----------------------------------------
def test_quote_shows_a_short_value_as_it_is():
    assert quote("stra") == "'stra'"
    assert quote(7) == "7" and quote([1, "a"]) == "[1, 'a']" and quote(None) == "None"


def test_quote_cuts_the_middle_of_a_long_value_and_says_its_length():
    assert quote("x" * 50_000_000) == "'" + "x" * 132 + "…" + "x" * 66 + "' (50,000,000 characters)"
    numbers = repr(list(range(1000)))
    assert quote(list(range(1000))) == numbers[:133] + "…" + numbers[-67:] + " (4,890 characters)"
    assert numbers[-67:].endswith(" 998, 999]") and len(numbers) == 4890


def test_quote_says_what_it_cannot_show():
    deep = []
    for _ in range(100_000):
        deep = [deep]
    assert quote(deep) == "a value too large to show"
    assert quote([10 ** 5000]) == "a value too large to show"  # repr() refuses past 4,300 digits


def test_quote_gives_a_long_whole_number_as_its_count_of_digits():
    """A number no field of ours needs (31 digits and more) says how long it is, as the box's
    files do: the same function quotes a refusal and a damaged settings file."""
    assert quote(10 ** 5000) == quote(-(10 ** 5000)) == "<a number of about 5000 digits>"
    assert quote(10 ** 40) == "<a number of about 40 digits>"
    assert quote(10 ** 29) == "1" + "0" * 29 and quote(True) == "True"


def test_elide_keeps_what_fits():
    assert elide("abc", 3) == "abc"
    assert elide("abcdefghij", 6) == "abcd…ij (10 characters)"


def test_fields_quote_huge_values_briefly():
    huge = "y" * 1_000_000
    assert refusal(lambda: act_of({"act": huge}, ("play",))) == (
        "unknown act '" + "y" * 132 + "…" + "y" * 66 + "' (1,000,000 characters) (expected one of: play)")
    assert refusal(lambda: seat_of({"seat": huge}, PLAYERS)) == (
        "seat must be a seat number from 0 to 2, not '" + "y" * 132 + "…" + "y" * 66 + "' (1,000,000 characters)")
    assert refusal(lambda: time_of({"t": [0] * 100_000})) == (
        "t must be a time in seconds (a number of 0 or more), not [" + "0, " * 44 + "…" + ", 0" * 22 + "] "
        "(300,000 characters)")
    assert refusal(lambda: check_fields({"act": "play", huge: 1}, [])) == (
        'a play line has no field "' + "y" * 132 + "…" + "y" * 66 + '" (1,000,000 characters)')
    assert refusal(lambda: choice_of({"mode": huge}, "mode", ["party", "battle"], "party")) == (
        "mode must be \"party\" or \"battle\", not '" + "y" * 132 + "…" + "y" * 66 + "' (1,000,000 characters)")


# -- the safety net: any refusal, however it was written, stays short --------------------------
def test_a_refusal_that_quotes_a_huge_value_with_repr_is_cut_in_the_quoted_part():
    reason = Refused(f"there is no suit {'z' * 10_000!r} (the suits are circle, cross, wave, square, star)").reason
    assert reason == ("there is no suit '" + "z" * 132 + "…" + "z" * 66 + "' (10,000 characters) "
                      "(the suits are circle, cross, wave, square, star)")


def test_a_refusal_too_long_without_quotes_is_cut_in_the_middle():
    sentence = "Bo " * 1000 + "must follow star"
    reason = Refused(sentence).reason
    assert reason == sentence[:333] + "…" + sentence[-167:] + " (3,016 characters)"
    assert reason.startswith("Bo Bo ") and reason.endswith(" Bo must follow star (3,016 characters)")


def test_sentences_of_ordinary_length_are_untouched():
    long_but_fine = "Ann's hand must include " + ", ".join(f"card {n}" for n in range(50)) + ", known to be in it"
    assert len(long_but_fine) < REASON_LIMIT
    assert Refused(long_but_fine).reason == long_but_fine
    assert Refusal(long_but_fine).reason == long_but_fine
    assert Refusal("x" * 10_000).reason == "x" * 333 + "…" + "x" * 167 + " (10,000 characters)"


@pytest.mark.parametrize("text", ["'\\" * 300_000, "\"'" * 300_000, "it's " * 200_000, "'" + "\n'" * 300_000],
                         ids=["escaped quotes", "mixed quotes", "apostrophes", "quotes across lines"])
def test_shortening_takes_linear_time_whatever_the_quotes(text):
    """A search that followed backslash escapes took the square of the length on the first
    of these (600,000 characters: hours); each is now one pass."""
    reason = Refused(text).reason
    assert len(reason) < REASON_LIMIT + 30 and reason.endswith(f" ({len(text):,} characters)")


def test_a_card_name_differing_only_in_capitals_is_refused_alike_with_the_setups_index():
    from companion.engine.fields import check_card_name

    known = ["Cuckoo Clock", "Lamp"]
    folded = {name.casefold(): name for name in known}
    for index in (None, folded):
        with pytest.raises(Refused) as caught:
            check_card_name(known, "cuckoo clock", index)
        assert caught.value.reason == "cuckoo clock is already known as Cuckoo Clock: name it Cuckoo Clock, as it is printed"
        check_card_name(known, "Cuckoo Clock", index)  # the same spelling is the same card
    check_card_name(known, "Sundial", folded)
    assert folded["sundial"] == "Sundial"  # the index learns the new name: a set-up stays linear
    with pytest.raises(Refused):
        check_card_name(known, "SUNDIAL", folded)
