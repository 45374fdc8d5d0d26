"""ESP as a :class:`~companion.engine.game.Game`: the state, and the actions that
change it (``predict``, ``vision``, ``deal``, ``play``, ``bid``), exactly as
``docs/esp-log.md`` writes them.

The table is the truth: without a ``deal`` line a seat's cards are unknown and the
companion checks only what it can see.  With one (full information) it also
enforces follow-suit, held cards first and where every card is.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from companion.engine.fields import act_of, check_fields, player_names, seat_of, seed_of
from companion.engine.game import Action, Game, Outcome, same_fields
from companion.engine.refusal import Refused
from companion.engine.state import evolve, put, remembered
from companion.games.esp import rules
from companion.games.esp.cards import ALL_CLAIMS, DECK, name, parse_card, parse_claim, suit_of

ACTS = ("predict", "vision", "deal", "play", "bid")
_HANDLERS = {act: f"_{act}" for act in ACTS}


def _without(cards: tuple[int, ...], card: int) -> tuple[int, ...]:
    i = cards.index(card)
    return cards[:i] + cards[i + 1:]


@dataclass(frozen=True)
class Trick:
    leader: int
    seats: tuple[int, ...] = ()
    cards: tuple[int, ...] = ()
    winner: int | None = None
    why: str = ""

    __eq__ = same_fields


@dataclass(frozen=True)
class Round:
    """One round's table: who predicted what, the aspects, the tricks and the bids.  Seats'
    figures are tuples indexed by seat; a seat's ``hands``/``facedown`` are None until a
    ``deal`` line names them (table mode never does)."""

    index: int
    first_seer: int
    players: int
    claims: tuple[tuple[int, str | int], ...] = ()
    vision: int | None = None
    supernatural: str | int | None = None
    superduper: int | None = None
    hands: tuple[tuple[int, ...] | None, ...] = ()
    facedown: tuple[tuple[int, ...] | None, ...] = ()
    plays: tuple[int, ...] = ()
    tricks: tuple[Trick, ...] = ()
    won: tuple[int, ...] = ()
    bids: tuple[int | None, ...] = ()
    seen: frozenset[int] = frozenset()
    declined: tuple[frozenset[str], ...] = ()  # suits not followed from an unknown hand

    __eq__ = same_fields

    @classmethod
    def begin(cls, index: int, players: int) -> "Round":
        return cls(
            index=index,
            first_seer=rules.first_seer(index, players),
            players=players,
            hands=(None,) * players,
            facedown=(None,) * players,
            plays=(0,) * players,
            won=(0,) * players,
            bids=(None,) * players,
            declined=(frozenset(),) * players,
        )

    # -- where the round stands ------------------------------------------------------
    @property
    def phase(self) -> str:
        if len(self.claims) < self.players:
            return "predict"
        if self.vision is None:
            return "vision"
        if len(self.tricks) < rules.TRICKS or self.tricks[-1].winner is None:
            return "play"
        if None in self.bids:
            return "bid"
        return "done"

    def claimed(self) -> tuple[str | int, ...]:
        return tuple(claim for _, claim in self.claims)

    def claim_of(self, seat: int) -> str | int | None:
        for s, claim in self.claims:
            if s == seat:
                return claim
        return None

    def open_trick(self) -> Trick | None:
        if self.tricks and self.tricks[-1].winner is None:
            return self.tricks[-1]
        return None

    def next_player(self) -> int:
        trick = self.open_trick()
        if trick is not None:
            return (trick.leader + len(trick.cards)) % self.players
        if not self.tricks:
            return self.first_seer
        return self.tricks[-1].winner  # type: ignore[return-value]

    def dealt(self, seat: int) -> bool:
        return self.hands[seat] is not None

    def owner_of(self, card: int) -> int | None:
        """The seat whose dealt cards hold ``card``, if any seat's cards are known."""
        for seat in range(self.players):
            hand, row = self.hands[seat], self.facedown[seat]
            if hand is not None and (card in hand or card in row):  # type: ignore[operator]
                return seat
        return None

    def prediction_correct(self, seat: int) -> bool:
        claim = self.claim_of(seat)
        return self.vision is not None and claim is not None and rules.claim_is_correct(claim, self.vision)

    def bid_correct(self, seat: int) -> bool | None:
        bid = self.bids[seat]
        if bid is None:
            return None
        return rules.bid_is_correct(bid, self.won[seat])

    def points(self, seat: int) -> int:
        return _round_points(self)[seat]


