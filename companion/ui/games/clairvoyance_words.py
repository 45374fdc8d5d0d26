"""Clairvoyance in words, for the screen: a card's figures, a legal action as a button's
label, and what the last line entered did — "Ann turned the die 3 → 6: the Armchair hits
Bo for 3 (6 is one of its faces 1, 6)".

Everything here reads the rules' state and records (``plays``, ``effects``,
``abilities``, ``corrections``, ``eliminations``); nothing decides anything."""

from __future__ import annotations

from companion.games.clairvoyance import rules

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


def item_words(state, target) -> str:
    """A possessed item by its number ("Bo's Armchair #2"), or the item in play."""
    if target == "play":
        card = state.in_play()
        return f"the {card} in play" if card else "the item in play"
    owner = state.owner(target)
    if owner is None:
        return f"item #{target}"
    return f"{state.names[owner]}'s {state.item_card(target)} #{target}"


# -- legal actions as button labels ------------------------------------------------------------------
def action_label(state, action: dict) -> str:
    """A short label for one of the rules' legal actions, for a button."""
    act = action["act"]
    names = state.names
    if act == "instant":
        return action["card"] + _target(state, action.get("item"), state.cards[action["card"]])
    if act == "use":
        card = state.cards[state.item_card(action["item"])]
        return f"{card.name} #{action['item']}" + _target(state, action.get("target"), card)
    if act == "ability":
        return ability_label(state, action)
    if act in ("hurt", "heal", "draw"):
        return names[action["seat"]]
    if act == "destroy":
        return item_words(state, action["item"])
    if act == "make_room":
        return f"Discard {item_words(state, action['item'])}"
    return act


def _target(state, target, card) -> str:
    if card.effect == "reduce":
        return f": −{card.amount} damage"
    if target is None:
        return ""
    return f" → {item_words(state, target)}"


def ability_label(state, action: dict) -> str:
    ability = rules.CHARACTERS[state.characters[action["seat"]]]
    names = state.names
    if ability == "Charges Apply":
        return f"{item_words(state, action['item'])} → {names[action['to']]}"
    if ability == "Pyromania":
        return f"Burn {item_words(state, action['item'])}"
    if ability in ("Scrounge", "Eminent Domain"):
        return f"{ability}: {action['card']}"
    if ability == "Circuit Breaker":
        return f"Retarget → {names[action['target']]}"
    if ability == "Prognosticate":
        return f"Set the die to {action['face']}"
    return ability


# -- what happened ---------------------------------------------------------------------------------
def happened(prev, action: dict, state) -> str:
    """The last line entered, and what followed from it by itself (a possessed throw landing
    as its window closed, a player out, the winner), as sentences."""
    act = action["act"]
    text = _SAYS.get(act, _said_nothing)(prev, action, state)
    shown = 1 if act == "die" or _as_die_turn(prev, state) else 0
    for record in state.plays[len(prev.plays) + shown:]:
        text += " " + _capital(play_words(state, record)) + "."
    for out in state.eliminations[len(prev.eliminations):]:
        text += f" {out['player']} is out of the game."
    if state.phase == "over" and prev.phase != "over":
        text += " " + winner_words(state)
    return text


def winner_words(state) -> str:
    won = " and ".join(state.names[s] for s in state.winners or ())
    return f"{won} {'win' if len(state.winners or ()) > 1 else 'wins'}" + \
        (" as a team!" if state.teams is not None else "!")


def play_words(state, record: dict, reason: bool = False) -> str:
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


def _as_die_turn(prev, state) -> bool:
    """Prognosticate used as the die's turn: its sentence tells the play's outcome."""
    new = state.abilities[len(prev.abilities):]
    return bool(new) and bool(new[-1].get("as_die_turn"))


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _who(state, action) -> str:
    return state.names[action["seat"]]


def _guess(prev, action, state) -> str:
    return f"{_who(state, action)} says {' and '.join(str(f) for f in action['faces'])}."


def _roll(prev, action, state) -> str:
    if state.first is None:
        return f"The die rolled {action['face']}: nobody said it, so roll again."
    return f"The die rolled {action['face']}: {state.names[state.first]} said it and goes first."


def _possess(prev, action, state) -> str:
    who = _who(state, action)
    to = action.get("to", action["seat"])
    whose = "their own" if to == action["seat"] else f"{state.names[to]}'s"
    return f"{who} puts the {action['card']} into {whose} possession: anyone may interfere before the die turns."


