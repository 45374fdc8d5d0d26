"""Reading files safely — the box's own (the settings, the knock calibration, the card book,
the pin map, the LED layout, knock recordings) and the user's game logs — so that nothing a
file holds can stop the companion or hang it; and quoting what a file or a player gave, briefly.
This is the lowest layer: the companion's log reader and its refusals use it, it uses nothing.

A file is looked at before it is read: a folder, a pipe (which would wait for a writer
for ever) or a device (``/dev/zero`` never ends) is refused without reading, and a file
larger than its kind can be is refused by its size.  JSON is read strictly: no NaN or
Infinity (Python accepts them, JSON does not), no number longer than any value needs
(Python refuses more than 4,300 digits with its own words), no key given twice, and no
nesting deeper than :data:`MAX_DEPTH` (the decoder's recursion limit is a traceback).

Every refusal is a :class:`FileProblem` whose text completes a sentence that begins with
the file's name: ``f"the settings file {path} {problem}"``.  Its subclasses say which
problem it is, so a caller with its own words (the game log's "not a game log") can use them.
"""

from __future__ import annotations

import codecs
import json
import os
import stat
from pathlib import Path
from typing import Any, BinaryIO

MAX_DEPTH = 20  # no file of ours nests deeper than 5
MAX_DIGITS = 30  # no whole number of ours is longer than 20 digits
#: characters of a value that a sentence shows at most (the middle is cut out)
QUOTE_LIMIT = 200


class FileProblem(Exception):
    """Why a file cannot be used, as the rest of a sentence that starts with its name."""


class Unreadable(FileProblem):
    """The file cannot be opened or read at all (a folder, a pipe, no permission)."""


class NotAFile(Unreadable):
    """A folder, a pipe, a socket or a device: ``kind`` says which."""

    def __init__(self, kind: str) -> None:
        super().__init__(f"is {kind}, not a file")
        self.kind = kind


class BadName(Unreadable):
    """A name no file can have (it holds a NUL character)."""


class Damaged(FileProblem):
    """The file was read but what it holds cannot be used (too large, not text, not JSON)."""


class TooLarge(Damaged):
    """More bytes than ``limit``."""

    def __init__(self, reason: str, limit: int) -> None:
        super().__init__(reason)
        self.limit = limit


class NotUtf8(Damaged):
    """Bytes that are not UTF-8 text, first on ``line`` (counted from 1)."""

    def __init__(self, line: int) -> None:
        super().__init__("is not UTF-8 text")
        self.line = line


class TooDeep(Damaged):
    """Lists and objects nested deeper than ``limit``."""

    def __init__(self, limit: int) -> None:
        super().__init__(f"nests deeper than {limit} levels")
        self.limit = limit


class NotText(Damaged):
    """Half of a two-part character: JSON's escapes allow it, UTF-8 cannot hold it."""

    def __init__(self) -> None:
        super().__init__("holds half of a two-part character (a \\ud800 to \\udfff escape on its own), "
                         "which is not text")


# -- reading --------------------------------------------------------------------------------------
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
            raise NotAFile(_kind(mode))
        # O_NONBLOCK: should a pipe take the file's place between the two looks, open returns at once
        descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except FileNotFoundError:
        raise
    except PermissionError:
        raise Unreadable("cannot be read (permission denied)") from None
    except OSError as error:
        raise Unreadable(f"cannot be read ({error.strerror or error})") from None
    except ValueError:  # os.stat's "embedded null byte"
        raise BadName("cannot be a file's name (it holds a NUL character)") from None
    handle = os.fdopen(descriptor, "rb")
    info = os.fstat(handle.fileno())
    if not stat.S_ISREG(info.st_mode):
        handle.close()
        raise NotAFile(_kind(info.st_mode))
    if info.st_size > limit:
        handle.close()
        raise TooLarge(f"is {info.st_size:,} bytes, too large for such a file (at most {limit:,})", limit)
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
        raise TooLarge(f"is too large for such a file (at most {limit:,} bytes)", limit)
    return data


def read_text(path: str | Path, limit: int) -> str:
    """A UTF-8 text file (a byte-order mark from a Windows editor is harmless)."""
    data = read_bytes(path, limit)
    if data.startswith(codecs.BOM_UTF8):
        data = data[len(codecs.BOM_UTF8):]
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise NotUtf8(data.count(b"\n", 0, error.start) + 1) from None


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
        raise TooDeep(MAX_DEPTH) from None
    check_depth(value)
    return value


def check_depth(value: Any, limit: int = MAX_DEPTH) -> None:
    """Refuse lists and objects nested deeper than ``limit`` (:class:`TooDeep`; the value itself
    is level 1) and text that is not text (:class:`NotText`: it could never be written back).
    ``value`` is what a parser returns (a tree); it is looked at one level at a time, with no
    recursion, so no depth overflows Python's stack and the work is one step per item."""
    level, depth = [value], 1
    while level:
        below: list = []
        for item in level:
            if isinstance(item, str):
                if not item.isascii():  # nearly every string: no need to look further
                    _check_text(item)
            elif isinstance(item, dict):
                if depth > limit:
                    raise TooDeep(limit)
                below.extend(item.keys())
                below.extend(item.values())
            elif isinstance(item, (list, tuple)):
                if depth > limit:
                    raise TooDeep(limit)
                below.extend(item)
        level, depth = below, depth + 1


def _check_text(text: str) -> None:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise NotText() from None


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
            raise Damaged(f"gives {quote(key)} twice")
        value[key] = item
    return value


# -- quoting --------------------------------------------------------------------------------------
def elide(shown: str, limit: int = QUOTE_LIMIT, length: int | None = None) -> str:
    """``shown`` with its middle cut out when longer than ``limit``, its length said:
    ``'abcd…wxyz' (5,000,000 characters)``.  The ends stay, so a quoted value keeps its
    quotes; ``length`` is the count to say (the value's own, without quotes)."""
    if len(shown) <= limit:
        return shown
    head = limit * 2 // 3
    tail = limit - head
    return f"{shown[:head]}…{shown[-tail:]} ({len(shown) if length is None else length:,} characters)"


def quote(value: Any) -> str:
    """``repr(value)`` for a sentence, at most about ``QUOTE_LIMIT`` characters of it whatever
    the value: a 50 MB string keeps its ends and says its length, a whole number of more
    than about 30 digits says how many, and a list nested too deep to show says so."""
    if isinstance(value, int) and value.bit_length() > 100:  # repr() itself refuses past 4,300 digits
        return f"<a number of about {int(value.bit_length() * 0.30103)} digits>"
    try:
        shown = repr(value)
    except (RecursionError, ValueError):  # nested too deep; a whole number beyond str()'s digits
        return "a value too large to show"
    return elide(shown, length=len(value) if isinstance(value, str) else None)


"""The name the box's modules know :func:`quote` by."""