@remembered
def _round_points(rnd: Round) -> tuple[int, ...]:
    """Every seat's points in ``rnd``: a finished round is shared by every later state, and
    the totals, the results chart and the summary ask for its points at every redraw."""
    return tuple(rules.round_points(rnd.prediction_correct(s), rnd.won[s], rnd.bid_correct(s))
                 for s in range(rnd.players))


@dataclass(frozen=True)
class EspState:
    players: tuple[str, ...]
    seed: int | str = 0
    rounds: tuple[Round, ...] = ()
    notices: tuple[str, ...] = ()  # revokes proven in table mode, for the table

    __eq__ = same_fields

    def with_round(self, rnd: Round, notices: tuple[str, ...] | None = None) -> "EspState":
        """The next state: ``rnd`` in place of the round in play (after it, when ``rnd``
        begins a round); the finished rounds are shared with this state."""
        rounds = self.rounds + (rnd,) if rnd.index == len(self.rounds) else self.rounds[:-1] + (rnd,)
        return evolve(self, rounds=rounds) if notices is None else evolve(self, rounds=rounds, notices=notices)

    @property
    def current(self) -> Round | None:
        """The round in play, or None between rounds (and before the first)."""
        if self.rounds and self.rounds[-1].phase != "done":
            return self.rounds[-1]
        return None

    @property
    def finished(self) -> bool:
        return len(self.rounds) == rules.ROUNDS and self.rounds[-1].phase == "done"

    def totals(self) -> list[int]:
        return [sum(r.points(s) for r in self.rounds) for s in range(len(self.players))]


