"""Knock recordings: mono 16-bit PCM WAV files at 400 to 4000 samples/s, each sample
the ADC's reading in counts (shared/spec/knock-detect.md).

Anything else — a missing file, another format, stereo, 8 or 24 bits, a rate out of
range, a damaged header — is refused with a :class:`KnockFileError` whose message is one
sentence naming the file.  The header is read here, not by Python's ``wave`` (which
tracebacks on some damaged headers): every chunk size is checked against what the file
holds before anything is skipped or read, a pipe or a device is refused before it is
read (it would never end), and the samples are read a block at a time, so a header's
claims never decide what is allocated.  A data chunk longer than the file is a recording
that was cut short (or never had its size written): it is read up to where it stops.
"""

from __future__ import annotations

import os
import stat
import struct
import sys
import wave
from array import array
from pathlib import Path
from typing import BinaryIO, Iterable, Iterator

from firmware_py.files import FileProblem, open_regular

MIN_RATE, MAX_RATE = 400, 4000
BLOCK = 4096  # frames read at a time: a long recording never sits whole in memory
MAX_BYTES = 1 << 30  # 37 hours at 4000 samples/s: anything larger is not a knock recording
MAX_READ_SECONDS = 600  # read_wav holds every sample as a Python int: ten minutes at most
PCM, EXTENSIBLE = 1, 0xFFFE
FORMATS = {3: "32-bit float", 6: "A-law", 7: "mu-law", 2: "ADPCM", 0x11: "IMA ADPCM", 0x55: "MP3"}


class KnockFileError(Exception):
    """A recording that cannot be used, in a sentence."""


