"""Clairvoyance in words, for the table's view: a card's figures, a possessed item, what the
last line entered did ("Ann turned the die 3 → 6: the Armchair hits Bo for 3 (6 is one of
its faces 1, 6)"), the play a window answers, the die's turn and who won.

Everything here reads the rules' state and records (``plays``, ``effects``, ``abilities``,
``corrections``, ``eliminations``) and the last line (``state.last``); nothing decides
anything.  The screen shows these sentences from the view (``summary.view``)."""

from __future__ import annotations

from companion.games.clairvoyance import rules
from companion.games.clairvoyance.state import ClairvoyanceState, Line

USE_WORDS = {"single": "single-use", "continuous": "continuous", "none": "plain", None: "use ?"}


# -- cards and items ----------------------------------------------------------------------------
def faces_text(faces) -> str:
    return ", ".join(str(f) for f in faces) if faces else "?"


def effect_text(card) -> str:
    """What the card does, as far as the companion knows it."""
    if card.effect == "destroy":
        return "destroys an item"
    if card.effect == "reduce":
        return f"−{card.amount} damage to a throw"
    if card.text:
        return card.text
    if card.type == "instant" or card.use in ("single", "continuous"):
        return "effect resolved by the players"
    return ""


def figures(card) -> str:
    """An item's faces, damage and use in a few characters: "faces 1, 6 · 3 dmg · plain"."""
    if card.type == "instant":
        return "instant"
    damage = "?" if card.damage is None else card.damage
    return f"faces {faces_text(card.faces)} · {damage} dmg · {USE_WORDS[card.use]}"


def missing_figures(card) -> list[str]:
    """What the table must fill in before the card can be possessed or thrown."""
    if card.type != "item":
        return []
    return [name for name, value in (("faces", card.faces), ("damage", card.damage)) if value is None]


def item_words(owner: str, card: str, item: int) -> str:
    """A possessed item by its number: "Bo's Armchair #2"."""
    return f"{owner}'s {card} #{item}"


def in_play_words(state: ClairvoyanceState) -> str:
    """The item being played or thrown right now, as an effect's target ("play")."""
    card = state.in_play()
    return f"the {card} in play" if card else "the item in play"


# -- the moment ------------------------------------------------------------------------------------
def winner_words(state: ClairvoyanceState) -> str:
    won = " and ".join(state.names[s] for s in state.winners or ())
    return f"{won} {'win' if len(state.winners or ()) > 1 else 'wins'}" + \
        (" as a team!" if state.teams is not None else "!")


def window_words(state: ClairvoyanceState) -> str:
    """What the open window answers: "Ann throws the Lamp at Bo (1 damage after −1)."."""
    pause = state.window
    if pause.kind == "ability":
        return f"{pause.by} used {pause.ability}."
    play = state.play
    names = state.names
    who = names[play.seat]
    if play.action == "possess":
        to = "their own" if play.to == play.seat else f"{names[play.to]}'s"
        return f"{who} puts the {play.card} into {to} possession."
    source = "possessed " if play.source == "possessed" else ""
    text = f"{who} throws the {source}{play.card} at {names[play.target]}"
    if play.destroyed:
        text += " (destroyed)"
    elif play.reduced:
        text += f" ({rules.damage_dealt(state.cards[play.card], play.reduced)} damage after −{play.reduced})"
    elif play.protected:
        text += " (guaranteed delivery)"
    return text + "."


def die_words(state: ClairvoyanceState) -> str:
    """The die's turn owed: "Ann turns the die from 3: the Armchair needs 1, 6"."""
    play = state.play
    card = state.cards[play.card]
    need = (f"the {card.name} was destroyed, but the die still turns" if play.destroyed
            else f"the {card.name} needs {faces_text(card.faces)}")
    return f"{state.names[play.seat]} turns the die from {state.face}: {need}"


def face_words(state: ClairvoyanceState, face: int) -> tuple[bool | None, str]:
    """Whether the card in play succeeds on ``face`` (None: it was destroyed) and the face's
    label: "6 ✓ hits", "4 ✗ misses", "2 ✓ possessed"."""
    play = state.play
    if play.destroyed:
        return None, str(face)
    works = rules.activates(state.cards[play.card], face)
    verb = "hits" if play.action == "throw" else "possessed"
    return works, f"{face} ✓ {verb}" if works else f"{face} ✗ misses"


