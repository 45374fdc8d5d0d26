"""Scenario tests of Séance Party's rules (the rulebook, and docs/seance-party.md's readings)."""

from __future__ import annotations

import pytest

from companion.engine import Refused
from companion.engine.state import evolve
from companion.games.seance_party import SEANCE_PARTY as G
from companion.games.seance_party import rules
from companion.games.seance_party.state import Hand
from tests.refusal_checks import play_all, refusal_of

TWO = {"game": "seance-party", "players": ["Ann", "Bo"], "mode": "battle", "seed": 1}


def play(state, *actions):
    return play_all(G, state, *actions)


def refused(state, action) -> str:
    return refusal_of(G, state, action)


def holding(state, seat, known, unknown):
    """``state`` with ``seat``'s hand known to hold ``known`` and ``unknown`` more (drawn unseen)."""
    return state.change(seat, hand=Hand(tuple(known), unknown))


def charged(state, seat, *symbols):
    """``state`` with ``seat``'s Zeners of ``symbols`` charged already."""
    for z in symbols:
        state = state.change(seat, zeners=state.players[seat].zeners.set(z, charged=True))
    return state


def rounds(state) -> list[dict]:
    return G.summary(state)["rounds"]


def battles(state) -> list[dict]:
    return G.summary(state)["battles"]


def to_turns(setup=TWO, hands=None):
    """Through the curse and speed steps with no curses, given hands, no boosts."""
    s = G.setup(setup)
    n = len(setup["players"])
    hands = hands or [["Red Bean Bomb", "Lantern Wisp", "Frost Hex", "Grave Knight", "Tide Whisper"]] * n
    s = play(s, *({"act": "curse", "seat": k, "zeners": []} for k in range(n)))
    s = play(s, *({"act": "reveal", "seat": k, "hand": hands[k]} for k in range(n)))
    while s.phase == "boost":
        s = play(s, {"act": "boost", "seat": G.expected(s)["seat"]})
    return s


def test_setup_battle_and_party():
    s = G.setup(TWO)
    assert s.deck == (30 - 5 - 5, 30 - 5 - 5)  # 5 energy, then round 1 refills 5
    assert [p.down for p in s.players] == [5, 5] and s.hand(0) == 5 and s.planchette is None
    assert set(s.points.values()) == {4} and s.players[0].pool == (4, 6, 8, 10, 12, 20)
    assert all(z.up and not z.charged and not z.curses for z in s.players[0].zeners.values())
    p = G.setup({"game": "seance-party", "players": ["A", "B", "C", "D"]})
    assert p.deck == (60 - 40,)
    with pytest.raises(Refused, match="at least 60"):
        G.setup({"game": "seance-party", "players": ["A", "B"], "deck": 59})
    with pytest.raises(Refused, match="2 to 4 players"):
        G.setup({"game": "seance-party", "players": ["A"]})


def test_adjacency_and_dice_ranks():
    pts = rules.SETTINGS["points"][1]
    assert rules.adjacent(pts, "lines", "circle") == ["wave", "square"]
    assert rules.adjacent(pts, "neighbours", "circle") == ["cross", "star"]
    assert [rules.next_die(d, "d20") for d in (4, 6, 8, 10, 12, 20)] == [6, 8, 10, 12, 20, 20]
    assert rules.next_die(20, "none") is None


def test_curse_step_sealed_and_no_activation():
    s = G.setup(TWO)
    s = play(s, {"act": "curse", "seat": 0, "zeners": ["wave"]})
    assert G.view(s, 1)["curse_choices"] == {"Ann": "hidden"}
    assert "may not be activated" in refused(s, {"act": "activate", "seat": 0, "zener": "wave", "card": "Tide Whisper", "burn": False})
    s = play(s, {"act": "curse", "seat": 1, "zeners": []})
    assert s.players[0].zeners["wave"].curses == 1 and s.hand(0) == 4 and s.phase == "reveal"
    # from the speed step on, any time
    assert "is a circle card" in refused(s, {"act": "activate", "seat": 0, "zener": "wave", "card": "Red Bean Bomb", "burn": False})
    s = play(s, {"act": "activate", "seat": 0, "zener": "wave", "card": "Tide Whisper", "burn": False})
    assert s.players[0].board[0].cursed is True and s.players[0].zeners["wave"].curses == 0


