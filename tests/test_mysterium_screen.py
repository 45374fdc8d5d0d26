"""The Mysterium screen driven as at the table: the example game entered by taps, the
hourglass flipping itself and locking the guesses, and the ghost's knocks — synthetic
knocks into the simulated ADS1115 — resolving guesses."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.engine.match import Match
from companion.games import registry
from companion.games.mysterium import bot
from companion.ui import shell
from companion.ui.games.mysterium import MysteriumScreen
from companion.ui.summary import SummaryScreen
from firmware_py.box import Box
from firmware_py.clock import ManualClock
from tests.ui_driver import advance, make_app, tap

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "docs" / "examples" / "mysterium-easy-win.jsonl"


def example():
    lines = [json.loads(t) for t in EXAMPLE.read_text().splitlines() if t.strip()]
    return lines[0], [{k: v for k, v in a.items() if k != "t"} for a in lines[1:]]


def start(app, setup):
    """Set up the table from the example's names (ghost first) through the screens."""
    tap(app, ("game", "mysterium"))
    names = [setup["ghost"], *setup["psychics"]]
    while app.screen.count > len(names):
        tap(app, "fewer")
    while app.screen.count < len(names):
        tap(app, "more")
    app.screen.names[: len(names)] = names
    tap(app, "start")
    assert isinstance(app.screen, MysteriumScreen)


def enter(app, action):
    act = action["act"]
    if act == "vision":
        tap(app, ("vision_for", action["psychic"]))
        tap(app, ("vision", action["cards"]))
    elif act == "crow":
        tap(app, ("crow",))
    elif act == "guess":
        tap(app, ("select", action["psychic"]))
        tap(app, ("guess", action["card"]))
    elif act in ("predict", "unpredict"):
        tap(app, ("select", action["psychic"]))
        tap(app, ("do", action))
    elif act == "vote":  # the hand-over: only the voter looks, votes, and the screen hides again
        tap(app, ("look", action["psychic"]))
        tap(app, ("do", action))
    elif act == "answer":
        tap(app, ("answer", action["correct"]))
    else:
        tap(app, ("do", action))


@pytest.fixture
def app(tmp_path):
    app = make_app(tmp_path)
    yield app
    app.close()


def open_example(app, setup):
    """The example's own set-up (its face-up cards), as if chosen on this box."""
    app.open_match(app.journal.import_match(Match.start(registry()["mysterium"], setup), {}))


def test_the_example_game_entered_by_taps_is_won(app):
    setup, actions = example()
    start(app, setup)  # the set-up screens work; then the example's own face-up cards
    open_example(app, setup)
    for action in actions:
        enter(app, action)
    assert app.match.state.result == "won"
    tap(app, ("results",))
    assert isinstance(app.screen, SummaryScreen)


def one_vision_each(app, psychics: int = 3) -> None:
    """The ghost gives each psychic a one-card vision: the sand starts."""
    for p in range(psychics):
        tap(app, ("vision_for", p))
        tap(app, ("vision", 1))


def test_the_hourglass_flips_itself_and_locks_the_guesses(app):
    setup, actions = example()
    start(app, setup)
    one_vision_each(app)
    assert app.match.state.phase == "sand"
    assert app.box.hourglass.running
    first = app.match.state.table.faceup[0][0]
    tap(app, ("select", 0))
    tap(app, ("guess", first))
    advance(app, 121.0, step=1.0)
    assert app.match.match.actions[-1] == {"act": "expire"}
    assert app.match.state.phase == "answers"  # Ann's pawn awaits the ghost; the others count as wrong
    assert app.box.buzzer.log[-1][1] == "end"


def test_while_the_sand_runs_only_the_hourglass_is_drawn_when_its_seconds_change(app):
    setup, _ = example()
    open_example(app, setup)
    one_vision_each(app)
    assert app.box.hourglass.running
    drawn, glass = [], []
    body, draw_glass = app.screen.draw_body, app.screen.draw_glass
    app.screen.draw_body = lambda *args: (drawn.append(app.clock.now()), body(*args))
    app.screen.draw_glass = lambda *args: (glass.append(app.clock.now()), draw_glass(*args))
    advance(app, 5.0, step=1 / 30)  # 150 frames
    assert len(drawn) <= 2  # the board is not drawn again for the sand (at most a tap's frame)
    assert 4 <= len(glass) - len(drawn) <= 6  # the hourglass alone, once a second, not 30 times


