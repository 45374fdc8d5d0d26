"""Calibration: a table's settings from a quiet take, one knock and two knocks; where
they are kept; takes that cannot be trusted are refused with a sentence."""

from __future__ import annotations

import json

import pytest

from firmware_py.knock import KnockDetector, KnockSettings, detect
from firmware_py.knock.calibrate import (CalibrationError, KnockSettingsError, calibrate, calibrate_files,
                                         knock_settings_path, load, measure_quiet, record_takes, save)
from firmware_py.knock.wav import write_wav
from sim.piezo import PiezoScene


def session(rate: int, seed: int, gain: float = 1.0, noise: float = 10.0, strength: float = 0.8,
            spacing: float = 0.25, shape: str = "ringing", once: int = 1, twice: int = 2) -> dict[str, list[int]]:
    """Three takes from one table: 3 s quiet, 4 s with ``once`` knocks, 4 s with ``twice``."""
    scene = PiezoScene(rate, seed, gain=gain, noise=noise, drift=300.0, rumble=noise, shape=shape)
    if once:
        scene.knocks(4.6, once, 0.3, strength)
    if twice:
        scene.knocks(8.3, twice, spacing, strength)
    samples = scene.samples(11.0)
    return {"quiet": samples[:3 * rate], "once": samples[3 * rate:7 * rate], "twice": samples[7 * rate:]}


@pytest.mark.parametrize("rate, gain, shape", [(475, 0.3, "ringing"), (860, 3.0, "peak"), (1600, 1.0, "ringing")])
def test_a_calibrated_table_hears_its_own_knocks_and_not_its_quiet(rate, gain, shape):
    takes = session(rate, 40, gain=gain, noise=10.0 * gain, shape=shape)
    calibration = calibrate(rate, takes["quiet"], takes["once"], takes["twice"])
    settings = calibration.settings
    assert settings.rate == rate
    assert settings.noise_floor == pytest.approx(measure_quiet(rate, takes["quiet"])[0])
    assert max(5.0, 1.25 * calibration.quiet_peak) <= settings.threshold <= 0.5 * min(calibration.knock_peaks)
    assert len(calibration.knock_peaks) == 3 and calibration.spacing == pytest.approx(0.25, abs=0.01)
    # a new evening on the same table: heard from the first sample, no warm-up
    later = PiezoScene(rate, 41, gain=gain, noise=10.0 * gain, drift=300.0, rumble=10.0 * gain, shape=shape)
    later.knock(0.1, 0.6)
    later.knocks(2.0, 2, 0.3, 0.6)
    later.bump(4.0, 3.0, 0.6)
    samples = later.samples(6.0)
    assert [d.answer for d in detect(samples, rate, settings)] == ["yes", "no"]
    assert [d.answer for d in detect(samples, rate)] == ["no"]  # uncalibrated, it was still learning at 0.1 s


def test_the_floor_follows_the_noise_and_the_gesture_window_follows_the_double_knock():
    quick = calibrate(860, *session(860, 42, spacing=0.15).values())
    slow = calibrate(860, *session(860, 42, spacing=0.4).values())
    assert quick.settings.gap == pytest.approx(0.35)  # the shortest: "yes" comes sooner
    assert slow.settings.gap == pytest.approx(0.6, abs=0.01)
    noisy = calibrate(860, *session(860, 42, noise=40.0).values())
    assert noisy.noise_floor == pytest.approx(4 * quick.noise_floor, rel=0.15)


def test_a_loud_table_with_firm_knocks_earns_a_higher_threshold():
    firm = calibrate(860, *session(860, 43, noise=2.0, strength=1.0).values())
    assert firm.settings.threshold == pytest.approx(16.0)  # twice the default, fewer false alarms


def test_knocks_that_cannot_be_told_from_the_quiet_are_refused():
    with pytest.raises(CalibrationError, match="no knock could be told from the quiet"):
        calibrate(860, *session(860, 44, strength=0.004).values())


