"""The eight-sided die: which faces touch which ("Turning the die").

An octahedron's eight faces sit like a cube's eight corners: two faces share an edge
exactly when their corners differ in one coordinate.  So a layout is a numbering of the
corners 000 … 111, and every face touches three others — one from each opposite pair it
is not in (``shared/rules/NOTES.md``).  Dice differ between groups:

- ``standard``: opposite faces sum to 9, the odd faces round one tip (most d8s);
- ``rulebook``: agrees with the rulebook's example (3 touches 2, 4 and 6), which no
  sum-9 die can do; the other four faces are one numbering consistent with it;
- a group's own die, entered face by face and checked to be an octahedron.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from companion.engine.refusal import Refused, quote

FACES = tuple(range(1, 9))

#: face -> cube corner (three bits); faces touch when their corners differ in one bit
CORNERS = {
    # 1=000 3=010 5=001 7=011 2=100 6=101 4=110 8=111: opposites (complements) sum to 9
    "standard": {1: 0b000, 3: 0b010, 5: 0b001, 7: 0b011, 2: 0b100, 6: 0b101, 4: 0b110, 8: 0b111},
    # 3=000 touching 2=100, 4=010 and 6=001 (the example); 7 and 5 opposite 2 and 4 as on a
    # common die, leaving 1 and 8: one numbering consistent with the example
    "rulebook": {3: 0b000, 2: 0b100, 4: 0b010, 6: 0b001, 1: 0b110, 5: 0b101, 7: 0b011, 8: 0b111},
}


@dataclass(frozen=True)
class Die:
    """A layout: ``touches[f - 1]`` are the three faces sharing an edge with face ``f``."""

    layout: str
    touches: tuple[tuple[int, int, int], ...]

    def adjacent(self, face: int) -> tuple[int, int, int]:
        """The faces one turn along an edge reaches from ``face`` (ascending)."""
        return self.touches[face - 1]

    def can_turn(self, before: int, after: int) -> bool:
        return after in self.adjacent(before)

    def as_json(self) -> dict:
        return {str(f): list(self.adjacent(f)) for f in FACES}


def from_corners(layout: str, corners: Mapping[int, int]) -> Die:
    touches = []
    for face in FACES:
        near = sorted(f for f in FACES if bin(corners[f] ^ corners[face]).count("1") == 1)
        touches.append(tuple(near))
    return Die(layout, tuple(touches))


DIE_HELP = ("die must be \"rulebook\", \"standard\", or the faces each face touches, for all eight: "
            "{\"1\": [2, 3, 5], \"2\": [...], ..., \"8\": [...]}")

LAYOUTS = {name: from_corners(name, corners) for name, corners in CORNERS.items()}


def _face(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value not in FACES:
        raise Refused(f"{what} must be a face of the die, 1 to 8, not {quote(value)}")
    return value


def custom(spec: Any) -> Die:
    """A group's die entered face by face: ``{"1": [a, b, c], …, "8": [...]}``.

    Checked to be an octahedron: every face touches exactly three others, touching goes
    both ways, and the faces split into two sets of four with each face touching only the
    other set (3-regular and bipartite on eight faces is exactly the octahedron's shape)."""
    if not isinstance(spec, Mapping) or set(spec) != {str(f) for f in FACES}:  # keys of any kind: no sorting
        raise Refused(DIE_HELP)
    touches: dict[int, tuple[int, ...]] = {}
    for face in FACES:
        near = spec[str(face)]
        if not isinstance(near, list):
            raise Refused(f"the die's face {face} must list the faces it touches, e.g. [2, 3, 5]")
        near = [_face(f, f"a face that face {face} touches") for f in near]
        if face in near:
            raise Refused(f"the die's face {face} cannot touch itself")
        if len(set(near)) != 3 or len(near) != 3:
            raise Refused(f"on an eight-sided die each face touches exactly three others: "
                          f"face {face} lists {near}")
        touches[face] = tuple(sorted(near))
    for face in FACES:
        for other in touches[face]:
            if face not in touches[other]:
                raise Refused(f"the die's face {face} touches {other}, so {other} must touch {face} too")
    colour = {1: 0}
    queue = [1]
    while queue:
        face = queue.pop()
        for other in touches[face]:
            if other not in colour:
                colour[other] = 1 - colour[face]
                queue.append(other)
            elif colour[other] == colour[face]:
                raise Refused(f"these cannot be an eight-sided die's faces: {face} and {other} touch, yet on a "
                              "d8 the faces split into two sets of four that only touch the other set")
    if len(colour) != len(FACES):
        raise Refused("these cannot be an eight-sided die's faces: they do not all join up")
    return Die("custom", tuple(touches[f] for f in FACES))


def die_of(spec: Any) -> Die:
    """The setup's ``die``: a layout's name or a group's own die."""
    if isinstance(spec, str):
        if spec not in LAYOUTS:
            raise Refused(f"{DIE_HELP}; not {quote(spec)}")
        return LAYOUTS[spec]
    return custom(spec)


def check_face(value: Any, what: str = "face") -> int:
    """A face named in a line (1–8)."""
    return _face(value, what)
