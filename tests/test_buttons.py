"""firmware_py.buttons: the debouncer (pure), the buttons on gpiozero's mock pins
through sim.pins, key presses through inject(), and buttons that cannot be opened.

gpiozero's mock pins ignore bounce_time, so these bounces reach our debouncer
exactly as written.  Times come from a ManualClock; nothing sleeps.
"""

from __future__ import annotations

import sys
import time

import pytest

from firmware_py.buttons import STABLE_TIME, Buttons, Debouncer, Press
from firmware_py.clock import ManualClock
from firmware_py.health import Health
from firmware_py.pins import load
from sim.pins import mock_factory, press, release

PINS = load()
YES, NO, UNDO = PINS.button_yes, PINS.button_no, PINS.button_undo  # GPIO5, 6, 16


@pytest.fixture(autouse=True)
def no_sleeping(monkeypatch):
    def forbidden(*_args, **_kwargs):
        raise AssertionError("the buttons slept on the wall clock")

    monkeypatch.setattr(time, "sleep", forbidden)


# -- the debouncer on its own -------------------------------------------------------------------
def bounce(debouncer: Debouncer, start: float, edges_ms: list[float], first: bool = True) -> float:
    """Alternate levels at ``start`` + each offset (ms), beginning with ``first``; the last time."""
    level = first
    for offset in edges_ms:
        debouncer.feed(level, start + offset / 1000)
        level = not level
    return start + edges_ms[-1] / 1000


def test_a_bouncy_press_of_several_edges_within_10_ms_is_one_press():
    debouncer = Debouncer()
    last = bounce(debouncer, 1.0, [0, 1.5, 3, 4, 6, 8.5, 10])  # ends pressed
    assert debouncer.update(last + 0.029) == []  # not stable long enough yet
    assert debouncer.update(last + 0.030) == [pytest.approx(last)]
    assert debouncer.update(2.0) == []
    bounce(debouncer, 2.0, [0, 2, 3, 7, 9], first=False)  # a bouncy release: ends released
    assert debouncer.update(3.0) == [] and debouncer.level is False


def test_two_presses_200_ms_apart_are_two_presses():
    debouncer = Debouncer()
    presses = []
    for start in (0.0, 0.2):
        debouncer.feed(True, start)
        presses += debouncer.update(start + 0.05)
        debouncer.feed(False, start + 0.09)
        presses += debouncer.update(start + 0.15)
    assert presses == [0.0, pytest.approx(0.2)]


@pytest.mark.parametrize("length_ms", [1, 5, 15, 29])
def test_noise_shorter_than_the_stable_time_is_no_press(length_ms):
    debouncer = Debouncer()
    debouncer.feed(True, 5.0)
    debouncer.feed(False, 5.0 + length_ms / 1000)
    assert debouncer.update(6.0) == [] and debouncer.level is False


def test_a_press_counts_even_when_nobody_polled_in_between():
    debouncer = Debouncer()
    debouncer.feed(True, 0.0)
    debouncer.feed(False, 0.1)  # pressed for 100 ms, released before any update
    debouncer.feed(True, 0.3)
    debouncer.feed(False, 0.31)  # then a 10 ms glitch
    assert debouncer.update(1.0) == [0.0]


def test_a_bounce_during_the_release_does_not_press_again():
    debouncer = Debouncer()
    debouncer.feed(True, 0.0)
    debouncer.update(0.05)
    debouncer.feed(False, 0.2)
    debouncer.feed(True, 0.205)  # contact chatter while letting go
    debouncer.feed(False, 0.21)
    debouncer.feed(True, 0.235)  # pressed again 25 ms later, before the release was clean: the same press
    assert debouncer.update(0.5) == []


def test_a_level_seen_twice_is_one_level():
    debouncer = Debouncer()
    for t in (0.0, 0.01, 0.02, 0.05):
        debouncer.feed(True, t)
    assert debouncer.update(0.05) == [0.0]


def test_a_time_from_the_past_counts_as_the_latest():
    debouncer = Debouncer()
    debouncer.feed(True, 1.0)
    debouncer.update(1.1)
    debouncer.feed(False, 0.5)  # a late callback: counts as 1.1
    assert debouncer.update(1.12) == [] and debouncer.level is True
    assert debouncer.update(1.13) == [] and debouncer.level is False


def test_a_button_held_from_the_start_is_not_a_press_until_pressed_again():
    debouncer = Debouncer(pressed=True)
    assert debouncer.update(1.0) == []
    debouncer.feed(False, 1.0)
    debouncer.feed(True, 1.5)
    assert debouncer.update(2.0) == [1.5]


