"""Bad Clairvoyance input, refused in a sentence (``docs/clairvoyance.md``, "Bad input").

Each refusal is checked twice:

- from a log through the CLI (``companion replay clairvoyance FILE``, in-process): exit
  status 2, nothing on standard output, one line on standard error beginning
  ``companion: line N:`` with the right N and the reason, never a traceback;
- from the engine API: ``apply`` returns a ``Refusal`` and the state it was given is
  unchanged (its summary is the same before and after).
"""

from __future__ import annotations

import pytest

from companion.cli import main
from companion.engine import Refusal, Refused, apply, replay
from companion.games.clairvoyance import CLAIRVOYANCE as G
from tests.refusal_checks import EXAMPLES, assert_one_line_refusal, load_example, replay_cli, write_log

# The 2-player example game (Ann: Gertrude, Bo: Claire).  Line N of the file is GAME[N - 1].
GAME = load_example("clairvoyance-two-players.jsonl")
GUESSING = GAME[:2]       # Ann has said 3 and 7
ROLLING = GAME[:3]        # both have said their numbers: the roll is owed
FIRST_TURN = GAME[:5]     # Ann's turn, the die on 3
THROWN = GAME[:6]         # Ann has thrown the Armchair at Bo: the window is open
DIE_OWED = GAME[:7]       # the window closed: Ann turns the die
SECOND_ACTION = GAME[:8]  # the Armchair hit Bo (die on 6)
ANN_DONE = GAME[:11]      # Ann has taken both actions (a Lamp is #1 with her)
BO_TURN = GAME[:12]       # Bo's turn, the die on 5
OVER = GAME

assert GAME[4] == {"act": "roll", "face": 3}
assert GAME[5] == {"act": "throw", "seat": 0, "card": "Armchair", "target": 1}
assert GAME[11] == {"act": "end", "seat": 0}

