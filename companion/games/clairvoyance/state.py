"""What the companion keeps of a game of Clairvoyance, and the card movements every rule
uses (hands, the deck, the discard pile, possessions).

Nobody's hand is known at a real table: the companion counts every hand and knows a card
in it only when the table has seen it go there (Scrounge takes a named card from the
discard pile; Eminent Domain's item is known to Myr alone).  The deck is a count; the
discard pile keeps the names of the cards seen going there and a count of unseen ones.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from companion.engine.refusal import Refused
from companion.engine.windows import Window
from companion.engine.game import same_fields
from companion.games.clairvoyance.cards import Card
from companion.games.clairvoyance.die import Die


@dataclass
class ClairvoyanceState:
    names: tuple[str, ...]
    characters: tuple[str, ...]
    teams: tuple[tuple[int, ...], ...] | None
    die: Die
    settings: dict                   # never changed after set-up (shared by copies)
    seed: Any
    box: int                         # the cards in the box
    start_health: int
    cards: dict[str, Card]           # every card the companion knows, by name: replaced, never changed
    deck: int
    health: list[int]
    out: list[bool]
    known: list[list[str]]           # per seat: cards in hand the whole table has seen go there
    private: list[list[str]]         # per seat: cards in hand only its holder knows (Eminent Domain)
    unknown: list[int]               # per seat: how many more cards the hand holds
    possessed: list[list[tuple[int, str]]]   # per seat: (id, card) in the order they came
    spent: list[bool]                # per seat: the character ability used
    guesses: list[tuple[int, ...] | None]
    discard: list[str] = field(default_factory=list)    # names seen going to the pile
    discard_unknown: int = 0                            # unseen cards in the pile
    next_id: int = 1
    face: int | None = None
    rolls: list[int] = field(default_factory=list)
    first: int | None = None
    phase: str = "guess"             # guess, roll, turn, over
    turn: int | None = None
    turn_number: int = 0
    actions: int = 0                 # actions taken this turn
    throws: int = 0                  # throws this turn
    charmed: list[bool] = field(default_factory=list)
    armed: list[bool] = field(default_factory=list)    # Guaranteed Delivery waiting for a throw
    play: dict | None = None         # the possess or throw in flight
    window: dict | None = None       # {"kind": "throw"|"possess"|"ability", "win": Window, "ability": str|None}
    room: dict | None = None         # {"seat": P, "card": C, "id": N}: P must discard one of three first
    causes: list[str] = field(default_factory=list)     # uncomputed cards played or used this turn
    # the records of what happened, for the summary: tuples, only ever extended (see record)
    plays: tuple[dict, ...] = ()
    effects: tuple[dict, ...] = ()
    abilities: tuple[dict, ...] = ()
    corrections: tuple[dict, ...] = ()
    eliminations: tuple[dict, ...] = ()
    winners: tuple[int, ...] | None = None

    __eq__ = same_fields

    # -- copying: apply returns a new state ---------------------------------------------
    def clone(self) -> "ClairvoyanceState":
        """A copy sharing nothing that a later action changes.  The catalog, windows, the die
        and the records are never changed once made (the catalog is replaced when a card is
        defined; records are tuples, extended by :meth:`record`), so they are shared: a copy
        costs the same late in a game as early."""
        new = object.__new__(ClairvoyanceState)
        data = dict(self.__dict__)
        for name in ("health", "out", "unknown", "spent", "guesses", "discard", "rolls", "charmed", "armed",
                     "causes"):
            data[name] = list(data[name])
        data["known"] = [list(k) for k in self.known]
        data["private"] = [list(p) for p in self.private]
        data["possessed"] = [list(p) for p in self.possessed]
        for name in ("play", "window", "room"):
            if data[name] is not None:
                data[name] = dict(data[name])
        new.__dict__.update(data)
        return new

    def record(self, kind: str, entry: dict) -> None:
        """Add to one of the records (``plays``, ``effects``, ``abilities``, ``corrections``,
        ``eliminations``)."""
        setattr(self, kind, getattr(self, kind) + (entry,))

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
        if self.play is not None and not self.play["destroyed"]:
            return self.play["card"]
        return None

    def describe_item(self, item_id: int) -> str:
        return f"{self.names[self.owner(item_id)]}'s {self.item_card(item_id)} (#{item_id})"

    # -- card movements -----------------------------------------------------------------
    def from_hand(self, seat: int, name: str) -> None:
        """Take a named card from a hand: a card known to be there, else one of the
        unknown ones (the table has just shown it)."""
        for part in (self.private[seat], self.known[seat]):
            if name in part:
                part.remove(name)
                return
        if self.unknown[seat] > 0:
            self.unknown[seat] -= 1
            return
        who = self.names[seat]
        if not self.hand(seat):
            raise Refused(f"{who} has no card in hand")
        secret = len(self.private[seat])  # Eminent Domain's item: never named to the table
        held = self.known[seat] + ([f"{secret} card{'s' if secret > 1 else ''} only {who} has seen"] if secret else [])
        raise Refused(f"{who} has no {name} in hand: {who}'s hand is known to be " + ", ".join(held))

    def to_discard(self, *names: str) -> None:
        self.discard.extend(names)

    def empty_hand(self, seat: int) -> None:
        """The whole hand to the discard pile: the cards the table saw go into it by name, the
        rest unnamed — its holder's private cards too (the table never saw them)."""
        self.to_discard(*self.known[seat])
        self.discard_unknown += len(self.private[seat]) + self.unknown[seat]
        self.known[seat], self.private[seat], self.unknown[seat] = [], [], 0

    def take_possessed(self, item_id: int) -> str:
        """An item leaves its owner's possession; returns its card."""
        seat = self.owner(item_id)
        card = self.item_card(item_id)
        self.possessed[seat] = [(i, c) for i, c in self.possessed[seat] if i != item_id]
        return card

    def reshuffle(self) -> None:
        """The discard pile, shuffled, becomes the deck (its cards unknown again)."""
        self.deck += len(self.discard) + self.discard_unknown
        self.discard, self.discard_unknown = [], 0

    def draw(self, seat: int, count: int) -> int:
        """Draw up to ``count`` unseen cards; the deck is replenished from the discard pile
        when it runs out.  Returns how many were drawn (fewer only when both are empty)."""
        got = 0
        for _ in range(count):
            if self.deck == 0:
                self.reshuffle()
            if self.deck == 0:
                break
            self.deck -= 1
            got += 1
        self.unknown[seat] += got
        return got

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
        return None if self.window is None else self.window["win"]
