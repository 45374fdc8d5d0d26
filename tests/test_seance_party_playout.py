"""544 random Séance Party games through the playout harness (tests/playout.py), both
modes, 2 to 4 players, the rulebook's settings and the other readings, the group's own
cards in half of them (five times as many in ``make test-long``).  The games go at a table's
pace (:class:`TablePace`: mostly plays and attacks, few curses), so that they end in about a
hundred steps.

At every step, besides the harness's own checks:

- the legal list is exact (``companion/games/seance_party/moves.py``): every listed action
  tried is accepted (the harness), and a random action from the whole action space, a near
  miss of a listed one or another member of a listed kind, when the rules accept it, stands
  for a listed one (``canonical()``, ``tests/seance_moves.py``) — and when they refuse it,
  the harness checks the refusal;
- Séance Party's invariants, worked out here from the rulebook: cards and dice conserved,
  a Zener never charged twice, what each act may change and what it must, the round's
  steps, battles, winners; and "If all players pass, the round automatically ends": a round
  ends by passes exactly when every player still in has passed since their last action
  (read from the round's record, not from the state's own bookkeeping).
"""

from __future__ import annotations

import random
import zlib
from collections import Counter
from collections.abc import Mapping

import pytest

from companion.engine import Refusal, apply as engine_apply
from companion.games.seance_party import SEANCE_PARTY, rules
from companion.games.seance_party.cards import SYMBOLS
from companion.games.seance_party.state import Spirit
from tests.playout import PlayoutStats, run_playouts, scaled, strictly_in
from tests.seance_moves import canonical

NAMES = ("Ann", "Bo", "Cy", "Dee")
ACTS = ("curse", "reveal", "boost", "play", "attach", "activate", "ability", "attack", "damage", "pass", "end",
        "draw", "trash", "planchette", "energy")
DICE = (4, 6, 8, 10, 12, 20)
RANKS = {d: k for k, d in enumerate(DICE)}
ELEMENTS = ("fire", "ice", "life", "bolt", "shadow", "Fire", "")
#: the group's own cards, in half of the games: a spirit and a spell of a type and symbol the
#: shipped cards have too, listed like them
EXTRA_CARDS = [
    {"name": "Candle Ghost", "type": "spirit", "symbol": "circle", "element": "fire", "attack": "d4", "speed": 1,
     "cursed": {"element": "shadow", "attack": "d20", "speed": 0}},
    {"name": "Mirror Hex", "type": "spell", "symbol": "star", "element": "life", "attack": "d10", "speed": 0,
     "cursed": {"element": "ice", "attack": "d6", "speed": 3}},
]
OTHER_READINGS = dict(adjacency="neighbours", charge="after", after_d20="none", empty_deck="reshuffle",
                      speed_tie="reverse-seat", points=["star", "wave", "circle", "square", "cross"])

# A run plays 448 games: for each of the 12 tables (mode x players x reading) 60 games of two
# players, 30 of three, 22 of four — the longer games fewer, so that the run stays within
# about 30 s on two cores (fewer games left some act unplayed at some table) — in two halves, so that pytest-xdist's two workers get as much to
# do as each other.  In each half one game is checked THOROUGHLY (up to 8 listed actions
# accepted, undo and redo, a deep copy compared, at every step), the others QUICKLY (at each
# step the chosen action accepted, one action from the sampler and one malformed refused, the
# invariants; a sample of the rest).  A thorough game replays its whole log at the end and
# compares every state with the live one's, a quarter of the quick ones do.  A game of 2, 3 or 4 players costs about 0.06, 0.1 or 0.16 s of
# CPU quickly, three times that thoroughly: 1,000 games would take about 75 s on two cores.
GAMES = {2: scaled(30), 3: scaled(15), 4: scaled(11)}  # a half, by players (3 and 4: 22, 16 until make test neared CI's 5 min)
THOROUGH_GAMES = 1
THOROUGH = dict(legal_sample=8, undo_rate=1.0, summary_rate=0.25, view_rate=0.5, snapshot_rate=0.25,
                history_rate=1.0, illegal_per_step=6, malformed_per_step=2)
QUICK = dict(legal_sample=0, undo_rate=0.05, summary_rate=0.02, view_rate=0.5, snapshot_rate=0.02,
             history_rate=0.12, replay_rate=0.25, illegal_per_step=1, malformed_per_step=1)


