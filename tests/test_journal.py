"""The journal: SQLite in WAL mode with synchronous=FULL, each action committed before
``play`` returns; undo/redo that survive a restart; quarantine of stored actions that
no longer replay; recovery from a file that is not a database; export and import of a
game as a JSON Lines log; where the journal lives by default."""

from __future__ import annotations

import json
import random
import sqlite3
from pathlib import Path

import pytest

from companion import cli
from companion.engine import journal as journal_module
from companion.engine.journal import Journal, JournalError, default_path
from companion.engine.match import replay
from companion.engine.refusal import Refusal
from companion.games import registry
from companion.games.esp import ESP

SETUP = {"game": "esp", "players": ["Ann", "Bo", "Cy"], "seed": 7}


# -- helpers ----------------------------------------------------------------------------
def next_action(state, rng: random.Random) -> dict:
    """Full information: the companion's chance action, else a random legal one."""
    chance = ESP.chance(state)
    return chance if chance is not None else rng.choice(ESP.legal(state))


def play_random(stored, count: int | None = None, seed: int = 1) -> list[dict]:
    """Play ``count`` actions (default: to the end) through ``stored.play``."""
    rng = random.Random(seed)
    played = []
    while not ESP.is_over(stored.state) and (count is None or len(played) < count):
        action = next_action(stored.state, rng)
        assert stored.play(action) is None
        played.append(action)
    return played


def open_journal(path: Path) -> Journal:
    return Journal(path, registry())


def rows(path: Path, sql: str, *params) -> list[tuple]:
    """Read the file through a second, independent connection."""
    other = sqlite3.connect(path)
    try:
        return other.execute(sql, params).fetchall()
    finally:
        other.close()


def stored_actions(path: Path, game_id: int) -> list[dict]:
    return [json.loads(b) for (b,) in rows(path, "SELECT body FROM actions WHERE game_id = ? ORDER BY seq", game_id)]


def stored_redo(path: Path, game_id: int) -> list[dict]:
    return [json.loads(b) for (b,) in rows(path, "SELECT body FROM redo WHERE game_id = ? ORDER BY depth", game_id)]


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return tmp_path / "journal.sqlite3"


@pytest.fixture
def journal(path: Path):
    opened = open_journal(path)
    yield opened
    opened.close()


# -- durability settings ----------------------------------------------------------------
def test_wal_mode_and_synchronous_full_are_really_set(journal, path):
    assert journal.db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert journal.db.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
    # WAL is a property of the file: another connection sees it too
    assert rows(path, "PRAGMA journal_mode") == [("wal",)]
    assert journal.integrity() == "ok"


def test_play_commits_before_returning(journal, path):
    stored = journal.new_game(SETUP)
    assert rows(path, "SELECT id, game FROM games") == [(stored.id, "esp")]
    rng = random.Random(3)
    for seq in range(12):
        action = next_action(stored.state, rng)
        assert stored.play(action) is None
        assert not journal.db.in_transaction
        # a second connection sees the row the moment play returns
        assert rows(path, "SELECT seq, body FROM actions WHERE game_id = ? AND seq = ?", stored.id, seq) == [
            (seq, json.dumps(action, ensure_ascii=False))
        ]
    assert stored_actions(path, stored.id) == stored.match.actions


@pytest.mark.parametrize(
    "bad",
    [
        {"act": "play", "seat": 0, "card": "1 star"},  # out of turn: predictions come first
        {"act": "predict", "seat": 2, "claim": "star"},  # Bo predicts next, not Cy
        {"act": "predict", "seat": 0, "claim": 9},  # no such rank
        {"act": "shuffle"},
        {"act": "predict", "seat": 0, "claim": "star", "extra": 1},
    ],
)
def test_a_refused_action_writes_nothing(journal, path, bad):
    stored = journal.new_game(SETUP)
    play_random(stored, 2)
    stored.undo()  # a redo stack, which a refusal must not clear
    before_rows = rows(path, "SELECT * FROM actions"), rows(path, "SELECT * FROM redo"), rows(path, "SELECT * FROM games")
    before_state = stored.state
    changes = journal.db.total_changes

    refusal = stored.play(bad)

    assert isinstance(refusal, Refusal) and refusal.reason
    assert journal.db.total_changes == changes
    assert (rows(path, "SELECT * FROM actions"), rows(path, "SELECT * FROM redo"), rows(path, "SELECT * FROM games")) == before_rows
    assert stored.state is before_state
    assert len(stored.match.actions) == 1 and stored.match.can_redo()


