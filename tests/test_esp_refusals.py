"""Every refusal of ``shared/spec/esp-log.md`` ("Bad input"), and more bad input.

Each refusal is checked twice:

- from a log through the CLI (``companion replay esp FILE``, in-process with capsys, and
  once in a subprocess): exit status 2, nothing on standard output, exactly one line on
  standard error beginning ``companion: line N:`` with the right N and a reason in words,
  and never a traceback;
- from the engine API: ``companion.engine.apply(ESP, state, action)`` returns a
  ``Refusal`` with the reason, and the state it was given is unchanged.
"""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from pathlib import Path

import pytest

from companion.cli import main
from companion.engine import Match, Refusal, Refused, apply, replay
from companion.games.esp import ESP
from tests import refusal_checks
from tests.refusal_checks import WORDS_OF_CODE, assert_one_line_refusal, write_log
from tests.refusal_checks import load_example as load

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "docs" / "examples"


def run(lines: list[dict]):
    return replay(ESP, lines[0], lines[1:]).state


# The hand-checked 3-player game (Ann, Bo, Cy).  Line N of the file is GAME[N - 1].
GAME = load("esp-table-game.jsonl")
SETUP = GAME[:1]
R1_ANN_PREDICTED = GAME[:2]   # Ann claimed "cross"; Bo's prediction is owed
R1_BO_PREDICTED = GAME[:3]    # Bo claimed 4; Cy's prediction is owed
R1_PREDICTED = GAME[:4]       # Cy claimed "star"; the Vision Card is owed
R1_VISION = GAME[:5]          # vision 4 cross; Ann leads
R1_TRICK1 = GAME[:8]          # 5 circle, 2 circle, 1 cross: Cy won and leads
R1_PLAYED = GAME[:20]         # five tricks done; the bids are owed
R1_CY_BID = GAME[:21]         # Cy bid 5 square

# The two-player full-information round: Ann and Bo, deals known.
FULL = load("esp-full-information.jsonl")
FULL_VISION = FULL[:4]        # star Supernatural, 3 Super-duper-natural; no deal yet
FULL_ANN_DEALT = FULL[:5]
FULL_DEALT = FULL[:6]
FULL_ANN_LED = FULL[:7]       # Ann led 5 circle from her hand
FULL_HELD_DONE = FULL[:14]    # every held card played; Ann leads trick 5 from her row
FULL_PLAYED = FULL[:16]       # five tricks done; the bids are owed

REFUSED = load("esp-refused.jsonl")

assert GAME[4] == {"act": "vision", "card": "4 cross"}
assert [a["card"] for a in GAME[5:8]] == ["5 circle", "2 circle", "1 cross"]
assert GAME[20] == {"act": "bid", "seat": 2, "card": "5 square"}
assert FULL[6] == {"act": "play", "seat": 0, "card": "5 circle"}


def play(seat, card):
    return {"act": "play", "seat": seat, "card": card}


def predict(seat, claim):
    return {"act": "predict", "seat": seat, "claim": claim}


def bid(seat, card):
    return {"act": "bid", "seat": seat, "card": card}


def deal(seat, hand, facedown):
    return {"act": "deal", "seat": seat, "hand": hand, "facedown": facedown}


ANN_DEAL = FULL[4]
BO_DEAL = FULL[5]

