"""An evening at the table, compressed: the app plays game after game of every game with
computer players (every seat the computer's; where only people can move, a random legal
entry), on a manual clock advanced a frame (1/30 s) at a time, with the hourglass, the
animations, a knock every 20 s and every action journaled — three hours of play (a quarter
of an hour with ``--quick``) in a few minutes.  It reports how the process's memory grows per
hour of play after the first ten minutes, and the longest full garbage collection: an
evening must not grow (target under 5 MB an hour) nor stall (no full collection over 20 ms).
"""

from __future__ import annotations

import gc
import json
import os
import random
import tempfile
import time
from pathlib import Path

from tests.bench import Options, Row, benchmark
from tests.test_computer_players_screen import CARD_BOOK

FRAME = 1 / 30
WARM_UP = 600.0        # seconds of play before memory is counted (fonts, caches, the first games)
SAMPLE_EVERY = 300.0   # seconds of play between memory readings
KNOCK_EVERY = 20.0


def rss_bytes() -> int:
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


def slope(points: list[tuple[float, float]]) -> float:
    """The least-squares slope of (x, y) points."""
    n = len(points)
    mx = sum(x for x, _ in points) / n
    my = sum(y for _, y in points) / n
    spread = sum((x - mx) ** 2 for x, _ in points)
    return sum((x - mx) * (y - my) for x, y in points) / spread if spread else 0.0


def new_game(app, name: str, rng: random.Random) -> None:
    from companion.games import entries

    entry = entries()[name]
    options = {option.key: option.default for option in entry.options}
    if entry.computer_needs:
        options[entry.computer_needs] = True
    count = entry.default_count
    names = ["Ann", "Bo", "Cy", "Di", "Ed"][:count]
    setup = entry.make_setup(names, options, rng.randrange(1, 10**6))
    reason = app.new_game(setup, {"computer": list(range(len(app_players(entry, setup)))), "options": options})
    if reason:
        raise RuntimeError(f"{name}: {reason}")


def app_players(entry, setup) -> list:
    return entry.rules.players(entry.rules.setup(setup))


@benchmark("soak")
def bench_soak(options: Options) -> list[Row]:
    from companion.games import entries
    from companion.ui.app import App
    from firmware_py.box import Box
    from firmware_py.clock import ManualClock

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    hours = 0.25 if options.quick else 3.0
    games = sorted(name for name, entry in entries().items() if entry.bot is not None)
    rng = random.Random(7)
    pauses: list[float] = []
    began = [0.0]

    def timed(phase: str, info: dict) -> None:
        if phase == "start":
            began[0] = time.perf_counter()
        elif info.get("generation") == 2:
            pauses.append(time.perf_counter() - began[0])

    with tempfile.TemporaryDirectory() as folder:
        (Path(folder) / "cards.json").write_text(json.dumps(CARD_BOOK))  # a group that entered its cards
        clock = ManualClock(1000.0)
        box = Box.open(simulate=True, clock=clock, direct_sim=True)
        app = App((800, 480), clock=clock, box=box, journal_path=Path(folder) / "journal.sqlite3",
                  settings_path=Path(folder) / "settings.json")
        app.step()
        gc.collect()
        gc.freeze()  # as App.run does after its first frame
        gc.callbacks.append(timed)
        played = 0
        readings: list[tuple[float, float]] = []
        next_knock, next_reading, quiet = KNOCK_EVERY, WARM_UP, 0
        started = time.perf_counter()
        try:
            elapsed = 0.0
            while elapsed < hours * 3600:
                if app.match is None or app.match.game.is_over(app.match.state):
                    new_game(app, games[played % len(games)], rng)
                    played += 1
                    quiet = 0
                before = len(app.match.match.actions)
                clock.advance(FRAME)
                elapsed += FRAME
                app.step()
                quiet = 0 if len(app.match.match.actions) != before else quiet + 1
                if quiet > 30:  # a second and the computer has nothing: the people's entry
                    legal = app.screen.all_legal()
                    if legal:
                        app.play(rng.choice(legal))
                    quiet = 0
                if elapsed >= next_knock:
                    box.knock_now()
                    next_knock += KNOCK_EVERY
                if elapsed >= next_reading:
                    readings.append((elapsed / 3600, rss_bytes() / 2**20))
                    next_reading += SAMPLE_EVERY
        finally:
            gc.callbacks.remove(timed)
            gc.unfreeze()
            app.close()
        took = time.perf_counter() - started
    growth = slope(readings) if len(readings) > 1 else 0.0
    note = f"{hours:g} h of play in {took:.0f} s: {played} games, memory read {len(readings)} times after 10 min"
    return [Row("soak: memory growth per hour of play (games, hourglass, knocks, journal)", growth, "MB/hour",
                ("<", 5.0), note),
            Row("soak: longest full garbage collection", max(pauses, default=0.0) * 1000, "ms", ("<=", 20.0),
                f"{len(pauses)} full collections")]