class EspGame(Game):
    name = "esp"
    title = "ESP"
    min_players = 2
    max_players = 4  # 6 cards each plus the Vision Card out of 25

    # -- setup -----------------------------------------------------------------------
    def setup(self, line: Mapping[str, Any]) -> EspState:
        """Distribute Materials: the seats (0 holds the First Seer token) and the seed
        the companion deals from in full-information play."""
        check_fields({**line, "act": "setup"}, ["players"], ["game", "seed"])
        players = player_names(line, self.min_players, self.max_players, "ESP")
        seed = seed_of(line)
        return EspState(players=tuple(players), seed=seed)

    def players(self, state: EspState) -> list[str]:
        return list(state.players)

    # -- apply -----------------------------------------------------------------------
    def apply(self, state: EspState, action: Action) -> EspState:
        act = act_of(action, ACTS)
        if state.finished:
            raise Refused("the game is over: all four rounds have been played")
        return getattr(self, _HANDLERS[act])(state, action)

    def _round_for(self, state: EspState, act: str) -> Round:
        current = state.rounds[-1] if state.rounds else None
        phase = current.phase if current else "predict"
        if phase == "done":  # between rounds: EspState.current is None
            current, phase = None, "predict"
        if phase != act and not (act == "deal" and phase == "play"):
            raise Refused(self._out_of_turn(state, act))
        return current  # type: ignore[return-value]

    def _out_of_turn(self, state: EspState, act: str) -> str:
        owed = self.expected(state)
        want = {"predict": "predictions", "vision": "the Vision Card", "play": "plays", "bid": "bids",
                "deal": "a deal"}
        if owed is None:
            return "the game is over"
        if act == "deal":
            return "cards can be dealt only after the Vision Card is turned up and before the first play"
        return f"this is not the time for {want[act]}: the table owes {self._describe(state, owed)}"

    def _describe(self, state: EspState, owed: dict) -> str:
        act, seat = owed["act"], owed.get("seat")
        if act == "vision":
            return "the Vision Card"
        who = state.players[seat]
        return {"predict": f"{who}'s prediction", "play": f"{who}'s play", "bid": f"{who}'s bid"}[act]

    def _check_seat_turn(self, state: EspState, seat: int, expected: int, doing: str) -> None:
        if seat != expected:
            raise Refused(f"it is {state.players[expected]}'s turn to {doing}, not {state.players[seat]}'s")

    def _predict(self, state: EspState, action: Action) -> EspState:
        check_fields(action, ["seat", "claim"])
        seat = seat_of(action, state.players)
        current = self._round_for(state, "predict")
        index = len(state.rounds) if current is None else current.index
        rnd = current or Round.begin(index, len(state.players))
        expected = (rnd.first_seer + len(rnd.claims)) % rnd.players
        self._check_seat_turn(state, seat, expected, "predict")
        claim = parse_claim(action["claim"])
        rules.check_claim_is_new(claim, rnd.claimed(), state.players[seat])
        return state.with_round(evolve(rnd, claims=rnd.claims + ((seat, claim),)))

    def _vision(self, state: EspState, action: Action) -> EspState:
        check_fields(action, ["card"])
        rnd = self._round_for(state, "vision")
        card = parse_card(action["card"])
        supernatural, superduper = rules.aspects(rnd.claimed(), card)
        return state.with_round(evolve(rnd, vision=card, supernatural=supernatural, superduper=superduper))

    def _deal(self, state: EspState, action: Action) -> EspState:
        check_fields(action, ["seat", "hand", "facedown"])
        seat = seat_of(action, state.players)
        rnd = self._round_for(state, "deal")
        who = state.players[seat]
        if any(rnd.plays):
            raise Refused("cards can be dealt only before the first play of the round")
        if rnd.dealt(seat):
            raise Refused(f"{who}'s cards have already been dealt this round")
        hand = self._card_list(action["hand"], "hand")
        row = self._card_list(action["facedown"], "facedown")
        want_row = rules.facedown_count(rnd.index)
        if len(row) != want_row or len(hand) != rules.CARDS_EACH - want_row:
            raise Refused(
                f"in round {rnd.index + 1} each player holds {rules.held_count(rnd.index)} cards "
                f"and places {want_row} face-down; {who}'s deal has {len(hand)} and {len(row)}"
            )
        cards = hand + row
        if len(set(cards)) != len(cards):
            raise Refused(f"{who}'s deal names a card twice")
        for c in cards:
            if c == rnd.vision:
                raise Refused(f"{name(c)} is the Vision Card: it cannot be dealt to {who}")
            owner = rnd.owner_of(c)
            if owner is not None:
                raise Refused(f"{name(c)} was already dealt to {state.players[owner]}")
        return state.with_round(evolve(rnd, hands=put(rnd.hands, seat, hand), facedown=put(rnd.facedown, seat, row)))

    @staticmethod
    def _card_list(value: Any, field_name: str) -> tuple[int, ...]:
        if not isinstance(value, list):
            raise Refused(f'{field_name} must be a list of cards such as ["4 cross", "1 star"]')
        return tuple(parse_card(v) for v in value)

    def _check_card_is_free(self, state: EspState, rnd: Round, seat: int, card: int) -> None:
        """A card cannot be the Vision Card, be on the table already, or be known to
        sit in another player's cards."""
        if card == rnd.vision:
            raise Refused(f"{name(card)} is the Vision Card: it is set aside this round")
        if card in rnd.seen:
            raise Refused(f"{name(card)} is already on the table this round")
        owner = rnd.owner_of(card)
        if owner is not None and owner != seat:
            raise Refused(f"{name(card)} is in {state.players[owner]}'s cards this round")

    def _play(self, state: EspState, action: Action) -> EspState:
        check_fields(action, ["seat", "card"])
        seat = seat_of(action, state.players)
        rnd = self._round_for(state, "play")
        self._check_seat_turn(state, seat, rnd.next_player(), "play")
        card = parse_card(action["card"])
        who = state.players[seat]
        self._check_card_is_free(state, rnd, seat, card)
        trick = rnd.open_trick()
        lead = trick.cards[0] if trick else None
        from_hand = rules.plays_from_hand(rnd.plays[seat], rnd.index)
        if rnd.dealt(seat):
            hand, row = rnd.hands[seat], rnd.facedown[seat]
            if from_hand:
                if card not in hand:  # type: ignore[operator]
                    if card in row:  # type: ignore[operator]
                        raise Refused(f"{who} must play held cards first: {name(card)} is face-down")
                    raise Refused(f"{who} does not hold {name(card)}")
                rules.check_follows_suit(card, lead, hand, who)  # type: ignore[arg-type]
            elif card not in row:  # type: ignore[operator]
                raise Refused(f"{who} has played every held card: the next play is one of {who}'s face-down cards")
        changes: dict[str, Any] = {"plays": put(rnd.plays, seat, rnd.plays[seat] + 1), "seen": rnd.seen | {card}}
        notices = None
        if rnd.dealt(seat):
            pile = "hands" if from_hand else "facedown"
            cards = getattr(rnd, pile)
            changes[pile] = put(cards, seat, _without(cards[seat], card))
        elif from_hand:
            declined, notice = self._watch_for_revoke(state, rnd, seat, card, lead)
            changes["declined"] = put(rnd.declined, seat, declined)
            if notice is not None:
                notices = state.notices + (notice,)
        seats, cards = (trick.seats + (seat,), trick.cards + (card,)) if trick else ((seat,), (card,))
        if len(cards) < rnd.players:
            done = Trick(seats[0], seats, cards)
        else:
            index, why = rules.trick_winner(cards, rnd.supernatural, rnd.superduper)
            done = Trick(seats[0], seats, cards, seats[index], why)
            changes["won"] = put(rnd.won, done.winner, rnd.won[done.winner] + 1)
        changes["tricks"] = (rnd.tricks[:-1] if trick else rnd.tricks) + (done,)
        return state.with_round(evolve(rnd, **changes), notices)

    @staticmethod
    def _watch_for_revoke(state: EspState, rnd: Round, seat: int, card: int,
                          lead: int | None) -> tuple[frozenset[str], str | None]:
        """Where a hand is unknown, a failure to follow suit is proven only when the
        player later plays that suit from the same hand: the seat's suits not followed
        after this play, and the notice for the table if it proves a revoke."""
        who = state.players[seat]
        declined = rnd.declined[seat]
        notice = None
        if suit_of(card) in declined:
            notice = f"round {rnd.index + 1}: {who} did not follow {suit_of(card)} earlier but held {name(card)}: a revoke"
            declined = declined - {suit_of(card)}
        if lead is not None and suit_of(card) != suit_of(lead):
            declined = declined | {suit_of(lead)}
        return declined, notice

    def _bid(self, state: EspState, action: Action) -> EspState:
        check_fields(action, ["seat", "card"])
        seat = seat_of(action, state.players)
        rnd = self._round_for(state, "bid")
        who = state.players[seat]
        if rnd.bids[seat] is not None:
            raise Refused(f"{who} has already revealed a bid this round")
        card = parse_card(action["card"])
        self._check_card_is_free(state, rnd, seat, card)
        if rnd.dealt(seat) and card not in rnd.facedown[seat]:  # type: ignore[operator]
            last = name(rnd.facedown[seat][0])  # type: ignore[index]
            raise Refused(f"{who}'s last face-down card is {last}, not {name(card)}")
        changes: dict[str, Any] = {"bids": put(rnd.bids, seat, card), "seen": rnd.seen | {card}}
        if rnd.dealt(seat):
            changes["facedown"] = put(rnd.facedown, seat, _without(rnd.facedown[seat], card))
        return state.with_round(evolve(rnd, **changes))

    # -- what comes next -------------------------------------------------------------
    def expected(self, state: EspState) -> dict | None:
        if state.finished:
            return None
        rnd = state.current
        if rnd is None:
            return {"act": "predict", "seat": rules.first_seer(len(state.rounds), len(state.players))}
        phase = rnd.phase
        if phase == "predict":
            return {"act": "predict", "seat": (rnd.first_seer + len(rnd.claims)) % rnd.players}
        if phase == "vision":
            return {"act": "vision"}
        if phase == "play":
            return {"act": "play", "seat": rnd.next_player()}
        for k in range(rnd.players):  # bids in any order: name the first owed clockwise
            seat = (rnd.first_seer + k) % rnd.players
            if rnd.bids[seat] is None:
                return {"act": "bid", "seat": seat}
        return None  # pragma: no cover - a done round is never current

    def is_over(self, state: EspState) -> bool:
        return state.finished

    def legal(self, state: EspState) -> list[dict]:
        owed = self.expected(state)
        if owed is None:
            return []
        rnd = state.current
        act = owed["act"]
        if act == "predict":
            claimed = rnd.claimed() if rnd else []
            return [{"act": "predict", "seat": owed["seat"], "claim": c} for c in ALL_CLAIMS if c not in claimed]
        if act == "vision":
            return [{"act": "vision", "card": name(c)} for c in DECK]
        if act == "play":
            seat = owed["seat"]
            return [{"act": "play", "seat": seat, "card": name(c)} for c in self._playable(rnd, seat)]
        actions = []
        for seat in range(rnd.players):
            if rnd.bids[seat] is None:
                cards = rnd.facedown[seat] if rnd.dealt(seat) else self._free_cards(rnd, seat)
                actions += [{"act": "bid", "seat": seat, "card": name(c)} for c in cards]
        return actions

    def _free_cards(self, rnd: Round, seat: int) -> list[int]:
        return [c for c in DECK if c != rnd.vision and c not in rnd.seen and rnd.owner_of(c) in (None, seat)]

    def _playable(self, rnd: Round, seat: int) -> list[int]:
        if not rnd.dealt(seat):
            return self._free_cards(rnd, seat)
        if not rules.plays_from_hand(rnd.plays[seat], rnd.index):
            return list(rnd.facedown[seat])  # type: ignore[arg-type]
        hand = rnd.hands[seat]
        trick = rnd.open_trick()
        if trick is not None:
            lead_suit = suit_of(trick.cards[0])
            following = [c for c in hand if suit_of(c) == lead_suit]  # type: ignore[union-attr]
            if following:
                return following
        return list(hand)  # type: ignore[arg-type]

    def chance(self, state: EspState) -> dict | None:
        """Full information: turn up the Vision Card and deal each seat from a shuffle
        named by the seed and the round."""
        rnd = state.current
        if rnd is None or rnd.phase not in ("vision", "play") or any(rnd.plays):
            return None
        deck = list(DECK)
        self.rng(state.seed, "esp", rnd.index).shuffle(deck)
        if rnd.phase == "vision":
            return {"act": "vision", "card": name(deck[0])}
        undealt = [s for s in range(rnd.players) if not rnd.dealt(s)]
        if not undealt:
            return None
        pool = [c for c in deck if c != rnd.vision and rnd.owner_of(c) is None]
        seat = undealt[0]
        cards = pool[: rules.CARDS_EACH]
        held = rules.held_count(rnd.index)
        return {"act": "deal", "seat": seat, "hand": [name(c) for c in cards[:held]],
                "facedown": [name(c) for c in cards[held:]]}

    # -- reading ---------------------------------------------------------------------
    def outcome(self, state: EspState) -> Outcome | None:
        if not state.finished:
            return None
        totals = state.totals()
        best = max(totals)
        return Outcome(
            winners=tuple(s for s, t in enumerate(totals) if t == best),
            labels=tuple(rules.outcome_label(t) for t in totals),
            scores=tuple(totals),
        )

    def summary(self, state: EspState) -> dict:
        from companion.games.esp.summary import summarize

        return summarize(self, state)

    def view(self, state: EspState, seat: int | None) -> dict:
        from companion.games.esp.summary import view

        return view(self, state, seat)


ESP = EspGame()
