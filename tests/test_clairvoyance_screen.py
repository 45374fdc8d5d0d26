"""The Clairvoyance screen driven as at the table: set-up through the set-up screen
(characters, teams, the die entered face by face), a whole game of the examples entered by
taps, a window answered in priority order, the die's turn among the reachable faces only, a
card defined and a missing figure filled in on screen, a refusal as a banner that changes
nothing, undo, and the pentagram following the state."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.games import registry
from companion.ui.games.clairvoyance import ClairvoyanceScreen
from companion.ui.games.clairvoyance_entry import CardForm, DieEntryScreen
from companion.ui.summary import SummaryScreen
from companion.ui.widgets import TEXT_LOG
from tests.clairvoyance_table import CARDS
from tests.ui_driver import buttons, find, make_app, open_match, tap, type_on_screen

ROOT = Path(__file__).resolve().parent.parent
G = registry()["clairvoyance"]


def example(name):
    lines = [json.loads(t) for t in (ROOT / "docs" / "examples" / name).read_text().splitlines() if t.strip()]
    return lines[0], [{k: v for k, v in a.items() if k != "t"} for a in lines[1:]]


@pytest.fixture
def app(tmp_path):
    app = make_app(tmp_path)
    yield app
    app.close()


def open_game(app, setup, actions=()):
    open_match(app, G, setup, actions)
    assert isinstance(app.screen, ClairvoyanceScreen)


def tap_choice(app, want):
    """Tap ``want``, paging through a long list of choices ("More ▸") to find it."""
    for _ in range(50):
        try:
            find(app, want)
            return tap(app, want)
        except LookupError:
            more = [b for b in buttons(app) if isinstance(b.action, tuple) and b.action[0] == "flow"]
            if not more:
                raise
            tap(app, more[0].action)
    raise AssertionError(f"{want!r} never came up")


def expected(app):
    return app.match.game.expected(app.match.state)


def enter(app, action):
    """One line of a log, entered as a person would tap it."""
    act = action["act"]
    if act == "guess":
        if any(b.action == ("seat", action["seat"]) for b in buttons(app)):
            tap(app, ("seat", action["seat"]))
        for face in action["faces"]:
            tap(app, ("say", face))
    elif act in ("possess", "throw"):
        tap(app, ("verb", act))
        tap_choice(app, ("pick", action["card"] if "card" in action else ("item", action["item"])))
        tap_choice(app, ("do", action))
    elif act == "discard":
        tap(app, ("verb", "discard"))
        if "cards" in action:
            tap_choice(app, ("pick", action["cards"][0]))
        tap_choice(app, ("do", action))
    elif act in ("instant", "use", "ability"):
        if expected(app)["act"] != "window":
            tap(app, ("verb", "act"))
        tap(app, ("actor", action["seat"]))
        tap_choice(app, ("do", action))
    elif act == "die" and "cause" in action:
        tap(app, ("verb", "dieby"))
        tap_choice(app, ("do", action))
    elif act in ("hurt", "heal", "draw", "destroy"):
        enter_correction(app, action)
    else:
        tap_choice(app, ("do", action))


def enter_correction(app, action):
    act = action["act"]
    tap(app, ("verb", "fix"))
    tap(app, ("pick", act))
    if any(b.action == ("pick", action["cause"]) for b in buttons(app)):
        tap(app, ("pick", action["cause"]))
    if act == "destroy":
        return tap_choice(app, ("do", action))
    tap_choice(app, ("pick", action["seat"]))
    tap(app, ("do", action))


def draw(app):
    TEXT_LOG.clear()
    app.dirty = True
    app.step()
    return " ".join(t.text for t in TEXT_LOG)  # a wrapped paragraph reads as one


# -- a whole game ------------------------------------------------------------------------------
def test_a_whole_two_player_game_is_entered_by_taps(app):
    setup, actions = example("clairvoyance-two-players.jsonl")
    open_game(app, setup)
    for action in actions:
        enter(app, action)
    assert app.match.match.actions == actions
    state = app.match.state
    assert state.phase == "over" and state.winners == (0,)
    assert "Ann wins!" in draw(app)
    tap(app, ("results",))
    assert isinstance(app.screen, SummaryScreen)
    rounds = app.match.game.view(state, None)["results"]["rounds"]
    assert rounds[0] == [6, 7] and rounds[-1] == [2, 0]


def test_the_team_game_is_entered_by_taps(app):
    setup, actions = example("clairvoyance-teams.jsonl")
    open_game(app, setup)
    for action in actions:
        enter(app, action)
    assert app.match.match.actions == actions
    assert app.match.state.phase == "over"


def test_what_happened_is_told_in_words(app):
    setup, actions = example("clairvoyance-die-example.jsonl")
    open_game(app, setup, actions)
    assert "Ann turned the die 3 → 6: the Armchair hits Bo for 3 (6 is one of its faces 1, 6)." in draw(app)


# -- the window ------------------------------------------------------------------------------------
def three_players(app, characters=("Gertrude", "RX-97", "Sebastian")):
    setup = {"game": "clairvoyance", "players": ["Ann", "Bo", "Cy"], "characters": list(characters), "cards": CARDS}
    opening = [{"act": "guess", "seat": 0, "faces": [3]}, {"act": "guess", "seat": 1, "faces": [1]},
               {"act": "guess", "seat": 2, "faces": [8]}, {"act": "roll", "face": 3}]
    open_game(app, setup, opening)


def seat_rows(app):
    """The seats in the row of who may act, left to right."""
    seats = [b for b in app.screen.buttons if isinstance(b.action, tuple) and b.action[0] == "actor"]
    return list(dict.fromkeys(b.action[1] for b in sorted(seats, key=lambda b: (b.rect.top, b.rect.left))))


def test_a_window_lists_who_may_interfere_in_priority_order_and_takes_two_interferences(app):
    three_players(app)
    enter(app, {"act": "throw", "seat": 0, "card": "Armchair", "target": 1})
    assert seat_rows(app) == [1, 2, 0]  # nearest Ann's left first, Ann last
    deflect = {"act": "instant", "seat": 1, "card": "Deflection", "item": "play"}
    enter(app, deflect)
    assert seat_rows(app) == [1, 2, 0]  # everyone may answer Bo's Deflection
    enter(app, {**deflect, "seat": 2})
    assert "Ann throws the Armchair at Bo (1 damage after −2)." in draw(app)
    tap(app, ("do", {"act": "pass", "seat": 1}))
    assert seat_rows(app) == [2, 0]
    assert "Bo answered." in draw(app)
    tap(app, ("do", {"act": "resolve"}))
    assert expected(app)["act"] == "die"
    interference = app.match.state.play.interference
    assert [i["player"] for i in interference] == ["Bo", "Cy"]


def test_the_die_turn_offers_only_the_reachable_faces_each_marked(app):
    three_players(app)
    enter(app, {"act": "throw", "seat": 0, "card": "Armchair", "target": 1})
    tap(app, ("do", {"act": "resolve"}))
    faces = {b.action[1]["face"]: b.label for b in app.screen.buttons
             if b.action[0] == "do" and b.action[1]["act"] == "die"}
    assert faces == {2: "2 ✗ misses", 4: "4 ✗ misses", 6: "6 ✓ hits"}  # 3 touches 2, 4 and 6
    assert "the Armchair needs 1, 6" in draw(app)
    tap(app, ("do", {"act": "die", "seat": 0, "face": 6}))
    assert app.match.state.health[1] == 7
    assert app.screen.pentagram_scene().damage is not None  # the hit flashes on the star


def test_an_ability_outside_a_window_opens_one_for_the_others(app):
    three_players(app, ("Gertrude", "RX-97", "Myr"))
    tap(app, ("verb", "act"))
    assert seat_rows(app) == [1, 2, 0]
    tap(app, ("actor", 0))
    assert not any(b.label.startswith("Pyromania") for b in buttons(app))  # nothing for Gertrude to burn yet
    tap(app, ("back",))
    assert seat_rows(app) == [1, 2, 0]
    tap(app, ("actor", 2))
    tap_choice(app, ("do", {"act": "ability", "seat": 2, "card": "Lamp"}))
    assert expected(app)["act"] == "window" and expected(app)["kind"] == "ability"
    # the others answer Myr's Eminent Domain; Myr owes no answer but may still play an
    # instant in it (R8), so his row comes last, without a Pass
    assert seat_rows(app) == [1, 0, 2]
    passes = [b.action[1]["seat"] for b in app.screen.buttons
              if b.label == "Pass" and isinstance(b.action, tuple) and len(b.action) > 1 and isinstance(b.action[1], dict)]
    assert passes == [1, 0]
    assert "Cy searches the deck for an item" in draw(app)


# -- cards ------------------------------------------------------------------------------------
def test_a_card_not_in_the_catalog_is_defined_on_screen(app):
    three_players(app)
    tap(app, ("newcard",))
    assert isinstance(app.screen, CardForm)
    tap(app, ("name",))
    type_on_screen(app, "Cuckoo Clock")
    for face in (3, 7):
        tap(app, ("face", face))
    for _ in range(2):
        tap(app, ("damage", +1))
    tap(app, ("use", "none"))
    tap(app, ("save",))
    assert isinstance(app.screen, ClairvoyanceScreen)
    card = app.match.state.cards["Cuckoo Clock"]
    assert (card.faces, card.damage, card.use) == ((3, 7), 2, "none")
    assert app.match.match.actions[-1]["card"] == {"name": "Cuckoo Clock", "type": "item", "faces": [3, 7],
                                                   "damage": 2, "use": "none"}
    tap(app, ("verb", "throw"))
    find(app, ("pick", "Cuckoo Clock"))


def test_a_missing_figure_is_filled_in_the_first_time_the_card_appears(app):
    setup = {"game": "clairvoyance", "players": ["Ann", "Bo"], "characters": ["Sebastian", "Mama Rita"]}
    open_game(app, setup, [{"act": "guess", "seat": 0, "faces": [3, 4]}, {"act": "guess", "seat": 1, "faces": [1, 8]},
                           {"act": "roll", "face": 3}])
    tap(app, ("verb", "throw"))
    tap_choice(app, ("fill", "Lamp"))  # the catalog knows the Lamp's damage, not its faces
    form = app.screen
    assert isinstance(form, CardForm) and form.locked("damage") and not form.locked("faces")
    for face in (2, 5):
        tap(app, ("face", face))
    tap(app, ("save",))
    assert app.match.state.cards["Lamp"].faces == (2, 5)
    tap_choice(app, ("pick", "Lamp"))  # the throw goes on where it was
    tap(app, ("do", {"act": "throw", "seat": 0, "card": "Lamp", "target": 1}))
    assert app.match.state.play.card == "Lamp"


def test_a_refusal_is_a_banner_and_changes_nothing(app):
    three_players(app)
    before = list(app.match.match.actions)
    tap(app, ("newcard",))
    tap(app, ("name",))
    type_on_screen(app, "Bad Lamp")
    tap(app, ("use", "continuous"))
    tap(app, ("effect", "reduce"))
    tap(app, ("save",))
    assert isinstance(app.screen, CardForm)  # the form stays, to be put right
    assert app.banner is not None and "continuous item" in app.banner.text
    assert app.match.match.actions == before
    assert "Bad Lamp" not in app.match.state.cards


# -- undo --------------------------------------------------------------------------------------------
def test_undo_takes_back_a_throw_and_the_entry_in_progress(app):
    three_players(app)
    enter(app, {"act": "throw", "seat": 0, "card": "Armchair", "target": 1})
    assert expected(app)["act"] == "window"
    tap(app, "undo")
    assert expected(app)["act"] == "action" and app.match.state.play is None
    assert app.screen.draft == {}
    tap(app, "redo")
    assert expected(app)["act"] == "window"


# -- set-up -------------------------------------------------------------------------------------------
def test_set_up_with_characters_teams_and_the_die_entered_face_by_face(app):
    tap(app, ("game", "clairvoyance"))
    setup = app.screen
    assert not find(app, ("option", "teams")).enabled  # teams need four players
    tap(app, "more")
    tap(app, ("option", "teams"))
    first = setup.choices[0]
    tap(app, ("choice", 0))
    assert setup.choices[0] != first and len(set(setup.choices[:4])) == 4
    tap(app, ("option", "own_die"))
    assert isinstance(app.screen, DieEntryScreen)
    tap(app, ("fill", "standard"))
    tap(app, ("touch", 1, 2))  # 1 no longer touches 2: two faces with two neighbours
    tap(app, ("done",))
    assert isinstance(app.screen, DieEntryScreen)
    assert app.banner is not None and "eight-sided" in app.banner.text
    tap(app, ("touch", 1, 2))
    tap(app, ("done",))
    assert app.screen is setup and setup.options["own_die"]
    tap(app, "start")
    state = app.match.state
    assert isinstance(app.screen, ClairvoyanceScreen)
    assert state.teams == ((0, 2), (1, 3))
    assert state.characters[0] == setup.choices[0] and len(set(state.characters)) == 4
    assert state.die.layout == "custom" and state.die.adjacent(1) == (2, 3, 5)


def test_the_first_player_is_guessed_and_rolled_on_screen(app):
    tap(app, ("game", "clairvoyance"))
    tap(app, "fewer")
    tap(app, "start")
    tap(app, ("say", 3))
    tap(app, ("say", 5))  # two players: two numbers each
    assert app.match.state.guesses[0] == (3, 5)
    assert not find(app, ("say", 3)).enabled  # Ann said 3: Bo says another number
    tap(app, ("say", 1))
    tap(app, ("say", 2))
    assert expected(app)["act"] == "roll"
    tap(app, ("do", {"act": "roll", "face": 4}))
    assert expected(app)["act"] == "roll"  # nobody said 4: roll again
    tap(app, ("roll_here",))  # the simulation may roll for the table
    if expected(app)["act"] == "roll":
        tap(app, ("do", {"act": "roll", "face": 5}))
    assert app.match.state.phase == "turn"


def test_a_fourth_item_waits_for_room_and_back_steps_out_of_an_entry(app):
    three_players(app)
    turn = [{"act": "possess", "seat": 0, "card": "Lamp"}, {"act": "resolve"}, {"act": "die", "seat": 0, "face": 2},
            {"act": "possess", "seat": 0, "card": "Parasol"}, {"act": "resolve"},
            {"act": "die", "seat": 0, "face": 5}, {"act": "end", "seat": 0}, {"act": "end", "seat": 1},
            {"act": "end", "seat": 2}, {"act": "possess", "seat": 0, "card": "Music Box"}, {"act": "resolve"},
            {"act": "die", "seat": 0, "face": 8}]
    for action in turn:
        enter(app, action)
    tap(app, ("verb", "possess"))
    tap_choice(app, ("pick", "Grandfather Clock"))
    tap(app, ("back",))
    tap(app, ("back",))
    assert app.screen.draft == {}  # out of the entry, nothing played
    enter(app, {"act": "possess", "seat": 0, "card": "Grandfather Clock"})
    tap(app, ("do", {"act": "resolve"}))
    tap(app, ("do", {"act": "die", "seat": 0, "face": 1}))
    assert expected(app)["act"] == "make_room"
    assert "Ann has three items: discard one to take the Grandfather Clock" in draw(app)
    tap(app, ("do", {"act": "make_room", "seat": 0, "item": 1}))
    assert [card for _, card in app.match.state.possessed[0]] == ["Parasol", "Music Box", "Grandfather Clock"]


def test_one_discard_names_two_cards(app):
    three_players(app)
    enter(app, {"act": "discard", "seat": 0, "cards": ["Lamp", "Hex"]})
    assert app.match.state.hand(0) == 3 and app.match.state.actions == 1
    assert "Ann discards Lamp and Hex." in draw(app)


def test_back_steps_through_an_effect_entry_to_the_turn(app):
    setup, actions = example("clairvoyance-two-players.jsonl")
    upto = [a["act"] for a in actions].index("hurt")
    open_game(app, setup, actions[:upto])
    tap(app, ("verb", "fix"))
    tap(app, ("pick", "hurt"))  # the Music Box is the only cause: taken by itself
    tap(app, ("pick", 1))
    find(app, ("do", {"act": "hurt", "seat": 1, "amount": 3, "cause": "Music Box"}))
    tap(app, ("back",))
    find(app, ("pick", 1))
    tap(app, ("back",))
    find(app, ("pick", "hurt"))
    tap(app, ("back",))
    assert app.screen.draft == {}
    find(app, ("verb", "throw"))


# -- the player's panel --------------------------------------------------------------------------------
def test_a_players_row_opens_their_panel_with_each_item_whole(app):
    from companion.ui.games.clairvoyance import five_players
    from companion.ui.games.clairvoyance_panel import PlayerPanel

    setup, actions = five_players()
    open_game(app, setup, actions)
    table = app.screen
    tap(app, ("player", 2))
    assert isinstance(app.screen, PlayerPanel)
    text = draw(app)
    assert "#3 Music Box" in text and "they lose 1 health." in text and "Guaranteed Delivery ready" in text
    tap(app, ("seat", 3))  # Dee ▸
    assert "#4 Lamp" in draw(app)
    tap(app, ("back",))
    assert app.screen is table


def test_our_own_die_is_entered_one_face_at_a_time(app):
    tap(app, ("game", "clairvoyance"))
    tap(app, ("option", "own_die"))
    die = app.screen
    assert isinstance(die, DieEntryScreen)
    tap(app, ("touch", 1, 2))
    tap(app, ("show", 2))
    assert find(app, ("touch", 2, 1)).selected  # touching goes both ways
    assert "Face 2 touches (1 of 3)" in draw(app)
