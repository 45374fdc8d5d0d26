"""ESP in the terminal companion (``companion --text``): the README's short forms (``star``,
``t``, ``4``, ``4 cross``, ``4x``, ``Bo 4 x``), ESP's words for an entry ("Bo's card,
3 star") and the round's lines (First Seer, Vision Card, aspects, tricks and why they were won).

The terminal reads every game generically (numbers from the list of legal actions, JSON lines);
this is what ESP adds, reached through ``ENTRY.text_forms``: the callable reads a typed line, and
its ``help``, ``words`` and ``lines`` are the optional parts the terminal looks for beside it.
"""

from __future__ import annotations

import re
from typing import Any, Callable

from companion.games.esp.cards import SUIT_LETTERS

HELP = """\
  a prediction   star | t | 4        (for the player whose turn it is)
  the vision     4 cross | 4x
  a play         4 cross | 4x        (for the player whose turn it is)
  a bid          Bo 4 cross          (bids come in any order; the name picks the player)
Suits: c circle, x cross, w squiggle, s square, t star.  A bare number is a rank (4 predicts 4): #4 is the list's."""

ENTRIES = {"predict": "prediction", "vision": "Vision Card", "play": "card", "bid": "bid", "deal": "cards"}
"""What each kind of entry is called, in Next:, undo and redo alike."""
HINTS = {"predict": " (a suit or a rank)", "bid": " (the last face-down card)"}

_CARD = re.compile(r"(\d)\s*([a-z]+)|([a-z]+)\s*(\d)", re.ASCII)


def spelled_out(text: str) -> str:
    """A short form in the rules' spelling: ``4x``, ``4 x`` and ``x 4`` are ``4 cross``,
    a lone ``x`` is ``cross``; anything else is left as typed for the rules to judge."""
    text = text.lower()
    if text in SUIT_LETTERS:
        return SUIT_LETTERS[text]
    found = _CARD.fullmatch(text)
    if found is None:
        return text
    rank, suit = (found[1], found[2]) if found[1] else (found[4], found[3])
    return f"{rank} {SUIT_LETTERS.get(suit, suit)}"


class EspText:
    """ESP's part of the terminal: call it with a typed line for the action it names."""

    help = HELP

    def __call__(self, game: Any, state: Any, typed: str) -> dict | None:
        """A short form completed from what the table owes next: a prediction, the Vision Card,
        a play or a bid, for the seat whose turn it is unless the line starts with a name.
        Every other line is ESP's too (the rules then say what is wrong with it)."""
        owed = game.expected(state)
        if owed is None:
            return None
        players = game.players(state)
        words = typed.split()
        seat = owed.get("seat")
        lowered = [p.casefold() for p in players]
        if words and words[0].casefold() in lowered:
            seat = lowered.index(words[0].casefold())
            words = words[1:]
        rest = spelled_out(" ".join(words))
        act = owed["act"]
        if act == "predict":
            return {"act": "predict", "seat": seat, "claim": int(rest) if rest in ("1", "2", "3", "4", "5") else rest}
        if act == "vision":
            return {"act": "vision", "card": rest}
        return {"act": act, "seat": seat, "card": rest}

    @staticmethod
    def words(players: list[str], action: dict) -> str | None:
        """An entry as the table would say it: "Bo's card, 3 star", "the Vision Card", and for
        what is owed (no card yet) what to type: "Bo's prediction (a suit or a rank)"."""
        act = action.get("act")
        kind = ENTRIES.get(act)
        if kind is None:
            return None
        seat = action.get("seat")
        who = f"{players[seat]}'s" if isinstance(seat, int) and 0 <= seat < len(players) else "the"
        value = action.get("claim", action.get("card"))
        if value is None and act in ("predict", "bid"):
            return f"{who} {kind}{HINTS[act]}"
        return f"{who} {kind}" + (f", {value}" if value is not None else "")

    @staticmethod
    def lines(view: dict, private: Callable[[int], dict] | None) -> list[str]:
        """The round as the table follows it; ``private`` (a seat's own view) is given when the
        companion deals here, and then the hand of the player to move is shown."""
        players = view["players"]
        shown = []
        if view["rounds"]:
            rnd = view["rounds"][-1]
            heading = f"Round {len(view['rounds'])} — First Seer {players[rnd['first_seer']]} — vision {rnd['vision'] or '?'}"
            if rnd["vision"]:  # the aspects follow from the Vision Card: nothing to say before it
                aspect = rnd["supernatural"]
                heading += " — no Supernatural Aspect" if aspect is None else f" — Supernatural: {aspect}"
                if rnd["superduper"] is not None:
                    heading += f", Super-duper-natural: {rnd['superduper']}"
            shown.append(heading)
            claims = ", ".join(f"{players[s]}: {c}" for s, c in view["claims"])
            if claims:
                shown.append(f"  predictions  {claims}")
            for trick, why in zip(rnd["tricks"], view["why"] + [""] * 5):
                cards = ", ".join(trick["cards"])
                winner = f" -> {players[trick['winner']]} ({why})" if trick["winner"] is not None else ""
                shown.append(f"  trick led by {players[trick['leader']]}: {cards}{winner}")
        owed = view["next"]
        if private is not None and owed and "seat" in owed:
            hand = private(owed["seat"])["hands"]
            if hand and isinstance(hand[owed["seat"]], list):
                shown.append(f"  {players[owed['seat']]} holds {', '.join(hand[owed['seat']])}")
        return shown


esp_text_forms = EspText()
