"""``companion replay mysterium FILE``: the summary JSON of ``docs/mysterium.md``, field by field.

The expected figures of the example logs (``docs/examples/mysterium-*.jsonl``) were worked
out by hand from the rulebook; the reasoning is written beside each round.  JSON types are
compared strictly (``1`` is not ``true``, ``4`` is not ``"4"``).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from companion.cli import main

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "docs" / "examples"

TOP_KEYS = {"game", "ghost", "psychics", "variant", "players", "people", "difficulty", "faceup", "faceup_count",
            "tokens_each", "track_side", "bands", "unplaced", "crows", "cases", "clock", "phase", "rounds",
            "standing", "final", "result", "next"}
ROUND_KEYS = {"round", "stage", "visions", "guesses", "answers", "predictions", "advanced", "bonus", "level",
              "visions_kept", "tokens_returned", "crows_used", "resolved"}
IN_PLAY_KEYS = ROUND_KEYS | {"hourglass", "unplaced"}
STANDING_KEYS = {"psychic", "stage", "found", "level", "visions_kept", "tokens", "finished_in"}
FINAL_KEYS = {"cases", "committed", "revealed", "crows_used", "bands", "voted", "votes", "counts", "decided_by",
              "chosen", "culprit"}


def replay(capsys, name: str) -> dict:
    code = main(["replay", "mysterium", str(EXAMPLES / name)])
    out, err = capsys.readouterr()
    assert code == 0, err
    assert err == ""
    return json.loads(out)


def strict(a, b) -> bool:
    """Equal, and of the same JSON types all the way down."""
    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


def P(psychic, target, token, outcome):
    return {"psychic": psychic, "target": target, "token": token, "outcome": outcome}


def R(number, stage, visions, guesses, answers, predictions, advanced, bonus, level, kept,
      returned=False, crows=0):
    return {"round": number, "stage": stage, "visions": visions, "guesses": guesses, "answers": answers,
            "predictions": predictions, "advanced": advanced, "bonus": bonus, "level": level,
            "visions_kept": kept, "tokens_returned": returned, "crows_used": crows, "resolved": True}


def tokens(hc, hx, dc, dx, placed=()):
    return {"hand": {"check": hc, "cross": hx}, "placed": list(placed), "discard": {"check": dc, "cross": dx}}


C, L, O, F = "character", "location", "object", "finished"

# -- the 4-person Easy game, won ------------------------------------------------------------------------
# Ann (0, age 41), Bo (1, 35), Cy (2, 12); ghost Gia.  4 people: 5 face-up cards a category,
# tokens 2 checks + 2 crosses each, the 4-5 side of the track, bands [4, 8], Easy: 1 crow a round.
EASY_ROUNDS = [
    # I: Ann 5 yes; Bo moved 9 -> 13, no; Cy 5 no (Ann holds 5: yes would be refused).
    # Ann's check on Bo: Bo wrong, no space.  Bo's cross on Cy: Cy wrong, +1.  Cy's check on Ann: +1.
    R(1, [C, C, C], [2, 1, 3], [5, 13, 5], [True, False, False],
      [P("Ann", "Bo", "check", "wrong"), P("Bo", "Cy", "cross", "right"), P("Cy", "Ann", "check", "right")],
      [True, False, False], [0, 0, 0], [0, 1, 1], [0, 1, 3], crows=1),
    # II: Ann location 4 yes, Bo character 9 yes, Cy character 2 no.  Ann's cross on Cy +1, Bo's check on Ann +1.
    # Cy keeps 3 + 1 visions.
    R(2, [L, C, C], [2, 2, 1], [4, 9, 2], [True, True, False],
      [P("Ann", "Cy", "cross", "right"), P("Bo", "Ann", "check", "right")],
      [True, True, False], [0, 0, 0], [1, 2, 1], [0, 0, 4]),
    # III: Ann object 8 yes: finished in III, bonus 7 - 3 = 4; Bo location 11 no; Cy character 16 yes.
    # Cy's check on Ann +1 (Cy's cross on Bo was taken back); Ann's check on Cy +1.  Ann: 1 + 1 + 4 = 6.
    R(3, [O, L, C], [1, 3, 2], [8, 11, 16], [True, False, True],
      [P("Ann", "Cy", "check", "right"), P("Cy", "Ann", "check", "right")],
      [True, False, True], [4, 0, 0], [6, 2, 2], [0, 3, 0], crows=1),
    # IV: the spent tokens return.  Ann (finished) still predicts: check on Bo +1, cross on Cy +1;
    # Bo's check on Cy: wrong.  Bo location 15 yes, Cy location 1 no.
    R(4, [F, L, L], [None, 2, 1], [None, 15, 1], [None, True, False],
      [P("Ann", "Bo", "check", "right"), P("Ann", "Cy", "cross", "right"), P("Bo", "Cy", "check", "wrong")],
      [None, True, False], [0, 0, 0], [8, 2, 2], [0, 0, 1], returned=True),
    # V: Bo object 3 yes, finished in V: bonus 2; Cy location 7 yes.  Both checks right.
    # Bo 2 + 1 + 2 = 5, Cy 2 + 1 = 3.
    R(5, [F, O, L], [None, 2, 2], [None, 3, 7], [None, True, True],
      [P("Bo", "Cy", "check", "right"), P("Cy", "Bo", "check", "right")],
      [None, True, True], [0, 2, 0], [8, 5, 3], [0, 0, 0]),
    # VI: Cy object 12 yes, finished in VI: bonus 1.  Ann's check +1; Bo's cross wrong.
    R(6, [F, F, O], [None, None, 3], [None, None, 12], [None, None, True],
      [P("Ann", "Cy", "check", "right"), P("Bo", "Cy", "cross", "wrong")],
      [None, None, True], [0, 0, 1], [9, 5, 4], [0, 0, 0]),
]
EASY_FINAL = {
    "cases": [
        {"case": 1, "psychic": "Ann", "character": 5, "location": 4, "object": 8, "decoy": False},
        {"case": 2, "psychic": "Bo", "character": 9, "location": 15, "object": 3, "decoy": False},
        {"case": 3, "psychic": "Cy", "character": 16, "location": 7, "object": 12, "decoy": False},
    ],
    "committed": True, "revealed": 3, "crows_used": 1,
    # levels 9, 5, 4 with bands [4, 8]: Cy low, Bo intermediate, Ann high
    "bands": {"low": ["Cy"], "intermediate": ["Bo"], "high": ["Ann"]},
    "voted": ["Ann", "Bo", "Cy"],
    "votes": {"low": {"Cy": 3}, "intermediate": {"Bo": 1}, "high": {"Ann": 2}},
    # one vote each: no case leads, so the highest-level psychic's vote (Ann, 9) decides: case 2
    "counts": [1, 1, 1], "decided_by": "Ann", "chosen": 2, "culprit": 2,
}


def test_easy_win_summary(capsys):
    s = replay(capsys, "mysterium-easy-win.jsonl")
    assert set(s) == TOP_KEYS
    head = {k: s[k] for k in TOP_KEYS - {"rounds", "standing", "final"}}
    assert strict(head, {
        "game": "mysterium", "ghost": "Gia", "psychics": ["Ann", "Bo", "Cy"], "variant": "main", "players": None,
        "people": 4, "difficulty": "easy",
        "faceup": {"character": [2, 5, 9, 13, 16], "location": [1, 4, 7, 11, 15], "object": [3, 6, 8, 12, 17]},
        "faceup_count": 5, "tokens_each": {"check": 2, "cross": 2}, "track_side": "4-5", "bands": [4, 8],
        "unplaced": "wrong",
        # the final phase used Easy's crow (recovered at the end of round VI)
        "crows": {"rule": "round", "allowed": 1, "left": 0},
        "cases": 3, "clock": 6, "phase": "over", "result": "won", "next": None,
    })
    assert len(s["rounds"]) == 6
    for got, want in zip(s["rounds"], EASY_ROUNDS):
        assert set(got) == ROUND_KEYS
        for key in ROUND_KEYS:
            assert strict(got[key], want[key]), (want["round"], key, got[key], want[key])
    # every token recovered for the final vote; finished in III, V, VI
    assert strict(s["standing"], [
        {"psychic": "Ann", "stage": F, "found": {C: 5, L: 4, O: 8}, "level": 9, "visions_kept": 0,
         "tokens": tokens(2, 2, 0, 0), "finished_in": 3},
        {"psychic": "Bo", "stage": F, "found": {C: 9, L: 15, O: 3}, "level": 5, "visions_kept": 0,
         "tokens": tokens(2, 2, 0, 0), "finished_in": 5},
        {"psychic": "Cy", "stage": F, "found": {C: 16, L: 7, O: 12}, "level": 4, "visions_kept": 0,
         "tokens": tokens(2, 2, 0, 0), "finished_in": 6},
    ])
    assert set(s["final"]) == FINAL_KEYS
    for key in FINAL_KEYS:
        assert strict(s["final"][key], EASY_FINAL[key]), (key, s["final"][key])


def test_easy_win_partway(tmp_path, capsys):
    """The same game cut after line 13 (the sand ran out in round I at t = 160) and after
    line 38 (round III, tokens pointed): the round in play and the tokens in hand."""
    lines = (EXAMPLES / "mysterium-easy-win.jsonl").read_text(encoding="utf-8").splitlines()
    (tmp_path / "a.jsonl").write_text("\n".join(lines[:13]) + "\n", encoding="utf-8")
    s = replay_path(capsys, tmp_path / "a.jsonl")
    rnd = s["rounds"][-1]
    assert set(rnd) == IN_PLAY_KEYS
    assert strict(rnd["hourglass"], {"turned_at": 40.0, "ends_at": 160.0, "run_out": True})
    assert strict(rnd["guesses"], [5, 13, 5]) and strict(rnd["answers"], [None, None, None])
    assert strict([p["outcome"] for p in rnd["predictions"]], [None, None, None])
    assert strict(rnd["unplaced"], [])
    assert s["phase"] == "answers" and s["next"] == {"act": "answer", "psychic": 0}
    # each psychic pointed one token: it is placed, not yet discarded
    assert strict(s["standing"][2]["tokens"], tokens(1, 2, 0, 0, [{"target": "Ann", "token": "check"}]))
    assert strict(s["crows"], {"rule": "round", "allowed": 1, "left": 0})

    (tmp_path / "b.jsonl").write_text("\n".join(lines[:38]) + "\n", encoding="utf-8")
    s = replay_path(capsys, tmp_path / "b.jsonl")
    assert s["clock"] == 3 and s["phase"] == "sand" and s["next"] == {"act": "expire"}
    rnd = s["rounds"][-1]
    assert strict(rnd["hourglass"], {"turned_at": None, "ends_at": None, "run_out": False})
    # Cy took the cross on Bo back: Cy holds a check and two crosses beside the round-I check discarded
    assert strict(s["standing"][2]["tokens"], tokens(0, 2, 1, 0, [{"target": "Ann", "token": "check"}]))
    assert strict(s["standing"][0]["tokens"], tokens(0, 1, 1, 1, [{"target": "Cy", "token": "check"}]))
    assert strict(rnd["visions_kept"], [1, 3, 6])


def replay_path(capsys, path) -> dict:
    code = main(["replay", "mysterium", str(path)])
    out, err = capsys.readouterr()
    assert code == 0, err
    return json.loads(out)


# -- the 4-person Medium game, lost after VII --------------------------------------------------------------
# Dan (0), Eva (1), Fin (2); ghost Hal.  Medium, 4 people: 6 face-up cards, 3 crows for the game.
LOSS_ROUNDS = [
    # I: Dan character 1 yes; Eva 3 no; Fin 6 no.  Dan's check on Eva: wrong.  One crow.
    R(1, [C, C, C], [1, 2, 1], [1, 3, 6], [True, False, False], [P("Dan", "Eva", "check", "wrong")],
      [True, False, False], [0, 0, 0], [0, 0, 0], [0, 2, 1], crows=1),
    # II: Fin's pawn never placed: an incorrect guess with no knock, and Eva's cross on it is
    # ignored (back in Eva's hand).  Fin's check on Dan (yes) +1.  Two crows: none left.
    R(2, [L, C, C], [2, 1, 2], [2, 10, None], [True, True, None],
      [P("Eva", "Fin", "cross", "ignored"), P("Fin", "Dan", "check", "right")],
      [True, True, False], [0, 0, 0], [0, 0, 1], [0, 0, 3], crows=2),
    # III: Dan object 4 yes: finished in III, +4.  Eva's check on Dan +1, Fin's cross on Eva +1.
    R(3, [O, L, C], [1, 1, 3], [4, 5, 14], [True, False, False],
      [P("Eva", "Dan", "check", "right"), P("Fin", "Eva", "cross", "right")],
      [True, False, False], [4, 0, 0], [4, 1, 2], [0, 1, 6]),
    # IV: tokens return.  Dan's cross on Fin +1.
    R(4, [F, L, C], [None, 2, 1], [None, 8, 18], [None, False, False], [P("Dan", "Fin", "cross", "right")],
      [None, False, False], [0, 0, 0], [5, 1, 2], [0, 3, 7], returned=True),
    # V: Eva location 9 yes.  Dan's check on Eva +1, Eva's cross on Fin +1.
    R(5, [F, L, C], [None, 1, 1], [None, 9, 6], [None, True, False],
      [P("Dan", "Eva", "check", "right"), P("Eva", "Fin", "cross", "right")],
      [None, True, False], [0, 0, 0], [6, 2, 2], [0, 0, 8]),
    R(6, [F, O, C], [None, 2, 2], [None, 7, 14], [None, False, False], [],
      [None, False, False], [0, 0, 0], [6, 2, 2], [0, 2, 10]),
    # VII: Eva object 11 yes, finished in VII: no bonus.  Fin is still on the character board: lost.
    R(7, [F, O, C], [None, 1, 1], [None, 11, 18], [None, True, False], [P("Dan", "Fin", "check", "wrong")],
      [None, True, False], [0, 0, 0], [6, 2, 2], [0, 0, 11]),
]


def test_loss_summary(capsys):
    s = replay(capsys, "mysterium-loss.jsonl")
    assert set(s) == TOP_KEYS
    assert s["result"] == "lost" and s["phase"] == "over" and s["clock"] == 7 and s["next"] is None
    assert s["final"] is None
    assert strict(s["crows"], {"rule": "game", "allowed": 3, "left": 0})
    assert s["faceup_count"] == 6 and s["difficulty"] == "medium" and s["cases"] == 3
    for got, want in zip(s["rounds"], LOSS_ROUNDS, strict=True):
        for key in ROUND_KEYS:
            assert strict(got[key], want[key]), (want["round"], key, got[key], want[key])
    # Dan: IV cross, V check, VII check spent after the return; Eva: V cross; Fin spent none after IV
    assert strict(s["standing"], [
        {"psychic": "Dan", "stage": F, "found": {C: 1, L: 2, O: 4}, "level": 6, "visions_kept": 0,
         "tokens": tokens(0, 1, 2, 1), "finished_in": 3},
        {"psychic": "Eva", "stage": F, "found": {C: 10, L: 9, O: 11}, "level": 2, "visions_kept": 0,
         "tokens": tokens(2, 1, 0, 1), "finished_in": 7},
        {"psychic": "Fin", "stage": C, "found": {C: None, L: None, O: None}, "level": 2, "visions_kept": 11,
         "tokens": tokens(2, 2, 0, 0), "finished_in": None},
    ])


# -- the two-person variation, won ------------------------------------------------------------------------
def test_small_summary(capsys):
    s = replay(capsys, "mysterium-small.jsonl")
    assert set(s) == TOP_KEYS
    head = {k: s[k] for k in TOP_KEYS - {"rounds", "standing", "final"}}
    assert strict(head, {
        "game": "mysterium", "ghost": "Gia", "psychics": ["Ann red", "Ann blue"], "variant": "small",
        "players": 1, "people": 2, "difficulty": "easy",
        "faceup": {"character": [3, 7, 11, 15], "location": [2, 6, 10, 14], "object": [1, 5, 9, 13]},
        "faceup_count": 4, "tokens_each": None, "track_side": None, "bands": None, "unplaced": "wrong",
        "crows": {"rule": "round", "allowed": 1, "left": 0}, "cases": 4, "clock": 5, "phase": "over",
        "result": "won", "next": None,
    })
    N = None
    want = [
        # no track: level, bonus and the token return are null
        R(1, [C, C], [2, 1], [3, 7], [True, False], [], [True, False], N, N, [0, 1]),
        R(2, [L, C], [1, 2], [6, 11], [True, True], [], [True, True], N, N, [0, 0]),
        R(3, [O, L], [1, 1], [5, 2], [False, True], [], [False, True], N, N, [1, 0]),
        R(4, [O, O], [2, 2], [9, 1], [True, False], [], [True, False], N, N, [0, 2], crows=1),
        R(5, [F, O], [N, 1], [N, 13], [N, True], [], [N, True], N, N, [0, 0]),
    ]
    for got, w in zip(s["rounds"], want, strict=True):
        w["tokens_returned"] = None
        for key in ROUND_KEYS:
            assert strict(got[key], w[key]), (w["round"], key, got[key], w[key])
    assert strict(s["standing"], [
        {"psychic": "Ann red", "stage": F, "found": {C: 3, L: 6, O: 9}, "level": None, "visions_kept": 0,
         "tokens": None, "finished_in": 4, "player": 0},
        {"psychic": "Ann blue", "stage": F, "found": {C: 11, L: 2, O: 13}, "level": None, "visions_kept": 0,
         "tokens": None, "finished_in": 5, "player": 0},
    ])
    decoy = {"psychic": None, "character": None, "location": None, "object": None, "decoy": True}
    assert strict(s["final"], {
        "cases": [{"case": 1, "psychic": "Ann red", "character": 3, "location": 6, "object": 9, "decoy": False},
                  {"case": 2, "psychic": "Ann blue", "character": 11, "location": 2, "object": 13, "decoy": False},
                  {"case": 3, **decoy}, {"case": 4, **decoy}],
        "committed": True, "revealed": 3, "crows_used": 1, "bands": None, "voted": None, "votes": None,
        "counts": None, "decided_by": None, "chosen": 2, "culprit": 2,
    })


# -- the refused log ------------------------------------------------------------------------------------------
REFUSAL = ("companion: line 16: the ghost already knocked yes for Ann on character 5: "
           "two psychics cannot both be right on one card\n")


def test_refused_example(capsys):
    code = main(["replay", "mysterium", str(EXAMPLES / "mysterium-refused.jsonl")])
    out, err = capsys.readouterr()
    assert code == 2 and out == "" and err == REFUSAL


@pytest.mark.parametrize("name", ["mysterium-easy-win.jsonl", "mysterium-loss.jsonl", "mysterium-small.jsonl",
                                  "mysterium-refused.jsonl"])
def test_examples_in_a_subprocess(name):
    done = subprocess.run([sys.executable, "-m", "companion", "replay", "mysterium", str(EXAMPLES / name)],
                          cwd=ROOT, capture_output=True, text=True, timeout=60)
    if name.endswith("refused.jsonl"):
        assert done.returncode == 2 and done.stdout == "" and done.stderr == REFUSAL
    else:
        assert done.returncode == 0, done.stderr
        assert json.loads(done.stdout)["result"] in ("won", "lost")
