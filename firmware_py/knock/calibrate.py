"""Calibration: a table's own knock settings from three takes — the table quiet, one
knock, two knocks — and where they are kept.

From the quiet take: the noise floor and the loudest the quiet gets (in noise floors).
From the knock takes: how loud this table's knocks are, and how far apart this group
double-knocks.  The threshold sits between the two.  It starts from the default (a
3-second quiet take shows less of the noise's extremes than an evening does) and rises
to the geometric mean of the quiet's loudest and the softest knock when that is higher
(firm knockers earn fewer false alarms; at most twice the default).  It never goes
above half the softest knock heard (soft knockers earn sensitivity), nor below a
quarter above the quiet's loudest.  The gesture window follows the double knock's
spacing (1.5 times it plus 0.1 s, between 0.35 and 0.6 s), and the result is checked by
running the detector over the two knock takes: one knock must read "yes", two "no".
Takes whose knocks cannot be told from the quiet are refused with a sentence.

The settings live in ``$PLANCHETTE_KNOCK_SETTINGS``, else ``knock.json`` beside the
journal (the state folder).
"""

from __future__ import annotations

import json
import math
import os
from dataclasses import dataclass, replace
from itertools import islice
from pathlib import Path
from typing import Callable, Iterable

from firmware_py.files import FileProblem, read_json
from firmware_py.knock.detector import FRAME_SECONDS, MIN_FLOOR, Curvature, KnockDetector, KnockSettings, quiet_mean
from firmware_py.knock.wav import read_wav
from firmware_py.places import state_folder

FORMAT = "planchette-knock-settings"
TAKES = (("quiet", "Stay quiet: do not touch the table", 3.0),
         ("once", "Knock ONCE on the table, as you would for yes", 4.0),
         ("twice", "Knock TWICE on the table, as you would for no", 4.0))
MIN_QUIET_SECONDS = 1.0
MIN_THRESHOLD = 5.0  # noise floors: below this, Gaussian noise alone would knock
MAX_BYTES = 64 * 1024  # the file holds a dozen numbers


class CalibrationError(Exception):
    """A calibration that cannot be trusted, in a sentence."""


class KnockSettingsError(Exception):
    """A settings file that cannot be used, in a sentence."""


@dataclass(frozen=True)
class Calibration:
    settings: KnockSettings
    noise_floor: float  # counts of |curvature|
    quiet_peak: float  # the quiet's loudest frame, in noise floors
    knock_peaks: tuple[float, ...]  # each knock heard, in noise floors
    spacing: float  # s between the two knocks of the "no"

    def summary(self) -> str:
        s = self.settings
        peaks = ", ".join(f"{p:.0f}" for p in self.knock_peaks)
        return (f"noise floor {self.noise_floor:.1f} counts; the quiet peaks at {self.quiet_peak:.1f} floors, "
                f"the knocks at {peaks}; threshold {s.threshold:.1f} floors; "
                f"double knock {1000 * self.spacing:.0f} ms apart, so a gesture window of {1000 * s.gap:.0f} ms")


# -- where the settings live --------------------------------------------------------------
def knock_settings_path() -> Path:
    """``$PLANCHETTE_KNOCK_SETTINGS``, else ``knock.json`` beside the journal."""
    if os.environ.get("PLANCHETTE_KNOCK_SETTINGS"):
        return Path(os.environ["PLANCHETTE_KNOCK_SETTINGS"])
    return state_folder() / "knock.json"


def save(calibration: Calibration | KnockSettings, path: str | Path | None = None) -> Path:
    """Write the settings (atomically: a crash leaves the old file or the new one)."""
    path = Path(path) if path is not None else knock_settings_path()
    settings = calibration.settings if isinstance(calibration, Calibration) else calibration
    document: dict = {"format": FORMAT, "version": 1, "settings": settings.to_dict()}
    if isinstance(calibration, Calibration):
        document["measured"] = {"noise_floor": round(calibration.noise_floor, 3),
                                "quiet_peak": round(calibration.quiet_peak, 2),
                                "knock_peaks": [round(p, 1) for p in calibration.knock_peaks],
                                "spacing": round(calibration.spacing, 3)}
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary = path.with_name(path.name + ".tmp")
        temporary.write_text(json.dumps(document, indent=2) + "\n", encoding="utf-8")
        os.replace(temporary, path)
    except OSError as error:
        raise KnockSettingsError(f"the knock settings file {path} cannot be written ({error.strerror or error})") from None
    return path


def load(path: str | Path | None = None, missing_ok: bool = True) -> KnockSettings | None:
    """The saved settings; None when there are none yet (unless ``missing_ok`` is False).
    Whatever the file holds, the only error is a :class:`KnockSettingsError` sentence."""
    path = Path(path) if path is not None else knock_settings_path()
    try:
        document = read_json(path, MAX_BYTES)
    except FileNotFoundError:
        if missing_ok:
            return None
        raise KnockSettingsError(f"the knock settings file {path} does not exist") from None
    except FileProblem as problem:
        raise KnockSettingsError(f"the knock settings file {path} {problem}") from None
    if isinstance(document, dict) and document.get("format") == FORMAT:
        document = document.get("settings")
    try:
        return KnockSettings.from_dict(document)
    except (TypeError, ValueError) as error:
        raise KnockSettingsError(f"the knock settings file {path} is not usable ({error})") from None


# -- the calibration itself ---------------------------------------------------------------
def _frame(rate: float) -> int:
    return max(2, round(rate * FRAME_SECONDS))


