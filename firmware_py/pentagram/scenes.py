"""What the pentagram shows for each game: ``render(layout, scene, t) -> frame``.

A scene is a small frozen dataclass saying *what* to show — filled by the game code,
which knows nothing about LEDs — that draws itself: :class:`Scene` is anything with
``frame(layout, t)``, so a new game brings its own scene without a line changed here
(the games' own scenes below are drawn the same way).  ``t`` is the time on the injected clock, so
animations (breathing, sparkles, flourishes) are pure functions of it: the same
scene at the same ``t`` gives the same frame, and a test steps through time.
Animations with a start time end on their own; past their end the frame is the
scene's steady picture.

The star's parts, as the scenes use them (see :mod:`layout`):

* the five **points** (0 at the top, clockwise);
* each point's two **spokes**: the two lines through it, counted from the point
  (depth 0 is the LED nearest the point); the outer part of each spoke, up to the
  first crossing, is the point's **arm** (3 LEDs with the standard layout);
* the **middles**: the centre LED of each line, five LEDs around the middle;
* the **inner pentagon**: each line's LEDs between its two crossings (15 LEDs,
  5 sides of 3), clockwise from its top side;
* the optional **circle** (40 LEDs clockwise from the top).

Colours are authored as perceived colours; gamma, brightness and the current limit
come afterwards (:func:`color.prepare`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Callable, Mapping, Protocol

from firmware_py.pentagram.animation import breathe, comet, progress, pulses, sparkle
from firmware_py.pentagram.color import (
    BLUE, CYAN, EMBER, GOLD, GREEN, MAGENTA, OFF, ORANGE, RED, VIOLET, WHITE, YELLOW,
    Colour, Frame, blend, check_colour, lighten, scale,
)
from firmware_py.pentagram.layout import Layout

# -- game vocabulary -------------------------------------------------------------------------
SEANCE_SYMBOLS = ("circle", "cross", "wave", "square", "star")
"""Séance Party's Zener symbols; which point holds which is a setting (no order is published)."""

DIE_SIDES = (4, 6, 8, 10, 12, 20)
DIE_COLOURS: dict[int, Colour] = {
    4: MAGENTA,  # the rulebook: "a d4 (triangle magenta die)"
    6: BLUE,
    8: GREEN,
    10: YELLOW,
    12: RED,
    20: CYAN,
}
"""Each die type's colour on its point: the six colours an RGB LED shows most distinctly.
Only the d4's is printed in the rules; the others are ours (a setting for the games)."""

ESP_SUITS = ("circle", "cross", "squiggle", "square", "star")
ESP_SUIT_COLOURS: dict[str, Colour] = {
    "circle": YELLOW,
    "cross": RED,
    "squiggle": BLUE,
    "square": GREEN,
    "star": VIOLET,
}

MAX_SEANCE_PLAYERS = 4
MAX_CLAIRVOYANCE_PLAYERS = 5
MAX_HEALTH = 10
MYSTERIUM_ROUNDS = 7

FLOURISH_SECONDS = 1.5
BATTLE_SECONDS = 1.2
DAMAGE_SECONDS = 0.8
ALARM_SECONDS = 1.8


# -- what a scene is -------------------------------------------------------------------------
class Scene(Protocol):
    """Anything the pentagram can show: it draws itself, one colour per LED of ``layout``,
    as it looks at ``t`` (a pure function of ``t``, so tests step through time)."""

    def frame(self, layout: Layout, t: float) -> Frame:
        ...


# -- scene inputs ----------------------------------------------------------------------------
@dataclass(frozen=True)
class Flourish:
    """A short animation from one point in one colour (a Séance Party charge)."""

    start: float
    point: int
    colour: Colour = WHITE

    def __post_init__(self) -> None:
        _point(self.point, "the flourish's point")
        check_colour(self.colour, "the flourish's colour")


@dataclass(frozen=True)
class Flash:
    """A player's lights flashing (Clairvoyance damage), from ``start``."""

    start: float
    who: Colour

    def __post_init__(self) -> None:
        check_colour(self.who, "the flashed player's colour")


