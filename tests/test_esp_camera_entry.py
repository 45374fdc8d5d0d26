"""ESP's screen taking cards from the camera, without a camera: the events the camera's
process would send, handed to the screen — a sure card entered and undone like a tapped one,
an unsure one asked about and answered by a tap, a knock or a correction, a card already
played ignored."""

from __future__ import annotations

from companion.games.esp import ESP
from companion.vision.tracker import Gone, Landed
from tests.ui_driver import make_app, open_match, tap

CORNERS = ((500.0, 200.0), (600.0, 200.0), (600.0, 340.0), (500.0, 340.0))
SETUP = {"game": "esp", "players": ["Ann", "Bo"]}


def at_first_play(tmp_path):
    app = make_app(tmp_path)
    actions = [{"act": "predict", "seat": 0, "claim": "star"}, {"act": "predict", "seat": 1, "claim": 3},
               {"act": "vision", "card": "1 circle"}]
    open_match(app, ESP, SETUP, actions)
    return app


def landed(card, confidence=0.95, *others):
    return Landed(1, card, confidence, ((card, confidence), *((o, 0.4) for o in others)), CORNERS)


def test_a_sure_card_is_entered_and_undone_like_a_tapped_one(tmp_path):
    app = at_first_play(tmp_path)
    assert app.screen.on_camera(landed("3 star"))
    assert app.match.match.actions[-1] == {"act": "play", "seat": 0, "card": "3 star"}
    assert app.banner.text == "Seen: Ann played 3 star. Undo if it is wrong."
    tap(app, "undo")
    assert app.match.match.actions[-1]["act"] == "vision"
    assert not app.screen.on_camera(Gone(1, "3 star"))  # the card picked up: nothing to enter


def test_an_unsure_card_is_asked_about_and_one_tap_or_a_knock_enters_it(tmp_path):
    app = at_first_play(tmp_path)
    count = len(app.match.match.actions)
    app.screen.on_camera(landed("3 star", 0.6, "3 square"))
    app.step()
    assert app.screen.prompt()[0] == "Ann played 3 star?" and len(app.match.match.actions) == count
    app.answer("yes")  # a yes button or one knock
    assert app.match.match.actions[-1] == {"act": "play", "seat": 0, "card": "3 star"}
    app.screen.on_camera(landed("2 square", 0.5, "2 circle"))
    tap(app, ("seen-card", "2 circle"))  # the right card, offered below: one tap corrects
    assert app.match.match.actions[-1] == {"act": "play", "seat": 1, "card": "2 circle"}


def test_no_leaves_the_card_to_be_tapped_in(tmp_path):
    app = at_first_play(tmp_path)
    count = len(app.match.match.actions)
    app.screen.on_camera(landed("3 star", 0.6))
    app.answer("no")
    assert app.screen.seen.question() is None and len(app.match.match.actions) == count
    assert app.screen.prompt()[0] == "Ann plays a card"


def test_a_card_already_played_this_round_is_never_entered_again(tmp_path):
    app = at_first_play(tmp_path)
    app.screen.on_camera(landed("3 star"))
    count = len(app.match.match.actions)
    assert not app.screen.on_camera(landed("3 star"))  # laid again (the trick straightened): nothing
    assert not app.screen.on_camera(landed("1 circle"))  # the Vision Card nudged
    assert len(app.match.match.actions) == count and app.screen.seen.question() is None


def test_a_card_landing_while_another_is_asked_about_waits_for_the_answer(tmp_path):
    """Never a wrong card silently: Bo's card, seen surely while Ann's is still asked about,
    is not entered as Ann's — it is taken once Ann's is settled."""
    app = at_first_play(tmp_path)
    app.screen.on_camera(landed("3 star", 0.6))  # Ann's, unsure: asked
    app.screen.on_camera(Landed(2, "2 circle", 0.95, (("2 circle", 0.95),), CORNERS))  # Bo's, sure
    assert app.match.match.actions[-1]["act"] == "vision"  # nothing entered past the question
    app.answer("yes")
    app.step()
    assert [a["card"] for a in app.match.match.actions[-2:]] == ["3 star", "2 circle"]
    assert [a["seat"] for a in app.match.match.actions[-2:]] == [0, 1]


def test_a_place_read_as_another_card_than_before_is_asked_about(tmp_path):
    app = at_first_play(tmp_path)
    changed = Landed(1, "4 star", 0.95, (("4 star", 0.95),), CORNERS, again=True)
    app.screen.on_camera(changed)
    assert app.match.match.actions[-1]["act"] == "vision"
    assert app.screen.seen.question().why == "the camera read this card as another one before"


def test_a_card_seen_while_the_menu_is_up_is_taken_when_the_game_is_back(tmp_path):
    from companion.ui import shell

    app = at_first_play(tmp_path)
    game = app.screen

    class Camera:  # the camera's process as the app sees it: one card, then nothing
        spec, ready, captured, table = None, True, None, None
        events = [landed("3 star")]

        def poll(self):
            events, self.events = self.events, []
            return events

        def close(self):
            pass

    app.camera = Camera()
    app.show(shell.MenuScreen(app, game))
    app.step()  # the card lands while the menu is up
    assert app.match.match.actions[-1]["act"] == "vision"
    app.show(game)
    assert app.match.match.actions[-1] == {"act": "play", "seat": 0, "card": "3 star"}


def test_camera_on_the_command_line_reads_against_the_deck_beside_the_settings(tmp_path, monkeypatch):
    import argparse

    from companion.ui.app import camera_spec

    monkeypatch.setenv("PLANCHETTE_SETTINGS", str(tmp_path / "settings.json"))
    spec = camera_spec(argparse.Namespace(camera="pi", deck=None, sim=False))
    assert spec.source == "pi" and spec.deck == str(tmp_path / "deck")
    virtual = camera_spec(argparse.Namespace(camera="virtual", deck=None, sim=False))
    assert virtual.deck is None and virtual.virtual_decks == str(tmp_path / "virtual-decks")
    assert camera_spec(argparse.Namespace(camera=None, deck=None, sim=False)) is None
