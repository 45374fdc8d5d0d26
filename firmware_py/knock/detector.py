"""The knock detector: piezo samples in, yes/no decisions out.

A pure streaming object — no clock, no I/O: the same samples give the same decisions
however they are split into blocks, live on the Pi or over a recording
(``companion knock detect``).  The stages (docs/knock.md tells the story):

1. :class:`Curvature` — the second difference ``x[n] - 2 x[n-1] + x[n-2]``.  An offset
   and a linearly drifting baseline vanish from it exactly, and a slow swell (a bumped
   table, a cup) shrinks by about ``(pi / its rise in samples)**2``, while a knock — a
   burst of either sign, or a peak detector's step — keeps its full height.
2. :class:`NoiseFloor` — the mean ``|curvature|`` of the quiet: learnt over the first
   quarter second (unless calibrated), then followed slowly, but not while a knock
   rings down.  Every threshold is a multiple of it: that is how one detector serves
   tables whose gains differ tenfold.
3. :class:`Strikes` — is a loud frame a strike?  Its curvature must stand
   ``threshold`` noise floors above the curvature just before it (what a swell has),
   change abruptly (a rise time of a sample, not a swell's smooth top) and not come
   off the ADC's rails (a clipped swell has corners too).  A step the ADC caught
   mid-rise, spread over two samples, is looked for at twice the sample spacing.
4. :class:`Rings` — after a strike the table rings.  A second knock inside the ring
   must jump ``retrigger`` times above the ring's held envelope once the ring has
   decayed (a ring-down fades; a loud table does not); a strike within ``merge`` of a
   knock is its bounce; a ring that neither fades nor ends within ``max_ring`` is a
   busy table, and the gesture it opened is dropped.
5. :class:`~firmware_py.knock.gestures.GestureGrouper` — knock times into yes/no, once
   the last knock has rung down.

Frames of about 4 ms: per sample the work is two subtractions in ``map`` and a slice
in ``max``/``min``; the Python-level work is per frame, hundreds of times faster than
real time.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass, fields
from operator import sub
from typing import Iterable

from firmware_py.files import quote
from firmware_py.knock.gestures import DEFAULT_GAP, DEFAULT_NO_WAIT, Decision, GestureGrouper

FRAME_SECONDS = 0.004
HISTORY_FRAMES = 2  # the curvature "just before" a frame: what a swell has there
FULL_SCALE = 32767  # a 16-bit ADC's top reading (its bottom is -32768)
MIN_FLOOR = 4.0  # counts: no real ADC is quieter, and a noiseless stream needs a floor too
FREEZE = 0.2  # s after a knock during which the noise floor does not learn (its ring-down)


@dataclass(frozen=True)
class KnockSettings:
    """A table's detector settings: the defaults work untuned, calibration refines them.
    Multiples are of the noise floor (the quiet's mean ``|curvature|``); times in seconds."""

    threshold: float = 8.0  # a knock stands this many noise floors out
    retrigger: float = 2.5  # a knock inside a ring jumps this many times its held envelope
    hold: float = 0.03  # the held envelope's decay time constant
    merge: float = 0.11  # a strike this soon after a knock is its bounce
    max_ring: float = 0.45  # a ring this long that does not fade is a busy table
    gap: float = DEFAULT_GAP  # a knock this soon after the last joins its gesture
    no_wait: float = DEFAULT_NO_WAIT  # after the second knock, the wait for a third
    warmup: float = 0.25  # the noise floor is learnt over this long first (unless given)
    floor_tau: float = 1.0  # how slowly the noise floor follows the table afterwards
    noise_floor: float | None = None  # a calibrated noise floor, in counts of |curvature|
    rate: float | None = None  # the sample rate noise_floor was measured at

    def __post_init__(self) -> None:
        problems = []
        for name in ("threshold", "retrigger", "hold", "merge", "max_ring", "gap", "no_wait", "floor_tau"):
            if not _positive(getattr(self, name)):
                problems.append(f"{name} must be a positive number, not {quote(getattr(self, name))}")
        if not (_number(self.warmup) and 0 <= self.warmup <= 10):
            problems.append(f"warmup must be between 0 and 10 seconds, not {quote(self.warmup)}")
        for name in ("noise_floor", "rate"):
            value = getattr(self, name)
            if value is not None and not _positive(value):
                problems.append(f"{name} must be a positive number or absent, not {quote(value)}")
        if not problems and self.no_wait > self.gap:
            problems.append(f"no_wait ({self.no_wait}) cannot be longer than gap ({self.gap})")
        if not problems and self.merge >= self.gap:
            problems.append(f"merge ({self.merge}) must be shorter than gap ({self.gap})")
        if problems:
            raise ValueError("; ".join(problems))

    def to_dict(self) -> dict:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: object) -> "KnockSettings":
        """The settings from a JSON object; ValueError with a sentence if it is not one."""
        if not isinstance(data, dict):
            raise ValueError("knock settings must be a JSON object")
        unknown = sorted(set(data) - {f.name for f in fields(cls)}, key=str)
        if unknown:
            raise ValueError(f"unknown knock setting(s): {', '.join(map(quote, unknown))}")
        return cls(**data)


