"""What the pentagram shows during Clairvoyance: each player's health at their point in
their colour, the turn player's chevron breathing, the die's face round the inner
pentagon, a red flash on whoever a throw has just hit, and eliminated players' embers
(:class:`~firmware_py.pentagram.scenes.ClairvoyanceScene` draws them).

Kept apart from the screen so the mapping from the rules' state to the LEDs is tested on
its own (``tests/test_clairvoyance_lights.py``)."""

from __future__ import annotations

from firmware_py.pentagram.scenes import MAX_HEALTH, ClairvoyanceScene, Flash

#: colours to fall back on when two seats chose the same one: the pentagram tells players
#: apart by colour alone, so a scene never shows two players alike
SPARE_COLOURS = ((255, 255, 255), (0, 200, 200), (200, 200, 0), (255, 0, 160), (120, 255, 0), (255, 90, 0))


def distinct(colours) -> tuple[tuple[int, int, int], ...]:
    """Each seat's colour, a repeated one replaced by a spare that nobody uses."""
    out: list[tuple[int, int, int]] = []
    spares = [c for c in SPARE_COLOURS if c not in {tuple(x) for x in colours}]
    for colour in colours:
        colour = tuple(colour)
        if colour in out:
            colour = spares.pop(0)
        out.append(colour)
    return tuple(out)


def lights_health(health: int, top: int) -> int:
    """Health on the star's ten-step scale: a health top other than 10 is scaled to it, and
    a player still in never shows as dark (at least one step)."""
    if health <= 0:
        return 0
    return max(1, min(MAX_HEALTH, round(health * MAX_HEALTH / top)))


def latest_hit(state) -> int | None:
    """The seat the newest landed throw hurt (damage above 0), or None."""
    for record in reversed(state.plays):
        if record["outcome"] == "hit":
            if not record.get("damage"):
                return None
            return list(state.names).index(record["target"])
        return None
    return None


def clairvoyance_scene(state, colours, hit_at: float | None = None) -> ClairvoyanceScene:
    """``colours``: each seat's (r, g, b); ``hit_at``: when the newest throw landed, on the
    clock the scene is rendered with (None: no flash)."""
    players = distinct(colours[: len(state.names)])
    over = state.phase == "over"
    turn = None if over or state.turn is None else players[state.turn]
    damage = None
    hit = latest_hit(state) if hit_at is not None else None
    if hit is not None:
        damage = Flash(hit_at, players[hit])
    return ClairvoyanceScene(
        die=state.face,
        players=players,
        health={players[s]: lights_health(h, state.start_health) for s, h in enumerate(state.health)},
        eliminated=frozenset(players[s] for s in range(len(players)) if state.out[s]),
        turn=turn,
        damage=damage,
    )
