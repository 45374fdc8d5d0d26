"""firmware_py.hourglass: the two-minute hourglass's schedule on a ManualClock.

Mysterium: "flip the two-minute hourglass ... Lock all guesses when the sand runs
out."  Every test moves a ManualClock by hand; reading the wall clock fails.
"""

from __future__ import annotations

import random
import time

import pytest

from firmware_py.buzzer import NullBuzzer
from firmware_py.clock import ManualClock
from firmware_py.hourglass import Hourglass, HourglassEvent, HourglassSettings, schedule
from firmware_py.hourglass_sound import HourglassSound


@pytest.fixture(autouse=True)
def no_wall_clock(monkeypatch):
    def forbidden(*_args, **_kwargs):
        raise AssertionError("the hourglass read the wall clock")

    for name in ("time", "monotonic", "perf_counter", "time_ns", "monotonic_ns", "sleep"):
        monkeypatch.setattr(time, name, forbidden)


def flipped(start: float = 0.0, **settings) -> tuple[ManualClock, Hourglass]:
    clock = ManualClock(start)
    glass = Hourglass(clock, HourglassSettings(**settings))
    glass.flip()
    return clock, glass


def kinds(events: list[HourglassEvent]) -> list[tuple[str, float]]:
    return [(e.kind, e.left) for e in events]


def full_run(duration: float = 120.0) -> list[tuple[str, float]]:
    """What a whole default run says, written out by hand."""
    expected = []
    for left in range(int(duration) - 1, 0, -1):
        expected.append(("tick", float(left)))
        if left in (30, 10):
            expected.append(("warning", float(left)))
    expected.append(("end", 0.0))
    return expected


# -- idle and the defaults -----------------------------------------------------------------
def test_a_new_hourglass_is_a_full_idle_two_minute_glass():
    glass = Hourglass(ManualClock(5.0))
    assert glass.duration == 120.0
    assert glass.idle and not glass.running and not glass.paused and not glass.expired
    assert glass.remaining() == 120.0 and glass.fraction_left() == 1.0
    assert glass.update() == []


def test_flip_starts_the_sand():
    clock, glass = flipped(start=10.0)
    assert glass.running and not glass.idle
    clock.advance(30.0)
    assert glass.remaining() == pytest.approx(90.0)
    assert glass.fraction_left() == pytest.approx(0.75)


# -- the schedule -----------------------------------------------------------------------------
def test_updates_exactly_on_time_deliver_each_event_alone_with_zero_error():
    clock, glass = flipped(start=1000.0)
    seen = []
    for second in range(1, 121):
        clock.t = 1000.0 + second
        events = glass.update()
        assert [e.due for e in events] == [1000.0 + second] * len(events)
        assert all(abs(e.error) < 1e-9 for e in events)
        seen += events
    assert kinds(seen) == full_run()
    assert glass.update() == []


def test_the_warnings_come_at_30_and_10_seconds_left_and_the_end_at_zero():
    clock, glass = flipped()
    clock.advance(89.5)
    assert "warning" not in [e.kind for e in glass.update()]
    clock.advance(0.5)
    assert kinds(glass.update()) == [("tick", 30.0), ("warning", 30.0)]
    clock.advance(20.0)
    assert kinds(glass.update())[-2:] == [("tick", 10.0), ("warning", 10.0)]
    clock.advance(9.999)
    assert not glass.expired and "end" not in [e.kind for e in glass.update()]
    clock.advance(0.001)
    assert kinds(glass.update()) == [("end", 0.0)]
    assert glass.expired and not glass.running and glass.remaining() == 0.0


def test_a_late_update_delivers_every_missed_event_once_in_order():
    clock, glass = flipped(start=3.0)
    clock.advance(47.25)  # one late call in the middle of the run
    first = glass.update()
    assert kinds(first) == full_run()[: len(first)] and first[-1].left == 73.0
    assert all(e.seen == 50.25 for e in first)
    assert [e.error for e in first] == pytest.approx([50.25 - (3.0 + s) for s in range(1, 48)])
    clock.advance(500.0)  # the loop stalled until long after the end
    rest = glass.update()
    assert kinds(first + rest) == full_run()
    assert rest[-1].due == 123.0 and rest[-1].error == pytest.approx(550.25 - 123.0)
    assert glass.update() == []


