"""Knocks into answers: one knock is "yes", two are "no", any other count is nothing.

:class:`GestureGrouper` knows nothing of samples: it is fed knock onset times (from the
piezo detector, or from the digital comparator module's ``onsets``) and told the time
(``poll``), and returns :class:`Decision` objects at the moment they can be announced.

    grouper = GestureGrouper()
    for t in onset_times_as_they_happen:
        announce(grouper.knock(t))     # may close an earlier gesture
    announce(grouper.poll(clock.now()))  # call often (each frame, each tick)

The windows (``docs/knock.md`` discusses the trade-off):

* A knock less than ``gap`` seconds after the previous one joins its gesture, so a lone
  knock is "yes" once ``gap`` has passed with no other (people double-knock 120–450 ms
  apart, hence 0.5 s: the price is half a second before a "yes").
* After the second knock, "no" is announced ``no_wait`` seconds later unless a third
  knock came first: waiting a full ``gap`` for a third knock would make "no" as slow as
  "yes".  A third (fourth…) knock arriving after the "no" within ``gap`` of the last one
  is swallowed into the same gesture, so a slow triple knock reads as "no" and never
  also as a "yes"; a triple faster than ``no_wait`` is ignored as a whole.
"""

from __future__ import annotations

import json
import logging
from collections import deque
from dataclasses import dataclass

log = logging.getLogger("planchette.knock")

ANSWERS = {1: "yes", 2: "no"}
DEFAULT_GAP = 0.5
DEFAULT_NO_WAIT = 0.125


@dataclass(frozen=True)
class Decision:
    """An answer, announced at ``t`` seconds (stream time), made of ``knocks`` knocks."""

    t: float
    knocks: int
    answer: str

    def json_line(self) -> str:
        """The line ``companion knock detect`` prints (shared/spec/knock-detect.md)."""
        return json.dumps({"t": round(self.t, 3), "knocks": self.knocks, "answer": self.answer})


@dataclass(frozen=True)
class Ignored:
    """A gesture that was not an answer (three knocks, or noise thrown out)."""

    t: float
    knocks: int
    why: str


class GestureGrouper:
    """Groups knock onset times into gestures; see the module docstring."""

    def __init__(self, gap: float = DEFAULT_GAP, no_wait: float = DEFAULT_NO_WAIT) -> None:
        if not 0 < no_wait <= gap:
            raise ValueError(f"no_wait ({no_wait}) must be positive and at most gap ({gap})")
        self.gap, self.no_wait = gap, no_wait
        self.count = 0  # knocks in the open gesture (0: none open)
        self.last = 0.0  # its latest knock
        self.deadline = 0.0  # when it closes unless another knock comes
        self.answered = False  # its "no" is already out; later knocks are swallowed
        self.ignored: deque[Ignored] = deque(maxlen=100)

    @property
    def open(self) -> bool:
        return self.count > 0

    def knock(self, t: float) -> list[Decision]:
        """A knock struck at ``t``.  Returns what closed before it (rarely anything,
        if ``poll`` is called often)."""
        decisions = self.poll(t) if self.count and t >= self.deadline else []
        self.count += 1
        self.last = t
        if self.count == 2 and not self.answered:
            self.deadline = t + self.no_wait
        else:
            self.deadline = t + self.gap
        return decisions

    def poll(self, now: float) -> list[Decision]:
        """The decisions whose window has closed by ``now``, announced at ``now``."""
        if not self.count or now < self.deadline:
            return []
        if self.answered:  # the swallowing window of an announced "no" is over
            if self.count > 2:
                self._ignore(now, "knocks after an announced no")
            self._reset()
            return []
        if self.count == 2:
            self.answered = True
            self.deadline = self.last + self.gap
            return [Decision(now, 2, ANSWERS[2])]
        decision = [Decision(now, 1, ANSWERS[1])] if self.count == 1 else []
        if self.count > 2:
            self._ignore(now, "not one or two knocks")
        self._reset()
        return decision

    def finish(self, now: float) -> list[Decision]:
        """End of stream: close the open gesture as it would have closed live (its
        decision is stamped with its deadline, possibly after ``now``)."""
        decisions: list[Decision] = []
        while self.count:
            decisions += self.poll(max(now, self.deadline))
        return decisions

    def discard(self, t: float, why: str) -> None:
        """Forget the open gesture: its "knocks" turned out to be something else."""
        if self.count and not self.answered:
            self._ignore(t, why)
            self._reset()

    def _ignore(self, t: float, why: str) -> None:
        self.ignored.append(Ignored(t, self.count, why))
        log.info("knock gesture ignored at %.3f s: %d knock(s), %s", t, self.count, why)

    def _reset(self) -> None:
        self.count = 0
        self.answered = False
