"""The box's hourglass: Mysterium's two minutes on an injected clock.

"After every unfinished psychic has received a vision, flip the two-minute
hourglass ... Lock all guesses when the sand runs out."  The :class:`Hourglass`
keeps that time and says what is due; it makes no sound and draws nothing.
``firmware_py.hourglass_sound`` turns its events into buzzer sounds and the
pentagram's Mysterium scene shows :meth:`Hourglass.fraction_left` as sand.

Nothing here reads the wall clock or sleeps: the app's loop (or a test) calls
:meth:`Hourglass.update` whenever it likes and receives, in order, every event
that fell due since the previous call -- each exactly once, however late the
call, and each stamped with the clock time it was scheduled for, so
``seen - due`` is the schedule error.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from firmware_py.clock import Clock

#: below this, time left is float rounding, not sand (as companion.engine.timers.Timer)
EPSILON = 1e-6

TICK, WARNING, END = "tick", "warning", "end"
#: at one instant a tick comes before a warning, a warning before the end
_KIND_ORDER = {TICK: 0, WARNING: 1, END: 2}


@dataclass(frozen=True)
class HourglassSettings:
    """How the hourglass runs.

    ``duration``: seconds of sand (Mysterium: 120).  ``tick_every``: seconds
    between ticks.  ``tick_from``: ticks only while at most this many seconds
    are left (None: ticks through the whole run).  The defaults give every
    second as an event (the screen may show them);
    :class:`firmware_py.hourglass_sound.HourglassSound` decides which ones are
    heard (by default only the last 30 s, so the table is not annoyed).
    ``warnings``: seconds left at which a warning falls due (30 s and 10 s);
    a warning at or beyond the duration is dropped (a 20 s glass has only the
    10 s warning).
    """

    duration: float = 120.0
    tick_every: float = 1.0
    tick_from: float | None = None
    warnings: tuple[float, ...] = (30.0, 10.0)

    def __post_init__(self) -> None:
        if not _positive(self.duration):
            raise ValueError(f"the hourglass needs a duration in seconds above 0, not {self.duration!r}")
        if not _positive(self.tick_every):
            raise ValueError(f"the hourglass ticks every so many seconds (above 0), not {self.tick_every!r}")
        if self.tick_from is not None and not _positive(self.tick_from):
            raise ValueError(f"ticks start at so many seconds left (above 0) or always (None), not {self.tick_from!r}")
        for left in self.warnings:
            if not _positive(left):
                raise ValueError(f"a warning falls due at so many seconds left (above 0), not {left!r}")


def _positive(value: object) -> bool:
    return (isinstance(value, (int, float)) and not isinstance(value, bool)
            and math.isfinite(value) and value > 0)


@dataclass(frozen=True)
class HourglassEvent:
    """Something the hourglass says: ``kind`` is ``tick``, ``warning`` or ``end``.

    ``left``: seconds of sand left when it falls due (30.0 for the first
    warning, 0.0 for the end).  ``due``: the clock time it was scheduled for
    (pauses included).  ``seen``: the clock time :meth:`Hourglass.update`
    delivered it.
    """

    kind: str
    left: float
    due: float
    seen: float

    @property
    def error(self) -> float:
        """The schedule error: how late the app's loop noticed it, in seconds."""
        return self.seen - self.due


@dataclass(frozen=True)
class _Due:
    elapsed: float  # seconds of running sand after which it falls due
    kind: str
    left: float


def schedule(settings: HourglassSettings, duration: float) -> list[_Due]:
    """Every event of one run of ``duration`` seconds, in the order they fall due."""
    items: list[_Due] = []
    step = 1
    while True:
        left = duration - step * settings.tick_every
        if left <= EPSILON:
            break
        if settings.tick_from is None or left <= settings.tick_from + EPSILON:
            items.append(_Due(duration - left, TICK, left))
        step += 1
    for left in settings.warnings:
        if left < duration - EPSILON:
            items.append(_Due(duration - left, WARNING, float(left)))
    items.append(_Due(duration, END, 0.0))
    items.sort(key=lambda item: (item.elapsed, _KIND_ORDER[item.kind]))
    return items


