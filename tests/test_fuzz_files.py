"""The fuzz test of issue #11 for the box's own files: ``settings.json``, ``knock.json``,
``cards.json``, ``wiring/pins.toml`` and knock recordings, each broken by seeded mutations —
cut short, bits flipped, bad bytes, huge and negative numbers, deep nesting, wrong types,
keys given twice, lines dropped or doubled, WAV header fields and chunk sizes that lie —
are used, or refused in one sentence naming the file, never a traceback; every case is timed.

A failing case names its kind and seed: ``damaged(KIND, SEED)`` rebuilds it.
"""

from __future__ import annotations

import json
import random
import time
import traceback
from dataclasses import asdict
from pathlib import Path

import pytest

from companion import cardbook
from companion.games import registry
from companion.settings import Settings
from companion.settings import load as load_settings
from firmware_py import pins
from firmware_py.box import Box
from firmware_py.clock import ManualClock
from firmware_py.knock.calibrate import FORMAT, KnockSettingsError
from firmware_py.knock.calibrate import load as load_knock
from firmware_py.knock.detector import KnockDetector
from firmware_py.knock.detector import KnockSettings
from firmware_py.knock.wav import KnockFileError, KnockRecording, read_wav, write_wav
from tests.fuzz_logs import _mutate_value

CASES = 150  # per kind of file
SLOWEST = 2.0  # seconds for one case: each file is a few kB at most
ROOT = Path(__file__).resolve().parent.parent


# -- the good files the mutations start from ---------------------------------------------------
def _good_json(kind: str) -> str:
    if kind == "settings":
        return json.dumps(asdict(Settings(brightness=0.4)), indent=2)
    if kind == "knock":
        return json.dumps({"format": FORMAT, "version": 1, "settings": KnockSettings(noise_floor=12.5, rate=860.0)
                           .to_dict(), "measured": {"noise_floor": 12.5, "knock_peaks": [40.1, 38.0]}}, indent=2)
    return json.dumps({"clairvoyance": [{"name": "Cuckoo Clock", "type": "item", "faces": [3, 7], "damage": 2,
                                         "use": "none", "effect": None, "text": ""}],
                       "seance-party": [{"name": "Candle Ghost", "type": "spirit", "symbol": "circle",
                                         "element": "fire", "attack": "d4", "speed": 3,
                                         "cursed": {"element": "smoke", "attack": "d20", "speed": 0}}]}, indent=2)


def _good_wav(path: Path) -> bytes:
    from sim.piezo import PiezoScene

    scene = PiezoScene(860, 3, gain=0.8, noise=6.0)
    scene.knock(0.4, 0.7)
    write_wav(path, 860, scene.samples(1.0))
    return path.read_bytes()


# -- the mutations ------------------------------------------------------------------------------
ODD_TOML = ["-1", "0", "99999", "9" * 5000, "-" + "9" * 401, "1e400", "inf", "nan", "-0.0", "true", '"12"',
            "'", '"""', "[" * 40 + "]" * 40, "[" * 3000 + "]" * 3000, "{a = 1}", "1979-05-27", "0x", "0b102",
            "12 12", '"é🂡\\u0000"', "[1, 'x']", '"' + "x" * 5000 + '"']


def _cut(text: bytes, rng: random.Random) -> bytes:
    return text[:rng.randrange(len(text) + 1)]


def _flip(text: bytes, rng: random.Random) -> bytes:
    data = bytearray(text)
    for _ in range(rng.choice([1, 2, 8])):
        data[rng.randrange(len(data))] ^= 1 << rng.randrange(8)
    return bytes(data)


def _bad_bytes(text: bytes, rng: random.Random) -> bytes:
    at = rng.randrange(len(text) + 1)
    return text[:at] + rng.choice([b"\xff", b"\x00", b"\xc3", b"\xed\xa0\x80", b"\xef\xbb\xbf", b"\r"]) + text[at:]


