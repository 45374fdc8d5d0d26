"""About 840 random ESP games (five times as many in ``make test-long``) through the generic playout harness (tests/playout.py).

Full information (the companion deals and turns up the Vision Card from the setup's
seed) and table mode (nobody's cards are known), 2 to 4 players.  Besides the
harness's own checks, every step checks ESP's invariants against the rulebook
(shared/rules/esp.txt), worked out here independently of companion/games/esp.
"""

from __future__ import annotations

import functools
import json
import random

import pytest

from companion.games.esp import ESP
from tests.playout import PlayoutFailure, PlayoutStats, random_playout, run_playouts, scaled

SUITS = ("circle", "cross", "squiggle", "square", "star")
CLAIMS = (*SUITS, 1, 2, 3, 4, 5)
DECK = [f"{rank} {suit}" for suit in SUITS for rank in range(1, 6)]
CARD_INDEX = {card: index for index, card in enumerate(DECK)}
ROUNDS, TRICKS, CARDS_EACH = 4, 5, 6
ACTS = ("predict", "vision", "deal", "play", "bid")

NAMES = ("Ann", "Bo", "Cy", "Dee", "Zoë", "Élodie", "Ōta", "Max", "Kim", "Ned")
BAD_CARDS = ("6 star", "0 circle", "4 Cross", "4  cross", "cross 4", "4cross", "4 moon", "", "five star",
             " 4 cross", "4 cross ")
BAD_CLAIMS = ("3", " 3", 0, 6, -1, "moon", "Star", "stars", "")

# How many games a run plays: 510 full-information games (170 for each player count, in
# five parts so that pytest-xdist's two workers end together) and 84 table-mode games
# (``make test-long`` five times as many: tests/playout.py's ``scaled``).
# About one game in 11 is checked THOROUGHLY (up to 8 legal actions accepted, undo and redo,
# at every step: 15 per player count); the others QUICKLY (a smaller sample of each check):
# about 25 s of CPU in all on a fast core, half that with pytest-xdist on two cores.
FULL_PARTS = 5
FULL_GAMES = scaled(34)  # per test: players x part (100, 80, then 48, until make test neared CI's 5 minutes)
FULL_THOROUGH = scaled(3)  # of them
TABLE_GAMES = scaled(28)  # per test: players
THOROUGH = dict(legal_sample=8, undo_rate=1.0, summary_rate=0.25, view_rate=0.5, snapshot_rate=0.25,
                history_rate=1.0, illegal_per_step=4, malformed_per_step=2)
QUICK = dict(legal_sample=1, undo_rate=0.2, summary_rate=0.03, view_rate=0.25, snapshot_rate=0.03,
             history_rate=0.4, replay_rate=0.25, illegal_per_step=1, malformed_per_step=1)


# -- the rulebook, independently ----------------------------------------------------------------
def rank_of(card: str) -> int:
    return _RANK[card]


def suit_of(card: str) -> str:
    return _SUIT[card]


# read off each card's name once: the invariants ask for ranks and suits at every step
_RANK = {card: int(card.split()[0]) for card in DECK}
_SUIT = {card: card.split()[1] for card in DECK}


def held_count(round_index: int) -> int:
    return CARDS_EACH - facedown_count(round_index)


def facedown_count(round_index: int) -> int:
    return (2, 3, 4, 5)[round_index]


def expected_aspects(claims: list, vision: str) -> tuple:
    """Share Your Vision: suit and rank both predicted -> (suit, rank); one -> (it, None)."""
    suit_hit, rank_hit = suit_of(vision) in claims, rank_of(vision) in claims
    if suit_hit and rank_hit:
        return suit_of(vision), rank_of(vision)
    if suit_hit:
        return suit_of(vision), None
    if rank_hit:
        return rank_of(vision), None
    return None, None