# -- what the last line did ------------------------------------------------------------------------
def said(state: ClairvoyanceState) -> str:
    """The last line entered, and what followed from it by itself (a possessed throw landing
    as its window closed, a player out, the winner), as sentences."""
    line = state.last
    if line is None:
        return "Nothing entered yet: each player says a number, then roll the die."
    act = line.action["act"]
    text = _SAYS.get(act, _said_nothing)(line, state)
    shown = 1 if act == "die" or _as_die_turn(line, state) else 0
    for record in state.plays[line.plays + shown:]:
        text += " " + _capital(play_words(state, record)) + "."
    for out in state.eliminations[line.eliminations:]:
        text += f" {out['player']} is out of the game."
    if state.phase == "over":  # no line is taken once the game is over: this one ended it
        text += " " + winner_words(state)
    return text


def play_words(state: ClairvoyanceState, record, reason: bool = False) -> str:
    """A play's outcome: "the Armchair hits Bo for 3"; with ``reason``, why the die decided
    it: "(6 is one of its faces 1, 6)"."""
    card, outcome = record["card"], record["outcome"]
    known = state.cards.get(card)
    if outcome == "hit":
        text = f"the {card} hits {record['target']} for {record['damage']}"
        if record.get("reduced"):
            text += f" ({known.damage}, less {record['reduced']})" if known is not None else ""
    elif outcome == "missed":
        text = f"the {card} misses {record['target']} and is discarded"
    elif outcome == "possessed":
        text = f"the {card} goes into {record['to']}'s possession (#{record['id']})"
    elif outcome == "discarded":
        text = f"the {card} is discarded instead of possessed"
    elif outcome == "destroyed":
        text = f"the {card} was destroyed, so nothing more happens"
    elif outcome == "no target":
        text = f"the {card} lands, but {record['target']} is already out"
    else:
        text = f"the {card} goes to the discard pile"
    face = record.get("face_after")
    if reason and face is not None and known is not None and known.faces and outcome != "destroyed":
        verb = "is one" if face in known.faces else "is not one"
        text += f" ({face} {verb} of its faces {faces_text(known.faces)})"
    return text


def _as_die_turn(line: Line, state: ClairvoyanceState) -> bool:
    """Prognosticate used as the die's turn: its sentence tells the play's outcome."""
    new = state.abilities[line.abilities:]
    return bool(new) and bool(new[-1].get("as_die_turn"))


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _who(line: Line, state: ClairvoyanceState) -> str:
    return state.names[line.action["seat"]]


def _guess(line, state) -> str:
    return f"{_who(line, state)} says {' and '.join(str(f) for f in line.action['faces'])}."


def _roll(line, state) -> str:
    face = line.action["face"]
    if state.first is None:
        return f"The die rolled {face}: nobody said it, so roll again."
    return f"The die rolled {face}: {state.names[state.first]} said it and goes first."


def _possess(line, state) -> str:
    action = line.action
    to = action.get("to", action["seat"])
    whose = "their own" if to == action["seat"] else f"{state.names[to]}'s"
    return f"{_who(line, state)} puts the {action['card']} into {whose} possession: anyone may interfere " \
           "before the die turns."


def _throw(line, state) -> str:
    action = line.action
    who, target = _who(line, state), state.names[action["target"]]
    if "item" in action:
        return f"{who} throws the possessed {line.card} at {target}: no die needed; anyone may still interfere."
    return f"{who} throws the {action['card']} at {target}: anyone may interfere before the die turns."


def _discard(line, state) -> str:
    action = line.action
    if "cards" in action:
        return f"{_who(line, state)} discards {' and '.join(action['cards'])}."
    n = action["count"]
    return f"{_who(line, state)} discards {n} card{'s' if n > 1 else ''}."


def _end(line, state) -> str:
    seat = line.action["seat"]
    drawn = state.hand(seat) - line.hand
    return f"{_who(line, state)} ends the turn and draws {drawn}; {state.names[state.turn]}'s turn."