def measure_quiet(rate: float, samples: list[int]) -> tuple[float, float]:
    """(noise floor in counts, the loudest frame in noise floors) of a quiet take."""
    frame = _frame(rate)
    size = list(map(abs, Curvature()(samples)[2:]))  # the first two see the stream's artificial flat start
    means, peaks = [], []
    for start in range(0, len(size) - frame + 1, frame):
        segment = size[start:start + frame]
        means.append(sum(segment) / frame)
        peaks.append(max(segment))
    level = quiet_mean(means) if means else MIN_FLOOR
    return level, max(peaks, default=0) / level


def _hear(rate: float, samples: list[int], settings: KnockSettings) -> KnockDetector:
    detector = KnockDetector(rate, settings)
    detector.run(samples)
    return detector


def calibrate(rate: float, quiet: list[int], once: list[int], twice: list[int],
              base: KnockSettings | None = None) -> Calibration:
    """Per-table settings from the three takes; CalibrationError if they cannot be trusted."""
    base = base or KnockSettings()
    if len(quiet) < MIN_QUIET_SECONDS * rate:
        raise CalibrationError(f"the quiet take is too short: record at least {MIN_QUIET_SECONDS:g} s of a quiet table")
    floor, quiet_peak = measure_quiet(rate, quiet)
    fixed = replace(base, noise_floor=floor, rate=float(rate), warmup=0.0)

    # listen with the default threshold, or just above the quiet if that hears too little
    listen = replace(fixed, threshold=max(base.threshold, 1.25 * quiet_peak))
    heard_once, heard_twice = _hear(rate, once, listen), _hear(rate, twice, listen)
    if (len(heard_once.knocks), len(heard_twice.knocks)) != (1, 2):
        closer = replace(fixed, threshold=max(MIN_THRESHOLD, 1.25 * quiet_peak))
        once_closer, twice_closer = _hear(rate, once, closer), _hear(rate, twice, closer)
        clear = min(once_closer.peaks + twice_closer.peaks, default=0) >= 1.5 * quiet_peak * floor
        if (len(once_closer.knocks), len(twice_closer.knocks)) == (1, 2) and clear:
            heard_once, heard_twice = once_closer, twice_closer
        elif not heard_once.knocks and not heard_twice.knocks and (once_closer.knocks or twice_closer.knocks):
            heard_once, heard_twice = once_closer, twice_closer  # say what the closer listen heard
    counts = (len(heard_once.knocks), len(heard_twice.knocks))
    if counts[0] == 0 and counts[1] == 0:
        raise CalibrationError("no knock could be told from the quiet: knock firmly near the sensor, "
                               "and check that the piezo is wired to the ADC")
    if counts != (1, 2):
        said = {1: "once", 2: "twice"}
        wrong = 0 if counts[0] != 1 else 1
        raise CalibrationError(f"asked to knock {said[wrong + 1]}, the sensor heard {counts[wrong]} knock(s): "
                               "try again, knocking clearly, or stay still while the table is quiet")
    peaks = tuple(p / floor for p in heard_once.peaks + heard_twice.peaks)
    softest = min(peaks)
    if softest < 1.5 * quiet_peak:
        raise CalibrationError(f"the knocks ({softest:.1f} noise floors) could not be told from the quiet "
                               f"({quiet_peak:.1f}): knock harder, or quiet the table during the quiet take")
    low, high = max(MIN_THRESHOLD, 1.25 * quiet_peak), 0.5 * softest
    if low > high:
        raise CalibrationError(f"the knocks ({softest:.1f} noise floors) are too close to the quiet "
                               f"({quiet_peak:.1f}) to set a threshold between them: knock harder")
    preferred = min(max(base.threshold, math.sqrt(quiet_peak * softest)), 2.0 * base.threshold)
    threshold = max(min(preferred, high), low)
    spacing = heard_twice.knocks[1] - heard_twice.knocks[0]
    gap = min(max(1.5 * spacing + 0.1, 0.35), 0.6)
    settings = replace(fixed, threshold=round(threshold, 2), gap=round(gap, 3),
                       no_wait=min(base.no_wait, round(gap, 3)), warmup=base.warmup)

    # check: the takes must read yes and no with the new settings
    answers = [[d.answer for d in KnockDetector(rate, settings).run(take)] for take in (once, twice)]
    if answers != [["yes"], ["no"]]:
        read = [", ".join(found) or "nothing" for found in answers]
        raise CalibrationError(f"with the measured settings the takes read {read[0]} and {read[1]} "
                               "instead of yes and no: try again")
    return Calibration(settings, floor, quiet_peak, peaks, spacing)


def calibrate_files(quiet: str | Path, once: str | Path, twice: str | Path,
                    base: KnockSettings | None = None) -> Calibration:
    """Calibrate from three recordings (KnockFileError / CalibrationError as sentences)."""
    takes = [read_wav(path) for path in (quiet, once, twice)]
    rates = sorted({rate for rate, _ in takes})
    if len(rates) != 1:
        raise CalibrationError(f"the three takes must have one sample rate, not {', '.join(map(str, rates))} Hz")
    return calibrate(takes[0][0], *(samples for _, samples in takes), base=base)


def record_takes(rate: float, samples: Iterable[int], say: Callable[[str], None] = print,
                 takes=TAKES) -> dict[str, list[int]]:
    """Read the three takes from a live stream, telling the table what to do."""
    stream = iter(samples)
    recorded = {}
    for name, instruction, seconds in takes:
        say(f"{instruction} ({seconds:g} s)…")
        count = round(seconds * rate)
        recorded[name] = list(islice(stream, count))
        if len(recorded[name]) < count:
            raise CalibrationError("the knock sensor stopped streaming during calibration")
    return recorded
