"""The round's end by passes, straight from the rulebook's Pass section:

    "If all players pass, the round automatically ends."
    "In only the first round of the game each player is forced to pass until every player
    has started a turn."

Read (docs/seance-party.md, Readings 5): the round ends when every player still in has
passed — closed a turn with a pass, after a play or not — since the last attack and since
their own last curse activation, and no charge's extra turn is still owed.  A player who
passes twice (a charge's extra turn, or a second time round) is still one player.
"""

from __future__ import annotations

from companion.games.seance_party import SEANCE_PARTY as G
from companion.games.seance_party import rules
from tests.refusal_checks import play_all, refusal_of

THREE = {"game": "seance-party", "players": ["Ann", "Bo", "Cy"], "seed": 3}
# speeds 13, 10 and 7: Ann, Bo, Cy in that order
HANDS = [["Moth Oracle", "Red Bean Bomb", "Frost Hex", "Tide Whisper", "Static Jar"],
         ["Red Bean Bomb", "Lantern Wisp", "Frost Hex", "Grave Knight", "Tide Whisper"],
         ["Frost Hex", "Grave Knight", "Falling Star", "Drowned Bride", "Static Jar"]]
FILLER = "Frost Hex"


def play(state, *actions):
    return play_all(G, state, *actions)


def to_turns(state, hands=(), curses=None):
    """Through the Curse and Speed steps: ``curses`` by seat (none), hands by seat as given or
    the known cards made up with Frost Hex, no boosts."""
    n = len(state.names)
    state = play(state, *({"act": "curse", "seat": k, "zeners": (curses or {}).get(k, [])} for k in range(n)))
    hands = dict(enumerate(hands)) if isinstance(hands, (list, tuple)) else hands
    for k in range(n):
        held = state.players[k].hand
        hand = hands[k] if k in hands else list(held.known) + [FILLER] * held.unknown
        state = play(state, {"act": "reveal", "seat": k, "hand": hand})
    while state.phase == "boost":
        state = play(state, {"act": "boost", "seat": G.expected(state)["seat"]})
    return state


def passes(*seats):
    return [{"act": "pass", "seat": s} for s in seats]


def round_one_of_three():
    """Round 1: Ann places the planchette on circle with Red Bean Bomb and passes; Bo plays
    Lantern Wisp (circle) while the planchette shows circle: charged, another turn."""
    s = to_turns(G.setup(THREE), HANDS)
    assert s.order == (0, 1, 2)
    s = play(s, {"act": "play", "seat": 0, "card": "Red Bean Bomb", "planchette": "circle", "guess": "Frost Hex"},
             *passes(0),
             {"act": "play", "seat": 1, "card": "Lantern Wisp", "planchette": "wave", "guess": "Frost Hex",
              "energy": 1})
    assert s.players[1].zeners["circle"].charged and s.extra
    return s


def test_the_issue_example_cy_passes_after_bo_passes_twice_and_the_round_ends():
    """Ann plays and passes; Bo plays, charges, passes, and passes again in his extra turn;
    Cy has not passed — has not even started a turn — so round 1 goes on to Cy, and his pass
    (everyone has passed now) ends it."""
    s = round_one_of_three()
    s = play(s, *passes(1))
    assert s.round == 1 and G.expected(s) == {"act": "turn", "seat": 1}  # the extra turn
    s = play(s, *passes(1))
    assert s.round == 1 and G.expected(s) == {"act": "turn", "seat": 2}, "the round ended before Cy passed"
    assert G.summary(s)["passed"] == ["Ann", "Bo"]
    s = play(s, *passes(2))
    assert s.round == 2 and s.phase == "curse" and G.summary(s)["rounds"][0]["ended_by"] == "passes"
    assert [t["player"] for t in G.summary(s)["rounds"][0]["turns"]] == ["Ann", "Bo", "Bo", "Cy"]


def test_round_one_forces_passing_only_until_everyone_has_started():
    """Bo, forced to pass in his first turn, may not attack in his extra turn either while
    Cy has not started; Cy, the last to start, is no longer forced."""
    s = round_one_of_three()
    s = play(s, *passes(1))
    assert rules.forced_pass(s.round, set(s.started), s.active())
    assert not any(a["act"] in ("attack", "end") for a in G.legal(s))
    assert "Bo must pass" in refusal_of(G, s, {"act": "attack", "seat": 1, "spirit": 2, "player": 2})
    s = play(s, *passes(1))
    assert not rules.forced_pass(s.round, set(s.started), s.active())  # Cy has started
    assert any(a["act"] == "end" for a in G.legal(s))


def round_two(curses=None, hands=()):
    """Round 1 above, ended by Bo's second pass and Cy's; round 2 to its Player Turns: Ann,
    Bo, Cy in that order (speeds 14, 11, 8), the planchette on wave, Bo's Lantern Wisp (2)
    on the board, Cy with no spirit."""
    s = play(round_one_of_three(), *passes(1, 1, 2))
    s = to_turns(s, hands, curses)
    assert s.round == 2 and s.order == (0, 1, 2) and s.planchette == "wave"
    return s


def charge_wave(s, seat, card, guess, **more):
    """``seat`` plays a wave card while the planchette shows wave: charged, another turn."""
    s = play(s, {"act": "play", "seat": seat, "card": card, "planchette": "star", "guess": guess, **more})
    assert s.players[seat].zeners["wave"].charged and s.extra
    return s