# (id, lines before the bad one, the bad action, words the reason must contain)
CASES = [
    # -- unknown act, seat, suit, rank ---------------------------------------------------
    ("unknown act", SETUP, {"act": "guess", "seat": 0, "claim": 4}, ["unknown act", "guess"]),
    ("no act", SETUP, {"seat": 0, "claim": 4}, ["no act"]),
    ("act not a string", SETUP, {"act": 3, "seat": 0, "claim": 4}, ["unknown act"]),
    ("not an object", SETUP, ["predict", 0, 4], ["JSON object"]),
    ("unknown seat", SETUP, predict(3, 4), ["no seat 3", "0 to 2"]),
    ("negative seat", SETUP, predict(-1, 4), ["no seat -1"]),
    ("seat as a string", SETUP, predict("0", 4), ["seat", "'0'"]),
    ("seat true", R1_ANN_PREDICTED, predict(True, 4), ["seat", "True"]),
    ("seat false", SETUP, predict(False, 4), ["seat", "False"]),
    ("seat as a float", SETUP, predict(0.0, 4), ["seat", "0.0"]),
    ("seat null", SETUP, predict(None, 4), ["seat", "None"]),
    ("unknown suit claimed", SETUP, predict(0, "hexagon"), ["no suit", "hexagon"]),
    ("capital suit claimed", SETUP, predict(0, "Star"), ["no suit", "Star"]),
    ("unknown rank claimed", SETUP, predict(0, 6), ["no rank 6"]),
    ("rank 0 claimed", SETUP, predict(0, 0), ["no rank 0"]),
    ("rank claimed as a string", SETUP, predict(0, "4"), ["rank", "number", "4"]),
    ("claim true", SETUP, predict(0, True), ["prediction", "True"]),
    ("claim a list", SETUP, predict(0, ["star"]), ["prediction"]),
    ("unknown suit played", R1_VISION, play(0, "5 hexagon"), ["no suit", "hexagon"]),
    ("unknown rank played", R1_VISION, play(0, "6 circle"), ["no rank", "6"]),
    ("rank as a word", R1_VISION, play(0, "five circle"), ["no rank", "five"]),
    ("card as a number", R1_VISION, play(0, 5), ["RANK SUIT"]),
    ("card with two spaces", R1_VISION, play(0, "5  circle"), ["5 circle", "one space"]),
    ("card in capitals", R1_VISION, play(0, "5 Circle"), ["no suit", "Circle"]),
    ("unknown vision card", R1_PREDICTED, {"act": "vision", "card": "7 star"}, ["no rank", "7"]),
    ("unknown suit bid", R1_PLAYED, bid(2, "5 moon"), ["no suit", "moon"]),
    # -- missing and unknown fields ---------------------------------------------------------
    ("predict without claim", SETUP, {"act": "predict", "seat": 0}, ['"claim"']),
    ("predict without seat", SETUP, {"act": "predict", "claim": 4}, ['"seat"']),
    ("play without card", R1_VISION, {"act": "play", "seat": 0}, ['"card"']),
    ("play without seat", R1_VISION, {"act": "play", "card": "5 circle"}, ['"seat"']),
    ("vision without card", R1_PREDICTED, {"act": "vision"}, ['"card"']),
    ("bid without card", R1_PLAYED, {"act": "bid", "seat": 2}, ['"card"']),
    ("deal without facedown", FULL_VISION, {"act": "deal", "seat": 0, "hand": ANN_DEAL["hand"]}, ['"facedown"']),
    ("typo cards for card", R1_VISION, {"act": "play", "seat": 0, "cards": "5 circle"}, ['needs a "card" field']),
    ("unknown field cards", R1_VISION, {"act": "play", "seat": 0, "card": "5 circle", "cards": "5 circle"},
     ['no field "cards"']),
    ("extra field", SETUP, {"act": "predict", "seat": 0, "claim": 4, "card": "4 cross"}, ['no field "card"']),
    ("vision with a seat", R1_PREDICTED, {"act": "vision", "card": "4 cross", "seat": 0}, ['no field "seat"']),
    ("negative time", SETUP, {"act": "predict", "seat": 0, "claim": 4, "t": -1}, ["t must be a time"]),
    ("time as text", SETUP, {"act": "predict", "seat": 0, "claim": 4, "t": "noon"}, ["t must be a time"]),
    # -- out of turn ----------------------------------------------------------------------------
    ("predict by the wrong seat", SETUP, predict(1, 4), ["Ann's turn to predict", "not Bo's"]),
    ("predict out of clockwise order", R1_ANN_PREDICTED, predict(2, 4), ["Bo's turn to predict", "not Cy's"]),
    ("predict after all predicted", R1_PREDICTED, predict(0, "square"),
     ["not the time for predictions", "Vision Card"]),
    ("predict during the tricks", R1_VISION, predict(0, "square"), ["not the time for predictions", "Ann's play"]),
    ("predict during the bids", R1_PLAYED, predict(1, "square"), ["not the time for predictions", "bid"]),
    ("vision before the predictions", R1_BO_PREDICTED, {"act": "vision", "card": "4 cross"},
     ["not the time for the Vision Card", "Cy's prediction"]),
    ("vision before anything", SETUP, {"act": "vision", "card": "4 cross"},
     ["not the time for the Vision Card", "Ann's prediction"]),
    ("vision twice", R1_VISION, {"act": "vision", "card": "3 cross"}, ["not the time for the Vision Card"]),
    ("play before the vision", R1_PREDICTED, play(0, "5 circle"), ["not the time for plays", "Vision Card"]),
    ("play before any prediction", SETUP, play(0, "5 circle"), ["not the time for plays", "Ann's prediction"]),
    ("play by the wrong seat", R1_VISION, play(1, "5 circle"), ["Ann's turn to play", "not Bo's"]),
    ("play twice in a trick", GAME[:6], play(0, "4 circle"), ["Bo's turn to play", "not Ann's"]),
    ("loser leads the next trick", R1_TRICK1, play(0, "3 star"), ["Cy's turn to play", "not Ann's"]),
    ("play during the bids", R1_PLAYED, play(2, "1 square"), ["not the time for plays", "bid"]),
    ("bid during the tricks", R1_VISION, bid(0, "1 circle"), ["not the time for bids", "Ann's play"]),
    ("bid during the predictions", SETUP, bid(0, "1 circle"), ["not the time for bids"]),
    ("bid twice", R1_CY_BID, bid(2, "4 square"), ["Cy", "already revealed a bid"]),
    ("deal before the vision", FULL[:3], ANN_DEAL, ["dealt only after the Vision Card"]),
    ("deal during the bids", FULL_PLAYED, ANN_DEAL, ["dealt only after the Vision Card"]),
    # -- repeated claim -------------------------------------------------------------------------
    ("repeated suit", R1_ANN_PREDICTED, predict(1, "cross"), ["cross has already been predicted", "Bo"]),
    ("repeated rank", R1_BO_PREDICTED, predict(2, 4), ["4 has already been predicted", "Cy"]),
    # -- a card already on the table this round -------------------------------------------------
    ("card played earlier this round", R1_TRICK1, play(2, "5 circle"), ["5 circle is already on the table"]),
    ("card played in this trick", GAME[:6], play(1, "5 circle"), ["5 circle is already on the table"]),
    ("bid a played card", R1_PLAYED, bid(2, "5 circle"), ["5 circle is already on the table"]),
    ("bid another's bid", R1_CY_BID, bid(0, "5 square"), ["5 square is already on the table"]),
    # -- the Vision Card --------------------------------------------------------------------------
    ("play the Vision Card", R1_VISION, play(0, "4 cross"), ["4 cross is the Vision Card"]),
    ("bid the Vision Card", R1_PLAYED, bid(2, "4 cross"), ["4 cross is the Vision Card"]),
    # -- follow suit where the hand is known --------------------------------------------------
    ("break follow-suit", REFUSED[:13], REFUSED[13], ["Bo must follow star: Bo still holds 3 star"]),
    ("break follow-suit with two held", FULL_ANN_LED, play(1, "2 cross"),
     ["Bo must follow circle: Bo still holds 1 circle and 3 circle"]),
    # -- full information: where every card is ---------------------------------------------------
    ("play a card not held", FULL_ANN_LED, play(1, "5 star"), ["Bo does not hold 5 star"]),
    ("play another seat's card", FULL_ANN_LED, play(1, "2 circle"), ["2 circle is in Ann's cards"]),
    ("undealt seat plays a dealt card", [*FULL_ANN_DEALT, FULL[6]], play(1, "2 circle"),
     ["2 circle is in Ann's cards"]),
    ("face-down before held", FULL_DEALT, play(0, "5 square"), ["Ann must play held cards first", "5 square"]),
    ("held card after the hand is empty", FULL_HELD_DONE, play(0, "4 circle"),
     ["Ann has played every held card"]),
    ("bid not the last face-down card", FULL_PLAYED, bid(0, "4 circle"),
     ["Ann's last face-down card is 3 squiggle, not 4 circle"]),
    ("bid another seat's face-down card", FULL_PLAYED, bid(0, "1 square"), ["1 square is in Bo's cards"]),
    ("deal of the wrong size", FULL_VISION,
     deal(0, ["5 circle", "2 circle", "4 star", "1 cross", "5 square"], ["3 squiggle"]),
     ["round 1", "holds 4 cards and places 2 face-down", "5 and 1"]),
    ("deal of too few cards", FULL_VISION, deal(0, ["5 circle"], ["3 squiggle", "5 square"]), ["1 and 2"]),
    ("deal naming the Vision Card", FULL_VISION,
     deal(0, ["5 circle", "2 circle", "3 star", "1 cross"], ["5 square", "3 squiggle"]),
     ["3 star is the Vision Card"]),
    ("deal naming another seat's card", FULL_ANN_DEALT,
     deal(1, ["3 circle", "1 circle", "2 cross", "5 circle"], ["1 square", "2 squiggle"]),
     ["5 circle was already dealt to Ann"]),
    ("deal naming a card twice", FULL_VISION,
     deal(0, ["5 circle", "2 circle", "4 star", "1 cross"], ["5 square", "5 circle"]), ["names a card twice"]),
    ("deal twice", FULL_ANN_DEALT, ANN_DEAL, ["Ann's cards have already been dealt"]),
    ("deal after the first play", [*FULL_ANN_DEALT, FULL[6]], BO_DEAL, ["before the first play"]),
    ("deal hand not a list", FULL_VISION, deal(0, "5 circle", ["5 square", "3 squiggle"]), ["hand must be a list"]),
    ("deal of an unknown card", FULL_VISION,
     deal(0, ["5 circle", "2 circle", "4 star", "9 cross"], ["5 square", "3 squiggle"]), ["no rank", "9"]),
    # -- after the game is over -------------------------------------------------------------------
    ("line after the game", GAME, predict(1, "star"), ["over"]),
    ("play after the game", GAME, play(1, "5 circle"), ["over"]),
]