@pytest.mark.parametrize("seed", range(5))
def test_whatever_the_update_rhythm_nothing_is_duplicated_or_skipped(seed):
    rng = random.Random(seed)
    clock, glass = flipped(start=rng.uniform(0, 1e5))
    seen = []
    while not glass.expired:
        gap = rng.choice([0.0, 0.001, 0.033, 0.25, 1.0, 3.7, 11.0])
        clock.advance(gap)
        events = glass.update()
        assert all(0 <= e.error <= gap + 1e-6 for e in events)
        seen += events
    seen += glass.update()
    assert kinds(seen) == full_run()
    assert [e.due for e in seen] == sorted(e.due for e in seen)


def test_events_are_scheduled_without_float_drift_from_small_steps():
    clock, glass = flipped(start=0.1)
    seen = []
    for _ in range(1200):  # 120 s in steps of 0.1 s: the sum is not exactly 120.1
        clock.advance(0.1)
        seen += glass.update()
    assert kinds(seen) == full_run()
    assert all(abs(e.error) < 1e-6 for e in seen)


# -- pause, resume, cancel, flip again --------------------------------------------------
def test_nothing_falls_due_while_paused_and_resume_reschedules():
    clock, glass = flipped()
    clock.advance(50.0)
    glass.update()
    assert glass.pause() and glass.paused and not glass.running
    clock.advance(1000.0)
    assert glass.update() == []
    assert glass.remaining() == pytest.approx(70.0) and not glass.expired
    assert glass.resume() and glass.running
    clock.advance(40.0)  # 30 s left, 40 s after resuming at 1050
    events = glass.update()
    assert kinds(events)[-1] == ("warning", 30.0)
    assert events[-1].due == pytest.approx(1090.0) and events[-1].error == pytest.approx(0.0)
    clock.advance(30.0)
    assert kinds(glass.update())[-1] == ("end", 0.0)


def test_an_event_due_before_a_pause_is_still_delivered_after_it():
    clock, glass = flipped()
    clock.advance(90.5)  # the 30 s warning fell due at 90, but no update ran before the pause
    glass.pause()
    clock.advance(60.0)
    events = glass.update()
    assert ("warning", 30.0) in kinds(events)
    warning = next(e for e in events if e.kind == "warning")
    assert warning.due == 90.0 and warning.seen == 150.5
    assert glass.update() == []


def test_pause_and_resume_at_the_wrong_moment_change_nothing():
    clock = ManualClock()
    glass = Hourglass(clock)
    assert not glass.pause() and not glass.resume()
    glass.flip()
    assert not glass.resume()
    assert glass.pause() and not glass.pause()
    assert glass.resume()
    clock.advance(200.0)
    assert glass.expired and not glass.pause() and not glass.resume()


def test_many_pauses_still_add_up_to_the_full_duration():
    clock, glass = flipped()
    seen, ran = [], 0.0
    rng = random.Random(7)
    while not glass.expired:
        step = rng.uniform(0.1, 4.0)
        clock.advance(step)
        ran += step
        seen += glass.update()
        glass.pause()
        clock.advance(rng.uniform(0.0, 30.0))
        seen += glass.update()
        glass.resume()
    seen += glass.update()
    assert kinds(seen) == full_run()
    assert ran == pytest.approx(120.0, abs=4.0) and ran >= 120.0 - 1e-6


def test_cancel_drops_the_run_and_its_undelivered_events():
    clock, glass = flipped()
    clock.advance(95.0)  # 95 events due, none delivered
    glass.cancel()
    assert glass.idle and not glass.running and not glass.expired
    assert glass.update() == []
    assert glass.fraction_left() == 1.0
    clock.advance(100.0)
    assert glass.update() == []


def test_flipping_again_starts_a_fresh_full_run():
    clock, glass = flipped()
    clock.advance(100.0)
    glass.update()
    glass.flip()
    assert glass.remaining() == 120.0
    clock.advance(120.0)
    assert kinds(glass.update()) == full_run()


def test_a_shorter_glass_keeps_only_the_warnings_that_fit():
    clock = ManualClock()
    glass = Hourglass(clock)
    glass.flip(duration=20)
    clock.advance(20.0)
    events = glass.update()
    assert [e.left for e in events if e.kind == "warning"] == [10.0]
    assert events[-1].kind == "end" and events[-1].due == 20.0
    glass.flip()  # without a duration: the setting again
    assert glass.duration == 120.0


# -- settings -----------------------------------------------------------------------------
def test_ticks_can_be_limited_to_the_last_seconds_and_spaced_out():
    clock, glass = flipped(tick_from=30.0, tick_every=5.0)
    clock.advance(120.0)
    ticks = [e.left for e in glass.update() if e.kind == "tick"]
    assert ticks == [30.0, 25.0, 20.0, 15.0, 10.0, 5.0]


