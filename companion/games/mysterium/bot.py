"""Mysterium's computer players: a ghost and psychics to play with or against on a laptop.

The companion never holds a human ghost's cards, so a computer ghost makes up its own case
file — each psychic's character, location and object, the culprit's case and, with two
people, the decoy trios — from the table's seed and what the knocks so far allow (the same
file every time it is worked out, and always one its earlier knocks were true to).  Its
visions cannot be pictures: a vision of K cards points at the K-th card the psychic's card
may still be (``view["possible"]``, counting on from the first after the seventh), and is
clear two times in three — otherwise it points at another of those cards, as an ambiguous
picture would.  Its three shared visions show the culprit case's character, location and
object, each clear two times in three (else another case's card).  It knocks truthfully.

Computer psychics read those visions as a person at the screen would: a pawn on a card the
vision points at, a check on a pawn the vision points at and a cross on one it does not, a
vote for the case most revealed visions show.  Against a person's ghost, whose visions are
real pictures, they can only guess among the cards still possible and vote at random.
Everything is worked out from the table's view, as a player at the screen sees it, and from
the ``rng`` the caller gives; nothing here changes a state.
"""

from __future__ import annotations

import random
from typing import Any

from companion.engine.game import Game
from companion.games.mysterium import rules
from companion.games.mysterium.rules import CARDS_PER_CATEGORY, CATEGORIES, VISION_HAND

CLEAR = 2 / 3
"""How often a computer ghost's vision points straight at the card it means."""


def _rng(view: dict, *salt: Any) -> random.Random:
    return Game.rng(view["seed"], "mysterium", "ghost", *salt)


def _first_matching(domains: list[list[int]], preference: list[int]) -> list[int]:
    """Each psychic's card, in turn, the most preferred one that still leaves every later
    psychic a card of their own: adding knocks true to this choice never changes it."""
    chosen: list[int] = []
    for i, domain in enumerate(domains):
        for card in sorted(domain, key=preference.index):
            rest = [set(d) - {*chosen, card} for d in domains[i + 1:]]
            if card not in chosen and rules.assignment_possible(rest):
                chosen.append(card)
                break
        else:  # knocks no ghost of ours gave: any card still possible
            chosen.append(domain[0] if domain else preference[0])
    return chosen


def case_file(view: dict) -> list[dict[str, int]]:
    """The computer ghost's secret: each psychic's character, location and object."""
    standing, possible = view["standing"], view["possible"]
    trios = [{c: entry["found"][c] for c in CATEGORIES} for entry in standing]
    for category in CATEGORIES:
        seekers = [p for p, cards in enumerate(possible) if category in cards]
        laid = view["faceup"][category]
        preference = _rng(view, category).sample(laid, len(laid))
        for p, card in zip(seekers, _first_matching([possible[p][category] for p in seekers], preference)):
            trios[p][category] = card
    return trios


def cases(view: dict) -> list[dict[str, int]]:
    """Every case's trio, by case number from 1: the psychics' (case k is psychic k − 1's),
    then the decoys a computer ghost assembles from cards nobody laid face up."""
    trios = case_file(view)
    decoys = view["cases"] - len(trios)
    for k in range(decoys):
        decoy = {}
        for category in CATEGORIES:
            unseen = [c for c in range(1, CARDS_PER_CATEGORY + 1) if c not in view["faceup"][category]]
            decoy[category] = _rng(view, "decoys", category).sample(unseen, decoys)[k]
        trios.append(decoy)
    return trios


def culprit(view: dict) -> int:
    """The case the computer ghost's culprit token is on."""
    return _rng(view, "culprit").randint(1, view["cases"])


def shared_visions(view: dict) -> list[tuple[str, int]]:
    """What each shared vision turned up shows: (category, card), the culprit's two times in
    three (the first vision its character, the second its location, the third its object)."""
    final = view["final"]
    if final is None:
        return []
    trios, guilty = cases(view), culprit(view)
    shown = []
    for v, category in enumerate(CATEGORIES[:final["revealed"]]):
        rng = _rng(view, "shared", v + 1)
        case = guilty
        if rng.random() >= CLEAR and len(trios) > 1:
            case = rng.choice([k for k in range(1, len(trios) + 1) if k != guilty])
        shown.append((category, trios[case - 1][category]))
    return shown


def candidates(view: dict, p: int) -> list[int]:
    """The cards psychic ``p``'s card may still be, in the category ``p`` seeks now."""
    stage = view["standing"][p]["stage"]
    return view["possible"][p].get(stage, [])


