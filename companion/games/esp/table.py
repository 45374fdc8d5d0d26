"""ESP at the set-up screen: what the table chooses and the log's first line it makes."""

from __future__ import annotations

from typing import Mapping

from companion.engine.registry import Option

OPTIONS = (Option("full_information", "Deal the cards here (solo try, computer players)"),)


def blurb(options: Mapping[str, bool]) -> str:
    if options.get("full_information"):
        return "The companion shuffles, deals and shows each person's hand; tap a seat to let the computer play it."
    return "Play with your own cards; enter each prediction, the Vision Card, every card played and the bids."


def setup_line(players, options, seed, choices=None, extras=None) -> dict:
    """A table game records no seed (the cards are the table's); a solo try deals from one."""
    setup = {"game": "esp", "players": list(players)}
    if options.get("full_information"):
        setup["seed"] = seed
    return setup
