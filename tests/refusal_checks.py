"""What every game's bad-input tests share: writing a log, replaying it through the CLI,
and checking that a refusal is one sentence on one line naming the line — never code."""

from __future__ import annotations

import json
from pathlib import Path

from companion.cli import main
from companion.engine import Refusal, apply

EXAMPLES = Path(__file__).resolve().parents[1] / "docs" / "examples"

WORDS_OF_CODE = ("Traceback", "Error", "Exception", "object has no attribute", "NoneType", "KeyError")


def load_example(name: str) -> list[dict]:
    """The JSON objects of ``docs/examples/NAME``, line by line (blank lines skipped)."""
    text = (EXAMPLES / name).read_text(encoding="utf-8")
    return [json.loads(line) for line in text.splitlines() if line.strip()]


def _text(line) -> str:
    return line if isinstance(line, str) else json.dumps(line)


def write_log(path: Path, lines) -> Path:
    path.write_text("".join(_text(line) + "\n" for line in lines), encoding="utf-8")
    return path


def replay_cli(capsys, game: str, path: Path) -> tuple[int, str, str]:
    code = main(["replay", game, str(path)])
    out, err = capsys.readouterr()
    return code, out, err


def assert_one_line_refusal(code: int, out: str, err: str, words, line: int | None) -> str:
    """Exit 2, nothing on stdout, one stderr line ``companion: line N: …`` (or, with
    ``line`` None, a refusal of the whole file) holding ``words`` and no code."""
    assert code == 2, (code, err)
    assert out == ""
    assert "Traceback" not in err
    lines = err.splitlines()
    assert len(lines) == 1 and err.endswith("\n"), err
    message = lines[0]
    if line is None:
        assert message.startswith("companion: ") and not message.startswith("companion: line "), message
    else:
        assert message.startswith(f"companion: line {line}: "), message
    for word in words:
        assert word in message, (word, message)
    for word in WORDS_OF_CODE:
        assert word not in message
    return message


def play_all(game, state, *actions):
    """The state after ``actions``, each of which the rules must accept (else the test fails
    naming the action and the reason)."""
    for action in actions:
        result = apply(game, state, action)
        assert not isinstance(result, Refusal), (action, result.reason)
        state = result
    return state


def refusal_of(game, state, action) -> str:
    """The sentence refusing ``action`` (the test fails if it is accepted)."""
    result = apply(game, state, action)
    assert isinstance(result, Refusal), f"accepted: {action}"
    return result.reason
