"""The terminal companion: entries become journaled actions, refusals change nothing,
and a restarted companion offers the unfinished game first."""

import io
import json

import pytest

from companion import cli
from companion.engine.journal import Journal
from companion.engine.logfile import LogError, parse_line
from companion.games import registry
from companion.textmode import TextCompanion


def run(path, lines):
    answers = iter(lines)
    out = io.StringIO()

    def read(prompt):
        out.write(prompt)
        return next(answers)  # StopIteration ends the script like EOF

    journal = Journal(path, registry())
    try:
        TextCompanion(journal, read=lambda p: _eof_safe(read, p), out=out).run()
    finally:
        journal.close()  # as the companion's process ends: the next run may write
    return out.getvalue()


def _eof_safe(read, prompt):
    try:
        return read(prompt)
    except StopIteration:
        raise EOFError from None


def journaled(path):
    journal = Journal(path, registry())
    try:
        return journal.resume(journal.records()[0].id).log_lines()
    finally:
        journal.close()


def test_a_table_game_is_entered_refused_undone_and_resumed(tmp_path):
    path = tmp_path / "journal.sqlite3"
    out = run(path, ["esp", "Ann, Bo, Cy", "n", "cross", "4", "star", "4 cross",
                     "2 star", "Cy 1 cross", "5 star", "undo", "3 star", "quit"])
    assert "refused: it is Bo's turn to play, not Cy's" in out
    lines = journaled(path)
    assert lines[0] == {"game": "esp", "players": ["Ann", "Bo", "Cy"]}
    assert lines[1:] == [
        {"act": "predict", "seat": 0, "claim": "cross"},
        {"act": "predict", "seat": 1, "claim": 4},
        {"act": "predict", "seat": 2, "claim": "star"},
        {"act": "vision", "card": "4 cross"},
        {"act": "play", "seat": 0, "card": "2 star"},
        {"act": "play", "seat": 1, "card": "3 star"},
    ]
    # a restart offers the unfinished game first and carries on from it
    out = run(path, ["y", "1 cross", "quit"])
    assert "Resume the unfinished esp game of Ann, Bo, Cy (6 actions)?" in out
    assert "cross is Supernatural: the highest cross, 1 cross, wins" in out
    assert journaled(path)[-1] == {"act": "play", "seat": 2, "card": "1 cross"}


def test_a_simulated_game_deals_itself_and_undo_skips_the_deals(tmp_path):
    path = tmp_path / "journal.sqlite3"
    out = run(path, ["esp", "Ann, Bo", "y", "star", "cross", "quit"])
    lines = journaled(path)
    assert "seed" in lines[0]
    acts = [line["act"] for line in lines[1:]]
    assert acts == ["predict", "predict", "vision", "deal", "deal"]
    assert "Ann holds" in out
    run(path, ["y", "undo", "quit"])
    assert [line["act"] for line in journaled(path)[1:]] == ["predict"]


def test_bad_json_and_unknown_cards_are_sentences(tmp_path):
    path = tmp_path / "journal.sqlite3"
    out = run(path, ["esp", "Ann, Bo", "n", "{not json", "purple", "quit"])
    assert "refused: this line is not valid JSON (Expecting property name enclosed in double quotes, column 2)" in out
    assert "refused: there is no suit 'purple'" in out
    assert "Traceback" not in out
    assert journaled(path)[1:] == []


def test_export_writes_the_log(tmp_path):
    path = tmp_path / "journal.sqlite3"
    target = tmp_path / "game.jsonl"
    run(path, ["esp", "Ann, Bo", "n", "star", "2", f"export {target}", "quit"])
    lines = [json.loads(t) for t in target.read_text().splitlines()]
    assert lines == [{"game": "esp", "players": ["Ann", "Bo"]},
                     {"act": "predict", "seat": 0, "claim": "star"},
                     {"act": "predict", "seat": 1, "claim": 2}]


def test_companion_text_runs_without_loading_pygame(tmp_path):
    """`companion --text` is the terminal companion: it must work where no screen library is."""
    import subprocess
    import sys

    script = ("import sys; from companion.cli import main; code = main(['--text', '--journal', sys.argv[1]]); "
              "print('pygame' in sys.modules, code)")
    done = subprocess.run([sys.executable, "-c", script, str(tmp_path / "j.sqlite3")], input="", text=True,
                          capture_output=True, timeout=60)
    assert done.stdout.strip().splitlines()[-1] == "False 0", done.stdout + done.stderr


