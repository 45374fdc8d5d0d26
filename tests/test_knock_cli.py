"""``companion knock``: detect exactly as shared/spec/knock-detect.md says, refuse
unreadable files with one line, record and calibrate through the (faked) live sensor."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import types
import wave
from pathlib import Path

import pytest

from companion.cli import main
from firmware_py.knock import detect
from firmware_py.knock.calibrate import load
from firmware_py.knock.wav import read_wav, write_wav
from sim.piezo import PiezoScene

ROOT = Path(__file__).resolve().parent.parent


def recording(rate: int = 860, seed: int = 2) -> tuple[list[int], list[str]]:
    scene = PiezoScene(rate, seed, gain=0.8, noise=6.0, drift=500.0, offset=-120.0)
    scene.knock(1.0, 0.7)
    scene.knocks(2.5, 2, 0.2, 0.8)
    scene.bump(4.0, 3.0, 0.5)
    scene.knocks(5.5, 3, 0.15)  # a slow triple: "no" is out before the third (docs/knock.md)
    scene.knocks(8.0, 2, 0.4, 0.6, bounce=(0.05, 0.4))
    samples = scene.samples(9.5)
    return samples, [d.json_line() for d in detect(samples, rate)]


def run(capsys, *argv: str) -> tuple[int, str, str]:
    status = main(["knock", *argv])
    out, err = capsys.readouterr()
    return status, out, err


def refused(status: int, out: str, err: str, said: str = "") -> str:
    assert status == 2
    assert out == said
    assert err.count("\n") == 1 and err.startswith("companion: ") and "Traceback" not in err
    return err


# -- detect ---------------------------------------------------------------------------------
def test_detect_prints_one_json_line_per_decision_in_time_order(tmp_path, capsys):
    samples, expected = recording()
    path = tmp_path / "table.wav"
    write_wav(path, 860, samples)
    status, out, err = run(capsys, "detect", str(path))
    assert (status, err) == (0, "")
    assert out == "".join(line + "\n" for line in expected)
    decisions = [json.loads(line) for line in out.splitlines()]
    assert [d["answer"] for d in decisions] == ["yes", "no", "no", "no"]
    assert [d["knocks"] for d in decisions] == [1, 2, 2, 2]
    for line, decision in zip(out.splitlines(), decisions):
        assert list(decision) == ["t", "knocks", "answer"]
        assert line == json.dumps(decision) and round(decision["t"], 3) == decision["t"]
    times = [d["t"] for d in decisions]
    assert times == sorted(times)
    assert 1.5 <= times[0] <= 1.6 and 2.82 <= times[1] <= 2.85  # when announced, not when knocked
    assert 5.77 <= times[2] <= 5.8 and 8.52 <= times[3] <= 8.55


def test_detect_as_a_separate_process_gives_the_same_lines(tmp_path):
    samples, expected = recording(1600, 3)
    path = tmp_path / "fast.wav"
    write_wav(path, 1600, samples)
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    done = subprocess.run([sys.executable, "-m", "companion", "knock", "detect", str(path)], capture_output=True,
                          text=True, cwd=tmp_path, env=env, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == expected and done.stderr == ""


def test_a_quiet_recording_prints_nothing(tmp_path, capsys):
    path = tmp_path / "quiet.wav"
    write_wav(path, 475, PiezoScene(475, 1, noise=5.0).samples(3.0))
    assert run(capsys, "detect", str(path)) == (0, "", "")


def test_detect_with_a_table_s_settings(tmp_path, capsys):
    samples, expected = recording()
    path = tmp_path / "table.wav"
    write_wav(path, 860, samples)
    settings = tmp_path / "knock.json"
    settings.write_text(json.dumps({"threshold": 8.0, "gap": 0.5}))
    status, out, _ = run(capsys, "detect", str(path), "--settings", str(settings))
    assert status == 0 and out.splitlines() == expected
    settings.write_text(json.dumps({"treshold": 8.0}))
    assert "unknown knock setting" in refused(*run(capsys, "detect", str(path), "--settings", str(settings)))
    settings.write_text("{not json")
    assert "not JSON" in refused(*run(capsys, "detect", str(path), "--settings", str(settings)))
    assert "does not exist" in refused(*run(capsys, "detect", str(path), "--settings", str(tmp_path / "none.json")))


def _file(path: Path, data: bytes) -> Path:
    path.write_bytes(data)
    return path


def _wav(path: Path, channels: int = 1, width: int = 2, rate: int = 860, frames: int = 100) -> Path:
    with wave.open(str(path), "wb") as out:
        out.setnchannels(channels)
        out.setsampwidth(width)
        out.setframerate(rate)
        out.writeframes(b"\x01" * (channels * width * frames))
    return path


@pytest.mark.parametrize("make, says", [
    (lambda d: d / "missing.wav", "no such file"),
    (lambda d: d, "folder"),
    (lambda d: _file(d / "notes.wav", b"hello, not a wave"), "not a PCM WAV"),
    (lambda d: _file(d / "empty.wav", b""), "not a PCM WAV"),
    (lambda d: _file(d / "cut.wav", b"RIFF\x24\x00\x00\x00WAVEfmt "), "not a PCM WAV"),
    (lambda d: _wav(d / "stereo.wav", channels=2), "2 channels"),
    (lambda d: _wav(d / "8bit.wav", width=1), "8-bit"),
    (lambda d: _wav(d / "24bit.wav", width=3), "24-bit"),
    (lambda d: _wav(d / "slow.wav", rate=200), "200 Hz"),
    (lambda d: _wav(d / "audio.wav", rate=44100), "44100 Hz"),
])
def test_a_file_that_cannot_be_read_is_refused_with_one_line(tmp_path, capsys, make, says):
    path = make(tmp_path)
    err = refused(*run(capsys, "detect", str(path)))
    assert says in err and str(path) in err


def test_a_float_wav_is_refused(tmp_path, capsys):
    path = tmp_path / "float.wav"
    data = b"\x00" * 400
    fmt = (3).to_bytes(2, "little") + (1).to_bytes(2, "little") + (860).to_bytes(4, "little") \
        + (3440).to_bytes(4, "little") + (4).to_bytes(2, "little") + (32).to_bytes(2, "little")
    body = b"WAVE" + b"fmt " + len(fmt).to_bytes(4, "little") + fmt + b"data" + len(data).to_bytes(4, "little") + data
    path.write_bytes(b"RIFF" + len(body).to_bytes(4, "little") + body)
    assert "not a PCM WAV" in refused(*run(capsys, "detect", str(path)))


def test_a_truncated_recording_is_read_up_to_where_it_stops(tmp_path, capsys):
    samples, expected = recording()
    path = tmp_path / "cut.wav"
    write_wav(path, 860, samples)
    path.write_bytes(path.read_bytes()[:-(len(samples) // 2) * 2 - 1])  # half the data and an odd byte
    status, out, err = run(capsys, "detect", str(path))
    assert (status, err) == (0, "")
    assert out.splitlines() == [line for line in expected if json.loads(line)["t"] < 4.0]


def test_wav_round_trip_keeps_every_sample(tmp_path):
    samples = [0, 1, -1, 32767, -32768, 40000, -40000, 123]
    assert write_wav(tmp_path / "r.wav", 400, samples) == 8
    assert read_wav(tmp_path / "r.wav") == (400, [0, 1, -1, 32767, -32768, 32767, -32768, 123])


def test_knock_without_a_command_says_what_to_do(capsys):
    assert "companion knock detect" in refused(*run(capsys))


# -- record ---------------------------------------------------------------------------------
def _fake_sensor(monkeypatch, **functions) -> types.ModuleType:
    module = types.ModuleType("firmware_py.knock.ads1115")
    for name, function in functions.items():
        setattr(module, name, function)
    monkeypatch.setitem(sys.modules, "firmware_py.knock.ads1115", module)
    return module


def test_record_writes_the_live_sensor_to_a_wav(tmp_path, capsys, monkeypatch):
    asked = []

    def record_wav(path, seconds, reader=None):
        asked.append((path, seconds))
        return write_wav(path, 860, [0] * round(860 * seconds))

    _fake_sensor(monkeypatch, record_wav=record_wav)
    path = tmp_path / "take.wav"
    status, out, err = run(capsys, "record", str(path), "--seconds", "2.5")
    assert (status, err) == (0, "") and asked == [(str(path), 2.5)]
    assert "2150 samples" in out and read_wav(path)[0] == 860


@pytest.mark.parametrize("error, says", [
    (RuntimeError("no ADS1115 answers at 0x48 on I2C bus 1"), "companion: no ADS1115 answers at 0x48"),
    (ImportError("No module named 'smbus2'"), "companion: no ADS1115 found: No module named 'smbus2'"),
    (OSError(121, "Remote I/O error"), "no ADS1115 found: [Errno 121] Remote I/O error"),
    (NotImplementedError("not on this board"), "no ADS1115 found: not on this board"),
])
def test_record_without_a_sensor_is_refused_with_one_line(tmp_path, capsys, monkeypatch, error, says):
    def record_wav(path, seconds, reader=None):
        raise error

    _fake_sensor(monkeypatch, record_wav=record_wav)
    assert says in refused(*run(capsys, "record", str(tmp_path / "x.wav")))


def test_record_refuses_a_nonsense_duration(tmp_path, capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["knock", "record", str(tmp_path / "x.wav"), "--seconds", "-3"])
    assert exit_.value.code == 2
    assert "positive number of seconds" in capsys.readouterr().err


# -- calibrate ------------------------------------------------------------------------------
def takes(rate: int = 860, seed: int = 30, strength: float = 0.8) -> dict[str, list[int]]:
    """A calibration session on one table: 3 s quiet, 4 s with one knock, 4 s with two."""
    scene = PiezoScene(rate, seed, gain=1.2, noise=10.0, drift=300.0, rumble=8.0)
    scene.knock(4.5, strength)
    scene.knocks(8.2, 2, 0.25, strength)
    samples = scene.samples(11.0)
    return {"quiet": samples[:3 * rate], "once": samples[3 * rate:7 * rate], "twice": samples[7 * rate:]}


def test_calibrate_from_three_recordings_saves_settings_that_detect_uses(tmp_path, capsys):
    files = []
    for name, samples in takes().items():
        write_wav(tmp_path / f"{name}.wav", 860, samples)
        files += [f"--{name}", str(tmp_path / f"{name}.wav")]
    target = tmp_path / "state" / "knock.json"
    status, out, err = run(capsys, "calibrate", *files, "--settings", str(target))
    assert (status, err) == (0, "")
    assert "noise floor" in out and f"saved to {target}" in out
    settings = load(target)
    assert settings.rate == 860 and settings.noise_floor > 0 and 0.35 <= settings.gap <= 0.6
    status, out, _ = run(capsys, "detect", str(tmp_path / "twice.wav"), "--settings", str(target))
    assert status == 0 and [json.loads(line)["answer"] for line in out.splitlines()] == ["no"]


def test_calibrate_needs_all_three_recordings(tmp_path, capsys):
    assert "all three takes" in refused(*run(capsys, "calibrate", "--quiet", str(tmp_path / "q.wav")))


def test_calibrate_refuses_knocks_it_cannot_hear(tmp_path, capsys):
    files = []
    for name, samples in takes(strength=0.005).items():
        write_wav(tmp_path / f"{name}.wav", 860, samples)
        files += [f"--{name}", str(tmp_path / f"{name}.wav")]
    err = refused(*run(capsys, "calibrate", *files, "--settings", str(tmp_path / "k.json")))
    assert "knock" in err and not (tmp_path / "k.json").exists()


class FakeReader:
    """What ``firmware_py.knock.ads1115.open_reader()`` returns: .rate, .samples(), .close()."""

    def __init__(self, samples: list[int], rate: int = 860) -> None:
        self.rate, self._samples, self.closed = rate, samples, False

    def samples(self):
        yield from self._samples

    def close(self) -> None:
        self.closed = True


def test_calibrate_live_asks_for_quiet_then_one_knock_then_two(tmp_path, capsys, monkeypatch):
    session = takes()
    reader = FakeReader(session["quiet"] + session["once"] + session["twice"])
    _fake_sensor(monkeypatch, open_reader=lambda: reader)
    monkeypatch.setenv("PLANCHETTE_KNOCK_SETTINGS", str(tmp_path / "table.json"))
    status, out, err = run(capsys, "calibrate", "--keep", str(tmp_path / "takes"))
    assert (status, err) == (0, "") and reader.closed
    lines = out.splitlines()
    assert "quiet" in lines[0].lower() and "ONCE" in lines[1] and "TWICE" in lines[2]
    assert load(tmp_path / "table.json").rate == 860
    assert read_wav(tmp_path / "takes" / "once.wav") == (860, session["once"])


def test_calibrate_live_without_a_sensor_is_refused(capsys, monkeypatch):
    def open_reader():
        raise RuntimeError("no ADS1115 answers at 0x48 on I2C bus 1 ([Errno 121] Remote I/O error)")

    _fake_sensor(monkeypatch, open_reader=open_reader)
    assert "no ADS1115 answers" in refused(*run(capsys, "calibrate"))


def test_calibrate_live_with_a_stream_that_stops_is_refused(capsys, monkeypatch, tmp_path):
    reader = FakeReader([0] * 1000)
    _fake_sensor(monkeypatch, open_reader=lambda: reader)
    monkeypatch.setenv("PLANCHETTE_KNOCK_SETTINGS", str(tmp_path / "table.json"))
    status, out, err = run(capsys, "calibrate")
    assert "stopped streaming" in refused(status, out, err, said=out) and reader.closed
    assert out.startswith("Stay quiet") and not (tmp_path / "table.json").exists()
