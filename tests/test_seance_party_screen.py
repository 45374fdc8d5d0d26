"""The Séance Party screen driven as at the table: set up through the set-up screen, the
first round of the example game entered by taps, the pentagram following the state, undo."""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest

from companion.engine.match import Match
from companion.games import registry
from companion.ui.games.seance_party import CardFormScreen, SeancePartyScreen
from companion.ui.keyboard import KeyboardScreen
from companion.ui.widgets import TEXT_LOG
from tests.ui_driver import buttons, find, key, make_app, tap

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "docs" / "examples" / "seance-party-charges.jsonl"


def example(name: str = EXAMPLE.name):
    """(setup, actions) of ``docs/examples/NAME``, without the table clock."""
    lines = [json.loads(t) for t in (EXAMPLE.parent / name).read_text().splitlines() if t.strip()]
    return lines[0], [{k: v for k, v in a.items() if k != "t"} for a in lines[1:]]


@pytest.fixture
def app(tmp_path):
    app = make_app(tmp_path)
    yield app
    app.close()


def start(app, names, battle=True):
    tap(app, ("game", "seance-party"))
    while app.screen.count > len(names):
        tap(app, "fewer")
    while app.screen.count < len(names):
        tap(app, "more")
    app.screen.names[: len(names)] = names
    if battle:
        tap(app, ("option", "battle"))
    tap(app, "start")
    assert isinstance(app.screen, SeancePartyScreen)


def open_example(app, setup):
    app.open_match(app.journal.import_match(Match.start(registry()["seance-party"], setup), {}))


def enter(app, action):
    act, seat = action["act"], action["seat"]
    if act == "curse":
        tap(app, ("seat", seat))
        for z in action["zeners"]:
            tap(app, ("zener", z))
        tap(app, ("curse",))
    elif act == "reveal":
        tap(app, ("seat", seat))
        for card in action["hand"][len(app.screen.view["seats"][seat]["hand_known"]):]:
            if isinstance(card, dict) and card["name"] not in app.screen.view["cards"]:
                tap_choice(app, ("define", "add", None))
                define_card(app, card)
            else:
                tap_choice(app, ("add", card))
        tap(app, ("reveal",))
    elif act == "boost":
        if not action.get("dice") and not action.get("cards"):
            tap(app, ("noboost",))
            return
        pool = list(app.screen.view["seats"][seat]["pool_sides"])
        for d in action.get("dice", []):
            k = next(i for i, x in enumerate(pool) if x == d and ("die", i) not in picked(app))
            tap(app, ("die", k))
        for c in action.get("cards", []):
            tap_choice(app, ("boostcard", c))
        table_dice(app, "rolls" in action)
        tap(app, ("boost",))
        for n in action.get("rolls", []):
            tap(app, ("roll", n))
    elif act == "play":
        tap(app, ("playing",))
        tap_choice(app, ("card", action["card"]))
        tap(app, ("planchette", action["planchette"]))
        if "guess" in action:
            tap_choice(app, ("guess", action["guess"]))
        possess(app, action)
        if action.get("draw") is False:
            tap(app, ("draw", False))
        tap(app, ("play",))
    elif act == "activate":
        tap(app, ("activating",))
        tap(app, ("aseat", seat))
        tap(app, ("zener", action["zener"]))
        tap_choice(app, ("acard", action["card"]))
        tap(app, ("burn", action["burn"]))
        possess(app, action)
        tap(app, ("activate",))
    elif act == "attack":
        table_dice(app, "attack_rolls" in action)
        tap(app, ("attack", {k: v for k, v in action.items() if not k.endswith("_rolls")}))
        for n in action.get("attack_rolls", []) + action.get("defence_rolls", []):
            tap(app, ("roll", n))
    elif act == "ability":
        tap(app, ("abilities",))
        tap_choice(app, ("do", action) if "item" in action else ("abilitycard", action["card"]))
    elif act in ("pass", "end", "attach", "damage"):
        tap(app, ("do", action))
    else:
        raise AssertionError(f"no taps for {act}")


def table_dice(app, on: bool):
    """The strip's switch: the table rolls its own dice (on), or the companion does."""
    if app.screen.table_dice != on:
        tap(app, ("tabledice",))


