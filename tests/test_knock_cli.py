"""``companion knock``: detect exactly as shared/spec/knock-detect.md says, refuse
unreadable files with one line, record and calibrate through the (faked) live sensor."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import types
import wave
from array import array
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


def le(value: int, size: int) -> bytes:
    return value.to_bytes(size, "little")


def fmt(tag: int = 1, channels: int = 1, rate: int = 860, align: int = 2, bits: int = 16, extra: bytes = b"") -> bytes:
    byte_rate = (rate * align) & 0xFFFFFFFF
    return le(tag, 2) + le(channels, 2) + le(rate, 4) + le(byte_rate, 4) + le(align, 2) + le(bits, 2) + extra


def chunk(name: bytes, data: bytes, size: int | None = None) -> bytes:
    """A RIFF chunk: its name, its size (``size`` to lie), its data padded to an even length."""
    return name + le(len(data) if size is None else size, 4) + data + b"\0" * (len(data) % 2)


def riff(*chunks: bytes) -> bytes:
    body = b"WAVE" + b"".join(chunks)
    return b"RIFF" + le(len(body), 4) + body


SAMPLES = b"\x01\x00\xff\xff" * 50  # 1, -1, ...


@pytest.mark.parametrize("content, ends", [
    (b"RIFF" + le(36, 4) + b"WAVE" + b"fmt " + le(0xFFFFFFF0, 4),  # 20 bytes declaring a 4 GB chunk
     "not a PCM WAV file (its “fmt” chunk claims 4,294,967,280 bytes but only 0 follow)"),
    (riff(chunk(b"fmt ", fmt()), chunk(b"LIST", b"x" * 10, size=0x7FFFFFFF), chunk(b"data", SAMPLES)),
     "not a PCM WAV file (its “LIST” chunk claims 2,147,483,647 bytes but only 218 follow)"),
    (riff(chunk(b"fmt ", fmt()))[:30], "not a PCM WAV file (its “fmt” chunk claims 16 bytes but only 10 follow)"),
    (b"RIFF\x24\x00\x00\x00WAVEfmt ", "not a PCM WAV file (it ends before its format (fmt) chunk)"),
    (riff(chunk(b"fmt ", fmt())), "not a PCM WAV file (it ends before its data chunk)"),
    (riff(chunk(b"data", SAMPLES), chunk(b"fmt ", fmt())), "not a PCM WAV file (its samples come before their format)"),
    (riff(chunk(b"fmt ", fmt()[:8]), chunk(b"data", SAMPLES)),
     "not a PCM WAV file (its format chunk is 8 bytes, too short to describe the samples)"),
    (riff(chunk(b"fmt ", fmt(tag=3, align=4, bits=32)), chunk(b"data", SAMPLES)),
     "not a PCM WAV file (format code 3, 32-bit float); record plain 16-bit PCM"),
    (riff(chunk(b"fmt ", fmt(tag=0x55)), chunk(b"data", SAMPLES)),
     "not a PCM WAV file (format code 85, MP3); record plain 16-bit PCM"),
    (riff(chunk(b"fmt ", fmt(tag=0x1234)), chunk(b"data", SAMPLES)),
     "not a PCM WAV file (format code 4660); record plain 16-bit PCM"),
    (riff(chunk(b"fmt ", fmt(channels=0)), chunk(b"data", SAMPLES)), "has 0 channels; a knock recording is mono"),
    (riff(chunk(b"fmt ", fmt(channels=2, align=4)), chunk(b"data", SAMPLES)), "has 2 channels; a knock recording is mono"),
    (riff(chunk(b"fmt ", fmt(bits=0)), chunk(b"data", SAMPLES)), "has 0-bit samples; a knock recording is 16-bit"),
    (riff(chunk(b"fmt ", fmt(align=4)), chunk(b"data", SAMPLES)),
     "not a PCM WAV file (its header gives 4 bytes a frame for one 16-bit channel, not 2)"),
    (riff(chunk(b"fmt ", fmt(rate=0)), chunk(b"data", SAMPLES)),
     "its sample rate is 0 Hz; a knock recording is 400 to 4000 samples/s"),
    (riff(chunk(b"fmt ", fmt(rate=0xFFFFFFFF)), chunk(b"data", SAMPLES)),
     "its sample rate is 4294967295 Hz; a knock recording is 400 to 4000 samples/s"),
    (b"hello, not a wave", "not a PCM WAV file (it does not start with RIFF…WAVE, as a WAV file does)"),
    (b"RIFF" + le(4, 4) + b"AVI ", "not a PCM WAV file (it does not start with RIFF…WAVE, as a WAV file does)"),
    (b"", "not a PCM WAV file (it is empty)"),
], ids=["20 bytes claiming 4 GB", "a chunk longer than the file", "a format cut short", "no format", "no data",
        "data first", "a short format", "float", "mp3", "unknown code", "no channels", "stereo", "0-bit",
        "a frame of 4 bytes", "rate 0", "rate 4 GHz", "not RIFF", "not WAVE", "empty"])
def test_a_damaged_wav_is_refused_with_one_line_naming_it(tmp_path, capsys, content, ends):
    path = _file(tmp_path / "take.wav", content)
    assert refused(*run(capsys, "detect", str(path))) == f"companion: {path}: {ends}\n"


def _sparse(path: Path, size: int) -> Path:
    with open(path, "wb") as handle:
        handle.write(riff(chunk(b"fmt ", fmt()), chunk(b"data", b"", size=size - 44)))
        handle.truncate(size)  # sparse: nothing is written, nothing must be read
    return path


@pytest.mark.parametrize("make, ends", [
    (lambda d: d / "missing.wav", "no such file"),
    (lambda d: d, "is a folder, not a file"),
    (lambda d: (os.mkfifo(d / "pipe.wav"), d / "pipe.wav")[1], "is a pipe, not a file"),
    (lambda d: ((d / "zero.wav").symlink_to("/dev/zero"), d / "zero.wav")[1], "is a device, not a file"),
    (lambda d: _wav(d / "8bit.wav", width=1), "has 8-bit samples; a knock recording is 16-bit"),
    (lambda d: _wav(d / "24bit.wav", width=3), "has 24-bit samples; a knock recording is 16-bit"),
    (lambda d: _wav(d / "slow.wav", rate=200), "its sample rate is 200 Hz; a knock recording is 400 to 4000 samples/s"),
    (lambda d: _wav(d / "audio.wav", rate=44100),
     "its sample rate is 44100 Hz; a knock recording is 400 to 4000 samples/s"),
    (lambda d: _sparse(d / "huge.wav", (1 << 30) + 1),
     "is 1,073,741,825 bytes, too large for such a file (at most 1,073,741,824)"),
], ids=["missing", "a folder", "a pipe", "a device", "8-bit", "24-bit", "200 Hz", "44100 Hz", "over 1 GB"])
def test_a_file_that_cannot_be_read_is_refused_with_one_line(tmp_path, capsys, make, ends):
    path = make(tmp_path)
    assert refused(*run(capsys, "detect", str(path))) == f"companion: {path}: {ends}\n"


def test_odd_sized_chunks_are_padded_and_the_samples_read(tmp_path, capsys):
    samples, expected = recording()
    data = array("h", samples)
    if sys.byteorder == "big":
        data.byteswap()
    path = _file(tmp_path / "odd.wav", riff(chunk(b"fmt ", fmt()), chunk(b"LIST", b"odd"),
                                            chunk(b"data", data.tobytes() + b"\x07")))
    assert read_wav(path) == (860, samples)
    assert run(capsys, "detect", str(path)) == (0, "".join(line + "\n" for line in expected), "")


def test_a_data_chunk_whose_size_was_never_written_is_read_to_the_end(tmp_path):
    path = _file(tmp_path / "streamed.wav", riff(chunk(b"fmt ", fmt()), chunk(b"data", SAMPLES, size=0xFFFFFFFF)))
    assert read_wav(path) == (860, [1, -1] * 50)


def test_an_extensible_wav_of_mono_16_bit_pcm_is_read(tmp_path):
    extensible = fmt(tag=0xFFFE, extra=le(22, 2) + le(16, 2) + le(4, 4) + le(1, 2) + bytes(14))
    path = _file(tmp_path / "audacity.wav", riff(chunk(b"fmt ", extensible), chunk(b"data", SAMPLES)))
    assert read_wav(path) == (860, [1, -1] * 50)


def test_a_take_longer_than_ten_minutes_is_refused_before_it_is_read(tmp_path, capsys):
    path = _sparse(tmp_path / "evening.wav", 44 + 2 * 860 * 660)
    takes = ["--quiet", str(path), "--once", str(path), "--twice", str(path)]
    err = refused(*run(capsys, "calibrate", *takes, "--settings", str(tmp_path / "k.json")))
    assert err == f"companion: {path}: lasts 11 minutes; a take is at most 10 minutes\n"


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
    import firmware_py.box  # noqa: F401  (what else imports the real driver does so before the fake)
    import sim.factory  # noqa: F401

    module = types.ModuleType("firmware_py.knock.ads1115")
    for name, function in functions.items():
        setattr(module, name, function)
    monkeypatch.setitem(sys.modules, "firmware_py.knock.ads1115", module)
    return module


def test_record_writes_the_live_sensor_to_a_wav(tmp_path, capsys, monkeypatch):
    asked = []

    reader = FakeReader([])

    def record_wav(path, seconds, reader):
        asked.append((path, seconds, reader))
        return write_wav(path, 860, [0] * round(860 * seconds))

    _fake_sensor(monkeypatch, record_wav=record_wav, open_reader=lambda factory: reader)
    path = tmp_path / "take.wav"
    status, out, err = run(capsys, "record", str(path), "--seconds", "2.5")
    assert (status, err) == (0, "") and asked == [(str(path), 2.5, reader)] and reader.closed
    assert "2150 samples" in out and read_wav(path)[0] == 860


@pytest.mark.parametrize("error, says", [
    (RuntimeError("no ADS1115 answers at 0x48 on I2C bus 1"), "companion: no ADS1115 answers at 0x48"),
    (ImportError("No module named 'smbus2'"), "companion: no ADS1115 found: No module named 'smbus2'"),
    (OSError(121, "Remote I/O error"), "no ADS1115 found: [Errno 121] Remote I/O error"),
    (NotImplementedError("not on this board"), "no ADS1115 found: not on this board"),
])
def test_record_without_a_sensor_is_refused_with_one_line(tmp_path, capsys, monkeypatch, error, says):
    def open_reader(factory):
        raise error

    _fake_sensor(monkeypatch, record_wav=lambda path, seconds, reader: 0, open_reader=open_reader)
    assert says in refused(*run(capsys, "record", str(tmp_path / "x.wav")))


def test_a_sensor_that_fails_while_recording_is_refused_and_closed(tmp_path, capsys, monkeypatch):
    reader = FakeReader([])

    def record_wav(path, seconds, reader):
        raise OSError(121, "Remote I/O error")

    _fake_sensor(monkeypatch, record_wav=record_wav, open_reader=lambda factory: reader)
    assert "no ADS1115 found: [Errno 121] Remote I/O error" in refused(*run(capsys, "record", str(tmp_path / "x.wav")))
    assert reader.closed and not (tmp_path / "x.wav").exists()


def _sensor_not_opened(monkeypatch) -> list:
    asked: list = []
    _fake_sensor(monkeypatch, record_wav=lambda path, seconds, reader: asked.append(path),
                 open_reader=lambda factory: asked.append("opened") or FakeReader([]))
    return asked


@pytest.mark.parametrize("make, ends", [
    (lambda d: d / "missing" / "take.wav", lambda d: f"cannot be written: there is no folder {d / 'missing'}"),
    (lambda d: d, lambda d: f"is a folder; name a file in it, such as {d / 'take.wav'}"),
    (lambda d: _file(d / "notes.txt", b"x") / "take.wav", lambda d: f"cannot be written: {d / 'notes.txt'} is not a folder"),
    (lambda d: (os.mkfifo(d / "pipe.wav"), d / "pipe.wav")[1],
     lambda d: "is not a regular file (a pipe or a device); name a .wav file"),
    (lambda d: Path("/dev/null"), lambda d: "is not a regular file (a pipe or a device); name a .wav file"),
], ids=["no folder", "a folder", "under a file", "a pipe", "a device"])
def test_record_to_a_bad_path_says_so_and_never_opens_the_sensor(tmp_path, capsys, monkeypatch, make, ends):
    asked = _sensor_not_opened(monkeypatch)
    path = make(tmp_path)
    assert refused(*run(capsys, "record", str(path))) == f"companion: {path}: {ends(tmp_path)}\n"
    assert asked == []


def test_record_where_writing_is_not_allowed_says_so(tmp_path, capsys, monkeypatch):
    asked = _sensor_not_opened(monkeypatch)

    def read_only(*args, **kwargs):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(os, "open", read_only)  # (the tests may run as root, who may write anywhere)
    path = tmp_path / "take.wav"
    assert refused(*run(capsys, "record", str(path))) == f"companion: {path}: cannot be written (permission denied)\n"
    assert asked == []


def test_a_take_the_sensor_could_not_record_leaves_no_empty_file(tmp_path, capsys, monkeypatch):
    def record_wav(path, seconds, reader):
        raise RuntimeError("no ADS1115 answers at 0x48 on I2C bus 1")

    _fake_sensor(monkeypatch, record_wav=record_wav, open_reader=lambda factory: FakeReader([]))
    path = tmp_path / "take.wav"
    assert refused(*run(capsys, "record", str(path))) == "companion: no ADS1115 answers at 0x48 on I2C bus 1\n"
    assert not path.exists()
    kept = _file(tmp_path / "old.wav", b"an older take")
    refused(*run(capsys, "record", str(kept)))
    assert kept.read_bytes() == b"an older take"  # a file that was there is not touched


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
    """What ``firmware_py.knock.ads1115.open_reader(factory)`` returns: .rate, .samples(), .close()."""

    def __init__(self, samples: list[int], rate: int = 860) -> None:
        self.rate, self._samples, self.closed = rate, samples, False

    def samples(self):
        yield from self._samples

    def close(self) -> None:
        self.closed = True


def test_calibrate_live_asks_for_quiet_then_one_knock_then_two(tmp_path, capsys, monkeypatch):
    session = takes()
    reader = FakeReader(session["quiet"] + session["once"] + session["twice"])
    _fake_sensor(monkeypatch, open_reader=lambda factory: reader)
    monkeypatch.setenv("PLANCHETTE_KNOCK_SETTINGS", str(tmp_path / "table.json"))
    status, out, err = run(capsys, "calibrate", "--keep", str(tmp_path / "takes"))
    assert (status, err) == (0, "") and reader.closed
    lines = out.splitlines()
    assert "quiet" in lines[0].lower() and "ONCE" in lines[1] and "TWICE" in lines[2]
    assert load(tmp_path / "table.json").rate == 860
    assert read_wav(tmp_path / "takes" / "once.wav") == (860, session["once"])


def test_calibrate_live_without_a_sensor_is_refused(capsys, monkeypatch):
    def open_reader(factory):
        raise RuntimeError("no ADS1115 answers at 0x48 on I2C bus 1 ([Errno 121] Remote I/O error)")

    _fake_sensor(monkeypatch, open_reader=open_reader)
    assert "no ADS1115 answers" in refused(*run(capsys, "calibrate"))


def test_calibrate_live_with_a_stream_that_stops_is_refused(capsys, monkeypatch, tmp_path):
    reader = FakeReader([0] * 1000)
    _fake_sensor(monkeypatch, open_reader=lambda factory: reader)
    monkeypatch.setenv("PLANCHETTE_KNOCK_SETTINGS", str(tmp_path / "table.json"))
    status, out, err = run(capsys, "calibrate")
    assert "stopped streaming" in refused(status, out, err, said=out) and reader.closed
    assert out.startswith("Stay quiet") and not (tmp_path / "table.json").exists()


@pytest.mark.parametrize("where, words", [
    ("folder", "is a folder: name a file for the knock settings"),
    ("under-a-file", "is a file, not a folder"),
])
def test_calibrate_refuses_a_place_it_cannot_save_before_anyone_knocks(tmp_path, capsys, monkeypatch, where, words):
    opened = []
    _fake_sensor(monkeypatch, open_reader=lambda factory: opened.append(1) or FakeReader([0] * 10))
    (tmp_path / "folder").mkdir()
    (tmp_path / "a-file").write_text("x")
    target = tmp_path / ("folder" if where == "folder" else "a-file/k.json")
    status, out, err = run(capsys, "calibrate", "--settings", str(target))
    assert words in refused(status, out, err) and opened == [] and "Stay quiet" not in out
