"""The pentagram's LED layout, read from ``hardware/pentagram.json``.

The file lists every LED in data-chain order (its place in the list is its pixel
index) with its role — a star point, a position on one of the five lines, or a
place on the optional outer circle — and where it sits in a unit square (x right,
y down) for drawing.  Scenes address LEDs only through this class (by point,
line, arm, inner pentagon…), so a builder who wires the chain in another order
edits the file and nothing else.

Points are numbered 0–4 clockwise from the top.  A star's line joins point i to
point i+2; positions along a line count from its ``from`` point.  The circle, if
fitted, comes after the star on the chain, so the star's indices do not depend on
whether it is there.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from firmware_py.files import FileProblem, read_json

DEFAULT_PATH = Path(__file__).resolve().parents[2] / "hardware" / "pentagram.json"
MAX_BYTES = 1024 * 1024  # the committed layout is 7 KB

POINTS = 5
ROLES = ("point", "line", "circle")
# A pentagram's line is crossed by two others at 1/phi^2 and 1/phi of its length:
# LEDs between the crossings form the small inner pentagon.
PHI = (1 + 5 ** 0.5) / 2
FIRST_CROSSING = 1 / PHI ** 2
SECOND_CROSSING = 1 / PHI


class LayoutError(ValueError):
    """A layout file that cannot describe the pentagram, in a sentence for the builder."""


@dataclass(frozen=True)
class Pixel:
    index: int
    role: str  # "point", "line" or "circle"
    x: float
    y: float
    point: int | None = None  # role "point"
    line: int | None = None  # role "line"
    position: int | None = None  # role "line" (from the line's start) or "circle" (clockwise from the top)

    def describe(self) -> str:
        if self.role == "point":
            return f"point {self.point}"
        if self.role == "line":
            return f"line {self.line} LED {self.position}"
        return f"circle LED {self.position}"


class Layout:
    """Where every LED is, and the groups the scenes light (all lists in pixel indices)."""

    def __init__(self, pixels: list[Pixel], lines: list[tuple[int, int]], point_names: list[str]) -> None:
        self.pixels: tuple[Pixel, ...] = tuple(pixels)
        self.count = len(self.pixels)
        self.point_names = tuple(point_names)
        self._line_ends = tuple(lines)
        self._points = [0] * POINTS
        self._lines: list[list[int]] = [[] for _ in range(POINTS)]
        self._circle: list[int] = []
        for pixel in self.pixels:
            if pixel.role == "point":
                self._points[pixel.point] = pixel.index
            elif pixel.role == "line":
                self._lines[pixel.line].append(pixel.index)
            else:
                self._circle.append(pixel.index)
        for run in self._lines:
            run.sort(key=lambda i: self.pixels[i].position)
        self._circle.sort(key=lambda i: self.pixels[i].position)
        self.centre = (
            sum(self.pixels[i].x for i in self._points) / POINTS,
            sum(self.pixels[i].y for i in self._points) / POINTS,
        )
        self._fraction = {i: self._along(line, i) for line in range(POINTS) for i in self._lines[line]}
        self._path = self._one_stroke()
        self._inner_sides = self._find_inner_sides()
        # the scenes ask for these every frame: work them out once
        self._spokes = [[self._spoke(p, line) for line in self.lines_touching(p)] for p in range(POINTS)]
        self._arms = [self._find_arms(p) for p in range(POINTS)]

    # -- loading -----------------------------------------------------------------------
    @classmethod
    def load(cls, path: str | Path = DEFAULT_PATH, circle: bool = False) -> "Layout":
        """The layout in ``path``; with ``circle=False`` the outer circle's LEDs are left out.
        LayoutError with a sentence when the file cannot describe a pentagram."""
        try:
            data = read_json(path, MAX_BYTES)
        except FileNotFoundError:
            raise LayoutError(f"there is no pentagram layout at {path}") from None
        except FileProblem as problem:
            raise LayoutError(f"the pentagram layout {path} {problem}") from None
        return cls.parse(data, circle=circle, source=str(path))

    @classmethod
    def parse(cls, data: Any, circle: bool = False, source: str = "the layout") -> "Layout":
        if not isinstance(data, dict):
            raise LayoutError(f"{source} must be a JSON object with points, lines and pixels")
        names = _point_names(data.get("points"), source)
        lines = _lines(data.get("lines"), source)
        pixels = _pixels(data.get("pixels"), source)
        _check_complete(pixels, source)
        if circle and not any(p.role == "circle" for p in pixels):
            raise LayoutError(f"{source} has no outer circle, but the circle was asked for")
        if not circle:
            pixels = [p for p in pixels if p.role != "circle"]
        return cls(pixels, lines, names)

    # -- addressing ----------------------------------------------------------------------
    def point(self, i: int) -> int:
        """The pixel index of point ``i`` (0 at the top, clockwise)."""
        return self._points[_index(i, "point")]

    def points(self) -> list[int]:
        return list(self._points)

    def line(self, i: int) -> list[int]:
        """Line ``i``'s LEDs in order from its ``from`` point to its ``to`` point."""
        return list(self._lines[_index(i, "line")])

    def line_ends(self, i: int) -> tuple[int, int]:
        """(from point, to point) of line ``i``."""
        return self._line_ends[_index(i, "line")]

    def lines_touching(self, point: int) -> list[int]:
        """The two lines that end at ``point``: the one leaving it first (with the shipped file
        every point starts one line and ends another), then the one arriving."""
        point = _index(point, "point")
        leaving = [i for i, (a, _) in enumerate(self._line_ends) if a == point]
        arriving = [i for i, (_, b) in enumerate(self._line_ends) if b == point]
        return leaving + arriving

    def neighbours(self, point: int) -> list[int]:
        """The points one line away (where Séance Party's planchette may move next)."""
        out = []
        for line in self.lines_touching(point):
            a, b = self._line_ends[line]
            out.append(b if a == point else a)
        return out

    def spoke(self, point: int, line: int) -> list[int]:
        """Line ``line``'s LEDs ordered from ``point`` outwards (``point`` must be one of its ends)."""
        return self._spoke(_index(point, "point"), line)

    def _spoke(self, point: int, line: int) -> list[int]:
        a, b = self.line_ends(line)
        if point == a:
            return self.line(line)
        if point == b:
            return self.line(line)[::-1]
        raise ValueError(f"line {line} does not touch point {point}")

    def spokes(self, point: int) -> list[list[int]]:
        """Both lines at ``point`` (the one leaving it first), each ordered from the point outwards."""
        return [list(spoke) for spoke in self._spokes[_index(point, "point")]]

    def arms(self, point: int) -> list[list[int]]:
        """The two arms of the star's tip at ``point``: each spoke's LEDs up to the first
        crossing (the outer triangle around the point), from the point outwards."""
        return [list(arm) for arm in self._arms[_index(point, "point")]]

    def _find_arms(self, point: int) -> list[list[int]]:
        out = []
        for line in self.lines_touching(point):
            start = self.line_ends(line)[0]
            out.append([i for i in self._spoke(point, line) if self._from_point(i, start, point) < FIRST_CROSSING])
        return out

    def inner_sides(self) -> list[list[int]]:
        """The five sides of the small inner pentagon (each line's LEDs between its two
        crossings), clockwise from the top side; each side's LEDs clockwise."""
        return [list(side) for side in self._inner_sides]

    def inner_ring(self) -> list[int]:
        """Every LED of the inner pentagon, clockwise from the top."""
        return [i for side in self._inner_sides for i in side]

    def middles(self) -> list[int]:
        """The middle LED of each line (two for an even run), in line order."""
        out = []
        for run in self._lines:
            if run:
                out.append(run[len(run) // 2])
                if len(run) % 2 == 0:
                    out.append(run[len(run) // 2 - 1])
        return out

    def path(self, points: bool = True) -> list[int]:
        """The star drawn in one stroke from point 0 (0→2→4→1→3→0): every point and line LED
        once, in drawing order; without the points if ``points`` is False."""
        if points:
            return list(self._path)
        return [i for i in self._path if self.pixels[i].role == "line"]

    def circle(self) -> list[int]:
        """The outer circle clockwise from the top (empty when it is not fitted)."""
        return list(self._circle)

    @property
    def has_circle(self) -> bool:
        return bool(self._circle)

    def circle_near(self, point: int) -> int | None:
        """The circle LED closest to ``point`` (None without a circle)."""
        if not self._circle:
            return None
        p = self.pixels[self.point(point)]
        return min(self._circle, key=lambda i: (self.pixels[i].x - p.x) ** 2 + (self.pixels[i].y - p.y) ** 2)

    def position(self, pixel: int) -> tuple[float, float]:
        p = self.pixels[pixel]
        return (p.x, p.y)

    def positions(self) -> list[tuple[float, float]]:
        return [(p.x, p.y) for p in self.pixels]

    def pixel_map_groups(self) -> list[tuple[int, ...]]:
        """Points then lines as index tuples, ready for adafruit_led_animation's
        ``PixelMap(strip, groups, individual_pixels=True)``."""
        return [(i,) for i in self._points] + [tuple(run) for run in self._lines]

    # -- geometry --------------------------------------------------------------------------
    def angle(self, pixel: int) -> float:
        """Degrees clockwise from straight up, seen from the star's centre (0–360)."""
        p = self.pixels[pixel]
        return (math.degrees(math.atan2(p.y - self.centre[1], p.x - self.centre[0])) + 90.0) % 360.0

    def _along(self, line: int, pixel: int) -> float:
        """How far along its line (0 at ``from``, 1 at ``to``) an LED sits."""
        a, b = self._line_ends[line]
        pa, pb, p = self.pixels[self._points[a]], self.pixels[self._points[b]], self.pixels[pixel]
        dx, dy = pb.x - pa.x, pb.y - pa.y
        length2 = dx * dx + dy * dy
        return ((p.x - pa.x) * dx + (p.y - pa.y) * dy) / length2 if length2 else 0.0

    def _from_point(self, pixel: int, start: int, point: int) -> float:
        f = self._fraction[pixel]
        return f if point == start else 1.0 - f

    def _one_stroke(self) -> list[int]:
        path: list[int] = []
        used: set[int] = set()
        point = 0
        for _ in range(POINTS):
            path.append(self._points[point])
            line = next(i for i in self.lines_touching(point) if i not in used)
            used.add(line)
            path.extend(self.spoke(point, line))
            a, b = self._line_ends[line]
            point = b if a == point else a
        return path

    def _find_inner_sides(self) -> list[list[int]]:
        sides = []
        for line in range(POINTS):
            inner = [i for i in self._lines[line] if FIRST_CROSSING <= self._fraction[i] <= SECOND_CROSSING]
            if not inner:
                continue
            middle = self._angle_of(
                sum(self.pixels[i].x for i in inner) / len(inner), sum(self.pixels[i].y for i in inner) / len(inner)
            )
            # clockwise within the side: by signed angle from the side's own middle
            inner.sort(key=lambda i: (self.angle(i) - middle + 180.0) % 360.0)
            sides.append((middle, inner))
        # the top side's middle sits at 0°; half a side's span of slack keeps it first
        sides.sort(key=lambda pair: (pair[0] + 36.0) % 360.0)
        return [inner for _, inner in sides]

    def _angle_of(self, x: float, y: float) -> float:
        return (math.degrees(math.atan2(y - self.centre[1], x - self.centre[0])) + 90.0) % 360.0


# -- validation ------------------------------------------------------------------------------
def _index(i: int, what: str) -> int:
    if isinstance(i, bool) or not isinstance(i, int) or not 0 <= i < POINTS:
        raise ValueError(f"a {what} is numbered 0 to 4, not {i!r}")
    return i


def _whole(value: Any, where: str, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise LayoutError(f"{where}: {what} must be a whole number, not {value!r}")
    return value


def _point_names(names: Any, source: str) -> list[str]:
    if names is None:
        return ["top", "upper right", "lower right", "lower left", "upper left"]
    if not isinstance(names, list) or len(names) != POINTS or not all(isinstance(n, str) and n for n in names):
        raise LayoutError(f"{source}: \"points\" must name the five points, clockwise from the top")
    return names


def _lines(lines: Any, source: str) -> list[tuple[int, int]]:
    if not isinstance(lines, list) or len(lines) != POINTS:
        raise LayoutError(f"{source}: \"lines\" must list the five lines as [from point, to point] pairs")
    out: list[tuple[int, int]] = []
    seen: set[frozenset[int]] = set()
    for number, pair in enumerate(lines):
        where = f"{source}, line {number}"
        if not isinstance(pair, list) or len(pair) != 2:
            raise LayoutError(f"{where} must be a [from point, to point] pair, not {pair!r}")
        a, b = (_whole(v, where, "a point") for v in pair)
        if not (0 <= a < POINTS and 0 <= b < POINTS):
            raise LayoutError(f"{where} joins points {a} and {b}, but points are numbered 0 to 4")
        if (b - a) % POINTS not in (2, 3):
            raise LayoutError(
                f"{where} joins points {a} and {b}; a star's lines join points two steps apart (i and i+2)"
            )
        if frozenset((a, b)) in seen:
            raise LayoutError(f"{where} repeats the line between points {a} and {b}")
        seen.add(frozenset((a, b)))
        out.append((a, b))
    return out


def _unit(value: Any, where: str, axis: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise LayoutError(f"{where}: {axis} must be a number from 0 to 1, not {value!r}")
    if not 0.0 <= value <= 1.0:
        raise LayoutError(f"{where}: {axis} = {value} is outside the unit square (0 to 1)")
    return float(value)


def _pixels(entries: Any, source: str) -> list[Pixel]:
    if not isinstance(entries, list) or not entries:
        raise LayoutError(f"{source}: \"pixels\" must list every LED in data-chain order")
    pixels = []
    for index, entry in enumerate(entries):
        where = f"{source}, pixel {index}"
        if not isinstance(entry, dict):
            raise LayoutError(f"{where} must be an object like {{\"role\": \"point\", \"point\": 0, \"x\": 0.5, \"y\": 0.1}}")
        role = entry.get("role")
        if role not in ROLES:
            raise LayoutError(f"{where}: role must be point, line or circle, not {role!r}")
        x, y = _unit(entry.get("x"), where, "x"), _unit(entry.get("y"), where, "y")
        if role == "point":
            point = _whole(entry.get("point"), where, "point")
            if not 0 <= point < POINTS:
                raise LayoutError(f"{where}: point {point} does not exist (points are numbered 0 to 4)")
            pixels.append(Pixel(index, role, x, y, point=point))
        elif role == "line":
            line = _whole(entry.get("line"), where, "line")
            if not 0 <= line < POINTS:
                raise LayoutError(f"{where}: line {line} does not exist (lines are numbered 0 to 4)")
            position = _whole(entry.get("position"), where, "position")
            pixels.append(Pixel(index, role, x, y, line=line, position=position))
        else:
            position = _whole(entry.get("position"), where, "position")
            pixels.append(Pixel(index, role, x, y, position=position))
    return pixels


def _check_complete(pixels: list[Pixel], source: str) -> None:
    points: dict[int, int] = {}
    runs: dict[int, dict[int, int]] = {i: {} for i in range(POINTS)}
    circle: dict[int, int] = {}
    first_circle = None
    for p in pixels:
        if p.role == "circle":
            if p.position in circle:
                raise LayoutError(f"{source}: pixels {circle[p.position]} and {p.index} are both circle LED {p.position}")
            circle[p.position] = p.index
            if first_circle is None:
                first_circle = p.index
            continue
        if first_circle is not None:
            raise LayoutError(
                f"{source}: pixel {p.index} ({p.describe()}) comes after the circle; the circle must end the chain "
                "so the star works without it"
            )
        if p.role == "point":
            if p.point in points:
                raise LayoutError(f"{source}: pixels {points[p.point]} and {p.index} are both point {p.point}")
            points[p.point] = p.index
        else:
            if p.position in runs[p.line]:
                raise LayoutError(
                    f"{source}: pixels {runs[p.line][p.position]} and {p.index} are both line {p.line} LED {p.position}"
                )
            runs[p.line][p.position] = p.index
    missing = [str(i) for i in range(POINTS) if i not in points]
    if missing:
        raise LayoutError(f"{source} has no LED for point {', '.join(missing)}")
    for line, run in runs.items():
        if not run:
            raise LayoutError(f"{source} has no LEDs on line {line}")
        if sorted(run) != list(range(len(run))):
            raise LayoutError(
                f"{source}: line {line}'s positions must run 0 to {len(run) - 1} without gaps, not {sorted(run)}"
            )
    lengths = {len(run) for run in runs.values()}
    if len(lengths) != 1:
        raise LayoutError(
            f"{source}: every line needs the same number of LEDs, not {', '.join(str(len(runs[i])) for i in range(POINTS))}"
        )
    if circle and sorted(circle) != list(range(len(circle))):
        raise LayoutError(f"{source}: the circle's positions must run 0 to {len(circle) - 1} without gaps")