def define_card(app, card: dict):
    """Fill the form for a card in no catalog, tap by tap, and use it."""
    assert isinstance(app.screen, CardFormScreen)
    tap(app, ("type_name",))
    type_in(app, card["name"])
    tap(app, ("kind", card["type"]))
    tap(app, ("symbol", card["symbol"]))
    for side, figures in (("up", card), ("cursed", card["cursed"])):
        if any(b.action == ("element", side, figures["element"]) for b in buttons(app)):
            tap(app, ("element", side, figures["element"]))
        else:
            tap(app, ("other", side))
            type_in(app, figures["element"])
        tap(app, ("attack", side, int(figures["attack"][1:])))
        while app.screen.sides[side]["speed"] != figures["speed"]:
            tap(app, ("speed", side, 1 if app.screen.sides[side]["speed"] < figures["speed"] else -1))
    tap(app, ("use",))


def possess(app, action):
    """A spirit's energy and added card, as the possession steps ask for them."""
    if "energy" in action:
        tap(app, ("energy", action["energy"]))
        add = action.get("add")
        if add is None:
            tap(app, ("noadd",))
        else:
            tap(app, ("addkind", add["as"]))
            if "card" in add:
                tap_choice(app, ("addcard", add["card"]))


def picked(app):
    return {b.action for b in app.screen.buttons if b.selected}


def first_round(actions):
    second = next(i for i, a in enumerate(actions) if a["act"] == "curse" and i > 1)
    return actions[:second]


def test_set_up_through_the_screens(app):
    start(app, ["Ann", "Bo"])
    state = app.match.state
    assert list(state.names) == ["Ann", "Bo"] and state.mode == "battle"
    assert state.phase == "curse"


def test_the_first_round_of_the_example_is_entered_by_taps(app):
    setup, actions = example()
    start(app, setup["players"])
    open_example(app, setup)
    round1 = first_round(actions)
    for action in round1:
        enter(app, action)
    assert app.match.match.actions == round1
    assert app.match.state.round == 2


def test_the_pentagram_follows_the_state_and_undo_goes_back(app):
    setup, actions = example()
    open_example(app, setup)
    round1 = first_round(actions)
    upto = next(i for i, a in enumerate(round1) if a["act"] == "play") + 1
    for action in round1[:upto]:
        enter(app, action)
    state = app.match.state
    scene = app.screen.pentagram_scene()
    assert scene.planchette == list(state.settings.points).index(round1[upto - 1]["planchette"])
    assert scene.dice == tuple(state.points[p] for p in state.settings.points)
    tap(app, "undo")
    assert app.match.match.actions == round1[: upto - 1]
    assert app.screen.pentagram_scene().planchette is None


def test_a_battle_is_entered_and_told_in_words(app):
    setup, actions = example("seance-party-party-battle.jsonl")
    open_example(app, setup)
    for action in actions:
        enter(app, action)
    assert app.match.match.actions == actions
    from companion.ui.widgets import TEXT_LOG

    TEXT_LOG.clear()
    app.dirty = True
    app.step()
    assert any("Last battle" in t.text for t in TEXT_LOG)


# -- the entries this screen added: curses, new cards, a play's options, the table's dice, abilities ---------------

TWO = {"game": "seance-party", "players": ["Ann", "Bo"], "mode": "battle", "seed": 3}
HANDS = [["Red Bean Bomb", "Lantern Wisp", "Frost Hex", "Grave Knight", "Tide Whisper"],
         ["Drowned Bride", "Static Jar", "Poltergeist", "Falling Star", "Moth Oracle"]]


def drawn_text(app) -> str:
    TEXT_LOG.clear()
    app.dirty = True
    app.step()
    return " | ".join(t.text for t in TEXT_LOG)


def tap_choice(app, action):
    """Tap a card among paged choices, turning the pages ("More ▸") until it shows."""
    for _ in range(10):
        if any(b.action == action for b in buttons(app)):
            return tap(app, action)
        more = next(b for b in buttons(app) if b.label.startswith("More ▸"))
        tap(app, more.action)
    raise AssertionError(f"{action} is on no page")


def played(app) -> list[dict]:
    return app.match.match.actions


def through_speed(app, curses=([], [])):
    """A battle set up and entered by taps to the first turn: curses, the hands above, no boosts."""
    open_example(app, TWO)
    for seat in (0, 1):
        enter(app, {"act": "curse", "seat": seat, "zeners": curses[seat]})
    for seat in (0, 1):
        held = app.match.state.hand(seat)
        enter(app, {"act": "reveal", "seat": seat, "hand": HANDS[seat][:held]})
    while app.match.state.phase == "boost":
        tap(app, ("noboost",))
    assert app.match.state.phase == "turns"


