"""One state discipline for every game: states are values that nobody changes.

Undo, redo, the journal's resume and the tests all keep earlier states and trust them to
stay as they were, so a game's ``apply`` must build a new state and leave its input alone.
Rather than each game copying by hand what it is about to change (and silently corrupting
undo the day one copy is forgotten), every game builds its states from:

- frozen dataclasses (``@dataclass(frozen=True)``) whose fields hold only immutable values:
  numbers, text, ``None``, tuples, :class:`FrozenDict` and other frozen dataclasses;
- :func:`evolve` to make the next state (``dataclasses.replace`` without its per-call field
  scan, which made it a tenth of a playout's time), and :func:`put` / :func:`assoc` to change
  one place of a tuple or a mapping;
- :func:`freeze` to turn parsed JSON (lists and dicts) into those values.

Then a kept state cannot be changed: assigning to a field raises ``FrozenInstanceError``,
tuples and :class:`FrozenDict` have no methods that change them.  ``tests/test_registry.py``
also checks, for every registered game, that ``apply`` leaves its input equal to a deep copy
taken before.  (boardgame.io gets the same guarantee from Immer; OpenSpiel from cloning.)
"""

from __future__ import annotations

from typing import Any, Callable, Iterator, Mapping, TypeVar

T = TypeVar("T")
R = TypeVar("R")


class FrozenDict(Mapping):
    """An immutable mapping that compares equal to a dict with the same items."""

    __slots__ = ("_items", "_hash")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        object.__setattr__(self, "_items", dict(*args, **kwargs))
        object.__setattr__(self, "_hash", None)

    def __getitem__(self, key: Any) -> Any:
        return self._items[key]

    def __iter__(self) -> Iterator:
        return iter(self._items)

    def __len__(self) -> int:
        return len(self._items)

    def __contains__(self, key: object) -> bool:
        return key in self._items

    # the dict's own read-only views and get, at C speed: Mapping's versions call __getitem__
    # once per item in Python, and summaries and views walk every record of a game this way
    def items(self):
        return self._items.items()

    def keys(self):
        return self._items.keys()

    def values(self):
        return self._items.values()

    def get(self, key: Any, default: Any = None) -> Any:
        return self._items.get(key, default)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is FrozenDict:
            return self._items == other._items  # type: ignore[attr-defined]
        if isinstance(other, FrozenDict):
            return self._items == other._items
        return self._items == other if isinstance(other, dict) else NotImplemented

    def __hash__(self) -> int:
        if self._hash is None:
            object.__setattr__(self, "_hash", hash(frozenset(self._items.items())))
        return self._hash

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("a FrozenDict cannot be changed: make a new one with assoc()")

    def __repr__(self) -> str:
        return f"FrozenDict({self._items!r})"

    def __reduce__(self):
        return (FrozenDict, (self._items,))

    def thaw(self) -> dict:
        """A plain dict of the same items (for JSON and summaries); nested values stay frozen."""
        return dict(self._items)


def freeze(value: Any) -> Any:
    """Parsed JSON (or any nest of lists and dicts) as immutable values: lists become tuples,
    dicts :class:`FrozenDict`; everything else is returned as it is."""
    if isinstance(value, (list, tuple)):
        return tuple(freeze(item) for item in value)
    if isinstance(value, dict) and not isinstance(value, FrozenDict):
        return FrozenDict({key: freeze(item) for key, item in value.items()})
    return value


def thaw(value: Any) -> Any:
    """The reverse of :func:`freeze`, for JSON: tuples become lists, FrozenDicts dicts."""
    if isinstance(value, (list, tuple)):
        return [thaw(item) for item in value]
    if isinstance(value, Mapping):
        return {key: thaw(item) for key, item in value.items()}
    return value


def evolve(obj: T, **changes: Any) -> T:
    """A copy of the frozen dataclass ``obj`` with ``changes``: ``dataclasses.replace`` for
    states (every field set by ``__init__``, no ``__post_init__``), without its look at every
    field on each call."""
    fields = obj.__dict__
    if not changes.keys() <= fields.keys():
        raise TypeError(f"{type(obj).__name__} has no field {', '.join(sorted(changes.keys() - fields.keys()))}")
    new = object.__new__(type(obj))
    object.__setattr__(new, "__dict__", {**fields, **changes})
    return new


def put(values: tuple, index: int, value: Any) -> tuple:
    """``values`` with ``values[index]`` replaced (a seat's figure, a player's hand)."""
    return (*values[:index], value, *values[index + 1:])


def assoc(mapping: Mapping, key: Any, value: Any) -> FrozenDict:
    """``mapping`` with ``key`` set to ``value``."""
    return FrozenDict({**mapping, key: value})


def dissoc(mapping: Mapping, key: Any) -> FrozenDict:
    """``mapping`` without ``key``."""
    return FrozenDict({k: v for k, v in mapping.items() if k != key})


def remembered(work: Callable[[Any], R], keep: int = 20_000) -> Callable[[Any], R]:
    """``work`` (a pure function of one state or record) remembered by the value's identity.

    A value never changes and the next state shares every part it did not change, so the
    finished rounds, the records of earlier turns… are worked out once, not at every redraw
    (a dataclass's own ``==``-and-hash would cost as much as the work).  Each entry holds
    the value itself, so its id is not reused while the entry is kept; after ``keep``
    values (a long game's many times over) it starts afresh.  The result is shared: it must
    be a value nobody changes (a number, text, a tuple)."""
    known: dict[int, tuple[Any, R]] = {}

    def lookup(value: Any) -> R:
        entry = known.get(id(value))
        if entry is not None and entry[0] is value:
            return entry[1]
        if len(known) >= keep:
            known.clear()
        result = work(value)
        known[id(value)] = (value, result)
        return result

    lookup.__doc__ = work.__doc__
    lookup.__wrapped__ = work  # type: ignore[attr-defined]
    return lookup
