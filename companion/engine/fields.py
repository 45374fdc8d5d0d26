"""Reading an action's fields, refusing what is malformed in words a player reads.

Actions arrive from a hand-written log, the journal, the screen or a bot; all of
them pass through these checks before a game's rules look at them.
"""

from __future__ import annotations

import math
import unicodedata
from collections import abc
from typing import Any, Iterable, Mapping, Sequence

from companion.engine.refusal import Refused, quote, quote_name

#: fields any action may carry besides its own: ``t`` is the table clock in seconds
COMMON_FIELDS = frozenset({"act", "t"})


def require_object(action: Any) -> Mapping[str, Any]:
    if not isinstance(action, abc.Mapping):  # collections.abc's: typing's check is several times slower
        raise Refused("each line must be a JSON object such as {\"act\": \"play\", ...}")
    return action


def act_of(action: Any, known: Iterable[str]) -> str:
    if type(action) is dict:  # nearly every line: a parsed JSON object (require_object's ABC check is slow)
        act = action.get("act")
        if type(act) is str and act in known:
            return act
    action = require_object(action)
    act = action.get("act")
    known = tuple(known)
    if act is None:
        raise Refused("the line names no act (expected one of: " + ", ".join(known) + ")")
    if not isinstance(act, str) or act not in known:
        raise Refused(f"unknown act {quote(act)} (expected one of: " + ", ".join(known) + ")")
    return act


def _a(word: Any, shown: str | None = None) -> str:
    """``a play line``, ``an end line``, ``an "item" field``."""
    return f"{'an' if str(word)[:1].lower() in 'aeio' else 'a'} {word if shown is None else shown}"


def check_fields(action: Mapping[str, Any], required: Iterable[str], optional: Iterable[str] = ()) -> None:
    """Refuse a missing field and an unknown one (a typo such as ``cards`` for ``card``)."""
    required = tuple(required)
    for name in required:
        if name not in action:
            quoted = '"' + name + '"'
            raise Refused(f"{_a(action.get('act'))} line needs {_a(name, quoted)} field")
    if (len(action) == len(required) + 1 and "act" in action and "act" not in required and "t" not in required
            and len(set(required)) == len(required)):
        return  # the act and the required fields (distinct, as a mapping's keys are) and nothing else
    allowed = set(required) | set(optional) | COMMON_FIELDS
    for name in action:
        if name not in allowed:
            raise Refused(f"{_a(action.get('act'))} line has no field {quote_name(str(name))}")
    if "t" in action:
        time_of(action)


def seat_of(action: Mapping[str, Any], players: Sequence[str], field: str = "seat") -> int:
    seat = action.get(field)
    if isinstance(seat, bool) or not isinstance(seat, int):
        raise Refused(f"{field} must be a seat number from 0 to {len(players) - 1}, not {quote(seat)}")
    if not 0 <= seat < len(players):
        raise Refused(f"there is no seat {seat}: seats run from 0 to {len(players) - 1}")
    return seat


def time_of(action: Mapping[str, Any]) -> float | None:
    """The table clock an action carries (seconds), or None."""
    t = action.get("t")
    if t is None:
        return None
    if isinstance(t, bool) or not isinstance(t, (int, float)):
        raise Refused(f"t must be a time in seconds (a number of 0 or more), not {quote(t)}")
    try:
        seconds = float(t)
    except OverflowError:  # a whole number beyond any float (and too long to quote)
        raise Refused("t must be a time in seconds (a number of 0 or more), not a number that large") from None
    if not math.isfinite(seconds) or seconds < 0:
        raise Refused(f"t must be a time in seconds (a number of 0 or more), not {quote(t)}")
    return seconds


def player_names(line: Mapping[str, Any], low: int, high: int, title: str) -> list[str]:
    """The setup's ``players``: distinct, non-empty names, within the game's count."""
    names = line.get("players")
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise Refused("players must be a list of names, e.g. [\"Ann\", \"Bo\", \"Cy\"]")
    names = [n.strip() for n in names]
    if not low <= len(names) <= high:
        raise Refused(f"{title} is for {low} to {high} players, not {len(names)}")
    if any(not n for n in names):
        raise Refused("every player needs a name")
    if any(unicodedata.category(ch) in ("Cc", "Cs") for n in names for ch in n):
        raise Refused("a player's name cannot contain line breaks or control characters")
    if len(set(n.casefold() for n in names)) != len(names):
        raise Refused("two players have the same name; give each a different one")
    return names


# -- setup lines: what several games' setups share ------------------------------------------------
def seed_of(line: Mapping[str, Any]) -> Any:
    """The setup's ``seed`` (default 0): it names the companion's shuffles and rolls."""
    seed = line.get("seed", 0)
    if isinstance(seed, bool) or not isinstance(seed, (int, str)):
        raise Refused("seed must be a whole number or a word")
    return seed


def choice_of(line: Mapping[str, Any], key: str, allowed: Sequence[Any], default: Any) -> Any:
    """A setting of the setup line that takes one of a few values (a reading of the rules
    groups may differ on), or its default."""
    value = line.get(key, default)
    if value not in allowed:
        raise Refused(f"{key} must be " + " or ".join(f"\"{a}\"" for a in allowed) + f", not {quote(value)}")
    return value


def definitions_of(line: Mapping[str, Any]) -> list:
    """The setup's ``cards``: the group's own card definitions, each checked by the game."""
    extra = line.get("cards", [])
    if not isinstance(extra, list):
        raise Refused("cards must be a list of card definitions")
    return extra


def check_card_name(known: Iterable[str], name: str, folded: dict[str, str] | None = None) -> None:
    """Refuse a new card whose name differs from a known one only in capitals: it is the same
    card typed another way (the on-screen keyboard writes "Jack-in-the-box"), not a second.
    ``folded`` (each known name by its casefold, kept by the caller) makes a set-up of
    thousands of cards linear rather than quadratic; the name is added to it."""
    key = name.casefold()
    if folded is not None:
        other = folded.setdefault(key, name)
        if other != name:
            raise Refused(f"{name} is already known as {other}: name it {other}, as it is printed")
        return
    for other in known:
        if other != name and other.casefold() == key:
            raise Refused(f"{name} is already known as {other}: name it {other}, as it is printed")