# -- Séance Party's invariants -----------------------------------------------------------------------------
def cards(state) -> int:
    """Every card in one place: decks, hands, energy areas, curses, trashes, boards."""
    total = sum(state.deck)
    for p in state.players:
        total += p.hand.size + p.down + p.up + p.curses() + len(p.trash)
        for item in p.board:
            total += 1 + (len(item.inventory) + item.energy if isinstance(item, Spirit) else 0)
    return total


def dice(state) -> int:
    """Every die: in pools, on the points, gone from the game."""
    return sum(len(p.pool) for p in state.players) + sum(d is not None for d in state.points.values()) \
        + len(state.removed)


def passed(names, turns) -> set[str]:
    """Who has passed, by the round's record alone: a turn closed with "pass" (a play before
    it or not), since the last attack (which changes the board), and no curse activated by
    that player since (docs/seance-party.md, Readings 5)."""
    out: set[str] = set()
    for turn in turns:
        for entry in turn.actions:
            if entry == "pass":
                out.add(names[turn.seat])
            elif isinstance(entry, Mapping) and "attack" in entry:
                out.clear()
            elif isinstance(entry, Mapping) and "activate" in entry:
                out.discard(entry["player"])
    return out


def extra_owed(names, turns, active: set[str]) -> bool:
    """The round's last turn charged a Zener, and its player is still in: another turn is owed."""
    return bool(turns) and names[turns[-1].seat] in active and any(
        isinstance(e, Mapping) and "charged" in e for e in turns[-1].actions)


