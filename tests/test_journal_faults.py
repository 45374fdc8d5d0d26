"""The journal when the card, the lock or the file fails (issue #11, section 2).

A write that fails is not acknowledged, says in words what happened and what to do, changes
nothing and can be tried again; a journal that cannot be opened is a sentence (a screen in
the app); one companion per journal; a file that is not ours is refused, never changed.
The full card is SQLite's own SQLITE_FULL (``max_page_count``) and, where this machine lets
the tests mount one, a real 64 KiB tmpfs; a lock is a second connection holding
``BEGIN EXCLUSIVE``.
"""

from __future__ import annotations

import json
import os
import random
import sqlite3
import subprocess
import sys
import uuid
from pathlib import Path

import pygame
import pytest

from companion import cli
from companion.engine.journal import (Journal, JournalError, JournalInUse, JournalNotADatabase, JournalWriteError,
                                      Unsaved)
from companion.games import registry
from companion.games.esp import ESP
from companion.ui.shell import HomeScreen, ResumeScreen
from companion.ui.trouble import JournalTroubleScreen
from tests.ui_driver import find, make_app, tap

SETUP = {"game": "esp", "players": ["Ann", "Bo", "Cy"], "seed": 7}
ROOT = Path(__file__).resolve().parent.parent


def next_action(state, rng):
    chance = ESP.chance(state)
    return chance if chance is not None else rng.choice(ESP.legal(state))


def stored(path: Path, sql: str, *params):
    other = sqlite3.connect(path)
    try:
        return other.execute(sql, params).fetchall()
    finally:
        other.close()


@pytest.fixture
def path(tmp_path):
    return tmp_path / "journal.sqlite3"


def fill_the_card(journal: Journal) -> None:
    """From now on the database may not grow by a page: SQLite's own SQLITE_FULL."""
    pages = journal.db.execute("PRAGMA page_count").fetchone()[0]
    journal.db.execute(f"PRAGMA max_page_count={pages}")


def free_the_card(journal: Journal) -> None:
    journal.db.execute("PRAGMA max_page_count=1073741823")


def play_until_refused(match, rng):
    """Play legal actions until one is refused; (accepted, the refused action, its refusal)."""
    accepted = []
    for _ in range(400):
        action = next_action(match.state, rng)
        refusal = match.play(action)
        if refusal is not None:
            return accepted, action, refusal
        accepted.append(action)
    raise AssertionError("the card never filled")


# -- a write that fails while playing ----------------------------------------------------
def test_a_full_card_refuses_the_entry_in_words_keeps_everything_before_it_and_takes_it_again(path):
    journal = Journal(path, registry())
    match = journal.new_game(SETUP)
    rng = random.Random(1)
    for _ in range(5):
        assert match.play(next_action(match.state, rng)) is None
    fill_the_card(journal)
    accepted, action, refusal = play_until_refused(match, rng)
    assert isinstance(refusal, Unsaved)
    assert refusal.reason == ("The game could not be saved: the card is full; free some space on it; "
                              "everything before this entry is safe")
    before = list(match.match.actions)
    # not acknowledged: neither the match nor the file took it, and the connection is usable
    assert len(before) == 5 + len(accepted)
    assert [json.loads(b) for (b,) in stored(path, "SELECT body FROM actions ORDER BY seq")] == before
    assert not journal.db.in_transaction
    free_the_card(journal)
    assert match.play(action) is None  # the same entry, tried again
    assert match.match.actions == [*before, action]
    journal.close()
    resumed = Journal(path, registry())
    assert resumed.resume(match.id).match.actions == [*before, action]
    resumed.close()


def test_undo_and_redo_on_a_full_card_change_nothing_and_say_so(path):
    journal = Journal(path, registry())
    match = journal.new_game(SETUP)
    rng = random.Random(2)
    for _ in range(3):
        match.play(next_action(match.state, rng))
    journal.db.execute("PRAGMA query_only=1")  # SQLite's own "attempt to write a readonly database"
    with pytest.raises(JournalWriteError) as caught:
        match.undo()
    assert str(caught.value).startswith("The undo could not be saved: the journal is read-only")
    assert len(match.match.actions) == 3 and match.match.redo_stack == []
    journal.db.execute("PRAGMA query_only=0")
    assert match.undo() is not None
    journal.db.execute("PRAGMA query_only=1")
    with pytest.raises(JournalWriteError):
        match.redo()
    assert len(match.match.actions) == 2 and len(match.match.redo_stack) == 1
    journal.close()


