"""The Zener card test's probability figures, each checked against an independent computation:
whole-deck enumeration for small decks, the published figures (binomial tables, Greville's
variance 25/6 for a balanced run, Diaconis and Graham's 8.65 hits for a card counter),
the moments worked out from covariances by hand, and seeded simulations of chance."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from fractions import Fraction
from functools import lru_cache
from math import comb

import pytest

from companion.games.zener_test import odds, rules
from companion.games.zener_test.bot import zener_bot
from companion.games.zener_test.game import ZENER_TEST

PACK = dict.fromkeys(rules.SYMBOLS, 5)


def moments(distribution):
    mean = sum(k * p for k, p in enumerate(distribution))
    return mean, sum((k - mean) ** 2 * p for k, p in enumerate(distribution))


# -- an open deck: the binomial law ---------------------------------------------------------------
def test_the_open_deck_is_the_binomial_of_the_tables():
    d = odds.binomial(25)
    for k in range(26):
        assert d[k] == pytest.approx(comb(25, k) * 0.2 ** k * 0.8 ** (25 - k), rel=1e-12)
    assert odds.at_least(d, 7) == pytest.approx(0.2200, abs=5e-5)  # tables: P(X ≤ 6) = 0.7800
    assert odds.at_least(d, 10) == pytest.approx(0.0173, abs=5e-5)
    assert odds.at_most(d, 2) == pytest.approx(0.0982, abs=5e-5)


def test_a_sitting_adds_its_runs():
    two = odds.convolve(odds.binomial(25), odds.binomial(25))
    assert two == pytest.approx(odds.binomial(50), abs=1e-15)
    assert odds.each_call([Fraction(1, 5)] * 25) == pytest.approx(odds.binomial(25), abs=1e-15)


# -- a closed deck checked after the run: Greville's law --------------------------------------------------
def enumerated(calls, deck):
    """Every distinct order of the small deck, counted: the definition itself."""
    cards = [symbol for symbol, n in deck.items() for _ in range(n)]
    orders = set(itertools.permutations(cards))
    counts = Counter(sum(c == k for c, k in zip(calls, order)) for order in orders)
    return [Fraction(counts.get(h, 0), len(orders)) for h in range(len(cards) + 1)]


@pytest.mark.parametrize("deck", [{"a": 2, "b": 2, "c": 2}, {"a": 3, "b": 3, "c": 2}, {"a": 4, "b": 2}])
def test_the_closed_deck_law_is_what_every_order_of_a_small_deck_gives(deck):
    size = sum(deck.values())
    rng = random.Random(str(deck))
    patterns = [[symbol for symbol, n in deck.items() for _ in range(n)], ["a"] * size]
    patterns += [[rng.choice(list(deck)) for _ in range(size)] for _ in range(6)]
    for calls in patterns:
        mine = odds.closed_deck(calls, deck)
        assert mine == pytest.approx([float(x) for x in enumerated(calls, deck)], abs=1e-12), calls


def covariance_variance(calls):
    """The variance of the hits worked out by hand from the deck: each card is a given symbol
    with chance 5/25; two places the same symbol with (5/25)(4/24), two different ones with
    (5/25)(5/24); so two calls alike covary by −1/150, two different by +1/600."""
    same = sum(n * (n - 1) for n in Counter(calls).values())
    different = 25 * 24 - same
    return Fraction(4) + Fraction(-1, 150) * same + Fraction(1, 600) * different


def test_the_closed_deck_law_has_greville_s_moments():
    balanced = rules.closed_pack()
    mean, variance = moments(odds.closed_deck(balanced, PACK))
    assert mean == pytest.approx(5, abs=1e-12)
    assert variance == pytest.approx(25 / 6, abs=1e-12)  # Greville (1941): 25/6, not the binomial's 4
    assert odds.closed_deck(["star"] * 25, PACK)[5] == pytest.approx(1.0)  # all one symbol: exactly 5
    rng = random.Random(1941)
    for _ in range(20):
        calls = [rng.choice(rules.SYMBOLS) for _ in range(25)]
        mean, variance = moments(odds.closed_deck(calls, PACK))
        assert mean == pytest.approx(5, abs=1e-12)  # no calls can change what chance gives
        assert variance == pytest.approx(float(covariance_variance(calls)), abs=1e-12)


def test_the_closed_deck_law_matches_shuffling_real_decks():
    rng = random.Random(25)
    calls = [rng.choice(rules.SYMBOLS) for _ in range(25)]
    law = odds.closed_deck(calls, PACK)
    deck = rules.closed_pack()
    tries = 20_000
    seen = Counter()
    for _ in range(tries):
        rng.shuffle(deck)
        seen[rules.hits(calls, deck)] += 1
    for hits in (3, 5, 7, 9):
        assert sum(n for h, n in seen.items() if h >= hits) / tries == pytest.approx(odds.at_least(law, hits),
                                                                                   abs=0.012)


# -- a closed deck shown card by card: counting the cards, and skill scoring -----------------------------
def best_expected(left):
    """The most a receiver can expect by counting the cards (always calling a symbol with
    the most left), by working back from every position of the deck."""
    @lru_cache(None)
    def best(left):
        total = sum(left)
        if total == 0:
            return Fraction(0)
        value = Fraction(max(left), total)
        for i, n in enumerate(left):
            if n:
                value += Fraction(n, total) * best(tuple(sorted(left[:i] + (n - 1,) + left[i + 1:])))
        return value
    return best(left)


def test_a_card_counter_expects_diaconis_and_graham_s_8_65():
    assert best_expected((5, 5, 5, 5, 5)) == Fraction(23148348523, 2677114440)  # 8.6468


def test_the_computer_receiver_counts_the_cards_and_the_scoring_allows_for_it():
    """Runs of the computer receiver against a chance shuffle: it scores about 8.65, the
    scoring's expected figure follows it, and a chance receiver is judged unusual no more
    often than it should be (1 run in 20 at the 1-in-20 level, at most)."""
    setup = {"game": "zener-test", "players": ["Ann"], "feedback": "card", "runs": 1}
    runs, hits, expected, unusual = 400, 0, 0.0, 0
    for n in range(runs):
        state = ZENER_TEST.setup({**setup, "seed": n})
        rng = random.Random(n)
        while not ZENER_TEST.is_over(state):
            state = ZENER_TEST.apply(state, zener_bot(ZENER_TEST, state, (0,), rng))
        score = state.scores[0]
        hits += score.hits
        expected += score.expected
        unusual += odds.at_least(score.distribution, score.hits) <= 0.05
    assert hits / runs == pytest.approx(8.65, abs=0.25)
    assert expected / runs == pytest.approx(8.65, abs=0.05)  # Σ chances of the calls made
    assert unusual / runs <= 0.05 + 0.03


def test_each_call_is_judged_against_the_cards_left():
    chances = odds.call_chances(["star", "star", "circle"], ["star", "cross", "circle"], PACK)
    assert chances == (Fraction(5, 25), Fraction(4, 24), Fraction(5, 23))
    d = odds.each_call(chances)
    p, q, r = (float(c) for c in chances)
    assert d[3] == pytest.approx(p * q * r) and d[0] == pytest.approx((1 - p) * (1 - q) * (1 - r))


# -- in words --------------------------------------------------------------------------------------------
@pytest.mark.parametrize("p, said", [(0.22, "5"), (1 / 23.4, "23"), (1 / 143.4, "140"), (1 / 2345, "2,300"),
                                     (1 / 61_234, "61,000"), (1 / 1_234_567, "1.2 million")])
def test_odds_are_said_as_people_say_them(p, said):
    assert odds.one_in(p) == said


def test_the_sentences_say_well_low_and_plain_chance():
    d = odds.binomial(25)
    assert odds.words(7, 5, d, "run") == "7 hits: about 1 run in 5 scores this well by chance"
    assert odds.words(5, 5, d, "run") == "5 hits: what chance gives (5 expected)"
    assert odds.words(1, 5, d, "run") == "1 hit: about 1 run in 37 scores this low by chance"  # 0.8^25 + 5·0.8^24 = 0.0274
    assert odds.words(25, 5, d, "run") == "25 hits: fewer than 1 run in a billion scores this well by chance"
