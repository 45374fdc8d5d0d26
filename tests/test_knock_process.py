"""The knock sensor in its own process (firmware_py/knock/process.py): the real reader on
the simulated ADS1115 in a spawned child, decisions and health back over the pipe, a
dead child reported and started again, nothing left behind on close.

These tests start real processes and wait on their pipe (with a timeout), never on a
sleep; the restart's back-off runs on an injected clock."""

from __future__ import annotations

import functools
import multiprocessing
import os
import signal
import time

import pytest

from firmware_py import pins as pin_map
from firmware_py.box import Box
from firmware_py.clock import ManualClock
from firmware_py.factory import choose
from firmware_py.health import Health
from firmware_py.knock.process import KnockProcess, KnockSpec, block_for
from sim.factory import SimFactory

TIMEOUT = 20.0  # s: generous, for a machine shared with other work


class _AbsentChip(SimFactory):
    """The simulation with no ADS1115 on the bus (every transfer: errno 121)."""

    def adc_bus(self, pins, clock, settings):
        bus = super().adc_bus(pins, clock, settings)
        bus.i2c.unplug()
        return bus


def absent_chip():
    return _AbsentChip()


class _FlakyBus(SimFactory):
    """The simulation whose bus library throws TypeError for half a second, a second in."""

    def adc_bus(self, pins, clock, settings):
        bus = super().adc_bus(pins, clock, settings)
        now = clock.now()
        bus.i2c.fail_between(now + 1.0, now + 1.5, TypeError("unsupported operand type(s) for &: 'NoneType' and 'int'"))
        return bus


def flaky_bus():
    return _FlakyBus()


def spec(**changes) -> KnockSpec:
    changes.setdefault("factory", functools.partial(choose, True))
    return KnockSpec(simulated=True, pins=pin_map.load(), stats_every=0.1, **changes)


@pytest.fixture
def knock():
    process = KnockProcess(spec(), Health(), ManualClock())
    yield process
    process.close()


def warmed_up(process: KnockProcess) -> None:
    """Wait (on the pipe) until the child has read half a second: the detector knows the table."""
    before = process._reader.stats.samples

    def read_enough() -> bool:
        return process.ready and process._reader.stats.samples > before + process.rate / 2

    assert process.wait_for(read_enough, TIMEOUT), process.health.warnings()


def test_a_knock_crosses_to_the_child_and_its_yes_comes_back(knock):
    warmed_up(knock)
    assert knock.pid != os.getpid() and knock.alive and knock.reader.answering
    knock.source.knock(0.9)
    decisions = knock.wait(TIMEOUT)
    assert [(d.answer, d.knocks) for d in decisions] == [("yes", 1)]
    assert decisions[0].t > 0.5 and decisions[0].at > 0  # its stream time and when it was made


def test_two_knocks_are_no_through_the_box_and_the_reader_reports_its_stats():
    box = Box.open(simulate=True, clock=ManualClock())  # listen: the process layout, as on the Pi
    try:
        knock = box.knock
        assert isinstance(knock, KnockProcess) and knock.rate == 860 and block_for(knock.rate) == 9
        assert knock.wait_for(lambda: knock.reader.stats.samples > 500, TIMEOUT), box.warnings()
        assert box.knock_now(0.9)
        knock.source.knock(0.9, after=0.25)  # the second knock a quarter second later, in the child's stream
        answers, deadline = [], time.monotonic() + TIMEOUT
        while not answers and time.monotonic() < deadline:
            knock.readable(0.1)  # wait on the pipe, as a frame would pass
            answers += box.update().answers
        assert [(a.name, a.source) for a in answers] == [("no", "knock")]
        (first, _), (second, wall) = list(knock.source.struck)
        assert abs(second - first - 0.25) < 0.01 and wall is not None
        assert knock.reader.mode == "RDY edge" and knock.reader.chip_conversions >= knock.reader.stats.samples
        stats = box.knock_stats()  # what the Pi-budget bench reads
        assert stats["pid"] == knock.pid and stats["read"] > 500
        # the share read is the bench's figure (>= 99.9 % on a Pi's budget); here, with the other
        # test worker busy on the same two cores, only that it is the reader's own count
        assert stats["read_share"] == pytest.approx(stats["read"] / stats["made"]) and 0 < stats["read_share"] <= 1.0
        assert stats["cpu_s"] > 0 and stats["restarts"] == 0 and stats["mode"] == "RDY edge"
        # the simulated piezo's physics is counted apart: the reader's own share is what a Pi spends
        assert 0 < stats["reader_cpu_s"] < knock.reader.cpu and knock.reader.physics_cpu > 0
    finally:
        box.close()
    assert not knock.alive


