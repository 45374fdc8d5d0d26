"""The simulation's LED strip: a pixel buffer the desktop simulation draws
(``sim/pixels.py``).  It receives exactly the LED values a real strip is sent (gamma,
brightness and the current limit already applied), so the screen shows what the Pi would."""

from __future__ import annotations

from typing import Sequence

from firmware_py.pentagram.backends import check_frame
from firmware_py.pentagram.color import OFF, Colour


class SimBackend:
    """The simulated strip: keeps the last frame for the screen to draw.

    ``unplug()`` makes writes fail (as a real strip's bus can) until ``replug()``, so
    the desktop simulation and the tests can exercise the fault path."""

    name = "simulation"

    def __init__(self, count: int) -> None:
        self.count = count
        self.pixels: list[Colour] = [OFF] * count
        self.frames_written = 0
        self.unplugged = False

    def write(self, frame: Sequence[Colour]) -> None:
        check_frame(frame, self.count)
        if self.unplugged:
            raise OSError("the simulated strip is unplugged")
        self.pixels = [tuple(c) for c in frame]  # type: ignore[misc]
        self.frames_written += 1

    def unplug(self) -> None:
        self.unplugged = True

    def replug(self) -> None:
        self.unplugged = False

    def close(self) -> None:
        self.pixels = [OFF] * self.count
