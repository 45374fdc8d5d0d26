"""The Zener card test in the terminal (``companion --text``): symbols typed as words or
letters, a misspelling refused in the rules' sentence, undo in words, the run in letters,
and a solo sitting ended between runs — all from the registry, with no line of the terminal
naming the game."""

from __future__ import annotations

import io

from companion.engine.journal import Journal
from companion.games import registry
from companion.textmode import TextCompanion


def run(path, lines):
    answers = iter(lines)
    out = io.StringIO()

    def read(prompt):
        out.write(prompt)
        try:
            return next(answers)
        except StopIteration:
            raise EOFError from None

    journal = Journal(path, registry())
    try:
        TextCompanion(journal, read=read, out=out, new_seed=lambda: 7).run()
    finally:
        journal.close()
    journal = Journal(path, registry())
    try:
        return out.getvalue(), journal.resume(journal.records()[0].id).log_lines()
    finally:
        journal.close()


def test_a_solo_sitting_in_the_terminal(tmp_path):
    # Ann alone; options: not clairvoyance, closed deck, each card shown, the companion's cards, 4 runs
    out, log = run(tmp_path / "journal.sqlite3",
                   ["zener", "Ann", "n", "n", "y", "n", "n", "t", "star", "squiggle", "undo", "x"]
                   + ["c"] * 23 + ["end", "quit"])
    assert log[0] == {"game": "zener-test", "players": ["Ann"], "mode": "telepathy", "cards": "companion",
                      "deck": "closed", "feedback": "card", "runs": 4, "seed": 7}
    assert "refused: there is no Zener symbol 'squiggle' (the symbols are circle, cross, wave, square, star)" in out
    assert "undone: Ann's call, star" in out
    assert [a["symbol"] for a in log[1:-1]] == ["star", "cross"] + ["circle"] * 23
    assert log[-1] == {"act": "end"} and "The game is over." in out  # ended between runs
    assert "  calls  t x c c c" in out
    assert "6. the end of the sitting" in out  # offered once the run is checked