IDS = [case[0] for case in CASES]



def replay_cli(capsys, path: Path) -> tuple[int, str, str]:
    return refusal_checks.replay_cli(capsys, "esp", path)


# -- through the CLI -----------------------------------------------------------------------
@pytest.mark.parametrize("name,prefix,bad,words", CASES, ids=IDS)
def test_cli_refuses_the_line(name, prefix, bad, words, tmp_path, capsys):
    path = write_log(tmp_path / "game.jsonl", [*prefix, bad])
    code, out, err = replay_cli(capsys, path)
    assert_one_line_refusal(code, out, err, words, len(prefix) + 1)


@pytest.mark.parametrize("name,prefix,bad,words", CASES, ids=IDS)
def test_cli_refuses_only_the_bad_line(name, prefix, bad, words, tmp_path, capsys):
    """The same log without the bad line replays: the refusal is about that line only."""
    path = write_log(tmp_path / "game.jsonl", prefix)
    code, out, err = replay_cli(capsys, path)
    assert code == 0, err
    assert err == ""
    assert json.loads(out)["game"] == "esp"


# -- through the engine API ------------------------------------------------------------------
@pytest.mark.parametrize("name,prefix,bad,words", CASES, ids=IDS)
def test_engine_refuses_and_changes_nothing(name, prefix, bad, words):
    state = run(prefix)
    before = copy.deepcopy(state)
    shown = ESP.summary(state)
    result = apply(ESP, state, bad)
    assert isinstance(result, Refusal), result
    assert str(result) == result.reason
    for word in words:
        assert word in result.reason, (word, result.reason)
    for word in WORDS_OF_CODE:
        assert word not in result.reason
    assert "\n" not in result.reason
    assert state == before
    assert ESP.summary(state) == shown


