"""A fake ADS1115 on a fake SMBus, so the knock sensor's reader runs without hardware.

It answers smbus2's ``SMBus`` calls the way the chip answers on the wire: a pointer
register picks one of four 16-bit registers (0 conversion, 1 config, 2 Lo_thresh,
3 Hi_thresh), words travel most-significant byte first (so smbus2's little-endian
``read_word_data``/``write_word_data`` see them byte-swapped, as on a real bus), the
config register reads back with the OS bit telling whether a conversion is running,
and the thresholds are stored.  In continuous mode a conversion completes every
1/data-rate seconds of an injected clock; each one takes the next sample of a signal
source and, when the thresholds ask for conversion-ready (Hi_thresh MSB 1, Lo_thresh
MSB 0, COMP_QUE not 11), pulses the ALERT/RDY pin low on gpiozero's ``MockFactory``.
Nothing blocks: a read returns the latest finished conversion.  (The window and
traditional comparator functions are not modelled: the pin then stays high.)

Every register transfer is recorded in :attr:`FakeADS1115.traffic` as
``Transfer(op, register, value)`` with op ``"write"``, ``"read"``, ``"pointer"`` or
``"fail"`` (value = the errno), for contract tests.  Faults on demand: an absent chip
(``present=False`` / :meth:`unplug`: every access raises ``OSError`` errno 121, as a
missing I2C device does on Linux), errors on the next accesses (:meth:`fail_next`) or
inside a time window (:meth:`fail_between`) — an errno, or any exception a bus library
might throw (a ``TypeError``) —, a brown-out reset (:meth:`power_cycle`) and a stuck
converter (``stuck = True``: no new conversions, no RDY pulses).

The signal comes from any ``Callable[[], int]`` or iterator of int counts (one value per
conversion, already in counts at the configured gain); ``sim.piezo`` provides the
realistic one, :class:`BurstSource` is a small stand-in (sine bursts in noise).
"""

from __future__ import annotations

import errno
import math
import random
import time
from collections import deque
from typing import Any, Callable, Iterator, NamedTuple

from firmware_py.clock import Clock, ManualClock

REG_CONVERSION, REG_CONFIG, REG_LO_THRESH, REG_HI_THRESH = 0, 1, 2, 3
POWER_ON = {REG_CONVERSION: 0x0000, REG_CONFIG: 0x8583, REG_LO_THRESH: 0x8000, REG_HI_THRESH: 0x7FFF}
DATA_RATES = (8, 16, 32, 64, 128, 250, 475, 860)  # DR[2:0] = index
OS_BIT, MODE_BIT = 0x8000, 0x0100
REMOTE_IO = errno.EREMOTEIO  # 121: what Linux's I2C drivers raise when nothing acknowledges
EPSILON = 1e-6  # seconds: a conversion due "now" has finished despite float rounding
MAX_PIN_HISTORY = 4096  # MockPin keeps every state change; trim it in long simulations


class Transfer(NamedTuple):
    op: str  # "write", "read", "pointer" or "fail"
    register: int
    value: int  # the 16-bit register value as the chip sees it (errno for "fail")


def as_sample_function(source: Any) -> Callable[[], int]:
    """Turn a signal source into a function giving the next sample: a callable is used
    as is; an iterator (or iterable) is stepped, holding its last value once exhausted."""
    if source is None:
        return lambda: 0
    if callable(source):
        return source
    for name in ("next_sample", "sample"):
        method = getattr(source, name, None)
        if callable(method):
            return method
    try:
        iterator: Iterator[int] = iter(source)
    except TypeError:
        raise TypeError(f"a signal source must be a function or an iterator of samples, not {type(source).__name__}") from None
    last = [0]

    def step() -> int:
        for value in iterator:
            last[0] = value
            break
        return last[0]

    return step


