"""What the pentagram shows during Séance Party: the game's own tracker, mirrored.

The Séance Party screen (to come) calls :func:`seance_scene` each frame; it is kept apart
so the mapping from the rules' state to the LEDs is tested on its own: each point's
symbol in the group's order, the die waiting there, the planchette, each player's
charged Zeners in their colour, the turn player's colour, a flourish from the point of
the latest charge and a pulse while a battle is fought."""

from __future__ import annotations

from firmware_py.pentagram.scenes import Flourish, SeanceScene


def seance_scene(state, colours, charged_at: float | None = None, battle_at: float | None = None) -> SeanceScene:
    """``colours``: each seat's (r, g, b); ``charged_at``/``battle_at``: when the latest charge
    or battle happened on the clock the scene is rendered with (None: no animation)."""
    points = tuple(state.settings["points"])
    charged = {}
    for seat, zeners in enumerate(state.zeners):
        done = frozenset(symbol for symbol, face in zeners.items() if face["charged"])
        if done:
            charged[tuple(colours[seat])] = done
    flourish = None
    if charged_at is not None and state.charges:
        latest = state.charges[-1]
        flourish = Flourish(charged_at, points.index(latest["zener"]), tuple(colours[_seat(state, latest["player"])]))
    return SeanceScene(
        symbols=points,
        planchette=points.index(state.planchette) if state.planchette is not None else None,
        dice=tuple(state.points[symbol] for symbol in points),
        charged=charged,
        turn=tuple(colours[state.turn]) if state.turn is not None else None,
        flourish=flourish,
        battle=battle_at if state.battle is not None else None,
    )


def _seat(state, player) -> int:
    return player if isinstance(player, int) else list(state.names).index(player)