def test_curses_are_sealed_on_the_shared_screen(app):
    open_example(app, TWO)
    text = drawn_text(app)
    assert "Ann: waiting" in text and "Bo: waiting" in text
    assert not any(b.action[0] == "zener" for b in buttons(app)), "Zeners shown before anyone tapped a name"
    tap(app, ("seat", 0))
    tap(app, ("zener", "wave"))
    tap(app, ("zener", "star"))
    tap(app, ("curse",))
    assert played(app)[-1] == {"act": "curse", "seat": 0, "zeners": ["wave", "star"]}
    # hidden again: Ann's choice is nowhere on the screen, only that she has chosen
    text = drawn_text(app)
    assert "Ann: chosen" in text and "wave" not in text and "star" not in text
    assert not any(b.action[0] == "zener" for b in buttons(app))
    assert not find(app, ("seat", 0)).enabled  # she cannot choose twice
    tap(app, ("seat", 1))
    tap(app, ("zener", "cross"))
    tap(app, ("hide",))  # Bo looks away before deciding: nothing is set, nothing shows
    assert len(played(app)) == 1 and not any(b.action[0] == "zener" for b in buttons(app))
    tap(app, ("seat", 1))
    tap(app, ("curse",))
    state = app.match.state
    assert state.phase == "reveal" and state.players[0].zeners.wave.curses == state.players[0].zeners.star.curses == 1


def test_any_player_activates_a_curse_at_any_time_from_the_speed_step(app):
    open_example(app, TWO)
    assert not find(app, ("activating",)).enabled  # not in the Curse step
    for seat, zeners in ((0, ["cross", "wave"]), (1, [])):
        enter(app, {"act": "curse", "seat": seat, "zeners": zeners})
    # during Bo's reveal, Ann burns her cross curse: a Frost Hex
    burn = {"act": "activate", "seat": 0, "zener": "cross", "card": "Frost Hex", "burn": True}
    enter(app, burn)
    assert played(app)[-1] == burn and app.match.state.players[0].trash == ("Frost Hex",)
    # her wave curse comes to the board as a phantom, with 2 energy and a card of her hand as energy
    phantom = {"act": "activate", "seat": 0, "zener": "wave", "card": "Drowned Bride", "burn": False,
               "energy": 2, "add": {"as": "energy"}}
    enter(app, phantom)
    assert played(app)[-1] == phantom
    item = app.screen.view["seats"][0]["board"][0]
    assert item["card"] == "Drowned Bride" and item["cursed"] and item["energy"] == 3
    assert not find(app, ("activating",)).enabled  # no curse left


def test_back_and_no_curse_after_all_leave_nothing_played(app):
    open_example(app, TWO)
    enter(app, {"act": "curse", "seat": 0, "zeners": ["circle"]})
    enter(app, {"act": "curse", "seat": 1, "zeners": []})
    tap(app, ("activating",))
    tap(app, ("aseat", 0))
    tap(app, ("zener", "circle"))
    tap(app, ("back",))
    assert any(b.action == ("zener", "circle") for b in buttons(app))
    tap(app, ("cancel",))
    assert len(played(app)) == 2 and any(b.action[0] == "add" for b in buttons(app))  # Ann's reveal again


def type_in(app, text):
    for char in text:
        key(app, char)
    key(app, "\r", pygame.K_RETURN)


def test_a_card_in_no_catalog_is_defined_on_the_screen_and_named_inline(app):
    open_example(app, TWO)
    enter(app, {"act": "curse", "seat": 0, "zeners": []})
    enter(app, {"act": "curse", "seat": 1, "zeners": []})
    tap(app, ("seat", 0))
    for card in HANDS[0][:4]:
        tap_choice(app, ("add", card))
    tap_choice(app, ("define", "add", None))
    assert isinstance(app.screen, CardFormScreen)
    assert not find(app, ("use",)).enabled  # no name yet
    tap(app, ("type_name",))
    assert isinstance(app.screen, KeyboardScreen)
    type_in(app, "Candle Ghost")
    for step in (("kind", "spirit"), ("symbol", "circle"), ("element", "up", "fire"), ("attack", "up", 4),
                 ("speed", "up", 1), ("speed", "up", 1), ("other", "cursed")):
        tap(app, step)
    type_in(app, "smoke")
    tap(app, ("attack", "cursed", 20))
    tap(app, ("speed", "cursed", -1))
    tap(app, ("use",))
    tap(app, ("reveal",))
    ghost = {"name": "Candle Ghost", "type": "spirit", "symbol": "circle", "element": "fire", "attack": "d4",
             "speed": 3, "cursed": {"element": "smoke", "attack": "d20", "speed": 0}}
    assert played(app)[-1] == {"act": "reveal", "seat": 0, "hand": HANDS[0][:4] + [ghost]}
    state = app.match.state
    assert state.cards["Candle Ghost"].cursed_attack == 20 and state.players[0].hand.known[-1] == "Candle Ghost"


