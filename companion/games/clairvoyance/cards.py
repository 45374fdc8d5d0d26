"""Clairvoyance's cards: items and instants, and the group's editable catalog.

The 80 cards are listed nowhere public (``shared/rules/NOTES.md``).  The companion knows
a card by what is printed on it that the rules need: an item's activation faces, its
damage, whether it is single-use, continuous or plain, and the effect where the companion
can compute it (``destroy`` one item, ``reduce`` a throw's damage); every other effect is
recorded as played and resolved by the players with correction lines.

``catalog.json`` is seeded with every card the rulebook names; a figure the rulebook does
not give is ``null``, "not known yet", filled in by the group the first time the card
appears (the setup's ``cards`` or a ``define`` line).  A figure once known never changes.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Mapping

from companion.engine.fields import check_card_name
from companion.engine.game import same_fields
from companion.engine.refusal import Refused, quote

TYPES = ("item", "instant")
USES = ("single", "continuous", "none")      # single-use, continuous, a plain item
EFFECTS = ("destroy", "reduce")              # the effects the companion computes
FIGURES = ("faces", "damage", "use", "effect", "amount")
FIELDS = ("name", "type", *FIGURES, "text")
MAX_DAMAGE = 99
CATALOG_FILE = Path(__file__).with_name("catalog.json")
EXAMPLE = ('{"name": "Lamp", "type": "item", "faces": [2, 5], "damage": 2, "use": "none", '
           '"effect": null, "text": "..."}')



@dataclass(frozen=True)
class Card:
    name: str
    type: str
    faces: tuple[int, ...] | None = None     # activation faces (items); None: not known yet
    damage: int | None = None                # items; None: not known yet
    use: str | None = None                   # items: single, continuous, none; None: not known yet
    effect: str | None = None                # destroy, reduce, or None: not computed here
    amount: int | None = None                # reduce: by how much
    text: str = ""

    __eq__ = same_fields

    @property
    def item(self) -> bool:
        return self.type == "item"

    @property
    def uncomputed(self) -> bool:
        """Has an effect the players resolve themselves (so it may be a correction's cause)."""
        return self.effect is None and (self.type == "instant" or self.use != "none")

    def as_json(self) -> dict:
        out: dict[str, Any] = {"name": self.name, "type": self.type}
        if self.item:
            out.update(faces=None if self.faces is None else list(self.faces), damage=self.damage, use=self.use)
        out["effect"] = self.effect
        if self.effect == "reduce":
            out["amount"] = self.amount
        out["text"] = self.text
        return out


def _number(value: Any, what: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise Refused(f"{what} must be a whole number from {low} to {high}, not {quote(value)}")
    return value


def parse_card(data: Any) -> Card:
    """A card definition as ``docs/clairvoyance.md`` writes it; a figure left out or
    ``null`` is not known yet.  Refuses anything malformed or contradictory."""
    if not isinstance(data, Mapping):
        raise Refused(f"a card definition is an object, e.g. {EXAMPLE}")
    extra = sorted(set(data) - set(FIELDS), key=str)  # through the API a key may be no text
    if extra:
        raise Refused(f"a card definition has no field {quote(extra[0])} (it has: {', '.join(FIELDS)})")
    name = data.get("name")
    if not isinstance(name, str) or not name.strip():
        raise Refused("a card definition needs a name (non-empty text)")
    name = " ".join(name.split())
    kind = data.get("type")
    if kind not in TYPES:
        raise Refused(f"{name}'s type must be \"item\" or \"instant\", not {quote(kind)}")
    text = data.get("text", "")
    if text is None:
        text = ""
    if not isinstance(text, str):
        raise Refused(f"{name}'s text must be the words printed on it")
    faces = damage = use = None
    if kind == "instant":
        for field in ("faces", "damage", "use"):
            if data.get(field) is not None:
                raise Refused(f"{name} is an instant: instants have no {field} (only items do)")
    else:
        if data.get("faces") is not None:
            raw = data["faces"]
            if not isinstance(raw, list) or not raw:
                raise Refused(f"{name}'s faces must list its activation faces (1 to 8), e.g. [6, 1]")
            faces = [_number(f, f"{name}'s activation face", 1, 8) for f in raw]
            if len(set(faces)) != len(faces):
                raise Refused(f"{name}'s activation faces name a face twice: {raw}")
            faces = tuple(sorted(faces))
        if data.get("damage") is not None:
            damage = _number(data["damage"], f"{name}'s damage", 0, MAX_DAMAGE)
        use = data.get("use")
        if use is not None and use not in USES:
            raise Refused(f"{name}'s use must be \"single\" (single-use), \"continuous\" or \"none\" "
                          f"(a plain item), or null if not known yet, not {quote(use)}")
    effect = data.get("effect")
    if effect is not None and effect not in EFFECTS:
        raise Refused(f"{name}'s effect must be \"destroy\", \"reduce\" or null (one the players resolve), "
                      f"not {quote(effect)}")
    amount = data.get("amount")
    if effect == "reduce":
        if amount is None:
            raise Refused(f"{name} reduces a throw's damage: give the amount (\"amount\": 1)")
        amount = _number(amount, f"{name}'s amount", 1, MAX_DAMAGE)
    elif amount is not None:
        raise Refused(f"only a \"reduce\" effect has an amount, and {name}'s effect is {quote(effect)}")
    if kind == "item" and effect is not None and use in ("continuous", "none"):
        raise Refused(f"{name} is a {'continuous' if use == 'continuous' else 'plain'} item: the companion "
                      "computes destroy and reduce only for single-use items and instants "
                      "(a continuous effect is resolved by the players: effect null)")
    return Card(name, kind, faces, damage, use, effect, amount, text)


def merge(old: Card, new: Card) -> Card:
    """A definition of a card already known: it may fill the figures not known yet and the
    text, never change a figure already known."""
    if new.type != old.type:
        raise Refused(f"{old.name} is already known as an {old.type}, not an {new.type}")
    changes = {}
    for figure in FIGURES:
        was, now = getattr(old, figure), getattr(new, figure)
        if now is None:
            continue
        if was is not None and was != now:
            shown = list(was) if isinstance(was, tuple) else was
            raise Refused(f"{old.name}'s {figure} is already known ({quote(shown)}); a figure once known cannot change")
        changes[figure] = now
    if new.text:
        changes["text"] = new.text
    merged = replace(old, **changes)
    return parse_card(merged.as_json())  # the filled card must still make sense


def learn(cards: dict[str, Card], data: Any, folded: dict[str, str] | None = None) -> Card:
    """Add a definition to ``cards`` (a new card, or figures of a known one); ``folded`` is
    :func:`check_card_name`'s index, for a set-up that learns many cards at once."""
    card = parse_card(data)
    old = cards.get(card.name)
    if old is None:
        check_card_name(cards, card.name, folded)
    card = card if old is None else merge(old, card)
    cards[card.name] = card
    return card


def load_catalog(text: str) -> dict[str, Card]:
    """A catalog file's cards by name (``{"cards": [definitions]}``)."""
    cards: dict[str, Card] = {}
    for entry in json.loads(text)["cards"]:
        card = parse_card(entry)
        cards[card.name] = card
    return cards


SHIPPED: dict[str, Card] = load_catalog(CATALOG_FILE.read_text(encoding="utf-8"))


def card_named(cards: Mapping[str, Card], value: Any) -> Card:
    """The card a line names, or a sentence saying how to make it known."""
    if not isinstance(value, str) or value not in cards:
        raise Refused(f"there is no card called {quote(value)} in the catalog; define it first: "
                      f"{{\"act\": \"define\", \"card\": {EXAMPLE}}}")
    return cards[value]


def missing(card: Card, figure: str, needed_for: str) -> Refused:
    return Refused(f"{card.name}'s {'activation faces are' if figure == 'faces' else figure + ' is'} not known "
                   f"yet, and {needed_for}: define it first ({{\"act\": \"define\", \"card\": "
                   f"{{\"name\": \"{card.name}\", \"type\": \"{card.type}\", \"{figure}\": ...}}}})")



def table_cards(state: Any) -> list[dict]:
    """The cards a game's state knows that the shipped catalog does not, or knows with more
    figures (filled in at the table), as definitions: for the group's card book
    (``companion/cardbook.py``)."""
    return [card.as_json() for name, card in state.cards.items() if SHIPPED.get(name) != card]
