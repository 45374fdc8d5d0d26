"""Contract tests of the ADS1115 reader, on the fake chip of ``sim.ads1115`` and on a
fake ``smbus2`` module: the register traffic (config word, RDY thresholds, byte order),
streaming at the data rate through the RDY edge and by polling, retries, faults and
recovery, the WAV recorder, and the fake chip's own register semantics.

Everything runs on a ManualClock: the fake chip's ``pass_time`` is the reader's idle."""

from __future__ import annotations

import itertools
import sys
import types
import wave
from array import array

import pytest
from gpiozero import DigitalInputDevice

from firmware_py import pins as pinmap
from firmware_py.clock import ManualClock
from firmware_py.factory import HardwareFactory
from firmware_py.health import Health
from firmware_py.knock import ads1115 as adc
from firmware_py.knock.ads1115 import (ADCNotFound, ADS1115, DEVICE, RDY_DEVICE, Reader, AdcSettings, AdcSettingsError,
                                       config_word, describe_config, open_reader, probe, record_wav)
from sim.ads1115 import BurstSource, FakeADS1115, Transfer
from sim.factory import SimFactory
from sim.pins import mock_factory

RDY = 17


def counter(start: int = 1):
    """A signal whose every sample is the conversion's number: gaps and repeats show."""
    return itertools.count(start)


class Bench:
    """A fake chip, its mock RDY pin and a reader, all on one ManualClock."""

    def __init__(self, source=None, *, settings: AdcSettings | None = None, rdy: bool = True,
                 chip_pulses: bool = True, **reader_options) -> None:
        self.clock = ManualClock(100.0)
        self.factory = mock_factory()
        self.health = Health()
        self.chip = FakeADS1115(source if source is not None else counter(), self.clock,
                                factory=self.factory if chip_pulses else None, alert_rdy=RDY)
        self.device = ADS1115(self.chip, 0x48, settings)
        self.reader = Reader(self.device, alert_rdy=RDY if rdy else None, pin_factory=self.factory,
                             clock=self.clock, health=self.health, idle=self.chip.pass_time, **reader_options)
        self.stream = self.reader.samples()

    def take(self, n: int) -> list[int]:
        return [next(self.stream) for _ in range(n)]


# -- the config word ------------------------------------------------------------------------
def test_default_config_word_is_the_hand_computed_0x02E0():
    # OS 0 | MUX 000 AIN0-AIN1 | PGA 001 ±4.096 V | MODE 0 continuous | DR 111 860 SPS | COMP 0 0 0 | QUE 00
    assert config_word() == 0b0_000_001_0_111_0_0_0_00 == 0x02E0
    assert AdcSettings().word == 0x02E0


@pytest.mark.parametrize("fields, word", [
    # single-ended AIN0, ±6.144 V, 475 SPS: 0 100 000 0 110 000 00
    (dict(mux="AIN0", full_scale=6.144, rate=475), 0x40C0),
    # AIN2-AIN3, ±0.256 V, 8 SPS, comparator off: 0 011 101 0 000 000 11
    (dict(mux="AIN2-AIN3", full_scale=0.256, rate=8, ready_pin=False), 0x3A03),
    # the power-on default without its OS bit: AIN0-AIN1 ±2.048 V single-shot 128 SPS, comparator off
    (dict(mux="AIN0-AIN1", full_scale=2.048, rate=128, continuous=False, ready_pin=False), 0x0583),
    # AIN3, ±1.024 V, 250 SPS: 0 111 011 0 101 000 00
    (dict(mux="AIN3", full_scale=1.024, rate=250), 0x76A0),
])
def test_config_word_from_named_fields(fields, word):
    assert config_word(**fields) == word


def test_power_on_default_is_single_shot_with_the_os_bit():
    assert config_word("AIN0-AIN1", 2.048, 128, continuous=False, ready_pin=False) | 0x8000 == adc.POWER_ON_CONFIG


def test_describe_config_reads_the_fields_back():
    assert describe_config(0x02E0) == "AIN0-AIN1, ±4.096 V, continuous, 860 SPS, ALERT/RDY after 1 conversion(s)"
    assert describe_config(0x8583) == "AIN0-AIN1, ±2.048 V, single-shot, 128 SPS, comparator off"


