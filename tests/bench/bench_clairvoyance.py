"""Clairvoyance's rules at speed (``python -m tests.bench clairvoyance``): random games
played by the test bot (``tests/clairvoyance_bot.py``: 2–5 players and teams, every die and
setting) per second, and the replay rate of their logs through the rules — what bounds
resuming a journaled game of any length."""

from __future__ import annotations

import random
import time

from companion.engine.match import replay
from companion.games.clairvoyance import CLAIRVOYANCE
from tests.bench import Options, Row, benchmark, one_core
from tests.clairvoyance_bot import BOT, make_setup


def _setup(index: int) -> dict:
    rng = random.Random(f"bench:{index}")
    teams = index % 5 == 4
    return make_setup(rng, index, 4 if teams else 2 + index % 4, teams=teams)


def _game(index: int) -> tuple[dict, list[dict]]:
    """One bot game: its setup and actions."""
    setup = _setup(index)
    choose = random.Random(index)
    state, actions = BOT.setup(setup), []
    while not BOT.is_over(state):
        action = BOT.chance(state) or choose.choice(BOT.legal(state))
        state = BOT.apply(state, action)
        actions.append(action)
    return setup, actions


@benchmark("clairvoyance")
def bench_clairvoyance(options: Options) -> list[Row]:
    budget = 1.0 if options.quick else 5.0
    games = actions = 0
    logs = []
    with one_core():
        start = time.perf_counter()
        while time.perf_counter() - start < budget:
            setup, played = _game(games)
            logs.append((setup, played))
            games += 1
            actions += len(played)
        elapsed = time.perf_counter() - start

        replayed = 0
        begin = time.perf_counter()
        for setup, played in logs:
            replay(CLAIRVOYANCE, setup, played)
            replayed += len(played)
        replay_seconds = time.perf_counter() - begin
    return [
        Row("random Clairvoyance playouts per second (bot, 2-5 players and teams), one core", games / elapsed,
            "games/s", None, f"{games} games, {actions / games:.0f} actions each on average, in {elapsed:.1f} s"),
        Row("  the same, as actions per second (choosing included)", actions / elapsed, "actions/s"),
        Row(f"Clairvoyance replay rate through the rules ({replayed:,} actions)", replayed / replay_seconds,
            "actions/s", (">=", 10_000), f"{replay_seconds * 1000:.0f} ms"),
    ]