def test_every_event_of_a_run_sits_at_its_own_time():
    items = schedule(HourglassSettings(duration=60, warnings=(45, 30, 10)), 60.0)
    assert [(i.kind, i.left) for i in items if i.kind != "tick"] == [
        ("warning", 45.0), ("warning", 30.0), ("warning", 10.0), ("end", 0.0)]
    assert all(i.elapsed == 60.0 - i.left for i in items)


@pytest.mark.parametrize("bad", [
    {"duration": 0}, {"duration": -5}, {"duration": float("nan")}, {"duration": float("inf")},
    {"duration": "120"}, {"duration": True}, {"tick_every": 0}, {"tick_from": -1}, {"warnings": (30, 0)},
])
def test_bad_settings_are_refused_with_a_sentence(bad):
    with pytest.raises(ValueError, match="seconds"):
        HourglassSettings(**bad)


def test_a_bad_flip_duration_is_refused_and_changes_nothing():
    clock, glass = flipped()
    clock.advance(10.0)
    with pytest.raises(ValueError, match="above 0"):
        glass.flip(duration=-1)
    assert glass.remaining() == pytest.approx(110.0)


# -- the sand for the pentagram -----------------------------------------------------------
def test_fraction_left_only_falls_and_reaches_zero_at_the_end():
    clock, glass = flipped()
    rng = random.Random(3)
    previous = glass.fraction_left()
    assert previous == 1.0
    while not glass.expired:
        clock.advance(rng.uniform(0.0, 2.0))
        if rng.random() < 0.2:
            glass.pause() if glass.running else glass.resume()
        now = glass.fraction_left()
        assert 0.0 <= now <= previous
        assert now == pytest.approx(glass.remaining() / 120.0)
        previous = now
    assert glass.fraction_left() == 0.0


def test_the_clock_alone_says_the_sand_has_run_out():
    clock, glass = flipped()
    clock.advance(120.0)
    assert glass.expired and glass.remaining() == 0.0  # guesses lock even before update()


# -- what the table hears -------------------------------------------------------------------
def heard(buzzer: NullBuzzer) -> list[str]:
    return [name for _, name in buzzer.log]


def test_the_table_hears_ticks_only_in_the_last_thirty_seconds():
    clock, glass = flipped()
    buzzer = NullBuzzer(clock)
    sound = HourglassSound(buzzer)
    for _ in range(120):
        clock.advance(1.0)
        sound.update(glass)
    sounds = heard(buzzer)
    assert sounds[0] == "warning"  # at 30 s left the warning, not a tick
    assert sounds.count("tick") == 29 - 1  # 29..1 s left, minus the one the 10 s warning covers
    assert sounds.count("warning") == 1 and sounds.count("hurry") == 1
    assert sounds[-1] == "end"
    assert sounds.index("hurry") == sounds.index("warning") + 20


def test_a_stalled_loop_plays_one_sound_not_a_burst():
    clock, glass = flipped()
    buzzer = NullBuzzer(clock)
    sound = HourglassSound(buzzer, tick_from=None)
    clock.advance(25.0)
    sound.update(glass)
    assert heard(buzzer) == ["tick"]
    clock.advance(87.0)  # past both warnings: the later one is the news
    sound.update(glass)
    assert heard(buzzer) == ["tick", "hurry"]
    clock.advance(100.0)
    sound.update(glass)
    assert heard(buzzer) == ["tick", "hurry", "end"]


def test_ticks_can_be_heard_throughout_or_not_at_all():
    events = [HourglassEvent("tick", 100.0, 20.0, 20.0)]
    buzzer = NullBuzzer(ManualClock())
    assert HourglassSound(buzzer).handle(events) is None
    assert HourglassSound(buzzer, tick_from=None).handle(events) == "tick"


def test_a_tick_does_not_cut_the_end_alarm_short():
    clock, glass = flipped(duration=5, warnings=())
    buzzer = NullBuzzer(clock)
    sound = HourglassSound(buzzer, tick_from=None)
    clock.advance(5.0)
    sound.update(glass)
    assert buzzer.playing == "end"
    glass.flip()
    clock.advance(1.0)
    sound.update(glass)  # a tick of the next run while the alarm still rings
    assert buzzer.playing == "end" and heard(buzzer) == ["end"]