@dataclass(frozen=True)
class SeanceScene:
    """Séance Party's pentagram tracker.

    * Each **point** is a Zener symbol (``symbols[i]`` on point i) and shows the die
      waiting there in its type's colour (:data:`DIE_COLOURS`; None = no die, dark).
    * The **planchette**'s point breathes white over its die colour (None = unplaced).
    * **Charged Zeners**: each player (in seat order, the order of ``charged``) owns a
      depth on the spokes: when a player has charged a symbol, the two LEDs at their
      depth on that point's spokes light in the player's colour — a chevron under the
      symbol.  The first player's chevron is nearest the point, the fourth's just
      inside the small pentagon.
    * The **turn player's colour** breathes on the five middle LEDs.
    * ``flourish``: a charge — comets run from the point along its spokes, then the
      point flashes (1.5 s).  ``battle``: the whole star pulses red twice (1.2 s).
    * With the circle: the turn colour dimly all round, each point's die colour on the
      circle LED beside it, the planchette's in white.
    """

    symbols: tuple[str, ...] = SEANCE_SYMBOLS
    planchette: int | None = None
    dice: tuple[int | None, ...] = (4, 4, 4, 4, 4)
    charged: Mapping[Colour, frozenset[str]] = field(default_factory=dict)
    turn: Colour | None = None
    flourish: Flourish | None = None
    battle: float | None = None

    def __post_init__(self) -> None:
        if len(self.symbols) != 5 or len(set(self.symbols)) != 5:
            raise ValueError(f"the pentagram holds five different symbols, not {self.symbols!r}")
        if self.planchette is not None:
            _point(self.planchette, "the planchette")
        if len(self.dice) != 5:
            raise ValueError(f"there is one die on each of the five points, not {len(self.dice)}")
        for i, die in enumerate(self.dice):
            if die is not None and (isinstance(die, bool) or die not in DIE_SIDES):
                raise ValueError(f"the die on point {i} must be a d4, d6, d8, d10, d12 or d20 (or None), not {die!r}")
        if len(self.charged) > MAX_SEANCE_PLAYERS:
            raise ValueError(f"Séance Party has 2 to 4 players, not {len(self.charged)}")
        for player, symbols in self.charged.items():
            check_colour(player, "a player's colour")
            for symbol in symbols:
                if symbol not in self.symbols:
                    raise ValueError(f"there is no Zener symbol {symbol!r} (the symbols are {', '.join(self.symbols)})")
        if self.turn is not None:
            check_colour(self.turn, "the turn player's colour")

    def frame(self, layout: Layout, t: float) -> Frame:
        frame: Frame = [OFF] * layout.count
        dice = [DIE_COLOURS[d] if d is not None else OFF for d in self.dice]
        planchette_glow = breathe(t, 2.0, 0.15, 0.85)
        for p in range(5):
            colour = dice[p]
            if self.planchette == p:
                colour = blend(colour, WHITE, planchette_glow)
            frame[layout.point(p)] = colour
        for slot, (player, symbols) in enumerate(self.charged.items()):
            colour = scale(player, 0.8)
            for symbol in symbols:
                for spoke in layout.spokes(self.symbols.index(symbol)):
                    if slot < len(spoke) // 2:
                        frame[spoke[slot]] = colour
        if self.turn is not None:
            colour = scale(self.turn, breathe(t, 3.0, 0.55, 1.0))
            for i in layout.middles():
                frame[i] = colour
        if layout.has_circle:
            ring = scale(self.turn, 0.2) if self.turn is not None else OFF
            for i in layout.circle():
                frame[i] = ring
            for p in range(5):
                beside = layout.circle_near(p)
                colour = scale(dice[p], 0.6) if self.dice[p] is not None else frame[beside]  # type: ignore[index]
                if self.planchette == p:
                    colour = blend(colour, WHITE, planchette_glow)
                frame[beside] = colour  # type: ignore[index]
        if self.flourish is not None:
            _flourish(layout, frame, self.flourish, t)
        p = progress(t, self.battle, BATTLE_SECONDS)
        if p is not None:
            _tint(frame, range(layout.count), RED, 0.85 * pulses(p, 2))
        return frame