def expected_winner(cards: list[str], supernatural, superduper) -> int:
    """Perform the Test: index (in play order) of the card that wins the trick."""
    if superduper is not None:
        duper = [i for i, c in enumerate(cards) if rank_of(c) == superduper]
        if duper:
            return duper[-1]  # any super-duper card beats the rest; of two, the later
    if isinstance(supernatural, int):
        ranked = [i for i, c in enumerate(cards) if rank_of(c) == supernatural]
        if ranked:
            return ranked[-1]  # a rank aspect: the later card of that rank
    elif supernatural is not None:
        suited = [i for i, c in enumerate(cards) if suit_of(c) == supernatural]
        if suited:
            return max(suited, key=lambda i: rank_of(cards[i]))
    lead = suit_of(cards[0])
    return max((i for i, c in enumerate(cards) if suit_of(c) == lead), key=lambda i: rank_of(cards[i]))


@functools.lru_cache(maxsize=None, typed=True)
def trick_winner(cards: tuple[int, ...], supernatural, superduper) -> int:
    """:func:`expected_winner` of cards as the rules store them, remembered: every step
    checks again each finished trick of the round in play."""
    return expected_winner([DECK[c] for c in cards], supernatural, superduper)


def bid_values(card: str) -> set[int]:
    """Evaluate Results: rank or suit value; an eye-icon card may also bid 0."""
    rank, value = rank_of(card), SUITS.index(suit_of(card)) + 1
    return {0, rank} if rank == value else {rank, value}


OUTCOMES = ((0, "No psychic ability"), (4, "Within the margin of error; test again"),
            (7, "Your psychic ability has been clouded by radio wave exposure"),
            (10, "Some aptitude; pursue training to further open your third eye"),
            (12, "Novice clairvoyant"), (14, "Medium of medium ability"), (16, "Competent intermediate"),
            (18, "In tune with the universe and a student of human nature"),
            (19, "Gifted, but you already knew that"))


def outcome_label(points: int) -> str:
    for top, label in OUTCOMES:
        if points <= top:
            return label
    return "A true visionary; consider visiting a casino"


# -- setups and illegal actions ---------------------------------------------------------------------
def setup_for(players: int):
    """Setups with varied names (some not ASCII) and seeds (numbers and words)."""
    def make_setup(rng: random.Random, index: int) -> dict:
        seed = rng.randrange(10**9) if index % 3 else f"seed-{rng.randrange(10**6)}"
        return {"game": "esp", "players": rng.sample(NAMES, players), "seed": seed}
    return make_setup


def _names(cards) -> list[str]:
    return [DECK[c] for c in cards]


def deal_is_valid(state, seat, hand, row) -> bool:
    """Whether the rules must accept this deal (spec: after the vision, before the first
    play, the round's numbers, no card twice, not the Vision Card, nobody else's card)."""
    rnd = state.rounds[-1] if state.rounds else None
    if rnd is None or state.finished or rnd.vision is None or len(rnd.tricks) or any(rnd.plays):
        return False
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < len(state.players):
        return False
    if rnd.hands[seat] is not None:
        return False
    if len(row) != facedown_count(rnd.index) or len(hand) != held_count(rnd.index):
        return False
    cards = hand + row
    if any(c not in DECK for c in cards) or len(set(cards)) != len(cards):
        return False
    taken = {DECK[rnd.vision]}
    for s in range(len(state.players)):
        if s != seat and rnd.hands[s] is not None:
            taken |= set(_names(rnd.hands[s])) | set(_names(rnd.facedown[s]))
    return not taken & set(cards)


def esp_illegal(rng: random.Random, game, state, legal) -> list:
    """Random actions from ESP's action space, and near misses of legal ones; the harness
    drops any that are in the legal list, and every other one must be refused."""
    seats = _seats(state)
    out = [_random_action(rng, state, seats) for _ in range(2)]
    out += [_near_miss(rng, state, base, seats) for base in (rng.sample(legal, min(2, len(legal))) if legal else ())]
    return [a for a in out if not _valid_deal(state, a)]


