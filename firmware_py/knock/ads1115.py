"""The knock sensor's ADC: an ADS1115 on I2C (smbus2), streaming the piezo at 860 samples/s.

The chip runs in continuous mode, so it paces the samples itself; its ALERT/RDY pin
pulses low after every conversion and the :class:`Reader` reads the conversion register
on that falling edge (a gpiozero ``DigitalInputDevice`` with the pull-up).  Without the
pin the reader polls at the data rate on the injected clock.  I2C errors are retried a
few times; a chip that stays silent — or a bus that fails in any other way, such as a
bus library raising TypeError — becomes a :class:`~firmware_py.health.Health` warning
while the stream holds its last value at the data rate (a flat line: no knocks, no
crash), and the reader tries to configure the chip again after a pause that doubles
each time it fails (``retry_interval`` up to ``max_retry_interval``).  See docs/adc.md.

The config word is built from named fields (datasheet SBAS444, "Config Register"):

    bit  15   OS         write 1 starts a single-shot conversion; reads 0 while converting
    14:12     MUX        000 = AIN0-AIN1 … 100 = AIN0-GND …
    11:9      PGA        000 ±6.144 V, 001 ±4.096 V, 010 ±2.048 V, 011 ±1.024 V, 100 ±0.512 V, 101 ±0.256 V
    8         MODE       0 = continuous, 1 = single-shot (power-down between)
    7:5       DR         000 8 … 110 475, 111 860 samples/s
    4         COMP_MODE  0 = traditional comparator
    3         COMP_POL   0 = ALERT/RDY active low
    2         COMP_LAT   0 = non-latching
    1:0       COMP_QUE   00 = assert after one conversion … 11 = comparator off, pin idle

With Hi_thresh = 0x8000 and Lo_thresh = 0x0000 the comparator becomes conversion-ready:
``config_word()`` = 0x02E0 (AIN0-AIN1, ±4.096 V, continuous, 860 SPS, COMP_QUE 00).
Words go most-significant byte first on the wire; smbus2's word calls are little-endian,
so every word is byte-swapped here.
"""

from __future__ import annotations

import errno
import logging
import math
import sys
import threading
import time
import wave
from array import array
from dataclasses import dataclass
from itertools import islice
from pathlib import Path
from typing import Any, Callable, Iterator, NamedTuple

from firmware_py.clock import Clock, SystemClock
from firmware_py.health import Health, describe

log = logging.getLogger("planchette.hardware")

DEVICE = "knock sensor"  # the Health board's name for the ADC
RDY_DEVICE = "knock sensor ALERT/RDY"

REG_CONVERSION, REG_CONFIG, REG_LO_THRESH, REG_HI_THRESH = 0, 1, 2, 3
POWER_ON_CONFIG = 0x8583  # single-shot, AIN0-AIN1, ±2.048 V, 128 SPS, comparator off
OS_BIT = 0x8000
RDY_LO_THRESH, RDY_HI_THRESH = 0x0000, 0x8000  # Lo MSB 0, Hi MSB 1: conversion-ready

MUX = {"AIN0-AIN1": 0b000, "AIN0-AIN3": 0b001, "AIN1-AIN3": 0b010, "AIN2-AIN3": 0b011,
       "AIN0": 0b100, "AIN1": 0b101, "AIN2": 0b110, "AIN3": 0b111}
PGA = {6.144: 0b000, 4.096: 0b001, 2.048: 0b010, 1.024: 0b011, 0.512: 0b100, 0.256: 0b101}
DATA_RATES = {8: 0b000, 16: 0b001, 32: 0b010, 64: 0b011, 128: 0b100, 250: 0b101, 475: 0b110, 860: 0b111}
COMP_QUE_OFF = 0b11
COMP_QUE_ONE = 0b00  # assert ALERT/RDY after one conversion: a pulse per conversion


class AdcSettingsError(ValueError):
    """ADC settings the chip cannot do, in a sentence."""


class ADCNotFound(RuntimeError):
    """No usable ADS1115: the bus, the package or the chip is missing, in a sentence."""


