"""A synthetic piezo knock sensor: the samples an ADC reads from a table.

The tests and the benchmarks build their labelled corpus from it (:class:`PiezoScene`:
knocks, double knocks and bumps at chosen times), and the simulated ADS1115 and the
desktop simulation stream it live (:class:`LivePiezo`: a sample on demand, ``knock()``
now).  Everything is seeded: the same arguments give the same samples.

Two sensor shapes, as ``shared/spec/knock-detect.md`` describes them:

``"ringing"``  a bare piezo read differentially by a slow ADC.  A knock is a
               broadband click of a millisecond or two that rings the table's
               resonances (hundreds of Hz to a few kHz, faster than the sampling), so
               the samples are a burst of either sign decaying over a few to tens of
               milliseconds, with a weak low tail up to ~150 ms.
``"peak"``     a piezo behind a peak detector, read single-ended: a fast rise and an RC
               decay, always of one sign, above an offset.

Around the knocks a table has: white noise (its level wandering slowly), a low rumble
(footsteps, voices), mains hum, an offset that drifts, and slow swells (a bumped
table, a cup put down) that are not knocks.  A knock's strength is relative to a firm
knock; ``gain`` is the table and sensor's unknown sensitivity (knocks *and* swells
scale with it; the electrical noise is given in counts).
"""

from __future__ import annotations

import math
import random
from typing import Iterator

SHAPES = ("ringing", "peak")
FULL_SCALE = 32767
KNOCK_COUNTS = 3000.0
"""The peak of a firm knock (strength 1) at gain 1, in ADC counts."""

_TAU = 2.0 * math.pi
_SILENT = 0.3  # counts below which a voice has died away


class _Table:
    """One table's character, drawn once from the seed: its resonances, how fast a
    knock dies on it, the peak detector's decay and how the offset wanders."""

    def __init__(self, rng: random.Random) -> None:
        self.modes = [(rng.uniform(150.0, 3500.0), rng.uniform(0.002, 0.02)) for _ in range(3)]
        self.tail = (rng.uniform(60.0, 220.0), rng.uniform(0.025, 0.045), rng.uniform(0.08, 0.25))
        self.envelope_tau = rng.uniform(0.004, 0.02)  # the ringing's envelope, for the peak shape
        self.rc_tau = rng.uniform(0.02, 0.07)  # the peak detector's hold capacitor
        self.attack = 0.0002
        self.drift_periods = (rng.uniform(25.0, 90.0), rng.uniform(6.0, 20.0))
        self.drift_phases = (rng.uniform(0, _TAU), rng.uniform(0, _TAU))
        self.drift_slope = rng.uniform(-1.0, 1.0)  # a ramp of up to the drift's amplitude per minute
        self.wobble_period = rng.uniform(8.0, 40.0)
        self.wobble_phase = rng.uniform(0, _TAU)
        self.hum_phase = rng.uniform(0, _TAU)


class _Background:
    """Everything but the events, sample after sample: offset and drift, rumble, hum
    and white noise whose level wobbles slowly.  Chunking never changes the output."""

    def __init__(self, rng: random.Random, table: _Table, rate: float, *, noise: float, drift: float,
                 offset: float, hum: float, hum_hz: float, rumble: float, wobble: float) -> None:
        self.rng, self.table, self.rate = rng, table, rate
        self.noise, self.drift, self.offset, self.hum, self.rumble = noise, drift, offset, hum, rumble
        self.wobble = min(max(wobble, 0.0), 0.9)
        self.hum_step = _TAU * hum_hz / rate
        self.pole = math.exp(-_TAU * 6.0 / rate)  # rumble: white noise low-passed at 6 Hz
        self.pole_gain = rumble * math.sqrt(1.0 - self.pole * self.pole)
        self.low = 0.0
        self.index = 0
        self.spare: list[float] = []

    def _normals(self, count: int) -> list[float]:
        """Box-Muller pairs: standard normal deviates, cheaper than random.gauss."""
        rand, log, sqrt, cos, sin = self.rng.random, math.log, math.sqrt, math.cos, math.sin
        out = self.spare
        while len(out) < count:
            radius = sqrt(-2.0 * log(1.0 - rand()))
            angle = _TAU * rand()
            out.append(radius * cos(angle))
            out.append(radius * sin(angle))
        self.spare = out[count:]
        return out[:count]

    def block(self, count: int) -> list[float]:
        table, rate, sin = self.table, self.rate, math.sin
        white = self._normals(count)
        shaken = self._normals(count) if self.rumble else None
        (p1, p2), (f1, f2) = table.drift_periods, table.drift_phases
        slope = self.drift * table.drift_slope / 60.0
        out = [0.0] * count
        low, pole, pole_gain = self.low, self.pole, self.pole_gain
        for k in range(count):
            t = (self.index + k) / rate
            level = self.noise * (1.0 + self.wobble * sin(_TAU * t / table.wobble_period + table.wobble_phase))
            value = self.offset + white[k] * level
            if self.drift:
                value += self.drift * (0.65 * sin(_TAU * t / p1 + f1) + 0.35 * sin(_TAU * t / p2 + f2)) + slope * t
            if shaken is not None:
                low = low * pole + shaken[k] * pole_gain
                value += low
            if self.hum:
                value += self.hum * sin(self.hum_step * (self.index + k) + table.hum_phase)
            out[k] = value
        self.low = low
        self.index += count
        return out