def esp_illegal_one(rng: random.Random, game, state, legal) -> list:
    """One of :func:`esp_illegal`'s kinds of action, at random: a QUICK step tries one, and
    drawing four to keep one was most of the sampler's time."""
    seats = _seats(state)
    action = _near_miss(rng, state, rng.choice(legal), seats) if legal and rng.random() < 0.5 \
        else _random_action(rng, state, seats)
    return [] if _valid_deal(state, action) else [action]


def _seats(state) -> list:
    """Seats to draw from: every real one, often, and some that are not."""
    players = len(state.players)
    return list(range(players)) * 3 + [-1, players, "0", True, None]


def _random_action(rng: random.Random, state, seats: list) -> dict:
    act = rng.choice(ACTS)
    seat = rng.choice(seats)
    card = rng.choice(DECK) if rng.random() < 0.85 else rng.choice(BAD_CARDS)
    if act == "predict":
        claim = rng.choice(CLAIMS) if rng.random() < 0.8 else rng.choice(BAD_CLAIMS)
        return {"act": "predict", "seat": seat, "claim": claim}
    if act == "vision":
        return {"act": "vision", "card": card}
    if act in ("play", "bid"):
        return {"act": act, "seat": seat, "card": card}
    return _random_deal(rng, state, seat)


def _near_miss(rng: random.Random, state, base: dict, seats: list) -> dict:
    """A legal action with one field changed."""
    near = dict(base)
    key = rng.choice([k for k in near if k != "act"] or ["act"])
    if key == "seat":
        near["seat"] = rng.choice(seats)
    elif key == "card":
        near["card"] = rng.choice(DECK)
    elif key == "claim":
        near["claim"] = rng.choice(CLAIMS)
    else:
        near["act"] = rng.choice(ACTS)
        if near["act"] == "deal":
            near = _random_deal(rng, state, base.get("seat", 0))
    return near


def _valid_deal(state, action: dict) -> bool:
    return action.get("act") == "deal" and deal_is_valid(state, action.get("seat"), action.get("hand"),
                                                         action.get("facedown"))


def _random_deal(rng: random.Random, state, seat) -> dict:
    rnd = state.rounds[-1] if state.rounds else None
    index = rnd.index if rnd is not None and state.current is not None else min(len(state.rounds), 3)
    held, down = held_count(index), facedown_count(index)
    cards = rng.sample(DECK, CARDS_EACH)
    kind = rng.randrange(5)
    if kind == 0:  # wrong numbers
        held = max(0, held + rng.choice((-1, 1)))
    elif kind == 1 and rnd is not None and rnd.vision is not None:  # the Vision Card
        cards[rng.randrange(CARDS_EACH)] = DECK[rnd.vision]
    elif kind == 2:  # a card twice
        cards[0] = cards[-1]
    elif kind == 3 and rnd is not None:  # someone else's card
        others = [s for s in range(len(state.players)) if s != seat and rnd.hands[s] is not None]
        if others:
            other = rng.choice(others)
            theirs = _names(rnd.hands[other] + rnd.facedown[other])
            if theirs:
                cards[rng.randrange(CARDS_EACH)] = rng.choice(theirs)
    # kind 4: a plausible deal, refused unless deal_is_valid (out of time, seat dealt already)
    return {"act": "deal", "seat": seat, "hand": cards[:held], "facedown": cards[held:held + down]}


