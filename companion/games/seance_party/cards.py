"""What is printed on a Séance Party card ("Card Front", "Curses"), and the catalog.

No card list is published (``docs/rules-notes.md``): the companion knows a card by its
printed figures — type (spirit or spell), Zener symbol, element, attack die, speed, and the
cursed side's element, attack die and speed.  The shipped ``catalog.json`` holds a few
example cards; a setup line may add the group's own (``"cards": [...]``), and a card may be
defined inline the first time a log names it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping

from companion.engine.fields import check_card_name
from companion.engine.refusal import Refused, quote

SYMBOLS = ("circle", "cross", "wave", "square", "star")
DICE = (4, 6, 8, 10, 12, 20)
TYPES = ("spirit", "spell")
CATALOG_FILE = Path(__file__).with_name("catalog.json")


@dataclass(frozen=True)
class Card:
    name: str
    type: str
    symbol: str
    element: str
    attack: int
    speed: int
    cursed_element: str
    cursed_attack: int
    cursed_speed: int

    def element_of(self, cursed: bool) -> str:
        return self.cursed_element if cursed else self.element

    def attack_of(self, cursed: bool) -> int:
        return self.cursed_attack if cursed else self.attack

    def speed_of(self, cursed: bool) -> int:
        return self.cursed_speed if cursed else self.speed

    def as_json(self) -> dict:
        return {"name": self.name, "type": self.type, "symbol": self.symbol, "element": self.element,
                "attack": f"d{self.attack}", "speed": self.speed,
                "cursed": {"element": self.cursed_element, "attack": f"d{self.cursed_attack}",
                           "speed": self.cursed_speed}}


def die_of(text: Any, what: str) -> int:
    """``"d6"`` -> 6; the attack parameter "is always denoted with a die type"."""
    if isinstance(text, str) and text.startswith("d") and text[1:].isdigit() and int(text[1:]) in DICE:
        return int(text[1:])
    raise Refused(f"{what} must be a die: d4, d6, d8, d10, d12 or d20, not {quote(text)}")


def _speed(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 99:
        raise Refused(f"{what} must be a whole number from 0 to 99, not {quote(value)}")
    return value


def _word(value: Any, what: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise Refused(f"{what} must be a word such as \"fire\", not {quote(value)}")
    return value.strip().lower()


def parse_card(data: Any) -> Card:
    """A card definition as the docs write it; refuse anything missing or malformed."""
    if not isinstance(data, Mapping):
        raise Refused("a card definition is an object: {\"name\": ..., \"type\": ..., \"symbol\": ..., "
                      "\"element\": ..., \"attack\": \"d6\", \"speed\": 2, \"cursed\": {...}}")
    wanted = {"name", "type", "symbol", "element", "attack", "speed", "cursed"}
    missing = sorted(wanted - set(data))
    if missing:
        raise Refused(f"a card definition needs {', '.join(missing)}")
    extra = sorted(set(data) - wanted)
    if extra:
        raise Refused(f"a card definition has no field {quote(extra[0])}")
    name = data["name"]
    if not isinstance(name, str) or not name.strip():
        raise Refused("a card's name must be non-empty text")
    name = name.strip()
    if data["type"] not in TYPES:
        raise Refused(f"{name}'s type must be \"spirit\" or \"spell\", not {quote(data['type'])}")
    if data["symbol"] not in SYMBOLS:
        raise Refused(f"{name}'s Zener symbol must be one of {', '.join(SYMBOLS)}, not {quote(data['symbol'])}")
    cursed = data["cursed"]
    if not isinstance(cursed, Mapping) or set(cursed) != {"element", "attack", "speed"}:
        raise Refused(f"{name}'s cursed side gives element, attack and speed: "
                      "{\"element\": \"ice\", \"attack\": \"d4\", \"speed\": 1}")
    return Card(name, data["type"], data["symbol"], _word(data["element"], f"{name}'s element"),
                die_of(data["attack"], f"{name}'s attack"), _speed(data["speed"], f"{name}'s speed"),
                _word(cursed["element"], f"{name}'s cursed element"),
                die_of(cursed["attack"], f"{name}'s cursed attack"),
                _speed(cursed["speed"], f"{name}'s cursed speed"))


def load_catalog(text: str) -> dict[str, Card]:
    """A catalog file's cards by name (``{"cards": [definitions]}``)."""
    data = json.loads(text)
    cards: dict[str, Card] = {}
    for entry in data["cards"]:
        card = parse_card(entry)
        cards[card.name] = card
    return cards


SHIPPED: dict[str, Card] = load_catalog(CATALOG_FILE.read_text(encoding="utf-8"))


def add_card(known: dict[str, Card], data: Any) -> Card:
    """Learn an inline definition; a name already known must be defined the same way."""
    card = parse_card(data)
    old = known.get(card.name)
    if old is None:
        check_card_name(known, card.name)
    if old is not None and old != card:
        raise Refused(f"{card.name} is already known with other figures ({describe(old)})")
    known[card.name] = card
    return card


def card_named(known: Mapping[str, Card], value: Any) -> str:
    """The name of a card a line names (a name, or an inline definition already learned)."""
    if isinstance(value, Mapping):
        value = value.get("name")
        value = value.strip() if isinstance(value, str) else value
    if not isinstance(value, str) or value not in known:
        raise Refused(f"there is no card called {quote(value)} in the catalog; define it the first time it is "
                      "played: {\"name\": ..., \"type\": ..., \"symbol\": ..., ...}")
    return value


def describe(card: Card) -> str:
    return (f"{card.type}, {card.symbol}, {card.element} d{card.attack} speed {card.speed}; cursed "
            f"{card.cursed_element} d{card.cursed_attack} speed {card.cursed_speed}")


def table_cards(state: Any) -> list[dict]:
    """The cards a game's state knows that the shipped catalog does not (or knows with other
    figures), as definitions: what the group entered at the table, for its card book
    (``companion/cardbook.py``)."""
    return [card.as_json() for name, card in state.cards.items() if SHIPPED.get(name) != card]