def test_a_killed_reader_process_is_reported_and_started_again_after_its_pause(knock):
    warmed_up(knock)
    first = knock.pid
    os.kill(first, signal.SIGKILL)
    knock.process.join(TIMEOUT)
    assert knock.poll() == []
    assert knock.health.warnings() == ["knocks: knocks are not heard: the knock reader process stopped "
                                       "(killed by signal 9); starting it again in 1 s"]
    knock.clock.advance(0.5)
    knock.poll()
    assert knock.pid == first  # not yet: the pause runs on the box's clock
    knock.clock.advance(0.5)
    knock.poll()
    assert knock.pid != first and knock.restarts == 1 and list(knock.deaths) == ["killed by signal 9"]
    warmed_up(knock)
    assert knock.health.warnings() == []  # the new child said it reads: the warning goes
    knock.source.knock(0.9)
    assert [d.answer for d in knock.wait(TIMEOUT)] == ["yes"]


def test_a_child_that_keeps_dying_waits_longer_each_time():
    process = KnockProcess(spec(), Health(), ManualClock())
    try:
        pauses = []
        for _ in range(3):
            assert process.wait_for(lambda: process.ready, TIMEOUT)
            os.kill(process.pid, signal.SIGKILL)
            process.process.join(TIMEOUT)
            process.poll()
            pauses.append(process._restart_at - process.clock.now())
            process.clock.advance(pauses[-1])
            process.poll()
        assert pauses == [1, 2, 4] and process.restarts == 3
    finally:
        process.close()


def test_a_missing_chip_is_a_warning_from_the_child_and_the_process_keeps_running():
    process = KnockProcess(spec(factory=absent_chip), Health(), ManualClock())
    try:
        assert process.wait_for(lambda: any("knock sensor" in w for w in process.health.warnings()), TIMEOUT)
        warnings = process.health.warnings()
        assert warnings == ["knock sensor: no ADS1115 answers at 0x48 on I2C bus 1: [Errno 121] Remote I/O error"]
        assert process.wait_for(lambda: process._reader.stats.held > 0, TIMEOUT)  # a flat stream, still read
        assert process.alive and not process.reader.answering and process.restarts == 0
    finally:
        process.close()


def test_close_leaves_no_child_process(knock):
    assert knock.wait_for(lambda: knock.ready, TIMEOUT)
    pid = knock.pid
    knock.close()
    assert not knock.alive and knock.process is not None
    assert pid not in [child.pid for child in multiprocessing.active_children()]
    assert not os.path.exists(f"/proc/{pid}")  # joined: not even a zombie
    knock.close()  # twice is harmless
    assert knock.poll() == []  # and a closed one is not started again


def test_a_child_that_does_not_stop_is_terminated_then_killed():
    process = KnockProcess(spec(), Health(), ManualClock())
    process.JOIN_TIMEOUT = 0.3
    assert process.wait_for(lambda: process.ready, TIMEOUT)
    pid = process.pid
    os.kill(pid, signal.SIGSTOP)  # it cannot read the "stop", nor act on SIGTERM
    process.close()
    assert not os.path.exists(f"/proc/{pid}") and process.process is not None