def test_speed_hand_board_boost_order():
    s = to_turns(hands=[["Red Bean Bomb"] * 5, ["Moth Oracle"] * 5])
    assert rounds(s)[0]["hand_speed"] == [10, 25]
    assert s.order == (1, 0) and s.turn == 1


def test_speed_tie_and_boost_from_fastest():
    s = G.setup(TWO)
    s = play(s, {"act": "curse", "seat": 0, "zeners": []}, {"act": "curse", "seat": 1, "zeners": []},
             {"act": "reveal", "seat": 0, "hand": ["Red Bean Bomb"] * 5},
             {"act": "reveal", "seat": 1, "hand": ["Red Bean Bomb"] * 5})
    assert G.expected(s) == {"act": "boost", "seat": 0}  # tie: lower seat first
    s = play(s, {"act": "boost", "seat": 0}, {"act": "boost", "seat": 1, "dice": [20], "rolls": [3]})
    assert s.order == (1, 0) and 20 not in s.players[1].pool and s.removed == (20,)


def test_play_guess_miss_board_planchette_die_and_charge():
    s = to_turns()
    s = play(s, {"act": "play", "seat": 0, "card": "Red Bean Bomb", "planchette": "circle", "guess": "Frost Hex"})
    # unplaced: placed anywhere; no charge on "before" (nothing shown yet)
    assert s.planchette == "circle" and s.points["circle"] == 6 and s.players[0].pool[-1] == 4
    assert not s.players[0].zeners["circle"].up and not s.players[0].zeners["circle"].charged
    assert "already played" in refused(s, {"act": "play", "seat": 0, "card": "Frost Hex", "planchette": "wave"})
    s = play(s, {"act": "pass", "seat": 0})
    # Bo plays a circle card while the planchette shows circle: charged, another turn
    s = play(s, {"act": "play", "seat": 1, "card": "Lantern Wisp", "planchette": "wave", "guess": "Frost Hex",
                 "energy": 2, "add": {"as": "inventory", "card": "Red Bean Bomb"}})
    assert s.players[1].zeners["circle"].charged and s.extra
    spirit = s.players[1].board[0]
    assert spirit.energy == 2 and s.players[1].down == 3 and spirit.inventory[0].card == "Red Bean Bomb"
    assert "already played" in refused(
        s, {"act": "play", "seat": 1, "card": "Frost Hex", "planchette": "wave"})


def test_counter_returns_both_and_draws():
    s = to_turns()
    s = play(s, {"act": "play", "seat": 0, "card": "Frost Hex", "planchette": "star", "guess": "Grave Knight"})
    assert s.hand(0) == 6 and "Frost Hex" in s.players[0].hand.known and s.hand(1) == 5 and s.players[0].board == ()
    assert not s.players[0].zeners["cross"].up and s.planchette == "star"


def test_first_round_forced_pass_and_end():
    s = to_turns()
    assert "must pass" in refused(s, {"act": "attack", "seat": 0, "spirit": 1, "player": 1})
    assert "must start a turn first" in refused(s, {"act": "end", "seat": 0})
    s = play(s, {"act": "pass", "seat": 0}, {"act": "pass", "seat": 1})
    assert s.round == 2 and s.phase == "curse" and rounds(s)[0]["ended_by"] == "passes"


def test_spirit_without_energy_is_trashed_and_attach_limit():
    s = to_turns()
    s = s.change(0, down=0)
    s = play(s, {"act": "play", "seat": 0, "card": "Lantern Wisp", "planchette": "wave", "guess": "Frost Hex"})
    assert s.players[0].trash == ("Lantern Wisp",) and s.players[0].board == ()


