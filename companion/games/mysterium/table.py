"""Mysterium at the set-up screen: the first name is the ghost's, the rest the psychics'."""

from __future__ import annotations

from typing import Mapping

from companion.engine.registry import Option

OPTIONS = (Option("medium", "Medium difficulty", group="difficulty"),
           Option("hard", "Hard difficulty", group="difficulty"))


def blurb(options: Mapping[str, bool]) -> str:
    return ("The first name is the ghost's; the others are the psychics, clockwise. With two or three people "
            "each psychic player takes two psychics (Easy only). The ghost answers by knocking.")


def setup_line(players, options, seed, choices=None, extras=None) -> dict:
    """Two or three people play the official small-group variation: two psychics each."""
    difficulty = "hard" if options.get("hard") else "medium" if options.get("medium") else "easy"
    ghost, psychics = players[0], list(players[1:])
    if len(players) <= 3:
        pairs = [f"{name} {colour}" for name in psychics for colour in ("moon", "sun")]
        return {"game": "mysterium", "ghost": ghost, "psychics": pairs, "variant": "small", "seed": seed}
    return {"game": "mysterium", "ghost": ghost, "psychics": psychics, "difficulty": difficulty, "seed": seed}
