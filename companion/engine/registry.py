"""One registration per game, found by looking: every package under ``companion/games`` that
holds an ``ENTRY`` is a game the companion plays.

A game declares here, once, everything the rest of the companion needs from it (after
OpenSpiel's ``GameType``/``pyspiel.register_game``): its rules, who sits at the table, its
set-up options and their defaults, what it can do (chance, computer players, secret steps,
a ghost seat, teams), and where its table screen, its example positions for ``companion
shots`` and its pentagram scene live.  The home screen, the set-up screen, ``shots``,
``replay``, ``--text``, the card book, the results chart and the registry-wide tests are
built from these entries and name no game; adding a game is adding a package.

Screens, scenes and examples are named as ``"module:attribute"`` and imported only when
asked for, so the rules (and ``companion replay``) never load pygame.
"""

from __future__ import annotations

import importlib
import pkgutil
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from companion.engine.game import Game


@dataclass(frozen=True)
class Option:
    """A yes/no choice at set-up.  Options sharing a ``group`` exclude one another (a die is
    the rulebook's or the standard one); ``counts``, when given, are the only table sizes
    the option is offered at (Team Play seats four)."""

    key: str
    label: str
    default: bool = False
    group: str | None = None
    counts: tuple[int, ...] = ()

    def offered(self, count: int) -> bool:
        return not self.counts or count in self.counts


@dataclass(frozen=True)
class SeatChoice:
    """A value each seat picks at set-up, each held by one seat at most (Clairvoyance's
    characters)."""

    key: str
    label: str
    values: tuple[str, ...]


@dataclass(frozen=True)
class Capabilities:
    chance: bool = False  # the companion can deal and roll itself (a solo try on a laptop)
    computer_players: bool = False  # seats the companion plays (needs ``Entry.bot``)
    secret_steps: bool = False  # choices hidden from the shared screen until revealed
    ghost_seat: bool = False  # seat 0 is a player who never chooses like the others (Mysterium's ghost)
    teams: bool = False


@dataclass(frozen=True)
class Entry:
    rules: Game
    make_setup: Callable[..., dict]
    """``(players, options, seed, choices=None, extras=None) -> setup line``: the log's first
    line from what the set-up screen gathered (names clockwise, options, a fresh seed, each
    seat's choice, and values an option's own screen gathered)."""
    blurb: Callable[[Mapping[str, bool]], str]
    """One or two sentences for the set-up screen, given the options chosen."""
    people: tuple[int, int] = (0, 0)  # how many sit at the table (default: the rules' players)
    default_people: int = 0
    options: tuple[Option, ...] = ()
    seat_choice: SeatChoice | None = None
    capabilities: Capabilities = Capabilities()
    screen: str = ""  # "module:Class": the table screen, a companion.ui.screen.GameScreen
    option_screens: str | None = None  # "module:function(key, app, back, current, done)": an option's own screen
    examples: str | None = None  # "module:function() -> [(name, prepare(app))]": positions for `companion shots`
    lights: str | None = None  # "module:function(view, meta) -> Scene": what the pentagram shows
    icon: str | None = None  # "module:function(surface, rect, s)": the game's picture on the home screen
    table_cards: Callable[[Any], list[dict]] | None = None  # cards the group entered, for the card book
    bot: Callable[..., dict | None] | None = None  # (game, state, seats, rng) -> a computer seat's move, or None
    computer_needs: str | None = None  # the option without which no seat can be the computer's (ESP: dealing here)
    deals_with: str | None = None  # the option under which the companion makes the chance moves itself (ESP: dealing here)
    text_forms: Callable[[Any, Any, str], dict | None] | None = None
    """``(game, state, typed) -> action or None``: short forms a player may type in
    ``companion --text`` (ESP's ``4x``); None leaves the line to the generic reader.  The
    object may also carry ``help`` (a paragraph), ``words(players, action)`` (an entry in
    words, for undo and redo) and ``lines(view, private)`` (the game's own table lines),
    which the terminal uses where present (``companion/games/esp/text.py``)."""
    secrets: Callable[[Any, Any], Any] | None = None
    """``(state, random.Random) -> state``: the same position with everything the table may not
    see changed (hands, sealed choices, secret votes).  The registry's tests show that the
    shared screen's view is the same for both: secrets are stripped by construction."""
    extras: Mapping[str, Any] = field(default_factory=dict)  # anything else a game's own screens share

    def computer_offered(self, options: Mapping[str, bool]) -> bool:
        """Whether a seat may be the computer's: the game has computer players and, where they
        need one (ESP's dealing here), that option is on."""
        needs = self.computer_needs
        return self.capabilities.computer_players and (needs is None or bool(options.get(needs)))

    def deals_here(self, setup: Mapping[str, Any], meta: Mapping[str, Any]) -> bool:
        """Whether the companion makes this match's chance moves itself, unasked: the option
        ``deals_with`` was on at set-up (a game journaled before the options were kept says
        so by the seed in its set-up)."""
        if self.deals_with is None or "seed" not in setup:
            return False
        options = meta.get("options")
        return bool(options.get(self.deals_with, True)) if isinstance(options, Mapping) else True

    @property
    def name(self) -> str:
        return self.rules.name

    @property
    def title(self) -> str:
        return self.rules.title

    @property
    def least(self) -> int:
        return self.people[0] or self.rules.min_players

    @property
    def most(self) -> int:
        return self.people[1] or self.rules.max_players

    @property
    def default_count(self) -> int:
        return self.default_people or self.least


def load(reference: str) -> Any:
    """The object ``"package.module:attribute"`` names (imported on first use)."""
    module, _, attribute = reference.partition(":")
    return getattr(importlib.import_module(module), attribute)


def discover(package: str = "companion.games") -> dict[str, Entry]:
    """Every game under ``package`` by its log name, in the order of their titles' first
    registration (alphabetical by package, which is stable): a package without ``ENTRY``
    (a helper package) is not a game."""
    root = importlib.import_module(package)
    found: dict[str, Entry] = {}
    for info in sorted(pkgutil.iter_modules(root.__path__), key=lambda m: m.name):
        if not info.ispkg:
            continue
        entry = getattr(importlib.import_module(f"{package}.{info.name}"), "ENTRY", None)
        if isinstance(entry, Entry):
            if entry.name in found:
                raise ValueError(f"two games are called {entry.name!r}")
            found[entry.name] = entry
    return found