def test_an_extra_turn_in_a_later_round_does_not_end_it_before_the_others_pass():
    """Round 2: Ann charges and passes, and passes again in her extra turn; Bo and Cy have not
    passed, so the round goes on; it ends when they have (the charges example's rounds 3 and
    9 did the same)."""
    s = charge_wave(round_two(), 0, "Tide Whisper", "Frost Hex")
    s = play(s, *passes(0))
    assert G.expected(s) == {"act": "turn", "seat": 0}
    s = play(s, *passes(0))
    assert s.round == 2 and G.expected(s) == {"act": "turn", "seat": 1}, "Ann's two passes ended the round"
    s = play(s, *passes(1))
    assert s.round == 2 and G.expected(s) == {"act": "turn", "seat": 2}, "the round ended before Cy passed"
    assert G.summary(s)["passed"] == ["Ann", "Bo"]
    s = play(s, *passes(2))
    assert s.round == 3 and G.summary(s)["rounds"][1]["ended_by"] == "passes"


def test_an_extra_turn_owed_is_taken_even_when_everyone_has_passed():
    """Ann and Bo pass; Cy charges and passes — everyone has passed, but the charge owes Cy
    another turn ("take another turn"), taken first; his pass in it ends the round."""
    s = play(round_two(), *passes(0, 1))
    s = charge_wave(s, 2, "Drowned Bride", "Frost Hex", energy=1)
    s = play(s, *passes(2))
    assert s.round == 2 and G.expected(s) == {"act": "turn", "seat": 2}, "the extra turn was skipped"
    assert G.summary(s)["passed"] == ["Ann", "Bo"]  # Cy is in a turn again: not passed in it yet
    s = play(s, *passes(2))
    assert s.round == 3 and G.summary(s)["rounds"][1]["ended_by"] == "passes"


def test_an_attack_breaks_the_run_and_a_player_who_passed_plays_again():
    """Ann and Bo pass; Cy charges with Drowned Bride, attacks Bo's Lantern Wisp with it and
    passes in his extra turn.  Ann and Bo passed before the attack, on a board that has
    changed since: the round goes on.  Ann, who passed, plays a card in her next turn and
    passes — a pass again; Bo's pass then ends the round."""
    s = play(round_two(), *passes(0, 1))
    s = charge_wave(s, 2, "Drowned Bride", "Frost Hex", energy=1)
    s = play(s, {"act": "attack", "seat": 2, "spirit": 3, "target": 2, "attack_rolls": [6], "defence_rolls": [1]},
             {"act": "boost", "seat": 1}, {"act": "boost", "seat": 2})
    assert s.battles[-1].damage[0].killed and G.summary(s)["passed"] == []
    assert G.expected(s) == {"act": "turn", "seat": 2}  # the extra turn
    s = play(s, *passes(2))
    assert s.round == 2 and G.expected(s) == {"act": "turn", "seat": 0}, "passes from before the attack counted"
    s = play(s, {"act": "play", "seat": 0, "card": "Static Jar", "planchette": "wave", "guess": "Frost Hex"},
             *passes(0))
    assert s.round == 2 and G.summary(s)["passed"] == ["Ann", "Cy"]
    s = play(s, *passes(1))
    assert s.round == 3 and G.summary(s)["rounds"][1]["ended_by"] == "passes"


def test_a_curse_activated_after_passing_withdraws_that_pass():
    """Ann sets a curse, then passes; Bo passes; in Cy's turn Ann activates her curse (she
    acts again), and Cy passes: Ann has not passed since, so the round goes on to her."""
    s = round_two(curses={0: ["cross"]}, hands={0: ["Moth Oracle", "Tide Whisper", "Static Jar", "Moth Oracle"]})
    s = play(s, *passes(0, 1))
    s = play(s, {"act": "activate", "seat": 0, "zener": "cross", "card": "Frost Hex", "burn": True})
    assert G.summary(s)["passed"] == ["Bo"]
    s = play(s, *passes(2))
    assert s.round == 2 and G.expected(s) == {"act": "turn", "seat": 0}
    s = play(s, *passes(0))
    assert s.round == 3 and G.summary(s)["rounds"][1]["ended_by"] == "passes"


def test_the_last_player_who_had_not_passed_defeated_by_an_effect_ends_the_round():
    """Ann and Bo pass; Cy loses all his Spirit Energy to a card's effect in his turn: every
    player still in has passed, so the round ends."""
    s = play(round_two(), *passes(0, 1))
    s = play(s, {"act": "energy", "seat": 2, "change": -5, "cause": "Red Bean Bomb"})
    assert s.players[2].defeated is not None and s.phase != "over"
    assert s.round == 3 and G.summary(s)["rounds"][1]["ended_by"] == "passes"


def test_rule_function():
    """The rule alone: a set of players, not a count of passes."""
    assert rules.round_ends_by_passes({0, 1, 2}, [0, 1, 2], extra_owed=False)
    assert not rules.round_ends_by_passes({0, 1}, [0, 1, 2], extra_owed=False)
    assert not rules.round_ends_by_passes({0, 1, 2}, [0, 1, 2], extra_owed=True)
    assert rules.round_ends_by_passes({0, 2}, [0, 2], extra_owed=False)  # Bo is out
