"""companion.engine.logfile: the JSON Lines game log and its reader.

A log is the setup line then one action per line (``shared/spec/esp-log.md``).
Every refusal names its line, counted from 1 with blank lines included, and
says what is wrong in words; ``companion replay`` prints it and exits 2.
"""

from __future__ import annotations

import io
import json
import os
import random

import pytest

from companion import cli
from companion.engine import Match
from companion.engine.logfile import (MAX_LINE_CHARS, MAX_LOG_BYTES, LogError, numbered_objects, read_text,
                                      replay_lines, write_log)
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
    assert str(caught.value) == f"{binary} is not a text file of JSON lines (line 1 is not UTF-8)"


def test_a_name_no_file_can_have_is_a_sentence():
    with pytest.raises(LogError) as caught:
        read_text("game\0.jsonl")
    assert str(caught.value) == "'game\\x00.jsonl' cannot be a file's name (it holds a NUL character)"


def test_bad_bytes_name_the_line_they_are_on(tmp_path):
    path = tmp_path / "game.jsonl"
    path.write_bytes(b"\xef\xbb\xbf" + "\n".join([SETUP, PREDICTIONS[0]]).encode() + b'\n{"act": "\xff"}\n')
    with pytest.raises(LogError) as caught:
        read_text(path)
    assert str(caught.value) == f"{path} is not a text file of JSON lines (line 3 is not UTF-8)"


# -- what no game log is: deep nesting, huge lines and files, pipes and devices -----------------
def nested(depth: int) -> str:
    """A play line whose card is lists ``depth`` deep: the line itself is one deeper."""
    return '{"act": "play", "seat": 0, "card": ' + "[" * depth + "]" * depth + "}"


@pytest.mark.parametrize("depth", [32, 989, 990, 5_000, 200_000])
def test_a_line_nested_deeper_than_32_is_refused_before_anything_recurses(depth):
    error = log_error([SETUP, nested(depth)])
    assert str(error) == "line 2: this line nests lists and objects more than 32 deep, deeper than any game log"


def test_no_depth_is_a_traceback_wherever_python_s_stack_runs_out():
    """json.loads, json.dumps and the rules each have a little less of Python's stack than
    the one before: a sweep of every depth up to beyond the limit finds the one that falls
    between them, whatever depth this test itself runs at."""
    for depth in range(1, 1_100):
        try:
            replay_lines(ESP, [SETUP, *PREDICTIONS, nested(depth)])
        except LogError as error:
            assert depth <= 31 or "more than 32 deep" in error.reason, (depth, error.reason)
        setup = '{"game": "esp", "players": ["Ann", "Bo", "Cy"], "x": ' + "[" * depth + "]" * depth + "}"
        with pytest.raises(LogError):
            replay_lines(ESP, [setup])


def test_a_setup_nested_too_deep_is_refused_on_line_1():
    error = log_error(['{"game": "esp", "players": ["Ann", "Bo", "Cy"], "x": ' + "{\"a\": " * 990 + "1" + "}" * 990 + "}"])
    assert str(error) == "line 1: this line nests lists and objects more than 32 deep, deeper than any game log"


def test_nesting_up_to_32_is_read_and_brackets_inside_text_do_not_count():
    deepest = json.loads(nested(31))
    assert list(numbered_objects([nested(31)])) == [(1, deepest)]
    brackets = '{"act": "play", "seat": 0, "card": "' + "[{" * 5_000 + '\\"]"}'
    assert list(numbered_objects([brackets])) == [(1, json.loads(brackets))]


@pytest.mark.parametrize("raw, column", [("[" * 33 + '\\"' * 16_000, 34), ('"' + '\\"' * 400_000, 1)],
                         ids=["brackets then a string never closed", "a string of escaped quotes never closed"])
def test_a_string_that_never_closes_is_refused_in_one_pass(raw, column):
    """Review of issue #11: the depth scan's pattern for strings started again at each quote
    of a string that never closed, so the first of these took 3.3 s and one of 900 kB about
    45 minutes.  json's own decoder reads the line once and says where it stops."""
    reason = str(log_error([SETUP, raw]))
    assert reason.startswith("line 2: this line is not valid JSON (") and reason.endswith(f", column {column})")


def test_the_cli_refuses_a_1000_deep_line_with_one_sentence(tmp_path, capsys):
    path = tmp_path / "deep.jsonl"
    path.write_text(SETUP + "\n" + nested(990) + "\n", encoding="utf-8")
    assert cli.main(["replay", "esp", str(path)]) == 2
    assert capsys.readouterr() == ("", "companion: line 2: this line nests lists and objects more than 32 deep, "
                                       "deeper than any game log\n")