# -- ESP's invariants ----------------------------------------------------------------------------------
# Every step checks the round in play again, and most of it (the predictions, the finished
# tricks) is what the step before checked.  These checks are pure functions of the values
# they are given, so each is remembered by value: the same values pass without being
# worked out again, and any other values are checked in full.
@functools.lru_cache(maxsize=None)
def _check_predictions(shown: str, claims, first_seer: int, players: int, vision, supernatural, superduper) -> None:
    """Share Your Vision: from the First Seer clockwise, one per seat, all different; the
    aspects by the rulebook.  ``shown`` (the repr of the claims and aspects) is the cache's
    key: ``True`` is not the claim ``1``."""
    del shown
    seats = [s for s, _ in claims]
    claims = [c for _, c in claims]
    assert len(claims) <= players
    assert seats == [(first_seer + k) % players for k in range(len(seats))], f"claim order {seats}"
    assert len(set(seats)) == len(seats), f"a seat predicted twice: {seats}"
    assert len(set(map(repr, claims))) == len(claims), f"a claim repeated: {claims}"
    assert all(c in CLAIMS and not isinstance(c, bool) for c in claims), claims
    if vision is None:
        return
    assert len(claims) == players, "the Vision Card came before every prediction"
    aspects = expected_aspects(claims, DECK[vision])
    assert (supernatural, superduper) == aspects, (
        f"claims {claims}, vision {DECK[vision]}: aspects {supernatural, superduper}, the rulebook says {aspects}")


@functools.lru_cache(maxsize=None, typed=True)
def _check_trick(k: int, leader: int, players: int, led_by: int, seats: tuple, cards: tuple, winner,
                 last: bool, supernatural, superduper) -> None:
    """Perform the Test: the k-th trick of a round, led by ``leader`` (the previous winner),
    played clockwise; an open trick only last; the winner by the rulebook."""
    assert led_by == leader, f"trick {k + 1} led by {led_by}, not {leader}"
    assert list(seats) == [(leader + j) % players for j in range(len(cards))]
    assert 1 <= len(cards) <= players
    if len(cards) < players:
        assert winner is None and last, "an open trick that is not the last"
        return
    assert winner in seats, f"trick winner {winner} did not play"
    win = trick_winner(cards, supernatural, superduper)
    assert winner == seats[win], (
        f"trick {[DECK[c] for c in cards]} (aspects {supernatural}, {superduper}) "
        f"won by seat {winner}, the rulebook says {seats[win]}")



VIEW_EVERY = 11  # after one action in 11 (and at each game's ends): the shared view and one seat's