def test_a_card_defined_with_other_figures_than_a_known_one_is_refused_with_a_banner(app):
    open_example(app, TWO)
    enter(app, {"act": "curse", "seat": 0, "zeners": []})
    enter(app, {"act": "curse", "seat": 1, "zeners": []})
    tap_choice(app, ("define", "add", None))
    tap(app, ("type_name",))
    type_in(app, "Frost Hex")  # a catalog card, but here a spirit
    tap(app, ("use",))
    assert isinstance(app.screen, CardFormScreen), "the form stays open to be corrected"
    assert app.banner is not None and "already known with other figures" in app.banner.text
    assert len(played(app)) == 2
    tap(app, ("kind", "spell"))
    tap(app, ("symbol", "cross"))
    tap(app, ("element", "up", "ice"))
    tap(app, ("attack", "up", 4))
    tap(app, ("element", "cursed", "ice"))
    tap(app, ("attack", "cursed", 8))
    tap(app, ("speed", "cursed", -1))
    tap(app, ("use",))  # now the catalog's Frost Hex exactly: simply its name
    assert app.screen.draft["hand"] == ["Frost Hex"]


def test_a_play_adds_a_card_to_a_spirits_inventory(app):
    through_speed(app)
    seat = app.match.state.turn
    spirit = {"act": "play", "seat": seat, "card": "Lantern Wisp" if seat == 0 else "Poltergeist",
              "planchette": "circle", "guess": "Falling Star" if seat == 0 else "Tide Whisper", "energy": 2,
              "add": {"as": "inventory", "card": "Frost Hex" if seat == 0 else "Static Jar"}}
    enter(app, spirit)
    assert played(app)[-1] == spirit
    item = app.screen.view["seats"][seat]["board"][0]
    assert [i["card"] for i in item["inventory"]] == [spirit["add"]["card"]] and item["energy"] == 2


def test_a_countered_play_may_draw_no_card(app):
    """Both hands hold one wave card: the turn player's is countered by the other's."""
    through_speed(app)
    state = app.match.state
    seat = state.turn
    wave = {0: "Tide Whisper", 1: "Drowned Bride"}
    countered = {"act": "play", "seat": seat, "card": wave[seat], "planchette": "circle", "guess": wave[1 - seat],
                 "draw": False}
    tap(app, ("playing",))
    tap_choice(app, ("card", wave[seat]))
    tap(app, ("planchette", "circle"))
    tap_choice(app, ("guess", wave[1 - seat]))
    assert "countered" in drawn_text(app) and find(app, ("draw", False)).selected  # drawing is the default
    tap(app, ("draw", False))
    tap(app, ("play",))
    assert played(app)[-1] == countered
    after = app.match.state
    assert after.hand(seat) == state.hand(seat) and after.deck == state.deck and not after.players[seat].board


def test_the_tables_own_dice_are_entered_die_by_die(app):
    setup, actions = example("seance-party-party-battle.jsonl")
    upto = next(i for i, a in enumerate(actions) if a["act"] == "attack")
    open_example(app, setup)
    for action in actions[:upto]:
        enter(app, action)
    tap(app, ("tabledice",))
    attack = actions[upto]
    tap(app, ("attack", attack))
    assert len(played(app)) == upto, "nothing is played before the dice are entered"
    assert "rolled" in drawn_text(app)
    tap(app, ("roll", 2))
    tap(app, ("rollback",))  # a slip of the finger
    tap(app, ("roll", 5))
    tap(app, ("roll", 7))
    assert played(app)[-1] == {**attack, "attack_rolls": [5], "defence_rolls": [7]}
    battle = app.match.state.battle
    assert battle.attack == 5 and battle.defence == 7
    # the defender's boost: a d6 rolled at the table
    seat = app.match.state.battle.defender
    die = app.match.state.players[seat].pool[0]
    tap(app, ("die", 0))
    tap(app, ("boost",))
    tap(app, ("roll", 3))
    assert played(app)[-1] == {"act": "boost", "seat": seat, "dice": [die], "rolls": [3]}
    assert app.match.state.battle.defence == 10