def test_play_after_the_game_is_over_is_refused_and_writes_nothing(journal, path):
    stored = journal.new_game(SETUP)
    play_random(stored)
    count = len(stored_actions(path, stored.id))
    changes = journal.db.total_changes
    refusal = stored.play({"act": "predict", "seat": 0, "claim": "star"})
    assert isinstance(refusal, Refusal)
    assert journal.db.total_changes == changes
    assert len(stored_actions(path, stored.id)) == count


# -- undo and redo ----------------------------------------------------------------------
def test_undo_and_redo_persist_across_reopening(path):
    journal = open_journal(path)
    stored = journal.new_game(SETUP)
    played = play_random(stored, 10)
    final_state = stored.state
    assert stored.undo() == played[9]
    assert stored.undo() == played[8]
    assert stored.undo() == played[7]
    assert stored.redo() == played[7]
    state, actions, redo_stack = stored.state, list(stored.match.actions), list(stored.match.redo_stack)
    assert actions == played[:8] and redo_stack == [played[9], played[8]]
    assert stored_actions(path, stored.id) == actions
    journal.close()

    journal = open_journal(path)
    record = journal.latest_unfinished()
    assert record is not None and record.id == stored.id and record.actions == 8
    resumed = journal.resume(record.id)
    assert resumed.warnings == []
    assert resumed.match.actions == actions
    assert resumed.match.redo_stack == redo_stack
    assert resumed.state == state
    # the redo stack still works after the restart, and reaches the same state
    assert resumed.redo() == played[8]
    assert resumed.redo() == played[9]
    assert resumed.redo() is None
    assert resumed.state == final_state
    journal.close()

    journal = open_journal(path)
    again = journal.resume(stored.id)
    assert again.match.actions == played and again.match.redo_stack == []
    assert again.state == final_state
    journal.close()


def test_undo_everything_then_redo_everything(journal, path):
    stored = journal.new_game(SETUP)
    played = play_random(stored, 6)
    while stored.undo() is not None:
        pass
    assert stored_actions(path, stored.id) == [] and len(stored_redo(path, stored.id)) == 6
    assert stored.state == ESP.setup(SETUP)
    while stored.redo() is not None:
        pass
    assert stored.match.actions == played and stored_actions(path, stored.id) == played
    assert stored_redo(path, stored.id) == []


def test_a_new_action_after_undo_clears_redo(path):
    journal = open_journal(path)
    stored = journal.new_game(SETUP)
    played = play_random(stored, 4)  # three predictions, then the Vision Card
    stored.undo()
    stored.undo()
    assert len(stored_redo(path, stored.id)) == 2
    # Cy predicts something else than before
    other = next(a for a in ESP.legal(stored.state) if a != played[2])
    assert stored.play(other) is None
    assert stored.match.redo_stack == [] and not stored.match.can_redo()
    assert stored.redo() is None
    assert stored_redo(path, stored.id) == []
    assert stored_actions(path, stored.id) == [*played[:2], other]
    journal.close()

    journal = open_journal(path)
    resumed = journal.resume(stored.id)
    assert resumed.match.redo_stack == [] and resumed.match.actions == [*played[:2], other]
    journal.close()


def test_the_finished_flag_follows_the_last_action_and_its_undo(journal, path):
    stored = journal.new_game(SETUP)
    play_random(stored, 99)
    assert not ESP.is_over(stored.state)
    assert rows(path, "SELECT finished FROM games WHERE id = ?", stored.id) == [(0,)]
    play_random(stored)
    assert ESP.is_over(stored.state)
    assert rows(path, "SELECT finished FROM games WHERE id = ?", stored.id) == [(1,)]
    assert journal.records()[0].finished and journal.latest_unfinished() is None

    stored.undo()
    assert rows(path, "SELECT finished FROM games WHERE id = ?", stored.id) == [(0,)]
    assert journal.latest_unfinished().id == stored.id

    stored.redo()
    assert rows(path, "SELECT finished FROM games WHERE id = ?", stored.id) == [(1,)]
    assert journal.latest_unfinished() is None