def _lines(text: bytes, rng: random.Random) -> bytes:
    """A line dropped, doubled (a key twice) or swapped with another."""
    lines = text.split(b"\n")
    a, b = rng.randrange(len(lines)), rng.randrange(len(lines))
    how = rng.randrange(3)
    if how == 0:
        del lines[a]
    elif how == 1:
        lines.insert(b, lines[a])
    else:
        lines[a], lines[b] = lines[b], lines[a]
    return b"\n".join(lines)


def _json_value(text: bytes, rng: random.Random) -> bytes:
    """A field dropped, misspelt, or given a value of another kind (huge, negative, nested, NaN…)."""
    return _mutate_value(text.decode("utf-8"), rng).encode("utf-8", "surrogatepass")


def _toml_value(text: bytes, rng: random.Random) -> bytes:
    lines = text.decode("utf-8").split("\n")
    settings = [i for i, line in enumerate(lines) if "=" in line and not line.startswith("#")]
    if not settings:  # cut before the first setting
        return text
    at = rng.choice(settings)
    key = lines[at].split("=")[0]
    lines[at] = f"{key}= {rng.choice(ODD_TOML)}"
    return "\n".join(lines).encode("utf-8")


def _wav_field(data: bytes, rng: random.Random) -> bytes:
    """A header field of a plain 44-byte header (sizes, format, channels, rate, align, bits) set
    to an extreme or random value."""
    offset, size = rng.choice([(4, 4), (16, 4), (20, 2), (22, 2), (24, 4), (28, 4), (32, 2), (34, 2), (40, 4)])
    value = rng.choice([0, 1, 2, 3, 0xFFFF, 0xFFFFFFFF, 0x7FFFFFFF, 0xFFFE, rng.randrange(1 << (8 * size))])
    return data[:offset] + (value % (1 << (8 * size))).to_bytes(size, "little") + data[offset + size:]


def _wav_chunk(data: bytes, rng: random.Random) -> bytes:
    """A chunk inserted before the samples, whose size may lie."""
    body = bytes(rng.randrange(256) for _ in range(rng.choice([0, 1, 3, 10])))
    size = rng.choice([len(body), len(body), 0xFFFFFFFF, len(data), rng.randrange(1 << 32)])
    name = rng.choice([b"LIST", b"fmt ", b"data", b"junk", b"\x00\x00\x00\x00"])
    chunk = name + size.to_bytes(4, "little") + body + b"\0" * (len(body) % 2)
    at = rng.choice([12, 36, len(data)])
    return data[:at] + chunk + data[at:]


MUTATIONS = {
    "settings": (_cut, _flip, _bad_bytes, _lines, _json_value, _json_value, _json_value),
    "knock": (_cut, _flip, _bad_bytes, _lines, _json_value, _json_value, _json_value),
    "cards": (_cut, _flip, _bad_bytes, _lines, _json_value, _json_value, _json_value),
    "pins": (_cut, _flip, _bad_bytes, _lines, _toml_value, _toml_value, _toml_value),
    "wav": (_cut, _flip, _bad_bytes, _wav_field, _wav_field, _wav_chunk),
}


def damaged(kind: str, seed: int, good: bytes) -> bytes:
    """Damaged file number ``seed`` of ``kind``: one to three mutations of the good one."""
    rng = random.Random(f"{kind}/{seed}")
    data = good
    for _ in range(rng.choice([1, 1, 2, 3])):
        if data:
            try:
                data = rng.choice(MUTATIONS[kind])(data, rng)
            except UnicodeDecodeError:  # a text mutation after bad bytes: keep the bytes as they are
                pass
    return data


# -- what each file's reader must do with it -----------------------------------------------------
def _one_sentence(text: str, path: Path) -> bool:
    return str(path) in text and "\n" not in text and "Traceback" not in text and len(text) < 700


def _settings(path: Path) -> str:
    settings, warning = load_settings(path)
    assert isinstance(settings, Settings)
    assert warning is None or _one_sentence(warning, path), warning
    return "used" if warning is None else "refused"