def test_an_ability_is_recorded_from_the_board_or_the_hand(app):
    through_speed(app)
    seat = app.match.state.turn
    card = HANDS[seat][1]
    tap(app, ("abilities",))
    tap_choice(app, ("abilitycard", card))
    assert played(app)[-1] == {"act": "ability", "seat": seat, "card": card}
    last = app.screen.view["rounds"][-1]["turns"][-1]["actions"][-1]
    assert last == {"ability": card, "player": app.screen.view["players"][seat]}


def test_a_refused_entry_changes_nothing_and_says_why(app):
    through_speed(app, curses=(["wave"], []))
    state = app.match.state
    seat = state.turn
    before = len(played(app))
    tap(app, ("activating",))
    tap(app, ("aseat", 0))
    tap(app, ("zener", "wave"))
    tap_choice(app, ("define", "acard", "wave"))
    tap(app, ("type_name",))
    type_in(app, "Moon Moth")
    tap(app, ("kind", "spell"))
    tap(app, ("symbol", "star"))  # not the symbol of the Zener the curse sat on
    tap(app, ("use",))
    tap(app, ("burn", True))
    tap(app, ("activate",))
    assert len(played(app)) == before and app.match.state is state
    assert "cannot have been the curse" in app.banner.text
    assert seat == app.match.state.turn


def test_the_table_example_is_entered_by_taps(app):
    """docs/examples/seance-party-table.jsonl, line by line: sealed curses, a new card, a curse
    burned and one brought up, the table's rolls, a countered play without a draw, added
    cards, abilities — the log the screen writes is the example."""
    lines = [json.loads(t) for t in (ROOT / "docs" / "examples" / "seance-party-table.jsonl").read_text().splitlines()
             if t.strip()]
    setup, actions = lines[0], lines[1:]
    open_example(app, setup)
    for k, action in enumerate(actions):
        enter(app, action)
        assert played(app) == actions[: k + 1], f"line {k + 2}: {action}"


def test_a_card_effect_is_entered_as_a_correction(app):
    through_speed(app)
    state = app.match.state
    seat = state.turn
    card = HANDS[seat][1]
    tap(app, ("abilities",))
    tap_choice(app, ("abilitycard", card))  # now a cause: used for an ability this round
    tap(app, ("effecting",))
    tap_choice(app, ("cause", card))
    other = 1 - seat
    action = {"act": "energy", "seat": other, "change": -1, "cause": card}
    tap_choice(app, ("do", action))
    assert played(app)[-1] == action
    assert app.match.state.players[other].down == 4 and app.match.state.players[other].up == 1


def test_a_players_details_are_behind_a_tap_on_their_portrait(app):
    through_speed(app)
    seat = app.match.state.turn
    other = 1 - seat
    tap(app, ("player", other))
    text = drawn_text(app)
    name = app.match.state.names[other]
    assert name in text and "Energy" in text and "5 face down" in text and "Dice" in text
    assert not any(b.action == ("playing",) for b in buttons(app)), "the entry waits behind the panel"
    tap(app, ("close",))
    assert any(b.action == ("playing",) for b in buttons(app))
    tap(app, ("player", seat))
    tap(app, ("player", seat))  # tapped again: closed
    assert any(b.action == ("playing",) for b in buttons(app))
    tap(app, ("player", seat))
    tap(app, ("tabledice",))  # any other tap goes back to the entry
    assert any(b.action == ("playing",) for b in buttons(app)) and app.screen.table_dice


def test_the_last_battle_is_told_behind_a_tap(app):
    setup, actions = example("seance-party-party-battle.jsonl")
    open_example(app, setup)
    for action in actions:
        enter(app, action)
    tap(app, ("story",))
    text = drawn_text(app)
    assert "Last battle" in text and app.screen.view["battle_words"].split(": ", 1)[1].split()[0] in text
    tap(app, ("close",))
    assert find(app, ("story",)).label == "Last battle ▸"
