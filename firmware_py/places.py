"""Where the box keeps its files: one folder, the journal's.

The journal, the settings, the card book and the knock calibration live side by side so
a builder backs up (or clears) one folder.  Here, below the companion, because the
drivers need the folder too (``knock.json``) and never import the companion.
"""

from __future__ import annotations

import os
from pathlib import Path

JOURNAL_NAME = "journal.sqlite3"


def journal_path() -> Path:
    """``$PLANCHETTE_JOURNAL``, else systemd's ``StateDirectory=``, else the XDG state folder."""
    if os.environ.get("PLANCHETTE_JOURNAL"):
        return Path(os.environ["PLANCHETTE_JOURNAL"])
    if os.environ.get("STATE_DIRECTORY"):
        return Path(os.environ["STATE_DIRECTORY"].split(":")[0]) / JOURNAL_NAME
    base = os.environ.get("XDG_STATE_HOME") or Path.home() / ".local" / "state"
    return Path(base) / "planchette" / JOURNAL_NAME


def state_folder() -> Path:
    """The folder of the default journal: where the box's other files sit beside it."""
    return journal_path().parent
