"""Random Clairvoyance games through tests/playout.py, 2–5 players and teams, every die
and setting, with the game's invariants at every step: health only falls except by
``heal``, at most three possessions, cards conserved, the die only to adjacent faces unless
a cause or Prognosticate moves it, abilities at most once, the winner the last standing
(or the last team).

The harness drives the bot of ``tests/clairvoyance_bot.py`` (a uniformly random table never
ends a game: see there).  Every action the bot offers is legal, and at every step a sample
of the game's *whole* legal list is applied and must be accepted too (:func:`invariants`).
About 1,000 games in all: the harness's checks on a couple of hundred, and breadth on the rest
(five times as many in ``make test-long``).
"""

from __future__ import annotations

import dataclasses
import itertools
import random

import pytest

from companion.engine import Refusal, apply
from companion.engine.state import FrozenDict
from companion.games.clairvoyance import CLAIRVOYANCE
from companion.games.clairvoyance import rules
from tests.clairvoyance_bot import BOT, make_setup
from tests.playout import old_objects_set_aside, run_playouts, scaled

pytestmark = pytest.mark.slow  # thousands of games: started first (tests/conftest.py)


# -- the invariants ---------------------------------------------------------------------------------
def invariants(game, previous, action, state, whole_legal: bool = True):
    n = state.seats
    assert state.cards_total() == state.box, "cards not conserved"
    ids = [i for items in state.possessed for i, _ in items]
    assert len(ids) == len(set(ids)), "an item number is used twice"
    for s in range(n):
        assert len(state.possessed[s]) <= rules.MAX_POSSESSED, "more than three possessions"
        assert state.hand(s) >= 0 and state.unknown[s] >= 0
        assert state.out[s] == (state.health[s] <= 0), "out of the game exactly at 0 health or less"
        if state.out[s]:
            assert state.hand(s) == 0 and not state.possessed[s], "an eliminated player keeps cards"
    if state.phase == "over":
        assert list(state.rounds_ended_at) == rounds_ended_independently(state), "a round's end misrecorded"
        standing = state.in_game()
        if state.teams is None:
            assert list(state.winners) == standing and len(standing) == 1, "the winner is the last standing"
        else:
            team = next(t for t in state.teams if any(not state.out[s] for s in t))
            assert all(state.out[s] for t in state.teams if t != team for s in t)
            assert tuple(state.winners) == team, "the winning team is the last team standing"
    elif state.turn is not None:
        assert not state.out[state.turn], "the turn holder is out"
    if previous is None:
        return
    if len(state.rounds_ended_at) > len(previous.rounds_ended_at):
        assert state.health_at_round_ends[-1] == state.health, "the health chart kept another health"
    act = action["act"]
    for s in range(n):
        gained = state.health[s] - previous.health[s]
        if act == "heal" and action["seat"] == s:
            assert 0 <= gained <= action["amount"] and state.health[s] <= state.start_health
        else:
            assert gained <= 0, f"health rose without heal ({act})"
        assert not previous.spent[s] or state.spent[s], "an ability came back"
        if state.spent[s] and not previous.spent[s]:
            assert act == "ability" and action["seat"] == s
    by_player = [e["player"] for e in state.abilities]
    assert len(by_player) == len(set(by_player)), "an ability used twice"
    if state.face != previous.face and previous.face is not None:
        moved_by = act == "ability" and rules.CHARACTERS[state.characters[action["seat"]]] == "Prognosticate"
        assert act == "die" or moved_by, f"the die moved on {act}"
        if act == "die" and "cause" not in action:
            assert state.die.can_turn(previous.face, state.face), "the die jumped"
    if whole_legal:
        check_whole_legal_list(state)
        if next(_SAMPLED) % 200 == 0:
            assert_frozen(state)


_SAMPLED = itertools.count()


