"""Séance Party's rules, in the order of the Séance Party rulebook.

One small function per rule; each docstring names its section.  Where the rulebook is
silent the reading is a setting of the setup line (``SETTINGS``), documented in
``docs/seance-party.md``.
"""

from __future__ import annotations

from collections import Counter
from typing import Iterable, Sequence

from companion.engine.refusal import Refused, quote
from companion.engine.turns import speed_order
from companion.games.seance_party.cards import DICE, SYMBOLS, Card

# -- set-up ------------------------------------------------------------------------------
MODES = ("party", "battle")
PARTY_DECK_MIN = 60      # "60 card deck minimum for a shared party game"
BATTLE_DECK = 30         # "a 30 card deck total per player for a séance battle"
ZENERS = SYMBOLS         # "placed next to each other in the order: Circle, Cross, Wave, Square, Star"
START_ENERGY = 5         # "Deal 5 cards ... face down as Spirit Energy to each player"
POOL = DICE              # "a dice pool representing all polyhedral dice"
POINT_DIE = 4            # "place a d4 ... near each of the pentagram's points"
HAND = 5                 # "Refill your hand to 5 cards"

#: where the rulebook is silent: (allowed values, default)
SETTINGS = {
    "points": (None, list(SYMBOLS)),          # the symbols clockwise round the star, point 0 at the top
    "adjacency": (("lines", "neighbours"), "lines"),
    "after_d20": (("d20", "none"), "d20"),
    "charge": (("before", "after"), "before"),
    "speed_tie": (("seat", "reverse-seat"), "seat"),
    "empty_deck": (("nothing", "reshuffle"), "nothing"),
}


def deck_sizes(mode: str, players: int, deck: int | None) -> list[int]:
    """Set-up: "60 card deck minimum for a shared party game. Or a 30 card deck total per
    player for a séance battle"."""
    if mode == "party":
        size = PARTY_DECK_MIN if deck is None else deck
        if size < PARTY_DECK_MIN:
            raise Refused(f"a party game's shared deck holds at least {PARTY_DECK_MIN} cards, not {size}")
        return [size]
    if deck not in (None, BATTLE_DECK):
        raise Refused(f"in a séance battle each player's deck holds {BATTLE_DECK} cards, not {deck}")
    return [BATTLE_DECK] * players


def deck_of(mode: str, seat: int) -> int:
    """Set-up: the shared deck (party) or the player's own deck (séance battle)."""
    return 0 if mode == "party" else seat


# -- the pentagram --------------------------------------------------------------------------
def adjacent(points: Sequence[str], adjacency: str, symbol: str) -> list[str]:
    """Play: "Follow the lines from the current symbol to find an adjacent symbol."  On a
    pentagram's lines each point joins the two points two places away round the star
    (setting ``"lines"``); ``"neighbours"`` reads adjacent as next round the circle."""
    i = points.index(symbol)
    step = 2 if adjacency == "lines" else 1
    return [points[(i + step) % 5], points[(i - step) % 5]]


def planchette_targets(points: Sequence[str], adjacency: str, current: str | None) -> list[str]:
    """Play: "If the planchette is unplaced it may be placed wherever the current player
    desires."  (It must move: it cannot stay where it is.)"""
    if current is None:
        return list(points)
    return adjacent(points, adjacency, current)


def next_die(die: int, after_d20: str) -> int | None:
    """Play: "place a new die of the next highest rank in its place."  After a d20 comes
    another d20 (setting ``"d20"``) or nothing (``"none"``: the point stays empty)."""
    if die == 20:
        return 20 if after_d20 == "d20" else None
    return DICE[DICE.index(die) + 1]


# -- the round's steps ----------------------------------------------------------------------
def refill(hand: int) -> int:
    """Start: "Refill your hand to 5 cards. If you already have 5 or more, draw one."
    How many cards to draw."""
    return HAND - hand if hand < HAND else 1


def hand_speed(hand: Iterable[Card]) -> int:
    """Speed: "add together the speed parameter ... of each of their cards. When totaling the
    speed from cards in hand never use the cursed speed stat"."""
    return sum(card.speed for card in hand)


def board_speed(cards: Iterable[tuple[Card, bool]]) -> int:
    """Speed: "add the speed stat of all cards that are present on their board. If a card on
    the board is cursed then use its cursed speed stat."  (Face-up cards: spirits, their
    inventory and loose spells; face-down energy and curses show no stats.)"""
    return sum(card.speed_of(cursed) for card, cursed in cards)