class EspInvariants:
    """Checked after every accepted action.  Remembers the deals of the game in play
    (``previous is None`` starts a new game) to follow each card from deal to trick.

    Cards are read from the state as the rules store them (``DECK[c]`` names card ``c``)."""

    def __init__(self, full_information: bool) -> None:
        self.full_information = full_information
        self.deals: dict[tuple[int, int], tuple[frozenset[int], ...]] = {}  # held, face-down, both
        self.done_totals: list[int] = []  # the points of the finished rounds
        self.totals: list[int] = []  # after the previous action
        self.calls = 0

    def __call__(self, game, previous, action, state) -> None:
        players = len(state.players)
        if previous is None:
            self.deals = {}
            self.done_totals = [0] * players
        rounds = state.rounds
        assert len(rounds) <= ROUNDS, f"{len(rounds)} rounds"
        check_all = previous is None or state.finished
        if action is not None:
            if action["act"] == "deal":
                hand = frozenset(CARD_INDEX[c] for c in action["hand"])
                row = frozenset(CARD_INDEX[c] for c in action["facedown"])
                self.deals[(len(rounds) - 1, action["seat"])] = (hand, row, hand | row)
            elif action["act"] == "predict" and len(rounds) > len(previous.rounds):  # a round begins
                done = previous.rounds[-1] if previous.rounds else None
                if done is not None:
                    self.done_totals = [t + self._points(done, s) for s, t in enumerate(self.done_totals)]
            elif action["act"] == "play":
                self._check_follow_suit(previous, action, state)
            self._check_notices(previous, action, state)

        # the round in play after each action; every round again at the start and the end
        # (a finished round never changes: the harness checks states are never changed in place)
        for index, rnd in enumerate(rounds):
            assert rnd.index == index and rnd.first_seer == index % players
            if index < len(rounds) - 1:
                assert rnd.phase == "done", f"round {index + 1} left unfinished"
            if check_all or index == len(rounds) - 1:
                self._check_round(state, rnd)

        # scores: the round in play scores as the rulebook says, totals never go down
        if rounds:
            rnd = rounds[-1]
            points = [rnd.points(s) for s in range(players)]
            assert points == [self._points(rnd, s) for s in range(players)], f"round points {points}"
            totals = [t + p for t, p in zip(self.done_totals, points)]
        else:
            totals = [0] * players
        if previous is not None:
            assert all(a >= b for a, b in zip(totals, self.totals)), f"totals went down: {self.totals} -> {totals}"
        self.totals = totals
        if check_all:
            assert totals == [sum(self._points(r, s) for r in rounds) for s in range(players)]
        self.calls += 1
        if self.calls % VIEW_EVERY == 0 or check_all:
            assert state.totals() == totals, f"totals {state.totals()}, the rounds' points add up to {totals}"
            self._check_views(game, state, (None, self.calls % players))
        owed = game.expected(state)
        assert (owed is None) == state.finished, f"expected() is {owed}, finished is {state.finished}"
        if state.finished:
            assert len(rounds) == ROUNDS
            outcome = game.outcome(state)
            assert list(outcome.scores) == totals, f"outcome scores {outcome.scores}, totals {totals}"
            labels = [outcome_label(t) for t in totals]
            assert list(outcome.labels) == labels, f"outcome labels {outcome.labels} for {totals}: want {labels}"
            best = {s for s in range(players) if totals[s] == max(totals)}
            assert set(outcome.winners) == best, f"winners {outcome.winners} for {totals}"

    @staticmethod
    def _points(rnd, seat: int) -> int:
        """Share Your Vision and Evaluate Results: 1 per correct prediction, 1 per trick,
        3 for a correct bid."""
        claim = rnd.claim_of(seat)
        vision = DECK[rnd.vision] if rnd.vision is not None else None
        predicted = vision is not None and claim in (suit_of(vision), rank_of(vision))
        bid = rnd.bids[seat]
        correct = bid is not None and rnd.won[seat] in bid_values(DECK[bid])
        return int(predicted) + rnd.won[seat] + 3 * correct

    def _check_round(self, state, rnd) -> None:
        players = len(state.players)
        _check_predictions(repr((rnd.claims, rnd.supernatural, rnd.superduper)), tuple(rnd.claims), rnd.first_seer,
                           players, rnd.vision, rnd.supernatural, rnd.superduper)
        if rnd.vision is None:
            assert not rnd.tricks and all(h is None for h in rnd.hands)
            return

        # tricks: order, leaders, winners, tricks won
        on_table: list[int] = []
        played_by: list[list[int]] = [[] for _ in range(players)]
        leader = rnd.first_seer
        won = [0] * players
        assert len(rnd.tricks) <= TRICKS
        last = len(rnd.tricks) - 1
        for k, trick in enumerate(rnd.tricks):
            cards = trick.cards
            _check_trick(k, leader, players, trick.leader, tuple(trick.seats), tuple(cards), trick.winner,
                         k == last, rnd.supernatural, rnd.superduper)
            for seat, c in zip(trick.seats, cards):
                played_by[seat].append(c)
            on_table += cards
            if trick.winner is not None:
                won[trick.winner] += 1
                leader = trick.winner
        assert list(rnd.won) == won, f"tricks won {rnd.won}, counted {won}"
        finished = sum(won)
        assert finished == len(rnd.tricks) - (rnd.open_trick() is not None)
        assert list(rnd.plays) == [len(p) for p in played_by]

        # bids: only after the fifth trick, each a card not otherwise on the table
        bids = [b for b in rnd.bids if b is not None]
        if bids:
            assert finished == TRICKS, "a bid before the fifth trick"
        on_table += bids
        assert len(set(on_table)) == len(on_table), "a card is on the table twice"
        assert rnd.vision not in on_table, "the Vision Card was played"
        assert rnd.seen == set(on_table)

        # full information: every dealt card in exactly one place
        dealt = [s for s in range(players) if rnd.hands[s] is not None]
        if self.full_information:
            if any(rnd.plays):
                assert len(dealt) == players, "a play before every seat was dealt in full information"
        else:
            assert not dealt, "table mode has no deals"
        if not dealt:
            return
        held = held_count(rnd.index)
        places: list[int] = []
        for seat in dealt:
            hand, row, mine = rnd.hands[seat], rnd.facedown[seat], played_by[seat]
            bid = [rnd.bids[seat]] if rnd.bids[seat] is not None else []
            whole = [*hand, *row, *mine, *bid]
            assert len(whole) == CARDS_EACH, f"seat {seat} has {[DECK[c] for c in whole]}"
            assert len(hand) == held - min(len(mine), held), "held cards are not played first"
            given_hand, given_row, given = self.deals[(rnd.index, seat)]
            assert given.issuperset(whole) and len(set(whole)) == CARDS_EACH, (
                f"seat {seat} was dealt {sorted(DECK[c] for c in given)}, has {sorted(DECK[c] for c in whole)}")
            assert given_hand.issuperset(mine[:held]), "a face-down card played from the hand"
            assert given_row.issuperset(mine[held:] + bid), "a held card played from the row"
            places += whole
        assert rnd.vision not in places, "the Vision Card is in someone's cards"
        assert len(set(places)) == len(places) == CARDS_EACH * len(dealt), "a dealt card in two places"
        remainder = set(range(len(DECK))) - set(places) - {rnd.vision}
        assert len(remainder) == len(DECK) - 1 - CARDS_EACH * len(dealt), "the deck is not 25 cards"
        if len(dealt) == players:
            assert set(on_table) <= set(places), "a card on the table that nobody was dealt"

    @staticmethod
    def _check_views(game, state, viewers) -> None:
        """Develop a Hypothesis: a player sees their own held cards; face-down cards, even
        their own, and everyone else's hands only as counts.  The shared screen sees no card."""
        rnd = state.rounds[-1] if state.rounds else None
        players = len(state.players)
        for viewer in viewers:
            view = game.view(state, viewer)
            if rnd is None:
                continue
            held = held_count(rnd.index)
            for seat in range(players):
                shown, row = view["hands"][seat], view["facedown"][seat]
                row_left = facedown_count(rnd.index) - max(0, rnd.plays[seat] - held) - (rnd.bids[seat] is not None)
                assert row == row_left, f"{viewer} sees {row} face-down cards for seat {seat}, there are {row_left}"
                if viewer == seat and rnd.hands[seat] is not None:
                    assert sorted(shown) == sorted(DECK[c] for c in rnd.hands[seat]), f"seat {seat}'s own hand"
                else:
                    assert shown == held - min(rnd.plays[seat], held), (
                        f"{viewer} sees {shown!r} for seat {seat}'s hand: only a count may be shown")

    @staticmethod
    def _check_notices(previous, action, state) -> None:
        """A revoke is noted when it is proven (docs, Readings 6): a player who did not
        follow a suit with a held card later plays that suit from the same, unknown hand."""
        new = state.notices[len(previous.notices):]
        assert state.notices[:len(previous.notices)] == previous.notices, "a notice was changed or dropped"
        proven = False
        if action["act"] == "play" and previous.rounds and previous.current is not None:
            rnd = previous.rounds[-1]
            seat, held = action["seat"], held_count(rnd.index)
            if rnd.hands[seat] is None and rnd.plays[seat] < held:
                declined: set[str] = set()
                for trick in rnd.tricks:  # the seat's earlier plays this round, all from the hand
                    if seat not in trick.seats:
                        continue
                    k = trick.seats.index(seat)
                    suit = suit_of(DECK[trick.cards[k]])
                    declined.discard(suit)
                    if k and suit != suit_of(DECK[trick.cards[0]]):
                        declined.add(suit_of(DECK[trick.cards[0]]))
                proven = suit_of(action["card"]) in declined
        if proven:
            who = state.players[action["seat"]]
            assert len(new) == 1 and who in new[0] and action["card"] in new[0], (
                f"{who} proved a revoke with {action['card']} but the notices are {new}")
        else:
            assert not new, f"a notice without a proven revoke: {new} after {action}"

    @staticmethod
    def _check_follow_suit(previous, action, state) -> None:
        """Perform the Test: a held card follows the lead suit whenever the hand holds one
        (checked against the hand as it was before the play)."""
        rnd = previous.rounds[-1]
        seat = action["seat"]
        hand = rnd.hands[seat]
        trick = rnd.open_trick()
        if hand is None or trick is None or rnd.plays[seat] >= held_count(rnd.index):
            return
        lead, card = suit_of(DECK[trick.cards[0]]), action["card"]
        if suit_of(card) != lead:
            holding = [DECK[c] for c in hand if suit_of(DECK[c]) == lead]
            assert not holding, f"seat {seat} played {card} on a {lead} lead while holding {holding}"