class FakeADS1115:
    """An ADS1115 answering ``SMBus`` calls (``read_word_data``, ``write_word_data``,
    ``read_i2c_block_data``, ``write_i2c_block_data``, ``read_byte``, ``write_byte``,
    ``close``) at ``address`` on the injected ``clock``."""

    def __init__(self, source: Any = None, clock: Clock | None = None, *, address: int = 0x48,
                 factory: Any = None, alert_rdy: int | None = None, present: bool = True,
                 record: int | None = None) -> None:
        self.source = source
        self._sample = as_sample_function(source)
        self.clock = clock if clock is not None else ManualClock()
        self.address = address
        self.factory = factory
        self.alert_rdy = alert_rdy
        self.present = present
        self.closed = False
        #: every transfer; ``record`` bounds it for long simulations (None: keep all)
        self.traffic: deque[Transfer] = deque(maxlen=record)
        self.conversions = 0  # conversions completed since power-on
        #: CPU seconds spent simulating the piezo's signal (the chip's and the sensor's physics,
        #: which cost a Pi nothing): the benchmarks subtract it to give the reader's own cost
        self.physics_cpu = 0.0
        self.pulses = 0  # conversion-ready pulses given on ALERT/RDY
        self._stuck = False
        self._fail_count = 0
        self._fail_errno = REMOTE_IO
        self._fail_windows: list[tuple[float, float, int]] = []
        self._pin = None
        self._power_on()

    # -- the chip's state ------------------------------------------------------------
    def _power_on(self) -> None:
        self.registers = dict(POWER_ON)
        self.pointer = REG_CONVERSION
        self._epoch: float | None = None  # continuous mode: when conversions (re)started
        self._done = 0  # conversions completed since the epoch
        self._busy_until: float | None = None  # single-shot conversion in progress
        self._single_ready = False  # single-shot RDY level: low once a conversion ends

    @property
    def config(self) -> int:
        """The config register as written (bits 14:0; OS is a status bit on reads)."""
        return self.registers[REG_CONFIG] & 0x7FFF

    @property
    def epoch(self) -> float | None:
        """When continuous conversions (re)started on the clock (None: not converting);
        conversion ``n`` (from 1) finishes at ``epoch + n / rate``."""
        return self._epoch if self.continuous else None

    @property
    def continuous(self) -> bool:
        return not self.registers[REG_CONFIG] & MODE_BIT

    @property
    def rate(self) -> int:
        """Samples per second from DR[2:0]."""
        return DATA_RATES[(self.registers[REG_CONFIG] >> 5) & 0b111]

    @property
    def ready_pin_enabled(self) -> bool:
        """ALERT/RDY set up as conversion-ready: Hi_thresh MSB 1, Lo_thresh MSB 0,
        COMP_QUE not 11 (datasheet, "Conversion Ready Pin")."""
        return (bool(self.registers[REG_HI_THRESH] & 0x8000) and not self.registers[REG_LO_THRESH] & 0x8000
                and (self.registers[REG_CONFIG] & 0b11) != 0b11)

    @property
    def stuck(self) -> bool:
        return self._stuck

    @stuck.setter
    def stuck(self, value: bool) -> None:
        """A stuck converter finishes no conversions; once freed it starts afresh."""
        self.update()
        if self._stuck and not value and self._epoch is not None:
            self._epoch, self._done = self.clock.now(), 0
        self._stuck = value

    def next_conversion_time(self) -> float | None:
        """When the next conversion will finish (None: none is running)."""
        if self._stuck:
            return None
        if self.continuous and self._epoch is not None:
            return self._epoch + (self._done + 1) / self.rate
        return self._busy_until

    def update(self) -> int:
        """Finish every conversion due by now (the source gives one sample each, the
        RDY pin pulses for each); returns how many finished."""
        if self._stuck or not self.present:
            return 0
        now = self.clock.now()
        finished = 0
        if self.continuous and self._epoch is not None:
            due = math.floor((now - self._epoch) * self.rate + EPSILON)
            while self._done < due:
                self._done += 1
                self._convert()
                finished += 1
                if self.ready_pin_enabled:
                    self._pulse()
        elif self._busy_until is not None and now >= self._busy_until - EPSILON:
            self._busy_until = None
            self._convert()
            finished = 1
            self._single_ready = True
            if self.ready_pin_enabled:
                self._drive(low=True)  # single-shot: RDY asserts at the end and stays
        return finished

    def _convert(self) -> None:
        start = time.thread_time()
        value = int(self._sample())
        self.physics_cpu += time.thread_time() - start
        self.registers[REG_CONVERSION] = max(-32768, min(32767, value)) & 0xFFFF
        self.conversions += 1

    # -- the ALERT/RDY pin ------------------------------------------------------------
    def _ready_pin(self):
        if self.factory is None or self.alert_rdy is None:
            return None
        if self._pin is None:
            self._pin = self.factory.pin(self.alert_rdy)
        return self._pin

    def _drive(self, low: bool) -> None:
        pin = self._ready_pin()
        if pin is None:
            return
        pin.drive_low() if low else pin.drive_high()
        states = getattr(pin, "states", None)
        if states is not None and len(states) > MAX_PIN_HISTORY:
            pin.clear_states()

    def _pulse(self) -> None:
        """The ~8 µs conversion-ready pulse of continuous mode: low, then high again."""
        self.pulses += 1
        self._drive(low=True)
        self._drive(low=False)

    # -- faults ---------------------------------------------------------------------------
    def fail_next(self, count: int = 1, error: int | Exception = REMOTE_IO) -> None:
        """The next ``count`` accesses fail with ``OSError(error)`` (121 Remote I/O, 5 EIO…),
        or raise ``error`` itself when it is an exception."""
        self._fail_count, self._fail_errno = count, error

    def fail_between(self, start: float, end: float, error: int | Exception = REMOTE_IO) -> None:
        """Every access with ``start <= clock < end`` fails (as :meth:`fail_next`)."""
        self._fail_windows.append((start, end, error))

    def unplug(self) -> None:
        self.present = False

    def plug_in(self) -> None:
        """Plugged back: a fresh chip with its power-on registers."""
        self.present = True
        self._power_on()

    def power_cycle(self) -> None:
        """A brown-out: the registers return to their power-on values (single-shot, 128 SPS)."""
        self._power_on()

    def _access(self, address: int, register: int) -> None:
        """What every bus transaction goes through: the address, the faults, the time."""
        failure = None
        if address != self.address or not self.present:
            failure = REMOTE_IO
        elif self._fail_count > 0:
            self._fail_count -= 1
            failure = self._fail_errno
        else:
            now = self.clock.now()
            for start, end, error in self._fail_windows:
                if start <= now < end:
                    failure = error
                    break
        if isinstance(failure, Exception):
            self.traffic.append(Transfer("fail", register, 0))
            raise failure
        if failure is not None:
            self.traffic.append(Transfer("fail", register, failure))
            raise OSError(failure, errno.errorcode.get(failure, "I2C error") if failure != REMOTE_IO
                          else "Remote I/O error")
        self.update()

    # -- register transfers ---------------------------------------------------------
    def _write(self, register: int, value: int) -> None:
        self.pointer = register
        self.traffic.append(Transfer("write", register, value))
        if register == REG_CONVERSION:
            return  # read-only
        if register != REG_CONFIG:
            self.registers[register] = value
            return
        was_idle = self._busy_until is None
        self.registers[REG_CONFIG] = (value & 0x7FFF) | (self.registers[REG_CONFIG] & OS_BIT)
        now = self.clock.now()
        if self.continuous:
            self._epoch, self._done, self._busy_until = now, 0, None
        else:
            self._epoch = None
            if value & OS_BIT and was_idle:  # start one conversion from power-down
                self._busy_until = now + 1.0 / self.rate
                self._single_ready = False
                if self.ready_pin_enabled:
                    self._drive(low=False)

    def _read(self, register: int) -> int:
        self.pointer = register
        if register == REG_CONFIG:
            converting = self.continuous and self._epoch is not None or self._busy_until is not None
            value = (self.registers[REG_CONFIG] & 0x7FFF) | (0 if converting else OS_BIT)
        else:
            value = self.registers[register]
        self.traffic.append(Transfer("read", register, value))
        return value

    @staticmethod
    def _register(register: int) -> int:
        if not 0 <= register <= 3:
            # the pointer register's upper six bits must be zero: the chip does not acknowledge
            raise OSError(REMOTE_IO, "Remote I/O error")
        return register

    # -- the smbus2 SMBus interface ---------------------------------------------------
    def write_word_data(self, i2c_addr: int, register: int, value: int, force: Any = None) -> None:
        """SMBus sends a word low byte first; the chip takes the first byte as its MSB."""
        self._access(i2c_addr, register)
        first, second = value & 0xFF, (value >> 8) & 0xFF
        self._write(self._register(register), first << 8 | second)

    def read_word_data(self, i2c_addr: int, register: int, force: Any = None) -> int:
        """The chip sends its MSB first; SMBus puts the first byte in the low half."""
        self._access(i2c_addr, register)
        value = self._read(self._register(register))
        first, second = value >> 8, value & 0xFF
        return first | second << 8

    def write_i2c_block_data(self, i2c_addr: int, register: int, data: list[int], force: Any = None) -> None:
        self._access(i2c_addr, register)
        register = self._register(register)
        if len(data) > 2:
            raise OSError(REMOTE_IO, "Remote I/O error")  # a third byte is not acknowledged
        if len(data) < 2:  # a pointer write (an incomplete word is dropped)
            self.pointer = register
            self.traffic.append(Transfer("pointer", register, 0))
            return
        self._write(register, (data[0] & 0xFF) << 8 | (data[1] & 0xFF))

    def read_i2c_block_data(self, i2c_addr: int, register: int, length: int, force: Any = None) -> list[int]:
        self._access(i2c_addr, register)
        value = self._read(self._register(register))
        return ([value >> 8, value & 0xFF] + [0xFF] * max(0, length - 2))[:length]  # then SDA floats high

    def write_byte(self, i2c_addr: int, value: int, force: Any = None) -> None:
        """A one-byte write sets the pointer register."""
        self._access(i2c_addr, value)
        self.pointer = self._register(value)
        self.traffic.append(Transfer("pointer", value, 0))

    def read_byte(self, i2c_addr: int, force: Any = None) -> int:
        """A one-byte read gives the MSB of the register the pointer selects."""
        self._access(i2c_addr, self.pointer)
        return self._read(self.pointer) >> 8

    def close(self) -> None:
        self.closed = True

    # -- letting time pass -----------------------------------------------------------------
    def pass_time(self, seconds: float) -> None:
        """Let up to ``seconds`` pass, stopping early when the next conversion finishes
        (as a reader waiting for the RDY edge wakes on it).  A ``ManualClock`` is advanced;
        any other clock is waited on.  The reader's ``idle`` in tests and the live sim."""
        now = self.clock.now()
        step = max(0.0, seconds)
        upcoming = self.next_conversion_time()
        if upcoming is not None and self.present and upcoming < now + step:
            step = max(0.0, upcoming - now)  # an overdue conversion finishes at once
        advance = getattr(self.clock, "advance", None)
        if advance is not None:
            advance(step)
        elif step > 0:
            time.sleep(step)
        self.update()


