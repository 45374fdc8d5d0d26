"""companion.engine.secret: choices made at once and sealed until revealed.

Mysterium (2015):

- guesses: "Each psychic places their intuition pawn ... Move it as often as needed
  before time expires ... Lock all guesses when the sand runs out."
- the final vote: "Each person has one vote, kept hidden and irrevocable once
  submitted; earlier voters may see later cards but cannot change their choice."
- the ghost takes no part in either.
"""

from __future__ import annotations

import dataclasses

import pytest

from companion.engine.refusal import Refused
from companion.engine.secret import HIDDEN, Sealed
from companion.engine.timers import Timer

NAMES = ["the ghost", "Ann", "Bo", "Cy", "Di"]
GHOST, ANN, BO, CY, DI = range(5)
PSYCHICS = (ANN, BO, CY, DI)


def refusal(call) -> str:
    with pytest.raises(Refused) as caught:
        call()
    return caught.value.reason


def guesses() -> Sealed:
    return Sealed.open(PSYCHICS, revisable=True)


def votes() -> Sealed:
    return Sealed.open(PSYCHICS)


# -- guesses: revisable until the sand runs out ---------------------------------------------
def test_a_psychic_may_move_the_pawn_as_often_as_needed():
    step = guesses().choose(ANN, "character 3", NAMES)
    step = step.choose(ANN, "character 7", NAMES)
    step = step.choose(ANN, "character 3", NAMES)
    assert step.choices == {ANN: "character 3"}


def test_several_psychics_may_guess_the_same_card():
    step = guesses().choose(ANN, "location 2", NAMES).choose(BO, "location 2", NAMES)
    assert step.reveal().view(None) == {ANN: "location 2", BO: "location 2"}


def test_the_ghost_has_no_guess_to_make():
    assert refusal(lambda: guesses().choose(GHOST, "character 1", NAMES)) == (
        "the ghost has no choice to make in this step"
    )


def test_guesses_lock_when_revealed():
    step = guesses().choose(ANN, "object 4", NAMES).reveal()
    assert refusal(lambda: step.choose(ANN, "object 5", NAMES)) == "the choices are already revealed and locked"
    assert refusal(lambda: step.choose(BO, "object 5", NAMES)) == "the choices are already revealed and locked"
    assert step.choices == {ANN: "object 4"}


def test_time_running_out_reveals_with_unplaced_pawns_still_waiting():
    # Only Ann and Cy placed their pawns before the sand ran out: the others stay
    # unplaced (the guide's house procedure counts them as incorrect).
    step = guesses().choose(ANN, "character 1", NAMES).choose(CY, "character 2", NAMES)
    assert not step.complete
    assert step.waiting_for() == [BO, DI]
    locked = step.reveal()
    assert locked.revealed
    assert locked.view(BO) == {ANN: "character 1", CY: "character 2"}
    assert locked.waiting_for() == [BO, DI]


def test_the_hourglass_decides_when_guesses_lock():
    """A game's guess step together with the two-minute hourglass: a move at t=100
    counts, one after the sand runs out is refused, because the step was revealed."""
    hourglass = Timer.start(120, now=10)
    step = guesses()
    for t, seat, card in ((40, ANN, "character 1"), (100, ANN, "character 5"), (135, BO, "character 2")):
        if hourglass.expired(t) and not step.revealed:
            step = step.reveal()
        if step.revealed:
            with pytest.raises(Refused):
                step.choose(seat, card, NAMES)
        else:
            step = step.choose(seat, card, NAMES)
    assert step.revealed
    assert step.choices == {ANN: "character 5"}


# -- final votes: irrevocable ---------------------------------------------------------------
def test_a_final_vote_cannot_be_changed():
    step = votes().choose(ANN, 2, NAMES)
    reason = refusal(lambda: step.choose(ANN, 3, NAMES))
    assert reason == "Ann has already chosen, and that choice cannot be changed"
    assert step.choices == {ANN: 2}


