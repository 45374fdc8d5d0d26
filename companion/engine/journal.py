"""The journal: every accepted action, committed to SQLite before it is acknowledged.

SQLite in WAL mode with ``synchronous=FULL`` makes each commit durable when
``COMMIT`` returns, so pulling the plug loses at most the action being entered.
Resuming is a replay of the stored actions through the game's rules; undo moves
the last action onto a redo stack in the same transaction.
"""

from __future__ import annotations

import json
import os
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterator, Mapping

from companion.engine.game import Action, Game
from companion.engine.journal_faults import (APPLICATION_ID, DAMAGED_ADVICE, JournalEmpty, JournalError, JournalInUse, JournalNotADatabase,
                                             JournalWriteError, foreign_tables, not_saved, open_fault, read_fault,
                                             what_is_there)
from companion.engine.journal_lock import WriterLock
from firmware_py.places import journal_path
from companion.engine.match import Match, canonical
from companion.engine.refusal import Refusal, Refused, quote

__all__ = ["Journal", "JournaledMatch", "GameRecord", "JournalEmpty", "JournalError", "JournalInUse", "JournalNotADatabase",
           "JournalWriteError", "Unsaved", "default_path"]

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id        INTEGER PRIMARY KEY,
    game      TEXT    NOT NULL,
    setup     TEXT    NOT NULL,
    started   REAL    NOT NULL,
    finished  INTEGER NOT NULL DEFAULT 0,
    abandoned INTEGER NOT NULL DEFAULT 0,
    meta      TEXT    NOT NULL DEFAULT '{}'  -- the screen's own notes (colours, computer seats): not the log
);
CREATE TABLE IF NOT EXISTS actions (
    game_id INTEGER NOT NULL REFERENCES games(id),
    seq     INTEGER NOT NULL,
    body    TEXT    NOT NULL,
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS redo (
    game_id INTEGER NOT NULL REFERENCES games(id),
    depth   INTEGER NOT NULL,
    body    TEXT    NOT NULL,
    PRIMARY KEY (game_id, depth)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS quarantine (
    game_id INTEGER NOT NULL,
    seq     INTEGER NOT NULL,
    body    TEXT    NOT NULL,
    reason  TEXT    NOT NULL
);
"""


def default_path() -> Path:
    """Where the journal lives: ``$PLANCHETTE_JOURNAL``, systemd's ``StateDirectory=``, or the
    XDG state folder (``firmware_py/places.py``, which the drivers share)."""
    return journal_path()


@dataclass(frozen=True)
class GameRecord:
    id: int
    game: str
    setup: dict
    started: float
    finished: bool
    actions: int
    meta: dict = None  # type: ignore[assignment]


class Unsaved(Refusal):
    """An entry the rules accepted but the journal could not keep (a full card, a lock, an
    I/O error): not acknowledged, nothing changed, and it may be entered again."""


class Journal:
    """One SQLite file holding every game played on this box.

    A writer (the app, the text companion, an import) holds the journal's lock for as long
    as it is open; ``readonly=True`` opens it for ``games`` and ``export``, beside a writer,
    and never changes the file.
    """

    BUSY_TIMEOUT = 2.0  # seconds a write waits for another program's lock before giving up

    def __init__(self, path: str | Path, games: Mapping[str, Game], *, readonly: bool = False,
                 busy_timeout: float | None = None) -> None:
        self.path = Path(path)
        self.games = games
        self.readonly = readonly
        self.damaged: list[str] = []  # sentences about game rows that could not be read
        refusal = what_is_there(self.path)
        if refusal is not None:
            raise refusal
        if readonly and not self.path.exists():
            raise JournalEmpty(f"the journal holds no games yet (there is no journal at {self.path})",
                               "play a game first, or give another --journal")
        if not readonly and self.path.exists():
            self._refuse_foreign()  # before the lock, whose file would be left beside it
        self.lock = None if readonly else self._lock()
        try:
            self.db = self._connect(busy_timeout if busy_timeout is not None else self.BUSY_TIMEOUT)
        except BaseException:
            if self.lock is not None:
                self.lock.release()
            raise

    def _refuse_foreign(self) -> None:
        """Look (read-only) whether an existing database is another program's."""
        try:
            peek = sqlite3.connect(self.path.resolve().as_uri() + "?mode=ro", uri=True)
        except sqlite3.Error:
            return  # the full connection says why
        try:
            foreign = foreign_tables(peek)
        except sqlite3.Error:
            return
        finally:
            peek.close()
        if foreign:
            raise JournalNotADatabase(f"the journal {self.path} {foreign}",
                                      "give the path of a Planchette journal, or a new file's path to start one")

    def _lock(self) -> WriterLock:
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise open_fault(self.path, error) from None
        return WriterLock.acquire(Path(os.path.realpath(self.path)))  # a link and its target: one lock

    def _connect(self, busy_timeout: float) -> sqlite3.Connection:
        db = None
        try:
            if self.readonly:
                db = sqlite3.connect(self.path.resolve().as_uri() + "?mode=ro", uri=True,
                                     isolation_level=None, timeout=busy_timeout)
            else:
                db = sqlite3.connect(self.path, isolation_level=None, timeout=busy_timeout)
            foreign = foreign_tables(db)
            if foreign:
                raise JournalNotADatabase(f"the journal {self.path} {foreign}",
                                          "give the path of a Planchette journal, or a new file's path to start one")
            checked = db.execute("PRAGMA quick_check(1)").fetchone()[0]  # damaged pages, found now, not mid-game
            if checked != "ok":
                raise JournalNotADatabase(f"the journal {self.path} is damaged ({checked.splitlines()[0][:120]})",
                                          DAMAGED_ADVICE)
            if not self.readonly:
                self._prepare(db)
            self.meta_column = "meta" in {row[1] for row in db.execute("PRAGMA table_info(games)")}
            self.tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        except sqlite3.DatabaseError as error:
            if db is not None:
                db.close()
            name = getattr(error, "sqlite_errorname", "")
            if name in ("SQLITE_NOTADB", "SQLITE_CORRUPT") or "malformed" in str(error):
                raise read_fault(self.path, error) from None
            # locked, unreadable, a full disk: the games are there, so never hide them
            raise open_fault(self.path, error) from None
        except OSError as error:
            if db is not None:
                db.close()
            raise open_fault(self.path, error) from None
        except JournalError:
            if db is not None:
                db.close()
            raise
        return db

    @staticmethod
    def _prepare(db: sqlite3.Connection) -> None:
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA synchronous=FULL")
        db.execute("PRAGMA foreign_keys=ON")
        db.executescript(SCHEMA)
        columns = {row[1] for row in db.execute("PRAGMA table_info(games)")}
        if "meta" not in columns:  # a journal from before the screen kept notes
            db.execute("ALTER TABLE games ADD COLUMN meta TEXT NOT NULL DEFAULT '{}'")
        if db.execute("PRAGMA application_id").fetchone()[0] != APPLICATION_ID:
            db.execute(f"PRAGMA application_id={APPLICATION_ID}")  # mark the file as ours

    @classmethod
    def open_or_recover(cls, path: str | Path, games: Mapping[str, Game], *,
                        own: bool = True) -> tuple["Journal", str | None]:
        """Open the journal for writing.  If ``own`` (the companion's default journal, not a
        path the user gave) holds something that is not a journal, move it aside (nothing is
        deleted) and start a fresh one, returning a warning to show.  A path the user gave
        is never changed: its refusal is raised, as is any other trouble (permissions, a
        full disk, a lock) — the games must not be hidden."""
        try:
            return cls(path, games), None
        except JournalNotADatabase as first:
            if not own:
                raise
            path = Path(path)
            aside = cls._unused_name(path)
            try:
                for suffix in ("", "-wal", "-shm"):
                    part = Path(str(path) + suffix)
                    if part.exists():
                        part.rename(Path(str(aside) + suffix))
            except OSError as error:
                raise JournalError(f"{first.reason}, and it cannot be moved aside ({error.strerror or error})",
                                   "move it away by hand, or give another --journal") from None
            warning = f"{first.reason}; it was moved aside to {aside.name} and a new journal started"
            return cls(path, games), warning

    @staticmethod
    def _unused_name(path: Path) -> Path:
        """A name beside ``path`` that no earlier set-aside file holds."""
        stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(time.time()))
        for n in range(1, 10_000):
            aside = path.with_name(f"{path.name}.unreadable-{stamp}-{n}")
            if not any(Path(str(aside) + suffix).exists() for suffix in ("", "-wal", "-shm")):
                return aside
        raise JournalError(f"too many unreadable journals are set aside beside {path}",
                           "move the old .unreadable files away")

    def close(self) -> None:
        self.db.close()
        if self.lock is not None:
            self.lock.release()
            self.lock = None

    def integrity(self) -> str:
        return self.db.execute("PRAGMA integrity_check").fetchone()[0]

    # -- transactions ------------------------------------------------------------------
    def _transaction(self, work: Callable[[sqlite3.Connection], Any], what: str = "The game could not be saved") -> Any:
        """Run ``work`` in one transaction.  Any SQLite failure rolls everything back and
        becomes a :class:`JournalWriteError` sentence: nothing half-written, nothing lost."""
        if self.readonly:
            raise JournalWriteError(f"{what}: the journal was opened only to read")
        try:
            self.db.execute("BEGIN IMMEDIATE")
            try:
                result = work(self.db)
            except BaseException:
                self._rollback()
                raise
            self.db.execute("COMMIT")
        except sqlite3.Error as error:
            self._rollback()
            raise not_saved(error, what) from None
        return result

    def _rollback(self) -> None:
        if self.db.in_transaction:
            try:
                self.db.execute("ROLLBACK")
            except sqlite3.Error:
                pass  # SQLite already rolled back (a full disk can do that at COMMIT)

    # -- games ---------------------------------------------------------------------------
    def new_game(self, setup: Mapping[str, Any], meta: Mapping[str, Any] | None = None) -> "JournaledMatch":
        """Start a game; ``meta`` keeps what the screen needs beside the log
        (player colours, computer seats), never part of the exported log."""
        game = self._game_named(setup.get("game"))
        match = Match.start(game, setup)  # raises Refused for a bad setup
        text = json.dumps(match.setup, ensure_ascii=False)
        notes = json.dumps(dict(meta or {}), ensure_ascii=False)
        game_id = self._transaction(
            lambda db: db.execute(
                "INSERT INTO games (game, setup, started, meta) VALUES (?, ?, ?, ?)",
                (game.name, text, time.time(), notes),
            ).lastrowid
        )
        return JournaledMatch(self, game_id, match, meta=dict(meta or {}))

    def _read(self, sql: str, *params: Any) -> list[tuple]:
        """Rows of a query; a damaged page or a file changed under us is a sentence."""
        try:
            return self.db.execute(sql, params).fetchall()
        except sqlite3.Error as error:
            raise read_fault(self.path, error) from None

    def records(self, unfinished_only: bool = False) -> list[GameRecord]:
        """The games not set aside, newest first.  A game whose stored setup is damaged is
        left out, with a sentence in :attr:`damaged` (read-only: nothing is changed)."""
        query = (
            "SELECT g.id, g.game, g.setup, g.started, g.finished,"
            " (SELECT COUNT(*) FROM actions a WHERE a.game_id = g.id), "
            + ("g.meta" if self.meta_column else "'{}'")  # a reader never adds the column a writer would
            + " FROM games g WHERE g.abandoned = 0"
        )
        if unfinished_only:
            query += " AND g.finished = 0"
        records, damaged = [], []
        for r in self._read(query + " ORDER BY g.id DESC"):
            try:
                setup = _setup(r[2])
            except ValueError as error:
                damaged.append(f"game {r[0]} in the journal is damaged ({error}) and is left out")
                continue
            started = r[3] if isinstance(r[3], (int, float)) else 0.0
            records.append(GameRecord(r[0], str(r[1]), setup, started, bool(r[4]), r[5], _meta(r[6])))
        self.damaged = damaged
        return records

    def latest_unfinished(self) -> GameRecord | None:
        """The newest unfinished game this companion can play (a game of a kind it does not
        know, or with a damaged setup, is never offered)."""
        for record in self.records(unfinished_only=True):
            if record.game in self.games:
                return record
        return None

    def abandon(self, game_id: int) -> None:
        """Set an unfinished game aside (kept, but no longer offered for resuming)."""
        self._transaction(lambda db: db.execute("UPDATE games SET abandoned = 1 WHERE id = ?", (game_id,)),
                          "The game could not be set aside")

    def resume(self, game_id: int) -> "JournaledMatch":
        """Rebuild a journaled game by replaying its actions.  A stored action that no
        longer replays (a rules change, a damaged row) is moved to quarantine with its
        reason (``warnings``); opened read-only, it is only left out, and said so."""
        found = self._read("SELECT game, setup, " + ("meta" if self.meta_column else "'{}'")
                           + " FROM games WHERE id = ?", game_id)
        row = found[0] if found else None
        if row is None:
            raise JournalError(f"the journal holds no game number {game_id}", "`companion games` lists them")
        game = self._game_named(row[0])
        try:
            match = Match.start(game, _setup(row[1]))
        except (ValueError, Refused) as error:
            raise JournalError(f"game {game_id} cannot be resumed: its setup in the journal is damaged "
                               f"({getattr(error, 'reason', error)})", "start a new game") from None
        bodies = self._read("SELECT seq, body FROM actions WHERE game_id = ? ORDER BY seq", game_id)
        warnings: list[str] = []
        for position, (seq, body) in enumerate(bodies):
            try:
                action = _action(body)
                match.accept(action, game.apply(match.state, action))
            except Exception as error:  # a damaged row or a rules change: never stop the resume
                reason = _reason(error)
                rest = bodies[position:]
                if self.readonly:
                    warnings.append(f"action {position + 1} of the journal could not be replayed ({reason}); "
                                    f"this copy stops before it and leaves out {len(rest)} stored action(s)")
                else:
                    self._quarantine(game_id, rest, reason, keep_redo=True, over=game.is_over(match.state))
                    warnings.append(
                        f"action {position + 1} of the journal could not be replayed ({reason}); "
                        f"the game resumes before it and {len(rest)} stored action(s) were set aside"
                    )
                return JournaledMatch(self, game_id, match, warnings, _meta(row[2]))
        redo_rows = self._read("SELECT depth, body FROM redo WHERE game_id = ? ORDER BY depth", game_id) \
            if "redo" in self.tables else []  # a reader of a journal older than undo
        try:
            match.redo_stack = self._checked_redo(game, match.state, redo_rows)
        except Exception as error:  # as above: a damaged redo row only loses the redo
            reason = _reason(error)
            if not self.readonly:
                self._quarantine(game_id, [], reason, keep_redo=True, over=game.is_over(match.state))
            warnings.append(f"the actions kept for redo could not be replayed ({reason}) and were set aside")
        return JournaledMatch(self, game_id, match, warnings, _meta(row[2]))

    @staticmethod
    def _checked_redo(game: Game, state: Any, rows) -> list[dict]:
        """The redo stack, proven to replay from ``state`` (the top is the last row)."""
        stack = [_action(body) for _, body in rows]
        for action in reversed(stack):
            state = game.apply(state, action)
        return stack

    def _quarantine(self, game_id: int, rows, reason: str, keep_redo: bool, over: bool) -> None:
        """Set stored actions aside with the reason (kept, never deleted); the redo
        stack goes with them, numbered on after them; the finished flag follows."""
        def work(db: sqlite3.Connection) -> None:
            last = rows[-1][0] if rows else db.execute(
                "SELECT COALESCE(MAX(seq), -1) FROM actions WHERE game_id = ?", (game_id,)).fetchone()[0]
            if not isinstance(last, int):  # a damaged row's number: the redo rows follow the largest real one
                last = db.execute("SELECT COALESCE(MAX(seq), -1) FROM quarantine WHERE game_id = ? "
                                  "AND typeof(seq) = 'integer'", (game_id,)).fetchone()[0] + len(rows)
            for seq, body in rows:
                db.execute("INSERT INTO quarantine VALUES (?, ?, ?, ?)", (game_id, seq, body, reason))
                db.execute("DELETE FROM actions WHERE game_id = ? AND seq = ?", (game_id, seq))
            if keep_redo:
                redo = db.execute(
                    "SELECT body FROM redo WHERE game_id = ? ORDER BY depth DESC", (game_id,)).fetchall()
                for offset, (body,) in enumerate(redo, start=1):
                    db.execute("INSERT INTO quarantine VALUES (?, ?, ?, ?)",
                               (game_id, last + offset, body, f"kept for redo; {reason}"))
            db.execute("DELETE FROM redo WHERE game_id = ?", (game_id,))
            db.execute("UPDATE games SET finished = ? WHERE id = ?", (int(over), game_id))

        self._transaction(work, "The damaged entries could not be set aside")

    def import_match(self, match: Match, meta: Mapping[str, Any] | None = None) -> "JournaledMatch":
        """Store a whole replayed game in one transaction: all of it or nothing."""
        setup = json.dumps(match.setup, ensure_ascii=False)
        over = match.game.is_over(match.state)
        notes = json.dumps(dict(meta or {}), ensure_ascii=False)

        def work(db: sqlite3.Connection) -> int:
            game_id = db.execute("INSERT INTO games (game, setup, started, finished, meta) VALUES (?, ?, ?, ?, ?)",
                                 (match.game.name, setup, time.time(), int(over), notes)).lastrowid
            db.executemany("INSERT INTO actions VALUES (?, ?, ?)",
                           [(game_id, seq, json.dumps(a, ensure_ascii=False)) for seq, a in enumerate(match.actions)])
            return game_id

        game_id = self._transaction(work, "The game could not be imported")
        return JournaledMatch(self, game_id, match, meta=dict(meta or {}))

    def _game_named(self, name: Any) -> Game:
        game = self.games.get(name) if isinstance(name, str) else None
        if game is None:
            known = ", ".join(sorted(self.games))
            raise Refused(f"unknown game {quote(name)} (this companion knows: {known})")
        return game


def _json(text: Any) -> Any:
    """A stored JSON text, or ValueError whatever the row holds (bytes, a number, deep nesting)."""
    if not isinstance(text, (str, bytes)):
        raise ValueError(f"a {type(text).__name__} where JSON text belongs")
    try:
        return json.loads(text)
    except RecursionError:
        raise ValueError("nested too deeply") from None
    except ValueError as error:
        raise ValueError(f"not JSON: {str(error)[:80]}") from None


def _setup(text: Any) -> dict:
    value = _json(text)
    if not isinstance(value, dict):
        raise ValueError("the setup is not a JSON object")
    return value


def _action(text: Any) -> dict:
    value = _json(text)
    if not isinstance(value, dict):
        raise ValueError("the action is not a JSON object")
    return value


def _reason(error: Exception) -> str:
    """A stored action's failure as words: the rules' own sentence, or what was wrong with it."""
    if isinstance(error, Refused):
        return error.reason
    if isinstance(error, ValueError):
        return str(error)
    if isinstance(error, RecursionError):
        return "it is nested too deeply"
    return f"the rules cannot read it ({type(error).__name__})"


def _meta(text: Any) -> dict:
    try:
        value = _json(text or "{}")
    except ValueError:
        return {}
    return value if isinstance(value, dict) else {}


class JournaledMatch:
    """A match whose every change is committed to the journal before it counts."""

    def __init__(self, journal: Journal, game_id: int, match: Match, warnings: list[str] | None = None,
                 meta: dict | None = None) -> None:
        self.journal = journal
        self.id = game_id
        self.match = match
        self.warnings = warnings or []
        self.meta = meta or {}

    @property
    def game(self) -> Game:
        return self.match.game

    @property
    def state(self) -> Any:
        return self.match.state

    def _append(self, db: sqlite3.Connection, seq: int, action: Action, over: bool) -> None:
        """Write action ``seq`` and, when it ends the game, the finished flag (one
        transaction with the caller's other changes)."""
        db.execute("INSERT INTO actions VALUES (?, ?, ?)", (self.id, seq, json.dumps(action, ensure_ascii=False)))
        if over:
            db.execute("UPDATE games SET finished = 1 WHERE id = ?", (self.id,))

    def play(self, action: Action) -> Refusal | None:
        """Check, commit, then accept.  A refusal writes nothing and changes nothing."""
        try:
            action = canonical(action)  # what a log cannot hold (too deep, NaN, half a character) is refused too
            new_state = self.game.apply(self.match.state, action)
        except Refused as refused:
            return Refusal(refused.reason)
        seq = len(self.match.actions)
        over = self.game.is_over(new_state)

        def work(db: sqlite3.Connection) -> None:
            self._append(db, seq, action, over)
            db.execute("DELETE FROM redo WHERE game_id = ?", (self.id,))

        try:
            self.journal._transaction(work)
        except JournalWriteError as error:
            return Unsaved(str(error))
        self.match.accept(action, new_state)
        return None

    def undo(self) -> dict | None:
        if not self.match.can_undo():
            return None
        seq = len(self.match.actions) - 1
        depth = len(self.match.redo_stack)
        body = json.dumps(self.match.actions[-1], ensure_ascii=False)

        def work(db: sqlite3.Connection) -> None:
            db.execute("DELETE FROM actions WHERE game_id = ? AND seq = ?", (self.id, seq))
            db.execute("INSERT INTO redo VALUES (?, ?, ?)", (self.id, depth, body))
            db.execute("UPDATE games SET finished = 0 WHERE id = ?", (self.id,))

        self.journal._transaction(work, "The undo could not be saved")
        return self.match.undo()

    def redo(self) -> dict | None:
        if not self.match.can_redo():
            return None
        action = self.match.redo_stack[-1]
        depth = len(self.match.redo_stack) - 1
        seq = len(self.match.actions)
        new_state = self.game.apply(self.match.state, action)
        over = self.game.is_over(new_state)

        def work(db: sqlite3.Connection) -> None:
            db.execute("DELETE FROM redo WHERE game_id = ? AND depth = ?", (self.id, depth))
            self._append(db, seq, action, over)

        self.journal._transaction(work, "The redo could not be saved")
        return self.match.redo_into(new_state)

    def log_lines(self) -> list[dict]:
        return self.match.log_lines()

    def iter_log_text(self) -> Iterator[str]:
        for line in self.log_lines():
            yield json.dumps(line, ensure_ascii=False)
