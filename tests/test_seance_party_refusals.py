"""Bad Séance Party input refused in a sentence, from a log via the CLI and from the API."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.cli import main
from companion.engine import Refusal, apply, replay
from companion.games.seance_party import SEANCE_PARTY as G

EXAMPLES = Path(__file__).resolve().parents[1] / "docs" / "examples"
GAME = [json.loads(l) for l in (EXAMPLES / "seance-party-charges.jsonl").read_text().splitlines() if l.strip()]
TURNS = GAME[:7]  # round 1, Ann's turn


def cli(tmp_path, capsys, lines):
    f = tmp_path / "log.jsonl"
    f.write_text("\n".join(l if isinstance(l, str) else json.dumps(l) for l in lines) + "\n")
    assert main(["replay", "seance-party", str(f)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and len(err.strip().splitlines()) == 1 and "Traceback" not in err
    return err.strip()


CASES = [
    (TURNS, {"act": "play", "seat": 1, "card": "Frost Hex", "planchette": "wave"}, "it is Ann's turn, not Bo's"),
    (TURNS, {"act": "play", "seat": 0, "card": "Nobody", "planchette": "wave"}, "there is no card called 'Nobody'"),
    (TURNS, {"act": "play", "seat": 0, "card": "Frost Hex", "planchette": "wave"}, "Bo holds the most cards and must guess"),
    (TURNS, {"act": "play", "seat": 0, "card": "Moth Oracle", "planchette": "wave", "guess": "Frost Hex"},
     "Ann has no Moth Oracle in hand"),
    (TURNS, {"act": "end", "seat": 0}, "Ann cannot end yet: Bo must start a turn first"),
    (TURNS, {"act": "curse", "seat": 0, "zeners": []}, "this is not the time to set curses: the table owes Ann's turn"),
    (TURNS, {"act": "boost", "seat": 0, "dice": [6]}, "this is not the time to boost"),
    (GAME[:1], {"act": "reveal", "seat": 0, "hand": []}, "this is not the time to reveal hands"),
    (GAME[:3], {"act": "reveal", "seat": 0, "hand": ["Frost Hex"]}, "Ann holds 5 cards, not 1"),
    (GAME[:5], {"act": "boost", "seat": 0}, "Bo decides on a boost before Ann"),
    (GAME[:5], {"act": "boost", "seat": 1, "dice": [4, 4]}, "Bo's dice pool has no d4"),
    (GAME[:1], {"act": "curse", "seat": 5, "zeners": []}, "there is no seat 5"),
    (GAME[:1], {"act": "curse", "seat": 0, "zeners": ["moon"]}, "zeners must be a list of Zener symbols"),
    (GAME[:1], {"act": "dance", "seat": 0}, "unknown act 'dance'"),
    (TURNS, {"act": "pass", "seat": 0, "card": 1}, "a pass line has no field \"card\""),
    (TURNS, {"act": "attack", "seat": 0, "spirit": True, "player": 1}, "in the first round everyone passes"),
    # correction lines: a cause on a board or used this round, from the Speed step on
    (GAME[:1], {"act": "draw", "seat": 0, "count": 1, "cause": "Frost Hex"}, "not in the Start and Curse steps"),
    (TURNS, {"act": "draw", "seat": 0, "count": 1, "cause": "Frost Hex"},
     "Frost Hex is on no board and was not played"),
    (TURNS, {"act": "draw", "seat": 0, "count": 1, "cause": "Nobody"}, "cause must name a card the companion knows"),
    (TURNS, {"act": "draw", "seat": 0, "count": 1}, "cause"),
    (GAME[:8], {"act": "draw", "seat": 0, "count": 0, "cause": "Falling Star"}, "count must be a whole number from 1 to 20"),
    (GAME[:8], {"act": "trash", "seat": 0, "cause": "Falling Star"}, "names the cards (\"cards\") or how many"),
    (GAME[:8], {"act": "trash", "seat": 0, "count": 1, "cause": "Falling Star"},
     "every card in Ann's hand is known: name the cards trashed"),
    (GAME[:8], {"act": "trash", "seat": 0, "cards": ["Moth Oracle"], "cause": "Falling Star"},
     "Ann has no Moth Oracle in hand"),
    (GAME[:8], {"act": "planchette", "to": "moon", "cause": "Falling Star"}, "to must be a point of the pentagram"),
    (GAME[:8], {"act": "planchette", "to": "cross", "cause": "Falling Star"}, "the planchette is already on cross"),
    (GAME[:8], {"act": "energy", "seat": 1, "change": -6, "cause": "Falling Star"}, "change must be a whole number"),
    (GAME[:8], {"act": "energy", "seat": 1, "change": 0, "cause": "Falling Star"}, "not 0"),
    (GAME[:8], {"act": "energy", "seat": 1, "change": 1, "cause": {"name": "Falling Star"}},
     "cause must name a card"),
]


@pytest.mark.parametrize("before, bad, reason", CASES)
def test_refused_from_cli_and_api(tmp_path, capsys, before, bad, reason):
    err = cli(tmp_path, capsys, [*before, bad])
    assert err.startswith(f"companion: line {len(before) + 1}: ") and reason in err
    state = replay(G, before[0], before[1:]).state
    snapshot = G.summary(state)
    r = apply(G, state, bad)
    assert isinstance(r, Refusal) and reason in r.reason
    assert G.summary(state) == snapshot


def test_bad_setups(tmp_path, capsys):
    for setup, reason in [
        ({"game": "seance-party", "players": ["A", "B"], "mode": "duel"}, "mode must be"),
        ({"game": "seance-party", "players": ["A", "B"], "mode": "battle", "deck": 40}, "30 cards"),
        ({"game": "seance-party", "players": ["A", "B"], "adjacency": "any"}, "adjacency must be"),
        ({"game": "seance-party", "players": ["A", "B"], "points": ["circle"]}, "points must name the five"),
        ({"game": "seance-party", "players": ["A", "a"]}, "the same name"),
    ]:
        err = cli(tmp_path, capsys, [setup])
        assert err.startswith("companion: line 1: ") and reason in err


def test_refused_example_and_after_game_over(tmp_path, capsys):
    assert main(["replay", "seance-party", str(EXAMPLES / "seance-party-refused.jsonl")]) == 2
    err = capsys.readouterr().err.strip()
    assert err == "companion: line 12: Bo's cross Zener is face down: Grave Knight needs a face-up cross Zener"
    err = cli(tmp_path, capsys, [*GAME, {"act": "pass", "seat": 0}])
    assert f"line {len(GAME) + 1}:" in err and "over" in err


def test_not_json(tmp_path, capsys):
    err = cli(tmp_path, capsys, [GAME[0], "{not json"])
    assert err.startswith("companion: line 2:")