@dataclass(frozen=True)
class AdcSettings:
    """What the chip converts: the input pair (MUX), the full-scale range in volts
    (PGA) and the data rate in samples/s.  The default reads the piezo differentially
    against its mid-supply bias at the fastest rate."""

    mux: str = "AIN0-AIN1"
    full_scale: float = 4.096
    rate: int = 860

    def __post_init__(self) -> None:
        if self.mux not in MUX:
            raise AdcSettingsError(f"the ADS1115 input must be one of {', '.join(MUX)}, not {self.mux!r}")
        if self.full_scale not in PGA:
            ranges = ", ".join(f"{v:g}" for v in PGA)
            raise AdcSettingsError(f"the ADS1115 full-scale range must be one of ±{ranges} V, not {self.full_scale!r}")
        if isinstance(self.rate, bool) or self.rate not in DATA_RATES:
            rates = ", ".join(str(r) for r in DATA_RATES)
            raise AdcSettingsError(f"the ADS1115 converts at {rates} samples/s, not {self.rate!r}")

    @property
    def word(self) -> int:
        return config_word(self.mux, self.full_scale, self.rate)


def config_word(mux: str = "AIN0-AIN1", full_scale: float = 4.096, rate: int = 860,
                continuous: bool = True, ready_pin: bool = True) -> int:
    """The config register for these fields (OS = 0: nothing to start in continuous mode).
    ``ready_pin`` keeps the comparator on (COMP_QUE 00) so ALERT/RDY can pulse."""
    AdcSettings(mux, full_scale, rate)  # refuses what the chip cannot do
    return (MUX[mux] << 12 | PGA[full_scale] << 9 | (0 if continuous else 1) << 8 | DATA_RATES[rate] << 5
            | 0 << 4 | 0 << 3 | 0 << 2 | (COMP_QUE_ONE if ready_pin else COMP_QUE_OFF))


def describe_config(word: int) -> str:
    """A config word in words, for `companion doctor` and the logs."""
    mux = {v: k for k, v in MUX.items()}[(word >> 12) & 0b111]
    pga = {v: k for k, v in PGA.items()}.get((word >> 9) & 0b111, 0.256)
    rate = {v: k for k, v in DATA_RATES.items()}[(word >> 5) & 0b111]
    mode = "single-shot" if word & 0x0100 else "continuous"
    queue = word & 0b11
    comparator = "comparator off" if queue == COMP_QUE_OFF else f"ALERT/RDY after {1 << queue} conversion(s)"
    return f"{mux}, ±{pga:g} V, {mode}, {rate} SPS, {comparator}"


def swap_bytes(word: int) -> int:
    return ((word & 0xFF) << 8) | ((word >> 8) & 0xFF)


def to_signed(word: int) -> int:
    """A 16-bit two's-complement register value as an int (0xFFFF -> -1)."""
    return word - 0x10000 if word & 0x8000 else word


class ADS1115:
    """The chip on an injected bus (anything with smbus2's ``SMBus`` word methods)."""

    def __init__(self, bus: Any, address: int = 0x48, settings: AdcSettings | None = None, bus_number: int = 1) -> None:
        self.bus = bus
        self.address = address
        self.settings = settings or AdcSettings()
        self.bus_number = bus_number
        self.configured = False

    @property
    def name(self) -> str:
        return f"ADS1115 at {self.address:#04x} on I2C bus {self.bus_number}"

    def write_register(self, register: int, value: int) -> None:
        self.bus.write_word_data(self.address, register, swap_bytes(value & 0xFFFF))

    def read_register(self, register: int) -> int:
        return swap_bytes(self.bus.read_word_data(self.address, register))

    def configure(self) -> None:
        """Thresholds for conversion-ready first (so the first conversion already pulses),
        then the config word, read back to be sure an ADS1115 kept it.  OSError on an I2C
        error; ADCNotFound when the device at the address does not hold the word."""
        self.configured = False
        self.write_register(REG_LO_THRESH, RDY_LO_THRESH)
        self.write_register(REG_HI_THRESH, RDY_HI_THRESH)
        word = self.settings.word
        self.write_register(REG_CONFIG, word)
        back = self.read_config()
        if back & 0x7FFF != word & 0x7FFF:
            raise ADCNotFound(f"the device at {self.address:#04x} on I2C bus {self.bus_number} did not keep "
                              f"the config word {word:#06x} (it reads {back:#06x}); is it an ADS1115?")
        self.configured = True

    def read_config(self) -> int:
        return self.read_register(REG_CONFIG)

    def read_conversion(self) -> int:
        """The latest conversion, signed counts (big-endian two's complement on the wire)."""
        return to_signed(self.read_register(REG_CONVERSION))