def test_the_stable_time_is_a_setting():
    debouncer = Debouncer(stable_time=0.005)
    debouncer.feed(True, 0.0)
    debouncer.feed(False, 0.006)
    assert debouncer.update(1.0) == [0.0]
    with pytest.raises(ValueError, match="stable time above 0"):
        Debouncer(stable_time=0)


# -- the buttons on gpiozero's mock pins ------------------------------------------------------
def let_go(factory, buttons: Buttons) -> None:
    """Release every pin, then close."""
    for device in buttons.devices.values():
        if getattr(device, "pin", None) is not None:
            device.pin.drive_high()
    buttons.close()


@pytest.fixture
def rig():
    factory = mock_factory()
    clock = ManualClock(100.0)
    health = Health()
    buttons = Buttons(PINS, factory, clock, health)
    yield factory, clock, health, buttons
    let_go(factory, buttons)
    factory.close()


def chatter(factory, clock, gpio: int, gaps_ms: list[float]) -> None:
    """Press, then flip the pin after each gap (ms): a bouncing contact."""
    press(factory, gpio)
    down = True
    for gap in gaps_ms:
        clock.advance(gap / 1000)
        (release if down else press)(factory, gpio)
        down = not down


def test_three_buttons_open_on_the_pin_maps_pins(rig):
    factory, clock, health, buttons = rig
    assert set(buttons.devices) == {"yes", "no", "undo"} and buttons.missing == []
    assert health.warnings() == []
    assert [buttons.devices[n].pin.info.name for n in ("yes", "no", "undo")] == [f"GPIO{p}" for p in (YES, NO, UNDO)]
    assert all(buttons.devices[n].pull_up for n in ("yes", "no", "undo"))


def test_a_bouncy_press_on_a_mock_pin_is_one_press(rig):
    factory, clock, _, buttons = rig
    chatter(factory, clock, YES, [1, 2, 1.5, 2, 2])  # 5 edges in 8.5 ms, ends released ...
    press(factory, YES)  # ... and settles pressed
    settled = clock.now()
    assert buttons.poll() == []
    clock.advance(0.029)
    assert buttons.poll() == []
    clock.advance(0.001)
    assert buttons.poll() == [Press("yes", pytest.approx(settled))]
    clock.advance(0.5)
    chatter(factory, clock, YES, [])  # still held: nothing new
    release(factory, YES)
    clock.advance(0.003)
    press(factory, YES)
    clock.advance(0.002)
    release(factory, YES)  # a bouncy release
    clock.advance(0.2)
    assert buttons.poll() == []


def test_two_presses_200_ms_apart_on_a_mock_pin(rig):
    factory, clock, _, buttons = rig
    presses = []
    for _ in range(2):
        press(factory, NO)
        clock.advance(0.08)
        presses += buttons.poll()
        release(factory, NO)
        clock.advance(0.12)
        presses += buttons.poll()
    assert [p.name for p in presses] == ["no", "no"]
    assert presses[1].t - presses[0].t == pytest.approx(0.2)


def test_a_glitch_on_a_mock_pin_is_no_press(rig):
    factory, clock, _, buttons = rig
    press(factory, UNDO)
    clock.advance(0.010)
    release(factory, UNDO)
    clock.advance(1.0)
    assert buttons.poll() == []


def test_presses_come_out_by_button_in_time_order(rig):
    factory, clock, _, buttons = rig
    press(factory, UNDO)
    clock.advance(0.01)
    press(factory, YES)
    clock.advance(0.01)
    press(factory, NO)
    clock.advance(0.1)
    assert [p.name for p in buttons.poll()] == ["undo", "yes", "no"]


def test_polling_the_level_alone_still_debounces(rig):
    """A pin factory whose edge callbacks never come: poll() samples the level."""
    factory, clock, _, buttons = rig
    for device in buttons.devices.values():
        device.when_activated = device.when_deactivated = None
    presses = []
    press(factory, YES)
    for _ in range(4):  # a 30 Hz loop
        presses += buttons.poll()
        clock.advance(1 / 30)
    release(factory, YES)
    presses += buttons.poll()
    press(factory, YES)  # a glitch between two frames, caught by one sample only
    clock.advance(0.001)
    presses += buttons.poll()
    release(factory, YES)
    clock.advance(1 / 30)
    presses += buttons.poll()
    clock.advance(1 / 30)
    presses += buttons.poll()
    assert presses == [Press("yes", 100.0)]


def test_callbacks_alone_without_polling_the_level():
    factory, clock = mock_factory(), ManualClock()
    buttons = Buttons(PINS, factory, clock, Health(), sample=False)
    try:
        press(factory, YES)
        clock.advance(0.05)
        release(factory, YES)
        clock.advance(0.05)
        assert buttons.poll() == [Press("yes", 0.0)]
    finally:
        let_go(factory, buttons)