@dataclass(frozen=True)
class MysteriumScene:
    """Mysterium's hourglass and clock.

    * The **sand** (``sand`` = fraction left, 1 full, 0 empty) fills the five lines; it
      runs out along the star in drawing order (line 0 first), like a burning fuse, and
      turns from gold to red over its last quarter.  The number of lit line LEDs is
      ``ceil(sand × 45)``.  Running: the sand shimmers.  Paused (not running, some sand
      gone): it breathes slowly.  Not yet flipped (full, not running): steady.
    * The **points** count the clock's round: one violet point per round for I–V
      (clockwise from the top); VI lights all five amber, VII all five red — the last.
    * ``alarm``: when the sand ran out: the lines flash red three times (1.8 s).
    * With the circle: the sand drains round it too, clockwise from the top.
    """

    sand: float = 1.0
    running: bool = False
    round: int = 1
    alarm: float | None = None

    def __post_init__(self) -> None:
        if isinstance(self.sand, bool) or not isinstance(self.sand, (int, float)) or not 0.0 <= self.sand <= 1.0:
            raise ValueError(f"the sand left is a fraction from 0 to 1, not {self.sand!r}")
        if isinstance(self.round, bool) or self.round not in range(1, MYSTERIUM_ROUNDS + 1):
            raise ValueError(f"the clock shows rounds I to VII (1 to 7), not {self.round!r}")

    def frame(self, layout: Layout, t: float) -> Frame:
        frame: Frame = [OFF] * layout.count
        sand_colour = blend(RED, GOLD, self.sand / 0.25)
        if self.running:
            level = lambda i: 0.8 + 0.2 * sparkle(t, i, 1.5)  # noqa: E731
        elif self.sand < 1.0:
            glow = breathe(t, 2.5, 0.35, 0.9)
            level = lambda i: glow  # noqa: E731
        else:
            level = lambda i: 0.8  # noqa: E731
        _sand(frame, layout.path(points=False), self.sand, sand_colour, level)
        if layout.has_circle:
            _sand(frame, layout.circle(), self.sand, sand_colour, level)
        if self.round <= 5:
            lit, colour = self.round, VIOLET
        else:
            lit, colour = 5, ORANGE if self.round == 6 else RED
        for p in range(lit):
            frame[layout.point(p)] = colour
        p = progress(t, self.alarm, ALARM_SECONDS)
        if p is not None:
            _tint(frame, [*layout.path(points=False), *layout.circle()], RED, pulses(p, 3))
        return frame


@dataclass(frozen=True)
class EspScene:
    """ESP's aspects and the trick winner.

    * Each **point** is a suit (``suits[i]`` on point i), dimly (30 %) in its colour.
    * A **suit** aspect lights its point fully and the point's two arms in the suit's
      colour — a glowing tip.
    * A **rank** aspect (1–5) lights that many sides of the small inner pentagon
      (clockwise from the top side): white for Supernatural, gold for Super-duper-natural.
    * The **Super-duper-natural** aspect's lights sparkle; the Supernatural's are steady.
    * The **trick winner**'s colour fills the arms of the other points (and the circle).
    """

    supernatural: str | int | None = None
    superduper: str | int | None = None
    winner: Colour | None = None
    suit_colours: Mapping[str, Colour] = field(default_factory=lambda: dict(ESP_SUIT_COLOURS))
    suits: tuple[str, ...] = ESP_SUITS

    def __post_init__(self) -> None:
        if len(self.suits) != 5 or len(set(self.suits)) != 5:
            raise ValueError(f"the pentagram holds five different suits, not {self.suits!r}")
        for suit in self.suits:
            if suit not in self.suit_colours:
                raise ValueError(f"the suit {suit!r} has no colour")
            check_colour(self.suit_colours[suit], f"the colour of {suit}")
        for name in ("supernatural", "superduper"):
            aspect = getattr(self, name)
            if aspect is None:
                continue
            if isinstance(aspect, bool) or not (aspect in self.suits or (isinstance(aspect, int) and 1 <= aspect <= 5)):
                raise ValueError(
                    f"an aspect is a suit ({', '.join(self.suits)}) or a rank from 1 to 5, not {aspect!r}"
                )
        if self.superduper is not None and self.supernatural is None:
            raise ValueError("a Super-duper-natural aspect needs a Supernatural one")
        if self.winner is not None:
            check_colour(self.winner, "the trick winner's colour")

    def frame(self, layout: Layout, t: float) -> Frame:
        frame: Frame = [OFF] * layout.count
        colours = [self.suit_colours[suit] for suit in self.suits]
        for p in range(5):
            frame[layout.point(p)] = scale(colours[p], 0.3)
        tips = {self.suits.index(a) for a in (self.supernatural, self.superduper) if isinstance(a, str)}
        if self.winner is not None:
            winner = scale(self.winner, 0.55)
            for p in range(5):
                if p not in tips:
                    for arm in layout.arms(p):
                        for i in arm:
                            frame[i] = winner
            for i in layout.circle():
                frame[i] = scale(self.winner, 0.35)
        sides = layout.inner_sides()
        for aspect, duper in ((self.supernatural, False), (self.superduper, True)):
            if aspect is None:
                continue
            if isinstance(aspect, str):
                p = self.suits.index(aspect)
                colour = colours[p]
                lights = [(layout.point(p), 1.0)] + [(i, 0.85) for arm in layout.arms(p) for i in arm]
            else:
                colour = GOLD if duper else WHITE
                lights = [(i, 0.9) for side in sides[:aspect] for i in side]
            for i, level in lights:
                frame[i] = scale(colour, level * (sparkle(t, i, 5.0) if duper else 1.0))
        return frame


