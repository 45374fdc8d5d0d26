"""companion.engine.timers: the two-minute hourglass on the table clock.

Mysterium: "After every unfinished psychic has received a vision, flip the
two-minute hourglass ... Lock all guesses when the sand runs out."

A timer reads only the times actions carry (``"t"``, seconds on the table's
clock): these tests forbid the wall clock outright and never sleep.
"""

from __future__ import annotations

import dataclasses
import time

import pytest

from companion.engine.fields import time_of
from companion.engine.timers import Timer

TWO_MINUTES = 120.0


@pytest.fixture(autouse=True)
def no_wall_clock(monkeypatch):
    """Any read of the wall clock during these tests is a failure."""

    def forbidden(*_args, **_kwargs):
        raise AssertionError("a timer read the wall clock")

    for name in ("time", "monotonic", "perf_counter", "time_ns", "monotonic_ns", "sleep"):
        monkeypatch.setattr(time, name, forbidden)


def flipped_at(t: float) -> Timer:
    return Timer.start(TWO_MINUTES, now=t)


# -- running ----------------------------------------------------------------------------------
def test_an_hourglass_counts_down_from_the_flip():
    hourglass = flipped_at(30)
    assert hourglass.running
    assert hourglass.remaining(30) == 120
    assert hourglass.remaining(90) == 60
    assert hourglass.elapsed(90) == 60


def test_the_sand_runs_out_exactly_two_minutes_after_the_flip():
    hourglass = flipped_at(30)
    assert not hourglass.expired(149.5)
    assert hourglass.expired(150)
    assert hourglass.expired(151)


def test_remaining_never_goes_below_zero_nor_elapsed_beyond_the_duration():
    hourglass = flipped_at(30)
    assert hourglass.remaining(10_000) == 0
    assert hourglass.elapsed(10_000) == TWO_MINUTES


def test_an_action_stamped_before_the_flip_sees_the_full_glass():
    # Times from two devices can disagree by a little: never a negative elapsed.
    hourglass = flipped_at(30)
    assert hourglass.elapsed(25) == 0
    assert hourglass.remaining(25) == TWO_MINUTES


def test_an_hourglass_not_yet_flipped_never_runs_out():
    hourglass = Timer(TWO_MINUTES)
    assert not hourglass.running
    assert hourglass.remaining(1_000_000) == TWO_MINUTES
    assert not hourglass.expired(1_000_000)


# -- pause and resume -------------------------------------------------------------------------
def test_a_pause_stops_the_sand_and_resume_carries_on_where_it_stopped():
    hourglass = flipped_at(30).pause(now=60)  # 30 s run, someone knocked the table
    assert not hourglass.running
    assert hourglass.remaining(60) == 90
    assert hourglass.remaining(5_000) == 90  # paused: no time passes, however long
    hourglass = hourglass.resume(now=1_000)
    assert hourglass.running
    assert hourglass.remaining(1_030) == 60
    assert not hourglass.expired(1_089)
    assert hourglass.expired(1_090)


def test_several_pauses_add_up():
    hourglass = flipped_at(0).pause(20).resume(100).pause(150).resume(400)  # 20 + 50 run
    assert hourglass.remaining(400) == 50
    assert hourglass.expired(450)
    assert not hourglass.expired(449)


def test_pausing_twice_and_resuming_twice_change_nothing_more():
    paused = flipped_at(0).pause(30)
    assert paused.pause(90) == paused
    running = paused.resume(100)
    assert running.resume(200) == running


def test_a_glass_paused_after_running_out_stays_run_out():
    hourglass = flipped_at(0).pause(500).resume(600)
    assert hourglass.remaining(600) == 0
    assert hourglass.expired(600)


def test_timers_are_values_every_change_is_a_new_timer():
    running = flipped_at(0)
    paused = running.pause(10)
    assert running.running and not paused.running
    with pytest.raises(dataclasses.FrozenInstanceError):
        running.banked = 5  # type: ignore[misc]


# -- times from actions -----------------------------------------------------------------------
def test_a_guess_step_timed_only_by_the_actions_it_reads():
    """The flip, two moves of Ann's pawn and a late move by Bo, as log lines."""
    lines = [
        {"act": "flip", "t": 412.0},
        {"act": "guess", "seat": 1, "card": "character 3", "t": 450.5},
        {"act": "guess", "seat": 1, "card": "character 6", "t": 531.0},
        {"act": "guess", "seat": 2, "card": "character 2", "t": 532.25},
    ]
    hourglass = Timer.start(TWO_MINUTES, time_of(lines[0]))
    in_time = [line["seat"] for line in lines[1:] if not hourglass.expired(time_of(line))]
    assert in_time == [1, 1]  # the sand ran out at 532.0
    assert hourglass.remaining(time_of(lines[2])) == pytest.approx(1.0)


def test_the_same_actions_give_the_same_answer_however_long_ago_they_were_played():
    a = flipped_at(412.0).pause(470.0).resume(480.0)
    b = flipped_at(412.0).pause(470.0).resume(480.0)
    assert a == b and a.remaining(500) == b.remaining(500) == 42


@pytest.mark.parametrize("flip", [0.1, 3.3, 12.7, 99.9, 1000.3, 3601.7])
def test_an_action_stamped_at_the_deadline_finds_the_sand_run_out(flip):
    # A log written at the table in tenths of a second: flipped at 12.7, the sand
    # has run out at 132.7.  Float subtraction must not leave a sliver of time.
    hourglass = flipped_at(flip)
    assert hourglass.expired(flip + TWO_MINUTES)
    assert hourglass.remaining(flip + TWO_MINUTES) == 0


@pytest.mark.parametrize(
    "flip, pause, resume, deadline",
    [
        (0.1, 60.2, 100.3, 160.2),  # 60.1 s run before the pause, 59.9 s left after
        (71.4, 125.8, 162.8, 228.4),  # 54.4 s run, 65.6 s left
        (188.0, 218.1, 268.8, 358.7),  # 30.1 s run, 89.9 s left
    ],
)
def test_after_a_pause_the_deadline_is_exact_too(flip, pause, resume, deadline):
    hourglass = flipped_at(flip).pause(pause).resume(resume)
    assert not hourglass.expired(round(deadline - 0.1, 1))
    assert hourglass.expired(deadline)
