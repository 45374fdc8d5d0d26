"""Which board this is: the one fact :func:`firmware_py.factory.choose` needs to pick the
real parts or the simulation (off a Raspberry Pi, the simulation)."""

from __future__ import annotations

from pathlib import Path

MODEL_FILE = Path("/proc/device-tree/model")


def board_model() -> str:
    try:
        return MODEL_FILE.read_bytes().rstrip(b"\0").decode("ascii", "replace")
    except OSError:
        return ""


def is_raspberry_pi() -> bool:
    return "Raspberry Pi" in board_model()