@pytest.mark.parametrize("once, twice, says", [(2, 2, "asked to knock once, the sensor heard 2"),
                                                (1, 3, "asked to knock twice, the sensor heard 3"),
                                                (1, 1, "asked to knock twice, the sensor heard 1")])
def test_the_wrong_number_of_knocks_is_refused(once, twice, says):
    with pytest.raises(CalibrationError, match=says):
        calibrate(860, *session(860, 45, once=once, twice=twice).values())


def test_a_quiet_take_too_short_is_refused():
    takes = session(860, 46)
    with pytest.raises(CalibrationError, match="quiet take is too short"):
        calibrate(860, takes["quiet"][:400], takes["once"], takes["twice"])


def test_calibrating_from_files_needs_one_rate(tmp_path):
    takes = session(860, 47)
    paths = []
    for name, rate in (("quiet", 860), ("once", 860), ("twice", 475)):
        paths.append(tmp_path / f"{name}.wav")
        write_wav(paths[-1], rate, takes[name])
    with pytest.raises(CalibrationError, match="one sample rate, not 475, 860 Hz"):
        calibrate_files(*paths)
    write_wav(paths[2], 860, takes["twice"])
    assert calibrate_files(*paths).settings.rate == 860


def test_settings_are_saved_and_loaded_beside_the_journal(tmp_path, monkeypatch):
    monkeypatch.delenv("PLANCHETTE_KNOCK_SETTINGS", raising=False)
    monkeypatch.setenv("PLANCHETTE_JOURNAL", str(tmp_path / "state" / "journal.sqlite3"))
    assert knock_settings_path() == tmp_path / "state" / "knock.json"
    assert load() is None
    calibration = calibrate(860, *session(860, 48).values())
    path = save(calibration)
    assert path == tmp_path / "state" / "knock.json"
    assert load() == calibration.settings
    document = json.loads(path.read_text())
    assert document["format"] == "planchette-knock-settings" and document["measured"]["knock_peaks"]
    assert not list(path.parent.glob("*.tmp"))
    monkeypatch.setenv("PLANCHETTE_KNOCK_SETTINGS", str(tmp_path / "elsewhere.json"))
    assert knock_settings_path() == tmp_path / "elsewhere.json"
    save(KnockSettings(threshold=9.0))
    assert load() == KnockSettings(threshold=9.0)


@pytest.mark.parametrize("text, says", [("{", "not JSON"), ("[]", "must be a JSON object"),
                                        ('{"threshold": "high"}', "threshold must be a positive number"),
                                        ('{"format": "planchette-knock-settings", "settings": {"gap": -1}}',
                                         "gap must be a positive number"),
                                        ('{"sensitivity": 3}', "unknown knock setting")])
def test_a_damaged_settings_file_is_refused_with_a_sentence(tmp_path, text, says):
    path = tmp_path / "knock.json"
    path.write_text(text)
    with pytest.raises(KnockSettingsError, match=says):
        load(path)
    with pytest.raises(KnockSettingsError, match="does not exist"):
        load(tmp_path / "missing.json", missing_ok=False)


def test_the_live_takes_are_read_from_the_stream_with_instructions():
    said = []
    stream = iter(range(100_000))
    takes = record_takes(860, stream, say=said.append)
    assert [len(takes[name]) for name in ("quiet", "once", "twice")] == [2580, 3440, 3440]
    assert takes["once"][0] == 2580 and next(stream) == 2580 + 3440 * 2
    assert "quiet" in said[0].lower() and "ONCE" in said[1] and "TWICE" in said[2]
    with pytest.raises(CalibrationError, match="stopped streaming"):
        record_takes(860, iter([0] * 3000), say=said.append)


def test_a_calibrated_floor_measured_at_another_rate_is_learnt_again():
    calibration = calibrate(860, *session(860, 49).values())
    detector = KnockDetector(1600, calibration.settings)
    assert detector.noise_floor is None
    assert KnockDetector(860, calibration.settings).noise_floor == pytest.approx(calibration.noise_floor)
