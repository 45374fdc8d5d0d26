"""The games the companion knows, by the name their logs use."""

from __future__ import annotations

from companion.engine.game import Game


def registry() -> dict[str, Game]:
    from companion.games.esp import ESP

    return {game.name: game for game in (ESP,)}
