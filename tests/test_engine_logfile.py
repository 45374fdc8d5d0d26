"""companion.engine.logfile: the JSON Lines game log and its reader.

A log is the setup line then one action per line (``shared/spec/esp-log.md``).
Every refusal names its line, counted from 1 with blank lines included, and
says what is wrong in words; ``companion replay`` prints it and exits 2.
"""

from __future__ import annotations

import io
import json
import random

import pytest

from companion import cli
from companion.engine import Match
from companion.engine.logfile import LogError, numbered_objects, read_text, replay_lines, write_log
from companion.games.esp import ESP

SETUP = '{"game": "esp", "players": ["Ann", "Bo", "Cy"]}'
PREDICTIONS = [
    '{"act": "predict", "seat": 0, "claim": "circle"}',
    '{"act": "predict", "seat": 1, "claim": "cross"}',
    '{"act": "predict", "seat": 2, "claim": 1}',
]


def full_game(seed: int = 7, players=("Ann", "Bo", "Cy")) -> Match:
    """A whole game of ESP in full information: the companion deals, the seats
    play random legal cards."""
    match = Match.start(ESP, {"game": "esp", "players": list(players), "seed": seed})
    pick = random.Random(seed)
    while not ESP.is_over(match.state):
        action = ESP.chance(match.state) or pick.choice(ESP.legal(match.state))
        assert match.play(action) is None, action
    return match


def as_lines(match: Match) -> list[str]:
    out = io.StringIO()
    write_log(match.log_lines(), out)
    return out.getvalue().splitlines()


def log_error(lines) -> LogError:
    with pytest.raises(LogError) as caught:
        replay_lines(ESP, lines)
    return caught.value


# -- reading lines ------------------------------------------------------------------------------
def test_blank_lines_are_skipped_but_counted():
    lines = ["", '{"a": 1}', "   ", "\t", '{"b": 2}']
    assert list(numbered_objects(lines)) == [(2, {"a": 1}), (5, {"b": 2})]


def test_a_log_with_blank_lines_replays_like_one_without():
    plain = replay_lines(ESP, [SETUP, *PREDICTIONS])
    spaced = replay_lines(ESP, ["", SETUP, "", PREDICTIONS[0], "  ", *PREDICTIONS[1:], "", ""])
    assert ESP.summary(spaced.state) == ESP.summary(plain.state)
    assert spaced.actions == plain.actions


def test_bad_json_names_its_line_counting_blank_lines():
    error = log_error([SETUP, "", PREDICTIONS[0], '{"act": "predict", "seat": 1, "claim": cross}'])
    assert error.line == 4
    assert str(error).startswith("line 4: this line is not valid JSON (")
    assert "column" in str(error)


def test_a_line_that_is_not_an_object_is_refused_with_its_number():
    error = log_error([SETUP, PREDICTIONS[0], '["predict", 1, "cross"]'])
    assert error.line == 3
    assert str(error) == 'line 3: each line must be a JSON object such as {"act": "play", ...}'


def test_a_first_line_that_is_not_an_object_is_refused():
    error = log_error(['"esp"', SETUP])
    assert str(error).startswith("line 1: each line must be a JSON object")


@pytest.mark.parametrize("lines", [[], [""], ["", "   ", "\t"]])
def test_an_empty_log_is_refused_without_a_line_number(lines):
    error = log_error(lines)
    assert error.line == 0
    assert str(error) == "the log is empty: its first line must be the game's setup"


# -- the setup line -----------------------------------------------------------------------------
def test_a_log_of_another_game_is_refused_on_its_first_line():
    error = log_error(["", '{"game": "mysterium", "players": ["Ann", "Bo", "Cy", "Di"]}', *PREDICTIONS])
    assert error.line == 2
    assert str(error) == 'line 2: the first line must be the setup {"game": "esp", ...}, not a log of \'mysterium\''


def test_a_log_that_starts_with_an_action_is_refused():
    error = log_error(PREDICTIONS)
    assert str(error) == 'line 1: the first line must be the setup {"game": "esp", ...}'