def turn_order(speeds: Sequence[int], tie: str, skip: Iterable[int] = ()) -> list[int]:
    """Speed: "Who ever has the highest speed will take a turn first."  Ties: the lower seat
    first (``"seat"``) or the higher (``"reverse-seat"``)."""
    key = (lambda s: s) if tie == "seat" else (lambda s: -s)
    return speed_order(speeds, key, set(skip))


def may_end(started: set[int], active: Iterable[int]) -> bool:
    """End: "All players must have started at least one turn in the round before a player
    can end.\""""
    return set(active) <= started


def forced_pass(round_number: int, started: set[int], active: Iterable[int]) -> bool:
    """Pass: "In only the first round of the game each player is forced to pass until every
    player has started a turn.\""""
    return round_number == 1 and not set(active) <= started


def round_ends_by_passes(passed: Iterable[int], active: Iterable[int], extra_owed: bool) -> bool:
    """Pass: "If all players pass, the round automatically ends."  "In only the first round
    of the game each player is forced to pass until every player has started a turn."

    ``passed``: the players whose last say this round was a pass — a turn closed with a pass
    (after a play or not), since the last attack and with no curse activated since.  The
    round ends when that holds every player still in (so in round 1 only once every player
    has started a turn), and not while a charge's extra turn is still owed: a player passing
    twice is one player passing (docs/seance-party.md, Readings 5)."""
    return not extra_owed and set(active) <= set(passed)


# -- playing a card ------------------------------------------------------------------------
def guesser(turn: int, hands: Sequence[int], active: Iterable[int]) -> int | None:
    """Play: "The opponent with the most cards in hand guesses".  Ties: the first of them
    clockwise from the turn player.  Nobody guesses when no opponent holds a card."""
    seats = len(hands)
    order = [(turn + k) % seats for k in range(1, seats)]
    opponents = [s for s in order if s in set(active)]
    if not opponents:
        return None
    most = max(hands[s] for s in opponents)
    if most == 0:
        return None
    return next(s for s in opponents if hands[s] == most)


def countered(card: Card, shown: Card) -> bool:
    """Play: "If they match, both cards are returned to their owner's hands"."""
    return card.symbol == shown.symbol


def charges(card: Card, before: str | None, after: str, rule: str) -> bool:
    """Play: "If you manage to play a card that matches the current symbol on the pentagram,
    charge the matching zener card and take another turn."  The current symbol is the one the
    planchette shows when the card is played (``"before"``, the default) or the one it is moved
    to (``"after"``)."""
    return card.symbol == (before if rule == "before" else after)


def inventory_room(energy: int, inventory: int) -> bool:
    """Spirits: "Each spirit's inventory is the same amount as their spirit energy.\""""
    return inventory < energy


# -- battles ---------------------------------------------------------------------------------
def attack_power(rolls: Iterable[int]) -> int:
    """Battle: "determine their spirit's attack power by adding the attack parameter of all
    cards in their stack" (each attack die rolled)."""
    return sum(rolls)


def battle_winners(attack: int, defence: int) -> list[str]:
    """Battle: "Whoever has the higher attack wins and deals damage. If there is a tie, both
    spirits deal damage.\""""
    if attack > defence:
        return ["attacker"]
    if defence > attack:
        return ["defender"]
    return ["attacker", "defender"]


def damage_options(elements: Iterable[str]) -> dict[str, int]:
    """Battle: "The amount of damage done is dictated by the types of the cards in your stack
    ... 3 ice cards and one life card then you can choose to do either 3 ice damage or 1 life
    damage.\""""
    return dict(Counter(elements))


def check_roll(value, sides: int, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= sides:
        raise Refused(f"{what} is a d{sides}: a roll from 1 to {sides}, not {quote(value)}")
    return value


# -- card effects (Readings 2) --------------------------------------------------------------------
MOST_DRAWN = 20          # the most cards or energy one correction line moves


def causes(state) -> set[str]:
    """Card effects: what a card does the table resolves; the companion only accepts a
    correction caused by a card on a board now (inventory included) or played, boosted with,
    activated or used for an ability this round."""
    on_board = {card.card for player in state.players for item in player.board
                for card in (item, *getattr(item, "inventory", ()))}
    return on_board | set(state.causes)
