"""What can go wrong with the journal file, said as a player or a builder would want to hear it.

The journal is one SQLite file on a microSD card.  Cards fill up, get write-protected, fail;
another program can hold the file; a user can point ``--journal`` at a folder, a dangling
link, a game log or some other program's database.  Each of these is a :class:`JournalError`
whose ``reason`` says what happened and whose ``advice`` says what to do, so the screen and
the CLI never show SQLite's or Python's words on their own.
"""

from __future__ import annotations

import os
import sqlite3
import stat
from pathlib import Path

SQLITE_MAGIC = b"SQLite format 3\x00"
APPLICATION_ID = 0x504C4348  # "PLCH": SQLite's header field for "which program's file is this"
OUR_TABLES = frozenset({"games", "actions", "redo", "quarantine"})


class JournalError(Exception):
    """The journal cannot be used; ``reason`` says why, ``advice`` what to do (both for a player)."""

    def __init__(self, reason: str, advice: str = "") -> None:
        super().__init__(reason)
        self.reason = reason
        self.advice = advice

    def __str__(self) -> str:
        return f"{self.reason}; {self.advice[:1].lower()}{self.advice[1:]}" if self.advice else self.reason


class JournalNotADatabase(JournalError):
    """The journal file holds something other than a journal (it may be set aside if it is
    the companion's own default file)."""


class JournalEmpty(JournalError):
    """Opened only to read, and there is no journal file yet."""


class JournalInUse(JournalError):
    """Another companion (or an import) is writing this journal."""


class JournalWriteError(JournalError):
    """A write failed (full card, lock, read-only, I/O error); nothing of it was kept."""


def _name(error: sqlite3.Error) -> str:
    return getattr(error, "sqlite_errorname", "") or ""


def write_fault(error: sqlite3.Error) -> tuple[str, str]:
    """(what happened, what to do) for an SQLite error met while writing."""
    name = _name(error)
    text = str(error).lower()
    if name.startswith("SQLITE_FULL") or "disk is full" in text:
        return "the card is full", "free some space on it"
    if name.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")) or "locked" in text:
        return ("another program is holding the journal",
                "close the other program (another companion, an import, an SQLite browser) and try again")
    if name.startswith("SQLITE_READONLY") or "readonly" in text or "read-only" in text:
        return ("the journal is read-only (the card is write-protected, or the file or its folder may not be written)",
                "make the journal writable and try again")
    if name.startswith("SQLITE_IOERR") or "i/o error" in text:
        return ("the card could not be written (an input/output error: it may be failing or was removed)",
                "check the card and try again")
    if name.startswith("SQLITE_CONSTRAINT"):
        return ("the journal holds an entry this companion did not write (another program changed it)",
                "restart the companion: it reads the journal afresh")
    if name.startswith(("SQLITE_CORRUPT", "SQLITE_NOTADB")):
        return "the journal file is damaged", DAMAGED_ADVICE
    return f"the journal could not be written ({error})", "try again"


def not_saved(error: sqlite3.Error, what: str = "The game could not be saved") -> JournalWriteError:
    """The sentence a table sees when an entry could not be committed."""
    reason, advice = write_fault(error)
    return JournalWriteError(f"{what}: {reason}", f"{advice}; everything before this entry is safe")


def open_fault(path: Path, error: BaseException) -> JournalError:
    """A journal that cannot be opened or created (SQLite's or the OS's error)."""
    if isinstance(error, sqlite3.Error):
        reason, advice = write_fault(error)
        return JournalError(f"the journal {path} cannot be opened: {reason}", advice)
    if isinstance(error, PermissionError) or getattr(error, "errno", None) == 30:  # EROFS
        return JournalError(f"the journal {path} cannot be written: {getattr(error, 'strerror', None) or error}",
                            f"make {path.parent} writable, or give another --journal")
    if isinstance(error, OSError):
        return JournalError(f"the journal {path} cannot be created: {error.strerror or error}",
                            "give a --journal in a folder that exists and can be written")
    return JournalError(f"the journal {path} cannot be opened: {error}", "give another --journal")


