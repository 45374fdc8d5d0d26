"""A match: a game's setup, its accepted actions and the states they lead to.

Undo and redo are exact because every state is kept: undo steps back to the
state before the last action, redo re-applies it.  Resuming from a log is a
replay of its actions through the same rules.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping

from companion.engine.game import Action, Game
from companion.engine.refusal import Refusal, Refused
from firmware_py.files import NotText, TooDeep, check_depth


def apply(game: Game, state: Any, action: Action) -> Any:
    """The new state, or a :class:`Refusal` saying why not; ``state`` never changes."""
    try:
        return game.apply(state, action)
    except Refused as refused:
        return Refusal(refused.reason)


#: lists and objects inside one another a line may hold: a game needs 4, and any depth
#: far below Python's recursion limit keeps json, repr and the rules from overflowing the stack
MAX_DEPTH = 32

_encode = json.JSONEncoder(ensure_ascii=False, allow_nan=False).encode
"""Built once: ``json.dumps`` with options builds a new encoder at every call."""


class _NotPlain(Exception):
    """A value :func:`_plain_copy` leaves to the JSON round trip."""


def _plain_copy(value: Any, depth: int = 1) -> Any:
    """What ``json.loads(json.dumps(value))`` gives, copied directly, for a value made of
    JSON's own types only (dicts with text keys, lists, tuples, text, whole numbers,
    booleans, None) within :data:`MAX_DEPTH`: a line from a log, the screen or a bot always
    is, and the round trip through text was most of accepting it.  Anything else (a float,
    a half of a two-part character, a very long number, another type, too deep) raises
    :class:`_NotPlain` for the round trip to judge."""
    kind = type(value)
    if kind is str:
        if not value.isascii() and not _is_text(value):
            raise _NotPlain
        return value
    if kind is bool or value is None or (kind is int and value.bit_length() < 4000):
        return value
    if depth > MAX_DEPTH:
        raise _NotPlain
    if kind is dict:
        copy = {}
        for key, item in value.items():
            if type(key) is not str or (not key.isascii() and not _is_text(key)):
                raise _NotPlain
            copy[key] = _plain_copy(item, depth + 1)
        return copy
    if kind is list or kind is tuple:
        return [_plain_copy(item, depth + 1) for item in value]
    raise _NotPlain


def _is_text(value: str) -> bool:
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def canonical(action: Action) -> dict:
    """The action as plain JSON data (what the journal stores and the log exports);
    Refused for what a JSON Lines log cannot hold."""
    try:
        return _plain_copy(action)
    except _NotPlain:
        pass
    too_deep = f"a line cannot nest lists and objects more than {MAX_DEPTH} deep"
    try:
        plain = json.loads(_encode(action))
        check_depth(plain, MAX_DEPTH)  # the same check as every log line and file's
    except (RecursionError, TooDeep):  # RecursionError: far deeper, in the encoder or the decoder
        raise Refused(too_deep) from None
    except NotText:
        raise Refused("a line holds only text, and half of a two-part character (\\ud800 to \\udfff) "
                      "is not text") from None
    except ValueError as error:  # a cycle; NaN or Infinity; a whole number beyond str()'s digits
        raise Refused(too_deep if "ircular" in str(error) else "a line holds only finite numbers of a "
                      "sensible size, not NaN, Infinity or thousands of digits") from None
    except TypeError:  # a value from code (a set, an object), never from a log
        raise Refused("a line holds only text, numbers, true, false, null, lists and objects") from None
    return plain


@dataclass
class Match:
    """One game in progress, in memory.  The journal persists one of these."""

    game: Game
    setup: dict
    actions: list[dict] = field(default_factory=list)
    states: list[Any] = field(default_factory=list)
    redo_stack: list[dict] = field(default_factory=list)

    @classmethod
    def start(cls, game: Game, setup: Mapping[str, Any]) -> "Match":
        setup = canonical(setup)
        if not isinstance(setup, dict):  # every game reads its setup as an object
            raise Refused(f"the setup must be a JSON object such as {{\"game\": \"{game.name}\", \"players\": [\"Ann\", \"Bo\"], ...}}")
        try:
            first = game.setup(setup)
        except Refused as refused:
            raise Refused(refused.reason) from None
        return cls(game=game, setup=setup, states=[first])

    @property
    def state(self) -> Any:
        return self.states[-1]

    def check(self, action: Action) -> Any:
        """The state ``action`` would lead to, without accepting it (raises Refused)."""
        return self.game.apply(self.state, canonical(action))

    def accept(self, action: Action, new_state: Any) -> None:
        """Record an action already checked; clears redo (a new branch of play)."""
        self.actions.append(canonical(action))
        self.states.append(new_state)
        self.redo_stack.clear()

    def play(self, action: Action) -> Refusal | None:
        """Check and accept ``action``; a refusal changes nothing."""
        try:
            plain = canonical(action)  # once: check and accept both want the plain form
            new_state = self.game.apply(self.state, plain)
        except Refused as refused:
            return Refusal(refused.reason)
        self.actions.append(plain)
        self.states.append(new_state)
        self.redo_stack.clear()
        return None

    def can_undo(self) -> bool:
        return bool(self.actions)

    def can_redo(self) -> bool:
        return bool(self.redo_stack)

    def undo(self) -> dict | None:
        if not self.actions:
            return None
        self.states.pop()
        action = self.actions.pop()
        self.redo_stack.append(action)
        return action

    def redo(self) -> dict | None:
        if not self.redo_stack:
            return None
        return self.redo_into(self.game.apply(self.state, self.redo_stack[-1]))

    def redo_into(self, new_state: Any) -> dict:
        """Re-accept the next redo action, whose resulting state is already known."""
        action = self.redo_stack.pop()
        self.actions.append(action)
        self.states.append(new_state)
        return action

    def log_lines(self) -> list[dict]:
        """The JSON Lines log: the setup, then every accepted action."""
        return [self.setup, *self.actions]


def replay(game: Game, setup: Mapping[str, Any], actions: Iterable[Action]) -> Match:
    """Rebuild a match from its log; raises Refused at the first action refused,
    with ``index`` (0-based, among the actions; None for the setup) set on the exception."""
    try:
        match = Match.start(game, setup)
    except Refused as refused:
        refused.index = None  # type: ignore[attr-defined]
        raise
    for index, action in enumerate(actions):
        refusal = match.play(action)
        if refusal is not None:
            error = Refused(refusal.reason)
            error.index = index  # type: ignore[attr-defined]
            raise error
    return match
