"""ESP's computer player (``Entry.bot``): it plays from what its seat may see — the view of
that seat (its held cards, the table's cards, the aspects) — and the legal actions, so it
never peeks at another hand or at its own face-down row.

- **Prediction**: the deal comes after the Vision Card, so a prediction is a blind guess
  (every suit and every rank is 5 cards of 25): one at random among those still open.
- **A held card**: each card it may play is given its chance of taking the trick — certain
  when it plays last, else the chance that none of the players still to come beats it with
  a card the table has not seen.  It plays the likeliest winner, and of equals (none can win,
  say) the weakest, keeping strong cards for the tricks to come.  Tricks are points, and the
  bid (its unknown last face-down card) is as likely to match any count from 1 to 5, so
  winning tricks is the plan.
- **A face-down card, the bid**: the cards are unknown to their owner too; one at random.

Bids come in any order: any computer seat still owing one bids, whoever the view names.
Every choice is one of the rules' legal actions, drawn from the ``rng`` it is given."""

from __future__ import annotations

import random
from typing import Any, Sequence

from companion.games.esp import rules
from companion.games.esp.cards import DECK, parse_card


def esp_bot(game, state: Any, seats: tuple[int, ...], rng: random.Random) -> dict | None:
    owed = game.expected(state)
    if owed is None or (owed["act"] != "bid" and owed.get("seat") not in seats):
        return None
    legal = game.legal(state)
    if owed["act"] == "bid":
        bidders = [a["seat"] for a in legal if a["seat"] in seats]
        return rng.choice([a for a in legal if a["seat"] == bidders[0]]) if bidders else None
    if owed["act"] == "play":
        return _play(game.view(state, owed["seat"]), owed["seat"], legal, rng)
    return rng.choice(legal)


def _play(view: dict, seat: int, legal: list[dict], rng: random.Random) -> dict:
    hand = view["hands"][seat]
    if not isinstance(hand, list) or any(a["card"] not in hand for a in legal):
        return rng.choice(legal)  # face-down cards, or a hand the companion does not know
    rnd = view["rounds"][-1]
    trick = view["trick"]
    played = [parse_card(c) for c in trick["cards"]] if trick and trick["winner"] is None else []
    later = len(view["players"]) - len(played) - 1
    known = {parse_card(c) for c in [*hand, rnd["vision"], *(c for t in rnd["tricks"] for c in t["cards"])]}
    unseen = [c for c in DECK if c not in known]
    aspects = rnd["supernatural"], rnd["superduper"]
    chances = [_chance(played, parse_card(a["card"]), later, unseen, aspects) for a in legal]
    strength = [_chance([], parse_card(a["card"]), len(view["players"]) - 1, unseen, aspects) for a in legal]
    return legal[min(range(len(legal)), key=lambda k: (-chances[k], strength[k], k))]

def _chance(played: list[int], card: int, later: int, unseen: Sequence[int], aspects: tuple) -> float:
    """How likely ``card``, played after ``played``, takes the trick when ``later`` players
    follow, each with a card drawn from ``unseen`` (a fair guess at what they hold)."""
    cards = [*played, card]
    mine = len(played)
    if rules.trick_winner(cards, *aspects)[0] != mine:
        return 0.0
    if not later or not unseen:
        return 1.0
    beaten = sum(rules.trick_winner([*cards, other], *aspects)[0] != mine for other in unseen)
    return (1 - beaten / len(unseen)) ** later
