"""The JSON Lines game log: the setup line, then one action per line.

The same lines are what the journal stores, what ``companion replay`` reads and
what a group exports.  Errors name the line (counted from 1, blank lines
included) and the reason, never a traceback.  A real log is at most a few MB of
short lines; the limits below are far beyond that and keep a damaged or hostile
file (a FIFO, ``/dev/zero``, a 50 MB line, lists nested 5,000 deep) from hanging
the companion, exhausting its memory or overflowing Python's stack.  Files are read, and
lines checked for depth and text, by the same code as the box's own files
(:mod:`firmware_py.files`).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Iterable, Iterator

from companion.engine.game import Game
from companion.engine.match import MAX_DEPTH, Match
from companion.engine.refusal import Refused, quote, shorten
from firmware_py import files

#: bytes a log file may hold: a whole evening's games are well under 1 MB
MAX_LOG_BYTES = 16_000_000
#: characters one line may hold: far more than the longest real line (a setup carrying a card book)
MAX_LINE_CHARS = 1_000_000


@dataclass
class LogError(Exception):
    """A refused line of a log: ``line`` counts from 1."""

    line: int
    reason: str

    def __post_init__(self) -> None:
        self.reason = shorten(self.reason)

    def __str__(self) -> str:
        return f"line {self.line}: {self.reason}" if self.line else self.reason


class _NotJson(ValueError):
    """NaN, Infinity or -Infinity: Python's json reads them, a game log must not hold them."""


def _no_constants(name: str):
    raise _NotJson(f"{name} is not a JSON number")


def _too_long(number: int, text: str, where: str = "this line") -> LogError | None:
    if len(text) <= MAX_LINE_CHARS:
        return None
    return LogError(number, f"{where} is {len(text):,} characters long, more than a game log's line "
                            f"may hold ({MAX_LINE_CHARS:,})")


def parse_line(text: str, number: int = 0) -> dict:
    """The JSON object a line holds, or LogError naming line ``number`` (0: a line typed at the
    terminal, which is judged exactly as a log's).  Parsed by json's own linear decoder, whose
    recursion limit refuses a line thousands deep; the shared check refuses the rest."""
    error = _too_long(number, text)
    if error:
        raise error
    try:
        value = json.loads(text, parse_constant=_no_constants)
        files.check_depth(value, MAX_DEPTH)
    except json.JSONDecodeError as error:
        raise LogError(number, f"this line is not valid JSON ({error.msg}, column {error.colno})") from None
    except _NotJson as error:
        raise LogError(number, f"this line is not valid JSON ({error})") from None
    except (RecursionError, files.TooDeep):
        raise LogError(number, f"this line nests lists and objects more than {MAX_DEPTH} deep, "
                               "deeper than any game log") from None
    except files.NotText as problem:
        raise LogError(number, f"this line {problem}") from None
    except ValueError:  # a number of thousands of digits (beyond str()'s limit)
        raise LogError(number, "this line holds a number with more digits than a game log can hold") from None
    if not isinstance(value, dict):
        raise LogError(number, "each line must be a JSON object such as {\"act\": \"play\", ...}")
    return value


def numbered_objects(lines: Iterable[str]) -> Iterator[tuple[int, dict]]:
    """(line number, JSON object) for every non-blank line; refuses bad JSON."""
    for number, text in enumerate(lines, start=1):
        if text.strip():
            yield number, parse_line(text, number)


def replay_lines(game: Game, lines: Iterable[str]) -> Match:
    """Replay a log through ``game``'s rules; raises LogError at the first bad line."""
    match: Match | None = None
    for number, value in numbered_objects(lines):
        if match is None:
            named = value.get("game")
            if named != game.name:
                want = f'{{"game": "{game.name}", ...}}'
                raise LogError(number, f"the first line must be the setup {want}, not a log of {quote(named)}"
                               if named is not None else f"the first line must be the setup {want}")
            try:
                match = Match.start(game, value)
            except Refused as refused:
                raise LogError(number, refused.reason) from None
            continue
        if game.is_over(match.state):
            raise LogError(number, "the game is already over: nothing more can be played")
        refusal = match.play(value)
        if refusal is not None:
            raise LogError(number, refusal.reason)
    if match is None:
        raise LogError(0, "the log is empty: its first line must be the game's setup")
    return match


def read_text(path: str | Path) -> list[str]:
    """The lines of a log file, or LogError with a sentence if it cannot be read.  Read as the
    box's own files are (:mod:`firmware_py.files`): a regular file only, opened without
    blocking, so a FIFO with no writer is refused instead of waited on and /dev/zero is never
    read; at most MAX_LOG_BYTES of it."""
    try:
        text = files.read_text(path, MAX_LOG_BYTES)
    except FileNotFoundError:
        raise LogError(0, f"there is no file {path}") from None
    except files.NotAFile as problem:
        raise LogError(0, f"{path} is {problem.kind}, not a game log") from None
    except files.TooLarge:
        raise LogError(0, f"{path} is larger than a game log can be "
                          f"({MAX_LOG_BYTES // 1_000_000} MB at most)") from None
    except files.NotUtf8 as problem:
        raise LogError(0, f"{path} is not a text file of JSON lines (line {problem.line} is not UTF-8)") from None
    except files.BadName as problem:
        raise LogError(0, f"{quote(str(path))} {problem}") from None
    except files.FileProblem as problem:  # cannot be read: permission denied, an I/O error
        raise LogError(0, f"{path} {problem}") from None
    # universal newlines, as open() reads text; not splitlines(), which would cut a JSON string at U+2028
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    for number, line in enumerate(lines, start=1):
        error = _too_long(number, line, f"this line of {path}")
        if error:
            raise error
    return lines


def write_log(match_lines: Iterable[dict], handle: IO[str]) -> None:
    for line in match_lines:
        handle.write(json.dumps(line, ensure_ascii=False) + "\n")