# -- which game to resume ---------------------------------------------------------------
def test_latest_unfinished(journal):
    assert journal.latest_unfinished() is None
    first = journal.new_game(SETUP)
    play_random(first, 5)
    done = journal.new_game({**SETUP, "seed": 8})
    play_random(done)
    assert journal.latest_unfinished().id == first.id
    last = journal.new_game({**SETUP, "seed": 9})
    assert journal.latest_unfinished().id == last.id  # even with no action yet
    record = journal.latest_unfinished()
    assert record.game == "esp" and record.setup == {**SETUP, "seed": 9} and record.actions == 0
    assert not record.finished
    assert [r.id for r in journal.records()] == [last.id, done.id, first.id]
    assert [r.id for r in journal.records(unfinished_only=True)] == [last.id, first.id]


def test_abandon_sets_a_game_aside_but_keeps_it(path):
    journal = open_journal(path)
    first = journal.new_game(SETUP)
    play_random(first, 5)
    second = journal.new_game({**SETUP, "seed": 8})
    played = play_random(second, 7)
    journal.abandon(second.id)
    assert journal.latest_unfinished().id == first.id
    assert second.id not in [r.id for r in journal.records()]
    journal.abandon(first.id)
    assert journal.latest_unfinished() is None and journal.records() == []
    journal.close()

    # kept: the actions are still in the file and the game can still be resumed by number
    assert stored_actions(path, second.id) == played
    journal = open_journal(path)
    assert journal.latest_unfinished() is None
    assert journal.resume(second.id).match.actions == played
    with pytest.raises(JournalError, match="no game number 999"):
        journal.resume(999)
    journal.close()


# -- quarantine -------------------------------------------------------------------------
BAD_BODIES = [
    json.dumps({"act": "play", "seat": 2, "card": "9 moon"}),  # valid JSON, not a legal action
    json.dumps({"act": "predict", "seat": 0, "claim": "star"}),  # out of turn
    "{not json",
    "[1, 2]",
]


@pytest.mark.parametrize("bad", BAD_BODIES)
def test_resume_quarantines_an_action_that_no_longer_replays(path, bad):
    journal = open_journal(path)
    stored = journal.new_game(SETUP)
    played = play_random(stored, 12)
    journal.close()
    bodies = {seq: body for seq, body in rows(path, "SELECT seq, body FROM actions WHERE game_id = ?", stored.id)}

    # the stored action 8 (seq 7) is damaged behind the journal's back
    db = sqlite3.connect(path)
    with db:
        db.execute("UPDATE actions SET body = ? WHERE game_id = ? AND seq = 7", (bad, stored.id))
    db.close()
    bodies[7] = bad

    journal = open_journal(path)
    resumed = journal.resume(stored.id)
    assert len(resumed.warnings) == 1
    warning = resumed.warnings[0]
    assert warning.startswith("action 8 of the journal could not be replayed (")
    assert "5 stored action(s) were set aside" in warning
    assert "Traceback" not in warning and "\n" not in warning
    # the game resumes just before the bad action
    assert resumed.match.actions == played[:7]
    assert resumed.state == replay(ESP, SETUP, played[:7]).state
    # nothing is lost: the bad action and everything after it are in quarantine, verbatim
    quarantined = rows(path, "SELECT game_id, seq, body, reason FROM quarantine ORDER BY seq")
    assert [(g, s, b) for g, s, b, _ in quarantined] == [(stored.id, s, bodies[s]) for s in range(7, 12)]
    assert all(reason for *_, reason in quarantined)
    assert stored_actions(path, stored.id) == played[:7]
    assert journal.integrity() == "ok"

    # play goes on from there, and the next resume is clean
    play_random(resumed, 3, seed=5)
    journal.close()
    journal = open_journal(path)
    again = journal.resume(stored.id)
    assert again.warnings == []
    assert again.match.actions == resumed.match.actions and again.state == resumed.state
    journal.close()


def test_resume_quarantines_an_appended_bad_row(path):
    journal = open_journal(path)
    stored = journal.new_game(SETUP)
    played = play_random(stored, 5)
    journal.close()
    db = sqlite3.connect(path)
    with db:
        db.execute("INSERT INTO actions VALUES (?, 5, ?)", (stored.id, '{"act": "bid", "seat": 0, "card": "1 star"}'))
    db.close()

    journal = open_journal(path)
    resumed = journal.resume(stored.id)
    assert len(resumed.warnings) == 1 and "action 6" in resumed.warnings[0]
    assert resumed.match.actions == played
    assert rows(path, "SELECT seq, body FROM quarantine") == [(5, '{"act": "bid", "seat": 0, "card": "1 star"}')]
    journal.close()


