"""Bad Mysterium input, refused in a sentence (``docs/mysterium.md``).

Each refusal is checked twice:

- from a log through the CLI (``companion replay mysterium FILE``, in-process with capsys):
  exit status 2, nothing on standard output, exactly one line on standard error beginning
  ``companion: line N:`` with the right N and a reason in words, never a traceback;
- from the engine API: ``companion.engine.apply(MYSTERIUM, state, action)`` returns a
  ``Refusal`` with the reason, and the state it was given is unchanged.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from companion.engine import Match, Refusal, Refused, apply, replay
from companion.games.mysterium import MYSTERIUM
from tests import refusal_checks
from tests.playout import strictly_in
from tests.refusal_checks import WORDS_OF_CODE, assert_one_line_refusal, write_log
from tests.refusal_checks import load_example as load

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "docs" / "examples"


def run(lines: list[dict]):
    return replay(MYSTERIUM, lines[0], lines[1:]).state


# The hand-checked 4-person Easy game (Ann, Bo, Cy; ghost Gia).  Line N of the file is GAME[N - 1].
GAME = load("mysterium-easy-win.jsonl")
SETUP = GAME[:1]          # round I: the visions are owed
ANN_SEEN = GAME[:2]       # Ann has her vision (t = 10)
SAND = GAME[:5]           # every vision given: the hourglass turned at t = 40
GUESSED = GAME[:9]        # Ann 5, Bo 13, Cy 5; no token yet
EXPIRED = GAME[:13]       # the sand ran out at t = 160: the knocks are owed
ANN_YES = GAME[:14]       # the ghost said yes to Ann (character 5)
ROUND_2 = GAME[:16]       # round I resolved: Bo was told no on 13, Cy on 5
ROUND_4 = GAME[:43]       # round IV: Ann has finished; the visions are owed
ROUND_4_SAND = GAME[:45]  # round IV, the hourglass turned
FINAL = GAME[:68]         # everyone finished in VI: the final phase (levels 9, 5, 4)
CROWED = GAME[:69]        # the final phase's crow used
COMMITTED = GAME[:70]
FIRST = GAME[:71]         # the first shared vision: Cy (low band) votes
CY_VOTED = GAME[:72]
OVER = GAME[:77]

SMALL = load("mysterium-small.jsonl")
SMALL_FINAL = SMALL[:34]

assert GAME[4] == {"act": "vision", "psychic": 2, "cards": 3, "t": 40}
assert GAME[12] == {"act": "expire", "t": 160}
assert GAME[44] == {"act": "vision", "psychic": 2, "cards": 1}
assert GAME[42] == {"act": "answer", "psychic": 0, "correct": True}
assert GAME[67] == {"act": "answer", "psychic": 2, "correct": True}
assert GAME[70] == {"act": "reveal", "vision": 1}
assert SMALL[33] == {"act": "answer", "psychic": 1, "correct": True}


def vision(p, cards=1, **t):
    return {"act": "vision", "psychic": p, "cards": cards, **t}


def guess(p, card, **t):
    return {"act": "guess", "psychic": p, "card": card, **t}


def predict(p, target, token="check", **t):
    return {"act": "predict", "psychic": p, "target": target, "token": token, **t}


def answer(p, correct):
    return {"act": "answer", "psychic": p, "correct": correct}


def vote(p, case):
    return {"act": "vote", "psychic": p, "case": case}


# (id, lines before the bad one, the bad action, words the reason must contain)
CASES = [
    # -- malformed lines -------------------------------------------------------------------------
    ("unknown act", SETUP, {"act": "knock", "psychic": 0}, ["unknown act", "knock"]),
    ("no act", SETUP, {"psychic": 0, "cards": 1}, ["no act"]),
    ("not an object", SETUP, ["vision", 0, 1], ["JSON object"]),
    ("missing field", SETUP, {"act": "vision", "psychic": 0}, ['needs a "cards" field']),
    ("unknown field", SETUP, {"act": "vision", "psychic": 0, "card": 1}, ['needs a "cards" field']),
    ("extra field", SETUP, {"act": "vision", "psychic": 0, "cards": 1, "to": "Ann"}, ['no field "to"']),
    ("bad clock", SETUP, vision(0, t=-3), ["t must be a time"]),
    ("psychic out of range", SETUP, vision(3), ["no psychic 3", "from 0 (Ann) to 2 (Cy)"]),
    ("the ghost is no psychic", SAND, guess(3, 5), ["no psychic 3"]),
    ("psychic as a name", SETUP, {"act": "vision", "psychic": "Ann", "cards": 1}, ["psychic", "'Ann'"]),
    ("psychic true", SETUP, vision(True), ["psychic", "True"]),
    ("cards as text", SETUP, vision(0, "2"), ["cards", "'2'"]),
    ("cards 0", SETUP, vision(0, 0), ["1 to 7"]),
    ("cards 8", SETUP, vision(0, 8), ["1 to 7", "hand of 7"]),
    ("card as text", SAND, guess(0, "5"), ["card must be a character card's number", "'5'"]),
    ("card 2.0", SAND, guess(0, 2.0), ["card must be"]),
    ("token misspelt", SAND, predict(0, 1, "tick"), ["token must be \"check\"", "tick"]),
    ("correct as a number", EXPIRED, answer(0, 1), ["correct must be true", "not 1"]),
    ("case 0", FIRST, vote(2, 0), ["no case 0", "1 to 3"]),
    ("case as text", FIRST, vote(2, "3"), ["case must be a case number"]),
    ("vision 1.0", COMMITTED, {"act": "reveal", "vision": 1.0}, ["vision must be the shared vision", "1.0"]),
    # -- visions -------------------------------------------------------------------------------------
    ("second vision", ANN_SEEN, vision(0, 2), ["Ann already has a vision in round I"]),
    ("vision after the hourglass", SAND, vision(1), ["hourglass is already turned"]),
    ("vision to a finished psychic", ROUND_4, vision(0), ["Ann has found all three cards",
                                                                    "no more visions"]),
    ("vision in the final phase", FINAL, vision(0), ["not the time for a vision", "culprit token"]),
    # -- the hourglass ---------------------------------------------------------------------------------
    ("guess before the hourglass", ANN_SEEN, guess(0, 5), ["hourglass is not turned yet", "Bo, Cy"]),
    ("guess after the sand ran out", GUESSED, guess(0, 9, t=160), ["sand ran out at 160 s", "turned at 40 s"]),
    ("prediction after the sand ran out", GUESSED, predict(0, 1, t=171), ["sand ran out"]),
    ("expire too early", GUESSED, {"act": "expire", "t": 100}, ["still running: 60 s"]),
    ("expire twice", EXPIRED, {"act": "expire"}, ["already run out"]),
    ("expire before the hourglass", ANN_SEEN, {"act": "expire"}, ["hourglass is not turned yet"]),
    ("guess after expiry", EXPIRED, guess(0, 9), ["sand has run out", "guesses are locked"]),
    # -- guesses ------------------------------------------------------------------------------------------
    ("card not face up", SAND, guess(0, 6), ["character 6 is not face up", "2, 5, 9, 13, 16"]),
    ("card in a sleeve", GAME[:19], guess(2, 5), ["character 5 is already in Ann's sleeve",
                                                  "Cy must choose another character"]),
    ("finished psychic guesses", ROUND_4_SAND, guess(0, 6), ["Ann has found all three cards"]),
    # -- predictions -------------------------------------------------------------------------------------
    ("own guess", SAND, predict(1, 1), ["Bo cannot predict Bo's own guess"]),
    ("finished target", ROUND_4_SAND, predict(1, 0), ["Ann has found all three cards", "no pawn"]),
    ("no check left", GAME[:38], predict(0, 1, "check"), ["Ann has no check token left in hand"]),
    ("unpredict nothing", SAND, {"act": "unpredict", "psychic": 0, "target": 1}, ["Ann has no token on Bo's pawn"]),
    # -- answers ------------------------------------------------------------------------------------------
    ("answer before expiry", GUESSED, answer(0, True), ["sand is still running"]),
    ("answer twice", ANN_YES, answer(0, False), ["already answered Ann's guess"]),
    ("two right on one card", ANN_YES[:13] + [answer(0, True), answer(1, False)], answer(2, True),
     ["already knocked yes for Ann on character 5", "cannot both be right on one card"]),
    ("yes after no", GAME[:16] + [vision(0), vision(1), vision(2), guess(1, 13), {"act": "expire"}],
     answer(1, True), ["knocked no on character 13 for Bo in round I", "cannot be Bo's card now"]),
    ("answer for a finished psychic", GAME[:51], answer(0, True), ["Ann has found all three cards and made no guess"]),
    ("answer for an unplaced pawn", SAND + [guess(0, 5), {"act": "expire"}], answer(1, False),
     ["Bo's pawn was on no card", "incorrect guess"]),
    # -- crows ------------------------------------------------------------------------------------------
    ("second crow in a round", GAME[:4], {"act": "crow"}, ["crow is already used this round"]),
    ("crow after the commit", COMMITTED, {"act": "crow"}, ["a crow can no longer help"]),
    ("final crow twice", CROWED, {"act": "crow"}, ["already used"]),
    # -- the final phase ------------------------------------------------------------------------------
    ("reveal before commit", FINAL, {"act": "reveal", "vision": 1}, ["has not committed the culprit token"]),
    ("commit twice", COMMITTED, {"act": "commit"}, ["already committed"]),
    ("commit during a round", SETUP, {"act": "commit"}, ["not the time for the culprit token", "Ann's vision"]),
    ("reveal out of order", COMMITTED, {"act": "reveal", "vision": 2}, ["one at a time", "the first comes next"]),
    ("reveal before the band voted", FIRST, {"act": "reveal", "vision": 2},
     ["Cy (low band) must vote before the second shared vision"]),
    ("reveal all in the main game", COMMITTED, {"act": "reveal", "vision": "all"}, ["1, 2 or 3", "'all'"]),
    ("vote out of band", FIRST, vote(1, 1), ["Bo is in the intermediate band (level 5)",
                                             "after the second shared vision"]),
    ("vote before any vision", COMMITTED, vote(2, 1), ["Cy is in the low band (level 4)"]),
    ("vote twice", CY_VOTED, vote(2, 1), ["Cy has already voted", "cannot be changed"]),
    ("choose in the main game", FIRST, {"act": "choose", "case": 1}, ["vote in secret"]),
    ("culprit before the tally", CY_VOTED, {"act": "culprit", "case": 1}, ["only once the group's case is chosen"]),
    ("culprit before commit", FINAL, {"act": "culprit", "case": 1}, ["has not committed"]),
    ("case out of range", CY_VOTED, {"act": "culprit", "case": 4}, ["no case 4", "1 to 3"]),
    # -- the small variation ---------------------------------------------------------------------------
    ("small: prediction", SMALL[:3], predict(0, 1), ["no clairvoyancy tokens"]),
    ("small: vote", SMALL_FINAL + [{"act": "crow"}, {"act": "commit"}], vote(0, 1), ["no secret vote"]),
    ("small: reveal one", SMALL_FINAL + [{"act": "commit"}], {"act": "reveal", "vision": 1}, ["revealed together"]),
    ("small: choose before reveal", SMALL_FINAL + [{"act": "commit"}], {"act": "choose", "case": 1},
     ["not revealed yet"]),
    ("small: case 5", SMALL_FINAL + [{"act": "commit"}, {"act": "reveal", "vision": "all"}],
     {"act": "choose", "case": 5}, ["no case 5", "1 to 4"]),
]

# a log's first line that is refused
SETUPS = [
    ("no ghost", {"game": "mysterium", "psychics": ["Ann", "Bo", "Cy"]}, ['needs a "ghost" field']),
    ("too few", {"game": "mysterium", "ghost": "Gia", "psychics": ["Ann", "Bo"]},
     ["Mysterium is for 4 to 7 people", "not 3", "small-group variation"]),
    ("too many", {"game": "mysterium", "ghost": "Gia", "psychics": ["A", "B", "C", "D", "E", "F", "G"]},
     ["4 to 7 people", "not 8"]),
    ("same name", {"game": "mysterium", "ghost": "ann", "psychics": ["Ann", "Bo", "Cy"]}, ["same name"]),
    ("psychics not a list", {"game": "mysterium", "ghost": "Gia", "psychics": "Ann, Bo"}, ["list of names"]),
    ("ghost not a name", {"game": "mysterium", "ghost": 3, "psychics": ["Ann", "Bo", "Cy"]}, ["ghost must be"]),
    ("difficulty", {"game": "mysterium", "ghost": "Gia", "psychics": ["Ann", "Bo", "Cy"], "difficulty": "extreme"},
     ["difficulty must be", "extreme"]),
    ("small on hard", {"game": "mysterium", "ghost": "Gia", "psychics": ["A", "B"], "variant": "small",
                       "difficulty": "hard"}, ["played on Easy"]),
    ("small odd", {"game": "mysterium", "ghost": "Gia", "psychics": ["A", "B", "C"], "variant": "small"},
     ["controls two psychics", "2 or 4"]),
    ("small players mismatch", {"game": "mysterium", "ghost": "Gia", "psychics": ["A", "B"], "variant": "small",
                                "players": 2}, ["2 people need 4 psychics, not 2"]),
    ("players in the main game", {"game": "mysterium", "ghost": "Gia", "psychics": ["A", "B", "C"], "players": 1},
     ["small-group variation only"]),
    ("variant", {"game": "mysterium", "ghost": "Gia", "psychics": ["A", "B", "C"], "variant": "big"},
     ["variant must be"]),
    ("faceup count", {"game": "mysterium", "ghost": "Gia", "psychics": ["A", "B", "C"],
                      "faceup": {"character": [1, 2, 3, 4], "location": [1, 2, 3, 4, 5], "object": [1, 2, 3, 4, 5]}},
     ["lays out 5 character cards face up, not 4"]),
    ("faceup 19", {"game": "mysterium", "ghost": "Gia", "psychics": ["A", "B", "C"],
                   "faceup": {"character": [1, 2, 3, 4, 19], "location": [1, 2, 3, 4, 5], "object": [1, 2, 3, 4, 5]}},
     ["no character 19"]),
    ("faceup twice", {"game": "mysterium", "ghost": "Gia", "psychics": ["A", "B", "C"],
                      "faceup": {"character": [1, 2, 3, 4, 4], "location": [1, 2, 3, 4, 5], "object": [1, 2, 3, 4, 5]}},
     ["name a card twice"]),
    ("faceup category missing", {"game": "mysterium", "ghost": "Gia", "psychics": ["A", "B", "C"],
                                 "faceup": {"character": [1, 2, 3, 4, 5]}}, ["each category"]),
    ("ages count", {"game": "mysterium", "ghost": "Gia", "psychics": ["A", "B", "C"], "ages": [40, 30]},
     ["2 ages for 3 psychics"]),
    ("unplaced", {"game": "mysterium", "ghost": "Gia", "psychics": ["A", "B", "C"], "unplaced": "skip"},
     ["unplaced must be"]),
    ("bands", {"game": "mysterium", "ghost": "Gia", "psychics": ["A", "B", "C"], "bands": {"4-5": [8, 4]}},
     ["4-5 side's bands"]),
    ("bands in small", {"game": "mysterium", "ghost": "Gia", "psychics": ["A", "B"], "variant": "small",
                        "bands": {"4-5": [4, 8]}}, ["no clairvoyancy track"]),
    ("seed", {"game": "mysterium", "ghost": "Gia", "psychics": ["A", "B", "C"], "seed": 1.5}, ["seed must be"]),
]

IDS = [case[0] for case in CASES]


def replay_cli(capsys, path: Path) -> tuple[int, str, str]:
    return refusal_checks.replay_cli(capsys, "mysterium", path)


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
    assert json.loads(out)["game"] == "mysterium"


@pytest.mark.parametrize("name,prefix,bad,words", CASES, ids=IDS)
def test_engine_refuses_and_changes_nothing(name, prefix, bad, words):
    state = run(prefix)
    before = copy.deepcopy(state)
    shown = MYSTERIUM.summary(state)
    result = apply(MYSTERIUM, state, bad)
    assert isinstance(result, Refusal), result
    for word in words:
        assert word in result.reason, (word, result.reason)
    for word in WORDS_OF_CODE:
        assert word not in result.reason
    assert "\n" not in result.reason
    assert state == before
    assert MYSTERIUM.summary(state) == shown
    assert not strictly_in(bad, MYSTERIUM.legal(state))


@pytest.mark.parametrize("name,line,words", SETUPS, ids=[s[0] for s in SETUPS])
def test_bad_setup(name, line, words, tmp_path, capsys):
    path = write_log(tmp_path / "game.jsonl", [line, {"act": "vision", "psychic": 0, "cards": 1}])
    code, out, err = replay_cli(capsys, path)
    assert_one_line_refusal(code, out, err, words, 1)
    with pytest.raises(Refused):
        MYSTERIUM.setup(line)


def test_nothing_after_the_game_is_over(tmp_path, capsys):
    path = write_log(tmp_path / "game.jsonl", [*OVER, {"act": "crow"}])
    code, out, err = replay_cli(capsys, path)
    assert_one_line_refusal(code, out, err, ["game is already over"], 78)
    state = run(OVER)
    result = apply(MYSTERIUM, state, {"act": "culprit", "case": 2})
    assert isinstance(result, Refusal) and result.reason == "the game is over: everyone won"


def test_the_refused_example_and_the_engine():
    lines = load("mysterium-refused.jsonl")
    with pytest.raises(Refused) as caught:
        replay(MYSTERIUM, lines[0], lines[1:])
    assert caught.value.index == 14  # the 15th action: line 16
    match = replay(MYSTERIUM, lines[0], lines[1:-1])
    count = len(match.actions)
    assert isinstance(match.play(lines[-1]), Refusal)
    assert len(match.actions) == count
    assert match.play(answer(2, False)) is None  # the ghost meant two knocks


def test_blank_lines_count(tmp_path, capsys):
    lines = load("mysterium-refused.jsonl")
    path = write_log(tmp_path / "game.jsonl", [*lines[:3], "", *lines[3:]])
    code, out, err = replay_cli(capsys, path)
    assert_one_line_refusal(code, out, err, ["two psychics cannot both be right"], 17)


def test_not_json(tmp_path, capsys):
    path = write_log(tmp_path / "game.jsonl", [*SETUP, '{"act": "vision", "psychic": 0'])
    code, out, err = replay_cli(capsys, path)
    assert_one_line_refusal(code, out, err, ["not valid JSON"], 2)


def test_match_stays_usable_after_refusals():
    match = Match.start(MYSTERIUM, GAME[0])
    assert isinstance(match.play(vision(5)), Refusal)
    assert match.play(vision(0)) is None
    assert match.actions == [vision(0)]