class Invariants:
    """Checked after every accepted action, from the state's fields."""

    total = 0  # the cards of the game in play
    #: over every game checked: rounds ended by passes; turns closed by a pass with everyone
    #: still in having passed but an extra turn owed; passes that ended no round although the
    #: passer had passed before in the round (a charge's extra turn, or a turn round again)
    by_passes = 0
    extra_first = 0
    again = 0

    def __call__(self, game, previous, action, state) -> None:
        n = len(state.names)
        if previous is None:
            self.total = cards(state)
            assert self.total == 30 * n if state.mode == "battle" else self.total >= 60
        assert cards(state) == self.total, f"cards not conserved: {cards(state)} of {self.total}"
        assert dice(state) == 6 * n + 5 + state.supplied, "dice not conserved"
        self.places(previous, state)
        self.charges(previous, state)
        self.steps(game, state)
        if previous is None:
            assert state.round == 1 and state.phase == "curse" and state.planchette is None
            assert all(p.hand.size == 5 and p.down == 5 for p in state.players)
            return
        self.change(previous, action, state)
        self.round_end(previous, action, state)
        if state.phase == "over":
            self.winners(state)

    @staticmethod
    def places(previous, state) -> None:
        """Counts never below zero; each board card a spirit with energy or a spell without;
        board numbers never repeat.  What an action did not touch (a state shares it with the
        one before, which was checked) is not read again."""
        cards = state.cards
        boards_changed = previous is None or state.next_id != previous.next_id
        for s, p in enumerate(state.players):
            q = None if previous is None else previous.players[s]
            if p is q:
                continue
            assert p.hand.unknown >= 0 and p.down >= 0 and p.up >= 0
            if q is None or p.zeners is not q.zeners:
                assert all(z.curses >= 0 for z in p.zeners.values())
            if q is None or p.hand is not q.hand:
                assert all(name in cards for name in p.hand.known)
            if q is None or p.pool is not q.pool:
                assert set(p.pool) <= set(DICE)
            if q is not None and p.board is q.board:
                continue
            boards_changed = True
            for item in p.board:
                assert isinstance(item, Spirit) == (cards[item.card].type == "spirit")
                if isinstance(item, Spirit):
                    assert item.energy >= 1, "a spirit with no energy stays on the board"
                    assert all(not isinstance(i, Spirit) for i in item.inventory)
        if boards_changed:
            ids = [c.id for p in state.players for item in p.board for c in (item, *getattr(item, "inventory", ()))]
            assert len(ids) == len(set(ids)) and all(0 < i < state.next_id for i in ids), "board numbers repeat"
        assert state.planchette is None or state.planchette in state.points

    @staticmethod
    def charges(previous, state) -> None:
        """A Zener is charged once, and the charged Zeners are the charges made."""
        if previous is not None and state.charges is previous.charges and all(
                p.zeners is q.zeners for p, q in zip(state.players, previous.players)):
            return
        seen = [(c.seat, c.zener) for c in state.charges]
        assert len(seen) == len(set(seen)), "a Zener charged twice"
        for s, p in enumerate(state.players):
            charged = {z for z, v in p.zeners.items() if v.charged}
            assert charged == {z for who, z in seen if who == s}, f"{state.names[s]}'s charged Zeners and charges differ"

    @staticmethod
    def steps(game, state) -> None:
        """The round's steps: who is owed what, and only those still in."""
        owed = game.expected(state)
        active = state.active()
        if state.phase == "over":
            assert owed is None and state.winners
            return
        assert owed["seat"] in active, f"{owed} is owed by a defeated player"
        assert len(active) >= 2
        if state.phase == "curse":
            assert set(state.sealed.waiting_for()) <= set(active)
            if len(state.sealed.choices) == 1:  # once a round (the registry's test checks every secret)
                view = game.view(state, None)["curse_choices"]
                assert set(view.values()) == {"hidden"}, "the shared screen sees a sealed curse"
        if state.phase in ("turns", "battle", "damage"):
            assert state.turn in active and state.turn in state.started
            # (a player defeated by an effect during the boosts has a speed but no place)
            speeds = state.speeds
            assert set(active) <= set(state.order) <= {s for s in range(len(state.names)) if speeds.hand[s] is not None}, \
                "the order is not every speed"
            totals = [speeds.total(s) for s in state.order]
            assert totals == sorted(totals, reverse=True), "turns do not go from the fastest"

    def round_end(self, previous, action, state) -> None:
        """Pass: "If all players pass, the round automatically ends."  A round ends by passes
        only when every player still in has passed since their last action (so in round 1
        only once every player has started a turn), and whenever that holds at the close of a
        turn with no extra turn owed.  A round ends otherwise only by an "end" line."""
        names = state.names
        active = {names[s] for s in state.active()}
        if state.round > previous.round:
            record = state.history[len(previous.history) - 1]
            assert record.number == previous.round
            if record.ended_by == "passes":
                missing = active - passed(names, record.turns)
                assert not missing, f"round {previous.round} ended by passes but {sorted(missing)} had not passed"
                assert not extra_owed(names, record.turns, active), "the round ended by passes with an extra turn owed"
                assert {names[s] for s in previous.started} >= active, "a round ended before everyone started a turn"
                self.by_passes += 1
            else:
                assert action["act"] == "end" and record.ended_by == action["seat"]
            return
        if state.phase == "over" or previous.phase == "curse":
            return
        record = state.record
        assert record.ended_by is None
        if state.phase == "turns" and len(record.turns) > len(previous.record.turns):
            # a turn has closed and the round goes on: someone still in has not passed, or
            # the closed turn charged and its player takes another
            closed = record.turns[:-1]
            if active <= passed(names, record.turns):
                assert extra_owed(names, closed, active) and record.turns[-1].seat == closed[-1].seat, (
                    f"everyone still in has passed, yet round {state.round} goes on")
                self.extra_first += 1
            if action["act"] == "pass" and sum(t.seat == action["seat"] and "pass" in t.actions for t in closed) > 1:
                self.again += 1

    def change(self, previous, action, state) -> None:
        act = action["act"]
        for s, p in enumerate(previous.players):
            if p.defeated is not None:
                assert state.players[s].defeated == p.defeated, "a defeated player came back"
        assert len(state.removed) >= len(previous.removed) and state.supplied >= previous.supplied
        assert len(state.charges) - len(previous.charges) <= 1
        for p in state.points:
            before, after = previous.points[p], state.points[p]
            assert before == after or (after is None and before == 20) or (
                after is not None and RANKS[after] >= RANKS[before]), "a point's die went down in rank"
        if act not in ("play", "planchette"):
            assert state.planchette == previous.planchette, f"the planchette moved on a {act}"
            assert previous.points == state.points
        if act == "planchette":
            assert state.planchette == action["to"]
        if act not in ("attack", "damage", "boost") and previous.phase != "battle":
            assert state.battles == previous.battles
        getattr(self, f"_{act}", lambda *a: None)(previous, action, state)

    @staticmethod
    def _curse(previous, action, state) -> None:
        if state.phase == "curse":
            assert all(p.curses() == q.curses() for p, q in zip(state.players, previous.players)), (
                "a curse was placed before every player chose")
        else:  # revealed together: each seat's hand gave one card per curse
            for s, zeners in state.sealed.choices.items():
                assert state.players[s].curses() - previous.players[s].curses() == len(zeners)

    @staticmethod
    def _reveal(previous, action, state) -> None:
        seat = action["seat"]
        hand, before = state.players[seat].hand, previous.players[seat].hand
        assert hand.unknown == 0 and hand.size == before.size
        assert not Counter(before.known) - Counter(hand.known), "a known card left the revealed hand"
        if state.phase == "boost":
            for s in state.active():  # as revealed (an activated curse may take a card since)
                printed = sum(state.cards[c].speed for c in state.revealed[s])
                assert state.speeds.hand[s] == printed, "hand speed is not the printed speeds"

    @staticmethod
    def _boost(previous, action, state) -> None:
        seat = action["seat"]
        spent = action.get("dice", [])
        assert Counter(previous.players[seat].pool) - Counter(state.players[seat].pool) == Counter(spent)
        assert list(state.removed[len(previous.removed):]) == spent, "boosted dice are gone from the game"
        assert state.hand(seat) == previous.hand(seat) - len(action.get("cards", []))

    @staticmethod
    def _play(previous, action, state) -> None:
        seat = action["seat"]
        target = action["planchette"]
        assert state.planchette == target
        points = previous.settings.points
        if previous.planchette is not None:
            i = points.index(previous.planchette)
            step = 2 if previous.settings.adjacency == "lines" else 1
            assert target in (points[(i + step) % 5], points[(i - step) % 5])
        gained = Counter(state.players[seat].pool) - Counter(previous.players[seat].pool)
        assert gained == (Counter([previous.points[target]]) if previous.points[target] else Counter())
        entry = state.record.turns[-1].actions[-1] if state.round == previous.round else \
            state.history[-2].turns[-1].actions[-1]
        card = state.cards[entry["play"]]
        assert not state.players[seat].zeners[card.symbol].up, "the played card's Zener stays face up"
        if entry["countered"]:
            assert state.cards[entry["guess"]].symbol == card.symbol
            assert len(state.players[seat].board) == len(previous.players[seat].board) and "charged" not in entry
        current = previous.planchette if previous.settings.charge == "before" else target
        should = (not entry["countered"] and card.symbol == current
                  and not previous.players[seat].zeners[card.symbol].charged)
        assert ("charged" in entry) == should, "a charge where the rulebook gives none, or none where it does"

    @staticmethod
    def _attack(previous, action, state) -> None:
        assert previous.round > 1 or set(previous.active()) <= set(previous.started), "an attack in round 1's passing"
        _, spirit = previous.item(action["spirit"])
        assert not spirit.rested
        record = state.battles[-1] if state.battle is None else state.battle
        boost = record.attack_boost.total if record.attack_boost else 0
        assert record.attack == sum(record.attack_rolls) + boost

    @staticmethod
    def _end(previous, action, state) -> None:
        assert set(previous.active()) <= set(previous.started), "the round ended before everyone started a turn"
        assert state.round == previous.round + 1 or state.phase == "over"

    @staticmethod
    def winners(state) -> None:
        if state.won_by == "charges":
            (seat,) = state.winners
            assert all(v.charged for v in state.players[seat].zeners.values())
        else:
            assert len(state.active()) <= 1
            counts = [sum(1 for p in state.players if p.defeated == s) for s in range(len(state.names))]
            assert list(state.winners) == [s for s in range(len(state.names)) if counts[s] == max(counts)]
        for battle in state.battles:
            attack, defence = battle.attack, battle.defence
            winners = ("attacker",) if attack > defence else ("defender",) if defence > attack else \
                ("attacker", "defender")
            assert battle.winners == winners