def rounds_ended_independently(state) -> list[int]:
    """The turns that ended a round, worked out afresh from the first player and the
    eliminations: turns go clockwise, skipping those out by then, and a round ends when the
    die passes past the first seat (the game records them as they happen)."""
    n = state.seats
    out_at = {state.names.index(e["player"]): e["turn"] for e in state.eliminations}
    ends, holder = [], state.first
    for turn in range(1, state.turn_number):
        after = {s for s, t in out_at.items() if t <= turn}
        following = next((holder + k) % n for k in range(1, n + 1) if (holder + k) % n not in after)
        if (following - state.first) % n <= (holder - state.first) % n:
            ends.append(turn)
        holder = following
    return ends


def assert_frozen(value, where: str = "state") -> None:
    """Every part of a state is a value nobody can change: frozen dataclasses, tuples,
    FrozenDicts, text, numbers and None (``companion/engine/state.py``)."""
    if dataclasses.is_dataclass(value):
        assert value.__dataclass_params__.frozen, f"{where} is a {type(value).__name__} that can change"
        for name in value.__dict__:
            assert_frozen(getattr(value, name), f"{where}.{name}")
    elif isinstance(value, FrozenDict):
        for key, item in value.items():
            assert_frozen(item, f"{where}[{key!r}]")
    elif isinstance(value, (tuple, frozenset)):
        for k, item in enumerate(value):
            assert_frozen(item, f"{where}[{k}]")
    else:
        assert value is None or isinstance(value, (str, int, float)), f"{where} is a {type(value).__name__}"


def check_whole_legal_list(state, sample: int = 2) -> None:
    """The bot offers a shortlist: the game's whole legal list must be accepted too."""
    full = BOT.full_legal(state)
    rng = random.Random(len(full) * 31 + state.turn_number)
    for action in rng.sample(full, min(sample, len(full))):
        result = apply(CLAIRVOYANCE, state, action)
        assert not isinstance(result, Refusal), f"a legal action was refused: {action} -> {result.reason}"


# -- actions the rules must refuse ---------------------------------------------------------------------
def illegal(rng, game, state, legal):
    n = state.seats
    seat = rng.randrange(n)
    out = [
        {"act": "make_room", "seat": seat, "item": 999},
        {"act": "use", "seat": seat, "item": 999},
        {"act": "instant", "seat": seat, "card": "Armchair", "item": "play"},
        {"act": "throw", "seat": seat, "card": "Pyrokinesis", "target": (seat + 1) % n},
        {"act": "throw", "seat": seat, "card": "Lamp", "target": seat},
        {"act": "possess", "seat": seat, "card": "No Such Card"},
        {"act": "guess", "seat": seat, "faces": [9]},
        {"act": "die", "seat": seat, "face": 0},
        {"act": "hurt", "seat": seat, "amount": 1, "cause": "Armchair"},
    ]
    owed = game.expected(state)
    if owed is not None and owed["act"] == "die" and state.face is not None:
        far = [f for f in range(1, 9) if not state.die.can_turn(state.face, f)]
        out.append({"act": "die", "seat": owed["seat"], "face": rng.choice(far)})
    if state.turn is not None:
        others = [s for s in range(n) if s != state.turn]
        out.append({"act": "end", "seat": rng.choice(others)})
        out.append({"act": "discard", "seat": rng.choice(others), "count": 1})
        if state.phase == "turn" and rules.throws_left(state) == 0:
            target = next(s for s in state.in_game() if s != state.turn)
            out.append({"act": "throw", "seat": state.turn, "card": "Lamp", "target": target})
    for s in range(n):
        ability = rules.CHARACTERS[state.characters[s]]
        if state.spent[s] and not state.out[s] and ability == "Guaranteed Delivery":
            out.append({"act": "ability", "seat": s})
        if ability == "Charm" and state.turn != s:
            out.append({"act": "ability", "seat": s})  # only on his own turn
        if ability == "Circuit Breaker" and (state.play is None or state.play.action != "throw"):
            out.append({"act": "ability", "seat": s, "target": (s + 1) % n})  # no throw in flight
        if state.out[s]:
            out.append({"act": "pass", "seat": s})
        if state.charmed[s] and state.turn is not None:
            out.append({"act": "throw", "seat": state.turn, "card": "Lamp", "target": s})
    if state.window is None and state.phase == "turn":
        out.append({"act": "resolve"})
        out.append({"act": "pass", "seat": seat})
    return out


