"""Knock recordings: mono 16-bit PCM WAV files at 400 to 4000 samples/s, each sample
the ADC's reading in counts (shared/spec/knock-detect.md).

Anything else — a missing file, another format, stereo, 8 or 24 bits, a rate out of
range — is refused with a :class:`KnockFileError` whose message is one sentence.
"""

from __future__ import annotations

import sys
import wave
from array import array
from pathlib import Path
from typing import Iterable, Iterator

MIN_RATE, MAX_RATE = 400, 4000
BLOCK = 4096  # frames read at a time: a long recording never sits whole in memory


class KnockFileError(Exception):
    """A recording that cannot be used, in a sentence."""


class KnockRecording:
    """An open recording: ``rate``, ``frames`` and ``blocks()`` of int samples.
    Use as a context manager, or call :meth:`close`."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        name = str(path)
        try:
            self._wave = wave.open(name, "rb")
        except FileNotFoundError:
            raise KnockFileError(f"{name}: no such file") from None
        except IsADirectoryError:
            raise KnockFileError(f"{name}: is a folder, not a WAV file") from None
        except PermissionError:
            raise KnockFileError(f"{name}: permission denied") from None
        except (wave.Error, EOFError) as error:
            raise KnockFileError(f"{name}: not a PCM WAV file ({_reason(error)})") from None
        except OSError as error:
            raise KnockFileError(f"{name}: cannot be read ({error.strerror or error})") from None
        try:
            self._check(name)
        except KnockFileError:
            self._wave.close()
            raise

    def _check(self, name: str) -> None:
        w = self._wave
        if w.getcomptype() != "NONE":
            raise KnockFileError(f"{name}: compressed WAV ({w.getcompname()}); record plain 16-bit PCM")
        if w.getnchannels() != 1:
            raise KnockFileError(f"{name}: has {w.getnchannels()} channels; a knock recording is mono")
        if w.getsampwidth() != 2:
            raise KnockFileError(f"{name}: has {8 * w.getsampwidth()}-bit samples; a knock recording is 16-bit")
        rate = w.getframerate()
        if not MIN_RATE <= rate <= MAX_RATE:
            raise KnockFileError(f"{name}: its sample rate is {rate} Hz; a knock recording is "
                                 f"{MIN_RATE} to {MAX_RATE} samples/s")
        self.rate: int = rate
        self.frames: int = w.getnframes()

    def blocks(self, size: int = BLOCK) -> Iterator[list[int]]:
        """The samples as lists of ints, in order (a truncated file just ends early)."""
        while True:
            try:
                data = self._wave.readframes(size)
            except (wave.Error, EOFError, OSError) as error:
                raise KnockFileError(f"{self.path}: damaged sample data ({_reason(error)})") from None
            if len(data) % 2:
                data = data[:-1]  # a file cut in the middle of a sample
            if not data:
                return
            block = array("h")
            block.frombytes(data)
            if sys.byteorder == "big":
                block.byteswap()
            yield block.tolist()

    def close(self) -> None:
        self._wave.close()

    def __enter__(self) -> "KnockRecording":
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def read_wav(path: str | Path) -> tuple[int, list[int]]:
    """(rate, every sample) of a knock recording."""
    with KnockRecording(path) as recording:
        samples: list[int] = []
        for block in recording.blocks():
            samples += block
        return recording.rate, samples


def write_wav(path: str | Path, rate: int, samples: Iterable[int]) -> int:
    """Write a knock recording; samples are clipped to 16 bits.  Returns how many."""
    if isinstance(rate, bool) or not isinstance(rate, int) or not MIN_RATE <= rate <= MAX_RATE:
        raise KnockFileError(f"a knock recording's rate is a whole number from {MIN_RATE} to {MAX_RATE}, not {rate!r}")
    data = array("h", (-32768 if v < -32768 else 32767 if v > 32767 else int(v) for v in samples))
    if sys.byteorder == "big":
        data.byteswap()
    try:
        with wave.open(str(path), "wb") as out:
            out.setnchannels(1)
            out.setsampwidth(2)
            out.setframerate(rate)
            out.writeframes(data.tobytes())
    except OSError as error:
        raise KnockFileError(f"{path}: cannot be written ({error.strerror or error})") from None
    return len(data)


def _reason(error: BaseException) -> str:
    text = str(error).strip()
    if isinstance(error, EOFError) or not text:
        return "the file ends too early"
    return text.rstrip(".")
