"""Séance Party's computer players: legal, and sensible enough to play against.

A computer seat has no cards in anyone's hand: like a player at a real table whose hand the
companion does not know, it names its cards as it plays them, from what the rules accept
(the legal list).  What it does, all from the rules' legal actions and chosen with the rng
it is given (so a game replays the same):

- the Curse step: now and then one curse, only on a charged Zener (it needs nothing there;
  a curse keeps its Zener face down until it is activated), else none;
- reveals a hand the rules accept; boosts its speed with its smallest die now and then;
  in a battle, spends the smallest die that can still carry its side, when it is behind;
- in its turn: a curse activated first — brought up as a phantom when it has no spirit to
  attack with, else burned — so that no Zener stays face down under a curse; a play that
  charges a Zener whenever it has one, else most often a play (a spirit while it has few);
  a spell learned by a spirit; an attack when its stack's expected roll beats the target's
  (a player with no spirits always), and now and then the best one anyway (a table of
  careful players must not wait for ever); otherwise a pass — so every turn ends and
  rounds end by passes;
- the damage type that deals the most;
- as the guesser, it shows, as often as not, a card of the symbol the planchette stands on
  (the one a charging play must match) when its hand may hold one — always would block
  every charge of a player whose hand it knows.

:func:`seance_bot` is ``Entry.bot``.  The table screen asks :func:`guess` for the card a
computer guesser shows when a person plays, and :func:`with_guess` for the rest of a
computer's play once a person has shown a card.
"""

from __future__ import annotations

import random
from typing import Callable

from companion.games.seance_party import rules
from companion.games.seance_party.cards import Card
from companion.games.seance_party.moves import catalog
from companion.games.seance_party.state import SeanceState

BOOST_CHANCE = 0.25      # a speed boost with the smallest die, this often
CURSE_CHANCE = 0.35      # one curse at the Curse step, this often
PLAY_CHANCE = 0.75       # a play that charges nothing, this often
BOLD_CHANCE = 0.3        # the best attack anyway, this often
SUSPICION = 0.5          # a guesser shows the planchette's symbol, this often


def seance_bot(game, state: SeanceState, seats: tuple[int, ...], rng: random.Random) -> dict | None:
    """The move of one of the computer's ``seats`` if any of them owes one now, else None."""
    owed = game.expected(state)
    if owed is None:
        return None
    if state.phase == "curse":
        waiting = [s for s in state.sealed.waiting_for() if s in seats]
        return _curse(state, waiting[0], rng) if waiting else None
    legal = game.legal(state)
    if state.phase == "reveal":  # hands are revealed in any order: each computer seat at once
        waiting = [s for s in state.active() if s in seats and s not in state.revealed]
        return rng.choice([a for a in legal if a["act"] == "reveal" and a["seat"] == waiting[0]]) if waiting else None
    seat = owed["seat"]
    if seat not in seats:
        return None
    mine = [a for a in legal if a.get("seat") == seat]
    if owed["act"] == "boost":
        return _battle_boost(state, seat, mine) if state.phase == "battle" else _speed_boost(state, seat, rng)
    if owed["act"] == "damage":
        return max((a for a in mine if a["act"] == "damage"), key=lambda a: _damage(state, a["element"]))
    return _turn(game, state, seat, seats, mine, rng)


# -- the steps before the turns --------------------------------------------------------------------------
def _curse(state: SeanceState, seat: int, rng: random.Random) -> dict:
    player = state.players[seat]
    spare = [z for z, zener in player.zeners.items() if zener.up and zener.charged]
    zeners = [rng.choice(spare)] if spare and player.hand.size >= 3 and rng.random() < CURSE_CHANCE else []
    return {"act": "curse", "seat": seat, "zeners": zeners}


def _speed_boost(state: SeanceState, seat: int, rng: random.Random) -> dict:
    pool = state.players[seat].pool
    if pool and rng.random() < BOOST_CHANCE:
        return {"act": "boost", "seat": seat, "dice": [min(pool)]}
    return {"act": "boost", "seat": seat}


def _battle_boost(state: SeanceState, seat: int, mine: list[dict]) -> dict:
    """Behind (or level, defending): the smallest die that could still carry the side."""
    b = state.battle
    ours, theirs = (b.attack, b.defence) if seat == b.attacker else (b.defence, b.attack)
    need = theirs - ours + (1 if seat == b.defender else 0)  # a defender would rather not tie
    reach = sorted(d for d in set(state.players[seat].pool) if d >= need)
    if need > 0 and reach:
        return {"act": "boost", "seat": seat, "dice": [reach[0]]}
    return {"act": "boost", "seat": seat}


