"""companion.engine.windows: Clairvoyance's chance to interfere.

The rulebook's scenes:

- Instants: "Sebastian announces he's throwing a Lamp at Mama Rita, which will do
  2 damage. 'Not so fast!' says Mama Rita ... Mama Rita plays Pyrokinesis, an
  instant, to destroy the Lamp. Sebastian still turns the die 1 face."
- Throwing Items: "Players (including the current player) have a chance to
  interfere with your throw."
- Note: when several act at once, "the person closest to the left of the
  turn-holder gets to have their move take place first. Once that player's move is
  resolved, the next player (going in turn order) chooses to either follow through
  with their originally intended move or withdraw it."
"""

from __future__ import annotations

import dataclasses

import pytest

from companion.engine.refusal import Refused
from companion.engine.windows import Window

NAMES = ["Sebastian", "Gertrude", "Mama Rita", "Harold", "Claire"]
SEBASTIAN, GERTRUDE, MAMA_RITA, HAROLD, CLAIRE = range(5)
EVERYONE = range(5)


def lamp_thrown() -> Window:
    """Sebastian (the turn-holder) throws a Lamp at Mama Rita: a window opens."""
    return Window.open(SEBASTIAN, 5, EVERYONE)


def refusal(call) -> str:
    with pytest.raises(Refused) as caught:
        call()
    return caught.value.reason


# -- who answers, in what order -----------------------------------------------------------------
def test_the_player_at_the_turn_holders_left_answers_first_and_the_thrower_last():
    window = lamp_thrown()
    assert window.pending == (GERTRUDE, MAMA_RITA, HAROLD, CLAIRE, SEBASTIAN)
    assert window.priority == GERTRUDE
    assert not window.closed


def test_the_pyrokinesis_example():
    window = lamp_thrown()
    window = window.withdraw(GERTRUDE, NAMES)  # Gertrude lets the Lamp fly
    assert window.priority == MAMA_RITA
    window = window.act(MAMA_RITA, NAMES)  # "Not so fast!": Pyrokinesis
    assert window.acted == (MAMA_RITA,)
    assert window.pending == (HAROLD, CLAIRE, SEBASTIAN)
    for seat in (HAROLD, CLAIRE, SEBASTIAN):
        window = window.withdraw(seat, NAMES)
    assert window.closed
    assert window.priority is None
    assert window.acted == (MAMA_RITA,)  # only the Pyrokinesis resolved
    # ... and Sebastian still turns the die: that is the game's step after the window.


def test_mama_rita_cannot_jump_ahead_of_gertrude():
    reason = refusal(lambda: lamp_thrown().act(MAMA_RITA, NAMES))
    assert reason == "Gertrude answers first (nearest the turn-holder's left)"


def test_the_thrower_cannot_answer_before_the_others():
    reason = refusal(lambda: lamp_thrown().withdraw(SEBASTIAN, NAMES))
    assert reason.startswith("Gertrude answers first")


def test_two_players_acting_at_once_resolve_nearest_the_left_first():
    # Mama Rita (Pyrokinesis) and Claire (Prognosticate) both speak up; Harold,
    # sitting between them, has nothing to play.
    window = lamp_thrown().withdraw(GERTRUDE, NAMES)
    window = window.act(MAMA_RITA, NAMES)
    window = window.withdraw(HAROLD, NAMES)
    assert window.priority == CLAIRE
    # Claire then follows through with what she meant to do ...
    carried_on = window.act(CLAIRE, NAMES)
    assert carried_on.acted == (MAMA_RITA, CLAIRE)
    # ... or, the Lamp being gone, withdraws it: her ability counts as unused.
    withdrawn = window.withdraw(CLAIRE, NAMES)
    assert withdrawn.acted == (MAMA_RITA,)
    assert withdrawn.pending == (SEBASTIAN,)


def test_the_turn_holder_may_interfere_with_their_own_throw():
    window = lamp_thrown()
    for seat in (GERTRUDE, MAMA_RITA, HAROLD, CLAIRE):
        window = window.withdraw(seat, NAMES)
    window = window.act(SEBASTIAN, NAMES)
    assert window.closed and window.acted == (SEBASTIAN,)


# -- refusals ---------------------------------------------------------------------------------
def test_nobody_may_interfere_once_the_window_has_closed():
    window = lamp_thrown()
    for seat in window.pending:
        window = window.withdraw(seat, NAMES)
    assert window.closed
    assert refusal(lambda: window.act(HAROLD, NAMES)) == "nobody may interfere now: the window has closed"
    assert refusal(lambda: window.withdraw(HAROLD, NAMES)) == "nobody may interfere now: the window has closed"


def test_a_player_who_already_answered_cannot_answer_again():
    window = lamp_thrown().withdraw(GERTRUDE, NAMES).act(MAMA_RITA, NAMES)
    assert refusal(lambda: window.act(GERTRUDE, NAMES)) == "Gertrude has already answered in this window"
    assert refusal(lambda: window.act(MAMA_RITA, NAMES)) == "Mama Rita has already answered in this window"


