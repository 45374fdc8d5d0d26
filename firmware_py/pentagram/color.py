"""Colours, gamma correction, brightness and the current limiter — all pure functions.

A colour is an ``(r, g, b)`` tuple of 0–255 ints; a frame is a list of colours by
pixel index.  Scenes are authored in *perceived* brightness; :func:`prepare` turns a
scene frame into what the LEDs are sent:

1. gamma (2.8, like Adafruit's table) so 50 % looks half as bright, not 80 %;
2. the master brightness (a user setting, 0–1), a linear scale of the LED output;
3. the current limiter, modelled on WLED's (``BusDigital::estimateCurrent`` /
   ``applyBriLimit`` in ``wled00/bus_manager.cpp``): a WS2812B draws about 20 mA per
   channel at 255 (60 mA at full white) in proportion to the channel values, plus
   about 1 mA idle; when the estimate passes the budget the whole frame is scaled
   down so it fits.  Unlike WLED we scale only the colour part (idle current does
   not dim) and round down, so the estimate of the frame sent never passes the
   budget.  A budget below the idle current alone sends black.

The result reports what the limiter did (its scale and the estimates in mA) so the
screen and ``companion doctor`` can show it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Iterable, Sequence

Colour = tuple[int, int, int]
Frame = list[Colour]

OFF: Colour = (0, 0, 0)
WHITE: Colour = (255, 255, 255)
RED: Colour = (255, 0, 0)
GREEN: Colour = (0, 255, 0)
BLUE: Colour = (0, 0, 255)
YELLOW: Colour = (255, 210, 0)
CYAN: Colour = (0, 220, 255)
MAGENTA: Colour = (255, 0, 255)
ORANGE: Colour = (255, 120, 0)
VIOLET: Colour = (150, 60, 255)
GOLD: Colour = (255, 170, 40)
EMBER: Colour = (110, 10, 0)

GAMMA = 2.8
MA_PER_CHANNEL = 20.0  # at 255: a WS2812B at full white draws about 60 mA
IDLE_MA = 1.0  # each LED's own controller, lit or not (WLED counts 1 mA)
DEFAULT_BUDGET_MA = 2000.0  # for the LEDs on a 5 V 4 A supply, with headroom


def gamma_table(gamma: float = GAMMA) -> tuple[int, ...]:
    """Adafruit's gamma8 table: ``int((i / 255) ** gamma * 255 + 0.5)``."""
    if not (isinstance(gamma, (int, float)) and math.isfinite(gamma) and gamma > 0):
        raise ValueError(f"gamma must be a positive number, not {gamma!r}")
    return tuple(int((i / 255.0) ** gamma * 255.0 + 0.5) for i in range(256))


GAMMA8 = gamma_table()


def clamp(value: float) -> int:
    return 0 if value <= 0 else 255 if value >= 255 else int(value + 0.5)


def scale(colour: Colour, factor: float) -> Colour:
    """``colour`` at ``factor`` of its brightness (rounded, clamped)."""
    r, g, b = colour
    if 0.0 <= factor <= 1.0:  # the common case needs no clamping
        return (int(r * factor + 0.5), int(g * factor + 0.5), int(b * factor + 0.5))
    return (clamp(r * factor), clamp(g * factor), clamp(b * factor))


def blend(a: Colour, b: Colour, f: float) -> Colour:
    """From ``a`` (f=0) to ``b`` (f=1)."""
    f = 0.0 if f <= 0 else 1.0 if f >= 1 else f
    return (clamp(a[0] + (b[0] - a[0]) * f), clamp(a[1] + (b[1] - a[1]) * f), clamp(a[2] + (b[2] - a[2]) * f))


def lighten(a: Colour, b: Colour) -> Colour:
    """The brighter of each channel: how an overlay sits on a scene without hiding it."""
    return (a[0] if a[0] > b[0] else b[0], a[1] if a[1] > b[1] else b[1], a[2] if a[2] > b[2] else b[2])


def parse_colour(value: object) -> Colour:
    """``"#ff00aa"``, ``"ff00aa"`` or ``[255, 0, 170]`` -> a colour; ValueError with a sentence."""
    if isinstance(value, str):
        text = value.strip().lstrip("#")
        if len(text) == 6:
            try:
                return (int(text[0:2], 16), int(text[2:4], 16), int(text[4:6], 16))
            except ValueError:
                pass
        raise ValueError(f'a colour is written "#rrggbb", e.g. "#ff00ff", not {value!r}')
    if isinstance(value, (list, tuple)) and len(value) == 3:
        if all(isinstance(c, int) and not isinstance(c, bool) and 0 <= c <= 255 for c in value):
            return (value[0], value[1], value[2])
    raise ValueError(f"a colour is three whole numbers from 0 to 255, e.g. [255, 0, 255], not {value!r}")


