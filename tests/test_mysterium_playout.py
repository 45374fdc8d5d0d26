"""About 840 random Mysterium games (five times as many in ``make test-long``) through the generic playout harness (tests/playout.py).

Every people count of the main game (4–7) on every difficulty, and the small-group
variation (2 and 3 people).  Besides the harness's own checks (every legal action
accepted, every other sampled action refused with a sentence, states never changed in
place, the log replays, undo and redo are exact), every step checks Mysterium's
invariants against the rulebook (shared/rules/mysterium.txt), worked out here
independently of companion/games/mysterium: tokens conserved, levels only rise, no
psychic advances twice a round, the clock never passes VII, one vision per psychic a
round, the IV return, the finishing bonus, the bands and the tally of the final vote.

Pacing.  A uniformly random legal action in the sand phase is mostly a pawn moved or a
token pointed (up to a hundred choices) and only once in a while the end of the sand,
so uniform games are long.  Most games here are therefore played through ``TablePace``:
the same rules (it only adds ``chance``), whose ``chance`` plays what a table usually does
next — a pawn placed, the sand running out, the ghost's knock (yes more often than no) —
and otherwise (``None``) lets the harness pick any legal action at random.  A few games per
table are played uniformly at random (table mode, no chance) as well.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from companion.games.mysterium import MYSTERIUM
from companion.games.mysterium.game import MysteriumGame
from tests.playout import PlayoutStats, run_playouts, scaled

ACTS = ("vision", "crow", "guess", "predict", "unpredict", "expire", "answer",
        "commit", "reveal", "vote", "choose", "culprit")
TOKENS = ("check", "cross")
NAMES = ("Ann", "Bo", "Cy", "Dee", "Zoë", "Élodie", "Ōta", "Max", "Kim", "Ned", "Lou", "Pia")
ROUNDS = 7

# -- the rulebook, independently ------------------------------------------------------------
FACEUP = {4: (5, 6, 7), 5: (6, 7, 8), 6: (6, 8, 9), 7: (7, 8, 9)}  # easy, medium, hard
SMALL_FACEUP = {2: 4, 3: 5}
CROWS = {"easy": 1, "medium": 3, "hard": 1}


def tokens_each(people: int, small: bool) -> tuple[int, int]:
    return (0, 0) if small else ((2, 2) if people <= 5 else (3, 3))


def band(level: int, bands) -> int:
    low, mid = bands
    return 1 if level <= low else (2 if level <= mid else 3)


def deciding_case(votes: dict, levels, ages) -> int:
    counts = Counter(votes.values())
    top = max(counts.values())
    leaders = [c for c, k in counts.items() if k == top]
    if len(leaders) == 1:
        return leaders[0]
    best = max(levels)
    tied = [p for p, lv in enumerate(levels) if lv == best]
    eldest = sorted(tied, key=lambda p: (-(ages[p] if ages else 0), p))[0]
    return votes[eldest]


# -- tables ------------------------------------------------------------------------------------------
def setup_for(people: int, difficulty: str = "easy", small: bool = False):
    """Setups with varied names, seeds, ages, house options, bands and explicit face-up cards."""
    def make_setup(rng: random.Random, index: int) -> dict:
        psychics = 2 * (people - 1) if small else people - 1
        names = rng.sample(NAMES, psychics + 1)
        line = {"game": "mysterium", "ghost": names[-1], "psychics": names[:-1],
                "seed": rng.randrange(10**9) if index % 3 else f"seed-{rng.randrange(10**6)}"}
        if small:
            line["variant"] = "small"
            if rng.random() < 0.5:
                line["players"] = people - 1
        else:
            line["difficulty"] = difficulty
            if rng.random() < 0.3:
                line["ages"] = [rng.choice([12, 30, 30, 41, 67]) for _ in range(psychics)]
            if rng.random() < 0.3:
                side = "4-5" if people <= 5 else "6-7"
                low = rng.randrange(0, 5)
                line["bands"] = {side: [low, low + rng.randrange(0, 5)]}
        if rng.random() < 0.3:
            line["unplaced"] = "wait"
        if rng.random() < 0.2:
            count = SMALL_FACEUP[people] if small else FACEUP[people][("easy", "medium", "hard").index(difficulty)]
            line["faceup"] = {c: rng.sample(range(1, 19), count) for c in ("character", "location", "object")}
        return line
    return make_setup


class TablePace(MysteriumGame):
    """Mysterium's rules, with a ``chance`` that plays the table's usual next step (see the
    module's docstring).  It is a pure function of the state, so a playout replays."""

    def chance(self, state):
        key = (state.table.seed, state.round, state.phase, sorted(state.pawns.choices.items()),
               state.placed, state.answers, state.visions, state.crows_left, state.level)
        rng = random.Random(repr(key))
        if state.phase == "sand" and rng.random() < 0.8:
            waiting = state.pawns.waiting_for()
            if waiting and rng.random() < 0.9:
                p = rng.choice(waiting)
                return {"act": "guess", "psychic": p, "card": rng.choice(state.on_table(state.stage[p]))}
            if not waiting or state.table.unplaced == "wrong":
                return {"act": "expire"}
        if state.phase == "answers" and rng.random() < 0.8:
            owed = self.expected(state)
            p = owed["psychic"]
            yes = rng.random() < 0.8
            for correct in (yes, not yes):
                if self.answer_possible(state, p, correct):
                    return {"act": "answer", "psychic": p, "correct": correct}
        return None


PACED = TablePace()


# -- illegal actions ------------------------------------------------------------------------------------
def mysterium_illegal(rng: random.Random, game, state, legal) -> list:
    """Random actions from Mysterium's action space, and near misses of legal ones; the
    harness drops any in the legal list, and every other one must be refused."""
    out = [_random_action(rng, state, rng.choice(ACTS)) for _ in range(3)]
    out += [_near_miss(rng, state, base) for base in (rng.sample(legal, min(2, len(legal))) if legal else ())]
    return out


def mysterium_illegal_one(rng: random.Random, game, state, legal) -> list:
    """One of :func:`mysterium_illegal`'s actions, of each kind as often: a QUICK step tries
    one, and drawing five to keep one was most of the sampler's time."""
    if legal and rng.random() < 0.4:
        return [_near_miss(rng, state, rng.choice(legal))]
    return [_random_action(rng, state, rng.choice(ACTS))]


def _psychics(state) -> list:
    """Psychics to draw from: every real one, often, and some that are not."""
    n = len(state.table.psychics)
    return list(range(n)) * 3 + [-1, n, "0", True, None, 1.0]


def _random_action(rng: random.Random, state, act: str) -> dict:
    psychics = _psychics(state)
    p = rng.choice(psychics)
    if act == "vision":
        return {"act": act, "psychic": p, "cards": rng.choice([1, 2, 3, 7, 0, 8, 2.0, True, "3"])}
    if act == "guess":
        return {"act": act, "psychic": p, "card": rng.choice(CARDS)}
    if act == "predict":
        return {"act": act, "psychic": p, "target": rng.choice(psychics),
                "token": rng.choice(["check", "cross", "check", "cross", "tick", None, "Check"])}
    if act == "unpredict":
        return {"act": act, "psychic": p, "target": rng.choice(psychics)}
    if act == "answer":
        return {"act": act, "psychic": p, "correct": rng.choice([True, False, True, False, 1, 0, "yes", None])}
    if act == "reveal":
        return {"act": act, "vision": rng.choice([1, 2, 3, 4, 0, "all", 1.0, True, "1"])}
    cases = list(range(0, state.table.cases + 2)) * 2 + [True, "1", 1.0]
    if act == "vote":
        return {"act": act, "psychic": p, "case": rng.choice(cases)}
    if act in ("choose", "culprit"):
        return {"act": act, "case": rng.choice(cases)}
    return {"act": act}


def _near_miss(rng: random.Random, state, base: dict) -> dict:
    """A legal action with one field changed (or, now and then, any action)."""
    near = dict(base)
    keys = [k for k in near if k != "act"]
    if not keys or rng.random() < 0.2:
        return _random_action(rng, state, rng.choice(ACTS))
    key = rng.choice(keys)
    near[key] = _random_action(rng, state, near["act"]).get(key, rng.choice(_psychics(state)))
    return near


CARDS = list(range(0, 20)) + [True, "5", 5.0]


# -- Mysterium's invariants -----------------------------------------------------------------------------
class MysteriumInvariants:
    """Checked after every accepted action, from the state's plain fields."""

    def __init__(self) -> None:
        self.visions: Counter = Counter()
        self.calls = 0

    #: what :meth:`tokens_and_cards` reads: a state that shares them all with the one before
    #: (which was checked) is not read again
    TOKENS_AND_CARDS = ("placed", "hand", "discard", "stage", "found")

    @staticmethod
    def tokens_and_cards(state) -> None:
        """Tokens conserved, none on a finished pawn or one's own; stages and found cards agree."""
        table = state.table
        n = len(table.psychics)
        total = table.tokens
        for p in range(n):
            placed = [sum(1 for _, k in state.placed[p] if k == token) for token in TOKENS]
            for k in range(2):
                assert state.hand[p][k] >= 0 and state.discard[p][k] >= 0
                assert state.hand[p][k] + placed[k] + state.discard[p][k] == total[k], (
                    f"{table.psychics[p]}'s tokens: hand {state.hand[p]}, placed {state.placed[p]}, "
                    f"discard {state.discard[p]}, of {total}")
            targets = [t for t, _ in state.placed[p]]
            assert len(set(targets)) == len(targets), "two of one psychic's tokens on one pawn"
            assert p not in targets, "a psychic predicted their own guess"
            assert all(state.stage[t] < 3 for t in targets), "a token on a finished psychic's pawn"
            assert 0 <= state.stage[p] <= 3
            assert [f is not None for f in state.found[p]] == [k < state.stage[p] for k in range(3)]
        for k in range(3):  # a category's hidden assignments are distinct; found cards were face up
            found = [state.found[p][k] for p in range(n) if state.found[p][k] is not None]
            assert len(set(found)) == len(found), f"two psychics found the same card: {found}"
            assert set(found) <= set(table.faceup[k])

    def __call__(self, game, previous, action, state) -> None:
        table = state.table
        n = len(table.psychics)
        total = table.tokens
        assert 1 <= state.round <= ROUNDS, f"the clock shows round {state.round}"
        assert total == tokens_each(table.people, table.small)
        assert state.crows_left >= 0 and state.crows_left <= CROWS[table.difficulty]
        if previous is None or state.table is not previous.table or any(
                getattr(state, name) is not getattr(previous, name) for name in self.TOKENS_AND_CARDS):
            self.tokens_and_cards(state)
        if table.small:
            assert state.level == (0,) * n, "the small-group variation has no track"

        if previous is None:
            self.visions = Counter()
            return
        assert state.table is previous.table or state.table == previous.table
        act = action["act"]
        # levels only rise; stages rise by one at most, and only when a round resolves
        assert all(a >= b for a, b in zip(state.level, previous.level)), "a level went down"
        resolved = len(state.history) > len(previous.history)
        assert len(state.history) - len(previous.history) in (0, 1)
        if act == "vision":
            key = (state.round, action["psychic"])
            self.visions[key] += 1
            assert self.visions[key] == 1, f"a second vision for {key} in one round"
            assert previous.stage[action["psychic"]] < 3, "a vision for a finished psychic"
        if not resolved:
            assert state.stage == previous.stage and state.level == previous.level
            assert state.round == previous.round
            return
        assert act in ("answer", "expire"), f"a round resolved on {act}"
        answers = list(previous.answers)
        if act == "answer":
            answers[action["psychic"]] = action["correct"]
        guesses = previous.pawns.choices
        record = state.history[-1]
        assert record.number == previous.round
        gained = [0] * n
        for owner in range(n):
            for target, token in previous.placed[owner]:
                if guesses.get(target) is None:
                    continue  # ignored: the pawn was not on a card
                gained[owner] += (token == "check") == (answers[target] is True)
        for p in range(n):
            step = state.stage[p] - previous.stage[p]
            assert step == (1 if (previous.stage[p] < 3 and answers[p] is True) else 0), (
                f"{table.psychics[p]} moved {step} stages with answer {answers[p]}")
            if step and state.stage[p] == 3 and not table.small:
                gained[p] += ROUNDS - previous.round  # one space per unused round
        assert [a - b for a, b in zip(state.level, previous.level)] == gained, (
            f"levels {previous.level} -> {state.level}, the rulebook gives {gained}")
        unfinished = [p for p in range(n) if state.stage[p] < 3]
        if not unfinished:
            assert state.phase == "final" and state.hand == (total,) * n, "every token recovered for the vote"
        elif previous.round == ROUNDS:
            assert state.result == "lost" and state.phase == "over", "unfinished after VII: everyone loses"
        else:
            assert state.round == previous.round + 1 and state.phase == "visions"
            if state.round == 4:
                assert state.discard == ((0, 0),) * n and state.hand == (total,) * n, "the IV return"
                assert state.returned == (not table.small), "tokens return at IV (none in the small variation)"
            else:
                assert not state.returned
                for p in range(n):  # tokens used this round go to the discard and stay there
                    used = [sum(1 for t, k in previous.placed[p] if k == token and guesses.get(t) is not None)
                            for token in TOKENS]
                    assert list(state.discard[p]) == [previous.discard[p][k] + used[k] for k in range(2)]

    def final_checks(self, game, previous, action, state) -> None:
        table = state.table
        final = state.final
        if final is None:
            return
        n = len(table.psychics)
        act = action["act"] if action else None
        if act == "vote":
            p = action["psychic"]
            assert band(state.level[p], table.bands) == previous.final.revealed, "a vote out of its band"
        if act == "reveal" and not table.small:
            assert all(p in previous.final.votes.choices for p in range(n)
                       if band(state.level[p], table.bands) < action["vision"]), "a band had not voted"
        if final.chosen is not None and not table.small and final.votes is not None:
            assert len(final.votes.choices) == n
            assert final.chosen == deciding_case(dict(final.votes.choices), state.level, table.ages)
        if state.result is not None:
            assert state.result == ("won" if final.culprit == final.chosen else "lost")
        # the sealed votes: the shared screen sees only that a psychic has voted
        if final.votes is not None and not final.votes.revealed and self.calls % 3 == 0:
            shown = game.view(state, None)["sealed_votes"]
            assert set(shown.values()) <= {"hidden"}
            assert game.summary(state)["final"]["votes"] is None


class Checks(MysteriumInvariants):
    def __call__(self, game, previous, action, state) -> None:
        super().__call__(game, previous, action, state)
        self.final_checks(game, previous, action, state)
        self.calls += 1


# -- the tests ---------------------------------------------------------------------------------------------
QUICK = dict(legal_sample=1, undo_rate=0.15, summary_rate=0.03, view_rate=0.25, snapshot_rate=0.03,
             history_rate=0.4, replay_rate=0.25, illegal_per_step=1, malformed_per_step=1)
THOROUGH = dict(legal_sample=8, undo_rate=1.0, summary_rate=0.25, view_rate=0.5, snapshot_rate=0.25,
                history_rate=1.0, illegal_per_step=4, malformed_per_step=2)
GAMES = scaled(40)  # paced games per table (602 games in all, with the uniform ones; 112, 90, then 57,
                   # until make test neared CI's 5 minutes); one in 16 THOROUGH
UNIFORM = 3  # uniformly random games per table

TABLES = [(people, difficulty, False) for people in (4, 5, 6, 7) for difficulty in ("easy", "medium", "hard")]
TABLES += [(2, "easy", True), (3, "easy", True)]


def _coverage(stats: PlayoutStats, games: int) -> None:
    assert stats.games == stats.finished == games
    assert stats.legal_checked >= stats.steps
    for act in ("vision", "guess", "expire", "answer"):
        assert stats.acts.get(act, 0) > 0, (act, stats.acts)


@pytest.mark.slow
@pytest.mark.parametrize("people,difficulty,small", TABLES,
                         ids=[f"{'small-' if s else ''}{p}-{d}" for p, d, s in TABLES])
def test_random_games(people, difficulty, small):
    make = setup_for(people, difficulty, small)
    seed = f"mysterium-{people}-{difficulty}-{small}"
    thorough_games = GAMES // 16
    thorough = run_playouts(PACED, make, games=thorough_games, seed=f"{seed}/thorough", invariants=Checks(),
                            full_information=True, illegal=mysterium_illegal, **THOROUGH)
    quick = run_playouts(PACED, make, games=GAMES - thorough_games, seed=f"{seed}/quick", invariants=Checks(),
                         full_information=True, illegal=mysterium_illegal_one, **QUICK)
    uniform = run_playouts(MYSTERIUM, make, games=UNIFORM, seed=f"{seed}/uniform", invariants=Checks(),
                           full_information=False, illegal=mysterium_illegal_one, **QUICK)
    assert thorough.undo_checked == thorough.steps
    total = PlayoutStats()
    for part in (thorough, quick, uniform):
        total.merge(part)
    _coverage(total, GAMES + UNIFORM)
    # the games reach every ending: a won or lost final vote, and the loss after VII
    assert total.acts.get("culprit", 0) > 0, total.acts
    assert total.acts.get("crow", 0) > 0
    if small:
        assert total.acts.get("choose", 0) > 0 and "vote" not in total.acts and "predict" not in total.acts
    else:
        assert total.acts.get("vote", 0) > 0 and total.acts.get("predict", 0) > 0
    for act in ACTS:
        assert total.refusals.get(act, 0) > 0, f"no {act} was ever refused: {total.refusals}"
