"""The Zener card test's protocol, scenario by scenario (docs/zener-test.md): who calls and
who turns the cards, when each card is entered, a closed deck's five of each, the companion's
own shuffle, the end of a run and of a sitting — and every bad entry refused in a sentence
that names the players."""

from __future__ import annotations

import random

import pytest

from companion.engine import Refusal, apply
from companion.engine.refusal import Refused
from companion.games.zener_test import ENTRY, ZENER_TEST as GAME
from companion.games.zener_test import rules
from companion.games.zener_test.secrets import other_cards

PACK = ["circle", "cross", "wave", "square", "star"] * 5  # a closed deck, in an order easy to follow


def table_setup(**fields):
    return {"game": "zener-test", "players": ["Ann", "Bo"], **fields}


def play(state, *actions):
    for action in actions:
        state = GAME.apply(state, action)
    return state


def call(symbol):
    return {"act": "call", "symbol": symbol}


def card(symbol):
    return {"act": "card", "symbol": symbol}


def refused(state, action) -> str:
    result = apply(GAME, state, action)
    assert isinstance(result, Refusal), f"{action} was accepted"
    return result.reason


# -- set-up ------------------------------------------------------------------------------------
def test_setup_defaults_follow_who_sits():
    two = GAME.setup(table_setup())
    assert (two.table.mode, two.table.holder, two.table.deck, two.table.feedback, two.table.runs) == \
        ("telepathy", "table", "closed", "run", 4)
    assert two.deck is None and two.table.dealer == 1
    one = GAME.setup({"game": "zener-test", "players": ["Ann"]})
    assert one.table.holder == "companion" and one.table.dealer is None and len(one.deck) == 25


@pytest.mark.parametrize("line, reason", [
    (table_setup(cards="companion"), "when the companion holds the cards it is the sender and only the receiver "
                                     "sits: name one player, not Ann and Bo"),
    ({"game": "zener-test", "players": ["Ann"], "cards": "table", "mode": "telepathy"},
     "telepathy needs a sender who looks at each card: seat a second player beside Ann, choose clairvoyance, "
     "or let the companion hold the cards"),
    (table_setup(runs=0), "runs must be a whole number of runs from 1 to 40, not 0"),
    (table_setup(runs=True), "runs must be a whole number of runs from 1 to 40, not True"),
    (table_setup(runs=41), "runs must be a whole number of runs from 1 to 40, not 41"),
    (table_setup(deck="shut"), "deck must be \"closed\" or \"open\", not 'shut'"),
    (table_setup(feedback="always"), "feedback must be \"run\" or \"card\", not 'always'"),
    (table_setup(mode="precognition"), "mode must be \"telepathy\" or \"clairvoyance\", not 'precognition'"),
    (table_setup(sender="Bo"), "a setup line has no field \"sender\""),
    ({"game": "zener-test", "players": ["Ann", "Bo", "Cy"]}, "The Zener card test is for 1 to 2 players, not 3"),
])
def test_a_bad_setup_is_one_sentence(line, reason):
    with pytest.raises(Refused) as refusal:
        GAME.setup(line)
    assert refusal.value.reason == reason


def test_alone_with_a_real_pack_is_clairvoyance_down_through():
    state = GAME.setup({"game": "zener-test", "players": ["Cy"], "cards": "table"})
    assert state.table.dealer == 0 and state.table.mode == "clairvoyance"
    state = play(state, *[call("star")] * 25)
    assert GAME.expected(state) == {"act": "card", "seat": 0, "run": 1, "card": 1}
    assert GAME.view(state, None)["prompt"] == "Cy: check run 1, card 1"


# -- 5. the call and 6. the check -------------------------------------------------------------------
def test_checked_after_the_run_the_calls_come_first_then_the_cards_in_order():
    state = GAME.setup(table_setup())
    assert GAME.expected(state) == {"act": "call", "seat": 0, "run": 1, "card": 1}
    assert refused(state, card("star")) == \
        "Ann has not called any card of run 1 yet: the cards are checked once all 25 are called"
    state = play(state, *[call(s) for s in PACK[:3]])
    assert refused(state, card("star")) == \
        "the cards are checked once the run is called: Ann has called 3 of run 1's 25 cards"
    view = GAME.view(state, None)
    assert [place["card"] for place in view["slots"][:3]] == [None, None, None]  # no feedback yet
    assert view["progress"] == "3 of 25 called: the hits are counted when the run is checked"
    state = play(state, *[call(s) for s in PACK[3:]])
    assert GAME.expected(state) == {"act": "card", "seat": 1, "run": 1, "card": 1}
    assert refused(state, call("star")) == \
        "all 25 cards of run 1 are called: Bo now enters the cards in order, from card 1"
    state = play(state, *[card(s) for s in PACK])
    assert [score.hits for score in state.scores] == [25]
    assert GAME.expected(state) == {"act": "call", "seat": 0, "run": 2, "card": 1}