def _number(value: object) -> bool:
    """A real number: not a bool, not inf or nan, and not an int too large for a float."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return False
    return value.bit_length() <= 1000 if isinstance(value, int) else math.isfinite(value)


def _positive(value: object) -> bool:
    return _number(value) and value > 0  # type: ignore[operator]


class Curvature:
    """Stage 1: the stream's second difference, block by block (C-speed ``map``),
    aligned with the samples (the stream is taken to start flat)."""

    def __init__(self) -> None:
        self.previous: list[int] = []  # the last two samples seen

    def __call__(self, samples: list[int]) -> list[int]:
        if not samples:
            return []
        if not self.previous:
            self.previous = [samples[0], samples[0]]
        x = self.previous + samples
        self.previous = x[-2:]
        d1 = list(map(sub, x[1:], x[:-1]))
        return list(map(sub, d1[1:], d1[:-1]))


def quiet_mean(values: list[float]) -> float:
    """The mean of frame levels without their outliers (above 3 medians): the mean and
    not the median, because the thresholds assume the mean and these levels are skewed."""
    median = sorted(values)[len(values) // 2]
    usual = [v for v in values if v <= 3.0 * median]
    return max(sum(usual) / len(usual), MIN_FLOOR)


class NoiseFloor:
    """Stage 2: the quiet's mean ``|curvature|``: the warm-up frames' :func:`quiet_mean`,
    then an exponential average of frames, each clipped at 3 floors (so a knock the
    other stages missed cannot pull it up by much)."""

    def __init__(self, frames_per_second: float, settings: KnockSettings, rate: float) -> None:
        self.level: float | None = None
        given = settings.noise_floor
        if given is not None and (settings.rate is None or abs(settings.rate - rate) <= 0.02 * rate):
            self.level = max(float(given), MIN_FLOOR)
        self.warmup_frames = max(1, round(settings.warmup * frames_per_second))
        self.seen: list[float] = []
        self.weight = 1.0 / (settings.floor_tau * frames_per_second)

    def learn(self, mean_abs: float) -> None:
        if self.level is None:
            self.seen.append(mean_abs)
            if len(self.seen) >= self.warmup_frames:
                self.level = quiet_mean(self.seen)
                self.seen = []
            return
        level = self.level
        if mean_abs > 3.0 * level:
            mean_abs = 3.0 * level
        level += self.weight * (mean_abs - level)
        self.level = level if level > MIN_FLOOR else MIN_FLOOR

    def raise_to(self, level: float) -> None:
        """The table got louder for good (a busy ring): start from its new level."""
        if self.level is not None and level > self.level:
            self.level = level


class Strikes:
    """Stage 3: where in a loud frame a strike begins, if it is one (a sample index),
    looking at the curvature ``d`` and the samples ``x`` of the whole window."""

    SHARP = 0.5  # a strike's curvature changes by at least this much of itself in a sample

    def __init__(self, frame: int) -> None:
        self.history = HISTORY_FRAMES * frame

    def first(self, d: list[int], x: list[int], begin: int, end: int, level: float,
              from_rest: bool = True) -> int | None:
        """The first strike in ``d[begin:end]`` standing ``level`` out of the curvature
        just before the frame (``from_rest``; inside a ring, out of zero), or None (a
        swell, a clipped corner, nothing)."""
        before = d[max(0, begin - self.history):begin] if from_rest else None
        base = sum(before) / len(before) if before else 0.0  # a swell's own curvature
        for k in range(begin, end):
            v = d[k] - base
            if v > level or -v > level:
                return k if self.sharp(d, k, end, v, base) and not self.clipped(d, x, k) else None
        return None

    def spread(self, d: list[int], x: list[int], begin: int, end: int, level: float) -> int | None:
        """A step the ADC spread over two samples (a peak detector's rise caught
        mid-way) shows at half height in ``d``; the curvature at twice the spacing,
        ``x[n] - 2 x[n-2] + x[n-4]``, sees it whole.  Only a true step counts: two
        rises of one sign, each a quarter of it, from rest (not a swell's steady slope)."""
        low = max(3, begin - self.history)
        wide = [d[k] + 2 * d[k - 1] + d[k - 2] for k in range(low, end)]
        before = wide[:begin - low]
        base = sum(before) / len(before) if before else 0.0
        for k in range(max(begin, low), end):
            v = wide[k - low] - base
            if v > level or -v > level:
                rise, first, rest = x[k] - x[k - 1], x[k - 1] - x[k - 2], x[k - 2] - x[k - 3]
                quarter = 0.25 * abs(v)
                step = rise * first > 0 and min(abs(rise), abs(first)) >= quarter and abs(rest) < quarter
                return k if step and not self.clipped(d, x, k) else None
        return None

    def sharp(self, d: list[int], k: int, end: int, v: float, base: float) -> bool:
        """Rise time: a swell's curvature changes smoothly, so the two samples before
        predict it (in a straight line); a strike's jumps away from that by a good part
        of its height, at the sample or the next."""
        size = self.SHARP * abs(v)
        p1 = d[k - 1] if k >= 1 else base
        p2 = d[k - 2] if k >= 2 else base
        if abs(d[k] - 2 * p1 + p2) > size:
            return True
        return k + 1 < end and abs(d[k + 1] - 2 * d[k] + p1) > size

    @staticmethod
    def clipped(d: list[int], x: list[int], k: int) -> bool:
        """A swell that runs into the ADC's rails has corners as abrupt as a strike's; a
        strike starts from rest, though, not from the rail or from a steep slope."""
        around = x[max(0, k - 4):k + 1]  # never past k: the next sample may not have come yet
        if max(around) < FULL_SCALE and min(around) > -FULL_SCALE - 1:
            return False
        before = x[max(0, k - 4):k]
        if before and (max(before) >= FULL_SCALE or min(before) <= -FULL_SCALE - 1):
            return True  # coming off the rail
        earlier, previous = x[max(0, k - 2)], x[max(0, k - 1)]
        return 2 * abs(previous - earlier) >= abs(d[k])  # running into it along a slope


class Rings:
    """Stage 4: the ring after a strike, a second knock inside it, bounces, busy tables.

    A *ring* lasts from a strike until the held envelope (the frames' peak
    ``|curvature|``, decaying with ``hold``) is back under half the threshold and the
    table's smoothed mean level under ``QUIET`` noise floors.  Inside it a new knock
    must jump ``retrigger`` times above the held envelope, and only once the ring has
    faded (envelope under ``DECAYED`` of its peak, level under ``FADED`` of its peak).
    A decision waits until the last knock has *settled* (envelope under ``SETTLED`` of
    the knock's peak, or the ring is over).  A ring that has not faded ``max_ring``
    after its last knock is a *busy* table: nothing is heard until it quietens.
    """

    DECAYED = 0.35
    FADED = 0.5
    SETTLED = 0.25
    QUIET = 1.5

    def __init__(self, rate: float, frame: int, settings: KnockSettings) -> None:
        self.rate, self.settings = rate, settings
        self.keep = math.exp(-frame / (rate * settings.hold))
        self.envelope = 0.0
        self.earlier = 0.0  # the envelope before the last frame
        self.ringing = False
        self.busy = False
        self.start = 0.0  # when the ring began (s)
        self.peak = 0  # its loudest frame
        self.activity = 0.0  # its mean |curvature|, smoothed over ~50 ms
        self.activity_peak = 0.0
        self.activity_weight = min(1.0, frame / (rate * 0.05))
        self.last_knock = -math.inf
        self.knock_peak = 0  # the loudest frame since the last knock

    @property
    def settled(self) -> bool:
        """The last knock has rung down, or the ring is over: a decision may be
        announced.  A busy table never settles."""
        return not self.ringing or (not self.busy and self.envelope < self.SETTLED * self.knock_peak)

    def quiet_frame(self, peak: int) -> None:
        """A frame below the threshold outside a ring: only the envelope moves."""
        self.earlier = self.envelope
        envelope = self.envelope * self.keep
        self.envelope = peak if peak > envelope else envelope

    def may_retrigger(self, peak: int, level: float) -> float | None:
        """Inside a ring: the level a new knock must reach in this frame, or None."""
        # the envelope as it was before the last frame, if that frame raised it: a knock
        # whose rise straddles two frames is measured against the ring, not against itself
        envelope = min(self.envelope * self.keep, self.earlier * self.keep * self.keep)
        if self.busy or peak <= self.settings.retrigger * envelope or envelope >= self.DECAYED * self.peak \
                or self.activity >= self.FADED * self.activity_peak:
            return None
        return max(level, self.settings.retrigger * envelope)

    def strike(self, t: float, start: float, floor: float) -> bool:
        """A strike at ``t`` (s) in the frame starting at ``start`` (s): True if it is a
        new knock, False if it is the bounce of the last one."""
        if not self.ringing:
            self.ringing, self.start, self.peak = True, start, 0
            self.activity, self.activity_peak = floor, 0.0  # from the quiet: a loud table shows as not fading
        if t - self.last_knock < self.settings.merge:
            return False
        self.last_knock = t
        self.knock_peak = 0
        self.start = start  # a new knock rings down afresh
        return True

    def after_frame(self, peak: int, mean: float, end: float, level: float, floor: float) -> None:
        """Update the ring with a frame that ended at ``end`` (s)."""
        self.earlier = self.envelope
        envelope = self.envelope * self.keep
        self.envelope = envelope = peak if peak > envelope else envelope
        if peak > self.knock_peak:
            self.knock_peak = peak
        if peak > self.peak:
            self.peak = peak
        self.activity += self.activity_weight * (mean - self.activity)
        if self.activity > self.activity_peak:
            self.activity_peak = self.activity
        if envelope <= 0.5 * level and self.activity <= self.QUIET * floor:
            self.ringing = self.busy = False
        elif end - self.start > self.settings.max_ring and self.activity > self.FADED * self.activity_peak:
            self.busy = True  # long and not fading: a loud table, not a ring-down


class KnockDetector:
    """Samples (ints, counts) in, :class:`Decision` objects out.

    ``feed(samples)`` with any block size; ``finish()`` at the end of a recording.  A
    decision's ``t`` is the stream time at which it is announced, sample ``n`` being
    at ``n / rate`` seconds from the first sample fed.
    """

    def __init__(self, rate: float, settings: KnockSettings | None = None) -> None:
        if not _positive(rate):
            raise ValueError(f"a sample rate must be a positive number, not {rate!r}")
        self.rate = float(rate)
        self.settings = settings or KnockSettings()
        self.frame = max(2, round(self.rate * FRAME_SECONDS))
        self.curvature = Curvature()
        self.floor = NoiseFloor(self.rate / self.frame, self.settings, self.rate)
        self.strikes = Strikes(self.frame)
        self.rings = Rings(self.rate, self.frame, self.settings)
        self.grouper = GestureGrouper(self.settings.gap, self.settings.no_wait)
        self.knocks: list[float] = []  # every knock's onset (s), for tests and calibration
        self.peaks: list[int] = []  # each knock's loudest frame, |curvature| in counts
        self.ring_levels: list[float] = []  # the current ring's frame levels
        self.curves: list[int] = []  # curvature: HISTORY_FRAMES frames of history, then unframed
        self.samples: list[int] = []  # the samples of the same indices
        self.framed = 0  # how many of those are history
        self.index = 0  # the stream index of the first unframed sample
        self.finished = False

    @property
    def noise_floor(self) -> float | None:
        return self.floor.level

    def feed(self, samples: Iterable[int]) -> list[Decision]:
        if self.finished:
            raise RuntimeError("this detector's stream has finished")
        samples = samples if isinstance(samples, list) else list(samples)
        if not samples:
            return []
        curves = self.curves + self.curvature(samples)
        raw = self.samples + samples
        begin = self.framed
        end = begin + (len(curves) - begin) // self.frame * self.frame
        decisions = self._frames(curves, raw, begin, end)
        keep = max(0, end - HISTORY_FRAMES * self.frame)
        self.curves, self.samples = curves[keep:], raw[keep:]
        self.framed = end - keep
        self.index += end - begin
        return decisions

    def skip(self, count: int) -> None:
        """``count`` samples the sensor did not give: the chip stopped answering and the
        reader held its last value meanwhile.  Nothing across such a gap can be judged:
        fed, the flat stretch pulled the noise floor down and the jump back to the live
        signal struck as a knock (a lone knock just after a bus fault was heard as "no").
        So the open gesture is dropped, the curvature and the ring start afresh after
        the gap, the table's noise floor is kept, and stream time runs on."""
        if count <= 0:
            return
        unframed = len(self.curves) - self.framed
        t = (self.index + unframed) / self.rate
        self.grouper.discard(t, "the knock sensor stopped answering in the middle of it")
        self.curvature = Curvature()
        self.rings = Rings(self.rate, self.frame, self.settings)
        self.ring_levels = []
        self.curves, self.samples, self.framed = [], [], 0
        self.index += unframed + count

    def finish(self) -> list[Decision]:
        """End of stream: the last partial frame, then any gesture still open."""
        if self.finished:
            return []
        self.finished = True
        begin, end = self.framed, len(self.curves)
        decisions = self._frames(self.curves, self.samples, begin, end) if end > begin else []
        self.index += end - begin
        return decisions + self.grouper.finish((self.index - 1) / self.rate)

    def run(self, samples: Iterable[int]) -> list[Decision]:
        """Every decision over a whole recording."""
        return self.feed(samples) + self.finish()

    def _frames(self, curves: list[int], raw: list[int], begin: int, end: int) -> list[Decision]:
        decisions: list[Decision] = []
        frame, rate = self.frame, self.rate
        floor, strikes, rings, grouper = self.floor, self.strikes, self.rings, self.grouper
        threshold = self.settings.threshold
        first_index = self.index - begin  # the stream index of curves[0]
        for offset in range(begin, end, frame):
            stop = min(offset + frame, end)
            segment = curves[offset:stop]
            hi, lo = max(segment), min(segment)
            peak = hi if hi > -lo else -lo
            level = floor.level
            if level is None:  # warming up: learn only
                floor.learn(sum(map(abs, segment)) / len(segment))
                continue
            bar = threshold * level
            if rings.ringing or peak > bar:
                self._loud_frame(curves, raw, offset, stop, peak, level, bar, first_index, decisions)
            elif peak > 0.5 * bar and strikes.spread(curves, raw, offset, stop, bar) is not None:
                self._loud_frame(curves, raw, offset, stop, peak, level, bar, first_index, decisions, True)
            else:
                rings.quiet_frame(peak)
                floor.learn(sum(map(abs, segment)) / len(segment))
            if grouper.count and rings.settled:
                decisions += grouper.poll((first_index + stop - 1) / rate)
        return decisions

    def _loud_frame(self, curves: list[int], raw: list[int], offset: int, stop: int, peak: int, level: float,
                    bar: float, first_index: int, decisions: list[Decision], spread: bool = False) -> None:
        """A frame above the threshold, holding a spread strike, or inside a ring:
        strikes, knocks, the ring."""
        rate, rings = self.rate, self.rings
        was_ringing, was_busy = rings.ringing, rings.busy
        mean = sum(map(abs, curves[offset:stop])) / (stop - offset)
        if spread:
            at = self.strikes.spread(curves, raw, offset, stop, bar)
        elif not rings.ringing:
            at = self.strikes.first(curves, raw, offset, stop, bar) if peak > bar else None
        else:
            needed = rings.may_retrigger(peak, bar) if peak > bar else None
            at = self.strikes.first(curves, raw, offset, stop, needed, False) if needed is not None else None
        if at is not None and rings.strike((first_index + at) / rate, (first_index + offset) / rate, level):
            self.knocks.append(rings.last_knock)
            self.peaks.append(peak)
            decisions += self.grouper.knock(rings.last_knock)
        elif rings.ringing and self.peaks and rings.last_knock == self.knocks[-1] and peak > self.peaks[-1]:
            self.peaks[-1] = peak
        if rings.ringing or at is not None:
            rings.after_frame(peak, mean, (first_index + stop) / rate, bar, level)
        else:
            rings.quiet_frame(peak)
        if rings.ringing and not was_ringing:
            self.ring_levels = []
        if rings.ringing:
            self.ring_levels.append(mean)
        if rings.busy and not was_busy:  # a table that stays loud is the new quiet
            self.grouper.discard((first_index + offset) / rate, "the table stayed loud: not a knock")
            self.floor.raise_to(quiet_mean(self.ring_levels))
        if not rings.ringing or rings.busy or (first_index + offset) / rate - rings.last_knock > FREEZE:
            self.floor.learn(mean)


def detect(samples: Iterable[int], rate: float, settings: KnockSettings | None = None) -> list[Decision]:
    """The decisions over a whole recording (``companion knock detect`` in one call)."""
    return KnockDetector(rate, settings).run(samples)