def probe(bus: Any, address: int = 0x48, settings: AdcSettings | None = None) -> bool:
    """Is there an ADS1115 at ``address``?  Its config register reads the power-on
    default 0x8583 or the word this reader writes (any OS bit).  For `companion doctor`."""
    try:
        word = swap_bytes(bus.read_word_data(address, REG_CONFIG))
    except Exception:  # an I2C error, or whatever else the bus library throws: no chip to speak of
        return False
    ours = (settings or AdcSettings()).word
    return word == POWER_ON_CONFIG or word & 0x7FFF == ours & 0x7FFF


@dataclass
class ReaderStats:
    samples: int = 0  # conversions read
    missed: int = 0  # conversions that finished without being read (the reader was late)
    held: int = 0  # samples given while the chip was silent (the last value repeated)
    errors: int = 0  # I2C errors seen
    retried: int = 0  # reads that succeeded after a retry
    edges: int = 0  # ALERT/RDY falling edges seen


EDGE, POLL = "RDY edge", "polling"


class Reader:
    """Streams the chip's conversions: ``for value in reader.samples(): ...``.

    ``alert_rdy`` is the BCM pin wired to ALERT/RDY (None: poll), ``pin_factory`` the
    gpiozero factory to open it with.  ``idle(seconds)`` lets time pass and may return
    early: by default it waits for the next RDY edge (or sleeps when polling); tests and
    the simulation pass the fake chip's ``pass_time`` on a ``ManualClock``.
    """

    def __init__(self, device: ADS1115, *, alert_rdy: int | None = None, pin_factory: Any = None,
                 clock: Clock | None = None, health: Health | None = None,
                 idle: Callable[[float], None] | None = None, retries: int = 3, retry_interval: float = 1.0,
                 max_retry_interval: float = 30.0, edge_timeout: float = 0.25, stuck_after: float = 1.0,
                 on_close: list[Callable[[], None]] | None = None) -> None:
        self.device = device
        self.alert_rdy = alert_rdy
        self.pin_factory = pin_factory
        self.clock = clock if clock is not None else SystemClock()
        self.health = health if health is not None else Health()
        self.idle = idle
        self.retries = retries  # extra attempts per transfer before the chip counts as silent
        self.retry_interval = retry_interval  # s before the first attempt to wake a silent chip
        self.max_retry_interval = max_retry_interval  # each failed attempt doubles the wait, up to this
        self.pause = retry_interval  # the wait before the next attempt
        self.edge_timeout = edge_timeout  # s without an RDY edge before looking into why
        self.stuck_after = stuck_after  # s of identical readings that mean the converter stopped
        self.on_close = list(on_close or [])
        self.stats = ReaderStats()
        self.rate = device.settings.rate
        self.period = 1.0 / self.rate
        self.mode = POLL
        self.answering = False  # the chip answers and is configured
        self.closed = False
        self._started = False
        self._ready: Any = None  # the gpiozero device on ALERT/RDY
        self._wake = threading.Lock()  # released by an RDY edge: a binary semaphore (see _on_ready)
        self._wake.acquire()
        self._edge_count = 0  # written by gpiozero's callback (its own thread on a Pi)
        self._edges_seen = 0
        self._edges_when_polling = 0
        self._due: float | None = None
        self._next_probe = 0.0
        self._hold = 0
        self._same = 0
        self._stuck = False
        self._open_ready_pin()

    # -- set-up -------------------------------------------------------------------------
    def _open_ready_pin(self) -> None:
        if self.alert_rdy is None:
            return
        try:
            from gpiozero import DigitalInputDevice

            self._ready = DigitalInputDevice(self.alert_rdy, pull_up=True, pin_factory=self.pin_factory)
        except Exception as error:  # any gpiozero or pin-library fault: poll instead
            self.health.fail(RDY_DEVICE, f"GPIO{self.alert_rdy} (ALERT/RDY) could not be opened ({_say(error)}); "
                                         "reading the ADC by polling instead")
            return
        # Listen on the pin itself, to falling edges only: gpiozero's device events (both
        # edges, each through its event machinery and two threading.Events) cost more than
        # the reader and the detector together, 860 times a second.
        pin = self._ready.pin
        pin.edges = "falling"
        pin.when_changed = self._on_edge
        self.mode = EDGE

    def _on_edge(self, ticks: Any, state: Any) -> None:
        """The pin's callback (gpiozero's thread on a Pi): a falling edge is a conversion."""
        if not state:
            self._on_ready()

    def _on_ready(self) -> None:
        """gpiozero's callback for each RDY edge: count it and wake the reader.  A bare lock
        is the wake-up (released here, acquired by the reader): a round trip between the two
        threads costs less than half of an Event's (12 against 30 µs here), and it happens
        860 times a second.  An edge while the lock is already released only counts: the
        reader sees the count when it wakes."""
        self._edge_count += 1
        try:
            self._wake.release()
        except RuntimeError:  # already released: a wake-up is pending
            pass

    def _start(self) -> None:
        self._started = True
        if self.device.configured:
            self._now_answering()
            return
        try:
            self.device.configure()
        except Exception as error:  # OSError and ADCNotFound, or anything a bus library throws
            self._fall_silent(f"no ADS1115 answers at {self.device.address:#04x} on I2C bus "
                              f"{self.device.bus_number}: {_say(error)}")
            return
        self._now_answering()

    def _now_answering(self) -> None:
        self.pause = self.retry_interval
        if not self.answering:
            self.answering = True
            self.health.ok(DEVICE)
        self.mode = EDGE if self._ready is not None else POLL
        self._edges_seen = self._edge_count
        self._due = None
        self._same = 0
        self._stuck = False

    # -- the stream -----------------------------------------------------------------------
    def samples(self) -> Iterator[int]:
        """Signed counts at :attr:`rate`, until :meth:`close`; never raises for a device fault."""
        if not self._started:
            self._start()
        while not self.closed:
            yield self._next()

    __iter__ = samples

    def _next(self) -> int:
        if self.answering:
            if self.mode == EDGE:
                value = self._read() if self._await_edge() else self._edge_silent()
            else:
                self._await_due()
                self._notice_edges()
                value = self._read()
            if value is not None:
                self._check_stuck(value)
                self._hold = value
                self.stats.samples += 1
                return value
            if self.answering:  # configured again just now: no fresh conversion yet
                self.stats.held += 1
                return self._hold
        # the chip is silent: keep the pace with the last value, knock on its door now and then
        self._await_due()
        self._try_to_wake()
        self.stats.held += 1
        return self._hold

    def _idle(self, seconds: float) -> None:
        if self.idle is not None:
            self.idle(seconds)
        elif self.mode == EDGE and self.answering:
            self._wake.acquire(timeout=max(0.0, seconds))
        else:
            time.sleep(seconds)

    def _await_edge(self) -> bool:
        """Wait for the next conversion-ready edge; False after ``edge_timeout``."""
        deadline = self.clock.now() + self.edge_timeout
        while True:
            count = self._edge_count
            pending = count - self._edges_seen
            if pending > 0:
                self._edges_seen = count
                self.stats.edges += pending
                self.stats.missed += pending - 1
                return True
            now = self.clock.now()
            if now >= deadline:
                return False
            self._idle(deadline - now)

    def _await_due(self) -> None:
        """Polling: wait until the next conversion is due at the data rate."""
        now = self.clock.now()
        if self._due is None:
            self._due = now + self.period
        late = math.floor((now - self._due) / self.period + 1e-6)
        if late >= 1:  # the consumer was slow: those conversions are gone
            self.stats.missed += late
            self._due += late * self.period
        while now < self._due:
            self._idle(self._due - now)
            now = self.clock.now()
        self._due += self.period

    def _notice_edges(self) -> None:
        """While polling after a silent RDY pin: pulses are back, so is the edge path."""
        if self._ready is not None and self._edge_count - self._edges_when_polling >= 3:
            self.mode = EDGE
            self._edges_seen = self._edge_count
            self.health.ok(RDY_DEVICE)

    def _edge_silent(self) -> int | None:
        """No RDY edge for a while.  A chip that lost its configuration (a brown-out resets
        it to single-shot) is configured again; a converter that stopped is reported; else
        the pin is at fault and the reader polls.  Returns a fresh reading, if any."""
        config = self._with_retries(self.device.read_config)
        if config is None:
            return None
        if config & 0x7FFF != self.device.settings.word & 0x7FFF:
            log.warning("%s lost its configuration (it reads %#06x: %s); configuring it again",
                        self.device.name, config, describe_config(config))
            if self._with_retries(self.device.configure) is not None:
                self._now_answering()
            return None
        value = self._read()
        if value is None:
            return None
        self.mode = POLL  # until pulses come back (see _notice_edges)
        self._due = None
        self._edges_when_polling = self._edge_count
        if value == self._hold and self.stats.samples:
            self._mark_stuck(value)  # nothing converted either: the converter, not the wire
        else:
            self.health.fail(RDY_DEVICE, f"no conversion-ready pulses from the ADS1115 on GPIO{self.alert_rdy}; "
                                         "reading it by polling instead (check the ALERT/RDY wire)")
        return value

    def _read(self) -> int | None:
        return self._with_retries(self.device.read_conversion)

    def _with_retries(self, work: Callable[[], Any]) -> Any:
        """``work()`` with up to ``retries`` more attempts on an I2C error; None (and a
        Health warning) when the chip stays silent or the bus fails in an unexpected way."""
        error: Exception | None = None
        for attempt in range(self.retries + 1):
            try:
                result = work()
            except OSError as failure:
                error = failure
                self.stats.errors += 1
                continue
            except Exception as failure:  # ADCNotFound, or a bus library's own fault: no quick retry
                error = failure
                self.stats.errors += 1
                break
            if attempt:
                self.stats.retried += 1
            return True if result is None else result
        self._fall_silent(f"{self.device.name} stopped answering: {_say(error)}")
        return None

    def _fall_silent(self, message: str) -> None:
        self.answering = False
        self.device.configured = False
        self._due = None
        self._next_probe = self.clock.now() + self.pause
        self.health.fail(DEVICE, message)

    def _try_to_wake(self) -> None:
        if self.clock.now() < self._next_probe:
            return
        try:
            self.device.configure()
        except Exception:  # still silent, whatever the bus says: wait twice as long
            self.pause = min(2 * self.pause, self.max_retry_interval)
            self._next_probe = self.clock.now() + self.pause
            return
        log.info("%s answers again", self.device.name)
        self._now_answering()

    def _check_stuck(self, value: int) -> None:
        if value != self._hold or self.stats.samples == 0:
            self._same = 0
            if self._stuck:
                self._stuck = False
                self.health.ok(DEVICE)
            return
        self._same += 1
        if self._same >= self.stuck_after * self.rate:
            self._mark_stuck(value)

    def _mark_stuck(self, value: int) -> None:
        if not self._stuck:
            self._stuck = True
            self.health.fail(DEVICE, f"{self.device.name} gives the same reading ({value}) over and over: "
                                     "its conversions have stopped")

    # -- the end ---------------------------------------------------------------------------
    def close(self) -> None:
        """Release the RDY pin and whatever ``on_close`` holds (the bus)."""
        if self.closed:
            return
        self.closed = True
        if self._ready is not None:
            try:
                self._ready.close()
            except Exception:  # closing must never fail the caller
                pass
        for action in self.on_close:
            try:
                action()
            except Exception:
                pass

    def __enter__(self) -> "Reader":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()