@dataclass(frozen=True)
class ClairvoyanceScene:
    """Clairvoyance's players, health and the d8.

    * Player k (in ``players`` order, 2–5) sits at **point k**.  Their health (10 at the
      start) is five lights in their colour — the point and the first two LEDs of both
      its spokes, a chevron — each worth two: full is 2, dim is 1.  Damage puts the
      chevron out from its inner end towards the point.
    * An **eliminated** player's point glows dull red (an ember), the rest dark.
    * The **turn player**'s chevron breathes, with the third LED of each spoke lit
      faintly in their colour.
    * The **die face** (1–8) is that many white lights round the small inner pentagon,
      clockwise from the top.
    * ``damage``: the hit player's chevron flashes red twice (0.8 s).
    * With the circle: the turn player's colour, dimly, all round.
    """

    die: int | None = None
    players: tuple[Colour, ...] = ()
    health: Mapping[Colour, int] = field(default_factory=dict)
    eliminated: frozenset[Colour] = frozenset()
    turn: Colour | None = None
    damage: Flash | None = None

    def __post_init__(self) -> None:
        if self.die is not None and (isinstance(self.die, bool) or self.die not in range(1, 9)):
            raise ValueError(f"the d8 shows a face from 1 to 8, not {self.die!r}")
        if len(self.players) > MAX_CLAIRVOYANCE_PLAYERS:
            raise ValueError(f"Clairvoyance has 2 to 5 players, not {len(self.players)}")
        for player in self.players:
            check_colour(player, "a player's colour")
        if len(set(self.players)) != len(self.players):
            raise ValueError("two players have the same colour; the pentagram tells players apart by colour")
        for who in (*self.health, *self.eliminated, *([self.turn] if self.turn is not None else [])):
            if who not in self.players:
                raise ValueError(f"{who!r} is not one of the players' colours")
        for who, value in self.health.items():
            if isinstance(value, bool) or not isinstance(value, int):
                raise ValueError(f"health is a whole number, not {value!r}")

    def frame(self, layout: Layout, t: float) -> Frame:
        frame: Frame = [OFF] * layout.count
        ring = layout.inner_ring()
        if self.die is not None:
            for i in ring[: self.die]:
                frame[i] = scale(WHITE, 0.7)
        turn_level = breathe(t, 2.0, 0.55, 1.0)
        for k, player in enumerate(self.players):
            hearts = _hearts(layout, k)
            health = max(0, min(MAX_HEALTH, self.health.get(player, MAX_HEALTH)))
            if player in self.eliminated or health <= 0:
                frame[hearts[0]] = EMBER
                continue
            level = turn_level if player == self.turn else 1.0
            for n, i in enumerate(hearts):
                worth = max(0, min(2, health - 2 * n))
                if worth:
                    frame[i] = scale(player, level * (1.0 if worth == 2 else 0.3))
            if player == self.turn:
                for spoke in layout.spokes(k):
                    if len(spoke) > 2 and frame[spoke[2]] == OFF:
                        frame[spoke[2]] = scale(player, 0.35)
        if layout.has_circle and self.turn is not None:
            for i in layout.circle():
                frame[i] = scale(self.turn, 0.25)
        if self.damage is not None and self.damage.who in self.players:
            p = progress(t, self.damage.start, DAMAGE_SECONDS)
            if p is not None:
                _tint(frame, _hearts(layout, self.players.index(self.damage.who)), RED, pulses(p, 2))
        return frame


