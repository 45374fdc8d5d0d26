"""``companion shots OUTDIR``: every screen of every game in example states, as PNG
files, headless — for the README's pictures and for review.  The same examples
are what the tests render at three sizes to check that no text runs off."""

from __future__ import annotations

import os
import random
from pathlib import Path
from typing import Callable, Iterator

SIZES = ((800, 480), (1024, 600), (1920, 1080))


def esp_game(players=("Ann", "Bo", "Cy"), seed: int = 7) -> tuple[dict, list[dict]]:
    """A whole full-information ESP game, dealt and played at random from ``seed``."""
    from companion.games.esp import ESP

    setup = {"game": "esp", "players": list(players), "seed": seed}
    state = ESP.setup(setup)
    rng = random.Random(seed)
    actions = []
    while not ESP.is_over(state):
        action = ESP.chance(state) or rng.choice(ESP.legal(state))
        state = ESP.apply(state, action)
        actions.append(action)
    return setup, actions


def table_mode(setup: dict, actions: list[dict]) -> tuple[dict, list[dict]]:
    """The same game as a real table enters it: nobody's cards known."""
    return {k: v for k, v in setup.items() if k != "seed"}, [a for a in actions if a["act"] != "deal"]


def _stored(app, setup, actions, meta=None):
    """The example game, journaled as if it had been played on this box."""
    from companion.engine.match import replay
    from companion.games import registry

    return app.journal.import_match(replay(registry()[setup["game"]], setup, actions), meta or {"computer": []})


def _load(app, setup, actions, meta=None):
    app.open_match(_stored(app, setup, actions, meta))


def examples() -> Iterator[tuple[str, Callable]]:
    """(name, prepare(app)) for every screen worth a picture."""
    from companion.ui import shell
    from companion.ui.games.esp import EspUi
    from companion.ui.summary import SummaryScreen

    setup, actions = esp_game()
    table_setup, table_actions = table_mode(setup, actions)
    first_play = next(i for i, a in enumerate(table_actions) if a["act"] == "play")
    first_bid = next(i for i, a in enumerate(table_actions) if a["act"] == "bid")
    full_first_play = next(i for i, a in enumerate(actions) if a["act"] == "play")

    yield "home", lambda app: app.show(shell.HomeScreen(app))
    yield "setup", lambda app: app.show(shell.SetupScreen(app, "esp"))
    yield "keyboard", lambda app: app.show(shell.KeyboardScreen(app, shell.HomeScreen(app), "Name of player 2",
                                                                "Bo", lambda text: None))
    yield "settings", lambda app: app.show(shell.SettingsScreen(app, shell.HomeScreen(app)))
    yield "warnings", lambda app: app.show(shell.WarningsScreen(app, shell.HomeScreen(app)))

    def calibrating(app):
        from companion.ui.calibration import CalibrationScreen

        screen = CalibrationScreen(app, shell.SettingsScreen(app, shell.HomeScreen(app)))
        app.show(screen)
        screen.start()

    yield "calibration", calibrating

    def resume(app):
        _stored(app, table_setup, table_actions[:20])
        app.show(shell.ResumeScreen(app, app.journal.latest_unfinished()))

    yield "resume", resume
    yield "esp-predict", lambda app: _load(app, table_setup, table_actions[:1])
    yield "esp-trick", lambda app: _load(app, table_setup, table_actions[: first_play + 2])
    yield "esp-trick-won", lambda app: _load(app, table_setup, table_actions[: first_play + 3])
    yield "esp-bid", lambda app: _load(app, table_setup, table_actions[: first_bid + 1])
    yield "esp-hand", lambda app: _load(app, setup, actions[: full_first_play + 1], {"computer": [2]})

    def refused(app):
        _load(app, table_setup, table_actions[: first_play + 1])
        app.play({"act": "play", "seat": 1, "card": table_actions[first_play]["card"]})

    yield "esp-refusal", refused

    def menu(app):
        _load(app, table_setup, table_actions[:5])
        app.show(shell.MenuScreen(app, app.screen))

    yield "menu", menu
    yield "esp-over", lambda app: _load(app, table_setup, table_actions)

    def summary(app):
        _load(app, table_setup, table_actions)
        app.show(SummaryScreen(app, EspUi()))

    yield "summary", summary
    yield from mysterium_examples()
    yield from seance_examples()