def pointed(view: dict, p: int) -> list[int]:
    """The cards a computer ghost's vision to ``p`` this round points at: the K-th of
    :func:`candidates` for a vision of K cards (and the (K + 7)-th, when there are more than
    seven); [] before the vision."""
    rounds = view["rounds"]
    k = rounds[-1]["visions"][p] if rounds and not rounds[-1]["resolved"] else None
    cards = candidates(view, p)
    if not k or not cards:
        return []
    return cards[(k - 1) % len(cards)::VISION_HAND]


def vision_cards(view: dict, p: int, rng: random.Random) -> int:
    """How many cards a computer ghost gives ``p``: the code of :func:`pointed` for the card
    of ``p``'s case, or for another possible card one time in three."""
    cards = candidates(view, p)
    mine = case_file(view)[p][view["standing"][p]["stage"]]
    at = cards.index(mine) if mine in cards else 0
    if len(cards) > 1 and rng.random() >= CLEAR:
        at = rng.choice([j for j in range(len(cards)) if j != at])
    return at % VISION_HAND + 1


def best_cases(view: dict) -> list[int]:
    """The cases most of the shared visions turned up show (every case before the first)."""
    trios = cases(view)
    score = [sum(trio[category] == card for category, card in shared_visions(view)) for trio in trios]
    return [k + 1 for k, s in enumerate(score) if s == max(score)]


# -- the moves ---------------------------------------------------------------------------------
def mysterium_bot(game, state: Any, seats: tuple[int, ...], rng: random.Random) -> dict | None:
    """The move of one of the computer's ``seats`` (seat 0 the ghost) if one is owed now."""
    if game.is_over(state):
        return None
    view = game.view(state, None)
    ghost = 0 in seats
    mine = [p for p, seat in enumerate(view["psychic_seats"]) if seat in seats]
    owed, waiting = view["next"], view["waiting"] or {"act": None, "psychics": []}
    act = owed["act"]
    if ghost and act in ("commit", "reveal"):
        return owed
    if ghost and act == "culprit":
        return {"act": "culprit", "case": culprit(view)}
    if ghost and act == "vision":
        return {"act": "vision", "psychic": owed["psychic"], "cards": vision_cards(view, owed["psychic"], rng)}
    if ghost and act == "answer":
        p = owed["psychic"]
        card = case_file(view)[p][view["standing"][p]["stage"]]
        return {"act": "answer", "psychic": p, "correct": view["pawns"][p] == card}
    if waiting["act"] == "guess":
        return _sand(game, state, view, mine, waiting["psychics"], ghost, rng)
    if act == "vote":
        voters = [p for p in waiting["psychics"] if p in mine]
        if voters:
            return {"act": "vote", "psychic": voters[0], "case": _case(view, ghost, rng)}
    if act == "choose" and mine and len(mine) == len(view["psychics"]):
        return {"act": "choose", "case": _case(view, ghost, rng)}
    return None


def _case(view: dict, ghost: bool, rng: random.Random) -> int:
    """A computer psychic's case: the one the shared visions show most (a computer ghost's),
    else any."""
    return rng.choice(best_cases(view) if ghost else list(range(1, view["cases"] + 1)))


def _sand(game, state, view: dict, mine: list[int], unplaced: list[int], ghost: bool,
          rng: random.Random) -> dict | None:
    """While the sand runs: place the computer's pawns, then its tokens (only when a computer
    ghost's visions can be read), then, if every pawn still guessing is the computer's, turn
    the hourglass over to the answers."""
    for p in mine:
        if p in unplaced:
            cards = (pointed(view, p) if ghost else []) or candidates(view, p)
            legal = {a["card"] for a in game.legal(state) if a["act"] == "guess" and a["psychic"] == p}
            return {"act": "guess", "psychic": p, "card": rng.choice([c for c in cards if c in legal] or sorted(legal))}
    if ghost:
        prediction = _prediction(view, mine)
        if prediction is not None:
            return prediction
    playing = [p for p, entry in enumerate(view["standing"]) if entry["stage"] != "finished"]
    if set(playing) <= set(mine) and not unplaced:
        return {"act": "expire"}
    return None


def _prediction(view: dict, mine: list[int]) -> dict | None:
    """A check on a pawn the ghost's vision points at, a cross on one it does not, once per
    pawn and only with that token in hand (the main game's tokens)."""
    if view["variant"] == "small":
        return None
    names = view["psychics"]
    for owner in mine:
        tokens = view["standing"][owner]["tokens"]
        aimed = {entry["target"] for entry in tokens["placed"]}
        for target, card in enumerate(view["pawns"]):
            if target == owner or card is None or names[target] in aimed:
                continue
            if view["standing"][target]["stage"] == "finished":
                continue
            token = "check" if card in pointed(view, target) else "cross"
            if tokens["hand"][token] > 0:
                return {"act": "predict", "psychic": owner, "target": target, "token": token}
    return None
