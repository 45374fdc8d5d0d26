"""Random playouts with invariant checks at every step, for any game.

In the spirit of OpenSpiel's ``basic_tests``: play many random games through a
:class:`companion.engine.game.Game` and, at every step, check what every game
must guarantee (legal actions are accepted, illegal ones refused without a
trace, states are never changed in place, the JSON log replays exactly, undo
and redo are exact), plus the game's own invariants through a callback.

At every step:

- ``legal()`` is non-empty until ``is_over()`` (and empty, with ``expected()`` None, after);
- every legal action (or a sample, when the list is long) and the chosen one are accepted
  by ``companion.engine.apply``;
- the game's illegal actions, and malformed ones (a field missing or of the wrong type, an
  unknown act, no act, an unknown field, a bad clock, not an object), are refused with a
  one-line reason that speaks of the game, not of code;
- nothing changes a state in place (probes, ``legal``, ``chance``, ``summary``, ``view``,
  ``apply`` itself): at sampled steps the state is compared with a deep copy at once, and
  every state with the log's replay at the end (below);
- the chosen action survives a JSON round trip exactly;
- ``Match.undo()`` restores the previous state and ``Match.redo()`` (or undoing a different
  branch and playing the action again) the current one;
- the game's invariants (a callback); ``summary()`` (sampled) is JSON.

At the end: ``outcome()`` is set, nothing more is accepted, the log holds the actions as
played, and (in every game, or a sample of a quick run's) it replays
through ``companion.engine.logfile.replay_lines``, and every state of its replay equals
the live state of the same step (the round-tripped actions, replayed from text on states
that share nothing with the live ones, give the states the actions gave, and no live state
was changed in place since it was made: the first that differs names the step), and
(sampled) the whole history undoes to the start and redoes to the end exactly.

A game's test module passes four things::

    from tests.playout import run_playouts

    def test_random_games():
        stats = run_playouts(
            MY_GAME,
            make_setup,          # (random.Random, index) -> the log's first line
            games=500, seed=1234,
            full_information=True,
            illegal=my_illegal,  # (random.Random, game, state, legal) -> actions to refuse
            invariants=my_check, # (game, previous state or None, action or None, state) -> None
        )
        assert stats.finished == 500

Chance: in full information (``full_information=True``) whenever
``game.chance(state)`` returns an action it is played instead of a random legal
one (ESP turns up the Vision Card and deals this way).  In table mode nothing is
known about hidden cards and chance is never used.

A failure raises :class:`PlayoutFailure` naming the playout's seed, the setup,
every action up to the failure (as the JSON Lines log, ready for
``companion replay``) and the action being tried, and how to run just that game
again with :func:`random_playout`.
"""

from __future__ import annotations

import contextlib
import copy
import gc
import json
import math
import os
import pickle
import random
import re
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Mapping, Sequence

import pytest

from companion.engine import Match, Refusal, apply as engine_apply
from companion.engine.game import Game
from companion.engine.logfile import replay_lines

SetupMaker = Callable[[random.Random, int], Mapping[str, Any]]
"""``(rng, index) -> setup line``: the first line of the index-th game's log."""

IllegalSampler = Callable[[random.Random, Game, Any, Sequence[dict]], Iterable[Any]]
"""``(rng, game, state, legal) -> candidates``: actions from the game's action space
that the rules must refuse in ``state``.  Candidates that turn out to be in the
legal list (or equal to the chance action) are dropped by the harness, so the
sampler may draw blindly; anything else it returns must be refused."""

Invariants = Callable[[Game, Any, Any, Any], None]
"""``(game, previous, action, state) -> None``, raising AssertionError when broken.
Called once for the first state (``previous`` and ``action`` are None), then after
every accepted action."""

#: values no field of a well-formed action takes (a bool is not a seat, 2.5 not a rank…)
WRONG_VALUES: tuple[Any, ...] = (None, True, False, 2.5, -7, {"?": 1}, [None], "")
#: what a reason must not contain: a traceback or a Python exception's name
_CODE_WORDS = re.compile(r"Traceback|\b[A-Z][A-Za-z]*(?:Error|Exception)\b|NoneType|object has no attribute")
#: words one of which every match of _CODE_WORDS contains: a reason without any needs no search
_CODE_CLUES = ("Traceback", "Error", "Exception", "NoneType", "object has no attribute")
#: things that are not an action at all
NOT_ACTIONS: tuple[Any, ...] = (None, [], ["play"], "play", 3, {})