def mysterium_examples() -> Iterator[tuple[str, Callable]]:
    """The Mysterium screen at each moment of the example game in docs/examples."""
    import json

    from companion.ui.games.mysterium import MysteriumUi
    from companion.ui.summary import SummaryScreen

    log = Path(__file__).resolve().parents[2] / "docs" / "examples" / "mysterium-easy-win.jsonl"
    if not log.exists():
        return
    lines = [json.loads(text) for text in log.read_text().splitlines() if text.strip()]
    setup, actions = lines[0], lines[1:]
    acts = [a["act"] for a in actions]
    moments = {"mysterium-visions": 1, "mysterium-sand": acts.index("guess") + 2,
               "mysterium-answers": acts.index("answer") + 1, "mysterium-final": acts.index("vote"),
               "mysterium-over": len(actions)}
    for name, upto in moments.items():
        yield name, lambda app, upto=upto: _load(app, setup, actions[:upto])

    def summary(app):
        _load(app, setup, actions)
        app.show(SummaryScreen(app, MysteriumUi()))

    yield "mysterium-summary", summary


def seance_examples() -> Iterator[tuple[str, Callable]]:
    """The Séance Party screen at each step of the example games in docs/examples."""
    import json

    from companion.ui.games.seance_party import SeancePartyUi
    from companion.ui.summary import SummaryScreen

    folder = Path(__file__).resolve().parents[2] / "docs" / "examples"

    def read(name):
        lines = [json.loads(text) for text in (folder / name).read_text().splitlines() if text.strip()]
        return lines[0], lines[1:]

    if not (folder / "seance-party-charges.jsonl").exists():
        return
    setup, actions = read("seance-party-charges.jsonl")
    acts = [a["act"] for a in actions]
    moments = {"seance-curse": 0, "seance-reveal": acts.index("reveal") + 1, "seance-boost": acts.index("boost"),
               "seance-turn": acts.index("play") + 1, "seance-attach": acts.index("attach")}
    for name, upto in moments.items():
        yield name, lambda app, upto=upto: _load(app, setup, actions[:upto])

    def playing(app):
        _load(app, setup, actions[: acts.index("play")])
        app.screen.on_button(("playing",))
        app.screen.on_button(("card", actions[acts.index("play")]["card"]))

    yield "seance-play", playing
    party_setup, party = read("seance-party-party-battle.jsonl")
    pacts = [a["act"] for a in party]
    yield "seance-battle", lambda app: _load(app, party_setup, party[: pacts.index("attack") + 1])
    yield "seance-after-battle", lambda app: _load(app, party_setup, party)
    yield "seance-over", lambda app: _load(app, setup, actions)

    def summary(app):
        _load(app, setup, actions)
        app.show(SummaryScreen(app, SeancePartyUi()))

    yield "seance-summary", summary


def rendered(sizes=SIZES, side_panel: bool = False) -> Iterator[tuple[str, tuple[int, int], object]]:
    """Each example drawn at each size: (name, size, the app showing it), one at a time."""
    import tempfile

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from companion.ui.app import App
    from firmware_py.box import Box, Fitted
    from firmware_py.clock import ManualClock

    with tempfile.TemporaryDirectory() as scratch:
        for width, height in sizes:
            for name, prepare in examples():
                clock = ManualClock(100.0)
                box = Box.open(simulate=True, clock=clock, direct_sim=True, fitted=Fitted(buttons=False))
                journal = Path(scratch) / f"{name}-{width}.sqlite3"
                app = App((width, height), clock=clock, box=box, journal_path=journal, side_panel=side_panel,
                          settings_path=Path(scratch) / "settings.json")
                try:
                    prepare(app)
                    app.dirty = True
                    app.step()
                    yield name, (width, height), app
                finally:
                    app.close()


def render_all(outdir: Path, sizes=SIZES, side_panel: bool = False) -> list[Path]:
    """Render every example at every size into ``outdir``; the files written."""
    import pygame

    outdir.mkdir(parents=True, exist_ok=True)
    written = []
    for name, (width, height), app in rendered(sizes, side_panel):
        target = outdir / f"{name}-{width}x{height}.png"
        pygame.image.save(app.surface, str(target))
        written.append(target)
    return written


def main(outdir: str) -> int:
    files = render_all(Path(outdir))
    print(f"{len(files)} pictures in {outdir}")
    return 0