def test_the_ghosts_knocks_through_the_simulated_adc_answer_the_guesses(tmp_path):
    setup, actions = example()
    clock = ManualClock(1000.0)
    box = Box.open(simulate=True, clock=clock, listen=False)  # the fake ADS1115 and its reader
    from companion.ui.app import App

    app = App((800, 480), clock=clock, box=box, journal_path=tmp_path / "j.sqlite3", side_panel=False,
              settings_path=tmp_path / "s.json")

    def listen(seconds):
        end = clock.now() + seconds
        while clock.now() < end:
            box.knock.pump()  # samples from the simulated chip; the manual clock moves with them
            app.step()

    try:
        open_example(app, setup)
        upto = actions.index({"act": "expire"}) + 1
        for action in actions[:upto]:
            enter(app, action)
        assert app.match.state.phase == "answers"
        listen(1.0)
        box.knock_now(0.9)  # one knock: Ann's guess is right
        listen(1.2)
        box.knock_now(0.9)  # two knocks: Bo's is wrong
        listen(0.25)
        box.knock_now(0.9)
        listen(1.0)
        answers = [a for a in app.match.match.actions if a["act"] == "answer"]
        assert answers == [{"act": "answer", "psychic": 0, "correct": True},
                           {"act": "answer", "psychic": 1, "correct": False}]
    finally:
        app.close()


def test_each_secret_vote_is_handed_over_shown_to_the_voter_alone_and_hidden_again(app):
    """The shared screen asks for the hand-over ("Pass it to Cy"), shows no case to vote for
    until Cy says only Cy is looking, and hides the cases again once Cy has voted."""
    from tests.ui_driver import buttons

    setup, actions = example()
    open_example(app, setup)
    first = next(k for k, a in enumerate(actions) if a["act"] == "vote")
    for action in actions[:first]:
        enter(app, action)
    vote = actions[first]
    voter = app.screen.name(vote["psychic"])

    def votes_shown():
        return [b for b in buttons(app) if isinstance(b.action, tuple) and b.action[0] == "do"
                and b.action[1]["act"] == "vote"]

    assert not votes_shown()
    tap(app, f"{voter} is looking")
    assert votes_shown() and all(b.action[1]["psychic"] == vote["psychic"] for b in votes_shown())
    tap(app, ("hide",))  # a change of mind: hidden again, nothing played
    assert not votes_shown() and app.match.match.actions[-1] != vote
    tap(app, ("look", vote["psychic"]))
    tap(app, ("do", vote))
    assert app.match.match.actions[-1] == vote
    assert not votes_shown() and app.screen.looking is None


def test_two_people_set_up_the_small_variation(app):
    tap(app, ("game", "mysterium"))
    while app.screen.count > 2:
        tap(app, "fewer")
    tap(app, "start")
    assert isinstance(app.screen, MysteriumScreen)
    table = app.match.state.table
    assert table.small and len(table.psychics) == 2 and table.cases == 4


def test_with_the_wait_option_the_end_of_the_sand_is_refused_once(app):
    """House option "wait": expiry is refused while a pawn is unplaced — one banner, not a
    refusal every frame — and "Time's up" works once every pawn is down."""
    setup, _ = example()
    app.open_match(app.journal.import_match(Match.start(registry()["mysterium"], {**setup, "unplaced": "wait"}), {}))
    one_vision_each(app)
    refusals = []
    original = app.refuse
    app.refuse = lambda reason: (refusals.append(reason), original(reason))
    advance(app, 125.0, step=1.0)
    assert len(refusals) == 1 and app.match.state.phase == "sand"
    for p, card in enumerate((2, 5, 9)):
        tap(app, ("select", p))
        tap(app, ("guess", card))
    tap(app, ("do", {"act": "expire"}))
    assert app.match.state.phase == "answers"