# -- actions to try: from the whole action space, near misses, and members of listed kinds -----------------------
class Sampler:
    """``illegal`` for the harness.  Each candidate the rules accept must stand for a listed
    action (``canonical()`` turns it into one: checked here, and counted); any other is handed
    to the harness, which checks that the rules refuse it in a sentence."""

    def __init__(self, tries: int = 1) -> None:
        self.tries = tries  # candidates a step: random actions, members of listed kinds, near misses
        self.members: Counter = Counter()

    def __call__(self, rng, game, state, legal):
        out = []
        candidates = []
        for _ in range(self.tries):
            way = rng.randrange(3) if legal else 0
            if way == 0:
                candidates.append(self.random(rng, state))
            elif way == 1:
                candidates.append(self.member(rng, state, rng.choice(legal)))
            else:
                candidates.append(self.near(rng, state, rng.choice(legal)))
        for candidate in candidates:
            if isinstance(engine_apply(game, state, candidate), Refusal):
                out.append(candidate)
                continue
            form = canonical(state, candidate)
            assert strictly_in(form, legal), f"{candidate} is accepted but stands for no listed action: {form}"
            self.members[candidate["act"]] += 1
        return out

    # values ----------------------------------------------------------------------------------------------
    @staticmethod
    def card(rng, state):
        names = sorted(state.cards)
        roll = rng.random()
        if roll < 0.8:
            return rng.choice(names)
        if roll < 0.9:
            return state.cards[rng.choice(names)].as_json()  # an inline definition of a known card
        if roll < 0.95:
            other = dict(state.cards[rng.choice(names)].as_json(), speed=77)  # a name with other figures
            return other
        return rng.choice(["Nobody", "", None, 3, "red bean bomb"])

    @staticmethod
    def rolls(rng, dice):
        if rng.random() < 0.8:
            return [rng.randint(1, d) for d in dice]
        return [rng.randint(0, 21) for _ in range(len(dice) + rng.choice([-1, 0, 0, 1]))]

    def add(self, rng, state):
        return rng.choice([{"as": "inventory", "card": self.card(rng, state)}, {"as": "energy"},
                           {"as": "energy", "card": self.card(rng, state)}, {"as": "inventory"}, {"as": "hand"}])

    def value(self, rng, state, field):
        n = len(state.names)
        ids = list(range(0, state.next_id + 1))
        if field in ("seat", "player"):
            return rng.choice(list(range(n)) * 4 + [-1, n])
        if field in ("card", "guess"):
            return self.card(rng, state)
        if field in ("planchette", "zener"):
            return rng.choice(SYMBOLS + ("moon",))
        if field == "zeners":
            return [rng.choice(SYMBOLS) for _ in range(rng.randint(0, 3))]
        if field == "hand":
            return [self.card(rng, state) for _ in range(rng.randint(3, 8))]
        if field == "dice":
            return [rng.choice(DICE + (7,)) for _ in range(rng.randint(0, 3))]
        if field == "cards":
            return [self.card(rng, state) for _ in range(rng.randint(0, 2))]
        if field in ("rolls", "attack_rolls", "defence_rolls"):
            return self.rolls(rng, [rng.choice(DICE) for _ in range(rng.randint(0, 3))])
        if field in ("spirit", "target", "spell", "item"):
            return rng.choice(ids)
        if field == "energy":
            return rng.randint(0, 6)
        if field == "add":
            return self.add(rng, state)
        if field in ("burn", "draw"):
            return rng.random() < 0.5
        if field == "element":
            return rng.choice(ELEMENTS)
        if field in ("count", "change"):
            return rng.choice([1, 2, 3, -1, -2, 0, 21, True])
        if field == "cause":
            return self.card(rng, state)
        if field == "to":
            return rng.choice(SYMBOLS + ("moon",))
        return None

    FIELDS = {"curse": ("seat", "zeners"), "reveal": ("seat", "hand"), "boost": ("seat", "dice", "cards", "rolls"),
              "play": ("seat", "card", "planchette", "guess", "energy", "add", "draw"),
              "attach": ("seat", "spell", "spirit"), "activate": ("seat", "zener", "card", "burn", "energy", "add"),
              "ability": ("seat", "item", "card"),
              "attack": ("seat", "spirit", "target", "player", "attack_rolls", "defence_rolls"),
              "damage": ("seat", "element"), "pass": ("seat",), "end": ("seat",),
              "draw": ("seat", "count", "cause"), "trash": ("seat", "cause", "cards", "count"),
              "planchette": ("to", "cause", "seat"), "energy": ("seat", "change", "cause")}
    REQUIRED = {"curse": 2, "reveal": 2, "boost": 1, "play": 3, "attach": 3, "activate": 4, "ability": 1,
                "attack": 2, "damage": 2, "pass": 1, "end": 1, "draw": 3, "trash": 2, "planchette": 2, "energy": 3}

    def random(self, rng, state):
        """An action drawn from the whole action space: its required fields and some optional ones."""
        act = rng.choice(ACTS)
        fields = self.FIELDS[act]
        keep = list(fields[: self.REQUIRED[act]]) + [f for f in fields[self.REQUIRED[act]:] if rng.random() < 0.4]
        return {"act": act, **{f: self.value(rng, state, f) for f in keep}}

    def near(self, rng, state, base):
        """A listed action with one field changed, or one optional field added or dropped."""
        near = dict(base)
        fields = self.FIELDS[base["act"]]
        key = rng.choice(fields)
        if key in near and key not in fields[: self.REQUIRED[base["act"]]] and rng.random() < 0.3:
            del near[key]
        else:
            near[key] = self.value(rng, state, key)
        return near

    def member(self, rng, state, base):
        """Another action of ``base``'s kind, when there is one to make (see moves.py's table)."""
        a = dict(base)
        act = a["act"]
        if act == "curse" and a["zeners"]:
            zeners = list(a["zeners"])
            if len(zeners) < state.hand(a["seat"]) and rng.random() < 0.5:
                zeners.append(rng.choice(zeners))  # a second curse on one Zener
            rng.shuffle(zeners)
            a["zeners"] = zeners
        elif act == "reveal":
            seat = a["seat"]
            held = state.players[seat].hand
            hand = list(held.known) + [rng.choice(sorted(state.cards)) for _ in range(held.unknown)]
            rng.shuffle(hand)
            a["hand"] = hand
        elif act == "play" and "guess" in a and rng.random() < 0.5:
            g = rules.guesser(a["seat"], [p.hand.size for p in state.players], state.active())
            a["guess"] = rng.choice(state.players[g].hand.options(sorted(state.cards)))
        elif act in ("play", "activate") and "add" in a:
            a["energy"] = rng.randint(1, state.players[a["seat"]].down)
            a["add"] = self.add(rng, state)
        elif act == "boost":
            pool = state.players[a["seat"]].pool
            if len(a.get("dice", [])) > 1:
                a["dice"] = rng.sample(pool, rng.randint(2, len(pool)))
            if len(a.get("cards", [])) > 1:
                a["cards"] = [self.card(rng, state) for _ in range(rng.randint(2, 3))]
            if "rolls" in a or rng.random() < 0.3:
                rolled = list(a.get("dice", []))
                if state.phase == "battle":
                    rolled += [state.cards[c].attack for c in a.get("cards", [])
                               if isinstance(c, str) and c in state.cards]
                a["rolls"] = self.rolls(rng, rolled)
        elif act == "attack":
            _, spirit = state.item(a["spirit"])
            a["attack_rolls"] = self.rolls(rng, list(state.stack_dice(spirit)))
        if "card" in a and isinstance(a["card"], str) and rng.random() < 0.2:
            a["card"] = state.cards[a["card"]].as_json()  # the same card, defined inline
        if rng.random() < 0.1:
            a["t"] = rng.choice([0, 12.5, 3600])
        return a