def _throw(prev, action, state) -> str:
    who, target = _who(state, action), state.names[action["target"]]
    if "item" in action:
        card = prev.item_card(action["item"])
        return f"{who} throws the possessed {card} at {target}: no die needed; anyone may still interfere."
    return f"{who} throws the {action['card']} at {target}: anyone may interfere before the die turns."


def _discard(prev, action, state) -> str:
    if "cards" in action:
        return f"{_who(state, action)} discards {' and '.join(action['cards'])}."
    n = action["count"]
    return f"{_who(state, action)} discards {n} card{'s' if n > 1 else ''}."


def _end(prev, action, state) -> str:
    seat = action["seat"]
    drawn = state.hand(seat) - prev.hand(seat)
    return f"{_who(state, action)} ends the turn and draws {drawn}; {state.names[state.turn]}'s turn."


def _effect_clause(entry) -> str:
    if entry.get("destroyed"):
        return f": the {entry['destroyed']} is destroyed."
    if entry.get("reduced"):
        return f": the throw deals {entry['reduced']} less."
    return ": the players resolve its effect (record what it did with Effects…)."


def _instant(prev, action, state) -> str:
    entry = state.effects[-1]
    return f"{entry['player']} plays {entry['card']}" + _effect_clause(entry)


def _use(prev, action, state) -> str:
    entry = state.effects[-1]
    return f"{entry['player']} uses the {entry['card']} (#{entry['item']})" + _effect_clause(entry)


def _ability(prev, action, state) -> str:
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
    elif ability == "Eminent Domain":
        text = f"{who} searches the deck for an item and shuffles it (Eminent Domain)"
    elif ability == "Charm":
        text = f"{who} uses Charm: nobody may throw at {who} until {who}'s next turn"
    else:
        text = f"{who} sets the die {e['face_before']} → {e['face']} (Prognosticate)"
        if e.get("as_die_turn") and state.plays:
            text += ": " + play_words(state, state.plays[-1], reason=True)
    return text + "."


def _pass(prev, action, state) -> str:
    return f"{_who(state, action)} passes." + _window_closed(prev, state)


def _resolve(prev, action, state) -> str:
    return "Nobody else interferes." + _window_closed(prev, state)


def _window_closed(prev, state) -> str:
    if state.window is None and state.play is not None and state.play.stage == "die":
        return f" {state.names[state.play.seat]} turns the die."
    return ""


def _die(prev, action, state) -> str:
    who = _who(state, action)
    cause = f" by the {action['cause']}" if "cause" in action else ""
    text = f"{who} turned the die {prev.face} → {action['face']}{cause}"
    if len(state.plays) > len(prev.plays):
        text += ": " + play_words(state, state.plays[len(prev.plays)], reason=True)
    return text + "."


def _make_room(prev, action, state) -> str:
    card = prev.item_card(action["item"])
    return f"{_who(state, action)} discards the {card} to make room for the {prev.room.card}."


def _correction(prev, action, state) -> str:
    act, cause = action["act"], action["cause"]
    if act == "destroy":
        return f"The {prev.item_card(action['item']) if action['item'] != 'play' else prev.in_play()} " \
               f"is destroyed ({cause})."
    amount = action.get("amount", action.get("count"))
    verb = {"hurt": "loses", "heal": "gains", "draw": "draws"}[act]
    noun = "card" if act == "draw" else "health"
    plural = "s" if act == "draw" and amount > 1 else ""
    return f"{_who(state, action)} {verb} {amount} {noun}{plural} ({cause})."


def _define(prev, action, state) -> str:
    name = " ".join(str(action["card"].get("name", "")).split())
    card = state.cards.get(name)
    if card is None:
        return "A card was defined."
    return f"The {name} is now known: {figures(card)}" + (f"; {effect_text(card)}" if effect_text(card) else "") + "."


def _said_nothing(prev, action, state) -> str:
    return ""


_SAYS = {"guess": _guess, "roll": _roll, "possess": _possess, "throw": _throw, "discard": _discard, "end": _end,
         "instant": _instant, "use": _use, "ability": _ability, "pass": _pass, "resolve": _resolve, "die": _die,
         "make_room": _make_room, "hurt": _correction, "heal": _correction, "draw": _correction,
         "destroy": _correction, "define": _define}
