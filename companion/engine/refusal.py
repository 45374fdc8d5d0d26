"""Refusals: the companion's way of saying no, in a sentence about the game."""

from __future__ import annotations

from dataclasses import dataclass


class Refused(Exception):
    """Raised inside a game's rules when an action breaks them.

    The message is shown to players as it is, so it must read as a sentence about
    the game ("Bo must follow star: Bo still holds 3 star"), never about code.
    """

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True)
class Refusal:
    """What :func:`companion.engine.apply` returns instead of a new state."""

    reason: str

    def __str__(self) -> str:
        return self.reason