def test_a_lock_held_by_another_program_is_a_sentence_and_the_entry_goes_in_once_it_is_let_go(path):
    journal = Journal(path, registry(), busy_timeout=0.05)
    match = journal.new_game(SETUP)
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")
    action = next_action(match.state, random.Random(3))
    refusal = match.play(action)
    assert isinstance(refusal, Unsaved)
    assert refusal.reason.startswith("The game could not be saved: another program is holding the journal; "
                                     "close the other program")
    assert match.match.actions == []
    other.execute("ROLLBACK")
    other.close()
    assert match.play(action) is None
    assert stored(path, "SELECT body FROM actions") == [(json.dumps(action),)]
    journal.close()


@pytest.mark.parametrize("name, message, words", [
    ("SQLITE_IOERR_WRITE", "disk I/O error", "the card could not be written (an input/output error"),
    ("SQLITE_READONLY", "attempt to write a readonly database", "the journal is read-only"),
    ("SQLITE_FULL", "database or disk is full", "the card is full"),
])
def test_every_kind_of_failed_commit_is_a_sentence(path, monkeypatch, name, message, words):
    """The COMMIT itself failing, as a dying or full card makes it fail."""
    journal = Journal(path, registry())
    match = journal.new_game(SETUP)

    class FailingCommit:
        def __init__(self, db):
            self.db = db

        def execute(self, sql, *args):
            if sql == "COMMIT":
                error = sqlite3.OperationalError(message)
                error.sqlite_errorname = name
                raise error
            return self.db.execute(sql, *args)

        def __getattr__(self, attribute):
            return getattr(self.db, attribute)

    real = journal.db
    journal.db = FailingCommit(real)
    refusal = match.play(next_action(match.state, random.Random(4)))
    journal.db = real
    assert isinstance(refusal, Unsaved) and words in refusal.reason
    assert "everything before this entry is safe" in refusal.reason
    assert not real.in_transaction and stored(path, "SELECT * FROM actions") == []
    journal.close()


def fill_up(folder: Path) -> Path:
    """Write a file until the file system has no room left; it is the space to free later."""
    filler = folder / "filler"
    fd = os.open(filler, os.O_WRONLY | os.O_CREAT)
    try:
        while os.write(fd, b"x" * 512):
            pass
    except OSError:
        pass
    finally:
        os.close(fd)
    return filler


def test_a_real_full_file_system(tmp_path):
    """A small tmpfs filled to the brim, then some space freed (skipped where mounting is not allowed)."""
    mount = tmp_path / "card"
    mount.mkdir()
    if subprocess.run(["mount", "-t", "tmpfs", "-o", "size=256k", "tmpfs", str(mount)],
                      capture_output=True).returncode != 0:
        pytest.skip("this machine does not let the tests mount a tmpfs")
    try:
        journal = Journal(mount / "journal.sqlite3", registry())
        match = journal.new_game(SETUP)
        rng = random.Random(5)
        filler = fill_up(mount)
        accepted, action, refusal = play_until_refused(match, rng)
        assert isinstance(refusal, Unsaved), "the card never filled"
        assert refusal.reason.startswith("The game could not be saved: the card is full"), refusal.reason
        kept = list(match.match.actions)
        filler.unlink()  # "free some space"
        assert match.play(action) is None
        journal.close()
        again = Journal(mount / "journal.sqlite3", registry())
        assert again.resume(match.id).match.actions == [*kept, action]
        again.close()
    finally:
        subprocess.run(["umount", "-l", str(mount)], capture_output=True)