def test_shown_after_each_call_a_card_follows_every_call():
    state = GAME.setup(table_setup(feedback="card"))
    state = play(state, call("star"))
    assert GAME.expected(state) == {"act": "card", "seat": 1, "run": 1, "card": 1}
    assert refused(state, call("wave")) == "card 1 has been called but not shown: Bo enters it before Ann calls card 2"
    state = play(state, card("star"))
    view = GAME.view(state, None)
    assert view["slots"][0] == {"call": "star", "card": "star", "hit": True}
    assert view["last"] == {"call": "star", "card": "star", "hit": True}
    assert refused(state, card("star")) == "card 2 has not been called yet: Ann calls it before it is shown"
    # with a closed deck shown card by card, chance is judged against the cards left
    assert view["progress"] == "1 hit in 1 card shown (0.2 expected by chance)"
    state = play(state, call("star"), card("circle"))
    assert GAME.view(state, None)["progress"] == "1 hit in 2 cards shown (0.367 expected by chance)"  # 1/5 + 4/24


def test_a_closed_deck_holds_five_of_each_symbol():
    state = play(GAME.setup(table_setup()), *[call("cross")] * 25, *[card("star")] * 5)
    assert refused(state, card("star")) == (
        "run 1 already shows five stars (cards 1, 2, 3, 4 and 5): a closed deck holds five of each symbol, "
        "so card 6 is not a star; check it again")
    assert {a["symbol"] for a in GAME.legal(state)} == {"circle", "cross", "wave", "square"}
    open_deck = play(GAME.setup(table_setup(deck="open")), *[call("cross")] * 25, *[card("star")] * 5)
    assert GAME.apply(open_deck, card("star"))  # an open deck may turn up a sixth


@pytest.mark.parametrize("symbol, reason", [
    ("Star", "write the symbol as \"star\" (lower case, no spaces), not 'Star'"),
    (" wave", "write the symbol as \"wave\" (lower case, no spaces), not ' wave'"),
    ("squiggle", "there is no Zener symbol 'squiggle' (the symbols are circle, cross, wave, square, star)"),
    (5, "there is no Zener symbol 5 (the symbols are circle, cross, wave, square, star)"),
])
def test_a_symbol_is_one_of_the_five_spelled_one_way(symbol, reason):
    assert refused(GAME.setup(table_setup()), call(symbol)) == reason


def test_malformed_lines_are_sentences():
    state = GAME.setup(table_setup())
    assert refused(state, {"act": "call"}) == 'a call line needs a "symbol" field'
    assert refused(state, {"act": "call", "symbol": "star", "seat": 0}) == 'a call line has no field "seat"'
    assert refused(state, {"act": "guess", "symbol": "star"}).startswith("unknown act 'guess'")


# -- 4. the shuffle: the companion as sender ---------------------------------------------------------
def test_the_companions_cards_follow_from_the_seed_and_are_shown_only_when_the_protocol_says():
    line = {"game": "zener-test", "players": ["Ann"], "cards": "companion", "seed": 7, "runs": 2}
    state = GAME.setup(line)
    rng = random.Random("7:zener:1")  # Game.rng(seed, "zener", run), as docs/zener-test.md writes it
    pack = rules.closed_pack()
    rng.shuffle(pack)
    assert state.deck == tuple(pack)
    assert refused(state, card("star")) == \
        "the companion holds the cards in this test and shows each one itself: no card is entered"
    state = play(state, *[call("star")] * 24)
    assert state.current.cards == ()  # checked after the run: nothing shown yet
    assert GAME.view(state, None)["slots"][0]["card"] is None
    state = play(state, call("star"))
    assert state.runs[0].cards == tuple(pack) and state.scores[0].hits == 5  # all "star" hits exactly 5
    second = random.Random("7:zener:2")
    pack2 = rules.closed_pack()
    second.shuffle(pack2)
    assert state.deck == tuple(pack2)


def test_shown_card_by_card_the_companion_turns_each_card_with_its_call():
    state = GAME.setup({"game": "zener-test", "players": ["Ann"], "seed": 3, "feedback": "card", "deck": "open"})
    rng = random.Random("3:zener:1")
    drawn = [rng.choice(rules.SYMBOLS) for _ in range(25)]
    assert state.deck == tuple(drawn)
    state = play(state, call("circle"), call("cross"))
    assert state.current.cards == tuple(drawn[:2])


