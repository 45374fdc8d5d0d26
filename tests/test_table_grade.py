"""Every example screen (what ``companion shots`` draws) is table-grade at the 7-inch 800×480
display, the Touch Display 2's 1280×720, 1024×600 and a 1920×1080 television: no text under the floor, every text 4.5:1
against what is behind it, nothing cut or running off its room, no text over other text,
every button at least 48×48 (scaled) and 8 apart, and on a game's screen something at the
table's size (``tests/table_grade.py`` says what each check means)."""

from __future__ import annotations

import pytest

from companion.ui.shots import examples, rendered
from companion.ui.widgets import TEXT_LOG
from tests.table_grade import audit, target_problems, text_problems

SIZES = ((800, 480), (1280, 720), (1024, 600), (1920, 1080))
NAMES = [name for name, _ in examples()]
#: screens still being redesigned for the table (issue #13): each is expected to fail the
#: audit, strictly — the moment one passes, it must come off this list
NOT_YET: set[str] = {name for name in NAMES if name.split("-")[0] in set()}


@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
@pytest.mark.parametrize("name", NAMES)
def test_every_screen_is_table_grade(name, size):
    problems = []
    for _, _, app in rendered((size,), only=name):
        TEXT_LOG.clear()
        app.dirty = True
        app.step()
        problems = audit(app)
    if name in NOT_YET:
        assert problems, f"{name} passes the audit at {size} now: take it off NOT_YET"
        pytest.xfail(f"{name}: {len(problems)} problems, redesign under way (issue #13)")
    assert not problems, f"{name} at {size}: {len(problems)} problems:\n" + "\n".join(problems)


def test_the_audit_finds_what_it_looks_for():
    import pygame

    from companion.ui import theme
    from companion.ui.widgets import DrawnText

    scale = theme.Scale((800, 480))
    screen = (800, 480)
    small = DrawnText("visions 2", 60, 100, pygame.Rect(0, 0, 60, 11), screen, 11, theme.MUTED, theme.PANEL)
    faint = DrawnText("Start", 40, 100, pygame.Rect(0, 40, 40, 20), screen, 18, (255, 255, 255), (110, 214, 140))
    cut = DrawnText("#11 Polt…", 80, 80, pygame.Rect(0, 80, 80, 20), screen, 16, theme.INK, theme.PANEL, cut=True)
    problems = text_problems([small, faint, cut], scale)
    assert any("under the 16 px floor" in p for p in problems)
    assert any("'Start' has a contrast of 1.8" in p or "'Start' has a contrast of 1.9" in p for p in problems), problems
    assert any("is cut" in p for p in problems)
    tiny = target_problems([("Undo", pygame.Rect(600, 6, 74, 32)), ("Redo", pygame.Rect(678, 6, 74, 48))],
                           pygame.Rect(0, 0, 800, 480), scale)
    assert any("'Undo' is 74×32" in p for p in tiny) and any("4 px apart" in p for p in tiny)
