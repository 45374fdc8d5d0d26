"""What the table's screen reads: the view carries every figure and sentence the
Clairvoyance screen shows — turn order, the priority order of who may interfere, round
ends and the health history, each face of the die with hit or miss, the possessed items,
what the last line did — so the screen works out no rule; Myr's secret item is in no
table view (``Entry.secrets``); and the screen's modules never read the state."""

from __future__ import annotations

import random
import re
from pathlib import Path

from companion.games.clairvoyance import ENTRY
from tests.clairvoyance_table import RESOLVE, G, die, end, play, possess, setup, start, throw

ROOT = Path(__file__).resolve().parent.parent
UI = sorted((ROOT / "companion" / "ui" / "games").glob("clairvoyance*.py"))


def table(state) -> dict:
    return G.view(state, None)


def test_turn_order_and_priority_start_at_the_turn_holder():
    s = play(start(4, first=2, face=3))
    v = table(s)
    assert v["turn_seat"] == 2 and v["order"] == [2, 3, 0, 1] and v["priority"] == [3, 0, 1, 2]
    s = play(s, end(2), end(3), end(0))
    assert table(s)["order"] == [1, 2, 3, 0]


def test_round_ends_and_the_health_history_follow_the_rules():
    s = start(3, first=1, face=3)
    s = play(s, throw(1, "Armchair", 2), RESOLVE, die(1, 6), end(1), end(2), end(0), end(1))
    v = table(s)
    assert v["round_ends"] == [3, 5] and v["health_history"] == [[10, 10, 7], [10, 10, 7]]  # the last, begun
    assert v["health_history"] is v["results"]["rounds"]


def test_a_window_carries_who_may_still_interfere_in_priority_order():
    s = play(start(3, face=3), throw(0, "Armchair", 1))
    window = table(s)["interference"]
    assert window["order"] == [1, 2, 0] and window["answered"] == [] and window["user"] is None
    assert window["about"] == "Ann throws the Armchair at Bo."
    s = play(s, {"act": "instant", "seat": 2, "card": "Deflection", "item": "play"}, {"act": "pass", "seat": 1})
    window = table(s)["interference"]
    assert window["order"] == [2, 0] and window["answered"] == [1]
    assert window["about"] == "Ann throws the Armchair at Bo (2 damage after −1)."


def test_the_die_turn_marks_every_face_reachable_or_not_and_hit_or_miss():
    s = play(start(3, face=3), throw(0, "Armchair", 1), RESOLVE)
    turn = table(s)["die_turn"]
    assert turn["seat"] == 0 and turn["prompt"] == "Ann turns the die from 3: the Armchair needs 1, 6"
    reachable = {f["face"]: f["label"] for f in turn["faces"] if f["reachable"]}
    assert reachable == {2: "2 ✗ misses", 4: "4 ✗ misses", 6: "6 ✓ hits"}  # 3 touches 2, 4 and 6
    assert [f["works"] for f in turn["faces"]] == [True, False, False, False, False, True, False, False]
    s = play(start(3, face=3), possess(0, "Lamp"), RESOLVE)
    assert table(s)["die_turn"]["faces"][1]["label"] == "2 ✓ possessed"


def test_possessed_items_and_the_last_line_in_words():
    s = play(start(3, face=3), possess(0, "Lamp", 1), RESOLVE, die(0, 2))
    v = table(s)
    assert v["items"] == {1: {"seat": 1, "card": "Lamp", "words": "Bo's Lamp #1", "figures": v["items"][1]["figures"],
                              "does": v["items"][1]["does"]}}
    assert v["said"] == "Ann turned the die 3 → 2: the Lamp goes into Bo's possession (#1) (2 is one of its faces 2, 5)."
    assert table(start(3))["said"] == "The die rolled 3: Ann said it and goes first."
    assert table(G.setup(setup()))["said"].startswith("Nothing entered yet")


def test_the_table_view_is_the_same_whatever_myrs_secret_item_is():
    s = start(3, ["Myr", "Gertrude", "Claire"], first=1, face=3)
    s = play(s, throw(1, "Grandfather Clock", 2), {"act": "ability", "seat": 0, "card": "Grandfather Clock"})
    rng = random.Random(3)
    for state in (s, play(s, RESOLVE), play(s, RESOLVE, die(1, 2), end(1), end(2))):
        other = ENTRY.secrets(state, rng)
        assert other.private[0] != state.private[0] and other.private[0][0] in state.cards
        assert G.view(other, None) == G.view(state, None)
        assert G.view(other, 0) != G.view(state, 0)  # Myr sees his own
    mine = play(s, RESOLVE, die(1, 2), end(1), end(2))  # Myr's turn: his hand may hold any item
    assert "Grandfather Clock" not in str(table(mine)["seats"]) and table(mine)["to_fill"] is not None


def test_the_screens_read_the_view_never_the_state():
    for path in UI:
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"\.state\b", text), f"{path.name} reads the state"
        assert not re.search(r"clairvoyance import rules|clairvoyance\.(rules|moves|words|view)\b", text), \
            f"{path.name} works out rules itself"