def _say(error: BaseException | None) -> str:
    """An error in words: its own for the expected faults, with its kind for the rest."""
    if error is None:
        return "no reply"
    if isinstance(error, (OSError, ADCNotFound)):
        return str(error) or type(error).__name__
    return describe(error)


class _NoBus:
    """Stands in for an I2C bus that could not be opened: every transfer fails, so the
    reader keeps its warning and its flat stream."""

    def __init__(self, reason: str) -> None:
        self.reason = reason

    def _fail(self, *args: Any, **kwargs: Any) -> Any:
        raise OSError(errno.ENODEV, self.reason)

    read_word_data = write_word_data = read_i2c_block_data = write_i2c_block_data = _fail

    def close(self) -> None:
        pass


class AdcBus(NamedTuple):
    """The knock sensor's I2C bus as the device factory hands it over: ``i2c`` answers
    smbus2's ``SMBus`` calls (the Pi's bus, or the simulation's fake chip on it); ``idle``
    waits for the next conversion when the reader has nothing better (the simulation lets
    its time pass; None: the RDY edge or a sleep); ``source`` is the signal a simulated chip
    converts (``source.knock()`` knocks; None on a Pi)."""

    i2c: Any
    idle: Callable[[float], None] | None = None
    source: Any = None


def open_bus(number: int) -> AdcBus:
    """smbus2's bus ``number``, imported here so nothing needs smbus2 until a Pi reads."""
    try:
        import smbus2
    except ImportError:
        raise ADCNotFound("the smbus2 package is not installed (pip install smbus2)") from None
    try:
        return AdcBus(smbus2.SMBus(number))
    except FileNotFoundError:
        raise ADCNotFound(f"I2C bus {number} is not there (no /dev/i2c-{number}): enable I2C with "
                          "'sudo raspi-config nonint do_i2c 0' and reboot") from None
    except PermissionError:
        raise ADCNotFound(f"no permission to open /dev/i2c-{number}: add this user to the i2c group") from None
    except OSError as error:
        raise ADCNotFound(f"I2C bus {number} could not be opened: {_say(error)}") from None


