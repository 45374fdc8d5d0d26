"""The on-screen keyboard types what players and cards are called: capitals after a space
(accented too), digits and the punctuation card names use, accented letters on a page of
their own, within the length limit; the old text is replaced by the first key, Clear
empties it, Cancel changes nothing, and Return is Done, never past it."""

from __future__ import annotations

import pygame
import pytest

from companion.ui.keyboard import ACCENTS, LETTERS, NOTHING_TYPED, KeyboardScreen
from companion.ui.shell import HomeScreen, SetupScreen
from tests.ui_driver import buttons, find, key, make_app, shot, tap, type_on_screen

MIN_KEY = 48  # pixels a side at 800×480: a fingertip


@pytest.fixture
def app(tmp_path):
    app = make_app(tmp_path)
    yield app
    app.close()


def keyboard(app, text="", limit=30):
    got = []
    app.show(KeyboardScreen(app, HomeScreen(app), "Name of the card", text, got.append, limit=limit))
    app.draw()
    return got


def test_a_hyphenated_card_name_with_digits_and_an_apostrophe_can_be_typed(app, tmp_path):
    got = keyboard(app)
    type_on_screen(app, "jack-in-the-box 2", done=False)
    type_on_screen(app, " ma's.", done=False)
    shot(app, tmp_path / "keyboard.png")
    tap(app, "done")
    assert got == ["Jack-in-the-box 2 Ma's."]


def test_the_limit_stops_typing_and_rub_out_takes_one_back(app):
    keyboard(app)
    type_on_screen(app, "x" * 40, done=False)
    assert len(app.screen.text) == 30
    tap(app, "rub")
    assert len(app.screen.text) == 29


def test_zoe_and_soren_are_typed_by_taps_over_the_old_names_at_set_up(app):
    setup = SetupScreen(app, "esp")
    app.show(setup)
    tap(app, ("name", 0))
    assert app.screen.text == "Ann" and app.screen.replacing
    type_on_screen(app, "Zoë")
    tap(app, ("name", 1))
    type_on_screen(app, "Søren")
    assert app.screen is setup
    assert setup.names[:3] == ["Zoë", "Søren", "Cy"]


def test_the_accents_page_holds_the_letters_of_european_names_and_turns_back_after_one(app):
    keyboard(app)
    tap(app, "page")
    accents = {button.action[1] for button in buttons(app) if button.action[:1] == ("key",)} - {" "}
    assert set("ÉÈÜÖÄÑØÅÇßË") <= accents
    tap(app, ("key", "Ø"))
    assert find(app, ("key", "Q"))  # back to the letters for the rest of the name
    assert app.screen.text == "Ø"


def test_a_letter_after_a_space_is_a_capital_accented_or_not(app):
    got = keyboard(app)
    for letter in ("É", "L", "O", "D", "I", "E", " ", "Ö", "Z", "Ü", "R", "K"):
        if letter.strip() and not any(b.action == ("key", letter) for b in buttons(app)):
            tap(app, "page")
        tap(app, ("key", letter))
    tap(app, "done")
    assert got == ["Élodie Özürk"]


def test_the_old_name_is_replaced_by_the_first_key_and_rub_out_clears_it(app):
    keyboard(app, "Bo")
    type_on_screen(app, "c", done=False)
    assert app.screen.text == "C"
    keyboard(app, "Bo")
    tap(app, "rub")
    assert app.screen.text == ""
    assert not find(app, "done").enabled  # an empty name is no name


def test_a_tap_on_the_old_name_keeps_it_to_add_to(app):
    got = keyboard(app, "Bo")
    tap(app, "field")
    type_on_screen(app, " jr")
    assert got == ["Bo Jr"]


def test_clear_empties_the_field(app):
    got = keyboard(app, "Jack-in-the-Box")
    tap(app, "clear")
    assert app.screen.text == "" and not find(app, "clear").enabled
    type_on_screen(app, "zoë")
    assert got == ["Zoë"]


def test_cancel_goes_back_and_changes_nothing(app):
    setup = SetupScreen(app, "esp")
    app.show(setup)
    tap(app, ("name", 1))
    type_on_screen(app, "Søren", done=False)
    tap(app, "cancel")
    assert app.screen is setup and setup.names[1] == "Bo"


def test_a_plugged_in_keyboard_replaces_the_old_text_and_escape_cancels(app):
    got = keyboard(app, "Bo")
    key(app, "ñ")
    key(app, "o")
    assert app.screen.text == "ño"
    key(app, "", pygame.K_ESCAPE)
    assert isinstance(app.screen, HomeScreen) and got == []


@pytest.mark.parametrize("enter", [pygame.K_RETURN, pygame.K_KP_ENTER], ids=["return", "keypad-enter"])
def test_return_after_clear_does_what_the_disabled_done_does_nothing_but_say_why(app, enter):
    got = keyboard(app, "Jack-in-the-Box")
    tap(app, "clear")
    key(app, "\r", enter)
    assert isinstance(app.screen, KeyboardScreen) and got == []  # the old name was blanked here
    assert app.banner.text == NOTHING_TYPED
    key(app, " ")
    key(app, "\r", enter)
    assert not find(app, "done").enabled and got == []  # a space is no name either
    type_on_screen(app, "zoë", done=False)
    key(app, "\r", enter)
    assert isinstance(app.screen, HomeScreen) and got == ["Zoë"]


def test_return_on_the_untouched_old_text_hands_it_back_as_done_does(app):
    got = keyboard(app, "Cy")
    key(app, "\r", pygame.K_RETURN)
    assert isinstance(app.screen, HomeScreen) and got == ["Cy"]


def test_untouched_done_hands_back_the_old_text(app):
    got = keyboard(app, "Cy")
    tap(app, "done")
    assert got == ["Cy"]


@pytest.mark.parametrize("turns", [0, 1])
def test_every_key_is_a_fingertip_wide_at_800_by_480(app, turns):
    keyboard(app, "Bo")
    for _ in range(turns):
        tap(app, "page")
    app.step()
    keys = app.screen.buttons
    assert len(keys) == 1 + sum(map(len, (ACCENTS if turns else LETTERS))) + 6
    assert [(b.label, b.rect.size) for b in keys if min(b.rect.size) < MIN_KEY] == []


def test_escape_during_a_game_cancels_the_keyboard_rather_than_opening_the_menu(app):
    tap(app, ("game", "esp"))
    tap(app, "start")
    game_screen = app.screen
    got = []
    app.show(KeyboardScreen(app, game_screen, "Name of the card", "Old", got.append))
    key(app, "\x1b", pygame.K_ESCAPE)
    assert app.screen is game_screen and got == []
    key(app, "\x1b", pygame.K_ESCAPE)  # on the game itself, Escape is still the menu
    assert type(app.screen).__name__ == "MenuScreen"


def test_a_longer_text_given_comes_back_whole_when_left_as_it_is(app):
    """A card's long printed text, opened in the keyboard and left untouched: Done keeps all of it."""
    from companion.ui.keyboard import KeyboardScreen
    from companion.ui.shell import HomeScreen

    got = []
    long_text = "Deal 2 damage to each opponent who holds a crystal or a cursed item"
    app.show(KeyboardScreen(app, HomeScreen(app), "What the card says", long_text, got.append, limit=30))
    app.screen.on_button("done")
    assert got == [long_text]
