"""The example logs' summaries, checked by hand against docs/seance-party.md."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from companion.cli import main
from companion.games.seance_party import SEANCE_PARTY as G
from tests.refusal_checks import load_example

EXAMPLES = Path(__file__).resolve().parents[1] / "docs" / "examples"


def summary(name, capsys) -> dict:
    assert main(["replay", "seance-party", str(EXAMPLES / name)]) == 0
    return json.loads(capsys.readouterr().out)


def test_charges_game(capsys):
    s = summary("seance-party-charges.jsonl", capsys)
    assert s["winners"] == ["Bo"] and s["won_by"] == "charges" and s["finished"] and s["next"] is None
    bo = s["seats"][1]
    assert bo["charged"] == 5 and all(v.startswith("charged") for v in bo["zeners"].values())
    r1 = s["rounds"][0]
    # round 1: Ann reveals Drowned Bride 2 + Falling Star 1 + Frost Hex 1 + Grave Knight 1 + Lantern Wisp 3 = 8;
    # Bo: Falling Star 1 + Frost Hex 1 + Grave Knight 1 + Lantern Wisp 3 + Moth Oracle 5 = 11
    assert r1["hand_speed"] == [8, 11] and r1["board_speed"] == [0, 0]
    assert r1["boosts"]["Bo"]["dice"] == [4] and r1["boosts"]["Ann"]["dice"] == [6]
    assert r1["speed"] == [8 + r1["boosts"]["Ann"]["total"], 11 + r1["boosts"]["Bo"]["total"]]
    # Ann placed the unplaced planchette on cross (taking its d4, a d6 replaces it);
    # Bo's Grave Knight (cross) then matched the current symbol: charged, another turn
    assert s["charges"][0] == {"round": 1, "player": "Bo", "zener": "cross"}
    turns = r1["turns"]
    assert turns[0]["actions"][0]["planchette"] == "cross" and turns[0]["actions"][0]["die"] == 4
    # "If all players pass, the round automatically ends": Bo's charges in round 3 and Ann's in
    # round 9 give extra turns, and the round still waits for the other player's pass
    for r in s["rounds"]:
        if r["ended_by"] == "passes":
            assert {t["player"] for t in r["turns"] if t["actions"][-1:] == ["pass"]} == {"Ann", "Bo"}, r["round"]
    assert [t["player"] for t in s["rounds"][2]["turns"]] == ["Bo", "Bo", "Bo", "Bo", "Ann"]
    assert [t["player"] for t in s["rounds"][8]["turns"]] == ["Ann", "Ann", "Bo"]


def test_first_lines_by_hand(tmp_path, capsys):
    lines = (EXAMPLES / "seance-party-charges.jsonl").read_text().splitlines()[:8]
    f = tmp_path / "l.jsonl"
    f.write_text("\n".join(lines) + "\n")
    assert main(["replay", "seance-party", str(f)]) == 0
    s = json.loads(capsys.readouterr().out)
    ann = s["seats"][0]
    # Ann played Falling Star (star, not countered: Bo showed Frost Hex, a cross)
    assert ann["board"] == [{"id": 1, "card": "Falling Star", "type": "spell", "cursed": False}]
    assert ann["zeners"]["star"] == "dormant down" and ann["hand"] == 4
    assert ann["pool"] == ["d4", "d8", "d10", "d12", "d20", "d4"]  # the d6 boosted away, the point's d4 won
    assert s["pentagram"]["planchette"] == "cross"
    assert [p["die"] for p in s["pentagram"]["points"]] == ["d4", "d6", "d4", "d4", "d4"]
    assert s["dice"] == {"removed": ["d4", "d6"], "supplied": 1}
    assert s["next"] == {"act": "turn", "seat": 0}


def test_defeat_game(capsys):
    s = summary("seance-party-defeat.jsonl", capsys)
    assert s["won_by"] == "defeats" and s["winners"] == ["Bo"]
    assert s["seats"][0]["defeated_by"] == "Bo" and s["seats"][1]["defeats"] == 1
    assert s["seats"][0]["energy"]["face_down"] + s["seats"][0]["energy"]["in_spirits"] == 0
    for b in s["battles"]:
        assert b["attack"] == sum(b["attack_rolls"]) + b["boosts"].get("attack", {}).get("total", 0)
        assert b["defence"] == sum(b["defence_rolls"]) + b["boosts"].get("defence", {}).get("total", 0)


def test_party_excerpt_battle(capsys):
    s = summary("seance-party-party-battle.jsonl", capsys)
    assert s["mode"] == "party" and len(s["players"]) == 3 and not s["finished"]
    b = s["battles"][0]
    assert (b["attacker"], b["defender"], b["attack"], b["defence"]) == ("Cy", "Ann", 10, 10)
    assert b["winners"] == ["Cy", "Ann"]  # a tie hurts both
    assert [d["killed"] for d in b["damage"]] == [True, True]
    assert s["rounds"][0]["order"] == ["Ann", "Bo", "Cy"] and s["rounds"][0]["speed"] == [14, 13, 12]


def test_table_game_with_a_new_card_entered_rolls_abilities_and_curses(capsys):
    """docs/examples/seance-party-table.jsonl: what the screen's new entries write."""
    s = summary("seance-party-table.jsonl", capsys)
    r1, r2 = s["rounds"][0], s["rounds"][1]
    assert r1["curses"] == [["wave"], ["star"]] and r1["hand_speed"] == [9, 9]
    # Ann's hand held a card in no catalog, defined inline: Candle Ghost, speed 3
    assert r1["boosts"]["Ann"] == {"dice": [12], "rolls": [12], "cards": [], "total": 12}
    assert r1["boosts"]["Bo"]["rolls"] == [7] and r1["order"] == ["Ann", "Bo"]
    first = r1["turns"][0]["actions"]
    assert first[0]["countered"] and "drew" not in first[0]  # countered, and no card drawn
    assert first[1] == {"ability": "Lantern Wisp", "player": "Ann"}
    assert r1["turns"][1]["actions"][0]["added"]["card"] == "Static Jar"
    battle = s["battles"][0]
    assert battle["attack_rolls"] == [5, 6] and battle["defence_rolls"] == [2]
    assert (battle["attack"], battle["defence"]) == (11, 5)
    assert battle["damage"][0] == {"by": "Bo", "element": "bolt", "amount": 2, "to": "Ann", "spirit": "Drowned Bride",
                                   "removed": 1, "killed": True, "overpacked": False}
    ann = s["seats"][0]
    ghost = ann["board"][0]
    assert ghost["card"] == "Candle Ghost" and ghost["energy"] == 3  # 2, and Red Bean Bomb added as energy
    assert r2["turns"][-1]["actions"][-2:] == [{"ability": "Candle Ghost", "player": "Ann"}, "end"]
    assert r2["ended_by"] == "Ann ended" and s["round"] == 3