@dataclass(frozen=True)
class IdleScene:
    """Nobody is playing: a violet comet draws the star in one stroke every six seconds
    over softly breathing points (and runs the other way round the circle)."""

    def frame(self, layout: Layout, t: float) -> Frame:
        frame: Frame = [OFF] * layout.count
        path = layout.path()
        period = 6.0
        head = (t % period) / period * len(path)
        for n, i in enumerate(path):
            # the comet wraps round: measure the distance behind the head modulo the path
            behind = (head - n) % len(path)
            frame[i] = scale(VIOLET, comet(behind, 12, 0.0))
        glow = scale((60, 30, 160), breathe(t, period / 2, 0.3, 1.0))
        for p in range(5):
            frame[layout.point(p)] = lighten(frame[layout.point(p)], glow)
        circle = layout.circle()
        if circle:
            head = (t % period) / period * len(circle)
            for n, i in enumerate(reversed(circle)):
                frame[i] = scale(CYAN, 0.5 * comet((head - n) % len(circle), 10, 0.0))
        return frame


@dataclass(frozen=True)
class OffScene:
    """Every LED dark."""

    def frame(self, layout: Layout, t: float) -> Frame:
        return [OFF] * layout.count


@dataclass(frozen=True)
class OneLed:
    """A single LED lit (``companion doctor`` walks the chain with it)."""

    index: int
    colour: Colour = WHITE

    def frame(self, layout: Layout, t: float) -> Frame:
        if isinstance(self.index, bool) or not isinstance(self.index, int) or not 0 <= self.index < layout.count:
            raise ValueError(f"the pentagram has LEDs 0 to {layout.count - 1}, not {self.index!r}")
        frame: Frame = [OFF] * layout.count
        frame[self.index] = self.colour
        return frame


# -- rendering -------------------------------------------------------------------------------
def render(layout: Layout, scene: Scene, t: float) -> Frame:
    """The frame (one colour per pixel) ``scene`` shows at time ``t``."""
    draw = getattr(scene, "frame", None)
    if not callable(draw):
        raise TypeError(f"the pentagram has no scene for {type(scene).__name__}: "
                        "a scene draws itself with frame(layout, t)")
    frame = draw(layout, t)
    if len(frame) != layout.count:
        raise ValueError(f"{type(scene).__name__} drew {len(frame)} colours for a pentagram of {layout.count} LEDs")
    return frame


# -- pieces ----------------------------------------------------------------------------------
def _point(value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 5:
        raise ValueError(f"{what} must be on a point numbered 0 to 4, not {value!r}")
    return value


def _hearts(layout: Layout, point: int) -> list[int]:
    """A Clairvoyance player's five health lights: the point, then depth 0 and 1 of
    both spokes (leaving line first), the order in which they are lost last to first."""
    spokes = layout.spokes(point)
    hearts = [layout.point(point)]
    for depth in range(2):
        hearts += [spoke[depth] for spoke in spokes if len(spoke) > depth]
    return hearts


def _sand(frame: Frame, run: list[int], fraction: float, colour: Colour, level: Callable[[int], float]) -> None:
    """Light the last ``ceil(fraction × len(run))`` LEDs of ``run``; the first lit one is
    the falling grain, lit in proportion (never below 15 % so it stays visible)."""
    amount = fraction * len(run)
    lit = math.ceil(amount - 1e-9)
    first = len(run) - lit
    for n in range(first, len(run)):
        i = run[n]
        part = 1.0
        if n == first:
            part = max(0.15, amount - (lit - 1))
        frame[i] = scale(colour, part * level(i))


def _tint(frame: Frame, pixels, colour: Colour, amount: float) -> None:
    if amount <= 0:
        return
    for i in pixels:
        frame[i] = blend(frame[i], colour, amount)


def _flourish(layout: Layout, frame: Frame, f: Flourish, t: float) -> None:
    p = progress(t, f.start, FLOURISH_SECONDS)
    if p is None:
        return
    run_share = 2.0 / 3.0
    point = layout.point(f.point)
    if p < run_share:
        for spoke in layout.spokes(f.point):
            head = p / run_share * (len(spoke) + 3)
            for n, i in enumerate(spoke):
                glow = comet(head, 4, n)
                if glow > 0:
                    frame[i] = lighten(frame[i], scale(f.colour, glow))
        frame[point] = lighten(frame[point], scale(f.colour, p / run_share))
    else:
        q = (p - run_share) / (1.0 - run_share)
        frame[point] = blend(frame[point], WHITE, 1.0 - q)