def test_quarantine_keeps_the_redo_stack(path):
    """Losing nothing: undone actions waiting on the redo stack of a game whose stored
    actions are quarantined must be kept too (in quarantine or on the redo table)."""
    journal = open_journal(path)
    stored = journal.new_game(SETUP)
    play_random(stored, 10)
    stored.undo()
    stored.undo()
    redo_bodies = sorted(b for (b,) in rows(path, "SELECT body FROM redo WHERE game_id = ?", stored.id))
    assert len(redo_bodies) == 2
    journal.close()
    db = sqlite3.connect(path)
    with db:
        db.execute("UPDATE actions SET body = '{not json' WHERE game_id = ? AND seq = 4", (stored.id,))
    db.close()

    journal = open_journal(path)
    resumed = journal.resume(stored.id)
    assert resumed.warnings
    kept = [b for (b,) in rows(path, "SELECT body FROM quarantine WHERE game_id = ?", stored.id)]
    kept += [b for (b,) in rows(path, "SELECT body FROM redo WHERE game_id = ?", stored.id)]
    for body in redo_bodies:
        assert body in kept, f"the undone action {body} was deleted by the quarantine"
    journal.close()


def test_quarantining_the_last_action_of_a_finished_game_makes_it_unfinished(path):
    """The finished flag follows the last action: when the action that ended a game is
    quarantined, the game resumes unfinished and is offered for resuming again."""
    journal = open_journal(path)
    stored = journal.new_game(SETUP)
    play_random(stored)
    assert journal.latest_unfinished() is None
    journal.close()
    db = sqlite3.connect(path)
    with db:
        db.execute("UPDATE actions SET body = '{not json' WHERE game_id = ? AND seq = 99", (stored.id,))
    db.close()

    journal = open_journal(path)
    resumed = journal.resume(stored.id)
    assert resumed.warnings and not ESP.is_over(resumed.state)
    assert rows(path, "SELECT finished FROM games WHERE id = ?", stored.id) == [(0,)]
    assert journal.latest_unfinished() is not None and journal.latest_unfinished().id == stored.id
    journal.close()


def test_a_damaged_redo_row_does_not_stop_the_resume(path):
    """A redo row that is not JSON is a stored action that no longer replays: resume sets it
    aside with a warning instead of raising."""
    journal = open_journal(path)
    stored = journal.new_game(SETUP)
    play_random(stored, 6)
    stored.undo()
    journal.close()
    db = sqlite3.connect(path)
    with db:
        db.execute("UPDATE redo SET body = '{not json' WHERE game_id = ?", (stored.id,))
    db.close()

    journal = open_journal(path)
    resumed = journal.resume(stored.id)  # must not raise
    assert resumed.warnings
    assert resumed.match.actions == stored.match.actions
    assert rows(path, "SELECT body FROM quarantine WHERE game_id = ?", stored.id) == [("{not json",)]
    journal.close()


# -- a file that is not a database ------------------------------------------------------
GARBAGE = b"These are not the droids you are looking for.\n" * 200


def test_open_or_recover_moves_a_file_that_is_not_a_database_aside(path):
    path.write_bytes(GARBAGE)
    journal, warning = Journal.open_or_recover(path, registry())
    try:
        assert isinstance(warning, str) and warning
        assert "\n" not in warning and "Traceback" not in warning
        asides = [p for p in path.parent.iterdir() if p.name.startswith(path.name + ".unreadable")]
        assert len(asides) == 1
        assert asides[0].read_bytes() == GARBAGE  # the old bytes, kept
        assert asides[0].name in warning
        # a fresh, working journal in its place
        assert journal.integrity() == "ok" and journal.records() == []
        stored = journal.new_game(SETUP)
        play_random(stored, 3)
        assert len(stored_actions(path, stored.id)) == 3
    finally:
        journal.close()


def test_open_or_recover_leaves_a_good_journal_alone(path):
    journal = open_journal(path)
    stored = journal.new_game(SETUP)
    played = play_random(stored, 4)
    journal.close()
    journal, warning = Journal.open_or_recover(path, registry())
    assert warning is None
    assert journal.resume(stored.id).match.actions == played
    journal.close()
    assert sorted(p.name for p in path.parent.iterdir() if "unreadable" in p.name) == []


