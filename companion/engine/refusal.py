"""Refusals: the companion's way of saying no, in a sentence about the game.

A refusal often shows what was typed ("there is no suit 'stra'"), and what was typed
may be a 50 MB value in a damaged log: :func:`quote` shows at most ``QUOTE_LIMIT``
characters of it (the one quoting function, shared with the box's files in
:mod:`firmware_py.files`), and every reason is passed through :func:`shorten` as a safety
net for the refusals that still quote with ``!r``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from firmware_py.files import QUOTE_LIMIT, elide, quote

__all__ = ["QUOTE_LIMIT", "REASON_LIMIT", "Refusal", "Refused", "elide", "quote", "quote_name", "shorten"]

#: characters a reason may have before its quoted parts, then its middle, are cut
REASON_LIMIT = 500
# a quoted part of a sentence: a repr ('...' or "...") or a JSON-style name ("...").  Escapes
# are not followed: a part ends at its next quote, so no text makes the search slower than linear
_QUOTED = re.compile(r"""'[^'\n]*'|"[^"\n]*\"""")


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
