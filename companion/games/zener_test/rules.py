"""The Zener card test's protocol, in its order (docs/zener-test.md, "The protocol").  Each
function carries out one step and names its section, so "why is that 1 run in 5?" leads here.

J. B. Rhine's experiment at Duke in the 1930s: a sender turns the 25 cards one at a time, a
receiver calls each symbol, and the hits are counted against what chance gives.  These
functions are pure: they read symbols and numbers and return answers or raise
:class:`Refused`; :mod:`companion.games.zener_test.game` strings them together.
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any, Sequence

from companion.engine.refusal import Refused, quote
from companion.games.zener_test import odds

SYMBOLS = ("circle", "cross", "wave", "square", "star")
"""The five symbols, in ESP's order of its suits, which the pentagram's points hold clockwise from the top."""
KEYS = {"circle": "c", "cross": "x", "wave": "w", "square": "s", "star": "t"}
"""One key per symbol, for the screen's keyboard and the terminal (w, a wave: s is square)."""
PLURALS = {"circle": "circles", "cross": "crosses", "wave": "waves", "square": "squares", "star": "stars"}
CARDS = 25
EACH = 5
MODES = ("telepathy", "clairvoyance")
HOLDERS = ("table", "companion")
DECKS = ("closed", "open")
FEEDBACK = ("run", "card")
DEFAULT_RUNS = 4
MOST_RUNS = 40


# -- 1. The pack --------------------------------------------------------------------------------
def parse_symbol(value: Any) -> str:
    """1. The pack: a card shows one of five symbols — circle, cross, wave, square, star."""
    if isinstance(value, str) and value in SYMBOLS:
        return value
    if isinstance(value, str) and value.strip().lower() in SYMBOLS:  # one spelling, so logs compare
        raise Refused(f'write the symbol as "{value.strip().lower()}" (lower case, no spaces), not {quote(value)}')
    raise Refused(f"there is no Zener symbol {quote(value)} (the symbols are {', '.join(SYMBOLS)})")


def closed_pack() -> list[str]:
    """1. The pack: a closed deck is the printed pack, five cards of each symbol."""
    return [symbol for symbol in SYMBOLS for _ in range(EACH)]


def check_closed_deck(cards: Sequence[str], symbol: str, run: int) -> None:
    """1. The pack: "a closed deck holds five of each symbol" — a sixth card of one symbol in a
    run is a card entered wrongly, named by its places so the table can look again."""
    places = [i + 1 for i, card in enumerate(cards) if card == symbol]
    if len(places) >= EACH:
        where = ", ".join(map(str, places[:-1])) + f" and {places[-1]}"
        raise Refused(f"run {run} already shows five {PLURALS[symbol]} (cards {where}): a closed deck holds "
                      f"five of each symbol, so card {len(cards) + 1} is not a {symbol}; check it again")


def cards_left(cards: Sequence[str]) -> dict[str, int]:
    """1. The pack: what a closed deck still holds once ``cards`` are shown."""
    left = dict.fromkeys(SYMBOLS, EACH)
    for card in cards:
        left[card] -= 1
    return left


# -- 2. The sitting -----------------------------------------------------------------------------
def check_runs(value: Any) -> int:
    """2. The sitting: a run is the 25 cards called once through; a sitting is several runs
    (4 unless the setup says otherwise, at most 40)."""
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MOST_RUNS:
        raise Refused(f"runs must be a whole number of runs from 1 to {MOST_RUNS}, not {quote(value)}")
    return value


def check_end(checked: int, run_begun: bool, run: int, calls: int) -> None:
    """2. The sitting: the table may end a sitting early, but only between runs — a run is
    25 calls or none, so that every run is judged by the same chance."""
    if checked == 0 and not run_begun:
        raise Refused("no run has been called yet: a sitting ends after a whole run")
    if run_begun:
        raise Refused(f"the sitting can end only between runs: run {run} has {calls} of its {CARDS} calls "
                      "and must be called and checked first")


# -- 3. The roles -------------------------------------------------------------------------------
def check_roles(players: Sequence[str], holder: str, mode: str) -> None:
    """3. The roles: seat 0 is the receiver; seat 1, when there is one, turns the cards —
    looking at each in telepathy, never in clairvoyance.  When the companion holds the cards
    it is the sender, and only the receiver sits; alone with a real pack, the receiver
    deals down through it unseen, which is clairvoyance."""
    if holder == "companion" and len(players) > 1:
        raise Refused(f"when the companion holds the cards it is the sender and only the receiver sits: "
                      f"name one player, not {' and '.join(players)}")
    if holder == "table" and len(players) == 1 and mode == "telepathy":
        raise Refused(f"telepathy needs a sender who looks at each card: seat a second player beside "
                      f"{players[0]}, choose clairvoyance, or let the companion hold the cards")