def test_engine_state_still_usable_after_a_refusal():
    state = run(REFUSED[:13])
    assert isinstance(apply(ESP, state, REFUSED[13]), Refusal)
    after = apply(ESP, state, play(1, "3 star"))
    assert not isinstance(after, Refusal)
    assert ESP.expected(after) == {"act": "play", "seat": 2}
    assert ESP.expected(state) == {"act": "play", "seat": 1}


def test_match_play_refusal_records_nothing():
    match = replay(ESP, REFUSED[0], REFUSED[1:13])
    actions, states = list(match.actions), len(match.states)
    refusal = match.play(REFUSED[13])
    assert isinstance(refusal, Refusal)
    assert refusal.reason == "Bo must follow star: Bo still holds 3 star"
    assert match.actions == actions and len(match.states) == states


def test_engine_replay_names_the_refused_action():
    with pytest.raises(Refused) as refused:
        replay(ESP, REFUSED[0], REFUSED[1:])
    assert refused.value.reason == "Bo must follow star: Bo still holds 3 star"
    assert refused.value.index == 12  # the 13th action, line 14 of the file


# -- the example log ------------------------------------------------------------------------------
def test_refused_example_through_the_cli(capsys):
    code, out, err = replay_cli(capsys, EXAMPLES / "esp-refused.jsonl")
    message = assert_one_line_refusal(code, out, err, [], 14)
    assert message == "companion: line 14: Bo must follow star: Bo still holds 3 star"