def test_a_button_held_at_start_up_is_not_a_press():
    factory, clock = mock_factory(), ManualClock()
    press(factory, NO)  # a stuck or held button before the box starts
    buttons = Buttons(PINS, factory, clock, Health())
    try:
        clock.advance(1.0)
        assert buttons.poll() == []
        release(factory, NO)
        clock.advance(0.1)
        press(factory, NO)
        clock.advance(0.1)
        assert buttons.poll() == [Press("no", 1.1)]
    finally:
        let_go(factory, buttons)


def test_the_stable_time_defaults_to_30_ms():
    assert STABLE_TIME == 0.030


# -- the simulation's keys ---------------------------------------------------------------------
def test_an_injected_key_press_comes_out_as_a_press(rig):
    _, clock, _, buttons = rig
    buttons.inject("yes")
    assert buttons.poll() == []  # debounced like a pin: confirmed 30 ms later
    clock.advance(0.03)
    assert buttons.poll() == [Press("yes", 100.0)]
    clock.advance(1.0)
    assert buttons.poll() == []


def test_injected_taps_at_given_times_are_each_a_press(rig):
    _, clock, _, buttons = rig
    for t in (100.0, 100.2, 100.4):
        buttons.inject("undo", t)
    clock.advance(1.0)
    assert buttons.poll() == [Press("undo", 100.0), Press("undo", 100.2), Press("undo", 100.4)]


def test_a_key_and_its_button_at_once_are_two_presses(rig):
    factory, clock, _, buttons = rig
    press(factory, YES)
    buttons.inject("yes")
    clock.advance(0.1)
    assert [p.name for p in buttons.poll()] == ["yes", "yes"]


def test_injecting_an_unknown_button_is_refused(rig):
    with pytest.raises(ValueError, match="there is no 'maybe' button; the buttons are yes, no, undo"):
        rig[3].inject("maybe")


# -- faults ------------------------------------------------------------------------------------
def test_a_button_that_cannot_be_created_is_a_warning_and_the_others_work():
    from gpiozero import LED

    factory, clock, health = mock_factory(), ManualClock(), Health()
    holder = LED(YES, pin_factory=factory)  # GPIO5 already taken
    buttons = Buttons(PINS, factory, clock, health)
    try:
        assert buttons.missing == ["yes"]
        (warning,) = health.warnings()
        assert warning.startswith(f"yes button: cannot read GPIO{YES} (GPIOPinInUse")
        assert warning.endswith("use the screen instead")
        press(factory, NO)
        buttons.inject("yes")  # its key still works
        clock.advance(0.1)
        assert sorted(p.name for p in buttons.poll()) == ["no", "yes"]
    finally:
        let_go(factory, buttons)
        holder.close()


def test_without_gpiozero_every_button_is_a_warning_and_keys_still_work(monkeypatch):
    monkeypatch.setitem(sys.modules, "gpiozero", None)
    clock, health = ManualClock(), Health()
    buttons = Buttons(PINS, None, clock, health)
    assert buttons.missing == ["yes", "no", "undo"]
    assert [w.split(":")[0] for w in health.warnings()] == ["yes button", "no button", "undo button"]
    buttons.inject("no")
    clock.advance(0.1)
    assert buttons.poll() == [Press("no", 0.0)]


def test_a_pin_read_that_fails_is_a_warning_not_an_exception(rig):
    factory, clock, health, buttons = rig

    class Broken:
        @property
        def is_active(self):
            raise OSError(5, "Input/output error")

        def close(self):
            pass

    buttons.devices["undo"].close()
    buttons.devices["undo"] = Broken()
    press(factory, YES)
    clock.advance(0.1)
    assert buttons.poll() == [Press("yes", 100.0)]
    assert health.warnings() == [f"undo button: reading GPIO{UNDO} failed (OSError: [Errno 5] Input/output error)"]


def test_callbacks_from_another_thread_are_safe():
    """On a Pi gpiozero calls back from its own thread while the app polls."""
    import threading

    factory, clock = mock_factory(), ManualClock()
    buttons = Buttons(PINS, factory, clock, Health(), sample=False)
    presses: list[Press] = []
    try:
        def presser():
            for _ in range(50):
                press(factory, NO)
                clock.advance(0.05)
                release(factory, NO)
                clock.advance(0.05)

        worker = threading.Thread(target=presser)
        worker.start()
        while worker.is_alive():
            presses += buttons.poll()
        worker.join()
        clock.advance(1.0)
        presses += buttons.poll()
    finally:
        buttons.close()
    assert len(presses) == 50 and all(p.name == "no" for p in presses)
