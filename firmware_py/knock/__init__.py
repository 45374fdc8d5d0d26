"""The knock sensor: a piezo read by an ADC (or a digital comparator module) turned
into yes (one knock) and no (two knocks).  ``docs/knock.md`` explains the detector."""

from firmware_py.knock.detector import KnockDetector, KnockSettings, detect
from firmware_py.knock.gestures import Decision, GestureGrouper

__all__ = ["Decision", "GestureGrouper", "KnockDetector", "KnockSettings", "detect"]
