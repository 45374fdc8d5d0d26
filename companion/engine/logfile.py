"""The JSON Lines game log: the setup line, then one action per line.

The same lines are what the journal stores, what ``companion replay`` reads and
what a group exports.  Errors name the line (counted from 1, blank lines
included) and the reason, never a traceback.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Iterable, Iterator

from companion.engine.game import Game
from companion.engine.match import Match
from companion.engine.refusal import Refused


@dataclass
class LogError(Exception):
    """A refused line of a log: ``line`` counts from 1."""

    line: int
    reason: str

    def __str__(self) -> str:
        return f"line {self.line}: {self.reason}" if self.line else self.reason


def _no_constants(name: str):
    raise ValueError(f"{name} is not a JSON number")


def numbered_objects(lines: Iterable[str]) -> Iterator[tuple[int, dict]]:
    """(line number, JSON object) for every non-blank line; refuses bad JSON."""
    for number, text in enumerate(lines, start=1):
        if not text.strip():
            continue
        try:
            value = json.loads(text, parse_constant=_no_constants)
        except json.JSONDecodeError as error:
            raise LogError(number, f"this line is not valid JSON ({error.msg}, column {error.colno})") from None
        except (ValueError, RecursionError):  # numbers too long, nesting too deep
            raise LogError(number, "this line is not valid JSON that a game log can hold") from None
        if not isinstance(value, dict):
            raise LogError(number, "each line must be a JSON object such as {\"act\": \"play\", ...}")
        yield number, value


def replay_lines(game: Game, lines: Iterable[str]) -> Match:
    """Replay a log through ``game``'s rules; raises LogError at the first bad line."""
    match: Match | None = None
    for number, value in numbered_objects(lines):
        if match is None:
            named = value.get("game")
            if named != game.name:
                want = f'{{"game": "{game.name}", ...}}'
                raise LogError(number, f"the first line must be the setup {want}, not a log of {named!r}"
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
    """The lines of a log file, or LogError with a sentence if it cannot be read."""
    try:
        with open(path, encoding="utf-8-sig") as handle:  # a BOM from a Windows editor is harmless
            # JSON strings may hold U+2028 and friends, which splitlines() would cut at
            return handle.read().split("\n")
    except FileNotFoundError:
        raise LogError(0, f"there is no file {path}") from None
    except IsADirectoryError:
        raise LogError(0, f"{path} is a folder, not a game log") from None
    except PermissionError:
        raise LogError(0, f"{path} cannot be read (permission denied)") from None
    except UnicodeDecodeError:
        raise LogError(0, f"{path} is not a text file of JSON lines (it is not UTF-8)") from None
    except OSError as error:
        raise LogError(0, f"{path} cannot be read ({error.strerror})") from None


def write_log(match_lines: Iterable[dict], handle: IO[str]) -> None:
    for line in match_lines:
        handle.write(json.dumps(line, ensure_ascii=False) + "\n")
