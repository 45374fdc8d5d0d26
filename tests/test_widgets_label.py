"""A button's label (widgets.draw_label, through draw_button): one line when it fits at its
size or at the floor, else wrapped onto the lines the button holds — at its size, else at
the floor — so a long choice reads whole instead of cut; a face drawn on a button finds the
same ink draw_button gives its label (widgets.face_ink)."""

from __future__ import annotations

import pygame
import pytest

from companion.ui import theme
from companion.ui.widgets import TEXT_LOG, Button, button_colours, draw_button, face_ink, forget_fonts

SIZE = (800, 480)  # one unit a pixel: the floor is 16 px, a label 18


@pytest.fixture
def surface():
    pygame.init()
    TEXT_LOG.clear()
    yield pygame.Surface(SIZE)
    forget_fonts()
    pygame.quit()


def drawn(surface, label: str, width: int, height: int, **state) -> list:
    button = Button(pygame.Rect(40, 40, width, height), label, "go", **state)
    draw_button(surface, button, 18)
    return list(TEXT_LOG)


def test_a_label_that_fits_is_one_line_at_its_size(surface):
    [line] = drawn(surface, "Back", 200, 48)
    assert (line.text, line.size, line.cut) == ("Back", 18, False)


def test_a_label_that_fits_at_the_floor_shrinks_onto_one_line(surface):
    label = "A card not in the catalog…"
    width = theme.font(17, True).size(label)[0] + 12  # room at 17 px, not at 18
    [line] = drawn(surface, label, width, 100)
    assert line.text == label and 16 <= line.size < 18 and not line.cut


def test_a_long_label_wraps_at_its_size_when_the_button_holds_the_lines(surface):
    lines = drawn(surface, "Jack-in-the-Box: fill in faces and damage…", 200, 100)
    assert len(lines) >= 2 and all(t.size == 18 and not t.cut for t in lines)
    assert " ".join(t.text for t in lines) == "Jack-in-the-Box: fill in faces and damage…"
    middle = (lines[0].rect.top + lines[-1].rect.bottom) / 2
    assert abs(middle - (40 + 100 / 2)) <= 2  # centred in the button
    assert all(pygame.Rect(40, 40, 200, 100).contains(t.rect) for t in lines)


def test_a_long_label_wraps_at_the_floor_when_its_size_needs_too_many_lines(surface):
    lines = drawn(surface, "To the board upside down, a phantom", 180, 48)
    assert len(lines) == 2 and all(t.size == 16 and not t.cut for t in lines)


def test_what_does_not_fit_at_the_floor_ends_cut_for_the_audit_to_refuse(surface):
    lines = drawn(surface, "Burn it: a one-time use, then the trash, and then some more words", 120, 48)
    assert lines[-1].cut


def test_a_selected_label_wraps_with_its_tick_in_the_ink_of_its_state(surface):
    button = Button(pygame.Rect(40, 40, 160, 60), "Ann draws a card from the deck", "draw", selected=True)
    draw_button(surface, button, 18)
    assert TEXT_LOG[0].text.startswith("✓ ") and len(TEXT_LOG) >= 2
    assert {t.colour for t in TEXT_LOG} == {button_colours(button)[1]}


@pytest.mark.parametrize("state", [{}, {"enabled": False}, {"selected": True}, {"colour": theme.GOLD}, "pressed"])
def test_a_face_finds_the_ink_draw_button_gives_a_label(surface, state):
    seen = []
    button = Button(pygame.Rect(40, 40, 160, 60), "", "go", **(state if isinstance(state, dict) else {}),
                    draw_face=lambda surface, rect: seen.append(face_ink(surface, rect)))
    draw_button(surface, button, 18, pressed=state == "pressed")
    assert seen == [button_colours(button, pressed=state == "pressed")[1]]