@pytest.mark.parametrize("fields, words", [
    (dict(rate=900), "8, 16, 32, 64, 128, 250, 475, 860 samples/s, not 900"),
    (dict(full_scale=5.0), "not 5.0"),
    (dict(mux="AIN4"), "not 'AIN4'"),
])
def test_settings_the_chip_cannot_do_are_refused_with_a_sentence(fields, words):
    with pytest.raises(AdcSettingsError, match=words):
        AdcSettings(**fields)


# -- register traffic and byte order ---------------------------------------------------------
def test_configure_writes_rdy_thresholds_then_the_config_word_and_reads_it_back():
    chip = FakeADS1115(counter(), ManualClock())
    ADS1115(chip).configure()
    assert list(chip.traffic) == [
        Transfer("write", 2, 0x0000),  # Lo_thresh MSB 0
        Transfer("write", 3, 0x8000),  # Hi_thresh MSB 1: ALERT/RDY is conversion-ready
        Transfer("write", 1, 0x02E0),
        Transfer("read", 1, 0x02E0),  # continuous: OS reads 0 (converting)
    ]
    assert chip.ready_pin_enabled and chip.continuous and chip.rate == 860


class WireBus:
    """Records the raw words smbus2 would be handed: SMBus words are little-endian."""

    def __init__(self, replies: dict[int, int]) -> None:
        self.writes: list[tuple[int, int, int]] = []
        self.replies = replies

    def write_word_data(self, address, register, value):
        self.writes.append((address, register, value))

    def read_word_data(self, address, register):
        return self.replies[register]


def test_words_are_byte_swapped_for_smbus_word_calls():
    bus = WireBus({1: 0xE002})  # the chip sends 0x02, 0xE0; SMBus packs the first byte low
    device = ADS1115(bus, 0x49)
    device.configure()
    assert bus.writes == [(0x49, 2, 0x0000), (0x49, 3, 0x0080), (0x49, 1, 0xE002)]
    assert device.read_config() == 0x02E0


@pytest.mark.parametrize("wire, counts", [(0xFFFF, -1), (0x0080, -32768), (0xFF7F, 32767), (0x0100, 1),
                                          (0x0000, 0), (0x3412, 0x1234), (0xCBED, -4661)])
def test_conversion_register_is_signed_big_endian(wire, counts):
    assert ADS1115(WireBus({0: wire})).read_conversion() == counts


@pytest.mark.parametrize("value", [-32768, -1, 0, 1, 1234, 32767])
def test_signed_samples_survive_the_fake_chip(value):
    bench = Bench(itertools.repeat(value))
    assert bench.take(3) == [value] * 3


def test_configure_refuses_a_device_that_does_not_keep_the_word():
    bus = WireBus({1: 0x3412})
    with pytest.raises(ADCNotFound, match="did not keep the config word 0x02e0 .* is it an ADS1115"):
        ADS1115(bus).configure()


# -- streaming --------------------------------------------------------------------------------
def test_rdy_edge_path_streams_every_conversion_at_the_data_rate():
    bench = Bench()
    values = bench.take(860)
    assert values == list(range(1, 861))  # no conversion lost, none read twice
    assert bench.reader.mode == adc.EDGE
    assert bench.clock.now() - 100.0 == pytest.approx(1.0, abs=1e-6)  # one second of samples
    assert bench.chip.pulses == 860 and bench.reader.stats.edges == 860 and bench.reader.stats.missed == 0
    reads = [t for t in bench.chip.traffic if t.op == "read" and t.register == 0]
    assert len(reads) == 860  # one read per edge: no polling of the config register
    assert bench.health.warnings() == []


def test_rdy_pin_pulses_low_once_per_conversion():
    bench = Bench()
    pin = bench.factory.pin(RDY)
    pin.clear_states()
    bench.take(5)
    assert [s.state for s in pin.states] == [True] + [False, True] * 5


