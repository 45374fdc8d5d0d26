"""The knock sensor in its own process: the ADS1115 is read, and knocks detected, away
from the drawing process's GIL.

One conversion finishes every 1.16 ms (860 samples/s) and the chip keeps
only the latest, so the reader must be on time for every one.  In the app's process it
shared the GIL with pygame, which holds it for milliseconds a frame: conversions were lost
whenever the screen animated.  Here the reader has a process of its own:

* the **child** (:func:`serve`) opens the device factory's bus (the Pi's I2C bus, or the
  simulation's fake ADS1115 on mock pins: the same :class:`~firmware_py.knock.ads1115.Reader`
  either way), sleeps on the chip's ALERT/RDY edge, feeds the detector a block of about
  10 ms per turn and sends back only what the app needs: decisions, health changes, reader
  statistics once a second, and raw samples while a calibration take records;
* the **parent** (:class:`KnockProcess`, the box's ``knock``) is a
  :class:`firmware_py.child.SupervisedChild`, as the camera reader's is: started with the
  ``spawn`` method, its pipe drained without blocking on every poll (once a frame), a child
  that died restarted after a pause that doubles each time (a warning on the health board
  meanwhile), and on close asked to stop, joined, terminated, then killed: no zombie, no
  orphan.  A child whose parent dies sees its pipe close and leaves.

Messages, child to parent (tuples): ``("ready", pid, rate)``, ``("decision", answer,
knocks, stream_t, monotonic_t)``, ``("health", device, ok, message)``, ``("stats",
{...})``, ``("samples", [counts])``.  Parent to child: ``("knock", strength, after)`` (the
simulated piezo; answered ``("knocked", stream_t, monotonic_t)``), ``("use", KnockSettings)``, ``("record", bool)``, ``("stop",)``.
See docs/architecture.md, "Processes and threads".
"""

from __future__ import annotations

import logging
import os
import signal
import sys
import time
from collections import deque
from dataclasses import dataclass, field
from typing import Any, Callable

from firmware_py.child import START_METHOD, SupervisedChild
from firmware_py.clock import Clock, SystemClock
from firmware_py.health import Health, describe
from firmware_py.knock.ads1115 import AdcSettings, ReaderStats

log = logging.getLogger("planchette.hardware")

RATE = 860  # samples/s the box reads the piezo at: 475 lost answers on the corpus (docs/knock.md, "The data rate")
NAME = "knocks"  # the health board's name for the listening process (the chip's is "knock sensor")
def block_for(rate: float) -> int:
    """Samples fed to the detector per turn: about 10 ms (a decision waits at most that)."""
    return max(1, round(rate / 100))


@dataclass(frozen=True)
class KnockSpec:
    """What the child opens, picklable: the device factory (``factory()``, called in the
    child), the pin map, the ADC's and the detector's settings, how often it reports its
    reader's statistics, and the priority it asks for."""

    simulated: bool
    pins: Any
    settings: Any = None  # KnockSettings, or None for the defaults
    adc: AdcSettings = field(default_factory=lambda: AdcSettings(rate=RATE))
    stats_every: float = 1.0
    realtime: int = 10  # the child's SCHED_FIFO priority, if it may (0: none)
    nice: int = -10  # else its nice value, if it may (0: leave it)
    factory: Callable[[], Any] | None = None  # a picklable function giving the device factory

    def make_factory(self) -> Any:
        """The device factory, made in the child.  The box passes
        ``functools.partial(firmware_py.factory.choose, simulated)`` (the drivers never
        import the factory: it is the box's choice, as for every other device)."""
        if self.factory is None:
            raise ValueError("the knock process needs a function giving its device factory, "
                             "such as functools.partial(firmware_py.factory.choose, True)")
        return self.factory()