def _battle_state():
    s = to_turns()
    s = play(s, {"act": "play", "seat": 0, "card": "Lantern Wisp", "planchette": "wave", "guess": "Frost Hex", "energy": 1},
             {"act": "pass", "seat": 0},
             {"act": "play", "seat": 1, "card": "Grave Knight", "planchette": "star", "guess": "Red Bean Bomb", "energy": 2},
             {"act": "pass", "seat": 1})
    # round 2
    s = play(s, {"act": "curse", "seat": 0, "zeners": []}, {"act": "curse", "seat": 1, "zeners": []})
    s = play(s, *({"act": "reveal", "seat": k,
                   "hand": list(s.players[k].hand.known) + ["Frost Hex"] * s.players[k].hand.unknown} for k in (0, 1)))
    while s.phase == "boost":
        s = play(s, {"act": "boost", "seat": G.expected(s)["seat"]})
    return s


def test_battle_damage_and_kill():
    s = _battle_state()
    ann = s.item(1)[1]
    assert ann.card == "Lantern Wisp"
    seat = s.turn
    if seat != 0:
        s = play(s, {"act": "pass", "seat": seat})
    s = play(s, {"act": "attack", "seat": 0, "spirit": 1, "target": 2, "attack_rolls": [7], "defence_rolls": [3]})
    assert s.item(1)[1].rested
    s = play(s, {"act": "boost", "seat": 1}, {"act": "boost", "seat": 0})
    b = battles(s)[-1]
    assert (b["attack"], b["defence"], b["winners"]) == (7, 3, ["Ann"])
    assert b["damage"][0]["element"] == "fire" and b["damage"][0]["removed"] == 1
    assert s.item(2)[1].energy == 1 and s.players[1].up == 1


def test_tie_hurts_both_and_kill_goes_to_trash():
    s = _battle_state()
    if s.turn != 0:
        s = play(s, {"act": "pass", "seat": s.turn})
    s = play(s, {"act": "attack", "seat": 0, "spirit": 1, "target": 2, "attack_rolls": [5], "defence_rolls": [5]},
             {"act": "boost", "seat": 1}, {"act": "boost", "seat": 0})
    assert battles(s)[-1]["winners"] == ["Ann", "Bo"]
    assert s.item(1) == (None, None) and "Lantern Wisp" in s.players[0].trash  # 1 energy: killed


def test_direct_attack_and_defeat_wins():
    s = _battle_state()
    if s.turn != 0:
        s = play(s, {"act": "pass", "seat": s.turn})
    # Bo's spirit gone and Bo's energy nearly out: a direct attack defeats him
    s = s.change(1, board=(), down=1)
    s = play(s, {"act": "attack", "seat": 0, "spirit": 1, "player": 1, "attack_rolls": [2]},
             {"act": "boost", "seat": 1}, {"act": "boost", "seat": 0})
    assert s.players[1].defeated == 0 and s.winners == (0,) and s.won_by == "defeats"
    assert G.outcome(s).winners == (0,)


def test_charging_all_five_wins():
    s = to_turns(hands=[["Red Bean Bomb", "Frost Hex", "Tide Whisper", "Static Jar", "Falling Star"]] * 2)
    s = evolve(charged(s, 0, "cross", "wave", "square", "star"), planchette="circle")
    s = play(s, {"act": "play", "seat": 0, "card": "Red Bean Bomb", "planchette": "wave", "guess": "Frost Hex"})
    assert s.winners == (0,) and s.won_by == "charges" and G.expected(s) is None
    assert "game is over" in refused(s, {"act": "pass", "seat": 0})


