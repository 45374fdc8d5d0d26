"""Crash test: a child process plays ESP through the journal and is killed with SIGKILL at
random moments, again and again on the same journal file.  After every kill the journal
must be intact (``PRAGMA integrity_check``), hold every acknowledged change in order (plus
at most one committed change the child had no time to acknowledge), and resume to the
state a replay of its actions gives.

The moments are random (a number of acknowledgements read, or a timer), but what is
checked holds wherever the kill lands: the test does not depend on timing to pass.
Reproduce a failure with ``CRASH_SEED=<seed printed below> pytest tests/test_crash.py``.
"""

from __future__ import annotations

import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import threading
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from companion.engine.journal import Journal
from companion.engine.match import replay
from companion.games import registry
from companion.games.esp import ESP

CHILD = Path(__file__).with_name("crash_child.py")
KILLS_BY_COUNT = 30  # after reading a random number of the child's lines (40 and 20 until make test neared CI's 5 minutes)
KILLS_BY_TIMER = 14  # at a random moment, from a timer thread
HANG_SECONDS = 60  # a run lasts well under a second: a child still alive after this is stuck


@dataclass
class Stored:
    """One game as the journal file holds it (or as the acknowledgements say it must)."""

    actions: list = field(default_factory=list)
    redo: list = field(default_factory=list)
    setup: dict | None = None
    finished: bool = False


def integrity(path: Path) -> str:
    """``PRAGMA integrity_check`` through a plain sqlite3 connection, before the journal
    code touches the file."""
    db = sqlite3.connect(path)
    try:
        return "\n".join(row[0] for row in db.execute("PRAGMA integrity_check"))
    finally:
        db.close()


def read_journal(path: Path) -> dict[int, Stored]:
    """Every game the journal file holds (read with a plain sqlite3 connection)."""
    db = sqlite3.connect(path)
    try:
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert db.execute("SELECT COUNT(*) FROM quarantine").fetchone()[0] == 0
        games = {
            gid: Stored(setup=json.loads(setup), finished=bool(finished))
            for gid, setup, finished, abandoned in db.execute("SELECT id, setup, finished, abandoned FROM games")
        }
        for gid, seq, body in db.execute("SELECT game_id, seq, body FROM actions ORDER BY game_id, seq"):
            assert seq == len(games[gid].actions), f"game {gid}: a gap before action {seq}"
            games[gid].actions.append(json.loads(body))
        for gid, depth, body in db.execute("SELECT game_id, depth, body FROM redo ORDER BY game_id, depth"):
            assert depth == len(games[gid].redo), f"game {gid}: a gap in the redo stack at {depth}"
            games[gid].redo.append(json.loads(body))
        return games
    finally:
        db.close()


def apply_lines(model: dict[int, Stored], lines: list[str]) -> set[int]:
    """Follow the child's acknowledgements in the model; return the games they touched."""
    touched: set[int] = set()
    for line in lines:
        kind, gid, *rest = line.split(" ", 3)
        gid = int(gid)
        touched.add(gid)
        if kind == "new":
            assert gid not in model, f"game {gid} was started twice"
            model[gid] = Stored()
            continue
        game = model[gid]
        if kind == "resume":
            assert [int(rest[0]), int(rest[1])] == [len(game.actions), len(game.redo)], line
            unfinished = [g for g, s in model.items() if not s.finished]
            assert gid == max(unfinished), f"resumed game {gid}, not the latest unfinished"
        elif kind == "ack":
            seq, action = int(rest[0]), json.loads(rest[1])
            assert seq == len(game.actions), line
            game.actions.append(action)
            game.redo.clear()
        elif kind == "undo":
            assert int(rest[0]) == len(game.actions) - 1, line
            game.redo.append(game.actions.pop())
        elif kind == "redo":
            seq, action = int(rest[0]), json.loads(rest[1])
            assert seq == len(game.actions) and game.redo and game.redo[-1] == action, line
            game.actions.append(game.redo.pop())
        else:  # pragma: no cover - a line the child never writes
            raise AssertionError(f"unknown line from the child: {line!r}")
    return touched


def unacknowledged_change(gid: int, acked: Stored | None, stored: Stored) -> str | None:
    """None if the journal holds exactly what was acknowledged; else the one change the
    child committed but was killed before acknowledging (or an AssertionError)."""
    if acked is None:
        assert stored.actions == [] and stored.redo == [], f"game {gid} was never acknowledged yet holds actions"
        return "new game"
    if (stored.actions, stored.redo) == (acked.actions, acked.redo):
        return None
    if len(stored.actions) == len(acked.actions) + 1 and stored.actions[:-1] == acked.actions:
        if stored.redo == []:
            return "play"
        if acked.redo and stored.redo == acked.redo[:-1] and stored.actions[-1] == acked.redo[-1]:
            return "redo"
    if acked.actions and stored.actions == acked.actions[:-1] and stored.redo == [*acked.redo, acked.actions[-1]]:
        return "undo"
    raise AssertionError(
        f"game {gid}: the journal does not hold the acknowledged actions\n"
        f"acknowledged {len(acked.actions)} actions, redo {len(acked.redo)}; "
        f"journaled {len(stored.actions)} actions, redo {len(stored.redo)}\n"
        f"first difference at {next((i for i, (a, b) in enumerate(zip(acked.actions, stored.actions)) if a != b), None)}"
    )