@pytest.mark.parametrize("rate", [475, 860, 128])
def test_polling_path_streams_at_the_data_rate(rate):
    bench = Bench(settings=AdcSettings(rate=rate), rdy=False)
    values = bench.take(rate // 2)
    assert values == list(range(1, rate // 2 + 1))
    assert bench.reader.mode == adc.POLL
    assert bench.clock.now() - 100.0 == pytest.approx(0.5, abs=1.5 / rate)
    assert bench.health.warnings() == []


def test_a_slow_consumer_loses_conversions_but_keeps_time():
    bench = Bench(rdy=False)
    bench.take(10)
    bench.clock.advance(10 / 860)  # the consumer dawdled for ten sample periods
    values = bench.take(5)
    assert values[0] > 11 and values == list(range(values[0], values[0] + 5))
    assert bench.reader.stats.missed >= 9


def test_edges_missed_by_a_slow_consumer_are_counted():
    bench = Bench()
    bench.take(10)
    bench.clock.advance(10 / 860)  # ten conversions finish while nobody listens
    values = bench.take(3)
    assert values == [20, 21, 22]
    assert bench.reader.stats.missed == 9 and bench.reader.stats.edges == 22
    assert bench.reader.mode == adc.EDGE


def test_a_silent_rdy_wire_falls_back_to_polling_with_a_warning_and_comes_back():
    bench = Bench(chip_pulses=False)  # ALERT/RDY not connected
    first = bench.take(50)
    assert bench.reader.mode == adc.POLL
    assert first[1:] == list(range(first[1], first[1] + 49))  # steady once polling
    [warning] = bench.health.warnings()
    assert warning.startswith(RDY_DEVICE) and "GPIO17" in warning and "polling" in warning
    bench.chip.factory = bench.factory  # the wire is fixed: pulses arrive again
    bench.take(10)
    assert bench.reader.mode == adc.EDGE and bench.health.warnings() == []


def test_an_rdy_pin_that_cannot_be_opened_means_polling_with_a_warning():
    factory = mock_factory()
    holder = DigitalInputDevice(RDY, pin_factory=factory)  # someone else holds GPIO17
    clock, health = ManualClock(), Health()
    chip = FakeADS1115(counter(), clock, factory=factory, alert_rdy=RDY)
    reader = Reader(ADS1115(chip), alert_rdy=RDY, pin_factory=factory, clock=clock, health=health,
                    idle=chip.pass_time)
    stream = reader.samples()
    assert [next(stream) for _ in range(5)] == [1, 2, 3, 4, 5]
    assert reader.mode == adc.POLL
    assert any("GPIO17 (ALERT/RDY) could not be opened" in w for w in health.warnings())
    holder.close()


# -- I2C errors, faults and recovery ----------------------------------------------------------
@pytest.mark.parametrize("errno_", [121, 5])
def test_i2c_errors_are_retried_without_a_gap_or_a_warning(errno_):
    bench = Bench()
    bench.take(10)
    bench.chip.fail_next(2, errno_)
    assert bench.take(5) == [11, 12, 13, 14, 15]
    assert [t for t in bench.chip.traffic if t.op == "fail"] == [Transfer("fail", 0, errno_)] * 2
    assert bench.reader.stats.retried == 1 and bench.reader.stats.errors == 2
    assert bench.health.warnings() == []


def test_a_chip_that_stops_answering_is_a_warning_and_a_flat_stream_then_recovers():
    bench = Bench(retry_interval=0.5)
    bench.take(100)
    bench.chip.fail_between(bench.clock.now(), bench.clock.now() + 1.2)
    silent = bench.take(860)  # one second: the stream keeps its pace with the last value
    assert silent == [100] * 860
    assert bench.health.warnings() == [
        f"{DEVICE}: ADS1115 at 0x48 on I2C bus 1 stopped answering: [Errno 121] Remote I/O error"]
    assert bench.reader.answering is False
    writes_before = sum(1 for t in bench.chip.traffic if t.op == "write")
    later = bench.take(860)  # the chip answers from t+1.2; the next attempt configures it again
    assert bench.reader.answering and bench.health.warnings() == []
    fresh = [v for v in later if v != 100]
    assert fresh and fresh == list(range(fresh[0], fresh[0] + len(fresh)))
    rewritten = [t for t in list(bench.chip.traffic) if t.op == "write"][writes_before:]
    assert rewritten == [Transfer("write", 2, 0), Transfer("write", 3, 0x8000), Transfer("write", 1, 0x02E0)]
    assert bench.clock.now() - 100.0 == pytest.approx((100 + 860 + 860) / 860, abs=0.02)


def test_an_unplugged_chip_is_configured_again_when_plugged_back():
    bench = Bench(retry_interval=0.25)
    bench.take(20)
    bench.chip.unplug()
    bench.take(200)
    assert bench.health.warnings() and "stopped answering" in bench.health.warnings()[0]
    bench.chip.plug_in()  # a fresh chip: power-on registers, single-shot
    assert bench.chip.config == 0x0583
    bench.take(300)
    assert bench.chip.config == 0x02E0 and bench.chip.ready_pin_enabled
    assert bench.reader.mode == adc.EDGE and bench.health.warnings() == []


def test_a_brown_out_reset_is_noticed_and_the_chip_configured_again():
    bench = Bench()
    bench.take(10)
    bench.chip.power_cycle()  # back to single-shot: no more pulses
    values = bench.take(100)
    assert values[0] == 10  # held while it was configured again, no jump to the reset value
    assert values[1:] == list(range(values[1], values[1] + 99))
    assert bench.chip.config == 0x02E0 and bench.reader.mode == adc.EDGE
    assert bench.health.warnings() == []


def test_a_stuck_converter_is_a_warning_that_clears_when_it_converts_again():
    bench = Bench()
    bench.take(10)
    bench.chip.stuck = True
    assert bench.take(1200) == [10] * 1200
    [warning] = bench.health.warnings()
    assert warning == f"{DEVICE}: ADS1115 at 0x48 on I2C bus 1 gives the same reading (10) over and over: " \
                      "its conversions have stopped"
    bench.chip.stuck = False
    values = bench.take(50)
    assert values[-1] > 10 and bench.health.warnings() == []


def test_an_absent_chip_is_a_warning_not_a_crash():
    bench = Bench()
    bench.chip.unplug()  # before the reader's first word to it
    assert bench.take(430) == [0] * 430
    assert bench.health.warnings() == [
        f"{DEVICE}: no ADS1115 answers at 0x48 on I2C bus 1: [Errno 121] Remote I/O error"]
    assert bench.clock.now() - 100.0 == pytest.approx(0.5, abs=0.01)  # still paced at the data rate
    assert all(t.op == "fail" for t in bench.chip.traffic)


@pytest.mark.parametrize("error, said", [
    (TypeError("unsupported operand type(s) for &: 'NoneType' and 'int'"),
     "TypeError: unsupported operand type(s) for &: 'NoneType' and 'int'"),
    (ValueError("bad word"), "ValueError: bad word"),
    (AttributeError(), "AttributeError"),
    (OSError(5, "Input/output error"), "[Errno 5] Input/output error"),
])
def test_any_bus_fault_is_a_warning_and_a_flat_stream_then_recovers(error, said):
    """A bus library's TypeError used to end the stream (and with it the knock thread, silently)."""
    bench = Bench()
    bench.take(10)
    start = bench.clock.now()
    bench.chip.fail_between(start, start + 0.5, error)
    assert bench.take(200) == [10] * 200  # paced, flat: no knocks, no crash
    assert bench.health.warnings() == [f"{DEVICE}: ADS1115 at 0x48 on I2C bus 1 stopped answering: {said}"]
    while not bench.reader.answering:
        bench.take(1)
    assert bench.health.warnings() == []
    fresh = bench.take(5)
    assert fresh == list(range(fresh[0], fresh[0] + 5))


def test_a_chip_that_stays_silent_is_tried_less_and_less_often():
    """The pause before each attempt to wake it doubles (on the injected clock), up to a limit."""
    bench = Bench(retry_interval=0.25, max_retry_interval=1.0)
    bench.take(10)
    start = bench.clock.now()
    bench.chip.fail_between(start, start + 5.0, TypeError("no bus"))
    attempts = []
    while bench.clock.now() < start + 5.0:
        before = sum(1 for t in bench.chip.traffic if t.op == "fail")
        bench.take(1)
        if sum(1 for t in bench.chip.traffic if t.op == "fail") > before:
            attempts.append(round(bench.clock.now() - start, 2))
    gaps = [round(b - a, 2) for a, b in zip(attempts, attempts[1:])]
    assert gaps[:4] == pytest.approx([0.25, 0.5, 1.0, 1.0], abs=0.01)
    assert all(gap == pytest.approx(1.0, abs=0.01) for gap in gaps[3:])
    while not bench.reader.answering:
        bench.take(1)
    assert bench.clock.now() - start <= 5.0 + 1.0 + 0.01 and bench.reader.pause == 0.25


def test_a_bus_fault_before_the_first_word_is_a_warning():
    bench = Bench()
    bench.chip.fail_next(1, TypeError("smbus2 wants an int"))
    assert bench.take(100) == [0] * 100
    assert bench.health.warnings() == [
        f"{DEVICE}: no ADS1115 answers at 0x48 on I2C bus 1: TypeError: smbus2 wants an int"]


def test_close_releases_the_rdy_pin_and_ends_the_stream():
    closed = []
    bench = Bench(on_close=[lambda: closed.append(True)])
    bench.take(3)
    bench.reader.close()
    assert list(bench.stream) == [] and closed == [True]
    DigitalInputDevice(RDY, pin_factory=bench.factory).close()  # the pin is free again


# -- probe (for `companion doctor`) ------------------------------------------------------------
def test_probe_finds_a_fresh_chip_and_a_configured_one():
    chip = FakeADS1115(counter(), ManualClock())
    assert probe(chip, 0x48)  # power-on default 0x8583
    ADS1115(chip).configure()
    assert probe(chip, 0x48)  # our word
    assert not probe(chip, 0x49)  # nothing at that address
    chip.unplug()
    assert not probe(chip, 0x48)


def test_probe_refuses_a_device_with_a_foreign_config_register():
    assert not probe(WireBus({1: 0x3412}), 0x48)


def test_probe_of_a_bus_that_throws_finds_nothing():
    chip = FakeADS1115(counter(), ManualClock())
    chip.fail_next(1, TypeError("no bus"))
    assert not probe(chip, 0x48)


# -- record_wav -------------------------------------------------------------------------------
def test_record_wav_writes_mono_16_bit_at_the_reader_rate(tmp_path):
    source = itertools.cycle([0, 1, -1, 32767, -32768, 1234])
    bench = Bench(source, settings=AdcSettings(rate=475))
    path = tmp_path / "table.wav"
    assert record_wav(path, 2.5, bench.reader) == round(2.5 * 475)
    with wave.open(str(path), "rb") as wav:
        assert (wav.getnchannels(), wav.getsampwidth(), wav.getframerate()) == (1, 2, 475)
        assert wav.getnframes() == 1188
        frames = array("h", wav.readframes(wav.getnframes()))
    if sys.byteorder == "big":
        frames.byteswap()
    expected = list(itertools.islice(itertools.cycle([0, 1, -1, 32767, -32768, 1234]), 1188))
    assert list(frames) == expected
    assert bench.clock.now() - 100.0 == pytest.approx(2.5, abs=0.01)
    assert not bench.reader.closed  # a reader handed in stays open for its owner


@pytest.mark.parametrize("seconds", [0, -1, float("nan"), float("inf"), "5", True])
def test_record_wav_refuses_a_length_that_is_not_positive(tmp_path, seconds):
    with pytest.raises(ValueError, match="positive number of seconds"):
        record_wav(tmp_path / "x.wav", seconds, reader=None)


# -- open_reader: the simulated path and the real path on a fake smbus2 -----------------------
@pytest.fixture
def pins():
    return pinmap.load()


def test_open_reader_simulated_streams_the_fake_chip(pins):
    clock = ManualClock()
    source = BurstSource(860, seed=1, knocks=[0.1])
    reader = open_reader(SimFactory(knock_source=source), pins, clock=clock)
    try:
        assert reader.rate == 860 and isinstance(reader.device.bus, FakeADS1115) and reader.source is source
        values = list(itertools.islice(reader.samples(), 172))
        assert reader.mode == adc.EDGE and reader.stats.edges == 172
        assert max(abs(v) for v in values[:80]) < 30  # quiet table noise
        assert max(abs(v) for v in values[86:110]) > 2000  # the knock at 0.1 s
        assert clock.now() == pytest.approx(0.2, abs=1e-6)
    finally:
        reader.close()
    assert reader.device.bus.closed


def test_open_reader_simulated_default_source_knocks_on_demand(pins):
    clock = ManualClock()
    reader = open_reader(SimFactory(), pins, clock=clock)
    stream = reader.samples()
    quiet = [next(stream) for _ in range(86)]
    reader.source.knock(1.0)  # sim.piezo's LivePiezo when present, else a BurstSource
    loud = [next(stream) for _ in range(20)]
    reader.close()
    assert all(isinstance(v, int) for v in quiet + loud)
    assert max(abs(v - quiet[0]) for v in loud) > 5 * max(abs(v - quiet[0]) for v in quiet)


class FakeSMBusModule(types.ModuleType):
    """A stand-in for the smbus2 package: ``SMBus(n)`` opens a fake chip (or fails)."""

    def __init__(self, chip: FakeADS1115 | None, error: OSError | None = None) -> None:
        super().__init__("smbus2")
        self.opened: list[int] = []
        module = self

        class SMBus:
            def __new__(cls, bus):
                module.opened.append(bus)
                if error is not None:
                    raise error
                return chip

        self.SMBus = SMBus


def test_open_reader_real_path_on_a_fake_smbus2_and_mock_pins(pins, monkeypatch):
    clock = ManualClock()
    factory = mock_factory()
    chip = FakeADS1115(counter(), clock, factory=factory, alert_rdy=pins.adc_alert_rdy)
    fake = FakeSMBusModule(chip)
    monkeypatch.setitem(sys.modules, "smbus2", fake)
    reader = open_reader(HardwareFactory(factory), pins, clock=clock, idle=chip.pass_time)
    assert fake.opened == [pins.i2c_bus]
    assert reader.source is None  # the real path: a bus, no simulated signal
    assert list(chip.traffic)[:3] == [Transfer("write", 2, 0), Transfer("write", 3, 0x8000),
                                      Transfer("write", 1, 0x02E0)]
    stream = reader.samples()
    assert [next(stream) for _ in range(100)] == list(range(1, 101))
    assert reader.mode == adc.EDGE and reader.stats.edges == 100
    assert len([t for t in chip.traffic if t.op == "write"]) == 3  # configured once, not again by the reader
    reader.close()
    assert chip.closed
    DigitalInputDevice(pins.adc_alert_rdy, pin_factory=factory).close()


@pytest.mark.parametrize("error, words", [
    (FileNotFoundError(2, "No such file or directory"), "I2C bus 1 is not there .*raspi-config"),
    (PermissionError(13, "Permission denied"), "add this user to the i2c group"),
])
def test_open_reader_real_path_without_the_bus_is_a_sentence(pins, monkeypatch, error, words):
    monkeypatch.setitem(sys.modules, "smbus2", FakeSMBusModule(None, error))
    with pytest.raises(ADCNotFound, match=words):
        open_reader(HardwareFactory(mock_factory()), pins, clock=ManualClock())


def test_open_reader_real_path_without_smbus2_is_a_sentence(pins, monkeypatch):
    monkeypatch.setitem(sys.modules, "smbus2", None)  # import smbus2 raises ImportError
    with pytest.raises(ADCNotFound, match="smbus2 package is not installed"):
        open_reader(HardwareFactory(mock_factory()), pins, clock=ManualClock())


def test_open_reader_real_path_absent_chip_strict_is_a_sentence(pins, monkeypatch):
    chip = FakeADS1115(counter(), ManualClock(), present=False)
    monkeypatch.setitem(sys.modules, "smbus2", FakeSMBusModule(chip))
    with pytest.raises(ADCNotFound) as caught:
        open_reader(HardwareFactory(mock_factory()), pins, clock=ManualClock())
    assert str(caught.value) == ("no ADS1115 answers at 0x48 on I2C bus 1 ([Errno 121] Remote I/O error); "
                                 "check its wiring (SDA GPIO2, SCL GPIO3, 3.3 V, ground) and its ADDR pin")
    assert chip.closed


def test_open_reader_real_path_absent_chip_lenient_is_a_warning_and_a_flat_stream(pins, monkeypatch):
    clock = ManualClock()
    chip = FakeADS1115(counter(), clock, present=False)
    monkeypatch.setitem(sys.modules, "smbus2", FakeSMBusModule(chip))
    health = Health()
    reader = open_reader(HardwareFactory(mock_factory()), pins, clock=clock, health=health,
                         idle=chip.pass_time, strict=False)
    stream = reader.samples()
    assert [next(stream) for _ in range(10)] == [0] * 10
    assert health.warnings() == [f"{DEVICE}: no ADS1115 answers at 0x48 on I2C bus 1: [Errno 121] Remote I/O error"]
    reader.close()


def test_open_reader_lenient_without_the_bus_keeps_a_warning(pins, monkeypatch):
    monkeypatch.setitem(sys.modules, "smbus2", FakeSMBusModule(None, FileNotFoundError(2, "missing")))
    clock, health = ManualClock(), Health()
    reader = open_reader(HardwareFactory(mock_factory()), pins, clock=clock, health=health,
                         idle=clock.advance, strict=False)
    stream = reader.samples()
    assert [next(stream) for _ in range(3)] == [0, 0, 0]
    assert len(health.warnings()) == 1 and "raspi-config" in health.warnings()[0]
    reader.close()


# -- the fake chip's own register semantics ------------------------------------------------------
def test_fake_chip_pointer_register_and_byte_reads():
    chip = FakeADS1115(counter(), ManualClock())
    chip.write_byte(0x48, 1)  # pointer -> config
    assert chip.read_byte(0x48) == 0x85  # MSB of 0x8583
    assert chip.read_i2c_block_data(0x48, 3, 2) == [0x7F, 0xFF]  # Hi_thresh power-on value
    chip.write_i2c_block_data(0x48, 2, [0x12, 0x34])
    assert chip.registers[2] == 0x1234 and chip.pointer == 2
    with pytest.raises(OSError):
        chip.write_byte(0x48, 4)  # the pointer's upper bits must be zero


def test_fake_chip_single_shot_os_bit_reads_busy_then_done():
    clock = ManualClock()
    chip = FakeADS1115(counter(5), clock)
    device = ADS1115(chip)
    device.write_register(1, 0x8583)  # start one conversion at 128 SPS
    assert device.read_config() == 0x0583  # OS 0: converting
    clock.advance(1 / 128)
    assert device.read_config() == 0x8583  # OS 1: done, powered down
    assert device.read_conversion() == 5
    clock.advance(1.0)
    assert device.read_conversion() == 5 and chip.conversions == 1  # single-shot: only one


def test_fake_chip_continuous_conversions_follow_the_clock_and_never_block():
    clock = ManualClock()
    chip = FakeADS1115(counter(), clock)
    ADS1115(chip).configure()
    clock.advance(0.5)
    assert ADS1115(chip).read_conversion() == 430 and chip.conversions == 430  # 860 SPS × 0.5 s
    assert ADS1115(chip).read_conversion() == 430  # a read between conversions: the latest one


def test_fake_chip_pulses_rdy_only_when_the_thresholds_ask_for_it():
    clock, factory = ManualClock(), mock_factory()
    chip = FakeADS1115(counter(), clock, factory=factory, alert_rdy=RDY)
    device = ADS1115(chip)
    device.write_register(1, 0x02E0)  # continuous, COMP_QUE 00, but thresholds at their defaults
    clock.advance(0.1)
    chip.update()
    assert chip.pulses == 0
    device.write_register(2, 0x0000)
    device.write_register(3, 0x8000)
    device.write_register(1, 0x02E3)  # COMP_QUE 11: comparator (and RDY) off
    clock.advance(0.1)
    chip.update()
    assert chip.pulses == 0
    device.write_register(1, 0x02E0)
    clock.advance(0.1)
    chip.update()
    assert chip.pulses == 86


def test_fake_chip_thresholds_are_stored_and_conversion_is_read_only():
    chip = FakeADS1115(counter(), ManualClock())
    device = ADS1115(chip)
    device.write_register(2, 0xABCD)
    device.write_register(0, 0x1111)
    assert device.read_register(2) == 0xABCD and device.read_register(0) == 0x0000


def test_fake_chip_traffic_can_be_bounded_for_long_simulations():
    clock = ManualClock()
    chip = FakeADS1115(counter(), clock, record=10)
    reader = Reader(ADS1115(chip), clock=clock, idle=chip.pass_time)
    list(itertools.islice(reader.samples(), 100))
    assert len(chip.traffic) == 10 and chip.traffic[-1].op == "read"


def test_burst_source_is_deterministic_and_knocks():
    a, b = BurstSource(860, seed=3, knocks=[0.05]), BurstSource(860, seed=3, knocks=[0.05])
    first = [a() for _ in range(100)]
    assert first == [b() for _ in range(100)]
    assert max(abs(v) for v in first[:40]) < 20 and max(abs(v) for v in first[43:60]) > 3000