def test_charged_zener_not_charged_twice():
    s = to_turns()
    s = evolve(charged(s, 0, "circle"), planchette="circle")
    s = play(s, {"act": "play", "seat": 0, "card": "Red Bean Bomb", "planchette": "wave", "guess": "Frost Hex"})
    assert not s.extra and s.charges == ()


def test_an_ability_is_recorded_and_a_card_shown_from_hand_is_known():
    """Before Attack Phase: "Activate an ability of a card on board or in hand." The table
    resolves what the card says; the companion records whose card it was."""
    s = G.setup(TWO)
    s = play(s, {"act": "curse", "seat": 0, "zeners": []}, {"act": "curse", "seat": 1, "zeners": []},
             {"act": "reveal", "seat": 0, "hand": ["Red Bean Bomb", "Lantern Wisp", "Frost Hex", "Grave Knight",
                                                  "Tide Whisper"]})
    assert "not the time to activate an ability" in refused(s, {"act": "ability", "seat": 0, "card": "Frost Hex"})
    s = play(s, {"act": "reveal", "seat": 1, "hand": ["Moth Oracle"] * 5})
    while s.phase == "boost":
        s = play(s, {"act": "boost", "seat": G.expected(s)["seat"]})
    seat, other = s.turn, 1 - s.turn
    assert "it is" in refused(s, {"act": "ability", "seat": other, "card": "Moth Oracle"})
    assert "either a card on the board" in refused(s, {"act": "ability", "seat": seat})
    assert "either a card on the board" in refused(s, {"act": "ability", "seat": seat, "item": 1, "card": "Frost Hex"})
    assert "not a card on" in refused(s, {"act": "ability", "seat": seat, "item": 1})
    mine = s.players[seat].hand.known[0]
    s = play(s, {"act": "ability", "seat": seat, "card": mine})
    assert rounds(s)[-1]["turns"][-1]["actions"] == [{"ability": mine, "player": s.names[seat]}]
    hand = s.players[seat].hand
    assert s.hand(seat) == 5 and hand.unknown == 0 and mine in hand.known  # nothing else changes
    # a card that may be one of the hand's unknown cards is shown: known from now on
    s = holding(s, seat, hand.known[:4], 1)
    s = play(s, {"act": "ability", "seat": seat, "card": "Static Jar"})
    assert s.players[seat].hand.unknown == 0 and s.players[seat].hand.known[-1] == "Static Jar" and s.hand(seat) == 5


def test_an_ability_of_a_card_on_the_board_and_in_an_inventory():
    s = to_turns()
    s = play(s, {"act": "play", "seat": 0, "card": "Lantern Wisp", "planchette": "wave", "guess": "Frost Hex",
                 "energy": 2, "add": {"as": "inventory", "card": "Red Bean Bomb"}})
    spirit, spell = s.players[0].board[0].id, s.players[0].board[0].inventory[0].id
    s = play(s, {"act": "ability", "seat": 0, "item": spell}, {"act": "ability", "seat": 0, "item": spirit})
    assert [a.get("ability") for a in rounds(s)[-1]["turns"][-1]["actions"][1:]] == ["Red Bean Bomb", "Lantern Wisp"]
    assert "not a card on Ann's board" in refused(s, {"act": "ability", "seat": 0, "item": 99})


def test_an_added_card_of_null_is_refused_not_read_as_none():
    s = to_turns()
    reason = refused(s, {"act": "play", "seat": 0, "card": "Lantern Wisp", "planchette": "wave", "guess": "Frost Hex",
                         "energy": 1, "add": None})
    assert "add is" in reason


NEW = {"name": "Moon Moth", "type": "spirit", "symbol": "star", "element": "life", "attack": "d8", "speed": 2,
       "cursed": {"element": "shadow", "attack": "d4", "speed": 1}}


