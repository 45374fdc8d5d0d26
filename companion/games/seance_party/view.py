"""What each seat may see of Séance Party, and everything the screen shows in words.

``view(state, None)`` is the shared screen's: the replay summary (every figure the companion
works out), the results, and what the table screen draws — each seat's Zeners, hand and
board as the table sees them, the cards known, the turn order with every speed explained,
the battle told in words with its dice, the pentagram's dice, who guesses, the causes a
card effect may name, the ending.  A screen computes none of it (docs/architecture.md).

Nothing secret is in it: the Curse step's choices show only *that* a seat has chosen
(``"hidden"``) until all have, and a hand is its count and the cards the table has seen —
the state holds nothing more of a hand (a card is known only once shown).  ``view(state,
seat)`` adds what that seat alone sees: its own sealed choice and its Curse step's options,
for the moment it chooses on the shared screen while the others look away.
:func:`secrets` is the same position with every sealed choice changed (the registry's test
shows the shared view cannot tell them apart).
"""

from __future__ import annotations

import random

from companion.engine.secret import Sealed
from companion.engine.state import evolve
from companion.games.seance_party import rules
from companion.games.seance_party.results import seance_results
from companion.games.seance_party.state import Battle, SeanceState, Spirit
from companion.games.seance_party.summary import summary

#: how the game was won, in the ending's words
HOW = {"charges": "by charging all five Zeners", "defeats": "by defeats"}


def view(game, state: SeanceState, seat: int | None) -> dict:
    data = summary(game, state)
    data["results"] = seance_results(game, state)
    names = state.names
    catalog = sorted(state.cards)
    data["cards"] = {name: state.cards[name].as_json() for name in catalog}
    for s, (shown, player) in enumerate(zip(data["seats"], state.players)):
        shown["seat"] = s
        shown["hand_unknown"] = player.hand.unknown
        shown["may_give"] = player.hand.options(catalog)
        shown["pool_sides"] = list(player.pool)
        shown["faces"] = {z: {"up": v.up, "charged": v.charged, "curses": v.curses} for z, v in player.zeners.items()}
        for item, spirit in zip(shown["board"], player.board):
            if isinstance(spirit, Spirit):
                item["dice"] = list(state.stack_dice(spirit))
    data["pentagram"]["dice"] = [state.points[p] for p in state.settings.points]
    over = state.phase == "over"
    data["turn_seat"] = None if over else state.turn
    data["owed"] = owed_words(game, state)
    data["speeds"] = {"order": list(state.order), "explained": speed_words(state)}
    data["battle_words"] = battle_story(state)
    data["ending"] = ending(state)
    data["causes"] = [] if state.phase == "curse" or over else sorted(rules.causes(state))
    turns = state.phase == "turns"
    data["guesser"] = rules.guesser(state.turn, [p.hand.size for p in state.players], state.active()) if turns else None
    data["forced_pass"] = turns and rules.forced_pass(state.round, set(state.started), state.active())
    if state.phase == "curse" and state.sealed is not None:
        data["curse_choices"] = {names[s]: c for s, c in state.sealed.view(seat).items()}
        data["curse_waiting"] = state.sealed.waiting_for()
    if seat is not None:
        data["own"] = own(state, seat)
    return data


def own(state: SeanceState, seat: int) -> dict:
    """What ``seat`` alone sees: its sealed choice (None before it chooses, or outside the
    Curse step) and the Zeners a curse may go on, and how many its hand can cover."""
    player = state.players[seat]
    sealed = state.sealed
    chosen = sealed.choices.get(seat) if state.phase == "curse" and sealed is not None else None
    return {"seat": seat, "curse_zeners": [z for z in state.settings.points if player.zeners[z].up],
            "curse_most": player.hand.size, "chosen": None if chosen is None else list(chosen)}


def owed_words(game, state: SeanceState) -> str:
    owed = game.expected(state)
    if owed is None:
        return "Game over"
    who = state.names[owed["seat"]]
    return f"{who}'s turn" if owed["act"] == "turn" else f"{who}: {owed['act']}"


