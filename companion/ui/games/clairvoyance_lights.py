"""What the pentagram shows during Clairvoyance (``Entry.lights``): each player's health at
their point in their colour, the turn player's chevron breathing, the die's face round the
inner pentagon, a red flash on whoever a throw has just hit, and eliminated players'
embers (:class:`~firmware_py.pentagram.scenes.ClairvoyanceScene` draws them).

Read from the table's view and the colours chosen at set-up, like the screen, and kept
apart from it so the mapping to the LEDs is tested on its own
(``tests/test_clairvoyance_lights.py``)."""

from __future__ import annotations

from companion.ui import theme
from firmware_py.pentagram.scenes import MAX_HEALTH, ClairvoyanceScene, Flash


def lights_health(health: int, top: int) -> int:
    """Health on the star's ten-step scale: a health top other than 10 is scaled to it, and
    a player still in never shows as dark (at least one step)."""
    if health <= 0:
        return 0
    return max(1, min(MAX_HEALTH, round(health * MAX_HEALTH / top)))


def latest_hit(view: dict) -> int | None:
    """The seat the newest play hurt (a landed throw with damage above 0), or None."""
    plays = view["plays"]
    if not plays or plays[-1]["outcome"] != "hit" or not plays[-1].get("damage"):
        return None
    return view["players"].index(plays[-1]["target"])


def lights(view: dict, meta: dict, hit_at: float | None = None) -> ClairvoyanceScene:
    """The scene for the table's ``view``, in the colours of ``meta`` (the match's notes
    from set-up); ``hit_at``: when the newest throw landed, on the clock the scene is
    rendered with (None: no flash)."""
    seats = view["seats"]
    players = tuple(theme.player_colour(meta, s) for s in range(len(seats)))
    top = view["health_top"]
    turn = view["turn_seat"]
    hit = latest_hit(view) if hit_at is not None else None
    return ClairvoyanceScene(
        die=view["die"]["face"],
        players=players,
        health={players[s]: lights_health(seat["health"], top) for s, seat in enumerate(seats)},
        eliminated=frozenset(players[s] for s, seat in enumerate(seats) if seat["out"]),
        turn=None if turn is None else players[turn],
        damage=None if hit is None else Flash(hit_at, players[hit]),
    )