class _Synth:
    """What :class:`PiezoScene` and :class:`LivePiezo` share: events become *voices*
    (a start sample and a list of values), summed with the background and passed
    through the sensor's shape."""

    def __init__(self, rate: float, seed: int = 0, *, gain: float = 1.0, shape: str = "ringing",
                 noise: float = 8.0, drift: float = 0.0, offset: float = 0.0, hum: float = 0.0,
                 hum_hz: float = 50.0, rumble: float = 0.0, wobble: float = 0.0) -> None:
        if shape not in SHAPES:
            raise ValueError(f"a piezo's shape is one of {', '.join(SHAPES)}, not {shape!r}")
        if not rate > 0:
            raise ValueError(f"a sample rate must be positive, not {rate!r}")
        self.rate, self.seed, self.gain, self.shape = float(rate), seed, float(gain), shape
        self.table = _Table(random.Random(f"{seed}/table"))
        self.events = random.Random(f"{seed}/events")
        self.background = _Background(random.Random(f"{seed}/noise"), self.table, self.rate, noise=noise,
                                      drift=drift, offset=offset, hum=hum, hum_hz=hum_hz, rumble=rumble,
                                      wobble=wobble)
        self.voices: list[tuple[int, list[float]]] = []
        self.hold = 0.0  # the peak detector's capacitor
        self.hold_keep = math.exp(-1.0 / (self.rate * self.table.rc_tau))
        self.index = 0

    # -- events --------------------------------------------------------------------------
    def _knock_voice(self, t: float, strength: float) -> None:
        amplitude = KNOCK_COUNTS * self.gain * strength
        start = math.ceil(t * self.rate - 1e-9)
        delay = start / self.rate - t  # the first sample falls this long after the strike
        table, rate, rng = self.table, self.rate, self.events
        if self.shape == "peak":
            tau = table.envelope_tau * rng.uniform(0.8, 1.25)
            length = int(rate * tau * math.log(max(amplitude, 1.0) / _SILENT)) + 2
            values = [amplitude * (1.0 - math.exp(-(delay + n / rate) / table.attack))
                      * math.exp(-(delay + n / rate) / tau) for n in range(length)]
        else:
            weights = [rng.uniform(0.3, 1.0) for _ in table.modes]
            total = sum(weights)
            partials = [(f * rng.uniform(0.97, 1.03), tau * rng.uniform(0.8, 1.25), amplitude * w / total)
                        for (f, tau), w in zip(table.modes, weights)]
            f, tau, share = table.tail
            partials.append((f, tau, amplitude * share * rng.uniform(0.7, 1.3)))
            length = max(int(rate * tau * math.log(max(a, 1.0) / _SILENT)) + 2 for _, tau, a in partials)
            values = [0.0] * min(length, int(rate * 0.6))
            for f, tau, a in partials:
                for n in range(len(values)):
                    s = delay + n / rate
                    values[n] += a * (1.0 - math.exp(-s / table.attack)) * math.exp(-s / tau) * math.sin(_TAU * f * s)
            # the strike itself: a broadband click of a millisecond or two, whatever the resonances
            click, click_tau = amplitude * rng.uniform(0.3, 0.6), rng.uniform(0.001, 0.003)
            for n in range(min(len(values), int(rate * click_tau * 6) + 1)):
                values[n] += click * math.exp(-(delay + n / rate) / click_tau) * rng.uniform(-1.0, 1.0)
        self.voices.append((start, values))

    def _bump_voice(self, t: float, size: float, duration: float) -> None:
        """A slow swell: a smooth hump (a cup put down, a lean) or, for a bare piezo,
        sometimes the push-and-release of a bumped table (up, then down).  Both start
        and end smoothly (a ``sin**4`` window): a table does not bend in corners."""
        amplitude = KNOCK_COUNTS * self.gain * size
        start = math.ceil(t * self.rate - 1e-9)
        length = max(2, int(duration * self.rate))
        bipolar = self.shape == "ringing" and self.events.random() < 0.5
        values = []
        for n in range(length):
            x = n / length
            window = math.sin(math.pi * x) ** 4
            values.append(amplitude * window * (1.3 * math.sin(_TAU * x) if bipolar else 1.0))
        self.voices.append((start, values))

    # -- rendering -----------------------------------------------------------------------
    def render(self, count: int) -> list[int]:
        """The next ``count`` samples, as signed 16-bit counts."""
        lo, hi = self.index, self.index + count
        events = [0.0] * count
        alive = []
        for start, values in self.voices:
            end = start + len(values)
            if end <= lo:
                continue
            alive.append((start, values))
            for j in range(max(start, lo), min(end, hi)):
                events[j - lo] += values[j - start]
        self.voices = alive
        if self.shape == "peak":
            hold, keep = self.hold, self.hold_keep
            for k, value in enumerate(events):
                hold *= keep
                if value > hold:
                    hold = value
                events[k] = hold
            self.hold = hold
        background = self.background.block(count)
        self.index = hi
        out = []
        for b, e in zip(background, events):
            v = round(b + e)
            out.append(FULL_SCALE if v > FULL_SCALE else -FULL_SCALE - 1 if v < -FULL_SCALE - 1 else v)
        return out


