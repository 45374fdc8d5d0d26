"""Random Zener card tests through the shared playout harness (tests/playout.py): every way a
test can be set up (one or two people, the companion's cards or a real pack, telepathy or
clairvoyance, closed or open deck, checked per run or per card), with entries out of turn,
sixth symbols and misspellings refused at every step, and the protocol's own invariants —
worked out here from the log's calls and cards, independently of the game's code."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from companion.games.zener_test import ENTRY, ZENER_TEST
from companion.ui.games.zener_test import lights
from tests.playout import run_playouts, scaled

SYMBOLS = ("circle", "cross", "wave", "square", "star")
BAD_SYMBOLS = ("Star", " star", "stars", "squiggle", "waves", "", "circle ", "★")


def make_setup(rng: random.Random, index: int) -> dict:
    alone = rng.random() < 0.5
    line = {"game": "zener-test", "players": ["Ann"] if alone else ["Ann", "Bo"],
            "deck": rng.choice(["closed", "open"]), "feedback": rng.choice(["run", "card"]),
            "runs": rng.randint(1, 3)}
    if alone and rng.random() < 0.3:  # alone with a real pack: down through it, unseen
        line.update(cards="table", mode="clairvoyance")
    else:
        line["mode"] = rng.choice(["telepathy", "clairvoyance"])
        if alone:
            line.update(cards="companion", seed=rng.randrange(10**6))
    return line


def illegal(rng, game, state, legal):
    """Entries the protocol refuses now: the other kind of entry, the end mid-run, a symbol
    misspelled, and in a closed deck a symbol whose five are all shown."""
    out = [{"act": "call", "symbol": rng.choice(BAD_SYMBOLS)}, {"act": "card", "symbol": rng.choice(BAD_SYMBOLS)},
           {"act": "end"}]
    out += [{"act": act, "symbol": symbol} for act in ("call", "card") for symbol in SYMBOLS]
    return out


def check(game, previous, action, state) -> None:
    summary = game.summary(state)
    view = game.view(state, None)
    table = state.table
    total_hits = 0
    for run in summary["runs"]:
        calls, cards = run["calls"], run["cards"]
        assert len(cards) <= len(calls) <= 25
        assert run["hits"] == sum(c == k for c, k in zip(calls, cards))
        if table.deck == "closed":
            assert all(cards.count(s) <= 5 for s in SYMBOLS)
        if not run["checked"]:
            if table.feedback == "run" and table.holder == "companion":
                assert cards == []  # the companion shows nothing before the run is checked
            continue
        assert len(calls) == len(cards) == 25
        total_hits += run["hits"]
        if table.deck == "closed" and table.feedback == "card":
            left, chance = dict.fromkeys(SYMBOLS, 5), Fraction(0)
            for n, (call, card) in enumerate(zip(calls, cards)):
                chance += Fraction(left[call], 25 - n)
                left[card] -= 1
            assert run["expected"] == round(float(chance), 4)
        else:
            assert run["expected"] == 5.0
        assert 0 <= run["at_least"] <= 1 and 0 <= run["at_most"] <= 1
        assert run["at_least"] + run["at_most"] >= 0.999  # both count the score itself
    sitting = summary["sitting"]
    assert sitting is None or sitting["hits"] == total_hits
    shown = [place for place in view["slots"] if place["card"] is not None]
    assert all(place["call"] is not None for place in shown)  # never a card before its call
    lights(view, {})  # the pentagram has a scene for every moment


@pytest.mark.slow
def test_every_kind_of_test_plays_random_sittings():
    games = scaled(42)  # (60 until make test neared CI's 5 minutes)
    stats = run_playouts(ZENER_TEST, make_setup, games=games, seed="zener", illegal=illegal, invariants=check,
                         legal_sample=6, summary_rate=0.3, view_rate=0.5)
    assert stats.finished == games
    assert stats.acts.get("end", 0) > 0 and stats.acts["card"] > 0 and stats.acts["call"] > 0
    assert {"call", "card", "end"} <= set(stats.refusals)


@pytest.mark.parametrize("seats", [(0,), (0, 1)])
def test_the_computer_receiver_never_stalls_and_never_turns_a_real_card(seats):
    rng = random.Random(len(seats))
    for index in range(20):
        setup = make_setup(random.Random(f"bot{index}"), index)
        state = ZENER_TEST.setup(setup)
        while not ZENER_TEST.is_over(state):
            move = ENTRY.bot(ZENER_TEST, state, seats, rng)
            owed = ZENER_TEST.expected(state)
            if owed["act"] == "call":
                assert move in ZENER_TEST.legal(state)
            else:
                assert move is None  # the table turns its own cards
                move = ZENER_TEST.legal(state)[0]
            state = ZENER_TEST.apply(state, move)
