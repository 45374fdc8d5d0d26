"""A random Clairvoyance table, for the playout tests and ``make bench``: the group's
card figures, varied setups, and a bot that picks among the legal actions.

Hands are unknown, so every player may always hold any instant: a uniformly random choice
among all legal actions destroys almost every play and a game never ends.  The :class:`Bot`
offers a shortlist instead — interference and corrections at one moment in five, mostly one
pass or ``resolve`` in a window, and often only the throws — a deterministic function of the
state, every action of it one the real game lists.  Health tops of 1–3 keep games short;
one game in twenty plays with 10.
"""

from __future__ import annotations

import random

from companion.games.clairvoyance import rules
from companion.games.clairvoyance.game import ClairvoyanceGame
from companion.games.clairvoyance.moves import legal_actions

NAMES = ("Ann", "Bo", "Cy", "Dee", "Eve")
CHARACTERS = list(rules.CHARACTERS)
#: the group's figures for the seeded cards, and more cards of every kind
CARDS = [
    {"name": "Armchair", "type": "item", "damage": 3, "use": "none"},
    {"name": "Lamp", "type": "item", "faces": [2, 5], "use": "none"},
    {"name": "Jack-in-the-Box", "type": "item", "faces": [4, 6], "damage": 1},
    {"name": "Grandfather Clock", "type": "item", "faces": [1, 8], "damage": 4, "use": "none"},
    {"name": "Ceremonial Dagger", "type": "item", "faces": [3, 7], "damage": 2, "use": "none"},
    {"name": "Parasol", "type": "item", "faces": [5, 6], "damage": 1, "use": "single", "effect": "reduce",
     "amount": 2},
    {"name": "Deflection", "type": "instant", "effect": "reduce", "amount": 1},
]
#: Music Box plain, or with an effect the players resolve (then corrections are possible)
PLAIN_MUSIC_BOX = {"name": "Music Box", "type": "item", "faces": [7, 8], "damage": 1, "use": "none"}
UNCOMPUTED = [
    {"name": "Music Box", "type": "item", "faces": [7, 8], "damage": 1, "use": "continuous"},
    {"name": "Ouija Board", "type": "item", "faces": [2, 4], "damage": 1, "use": "single"},
    {"name": "Poltergeist", "type": "instant"},
]
INTERFERENCE = {"instant", "use", "ability", "hurt", "heal", "destroy", "draw"}


class Bot(ClairvoyanceGame):
    """Clairvoyance whose ``legal`` is a bot's shortlist: interference and corrections at one
    moment in five (and whenever nothing else is possible), and in a window mostly one pass
    or ``resolve``.  Every action it lists is one the real game lists; the whole list is
    worked out once per state (:func:`invariants` samples it)."""

    cache = (None, None)

    def full_legal(self, state):
        if self.cache[0] is not state:
            self.cache = (state, super().legal(state))
        return self.cache[1]

    def legal(self, state):
        mood = (state.turn_number * 7 + len(state.effects) + len(state.plays) + len(state.corrections)
                + state.actions) % 10
        if mood < 2:
            return self.full_legal(state)
        short = legal_actions(self, state, interference=False)
        passes = [a for a in short if a["act"] == "pass"]
        if len(passes) > 1:
            keep = passes[(len(state.plays) + len(passes)) % len(passes)]
            short = [a for a in short if a["act"] != "pass" or a is keep]
        throws = [a for a in short if a["act"] == "throw"]
        if throws and mood > 4:
            short = throws
        return short or self.full_legal(state)


BOT = Bot()


def make_setup(rng: random.Random, index: int, players: int | None = None, teams: bool = False) -> dict:
    n = players or rng.randint(2, 5)
    line = {"game": "clairvoyance", "players": list(NAMES[:n]), "characters": rng.sample(CHARACTERS, n),
            "seed": rng.randrange(10**6), "health": rng.choice([1, 1, 2, 3]) if index % 20 else 10}
    line["cards"] = CARDS + (UNCOMPUTED if index % 4 == 0 else [PLAIN_MUSIC_BOX])
    if teams:
        line["teams"] = True if index % 2 else [[1, 3], [0, 2]]
    line["die"] = ("rulebook", "standard", CUSTOM_DIE)[index % 3]
    if index % 2:
        line.update(refill="at-once", redirect="not-thrower", prognosticate="set")
    if index % 5 == 1:
        line["deck"] = 5 * n + 2  # a small box: the deck runs out and is replenished often
    return line


#: a group's own die: the standard layout renumbered (faces 1 and 8 swapped)
CUSTOM_DIE = {"1": [4, 6, 7], "2": [4, 6, 8], "3": [4, 7, 8], "4": [1, 2, 3], "5": [6, 7, 8],
              "6": [1, 2, 5], "7": [1, 3, 5], "8": [2, 3, 5]}