class PlayoutFailure(AssertionError):
    """A broken guarantee, with everything needed to replay the game that broke it."""


@dataclass
class PlayoutStats:
    """What a batch of playouts exercised, so a test can assert it reached far enough."""

    games: int = 0
    finished: int = 0
    steps: int = 0
    chance_steps: int = 0
    legal_checked: int = 0
    illegal_checked: int = 0
    undo_checked: int = 0
    branches_checked: int = 0
    summaries_checked: int = 0
    replayed: int = 0  # games whose log was replayed from its text and compared state by state
    acts: dict[str, int] = field(default_factory=dict)
    refusals: dict[str, int] = field(default_factory=dict)
    #: one reason per refused act name, as an example (handy when reading a run)
    sample_reasons: dict[str, str] = field(default_factory=dict)

    def merge(self, other: "PlayoutStats") -> None:
        for name in ("games", "finished", "steps", "chance_steps", "legal_checked", "illegal_checked",
                     "undo_checked", "branches_checked", "summaries_checked", "replayed"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        for key, count in other.acts.items():
            self.acts[key] = self.acts.get(key, 0) + count
        for key, count in other.refusals.items():
            self.refusals[key] = self.refusals.get(key, 0) + count
        for key, reason in other.sample_reasons.items():
            self.sample_reasons.setdefault(key, reason)


def scaled(games: int) -> int:
    """``games`` times ``PLAYOUT_SCALE`` (1 unless set): ``make test`` plays 448 to 758
    games of each game, inside CI's five minutes on two cores; ``make test-long`` sets 5 and
    plays five times as many, the soak to run before a release or after a change to a rule."""
    text = os.environ.get("PLAYOUT_SCALE", "1")
    try:
        scale = float(text)
    except ValueError:
        scale = math.nan
    if not 1 <= scale <= 1000:  # (NaN is neither) fewer games than make test's leave some act unplayed
        pytest.exit(f"PLAYOUT_SCALE must be a number of times over from 1 to 1000, like 5, not {text!r}",
                    returncode=pytest.ExitCode.USAGE_ERROR)
    return max(1, round(games * scale))


# -- small helpers ----------------------------------------------------------------------
# ``json.dumps`` builds a new encoder at every call made with options; these are built once
_TEXT = json.JSONEncoder(ensure_ascii=False).encode
_KEY = json.JSONEncoder(ensure_ascii=False, sort_keys=True).encode
_STRICT = json.JSONEncoder(ensure_ascii=False, allow_nan=False).encode


def action_key(action: Any) -> str:
    """A type-strict identity for an action: ``{"seat": True}`` is not ``{"seat": 1}``
    and ``3.0`` is not ``3`` (Python's ``==`` would say they are)."""
    return _KEY(action)


#: :data:`WRONG_VALUES` with their keys, worked out once: a wrong type is drawn at every step
_WRONG_KEYED = [(value, action_key(value)) for value in WRONG_VALUES]


def json_exact(action: Any) -> bool:
    """Whether ``json.loads(json.dumps(action))`` is ``action`` exactly, types included."""
    text = _TEXT(action)
    return _TEXT(json.loads(text)) == text


def strictly_in(action: Any, actions: Sequence[Any]) -> bool:
    """``action in actions`` with :func:`action_key`'s strictness.  Python's own ``in``
    (identity or ``==``, run in C) rules out almost every candidate first; only an
    ``==`` match pays for the type-strict comparison."""
    if action not in actions:
        return False
    key = action_key(action)
    return any(a == action and action_key(a) == key for a in actions)


def round_trip(action: Any) -> Any:
    return json.loads(_TEXT(action))


def same_action(stored: Any, wire: Any, text: str) -> bool:
    """``action_key(stored) == action_key(wire)`` for an action the match stored (JSON
    data), where ``wire`` is ``json.loads(text)``: when ``stored`` writes as ``text``
    it is that very JSON, so the keys need not be written (the common case)."""
    return _TEXT(stored) == text or action_key(stored) == action_key(wire)


def survives_json(value: Any) -> bool:
    """Whether ``json.loads(json.dumps(value, allow_nan=False)) == value``, raising as that
    would, but read off the value where it is plain JSON data already (dicts with text keys,
    lists, text, numbers, booleans, None): a summary is checked this way at many steps, and
    the round trip through text took most of the check's time.  Anything else (a tuple, a
    key that is not text, NaN, another type) takes the round trip itself."""
    kind = type(value)
    if kind is dict:
        for key, item in value.items():
            if type(key) is not str:
                return json.loads(_STRICT(value)) == value
            if not survives_json(item):
                return False
        return True
    if kind is list:
        for item in value:
            if not survives_json(item):
                return False
        return True
    if kind is str or kind is int or kind is bool or value is None or (kind is float and math.isfinite(value)):
        return True
    return json.loads(_STRICT(value)) == value


def encodable(value: Any) -> None:
    """``json.dumps(value, allow_nan=False)``'s refusals (TypeError, ValueError) without
    writing the text where the value is plain data; anything else is encoded."""
    kind = type(value)
    if kind is dict:
        for key, item in value.items():
            if type(key) is not str:
                _STRICT({key: None})
            encodable(item)
    elif kind is list or kind is tuple:
        for item in value:
            encodable(item)
    elif not (kind is str or kind is int or kind is bool or value is None or (kind is float and math.isfinite(value))):
        _STRICT(value)


def snapshot(state: Any) -> Any:
    """A deep copy of ``state`` that shares nothing with it (pickle is several times
    faster than ``copy.deepcopy`` on these small dataclasses)."""
    try:
        return pickle.loads(pickle.dumps(state, protocol=pickle.HIGHEST_PROTOCOL))
    except (pickle.PicklingError, TypeError, AttributeError):
        return copy.deepcopy(state)


def act_name(action: Any) -> str:
    if isinstance(action, dict):
        act = action.get("act")
        return act if isinstance(act, str) else f"<act {act!r}>"
    return f"<{type(action).__name__}>"


def malformed_actions(rng: random.Random, bases: Sequence[Mapping[str, Any]],
                      count: int, wrong_values: Sequence[Any] = WRONG_VALUES) -> list[Any]:
    """Broken variants of well-formed actions: a field missing, a field of the wrong
    type (``True`` for a seat, ``3.0`` for ``3``…), an unknown act, no act, an unknown
    field, a bad table clock, or not an object at all."""
    out: list[Any] = []
    if not bases:
        return [rng.choice(NOT_ACTIONS) for _ in range(count)]
    keyed = _WRONG_KEYED if wrong_values is WRONG_VALUES else [(v, action_key(v)) for v in wrong_values]
    for _ in range(count):
        base = dict(rng.choice(bases))
        fields = [k for k in base if k != "act"]
        kind = rng.randrange(8)
        if kind == 0 and fields:  # missing field
            del base[rng.choice(fields)]
        elif kind in (1, 2) and fields:  # wrong type
            key = rng.choice(fields)
            old = base[key]
            if isinstance(old, int) and not isinstance(old, bool) and rng.random() < 0.4:
                base[key] = float(old)  # 3.0 where the log wants the integer 3
            elif isinstance(old, str) and rng.random() < 0.3:
                base[key] = [old]  # "4 cross" wrapped in a list
            elif isinstance(old, list) and old and rng.random() < 0.4:
                base[key] = old[0]  # a single card where a list is wanted
            else:
                old_key = action_key(old)
                choices = [v for v, k in keyed if k != old_key]
                base[key] = rng.choice(choices)
        elif kind == 3:  # unknown act
            base["act"] = rng.choice(["no-such-act", "PLAY", "", 7, None, ["play"]])
        elif kind == 4:  # no act at all
            base.pop("act", None)
        elif kind == 5:  # an unknown field (a typo)
            base[rng.choice(["cards", "seats", "sea t", "x"])] = 1
        elif kind == 6:  # a bad table clock
            base["t"] = rng.choice([-1, "soon", [], True])
        else:
            out.append(rng.choice(NOT_ACTIONS))
            continue
        out.append(base)
    return out


def _failure_text(game: Game, seed: Any, full_information: bool, setup: Mapping[str, Any],
                  actions: Sequence[Any], stage: str, trying: Any, options: Mapping[str, Any],
                  error: BaseException) -> str:
    log = "\n".join(json.dumps(line, ensure_ascii=False) for line in (setup, *actions))
    tried = json.dumps(trying, ensure_ascii=False, default=repr)
    if stage == "after":
        where = f"after accepting action {len(actions)} (the log's last line): {tried}"
    elif stage == "end":
        where = f"at the end of the game, after {len(actions)} actions" + (
            f", trying {tried}" if trying is not None else "")
    else:
        where = f"at step {len(actions) + 1}, trying {tried}"
    return (
        f"{game.name} playout failed {where}\n"
        f"  {type(error).__name__}: {error}\n"
        f"  seed={seed!r}, full_information={full_information}; checks: {dict(options)}\n"
        f"  reproduce: tests.playout.random_playout(GAME, {json.dumps(setup, ensure_ascii=False)}, "
        f"seed={seed!r}, full_information={full_information}, ...same checks...) plays the same actions; "
        f"or replay the log below\n"
        f"log ({len(actions)} actions):\n{log}"
    )


# -- one game ----------------------------------------------------------------------------------
class _Playout:
    def __init__(self, game: Game, setup: Mapping[str, Any], seed: Any, full_information: bool,
                 illegal: IllegalSampler | None, invariants: Invariants | None,
                 legal_sample: int, illegal_per_step: int, malformed_per_step: int,
                 undo_rate: float, summary_rate: float, view_rate: float, snapshot_rate: float,
                 history_rate: float, replay_rate: float, max_steps: int) -> None:
        self.game = game
        self.setup = dict(setup)
        self.seed = seed
        # two generators: the game's path depends on the seed alone, whatever the checks sample
        self.choose = random.Random(f"playout:{seed}")
        self.rng = random.Random(f"checks:{seed}")
        self.full_information = full_information
        self.illegal = illegal
        self.invariants = invariants
        self.legal_sample = legal_sample
        self.illegal_per_step = illegal_per_step
        self.malformed_per_step = malformed_per_step
        self.undo_rate = undo_rate
        self.summary_rate = summary_rate
        self.view_rate = view_rate
        self.snapshot_rate = snapshot_rate
        self.history_rate = history_rate
        self.replay_rate = replay_rate
        self.max_steps = max_steps
        self.stats = PlayoutStats(games=1)
        self.match: Match | None = None
        self.actions: list[Any] = []
        self.texts: list[str] = []  # each action's JSON text, as the log must hold it
        self.trying: Any = None
        self.stage = "step"  # "step": before the action is accepted; "after": once it is; "end"
        self.options = {"legal_sample": legal_sample, "illegal_per_step": illegal_per_step,
                        "malformed_per_step": malformed_per_step, "undo_rate": undo_rate,
                        "summary_rate": summary_rate, "view_rate": view_rate, "snapshot_rate": snapshot_rate,
                        "history_rate": history_rate, "replay_rate": replay_rate,
                        "illegal": getattr(illegal, "__name__", repr(illegal)),
                        "invariants": type(invariants).__name__ if invariants is not None else None}

    def run(self) -> PlayoutStats:
        try:
            self._run()
        except PlayoutFailure:
            raise
        except BaseException as error:  # noqa: BLE001 - every error is reported with its seed
            if isinstance(error, (KeyboardInterrupt, SystemExit)):
                raise
            text = _failure_text(self.game, self.seed, self.full_information, self.setup,
                                 self.actions, self.stage, self.trying, self.options, error)
            raise PlayoutFailure(text + self._changed_note()) from error
        return self.stats

    def _changed_note(self) -> str:
        """For a failure before the end: the first live state that no longer equals the log's
        replay (a state changed in place often breaks another check first), if any."""
        if self.match is None or self.stage == "end":
            return ""
        try:
            replayed = replay_lines(self.game, [_TEXT(self.setup), *self.texts])
        except Exception:  # noqa: BLE001 - the failure itself is reported already
            return ""
        for index, (live, again) in enumerate(zip(self.match.states, replayed.states)):
            if live != again:
                return (f"\n  note: the state after action {index} is no longer the state the log replays "
                        "to: it was changed in place")
        return ""

    # the checks --------------------------------------------------------------------------
    def _expect_accepted(self, state: Any, action: Any) -> Any:
        self.trying = action
        result = engine_apply(self.game, state, action)
        assert not isinstance(result, Refusal), f"a legal action was refused: {action} -> {result.reason!r}"
        assert result is not None, f"apply returned None for the legal action {action}"
        self.stats.legal_checked += 1
        return result

    def _expect_refused(self, state: Any, action: Any) -> None:
        self.trying = action
        result = engine_apply(self.game, state, action)
        assert isinstance(result, Refusal), (
            f"an action that is not in the legal list was accepted: {json.dumps(action, default=repr)}")
        reason = result.reason
        assert isinstance(reason, str) and reason.strip(), f"refused with an empty reason: {action}"
        assert "\n" not in reason, f"a refusal reason must be one line: {reason!r}"
        assert not (any(clue in reason for clue in _CODE_CLUES) and _CODE_WORDS.search(reason)), (
            f"a refusal reason must speak of the game, not code: {reason!r}")
        self.stats.illegal_checked += 1
        name = act_name(action)
        self.stats.refusals[name] = self.stats.refusals.get(name, 0) + 1
        self.stats.sample_reasons.setdefault(name, reason)

    def _check_json(self, state: Any) -> None:
        self.stats.summaries_checked += 1
        summary = self.game.summary(state)
        assert isinstance(summary, dict), "summary must be a JSON object"
        assert survives_json(summary), "summary does not survive a JSON round trip"
        if self.rng.random() < self.view_rate:
            seats = len(self.game.players(state))
            for seat in (None, self.rng.randrange(seats)):
                view = self.game.view(state, seat)
                assert isinstance(view, dict), "view must be a JSON object"
                encodable(view)

    def _probe_illegal(self, state: Any, legal: Sequence[dict], extra_allowed: Sequence[Any]) -> None:
        allowed = [*legal, *extra_allowed]
        candidates: list[Any] = []
        if self.illegal is not None:
            drawn = list(self.illegal(self.rng, self.game, state, legal))
            self.rng.shuffle(drawn)
            candidates += drawn[: self.illegal_per_step]
        bases = list(legal[:50]) + [a for a in extra_allowed if isinstance(a, Mapping)]
        candidates += malformed_actions(self.rng, bases, self.malformed_per_step)
        for candidate in candidates:
            if strictly_in(candidate, allowed):
                continue
            self._expect_refused(state, candidate)

    # the game ----------------------------------------------------------------------------------
    def _run(self) -> None:
        """The live states (a :class:`Match`, probed with every check) are compared at the end
        with the states the JSON Lines log replays to (:meth:`_finish`): that replay starts
        from the text of each line and shares no object with the live states, so any live
        state that something (a probe, ``legal``, ``chance``, ``summary``, ``view``,
        ``apply`` itself) changed in place no longer equals its replay, and the first such
        state names the step.  At a sample of steps a deep copy is compared as well, at once,
        which also catches a change made to the replay's states too."""
        game = self.game
        match = self.match = Match.start(game, self.setup)
        wire_setup = round_trip(self.setup)
        assert action_key(wire_setup) == action_key(self.setup), "the setup does not survive JSON"
        deep: dict[int, Any] = {0: snapshot(match.state)}
        if self.invariants is not None:
            self.invariants(game, None, None, match.state)
        self._check_json(match.state)

        while True:
            state = match.state
            step = len(self.actions)
            self.stage = "step"
            if step in deep:
                assert state == deep[step], "the state differs from its deep copy: changed in place"
            legal = game.legal(state)
            over = game.is_over(state)
            assert isinstance(legal, list), "legal() must return a list"
            if over:
                assert legal == [], f"the game is over but legal() lists {legal[:3]}"
                assert game.expected(state) is None, "the game is over but expected() names an action"
                break
            assert legal, f"legal() is empty but the game is not over (expected: {game.expected(state)})"
            assert step < self.max_steps, f"no end after {self.max_steps} actions"

            chance = game.chance(state) if self.full_information else None
            action = chance if chance is not None else self.choose.choice(legal)
            self.trying = action
            direct, accepted = self._accept_legal(state, legal, action)

            # illegal and malformed actions are refused
            self._probe_illegal(state, legal, [chance] if chance is not None else [])
            self.trying = action

            # the chosen action: the match records its JSON form and the state the action,
            # applied as it is, led to (Match.play itself runs in the replay at the end)
            text = _TEXT(action)
            wire = json.loads(text)
            assert wire == action, f"{action} does not survive a JSON round trip"
            match.accept(action, direct)
            # the match's record written as the action was is JSON data that is exactly the
            # action's: both checks below at once, with one text instead of three
            if _TEXT(match.actions[-1]) != text:
                assert _TEXT(wire) == text, f"{action} does not survive a JSON round trip"
                assert action_key(match.actions[-1]) == action_key(wire), "the match stored another action"
            self.actions.append(wire)
            self.texts.append(text)
            self.stage = "after"
            self.stats.steps += 1
            self.stats.chance_steps += chance is not None
            name = act_name(action)
            self.stats.acts[name] = self.stats.acts.get(name, 0) + 1
            after = match.state
            assert after is not state, "apply must return a new state"
            if step in deep:
                assert state == deep[step], "apply changed the state it was given (deep copy)"
            if self.rng.random() < self.undo_rate:
                after = self._undo_and_redo(match, state, action, wire, text, direct, accepted)

            if self.invariants is not None:
                self.invariants(game, state, wire, after)
            if self.rng.random() < self.summary_rate:
                self._check_json(after)
            if self.rng.random() < self.snapshot_rate:
                deep[step + 1] = snapshot(after)

        self._finish(match, deep)

    def _accept_legal(self, state: Any, legal: list, action: Any) -> tuple[Any, list[tuple[dict, Any]]]:
        """Every legal action is accepted (all of them, or a sample, plus the chosen one):
        the state the chosen one leads to, and the sample with theirs."""
        probes = legal if len(legal) <= self.legal_sample else self.rng.sample(legal, self.legal_sample)
        direct = None
        accepted: list[tuple[dict, Any]] = []
        for a in probes:
            result = self._expect_accepted(state, a)
            accepted.append((a, result))
            if a is action:
                direct = result
        if direct is None:
            direct = self._expect_accepted(state, action)
        if self.rng.random() < self.summary_rate:  # legal() lists no action twice
            keys = [action_key(a) for a in legal]
            assert len(set(keys)) == len(keys), "legal() lists an action twice"
        return direct, accepted

    def _undo_and_redo(self, match: Match, state: Any, action: Any, wire: Any, text: str, direct: Any,
                       accepted: list[tuple[dict, Any]]) -> Any:
        """``Match.undo()`` restores the previous state and ``Match.redo()`` (or undoing a
        different branch and playing the action again) the current one; the state now."""
        undone = match.undo()
        assert same_action(undone, wire, text), "undo returned another action"
        assert match.state is state, "undo does not restore the previous state"
        assert match.can_redo()
        others = [(a, r) for a, r in accepted if not strictly_in(a, [action])]
        if others and self.rng.random() < 0.5:
            # a new branch: play another legal action, which drops the redo; undo it
            # and play the original again
            other, other_state = self.rng.choice(others)
            assert match.play(other) is None, f"{other} was accepted by apply but refused by the match"
            assert not match.can_redo(), "playing after an undo must clear the redo"
            assert match.state == other_state, "the match and apply disagree on a state"
            assert action_key(match.undo()) == action_key(round_trip(other))
            assert match.state is state, "undo after a new branch does not restore the state"
            assert match.play(action) is None, "the original action is refused after a branch"
            self.stats.branches_checked += 1
        else:
            redone = match.redo()
            assert same_action(redone, wire, text), "redo returned another action"
        assert match.state == direct, "redo (or playing again) does not restore the state"
        assert not match.can_redo()
        assert same_action(match.actions[-1], wire, text)
        self.stats.undo_checked += 1
        return match.state

    def _finish(self, match: Match, deep: dict[int, Any]) -> None:
        game = self.game
        final = match.state
        self.trying = None
        self.stage = "end"
        assert game.outcome(final) is not None, "the game is over but outcome() is None"
        self._check_json(final)

        # nothing is accepted after the end: random actions, malformed ones, the last one again
        last = self.actions[-1:] if self.actions else []
        candidates = list(last)
        if self.illegal is not None:
            candidates += list(self.illegal(self.rng, game, final, []))[: self.illegal_per_step]
        candidates += malformed_actions(self.rng, last, self.malformed_per_step)
        for candidate in candidates:
            self._expect_refused(final, candidate)

        # the full log replays, through the text the log file holds, to every live state
        lines = [_TEXT(line) for line in match.log_lines()]
        assert lines[1:] == self.texts, "the log is not the actions"
        if self.rng.random() < self.replay_rate:
            self._replay(match, deep, lines)
        self.stats.finished += 1

    def _replay(self, match: Match, deep: dict[int, Any], lines: list[str]) -> None:
        """The log replayed from its text to every live state, and (at ``history_rate``) the
        whole history undone to the start and redone to the end, exactly."""
        self.stats.replayed += 1
        replayed = replay_lines(self.game, lines)
        assert replayed.actions == match.actions
        self._compare_with_replay(match.states, replayed.states)
        if self.rng.random() < self.history_rate:
            for index in range(len(self.actions) - 1, -1, -1):
                match.undo()
                assert match.state == replayed.states[index], f"undoing back to step {index} gives another state"
                if index in deep:
                    assert match.state == deep[index], f"the state of step {index} changed since it was made"
            assert not match.can_undo()
            for index in range(1, len(replayed.states)):
                match.redo()
                assert match.state == replayed.states[index], f"redoing step {index} gives another state"
            assert not match.can_redo()

    def _compare_with_replay(self, live: Sequence[Any], replayed: Sequence[Any]) -> None:
        """Each live state equals the log's replay of the same step (the incremental replay,
        and no state changed in place); a difference names the first step it shows at."""
        assert len(live) == len(replayed), f"{len(live)} live states, the log replays to {len(replayed)}"
        assert live[0] == replayed[0], "two setups from the same line differ"
        for index in range(1, len(live)):
            if live[index] != replayed[index]:
                self.trying = self.actions[index - 1]
                raise AssertionError(
                    f"the state after action {index} is not the state the log replays to: the state "
                    "changed in place (apply of a probe, legal or not, or of the chosen action, legal(), "
                    "chance(), summary() or view() changed a state it was given), or the round-tripped "
                    "action gives a different state than the action itself")
        assert live[0] is not replayed[0]


def random_playout(game: Game, setup: Mapping[str, Any], *, seed: Any = 0, full_information: bool = True,
                   illegal: IllegalSampler | None = None, invariants: Invariants | None = None,
                   legal_sample: int = 8, illegal_per_step: int = 4, malformed_per_step: int = 2,
                   undo_rate: float = 1.0, summary_rate: float = 0.25, view_rate: float = 0.25,
                   snapshot_rate: float = 0.25, history_rate: float = 1.0, replay_rate: float = 1.0,
                   max_steps: int = 10_000) -> PlayoutStats:
    """Play one random game from ``setup``, checking everything at every step.

    ``seed`` names the playout's random choices.  The actions played depend only on the
    game, ``setup``, ``seed`` and ``full_information``; the checks' samples (which legal
    actions are tried, which illegal ones, when to undo) come from a second generator,
    so the same call with the same options replays a reported failure exactly.

    Options (each a per-step rate or count, so a long run can trade depth for time):
    ``legal_sample`` legal actions applied per step (all when fewer), plus the chosen one;
    ``illegal_per_step`` of the sampler's actions and ``malformed_per_step`` broken ones
    refused per step; ``undo_rate`` of steps undone and redone (half of them through a
    branch: another legal action played and undone first); ``summary_rate`` of states whose
    ``summary()`` (and, at ``view_rate`` of those, ``view()`` for the shared screen and one
    seat) must be JSON; ``snapshot_rate`` of states deep-copied and compared later;
    ``replay_rate`` of games whose log is replayed from its text and every state compared
    with the live one's, and ``history_rate`` of those undone to the start and redone to the
    end (a quick run replays a quarter of its games: the replay was a fifth of its time)."""
    return _Playout(game, setup, seed, full_information, illegal, invariants, legal_sample,
                    illegal_per_step, malformed_per_step, undo_rate, summary_rate, view_rate,
                    snapshot_rate, history_rate, replay_rate, max_steps).run()


def run_playouts(game: Game, make_setup: SetupMaker, *, games: int, seed: Any = 0,
                 full_information: bool = True, **options: Any) -> PlayoutStats:
    """``games`` random playouts; the i-th uses the playout seed ``f"{seed}/{i}"`` and the
    setup ``make_setup(random.Random(f"setup:{seed}/{i}"), i)``.  Options as
    :func:`random_playout`; the first failure raises :class:`PlayoutFailure`."""
    total = PlayoutStats()
    with old_objects_set_aside():
        for index in range(games):
            playout_seed = f"{seed}/{index}"
            setup = make_setup(random.Random(f"setup:{playout_seed}"), index)
            total.merge(random_playout(game, setup, seed=playout_seed, full_information=full_information,
                                       **options))
    return total


@contextlib.contextmanager
def old_objects_set_aside():
    """Within it, what lived before (the modules, pytest, other tests' leftovers) is set
    aside from the garbage collector's full passes, which would otherwise scan all of it
    again and again while thousands of states are made and dropped."""
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()
