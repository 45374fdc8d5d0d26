"""The group's card book (``companion/cardbook.py``): a card entered at the table in one game
is known in the next game's setup — Clairvoyance by taps on the card form, Séance Party by an
inline definition in a log line — a damaged ``cards.json`` is a sentence (never a traceback)
and loses nothing else, and the file round-trips."""

from __future__ import annotations

import json

import pytest

from companion import cardbook
from companion.engine.match import Match
from companion.games import entries, registry
from companion.ui.games.clairvoyance import ClairvoyanceScreen
from companion.ui.games.clairvoyance_entry import CardForm
from tests.ui_driver import make_app, open_match, tap, type_on_screen

CLAIRVOYANCE = registry()["clairvoyance"]
SEANCE = registry()["seance-party"]
CUCKOO = {"name": "Cuckoo Clock", "type": "item", "faces": [3, 7], "damage": 2, "use": "none", "effect": None,
          "text": ""}
GHOST = {"name": "Candle Ghost", "type": "spirit", "symbol": "circle", "element": "fire", "attack": "d4",
         "speed": 3, "cursed": {"element": "smoke", "attack": "d20", "speed": 0}}
HAND = ["Red Bean Bomb", "Lantern Wisp", "Frost Hex", "Grave Knight"]
TWO_SEANCE = {"game": "seance-party", "players": ["Ann", "Bo"], "mode": "battle", "seed": 3}
TWO_CLAIRVOYANCE = {"game": "clairvoyance", "players": ["Ann", "Bo"], "characters": ["Sebastian", "Mama Rita"],
                    "seed": 5}

OPENING = [{"act": "guess", "seat": 0, "faces": [3, 4]}, {"act": "guess", "seat": 1, "faces": [1, 8]},
           {"act": "roll", "face": 3}]


@pytest.fixture
def app(tmp_path):
    app = make_app(tmp_path)
    yield app
    app.close()


def book(tmp_path) -> dict:
    return json.loads((tmp_path / "cards.json").read_text(encoding="utf-8"))


def banner(app) -> str:
    return app.banner.text if app.banner else ""


def define_cuckoo_clock_by_taps(app):
    open_match(app, CLAIRVOYANCE, TWO_CLAIRVOYANCE, OPENING)
    assert isinstance(app.screen, ClairvoyanceScreen)
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
    assert app.match.state.cards["Cuckoo Clock"].faces == (3, 7)


def test_a_card_defined_on_screen_in_clairvoyance_is_known_in_the_next_games_setup(app, tmp_path):
    define_cuckoo_clock_by_taps(app)
    assert book(tmp_path)["clairvoyance"] == [CUCKOO]
    app.close()
    again = make_app(tmp_path)  # next week: the box restarted
    try:
        assert again.new_game(dict(TWO_CLAIRVOYANCE), {}) is None
        assert again.match.match.setup["cards"] == [CUCKOO]  # the log carries it: replays anywhere
        assert again.match.state.cards["Cuckoo Clock"].damage == 2
        replayed = Match.start(CLAIRVOYANCE, again.match.match.setup)
        assert replayed.state.cards["Cuckoo Clock"].faces == (3, 7)
    finally:
        again.close()


def test_a_figure_filled_in_for_a_shipped_card_is_remembered(app, tmp_path):
    app.open_match(app.journal.import_match(Match.start(CLAIRVOYANCE, TWO_CLAIRVOYANCE), {}))
    assert app.play({"act": "define", "card": {"name": "Lamp", "type": "item", "faces": [2, 5]}})
    lamp = next(c for c in book(tmp_path)["clairvoyance"] if c["name"] == "Lamp")
    assert lamp["faces"] == [2, 5] and lamp["damage"] == 2  # the shipped figure and the group's
    assert app.new_game(dict(TWO_CLAIRVOYANCE), {}) is None
    assert app.match.state.cards["Lamp"].faces == (2, 5)


