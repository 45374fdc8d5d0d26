"""What the end-of-game screen shows, the same shape for every game: a chart of a figure per
player per round, a headline and a label per player.  A game's view carries it as
``view["results"]`` (:func:`results`), so the results screen computes no rules and names no game."""

from __future__ import annotations


def results(title: str, names: list[str], rounds: list[list[int]], headlines: list[str],
            labels: list[str], seats: list[int] | None = None, round_word: str = "Round") -> dict:
    """``rounds[r][i]`` is ``names[i]``'s figure after round ``r + 1``; ``seats[i]`` is the
    table seat whose colour ``names[i]`` wears (by default the i-th); ``round_word`` is what
    the game calls a round on the chart ("Run" in the Zener card test)."""
    return {"title": title, "names": list(names), "rounds": [list(r) for r in rounds],
            "headlines": list(headlines), "labels": list(labels),
            "seats": list(seats) if seats is not None else list(range(len(names))), "round_word": round_word}