def dealer(players: Sequence[str], holder: str) -> int | None:
    """3. The roles: the seat that turns the cards and enters them (None: the companion)."""
    if holder == "companion":
        return None
    return 1 if len(players) > 1 else 0


# -- 4. The shuffle -----------------------------------------------------------------------------
def shuffle(rng: random.Random, deck: str) -> tuple[str, ...]:
    """4. The shuffle: the companion's cards for one run, from a generator named by the seed
    and the run — a closed deck is the pack shuffled (``rng.shuffle``), an open deck 25
    symbols each drawn afresh (``rng.choice``)."""
    if deck == "closed":
        cards = closed_pack()
        rng.shuffle(cards)
        return tuple(cards)
    return tuple(rng.choice(SYMBOLS) for _ in range(CARDS))


# -- 5. The call, 6. The check --------------------------------------------------------------------
def shown_after_each_call(feedback: str) -> bool:
    """6. The check: with feedback "card" each card is shown as soon as it is called (the
    receiver learns each hit); with "run" the run is checked after its 25th call."""
    return feedback == "card"


def owed(calls: int, cards: int, feedback: str, holder: str) -> tuple[str, int]:
    """5. The call and 6. The check: what the run owes next, and for which card (from 1).
    The receiver calls card after card; the table enters each card after its call (feedback
    "card") or all 25 in order once the run is called (feedback "run"); the companion's own
    cards are shown by the companion with no entry."""
    if holder == "table" and (cards < calls and shown_after_each_call(feedback) or calls == CARDS):
        return "card", cards + 1
    return "call", calls + 1


def hits(calls: Sequence[str], cards: Sequence[str]) -> int:
    """7. The score: a hit is a call that names the card's symbol."""
    return sum(call == card for call, card in zip(calls, cards))


# -- 7. The score: what chance gives ----------------------------------------------------------------
def counted(deck: str, feedback: str) -> bool:
    """7. The score: a closed deck shown card by card is the one protocol in which a receiver
    learns what is left, so each call's chance is the share of the cards left that bear it."""
    return deck == "closed" and shown_after_each_call(feedback)


def call_chances(calls: Sequence[str], cards: Sequence[str]) -> tuple[Fraction, ...]:
    """7. The score: each call's chance against a closed deck, given the cards shown before it."""
    return odds.call_chances(calls, cards, dict.fromkeys(SYMBOLS, EACH))


def chance_of_run(calls: Sequence[str], cards: Sequence[str], deck: str,
                  feedback: str) -> tuple[float, odds.Distribution]:
    """7. The score: the hits chance alone gives a run, as (expected, distribution), for the
    deck and the feedback chosen:

    - an open deck: 1 in 5 for every call, whatever came before (binomial, 5 expected);
    - a closed deck checked after the run: 5 expected however the calls fall, but how widely
      the hits spread depends on how often each symbol was called (Greville's exact law);
    - a closed deck shown card by card: each call is judged against the cards still in the
      deck, so a receiver who counts the cards is expected to score more (up to about 8.65),
      and is credited only with hits beyond what counting gives (skill scoring)."""
    if counted(deck, feedback):
        chances = call_chances(calls, cards)
        return float(sum(chances, Fraction(0))), odds.each_call(chances)
    if deck == "open":
        return CARDS / len(SYMBOLS), odds.binomial(CARDS)
    return CARDS / len(SYMBOLS), odds.closed_deck(calls, dict.fromkeys(SYMBOLS, EACH))


def expected_so_far(calls: Sequence[str], cards: Sequence[str], deck: str, feedback: str) -> float:
    """7. The score: what chance gives the cards shown so far of a run in play — 1 in 5 a
    card, or where the cards are counted, each call's share of the cards left."""
    if counted(deck, feedback):
        return float(sum(call_chances(calls, cards), Fraction(0)))
    return len(cards) / len(SYMBOLS)


def how_unusual(score: int, expected: float, distribution: odds.Distribution, unit: str, said: str = "") -> str:
    """7. The score: in words, how often chance alone does as well (or as badly) —
    "7 hits: about 1 run in 5 scores this well by chance"; a sitting's total is judged by
    the distribution of its runs' totals (each run's chance, added up)."""
    return odds.words(score, expected, distribution, unit, said)
