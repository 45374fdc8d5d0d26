"""What a seat, or the table's shared screen, may see of a game of Clairvoyance: the replay
summary as that seat may read it (``summary``), the results chart, and every figure and
sentence the screen shows, worked out here by the rules so the screen computes none —
turn order, round ends, the health history, who may still interfere and in what order,
the die's faces with hit or miss, the possessed items, what the last line did.

Eminent Domain's item is Myr's alone: the table's view names it nowhere, and the cards a
hand may hold are offered as if it were unseen (``Entry.secrets`` changes it, and the
registry's tests show the table's view stays the same)."""

from __future__ import annotations

from companion.engine.state import assoc, evolve
from companion.games.clairvoyance import rules, words
from companion.games.clairvoyance.die import FACES
from companion.games.clairvoyance.moves import catalog
from companion.games.clairvoyance.results import clairvoyance_results, round_ends
from companion.games.clairvoyance.state import ClairvoyanceState, Line
from companion.games.clairvoyance.summary import summary


def view(game, state: ClairvoyanceState, seat: int | None) -> dict:
    """The summary as ``seat`` may see it (``None``: the shared screen), the results chart,
    and the screen's figures and words."""
    out = summary(game, state, viewer=seat)
    results = clairvoyance_results(game, state)
    turn = state.turn
    out.update(
        results=results,
        phase=state.phase,
        turn_seat=turn if state.phase == "turn" else None,
        order=[] if turn is None else [s for s in _clockwise(state, turn) if not state.out[s]],
        priority=[] if turn is None else rules.priority(state, state.in_game()),
        round_ends=round_ends(state),
        health_history=results["rounds"],
        items=_items(state),
        in_play=words.in_play_words(state),
        interference=_interference(state),
        die_turn=_die_turn(state),
        said=words.said(state),
        winner=None if state.winners is None else words.winner_words(state),
        to_fill=_to_fill(state, seat),
        chance=game.chance(state),
    )
    return out


def _clockwise(state: ClairvoyanceState, start: int) -> list[int]:
    return [(start + k) % state.seats for k in range(state.seats)]


def _items(state: ClairvoyanceState) -> dict[int, dict]:
    """Every possessed item by its number: its owner, card, words, figures and effect."""
    out = {}
    for seat, items in enumerate(state.possessed):
        for item, name in items:
            card = state.cards[name]
            out[item] = {"seat": seat, "card": name, "words": words.item_words(state.names[seat], name, item),
                         "figures": words.figures(card), "does": words.effect_text(card)}
    return out


def _interference(state: ClairvoyanceState) -> dict | None:
    """An open window: who may still answer in priority order (seats), who has answered,
    the ability's user (who may act in it but owes no answer), and what it answers."""
    pause = state.window
    if pause is None:
        return None
    window = pause.win
    answered = [s for s in rules.priority(state, window.eligible) if s not in window.pending]
    return {"kind": pause.kind, "order": list(window.pending), "answered": answered, "user": pause.user,
            "about": words.window_words(state)}


def _die_turn(state: ClairvoyanceState) -> dict | None:
    """The die's turn owed (or to come once the window closes): who turns it, what the card
    needs, and every face — whether one turn reaches it, whether the card succeeds on it."""
    play = state.play
    if play is None or play.source != "hand":
        return None
    near = state.die.adjacent(state.face)
    faces = []
    for face in FACES:
        works, label = words.face_words(state, face)
        faces.append({"face": face, "reachable": face in near, "works": works, "label": label})
    return {"seat": play.seat, "prompt": words.die_words(state), "faces": faces}


def _to_fill(state: ClairvoyanceState, viewer) -> dict | None:
    """On the turn-holder's turn, the items their hand may hold whose figures the catalog
    lacks (to fill in before a possess or a throw), and whether the hand holds cards not
    seen (which may be ones the catalog does not have).  Myr's secret item counts as unseen
    on every screen but his own."""
    if state.phase != "turn" or state.window is not None or state.play is not None or state.room is not None:
        return None
    seat = state.turn
    seen = state.known[seat] + (state.private[seat] if viewer == seat else ())
    names = list(dict.fromkeys(n for n in seen if state.cards[n].item))
    if state.unknown[seat] > 0 or (viewer != seat and state.private[seat]):
        names += [n for n in catalog(state.cards)[1]["item"] if n not in names]
    lacking = {name: words.missing_figures(state.cards[name]) for name in names}
    return {"possess": [n for n, m in lacking.items() if "faces" in m],
            "throw": [n for n, m in lacking.items() if m], "new_card": state.unknown[seat] > 0}


def with_other_secrets(state: ClairvoyanceState, rng) -> ClairvoyanceState:
    """``Entry.secrets``: the same position with every secret another — Myr's hidden item (in
    his hand and in the records of Eminent Domain, and in the line that used it, if last)
    swapped for another item of the catalog."""
    hidden = {c for cards in state.private for c in cards}
    hidden |= {e["card"] for e in state.abilities if e["ability"] == "Eminent Domain"}
    if not hidden:
        return state
    items = catalog(state.cards)[1]["item"]
    swap = {name: rng.choice([n for n in items if n != name] or [name]) for name in sorted(hidden)}

    def entry(e):
        return assoc(e, "card", swap[e["card"]]) if e.get("ability") == "Eminent Domain" else e

    def play(p):
        return evolve(p, interference=tuple(entry(e) for e in p.interference))

    changes = {"private": tuple(tuple(swap[c] for c in cards) for cards in state.private),
               "abilities": tuple(entry(e) for e in state.abilities),
               "plays": tuple(assoc(p, "interference", tuple(entry(e) for e in p["interference"]))
                              for p in state.plays)}
    if state.play is not None:
        changes["play"] = play(state.play)
    line = state.last
    if line is not None and line.action["act"] == "ability" and "card" in line.action and \
            rules.CHARACTERS[state.characters[line.action["seat"]]] == "Eminent Domain":
        changes["last"] = Line(assoc(line.action, "card", swap[line.action["card"]]), *line[1:])
    return evolve(state, **changes)