def test_the_staggered_vote_stays_sealed_until_every_band_has_voted():
    # Low band (Ann) after the first vision, intermediate (Bo, Cy) after the
    # second, high (Di) after the third.
    step = votes().choose(ANN, 1, NAMES)
    assert step.waiting_for() == [BO, CY, DI]
    step = step.choose(BO, 3, NAMES).choose(CY, 1, NAMES)
    assert not step.complete
    step = step.choose(DI, 1, NAMES)
    assert step.complete and step.waiting_for() == []
    assert step.view(DI) == {ANN: HIDDEN, BO: HIDDEN, CY: HIDDEN, DI: 1}
    assert step.reveal().view(None) == {ANN: 1, BO: 3, CY: 1, DI: 1}


# -- what each seat sees ----------------------------------------------------------------------
def test_a_seat_sees_only_its_own_choice_until_the_reveal():
    step = votes().choose(ANN, 2, NAMES).choose(BO, 4, NAMES)
    assert step.view(ANN) == {ANN: 2, BO: HIDDEN}
    assert step.view(BO) == {ANN: HIDDEN, BO: 4}


def test_a_seat_that_has_not_chosen_sees_only_that_others_have():
    step = votes().choose(ANN, 2, NAMES)
    assert step.view(CY) == {ANN: HIDDEN}


def test_the_shared_screen_and_the_ghost_see_nothing_before_the_reveal():
    step = votes().choose(ANN, 2, NAMES).choose(BO, 4, NAMES)
    assert step.view(None) == {ANN: HIDDEN, BO: HIDDEN}
    assert step.view(GHOST) == {ANN: HIDDEN, BO: HIDDEN}


def test_after_the_reveal_everyone_sees_every_choice():
    step = votes().choose(ANN, 2, NAMES).choose(BO, 4, NAMES).reveal()
    for seat in (None, GHOST, ANN, CY):
        assert step.view(seat) == {ANN: 2, BO: 4}


def test_a_revised_guess_shows_only_the_latest_choice_to_its_owner():
    step = guesses().choose(CY, "object 1", NAMES).choose(CY, "object 6", NAMES)
    assert step.view(CY) == {CY: "object 6"}
    assert step.view(ANN) == {CY: HIDDEN}


# -- immutability -----------------------------------------------------------------------------
def test_every_choice_is_a_new_step_and_the_old_one_is_untouched():
    before = votes()
    after = before.choose(ANN, 2, NAMES)
    assert before.choices == {} and after.choices == {ANN: 2}
    revealed = after.reveal()
    assert not after.revealed and revealed.revealed


def test_editing_a_view_does_not_change_the_sealed_choices():
    step = votes().choose(ANN, 2, NAMES).reveal()
    shown = step.view(ANN)
    shown[ANN] = 99
    assert step.view(ANN) == {ANN: 2}


def test_a_refused_choice_changes_nothing():
    step = votes().choose(ANN, 2, NAMES)
    with pytest.raises(Refused):
        step.choose(ANN, 3, NAMES)
    assert step.choices == {ANN: 2}
    with pytest.raises(dataclasses.FrozenInstanceError):
        step.revealed = True  # type: ignore[misc]


def test_a_revisable_choice_can_be_withdrawn_until_revealed():
    """Mysterium: tokens "can be moved or withdrawn before time expires"."""
    from companion.engine.refusal import Refused
    from companion.engine.secret import Sealed

    names = ["Ann", "Bo", "Cy"]
    tokens = Sealed.open([0, 1], revisable=True).choose(0, "check on Bo", names)
    assert tokens.withdraw(0, names).choices == {}
    with pytest.raises(Refused, match="Bo has nothing to take back"):
        tokens.withdraw(1, names)
    with pytest.raises(Refused, match="already revealed"):
        tokens.reveal().withdraw(0, names)
    votes = Sealed.open([0, 1]).choose(0, 3, names)
    with pytest.raises(Refused, match="cannot be taken back"):
        votes.withdraw(0, names)