class Hourglass:
    """Flip, pause, resume, cancel; :meth:`update` returns what fell due.

    States: idle (never flipped, or cancelled: a full glass), running, paused
    and expired (the sand has run out; the clock decides this, so guesses can
    be locked even before ``update`` delivers the ``end`` event).
    """

    def __init__(self, clock: Clock, settings: HourglassSettings | None = None) -> None:
        self.clock = clock
        self.settings = settings or HourglassSettings()
        self.duration = self.settings.duration
        self._events: list[_Due] = []
        self._next = 0  # index of the first event not yet delivered
        self._pending: list[tuple[_Due, float]] = []  # (event, due) collected at a pause
        self._flipped = False
        self._banked = 0.0  # sand run before the current stretch
        self._since: float | None = None  # clock time the current stretch began (None: paused)

    # -- the controls ---------------------------------------------------------------
    def flip(self, duration: float | None = None) -> None:
        """Start a full run (again, if one is running: the old run's events are dropped)."""
        if duration is not None:
            if not _positive(duration):
                raise ValueError(f"the hourglass needs a duration in seconds above 0, not {duration!r}")
            self.duration = float(duration)
        else:
            self.duration = self.settings.duration
        self._events = schedule(self.settings, self.duration)
        self._next = 0
        self._pending = []
        self._flipped = True
        self._banked = 0.0
        self._since = self.clock.now()

    def pause(self) -> bool:
        """Stop the sand; True if it was running.  What fell due before the pause
        is still delivered by the next update; nothing falls due while paused."""
        if not self.running:
            return False
        now = self.clock.now()
        self._collect(now)
        self._banked = self._elapsed(now)
        self._since = None
        return True

    def resume(self) -> bool:
        """Let the sand run again from where it stopped; True if it was paused."""
        if not self.paused:
            return False
        self._since = self.clock.now()
        return True

    def cancel(self) -> None:
        """Put the hourglass away: back to a full, idle glass; undelivered events are dropped."""
        self._events, self._next, self._pending = [], 0, []
        self._flipped = False
        self._banked = 0.0
        self._since = None
        self.duration = self.settings.duration

    # -- what it shows ----------------------------------------------------------------
    @property
    def running(self) -> bool:
        return self._flipped and self._since is not None and not self.expired

    @property
    def paused(self) -> bool:
        return self._flipped and self._since is None and not self.expired

    @property
    def expired(self) -> bool:
        return self._flipped and self.remaining() <= 0.0

    @property
    def idle(self) -> bool:
        return not self._flipped

    def remaining(self) -> float:
        """Seconds of sand left (the whole duration when idle, 0 once expired)."""
        if not self._flipped:
            return self.duration
        left = self.duration - self._elapsed(self.clock.now())
        return 0.0 if left <= EPSILON else left

    def fraction_left(self) -> float:
        """Sand left as 0..1 for the pentagram: 1 when idle, falling to 0 at the end."""
        return self.remaining() / self.duration

    # -- the events -------------------------------------------------------------------
    def update(self) -> list[HourglassEvent]:
        """Every event due since the last call, in order, each exactly once."""
        now = self.clock.now()
        self._collect(now)
        delivered = [HourglassEvent(item.kind, item.left, due, now) for item, due in self._pending]
        self._pending = []
        return delivered

    def _elapsed(self, now: float) -> float:
        extra = max(0.0, now - self._since) if self._since is not None else 0.0
        return min(self.duration, self._banked + extra)

    def _collect(self, now: float) -> None:
        """Move the events due by ``now`` to the pending list, with their clock times."""
        if not self._flipped or self._since is None:
            return
        elapsed = self._banked + max(0.0, now - self._since)
        while self._next < len(self._events) and self._events[self._next].elapsed <= elapsed + EPSILON:
            item = self._events[self._next]
            self._pending.append((item, self._since + (item.elapsed - self._banked)))
            self._next += 1