# -- the child ----------------------------------------------------------------------------------
def serve(conn: Any, spec: KnockSpec) -> None:
    """The child's main: read, detect, report, until told to stop or the parent is gone."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the app's to handle: it closes us
    from firmware_py.knock.ads1115 import open_reader
    from firmware_py.knock.listener import KnockListener

    health = Health()
    outbox: list[tuple] = []
    health.listeners.append(lambda status: outbox.append(("health", status.name, status.ok, status.message)))
    try:
        reader = open_reader(spec.make_factory(), spec.pins, clock=SystemClock(), health=health,
                             settings=spec.adc, strict=False)
    except Exception as error:  # a factory or pin-library fault: a warning, and the parent restarts us
        conn.send(("health", NAME, False, f"the knock sensor could not be opened ({describe(error)})"))
        sys.exit(3)
    listener = KnockListener(reader, spec.settings, health)
    listener.BLOCK = block_for(reader.rate)
    chip = getattr(reader.device, "bus", None)
    priority = _raise_priority(spec.realtime, spec.nice)  # after the imports and set-up: see RLIMIT_RTTIME
    conn.send(("ready", os.getpid(), reader.rate))
    next_stats = time.monotonic()  # the first statistics at once: the parent learns the reader's state
    try:
        while True:
            if conn.poll():
                if not _obey(conn, listener):
                    return
            try:
                pause = listener.step()
            except StopIteration:
                return
            for decision in listener.poll():
                outbox.append(("decision", decision.answer, decision.knocks, decision.t, time.monotonic()))
            if listener.recording:
                outbox.append(("samples", listener.recording))
                listener.recording = []
            now = time.monotonic()
            if now >= next_stats:
                outbox.append(("stats", _stats(reader, chip, priority)))
                next_stats = now + spec.stats_every
            if outbox:
                for message in outbox:
                    conn.send(message)
                outbox.clear()
            if pause and conn.poll(pause) and not _obey(conn, listener):
                return
    except (EOFError, BrokenPipeError, ConnectionResetError):
        return  # the parent is gone
    finally:
        listener.reader.close()


def _raise_priority(realtime: int, nice: int) -> str:
    """Be woken before anything else when a conversion is due.  The reader sleeps almost all
    the time, so a real-time priority (SCHED_FIFO ``realtime``) costs the others nothing, and
    when the screen keeps every core busy its wake-up is not queued behind a frame: on this
    development machine, under load, a plain process woke more than a conversion late 6 % of
    the time and a SCHED_FIFO one never (worst 1 ms).  RLIMIT_RTTIME is the guard: a child
    that ran 0.5 s without sleeping is killed (and restarted by the parent) rather than hold
    a core.  Without the right (root, CAP_SYS_NICE, or systemd's ``LimitRTPRIO=``) it asks
    for a lower nice value instead, else keeps its own; returns which it got."""
    if realtime:
        try:
            import resource

            resource.setrlimit(resource.RLIMIT_RTTIME, (500_000, 500_000))  # µs of CPU without blocking
            os.sched_setscheduler(0, os.SCHED_FIFO, os.sched_param(realtime))
            return f"SCHED_FIFO {realtime}"
        except (OSError, AttributeError, ValueError, ImportError):  # not allowed, or not Linux
            pass
    if nice:
        try:
            os.setpriority(os.PRIO_PROCESS, 0, nice)
        except (OSError, AttributeError):
            pass
    try:
        return f"nice {os.getpriority(os.PRIO_PROCESS, 0)}"
    except (OSError, AttributeError):
        return "normal"


def _obey(conn: Any, listener: Any) -> bool:
    """Carry out every waiting command; False on "stop" (or a closed pipe)."""
    from firmware_py.knock.detector import KnockDetector

    while conn.poll():
        command = conn.recv()
        kind = command[0]
        if kind == "stop":
            return False
        if kind == "knock":
            _knock(conn, listener.reader, *command[1:])
        elif kind == "use":
            listener.detector = KnockDetector(listener.rate, command[1])
        elif kind == "record":
            listener.recording = [] if command[1] else None
    return True


def _knock(conn: Any, reader: Any, strength: float | None, after: float = 0.0) -> None:
    """Knock the simulated piezo (``after`` s of stream from now) and say when: its stream
    time and, from the fake chip's start, the system's monotonic time it is converted at."""
    source = getattr(reader, "source", None)
    if source is None:
        return
    t = source.knock(strength, after) if after else source.knock(strength)
    epoch = getattr(getattr(reader.device, "bus", None), "epoch", None)
    conn.send(("knocked", t, None if epoch is None else epoch + t + 1.0 / reader.rate))


def _stats(reader: Any, chip: Any, priority: str = "") -> dict:
    stats = dict(vars(reader.stats))
    stats.update(answering=reader.answering, mode=reader.mode, rate=reader.rate,
                 chip_conversions=getattr(chip, "conversions", None), cpu=_own_cpu(), priority=priority,
                 physics_cpu=getattr(chip, "physics_cpu", 0.0))
    return stats


def _own_cpu() -> float:
    """This process's CPU seconds (user + system)."""
    times = os.times()
    return times.user + times.system


# -- the parent ---------------------------------------------------------------------------------
class _SourceProxy:
    """The simulated piezo as the app sees it: ``knock()`` is sent to the child."""

    def __init__(self, owner: "KnockProcess") -> None:
        self.owner = owner
        self.knocks: deque[float] = deque(maxlen=64)  # when the last knocks were sent (the owner's clock)
        self.struck: deque[tuple[float, float | None]] = deque(maxlen=64)  # (stream s, monotonic s), the child's word
        self.struck_total = 0  # knocks the child has confirmed

    def knock(self, strength: float | None = None, after: float = 0.0) -> float:
        """Knock now, or ``after`` seconds from now in the child's stream."""
        t = self.owner.clock.now()
        self.owner.send(("knock", strength, after))
        self.knocks.append(t)
        return t


class _ReaderView:
    """The reader's state as the child last reported it (``companion doctor`` reads it)."""

    def __init__(self, owner: "KnockProcess") -> None:
        self.owner = owner
        self.stats = ReaderStats()
        self.answering = False
        self.mode = ""
        self.chip_conversions: int | None = None
        self.cpu = 0.0
        self.physics_cpu = 0.0  # of ``cpu``: the simulated sensor's signal (nothing on a Pi)
        self.priority = ""

    def update(self, stats: dict) -> None:
        self.answering = stats.pop("answering")
        self.mode = stats.pop("mode")
        stats.pop("rate", None)
        self.chip_conversions = stats.pop("chip_conversions", None)
        self.cpu = stats.pop("cpu", 0.0)
        self.physics_cpu = stats.pop("physics_cpu", 0.0)
        self.priority = stats.pop("priority", "")
        self.stats = ReaderStats(**stats)


class _DetectorView:
    """What the detector listens with (``knock.detector.settings``, as on the thread)."""

    def __init__(self, settings: Any) -> None:
        from firmware_py.knock.detector import KnockSettings

        self.settings = settings if settings is not None else KnockSettings()


@dataclass(frozen=True)
class ProcessDecision:
    """A decision as it crossed the pipe: the answer, its knocks, when the detector made
    it (``t``: stream seconds) and when, on the system's monotonic clock (``at``)."""

    answer: str
    knocks: int
    t: float
    at: float


class KnockProcess(SupervisedChild):
    """The box's knock sensor when the reader runs in its own process.  Answers what the
    box and the app ask of a knock listener: :meth:`poll`, :meth:`close`, ``rate``,
    ``source`` (the simulated piezo's ``knock()``, or None on a Pi), ``recording`` (set
    ``[]`` to keep raw samples for a calibration take, None to stop), :meth:`use`,
    ``detector.settings`` and ``reader`` (its state as last reported).  Its life (start,
    supervise, restart, stop) is :class:`~firmware_py.child.SupervisedChild`'s."""

    NAME = NAME
    PROCESS_NAME = "planchette-knock"
    CALLED = "the knock reader process"
    LOST = "knocks are not heard"
    READY_TIMEOUT = 5.0  # s ``reader`` waits for a new child's first word

    def __init__(self, spec: KnockSpec, health: Health | None = None, clock: Clock | None = None,
                 start_method: str = START_METHOD, start: bool = True) -> None:
        super().__init__(serve, spec, health, clock, start_method)
        self.rate = spec.adc.rate
        self.source = _SourceProxy(self) if spec.simulated else None
        self._reader = _ReaderView(self)
        self.detector = _DetectorView(spec.settings)
        self._recording: list[int] | None = None
        self.decisions: deque[ProcessDecision] = deque(maxlen=32)  # the last decisions, with their times
        if start:
            self.start()

    def started(self) -> None:
        self._reader = _ReaderView(self)  # nothing known of the new child's reader yet
        if self._recording is not None:
            self.send(("record", True))

    def take(self, message: tuple) -> list[ProcessDecision]:
        kind = message[0]
        if kind == "decision":
            decision = ProcessDecision(message[1], message[2], message[3], message[4])
            self.decisions.append(decision)
            return [decision]
        if kind == "samples":
            if self._recording is not None:
                self._recording.extend(message[1])
        elif kind == "stats":
            self._reader.update(dict(message[1]))
        elif kind == "knocked" and self.source is not None:
            self.source.struck.append((message[1], message[2]))
            self.source.struck_total += 1
        return []

    @property
    def reader(self) -> _ReaderView:
        """The reader's state as the child last said (waiting a moment for a new child's first word)."""
        if not self.ready and self.alive:
            self.wait(self.READY_TIMEOUT, lambda: self.ready and self._reader.mode != "")
        else:
            self.drain()
        return self._reader

    def stats(self) -> dict:
        """The reader's figures as the current child last reported them (at most a second old):
        conversions the chip made (the simulated chip's count; None on a Pi), read, missed and
        held, ``read_share`` (read / made), the child's CPU seconds and pid, ``reader_cpu_s``
        (the child's CPU at its last report less the simulated sensor's physics: what a Pi
        would spend), its priority, and how many times a child was started again.  For the
        benchmarks."""
        self.drain()
        reader = self._reader
        made = reader.chip_conversions
        cpu = reader.cpu
        try:
            with open(f"/proc/{self.pid}/stat", encoding="ascii") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
            cpu = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        except (OSError, ValueError, IndexError, TypeError):  # not Linux, or the child is gone: its own word
            pass
        return {"made": made, "read": reader.stats.samples, "missed": reader.stats.missed,
                "held": reader.stats.held, "errors": reader.stats.errors,
                "read_share": reader.stats.samples / made if made else None,
                "cpu_s": cpu, "reader_cpu_s": reader.cpu - reader.physics_cpu, "pid": self.pid, "priority": reader.priority, "mode": reader.mode,
                "restarts": self.restarts}

    @property
    def recording(self) -> list[int] | None:
        self.drain()
        return self._recording

    @recording.setter
    def recording(self, value: list[int] | None) -> None:
        self.drain()
        self._recording = value
        self.send(("record", value is not None))

    def use(self, settings: Any) -> None:
        """Listen with new (calibrated) settings from now on, in this child and the next."""
        from dataclasses import replace

        self.spec = replace(self.spec, settings=settings)
        self.detector = _DetectorView(settings)
        self.send(("use", settings))
