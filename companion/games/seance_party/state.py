"""Séance Party's state: what the companion knows of the table, as values nobody changes.

Built on the engine's discipline (:mod:`companion.engine.state`): every type here is a frozen
dataclass holding numbers, text, tuples, :class:`FrozenDict` or other frozen values, and an
action makes the next state with ``evolve``/``put``/``assoc``, so undo, redo and the journal
can keep every earlier state without copying it.  The records written once and never
changed — a hand as known, a boost, a turn, a hit, a charge — are typed tuples
(``NamedTuple``): as immutable, and compared at C speed, since the random playouts compare
whole states, history and all, at every step.  Seats are numbers everywhere; names appear
only in the turns' records (which the summary prints as they are) and at the summary's
boundary (:mod:`companion.games.seance_party.summary`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, NamedTuple

from companion.engine.game import same_fields
from companion.engine.secret import Sealed
from companion.engine.state import FrozenDict, evolve, put
from companion.games.seance_party.cards import Card

SIDES = ("attack", "defence")  # a battle's sides, by their figures' names


class Hand(NamedTuple):
    """A hand as the companion knows it: the cards shown since it last changed unseen, and how
    many more it holds.  Taking a named card takes a known one first, else an unknown one."""

    known: tuple[str, ...] = ()
    unknown: int = 0

    @property
    def size(self) -> int:
        return len(self.known) + self.unknown

    def take(self, name: str) -> Hand | None:
        """The hand without ``name``, or None if it cannot hold it."""
        known = self.known
        if name in known:
            i = known.index(name)
            return Hand(known[:i] + known[i + 1:], self.unknown)
        if self.unknown > 0:
            return Hand(known, self.unknown - 1)
        return None

    def take_all(self, names: Iterable[str]) -> Hand | None:
        hand: Hand | None = self
        for name in names:
            hand = hand.take(name)
            if hand is None:
                return None
        return hand

    def options(self, catalog: Iterable[str]) -> list[str]:
        """Every card the hand may give: its known cards, then (while it holds unknown ones)
        every other card of the catalog."""
        names = list(dict.fromkeys(self.known))
        if self.unknown:
            names += [n for n in catalog if n not in names]
        return names

    def first(self, count: int, catalog: list[str]) -> list[str]:
        """The first ``count`` cards the hand may give together (known ones, then unknown ones
        named by the catalog's first card)."""
        out = list(self.known[:count])
        return out + catalog[:1] * min(count - len(out), self.unknown)


@dataclass(frozen=True)
class Zener:
    """One of a player's five Zener cards, and the curses set face down on it."""

    up: bool = False
    charged: bool = False
    curses: int = 0
    __eq__ = same_fields


class BySymbol:
    """A value for each of the five Zener symbols, read like a mapping (``zeners["wave"]``) and
    iterated in the rulebook's order (circle, cross, wave, square, star)."""

    __slots__ = ()

    def __getitem__(self, symbol: str) -> Any:
        return self.__dict__[symbol]

    def __contains__(self, symbol: object) -> bool:
        return symbol in self.__dict__

    def __iter__(self):
        return iter(self.__dict__)

    def items(self):
        return self.__dict__.items()

    def values(self):
        return self.__dict__.values()


@dataclass(frozen=True)
class Zeners(BySymbol):
    """A player's five Zener cards."""

    circle: Zener = Zener()
    cross: Zener = Zener()
    wave: Zener = Zener()
    square: Zener = Zener()
    star: Zener = Zener()
    __eq__ = same_fields

    def set(self, symbol: str, **changes: Any) -> Zeners:
        """These Zeners with ``symbol``'s changed."""
        return evolve(self, **{symbol: evolve(self.__dict__[symbol], **changes)})


@dataclass(frozen=True)
class Points(BySymbol):
    """The die waiting at each point of the pentagram, by its symbol (None: the point is empty)."""

    circle: int | None = None
    cross: int | None = None
    wave: int | None = None
    square: int | None = None
    star: int | None = None
    __eq__ = same_fields


@dataclass(frozen=True)
class BoardCard:
    """A card face up on a board: a spell waiting there, or a card in a spirit's inventory.
    ``id`` is its number (from 1, in the order cards came to the boards); ``cursed``: upside
    down (a curse brought to the board)."""

    id: int
    card: str
    cursed: bool = False
    __eq__ = same_fields


@dataclass(frozen=True)
class Spirit(BoardCard):
    """A spirit possessed with face-down Spirit Energy; its inventory is face-up cards."""

    energy: int = 0
    inventory: tuple[BoardCard, ...] = ()
    rested: bool = False
    __eq__ = same_fields


@dataclass(frozen=True)
class Player:
    """What sits in front of one player."""

    hand: Hand = Hand()
    down: int = 0                        # face-down Spirit Energy in the energy area
    up: int = 0                          # face-up Spirit Energy (back to the hand at the Start)
    zeners: Zeners = Zeners()
    board: tuple[BoardCard, ...] = ()
    trash: tuple[str, ...] = ()
    pool: tuple[int, ...] = ()           # dice by sides
    defeated: int | None = None          # None, or the seat that defeated them (NOBODY: an effect)
    __eq__ = same_fields

    def energy(self) -> int:
        """Face-down Spirit Energy, in the area and under spirits: none left is a defeat."""
        return self.down + sum(item.energy for item in self.board if isinstance(item, Spirit))

    def curses(self) -> int:
        return sum(z.curses for z in self.zeners.values())

    def spirits(self) -> list[Spirit]:
        return [item for item in self.board if isinstance(item, Spirit)]

    def find(self, item_id: int, inventory: bool = False) -> BoardCard | None:
        for item in self.board:
            if item.id == item_id:
                return item
            if inventory and isinstance(item, Spirit):
                for card in item.inventory:
                    if card.id == item_id:
                        return card
        return None

    def replace(self, item_id: int, new: BoardCard | None) -> Player:
        """This player with the board card ``item_id`` replaced by ``new`` (None: removed)."""
        board = tuple(new if item.id == item_id else item for item in self.board if new or item.id != item_id)
        return evolve(self, board=board)

    def zener(self, symbol: str, **changes: Any) -> Player:
        return evolve(self, zeners=self.zeners.set(symbol, **changes))


class Boost(NamedTuple):
    """A boost decision: the dice spent from the pool, the cards from the hand, the rolls,
    and what it adds (a speed boost: the rolls and the cards' speeds; a battle boost: the
    rolls of the dice and of the cards' attack dice).  No boost is all empty, total 0."""

    dice: tuple[int, ...] = ()
    cards: tuple[str, ...] = ()
    rolls: tuple[int, ...] = ()
    total: int = 0


@dataclass(frozen=True)
class Speeds:
    """A round's Speed step by seat (None for a seat out before the reveals): the revealed
    hand's printed speeds, the board's, and each boost in the order decided."""

    hand: tuple[int | None, ...]
    board: tuple[int | None, ...]
    boosts: FrozenDict = FrozenDict()    # seat -> Boost
    __eq__ = same_fields

    def total(self, seat: int) -> int | None:
        if self.hand[seat] is None:
            return None
        boost = self.boosts.get(seat)
        return self.hand[seat] + self.board[seat] + (boost.total if boost else 0)

    def totals(self) -> tuple[int | None, ...]:
        return tuple(self.total(s) for s in range(len(self.hand)))


class Turn(NamedTuple):
    """A turn and what was done in it, as the summary records it: ``"pass"``, ``"end"`` or a
    frozen record of a play, an attach, an activation, an ability, an attack or an effect."""

    seat: int
    actions: tuple = ()


@dataclass(frozen=True)
class Round:
    """A round's record: each figure is None until the round reaches it (docs/seance-party.md,
    "What a field holds before it is known")."""

    number: int
    curses: tuple[tuple[str, ...], ...] | None = None   # what each seat set, once all have chosen
    speeds: Speeds | None = None                        # once every player still in has revealed
    order: tuple[int, ...] | None = None                # the turn order, once every boost is decided
    turns: tuple[Turn, ...] = ()
    ended_by: int | str | None = None                   # "passes", or the seat whose "end" ended it
    __eq__ = same_fields


class Hit(NamedTuple):
    """Damage dealt in a battle: by the seat whose spirit won, to the other side's spirit (or
    energy area: ``spirit`` None)."""

    by: int
    to: int
    element: str
    amount: int
    spirit: str | None
    removed: int
    killed: bool
    overpacked: bool | None = None       # None for damage to a player's energy area


@dataclass(frozen=True)
class Battle:
    """A battle, from the attack to the damage dealt.  ``attack``/``defence`` are the rolls'
    sums plus the boosts made so far; the defender boosts, then the attacker."""

    round: int
    attacker: int
    defender: int
    spirit: int                          # the attacking spirit's number
    spirit_card: str
    target: int | None                   # the defending spirit's number; None: the player
    target_card: str | None
    attack_dice: tuple[int, ...]
    defence_dice: tuple[int, ...]
    attack_rolls: tuple[int, ...]
    defence_rolls: tuple[int, ...]
    attack: int
    defence: int
    defence_boost: Boost | None = None
    attack_boost: Boost | None = None
    winners: tuple[str, ...] = ()        # "attacker" and/or "defender", once both have boosted
    pending: tuple[str, ...] = ()        # winning sides still to choose their damage type
    attacker_deals: str | None = None    # the damage type each winning side deals
    defender_deals: str | None = None
    damage: tuple[Hit, ...] = ()
    defeated: tuple[int, ...] = ()       # seats this battle defeated
    __eq__ = same_fields

    def boosting(self) -> str | None:
        """The side whose boost decision is owed: the defence first, then the attack."""
        if self.defence_boost is None:
            return "defence"
        return "attack" if self.attack_boost is None else None

    def seat_of(self, side: str) -> int:
        return self.attacker if side in ("attack", "attacker") else self.defender

    def item_of(self, side: str) -> int | None:
        return self.spirit if side in ("attack", "attacker") else self.target


class Charge(NamedTuple):
    round: int
    seat: int
    zener: str


@dataclass(frozen=True)
class Readings:
    """The setup's readings of what the rulebook leaves open (``rules.SETTINGS``)."""

    points: tuple[str, ...]
    adjacency: str
    after_d20: str
    charge: str
    speed_tie: str
    empty_deck: str
    __eq__ = same_fields


@dataclass(frozen=True)
class SeanceState:
    names: tuple[str, ...]
    mode: str
    settings: Readings
    seed: Any
    cards: FrozenDict                    # name -> Card, every card the companion knows
    deck: tuple[int, ...]                # cards left in each deck (one shared, or one per player)
    players: tuple[Player, ...]
    points: Points
    planchette: str | None = None
    removed: tuple[int, ...] = ()        # dice gone from the game
    supplied: int = 0                    # dice taken from the box to refill points
    next_id: int = 1
    rolls: int = 0                       # companion rolls so far (the salt of the next)
    round: int = 1
    phase: str = "curse"                 # curse, reveal, boost, turns, battle, damage, over
    sealed: Sealed | None = None
    revealed: FrozenDict = FrozenDict()  # seat -> the hand it revealed this round
    boosters: tuple[int, ...] = ()       # seats whose speed boost is still owed, in order
    turn: int | None = None
    played: bool = False
    extra: bool = False                  # a charge owes the turn player another turn
    started: tuple[int, ...] = ()        # seats that have started a turn this round
    passed: frozenset = frozenset()      # this round: whose last say was a pass (rules.round_ends_by_passes)
    battle: Battle | None = None
    history: tuple[Round, ...] = ()
    battles: tuple[Battle, ...] = ()
    charges: tuple[Charge, ...] = ()
    causes: tuple[str, ...] = ()         # this round: cards played, boosted with, activated, used for an ability
    winners: tuple[int, ...] | None = None
    won_by: str | None = None
    __eq__ = same_fields

    # -- reading ----------------------------------------------------------------------------
    def active(self) -> list[int]:
        return [s for s, p in enumerate(self.players) if p.defeated is None]

    def out(self) -> list[int]:
        return [s for s, p in enumerate(self.players) if p.defeated is not None]

    def hand(self, seat: int) -> int:
        return self.players[seat].hand.size

    @property
    def record(self) -> Round:
        """The round in play's record."""
        return self.history[-1]

    @property
    def speeds(self) -> Speeds | None:
        return self.history[-1].speeds if self.history else None

    @property
    def order(self) -> tuple[int, ...]:
        return (self.history[-1].order or ()) if self.history else ()

    def item(self, item_id: int, inventory: bool = False) -> tuple[int | None, BoardCard | None]:
        """The seat and card of a card on a board by its number (``inventory``: cards a
        spirit carries too), or (None, None)."""
        for seat, player in enumerate(self.players):
            found = player.find(item_id, inventory)
            if found is not None:
                return seat, found
        return None, None

    def stack(self, spirit: Spirit) -> list[tuple[Card, bool]]:
        """A spirit's stack: the spirit, then its inventory in order, each with its side."""
        cards = self.cards
        return [(cards[spirit.card], spirit.cursed)] + [(cards[i.card], i.cursed) for i in spirit.inventory]

    def stack_dice(self, spirit: Spirit) -> tuple[int, ...]:
        """The attack dice a battle rolls for a spirit's stack (each cursed card's cursed die)."""
        return tuple(card.attack_of(cursed) for card, cursed in self.stack(spirit))

    # -- changing -----------------------------------------------------------------------------
    def players_with(self, seat: int, **changes: Any) -> tuple[Player, ...]:
        """The players, with ``seat``'s fields changed (for an ``evolve`` of the state)."""
        return put(self.players, seat, evolve(self.players[seat], **changes))

    def history_with(self, **changes: Any) -> tuple[Round, ...]:
        """The history, with the round in play's record changed (for an ``evolve`` of the state)."""
        history = self.history
        return history[:-1] + (evolve(history[-1], **changes),)

    def with_player(self, seat: int, player: Player) -> SeanceState:
        return evolve(self, players=put(self.players, seat, player))

    def change(self, seat: int, **changes: Any) -> SeanceState:
        """The state with ``seat``'s player's fields changed."""
        return evolve(self, players=self.players_with(seat, **changes))

    def with_record(self, **changes: Any) -> SeanceState:
        """The state with the round in play's record changed."""
        return evolve(self, history=self.history_with(**changes))

    def noted(self, entry: Any) -> tuple[Turn, ...]:
        """The round's turns with ``entry`` added to the record of the turn under way."""
        turns = self.history[-1].turns
        turn = turns[-1]
        return turns[:-1] + (Turn(turn.seat, turn.actions + (entry,)),)

    def note(self, entry: Any) -> SeanceState:
        """The state with ``entry`` added to the record of the turn under way."""
        return self.with_record(turns=self.noted(entry))