def open_reader(factory: Any, pins: Any = None, *, clock: Clock | None = None, health: Health | None = None,
                settings: AdcSettings | None = None, idle: Callable[[float], None] | None = None,
                strict: bool = True) -> Reader:
    """The live knock sensor, as a :class:`Reader` (``.rate``, ``.samples()``, ``.close()``,
    and ``.source``: the simulated signal, or None).

    ``factory`` (a :class:`firmware_py.factory.DeviceFactory`) gives the bus the pin map
    names — the Pi's, or the simulation's fake chip on mock pins — and the pins for the
    chip's ALERT/RDY line.  ``strict`` (the CLI's way) raises :class:`ADCNotFound` with a
    sentence when there is no chip; with ``strict=False`` (the app's way) a missing chip is
    a Health warning and a flat stream.
    """
    from firmware_py import pins as pinmap

    pins = pins if pins is not None else pinmap.load()
    settings = settings or AdcSettings()
    health = health if health is not None else Health()
    clock = clock if clock is not None else SystemClock()
    try:
        bus = factory.adc_bus(pins, clock, settings)
    except ADCNotFound as error:
        if strict:
            raise
        health.fail(DEVICE, str(error))
        bus = AdcBus(_NoBus(str(error)))
    device = ADS1115(bus.i2c, pins.adc_address, settings, pins.i2c_bus)
    if strict:
        try:
            device.configure()
        except OSError as error:
            bus.i2c.close()
            raise ADCNotFound(f"no ADS1115 answers at {pins.adc_address:#04x} on I2C bus {pins.i2c_bus} "
                              f"({_say(error)}); check its wiring (SDA GPIO{pins.adc_sda}, SCL GPIO{pins.adc_scl}, "
                              "3.3 V, ground) and its ADDR pin") from None
        except ADCNotFound:
            bus.i2c.close()
            raise
    reader = Reader(device, alert_rdy=pins.adc_alert_rdy, pin_factory=factory.pin_factory, clock=clock,
                    health=health, idle=idle if idle is not None else bus.idle, on_close=[bus.i2c.close])
    reader.source = bus.source  # type: ignore[attr-defined]
    return reader


def record_wav(path: str | Path, seconds: float, reader: Reader) -> int:
    """Record ``reader`` (the live sensor) into a mono 16-bit WAV at its rate (the format
    `companion knock detect` reads); returns the number of samples written.  The reader
    stays the caller's to close."""
    if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or not math.isfinite(seconds) or seconds <= 0:
        raise ValueError(f"a recording lasts a positive number of seconds, not {seconds!r}")
    total = max(1, round(seconds * reader.rate))
    stream = reader.samples()
    written = 0
    try:
        with wave.open(str(path), "wb") as out:
            out.setnchannels(1)
            out.setsampwidth(2)
            out.setframerate(reader.rate)
            while written < total:
                block = array("h", (max(-32768, min(32767, value))
                                    for value in islice(stream, min(reader.rate, total - written))))
                if not block:
                    break  # a stream that ended (a closed reader)
                if sys.byteorder == "big":
                    block.byteswap()  # WAV samples are little-endian
                out.writeframes(block.tobytes())
                written += len(block)
    finally:
        stream.close()
    return written