def speed_words(state: SeanceState) -> str:
    """The round's speeds explained: hand + board + boost = total, in turn order."""
    speeds = state.speeds
    if speeds is None:
        return "Turn order: speeds are added up once every hand is revealed."
    names = state.names
    order = state.order
    seats = order or sorted((s for s in range(len(names)) if speeds.hand[s] is not None),
                            key=lambda s: -speeds.total(s))
    parts = []
    for seat in seats:
        if speeds.hand[seat] is None:
            continue
        piece = f"{names[seat]} hand {speeds.hand[seat]} + board {speeds.board[seat]}"
        boost = speeds.boosts.get(seat)
        if boost is not None:
            rolls = " + ".join(f"d{d} {r}" for d, r in zip(boost.dice, boost.rolls))
            how = ", ".join(x for x in (rolls, " + ".join(boost.cards)) if x) or "none"
            piece += f" + boost {boost.total} ({how})"
        parts.append(piece + f" = {speeds.total(seat)}")
    return ("Turn order: " if order else "Speeds so far: ") + "; ".join(parts)


def battle_words(state: SeanceState, b: Battle, live: bool = False) -> str:
    """A battle in words: each side's dice and rolls, boosts and totals; once fought, who won,
    the damage and who was defeated."""
    names = state.names

    def side(dice, rolls, boost, total) -> str:
        parts = [f"d{d} {r}" for d, r in zip(dice, rolls)] or ["0"]
        if boost:
            parts.append(f"boost {boost.total}")
        return " + ".join(parts) + f" = {total}"

    attack = side(b.attack_dice, b.attack_rolls, b.attack_boost, b.attack)
    defender = names[b.defender]
    against = f"{defender}'s {b.target_card}" if b.target_card else defender
    defence = side(b.defence_dice, b.defence_rolls, b.defence_boost, b.defence)
    text = f"{names[b.attacker]}'s {b.spirit_card}: {attack} against {against}: {defence}"
    if live:
        return text + " (boosts to come)" if state.phase == "battle" else text
    if len(b.winners) == 2:
        text += ": a tie"
    elif b.winners:
        text += f": {names[b.seat_of(b.winners[0])]} wins"
    hits = [f"{names[h.by]} deals {h.amount} {h.element} to {h.spirit or names[h.to]}"
            + (" (killed)" if h.killed else "") for h in b.damage]
    if hits:
        text += "; " + "; ".join(hits)
    if b.defeated:
        text += "; " + ", ".join(names[s] for s in b.defeated) + " defeated"
    return text


def battle_story(state: SeanceState) -> str:
    """The battle under way, else the last one fought, else the last charge."""
    if state.battle is not None:
        return "Battle: " + battle_words(state, state.battle, live=True)
    if state.battles:
        return "Last battle: " + battle_words(state, state.battles[-1])
    if state.charges:
        c = state.charges[-1]
        return f"Last charge: {state.names[c.seat]}'s {c.zener} in round {c.round}. No battle yet."
    return "No battle yet."


def ending(state: SeanceState) -> str | None:
    if state.winners is None:
        return None
    winners = ", ".join(state.names[w] for w in state.winners)
    return f"{winners} win{'s' if len(state.winners) == 1 else ''} {HOW.get(state.won_by, '')}."


def secrets(state: SeanceState, rng: random.Random) -> SeanceState:
    """The same position with everything the table may not see changed: every sealed curse
    choice not yet revealed becomes another the seat could have made.  (A hand holds nothing
    else hidden: the state counts its unseen cards and knows only those shown.)"""
    sealed = state.sealed
    if state.phase != "curse" or sealed is None or sealed.revealed or not sealed.choices:
        return state
    choices = {}
    for seat in sealed.choices:
        player = state.players[seat]
        up = [z for z in state.settings.points if player.zeners[z].up]
        count = rng.randint(0, min(len(up), player.hand.size))
        choices[seat] = tuple(rng.sample(up, count))
    return evolve(state, sealed=Sealed(sealed.expected, choices, False, sealed.revisable))