# -- the runs ---------------------------------------------------------------------------------------
QUICK = dict(legal_sample=2, undo_rate=0.1, summary_rate=0.03, view_rate=0.5, snapshot_rate=0.02,
             history_rate=0.2, replay_rate=0.25, illegal_per_step=2, malformed_per_step=1)
THOROUGH = dict(legal_sample=6, undo_rate=0.5, summary_rate=0.2, view_rate=0.5, snapshot_rate=0.1,
                history_rate=1.0, illegal_per_step=4, malformed_per_step=2)


HARNESS_GAMES = {2: scaled(35), 3: scaled(28), 4: scaled(21), 5: scaled(17)}  # (50, 40, 30, 24 until make test neared CI's 5 min)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games(players):
    games = HARNESS_GAMES[players]
    stats = run_playouts(BOT, lambda rng, i: make_setup(rng, i, players), games=games, seed=f"cv{players}",
                         illegal=illegal, invariants=invariants, **QUICK)
    assert stats.finished == games
    assert stats.acts.get("throw") and stats.acts.get("possess") and stats.acts.get("die")


def test_team_games():
    games = scaled(24)
    stats = run_playouts(BOT, lambda rng, i: make_setup(rng, i, 4, teams=True), games=games, seed="teams",
                         illegal=illegal, invariants=invariants, **QUICK)
    assert stats.finished == games


def test_a_few_games_thoroughly():
    stats = run_playouts(BOT, lambda rng, i: make_setup(rng, i), games=8, seed="thorough",
                         illegal=illegal, invariants=invariants, **THOROUGH)
    assert stats.finished == 8
    assert {"instant", "use", "ability", "pass", "resolve"} <= set(stats.acts)


#: breadth beside the harness's depth: this many more games per table size (and teams), each
#: step from the bot's list with the invariants, the whole legal list sampled every 8th step;
#: played in two halves (the same games), so that pytest-xdist's two workers end together
QUICK_GAMES = {table: scaled(games) for table, games in  # (a fifth more, then 1,400, then 830 in all, now 625;
              {"2": 170, "3": 130, "4": 100, "5": 85, "teams": 140}.items()}  # until make test neared CI's 5 min)


@pytest.mark.parametrize("half", [0, 1])
@pytest.mark.parametrize("table", list(QUICK_GAMES))
def test_many_quick_games_keep_the_invariants(table, half):
    games = QUICK_GAMES[table]
    with old_objects_set_aside():
        _quick_games(table, range(half * games // 2, (half + 1) * games // 2))


def _quick_games(table, indices):
    acts: dict[str, int] = {}
    winners_by_team = 0
    for index in indices:
        rng = random.Random(f"quick:{table}:{index}")
        teams = table == "teams"
        line = make_setup(rng, index, 4 if teams else int(table), teams=teams)
        choose = random.Random(index)
        state, previous, steps = BOT.setup(line), None, 0
        invariants(BOT, None, None, state)
        while not BOT.is_over(state):
            action = BOT.chance(state) or choose.choice(BOT.legal(state))
            previous, state = state, BOT.apply(state, action)
            steps += 1
            invariants(BOT, previous, action, state, whole_legal=steps % 8 == 0)
            acts[action["act"]] = acts.get(action["act"], 0) + 1
            assert steps < 20_000, f"no end in sight: {line}"
        winners_by_team += len(state.winners) > 1
    assert set(acts) >= {"guess", "roll", "possess", "throw", "discard", "end", "pass", "resolve", "die",
                         "instant", "use", "ability"}
    if table == "teams":
        assert winners_by_team == len(indices)
