"""Reading the box's own small files — the settings, the knock calibration, the card book,
the pin map, the LED layout, knock recordings — so that nothing a file holds can stop the
companion or hang it.

A file is looked at before it is read: a folder, a pipe (which would wait for a writer
for ever) or a device (``/dev/zero`` never ends) is refused without reading, and a file
larger than its kind can be is refused by its size.  JSON is read strictly: no NaN or
Infinity (Python accepts them, JSON does not), no number longer than any value needs
(Python refuses more than 4,300 digits with its own words), no key given twice, and no
nesting deeper than :data:`MAX_DEPTH` (the decoder's recursion limit is a traceback).

Every refusal is a :class:`FileProblem` whose text completes a sentence that begins with
the file's name: ``f"the settings file {path} {problem}"``.
"""

from __future__ import annotations

import json
import os
import reprlib
import stat
from pathlib import Path
from typing import Any, BinaryIO

MAX_DEPTH = 20  # no file of ours nests deeper than 5
MAX_DIGITS = 30  # no whole number of ours is longer than 20 digits


class FileProblem(Exception):
    """Why a file cannot be used, as the rest of a sentence that starts with its name."""


class Unreadable(FileProblem):
    """The file cannot be opened or read at all (a folder, a pipe, no permission)."""


class Damaged(FileProblem):
    """The file was read but what it holds cannot be used (too large, not text, not JSON)."""


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a pipe"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "a device"


def open_regular(path: str | Path, limit: int) -> tuple[BinaryIO, int]:
    """The open file and its size; :class:`FileProblem` unless it is a regular file of at most
    ``limit`` bytes.  FileNotFoundError is left to the caller (a missing file often just
    means "not yet")."""
    try:
        mode = os.stat(path).st_mode  # before opening: opening a pipe waits for its writer
        if not stat.S_ISREG(mode):
            raise Unreadable(f"is {_kind(mode)}, not a file")
        # O_NONBLOCK: should a pipe take the file's place between the two looks, open returns at once
        descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except FileNotFoundError:
        raise
    except PermissionError:
        raise Unreadable("cannot be read (permission denied)") from None
    except OSError as error:
        raise Unreadable(f"cannot be read ({error.strerror or error})") from None
    handle = os.fdopen(descriptor, "rb")
    info = os.fstat(handle.fileno())
    if not stat.S_ISREG(info.st_mode):
        handle.close()
        raise Unreadable(f"is {_kind(info.st_mode)}, not a file")
    if info.st_size > limit:
        handle.close()
        raise Damaged(f"is {info.st_size:,} bytes, too large for such a file (at most {limit:,})")
    return handle, info.st_size


def read_bytes(path: str | Path, limit: int) -> bytes:
    """The whole of a small regular file (at most ``limit`` bytes, even if it grows meanwhile)."""
    handle, _size = open_regular(path, limit)
    with handle:
        try:
            data = handle.read(limit + 1)
        except OSError as error:
            raise Unreadable(f"cannot be read ({error.strerror or error})") from None
    if len(data) > limit:
        raise Damaged(f"is too large for such a file (at most {limit:,} bytes)")
    return data


def read_text(path: str | Path, limit: int) -> str:
    """A small UTF-8 text file (a byte-order mark from a Windows editor is harmless)."""
    try:
        return read_bytes(path, limit).decode("utf-8-sig")
    except UnicodeDecodeError:
        raise Damaged("is not UTF-8 text") from None


def read_json(path: str | Path, limit: int) -> Any:
    """A small JSON file, read strictly (see the module's docstring)."""
    text = read_text(path, limit)
    if not text.strip():
        raise Damaged("is empty")
    try:
        value = json.loads(text, parse_int=_whole, parse_float=_real, parse_constant=_constant,
                           object_pairs_hook=_object)
    except json.JSONDecodeError as error:
        raise Damaged(f"is not JSON (line {error.lineno}, column {error.colno}: {error.msg})") from None
    except RecursionError:
        raise Damaged(f"nests deeper than {MAX_DEPTH} levels") from None
    check_depth(value)
    return value


def check_depth(value: Any, limit: int = MAX_DEPTH) -> None:
    """Refuse lists and objects nested deeper than ``limit``, and text that is not text (half
    of a two-part character, which JSON's escapes allow and UTF-8 cannot hold, so the file
    could never be written back); iteratively: no recursion here."""
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            children = [*item.keys(), *item.values()]
        elif isinstance(item, list):
            children = item
        else:
            children = [item]
        for child in children:
            if isinstance(child, str):
                _check_text(child)
            elif isinstance(child, (dict, list)):
                if depth + 1 > limit:
                    raise Damaged(f"nests deeper than {limit} levels")
                stack.append((child, depth + 1))


def _check_text(text: str) -> None:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise Damaged("holds half of a two-part character (a \\ud800 to \\udfff escape on its own), "
                      "which is not text") from None


def _whole(text: str) -> int:
    digits = len(text.lstrip("-"))
    if digits > MAX_DIGITS:
        raise Damaged(f"holds a {digits:,}-digit number, longer than any value it keeps")
    return int(text)


def _real(text: str) -> float:
    value = float(text)
    if value in (float("inf"), float("-inf")):
        raise Damaged(f"holds a number too large to keep ({text if len(text) <= 24 else text[:23] + '…'})")
    return value


def _constant(name: str) -> Any:
    raise Damaged(f"holds {name}, which is not a number JSON allows")


def _object(pairs: list[tuple[str, Any]]) -> dict:
    value: dict = {}
    for key, item in pairs:
        if key in value:  # Python would quietly keep the last; a hand edit meant one of them
            raise Damaged(f"gives {brief(key)} twice")
        value[key] = item
    return value


class _Brief(reprlib.Repr):
    def repr_int(self, value: int, level: int) -> str:
        if value.bit_length() > 100:  # repr() itself refuses past 4,300 digits
            return f"<a number of about {int(value.bit_length() * 0.30103)} digits>"
        return super().repr_int(value, level)


_BRIEF = _Brief()
_BRIEF.maxlevel, _BRIEF.maxstring, _BRIEF.maxother = 2, 40, 40


def brief(value: Any, room: int = 60) -> str:
    """``repr(value)`` for a sentence: at most ``room`` characters whatever the value (a
    50 MB string, a 5,000-digit number, a list nested a thousand deep)."""
    text = _BRIEF.repr(value)
    return text if len(text) <= room else text[:room - 1] + "…"
