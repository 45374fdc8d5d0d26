"""``companion`` with no subcommand: start the table app.

The pygame screen is not built yet (issue 4); until it is, the companion runs in
the terminal (:mod:`companion.textmode`) with the same journal, resume, undo and
refusals.
"""

from __future__ import annotations

import argparse


def run_app(args: argparse.Namespace) -> int:
    from companion.textmode import TextCompanion

    return TextCompanion.from_args(args).run()