def test_the_table_view_never_shows_a_card_before_it_is_shown():
    state = GAME.setup({"game": "zener-test", "players": ["Ann"], "seed": 11})
    rng = random.Random(0)
    for step in range(60):
        other = other_cards(state, rng)
        assert other.deck != state.deck or step >= 25  # the secret part really changes
        assert GAME.view(state, None) == GAME.view(other, None)
        state = GAME.apply(state, call(rng.choice(rules.SYMBOLS)))


# -- 2. the sitting ------------------------------------------------------------------------------------
def test_a_sitting_ends_after_its_runs_or_between_runs_when_the_table_says():
    state = GAME.setup(table_setup(runs=2))
    assert refused(state, {"act": "end"}) == "no run has been called yet: a sitting ends after a whole run"
    state = play(state, call("star"))
    assert refused(state, {"act": "end"}) == (
        "the sitting can end only between runs: run 1 has 1 of its 25 calls and must be called and checked first")
    state = play(state, *[call("star")] * 24, *[card(s) for s in PACK])
    assert {"act": "end"} in GAME.legal(state) and GAME.view(state, None)["can_end"]
    ended = play(state, {"act": "end"})
    assert GAME.is_over(ended) and GAME.legal(ended) == []
    assert refused(ended, call("star")) == "the sitting is ended by the table: 1 run of 25 called and checked"
    full = play(state, *[call("circle")] * 25, *[card(s) for s in PACK])
    assert GAME.is_over(full)
    assert refused(full, call("star")) == "the sitting is over: 2 runs of 25 called and checked"
    assert GAME.outcome(full).labels == ("10 hits in 2 runs: what chance gives (10 expected)",)


# -- 7. the score -------------------------------------------------------------------------------------
def test_each_run_is_judged_by_the_chance_its_deck_and_feedback_give():
    # all "star" against a closed deck checked after the run: exactly 5, every time
    state = play(GAME.setup(table_setup()), *[call("star")] * 25, *[card(s) for s in PACK])
    run = GAME.summary(state)["runs"][0]
    assert (run["hits"], run["expected"], run["at_least"], run["at_most"]) == (5, 5.0, 1.0, 1.0)
    # the same run as an open deck: binomial, 5 expected, 5 or more 58 % of the time
    state = play(GAME.setup(table_setup(deck="open")), *[call("star")] * 25, *[card(s) for s in PACK])
    assert GAME.summary(state)["runs"][0]["at_least"] == 0.5793
    # a receiver counting a closed deck shown card by card is expected to do better than 5
    state = GAME.setup(table_setup(feedback="card"))
    for symbol in PACK:  # at each call, a symbol with the most cards left (here, always the right one)
        state = play(state, call(symbol), card(symbol))
    run = GAME.summary(state)["runs"][0]
    assert run["hits"] == 25 and run["expected"] > 5 and run["at_least"] < 1e-6


def test_the_summary_and_the_view_carry_the_words():
    # an open deck (binomial): 8 hits, then 17 misses; 8 or more comes 10.9 % of the time
    misses = [rules.SYMBOLS[(rules.SYMBOLS.index(s) + 1) % 5] for s in PACK[8:]]
    state = play(GAME.setup(table_setup(runs=1, deck="open")), *[call(s) for s in PACK[:8] + misses],
                 *[card(s) for s in PACK])
    summary = GAME.summary(state)
    assert summary["runs"][0]["at_least"] == 0.1091
    assert summary["runs"][0]["words"] == "8 hits: about 1 run in 9 scores this well by chance"
    assert summary["sitting"]["words"] == "8 hits in 1 run: about 1 sitting in 9 scores this well by chance"
    results = GAME.view(state, None)["results"]
    assert results["rounds"] == [[8]] and results["seats"] == [0]
    assert results["headlines"] == ["Ann: 8 hits in 1 run, 5 expected by chance"]


def test_every_entry_field_the_set_up_screen_offers_makes_a_valid_setup():
    for count in (1, 2):
        for bits in range(32):
            options = {option.key: bool(bits >> i & 1) for i, option in enumerate(ENTRY.options)}
            options = {k: v and option.offered(count) for (k, v), option in zip(options.items(), ENTRY.options)}
            state = GAME.setup(ENTRY.make_setup(["Ann", "Bo"][:count], options, 99))
            assert state.table.runs == (10 if options["ten_runs"] else 4)
            assert ENTRY.blurb(options)