# -- a table's pace -----------------------------------------------------------------------------------------------
#: how often a table does each kind of thing, when it has the choice (a uniform choice among the
#: listed actions would spend most turns on abilities and curses, the longest lists)
CORRECTIONS = ("draw", "trash", "planchette", "energy")
CHARGE_WEIGHT = 20  # a play that would charge a Zener, against any other
WEIGHTS = {"play": 8, "attack": 20, "pass": 2, "end": 0.5, "attach": 2, "ability": 0.1, "activate": 0.05,
           "curse": 1, "reveal": 1, "boost": 1, "damage": 1,
           "draw": 0.05, "trash": 0.05, "planchette": 0.05, "energy": 0.05}


class TablePace(type(SEANCE_PARTY)):
    """Séance Party's rules with a ``chance`` that plays the table's usual next step nine
    times in ten: an act by :data:`WEIGHTS`, then one of its listed actions (curses: few
    rather than many); the tenth time a uniform choice among all listed actions.  A pure
    function of the state, so a playout replays."""

    _memo = (None, None)

    def legal(self, state):
        """The rules' list, kept for the state it was made for (``chance`` asks again)."""
        if self._memo[0] is not state:
            self._memo = (state, super().legal(state))
        return self._memo[1]

    def chance(self, state):
        if state.phase == "over":
            return None
        turn = state.record.turns
        players = state.players
        key = (state.seed, state.round, state.phase, state.rolls, state.next_id, tuple(sorted(state.passed)),
               len(state.removed),
               len(turn), len(turn[-1].actions) if turn else 0, tuple(p.hand.unknown for p in players),
               len(state.charges), state.planchette, tuple(p.down for p in players), tuple(state.deck))
        rng = random.Random(zlib.crc32(repr(key).encode()))
        if rng.random() < 0.1:  # uniform, but for the correction lines (one per kind and seat: many)
            return rng.choice([a for a in self.legal(state) if a["act"] not in CORRECTIONS])
        by_act: dict[str, list] = {}
        for a in self.legal(state):
            if a["act"] in CORRECTIONS and (state.phase != "turns" or a["act"] in ("draw", "energy") and a.get(
                    "change", 1) > 0 and not state.deck[rules.deck_of(state.mode, a["seat"])]):
                # corrections only in a turn (noted there, so that the pace does not go round in
                # circles: a planchette moved back and forth), and no draw from an empty deck
                continue
            by_act.setdefault(a["act"], []).append(a)
        acts = sorted(by_act)
        act = rng.choices(acts, [WEIGHTS[a] for a in acts])[0]
        options = by_act[act]
        if act == "curse":
            return rng.choices(options, [1 / (1 + len(a["zeners"])) ** 6 for a in options])[0]
        if act == "play":  # a table plays for a charge when it can
            return rng.choices(options, [CHARGE_WEIGHT if self.charges(state, a) else 1 for a in options])[0]
        return rng.choice(options)

    @staticmethod
    def charges(state, play) -> bool:
        """Whether ``play`` would charge its Zener if not countered (the rulebook's reading
        of the current symbol is the setup's ``charge``)."""
        symbol = state.cards[play["card"]].symbol
        current = state.planchette if state.settings.charge == "before" else play["planchette"]
        return symbol == current and not state.players[play["seat"]].zeners[symbol].charged


