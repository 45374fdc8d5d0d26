"""The games the companion knows, by the name their logs use."""

from __future__ import annotations

from companion.engine.game import Game


def registry() -> dict[str, Game]:
    from companion.games.clairvoyance import CLAIRVOYANCE
    from companion.games.esp import ESP
    from companion.games.mysterium import MYSTERIUM
    from companion.games.seance_party import SEANCE_PARTY

    return {game.name: game for game in (ESP, MYSTERIUM, SEANCE_PARTY, CLAIRVOYANCE)}


def names_in(game_name: str, setup: dict) -> list[str]:
    """The names a journaled setup seats, whatever the game calls them (for lists of games)."""
    game = registry().get(game_name)
    try:
        return list(game.players(game.setup(setup))) if game else []
    except Exception:  # a setup this version no longer accepts: show no names rather than fail
        return []