def kill(pid: int) -> None:
    try:
        os.kill(pid, signal.SIGKILL)
    except ProcessLookupError:  # pragma: no cover - already reaped
        pass


def run_child(path: Path, seed: int, after_lines: int | None, delay: float | None, err_path: Path) -> list[str]:
    """Start the child, kill it after ``after_lines`` lines or ``delay`` seconds, and
    return every complete line it wrote before dying."""
    with open(err_path, "wb") as err:
        child = subprocess.Popen(
            [sys.executable, str(CHILD), str(path), str(seed)], stdout=subprocess.PIPE, stderr=err
        )
    timer = threading.Timer(delay, kill, (child.pid,)) if delay is not None else None
    hung = threading.Event()
    # a last resort, so that a stuck child cannot hang the test
    safety = threading.Timer(HANG_SECONDS, lambda: (hung.set(), kill(child.pid)))
    lines: list[bytes] = []
    try:
        safety.start()
        if timer is not None:
            timer.start()
        elif after_lines == 0:
            kill(child.pid)
        while True:
            line = child.stdout.readline()
            if not line:
                break
            lines.append(line)
            if after_lines is not None and len(lines) == after_lines:
                kill(child.pid)  # keep reading: what was written before the kill counts
    finally:
        for each in (timer, safety):
            if each is not None:
                each.cancel()
                each.join()
        if child.poll() is None:
            kill(child.pid)
        child.wait(timeout=30)
        child.stdout.close()
    assert not hung.is_set(), f"the child was stuck for {HANG_SECONDS} s: {err_path.read_text(errors='replace')}"
    assert child.returncode == -signal.SIGKILL, (
        f"the child ended by itself (status {child.returncode}): {err_path.read_text(errors='replace')}"
    )
    # a line cut short by the kill was never acknowledged
    return [line.decode("utf-8").rstrip("\n") for line in lines if line.endswith(b"\n")]


def kill_plan(rng: random.Random) -> list[tuple[int | None, float | None]]:
    by_count = [(rng.choice((0, 1, 1, 2)), None) for _ in range(12)]
    by_count += [(rng.randint(3, 80), None) for _ in range(KILLS_BY_COUNT - 12)]
    by_timer = [(None, rng.uniform(0.0, 0.4)) for _ in range(KILLS_BY_TIMER)]
    plan = by_count + by_timer
    rng.shuffle(plan)
    return plan


@pytest.mark.slow
def test_the_journal_survives_sigkill_at_random_moments(tmp_path):
    seed = int(os.environ.get("CRASH_SEED") or random.SystemRandom().randrange(1 << 32))
    print(f"crash test seed: CRASH_SEED={seed}")
    rng = random.Random(seed)
    path = tmp_path / "journal.sqlite3"
    model: dict[int, Stored] = {}
    kills = acknowledged = resumed_with_actions = unacknowledged = 0

    for run, (after_lines, delay) in enumerate(kill_plan(rng)):
        context = f"run {run} (seed {seed}, kill after {after_lines} lines / {delay} s)"
        lines = run_child(path, rng.randrange(1 << 30), after_lines, delay, tmp_path / f"child-{run}.err")
        kills += 1
        touched = apply_lines(model, lines)
        acknowledged += sum(line.startswith(("ack ", "undo ", "redo ")) for line in lines)
        resumed_with_actions += any(line.startswith("resume ") and line.split()[2] != "0" for line in lines)
        if not path.exists():
            assert not lines, context
            continue

        assert integrity(path) == "ok", context
        # the restart: open the journal as the companion does (this also finishes a
        # schema the very first child may have been killed in the middle of creating)
        journal = Journal(path, registry())
        try:
            stored = read_journal(path)
            missing = set(model) - set(stored)
            assert not missing, f"{context}: acknowledged games {missing} are not in the journal"
            changes = {}
            for gid, game in stored.items():
                change = unacknowledged_change(gid, model.get(gid), game)
                if change is not None:
                    changes[gid] = change
            assert len(changes) <= 1, f"{context}: more than one unacknowledged change: {changes}"
            unacknowledged += len(changes)

            assert journal.integrity() == "ok"
            unfinished = [gid for gid, game in stored.items() if not game.finished]
            latest = journal.latest_unfinished()
            assert (latest.id if latest else None) == (max(unfinished) if unfinished else None), context
            to_resume = touched | set(changes) | ({max(unfinished)} if unfinished else set())
            for gid in sorted(to_resume):
                game = stored[gid]
                resumed = journal.resume(gid)
                assert resumed.warnings == [], f"{context}: {resumed.warnings}"
                assert resumed.match.actions == game.actions, context
                assert resumed.match.redo_stack == game.redo, context
                expected = replay(ESP, game.setup, game.actions)
                assert resumed.state == expected.state, f"{context}: game {gid} resumes to another state"
                assert game.finished == ESP.is_over(expected.state), f"{context}: game {gid}'s finished flag"
                if game.redo:  # the redo stack continues the game legally
                    replay(ESP, game.setup, [*game.actions, *reversed(game.redo)])
        finally:
            journal.close()
        model = stored  # what was committed but not acknowledged is known from here on

    assert kills == KILLS_BY_COUNT + KILLS_BY_TIMER
    assert acknowledged >= 100
    print(f"{kills} kills, {acknowledged} acknowledged changes, {unacknowledged} committed but unacknowledged, "
          f"{resumed_with_actions} resumes of a game in progress, {len(model)} games")
