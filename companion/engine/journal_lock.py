"""One writer per journal.

Two companions writing one journal would interleave their games' rows and undo each other's
acknowledged actions, so a writer holds an advisory ``flock`` on ``<journal>.lock`` for as
long as it has the journal open, and writes its process number there so that a second
writer can say who holds it.  The kernel drops the lock when the process dies (a pulled
plug, SIGKILL), so a stale lock file never blocks a restart.  Readers (``companion games``,
``export``) take no lock: SQLite's WAL lets them read beside the writer.
"""

from __future__ import annotations

import fcntl
import os
from pathlib import Path

from companion.engine.journal_faults import JournalError, JournalInUse


def lock_path(journal: Path) -> Path:
    return journal.with_name(journal.name + ".lock")


class WriterLock:
    """The held lock; :meth:`release` (or the process ending) lets the next writer in."""

    def __init__(self, fd: int, path: Path) -> None:
        self.fd: int | None = fd
        self.path = path

    @classmethod
    def acquire(cls, journal: Path) -> "WriterLock":
        path = lock_path(journal)
        try:
            fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o644)
        except OSError as error:
            raise JournalError(f"the journal {journal} cannot be written: its folder refuses the lock file "
                               f"({error.strerror or error})",
                               f"make {journal.parent} writable, or give another --journal") from None
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            holder = _holder(fd)
            os.close(fd)
            who = f" (process {holder})" if holder else ""
            raise JournalInUse(f"the companion is already running on this journal{who}",
                               "use that one, or close it first; `companion games` and `export` may run beside it") \
                from None
        try:
            os.ftruncate(fd, 0)
            os.write(fd, f"{os.getpid()}\n".encode())
        except OSError:
            pass  # a full card: the lock is held all the same; the number only names us to a second writer
        return cls(fd, path)

    def release(self) -> None:
        if self.fd is not None:
            os.close(self.fd)  # closing drops the flock; the file stays (harmless, reused)
            self.fd = None


def _holder(fd: int) -> int | None:
    try:
        text = os.pread(fd, 32, 0).decode("ascii", "replace").strip()
    except OSError:
        return None
    return int(text) if text.isdigit() else None