class KnockRecording:
    """An open recording: ``rate``, ``frames`` and ``blocks()`` of int samples.
    Use as a context manager, or call :meth:`close`."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        name = str(path)
        try:
            self._file, size = open_regular(path, MAX_BYTES)
        except FileNotFoundError:
            raise KnockFileError(f"{name}: no such file") from None
        except FileProblem as problem:
            raise KnockFileError(f"{name}: {problem}") from None
        try:
            self.rate, start, self._left = _header(self._file, size, name)
            self._file.seek(start)
        except KnockFileError:
            self._file.close()
            raise
        except OSError as error:
            self._file.close()
            raise KnockFileError(f"{name}: cannot be read ({error.strerror or error})") from None
        self.frames: int = self._left // 2

    def blocks(self, size: int = BLOCK) -> Iterator[list[int]]:
        """The samples as lists of ints, in order (a truncated file just ends early)."""
        while self._left >= 2:
            try:
                data = self._file.read(min(2 * size, self._left))
            except OSError as error:
                raise KnockFileError(f"{self.path}: damaged sample data ({error.strerror or error})") from None
            self._left -= len(data)
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
        self._file.close()

    def __enter__(self) -> "KnockRecording":
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def _header(handle: BinaryIO, size: int, name: str) -> tuple[int, int, int]:
    """(rate, where the samples start, how many bytes of them the file holds), after checking
    that the header describes a knock recording."""
    riff = handle.read(12)
    if len(riff) < 12 or riff[:4] != b"RIFF" or riff[8:] != b"WAVE":
        what = "it is empty" if not riff else "it does not start with RIFF…WAVE, as a WAV file does"
        raise KnockFileError(f"{name}: not a PCM WAV file ({what})")
    fmt = None
    where = 12
    while True:
        head = handle.read(8)
        if len(head) < 8:
            missing = "format (fmt) chunk" if fmt is None else "data chunk"
            raise KnockFileError(f"{name}: not a PCM WAV file (it ends before its {missing})")
        chunk, length = head[:4], int.from_bytes(head[4:], "little")
        where += 8
        left = size - where
        if chunk == b"data":
            if fmt is None:
                raise KnockFileError(f"{name}: not a PCM WAV file (its samples come before their format)")
            return _format(fmt, name), where, min(length, left)
        if length > left:
            raise KnockFileError(f"{name}: not a PCM WAV file (its {_chunk_name(chunk)} chunk claims "
                                 f"{length:,} bytes but only {left:,} follow)")
        if chunk == b"fmt ":
            if length < 16:
                raise KnockFileError(f"{name}: not a PCM WAV file (its format chunk is {length} bytes, "
                                     "too short to describe the samples)")
            fmt = handle.read(min(length, 40))
        where += length + (length & 1)  # chunks are padded to an even length
        handle.seek(where)


def _format(fmt: bytes, name: str) -> int:
    """The sample rate of a format chunk that describes mono 16-bit PCM; else a sentence."""
    tag, channels, rate, _byte_rate, align, bits = struct.unpack("<HHIIHH", fmt[:16])
    if tag == EXTENSIBLE and len(fmt) >= 26:
        tag = int.from_bytes(fmt[24:26], "little")  # the sub-format GUID's first two bytes
    if tag != PCM:
        kind = f", {FORMATS[tag]}" if tag in FORMATS else ""
        raise KnockFileError(f"{name}: not a PCM WAV file (format code {tag}{kind}); record plain 16-bit PCM")
    if channels != 1:
        raise KnockFileError(f"{name}: has {channels} channels; a knock recording is mono")
    if bits != 16:
        raise KnockFileError(f"{name}: has {bits}-bit samples; a knock recording is 16-bit")
    if align != 2:
        raise KnockFileError(f"{name}: not a PCM WAV file (its header gives {align} bytes a frame "
                             "for one 16-bit channel, not 2)")
    if not MIN_RATE <= rate <= MAX_RATE:
        raise KnockFileError(f"{name}: its sample rate is {rate} Hz; a knock recording is "
                             f"{MIN_RATE} to {MAX_RATE} samples/s")
    return rate


def _chunk_name(chunk: bytes) -> str:
    text = chunk.decode("latin-1")
    return f"“{text.strip()}”" if text.isprintable() else "unnamed"


def read_wav(path: str | Path) -> tuple[int, list[int]]:
    """(rate, every sample) of a knock recording of at most :data:`MAX_READ_SECONDS`."""
    with KnockRecording(path) as recording:
        if recording.frames > MAX_READ_SECONDS * recording.rate:
            raise KnockFileError(f"{path}: lasts {recording.frames / recording.rate / 60:.0f} minutes; "
                                 f"a take is at most {MAX_READ_SECONDS // 60} minutes")
        samples: list[int] = []
        for block in recording.blocks():
            samples += block
        return recording.rate, samples


def check_writable(path: str | Path) -> bool:
    """Refuse, with a sentence, a place a recording cannot be written — before a sensor is
    opened, so that a bad path is not blamed on the sensor.  True when this call created the
    (empty) file, so a caller that gives up can remove it again."""
    name, folder = str(path), Path(path).parent
    try:
        mode = os.stat(path).st_mode
    except OSError:
        mode = None  # not there yet (or not reachable: the open below says why)
    if mode is not None and stat.S_ISDIR(mode):
        raise KnockFileError(f"{name}: is a folder; name a file in it, such as {Path(path) / 'take.wav'}")
    if mode is not None and not stat.S_ISREG(mode):
        raise KnockFileError(f"{name}: is not a regular file (a pipe or a device); name a .wav file")
    try:
        # O_NONBLOCK: should a pipe appear meanwhile, open answers at once instead of waiting for a reader
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND | getattr(os, "O_NONBLOCK", 0), 0o666)
    except FileNotFoundError:
        if folder.is_dir():
            raise KnockFileError(f"{name}: cannot be created in {folder}") from None
        raise KnockFileError(f"{name}: cannot be written: there is no folder {folder}") from None
    except NotADirectoryError:
        raise KnockFileError(f"{name}: cannot be written: {folder} is not a folder") from None
    except PermissionError:
        raise KnockFileError(f"{name}: cannot be written (permission denied)") from None
    except OSError as error:
        raise KnockFileError(f"{name}: cannot be written ({error.strerror or error})") from None
    os.close(descriptor)
    return mode is None


def write_wav(path: str | Path, rate: int, samples: Iterable[int]) -> int:
    """Write a knock recording; samples are clipped to 16 bits.  Returns how many."""
    if isinstance(rate, bool) or not isinstance(rate, int) or not MIN_RATE <= rate <= MAX_RATE:
        raise KnockFileError(f"a knock recording's rate is a whole number from {MIN_RATE} to {MAX_RATE}, not {rate!r}")
    check_writable(path)
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