def test_a_card_named_inline_in_a_seance_party_line_is_known_in_the_next_games_setup(app, tmp_path):
    assert app.new_game(entries()["seance-party"].make_setup(["Ann", "Bo"], {"battle": True}, 3), {}) is None
    assert "cards" not in app.match.match.setup  # an empty book adds nothing
    for seat in (0, 1):
        assert app.play({"act": "curse", "seat": seat, "zeners": []})
    assert app.play({"act": "reveal", "seat": 0, "hand": HAND + [GHOST]})
    assert book(tmp_path) == {"seance-party": [GHOST]}
    assert app.new_game(entries()["seance-party"].make_setup(["Cy", "Di"], {}, 4), {}) is None
    assert app.match.match.setup["cards"] == [GHOST]
    assert app.match.state.cards["Candle Ghost"].cursed_attack == 20
    for seat in (0, 1):
        assert app.play({"act": "curse", "seat": seat, "zeners": []})
    assert app.play({"act": "reveal", "seat": 0, "hand": HAND + ["Candle Ghost"]})  # named, no definition


def test_the_games_own_figures_win_over_the_book(app, tmp_path):
    (tmp_path / "cards.json").write_text(json.dumps({"seance-party": [GHOST]}), encoding="utf-8")
    other = dict(GHOST, speed=9)
    app.open_match(app.journal.import_match(Match.start(SEANCE, {**TWO_SEANCE, "cards": [other]}), {}))
    assert book(tmp_path)["seance-party"] == [other]
    # a setup's own definition wins over the book's in the setup too
    setup, warnings = cardbook.with_book(SEANCE, {**TWO_SEANCE, "cards": [GHOST]}, tmp_path / "cards.json")
    assert setup["cards"] == [GHOST] and warnings == []


def test_a_definition_the_game_refuses_is_left_out_with_a_sentence(app, tmp_path):
    bad = dict(GHOST, name="Broken", attack="d7")
    (tmp_path / "cards.json").write_text(json.dumps({"seance-party": [bad, GHOST]}), encoding="utf-8")
    assert app.new_game(dict(TWO_SEANCE), {}) is None
    assert app.match.match.setup["cards"] == [GHOST]
    assert "Broken was left out" in banner(app)
    assert bad in book(tmp_path)["seance-party"]  # a hand edit is not thrown away


@pytest.mark.parametrize("damage", ["{not json", "[1, 2]", '{"clairvoyance": [{"type": "item"}]}',
                                    '{"clairvoyance": 3}', b"\xff\xfe\x00"])
def test_a_damaged_card_book_is_a_sentence_and_loses_nothing_else(tmp_path, damage):
    path = tmp_path / "cards.json"
    (path.write_bytes if isinstance(damage, bytes) else path.write_text)(damage)
    (tmp_path / "settings.json").write_text('{"volume": 0.25}', encoding="utf-8")
    app = make_app(tmp_path)
    try:
        assert app.new_game(dict(TWO_CLAIRVOYANCE), {}) is None  # no traceback: the game starts
        assert "card book" in banner(app) and "set aside" in banner(app)
        assert app.settings.volume == 0.25  # nothing else lost
        aside = tmp_path / "cards.json.bad"
        assert (aside.read_bytes() if isinstance(damage, bytes) else aside.read_text()) == damage
        define = {"name": "Cuckoo Clock", "type": "item", "faces": [3, 7], "damage": 2, "use": "none"}
        assert app.play({"act": "define", "card": define})
        assert book(tmp_path) == {"clairvoyance": [CUCKOO]}  # a new book, started over
    finally:
        app.close()


def test_an_unreadable_card_book_is_left_alone(tmp_path, monkeypatch):
    path = tmp_path / "cards.json"
    path.mkdir()  # reading a directory is an OSError that is not "damaged content"
    said = f"the card book {path} is a folder, not a file; it is not used"
    assert cardbook.load("clairvoyance", path) == ([], said)
    game = Match.start(CLAIRVOYANCE, TWO_CLAIRVOYANCE)
    assert cardbook.remember(CLAIRVOYANCE, game.state, path) == said
    assert path.is_dir()