def test_a_player_out_of_the_game_is_not_told_they_already_answered():
    # Harold is at 0 health and out of the game: he has no say in the window.
    # Telling him he "has already answered" would be false.
    window = Window.open(SEBASTIAN, 5, [s for s in EVERYONE if s != HAROLD])
    assert HAROLD not in window.pending
    reason = refusal(lambda: window.act(HAROLD, NAMES))
    assert "Harold" in reason
    assert "already answered" not in reason


def test_a_refused_answer_leaves_the_window_as_it_was():
    window = lamp_thrown()
    before = dataclasses.replace(window)
    refusal(lambda: window.act(HAROLD, NAMES))
    assert window == before


def test_windows_are_immutable_each_answer_is_a_new_window():
    window = lamp_thrown()
    after = window.withdraw(GERTRUDE, NAMES)
    assert window.priority == GERTRUDE and after.priority == MAMA_RITA
    with pytest.raises(dataclasses.FrozenInstanceError):
        window.pending = ()  # type: ignore[misc]


# -- eliminated players, and answering an interference ---------------------------------------
def test_eliminated_players_are_left_out_of_the_priority():
    window = Window.open(HAROLD, 5, [SEBASTIAN, MAMA_RITA, CLAIRE, HAROLD])
    assert window.pending == (CLAIRE, SEBASTIAN, MAMA_RITA, HAROLD)


def test_a_window_with_nobody_eligible_is_closed_at_once():
    window = Window.open(SEBASTIAN, 5, [])
    assert window.closed and window.priority is None


def test_everyone_eligible_may_answer_an_interference_in_turn():
    # Pyrokinesis was played: the others may answer *it* (say Gertrude's Pyromania),
    # again from the turn-holder's left.
    window = lamp_thrown().withdraw(GERTRUDE, NAMES).act(MAMA_RITA, NAMES)
    window = window.reopen_for([GERTRUDE, HAROLD, CLAIRE, SEBASTIAN])
    assert window.pending == (GERTRUDE, HAROLD, CLAIRE, SEBASTIAN)
    assert window.acted == (MAMA_RITA,)
    assert window.turn_holder == SEBASTIAN


def test_two_player_game_the_opponent_answers_before_the_thrower():
    window = Window.open(1, 2, [0, 1])
    assert window.pending == (0, 1)


# -- a window as a table's log writes it: only what happened is recorded ------------------------------
def test_a_later_seat_may_interfere_the_seats_ahead_passing_for_that_moment():
    # Claire speaks first at the table: Gertrude, Mama Rita and Harold, ahead of her, had
    # nothing to play at that moment (had they, theirs would have come first).
    window = lamp_thrown().interfere(CLAIRE, NAMES)
    assert window.acted == (CLAIRE,)
    assert window.pending == (SEBASTIAN,)
    # once Claire's move resolves, everyone still in may answer it
    window = window.reopen_for(EVERYONE)
    assert window.pending == (GERTRUDE, MAMA_RITA, HAROLD, CLAIRE, SEBASTIAN)


def test_interfering_in_order_is_the_same_as_act():
    assert lamp_thrown().interfere(GERTRUDE, NAMES) == lamp_thrown().act(GERTRUDE, NAMES)


def test_interfering_is_refused_after_answering_and_after_closing():
    window = lamp_thrown().decline(HAROLD, NAMES)
    assert refusal(lambda: window.interfere(HAROLD, NAMES)) == "Harold has already answered in this window"
    closed = lamp_thrown().close()
    assert refusal(lambda: closed.interfere(HAROLD, NAMES)) == "nobody may interfere now: the window has closed"
    out = Window.open(SEBASTIAN, 5, [SEBASTIAN, GERTRUDE])
    assert refusal(lambda: out.interfere(HAROLD, NAMES)) == "Harold has no say in this window"


def test_passing_needs_no_priority():
    window = lamp_thrown().decline(HAROLD, NAMES).decline(SEBASTIAN, NAMES)
    assert window.pending == (GERTRUDE, MAMA_RITA, CLAIRE)
    assert window.priority == GERTRUDE and window.acted == ()


def test_closing_passes_everyone_still_to_answer():
    window = lamp_thrown().interfere(MAMA_RITA, NAMES).close()
    assert window.closed and window.acted == (MAMA_RITA,)
    assert refusal(lambda: window.close()) == "nobody may interfere now: the window has closed"


def test_a_player_out_of_the_game_leaves_the_window():
    window = lamp_thrown().decline(GERTRUDE, NAMES).leave(HAROLD)
    assert window.pending == (MAMA_RITA, CLAIRE, SEBASTIAN)
    assert HAROLD not in window.eligible
    assert refusal(lambda: window.interfere(HAROLD, NAMES)) == "Harold has no say in this window"
    last = Window.open(SEBASTIAN, 5, [CLAIRE]).leave(CLAIRE)
    assert last.closed