def seat_the_table(app, monkeypatch, people, computer, colours=()):
    """Set up ``people`` at the table (the ghost first) through the set-up screen, the
    ``computer`` seats the computer's, each seat in ``colours`` a colour further on, seed 11."""
    monkeypatch.setattr(shell.random, "randrange", lambda *bounds: 11)
    tap(app, ("game", "mysterium"))
    while app.screen.count > people:
        tap(app, "fewer")
    while app.screen.count < people:
        tap(app, "more")
    for seat in computer:
        tap(app, ("who", seat))
    for seat in colours:
        tap(app, ("colour", seat))
    tap(app, "start")
    assert isinstance(app.screen, MysteriumScreen)
    assert app.match.meta["computer"] == sorted(computer)


def play_to_the_end(app, person=lambda view: False, limit=4000):
    """Let time pass (the computer thinks, the hourglass runs on the app's clock) and let
    ``person(view)`` tap whenever a person owes something; True once the game is over."""
    for _ in range(limit):
        if app.match.state.result is not None:
            return True
        if not person(app.screen.view):
            advance(app, 1.0, step=0.25)
    return False


def test_a_whole_game_with_every_seat_the_computers_finishes(app, monkeypatch):
    seat_the_table(app, monkeypatch, 5, computer=range(5))
    assert play_to_the_end(app)
    assert app.match.game.is_over(app.match.state)
    tap(app, ("results",))
    assert isinstance(app.screen, SummaryScreen)


def test_one_psychic_plays_a_whole_game_with_the_computer_as_the_ghost_and_the_others(app, monkeypatch):
    """Ann (seat 1, psychic 0) places her pawn where the computer ghost's vision points and
    votes for the case its shared visions show; the sand runs out on the app's clock."""
    seat_the_table(app, monkeypatch, 5, computer=[0, 2, 3, 4])

    def ann(view):
        waiting = view["waiting"] or {"act": None, "psychics": []}
        if waiting["act"] == "guess" and 0 in waiting["psychics"]:
            tap(app, ("select", 0))
            tap(app, ("guess", (bot.pointed(view, 0) or bot.candidates(view, 0))[0]))
            return True
        if waiting["act"] == "vote" and 0 in waiting["psychics"]:
            tap(app, ("look", 0))
            tap(app, ("do", {"act": "vote", "psychic": 0, "case": bot.best_cases(view)[0]}))
            return True
        if view["phase"] == "sand":  # Ann's pawn is down: the others place theirs, then the sand runs out
            advance(app, 125.0, step=1.0)
            return True
        return False

    assert play_to_the_end(app, ann)
    expiries = [a for a in app.match.match.actions if a["act"] == "expire"]
    assert expiries and any(sound == "end" for _, sound in app.box.buzzer.log)  # the sand ran out on its own
    assert any(a["act"] == "vote" and a["psychic"] == 0 for a in app.match.match.actions) or \
        app.match.state.final is None


def test_the_ghost_plays_a_whole_game_with_computer_psychics(app, monkeypatch):
    seat_the_table(app, monkeypatch, 4, computer=[1, 2, 3])

    def ghost(view):
        owed = view["next"]
        if owed["act"] == "vision":
            tap(app, ("vision_for", owed["psychic"]))
            tap(app, ("vision", 2))
        elif owed["act"] == "answer":
            correct = app.screen.legal("answer", psychic=owed["psychic"])[0]["correct"]
            tap(app, ("answer", correct))
        elif owed["act"] in ("commit", "reveal"):
            tap(app, ("do", owed))
        elif owed["act"] == "culprit":
            tap(app, ("do", {"act": "culprit", "case": 1}))
        else:
            return False
        return True

    assert play_to_the_end(app, ghost)


def test_every_psychic_wears_its_seats_colour_on_the_table_and_in_the_results(app, monkeypatch):
    seat_the_table(app, monkeypatch, 4, computer=[], colours=[2, 2])
    meta = app.match.meta
    for p in range(3):
        assert app.screen.psychic_colour(p) == tuple(meta["colours"][p + 1])
        assert SummaryScreen(app).colour(p) == app.screen.psychic_colour(p)
    assert app.screen.colour(0) == tuple(meta["colours"][0])  # the ghost's
