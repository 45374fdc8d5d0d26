"""The Zener card test at the set-up screen: what the table chooses and the log's first line
it makes.  One person: the companion shuffles and sends (or, with their own pack, the
receiver deals down through it unseen); two: the second turns a real pack."""

from __future__ import annotations

from typing import Mapping

from companion.engine.registry import Option

OPTIONS = (
    Option("clairvoyance", "Clairvoyance: nobody looks at the card"),
    Option("open_deck", "Open deck: every card drawn afresh"),
    Option("each_card", "Show each card after its call"),
    Option("own_pack", "Alone with my own pack", counts=(1,)),
    Option("ten_runs", "A long sitting: ten runs"),
)


def blurb(options: Mapping[str, bool]) -> str:
    if options.get("own_pack"):
        return "Alone with your own pack: call down through it unseen (clairvoyance), then check it."
    return "First name receives, second turns the real pack; alone, the companion shuffles and sends."


def setup_line(players, options, seed, choices=None, extras=None) -> dict:
    """Every setting is written out, so the log says how the test was run; the seed only
    when the companion holds the cards (a real pack's order is the table's)."""
    alone = len(players) == 1
    own = alone and bool(options.get("own_pack"))
    companion = alone and not own
    line = {"game": "zener-test", "players": list(players),
            "mode": "clairvoyance" if options.get("clairvoyance") or own else "telepathy",
            "cards": "companion" if companion else "table",
            "deck": "open" if options.get("open_deck") else "closed",
            "feedback": "card" if options.get("each_card") else "run",
            "runs": 10 if options.get("ten_runs") else 4}
    if companion:
        line["seed"] = seed
    return line
