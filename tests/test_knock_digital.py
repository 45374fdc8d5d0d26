"""The digital comparator knock module: a chattering active-low output becomes one
onset per strike, on the injected clock, through gpiozero's mock pins."""

from __future__ import annotations

from dataclasses import replace

import pytest
from gpiozero import DigitalInputDevice

from firmware_py import pins as pinmap
from firmware_py.clock import ManualClock
from firmware_py.health import Health
from firmware_py.knock.digital import DEVICE, KnockModule, NoKnockModule, OnsetFilter, open_knock_module
from sim.pins import mock_factory, press, release

PIN = 27


class Table:
    """A knock module on mock pins: ``strike`` makes the output chatter like a ring-down."""

    def __init__(self, **options) -> None:
        self.clock = ManualClock(50.0)
        self.factory = mock_factory()
        self.health = Health()
        self.heard: list[float] = []
        self.module = open_knock_module(pinmap.load(), self.factory, self.clock, self.health,
                                        on_onset=self.heard.append, **options)

    def strike(self, chatter: float = 0.04, period: float = 0.003) -> float:
        """A knock now: the output toggles every ``period`` for ``chatter`` seconds."""
        start = self.clock.now()
        while self.clock.now() - start < chatter:
            press(self.factory, PIN)
            self.clock.advance(period / 2)
            release(self.factory, PIN)
            self.clock.advance(period / 2)
        return start

    def wait(self, seconds: float) -> None:
        self.clock.advance(seconds)


def test_chatter_of_one_strike_gives_one_onset():
    table = Table()
    t = table.strike(chatter=0.08)  # ~27 low pulses
    table.wait(0.5)
    assert table.module.onsets() == [pytest.approx(t)]
    assert table.module.onsets() == []  # drained


@pytest.mark.parametrize("gap", [0.12, 0.2, 0.3, 0.45])
def test_two_strikes_from_120_ms_apart_give_two_onsets(gap):
    table = Table()
    first = table.strike()
    table.wait(gap - 0.04 - 0.0015)  # the next strike starts `gap` after the first
    second = table.strike()
    table.wait(0.5)
    onsets = table.module.onsets()
    assert onsets == [pytest.approx(first), pytest.approx(second, abs=0.002)]
    assert onsets[1] - onsets[0] == pytest.approx(gap, abs=0.003)
    assert table.heard == onsets  # the callback saw the same onsets as they happened


@pytest.mark.parametrize("bounce_after", [0.03, 0.06, 0.1])
def test_a_bounce_30_to_100_ms_after_the_strike_is_the_same_knock(bounce_after):
    table = Table()
    first = table.strike(chatter=0.02)
    table.wait(bounce_after - 0.02)
    table.strike(chatter=0.01)
    table.wait(0.5)
    assert table.module.onsets() == [pytest.approx(first)]


def test_a_strike_inside_the_last_ones_chatter_is_not_counted_twice():
    table = Table()
    first = table.strike(chatter=0.2)  # a long ring-down, still chattering after the lockout
    table.wait(0.5)
    assert table.module.onsets() == [pytest.approx(first)]


def test_onset_filter_is_pure_on_timestamps():
    f = OnsetFilter(lockout=0.11, quiet=0.03)
    assert f.edge(True, 1.000) == 1.000
    assert f.edge(True, 1.001) is None  # not a change
    assert f.edge(False, 1.002) is None
    assert f.edge(True, 1.050) is None  # inside the lockout
    assert f.edge(False, 1.051) is None
    assert f.edge(True, 1.120) == 1.120  # after the lockout, quiet for 69 ms
    assert f.edge(False, 1.121) is None
    assert f.edge(True, 1.240) == 1.240  # a third, 120 ms on, quiet for 119 ms
    g = OnsetFilter(lockout=0.11, quiet=0.03)
    g.edge(True, 0.0)
    g.edge(False, 0.100)
    assert g.edge(True, 0.115) is None  # past the lockout but quiet for only 15 ms


def test_no_module_in_the_pin_map_means_no_onsets_and_no_warning():
    pins = replace(pinmap.load(), knock_module=None)
    health = Health()
    module = open_knock_module(pins, mock_factory(), ManualClock(), health)
    assert isinstance(module, NoKnockModule) and module.onsets() == []
    assert health.warnings() == []


def test_a_pin_that_cannot_be_opened_is_a_warning_and_the_rest_goes_on():
    factory = mock_factory()
    holder = DigitalInputDevice(PIN, pin_factory=factory)  # GPIO27 already taken
    health = Health()
    module = open_knock_module(pinmap.load(), factory, ManualClock(), health)
    assert isinstance(module, NoKnockModule) and module.onsets() == []
    [warning] = health.warnings()
    assert warning.startswith(f"{DEVICE}: GPIO27 for the knock module could not be opened")
    holder.close()


class BrokenFactory:
    """A pin factory whose pins cannot be had (no GPIO library on this machine)."""

    def reserve_pins(self, *args):
        raise RuntimeError("no GPIO here")

    def release_pins(self, *args):
        pass

    def pin(self, spec):
        raise RuntimeError("no GPIO here")


def test_a_failing_pin_factory_is_a_warning_not_a_crash():
    health = Health()
    module = open_knock_module(pinmap.load(), BrokenFactory(), ManualClock(), health)
    assert module.onsets() == []
    assert len(health.warnings()) == 1 and "no GPIO here" in health.warnings()[0]


def test_an_output_held_low_is_a_warning_that_clears():
    table = Table(stuck_after=2.0)
    press(table.factory, PIN)
    table.wait(1.0)
    table.module.onsets()
    assert table.health.warnings() == []
    table.wait(1.5)
    assert table.module.onsets() == []  # its one onset was drained above
    [warning] = table.health.warnings()
    assert "GPIO27 holds its output low" in warning and "trimmer" in warning
    release(table.factory, PIN)
    table.module.check()
    assert table.health.warnings() == []


def test_close_releases_the_pin():
    table = Table()
    table.module.close()
    DigitalInputDevice(PIN, pin_factory=table.factory).close()


def test_knock_module_directly_on_a_pin():
    clock, factory = ManualClock(), mock_factory()
    module = KnockModule(PIN, factory, clock)
    press(factory, PIN)
    release(factory, PIN)
    assert module.onsets() == [0.0]
    module.close()


def test_onsets_feed_the_gesture_grouper_as_documented():
    gestures = pytest.importorskip("firmware_py.knock.gestures")
    table = Table()
    grouper = gestures.GestureGrouper()
    decisions = []

    def frame():  # the app's loop, as digital.py's docstring shows it
        for t in table.module.onsets():
            decisions.extend(grouper.knock(t))
        decisions.extend(grouper.poll(table.clock.now()))

    table.strike()
    table.wait(0.2)
    frame()
    table.strike()
    for _ in range(40):
        table.wait(1 / 30)
        frame()
    assert [(d.knocks, d.answer) for d in decisions] == [(2, "no")]
    table.strike()
    for _ in range(40):
        table.wait(1 / 30)
        frame()
    assert [d.answer for d in decisions] == ["no", "yes"]
