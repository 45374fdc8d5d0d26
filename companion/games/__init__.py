"""The games the companion knows: every package here with an ``ENTRY``
(``companion/engine/registry.py``), found by looking — a new game is a new package."""

from __future__ import annotations

import functools

from companion.engine.game import Game
from companion.engine.registry import Entry, discover


@functools.cache
def entries() -> dict[str, Entry]:
    """Every registered game by its log name."""
    return discover(__name__)


def registry() -> dict[str, Game]:
    """Every registered game's rules by its log name."""
    return {name: entry.rules for name, entry in entries().items()}


def names_in(game_name: str, setup: dict) -> list[str]:
    """The names a journaled setup seats, whatever the game calls them (for lists of games)."""
    game = registry().get(game_name)
    try:
        return list(game.players(game.setup(setup))) if game else []
    except Exception:  # a setup this version no longer accepts: show no names rather than fail
        return []
