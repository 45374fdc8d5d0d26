"""The ADS1115 reader's own cost per sample (``make bench adc``): what the Pi spends
besides the I2C transfer itself, and what the simulated chip costs on a desktop."""

from __future__ import annotations

import itertools
import time

from firmware_py.clock import ManualClock
from firmware_py.knock.ads1115 import ADS1115, Reader
from sim.ads1115 import FakeADS1115
from sim.pins import mock_factory
from tests.bench import Options, Row, benchmark, one_core

RATE = 860


class InstantBus:
    """A bus that answers at once with a config readback that matches, then a ramp."""

    def __init__(self) -> None:
        self.n = 0

    def write_word_data(self, address, register, value):
        self.config = value if register == 1 else getattr(self, "config", 0)

    def read_word_data(self, address, register):
        if register == 1:
            return self.config
        self.n = (self.n + 1) & 0x7FFF
        return ((self.n & 0xFF) << 8) | (self.n >> 8)

    def close(self):
        pass


def _per_sample(stream, count: int) -> float:
    next(stream)
    start = time.perf_counter()
    for _ in itertools.islice(stream, count):
        pass
    return (time.perf_counter() - start) / count


@benchmark("adc")
def bench_adc(options: Options) -> list[Row]:
    count = 20_000 if options.quick else 200_000
    with one_core():
        clock = ManualClock()
        reader = Reader(ADS1115(InstantBus()), clock=clock, idle=clock.advance)
        polling = _per_sample(reader.samples(), count)

        clock = ManualClock()
        factory = mock_factory()
        chip = FakeADS1115(itertools.cycle(range(-1000, 1000)), clock, factory=factory, alert_rdy=17, record=64)
        reader = Reader(ADS1115(chip), alert_rdy=17, pin_factory=factory, clock=clock, idle=chip.pass_time)
        simulated = _per_sample(reader.samples(), count // 4)
        reader.close()
    return [
        Row("ADS1115 reader, µs per sample (bus excluded)", polling * 1e6, "µs",
            note="polling path on an instant bus"),
        Row("ADS1115 reader, share of one core at 860 samples/s", polling * RATE * 100, "%",
            note="on this machine; a Pi Zero 2 is several times slower"),
        Row("simulated chip + RDY edge + reader, µs per sample", simulated * 1e6, "µs",
            target=("<", 1e6 / RATE), note="must stay below one sample period for the live simulation"),
    ]
