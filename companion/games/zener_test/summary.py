"""What the Zener card test shows: the replay summary (docs/zener-test.md, "The summary") and
the table's view — every figure and sentence the screen draws, so the screen computes none.

Nothing here shows a card the table has not seen: the companion's shuffle stays out of both.
"""

from __future__ import annotations

from companion.games.zener_test import odds, rules
from companion.games.zener_test.results import zener_results
from companion.games.zener_test.state import Run, ZenerState

MODE_WORDS = {"telepathy": "Telepathy", "clairvoyance": "Clairvoyance"}
DECK_WORDS = {"closed": "closed deck, five of each", "open": "open deck, each card drawn afresh"}
FEEDBACK_WORDS = {"run": "checked after each run", "card": "each card shown after its call"}


def _p(x: float) -> float:
    """A chance to four significant figures: enough to read, the same on every machine."""
    return float(f"{x:.4g}")


def figures(hits: int, expected: float, distribution: odds.Distribution, unit: str, said: str = "") -> dict:
    """What chance gives a checked run (or the sitting), and how unusual its hits are."""
    return {"expected": round(expected, 4), "at_least": _p(odds.at_least(distribution, hits)),
            "at_most": _p(odds.at_most(distribution, hits)),
            "words": rules.how_unusual(hits, expected, distribution, unit, said)}


def run_summary(state: ZenerState, index: int, run: Run) -> dict:
    shown = {"run": run.number, "calls": list(run.calls), "cards": list(run.cards), "hits": run.hits,
             "checked": index < len(state.scores)}
    if shown["checked"]:
        score = state.scores[index]
        shown.update(figures(score.hits, score.expected, score.distribution, "run"))
    return shown


def sitting_summary(state: ZenerState) -> dict | None:
    """The checked runs' total against the distribution of their totals (None before a run is checked)."""
    checked = len(state.scores)
    if not checked:
        return None
    said = f"{state.hits} hit{'s' if state.hits != 1 else ''} in {checked} run{'s' if checked != 1 else ''}"
    return {"runs": checked, "cards": rules.CARDS * checked, "hits": state.hits,
            **figures(state.hits, state.expected, state.sitting, "sitting", said)}


def sitting_words(state: ZenerState) -> str | None:
    """"27 hits in 4 runs: about 1 sitting in 6 scores this well by chance", or None."""
    sitting = sitting_summary(state)
    return sitting["words"] if sitting else None


def summarize(game, state: ZenerState) -> dict:
    table = state.table
    return {
        "game": game.name,
        "players": list(table.players),
        "receiver": 0,
        "sender": table.dealer,
        "mode": table.mode,
        "cards": table.holder,
        "deck": table.deck,
        "feedback": table.feedback,
        "runs_planned": table.runs,
        "runs": [run_summary(state, i, run) for i, run in enumerate(state.runs)],
        "sitting": sitting_summary(state),
        "finished": state.finished,
        "next": game.expected(state),
    }


# -- the table's view: the sentences and the picture the screen draws ----------------------------------
def roles(state: ZenerState) -> str:
    table = state.table
    receiver, sender = table.receiver, table.sender
    if table.dealer == 0:
        return f"{receiver} receives and turns the cards unseen"
    if table.mode == "clairvoyance":
        return f"{receiver} receives · {sender} turns the cards unseen"
    return f"{receiver} receives · {sender} sends"


def protocol(state: ZenerState) -> str:
    table = state.table
    return (f"{MODE_WORDS[table.mode]} · {DECK_WORDS[table.deck]} · {FEEDBACK_WORDS[table.feedback]} · "
            f"{table.runs} run{'s' if table.runs != 1 else ''}")


def unseen(state: ZenerState, card: int) -> str:
    """Where card ``card`` is while the receiver calls it, in the protocol's words (3. The roles)."""
    table = state.table
    if table.holder == "companion":
        if table.mode == "telepathy":
            return f"The companion has card {card} in mind."
        return f"Card {card} lies face down in the companion's shuffle: nobody has looked."
    if table.dealer == 0:
        return f"Card {card} lies face down: nobody has looked at it."
    if table.mode == "telepathy":
        return f"{table.sender} looks at card {card} and holds it in mind."
    return f"{table.sender} takes card {card} face down: nobody looks at it."


def prompt(game, state: ZenerState) -> tuple[str, str]:
    """What the table owes now, and how, as (prompt, hint)."""
    owed = game.expected(state)
    table = state.table
    if owed is None:
        return "The sitting is over", sitting_words(state) or "No run was checked."
    card, run = owed["card"], state.upcoming
    if owed["act"] == "call":
        return f"{table.receiver}: call card {card}", unseen(state, card)
    who = table.sender
    if rules.shown_after_each_call(table.feedback):
        called = run.calls[card - 1]
        return f"{who}: show card {card}", f"{table.receiver} called {called}: turn the card up and enter it."
    return f"{who}: check run {run.number}, card {card}", "Turn the cards up in order and enter each one."


def shown_run(state: ZenerState) -> tuple[int, Run | None]:
    """The run the screen lays out: the one in play, else the last one checked."""
    if state.current is not None:
        return len(state.runs) - 1, state.current
    if state.runs:
        return len(state.runs) - 1, state.runs[-1]
    return -1, None


def slots(run: Run | None) -> list[dict]:
    """The run as 25 places: each one's call, the card if the table has seen it, and whether it hit."""
    calls = run.calls if run else ()
    cards = run.cards if run else ()
    out = []
    for i in range(rules.CARDS):
        call = calls[i] if i < len(calls) else None
        card = cards[i] if i < len(cards) else None
        out.append({"call": call, "card": card, "hit": None if call is None or card is None else call == card})
    return out


def progress(state: ZenerState, index: int, run: Run | None) -> str:
    """How the run on the screen stands, in words (the screen heads it "Run N")."""
    table = state.table
    if run is None:
        return "nothing called yet"
    if index < len(state.scores):
        score = state.scores[index]
        return rules.how_unusual(score.hits, score.expected, score.distribution, "run")
    if run.cards:
        expected = rules.expected_so_far(run.calls, run.cards, table.deck, table.feedback)
        return (f"{run.hits} hit{'s' if run.hits != 1 else ''} in {len(run.cards)} "
                f"card{'s' if len(run.cards) != 1 else ''} shown ({odds.figure(expected)} expected by chance)")
    return f"{len(run.calls)} of {rules.CARDS} called: the hits are counted when the run is checked"


def view(game, state: ZenerState, seat: int | None) -> dict:
    """The summary plus the screen's sentences and the run laid out.  Every seat sees the
    same: the receiver must not see a card before calling it, and nobody else may show it."""
    shown = summarize(game, state)
    index, run = shown_run(state)
    places = slots(run)
    called = [place for place in places if place["call"] is not None]
    said, hint = prompt(game, state)
    table = state.table
    number = state.upcoming.number if not state.finished else len(state.scores)
    shown.update({
        "seat": seat,
        "title": f"Zener card test — run {number} of {table.runs}" if not state.finished
        else "Zener card test — the sitting is over",
        "roles": roles(state),
        "protocol": protocol(state),
        "prompt": said,
        "hint": hint,
        "shown_run": run.number if run else 1,
        "shown_checked": 0 <= index < len(state.scores),
        "slots": places,
        "last": called[-1] if called else None,
        "progress": progress(state, index, run),
        "sitting_words": sitting_words(state),
        "can_end": not state.finished and state.current is None and bool(state.scores),
        "results": zener_results(state, sitting_words(state)),
    })
    return shown
