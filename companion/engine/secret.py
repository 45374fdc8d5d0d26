"""Secret and simultaneous steps: choices made at once, hidden until revealed.

Mysterium's guesses and final votes and Séance Party's curse step are made by
several players at once; nobody may see another's choice until the step closes.
:class:`Sealed` holds the choices; ``view`` shows a seat its own choice and only
*that* the others have chosen.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping

from companion.engine.refusal import Refused
from companion.engine.state import FrozenDict, assoc, dissoc, freeze

HIDDEN = "hidden"


@dataclass(frozen=True)
class Sealed:
    """Choices by seat, sealed until :meth:`reveal`.  Immutable (choices a :class:`FrozenDict`,
    each choice frozen): each change is a copy."""

    expected: frozenset[int]
    choices: Mapping[int, Any] = field(default_factory=FrozenDict)
    revealed: bool = False
    revisable: bool = False  # Mysterium's pawns move until time runs out; votes do not

    @classmethod
    def open(cls, seats: Iterable[int], revisable: bool = False) -> "Sealed":
        return cls(frozenset(seats), FrozenDict(), False, revisable)

    def choose(self, seat: int, choice: Any, names) -> "Sealed":
        if self.revealed:
            raise Refused("the choices are already revealed and locked")
        if seat not in self.expected:
            raise Refused(f"{names[seat]} has no choice to make in this step")
        if seat in self.choices and not self.revisable:
            raise Refused(f"{names[seat]} has already chosen, and that choice cannot be changed")
        return Sealed(self.expected, assoc(self.choices, seat, freeze(choice)), False, self.revisable)

    def withdraw(self, seat: int, names) -> "Sealed":
        """Take a revisable choice back (Mysterium's tokens "can be moved or withdrawn")."""
        if self.revealed:
            raise Refused("the choices are already revealed and locked")
        if not self.revisable:
            raise Refused(f"{names[seat]}'s choice cannot be taken back")
        if seat not in self.choices:
            raise Refused(f"{names[seat]} has nothing to take back")
        return Sealed(self.expected, dissoc(self.choices, seat), False, self.revisable)

    @property
    def complete(self) -> bool:
        return set(self.choices) >= self.expected

    def waiting_for(self) -> list[int]:
        return sorted(self.expected - set(self.choices))

    def reveal(self) -> "Sealed":
        return Sealed(self.expected, self.choices, True, self.revisable)

    def view(self, seat: int | None) -> dict[int, Any]:
        """What ``seat`` may see: everything once revealed; else its own choice and
        ``"hidden"`` for every other seat that has chosen."""
        if self.revealed:
            return dict(self.choices)
        return {s: (c if s == seat else HIDDEN) for s, c in self.choices.items()}
