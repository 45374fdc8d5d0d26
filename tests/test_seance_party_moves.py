"""The legal list of ``companion/games/seance_party/moves.py`` in chosen states: exact where
it enumerates everything, one action per kind where it cannot, and ``canonical()``
(``tests/seance_moves.py``) naming the listed action an accepted one stands for.  The random
playouts check the same at every step of 544 games (tests/test_seance_party_playout.py)."""

from __future__ import annotations

from companion.engine import Refusal, apply
from companion.games.seance_party import SEANCE_PARTY as G
from companion.games.seance_party.state import Hand
from tests.refusal_checks import play_all
from tests.seance_moves import canonical

TWO = {"game": "seance-party", "players": ["Ann", "Bo"], "mode": "battle", "seed": 1}
EXTRA = {"name": "Candle Ghost", "type": "spirit", "symbol": "circle", "element": "fire", "attack": "d4", "speed": 1,
         "cursed": {"element": "shadow", "attack": "d20", "speed": 0}}


def play(state, *actions):
    return play_all(G, state, *actions)


def listed(state, act):
    return [a for a in G.legal(state) if a["act"] == act]


def holding(state, seat, known, unknown):
    """``state`` with ``seat``'s hand known to hold ``known`` and ``unknown`` more (drawn unseen)."""
    return state.change(seat, hand=Hand(tuple(known), unknown))


def to_turns(setup=TWO, hands=None):
    s = play(G.setup(setup), {"act": "curse", "seat": 0, "zeners": []}, {"act": "curse", "seat": 1, "zeners": []})
    hands = hands or [["Red Bean Bomb", "Lantern Wisp", "Frost Hex", "Grave Knight", "Tide Whisper"]] * 2
    s = play(s, *({"act": "reveal", "seat": k, "hand": hands[k]} for k in (0, 1)))
    while s.phase == "boost":
        s = play(s, {"act": "boost", "seat": G.expected(s)["seat"]})
    return s


def test_every_catalog_card_is_a_play_while_the_hand_holds_unknown_cards():
    s = to_turns({**TWO, "cards": [EXTRA]})
    seat = s.turn
    assert {a["card"] for a in listed(s, "play")} == {"Red Bean Bomb", "Lantern Wisp", "Frost Hex", "Grave Knight",
                                                      "Tide Whisper"}, "a revealed hand plays its own cards"
    s = holding(s, seat, s.players[seat].hand.known[:2], 3)  # three cards drawn since, unseen
    cards = {a["card"] for a in listed(s, "play")}
    assert cards == set(s.cards) and "Candle Ghost" in cards
    targets = {a["planchette"] for a in listed(s, "play")}
    assert targets == set(s.settings.points)  # the planchette is unplaced: anywhere


def test_a_play_lists_a_matching_and_a_missing_guess_every_energy_and_each_kind_of_added_card():
    s = to_turns()
    seat = s.turn
    wisp = [a for a in listed(s, "play") if a["card"] == "Lantern Wisp" and a["planchette"] == "circle"]
    guesses = {a["guess"] for a in wisp}
    assert guesses == {"Red Bean Bomb", "Frost Hex"}  # Bo's known hand: a circle card (countered), another
    countered = [a for a in wisp if a["guess"] == "Red Bean Bomb"]
    assert [a.get("draw") for a in countered] == [None, True, False]
    missed = [a for a in wisp if a["guess"] == "Frost Hex"]
    assert sorted(a["energy"] for a in missed if "add" not in a) == [1, 2, 3, 4, 5]
    assert [a["add"] for a in missed if "add" in a] == [{"as": "inventory", "card": "Red Bean Bomb"},
                                                        {"as": "energy", "card": "Red Bean Bomb"}]
    assert all(a["energy"] == s.players[seat].down for a in missed if "add" in a)


def test_canonical_names_the_listed_action_of_the_same_kind():
    s = to_turns()
    seat = s.turn
    legal = G.legal(s)
    other = {"act": "play", "seat": seat, "card": "Lantern Wisp", "planchette": "circle", "guess": "Grave Knight",
             "energy": 2, "add": {"as": "inventory", "card": "Tide Whisper"}, "t": 12.5}
    form = canonical(s, other)
    assert form in legal and form == {"act": "play", "seat": seat, "card": "Lantern Wisp", "planchette": "circle",
                                      "guess": "Frost Hex", "energy": 5,
                                      "add": {"as": "inventory", "card": "Red Bean Bomb"}}
    inline = dict(other, card=s.cards["Lantern Wisp"].as_json())
    assert canonical(s, inline) == form
    for wrong in (dict(other, guess="Moth Oracle"),  # not in Bo's revealed hand
                  dict(other, energy=6),  # more than Ann's face-down energy
                  dict(other, add={"as": "inventory", "card": "Moth Oracle"})):
        assert isinstance(apply(G, s, wrong), Refusal)


def test_curses_in_any_order_and_twice_on_a_zener_are_the_listed_set():
    s = G.setup(TWO)
    assert len(listed(s, "curse")) == 2 * 32  # every set of five face-up Zeners, for each player
    twice = {"act": "curse", "seat": 1, "zeners": ["star", "wave", "star"]}
    assert canonical(s, twice) == {"act": "curse", "seat": 1, "zeners": ["wave", "star"]}
    assert not isinstance(apply(G, s, twice), Refusal)
    assert isinstance(apply(G, s, {"act": "curse", "seat": 1, "zeners": ["star"] * 6}), Refusal)  # six: five held


def test_a_revealed_hand_lists_every_catalog_card_and_stands_for_any_hand():
    s = play(G.setup(TWO), {"act": "curse", "seat": 0, "zeners": []}, {"act": "curse", "seat": 1, "zeners": []})
    reveals = listed(s, "reveal")
    assert {c for a in reveals for c in a["hand"]} == set(s.cards)
    any_hand = {"act": "reveal", "seat": 1, "hand": ["Moth Oracle", "Frost Hex", "Moth Oracle", "Static Jar",
                                                      "Tide Whisper"]}
    assert canonical(s, any_hand) in reveals


def test_entered_rolls_stand_for_the_listed_ones_and_bad_rolls_for_none():
    s = play(G.setup(TWO), {"act": "curse", "seat": 0, "zeners": []}, {"act": "curse", "seat": 1, "zeners": []},
             *({"act": "reveal", "seat": k, "hand": ["Frost Hex"] * 5} for k in (0, 1)))
    seat = G.expected(s)["seat"]
    legal = G.legal(s)
    assert {"act": "boost", "seat": seat, "dice": [20], "rolls": [10]} in legal
    assert canonical(s, {"act": "boost", "seat": seat, "dice": [20], "rolls": [17]}) in legal
    assert isinstance(apply(G, s, {"act": "boost", "seat": seat, "dice": [20], "rolls": [21]}), Refusal)
    several = canonical(s, {"act": "boost", "seat": seat, "dice": [20, 6, 4], "rolls": [1, 2, 3]})
    assert several == {"act": "boost", "seat": seat, "dice": [4, 6], "rolls": [2, 3]} and several in legal


def test_every_listed_action_is_its_own_kind_or_one_of_several_listed_hands():
    s = to_turns()
    s = holding(s, s.turn, s.players[s.turn].hand.known[:1], 4)
    legal = G.legal(s)
    assert all(canonical(s, a) in legal for a in legal)
