"""The rules' legal actions of Clairvoyance as buttons' labels ("Burn Bo's Lamp #2",
"Deflection: −1 damage"), read from the table's view: the names, the possessed items'
words and the catalog.  Every other sentence the screen shows comes with the view
(``companion/games/clairvoyance/words.py``)."""

from __future__ import annotations


def item_label(view: dict, item) -> str:
    """An effect's target: a possessed item by its number, or the item in play."""
    if item == "play":
        return view["in_play"]
    found = view["items"].get(item)
    return found["words"] if found else f"item #{item}"


def action_label(view: dict, action: dict) -> str:
    """A short label for one of the rules' legal actions, for a button."""
    act = action["act"]
    names = view["players"]
    if act == "instant":
        return action["card"] + _target(view, action.get("item"), action["card"])
    if act == "use":
        card = view["items"][action["item"]]["card"]
        return f"{card} #{action['item']}" + _target(view, action.get("target"), card)
    if act == "ability":
        return ability_label(view, action)
    if act in ("hurt", "heal", "draw"):
        return names[action["seat"]]
    if act == "destroy":
        return item_label(view, action["item"])
    if act == "make_room":
        return f"Discard {item_label(view, action['item'])}"
    return act


def _target(view: dict, target, card: str) -> str:
    known = next((c for c in view["catalog"] if c["name"] == card), {})
    if known.get("effect") == "reduce":
        return f": −{known['amount']} damage"
    if target is None:
        return ""
    return f" → {item_label(view, target)}"


def ability_label(view: dict, action: dict) -> str:
    ability = view["seats"][action["seat"]]["ability"]
    names = view["players"]
    if ability == "Charges Apply":
        return f"{item_label(view, action['item'])} → {names[action['to']]}"
    if ability == "Pyromania":
        return f"Burn {item_label(view, action['item'])}"
    if ability in ("Scrounge", "Eminent Domain"):
        return f"{ability}: {action['card']}"
    if ability == "Circuit Breaker":
        return f"Retarget → {names[action['target']]}"
    if ability == "Prognosticate":
        return f"Set the die to {action['face']}"
    return ability