def test_refused_example_in_a_subprocess():
    done = subprocess.run(
        [sys.executable, "-m", "companion", "replay", "esp", str(EXAMPLES / "esp-refused.jsonl")],
        cwd=ROOT, capture_output=True, text=True, timeout=60,
    )
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr == "companion: line 14: Bo must follow star: Bo still holds 3 star\n"


def test_subprocess_missing_file(tmp_path):
    missing = tmp_path / "nowhere.jsonl"
    done = subprocess.run(
        [sys.executable, "-m", "companion", "replay", "esp", str(missing)],
        cwd=ROOT, capture_output=True, text=True, timeout=60,
    )
    assert done.returncode == 2
    assert done.stdout == ""
    assert "Traceback" not in done.stderr
    assert len(done.stderr.splitlines()) == 1
    assert "no file" in done.stderr and str(missing) in done.stderr


# -- line numbers ---------------------------------------------------------------------------------
def test_blank_lines_count_in_line_numbers(tmp_path, capsys):
    lines = [*REFUSED[:4], "", "   ", *REFUSED[4:]]
    path = write_log(tmp_path / "game.jsonl", lines)
    code, out, err = replay_cli(capsys, path)
    assert_one_line_refusal(code, out, err, ["Bo must follow star"], 16)


def test_first_bad_line_is_named(tmp_path, capsys):
    """Two bad lines: the first is reported, nothing after it is read."""
    path = write_log(tmp_path / "game.jsonl", [*R1_VISION, play(1, "5 circle"), "{not json"])
    code, out, err = replay_cli(capsys, path)
    assert_one_line_refusal(code, out, err, ["Ann's turn to play"], 6)


@pytest.mark.parametrize("text,words", [
    ('{"act": "play", "seat": 0, "card": "5 circle"', ["not valid JSON"]),
    ("{'act': 'play', 'seat': 0, 'card': '5 circle'}", ["not valid JSON"]),
    ('{"act": "play", "seat": 0, "card": "5 circle"} trailing', ["not valid JSON"]),
    ("play 0 5 circle", ["not valid JSON"]),
    ('"play"', ["JSON object"]),
    ("42", ["JSON object"]),
    ("null", ["JSON object"]),
], ids=["unterminated", "single quotes", "trailing text", "plain words", "a string", "a number", "null"])
def test_cli_not_json(text, words, tmp_path, capsys):
    path = write_log(tmp_path / "game.jsonl", [*R1_VISION, text])
    code, out, err = replay_cli(capsys, path)
    assert_one_line_refusal(code, out, err, words, 6)


