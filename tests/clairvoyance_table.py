"""A table for Clairvoyance tests: a game set up to its first turn in one call, the
group's card figures, and short ways to write lines.

The rulebook's die (``die: "rulebook"``, the default) is numbered as
``companion/games/clairvoyance/die.py`` documents:

    face:    1        2        3        4        5        6        7        8
    touches: 2 4 8    1 3 5    2 4 6    1 3 7    2 6 8    3 5 7    4 6 8    1 5 7
"""

from __future__ import annotations

from companion.games.clairvoyance import CLAIRVOYANCE as G
from tests.refusal_checks import play_all, refusal_of

NAMES = ["Ann", "Bo", "Cy", "Dee", "Eve"]

#: the group's figures for the rulebook's cards, and a few more of every kind
CARDS = [
    {"name": "Armchair", "type": "item", "damage": 3, "use": "none"},
    {"name": "Lamp", "type": "item", "faces": [2, 5], "use": "none"},
    {"name": "Music Box", "type": "item", "faces": [7, 8], "damage": 1, "use": "continuous",
     "text": "Each turn its owner may make one player dance: they lose 1 health."},
    {"name": "Jack-in-the-Box", "type": "item", "faces": [4, 6], "damage": 1},
    {"name": "Grandfather Clock", "type": "item", "faces": [1, 8], "damage": 4, "use": "none"},
    {"name": "Parasol", "type": "item", "faces": [5, 6], "damage": 1, "use": "single", "effect": "reduce",
     "amount": 2, "text": "Single-use: the thrown item deals 2 less damage."},
    {"name": "Ouija Board", "type": "item", "faces": [2, 4], "damage": 1, "use": "single",
     "text": "Single-use: draw 2 cards."},
    {"name": "Deflection", "type": "instant", "effect": "reduce", "amount": 1},
    {"name": "Hex", "type": "instant", "text": "Turn the die to any face."},
]


def setup(players: int = 3, characters=None, first: int = 0, **extra) -> dict:
    characters = characters or ["Gertrude", "RX-97", "Sebastian", "Harold", "Claire"][:players]
    return {"game": "clairvoyance", "players": NAMES[:players], "characters": list(characters),
            "cards": CARDS, **extra}


def opening(players: int, first: int = 0, face: int = 3) -> list[dict]:
    """Everyone guesses (two numbers each with two players); ``first`` said ``face``, which
    is rolled."""
    free = [f for f in range(1, 9) if f != face]
    each = 2 if players == 2 else 1
    lines = []
    for seat in range(players):
        faces = [face] + ([free.pop()] if each == 2 else []) if seat == first else [free.pop() for _ in range(each)]
        lines.append({"act": "guess", "seat": seat, "faces": faces})
    return lines + [{"act": "roll", "face": face}]


def start(players: int = 3, characters=None, first: int = 0, face: int = 3, **extra):
    """A game at the first turn: ``first`` holds the turn, the die shows ``face``."""
    return play(G.setup(setup(players, characters, **extra)), *opening(players, first, face))


def play(state, *actions):
    return play_all(G, state, *actions)


def refused(state, action) -> str:
    return refusal_of(G, state, action)


def summary(state) -> dict:
    return G.summary(state)


def seat(state, k: int) -> dict:
    return G.summary(state)["seats"][k]


def throw(seat_: int, card: str, target: int) -> dict:
    return {"act": "throw", "seat": seat_, "card": card, "target": target}


def possess(seat_: int, card: str, to: int | None = None) -> dict:
    line = {"act": "possess", "seat": seat_, "card": card}
    if to is not None:
        line["to"] = to
    return line


def die(seat_: int, face: int, **extra) -> dict:
    return {"act": "die", "seat": seat_, "face": face, **extra}


RESOLVE = {"act": "resolve"}


def end(seat_: int) -> dict:
    return {"act": "end", "seat": seat_}