def test_open_or_recover_never_overwrites_an_earlier_file_set_aside(path, monkeypatch):
    """Nothing is deleted: two unreadable journals set aside within the same second must
    both be kept (the clock is frozen here to make that moment certain)."""
    monkeypatch.setattr(journal_module.time, "time", lambda: 1_700_000_000.0)
    first, second = GARBAGE, b"another broken file\n" * 300
    path.write_bytes(first)
    journal, _ = Journal.open_or_recover(path, registry())
    journal.close()
    path.unlink()
    for part in path.parent.glob(path.name + "-*"):
        part.unlink()
    path.write_bytes(second)
    journal, _ = Journal.open_or_recover(path, registry())
    journal.close()
    kept = sorted(p.read_bytes() for p in path.parent.iterdir() if "unreadable" in p.name and not p.name.endswith(("-wal", "-shm")))
    assert kept == sorted([first, second])


def test_a_journal_that_cannot_be_created_is_one_sentence(tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    with pytest.raises(JournalError) as caught:
        Journal.open_or_recover(blocker / "journal.sqlite3", registry())
    assert "cannot be created" in str(caught.value) and "\n" not in str(caught.value)
    assert blocker.read_text() == "not a folder"


# -- export and import ------------------------------------------------------------------
def run_cli(path: Path, *args: str) -> int:
    return cli.main(["--journal", str(path), *args])


@pytest.mark.parametrize("count", [None, 37, 0])
def test_export_and_import_round_trip_a_game_exactly(path, tmp_path, capsys, count):
    journal = open_journal(path)
    stored = journal.new_game(SETUP)
    played = play_random(stored, count)
    original_state = stored.state
    journal.close()

    exported = tmp_path / "game.jsonl"
    assert run_cli(path, "export", str(stored.id), str(exported)) == 0
    lines = exported.read_text(encoding="utf-8").splitlines()
    assert [json.loads(line) for line in lines] == [SETUP, *played]

    capsys.readouterr()
    assert run_cli(path, "import", str(exported)) == 0
    out = capsys.readouterr().out
    journal = open_journal(path)
    new_id = max(r.id for r in journal.records())
    assert new_id != stored.id and f"game {new_id}" in out
    imported = journal.resume(new_id)
    assert imported.match.setup == SETUP
    assert imported.match.actions == played
    assert imported.state == original_state
    record = next(r for r in journal.records() if r.id == new_id)
    assert record.finished == ESP.is_over(original_state) and record.actions == len(played)
    journal.close()

    again = tmp_path / "again.jsonl"
    assert run_cli(path, "export", str(new_id), str(again)) == 0
    assert again.read_bytes() == exported.read_bytes()
    # the default is the latest game; "-" is standard output
    capsys.readouterr()
    assert run_cli(path, "export", "-") == 0
    assert capsys.readouterr().out == exported.read_text(encoding="utf-8")


def _log(*objects) -> str:
    return "".join((o if isinstance(o, str) else json.dumps(o)) + "\n" for o in objects)


def _bad_logs() -> list[tuple[str, str, int]]:
    """(log text, the reason's expected words, the line number) for logs to refuse."""
    match = replay(ESP, SETUP, [])
    rng = random.Random(2)
    good = []
    for _ in range(8):
        action = next_action(match.state, rng)
        match.play(action)
        good.append(action)
    full = replay(ESP, SETUP, [])
    rng = random.Random(4)
    whole = []
    while not ESP.is_over(full.state):
        action = next_action(full.state, rng)
        full.play(action)
        whole.append(action)
    return [
        (_log(SETUP, *good[:3], "{oops", *good[3:]), "not valid JSON", 5),
        (_log(SETUP, *good[:5], {"act": "play", "seat": 0, "card": "9 moon"}), "moon", 7),
        (_log(SETUP, *good[:2], {"act": "predict", "seat": 0, "claim": "star"}), "turn", 4),
        (_log({"act": "predict", "seat": 0, "claim": "star"}, *good), "setup", 1),
        (_log({"game": "chess", "players": ["A", "B"]}), "setup", 1),
        (_log({"game": "esp", "players": ["Solo"]}), "players", 1),
        ("\n" + _log({"act": "predict", "seat": 0, "claim": "star"}), "setup", 2),
        (_log(SETUP, *good[:4], [1, 2]), "JSON object", 6),
        (_log(SETUP, *whole, {"act": "predict", "seat": 0, "claim": 1}), "over", 102),
    ]


@pytest.mark.parametrize("text,words,line", _bad_logs())
def test_importing_a_bad_log_is_refused_with_its_line_and_writes_nothing(path, tmp_path, capsys, text, words, line):
    journal = open_journal(path)
    kept = journal.new_game(SETUP)
    play_random(kept, 3)
    journal.close()
    before = rows(path, "SELECT * FROM games"), rows(path, "SELECT * FROM actions"), rows(path, "SELECT * FROM redo")

    log = tmp_path / "bad.jsonl"
    log.write_text(text, encoding="utf-8")
    capsys.readouterr()
    assert run_cli(path, "import", str(log)) == 2
    captured = capsys.readouterr()
    err = captured.err.strip()
    assert err.startswith(f"companion: line {line}: "), err
    assert words in err
    assert "\n" not in err and "Traceback" not in err
    assert captured.out == ""
    after = rows(path, "SELECT * FROM games"), rows(path, "SELECT * FROM actions"), rows(path, "SELECT * FROM redo")
    assert after == before


def test_importing_a_bad_log_does_not_even_create_the_journal(tmp_path, capsys):
    path = tmp_path / "state" / "journal.sqlite3"
    log = tmp_path / "bad.jsonl"
    log.write_text(_log(SETUP, {"act": "vision", "card": "1 star"}), encoding="utf-8")
    assert run_cli(path, "import", str(log)) == 2
    assert capsys.readouterr().err.startswith("companion: line 2: ")
    assert not path.exists()


def test_export_of_an_empty_journal_is_refused(path, tmp_path, capsys):
    assert run_cli(path, "export", str(tmp_path / "out.jsonl")) == 2
    err = capsys.readouterr().err
    assert err.startswith("companion: ") and "no games" in err
    assert not (tmp_path / "out.jsonl").exists()


# -- where the journal lives ------------------------------------------------------------
@pytest.fixture
def clean_env(monkeypatch, tmp_path):
    for name in ("PLANCHETTE_JOURNAL", "STATE_DIRECTORY", "XDG_STATE_HOME"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    return monkeypatch


def test_default_path_falls_back_to_the_home_state_folder(clean_env, tmp_path):
    assert default_path() == tmp_path / "home" / ".local" / "state" / "planchette" / "journal.sqlite3"


def test_default_path_honours_xdg_state_home(clean_env, tmp_path):
    clean_env.setenv("XDG_STATE_HOME", str(tmp_path / "xdg"))
    assert default_path() == tmp_path / "xdg" / "planchette" / "journal.sqlite3"


def test_default_path_honours_state_directory_before_xdg(clean_env, tmp_path):
    clean_env.setenv("XDG_STATE_HOME", str(tmp_path / "xdg"))
    clean_env.setenv("STATE_DIRECTORY", f"{tmp_path / 'systemd'}:{tmp_path / 'other'}")
    assert default_path() == tmp_path / "systemd" / "journal.sqlite3"


def test_default_path_honours_planchette_journal_first(clean_env, tmp_path):
    clean_env.setenv("XDG_STATE_HOME", str(tmp_path / "xdg"))
    clean_env.setenv("STATE_DIRECTORY", str(tmp_path / "systemd"))
    clean_env.setenv("PLANCHETTE_JOURNAL", str(tmp_path / "mine.db"))
    assert default_path() == tmp_path / "mine.db"


def test_the_cli_uses_the_default_path(clean_env, tmp_path, capsys):
    clean_env.setenv("XDG_STATE_HOME", str(tmp_path / "xdg"))
    log = tmp_path / "game.jsonl"
    log.write_text(_log(SETUP, {"act": "predict", "seat": 0, "claim": "star"}), encoding="utf-8")
    assert cli.main(["import", str(log)]) == 0
    made = tmp_path / "xdg" / "planchette" / "journal.sqlite3"
    assert made.exists()
    assert stored_actions(made, 1) == [{"act": "predict", "seat": 0, "claim": "star"}]
    capsys.readouterr()
    assert cli.main(["games"]) == 0
    assert "unfinished" in capsys.readouterr().out
