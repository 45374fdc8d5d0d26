"""``make bench``: the figures the README reports, printed as a small table.

Each benchmark is a function registered with :func:`benchmark`; it takes the
:class:`Options` and returns :class:`Row` objects (a figure, its unit and, where the
issue sets one, its target).  A later issue adds a figure by writing one more
function in a module ``tests/bench/bench_<topic>.py``: :func:`main` imports every
such module, so nothing else changes.

    python -m tests.bench                 every benchmark
    python -m tests.bench resume games    only those whose name contains a word given
    python -m tests.bench --quick         short runs (a smoke test, figures less precise)
    python -m tests.bench --dir /var/lib/planchette   where the journal benchmarks write

Nothing is written to the source tree: the journals live in a temporary folder.
"""

from __future__ import annotations

import argparse
import math
import os
import platform
import random
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterator, Sequence

from companion.engine.journal import Journal
from companion.engine.match import replay
from companion.games import registry
from companion.games.esp import ESP


@dataclass(frozen=True)
class Options:
    quick: bool = False
    dir: str | None = None  # where journals are written (its disk is what fsync measures)


@dataclass(frozen=True)
class Row:
    """One figure.  ``target`` is ``(">=", 300)`` or ``("<", 10)``, or None."""

    figure: str
    value: float
    unit: str
    target: tuple[str, float] | None = None
    note: str = ""

    def met(self) -> bool | None:
        if self.target is None:
            return None
        op, bound = self.target
        return {">=": self.value >= bound, ">": self.value > bound, "<=": self.value <= bound,
                "<": self.value < bound}[op]


Benchmark = Callable[[Options], list[Row]]
BENCHMARKS: list[tuple[str, Benchmark]] = []


def benchmark(name: str) -> Callable[[Benchmark], Benchmark]:
    """Register a benchmark under ``name`` (the words ``python -m tests.bench`` selects by)."""

    def register(function: Benchmark) -> Benchmark:
        BENCHMARKS.append((name, function))
        return function

    return register


# -- helpers ----------------------------------------------------------------------------
PLAYERS = ["Ann", "Bo", "Cy"]


def setup_for(seed: int) -> dict:
    return {"game": "esp", "players": PLAYERS, "seed": seed}


def random_actions(state, rng: random.Random) -> Iterator[tuple[dict, object]]:
    """Full information: the chance action, else a random legal one; (action, new state)
    until the game is over.  No invariant checks: this is the rules' own speed."""
    while not ESP.is_over(state):
        action = ESP.chance(state)
        if action is None:
            action = rng.choice(ESP.legal(state))
        state = ESP.apply(state, action)
        yield action, state


def random_game(seed: int) -> list[dict]:
    return [action for action, _ in random_actions(ESP.setup(setup_for(seed)), random.Random(seed))]


class one_core:
    """Pin this process to a single CPU for the duration (where the OS allows it)."""

    def __enter__(self) -> "one_core":
        self.before = None
        if hasattr(os, "sched_getaffinity"):
            self.before = os.sched_getaffinity(0)
            os.sched_setaffinity(0, {min(self.before)})
        return self

    def __exit__(self, *exc) -> None:
        if self.before is not None:
            os.sched_setaffinity(0, self.before)


def percentile(sorted_values: Sequence[float], fraction: float) -> float:
    """Nearest-rank percentile of already sorted values."""
    index = max(0, min(len(sorted_values) - 1, math.ceil(fraction * len(sorted_values)) - 1))
    return sorted_values[index]


def filesystem_of(path: Path) -> str:
    """The mount type holding ``path`` (``ext4``, ``tmpfs``…), from /proc/mounts."""
    try:
        mounts = [line.split()[1:3] for line in Path("/proc/mounts").read_text().splitlines()]
    except OSError:
        return "unknown"
    path = path.resolve()
    best = ("", "unknown")
    for point, kind in mounts:
        point = point.replace("\\040", " ")
        if (path == Path(point) or Path(point) in path.parents) and len(point) > len(best[0]):
            best = (point, kind)
    return best[1]


def scratch(options: Options) -> tempfile.TemporaryDirectory:
    return tempfile.TemporaryDirectory(prefix="planchette-bench-", dir=options.dir)


# -- the figures of the journal issue ---------------------------------------------------
@benchmark("games")
def bench_games(options: Options) -> list[Row]:
    """Random 3-player ESP games per second on one core."""
    budget = 1.0 if options.quick else 5.0
    games = actions = 0
    with one_core():
        start = time.perf_counter()
        while time.perf_counter() - start < budget:
            state = ESP.setup(setup_for(games))
            rng = random.Random(games)
            for _ in random_actions(state, rng):
                actions += 1
            games += 1
        elapsed = time.perf_counter() - start
    return [
        Row("random 3-player ESP games per second, one core", games / elapsed, "games/s", (">=", 300),
            f"{games} games in {elapsed:.1f} s"),
        Row("  the same, as actions per second", actions / elapsed, "actions/s"),
    ]