# -- the tests -------------------------------------------------------------------------------------------
def _play(players: int, games: int, full_information: bool, seed: str,
          thorough_games: int | None = None) -> tuple[PlayoutStats, PlayoutStats]:
    """``games`` playouts: ``thorough_games`` (one in 16 unless given) THOROUGH, the rest
    QUICK; returns both tiers' stats."""
    if thorough_games is None:
        thorough_games = max(1, games // 16)
    common = dict(full_information=full_information)
    thorough = run_playouts(ESP, setup_for(players), games=thorough_games, seed=f"{seed}/thorough",
                            illegal=esp_illegal, invariants=EspInvariants(full_information), **common, **THOROUGH)
    quick = run_playouts(ESP, setup_for(players), games=games - thorough_games, seed=f"{seed}/quick",
                         illegal=esp_illegal_one, invariants=EspInvariants(full_information), **common, **QUICK)
    assert thorough.undo_checked == thorough.steps, "THOROUGH undoes and redoes every step"
    assert thorough.replayed == thorough.games, "THOROUGH replays every game's log"
    assert 0 < quick.undo_checked < quick.steps
    assert 0 < quick.replayed < quick.games, "QUICK replays a sample of the games' logs"
    total = PlayoutStats()
    total.merge(thorough)
    total.merge(quick)
    return total, thorough


def _assert_coverage(stats: PlayoutStats, games: int, players: int) -> None:
    """Every game ran to its end, each act as often as the rules say, and every act was
    refused somewhere (out of turn, a wrong card, a malformed line…)."""
    assert stats.games == stats.finished == games
    for act, count in (("predict", players), ("vision", 1), ("play", TRICKS * players), ("bid", players)):
        assert stats.acts.get(act) == games * ROUNDS * count, (act, stats.acts)
    assert stats.legal_checked >= stats.steps
    assert stats.summaries_checked >= games
    for act in ACTS:
        assert stats.refusals.get(act, 0) > 0, f"no {act} was ever refused: {stats.refusals}"
    for malformed in ("<list>", "<NoneType>", "no-such-act"):
        assert stats.refusals.get(malformed, 0) > 0, f"no {malformed} action was tried: {stats.refusals}"


@pytest.mark.slow
@pytest.mark.parametrize("part", range(FULL_PARTS))
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_full_information_games(players: int, part: int) -> None:
    stats, _ = _play(players, FULL_GAMES, True, f"esp-full-{players}-{part}", FULL_THOROUGH)
    _assert_coverage(stats, FULL_GAMES, players)
    assert stats.acts["deal"] == FULL_GAMES * ROUNDS * players, "every seat is dealt every round"
    assert stats.chance_steps == FULL_GAMES * ROUNDS * (players + 1)  # the deals and the Vision Card


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_table_mode_games(players: int) -> None:
    stats, _ = _play(players, TABLE_GAMES, False, f"esp-table-{players}")
    _assert_coverage(stats, TABLE_GAMES, players)
    assert "deal" not in stats.acts and stats.chance_steps == 0


def test_a_failure_names_the_seed_and_the_actions() -> None:
    """The harness's report: a broken invariant is raised with the seed, the setup and the log."""
    def broken(game, previous, action, state):
        assert action is None or action["act"] != "vision", "invariant broken on purpose"

    setup = {"game": "esp", "players": ["Ann", "Bo"], "seed": 5}
    with pytest.raises(PlayoutFailure) as caught:
        random_playout(ESP, setup, seed="report-test", invariants=broken)
    text = str(caught.value)
    assert "seed='report-test'" in text and "invariant broken on purpose" in text
    assert "after accepting action 3" in text
    lines = text.split("\nlog (3 actions):\n")[1].splitlines()
    assert json.loads(lines[0]) == setup
    assert [json.loads(line)["act"] for line in lines[1:]] == ["predict", "predict", "vision"]


def test_the_harness_catches_an_apply_that_changes_its_input() -> None:
    """A game whose apply changes the state it was given (forcing its way past the frozen
    dataclass) is caught at the first step."""
    class Mutating(type(ESP)):
        def apply(self, state, action):
            new = super().apply(state, action)
            object.__setattr__(state, "notices", (*state.notices, "changed in place"))
            return new

    with pytest.raises(PlayoutFailure, match="changed the state|state changed"):
        random_playout(Mutating(), {"game": "esp", "players": ["Ann", "Bo"], "seed": 1}, seed=0)


def test_the_harness_catches_a_legal_list_that_misses_an_action() -> None:
    """A legal() that leaves out an action the rules accept is caught by the illegal probes."""
    class Incomplete(type(ESP)):
        def legal(self, state):
            return super().legal(state)[:-1] or super().legal(state)

    with pytest.raises(PlayoutFailure, match="not in the legal list was accepted"):
        run_playouts(Incomplete(), setup_for(3), games=5, seed="incomplete", illegal=esp_illegal)


def test_the_harness_catches_a_refused_legal_action() -> None:
    """A legal() that lists an action the rules refuse is caught when it is applied."""
    class Overeager(type(ESP)):
        def legal(self, state):
            listed = super().legal(state)
            if listed and listed[0]["act"] == "play":
                listed.append({**listed[0], "seat": (listed[0]["seat"] + 1) % len(state.players)})
            return listed

    with pytest.raises(PlayoutFailure, match="a legal action was refused"):
        random_playout(Overeager(), {"game": "esp", "players": ["Ann", "Bo"], "seed": 2}, seed=0)


def test_the_same_seed_deals_the_same_game() -> None:
    """Full information is a pure function of the setup's seed: two playouts, one log."""
    setup = {"game": "esp", "players": ["Ann", "Bo", "Cy"], "seed": "same"}
    from companion.engine import Match

    def deals(seed):
        match = Match.start(ESP, setup)
        rng = random.Random(seed)
        while not ESP.is_over(match.state):
            action = ESP.chance(match.state) or rng.choice(ESP.legal(match.state))
            assert match.play(action) is None
        return [a for a in match.actions if a["act"] in ("vision", "deal")]

    first = deals(1)
    assert len(first) == ROUNDS * 4  # each round: the Vision Card and three deals
    assert first == deals(2), "the shuffle depends on the seed and the round, never on the play"
    setup["seed"] = "other"
    assert deals(1) != first
