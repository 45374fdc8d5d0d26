"""Damaged game logs for the fuzz test: the example logs of docs/examples, broken the ways
files break (lines dropped, doubled, swapped or cut; a truncated file; bad bytes) and the
ways a careless or hostile writer breaks them (wrong types, huge and negative numbers,
deep nesting, NaN, very long strings, and :func:`pathological` texts that make a text
search backtrack).  Each case is a pure function of its seed.

    python -m tests.fuzz_logs esp 17    writes case 17 of ESP to standard output
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any, Callable

from companion.games import registry

EXAMPLES = Path(__file__).resolve().parents[1] / "docs" / "examples"
GAMES = tuple(sorted(registry()))  # every registered game, a new one included
_HOLE = "\u0000hole\u0000"  # a placeholder string, swapped for raw JSON text after dumping


def example_lines(game: str) -> list[list[str]]:
    """The lines of each example log of ``game`` (good and refused ones alike)."""
    return [path.read_text(encoding="utf-8").split("\n") for path in sorted(EXAMPLES.glob(f"{game}-*.jsonl"))]


# -- values a field may be given instead of its own --------------------------------------------
def pathological(size: int) -> dict[str, str]:
    """Raw JSON-ish texts of about ``size`` characters, by name, that make a search over the
    text backtrack: a string that never closes after many brackets (a pattern for strings
    restarts at each of its quotes: the square of the length), runs of backslashes, quotes,
    escapes and brackets.  A reader must take one pass over each."""
    n = size // 2
    return {
        "brackets, then escaped quotes never closed": "[" * 33 + '\\"' * n,
        "escaped quotes never closed": '"' + '\\"' * n,
        "escaped quotes closed, deep": "[" * 33 + '"' + '\\"' * n + '"' + "]" * 33,
        "an odd run of backslashes": '"' + "\\" * (2 * n + 1),
        "an even run of backslashes, closed": '"' + "\\" * (2 * n) + '"',
        "quotes": '"' * (2 * n),
        "quotes and brackets": '"[' * n,
        "brackets": "[" * (2 * n),
        "brackets closed": "[" * n + "]" * n,
        "objects": '{"a": ' * (size // 6),
        "escapes begun": '"' + "\\u" * n,
        "half characters": '"' + "\\ud800" * (size // 6) + '"',
    }


def _odd_value(rng: random.Random) -> tuple[Any, str | None]:
    """(a value, or _HOLE with the raw JSON text to put in its place)."""
    kind = rng.randrange(14)
    if kind == 0:
        return rng.choice([None, True, False, "", [], {}, 0, 0.5, "0", "true", "null"]), None
    if kind == 1:
        return rng.choice([-1, -2, -100, -(10 ** 9), -0.0, -1.5]), None
    if kind == 2:
        return rng.choice([10 ** 9, 2 ** 31, 2 ** 63, 2 ** 64 + 1, 10 ** 30, 1e308, 10 ** 400]), None
    if kind == 3:  # past Python's 4,300-digit limit for str <-> int: only as raw text
        return _HOLE, rng.choice(["-", ""]) + "9" * rng.choice([4_000, 4_301, 20_000])
    if kind == 4:
        return _HOLE, rng.choice(["NaN", "Infinity", "-Infinity", "1e999", "-1e999"])
    if kind == 5:  # nested lists or objects: around the limit, around Python's stack (whose room
        # left depends on the caller's depth), and far beyond it
        depth = rng.choice([30, 31, 32, 33, 40, rng.randrange(900, 1000), rng.randrange(900, 1000), 5_000])
        if rng.random() < 0.5:
            return _HOLE, "[" * depth + "]" * depth
        return _HOLE, '{"a": ' * depth + "1" + "}" * depth
    if kind == 6:
        return "x" * rng.choice([201, 5_000, 200_000]), None
    if kind == 7:
        return rng.choice(["\u2028", "\u0000", "\t\n", "é" * 300, "🂡" * 50, " star ", "STAR"]), None
    if kind == 10:  # escapes JSON allows but UTF-8 cannot carry: a lone surrogate
        return _HOLE, rng.choice(['"\\ud800"', '"Ann\\udfff"', '"\\udc80 star"'])
    if kind == 8:
        return [rng.randrange(-3, 9) for _ in range(rng.choice([1, 3, 50, 20_000]))], None
    if kind == 11:
        return _HOLE, rng.choice(list(pathological(rng.choice([100, 5_000, 50_000])).values()))
    if kind == 9:
        return {"act": "play"}, None
    return rng.choice(["star", "4 cross", "Ann", "circle", "item", "all", "wave", 1, 2, 3, 7, 8]), None


def _paths(value: Any, path: tuple = ()) -> list[tuple]:
    """Every place in a parsed line a value sits (keys of objects, items of lists)."""
    found = [path] if path else []
    if isinstance(value, dict):
        for key, item in value.items():
            found += _paths(item, path + (key,))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += _paths(item, path + (index,))
    return found


def _put(value: Any, path: tuple, new: Any) -> None:
    for step in path[:-1]:
        value = value[step]
    value[path[-1]] = new


def _mutate_value(line: str, rng: random.Random) -> str:
    try:
        value = json.loads(line)
    except ValueError:
        return line
    if not isinstance(value, dict) or not value:
        return line
    paths = _paths(value)
    choice = rng.randrange(10)
    raw = None
    if choice == 0:  # a field dropped
        key = rng.choice(list(value))
        del value[key]
    elif choice == 1:  # a field renamed (a typo) or an extra one
        key = rng.choice(list(value))
        value[rng.choice([key + "s", key.upper(), "x" * 300, ""])] = value.pop(key)
    else:
        new, raw = _odd_value(rng)
        _put(value, rng.choice(paths), new)
    text = json.dumps(value, ensure_ascii=False)
    return text.replace(json.dumps(_HOLE), raw) if raw is not None else text


# -- the mutations of a whole log ----------------------------------------------------------------
def _drop(lines, rng):
    del lines[rng.randrange(len(lines))]


def _duplicate(lines, rng):
    at = rng.randrange(len(lines))
    lines.insert(rng.randrange(len(lines) + 1), lines[at])


def _swap(lines, rng):
    a, b = rng.randrange(len(lines)), rng.randrange(len(lines))
    lines[a], lines[b] = lines[b], lines[a]


def _cut_line(lines, rng):
    at = rng.randrange(len(lines))
    lines[at] = lines[at][: rng.randrange(len(lines[at]) + 1)]


def _cut_file(lines, rng):
    del lines[rng.randrange(len(lines)) + 1:]


def _value(lines, rng):
    at = rng.randrange(len(lines))
    lines[at] = _mutate_value(lines[at], rng)


def _odd_line(lines, rng):
    lines.insert(rng.randrange(len(lines) + 1), rng.choice(
        ["{}", "[]", "null", "7", '"esp"', "{", "}", '{"act": null}', '{"act": "end"}', "\ufeff{}", "\r", "\u2028",
         '{"game": "esp", "players": ["Ann", "Bo"]}', '{"act": "undo"}', "NaN", '{"act": "play", "act": "bid"}']))


MUTATIONS: tuple[Callable, ...] = (_drop, _duplicate, _swap, _cut_line, _cut_file, _value, _value, _value, _odd_line)


def _bad_bytes(data: bytes, rng: random.Random) -> bytes:
    at = rng.randrange(len(data) + 1)
    junk = rng.choice([b"\xff", b"\x00", b"\xc3", b"\xed\xa0\x80", b"\xef\xbb\xbf", b"\r", b"\x1b[2J", b"\xe2\x80"])
    return data[:at] + junk + data[at:]


def case(game: str, seed: int) -> bytes:
    """Damaged log number ``seed`` of ``game``: one to three mutations of one example log,
    sometimes bad bytes too.  Every case is small (at most a few hundred kB)."""
    rng = random.Random(f"{game}/{seed}")
    lines = [line for line in rng.choice(example_lines(game))]
    while lines and not lines[-1]:
        lines.pop()
    for _ in range(rng.choice([1, 1, 2, 3])):
        if lines:
            rng.choice(MUTATIONS)(lines, rng)
    data = "\n".join(lines).encode("utf-8", "surrogatepass") + b"\n"
    if rng.random() < 0.12:
        data = _bad_bytes(data, rng)
    return data


if __name__ == "__main__":
    sys.stdout.buffer.write(case(sys.argv[1], int(sys.argv[2])))