def test_a_refused_setup_names_line_1_and_the_reason():
    error = log_error(['{"game": "esp", "players": ["Ann"]}'])
    assert str(error) == "line 1: ESP is for 2 to 4 players, not 1"


def test_a_setup_alone_is_a_game_not_yet_begun():
    match = replay_lines(ESP, [SETUP])
    assert match.actions == []
    assert ESP.expected(match.state) == {"act": "predict", "seat": 0}


# -- refused actions ----------------------------------------------------------------------------
def test_a_refused_action_names_its_line_and_the_rule():
    error = log_error([SETUP, PREDICTIONS[0], "", '{"act": "predict", "seat": 2, "claim": "star"}'])
    assert error.line == 4
    assert str(error) == "line 4: it is Bo's turn to predict, not Cy's"


def test_a_repeated_claim_is_refused_on_its_line():
    error = log_error([SETUP, PREDICTIONS[0], '{"act": "predict", "seat": 1, "claim": "circle"}'])
    assert str(error) == "line 3: circle has already been predicted this round: Bo must name a different suit or rank"


def test_lines_after_game_over_are_refused():
    lines = as_lines(full_game())
    assert ESP.is_over(replay_lines(ESP, lines).state)
    error = log_error([*lines, "", '{"act": "predict", "seat": 0, "claim": "star"}'])
    assert error.line == len(lines) + 2
    assert str(error) == f"line {len(lines) + 2}: the game is already over: nothing more can be played"


def test_blank_lines_after_game_over_are_fine():
    lines = as_lines(full_game())
    assert ESP.is_over(replay_lines(ESP, [*lines, "", "  "]).state)


# -- writing and reading back -------------------------------------------------------------------
def test_a_written_log_replays_to_the_same_game():
    match = full_game(seed=11, players=("Zoë", "Åsa", "Bo", "Cy"))
    lines = as_lines(match)
    assert len(lines) == 1 + len(match.actions)
    assert all(json.loads(line) for line in lines)
    assert "Zoë" in lines[0]  # names are written as they are, not \u-escaped
    again = replay_lines(ESP, lines)
    assert again.actions == match.actions
    assert ESP.summary(again.state) == ESP.summary(match.state)


def test_read_text_handles_crlf_files(tmp_path):
    path = tmp_path / "game.jsonl"
    path.write_bytes(("\r\n".join([SETUP, "", *PREDICTIONS]) + "\r\n").encode())
    lines = read_text(path)
    assert lines[1] == ""
    assert len(replay_lines(ESP, lines).actions) == 3


def test_read_text_says_why_a_file_cannot_be_read(tmp_path):
    with pytest.raises(LogError) as caught:
        read_text(tmp_path / "missing.jsonl")
    assert str(caught.value) == f"there is no file {tmp_path / 'missing.jsonl'}"
    with pytest.raises(LogError) as caught:
        read_text(tmp_path)
    assert str(caught.value) == f"{tmp_path} is a folder, not a game log"
    binary = tmp_path / "photo.jpg"
    binary.write_bytes(b"\xff\xd8\xff\xe0 not text")
    with pytest.raises(LogError) as caught:
        read_text(binary)
    assert str(caught.value).endswith("is not a text file of JSON lines (it is not UTF-8)")


# -- companion replay ---------------------------------------------------------------------------
def test_replay_prints_the_summary(tmp_path, capsys):
    path = tmp_path / "game.jsonl"
    path.write_text("\n".join([SETUP, *PREDICTIONS]) + "\n", encoding="utf-8")
    assert cli.main(["replay", "esp", str(path)]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    assert json.loads(out)["next"] == {"act": "vision"}


def test_replay_prints_the_refused_line_and_exits_2(tmp_path, capsys):
    path = tmp_path / "game.jsonl"
    path.write_text("\n".join([SETUP, PREDICTIONS[0], "", PREDICTIONS[0]]) + "\n", encoding="utf-8")
    assert cli.main(["replay", "esp", str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err == "companion: line 4: it is Bo's turn to predict, not Ann's\n"
    assert "Traceback" not in err