def _knock(path: Path) -> str:
    try:
        settings = load_knock(path)
    except KnockSettingsError as error:
        assert _one_sentence(str(error), path), str(error)
        return "refused"
    KnockDetector(860, settings).run([0, 5, -5] * 300)  # whatever was accepted can be listened with
    return "used"


GAMES = [(registry()["clairvoyance"], {"game": "clairvoyance", "players": ["Ann", "Bo"],
                                       "characters": ["Sebastian", "Mama Rita"], "seed": 5}),
         (registry()["seance-party"], {"game": "seance-party", "players": ["Ann", "Bo"], "mode": "battle", "seed": 3})]


def _cards(path: Path) -> str:
    book, warning = cardbook.read(path)
    assert warning is None or _one_sentence(warning, path), warning
    for game, setup in GAMES:
        if path.exists():
            full, warnings = cardbook.with_book(game, setup, path)
            game.setup(full)  # the setup the book made is one the game takes
            assert all("\n" not in w and len(w) < 700 for w in warnings), warnings
    return "refused" if warning else "used"


def _pins(path: Path) -> str:
    survey = pins.survey(path)
    for name, warning in survey.warnings().items():
        assert _one_sentence(warning, path), warning
    try:
        pins.load(path)
    except pins.PinMapError as error:
        assert "\n" not in str(error) and len(str(error)) < 700, str(error)
        return "refused"
    return "used"


def _wav(path: Path) -> str:
    try:
        with KnockRecording(path) as recording:
            detector = KnockDetector(recording.rate)
            for block in recording.blocks():
                detector.feed(block)
        read_wav(path)
    except KnockFileError as error:
        assert _one_sentence(str(error), path), str(error)
        return "refused"
    return "used"


READERS = {"settings": _settings, "knock": _knock, "cards": _cards, "pins": _pins, "wav": _wav}
NAMES = {"settings": "settings.json", "knock": "knock.json", "cards": "cards.json", "pins": "pins.toml",
         "wav": "take.wav"}


def _good(kind: str, tmp_path: Path) -> bytes:
    if kind == "pins":
        return (ROOT / "wiring" / "pins.toml").read_bytes()
    if kind == "wav":
        return _good_wav(tmp_path / "good.wav")
    return _good_json(kind).encode("utf-8")


@pytest.mark.parametrize("kind", list(READERS))
def test_damaged_files_are_used_or_refused_in_one_sentence(kind, tmp_path):
    good = _good(kind, tmp_path)
    failures, outcomes = [], {"used": 0, "refused": 0}
    for seed in range(CASES):
        path = tmp_path / f"{seed}-{NAMES[kind]}"
        path.write_bytes(damaged(kind, seed, good))
        started = time.perf_counter()
        try:
            outcomes[READERS[kind](path)] += 1
        except Exception as error:  # noqa: BLE001 — the failure this test exists to find
            where = traceback.extract_tb(error.__traceback__)[-1]
            failures.append(f"{kind} case {seed}: {type(error).__name__}: {str(error)[:200]} "
                            f"at {where.filename}:{where.lineno}")
        if time.perf_counter() - started > SLOWEST:
            failures.append(f"{kind} case {seed} took {time.perf_counter() - started:.1f} s")
    assert not failures, "\n".join(failures)
    assert outcomes["used"] >= CASES // 20 and outcomes["refused"] >= CASES // 5, outcomes  # both paths run


def test_the_box_opens_whatever_the_pin_map_holds(tmp_path, monkeypatch):
    good = _good("pins", tmp_path)
    failures = []
    for seed in range(0, CASES, 5):
        path = tmp_path / f"{seed}-pins.toml"
        path.write_bytes(damaged("pins", seed, good))
        monkeypatch.setenv("PLANCHETTE_PINS", str(path))
        try:
            box = Box.open(simulate=True, clock=ManualClock(), listen=False)
            box.update()
            box.close()
        except Exception as error:  # noqa: BLE001
            failures.append(f"pins case {seed}: {type(error).__name__}: {str(error)[:200]}")
    assert not failures, "\n".join(failures)