def check_colour(value: object, what: str = "a colour") -> Colour:
    """The colour itself if it is a valid (r, g, b) tuple; ValueError naming ``what`` otherwise."""
    if (
        isinstance(value, tuple)
        and len(value) == 3
        and all(isinstance(c, int) and not isinstance(c, bool) and 0 <= c <= 255 for c in value)
    ):
        return value  # type: ignore[return-value]
    raise ValueError(f"{what} must be an (r, g, b) tuple of whole numbers 0–255, not {value!r}")


# -- current ---------------------------------------------------------------------------------
def channel_sum(frame: Iterable[Colour]) -> int:
    return sum(map(sum, frame))


def estimate_ma(frame: Sequence[Colour], ma_per_channel: float = MA_PER_CHANNEL, idle_ma: float = IDLE_MA) -> float:
    """WLED's estimate for the LED values actually sent: current in proportion to the
    channel values (``ma_per_channel`` at 255) plus ``idle_ma`` per LED."""
    return channel_sum(frame) * ma_per_channel / 255.0 + idle_ma * len(frame)


@dataclass(frozen=True)
class Power:
    """The limiter's settings."""

    budget_ma: float = DEFAULT_BUDGET_MA
    ma_per_channel: float = MA_PER_CHANNEL
    idle_ma: float = IDLE_MA

    def __post_init__(self) -> None:
        for name in ("budget_ma", "ma_per_channel", "idle_ma"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value) or value < 0:
                raise ValueError(f"{name} must be a number of mA, 0 or more, not {value!r}")


@dataclass(frozen=True)
class Limited:
    """A frame ready for the strip and what the limiter did to it."""

    frame: Frame
    scale: float  # the limiter's own scale: 1.0 when the frame fitted the budget
    wanted_ma: float  # estimate at the requested brightness, before limiting
    estimated_ma: float  # estimate of ``frame`` as sent
    budget_ma: float

    @property
    def limited(self) -> bool:
        return self.scale < 1.0


def check_brightness(brightness: object) -> float:
    if isinstance(brightness, bool) or not isinstance(brightness, (int, float)) or not math.isfinite(brightness):
        raise ValueError(f"brightness must be a number from 0 to 1, not {brightness!r}")
    if not 0.0 <= brightness <= 1.0:
        raise ValueError(f"brightness must be from 0 to 1, not {brightness}")
    return float(brightness)


def limit(frame: Sequence[Colour], power: Power = Power(), brightness: float = 1.0) -> Limited:
    """Scale an LED-value frame by ``brightness``, then further if needed so its estimated
    current fits ``power.budget_ma``.  Channels are rounded down, so the estimate of the
    result never exceeds the budget (unless the idle current alone does: then black)."""
    brightness = check_brightness(brightness)
    per_unit = power.ma_per_channel / 255.0
    idle = power.idle_ma * len(frame)
    colour_ma = channel_sum(frame) * per_unit * brightness
    wanted = colour_ma + idle
    room = power.budget_ma - idle
    if colour_ma <= room or colour_ma == 0:
        factor, limiter = brightness, 1.0
    elif room <= 0:
        factor, limiter = 0.0, 0.0
    else:
        limiter = room / colour_ma * (1.0 - 1e-9)  # the margin keeps float rounding under the budget
        factor = brightness * limiter
    if factor >= 1.0:
        out = [tuple(c) for c in frame]  # type: ignore[misc]
    elif factor <= 0.0:
        out = [OFF] * len(frame)
    else:
        out = [(int(r * factor), int(g * factor), int(b * factor)) for r, g, b in frame]
    return Limited(out, limiter, wanted, channel_sum(out) * per_unit + idle, power.budget_ma)  # type: ignore[arg-type]


def gamma_correct(frame: Sequence[Colour], table: Sequence[int] = GAMMA8) -> Frame:
    return [(table[r], table[g], table[b]) for r, g, b in frame]


def prepare(frame: Sequence[Colour], power: Power = Power(), brightness: float = 1.0,
            table: Sequence[int] = GAMMA8) -> Limited:
    """A scene frame (perceived colours) -> the LED values to send: gamma, the master
    brightness, then the current limiter."""
    return limit(gamma_correct(frame, table), power, brightness)


def perceived(value: int, display_gamma: float = 2.2) -> int:
    """The screen value that emits the light an LED gives at ``value`` (for the simulation:
    an LED's light is linear in its value, a screen's is about value ** 2.2)."""
    return clamp(255.0 * (value / 255.0) ** (1.0 / display_gamma)) if value > 0 else 0
