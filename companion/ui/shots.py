"""``companion shots OUTDIR``: every screen of every game in example states, as PNG
files, headless — for the README's pictures and for review.  The same examples
are what the tests render at three sizes to check that no text runs off."""

from __future__ import annotations

import os
import random
import sys
import tempfile
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
    yield from clairvoyance_examples()


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

    def taps(upto, *buttons):
        """The example game up to ``upto`` actions, then the screen's buttons tapped."""
        def prepare(app):
            _load(app, setup, actions[:upto])
            for button in buttons:
                app.screen.on_button(button)
        return prepare

    second_curse = acts.index("curse", 2)
    spirit = next(i for i, a in enumerate(actions) if a["act"] == "play" and "energy" in a)
    yield "seance-sealed", taps(1)
    yield "seance-own-curses", taps(1, ("seat", 1), ("zener", "wave"), ("zener", "star"))
    yield "seance-activate", taps(second_curse + 2, ("activating",), ("aseat", 1), ("zener", "cross"))
    yield "seance-possession", taps(spirit, ("playing",), ("card", actions[spirit]["card"]),
                                    ("planchette", actions[spirit]["planchette"]), ("guess", actions[spirit]["guess"]),
                                    ("energy", 1))
    yield "seance-ability", taps(acts.index("play", acts.index("reveal", second_curse)) + 1, ("abilities",))

    def card_form(app):
        _load(app, setup, actions[:1])
        app.screen.define("add", None)

    yield "seance-card-form", card_form
    party_setup, party = read("seance-party-party-battle.jsonl")
    pacts = [a["act"] for a in party]
    attack = party[pacts.index("attack")]

    def table_rolls(app):
        _load(app, party_setup, party[: pacts.index("attack")])
        app.screen.on_button(("tabledice",))
        app.screen.on_button(("attack", attack))
        app.screen.on_button(("roll", 3))

    yield "seance-rolls", table_rolls
    yield "seance-battle", lambda app: _load(app, party_setup, party[: pacts.index("attack") + 1])
    yield "seance-after-battle", lambda app: _load(app, party_setup, party)
    yield "seance-over", lambda app: _load(app, setup, actions)

    def summary(app):
        _load(app, setup, actions)
        app.show(SummaryScreen(app, SeancePartyUi()))

    yield "seance-summary", summary


def clairvoyance_examples() -> Iterator[tuple[str, Callable]]:
    """The Clairvoyance screen at moments of the example games in docs/examples, its set-up,
    its forms, and a five-player table (the tightest fit)."""
    import json

    from companion.ui import shell
    from companion.ui.games.clairvoyance import ClairvoyanceUi
    from companion.ui.games.clairvoyance_entry import CardForm, DieEntryScreen
    from companion.ui.summary import SummaryScreen

    folder = Path(__file__).resolve().parents[2] / "docs" / "examples"

    def read(name):
        lines = [json.loads(text) for text in (folder / name).read_text().splitlines() if text.strip()]
        return lines[0], lines[1:]

    if not (folder / "clairvoyance-two-players.jsonl").exists():
        return
    duel_setup, duel = read("clairvoyance-two-players.jsonl")
    team_setup, teams = read("clairvoyance-teams.jsonl")
    acts = [a["act"] for a in duel]
    team_acts = [a["act"] for a in teams]
    yield "clairvoyance-setup", lambda app: app.show(shell.SetupScreen(app, "clairvoyance"))
    yield "clairvoyance-die-entry", lambda app: app.show(
        DieEntryScreen(app, shell.SetupScreen(app, "clairvoyance")))
    yield "clairvoyance-guess", lambda app: _load(app, duel_setup, duel[:1])
    moments = {"clairvoyance-die": (duel_setup, duel, acts.index("die")),
               "clairvoyance-window": (duel_setup, duel, acts.index("instant") + 1),
               "clairvoyance-team-window": (team_setup, teams, len(teams) - 5),
               "clairvoyance-possessions": (team_setup, teams, team_acts.index("throw", 20) - 1),
               "clairvoyance-over": (duel_setup, duel, len(duel))}
    for name, (setup, actions, upto) in moments.items():
        yield name, lambda app, setup=setup, actions=actions, upto=upto: _load(app, setup, actions[:upto])

    def throwing(app):
        _load(app, duel_setup, duel[:acts.index("throw")])
        app.screen.on_button(("verb", "throw"))

    yield "clairvoyance-throw", throwing

    def filling(app):
        _load(app, team_setup, teams[: team_acts.index("ability")])
        app.show(CardForm(app, app.screen, app.match.state.cards["Jack-in-the-Box"]))

    yield "clairvoyance-card-form", filling
    yield "clairvoyance-five", lambda app: _load(app, *five_players())

    def summary(app):
        _load(app, duel_setup, duel)
        app.show(SummaryScreen(app, ClairvoyanceUi()))

    yield "clairvoyance-summary", summary


