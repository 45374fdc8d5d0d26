"""Every game's screen draws from the game's view, never from its raw state
(docs/architecture.md, "Screens read the view"): no module in ``companion/ui/games`` reads a
``.state`` attribute, so a screen cannot show a secret the view has stripped, nor work out a
rule the view already carries.  ``GameScreen`` itself (``companion/ui/screen.py``) is the one
place that hands the state to the game's ``view``, ``legal`` and bots."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SCREENS = Path(__file__).resolve().parent.parent / "companion" / "ui" / "games"


def state_reads(source: str) -> list[int]:
    """The lines of ``source`` that read an attribute called ``state``."""
    return sorted(node.lineno for node in ast.walk(ast.parse(source))
                  if isinstance(node, ast.Attribute) and node.attr == "state")


@pytest.mark.parametrize("module", sorted(SCREENS.glob("*.py")), ids=lambda path: path.name)
def test_no_game_screen_reads_the_raw_state(module):
    lines = state_reads(module.read_text(encoding="utf-8"))
    assert not lines, f"{module.name} reads .state on lines {lines}: draw from self.view or self.seat_view(seat)"


def test_the_check_finds_a_state_read():
    assert state_reads("def draw(self):\n    return self.state.round\n") == [2]
    assert state_reads("x = self.app.match.state\n") == [1]
    assert state_reads("def draw(self):\n    return self.view['round']\n") == []