def what_is_there(path: Path) -> JournalNotADatabase | JournalError | None:
    """None if ``path`` can hold a journal (missing, empty, or an SQLite file); otherwise the
    refusal that names what the file is.  Never changes the file."""
    try:
        info = os.stat(path)
    except (FileNotFoundError, NotADirectoryError):  # a new journal (its folder is made, or refused, later)
        if os.path.islink(path):
            return JournalError(f"the journal {path} is a link to {os.readlink(path)}, which does not exist",
                                "mount or create what it points to, or give another --journal")
        return None
    except OSError as error:
        return JournalError(f"the journal {path} cannot be looked at: {error.strerror or error}",
                            "give another --journal")
    if stat.S_ISDIR(info.st_mode):
        return JournalError(f"the journal {path} is a folder, not a journal file",
                            f"give a file's path, such as {path / 'journal.sqlite3'}")
    if not stat.S_ISREG(info.st_mode):
        return JournalError(f"the journal {path} is not an ordinary file (a device or a pipe)",
                            "give the path of a journal file")
    try:
        with open(path, "rb") as handle:
            head = handle.read(len(SQLITE_MAGIC))
            rest = handle.read(4096) if head and not head.startswith(SQLITE_MAGIC[:1]) else b""
    except OSError as error:
        return JournalError(f"the journal {path} cannot be read: {error.strerror or error}",
                            "make it readable, or give another --journal")
    if not head or head == SQLITE_MAGIC:
        return None
    sample = (head + rest).lstrip()
    if sample.startswith(b"{") and b'"game"' in sample.split(b"\n", 1)[0]:
        return JournalNotADatabase(f"{path} is a game log, not a journal",
                                   f"use `companion import {path}` to carry on with it")
    return JournalNotADatabase(f"the journal {path} is not a journal (the file holds something else)",
                               "give the path of a journal, or a new file's path to start one")


OUR_COLUMNS = {
    "games": {"id", "game", "setup", "started", "finished", "abandoned"},  # "meta" came later
    "actions": {"game_id", "seq", "body"},
    "redo": {"game_id", "depth", "body"},
    "quarantine": {"game_id", "seq", "body", "reason"},
}


def foreign_tables(db: sqlite3.Connection) -> str | None:
    """A sentence if the database belongs to another program (it does not carry our
    application id, and its tables are not ours by name *and* by columns); None for ours or
    an empty one.  Read-only: nothing is written before the file is known to be ours."""
    tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    application = db.execute("PRAGMA application_id").fetchone()[0]
    if application == APPLICATION_ID or not tables:
        return None
    if application == 0 and {"games", "actions"} <= tables <= OUR_TABLES and all(
            OUR_COLUMNS[table] <= {row[1] for row in db.execute(f"PRAGMA table_info({table})")}
            for table in tables):
        return None  # a journal from before the application id was written
    listed = ", ".join(sorted(tables)[:5]) + (", …" if len(tables) > 5 else "")
    return f"is another program's SQLite database (its tables: {listed}), not a Planchette journal"


DAMAGED_ADVICE = ("give another --journal, or move this one away (sqlite3's .recover may rescue its games); "
                  "the companion sets its own default journal aside by itself")


def read_fault(path: Path, error: sqlite3.Error) -> JournalError:
    """A journal that fails while being read: damaged pages, or a file changed under us."""
    if _name(error).startswith(("SQLITE_CORRUPT", "SQLITE_NOTADB")) or "malformed" in str(error):
        return JournalNotADatabase(f"the journal {path} is damaged ({error})", DAMAGED_ADVICE)
    reason, advice = write_fault(error)
    return JournalError(f"the journal {path} cannot be read: {reason}", advice)