def test_the_json_round_trip(tmp_path):
    path = tmp_path / "deep" / "cards.json"
    data = {"clairvoyance": [CUCKOO], "seance-party": [GHOST, dict(GHOST, name="Ghost Two")]}
    cardbook.save(data, path)
    assert cardbook.read(path) == (data, None)
    assert cardbook.load("seance-party", path) == ([GHOST, dict(GHOST, name="Ghost Two")], None)
    assert cardbook.load("esp", path) == ([], None)
    assert not path.with_name("cards.json.tmp").exists()
    game = Match.start(SEANCE, {**TWO_SEANCE, "cards": [GHOST, dict(GHOST, name="Ghost Two")]})
    assert cardbook.remember(SEANCE, game.state, path) is None
    assert cardbook.read(path) == (data, None)  # nothing new: the same book


def test_games_without_cards_keep_no_book(app, tmp_path):
    assert cardbook.table_cards_of(registry()["esp"]) is None
    assert cardbook.table_cards_of(registry()["mysterium"]) is None
    assert app.new_game(entries()["esp"].make_setup(["Ann", "Bo"], {}, 1), {}) is None
    assert "cards" not in app.match.match.setup
    assert not (tmp_path / "cards.json").exists()


def test_the_book_lives_beside_the_settings(tmp_path, monkeypatch):
    monkeypatch.delenv("PLANCHETTE_CARDS", raising=False)
    monkeypatch.setenv("PLANCHETTE_SETTINGS", str(tmp_path / "box" / "settings.json"))
    assert cardbook.cardbook_path() == tmp_path / "box" / "cards.json"
    monkeypatch.setenv("PLANCHETTE_CARDS", str(tmp_path / "elsewhere.json"))
    assert cardbook.cardbook_path() == tmp_path / "elsewhere.json"


def _counting_setups(monkeypatch, game) -> list[int]:
    """How many card definitions each call of ``game.setup`` was given."""
    seen: list[int] = []
    real = game.setup

    def counting(line):
        seen.append(len(line.get("cards", [])))
        return real(line)

    monkeypatch.setattr(game, "setup", counting)
    return seen


def test_checking_the_book_grows_with_the_book_not_with_its_square(tmp_path, monkeypatch):
    """2,000 cards and one the game refuses: each card is given to the game a few times, not
    once for every card before it (800 cards and a bad one took 7 s that way)."""
    cards = [dict(CUCKOO, name=f"Clock {i}") for i in range(2000)]
    bad = dict(CUCKOO, name="Sundial", type="weapon")
    path = tmp_path / "cards.json"
    path.write_text(json.dumps({"clairvoyance": cards[:1000] + [bad] + cards[1000:]}), encoding="utf-8")
    seen = _counting_setups(monkeypatch, CLAIRVOYANCE)
    setup, warnings = cardbook.with_book(CLAIRVOYANCE, TWO_CLAIRVOYANCE, path)
    assert warnings == ["the card book's Sundial was left out (Sundial's type must be \"item\" or \"instant\", "
                        "not 'weapon')"]
    assert setup["cards"] == cards
    assert len(seen) <= len(cards) + 4 and sum(seen) <= 4 * len(cards)  # the old way: 2,001,000 cards


def test_two_spellings_of_one_card_keep_the_first_and_say_why(tmp_path, monkeypatch):
    """Each passes alone; together the game refuses the second: the book drops it in one pass,
    with the game's sentence, and the rest is checked in one setup."""
    cards = [dict(CUCKOO, name=f"Clock {i}") for i in range(500)]
    twice = dict(CUCKOO, name="clock 7")
    path = tmp_path / "cards.json"
    path.write_text(json.dumps({"clairvoyance": cards[:300] + [twice] + cards[300:]}), encoding="utf-8")
    seen = _counting_setups(monkeypatch, CLAIRVOYANCE)
    setup, warnings = cardbook.with_book(CLAIRVOYANCE, TWO_CLAIRVOYANCE, path)
    assert warnings == ["the card book's clock 7 was left out (clock 7 is already known as Clock 7: "
                        "name it Clock 7, as it is printed)"]
    assert setup["cards"] == cards
    assert seen == [len(cards)]