@pytest.mark.parametrize("place", ["reveal", "play", "guess", "boost", "add", "activate", "ability"])
def test_a_card_never_seen_is_accepted_inline_wherever_an_unknown_card_may_stand(place):
    """The one kind of action moves.py cannot list (docs/seance-party.md, the legal actions):
    a card defined for the first time, in place of a name."""
    s = G.setup(TWO)
    if place == "activate":
        s = play(s, {"act": "curse", "seat": 0, "zeners": ["star"]}, {"act": "curse", "seat": 1, "zeners": []})
        s = play(s, {"act": "activate", "seat": 0, "zener": "star", "card": NEW, "burn": False, "energy": 1})
        assert s.players[0].board[0].card == "Moon Moth" and s.players[0].board[0].cursed
        return
    s = play(s, {"act": "curse", "seat": 0, "zeners": []}, {"act": "curse", "seat": 1, "zeners": []})
    if place == "reveal":
        s = play(s, {"act": "reveal", "seat": 0, "hand": ["Frost Hex"] * 4 + [NEW]})
        assert s.players[0].hand.known[-1] == "Moon Moth" and s.cards["Moon Moth"].attack == 8
        return
    s = play(s, *({"act": "reveal", "seat": k, "hand": ["Frost Hex"] * 5} for k in (0, 1)))
    if place == "boost":
        first = s.boosters[0]
        s = holding(s, first, s.players[first].hand.known[:4], 1)
        s = play(s, {"act": "boost", "seat": first, "cards": [NEW]})
        assert s.players[first].trash == ("Moon Moth",)
        return
    while s.phase == "boost":
        s = play(s, {"act": "boost", "seat": G.expected(s)["seat"]})
    seat, other = s.turn, 1 - s.turn
    s = holding(s, seat, s.players[seat].hand.known[:3], 2)  # two cards drawn since: unknown
    s = holding(s, other, s.players[other].hand.known[:4], 1)
    if place == "play":
        s = play(s, {"act": "play", "seat": seat, "card": NEW, "planchette": "star", "guess": "Frost Hex", "energy": 1})
        assert s.players[seat].board[0].card == "Moon Moth"
    elif place == "guess":
        s = play(s, {"act": "play", "seat": seat, "card": "Frost Hex", "planchette": "star", "guess": NEW})
        assert "Moon Moth" in s.players[other].hand.known
    elif place == "add":
        s = holding(s, seat, ("Lantern Wisp",) + s.players[seat].hand.known[1:], 2)
        s = play(s, {"act": "play", "seat": seat, "card": "Lantern Wisp", "planchette": "star", "guess": "Frost Hex",
                     "energy": 1, "add": {"as": "inventory", "card": NEW}})
        assert s.players[seat].board[0].inventory[0].card == "Moon Moth"
    else:
        s = play(s, {"act": "ability", "seat": seat, "card": NEW})
        assert "Moon Moth" in s.players[seat].hand.known