def test_the_app_shows_a_failed_save_as_a_banner_keeps_running_and_a_tap_enters_it_again(tmp_path):
    app = make_app(tmp_path)
    tap(app, ("game", "esp"))
    tap(app, "start")
    tap(app, ("claim", "star"))
    fill_the_card(app.journal)
    rng = random.Random(7)
    for _ in range(400):  # entries until one needs a new page of the file
        action = next_action(app.match.state, rng)
        if not app.play(action):
            break
    assert app.banner is not None and app.banner.retry == action, "the card never filled"
    assert app.banner.text.startswith("The game could not be saved: the card is full")
    assert app.banner.text.endswith("Tap here to try again.")
    kept = list(app.match.match.actions)
    assert action not in kept[-1:]
    app.clock.advance(60)  # a failed save does not fade away by itself
    app.step()
    assert app.banner is not None and app.running
    free_the_card(app.journal)
    app.dirty = True
    app.step()
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=app.banner_rect.center, button=1))
    app.step()
    assert app.match.match.actions == [*kept, action]
    assert app.banner is None
    app.close()


# -- a journal that cannot be opened at start ----------------------------------------------
def test_a_second_companion_on_one_journal_is_refused_with_the_first_ones_process(path):
    first = Journal(path, registry())
    with pytest.raises(JournalInUse) as caught:
        Journal(path, registry())
    assert str(caught.value).startswith(f"the companion is already running on this journal (process {os.getpid()})")
    # readers may look beside the writer
    reader = Journal(path, registry(), readonly=True)
    assert reader.records() == []
    reader.close()
    first.close()
    Journal(path, registry()).close()  # and the next writer gets in once the first has gone


def test_a_second_process_is_refused_and_a_killed_writer_leaves_no_stale_lock(path):
    code = ("import sys, time; from companion.engine.journal import Journal; from companion.games import registry;"
            f"j = Journal({str(path)!r}, registry()); print('ready', flush=True); sys.stdin.read()")
    child = subprocess.Popen([sys.executable, "-c", code], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                             cwd=ROOT, text=True)
    try:
        assert child.stdout.readline().strip() == "ready"
        with pytest.raises(JournalInUse) as caught:
            Journal(path, registry())
        assert f"(process {child.pid})" in str(caught.value)
        assert cli.main(["--journal", str(path), "games"]) == 0  # a reader runs beside it
    finally:
        child.kill()
        child.wait()
    Journal(path, registry()).close()  # the kernel let go of the lock with the process


def test_two_writers_can_no_longer_undo_each_others_actions(path):
    """What the lock prevents: the second app used to clash (UNIQUE constraint failed)."""
    journal = Journal(path, registry())
    journal.new_game(SETUP)
    with pytest.raises(JournalInUse):
        Journal.open_or_recover(path, registry())
    journal.close()


def test_import_beside_a_running_companion_is_refused_in_a_sentence(path, capsys):
    journal = Journal(path, registry())
    assert cli.main(["--journal", str(path), "import", str(ROOT / "docs/examples/esp-table-game.jsonl")]) == 2
    err = capsys.readouterr().err
    assert err.startswith("companion: the companion is already running on this journal") and err.count("\n") == 1
    journal.close()


def test_import_onto_a_full_card_is_a_sentence_and_stores_nothing(path, capsys, monkeypatch):
    Journal(path, registry()).close()
    connect = Journal._connect

    def full(self, timeout):
        db = connect(self, timeout)
        pages = db.execute("PRAGMA page_count").fetchone()[0]
        db.execute(f"PRAGMA max_page_count={pages}")
        return db

    monkeypatch.setattr(Journal, "_connect", full)
    assert cli.main(["--journal", str(path), "import", str(ROOT / "docs/examples/esp-table-game.jsonl")]) == 2
    err = capsys.readouterr().err
    assert err == ("companion: The game could not be imported: the card is full; free some space on it; "
                   "everything before this entry is safe\n")
    assert stored(path, "SELECT COUNT(*) FROM games") == [(0,)]