def test_many_spellings_of_names_cost_no_more_setups_than_one(tmp_path, monkeypatch):
    """800 cards and 400 of them typed again in small letters: 12 s before, each other
    spelling costing some ten setups of the whole book to find; now one setup in all."""
    cards = [dict(CUCKOO, name=f"Clock {i}") for i in range(800)]
    entered = [entry for card in cards[:400] for entry in (card, dict(card, name=card["name"].lower()))]
    path = tmp_path / "cards.json"
    path.write_text(json.dumps({"clairvoyance": entered + cards[400:]}), encoding="utf-8")
    seen = _counting_setups(monkeypatch, CLAIRVOYANCE)
    setup, warnings = cardbook.with_book(CLAIRVOYANCE, TWO_CLAIRVOYANCE, path)
    assert setup["cards"] == cards
    assert warnings == [f"the card book's clock {i} was left out (clock {i} is already known as Clock {i}: "
                        f"name it Clock {i}, as it is printed)" for i in range(400)]
    assert seen == [len(cards)]


def test_a_spelling_the_game_refuses_leaves_room_for_a_later_one(tmp_path, monkeypatch):
    """The first spelling is kept only when the game takes it: nothing usable is lost."""
    wrong = dict(CUCKOO, name="Clock 7", type="weapon")
    right = dict(CUCKOO, name="clock 7")
    path = tmp_path / "cards.json"
    path.write_text(json.dumps({"clairvoyance": [wrong, right]}), encoding="utf-8")
    setup, warnings = cardbook.with_book(CLAIRVOYANCE, TWO_CLAIRVOYANCE, path)
    assert warnings == ["the card book's Clock 7 was left out (Clock 7's type must be \"item\" or \"instant\", "
                        "not 'weapon')"]
    assert setup["cards"] == [right]


def test_the_setups_own_spelling_wins_over_the_books(tmp_path):
    """The sentence names the setup's card as the one known, as the setup's figures win."""
    path = tmp_path / "cards.json"
    path.write_text(json.dumps({"clairvoyance": [dict(CUCKOO, name="cuckoo clock")]}), encoding="utf-8")
    setup, warnings = cardbook.with_book(CLAIRVOYANCE, dict(TWO_CLAIRVOYANCE, cards=[CUCKOO]), path)
    assert warnings == ["the card book's cuckoo clock was left out (cuckoo clock is already known as Cuckoo "
                        "Clock: name it Cuckoo Clock, as it is printed)"]
    assert setup["cards"] == [CUCKOO]


def test_one_name_defined_twice_with_other_figures_is_found_by_halving(tmp_path, monkeypatch):
    """Not a spelling: each passes alone and only the game can tell they clash."""
    cards = [dict(CUCKOO, name=f"Clock {i}") for i in range(500)]
    other = dict(CUCKOO, name="Clock 7", damage=5)
    path = tmp_path / "cards.json"
    path.write_text(json.dumps({"clairvoyance": cards[:300] + [other] + cards[300:]}), encoding="utf-8")
    seen = _counting_setups(monkeypatch, CLAIRVOYANCE)
    setup, warnings = cardbook.with_book(CLAIRVOYANCE, TWO_CLAIRVOYANCE, path)
    assert warnings == ["the card book's Clock 7 was left out (Clock 7's damage is already known (2); "
                        "a figure once known cannot change)"]
    assert setup["cards"] == cards
    assert len(seen) <= len(cards) + 4 + 12 and sum(seen) <= 16 * len(cards)


def test_a_card_defined_then_undone_is_taken_out_of_the_book_again(app, tmp_path):
    """A mistyped card: defined on the form, then undone — the book forgets it (and learns it
    again on redo); a card the book knew before the game stays."""
    define_cuckoo_clock_by_taps(app)
    assert book(tmp_path)["clairvoyance"] == [CUCKOO]
    app.undo()
    assert "Cuckoo Clock" not in app.match.state.cards and book(tmp_path)["clairvoyance"] == []
    app.redo()
    assert book(tmp_path)["clairvoyance"] == [CUCKOO]


def test_a_card_the_book_knew_before_the_game_stays_when_its_line_is_undone(app, tmp_path):
    cardbook.save({"clairvoyance": [CUCKOO]}, tmp_path / "cards.json")
    define_cuckoo_clock_by_taps(app)
    app.undo()
    assert book(tmp_path)["clairvoyance"] == [CUCKOO]
