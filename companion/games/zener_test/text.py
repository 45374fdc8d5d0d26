"""The Zener card test in the terminal companion (``companion --text``): a call or a card typed
as its symbol or its letter (``star`` or ``t``), the entry in words for undo and redo, and the
run laid out in letters above the list of moves.  The terminal reaches it through
``ENTRY.text_forms``; everything else it reads generically from the view and the legal actions."""

from __future__ import annotations

from typing import Any, Callable

from companion.games.zener_test.rules import KEYS as INITIAL

LETTERS = {letter: symbol for symbol, letter in INITIAL.items()}
HELP = """\
  a call or card star | t            (c circle, x cross, w wave, s square, t star)
  between runs   end                 (ends the sitting)"""


class ZenerText:
    help = HELP

    def __call__(self, game: Any, state: Any, typed: str) -> dict | None:
        """The entry owed now with the symbol typed; ``end``; a number is the list's."""
        word = typed.strip()
        owed = game.expected(state)
        if owed is None or not word or word.lstrip("#").isdigit():
            return None
        if word.lower() == "end":
            return {"act": "end"}
        return {"act": owed["act"], "symbol": LETTERS.get(word.lower(), word)}  # the rules judge the rest

    @staticmethod
    def words(players: list[str], action: dict) -> str | None:
        """"Ann's call, star", "the card, circle"; for what is owed, which card it is."""
        act, symbol = action.get("act"), action.get("symbol")
        if act == "end":
            return "the end of the sitting"
        if act not in ("call", "card"):
            return None
        which = f" for card {action['card']} of run {action['run']}" if "card" in action else ""
        said = f"{players[0]}'s call" if act == "call" else "the card"
        return f"{said}, {symbol}" if symbol else f"{said}{which} ({' '.join(f'{k} {v}' for k, v in LETTERS.items())})"

    @staticmethod
    def lines(view: dict, private: Callable[[int], dict] | None) -> list[str]:
        """The run on the screen, in letters: the calls, the cards seen (``.`` unseen), the hits."""
        places = view["slots"]
        calls = " ".join(INITIAL[p["call"]] if p["call"] else "." for p in places)
        cards = " ".join(INITIAL[p["card"]] if p["card"] else "." for p in places)
        hits = " ".join("*" if p["hit"] else " " for p in places)
        shown = [f"{view['roles']} — {view['protocol']}",
                 f"Run {view['shown_run']}: {view['progress']}",
                 f"  calls  {calls}", f"  cards  {cards}", f"  hits   {hits}".rstrip()]
        if view["sitting_words"]:
            shown.append(f"Sitting: {view['sitting_words']}")
        if view["next"] is not None:
            shown.append(view["hint"])
        return shown


zener_text_forms = ZenerText()
