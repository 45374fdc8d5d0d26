"""What the companion keeps of a game of Clairvoyance, and the card movements every rule
uses (hands, the deck, the discard pile, possessions).

Nobody's hand is known at a real table: the companion counts every hand and knows a card
in it only when the table has seen it go there (Scrounge takes a named card from the
discard pile; Eminent Domain's item is known to Myr alone).  The deck is a count; the
discard pile keeps the names of the cards seen going there and a count of unseen ones.

States follow the engine's discipline (``companion/engine/state.py``): frozen dataclasses
of tuples and :class:`FrozenDict`, and every movement below returns a new state.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple

from companion.engine.game import same_fields
from companion.engine.refusal import Refused
from companion.engine.state import FrozenDict, evolve, put
from companion.engine.windows import Window
from companion.games.clairvoyance.die import Die


@dataclass(frozen=True)
class Play:
    """A possess or a throw in flight, from its declaration until its die (or its window,
    for a possessed item's throw) decides it."""

    action: str                      # "possess" or "throw"
    seat: int                        # who played it
    card: str
    source: str                      # "hand" or "possessed"
    item: int | None                 # the possessed item thrown
    to: int | None                   # possess: into whose possession
    target: int | None               # throw: at whom (Circuit Breaker may change it)
    first_target: int | None
    face_before: int | None
    turn: int
    protected: bool = False          # under Guaranteed Delivery
    face_after: int | None = None
    destroyed: bool = False
    destroyed_by: str | None = None
    reduced: int = 0
    stage: str = "window"            # "window", then "die" once nobody else interferes
    interference: tuple = ()         # what was done to it (frozen records)

    __eq__ = same_fields


@dataclass(frozen=True)
class Pause:
    """An open interruption window: what opened it (a possess, a throw, an ability) and the
    engine's :class:`Window` of who may still answer."""

    kind: str                        # "possess", "throw" or "ability"
    win: Window
    ability: str | None = None       # an ability window: which ability, by whom (name and seat)
    by: str | None = None
    user: int | None = None

    __eq__ = same_fields


@dataclass(frozen=True)
class Room:
    """An item waiting for its new owner to discard one of three (Possession)."""

    seat: int
    card: str
    item: int

    __eq__ = same_fields


class Line(NamedTuple):
    """The last line entered and what words about it need from the moment before it (the
    records' lengths, the die, the item it named): the table's view says what it did
    without keeping the earlier state.  (A named tuple: one is made at every line.)"""

    action: FrozenDict
    plays: int
    abilities: int
    eliminations: int
    face: int | None
    card: str | None                 # the possessed item the line named (a throw from possession, make_room)
    hand: int                        # the line's seat's hand before it (``end``: how many it drew)


@dataclass(frozen=True)
class ClairvoyanceState:
    names: tuple[str, ...]
    characters: tuple[str, ...]
    teams: tuple[tuple[int, ...], ...] | None
    die: Die
    settings: FrozenDict             # never changed after set-up
    seed: Any
    box: int                         # the cards in the box
    start_health: int
    cards: FrozenDict                # every card the companion knows, by name (a definition replaces it)
    deck: int
    health: tuple[int, ...]
    out: tuple[bool, ...]
    known: tuple[tuple[str, ...], ...]    # per seat: cards in hand the whole table has seen go there
    private: tuple[tuple[str, ...], ...]  # per seat: cards in hand only its holder knows (Eminent Domain)
    unknown: tuple[int, ...]              # per seat: how many more cards the hand holds
    possessed: tuple[tuple[tuple[int, str], ...], ...]   # per seat: (id, card) in the order they came
    spent: tuple[bool, ...]               # per seat: the character ability used
    guesses: tuple[tuple[int, ...] | None, ...]
    charmed: tuple[bool, ...]
    armed: tuple[bool, ...]               # Guaranteed Delivery waiting for a throw
    discard: tuple[str, ...] = ()         # names seen going to the pile
    discard_unknown: int = 0              # unseen cards in the pile
    next_id: int = 1
    face: int | None = None
    rolls: tuple[int, ...] = ()
    first: int | None = None
    phase: str = "guess"             # guess, roll, turn, over
    turn: int | None = None
    turn_number: int = 0
    rounds_ended_at: tuple[int, ...] = ()  # the turn numbers that ended a round (rules.begin_turn)
    health_at_round_ends: tuple[tuple[int, ...], ...] = ()  # everyone's health as each ended
    actions: int = 0                 # actions taken this turn
    throws: int = 0                  # throws this turn
    play: Play | None = None         # the possess or throw in flight
    window: Pause | None = None
    room: Room | None = None         # an item waiting for its owner to discard one of three first
    causes: tuple[str, ...] = ()     # uncomputed cards played or used this turn
    # the records of what happened, for the summary: frozen, only ever extended (see record)
    plays: tuple[FrozenDict, ...] = ()
    effects: tuple[FrozenDict, ...] = ()
    abilities: tuple[FrozenDict, ...] = ()
    corrections: tuple[FrozenDict, ...] = ()
    eliminations: tuple[FrozenDict, ...] = ()
    winners: tuple[int, ...] | None = None
    last: Line | None = None         # the last line entered, for the words the table reads

    __eq__ = same_fields

    def record(self, kind: str, entry: dict, **changes: Any) -> "ClairvoyanceState":
        """Add to one of the records (``plays``, ``effects``, ``abilities``, ``corrections``,
        ``eliminations``), with ``changes`` besides.  An entry's values are text, numbers,
        None and frozen records already (the playout tests check that a state holds nothing
        that can change), so the entry itself is all there is to freeze."""
        return evolve(self, **{kind: getattr(self, kind) + (FrozenDict(entry),)}, **changes)

    # -- who is where -------------------------------------------------------------------
    @property
    def seats(self) -> int:
        return len(self.names)

    def in_game(self) -> list[int]:
        return [s for s in range(self.seats) if not self.out[s]]

    def out_seats(self) -> list[int]:
        return [s for s in range(self.seats) if self.out[s]]

    def hand(self, seat: int) -> int:
        return len(self.known[seat]) + len(self.private[seat]) + self.unknown[seat]

    def owner(self, item_id: int) -> int | None:
        for seat, items in enumerate(self.possessed):
            if any(i == item_id for i, _ in items):
                return seat
        return None

    def item_card(self, item_id: int) -> str:
        seat = self.owner(item_id)
        return next(c for i, c in self.possessed[seat] if i == item_id)

    def in_play(self) -> str | None:
        """The card being played or thrown right now (not yet destroyed), if any."""
        if self.play is not None and not self.play.destroyed:
            return self.play.card
        return None

    # -- card movements: each returns the state after it ------------------------------------
    def from_hand(self, seat: int, name: str) -> "ClairvoyanceState":
        """Take a named card from a hand: a card known to be there, else one of the
        unknown ones (the table has just shown it)."""
        for field in ("private", "known"):
            part = getattr(self, field)[seat]
            if name in part:
                at = part.index(name)
                return evolve(self, **{field: put(getattr(self, field), seat, part[:at] + part[at + 1:])})
        if self.unknown[seat] > 0:
            return evolve(self, unknown=put(self.unknown, seat, self.unknown[seat] - 1))
        who = self.names[seat]
        if not self.hand(seat):
            raise Refused(f"{who} has no card in hand")
        secret = len(self.private[seat])  # Eminent Domain's item: never named to the table
        held = list(self.known[seat]) + ([f"{secret} card{'s' if secret > 1 else ''} only {who} has seen"]
                                         if secret else [])
        raise Refused(f"{who} has no {name} in hand: {who}'s hand is known to be " + ", ".join(held))

    def to_discard(self, *names: str, **changes: Any) -> "ClairvoyanceState":
        """``names`` onto the discard pile (with ``changes`` besides)."""
        return evolve(self, discard=self.discard + names, **changes)

    def empty_hand(self, seat: int) -> "ClairvoyanceState":
        """The whole hand to the discard pile: the cards the table saw go into it by name, the
        rest unnamed — its holder's private cards too (the table never saw them)."""
        return evolve(self, discard=self.discard + self.known[seat],
                      discard_unknown=self.discard_unknown + len(self.private[seat]) + self.unknown[seat],
                      known=put(self.known, seat, ()), private=put(self.private, seat, ()),
                      unknown=put(self.unknown, seat, 0))

    def take_possessed(self, item_id: int) -> tuple["ClairvoyanceState", str]:
        """An item leaves its owner's possession: the state after, and the item's card."""
        seat = self.owner(item_id)
        card = self.item_card(item_id)
        kept = tuple((i, c) for i, c in self.possessed[seat] if i != item_id)
        return evolve(self, possessed=put(self.possessed, seat, kept)), card

    def add_possessed(self, seat: int, item_id: int, card: str) -> "ClairvoyanceState":
        return evolve(self, possessed=put(self.possessed, seat, self.possessed[seat] + ((item_id, card),)))

    def reshuffle(self) -> "ClairvoyanceState":
        """The discard pile, shuffled, becomes the deck (its cards unknown again)."""
        return evolve(self, deck=self.deck + len(self.discard) + self.discard_unknown, discard=(),
                      discard_unknown=0)

    def draw(self, seat: int, count: int) -> tuple["ClairvoyanceState", int]:
        """Draw up to ``count`` unseen cards; the deck is replenished from the discard pile
        when it runs out.  The state after, and how many were drawn (fewer only when both
        are empty)."""
        state, got = self, 0
        while got < count:
            if state.deck == 0:
                state = state.reshuffle()
                if state.deck == 0:
                    break
            take = min(count - got, state.deck)
            state, got = evolve(state, deck=state.deck - take), got + take
        if not got:
            return state, 0
        return evolve(state, unknown=put(state.unknown, seat, state.unknown[seat] + got)), got

    def cards_total(self) -> int:
        """Deck + hands + possessions + discard pile + the card in flight or waiting for
        room: always the box (cards are conserved)."""
        total = self.deck + len(self.discard) + self.discard_unknown
        total += sum(self.hand(s) for s in range(self.seats))
        total += sum(len(p) for p in self.possessed)
        total += self.in_play() is not None
        total += self.room is not None
        return total

    def window_open(self) -> Window | None:
        return None if self.window is None else self.window.win