CASES = [
    # out of turn, out of step
    (FIRST_TURN, {"act": "throw", "seat": 1, "card": "Lamp", "target": 0}, "it is Ann's turn, not Bo's"),
    (FIRST_TURN, {"act": "die", "seat": 0, "face": 2},
     "this is not the time to turn the die: the table owes Ann's turn"),
    (THROWN, {"act": "end", "seat": 0},
     "this is not the time to end the turn: the table owes answers to Ann's throw of Armchair: Bo, Ann may "
     "still interfere (\"pass\" each, or \"resolve\")"),
    (DIE_OWED, {"act": "possess", "seat": 0, "card": "Lamp"}, "the table owes Ann's turn of the die (\"die\")"),
    (DIE_OWED, {"act": "die", "seat": 0, "face": 7}, "the die shows 3: it turns to 2, 4 or 6, not 7"),
    (DIE_OWED, {"act": "die", "seat": 1, "face": 6}, "Ann turns the die, not Bo"),
    (DIE_OWED, {"act": "die", "seat": 0, "face": 7, "cause": "Armchair"}, "cause must name a card whose effect"),
    (GUESSING, {"act": "roll", "face": 3},
     "this is not the time to roll for who goes first: the table owes Bo's guess"),
    (GUESSING, {"act": "guess", "seat": 1, "faces": [7, 1]}, "Ann already said 7: Bo must say another number"),
    (GUESSING, {"act": "guess", "seat": 0, "faces": [1, 2]}, "Ann has already said 3 and 7"),
    (GUESSING, {"act": "guess", "seat": 1, "faces": [1, 9]}, "face must be a face of the die, 1 to 8, not 9"),
    (GUESSING, {"act": "instant", "seat": 1, "card": "Pyrokinesis", "item": "play"},
     "the game has not begun (who goes first is still being settled): no one may play an instant yet"),
    (ROLLING, {"act": "roll", "face": 0}, "face must be a face of the die, 1 to 8, not 0"),
    # the turn's limits
    (SECOND_ACTION, {"act": "throw", "seat": 0, "card": "Lamp", "target": 1},
     "Ann has already thrown this turn: one throw a turn while the game began with two players"),
    (ANN_DONE, {"act": "discard", "seat": 0, "count": 1},
     "Ann has taken both actions this turn: the turn ends (\"end\")"),
    (FIRST_TURN, {"act": "throw", "seat": 0, "card": "Lamp", "target": 0},
     "Ann cannot throw at themselves: the target is another player"),
    (FIRST_TURN, {"act": "throw", "seat": 0, "card": "Lamp", "item": 1, "target": 1},
     "a throw names either a card from hand (\"card\") or a possessed item (\"item\")"),
    (FIRST_TURN, {"act": "throw", "seat": 0, "item": 1, "target": 1}, "Ann possesses no item #1"),
    (FIRST_TURN, {"act": "discard", "seat": 0, "count": 3}, "count must be a whole number from 1 to 2, not 3"),
    (FIRST_TURN, {"act": "discard", "seat": 0, "cards": []}, "cards must list the one or two cards discarded"),
    (FIRST_TURN, {"act": "possess", "seat": 0, "card": "Pyrokinesis"},
     "Pyrokinesis is an instant: instants are played (\"instant\"), not possessed"),
    (FIRST_TURN, {"act": "possess", "seat": 0, "card": "Candle"}, "there is no card called 'Candle' in the catalog"),
    # windows
    (FIRST_TURN, {"act": "pass", "seat": 1}, "this is not the time to pass (there is no window to answer)"),
    (FIRST_TURN, {"act": "resolve"}, "this is not the time to resolve a window (none is open)"),
    (THROWN, {"act": "instant", "seat": 1, "card": "Deflection"},
     "Deflection reduces the damage of the throw in flight: its target is \"play\""),
    (THROWN, {"act": "instant", "seat": 1, "card": "Pyrokinesis", "item": 4}, "there is no possessed item #4"),
    (THROWN, {"act": "instant", "seat": 1, "card": "Lamp", "item": "play"},
     "Lamp is an item, not an instant: items are possessed or thrown"),
    (THROWN, {"act": "ability", "seat": 1, "face": 9}, "face must be a face of the die, 1 to 8, not 9"),
    (THROWN, {"act": "ability", "seat": 0, "face": 1}, "an ability line needs an \"item\" field"),
    (THROWN, {"act": "ability", "seat": 0, "item": 1, "face": 1}, "an ability line has no field \"face\""),
    (THROWN, {"act": "ability", "seat": 0, "item": "everything"},
     "item must be a possessed item's number (as the summary shows it) or \"play\""),
    (ANN_DONE, {"act": "use", "seat": 0, "item": 1}, "Lamp is a plain item, not a single-use item"),
    (BO_TURN, {"act": "make_room", "seat": 1, "item": 1}, "this is not the time to make room"),
    # corrections, definitions
    (BO_TURN, {"act": "hurt", "seat": 0, "amount": 2, "cause": "Lamp"}, "cause must name a card whose effect the "
     "players resolve, possessed by someone, in play, or played or used this turn; 'Lamp' is not one"),
    (BO_TURN, {"act": "define", "card": {"name": "Lamp", "type": "item", "faces": [3]}},
     "Lamp's faces is already known ([2, 5]); a figure once known cannot change"),
    (BO_TURN, {"act": "define", "card": {"name": "Pyrokinesis", "type": "item"}},
     "Pyrokinesis is already known as an instant, not an item"),
    (BO_TURN, {"act": "define", "card": {"name": "Candle", "type": "item", "damage": -1}},
     "Candle's damage must be a whole number from 0 to 99, not -1"),
    (BO_TURN, {"act": "define", "card": {"name": "Candle", "type": "item", "use": "continuous", "effect": "destroy"}},
     "Candle is a continuous item: the companion computes destroy and reduce only for single-use items"),
    (BO_TURN, {"act": "define", "card": {"name": "Candle", "type": "instant", "faces": [1]}},
     "Candle is an instant: instants have no faces"),
    (BO_TURN, {"act": "define", "card": {"name": "Candle", "type": "item", "effect": "reduce"}},
     "Candle reduces a throw's damage: give the amount"),
    # malformed
    (FIRST_TURN, {"act": "dance", "seat": 0}, "unknown act 'dance'"),
    (FIRST_TURN, {"act": "end"}, "an end line needs a \"seat\" field"),
    (FIRST_TURN, {"act": "end", "seat": 0, "card": "Lamp"}, "an end line has no field \"card\""),
    (FIRST_TURN, {"act": "end", "seat": True}, "seat must be a seat number from 0 to 1, not True"),
    (FIRST_TURN, {"act": "end", "seat": 2}, "there is no seat 2: seats run from 0 to 1"),
    (FIRST_TURN, {"act": "end", "seat": 0, "t": -1}, "t must be a time in seconds"),
    (GUESSING, {"act": "guess", "seat": 1, "faces": [1, 5], "t": 10 ** 400},  # no float holds it
     "t must be a time in seconds (a number of 0 or more), not a number that large"),
]


@pytest.mark.parametrize("before, bad, reason", CASES)
def test_refused_from_the_cli_and_the_api(tmp_path, capsys, before, bad, reason):
    code, out, err = replay_cli(capsys, "clairvoyance", write_log(tmp_path / "log.jsonl", [*before, bad]))
    message = assert_one_line_refusal(code, out, err, [], len(before) + 1)
    assert reason in message, (reason, message)
    state = replay(G, before[0], before[1:]).state
    snapshot = G.summary(state)
    result = apply(G, state, bad)
    assert isinstance(result, Refusal) and reason in result.reason
    assert G.summary(state) == snapshot


