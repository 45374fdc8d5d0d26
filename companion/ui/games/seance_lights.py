"""What the pentagram shows during Séance Party: the game's own tracker, mirrored.

:func:`lights` reads only the table's view (``game.view(state, None)``) and the set-up's
notes (each seat's colour), so the mapping to the LEDs is tested on its own and registered
as the game's ``Entry.lights``: each point's symbol in the group's order, the die waiting
there, the planchette, each player's charged Zeners in their colour, the turn player's
colour; the screen adds the moment's animations — a flourish from the point of the latest
charge, a pulse while a battle is fought."""

from __future__ import annotations

from companion.ui import theme
from firmware_py.pentagram.scenes import Flourish, SeanceScene


def lights(view: dict, meta: dict, charged_at: float | None = None, battle_at: float | None = None) -> SeanceScene:
    """``meta``: the set-up's notes (``colours``); ``charged_at``/``battle_at``: when the latest
    charge or battle happened on the clock the scene is rendered with (None: no animation)."""
    pentagram = view["pentagram"]
    points = tuple(p["symbol"] for p in pentagram["points"])
    colours = [theme.player_colour(meta, seat) for seat in range(len(view["players"]))]
    charged = {}
    for seat in view["seats"]:
        done = frozenset(symbol for symbol, face in seat["faces"].items() if face["charged"])
        if done:
            charged[colours[seat["seat"]]] = done
    flourish = None
    if charged_at is not None and view["charges"]:
        latest = view["charges"][-1]
        flourish = Flourish(charged_at, points.index(latest["zener"]), colours[view["players"].index(latest["player"])])
    turn = view["turn_seat"]
    return SeanceScene(
        symbols=points,
        planchette=points.index(pentagram["planchette"]) if pentagram["planchette"] is not None else None,
        dice=tuple(pentagram["dice"]),
        charged=charged,
        turn=colours[turn] if turn is not None else None,
        flourish=flourish,
        battle=battle_at if view["battle"] is not None else None,
    )