PACED = TablePace()


# -- the tables ----------------------------------------------------------------------------------------------------
def setup_for(mode: str, players: int, other: bool):
    def make_setup(rng: random.Random, index: int) -> dict:
        line = {"game": "seance-party", "players": rng.sample(NAMES, players), "mode": mode,
                "seed": rng.randrange(10**6) if index % 3 else f"seed-{rng.randrange(10**4)}"}
        if other:
            line.update(OTHER_READINGS)
        if index % 2:
            line["cards"] = EXTRA_CARDS
        if mode == "party" and index % 4 == 1:
            line["deck"] = 72
        return line
    return make_setup


#: the longest games first, each table beside its twin of the other mode, so that pytest-xdist's
#: workers, dealt the tests in turn, get as much to do as each other
TABLES = [(mode, players, other, half) for players in (4, 3, 2) for other in (False, True) for half in (0, 1)
          for mode in ("party", "battle")]


@pytest.mark.slow
@pytest.mark.parametrize("mode,players,other,half", TABLES,
                         ids=[f"{m}-{p}{'-other' if o else ''}-{h}" for m, p, o, h in TABLES])
def test_random_games(mode, players, other, half):
    make = setup_for(mode, players, other)
    seed = f"seance-{mode}-{players}-{other}-{half}"
    sampler = Sampler(tries=6)
    invariants = Invariants()
    thorough = run_playouts(PACED, make, games=THOROUGH_GAMES, seed=f"{seed}/thorough", illegal=sampler,
                            invariants=invariants, **THOROUGH)
    sampler.tries = 1
    quick = run_playouts(PACED, make, games=GAMES[players] - THOROUGH_GAMES, seed=f"{seed}/quick", illegal=sampler,
                         invariants=invariants, **QUICK)
    assert thorough.undo_checked == thorough.steps
    total = PlayoutStats()
    total.merge(thorough)
    total.merge(quick)
    assert total.games == total.finished == GAMES[players]
    assert total.legal_checked >= total.steps
    for act in ACTS:
        assert total.acts.get(act, 0) > 0, f"no {act} was played: {total.acts}"
        assert total.refusals.get(act, 0) > 0, f"no {act} was refused: {total.refusals}"
    for act in ("curse", "reveal", "boost", "play", "activate", "attack"):
        assert sampler.members[act] > 0, f"no other member of a listed {act} kind was tried: {sampler.members}"
    # the round's end by passes was put to the test: rounds ended so, and passes that ended none
    assert invariants.by_passes > 0 and invariants.again > 0, vars(invariants)