@pytest.mark.parametrize("make, words", [
    (lambda p: p.mkdir(), "is a folder, not a journal file"),
    (lambda p: p.symlink_to(p.parent / "nowhere" / "journal.sqlite3"), "which does not exist"),
    (lambda p: os.mkfifo(p), "is not an ordinary file"),
    (lambda p: p.write_text((ROOT / "docs/examples/esp-table-game.jsonl").read_text()),
     "is a game log, not a journal; use `companion import"),
])
def test_a_path_that_cannot_hold_a_journal_is_one_sentence_and_is_never_changed(path, make, words, capsys):
    make(path)
    before = sorted(p.name for p in path.parent.iterdir())
    with pytest.raises(JournalError) as caught:
        Journal.open_or_recover(path, registry(), own=False)
    assert words in str(caught.value) and "\n" not in str(caught.value)
    assert cli.main(["--journal", str(path), "games"]) == 2
    assert cli.main(["--journal", str(path), "import", str(ROOT / "docs/examples/esp-table-game.jsonl")]) == 2
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 2 and all(line.startswith("companion: ") and words in line for line in err)
    assert sorted(p.name for p in path.parent.iterdir()) == before


def test_another_programs_database_is_refused_and_left_alone(path, capsys):
    other = sqlite3.connect(path)
    other.execute("CREATE TABLE photos (id INTEGER, name TEXT)")
    other.execute("INSERT INTO photos VALUES (1, 'cat')")
    other.commit()
    other.close()
    data = path.read_bytes()
    with pytest.raises(JournalNotADatabase) as caught:
        Journal.open_or_recover(path, registry(), own=False)
    assert "is another program's SQLite database (its tables: photos), not a Planchette journal" in str(caught.value)
    assert cli.main(["--journal", str(path), "export", "-"]) == 2
    assert "not a Planchette journal" in capsys.readouterr().err
    assert path.read_bytes() == data
    assert sorted(p.name for p in path.parent.iterdir()) == [path.name]


def test_the_companions_own_default_journal_holding_a_game_log_is_moved_aside(path):
    text = (ROOT / "docs/examples/esp-table-game.jsonl").read_text()
    path.write_text(text)
    journal, warning = Journal.open_or_recover(path, registry(), own=True)
    assert "is a game log, not a journal; it was moved aside to journal.sqlite3.unreadable-" in warning
    journal.close()
    (aside,) = [p for p in path.parent.iterdir() if ".unreadable-" in p.name]
    assert aside.read_text() == text


def test_a_journal_from_before_the_application_id_is_still_ours(path):
    journal = Journal(path, registry())
    journal.new_game(SETUP)
    journal.db.execute("PRAGMA application_id=0")
    journal.close()
    again = Journal(path, registry())
    assert len(again.records()) == 1
    assert again.db.execute("PRAGMA application_id").fetchone()[0] != 0
    again.close()


def test_the_app_explains_a_journal_it_cannot_open_and_tries_again(tmp_path):
    path = tmp_path / "journal.sqlite3"
    holder = Journal(path, registry())
    app = make_app(tmp_path, journal=path)
    assert isinstance(app.screen, JournalTroubleScreen)
    assert "already running on this journal" in app.screen.error.reason
    find(app, "retry")
    tap(app, "retry")
    assert isinstance(app.screen, JournalTroubleScreen)  # still held
    holder.close()
    tap(app, "retry")
    assert isinstance(app.screen, HomeScreen)
    app.close()


def test_the_app_on_a_folder_says_so_instead_of_a_traceback(tmp_path):
    folder = tmp_path / "journal.sqlite3"
    folder.mkdir()
    app = make_app(tmp_path, journal=folder)
    assert isinstance(app.screen, JournalTroubleScreen)
    assert "is a folder" in app.screen.error.reason
    app.step()  # draws without trouble
    app.close()


# -- damaged rows ---------------------------------------------------------------------------
def damage(path: Path, sql: str, *params) -> None:
    db = sqlite3.connect(path)
    db.execute(sql, params)
    db.commit()
    db.close()