def test_not_json_reason_reads_as_a_sentence(tmp_path, capsys):
    """json's own message "Unterminated string starting at" must not be glued to
    " at column N" into "starting at at column"."""
    path = write_log(tmp_path / "game.jsonl", [*R1_VISION, '{"act": "play", "seat": 0, "card": "5 circle}'])
    code, out, err = replay_cli(capsys, path)
    message = assert_one_line_refusal(code, out, err, ["not valid JSON"], 6)
    assert " at at " not in message


def test_cli_not_json_on_the_first_line(tmp_path, capsys):
    path = write_log(tmp_path / "game.jsonl", ["game: esp", *GAME[1:]])
    code, out, err = replay_cli(capsys, path)
    assert_one_line_refusal(code, out, err, ["not valid JSON"], 1)


# -- files that are not game logs --------------------------------------------------------------
def test_missing_file(tmp_path, capsys):
    missing = tmp_path / "nowhere.jsonl"
    code, out, err = replay_cli(capsys, missing)
    message = assert_one_line_refusal(code, out, err, ["no file", str(missing)], None)
    assert message.count(".") >= 1


def test_folder_instead_of_file(tmp_path, capsys):
    code, out, err = replay_cli(capsys, tmp_path)
    assert_one_line_refusal(code, out, err, ["folder"], None)


def test_not_utf8(tmp_path, capsys):
    path = tmp_path / "game.jsonl"
    path.write_bytes(b'{"game": "esp", "players": ["Ann", "B\xf6"]}\n')
    code, out, err = replay_cli(capsys, path)
    assert_one_line_refusal(code, out, err, ["UTF-8"], None)


@pytest.mark.parametrize("content", ["", "\n", "\n   \n\n"], ids=["empty", "one blank line", "blank lines"])
def test_empty_file(content, tmp_path, capsys):
    path = tmp_path / "game.jsonl"
    path.write_text(content, encoding="utf-8")
    code, out, err = replay_cli(capsys, path)
    assert_one_line_refusal(code, out, err, ["empty"], None)


def test_unknown_game_on_the_command_line(tmp_path, capsys):
    path = write_log(tmp_path / "game.jsonl", GAME)
    code = main(["replay", "tarot", str(path)])
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    assert len(err.splitlines()) == 1 and "unknown game" in err and "esp" in err


# -- the setup line ------------------------------------------------------------------------------
SETUPS = [
    ("first line an action", {"act": "predict", "seat": 0, "claim": 4}, ["first line must be the setup"]),
    ("first line another game", {"game": "mysterium", "players": ["Ann", "Bo"]},
     ["first line must be the setup", "mysterium"]),
    ("one player", {"game": "esp", "players": ["Ann"]}, ["2 to 4 players", "not 1"]),
    ("five players", {"game": "esp", "players": ["Ann", "Bo", "Cy", "Di", "Ed"]}, ["2 to 4 players", "not 5"]),
    ("no players", {"game": "esp", "players": []}, ["2 to 4 players", "not 0"]),
    ("duplicate names", {"game": "esp", "players": ["Ann", "Bo", "Ann"]}, ["same name"]),
    ("duplicate names in another case", {"game": "esp", "players": ["Ann", "ann"]}, ["same name"]),
    ("duplicate names with spaces", {"game": "esp", "players": ["Ann", " Ann "]}, ["same name"]),
    ("empty name", {"game": "esp", "players": ["Ann", "  "]}, ["name"]),
    ("players not a list", {"game": "esp", "players": "Ann, Bo"}, ["players must be a list"]),
    ("a player not a name", {"game": "esp", "players": ["Ann", 2]}, ["players must be a list"]),
    ("no players field", {"game": "esp"}, ['"players"']),
    ("unknown setup field", {"game": "esp", "players": ["Ann", "Bo"], "deck": 25}, ['no field "deck"']),
]


