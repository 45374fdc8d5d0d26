"""ESP's computer player: always legal, never stalls, the same move from the same rng, plays
from what its seat may see, and beats players who pick at random — in the rules and through
the app with every seat the computer's."""

from __future__ import annotations

import random
import statistics

import pytest

from companion.engine.state import evolve, put
from companion.games.esp import ENTRY, ESP
from companion.games.esp.bot import esp_bot
from tests.ui_driver import advance, make_app, tap

NAMES = ("Ann", "Bo", "Cy", "Di")


def setup(players: int, seed) -> dict:
    return {"game": "esp", "players": list(NAMES[:players]), "seed": seed}


def random_player(game, state, seats, rng):
    """A legal move at random for ``seats`` (the bot's rival and its yardstick)."""
    owed = game.expected(state)
    mine = [a for a in game.legal(state) if a.get("seat") in seats]
    return rng.choice(mine) if mine and (owed.get("seat") in seats or owed["act"] == "bid") else None


def play(players: int, seed, computer: tuple[int, ...], player=esp_bot, check=False):
    """A full-information game: ``player`` for the ``computer`` seats, random moves for the rest."""
    state = ESP.setup(setup(players, seed))
    ours, theirs = random.Random(f"bot:{seed}"), random.Random(f"rival:{seed}")
    others = tuple(s for s in range(players) if s not in computer)
    while not ESP.is_over(state):
        action = ESP.chance(state)
        if action is None:
            action = player(ESP, state, computer, ours)
            if check:
                owed = ESP.expected(state)
                owes = owed.get("seat") in computer or (owed["act"] == "bid" and any(
                    state.rounds[-1].bids[s] is None for s in computer))
                assert (action is not None) == owes, f"{action} when the table owes {owed}"
                assert action is None or (action in ESP.legal(state) and action.get("seat") in computer), action
            action = action or random_player(ESP, state, others, theirs)
        state = ESP.apply(state, action)
    return state


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_bot_is_always_legal_and_never_stalls(players):
    for seed in range(8):
        play(players, seed, tuple(range(players)), check=True)  # every seat the computer's
        play(players, seed, tuple(range(1, players)), check=True)  # all but one


def test_a_computer_seat_bids_though_a_person_is_named_first():
    """Bids come in any order: the computer does not wait for the person named first."""
    state = ESP.setup(setup(3, 1))
    rng = random.Random(1)
    while not ESP.is_over(state) and ESP.expected(state)["act"] != "bid":
        state = ESP.apply(state, ESP.chance(state) or esp_bot(ESP, state, (0, 1, 2), rng))
    named = ESP.expected(state)["seat"]
    computer = tuple(s for s in range(3) if s != named)
    action = esp_bot(ESP, state, computer, rng)
    assert action["act"] == "bid" and action["seat"] in computer


def test_the_same_rng_gives_the_same_move():
    for seed in range(3):
        moves = [play(3, seed, (0, 1, 2)) for _ in range(2)]
        assert moves[0] == moves[1]


def test_the_bot_plays_from_what_its_seat_sees():
    """Deal everyone else other cards (and the seed): the bot's held-card play is the same."""
    rng = random.Random(4)
    checked = 0
    for seed in range(6):
        state = ESP.setup(setup(3, seed))
        while not ESP.is_over(state):
            owed = ESP.expected(state)
            action = ESP.chance(state) or esp_bot(ESP, state, (0, 1, 2), random.Random(seed))
            seat = owed.get("seat")
            rnd = state.rounds[-1] if state.rounds else None
            if owed["act"] == "play" and ESP.chance(state) is None and rnd.hands[seat]:
                other = ENTRY.secrets(state, rng)
                mine = evolve(other.rounds[-1], hands=put(other.rounds[-1].hands, seat, rnd.hands[seat]),
                              facedown=put(other.rounds[-1].facedown, seat, rnd.facedown[seat]))
                other = evolve(other, rounds=(*other.rounds[:-1], mine))
                assert esp_bot(ESP, other, (0, 1, 2), random.Random(seed)) == action
                checked += 1
            state = ESP.apply(state, action)
    assert checked > 100


@pytest.mark.slow
def test_the_bot_beats_players_who_choose_at_random():
    """The same deals played twice, the bot's seat once by the bot and once at random: the
    bot scores more, and takes more than its share of the tricks played from the hand (the
    only ones where a choice counts: face-down cards and predictions are blind).  ESP is
    mostly luck — the bot gains about 0.7 of a point a game, 0.24 being chance's error over
    these 450 games — so the test plays enough to see it."""
    gains, shares = [], []
    for players in (2, 3, 4):
        won = played = 0
        for seed in range(150):
            seat = seed % players
            bot, rival = (play(players, seed, (seat,), player) for player in (esp_bot, random_player))
            gains.append(bot.totals()[seat] - rival.totals()[seat])
            for rnd in bot.rounds:
                held = rnd.tricks[:4 - rnd.index]  # 4, 3, 2, 1 tricks from the hand
                won += sum(t.winner == seat for t in held)
                played += len(held)
        shares.append(won * players / played)
    assert statistics.mean(gains) > 0.3, statistics.mean(gains)
    assert min(shares) > 1.08, shares


def test_every_seat_the_computers_plays_a_whole_game_through_the_app(tmp_path):
    app = make_app(tmp_path)
    try:
        tap(app, ("game", "esp"))
        tap(app, ("option", "full_information"))
        for seat in range(3):
            tap(app, ("who", seat))
        tap(app, "start")
        for _ in range(400):
            if ESP.is_over(app.match.state):
                break
            advance(app, 0.8, step=0.4)
        assert ESP.is_over(app.match.state) and len(app.match.match.actions) == 4 * (1 + 3 + 3 + 15 + 3)
    finally:
        app.close()