@pytest.mark.parametrize("setup", ["{not json", "[1, 2]", "1" * 5000, "[" * 5000 + "]" * 5000])
def test_a_game_with_a_damaged_setup_is_left_out_with_a_warning(path, capsys, setup):
    journal = Journal(path, registry())
    good = journal.new_game(SETUP)
    bad = journal.new_game(SETUP)
    journal.close()
    damage(path, "UPDATE games SET setup = ? WHERE id = ?", setup, bad.id)
    assert cli.main(["--journal", str(path), "games"]) == 0
    out, err = capsys.readouterr()
    assert f"{good.id:5d}  esp" in out and f"{bad.id:5d}  esp" not in out
    assert err.startswith(f"warning: game {bad.id} in the journal is damaged (")
    assert cli.main(["--journal", str(path), "export", str(bad.id), "-"]) == 2
    assert "its setup in the journal is damaged" in capsys.readouterr().err
    app = make_app(path.parent, journal=path)
    assert isinstance(app.screen, (HomeScreen, ResumeScreen))
    assert app.screen.record.id == good.id if isinstance(app.screen, ResumeScreen) else True
    assert f"Game {bad.id} in the journal is damaged" in app.banner.text
    app.close()


@pytest.mark.parametrize("body", ['{"act": ' * 3000 + "1" + "}" * 3000, "[" * 100_000, "\udcff", "12"])
def test_a_damaged_action_row_is_set_aside_by_a_writer_and_left_out_by_a_reader(path, capsys, body):
    journal = Journal(path, registry())
    match = journal.new_game(SETUP)
    rng = random.Random(6)
    for _ in range(4):
        match.play(next_action(match.state, rng))
    journal.close()
    damage(path, "UPDATE actions SET body = ? WHERE game_id = ? AND seq = 2", body.encode("utf-8", "surrogatepass")
           if "\udcff" in body else body, match.id)
    assert cli.main(["--journal", str(path), "export", str(match.id), "-"]) == 0
    out, err = capsys.readouterr()
    assert len(out.splitlines()) == 3  # the setup and the two actions before the damage
    assert "action 3 of the journal could not be replayed" in err and "Traceback" not in err
    assert stored(path, "SELECT COUNT(*) FROM actions") == [(4,)]  # the reader changed nothing
    journal = Journal(path, registry())
    resumed = journal.resume(match.id)
    assert len(resumed.match.actions) == 2 and "were set aside" in resumed.warnings[0]
    assert stored(path, "SELECT COUNT(*) FROM quarantine") == [(2,)]
    journal.close()


def test_options_come_before_or_after_the_command(path, capsys):
    assert cli.main(["import", str(ROOT / "docs/examples/esp-table-game.jsonl"), "--journal", str(path)]) == 0
    capsys.readouterr()
    assert cli.main(["games", "--journal", str(path)]) == 0
    after = capsys.readouterr().out
    assert cli.main(["--journal", str(path), "games"]) == 0
    assert capsys.readouterr().out == after and "esp" in after
    out = path.parent / "out.jsonl"
    assert cli.main(["export", "--journal", str(path), str(out)]) == 0
    assert out.read_text().splitlines()[0].startswith('{"game": "esp"')


