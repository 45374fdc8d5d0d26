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
* the **parent** (:class:`KnockProcess`, the box's ``knock``) starts the child with the
  ``spawn`` method (a fresh interpreter: nothing of pygame, SDL's threads or their locks is
  inherited), drains the pipe without blocking on every :meth:`KnockProcess.poll` (once a
  frame), restarts a child that died after a pause that doubles each time (a warning on the
  health board meanwhile), and on :meth:`KnockProcess.close` asks it to stop, joins it, and
  terminates (then kills) it if it does not go: no zombie, no orphan.  A child whose parent
  dies sees its pipe close and leaves.

Messages, child to parent (tuples): ``("ready", pid, rate)``, ``("decision", answer,
knocks, stream_t, monotonic_t)``, ``("health", device, ok, message)``, ``("stats",
{...})``, ``("samples", [counts])``.  Parent to child: ``("knock", strength, after)`` (the
simulated piezo; answered ``("knocked", stream_t, monotonic_t)``), ``("use", KnockSettings)``, ``("record", bool)``, ``("stop",)``.
See docs/architecture.md, "Processes and threads".
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import signal
import sys
import time
import types
from collections import deque
from dataclasses import dataclass, field
from typing import Any, Callable

from firmware_py.clock import Clock, SystemClock
from firmware_py.health import Health, describe
from firmware_py.knock.ads1115 import AdcSettings, ReaderStats

log = logging.getLogger("planchette.hardware")

RATE = 860  # samples/s the box reads the piezo at: 475 lost answers on the corpus (docs/knock.md, "The data rate")
START_METHOD = "spawn"  # a fresh interpreter: safe beside pygame, and start() does not block
NAME = "knocks"  # the health board's name for the listening process (the chip's is "knock sensor")
_WITHOUT_MAIN = """A spawned child normally runs the parent's main script again (as ``__mp_main__``) before
its target: the app's console script would import the whole companion (every game) into the
reader, and a script without the ``if __name__ == "__main__"`` guard would start another box
and fail.  The child needs nothing from ``__main__`` (``serve`` and the spec's factory live in
importable modules), so :meth:`KnockProcess.start` hides the main module while the child's
preparation data is taken: the child imports only the knock modules."""


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
        self.owner._send(("knock", strength, after))
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


class KnockProcess:
    """The box's knock sensor when the reader runs in its own process.  Answers what the
    box and the app ask of a knock listener: :meth:`poll`, :meth:`close`, ``rate``,
    ``source`` (the simulated piezo's ``knock()``, or None on a Pi), ``recording`` (set
    ``[]`` to keep raw samples for a calibration take, None to stop), :meth:`use`,
    ``detector.settings`` and ``reader`` (its state as last reported)."""

    FIRST_PAUSE, MAX_PAUSE = 1.0, 30.0  # s before starting a dead child again, doubling
    STABLE = 10.0  # s a child must live before its restarts count from the first pause again
    JOIN_TIMEOUT = 2.0  # s a stopping child is given before it is terminated
    READY_TIMEOUT = 5.0  # s ``reader`` waits for a new child's first word

    def __init__(self, spec: KnockSpec, health: Health | None = None, clock: Clock | None = None,
                 start_method: str = START_METHOD, start: bool = True) -> None:
        self.spec = spec
        self.health = health if health is not None else Health()
        self.clock = clock if clock is not None else SystemClock()
        self.context = multiprocessing.get_context(start_method)
        self.rate = spec.adc.rate
        self.source = _SourceProxy(self) if spec.simulated else None
        self._reader = _ReaderView(self)
        self.detector = _DetectorView(spec.settings)
        self._recording: list[int] | None = None
        self.process: Any = None
        self._conn: Any = None
        self.pid: int | None = None
        self.ready = False  # the current child has said it is reading
        self.starts = 0
        self.restarts = 0  # children started again after one died
        self.failures = 0  # deaths in a row
        self.deaths: deque[str] = deque(maxlen=16)  # how the last children ended
        self.decisions: deque[ProcessDecision] = deque(maxlen=32)  # the last decisions, with their times
        self._restart_at: float | None = None
        self._started_at = 0.0
        self._last_word = ""  # a dying child's reason
        self.closed = False
        if start:
            self.start()

    # -- the child's life -----------------------------------------------------------------
    def start(self) -> None:
        """Start a child (not waiting for it: its first word arrives through :meth:`poll`)."""
        parent, child = self.context.Pipe(duplex=True)
        process = self.context.Process(target=serve, args=(child, self.spec), name="planchette-knock", daemon=True)
        main = sys.modules["__main__"]
        sys.modules["__main__"] = types.ModuleType("__main__")  # see _WITHOUT_MAIN
        try:
            process.start()
        except Exception as error:  # no memory, no processes left, no interpreter: tried again later
            parent.close()
            child.close()
            self._could_not_start(describe(error))
            return
        finally:
            sys.modules["__main__"] = main
        child.close()  # the child holds its end: the pipe closes when the child ends
        self.process, self._conn, self.pid = process, parent, process.pid
        self.ready = False
        self._reader = _ReaderView(self)  # nothing known of the new child's reader yet
        self.starts += 1
        self._started_at = self.clock.now()
        self._restart_at = None
        if self._recording is not None:
            self._send(("record", True))

    @property
    def alive(self) -> bool:
        if self.process is None:
            return False
        try:
            return self.process.is_alive()
        except ValueError:  # closed (after close()): long gone
            return False

    def _send(self, message: tuple) -> None:
        if self._conn is None:
            return
        try:
            self._conn.send(message)
        except (OSError, EOFError):  # the child died: poll() notices and restarts it
            pass

    def _drain(self) -> list[ProcessDecision]:
        found = []
        conn = self._conn
        if conn is None:
            return found
        try:
            while conn.poll():
                found += self._take(conn.recv())
        except (EOFError, OSError):  # the child is gone: poll() sees to it
            pass
        return found

    def _take(self, message: tuple) -> list[ProcessDecision]:
        kind = message[0]
        if kind == "decision":
            decision = ProcessDecision(message[1], message[2], message[3], message[4])
            self.decisions.append(decision)
            return [decision]
        if kind == "health":
            _, device, ok, text = message
            if device == NAME and not ok and not self.ready:
                self._last_word = text  # why a child that never read is about to end
            else:
                self.health.ok(device) if ok else self.health.fail(device, text)
        elif kind == "samples":
            if self._recording is not None:
                self._recording.extend(message[1])
        elif kind == "stats":
            self._reader.update(dict(message[1]))
            if self.failures and self.clock.now() - self._started_at >= self.STABLE:
                self.failures = 0
        elif kind == "knocked" and self.source is not None:
            self.source.struck.append((message[1], message[2]))
            self.source.struck_total += 1
        elif kind == "ready":
            self.ready = True
            self.health.ok(NAME)
        return []

    def _supervise(self) -> None:
        if self.closed:
            return
        now = self.clock.now()
        if self._restart_at is not None:  # a child died (or could not start): wait, then again
            if now >= self._restart_at:
                self.restarts += 1
                self.start()
            return
        if self.process is None or self.process.is_alive():
            return
        self.process.join(0)
        code = self.process.exitcode
        how = f"killed by signal {-code}" if code is not None and code < 0 else f"exit status {code}"
        self.deaths.append(how)
        why = f"{self._last_word}; the knock reader process stopped" if self._last_word else \
            f"the knock reader process stopped ({how})"
        self._last_word = ""
        self._close_pipe()
        self._again_later(why)

    def _could_not_start(self, reason: str) -> None:
        self.deaths.append(f"not started: {reason}")
        self._again_later(f"the knock reader process could not be started ({reason})")

    def _again_later(self, why: str) -> None:
        self.failures += 1
        pause = min(self.FIRST_PAUSE * 2 ** (self.failures - 1), self.MAX_PAUSE)
        self.health.fail(NAME, f"knocks are not heard: {why}; starting it again in {pause:g} s")
        self._restart_at = self.clock.now() + pause

    def _close_pipe(self) -> None:
        if self._conn is not None:
            try:
                self._conn.close()
            except OSError:
                pass
            self._conn = None

    # -- what the box asks ------------------------------------------------------------------
    def poll(self) -> list[ProcessDecision]:
        """The decisions that arrived (never blocks); a dead child is reported and restarted."""
        found = self._drain()
        self._supervise()
        return found

    def wait(self, timeout: float, until: Callable[[], bool] | None = None) -> list[ProcessDecision]:
        """Wait on the pipe (up to ``timeout`` s of real time) until ``until()`` (default: a
        decision) holds; what arrived meanwhile.  For ``companion doctor`` and the tests."""
        found: list[ProcessDecision] = []
        deadline = time.monotonic() + timeout
        while True:
            found += self.poll()
            if (until() if until is not None else found) or self.closed:
                return found
            left = deadline - time.monotonic()
            if left <= 0:
                return found
            conn = self._conn
            if conn is not None:
                try:
                    conn.poll(min(left, 0.05))
                except (OSError, EOFError):
                    time.sleep(min(left, 0.01))
            else:
                time.sleep(min(left, 0.01))

    def readable(self, timeout: float) -> bool:
        """Wait up to ``timeout`` s for a message from the child, leaving it in the pipe."""
        conn = self._conn
        try:
            return conn is not None and conn.poll(timeout)
        except (OSError, EOFError):
            return True  # a closed pipe: poll() has news (the child died)

    def wait_for(self, condition: Callable[[], bool], timeout: float) -> bool:
        """Wait on the pipe until ``condition()`` holds (True) or ``timeout`` s pass (False)."""
        self.wait(timeout, condition)
        return bool(condition())

    @property
    def reader(self) -> _ReaderView:
        """The reader's state as the child last said (waiting a moment for a new child's first word)."""
        if not self.ready and self.alive:
            self.wait(self.READY_TIMEOUT, lambda: self.ready and self._reader.mode != "")
        else:
            self._drain()
        return self._reader

    def stats(self) -> dict:
        """The reader's figures as the current child last reported them (at most a second old):
        conversions the chip made (the simulated chip's count; None on a Pi), read, missed and
        held, ``read_share`` (read / made), the child's CPU seconds and pid, ``reader_cpu_s``
        (the child's CPU at its last report less the simulated sensor's physics: what a Pi
        would spend), its priority, and how many times a child was started again.  For the
        benchmarks."""
        self._drain()
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
        self._drain()
        return self._recording

    @recording.setter
    def recording(self, value: list[int] | None) -> None:
        self._drain()
        self._recording = value
        self._send(("record", value is not None))

    def use(self, settings: Any) -> None:
        """Listen with new (calibrated) settings from now on, in this child and the next."""
        from dataclasses import replace

        self.spec = replace(self.spec, settings=settings)
        self.detector = _DetectorView(settings)
        self._send(("use", settings))

    def close(self) -> None:
        """Stop the child: ask, join, then terminate, then kill.  Leaves no process behind."""
        if self.closed:
            return
        self.closed = True
        process = self.process
        if process is None:
            return
        self._send(("stop",))
        process.join(self.JOIN_TIMEOUT)
        if process.is_alive():
            process.terminate()
            process.join(self.JOIN_TIMEOUT)
        if process.is_alive():
            process.kill()
            process.join(self.JOIN_TIMEOUT)
        self._close_pipe()
        try:
            process.close()
        except ValueError:  # still running after a kill: nothing more can be done
            log.warning("the knock reader process %s did not stop", self.pid)
