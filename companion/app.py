"""``companion`` with no subcommand: start the table app (the pygame screen, or the
terminal companion with ``--text``).  Imported lazily so ``replay`` never loads pygame."""

from __future__ import annotations

import argparse


def run_app(args: argparse.Namespace) -> int:
    from companion.ui.app import run_app as run_screen

    return run_screen(args)