SETUPS = [
    ({"players": ["Ann"], "characters": ["Ed"]}, "Clairvoyance is for 2 to 5 players, not 1"),
    ({"players": ["Ann", "Bo"]}, "a setup line needs a \"characters\" field"),
    ({"players": ["Ann", "Bo"], "characters": ["Ed", "Ed"]}, "each player picks a different character"),
    ({"players": ["Ann", "Bo"], "characters": ["Ed", "Zed"]}, "characters must give each of the 2 players a character"),
    ({"players": ["Ann", "Bo"], "characters": ["Ed"]}, "characters must give each of the 2 players a character"),
    ({"players": ["Ann", "Bo"], "characters": [["Ed"], "Myr"]},
     "characters must give each of the 2 players a character"),
    ({"players": ["Ann", "Bo"], "characters": [{"name": "Ed"}, "Myr"]},
     "characters must give each of the 2 players a character"),
    ({"players": ["Ann", "ann"], "characters": ["Ed", "Myr"]}, "two players have the same name"),
    ({"players": ["Ann", "Bo"], "characters": ["Ed", "Myr"], "teams": True}, "teams: true seats two teams across"),
    ({"players": ["Ann", "Bo"], "characters": ["Ed", "Myr"], "die": "d8"}, "die must be \"rulebook\", \"standard\""),
    ({"players": ["Ann", "Bo"], "characters": ["Ed", "Myr"], "deck": 9}, "deck must be the number of cards in the box"),
    ({"players": ["Ann", "Bo"], "characters": ["Ed", "Myr"], "health": 0}, "health must be the counter's top"),
    ({"players": ["Ann", "Bo"], "characters": ["Ed", "Myr"], "refill": "never"},
     "refill must be \"when-drawing\" or \"at-once\""),
    ({"players": ["Ann", "Bo"], "characters": ["Ed", "Myr"], "cards": {"name": "Lamp"}}, "cards must be a list"),
    ({"players": ["Ann", "Bo"], "characters": ["Ed", "Myr"], "cards": [{"name": "Lamp", "type": "item", "damage": 5}]},
     "Lamp's damage is already known (2)"),
    ({"players": ["Ann", "Bo"], "characters": ["Ed", "Myr"], "colour": "red"}, "a setup line has no field \"colour\""),
]


@pytest.mark.parametrize("fields, reason", SETUPS)
def test_bad_setups(tmp_path, capsys, fields, reason):
    code, out, err = replay_cli(capsys, "clairvoyance", write_log(tmp_path / "log.jsonl",
                                                                  [{"game": "clairvoyance", **fields}]))
    assert reason in assert_one_line_refusal(code, out, err, [], 1)


@pytest.mark.parametrize("line", [None, [], "clairvoyance", 5])
def test_the_api_refuses_a_setup_that_is_no_object(line):
    """A log's first line is always an object (the log reader says so first); a caller of the
    API gets a sentence too, never a traceback."""
    with pytest.raises(Refused) as caught:
        G.setup(line)
    assert caught.value.reason.startswith("the setup line must be a JSON object such as {\"game\": \"clairvoyance\"")


def test_the_api_refuses_a_card_field_no_log_can_name():
    """A log's keys are always text; through the API a card definition's key may be a number."""
    with pytest.raises(Refused, match="a card definition has no field 1"):
        G.setup({**GAME[0], "cards": [{"name": "Tea Set", "type": "item", 1: 2, "x": 3}]})


def test_nothing_after_the_end(tmp_path, capsys):
    log = write_log(tmp_path / "log.jsonl", [*OVER, {"act": "end", "seat": 0}])
    code, out, err = replay_cli(capsys, "clairvoyance", log)
    assert_one_line_refusal(code, out, err, ["the game is already over"], len(OVER) + 1)
    state = replay(G, OVER[0], OVER[1:]).state
    assert apply(G, state, {"act": "end", "seat": 0}).reason == "the game is over: Ann won"


def test_the_refused_example_stops_at_its_stated_line(capsys):
    code, out, err = replay_cli(capsys, "clairvoyance", EXAMPLES / "clairvoyance-refused.jsonl")
    message = assert_one_line_refusal(code, out, err, [], 9)
    assert message == "companion: line 9: the die shows 3: it turns to 2, 4 or 6, not 5"


def test_lines_that_are_not_a_game_log(tmp_path, capsys):
    cases = [
        (["{\"game\": \"clairvoyance\""], 1, "this line is not valid JSON"),
        ([{"game": "esp", "players": ["A", "B", "C"]}], 1,
         "the first line must be the setup {\"game\": \"clairvoyance\""),
        ([GAME[0], "[1, 2]"], 2, "each line must be a JSON object"),
    ]
    for lines, line, words in cases:
        code, out, err = replay_cli(capsys, "clairvoyance", write_log(tmp_path / "log.jsonl", lines))
        assert words in assert_one_line_refusal(code, out, err, [], line)
    assert main(["replay", "clairvoyance", str(tmp_path / "missing.jsonl")]) == 2
    assert "there is no file" in capsys.readouterr().err


def test_every_good_example_replays():
    for name in ("two-players", "drop-to-two", "teams", "die-example", "single-use-example", "instant-example"):
        lines = load_example(f"clairvoyance-{name}.jsonl")
        replay(G, lines[0], lines[1:])
