"""What the hourglass sounds like: its events turned into buzzer sounds.

The hourglass says what is due; this says which of it the table hears:

* ``tick``    -> ``tick``, only in the last ``tick_from`` seconds (30 s by
  default: two minutes of ticking would annoy the table; None ticks throughout);
* ``warning`` -> ``warning`` at 30 s left, ``hurry`` at 10 s left (any other
  warning time gets ``warning``);
* ``end``     -> ``end``, the alarm: guesses lock.

One batch of events (one ``update()``) makes at most one sound, the most
important: a loop that stalled for five seconds does not rattle off five ticks,
and the tick at 30 s gives way to the warning due at the same moment.
"""

from __future__ import annotations

from typing import Iterable

from firmware_py.buzzer import BuzzerBase
from firmware_py.hourglass import END, TICK, WARNING, Hourglass, HourglassEvent

#: a warning at this many seconds left or fewer sounds as ``hurry``
HURRY_AT = 10.0


class HourglassSound:
    def __init__(self, buzzer: BuzzerBase, tick_from: float | None = 30.0) -> None:
        self.buzzer = buzzer
        self.tick_from = tick_from

    def sound_for(self, event: HourglassEvent) -> str | None:
        """The sound for one event, or None when it is silent."""
        if event.kind == TICK:
            if self.tick_from is not None and event.left > self.tick_from + 1e-6:
                return None
            return "tick"
        if event.kind == WARNING:
            return "hurry" if event.left <= HURRY_AT + 1e-6 else "warning"
        if event.kind == END:
            return "end"
        return None

    def handle(self, events: Iterable[HourglassEvent]) -> str | None:
        """Play the most important sound of ``events`` (the latest among equals);
        the name of the sound started, or None."""
        chosen: str | None = None
        for event in events:
            name = self.sound_for(event)
            if name is None:
                continue
            if chosen is None or self.buzzer.sounds[name].priority >= self.buzzer.sounds[chosen].priority:
                chosen = name
        if chosen is not None and self.buzzer.play(chosen):
            return chosen
        return None

    def update(self, hourglass: Hourglass) -> list[HourglassEvent]:
        """One step of the app's loop: the hourglass's due events, sounded; the
        buzzer moved on.  Returns the events (for the screen)."""
        events = hourglass.update()
        self.handle(events)
        self.buzzer.update()
        return events
