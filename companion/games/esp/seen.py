"""What a card the camera saw land means in ESP now — the rules narrowing the camera's guesses.

The camera reports a card with the few names it found likely (best first).  ESP's rules
narrow them: only a card the table owes now can be entered (the Vision Card when it is
turned up, the next player's card in the trick, a bid), so a card already played this round
cannot appear, and a name the rules refuse is dropped in favour of the next likely one.  A card
already entered that reappears (a trick gathered and laid down again, the Vision Card nudged)
means nothing.  The entry is *sure* — made without asking — only when the camera's own best
name is the one the rules allow, its readings agreed with confidence at least ``SAFE``, and
the card says whose it is (a bid, in any order, may need a tap to say whose).  Otherwise the
screen asks ("Bo played 3 star?").  Rulebook: "Perform the Test" (play in turn, one card
each), "Share Your Vision" (the Vision Card turned up), "Place Your Bid"."""

from __future__ import annotations

from dataclasses import dataclass

CARD_ACTS = ("vision", "play", "bid")
SAFE = 0.8              # the readings' agreed confidence at which a card is entered unasked
ALTERNATIVES = 3        # other likely cards offered when the screen asks
LIKELY = 0.1            # a candidate scored below this by the camera is not offered at all


@dataclass(frozen=True)
class Proposal:
    """The entry a seen card proposes: the actions it may be (one, or one per seat that may
    still bid), the card, other cards the camera found likely that the rules allow now, and
    whether it is sure enough to enter unasked (``why`` says why not)."""

    actions: tuple
    card: str
    alternatives: tuple = ()
    sure: bool = False
    why: str = ""


def entered_this_round(view: dict) -> set[str]:
    """The cards already face up in the round on the table: the Vision Card, every trick's
    cards, the bids."""
    rounds = view.get("rounds") or []
    if not rounds:
        return set()
    shown = rounds[-1]
    cards = {shown.get("vision")} | {c for trick in shown.get("tricks", []) for c in trick.get("cards", [])}
    cards |= {bid for bid in shown.get("bids", []) if bid}
    return {c for c in cards if c}


def propose(view: dict, legal: list[dict], candidates, confidence: float) -> Proposal | None:
    """The entry the seen card proposes, or None when it means nothing now."""
    owed = [a for a in legal if a.get("act") in CARD_ACTS]
    if not owed or not candidates:
        return None
    allowed = {a["card"] for a in owed}
    best_seen = candidates[0][0]
    if best_seen == "back":
        return None  # a face-down card: counted, not entered
    if best_seen not in allowed and best_seen in entered_this_round(view) and confidence >= SAFE:
        return None  # a card already entered, moved or laid again
    likely = [name for name, score in candidates if name in allowed and (name == best_seen or score >= LIKELY)]
    if not likely:
        return Proposal((), best_seen, (), False, f"the camera sees {best_seen}, which is not owed now")
    card = likely[0]
    actions = tuple(a for a in owed if a["card"] == card)
    seats = {a.get("seat") for a in actions}
    alternatives = tuple(likely[1:1 + ALTERNATIVES])
    if card != best_seen:
        why = f"the camera's best guess, {best_seen}, cannot be entered now"
    elif confidence < SAFE:
        why = "the camera is not sure"
    elif len(seats) > 1:
        why = "bids come in any order: tap whose it is"
    else:
        return Proposal(actions, card, alternatives, True, "")
    return Proposal(actions, card, alternatives, False, why)
