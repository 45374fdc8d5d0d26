"""The child process of ``tests/test_crash.py``: plays ESP through the journal until killed.

    python tests/crash_child.py JOURNAL SEED

It resumes the latest unfinished game of JOURNAL (or starts one), then plays forever in
full information: the companion's chance actions, else a seeded random legal action;
now and then an undo or a redo.  When a game finishes it starts another.  Every change is
reported on standard output, flushed, only *after* the journal call returned:

    resume <game_id> <actions> <redo>    a game was resumed with that many actions / redo entries
    new <game_id>                        a game was started
    ack <game_id> <seq> <json>           ``play`` returned: action number seq (from 0) is stored
    undo <game_id> <seq>                 ``undo`` returned: action seq went onto the redo stack
    redo <game_id> <seq> <json>          ``redo`` returned: that action is action seq again

Anything unexpected (a refusal, a warning on resume) goes to standard error and exits 3.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.engine.journal import Journal  # noqa: E402
from companion.games import registry  # noqa: E402
from companion.games.esp import ESP  # noqa: E402

NAMES = ("Ann", "Bo", "Cy", "Di")


def say(*parts: object) -> None:
    print(*parts, flush=True)


def fail(message: str) -> None:
    print(message, file=sys.stderr, flush=True)
    sys.exit(3)


def start(journal: Journal, rng: random.Random):
    players = rng.choice((2, 3, 3, 3, 4))
    stored = journal.new_game({"game": "esp", "players": list(NAMES[:players]), "seed": rng.randrange(1 << 30)})
    say("new", stored.id)
    return stored


def main(argv: list[str]) -> None:
    path, seed = argv[0], int(argv[1])
    rng = random.Random(seed)
    journal = Journal(path, registry())
    record = journal.latest_unfinished()
    if record is None:
        stored = start(journal, rng)
    else:
        stored = journal.resume(record.id)
        if stored.warnings:
            fail(f"resume warned: {stored.warnings}")
        say("resume", stored.id, len(stored.match.actions), len(stored.match.redo_stack))
    while True:
        if ESP.is_over(stored.state):
            stored = start(journal, rng)
        roll = rng.random()
        if roll < 0.06 and stored.match.can_undo():
            seq = len(stored.match.actions) - 1
            stored.undo()
            say("undo", stored.id, seq)
        elif roll < 0.5 and stored.match.can_redo():
            seq = len(stored.match.actions)
            action = stored.redo()
            say("redo", stored.id, seq, json.dumps(action, ensure_ascii=False))
        else:
            action = ESP.chance(stored.state)
            if action is None:
                action = rng.choice(ESP.legal(stored.state))
            refusal = stored.play(action)
            if refusal is not None:
                fail(f"the journal refused a legal action {action}: {refusal}")
            say("ack", stored.id, len(stored.match.actions) - 1, json.dumps(action, ensure_ascii=False))


if __name__ == "__main__":
    main(sys.argv[1:])
