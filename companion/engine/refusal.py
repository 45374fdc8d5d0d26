"""Refusals: the companion's way of saying no, in a sentence about the game.

A refusal often shows what was typed ("there is no suit 'stra'"), and what was typed
may be a 50 MB value in a damaged log: :func:`quote` shows at most ``QUOTE_LIMIT``
characters of it, and every reason is passed through :func:`shorten` as a safety net
for the refusals that still quote with ``!r``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

#: characters of a player's input that a refusal shows at most (the middle is cut out)
QUOTE_LIMIT = 200
#: characters a reason may have before its quoted parts, then its middle, are cut
REASON_LIMIT = 500
# a quoted part of a sentence: a repr ('...' or "...") or a JSON-style name ("...").  Escapes
# are not followed: a part ends at its next quote, so no text makes the search slower than linear
_QUOTED = re.compile(r"""'[^'\n]*'|"[^"\n]*\"""")


def elide(shown: str, limit: int = QUOTE_LIMIT, length: int | None = None) -> str:
    """``shown`` with its middle cut out when longer than ``limit``, its length said:
    ``'abcd…wxyz' (5,000,000 characters)``.  The ends stay, so a quoted value keeps its
    quotes; ``length`` is the count to say (the value's own, without quotes)."""
    if len(shown) <= limit:
        return shown
    head = limit * 2 // 3
    tail = limit - head
    return f"{shown[:head]}…{shown[-tail:]} ({len(shown) if length is None else length:,} characters)"


def quote(value: Any) -> str:
    """``repr(value)`` for a refusal, at most about ``QUOTE_LIMIT`` characters of it."""
    try:
        shown = repr(value)
    except (RecursionError, ValueError):  # nested too deep; a whole number beyond str()'s digits
        return "a value too large to show"
    return elide(shown, length=len(value) if isinstance(value, str) else None)


def quote_name(text: str) -> str:
    """``"text"`` in double quotes (a field's name as a log spells it), shortened like :func:`quote`."""
    return elide(f'"{text}"', length=len(text))


def shorten(reason: str, limit: int = REASON_LIMIT) -> str:
    """A reason of at most about ``limit`` characters: the longest quoted parts (values as
    typed) are cut first so the sentence around them stays whole, then, if still too long,
    the middle of the sentence."""
    for _ in range(20):  # each round cuts one quoted part; a handful is all a sentence has
        if len(reason) <= limit:
            return reason
        longest = max(_QUOTED.finditer(reason), key=lambda m: m.end() - m.start(), default=None)
        if longest is None or longest.end() - longest.start() <= QUOTE_LIMIT:
            break
        shown = longest.group()
        reason = reason[:longest.start()] + elide(shown, length=len(shown) - 2) + reason[longest.end():]
    return elide(reason, limit) if len(reason) > limit else reason


class Refused(Exception):
    """Raised inside a game's rules when an action breaks them.

    The message is shown to players as it is, so it must read as a sentence about
    the game ("Bo must follow star: Bo still holds 3 star"), never about code.
    """

    def __init__(self, reason: str) -> None:
        reason = shorten(reason)
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True)
class Refusal:
    """What :func:`companion.engine.apply` returns instead of a new state."""

    reason: str

    def __post_init__(self) -> None:
        object.__setattr__(self, "reason", shorten(self.reason))

    def __str__(self) -> str:
        return self.reason