# -- correction lines: what a card's effect changes (Readings 2) ------------------------------------
def test_corrections_draw_trash_planchette_energy():
    s = to_turns()
    # Ann plays Red Bean Bomb (a spell, so it waits on the board): a cause from now on
    s = play(s, {"act": "play", "seat": s.turn, "card": "Red Bean Bomb", "planchette": "wave", "guess": "Frost Hex"})
    who = 0 if s.players[0].board else 1
    other = 1 - who
    deck = s.deck[who]
    hand = s.hand(who)
    s = play(s, {"act": "draw", "seat": who, "count": 2, "cause": "Red Bean Bomb"})
    assert s.hand(who) == hand + 2 and s.deck[who] == deck - 2 and s.players[who].hand.unknown == 2
    s = play(s, {"act": "trash", "seat": who, "count": 2, "cause": "Red Bean Bomb"})
    assert s.hand(who) == hand and s.players[who].trash[-2:] == ("(unseen card)",) * 2
    s = play(s, {"act": "trash", "seat": other, "cards": ["Tide Whisper"], "cause": "Red Bean Bomb"})
    assert s.players[other].trash == ("Tide Whisper",) and "Tide Whisper" not in s.players[other].hand.known
    pools = [p.pool for p in s.players]
    s = play(s, {"act": "planchette", "to": "star", "cause": "Red Bean Bomb"})  # anywhere, no die
    assert s.planchette == "star" and [p.pool for p in s.players] == pools
    s = play(s, {"act": "planchette", "to": "cross", "seat": other, "cause": "Red Bean Bomb"})
    assert s.players[other].pool == pools[other] + (4,) and s.points["cross"] == 6
    s = play(s, {"act": "energy", "seat": other, "change": -2, "cause": "Red Bean Bomb"})
    assert s.players[other].down == 3 and s.players[other].up == 2
    s = play(s, {"act": "energy", "seat": other, "change": 1, "cause": "Red Bean Bomb"})
    assert s.players[other].down == 4
    effects = [a for a in rounds(s)[-1]["turns"][-1]["actions"] if isinstance(a, dict) and "effect" in a]
    assert len(effects) == 7 and effects[0] == {"effect": "Red Bean Bomb", "player": "Ann" if who == 0 else "Bo",
                                                "drew": 2}
    # a correction is one of the legal actions, one per kind
    kinds = {(a["act"], a.get("seat"), "count" in a) for a in G.legal(s) if a["act"] in ("draw", "trash", "energy")}
    assert ("draw", who, True) in kinds and ("trash", other, False) in kinds


def test_correction_energy_defeats_credited_to_nobody():
    s = to_turns()
    s = play(s, {"act": "play", "seat": s.turn, "card": "Red Bean Bomb", "planchette": "wave", "guess": "Frost Hex"})
    loser = 1 - (0 if s.players[0].board else 1)
    s = play(s, {"act": "energy", "seat": loser, "change": -5, "cause": "Red Bean Bomb"})
    assert s.phase == "over" and s.won_by == "defeats"
    summary = G.summary(s)
    assert summary["seats"][loser]["defeated"] and summary["seats"][loser]["defeated_by"] is None
    assert all(seat["defeats"] == 0 for seat in summary["seats"])
    assert s.winners == (0, 1)  # nobody defeated anybody: the defeats are tied at 0


def test_correction_causes_and_timing():
    s = G.setup(TWO)
    assert "Start and Curse steps" in refused(s, {"act": "draw", "seat": 0, "count": 1, "cause": "Frost Hex"})
    s = to_turns()
    assert "on no board" in refused(s, {"act": "draw", "seat": 0, "count": 1, "cause": "Frost Hex"})
    s = play(s, {"act": "ability", "seat": s.turn, "card": "Frost Hex"})
    s = play(s, {"act": "draw", "seat": 0, "count": 1, "cause": "Frost Hex"})  # used for an ability this round
    assert not [a for a in G.legal(G.setup(TWO)) if a["act"] in ("draw", "trash", "planchette", "energy")]


def test_correction_defeat_during_the_speed_step():
    three = {**TWO, "players": ["Ann", "Bo", "Cy"]}
    s = G.setup(three)
    s = play(s, *({"act": "curse", "seat": k, "zeners": ["wave"] if k == 2 else []} for k in range(3)))
    s = play(s, {"act": "activate", "seat": 2, "zener": "wave", "card": "Tide Whisper", "burn": True})
    hands = ["Red Bean Bomb", "Lantern Wisp", "Frost Hex", "Grave Knight", "Tide Whisper"]
    s = play(s, {"act": "reveal", "seat": 0, "hand": hands}, {"act": "reveal", "seat": 1, "hand": hands})
    # Cy, not yet revealed, loses every Spirit Energy to the burned curse: the speeds go on without Cy
    s = play(s, {"act": "energy", "seat": 2, "change": -5, "cause": "Tide Whisper"})
    assert s.players[2].defeated == -1 and s.phase == "boost" and set(s.boosters) == {0, 1}
    assert G.summary(s)["seats"][2]["defeated_by"] is None
