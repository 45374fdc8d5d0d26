"""The reader's sleep on the ALERT/RDY edge, on real threads (the knock process's way on a
Pi): an edge wakes it at once, an edge before it sleeps is not lost, and several edges
count as conversions missed — no clock is advanced and nothing sleeps when an edge came."""

from __future__ import annotations

import threading
import time

from firmware_py.clock import SystemClock
from firmware_py.knock.ads1115 import EDGE, ADS1115, Reader
from sim.ads1115 import FakeADS1115
from sim.pins import mock_factory, pulse_low

RDY = 17
TIMEOUT = 10.0


def edge_reader():
    factory = mock_factory()
    chip = FakeADS1115(lambda: 5, factory=factory, alert_rdy=RDY)
    reader = Reader(ADS1115(chip), alert_rdy=RDY, pin_factory=factory, clock=SystemClock())
    reader._start()  # configures the chip; the pin is open: the edge path
    assert reader.mode == EDGE and reader.answering and reader.idle is None
    return reader, factory


def test_an_edge_before_the_reader_sleeps_wakes_it_at_once():
    reader, factory = edge_reader()
    pulse_low(factory, RDY)
    pulse_low(factory, RDY)  # a second edge before it woke: counted, one wake-up pending
    begin = time.monotonic()
    reader._idle(TIMEOUT)
    assert time.monotonic() - begin < TIMEOUT / 2 and reader._edge_count == 2
    assert reader._await_edge() and reader.stats.edges == 2 and reader.stats.missed == 1
    reader.close()


def test_an_edge_from_another_thread_wakes_the_sleeping_reader():
    reader, factory = edge_reader()
    asleep = threading.Event()
    woke = []

    def sleeper():
        asleep.set()
        begin = time.monotonic()
        reader._idle(TIMEOUT)
        woke.append(time.monotonic() - begin)

    thread = threading.Thread(target=sleeper)
    thread.start()
    asleep.wait(TIMEOUT)
    pulse_low(factory, RDY)  # gpiozero's callback, as its thread would call it on a Pi
    thread.join(TIMEOUT)
    assert woke and woke[0] < TIMEOUT / 2
    reader.close()


def test_without_an_edge_the_wait_ends_at_its_timeout():
    reader, _ = edge_reader()
    begin = time.monotonic()
    reader._idle(0.0)
    assert time.monotonic() - begin < TIMEOUT / 2 and reader._edge_count == 0
    reader.close()