# -- chance from the seed: docs/seance-party.md's recipe, against the game ---------------------------------
def recipe(seed, k: int, sides: int) -> int:
    """The K-th companion roll of a game, as docs/seance-party.md ("Chance from the seed") writes it."""
    return random.Random(f"{seed}:seance-party:roll:{k}").randint(1, sides)


def stack_dice(state, item_id) -> list[int]:
    """One die per card of a spirit's stack: the spirit, then its inventory in order; upside
    down cards their cursed die."""
    _, item = state.item(item_id)
    return [state.cards[c.card].attack_of(c.cursed) for c in (item, *item.inventory)]


@pytest.mark.parametrize("name", ["charges", "defeat", "party-battle", "table"])
def test_companion_rolls_follow_the_documented_recipe(name):
    """Every roll the companion made in an example log is the documented recipe's, K counting
    only the dice the companion rolled: an attack's stack, then the defence's; a boost's dice
    (in a battle, then its cards' attack dice)."""
    lines = load_example(f"seance-party-{name}.jsonl")
    setup, actions = lines[0], lines[1:]
    seed, state, k, checked = setup.get("seed", 0), G.setup(setup), 0, 0
    for action in actions:
        predicted = {}
        if action["act"] == "attack":
            for field, item in (("attack_rolls", action["spirit"]), ("defence_rolls", action.get("target"))):
                if field not in action:
                    dice = stack_dice(state, item) if item is not None else []
                    predicted[field] = [recipe(seed, k + i, d) for i, d in enumerate(dice)]
                    k += len(dice)
        elif action["act"] == "boost" and "rolls" not in action:
            dice = list(action.get("dice", []))
            if state.phase == "battle":
                dice += [state.cards[c].attack for c in action.get("cards", [])]
                side = state.battle.boosting()
            predicted["rolls"] = [recipe(seed, k + i, d) for i, d in enumerate(dice)]
            k += len(dice)
        before = state
        state = G.apply(state, action)
        if action["act"] == "attack":
            for field, rolls in predicted.items():
                assert list(getattr(state.battle, field)) == rolls, (action, field)
                checked += len(rolls)
        elif predicted:
            if before.phase == "battle":
                battle = state.battle or state.battles[-1]
                boost = battle.defence_boost if side == "defence" else battle.attack_boost
                assert list(boost.rolls) == predicted["rolls"], action
            else:
                assert list(state.speeds.boosts[action["seat"]].rolls) == predicted["rolls"], action
            checked += len(predicted["rolls"])
    assert k == state.rolls and (checked > 0) == (k > 0)
