"""What ESP shows: the replay summary of ``docs/esp-log.md`` and each seat's view."""

from __future__ import annotations

from companion.games.esp import rules
from companion.games.esp.cards import name
from companion.games.esp.results import esp_results


def _card(c: int | None) -> str | None:
    return None if c is None else name(c)


def round_summary(rnd) -> dict:
    seats = range(rnd.players)
    predicted = [rnd.prediction_correct(s) for s in seats]
    bid_correct = [rnd.bid_correct(s) for s in seats]
    return {
        "first_seer": rnd.first_seer,
        "vision": _card(rnd.vision),
        "supernatural": rnd.supernatural,
        "superduper": rnd.superduper,
        "prediction_points": [int(p) for p in predicted],
        "tricks": [
            {"leader": t.leader, "cards": [name(c) for c in t.cards], "winner": t.winner} for t in rnd.tricks
        ],
        "tricks_won": list(rnd.won),
        "bids": [_card(b) for b in rnd.bids],
        "bid_correct": bid_correct,
        # Round.points, from the two answers above instead of working them out again
        "points": [rules.round_points(p, w, b) for p, w, b in zip(predicted, rnd.won, bid_correct)],
    }


def summarize(game, state) -> dict:
    finished = state.finished
    rounds = [round_summary(r) for r in state.rounds]
    totals = [sum(r["points"][s] for r in rounds) for s in range(len(state.players))]  # EspState.totals()
    return {
        "game": "esp",
        "players": list(state.players),
        "rounds": rounds,
        "totals": totals,
        "finished": finished,
        "outcomes": [rules.outcome_label(t) for t in totals] if finished else None,
        "next": game.expected(state),
    }


def view(game, state, seat: int | None) -> dict:
    """The summary plus what ``seat`` may see of the cards: its own held cards; every
    face-down card, even its owner's, only as a back ("it cannot be looked at again").
    ``seat=None`` is the shared screen, which sees no card in anyone's hand.  It also
    carries every figure the screen shows, so the screen works out no rule itself."""
    shown = summarize(game, state)
    rnd = state.rounds[-1] if state.rounds else None
    players = len(state.players)
    hands: list = []
    rows: list = []
    if rnd is not None:
        for s in range(rnd.players):
            hand, row = rnd.hands[s], rnd.facedown[s]
            held_left = max(0, rules.held_count(rnd.index) - rnd.plays[s])
            row_left = rules.facedown_count(rnd.index) - max(0, rnd.plays[s] - rules.held_count(rnd.index))
            row_left -= rnd.bids[s] is not None
            hands.append([name(c) for c in hand] if (hand is not None and s == seat) else held_left)
            rows.append(len(row) if row is not None else row_left)
    shown.update(
        {
            "seat": seat,
            "hands": hands,  # a list of cards for the viewer's own known hand, else a count
            "facedown": rows,  # counts only: backs
            "claims": [[s, c] for s, c in rnd.claims] if rnd else [],
            "predictions": [rnd.claim_of(s) if rnd else None for s in range(players)],
            "why": [t.why for t in rnd.tricks] if rnd else [],
            "trick": _last_trick(rnd),
            "notices": list(state.notices),
            "round": _round_number(state),
            "round_count": rules.ROUNDS,
            "held_each": rules.held_count(rnd.index) if rnd else None,
            "facedown_each": rules.facedown_count(rnd.index) if rnd else None,
            "results": esp_results(game, state),
        }
    )
    return shown


def _round_number(state) -> int:
    """The round the table is in, from 1: the round in play, else the next to begin (the
    last once the game is over)."""
    if state.current is not None or state.finished:
        return len(state.rounds)
    return len(state.rounds) + 1


def _last_trick(rnd) -> dict | None:
    """The trick on the table (or the last one won) in play order, with its number and why
    it was won."""
    if rnd is None or not rnd.tricks:
        return None
    trick = rnd.tricks[-1]
    return {"number": len(rnd.tricks), "leader": trick.leader, "seats": list(trick.seats),
            "cards": [name(c) for c in trick.cards], "winner": trick.winner, "why": trick.why}
