"""ESP's rules, in the rulebook's order.  Each function carries out one rule and
names the section it comes from, so "why did Bo win that trick?" leads here.

These functions are pure: they read cards and numbers and return answers or
raise :class:`Refused`.  :mod:`companion.games.esp.game` strings them together.
"""

from __future__ import annotations

import functools
from typing import Sequence

from companion.engine.refusal import Refused
from companion.games.esp.cards import name, rank_of, suit_of, suit_value

ROUNDS = 4
CARDS_EACH = 6
TRICKS = 5


# -- Distribute Materials ------------------------------------------------------------------
def first_seer(round_index: int, players: int) -> int:
    """Distribute Materials / Next Round: seat 0 holds the First Seer token in round 1;
    it passes one seat clockwise each round."""
    return round_index % players


# -- Share Your Vision ----------------------------------------------------------------------
def check_claim_is_new(claim: str | int, claimed: Sequence[str | int], who: str) -> None:
    """Share Your Vision: "All players must predict something different; no one may
    repeat a suit or rank once it has been claimed by another player!"."""
    if claim in claimed:
        raise Refused(f"{claim} has already been predicted this round: {who} must name a different suit or rank")


def claim_is_correct(claim: str | int, vision: int) -> bool:
    """Share Your Vision: a player who predicted the Vision Card's suit or rank earns 1 point."""
    return claim == suit_of(vision) or claim == rank_of(vision)


def aspects(claims: Sequence[str | int], vision: int) -> tuple[str | int | None, int | None]:
    """Share Your Vision: the (Supernatural, Super-duper-natural) Aspects.

    A predicted feature of the Vision Card becomes Supernatural; if both its suit
    and its rank were predicted, the suit is Supernatural and the rank
    Super-duper-natural; if neither, there is no aspect this round."""
    suit_hit = suit_of(vision) in claims
    rank_hit = rank_of(vision) in claims
    if suit_hit and rank_hit:
        return suit_of(vision), rank_of(vision)
    if suit_hit:
        return suit_of(vision), None
    if rank_hit:
        return rank_of(vision), None
    return None, None


# -- Develop a Hypothesis -------------------------------------------------------------------
def facedown_count(round_index: int) -> int:
    """Develop a Hypothesis: 2, 3, 4, 5 cards face-down in rounds 1–4."""
    return round_index + 2


def held_count(round_index: int) -> int:
    """Develop a Hypothesis: the rest of the six cards are held in hand (4, 3, 2, 1)."""
    return CARDS_EACH - facedown_count(round_index)


def plays_from_hand(plays_made: int, round_index: int) -> bool:
    """Develop a Hypothesis: "Cards held in hand must be played first" — a player's
    next play comes from the hand while they have made fewer plays than they hold."""
    return plays_made < held_count(round_index)


# -- Perform the Test -----------------------------------------------------------------------
def check_follows_suit(card: int, lead: int | None, hand: Sequence[int], who: str) -> None:
    """Perform the Test: "Players must follow if able" — with a held card only; "when
    playing from their face-down cards, players are not required to follow suit"."""
    if lead is None or suit_of(card) == suit_of(lead):
        return
    same = [c for c in hand if suit_of(c) == suit_of(lead)]
    if same:
        held = " and ".join(name(c) for c in sorted(same))
        raise Refused(f"{who} must follow {suit_of(lead)}: {who} still holds {held}")


def is_supernatural(card: int, supernatural: str | int | None) -> bool:
    return supernatural is not None and (suit_of(card) == supernatural or rank_of(card) == supernatural)


def trick_winner(
    cards: Sequence[int],
    supernatural: str | int | None,
    superduper: int | None,
) -> tuple[int, str]:
    """Perform the Test: who wins a finished trick, and why, as (index in play order, reason).
    Remembered: the computer player weighs every card it may play against every unseen one,
    and the same tricks come back at every turn."""
    return _trick_winner(tuple(cards), supernatural, superduper)


