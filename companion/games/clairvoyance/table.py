"""Clairvoyance at the set-up screen: a character for each seat, teams, and the die."""

from __future__ import annotations

from typing import Mapping

from companion.engine.registry import Option, SeatChoice
from companion.games.clairvoyance import rules

CHARACTERS = tuple(rules.CHARACTERS)
SEAT_CHOICE = SeatChoice("character", "Character", CHARACTERS)
OPTIONS = (Option("teams", "Teams, seated across (4 players)", counts=(4,)),
           Option("standard_die", "Standard die (opposite faces sum to 9)", group="die"),
           Option("own_die", "Our own die, face by face…", group="die"))
"""Team Play seats two teams across, which takes four; the own die is on once it has been
entered face by face on its own screen."""


def blurb(options: Mapping[str, bool]) -> str:
    die = ("your own die" if options.get("own_die") else "a standard die" if options.get("standard_die")
           else "the rulebook's die (3 touches 2, 4 and 6)")
    return f"Tap a character to change it. Health 10, five cards each; playing with {die}."


def setup_line(players, options, seed, choices=None, extras=None) -> dict:
    extras = extras or {}
    die = extras["own_die"] if options.get("own_die") and "own_die" in extras else \
        "standard" if options.get("standard_die") else "rulebook"
    setup = {"game": "clairvoyance", "players": list(players),
             "characters": list(choices or CHARACTERS[: len(players)]), "die": die, "seed": seed}
    if options.get("teams"):
        setup["teams"] = True
    return setup
