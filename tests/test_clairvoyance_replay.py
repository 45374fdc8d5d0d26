"""The example logs' summaries (``companion replay clairvoyance docs/examples/…``), checked
against figures worked out by hand from the logs, the rulebook and docs/clairvoyance.md.

Each example's arithmetic is written out beside the assertions: the deck starts at
80 − 5 × players; a hand is drawn up to 5 at the end of its turn; thrown, destroyed and
failed cards and eliminated players' hands go to the discard pile.
"""

from __future__ import annotations

import json

from companion.cli import main
from tests.refusal_checks import EXAMPLES


def replay(name: str, capsys) -> dict:
    assert main(["replay", "clairvoyance", str(EXAMPLES / f"clairvoyance-{name}.jsonl")]) == 0
    return json.loads(capsys.readouterr().out)


def by_name(summary: dict) -> dict:
    return {seat["name"]: seat for seat in summary["seats"]}


def test_two_players_to_a_win(capsys):
    s = replay("two-players", capsys)
    # guesses Ann 3 and 7, Bo 1 and 5; an 8 (nobody), then a 3: Ann goes first, the die on 3
    assert s["first_player"] == {"guesses": {"Ann": [3, 7], "Bo": [1, 5]}, "rolls": [8, 3], "first": "Ann"}
    plays = s["plays"]
    outcomes = [(p["turn"], p["player"], p["action"], p["card"], p["face_before"], p["face_after"], p["outcome"])
                for p in plays]
    assert outcomes == [
        (1, "Ann", "throw", "Armchair", 3, 6, "hit"),               # 3 -> 6: Bo 10 - 3 = 7
        (1, "Ann", "possess", "Lamp", 6, 5, "possessed"),          # 6 -> 5: the Lamp is #1
        (2, "Bo", "throw", "Grandfather Clock", 5, 8, "hit"),      # 5 -> 8: Ann 10 - 4 = 6
        (3, "Ann", "throw", "Lamp", None, None, "hit"),            # possessed: 2 - 1 (Deflection) = 1, Bo 6
        (3, "Ann", "possess", "Music Box", 8, 7, "possessed"),     # 8 -> 7: #2
        (4, "Bo", "throw", "Grandfather Clock", 7, 1, "hit"),      # Prognosticate sets 1: Ann 6 - 4 = 2
        (5, "Ann", "throw", "Grandfather Clock", 1, 8, "hit"),     # Music Box (1) then this (4): Bo 5 - 4 = 1
        (6, "Bo", "throw", "Lamp", 8, 5, "destroyed"),             # Pyromania; the die still turns 8 -> 5
        (7, "Ann", "throw", "Armchair", 5, 6, "hit"),              # Bo 1 - 3 = -2: out
    ]
    assert [p["damage"] for p in plays if p["action"] == "throw"] == [3, 4, 1, 4, 4, None, 3]
    assert plays[3]["item"] == 1 and plays[3]["reduced"] == 1
    assert plays[3]["interference"] == [{"player": "Bo", "act": "instant", "card": "Deflection",
                                         "target": "play", "reduced": 1}]
    assert plays[1]["id"] == 1 and plays[4]["id"] == 2
    ann, bo = by_name(s)["Ann"], by_name(s)["Bo"]
    assert (ann["health"], bo["health"]) == (2, -2) and bo["out"] and not ann["out"]
    assert ann["possessions"] == [{"id": 2, "card": "Music Box"}]  # the Lamp (#1) was thrown
    assert ann["ability_spent"] and bo["ability_spent"]
    assert [a["ability"] for a in s["abilities"]] == ["Prognosticate", "Pyromania"]
    assert s["abilities"][0]["as_die_turn"] is True and s["abilities"][0]["face"] == 1
    assert s["corrections"] == [{"turn": 5, "act": "hurt", "player": "Bo", "amount": 1, "cause": "Music Box"}]
    assert s["eliminations"] == [{"player": "Bo", "turn": 7, "by": "Ann", "how": "hit"}]
    # deck 70; draws at the ends of turns 1-6: Ann 2, Bo 2, Ann 1, Bo 2, Ann 1, Bo 1 -> 61
    assert s["deck"] == 61
    # hands: Ann 5 - 1 (the last Armchair) = 4; Bo's 5 went to the pile when he was out
    assert (ann["hand"], bo["hand"]) == (4, 0)
    # the pile: 8 named cards + 1 unseen discard + Bo's 5 unseen cards
    assert s["discard"] == {"count": 14, "known": ["Armchair", "Grandfather Clock", "Deflection", "Lamp",
                                                   "Grandfather Clock", "Grandfather Clock", "Lamp", "Armchair"]}
    assert 61 + 4 + 1 + 14 == 80  # cards conserved (Ann's Music Box)
    assert s["die"] == {"layout": "rulebook", "face": 6, "reachable": [3, 5, 7]}
    assert s["finished"] and s["winners"] == ["Ann"] and s["next"] is None and s["turn"]["number"] == 7


def test_three_players_drop_to_two_mid_turn(capsys):
    s = replay("drop-to-two", capsys)
    assert s["health_top"] == 4 and s["first_player"]["first"] == "Ann"
    plays = [(p["turn"], p["player"], p["card"], p["target"], p["face_after"], p["outcome"], p["damage"])
             for p in s["plays"]]
    assert plays == [
        (1, "Ann", "Grandfather Clock", "Bo", 1, "hit", 4),   # 2 -> 1: Bo 4 - 4 = 0, out
        (1, "Ann", "Lamp", "Cy", 2, "hit", 2),                 # now two are in: a second throw. Cy 2
        (2, "Cy", "Lamp", "Ann", 5, "hit", 2),                 # Bo is skipped; Ann 2
        (2, "Cy", "Armchair", "Ann", 6, "hit", 3),             # two throws again: Ann -1, out
    ]
    assert s["eliminations"] == [{"player": "Bo", "turn": 1, "by": "Ann", "how": "hit"},
                                 {"player": "Ann", "turn": 2, "by": "Cy", "how": "hit"}]
    assert [seat["health"] for seat in s["seats"]] == [-1, 0, 2]
    # deck 65, Ann drew 2 at the end of turn 1: 63; the pile: 4 named + both hands of 5
    assert s["deck"] == 63 and s["discard"]["count"] == 14
    assert s["winners"] == ["Cy"] and s["turn"]["throws_unlimited"] is True