@functools.lru_cache(maxsize=1 << 16, typed=True)
def _trick_winner(
    cards: tuple[int, ...],
    supernatural: str | int | None,
    superduper: int | None,
) -> tuple[int, str]:
    """:func:`trick_winner`, of the cards as a tuple.

    - a Super-duper-natural card beats every Supernatural card; of two, the later wins;
    - else the highest Supernatural card wins; when the aspect is a rank, the later one;
    - else the highest card of the lead suit.
    """
    if superduper is not None:
        duper = [i for i, c in enumerate(cards) if rank_of(c) == superduper]
        if duper:
            winner = duper[-1]
            if len(duper) > 1:
                return winner, f"{superduper} is Super-duper-natural: the later {superduper}, {name(cards[winner])}, wins"
            return winner, f"{superduper} is Super-duper-natural: {name(cards[winner])} beats every other card"
    if supernatural is not None:
        chosen = [i for i, c in enumerate(cards) if is_supernatural(c, supernatural)]
        if chosen:
            if isinstance(supernatural, int):
                winner = chosen[-1]
                if len(chosen) > 1:
                    return winner, f"{supernatural} is Supernatural: the later {supernatural}, {name(cards[winner])}, wins"
                return winner, f"{supernatural} is Supernatural: {name(cards[winner])} wins"
            winner = max(chosen, key=lambda i: rank_of(cards[i]))
            return winner, f"{supernatural} is Supernatural: the highest {supernatural}, {name(cards[winner])}, wins"
    lead_suit = suit_of(cards[0])
    following = [i for i, c in enumerate(cards) if suit_of(c) == lead_suit]
    winner = max(following, key=lambda i: rank_of(cards[i]))
    prefix = "no Supernatural card was played: " if supernatural is not None else "no Supernatural Aspect: "
    return winner, f"{prefix}the highest {lead_suit} (the lead suit), {name(cards[winner])}, wins"


# -- Evaluate Results -----------------------------------------------------------------------
def bid_values(card: int) -> tuple[int, ...]:
    """Evaluate Results: a bid is worth its rank or its suit's value; an eye-icon card
    (rank equal to suit value: 1 circle, 2 cross, 3 squiggle, 4 square, 5 star) may
    also be a bid of 0."""
    rank, value = rank_of(card), suit_value(suit_of(card))
    if rank == value:
        return (0, rank)
    return tuple(sorted({rank, value}))


def bid_is_correct(card: int, tricks: int) -> bool:
    """Evaluate Results: the bid is correct if either value matches the tricks captured."""
    try:
        values = _BID_VALUES[card]  # -25 to 24 read the same as bid_values
    except IndexError:
        values = bid_values(card)
    return tricks in values


_BID_VALUES = tuple(bid_values(c) for c in range(25))  # every summary asks again for every bid


PREDICTION_POINTS = 1
TRICK_POINTS = 1
BID_POINTS = 3


def round_points(prediction_correct: bool, tricks: int, bid_correct: bool | None) -> int:
    """Share Your Vision and Evaluate Results: 1 per correct prediction, 1 per trick
    captured, 3 for a correct bid."""
    return PREDICTION_POINTS * prediction_correct + TRICK_POINTS * tricks + BID_POINTS * bool(bid_correct)


# -- Check Your Outcome ---------------------------------------------------------------------
OUTCOMES = (
    (0, 0, "No psychic ability"),
    (1, 4, "Within the margin of error; test again"),
    (5, 7, "Your psychic ability has been clouded by radio wave exposure"),
    (8, 10, "Some aptitude; pursue training to further open your third eye"),
    (11, 12, "Novice clairvoyant"),
    (13, 14, "Medium of medium ability"),
    (15, 16, "Competent intermediate"),
    (17, 18, "In tune with the universe and a student of human nature"),
    (19, 19, "Gifted, but you already knew that"),
)
TOP_OUTCOME = "A true visionary; consider visiting a casino"


def outcome_label(points: int) -> str:
    """Check Your Outcome: the rulebook's table, word for word (20 or more: the top row)."""
    for low, high, label in OUTCOMES:
        if low <= points <= high:
            return label
    return TOP_OUTCOME
