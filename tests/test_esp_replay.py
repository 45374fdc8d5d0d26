"""``companion replay esp FILE``: the summary JSON of ``shared/spec/esp-log.md``, field by field.

The expected figures of the complete game (``docs/examples/esp-table-game.jsonl``) were
worked out by hand from the rulebook; the reasoning is written beside each trick.  JSON
types are compared strictly (``1`` is not ``true``, ``4`` is not ``"4"``).
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

TOP_KEYS = {"game", "players", "rounds", "totals", "finished", "outcomes", "next"}
ROUND_KEYS = {"first_seer", "vision", "supernatural", "superduper", "prediction_points", "tricks",
              "tricks_won", "bids", "bid_correct", "points"}
TRICK_KEYS = {"leader", "cards", "winner"}


def T(leader, cards, winner):
    return {"leader": leader, "cards": cards, "winner": winner}


# -- the complete table-mode game, by hand ----------------------------------------------------
# Ann (0), Bo (1), Cy (2).  First Seer: Ann, Bo, Cy, Ann (one seat clockwise each round).
ROUND_1 = {
    # Ann "cross", Bo 4, Cy "star"; Vision 4 cross: both traits predicted, so Cross is
    # Supernatural and 4 Super-duper-natural; Ann and Bo earn 1 point each.
    "first_seer": 0, "vision": "4 cross", "supernatural": "cross", "superduper": 4,
    "prediction_points": [1, 1, 0],
    "tricks": [
        T(0, ["5 circle", "2 circle", "1 cross"], 2),    # the only cross: Cy's 1 cross
        T(2, ["3 star", "5 star", "4 star"], 1),         # the 4 is Super-duper-natural: Bo
        T(1, ["2 square", "4 square", "3 cross"], 2),    # the 4 beats the Supernatural 3 cross: Cy
        T(2, ["1 star", "4 circle", "2 star"], 0),       # 4 circle: Ann
        T(0, ["3 circle", "5 cross", "2 cross"], 1),     # highest cross, 5 cross: Bo
    ],
    "tricks_won": [1, 2, 2],
    # 1 circle bids 0 or 1 (eye): right; 2 squiggle bids 2 or 3: right; 5 square 5 or 4: wrong
    "bids": ["1 circle", "2 squiggle", "5 square"],
    "bid_correct": [True, True, False],
    "points": [1 + 1 + 3, 1 + 2 + 3, 0 + 2 + 0],           # 5, 6, 2
}
ROUND_2 = {
    # Bo 3, Cy "square", Ann "circle"; Vision 2 circle: Circle Supernatural, Ann earns 1.
    "first_seer": 1, "vision": "2 circle", "supernatural": "circle", "superduper": None,
    "prediction_points": [1, 0, 0],
    "tricks": [
        T(1, ["5 square", "3 square", "1 square"], 1),   # no circle: highest square, Bo
        T(1, ["4 star", "5 star", "1 circle"], 0),       # Ann's 1 circle beats 5 star
        T(0, ["2 cross", "4 circle", "3 circle"], 1),    # highest circle, 4 circle: Bo
        T(1, ["1 squiggle", "5 squiggle", "4 squiggle"], 2),
        T(2, ["3 star", "2 star", "5 cross"], 2),        # lead star: 3 star, Cy
    ],
    "tricks_won": [1, 2, 2],
    # 4 cross bids 4 or 2 (1 trick): wrong; 3 squiggle 0 or 3 (2 tricks): wrong; 2 square 2 or 4: right
    "bids": ["4 cross", "3 squiggle", "2 square"],
    "bid_correct": [False, False, True],
    "points": [1 + 1 + 0, 0 + 2 + 0, 0 + 2 + 3],           # 2, 2, 5
}
ROUND_3 = {
    # Cy 1, Ann "squiggle", Bo 5; Vision 3 square: nobody predicted it, no aspect.
    "first_seer": 2, "vision": "3 square", "supernatural": None, "superduper": None,
    "prediction_points": [0, 0, 0],
    "tricks": [
        T(2, ["2 star", "5 star", "1 star"], 0),
        T(0, ["4 cross", "5 circle", "1 cross"], 0),     # 5 circle does not follow: 4 cross wins
        T(0, ["3 circle", "2 circle", "5 square"], 0),
        T(0, ["1 squiggle", "4 squiggle", "2 squiggle"], 1),
        T(1, ["3 cross", "5 cross", "4 star"], 2),
    ],
    "tricks_won": [3, 1, 1],
    # 3 star bids 3 or 5: right; 1 circle 0 or 1: right; 2 cross 0 or 2 (1 trick): wrong
    "bids": ["3 star", "1 circle", "2 cross"],
    "bid_correct": [True, True, False],
    "points": [0 + 3 + 3, 0 + 1 + 3, 0 + 1 + 0],           # 6, 4, 1
}
ROUND_4 = {
    # Ann 2, Bo "star", Cy "circle"; Vision 2 star: Star Supernatural, 2 Super-duper-natural.
    "first_seer": 0, "vision": "2 star", "supernatural": "star", "superduper": 2,
    "prediction_points": [1, 1, 0],
    "tricks": [
        T(0, ["5 circle", "1 circle", "3 circle"], 0),   # no star, no 2: 5 circle
        T(0, ["4 cross", "2 cross", "2 squiggle"], 2),   # two 2s: the later, Cy's 2 squiggle
        T(2, ["5 square", "1 star", "4 square"], 0),     # Ann's 1 star
        T(0, ["3 squiggle", "5 star", "2 circle"], 2),   # the 2 beats the higher 5 star
        T(2, ["1 cross", "3 star", "4 star"], 1),        # highest star, 4 star: Bo
    ],
    "tricks_won": [2, 1, 2],
    # 2 square bids 2 or 4: right; 1 squiggle 1 or 3: right; 4 circle 4 or 1 (2 tricks): wrong
    "bids": ["2 square", "1 squiggle", "4 circle"],
    "bid_correct": [True, True, False],
    "points": [1 + 2 + 3, 1 + 1 + 3, 0 + 2 + 0],           # 6, 5, 2
}
TOTALS = [5 + 2 + 6 + 6, 6 + 2 + 4 + 5, 2 + 5 + 1 + 2]     # 19, 17, 10
COMPLETE = {
    "game": "esp",
    "players": ["Ann", "Bo", "Cy"],
    "rounds": [ROUND_1, ROUND_2, ROUND_3, ROUND_4],
    "totals": TOTALS,
    "finished": True,
    "outcomes": [
        "Gifted, but you already knew that",                             # 19
        "In tune with the universe and a student of human nature",       # 17
        "Some aptitude; pursue training to further open your third eye",  # 10
    ],
    "next": None,
}

# -- the full-information example: Ann and Bo, round 1 only ------------------------------------
FULL_ROUND_1 = {
    # Ann "star", Bo 3; Vision 3 star: Star Supernatural, 3 Super-duper-natural.
    "first_seer": 0, "vision": "3 star", "supernatural": "star", "superduper": 3,
    "prediction_points": [1, 1],
    "tricks": [
        T(0, ["5 circle", "1 circle"], 0),   # Bo follows circle from his hand
        T(0, ["1 cross", "5 cross"], 1),
        T(1, ["3 circle", "2 circle"], 1),   # Bo's 3 is Super-duper-natural
        T(1, ["2 cross", "4 star"], 0),      # Ann has no cross left: her 4 star is Supernatural
        T(0, ["5 square", "2 squiggle"], 0),  # face-down cards: Bo need not follow square
    ],
    "tricks_won": [3, 2],
    "bids": ["3 squiggle", "1 square"],      # 3 squiggle: 0 or 3, right; 1 square: 1 or 4, wrong
    "bid_correct": [True, False],
    "points": [1 + 3 + 3, 1 + 2 + 0],
}
FULL = {
    "game": "esp",
    "players": ["Ann", "Bo"],
    "rounds": [FULL_ROUND_1],
    "totals": [7, 3],
    "finished": False,
    "outcomes": None,
    "next": {"act": "predict", "seat": 1},
}


# -- helpers ---------------------------------------------------------------------------------------
def strict_equal(got, want, where="summary"):
    """Equal as JSON, with types: True is not 1, 4 is not "4", None is null."""
    assert type(got) is type(want), f"{where}: {got!r} is a {type(got).__name__}, expected {want!r}"
    if isinstance(want, dict):
        assert set(got) == set(want), f"{where}: keys {sorted(got)} != {sorted(want)}"
        for key in want:
            strict_equal(got[key], want[key], f"{where}.{key}")
    elif isinstance(want, list):
        assert len(got) == len(want), f"{where}: {got!r} != {want!r}"
        for index, (g, w) in enumerate(zip(got, want)):
            strict_equal(g, w, f"{where}[{index}]")
    else:
        assert got == want, f"{where}: {got!r} != {want!r}"


def load_lines(name: str) -> list[str]:
    return [line for line in (EXAMPLES / name).read_text(encoding="utf-8").splitlines() if line.strip()]


def replay_file(capsys, path: Path) -> dict:
    code = main(["replay", "esp", str(path)])
    out, err = capsys.readouterr()
    assert code == 0, err
    assert err == ""
    return json.loads(out)


def replay_lines(capsys, tmp_path: Path, lines: list[str]) -> dict:
    path = tmp_path / "partial.jsonl"
    path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    return replay_file(capsys, path)


def check_shape(summary: dict) -> None:
    assert set(summary) == TOP_KEYS
    n = len(summary["players"])
    for rnd in summary["rounds"]:
        assert set(rnd) == ROUND_KEYS
        for key in ("prediction_points", "tricks_won", "bids", "bid_correct", "points"):
            assert len(rnd[key]) == n, key
        for trick in rnd["tricks"]:
            assert set(trick) == TRICK_KEYS


GAME = load_lines("esp-table-game.jsonl")


# -- the complete game -------------------------------------------------------------------------------
def test_complete_game_log_is_what_the_summary_describes():
    assert len(GAME) == 1 + 4 * 22
    assert json.loads(GAME[0]) == {"game": "esp", "players": ["Ann", "Bo", "Cy"]}
    # every trick's cards in the summary are the log's plays, in order
    plays = [json.loads(line)["card"] for line in GAME if json.loads(line).get("act") == "play"]
    assert plays == [card for rnd in COMPLETE["rounds"] for t in rnd["tricks"] for card in t["cards"]]


def test_complete_game_summary(capsys):
    summary = replay_file(capsys, EXAMPLES / "esp-table-game.jsonl")
    check_shape(summary)
    strict_equal(summary, COMPLETE)


@pytest.mark.parametrize("index", range(4))
def test_complete_game_round_by_round(capsys, index):
    summary = replay_file(capsys, EXAMPLES / "esp-table-game.jsonl")
    strict_equal(summary["rounds"][index], COMPLETE["rounds"][index], f"round {index + 1}")


def test_complete_game_totals_are_the_sum_of_rounds(capsys):
    summary = replay_file(capsys, EXAMPLES / "esp-table-game.jsonl")
    sums = [sum(r["points"][s] for r in summary["rounds"]) for s in range(3)]
    assert summary["totals"] == sums == [19, 17, 10]
    for rnd in summary["rounds"]:
        assert sum(rnd["tricks_won"]) == 5
        assert [t["leader"] for t in rnd["tricks"][1:]] == [t["winner"] for t in rnd["tricks"][:-1]]


def test_complete_game_in_a_subprocess():
    done = subprocess.run(
        [sys.executable, "-m", "companion", "replay", "esp", str(EXAMPLES / "esp-table-game.jsonl")],
        cwd=ROOT, capture_output=True, text=True, timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    strict_equal(json.loads(done.stdout), COMPLETE)


def test_same_game_with_windows_line_ends_and_blank_lines(capsys, tmp_path):
    path = tmp_path / "crlf.jsonl"
    path.write_bytes(("\r\n".join(GAME[:10]) + "\r\n\r\n" + "\r\n".join(GAME[10:]) + "\r\n").encode("utf-8"))
    strict_equal(replay_file(capsys, path), COMPLETE)


def test_same_game_written_pretty_keys_in_any_order(capsys, tmp_path):
    lines = [json.dumps(dict(reversed(list(json.loads(line).items()))), separators=(",", ":")) for line in GAME]
    strict_equal(replay_lines(capsys, tmp_path, lines), COMPLETE)


# -- the full-information example ----------------------------------------------------------------------
def test_full_information_summary(capsys):
    lines = load_lines("esp-full-information.jsonl")
    assert sum(json.loads(line).get("act") == "deal" for line in lines) == 2
    summary = replay_file(capsys, EXAMPLES / "esp-full-information.jsonl")
    check_shape(summary)
    strict_equal(summary, FULL)


def test_deal_lines_change_no_figure(capsys, tmp_path):
    """The deals only add checks: without them the same plays give the same summary."""
    lines = [line for line in load_lines("esp-full-information.jsonl") if json.loads(line).get("act") != "deal"]
    strict_equal(replay_lines(capsys, tmp_path, lines), FULL)


# -- a partial game: ``next`` in every phase ------------------------------------------------------------
EMPTY_ROUND_1 = {
    "first_seer": 0, "vision": None, "supernatural": None, "superduper": None,
    "prediction_points": [0, 0, 0], "tricks": [], "tricks_won": [0, 0, 0],
    "bids": [None, None, None], "bid_correct": [None, None, None], "points": [0, 0, 0],
}


def partial(capsys, tmp_path, count: int) -> dict:
    """The summary after the setup and the first ``count`` actions of the complete game."""
    summary = replay_lines(capsys, tmp_path, GAME[: 1 + count])
    check_shape(summary)
    assert summary["game"] == "esp"
    assert summary["players"] == ["Ann", "Bo", "Cy"]
    if count < len(GAME) - 1:
        assert summary["finished"] is False
        assert summary["outcomes"] is None
    return summary


def test_setup_only(capsys, tmp_path):
    summary = partial(capsys, tmp_path, 0)
    strict_equal(summary["rounds"], [])
    strict_equal(summary["totals"], [0, 0, 0])
    strict_equal(summary["next"], {"act": "predict", "seat": 0})


@pytest.mark.parametrize("count,seat", [(1, 1), (2, 2)])
def test_next_prediction(capsys, tmp_path, count, seat):
    summary = partial(capsys, tmp_path, count)
    strict_equal(summary["rounds"], [EMPTY_ROUND_1])
    strict_equal(summary["next"], {"act": "predict", "seat": seat})


def test_next_vision(capsys, tmp_path):
    summary = partial(capsys, tmp_path, 3)
    strict_equal(summary["rounds"], [EMPTY_ROUND_1])
    strict_equal(summary["next"], {"act": "vision"})


def test_after_the_vision(capsys, tmp_path):
    summary = partial(capsys, tmp_path, 4)
    want = {**EMPTY_ROUND_1, "vision": "4 cross", "supernatural": "cross", "superduper": 4,
            "prediction_points": [1, 1, 0], "points": [1, 1, 0]}
    strict_equal(summary["rounds"], [want])
    strict_equal(summary["totals"], [1, 1, 0])
    strict_equal(summary["next"], {"act": "play", "seat": 0})


@pytest.mark.parametrize("plays,cards,seat", [
    (1, ["5 circle"], 1),
    (2, ["5 circle", "2 circle"], 2),
])
def test_trick_in_progress(capsys, tmp_path, plays, cards, seat):
    summary = partial(capsys, tmp_path, 4 + plays)
    rnd = summary["rounds"][0]
    strict_equal(rnd["tricks"], [T(0, cards, None)])
    strict_equal(rnd["tricks_won"], [0, 0, 0])
    strict_equal(summary["next"], {"act": "play", "seat": seat})


def test_trick_done_winner_leads(capsys, tmp_path):
    summary = partial(capsys, tmp_path, 4 + 3)
    rnd = summary["rounds"][0]
    strict_equal(rnd["tricks"], [ROUND_1["tricks"][0]])
    strict_equal(rnd["tricks_won"], [0, 0, 1])
    strict_equal(rnd["points"], [1, 1, 1])
    strict_equal(summary["next"], {"act": "play", "seat": 2})


def test_second_trick_in_progress(capsys, tmp_path):
    summary = partial(capsys, tmp_path, 4 + 4)
    rnd = summary["rounds"][0]
    strict_equal(rnd["tricks"], [ROUND_1["tricks"][0], T(2, ["3 star"], None)])
    strict_equal(summary["next"], {"act": "play", "seat": 0})


def test_next_bid(capsys, tmp_path):
    summary = partial(capsys, tmp_path, 4 + 15)
    rnd = summary["rounds"][0]
    strict_equal(rnd["tricks"], ROUND_1["tricks"])
    strict_equal(rnd["tricks_won"], [1, 2, 2])
    strict_equal(rnd["bids"], [None, None, None])
    strict_equal(rnd["bid_correct"], [None, None, None])
    strict_equal(rnd["points"], [2, 3, 2])
    assert summary["next"]["act"] == "bid"
    strict_equal(summary["next"], {"act": "bid", "seat": 0})


def test_bids_in_any_order(capsys, tmp_path):
    summary = partial(capsys, tmp_path, 4 + 15 + 1)  # Cy bid first
    rnd = summary["rounds"][0]
    strict_equal(rnd["bids"], [None, None, "5 square"])
    strict_equal(rnd["bid_correct"], [None, None, False])
    strict_equal(rnd["points"], [2, 3, 2])
    strict_equal(summary["next"], {"act": "bid", "seat": 0})
    summary = partial(capsys, tmp_path, 4 + 15 + 2)  # then Ann
    rnd = summary["rounds"][0]
    strict_equal(rnd["bids"], ["1 circle", None, "5 square"])
    strict_equal(rnd["bid_correct"], [True, None, False])
    strict_equal(rnd["points"], [5, 3, 2])
    strict_equal(summary["next"], {"act": "bid", "seat": 1})


def test_round_over_next_seer_predicts(capsys, tmp_path):
    summary = partial(capsys, tmp_path, 22)
    strict_equal(summary["rounds"], [ROUND_1])
    strict_equal(summary["totals"], [5, 6, 2])
    strict_equal(summary["next"], {"act": "predict", "seat": 1})


def test_second_round_bids_named_from_its_first_seer(capsys, tmp_path):
    summary = partial(capsys, tmp_path, 22 + 19)
    strict_equal(summary["rounds"][1]["bids"], [None, None, None])
    strict_equal(summary["next"], {"act": "bid", "seat": 1})
    summary = partial(capsys, tmp_path, 22 + 20)  # Ann bid
    strict_equal(summary["next"], {"act": "bid", "seat": 1})
    summary = partial(capsys, tmp_path, 22 + 21)  # Bo bid
    strict_equal(summary["next"], {"act": "bid", "seat": 2})


@pytest.mark.parametrize("rounds_done,seat", [(1, 1), (2, 2), (3, 0)])
def test_between_rounds(capsys, tmp_path, rounds_done, seat):
    summary = partial(capsys, tmp_path, 22 * rounds_done)
    strict_equal(summary["rounds"], COMPLETE["rounds"][:rounds_done])
    strict_equal(summary["totals"], [sum(r["points"][s] for r in COMPLETE["rounds"][:rounds_done]) for s in range(3)])
    strict_equal(summary["next"], {"act": "predict", "seat": seat})


def test_last_bid_missing(capsys, tmp_path):
    summary = partial(capsys, tmp_path, 22 * 4 - 1)
    strict_equal(summary["rounds"][3]["bids"], ["2 square", "1 squiggle", None])
    strict_equal(summary["rounds"][3]["bid_correct"], [True, True, None])
    strict_equal(summary["next"], {"act": "bid", "seat": 2})


def test_finished(capsys, tmp_path):
    summary = partial(capsys, tmp_path, 22 * 4)
    strict_equal(summary, COMPLETE)


# -- a log that is valid JSON Lines must replay ------------------------------------------------------
@pytest.mark.parametrize("separator", ["\u2028", "\u2029", "\x85"], ids=["U+2028", "U+2029", "NEL"])
def test_name_with_a_unicode_line_separator_replays(capsys, tmp_path, separator):
    """JSON allows U+2028, U+2029 and U+0085 unescaped inside a string, and JSON Lines
    separates lines with \\n only, so this setup is one valid line.  (str.splitlines()
    also breaks lines there.)  NEL is a control character, which a player's name may
    not hold, so the separator sits in the seed word."""
    name = "Ann Lee"
    path = tmp_path / "names.jsonl"
    lines = [json.dumps({"game": "esp", "players": [name, "Bo"], "seed": f"x{separator}y"}, ensure_ascii=False),
             json.dumps({"act": "predict", "seat": 0, "claim": 4})]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert len(path.read_bytes().split(b"\n")) == 3
    summary = replay_file(capsys, path)
    assert summary["players"] == [name, "Bo"]
    strict_equal(summary["next"], {"act": "predict", "seat": 1})