class BurstSource:
    """Sine bursts in noise: knocks ring as decaying sine bursts, the quiet table is
    Gaussian noise on a slowly drifting offset.  Deterministic for a seed.

    ``knocks`` schedules bursts at times (s from the first sample); :meth:`knock` starts
    one at the next sample (the live simulation's key press)."""

    def __init__(self, rate: int = 860, seed: int = 0, *, noise: float = 3.0, amplitude: float = 8000.0,
                 frequency: float | None = None, decay: float = 0.02, offset: float = 0.0,
                 drift: float = 0.0, knocks: tuple[float, ...] | list[float] = ()) -> None:
        self.rate = rate
        self.noise = noise
        self.amplitude = amplitude
        self.frequency = frequency if frequency is not None else 0.23 * rate
        self.decay = decay
        self.offset = offset
        self.drift = drift  # counts per second
        self.random = random.Random(seed)
        self.n = 0
        self.bursts: list[tuple[int, float]] = sorted((round(t * rate), 1.0) for t in knocks)

    def knock(self, strength: float = 1.0) -> None:
        self.bursts.append((self.n, strength))

    def __call__(self) -> int:
        n, rate = self.n, self.rate
        self.n += 1
        value = self.offset + self.drift * n / rate + self.random.gauss(0.0, self.noise)
        horizon = 8 * self.decay * rate
        live = []
        for start, strength in self.bursts:
            age = n - start
            if age < 0:
                live.append((start, strength))
                continue
            if age > horizon:
                continue
            live.append((start, strength))
            t = age / rate
            value += strength * self.amplitude * math.exp(-t / self.decay) * math.sin(2 * math.pi * self.frequency * t + 0.5)
        self.bursts = live
        return max(-32768, min(32767, round(value)))


def live_source(rate: int = 860, seed: int | None = None) -> Any:
    """The simulation's piezo: ``sim.piezo.LivePiezo`` when it is there, else a
    :class:`BurstSource`.  Either way the result has ``knock()``."""
    try:
        from sim.piezo import LivePiezo  # the realistic generator, when present
    except ImportError:
        LivePiezo = None
    if LivePiezo is not None:
        try:
            piezo = LivePiezo(rate=rate)
            as_sample_function(piezo)
            return piezo
        except TypeError:
            pass
    return BurstSource(rate, seed if seed is not None else 0, drift=0.5)
