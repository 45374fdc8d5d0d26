"""A camera that fails mid-game, for the camera process's tests (importable by its spawned
child): it gives a few frames of an empty table, then says it was unplugged."""

from __future__ import annotations

import numpy as np

from firmware_py.camera import CameraError


class UnpluggedAfter:
    name = "a webcam that comes loose"
    live, stills = True, False

    def __init__(self, frames: int = 3) -> None:
        self.left = frames

    def read(self):
        if self.left <= 0:
            raise CameraError("webcam /dev/video0 stopped giving pictures: is it still plugged in?")
        self.left -= 1
        return np.full((720, 1280, 3), 90, np.uint8)

    def close(self) -> None:
        pass


class LooseFactory:
    def camera(self, spec):
        return UnpluggedAfter()


def loose_factory() -> LooseFactory:
    return LooseFactory()