def _damage(state: SeanceState, element: str) -> int:
    b = state.battle
    _, item = state.item(b.item_of(b.pending[0]))
    return rules.damage_options(card.element_of(cursed) for card, cursed in state.stack(item))[element]


# -- a turn ------------------------------------------------------------------------------------------------
def _turn(game, state: SeanceState, seat: int, seats, mine: list[dict], rng: random.Random) -> dict:
    player = state.players[seat]
    curses = [a for a in mine if a["act"] == "activate" and "add" not in a]
    if curses:
        phantoms = [a for a in curses if a.get("energy") == min(2, player.down)] if not player.spirits() else []
        return rng.choice(phantoms or [a for a in curses if a["burn"]])
    plays = [a for a in mine if a["act"] == "play"]
    if plays:
        play = _play(state, seat, seats, plays, rng)
        if play is not None:
            return play
    attaches = [a for a in mine if a["act"] == "attach"]
    if attaches:
        return attaches[0]
    attacks = [a for a in mine if a["act"] == "attack" and "attack_rolls" not in a and "defence_rolls" not in a]
    if attacks:
        best = max(attacks, key=lambda a: _margin(state, a))
        if _margin(state, best) > 0 or rng.random() < BOLD_CHANCE:
            return best
    return {"act": "pass", "seat": seat}


def _expected(dice) -> float:
    return sum((d + 1) / 2 for d in dice)


def _margin(state: SeanceState, attack: dict) -> float:
    """How much the attack's stack is expected to roll above the defence's."""
    _, spirit = state.item(attack["spirit"])
    defence = state.stack_dice(state.item(attack["target"])[1]) if "target" in attack else ()
    return _expected(state.stack_dice(spirit)) - _expected(defence)


def _charges(state: SeanceState, seat: int, play: dict) -> bool:
    symbol = state.cards[play["card"]].symbol
    return rules.charges(state.cards[play["card"]], state.planchette, play["planchette"], state.settings.charge) \
        and not state.players[seat].zeners[symbol].charged


def _play(state: SeanceState, seat: int, seats, plays: list[dict], rng: random.Random) -> dict | None:
    """A play that charges if there is one; else, most often, any play — a spirit (with at
    most two Spirit Energy under it, no card added) while it has fewer than two."""
    plays = [a for a in plays if "add" not in a and a.get("energy", 1) <= 2 and "draw" not in a]
    charging = [a for a in plays if _charges(state, seat, a)]
    if charging:
        chosen = rng.choice(charging)
    elif plays and rng.random() < PLAY_CHANCE:
        spirits = [a for a in plays if state.cards[a["card"]].type == "spirit"]
        pick = spirits if spirits and len(state.players[seat].spirits()) < 2 else plays
        chosen = rng.choice(pick)
    else:
        return None
    if "guess" not in chosen:
        return chosen
    g = rules.guesser(seat, [p.hand.size for p in state.players], state.active())
    if g not in seats:
        return chosen  # a person guesses: the table screen asks them, and keeps the rest of this play
    cards = state.cards
    shown = guess(state.players[g].hand.options(catalog(state)), state.planchette, lambda c: cards[c].symbol, rng)
    return with_guess(chosen, cards[chosen["card"]], cards[shown], state.players[seat].down)


def with_guess(play: dict, card: Card, shown: Card, face_down: int) -> dict:
    """A computer's ``play`` of ``card`` once the guesser has shown ``shown``: countered (the
    same symbol), it takes no energy and no card; missed, a spirit keeps the energy it was
    to take (one, if the play was chosen as countered), while its player has any."""
    base = {k: v for k, v in play.items() if k not in ("guess", "energy", "add", "draw")}
    if rules.countered(card, shown):
        return {**base, "guess": shown.name}
    energy = play.get("energy", 1) if card.type == "spirit" and face_down else None
    return {**base, "guess": shown.name, **({"energy": energy} if energy is not None else {})}


def guess(options: list[str], planchette: str | None, symbol_of: Callable[[str], str], rng: random.Random) -> str:
    """The card a computer guesser shows, among the cards its hand may give: as often as not
    one of the symbol the planchette stands on (a charging play's), else any."""
    likely = [c for c in options if planchette is not None and symbol_of(c) == planchette]
    return rng.choice(likely if likely and rng.random() < SUSPICION else options)