def test_the_readme_suit_letters_enter_predictions_the_vision_and_plays(tmp_path):
    path = tmp_path / "journal.sqlite3"
    run(path, ["esp", "Ann, Bo, Cy", "n", "t", "4", "c", "4x", "2 T", "Bo s 3", "quit"])
    assert journaled(path)[1:] == [
        {"act": "predict", "seat": 0, "claim": "star"},
        {"act": "predict", "seat": 1, "claim": 4},
        {"act": "predict", "seat": 2, "claim": "circle"},
        {"act": "vision", "card": "4 cross"},
        {"act": "play", "seat": 0, "card": "2 star"},
        {"act": "play", "seat": 1, "card": "3 square"},
    ]


def test_a_letter_that_is_no_suit_is_refused_in_a_sentence(tmp_path):
    path = tmp_path / "journal.sqlite3"
    out = run(path, ["esp", "Ann, Bo", "n", "star", "2", "4q", "quit"])
    assert "refused: there is no suit 'q' (the suits are circle, cross, squiggle, square, star)" in out
    assert len(journaled(path)) == 3


def test_undo_and_redo_say_what_they_did_in_words(tmp_path):
    path = tmp_path / "journal.sqlite3"
    out = run(path, ["esp", "Ann, Bo", "n", "star", "2", "4x", "2t", "undo", "redo", "undo", "undo", "quit"])
    assert "undone: Ann's card, 2 star" in out
    assert "redone: Ann's card, 2 star" in out
    assert "undone: the Vision Card, 4 cross" in out
    assert "{" not in out.split("Always:")[-1]  # no JSON once the help is printed


def test_the_aspects_are_told_only_once_the_vision_card_is_up(tmp_path):
    path = tmp_path / "journal.sqlite3"
    out = run(path, ["esp", "Ann, Bo", "n", "star", "2", "4x", "quit"])
    assert "None" not in out
    assert "Round 1 — First Seer Ann — vision ?\n" in out
    assert "Round 1 — First Seer Ann — vision 4 cross — no Supernatural Aspect" in out


def test_a_yes_no_question_takes_only_yes_or_no(tmp_path):
    path = tmp_path / "journal.sqlite3"
    out = run(path, ["esp", "Ann, Bo", "maybe", "", "N", "star", "quit"])
    assert "Please answer yes or no (y or n), not 'maybe'." in out
    assert "Please answer yes or no (y or n)." in out
    assert "seed" not in journaled(path)[0]
    # a stray answer to "Resume?" neither resumes nor abandons: it asks again
    out = run(path, ["Ann", "yes", "quit"])
    assert out.count("Resume the unfinished esp game of Ann, Bo (1 actions)? [y/n]") == 2
    assert "Please answer yes or no (y or n), not 'Ann'." in out
    assert len(journaled(path)) == 2  # still there, and resumable


PASTED = {
    "nested 100,000 deep": '{"act": "play", "seat": 0, "card": ' + "[" * 100_000 + "]" * 100_000 + "}",
    "a 5,000-digit number": '{"act": "predict", "seat": 0, "claim": ' + "9" * 5_000 + "}",
    "NaN": '{"act": "predict", "seat": 0, "claim": NaN}',
    "half a character": '{"act": "predict", "seat": 0, "claim": "st\\udfffar"}',
    "a line too long": '{"act": "predict", "seat": 0, "claim": "' + "x" * 1_000_000 + '"}',
    "no object": '{"act"}',
}


@pytest.mark.parametrize("line", PASTED.values(), ids=PASTED.keys())
def test_a_pasted_json_line_is_refused_as_the_same_line_in_a_log_would_be(tmp_path, line):
    """The terminal reads a typed JSON line with the log's own reader: before, its own
    json.loads let a line nested 100,000 deep (RecursionError) or a 5,000-digit number
    (ValueError) end the companion with a traceback."""
    with pytest.raises(LogError) as caught:
        parse_line(line)
    path = tmp_path / "journal.sqlite3"
    out = run(path, ["esp", "Ann, Bo", "n", line, "star", "quit"])
    assert f"refused: {caught.value.reason}\n" in out and "Traceback" not in out
    assert journaled(path)[1:] == [{"act": "predict", "seat": 0, "claim": "star"}]  # and play goes on


def test_a_journal_in_use_is_one_line_on_stderr_and_status_2(tmp_path, capsys):
    path = tmp_path / "journal.sqlite3"
    first = Journal(path, registry())  # another companion holds it
    try:
        assert cli.main(["--text", "--journal", str(path)]) == cli.EXIT_REFUSED
    finally:
        first.close()
    out, err = capsys.readouterr()
    assert out == ""
    assert err.startswith("companion: the companion is already running on this journal (process ")
    assert err.endswith("\n") and err.count("\n") == 1