def _effect_clause(entry) -> str:
    if entry.get("destroyed"):
        return f": the {entry['destroyed']} is destroyed."
    if entry.get("reduced"):
        return f": the throw deals {entry['reduced']} less."
    return ": the players resolve its effect (record what it did with Effects…)."


def _instant(line, state) -> str:
    entry = state.effects[-1]
    return f"{entry['player']} plays {entry['card']}" + _effect_clause(entry)


def _use(line, state) -> str:
    entry = state.effects[-1]
    return f"{entry['player']} uses the {entry['card']} (#{entry['item']})" + _effect_clause(entry)


def _ability(line, state) -> str:
    e = state.abilities[-1]
    who, ability = e["player"], e["ability"]
    if ability == "Charges Apply":
        text = f"{who}'s Charges Apply moves the {e['card']} (#{e['item']}) from {e['from']} to {e['to']}"
    elif ability == "Pyromania":
        text = f"{who}'s Pyromania burns the {e['destroyed']}"
    elif ability == "Guaranteed Delivery":
        text = f"{who}'s Guaranteed Delivery: only abilities can affect {e['protects']}"
    elif ability == "Scrounge":
        text = f"{who} scrounges the {e['card']} from the discard pile"
    elif ability == "Circuit Breaker":
        text = f"{who}'s Circuit Breaker turns the {e['card']} from {e['from']} to {e['to']}"
    elif ability == "Eminent Domain":  # which item is Myr's secret
        text = f"{who} searches the deck for an item and shuffles it (Eminent Domain)"
    elif ability == "Charm":
        text = f"{who} uses Charm: nobody may throw at {who} until {who}'s next turn"
    else:
        text = f"{who} sets the die {e['face_before']} → {e['face']} (Prognosticate)"
        if e.get("as_die_turn") and state.plays:
            text += ": " + play_words(state, state.plays[-1], reason=True)
    return text + "."


def _pass(line, state) -> str:
    return f"{_who(line, state)} passes." + _window_closed(state)


def _resolve(line, state) -> str:
    return "Nobody else interferes." + _window_closed(state)


def _window_closed(state) -> str:
    if state.window is None and state.play is not None and state.play.stage == "die":
        return f" {state.names[state.play.seat]} turns the die."
    return ""


def _die(line, state) -> str:
    action = line.action
    cause = f" by the {action['cause']}" if "cause" in action else ""
    text = f"{_who(line, state)} turned the die {line.face} → {action['face']}{cause}"
    if len(state.plays) > line.plays:
        text += ": " + play_words(state, state.plays[line.plays], reason=True)
    return text + "."


def _make_room(line, state) -> str:
    seat = line.action["seat"]
    waiting = state.possessed[seat][-1][1]  # the waiting item came in last
    return f"{_who(line, state)} discards the {line.card} to make room for the {waiting}."


def _correction(line, state) -> str:
    action = line.action
    act, cause = action["act"], action["cause"]
    if act == "destroy":
        return f"The {state.corrections[-1]['card']} is destroyed ({cause})."
    amount = action.get("amount", action.get("count"))
    verb = {"hurt": "loses", "heal": "gains", "draw": "draws"}[act]
    noun = "card" if act == "draw" else "health"
    plural = "s" if act == "draw" and amount > 1 else ""
    return f"{_who(line, state)} {verb} {amount} {noun}{plural} ({cause})."


def _define(line, state) -> str:
    name = " ".join(str(line.action["card"].get("name", "")).split())
    card = state.cards.get(name)
    if card is None:
        return "A card was defined."
    does = effect_text(card)
    return f"The {name} is now known: {figures(card)}" + (f"; {does}" if does else "") + "."


def _said_nothing(line, state) -> str:
    return ""


_SAYS = {"guess": _guess, "roll": _roll, "possess": _possess, "throw": _throw, "discard": _discard, "end": _end,
         "instant": _instant, "use": _use, "ability": _ability, "pass": _pass, "resolve": _resolve, "die": _die,
         "make_room": _make_room, "hurt": _correction, "heal": _correction, "draw": _correction,
         "destroy": _correction, "define": _define}