def test_a_calibration_take_records_through_the_pipe_and_new_settings_reach_the_child(knock):
    from firmware_py.knock.detector import KnockSettings

    assert knock.wait_for(lambda: knock.ready, TIMEOUT)
    knock.recording = []
    assert knock.wait_for(lambda: len(knock.recording) >= knock.rate // 2, TIMEOUT)
    knock.recording = None
    assert knock.recording is None
    settings = KnockSettings(threshold=9.0, gap=0.4)
    knock.use(settings)
    assert knock.detector.settings == settings and knock.spec.settings == settings  # a restarted child uses them too
    warmed_up(knock)
    knock.source.knock(0.9)
    decisions = knock.wait(TIMEOUT)
    assert [d.answer for d in decisions] == ["yes"]


def _app_that_dies(pids) -> None:
    """A stand-in app: opens the knock process, says its child's pid, then waits to be killed."""
    process = KnockProcess(spec(), Health(), ManualClock())
    process.wait_for(lambda: process.ready, TIMEOUT)
    pids.send(process.pid)
    pids.recv()  # until killed


def test_a_child_whose_app_dies_leaves_too():
    import select

    context = multiprocessing.get_context("spawn")
    ours, theirs = context.Pipe()
    app = context.Process(target=_app_that_dies, args=(theirs,))
    app.start()
    try:
        assert ours.poll(TIMEOUT)
        child = ours.recv()
        watch = os.pidfd_open(child)
        os.kill(app.pid, signal.SIGKILL)
        app.join(TIMEOUT)
        readable, _, _ = select.select([watch], [], [], TIMEOUT)  # wait on the child's exit, not a sleep
        assert readable == [watch], "the knock child outlived its app"
        os.close(watch)
    finally:
        if app.is_alive():
            app.kill()


def test_a_bus_that_throws_in_the_child_is_a_warning_that_clears_when_it_answers_again():
    health = Health()
    told: list[str] = []  # every warning the board was told, in turn: on a busy machine the parent
    # may read the warning and its clearing from the pipe in one go, and never see it standing
    health.listeners.append(lambda status: told.append(status.message if not status.ok else ""))
    process = KnockProcess(spec(factory=flaky_bus), health, ManualClock())
    try:
        said = "ADS1115 at 0x48 on I2C bus 1 stopped answering: " \
               "TypeError: unsupported operand type(s) for &: 'NoneType' and 'int'"
        assert process.wait_for(lambda: said in told, TIMEOUT), (told, health.warnings())
        assert process.wait_for(lambda: health.warnings() == [], TIMEOUT)  # configured again after 1 s
        assert told[told.index(said) + 1:].count("") >= 1  # and cleared after it
        assert process.wait_for(lambda: process._reader.answering, TIMEOUT) and process.restarts == 0
        warmed_up(process)
        process.source.knock(0.9)
        # (it failed once in a full run on a loaded machine: the samples held while the chip was
        # silent were fed to the detector, and a knock soon after it answered again was lost or
        # read as "no"; they are skipped now, see test_box's test_a_knock_just_after_the_chip_...)
        decided = process.wait(TIMEOUT)
        assert [d.answer for d in decided] == ["yes"], (decided, list(process.decisions), process._reader.stats, told)
    finally:
        process.close()


class _BrokenFactory(SimFactory):
    def adc_bus(self, pins, clock, settings):
        raise NotImplementedError("no I2C on this board")


def broken_factory():
    return _BrokenFactory()


def test_a_child_that_cannot_open_the_sensor_says_why_and_is_tried_again():
    process = KnockProcess(spec(factory=broken_factory), Health(), ManualClock())
    try:
        process.process.join(TIMEOUT)
        process.wait_for(lambda: bool(process.health.warnings()), TIMEOUT)
        assert process.health.warnings() == [
            "knocks: knocks are not heard: the knock sensor could not be opened (NotImplementedError: no I2C on "
            "this board); the knock reader process stopped; starting it again in 1 s"]
        process.clock.advance(1.0)
        process.poll()
        assert process.restarts == 1
    finally:
        process.close()


def test_a_child_that_cannot_be_started_is_a_warning_and_tried_again(monkeypatch):
    process = KnockProcess(spec(), Health(), ManualClock(), start=False)
    try:
        real = process.context.Process

        class NoMemory(real):
            def start(self):
                raise OSError(12, "Cannot allocate memory")  # what fork/exec says on a starved Pi

        monkeypatch.setattr(process.context, "Process", NoMemory)
        process.start()
        assert process.process is None and process.health.warnings() == [
            "knocks: knocks are not heard: the knock reader process could not be started "
            "(OSError: [Errno 12] Cannot allocate memory); starting it again in 1 s"]
        monkeypatch.setattr(process.context, "Process", real)
        process.clock.advance(1.0)
        process.poll()
        assert process.restarts == 1 and process.wait_for(lambda: process.ready, TIMEOUT)
        assert process.health.warnings() == []
    finally:
        process.close()
