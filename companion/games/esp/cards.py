"""The 25 Zener cards: ranks 1–5 in five suits, and how the log spells them.

Inside the rules a card is a small integer (``suit * 5 + rank - 1``) so tricks
and hands are cheap to copy; players and logs see ``"4 cross"``.
"""

from __future__ import annotations

from companion.engine.refusal import Refused, quote

SUITS = ("circle", "cross", "squiggle", "square", "star")
"""In the order of their bid values: Circle 1, Cross 2, Squiggle 3, Square 4, Star 5."""
RANKS = (1, 2, 3, 4, 5)
SUIT_LETTERS = {"c": "circle", "x": "cross", "w": "squiggle", "s": "square", "t": "star"}
"""One key per suit, for the keyboard and the terminal (squiggle is w, a wave: s is square)."""
DECK = tuple(range(25))


def card(rank: int, suit: str) -> int:
    return SUITS.index(suit) * 5 + rank - 1


def rank_of(c: int) -> int:
    return c % 5 + 1


def suit_of(c: int) -> str:
    return SUITS[c // 5]


def suit_value(suit: str) -> int:
    """A suit's bid value (Supplies and Evaluate Results: Circle 1 … Star 5)."""
    return SUITS.index(suit) + 1


def name(c: int) -> str:
    try:
        return _NAMES[c]  # -25 to 24 read the same as the formula below
    except IndexError:
        return f"{rank_of(c)} {suit_of(c)}"


_NAMES = tuple(f"{rank_of(c)} {suit_of(c)}" for c in DECK)  # names are asked for at every step
_BY_NAME = {name(c): c for c in DECK}


def parse_card(text: object) -> int:
    """``"4 cross"`` -> card; refuses anything else with the reason."""
    if not isinstance(text, str):
        raise Refused(f'a card is written "RANK SUIT", e.g. "4 cross", not {quote(text)}')
    found = _BY_NAME.get(text)
    if found is not None:
        return found
    parts = text.split()
    if len(parts) != 2:
        raise Refused(f'a card is written "RANK SUIT", e.g. "4 cross", not {quote(text)}')
    rank, suit = parts
    if suit not in SUITS:
        raise Refused(f"there is no suit {quote(suit)} (the suits are {', '.join(SUITS)})")
    if rank not in {"1", "2", "3", "4", "5"}:
        raise Refused(f"there is no rank {quote(rank)} (ranks run from 1 to 5)")
    raise Refused(f'write the card as "{rank} {suit}" (lower case, one space), not {quote(text)}')


def parse_claim(claim: object) -> str | int:
    """A prediction: a suit name or a rank (the JSON integer 1–5)."""
    if isinstance(claim, bool):
        raise Refused(f"a prediction names a suit or a rank from 1 to 5, not {quote(claim)}")
    if isinstance(claim, int):
        if claim in RANKS:
            return claim
        raise Refused(f"there is no rank {claim} (ranks run from 1 to 5)")
    if isinstance(claim, str):
        if claim in SUITS:
            return claim
        if claim.strip() in {"1", "2", "3", "4", "5"}:
            raise Refused(f"a rank is predicted as a number, {claim.strip()}, not the text {quote(claim)}")
        raise Refused(f"there is no suit {quote(claim)} (the suits are {', '.join(SUITS)})")
    raise Refused(f"a prediction names a suit or a rank from 1 to 5, not {quote(claim)}")


ALL_CLAIMS: tuple[str | int, ...] = (*SUITS, *RANKS)
