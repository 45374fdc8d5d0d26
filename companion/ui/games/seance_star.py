"""The Séance Party star, drawn as the screen's main picture: what the pentagram's LEDs show
(:mod:`companion.ui.games.seance_lights`), as on the table — the five points in the group's
order with each point's Zener symbol and the die waiting there, the planchette on its point
(in the middle while it is unplaced), a ring in the colour of the player whose turn it is, and
round each point one pip per player: filled with a gold rim when that player's Zener there is
charged, a ring when it is dormant face up, a small dot when it is face down, with a small
white cross when curses sit on it.  It reads the table's view only."""

from __future__ import annotations

import math

import pygame

from companion.ui import theme
from companion.ui.widgets import draw_text
from companion.ui.zener import draw_symbol


def corners(centre, radius: float, count: int = 5) -> list[tuple[float, float]]:
    """The star's points clockwise from the top."""
    cx, cy = centre
    return [(cx + radius * math.cos(-math.pi / 2 + k * 2 * math.pi / count),
             cy + radius * math.sin(-math.pi / 2 + k * 2 * math.pi / count)) for k in range(count)]


def pip(surface, centre, radius: int, colour, face: dict, s) -> None:
    """One player's Zener on a point: charged (filled, a gold rim), dormant face up (a ring),
    face down (a small dot); a small white cross at its shoulder when curses sit on it."""
    x, y = round(centre[0]), round(centre[1])
    pygame.draw.circle(surface, theme.BACKGROUND, (x, y), radius + max(2, s(2)))
    if face["charged"]:
        pygame.draw.circle(surface, colour, (x, y), radius)
        pygame.draw.circle(surface, theme.GOLD, (x, y), radius, max(2, s(2)))
    elif face["up"]:
        pygame.draw.circle(surface, colour, (x, y), radius, max(2, s(3)))
    else:
        pygame.draw.circle(surface, colour, (x, y), max(3, radius // 2))
    if face["curses"]:  # a small white cross at its shoulder
        cx, cy, arm = x + radius * 0.95, y - radius * 0.95, max(3, radius * 0.5)
        for width, ink in ((max(4, s(5)), theme.BACKGROUND), (max(2, s(2)), theme.INK)):
            pygame.draw.line(surface, ink, (cx - arm, cy - arm), (cx + arm, cy + arm), width)
            pygame.draw.line(surface, ink, (cx - arm, cy + arm), (cx + arm, cy - arm), width)


def planchette(surface, centre, towards, length: float, colour) -> None:
    """The planchette: a rounded teardrop with a round window, its tip towards ``towards``."""
    cx, cy = centre
    angle = math.atan2(towards[1] - cy, towards[0] - cx)
    ux, uy = math.cos(angle), math.sin(angle)
    back = length * 0.3
    tip = (cx + ux * length * 0.6, cy + uy * length * 0.6)
    base = (cx - ux * length * 0.1, cy - uy * length * 0.1)
    turn = math.acos(min(1.0, back / (length * 0.7)))  # the tangents from the tip to the round end
    sides = [(base[0] + back * math.cos(angle + t), base[1] + back * math.sin(angle + t)) for t in (-turn, turn)]
    pygame.draw.polygon(surface, colour, [tip, sides[0], base, sides[1]])
    pygame.draw.circle(surface, colour, (round(base[0]), round(base[1])), round(back))
    pygame.draw.circle(surface, theme.BACKGROUND, (round(base[0]), round(base[1])), max(3, round(back * 0.45)))


def draw_star(surface, rect: pygame.Rect, view: dict, colour_of, s, charge: float | None = None,
              battle: float | None = None) -> None:
    """The star in ``rect`` (``colour_of(seat)``: a seat's colour; ``s``: the screen's scale).
    ``charge``/``battle``: how far (0 to 1) the flourish of the latest charge or the pulse of a
    battle has run, as the LEDs show them (None: none running)."""
    pentagram = view["pentagram"]
    symbols = [p["symbol"] for p in pentagram["points"]]
    dice = [p["die"] for p in pentagram["points"]]
    size = min(rect.width, rect.height)
    disc = max(s(20), round(size * 0.09))
    badge = pygame.Rect(0, 0, s(44), s(26))
    radius = min((rect.height - 2 * disc - s(6)) / 1.809, (rect.width / 2 - disc - s(4)) / 0.951,
                 (rect.width / 2 - disc - badge.width - s(8)) / 0.588)
    centre = (rect.centerx, round(rect.centery + radius * 0.095))
    spots = corners(centre, radius)
    turn = view.get("turn_seat")
    ring = colour_of(turn) if turn is not None else theme.FAINT
    pygame.draw.circle(surface, ring, centre, round(radius + disc * 0.3), max(2, s(3)))
    for k in range(5):
        a, b = spots[k], spots[(k + 2) % 5]
        pygame.draw.line(surface, theme.FAINT, a, b, max(2, s(3)))
    at = pentagram["planchette"]
    if at in symbols:
        planchette(surface, centre, spots[symbols.index(at)], radius * 0.55, theme.GOLD)
    else:
        planchette(surface, centre, (centre[0], centre[1] - 1), radius * 0.45, theme.MUTED)
    seats = [shown for shown in view["seats"] if not shown["defeated"]]
    pips = max(s(7), round(disc * 0.34))
    if battle is not None and view.get("battle") is not None:  # a battle: the ring pulses
        grow = round(disc * 0.6 * abs(math.sin(battle * math.pi * 3)))
        pygame.draw.circle(surface, theme.BAD, centre, round(radius + disc * 0.3) + grow, max(2, s(3)))
    latest = view["charges"][-1] if charge is not None and view.get("charges") else None
    for k, (symbol, (x, y)) in enumerate(zip(symbols, spots)):
        here = (round(x), round(y))
        if latest is not None and latest["zener"] == symbol:  # the latest charge: a widening halo
            seat = view["players"].index(latest["player"])
            pygame.draw.circle(surface, colour_of(seat), here, round(disc * (1.2 + charge)), max(2, s(4)))
        on = symbol == at
        pygame.draw.circle(surface, theme.PANEL_LIGHT, here, disc)
        pygame.draw.circle(surface, theme.GOLD if on else theme.FAINT, here, disc, max(2, s(4) if on else s(2)))
        box = pygame.Rect(0, 0, disc * 2, disc * 2)
        box.center = here
        draw_symbol(surface, symbol, box.inflate(-disc // 2, -disc // 2), theme.GOLD if on else theme.INK)
        out = math.atan2(y - centre[1], x - centre[0])
        if dice[k]:
            face = badge.copy()
            if k == 0:  # the top point: the die beside it
                face.midleft = (x + disc + s(6), y)
            elif y < centre[1]:  # the upper points: above
                face.midbottom = (x, y - disc - s(4))
            else:  # the lower points: outwards
                if x > centre[0]:
                    face.midleft = (x + disc + s(6), y)
                else:
                    face.midright = (x - disc - s(6), y)
            pygame.draw.rect(surface, theme.CARD, face, border_radius=s(5))
            draw_text(surface, dice[k], face, s(18), theme.DARK_INK, "centre", bold=True)
        spread = math.radians(38)
        first = out + math.pi - spread * (len(seats) - 1) / 2
        for n, shown in enumerate(seats):
            angle = first + n * spread
            spot = (x + math.cos(angle) * (disc + pips + s(3)), y + math.sin(angle) * (disc + pips + s(3)))
            pip(surface, spot, pips, colour_of(shown["seat"]), shown["faces"][symbol], s)
