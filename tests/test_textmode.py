"""The terminal companion: entries become journaled actions, refusals change nothing,
and a restarted companion offers the unfinished game first."""

import io
import json

from companion.engine.journal import Journal
from companion.games import registry
from companion.textmode import TextCompanion


def run(path, lines):
    answers = iter(lines)
    out = io.StringIO()

    def read(prompt):
        out.write(prompt)
        return next(answers)  # StopIteration ends the script like EOF

    companion = TextCompanion(Journal(path, registry()), read=lambda p: _eof_safe(read, p), out=out)
    companion.run()
    return out.getvalue()


def _eof_safe(read, prompt):
    try:
        return read(prompt)
    except StopIteration:
        raise EOFError from None


def journaled(path):
    journal = Journal(path, registry())
    record = journal.records()[0]
    return journal.resume(record.id).log_lines()


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
    assert "refused: that is not valid JSON" in out
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