class PiezoScene(_Synth):
    """A recording to be: schedule knocks and bumps at times, then ``samples(seconds)``.

    >>> scene = PiezoScene(860, seed=3, gain=0.5, noise=6)
    >>> scene.knock(1.0); scene.knocks(3.0, 2, gap=0.25)
    >>> samples = scene.samples(5.0)
    """

    def __init__(self, rate: float, seed: int = 0, **table) -> None:
        super().__init__(rate, seed, **table)
        self.knock_times: list[float] = []  # every knock's strike (bounces excluded)
        self.bump_times: list[tuple[float, float]] = []  # (start, end) of each swell

    def knock(self, t: float, strength: float = 1.0, bounce: tuple[float, float] | None = None) -> float:
        """A knock struck at ``t`` seconds; ``bounce=(delay, relative strength)`` adds the
        knuckle's rebound, part of the same knock."""
        if not strength > 0:
            raise ValueError("a knock's strength must be positive")
        self._knock_voice(t, strength)
        if bounce is not None:
            delay, relative = bounce
            self._knock_voice(t + delay, strength * relative)
        self.knock_times.append(t)
        return t

    def knocks(self, t: float, count: int, gap: float | list[float], strength: float | list[float] = 1.0,
               bounce: tuple[float, float] | None = None) -> list[float]:
        """``count`` knocks from ``t``, ``gap`` seconds apart (one gap, or one per pair)."""
        gaps = gap if isinstance(gap, list) else [gap] * (count - 1)
        strengths = strength if isinstance(strength, list) else [strength] * count
        times = [t]
        for g in gaps[: count - 1]:
            times.append(times[-1] + g)
        for when, force in zip(times, strengths):
            self.knock(when, force, bounce)
        return times

    def bump(self, t: float, size: float = 2.0, duration: float = 0.4) -> None:
        """A slow swell of ``size`` firm knocks' amplitude lasting ``duration`` seconds."""
        if duration <= 0:
            raise ValueError("a bump lasts some time")
        self._bump_voice(t, size, duration)
        self.bump_times.append((t, t + duration))

    def samples(self, seconds: float) -> list[int]:
        """Render the recording from its start (call once per scene)."""
        if self.index:
            raise RuntimeError("a scene renders once; build a new one for another take")
        return self.render(int(round(seconds * self.rate)))


class LivePiezo(_Synth):
    """An endless piezo stream for the simulated ADC: ``next_sample()`` (or calling the
    object, or iterating it) gives the next reading; ``knock()`` strikes now."""

    def __init__(self, rate: float = 860.0, seed: int = 0, **table) -> None:
        table.setdefault("noise", 6.0)
        table.setdefault("drift", 40.0)
        super().__init__(rate, seed, **table)
        self.knocks: list[float] = []

    @property
    def time(self) -> float:
        """Seconds since the stream began: the time of the next sample."""
        return self.index / self.rate

    def knock(self, strength: float | None = None, after: float = 0.0) -> float:
        """Strike now (the space bar, a click), or ``after`` seconds of stream from now (a
        gesture sent at once); a random firm-ish knock unless told.  Its stream time."""
        if strength is None:
            strength = self.events.uniform(0.5, 1.0)
        t = self.time + max(0.0, after)
        self._knock_voice(t, strength)
        self.knocks.append(t)
        return t

    def bump(self, size: float = 2.0, duration: float = 0.4) -> None:
        self._bump_voice(self.time, size, duration)

    def next_sample(self) -> int:
        return self.render(1)[0]

    __call__ = next_sample

    def read(self, count: int) -> list[int]:
        return self.render(count)

    def __iter__(self) -> Iterator[int]:
        """Samples forever, rendered 32 at a time (a ``knock()`` meanwhile lands after
        the ones already rendered: ``next_sample`` is the exact way)."""
        while True:
            yield from self.render(32)
