"""Helpers for a game's example positions (``Entry.examples``): what ``companion shots`` draws
and the screen tests render at every size.  A position is ``(name, prepare(app))``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Callable

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"


def read_log(name: str) -> tuple[dict, list[dict]] | None:
    """(setup, actions) of ``docs/examples/NAME``, or None where the docs are not installed."""
    path = EXAMPLES / name
    if not path.exists():
        return None
    lines = [json.loads(text) for text in path.read_text(encoding="utf-8").splitlines() if text.strip()]
    return lines[0], lines[1:]


def stored(app, setup: dict, actions: list[dict], meta: dict | None = None):
    """The example game, journaled as if it had been played on this box."""
    from companion.engine.match import replay
    from companion.games import registry

    return app.journal.import_match(replay(registry()[setup["game"]], setup, actions), meta or {"computer": []})


def load(app, setup: dict, actions: list[dict], meta: dict | None = None) -> None:
    app.open_match(stored(app, setup, actions, meta))


def at(setup: dict, actions: list[dict], upto: int, meta: dict | None = None) -> Callable:
    """A position: the game after its first ``upto`` actions."""
    return lambda app: load(app, setup, actions[:upto], meta)


def results(setup: dict, actions: list[dict]) -> Callable:
    """A position: the game's results screen."""
    def prepare(app):
        from companion.ui.summary import SummaryScreen

        load(app, setup, actions)
        app.show(SummaryScreen(app))
    return prepare
