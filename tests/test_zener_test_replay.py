"""``companion replay zener-test FILE`` through the registry: the example logs of
docs/examples replay to the summary docs/zener-test.md describes (hits counted here from the
log's own lines, the companion's cards dealt again here from the seed), a refused log is one
sentence naming its line, and a log goes into the journal and comes out unchanged."""

from __future__ import annotations

import json
import random
from pathlib import Path

from companion.cli import main
from companion.games import registry

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "docs" / "examples"
SYMBOLS = ("circle", "cross", "wave", "square", "star")
TOP_KEYS = {"game", "players", "receiver", "sender", "mode", "cards", "deck", "feedback", "runs_planned", "runs",
            "sitting", "finished", "next"}
CHECKED_KEYS = {"run", "calls", "cards", "hits", "checked", "expected", "at_least", "at_most", "words"}


def lines(name):
    return [json.loads(text) for text in (EXAMPLES / name).read_text(encoding="utf-8").splitlines() if text.strip()]


def replay(name, capsys):
    assert main(["replay", "zener-test", str(EXAMPLES / name)]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    return json.loads(out)


def test_the_game_is_registered_by_its_package_alone():
    assert registry()["zener-test"].title == "Zener card test"


def test_a_table_test_replays_to_its_hits_and_chances(capsys):
    log = lines("zener-test-telepathy.jsonl")
    summary = replay("zener-test-telepathy.jsonl", capsys)
    assert set(summary) == TOP_KEYS
    assert (summary["players"], summary["receiver"], summary["sender"]) == (["Ann", "Bo"], 0, 1)
    assert (summary["mode"], summary["cards"], summary["deck"], summary["feedback"]) == \
        ("telepathy", "table", "closed", "run")
    runs = summary["runs"]
    assert [set(run) for run in runs] == [CHECKED_KEYS, CHECKED_KEYS]
    actions = log[1:]
    for number, run in enumerate(runs):
        block = actions[50 * number: 50 * number + 50]  # 25 calls, then the 25 cards checked
        calls = [a["symbol"] for a in block[:25]]
        cards = [a["symbol"] for a in block[25:]]
        assert (run["calls"], run["cards"]) == (calls, cards)
        assert run["hits"] == sum(c == k for c, k in zip(calls, cards))
        assert run["expected"] == 5.0  # a closed deck checked after the run: 5 whatever the calls
    assert [run["hits"] for run in runs] == [8, 5]
    assert runs[0]["words"] == "8 hits: about 1 run in 9 scores this well by chance"
    assert summary["sitting"] == {"runs": 2, "cards": 50, "hits": 13, "expected": 10.0, "at_least": 0.1887,
                                  "at_most": 0.8866,
                                  "words": "13 hits in 2 runs: about 1 sitting in 5 scores this well by chance"}
    assert summary["finished"] is True and summary["next"] is None


def test_a_solo_test_deals_its_cards_from_the_seed(capsys):
    setup, *actions = lines("zener-test-solo.jsonl")
    assert all(a["act"] == "call" for a in actions)  # the companion's cards are never entered
    summary = replay("zener-test-solo.jsonl", capsys)
    for number, run in enumerate(summary["runs"], start=1):
        pack = [symbol for symbol in SYMBOLS for _ in range(5)]
        random.Random(f"{setup['seed']}:zener:{number}").shuffle(pack)
        assert run["cards"] == pack
        assert run["expected"] > 5  # shown card by card, a closed deck gives a counting receiver more
    assert [run["hits"] for run in summary["runs"]] == [8, 5]
    assert summary["runs"][0]["words"] == "8 hits: about 1 run in 2 scores this well by chance"


def test_a_sitting_ended_early_is_over(capsys):
    summary = replay("zener-test-clairvoyance.jsonl", capsys)
    assert (summary["runs_planned"], len(summary["runs"]), summary["finished"]) == (3, 1, True)
    assert (summary["sender"], summary["deck"], summary["feedback"]) == (0, "open", "card")


def test_a_refused_log_is_one_sentence_naming_its_line(capsys):
    assert main(["replay", "zener-test", str(EXAMPLES / "zener-test-refused.jsonl")]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err == ("companion: line 42: run 1 already shows five circles (cards 2, 3, 8, 10 and 15): a closed deck "
                   "holds five of each symbol, so card 16 is not a circle; check it again\n")


def test_a_log_goes_into_the_journal_and_out_unchanged(tmp_path, capsys):
    journal = tmp_path / "journal.sqlite3"
    source = EXAMPLES / "zener-test-solo.jsonl"
    assert main(["import", str(source), "--journal", str(journal)]) == 0
    assert main(["export", "1", str(tmp_path / "out.jsonl"), "--journal", str(journal)]) == 0
    capsys.readouterr()
    assert [json.loads(t) for t in (tmp_path / "out.jsonl").read_text().splitlines()] == lines("zener-test-solo.jsonl")