def five_players() -> tuple[dict, list[dict]]:
    """A five-player Clairvoyance table with possessions all round, as the rules enter it."""
    cards = [{"name": "Lamp", "type": "item", "faces": [1, 2, 5], "damage": 2, "use": "none"},
             {"name": "Grandfather Clock", "type": "item", "faces": [1, 2, 4, 8], "damage": 4, "use": "none"},
             {"name": "Jack-in-the-Box", "type": "item", "faces": [1, 2, 4, 5, 6, 8], "damage": 1},
             {"name": "Music Box", "type": "item", "faces": [1, 2, 4, 5, 7, 8], "damage": 1, "use": "continuous",
              "text": "At the start of its owner's turn someone dances the blues: they lose 1 health."}]
    setup = {"game": "clairvoyance", "players": ["Ann", "Bo", "Cy", "Dee", "Eve"],
             "characters": ["Mama Rita", "Gertrude", "Harold", "Sebastian", "Claire"], "cards": cards}
    actions = [{"act": "guess", "seat": s, "faces": [s + 1]} for s in range(5)] + [{"act": "roll", "face": 1}]
    face = 1
    for seat, card in enumerate(["Grandfather Clock", "Jack-in-the-Box", "Music Box", "Lamp", "Music Box"]):
        face = 2 if face == 1 else 1
        actions += [{"act": "possess", "seat": seat, "card": card}, {"act": "resolve"},
                    {"act": "die", "seat": seat, "face": face}, {"act": "end", "seat": seat}]
    actions += [{"act": "throw", "seat": 0, "item": 1, "target": 1}]
    return setup, actions


def rendered(sizes=SIZES, side_panel: bool = False) -> Iterator[tuple[str, tuple[int, int], object]]:
    """Each example drawn at each size: (name, size, the app showing it), one at a time."""
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


class Unwritable(Exception):
    """A sentence: the pictures cannot be written where they were asked for."""


def render_all(outdir: Path, sizes=SIZES, side_panel: bool = False) -> list[Path]:
    """Render every example at every size into ``outdir``; the files written, or
    :class:`Unwritable` when a picture cannot be written."""
    ready(outdir)
    import pygame

    written = []
    for name, (width, height), app in rendered(sizes, side_panel):
        target = outdir / f"{name}-{width}x{height}.png"
        try:
            pygame.image.save(app.surface, str(target))
        except pygame.error as error:  # the card filled up, the folder went away
            raise Unwritable(f"{target} could not be written ({error})") from None
        written.append(target)
    return written


def ready(outdir: Path) -> None:
    """Make ``outdir`` and check a file can be written in it, before minutes of drawing;
    :class:`Unwritable` names the place and what is wrong."""
    if outdir.exists() and not outdir.is_dir():
        raise Unwritable(f"{outdir} is a file, not a folder: give a folder for the pictures")
    try:
        outdir.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=outdir):
            pass
    except (FileExistsError, NotADirectoryError):  # some parent is a file
        blocking = next((p for p in outdir.parents if p.exists() and not p.is_dir()), outdir.parent)
        raise Unwritable(f"{outdir} cannot be made: {blocking} is a file, not a folder") from None
    except PermissionError:
        raise Unwritable(f"the pictures cannot be written in {outdir} (permission denied): "
                      "give a folder of your own") from None
    except OSError as error:
        raise Unwritable(f"the pictures cannot be written in {outdir} ({error.strerror or error})") from None


def main(outdir: str) -> int:
    """``companion shots OUTDIR``: 0, or the CLI's one sentence on standard error and 2
    (printed here, as the CLI prints its own refusals, whichever module runs as __main__)."""
    from companion.cli import EXIT_REFUSED

    try:
        files = render_all(Path(outdir))
    except Unwritable as error:
        print(f"companion: {error}", file=sys.stderr)
        return EXIT_REFUSED
    print(f"{len(files)} pictures in {outdir}")
    return 0