def test_a_team_game(capsys):
    s = replay("teams", capsys)
    assert s["teams"] == [["Ann", "Cy"], ["Bo", "Dee"]]
    seats = by_name(s)
    assert [seats[n]["team"] for n in ("Ann", "Bo", "Cy", "Dee")] == [0, 1, 0, 1]
    # Harold (Cy) guards his next throw; RX-97 (Bo) turns it on Ann, Cy's own teammate: an ability may
    first = s["plays"][0]
    assert first["protected"] and first["declared_target"] == "Bo" and first["target"] == "Ann"
    assert first["outcome"] == "hit" and first["damage"] == 3
    assert first["interference"] == [{"player": "Bo", "act": "ability", "ability": "Circuit Breaker",
                                      "card": "Armchair", "from": "Bo", "to": "Ann"}]
    # Myr (Dee) searched the deck for a Grandfather Clock: known to the summary (the view hides it)
    assert [a["ability"] for a in s["abilities"]] == ["Guaranteed Delivery", "Circuit Breaker", "Eminent Domain"]
    assert s["abilities"][2] == {"turn": 2, "player": "Dee", "character": "Myr", "ability": "Eminent Domain",
                                 "card": "Grandfather Clock"}
    assert seats["Dee"]["hand_known"] == ["Grandfather Clock"]
    assert [(p["player"], p["card"], p["outcome"]) for p in s["plays"]] == [
        ("Cy", "Armchair", "hit"), ("Dee", "Lamp", "possessed"), ("Bo", "Lamp", "hit"),
        ("Bo", "Armchair", "possessed"), ("Cy", "Lamp", "hit"), ("Dee", "Armchair", "hit")]
    assert s["plays"][1]["to"] == "Bo" and s["plays"][3]["to"] == "Dee"
    # health 3: Ann 3 - 3 = 0; Cy 3 - 2 (Bo's possessed Lamp) - 3 (Dee's possessed Armchair) = -2; Dee 3 - 2 = 1
    assert [seats[n]["health"] for n in ("Ann", "Bo", "Cy", "Dee")] == [0, 3, -2, 1]
    # deck 60; Eminent Domain -1; end draws: Cy 1, Dee 0, Bo 1, Cy 1 -> 56
    assert s["deck"] == 56 and s["discard"]["count"] == 4 + 5 + 5
    assert s["winners"] == ["Bo", "Dee"] and s["finished"]


def test_the_rulebooks_die_example(capsys):
    s = replay("die-example", capsys)
    armchair = next(c for c in s["catalog"] if c["name"] == "Armchair")
    assert armchair["faces"] == [1, 6] and armchair["damage"] == 3  # 3 filled in by the define line
    assert s["plays"][0]["face_before"] == 3 and s["plays"][0]["face_after"] == 6
    assert s["plays"][0]["outcome"] == "hit" and by_name(s)["Bo"]["health"] == 7
    assert s["die"]["reachable"] == [3, 5, 7] and s["next"] == {"act": "action", "seat": 0}
    assert s["turn"] == {"number": 1, "player": "Ann", "actions_left": 1, "throws_left": 0,
                         "throws_unlimited": False}


def test_the_rulebooks_single_use_example(capsys):
    s = replay("single-use-example", capsys)
    seats = by_name(s)
    # on Claire's (Ann's) next turn, as she is about to use her Music Box, Harold (Bo) answers
    assert seats["Ann"]["possessions"] == [] and seats["Bo"]["possessions"] == []
    assert s["effects"] == [{"turn": 4, "player": "Bo", "act": "use", "card": "Jack-in-the-Box", "item": 2,
                             "target": 1, "destroyed": "Music Box"}]
    assert s["discard"] == {"count": 2, "known": ["Music Box", "Jack-in-the-Box"]}
    assert s["next"] == {"act": "action", "seat": 0} and s["turn"]["number"] == 4


def test_the_rulebooks_instant_example(capsys):
    s = replay("instant-example", capsys)
    play = s["plays"][0]
    assert play["outcome"] == "destroyed" and play["face_before"] == 3 and play["face_after"] == 2
    assert play["interference"][0]["card"] == "Pyrokinesis" and play["interference"][0]["destroyed"] == "Lamp"
    assert [seat["health"] for seat in s["seats"]] == [10, 10, 10]
    assert s["turn"]["actions_left"] == 1 and s["die"]["face"] == 2


def test_an_example_goes_into_the_journal_and_back_out_unchanged(tmp_path, capsys):
    journal = str(tmp_path / "journal.sqlite3")
    source = EXAMPLES / "clairvoyance-teams.jsonl"
    assert main(["--journal", journal, "import", str(source)]) == 0
    assert "imported as game 1" in capsys.readouterr().out
    assert main(["--journal", journal, "games"]) == 0
    listing = capsys.readouterr().out
    assert "clairvoyance" in listing and "Ann, Bo, Cy, Dee" in listing
    out = tmp_path / "back.jsonl"
    assert main(["--journal", journal, "export", "1", str(out)]) == 0
    lines = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert lines == [json.loads(line) for line in source.read_text(encoding="utf-8").splitlines()]
