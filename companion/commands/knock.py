"""``companion knock``: the detector over a recording, recording the live sensor, and
calibrating a table.

    companion knock detect FILE.wav [--settings FILE]   one JSON line per decision
    companion knock record FILE.wav [--seconds N]       the live sensor into a WAV
    companion knock calibrate [--settings FILE]         quiet, knock once, knock twice
    companion knock calibrate --quiet Q.wav --once O.wav --twice T.wav

``detect`` follows shared/spec/knock-detect.md exactly.  The live sensor is
``firmware_py.knock.ads1115.open_reader(factory)`` (an object with ``.rate``, ``.samples()``
and ``.close()``) on the device factory :func:`firmware_py.factory.choose` picks — the Pi's
ADS1115, or the simulation's off a Pi — imported only when needed.
"""

from __future__ import annotations

import argparse
import os
import math
import sys
from pathlib import Path

from companion.exits import CliError
from firmware_py.knock.calibrate import (CalibrationError, KnockSettingsError, calibrate, calibrate_files,
                                         knock_settings_path, load, record_takes, save)
from firmware_py.knock.detector import KnockDetector, KnockSettings
from firmware_py.knock.wav import KnockFileError, KnockRecording, check_writable, write_wav

SENSOR_ERRORS = (ImportError, RuntimeError, OSError, NotImplementedError, ValueError)


def _settings(path: str | None) -> KnockSettings | None:
    if path is None:
        return None
    try:
        return load(path, missing_ok=False)
    except KnockSettingsError as error:
        raise CliError(str(error)) from None


def cmd_detect(args: argparse.Namespace) -> int:
    settings = _settings(args.settings)
    try:
        with KnockRecording(args.file) as recording:
            detector = KnockDetector(recording.rate, settings)
            decisions = []
            for block in recording.blocks():
                decisions += detector.feed(block)
            decisions += detector.finish()
    except KnockFileError as error:
        raise CliError(str(error)) from None
    sys.stdout.write("".join(decision.json_line() + "\n" for decision in decisions))
    return 0


def _sensor_sentence(error: BaseException) -> str:
    text = str(error).strip() or type(error).__name__
    return text if text.lower().startswith("no ads1115") else f"no ADS1115 found: {text}"


def _positive_seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not math.isfinite(value) or value <= 0:
        raise argparse.ArgumentTypeError(f"a recording lasts a positive number of seconds, not {text}")
    return value


def cmd_record(args: argparse.Namespace) -> int:
    try:
        created = check_writable(args.file)  # a bad path is said as such, never blamed on the sensor
    except KnockFileError as error:
        raise CliError(str(error)) from None
    try:
        from firmware_py.knock.ads1115 import record_wav

        reader = _open_sensor()
        try:
            written = record_wav(args.file, args.seconds, reader)
        finally:
            reader.close()
    except SENSOR_ERRORS as error:
        if created:
            Path(args.file).unlink(missing_ok=True)  # no empty file left behind by a failed take
        raise CliError(_sensor_sentence(error)) from None
    count = f"{written} samples" if isinstance(written, int) else f"{args.seconds:g} s"
    print(f"recorded {count} of the knock sensor to {args.file}")
    return 0


def _open_sensor():
    """The live knock sensor on the box's device factory (strict: no chip is a sentence)."""
    from firmware_py.factory import choose
    from firmware_py.knock.ads1115 import open_reader

    return open_reader(choose())


def _live_takes() -> tuple[float, dict[str, list[int]]]:
    try:
        reader = _open_sensor()
    except SENSOR_ERRORS as error:
        raise CliError(_sensor_sentence(error)) from None
    try:
        stream = reader.samples()
        try:
            takes = record_takes(reader.rate, stream, say=lambda line: print(line, flush=True))
        finally:
            getattr(stream, "close", lambda: None)()
        return reader.rate, takes
    except SENSOR_ERRORS as error:
        raise CliError(f"the knock sensor failed during calibration: {error}") from None
    finally:
        getattr(reader, "close", lambda: None)()


def cmd_calibrate(args: argparse.Namespace) -> int:
    files = (args.quiet, args.once, args.twice)
    if any(files) and not all(files):
        raise CliError("calibrating from recordings needs all three takes: --quiet, --once and --twice")
    target = Path(args.settings) if args.settings else knock_settings_path()
    _check_settings_target(target)  # before a single knock: a bad path is said at once
    if args.keep:
        _check_settings_target(Path(args.keep) / "quiet.wav", what="the takes")
    try:
        if all(files):
            calibration = calibrate_files(*files)
        else:
            rate, takes = _live_takes()
            if args.keep:
                folder = Path(args.keep)
                folder.mkdir(parents=True, exist_ok=True)
                for name, samples in takes.items():
                    write_wav(folder / f"{name}.wav", round(rate), samples)
            calibration = calibrate(rate, takes["quiet"], takes["once"], takes["twice"])
        save(calibration, target)
    except (CalibrationError, KnockFileError, KnockSettingsError) as error:
        raise CliError(str(error)) from None
    except OSError as error:
        raise CliError(f"{args.keep}: cannot keep the takes there ({error.strerror or error})") from None
    print(calibration.summary())
    print(f"saved to {target}")
    return 0


def _check_settings_target(target: Path, what: str = "the knock settings") -> None:
    """Refuse a place the result cannot be saved in, with a sentence, before the table knocks
    for nothing: a folder where a file belongs, or a nearest existing folder that cannot be
    written (missing folders are made when saving)."""
    if target.is_dir():
        raise CliError(f"{target} is a folder: name a file for {what}, such as {target / 'knock.json'}")
    folder = target.parent
    while not folder.exists() and folder != folder.parent:
        folder = folder.parent
    if not folder.is_dir():
        raise CliError(f"{what} cannot be saved at {target}: {folder} is a file, not a folder")
    if not os.access(folder, os.W_OK) or (target.exists() and not os.access(target, os.W_OK)):
        raise CliError(f"{what} cannot be saved at {target} (permission denied)")


def cmd_knock(args: argparse.Namespace) -> int:
    raise CliError("say what to do: companion knock detect FILE.wav, record FILE.wav or calibrate")


def register(sub: argparse._SubParsersAction) -> None:
    knock = sub.add_parser("knock", help="the knock sensor: detect over a recording, record, calibrate")
    commands = knock.add_subparsers(dest="knock_command", metavar="{detect,record,calibrate}")
    knock.set_defaults(handler=cmd_knock)

    detect = commands.add_parser("detect", help="print the decisions in a recording, one JSON line each")
    detect.add_argument("file", help="a mono 16-bit PCM WAV at 400-4000 samples/s")
    detect.add_argument("--settings", help="a table's knock settings (from companion knock calibrate)")
    detect.set_defaults(handler=cmd_detect)

    record = commands.add_parser("record", help="record the live knock sensor into a WAV file")
    record.add_argument("file")
    record.add_argument("--seconds", type=_positive_seconds, default=10.0, help="how long (default 10)")
    record.set_defaults(handler=cmd_record)

    cal = commands.add_parser("calibrate", help="measure this table: stay quiet, knock once, knock twice")
    cal.add_argument("--settings", help=f"where to save (default {knock_settings_path()})")
    cal.add_argument("--quiet", help="calibrate from recordings instead: the quiet take")
    cal.add_argument("--once", help="the one-knock take")
    cal.add_argument("--twice", help="the two-knock take")
    cal.add_argument("--keep", metavar="FOLDER", help="also save the live takes there as WAV files")
    cal.set_defaults(handler=cmd_calibrate)
