"""Device health: a failing device becomes a visible warning and a log line, and
everything else keeps working.

Each driver reports through one :class:`Health` board; the app shows its
``warnings()`` on screen and ``companion doctor`` prints them.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Callable, TypeVar

log = logging.getLogger("planchette.hardware")
T = TypeVar("T")


@dataclass
class DeviceStatus:
    name: str
    ok: bool = True
    message: str = ""


def describe(error: BaseException) -> str:
    """An exception in words for a warning: its kind, and its message when it has one
    (``OSError: [Errno 5] Input/output error``, or just ``StopIteration``)."""
    return f"{type(error).__name__}: {error}" if str(error) else type(error).__name__


class Health:
    def __init__(self) -> None:
        self.devices: dict[str, DeviceStatus] = {}
        self.listeners: list[Callable[[DeviceStatus], None]] = []

    def ok(self, device: str) -> None:
        status = self.devices.get(device)
        if status is None or not status.ok:
            if status is not None:
                log.info("%s works again", device)
            self.devices[device] = DeviceStatus(device)
            self._tell(self.devices[device])

    def fail(self, device: str, message: str, logged: bool = True) -> None:
        """Record a fault once (repeats of the same message are not logged again; nor at all
        with ``logged=False``, for a file's fault the process has already told)."""
        status = self.devices.get(device)
        if status is not None and not status.ok and status.message == message:
            return
        self.devices[device] = DeviceStatus(device, False, message)
        if logged:
            log.warning("%s: %s", device, message)
        self._tell(self.devices[device])

    def guard(self, device: str, work: Callable[[], T], fallback: T = None) -> T:  # type: ignore[assignment]
        """Run ``work``; on any error mark ``device`` failed and return ``fallback``."""
        try:
            result = work()
        except Exception as error:  # a device fault must never stop the game
            self.fail(device, describe(error))
            return fallback
        self.ok(device)
        return result

    def warnings(self) -> list[str]:
        return [f"{s.name}: {s.message}" for s in self.devices.values() if not s.ok]

    def _tell(self, status: DeviceStatus) -> None:
        for listener in self.listeners:
            listener(status)