@pytest.mark.parametrize("target, words", [
    ("missing/out.jsonl", "there is no folder"),
    (".", "is a folder: give a file's name"),
])
def test_export_to_a_place_it_cannot_write_is_a_sentence(path, capsys, target, words):
    assert cli.main(["--journal", str(path), "import", str(ROOT / "docs/examples/esp-table-game.jsonl")]) == 0
    capsys.readouterr()
    assert cli.main(["--journal", str(path), "export", str(path.parent / target)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("companion: ") and words in err and err.count("\n") == 1


def test_no_journal_yet_lists_no_games_and_export_says_so(tmp_path, capsys):
    path = tmp_path / f"{uuid.uuid4().hex}.sqlite3"
    assert cli.main(["--journal", str(path), "games"]) == 0
    assert cli.main(["--journal", str(path), "export", "-"]) == 2
    assert "the journal holds no games yet" in capsys.readouterr().err
    assert not path.exists()


@pytest.mark.parametrize("action", [
    {"act": "predict", "seat": 0, "claim": float("nan")},
    {"act": "predict", "seat": 0, "claim": "\ud800"},
    {"act": "predict", "seat": 0, "claim": [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["star"]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]},
])
def test_an_entry_no_log_could_hold_is_refused_not_raised(path, action):
    journal = Journal(path, registry())
    match = journal.new_game(SETUP)
    refusal = match.play(action)
    assert refusal is not None and not isinstance(refusal, Unsaved)
    assert match.match.actions == [] and stored(path, "SELECT * FROM actions") == []
    journal.close()


# -- from the review: files that look like ours, damaged pages, the lock's edges ------------
def test_a_database_with_our_table_names_but_not_our_columns_is_refused_and_unchanged(path, capsys):
    other = sqlite3.connect(path)
    other.execute("CREATE TABLE games (id INTEGER, title TEXT, year INTEGER)")
    other.execute("CREATE TABLE actions (who TEXT, what TEXT)")
    other.commit()
    other.close()
    data = path.read_bytes()
    assert cli.main(["--journal", str(path), "games"]) == 2
    assert cli.main(["--journal", str(path), "import", str(ROOT / "docs/examples/esp-table-game.jsonl")]) == 2
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 2 and all("is another program's SQLite database (its tables: actions, games)" in e for e in err)
    assert path.read_bytes() == data


def damage_a_page(path: Path, page: int = 2) -> None:
    with open(path, "r+b") as handle:
        size = sqlite3.connect(":memory:").execute("PRAGMA page_size").fetchone()[0]
        handle.seek(size * (page - 1))
        handle.write(b"\xde\xad\xbe\xef" * 64)


def a_finished_journal(path: Path) -> None:
    journal = Journal(path, registry())
    for seed in range(3):
        match = journal.new_game({**SETUP, "seed": seed})
        rng = random.Random(seed)
        for _ in range(30):
            match.play(next_action(match.state, rng))
    journal.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    journal.close()


def test_a_journal_with_a_damaged_page_is_a_sentence_for_readers_and_a_screen_for_the_app(path, capsys):
    a_finished_journal(path)
    damage_a_page(path)
    assert cli.main(["--journal", str(path), "games"]) == 2
    assert cli.main(["--journal", str(path), "export", "-"]) == 2
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 2 and all(line.startswith(f"companion: the journal {path} is damaged") for line in err)
    app = make_app(path.parent, journal=path)  # a path the user gave: explained, never moved
    assert isinstance(app.screen, JournalTroubleScreen) and "is damaged" in app.screen.error.reason
    app.close()
    journal, warning = Journal.open_or_recover(path, registry(), own=True)  # the box's own: set aside
    assert "is damaged" in warning and "moved aside" in warning
    journal.close()


def test_a_reader_reads_a_journal_from_before_the_meta_column_without_changing_it(path, capsys):
    db = sqlite3.connect(path)
    db.executescript("""
        CREATE TABLE games (id INTEGER PRIMARY KEY, game TEXT NOT NULL, setup TEXT NOT NULL, started REAL NOT NULL,
                            finished INTEGER NOT NULL DEFAULT 0, abandoned INTEGER NOT NULL DEFAULT 0);
        CREATE TABLE actions (game_id INTEGER NOT NULL, seq INTEGER NOT NULL, body TEXT NOT NULL,
                              PRIMARY KEY (game_id, seq)) WITHOUT ROWID;
    """)
    db.execute("INSERT INTO games (game, setup, started) VALUES ('esp', ?, 0)", (json.dumps(SETUP),))
    db.execute("INSERT INTO actions VALUES (1, 0, ?)", (json.dumps({"act": "predict", "seat": 0, "claim": "star"}),))
    db.commit()
    db.close()
    data = path.read_bytes()
    assert cli.main(["--journal", str(path), "games"]) == 0
    assert cli.main(["--journal", str(path), "export", "-"]) == 0
    out = capsys.readouterr().out
    assert "1 actions" in out and '"claim": "star"' in out
    assert path.read_bytes() == data


def test_a_full_card_does_not_stop_the_lock(path, monkeypatch):
    """With no room to write the process number, the lock is still taken (and still works)."""
    from companion.engine import journal_lock

    def full(fd, data):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(journal_lock.os, "write", full)
    journal = Journal(path, registry())
    with pytest.raises(JournalInUse) as caught:
        Journal(path, registry())
    assert str(caught.value).startswith("the companion is already running on this journal;")  # no number to give
    journal.close()


def test_a_link_to_the_journal_is_the_same_journal_for_the_lock(path):
    first = Journal(path, registry())
    link = path.parent / "link.sqlite3"
    link.symlink_to(path)
    with pytest.raises(JournalInUse):
        Journal(link, registry())
    first.close()


def test_an_action_row_with_a_text_number_is_set_aside_not_a_traceback(path, capsys):
    journal = Journal(path, registry())
    match = journal.new_game(SETUP)
    rng = random.Random(8)
    for _ in range(3):
        match.play(next_action(match.state, rng))
    journal.close()
    damage(path, "INSERT INTO actions VALUES (?, 'x', '[1]')", match.id)
    assert cli.main(["--journal", str(path), "export", str(match.id), "-"]) == 0
    assert "could not be replayed" in capsys.readouterr().err
    journal = Journal(path, registry())
    resumed = journal.resume(match.id)
    assert len(resumed.match.actions) == 3 and resumed.warnings
    journal.close()


def test_an_unsaved_entry_never_follows_its_game_into_the_next(tmp_path):
    app = make_app(tmp_path)
    tap(app, ("game", "esp"))
    tap(app, "start")
    app.journal.db.execute("PRAGMA query_only=1")
    tap(app, ("claim", "star"))
    assert app.unsaved() == {"act": "predict", "seat": 0, "claim": "star"}
    app.journal.db.execute("PRAGMA query_only=0")
    tap(app, "menu")
    tap(app, "end")
    app.step()
    assert app.banner is None  # the entry was that game's
    tap(app, ("game", "esp"))
    tap(app, "start")
    assert app.match.match.actions == [] and app.unsaved() is None
    app.close()


def test_the_companions_own_moves_wait_while_an_entry_is_unsaved(tmp_path):
    """A deal the card cannot keep is not tried again every frame (each try an error buzz
    and, with a lock, two seconds of a frozen screen): the person's tap retries it."""
    app = make_app(tmp_path)
    tap(app, ("game", "esp"))
    tap(app, ("option", "full_information"))
    tap(app, "start")
    for claim in ("star", "cross", "circle"):
        tap(app, ("claim", claim))
    app.journal.db.execute("PRAGMA query_only=1")
    tries = []
    real = app.match.play
    app.match.play = lambda action: tries.append(action) or real(action)
    for _ in range(5):
        app.clock.advance(1.0)
        app.step()
    assert len(tries) == 1 and app.unsaved() == tries[0]
    app.journal.db.execute("PRAGMA query_only=0")
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=app.banner_rect.center, button=1))
    app.step()
    assert tries[0] in app.match.match.actions and app.unsaved() is None
    app.close()


@pytest.mark.parametrize("make, words", [
    (lambda d: os.mkfifo(d / "out.jsonl") or d / "out.jsonl", "is not an ordinary file (a pipe or a device)"),
    (lambda d: (d / "a-file").write_text("x") and d / "a-file" / "out.jsonl", "a-file is a file, not a folder"),
])
def test_export_never_waits_on_a_pipe_nor_misnames_a_file_as_missing(path, capsys, make, words):
    assert cli.main(["--journal", str(path), "import", str(ROOT / "docs/examples/esp-table-game.jsonl")]) == 0
    capsys.readouterr()
    target = make(path.parent)
    assert cli.main(["--journal", str(path), "export", str(target)]) == 2
    err = capsys.readouterr().err
    assert words in err and err.count("\n") == 1


def test_import_of_a_log_whose_game_is_not_a_name_is_a_sentence(path, tmp_path, capsys):
    log = tmp_path / "odd.jsonl"
    log.write_text('{"game": ["esp"], "players": ["Ann", "Bo"]}\n')
    assert cli.main(["--journal", str(path), "import", str(log)]) == 2
    assert "the first line must be a game's setup" in capsys.readouterr().err