@benchmark("append")
def bench_append(options: Options) -> list[Row]:
    """Journal append latency, fsync included: each ``JournaledMatch.play`` call."""
    count = 200 if options.quick else 1000
    latencies: list[float] = []
    with scratch(options) as folder:
        where = filesystem_of(Path(folder))
        journal = Journal(Path(folder) / "journal.sqlite3", registry())
        try:
            seed = 0
            while len(latencies) < count:
                stored = journal.new_game(setup_for(seed))
                for action in random_game(seed):
                    begin = time.perf_counter()
                    refusal = stored.play(action)
                    latencies.append(time.perf_counter() - begin)
                    assert refusal is None, refusal
                    if len(latencies) == count:
                        break
                seed += 1
        finally:
            journal.close()
    latencies.sort()
    ms = [t * 1000 for t in latencies]
    note = f"{count} appends on {where}" + (" (tmpfs: no real fsync, use --dir)" if where == "tmpfs" else "")
    return [
        Row("journal append with fsync, p50", percentile(ms, 0.50), "ms", None, note),
        Row("journal append with fsync, p99", percentile(ms, 0.99), "ms", ("<", 10)),
        Row("journal append with fsync, max", ms[-1], "ms"),
    ]


@benchmark("resume")
def bench_resume(options: Options) -> list[Row]:
    """Time to resume from a journal of 10,000 actions, and the raw replay rate."""
    finished_games = 100  # a 3-player ESP game is exactly 100 actions
    unfinished_actions = 99
    logs = [(setup_for(seed), random_game(seed)) for seed in range(finished_games)]
    last_setup = setup_for(finished_games)
    last = random_game(finished_games)[:unfinished_actions]
    total = sum(len(actions) for _, actions in logs) + len(last)

    # the raw replay rate through the rules (Match.play: check + accept, per action)
    replayed = 0
    begin = time.perf_counter()
    for setup, actions in logs:
        replay(ESP, setup, actions)
        replayed += len(actions)
    replay_seconds = time.perf_counter() - begin

    repeats = 3 if options.quick else 7
    with scratch(options) as folder:
        path = Path(folder) / "journal.sqlite3"
        journal = Journal(path, registry())
        journal.db.execute("PRAGMA synchronous=OFF")  # building the journal only; not timed
        for setup, actions in [*logs, (last_setup, last)]:
            stored = journal.new_game(setup)
            for action in actions:
                assert stored.play(action) is None
        journal.close()

        timings = []
        for _ in range(repeats):
            begin = time.perf_counter()
            journal = Journal(path, registry())
            record = journal.latest_unfinished()
            resumed = journal.resume(record.id)
            timings.append(time.perf_counter() - begin)
            assert resumed.match.actions == last and not resumed.warnings
            journal.close()
    return [
        Row(f"resume a {total:,}-action journal (open + latest_unfinished + resume)",
            statistics.median(timings) * 1000, "ms", ("<", 1000),
            f"median of {repeats}; {finished_games} finished games + one of {unfinished_actions} actions"),
        Row(f"replay rate through the rules ({replayed:,} actions)", replayed / replay_seconds, "actions/s",
            (">=", 10_000), f"{replay_seconds * 1000:.0f} ms: bounds resuming a game of any length"),
    ]


# -- running and printing ---------------------------------------------------------------
def _number(value: float) -> str:
    if value >= 100:
        return f"{value:,.0f}"
    if value >= 10:
        return f"{value:.1f}"
    return f"{value:.2f}"


def format_rows(rows: Sequence[Row]) -> str:
    table = [("figure", "value", "unit", "target", "", "note")]
    for row in rows:
        target = f"{row.target[0]} {_number(row.target[1])}" if row.target else ""
        met = {True: "ok", False: "MISSED", None: ""}[row.met()]
        table.append((row.figure, _number(row.value), row.unit, target, met, row.note))
    widths = [max(len(line[i]) for line in table) for i in range(len(table[0]))]
    lines = []
    for number, line in enumerate(table):
        cells = [line[0].ljust(widths[0]), line[1].rjust(widths[1]), line[2].ljust(widths[2]),
                 line[3].ljust(widths[3]), line[4].ljust(widths[4]), line[5]]
        lines.append("  ".join(cells).rstrip())
        if number == 0:
            lines.append("  ".join("-" * w for w in widths[:5]) + "  " + "-" * max(4, widths[5]))
    return "\n".join(lines)


def machine() -> str:
    cpus = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    model = platform.machine()
    try:
        text = Path("/proc/device-tree/model").read_bytes().decode(errors="replace").strip("\0\n ")
        model = text or model
    except OSError:
        pass
    return f"Python {platform.python_version()} on {platform.system()} {model}, {cpus} CPU(s)"


def _import_topic_modules() -> None:
    """Every ``tests/bench/bench_*.py`` registers its benchmarks when imported."""
    import importlib
    import pkgutil

    for module in pkgutil.iter_modules(__path__):  # type: ignore[name-defined]
        if module.name.startswith("bench_"):
            importlib.import_module(f"{__name__}.{module.name}")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.bench", description="Planchette's benchmark figures.")
    parser.add_argument("names", nargs="*", help="run only the benchmarks whose name contains one of these")
    parser.add_argument("--quick", action="store_true", help="short runs (a smoke test)")
    parser.add_argument("--dir", help="where the journal benchmarks write (default: the temporary folder)")
    args = parser.parse_args(argv)
    _import_topic_modules()
    options = Options(quick=args.quick, dir=args.dir)
    chosen = [(n, f) for n, f in BENCHMARKS if not args.names or any(word in n for word in args.names)]
    if not chosen:
        parser.error(f"no benchmark matches {' '.join(args.names)} (there are: {', '.join(n for n, _ in BENCHMARKS)})")
    print(f"Planchette benchmarks: {machine()}", flush=True)
    rows: list[Row] = []
    for name, function in chosen:
        print(f"  running {name}…", file=sys.stderr, flush=True)
        rows += function(options)
    print(format_rows(rows))
    return 0
