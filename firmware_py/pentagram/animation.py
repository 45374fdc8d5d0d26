"""Time-shaped helpers for the scenes: pure functions of ``t`` (seconds on the injected
clock), so a scene looks the same every time it is drawn at the same ``t`` and tests
can step through an animation without waiting."""

from __future__ import annotations

import math


def breathe(t: float, period: float, low: float, high: float) -> float:
    """A slow sine between ``low`` and ``high`` (starting at ``low`` when t = 0)."""
    phase = (1.0 - math.cos(2.0 * math.pi * t / period)) / 2.0
    return low + (high - low) * phase


def progress(t: float, start: float | None, duration: float) -> float | None:
    """How far (0–1) an animation that began at ``start`` has gone; None before it
    starts, after it ends, or when there is none."""
    if start is None or t < start or duration <= 0:
        return None
    p = (t - start) / duration
    return p if p < 1.0 else None


def pulses(p: float, count: int) -> float:
    """``count`` smooth on-off pulses over p = 0..1 (each sin², 0 at both ends)."""
    return math.sin(math.pi * p * count) ** 2


def fade_out(p: float) -> float:
    return 1.0 - p


def sparkle(t: float, index: int, rate: float = 6.0) -> float:
    """A deterministic twinkle in 0.5–1 for LED ``index``: each LED follows its own
    pseudo-random phase, so neighbours do not flash together."""
    seed = (index * 2654435761) % 4294967296 / 4294967296.0
    return 0.75 + 0.25 * math.sin(2.0 * math.pi * (rate * t * (0.7 + 0.6 * seed) + seed))


def comet(head: float, length: float, position: float) -> float:
    """Brightness (0–1) of the LED at ``position`` on a path whose comet's head is at
    ``head``: full at the head, fading over ``length`` LEDs behind it, dark ahead."""
    behind = head - position
    if behind < -0.5 or behind > length:
        return 0.0
    if behind < 0.5:
        return 1.0 - abs(behind)
    return max(0.0, 1.0 - behind / length)