@pytest.mark.parametrize("name,first,words", SETUPS, ids=[s[0] for s in SETUPS])
def test_cli_refuses_the_setup(name, first, words, tmp_path, capsys):
    path = write_log(tmp_path / "game.jsonl", [first, *GAME[1:5]])
    code, out, err = replay_cli(capsys, path)
    assert_one_line_refusal(code, out, err, words, 1)


@pytest.mark.parametrize("name,first,words", [s for s in SETUPS if s[1].get("game") == "esp"],
                         ids=[s[0] for s in SETUPS if s[1].get("game") == "esp"])
def test_engine_refuses_the_setup(name, first, words):
    with pytest.raises(Refused) as refused:
        ESP.setup(first)
    for word in words:
        assert word in refused.value.reason
    with pytest.raises(Refused):
        Match.start(ESP, first)


def test_second_setup_line_is_refused(tmp_path, capsys):
    path = write_log(tmp_path / "game.jsonl", [*SETUP, SETUP[0]])
    code, out, err = replay_cli(capsys, path)
    assert_one_line_refusal(code, out, err, ["no act"], 2)


def test_two_to_four_players_accepted(tmp_path, capsys):
    for players in (["Ann", "Bo"], ["Ann", "Bo", "Cy", "Di"]):
        path = write_log(tmp_path / "game.jsonl", [{"game": "esp", "players": players}])
        code, out, err = replay_cli(capsys, path)
        assert code == 0 and err == ""
        assert json.loads(out)["players"] == players


# -- input that must not crash the CLI (found while writing these tests) ---------------------------
def _subprocess_replay(path: Path):
    return subprocess.run(
        [sys.executable, "-m", "companion", "replay", "esp", str(path)],
        cwd=ROOT, capture_output=True, text=True, timeout=60,
    )


def test_huge_number_is_refused_not_a_traceback(tmp_path):
    """Python refuses to parse integers of more than 4300 digits with ValueError, which
    is not a JSONDecodeError: the line is refused in words, not with a traceback."""
    path = tmp_path / "game.jsonl"
    path.write_text(json.dumps(SETUP[0]) + "\n" + '{"act": "predict", "seat": ' + "1" * 5000 + ', "claim": 4}\n',
                    encoding="utf-8")
    done = _subprocess_replay(path)
    assert "Traceback" not in done.stderr, done.stderr[-400:]
    assert done.returncode == 2
    assert done.stderr.startswith("companion: line 2: ")
    assert len(done.stderr.splitlines()) == 1


def test_deeply_nested_line_is_refused_not_a_traceback(tmp_path):
    """A line nested deeper than Python's recursion limit raises RecursionError in json."""
    path = tmp_path / "game.jsonl"
    path.write_text(json.dumps(SETUP[0]) + "\n" + "[" * 100_000 + "\n", encoding="utf-8")
    done = _subprocess_replay(path)
    assert "Traceback" not in done.stderr, done.stderr[-400:]
    assert done.returncode == 2
    assert done.stderr.startswith("companion: line 2: ")
    assert len(done.stderr.splitlines()) == 1


def test_refusal_naming_a_player_stays_on_one_line(tmp_path, capsys):
    """A name with a line break in it is either refused at the setup or kept out of the
    one-line refusal; either way standard error holds exactly one line."""
    path = write_log(tmp_path / "game.jsonl", [{"game": "esp", "players": ["Ann\nLee", "Bo"]}, predict(1, 4)])
    code, out, err = replay_cli(capsys, path)
    assert code == 2
    assert len(err.splitlines()) == 1, err


def test_name_that_cannot_be_printed_is_not_a_traceback(tmp_path):
    """A lone surrogate (\\ud800) is valid JSON; printing it as UTF-8 fails."""
    path = tmp_path / "game.jsonl"
    path.write_text('{"game": "esp", "players": ["Ann\\ud800", "Bo"]}\n', encoding="utf-8")
    done = _subprocess_replay(path)
    assert "Traceback" not in done.stderr, done.stderr[-400:]
    assert done.returncode in (0, 2)
    if done.returncode == 2:
        assert done.stderr.startswith("companion: line 1: ") and len(done.stderr.splitlines()) == 1