def test_nan_and_very_long_numbers_are_refused_with_their_line():
    assert str(log_error([SETUP, '{"act": "predict", "seat": 0, "claim": "star", "t": NaN}'])) == \
        "line 2: this line is not valid JSON (NaN is not a JSON number)"
    assert str(log_error([SETUP, '{"act": "predict", "seat": 0, "claim": "star", "t": -Infinity}'])) == \
        "line 2: this line is not valid JSON (-Infinity is not a JSON number)"
    assert str(log_error([SETUP, '{"act": "predict", "seat": 0, "claim": "star", "t": ' + "9" * 5_000 + "}"])) == \
        "line 2: this line holds a number with more digits than a game log can hold"


def test_half_a_character_is_refused_on_its_line_and_a_whole_one_is_read():
    """JSON may escape a UTF-16 half (\\ud800 to \\udfff); alone it is not text, and the
    journal, a file or random.Random's seed cannot encode it.  A pair is one character."""
    alone = '{"act": "predict", "seat": 0, "claim": "st\\udfffar"}'
    assert str(log_error([SETUP, alone])) == ("line 2: this line holds half of a two-part character "
                                              "(a \\ud800 to \\udfff escape on its own), which is not text")
    pair = '{"game": "esp", "players": ["Ann \\ud83c\\udca1", "Bo", "Cy"]}'
    assert replay_lines(ESP, [pair]).setup["players"][0] == "Ann 🂡"


def test_a_line_longer_than_the_limit_is_refused_naming_the_file_and_line(tmp_path):
    path = tmp_path / "long.jsonl"
    long = '{"act": "predict", "seat": 0, "claim": "' + "x" * MAX_LINE_CHARS + '"}'
    path.write_text("\n".join([SETUP, PREDICTIONS[0], long]), encoding="utf-8")
    with pytest.raises(LogError) as caught:
        read_text(path)
    assert str(caught.value) == (f"line 3: this line of {path} is {len(long):,} characters long, "
                                 "more than a game log's line may hold (1,000,000)")
    assert str(log_error([SETUP, long])) == (f"line 2: this line is {len(long):,} characters long, "
                                             "more than a game log's line may hold (1,000,000)")


def test_a_line_at_the_limit_is_read():
    line = '{"act": "predict", "seat": 0, "claim": "' + "x" * (MAX_LINE_CHARS - 42) + '"}'
    assert len(line) == MAX_LINE_CHARS
    assert list(numbered_objects([line]))[0][0] == 1


def test_a_file_larger_than_the_limit_is_refused_without_reading_it_all(tmp_path):
    path = tmp_path / "huge.jsonl"
    with open(path, "wb") as handle:  # sparse: no disk is used
        handle.truncate(MAX_LOG_BYTES + 1)
    with pytest.raises(LogError) as caught:
        read_text(path)
    assert str(caught.value) == f"{path} is larger than a game log can be (16 MB at most)"


def test_a_pipe_is_refused_at_once_not_waited_on(tmp_path):
    fifo = tmp_path / "pipe.jsonl"
    os.mkfifo(fifo)  # nobody writes to it: reading it would wait for ever
    with pytest.raises(LogError) as caught:
        read_text(fifo)
    assert str(caught.value) == f"{fifo} is a pipe, not a game log"


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/null", "/dev/urandom"])
def test_a_device_is_refused_not_read_for_ever(device, capsys):
    if not os.path.exists(device):
        pytest.skip(f"no {device} here")
    assert cli.main(["replay", "esp", device]) == 2
    assert capsys.readouterr() == ("", f"companion: {device} is a device, not a game log\n")


# -- a refusal quotes at most ~200 characters of what it was given ------------------------------
def test_a_huge_value_is_quoted_shortened_with_its_length():
    error = log_error([SETUP, '{"act": "' + "x" * 900_000 + '"}'])
    assert str(error) == ("line 2: unknown act '" + "x" * 132 + "…" + "x" * 66 + "' (900,000 characters) "
                          "(expected one of: predict, vision, deal, play, bid)")


def test_a_game_that_echoes_a_value_raw_is_shortened_too():
    error = log_error([SETUP, *PREDICTIONS, '{"act": "vision", "card": "' + "4 " * 50_000 + '"}'])
    assert str(error) == ("line 5: a card is written \"RANK SUIT\", e.g. \"4 cross\", not '" + "4 " * 66 + "…"
                          + "4 " * 33 + "' (100,000 characters)")


def test_a_setup_of_a_game_with_a_huge_name_is_refused_briefly():
    error = log_error(['{"game": "' + "e" * 5_000 + '"}'])
    assert str(error) == ("line 1: the first line must be the setup {\"game\": \"esp\", ...}, not a log of '"
                          + "e" * 132 + "…" + "e" * 66 + "' (5,000 characters)")


def test_a_log_error_of_any_length_is_at_most_about_500_characters():
    assert len(str(LogError(3, "Bo " * 100_000))) < 560


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
