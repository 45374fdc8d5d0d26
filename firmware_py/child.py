"""A worker process the app starts, talks to over a pipe, and keeps alive: the knock reader
and the camera reader each run in one, away from the drawing process's GIL.

:class:`SupervisedChild` is the parent's side, the same for every such worker: it starts the
child with the ``spawn`` method (a fresh interpreter: nothing of pygame, SDL's threads or
their locks is inherited), drains the pipe without ever blocking (once a frame), restarts a
child that died after a pause that doubles each time (a warning on the health board
meanwhile), and on :meth:`SupervisedChild.close` asks it to stop, joins it, and terminates
(then kills) it if it does not go: no zombie, no orphan.  A child whose parent dies sees its
pipe close and leaves.

A worker says what it is through a few class attributes (``NAME`` on the health board,
``PROCESS_NAME``, ``CALLED`` in sentences, ``LOST``: what the table loses while it is down) and what its messages
mean through :meth:`SupervisedChild.take`.  Every child first says ``("ready", pid, ...)``
and reports faults as ``("health", device, ok, message)`` — a failure under the process's own
``NAME`` is its last word before it ends, said with its death; the parent sends ``("stop",)``.
"""

from __future__ import annotations

import logging
import multiprocessing
import sys
import time
import types
from collections import deque
from typing import Any, Callable

from firmware_py.clock import Clock, SystemClock
from firmware_py.health import Health, describe

log = logging.getLogger("planchette.hardware")

START_METHOD = "spawn"  # a fresh interpreter: safe beside pygame, and start() does not block
_WITHOUT_MAIN = """A spawned child normally runs the parent's main script again (as ``__mp_main__``) before
its target: the app's console script would import the whole companion (every game) into the
worker, and a script without the ``if __name__ == "__main__"`` guard would start another box
and fail.  The child needs nothing from ``__main__`` (its target and spec live in importable
modules), so :meth:`SupervisedChild.start` hides the main module while the child's
preparation data is taken: the child imports only its own modules."""


class SupervisedChild:
    """The parent's side of a worker process: start, drain, supervise, stop."""

    NAME = "worker"  # the health board's name for the process
    PROCESS_NAME = "planchette-worker"
    CALLED = "the worker process"  # in sentences
    LOST = "the worker is not running"  # the first words of the warning while it is down
    FIRST_PAUSE, MAX_PAUSE = 1.0, 30.0  # s before starting a dead child again, doubling
    STABLE = 10.0  # s a child must live before its restarts count from the first pause again
    JOIN_TIMEOUT = 2.0  # s a stopping child is given before it is terminated

    def __init__(self, target: Callable[[Any, Any], None], spec: Any, health: Health | None = None,
                 clock: Clock | None = None, start_method: str = START_METHOD) -> None:
        self.target = target  # the child's main: target(conn, spec), importable (spawn pickles it)
        self.spec = spec
        self.health = health if health is not None else Health()
        self.clock = clock if clock is not None else SystemClock()
        self.context = multiprocessing.get_context(start_method)
        self.process: Any = None
        self._conn: Any = None
        self.pid: int | None = None
        self.ready = False  # the current child has said it is working
        self.starts = 0
        self.restarts = 0  # children started again after one died
        self.failures = 0  # deaths in a row
        self.deaths: deque[str] = deque(maxlen=16)  # how the last children ended
        self._restart_at: float | None = None
        self._started_at = 0.0
        self._last_word = ""  # a dying child's reason
        self.closed = False

    # -- what a worker adds ------------------------------------------------------------------
    def take(self, message: tuple) -> list:
        """A message from the child (other than ready and health): what it means, as a list
        of things for :meth:`poll` to return."""
        return []

    def started(self) -> None:
        """A new child is on its way (its first word not yet heard): reset what it reports."""

    # -- the child's life -----------------------------------------------------------------
    def start(self) -> None:
        """Start a child (not waiting for it: its first word arrives through :meth:`poll`)."""
        parent, child = self.context.Pipe(duplex=True)
        process = self.context.Process(target=self.target, args=(child, self.spec), name=self.PROCESS_NAME,
                                       daemon=True)
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
        self.starts += 1
        self._started_at = self.clock.now()
        self._restart_at = None
        self.started()

    @property
    def alive(self) -> bool:
        if self.process is None:
            return False
        try:
            return self.process.is_alive()
        except ValueError:  # closed (after close()): long gone
            return False

    def send(self, message: tuple) -> None:
        """To the child; lost if it has died (poll() notices and restarts it)."""
        if self._conn is None:
            return
        try:
            self._conn.send(message)
        except (OSError, EOFError):
            pass

    def drain(self) -> list:
        found: list = []
        conn = self._conn
        if conn is None:
            return found
        try:
            while conn.poll():
                found += self._take(conn.recv())
        except (EOFError, OSError):  # the child is gone: poll() sees to it
            pass
        return found

    def _take(self, message: tuple) -> list:
        kind = message[0]
        if kind == "health":
            _, device, ok, text = message
            if device == self.NAME and not ok:
                self._last_word = text  # why the child is about to end: said once it has
            else:
                self.health.ok(device) if ok else self.health.fail(device, text)
            return []
        if kind == "ready":
            self.ready = True
            self.health.ok(self.NAME)
        elif self.failures and self.clock.now() - self._started_at >= self.STABLE:
            self.failures = 0  # it has lived long enough: the next death starts the pauses afresh
        return self.take(message)

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
        why = f"{self._last_word}; {self.CALLED} stopped" if self._last_word else f"{self.CALLED} stopped ({how})"
        self._last_word = ""
        self._close_pipe()
        self._again_later(why)

    def _could_not_start(self, reason: str) -> None:
        self.deaths.append(f"not started: {reason}")
        self._again_later(f"{self.CALLED} could not be started ({reason})")

    def _again_later(self, why: str) -> None:
        self.failures += 1
        pause = min(self.FIRST_PAUSE * 2 ** (self.failures - 1), self.MAX_PAUSE)
        self.health.fail(self.NAME, f"{self.LOST}: {why}; starting it again in {pause:g} s")
        self._restart_at = self.clock.now() + pause

    def _close_pipe(self) -> None:
        if self._conn is not None:
            try:
                self._conn.close()
            except OSError:
                pass
            self._conn = None

    # -- what the app asks ------------------------------------------------------------------
    def poll(self) -> list:
        """What arrived (never blocks); a dead child is reported and restarted."""
        found = self.drain()
        self._supervise()
        return found

    def wait(self, timeout: float, until: Callable[[], bool] | None = None) -> list:
        """Wait on the pipe (up to ``timeout`` s of real time) until ``until()`` (default:
        anything arrived) holds; what arrived meanwhile.  For the doctor and the tests."""
        found: list = []
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

    def close(self) -> None:
        """Stop the child: ask, join, then terminate, then kill.  Leaves no process behind."""
        if self.closed:
            return
        self.closed = True
        process = self.process
        if process is None:
            return
        self.send(("stop",))
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
            log.warning("%s %s did not stop", self.PROCESS_NAME, self.pid)
