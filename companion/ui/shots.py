"""``companion shots OUTDIR``: every screen of every game in example states, as PNG
files, headless — for the README's pictures and for review.  The same examples
are what the tests render at three sizes to check that no text runs off."""

from __future__ import annotations

import functools
import os
import sys
import tempfile
from pathlib import Path
from typing import Callable, Iterator

SIZES = ((800, 480), (1024, 600), (1280, 720), (1920, 1080))


def examples() -> Iterator[tuple[str, Callable]]:
    """(name, prepare(app)) for every screen worth a picture: the shell's, then each
    registered game's own positions (``Entry.examples``)."""
    from companion.engine.registry import load
    from companion.games import entries
    from companion.ui import shell

    first = next(iter(entries()))
    yield "home", lambda app: app.show(shell.HomeScreen(app))
    yield "setup", lambda app: app.show(shell.SetupScreen(app, first))
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

    def trouble(app):
        from companion.engine.journal_faults import JournalError
        from companion.ui.trouble import JournalTroubleScreen

        app.show(JournalTroubleScreen(app, JournalError(
            "the companion is already running on this journal (process 1234)",
            "close the other companion, or give this one another journal with --journal")))

    yield "trouble", trouble
    yield from teaching_examples()
    for entry in entries().values():
        if entry.examples:
            yield from load(entry.examples)()


def teaching_examples() -> Iterator[tuple[str, Callable]]:
    """The teaching screen before it starts, asking for a card, and done; the warnings with a
    camera fitted."""
    from companion.ui import shell
    from companion.ui.teach import PicturedCamera, TeachScreen

    def at(camera, started=True):
        def prepare(app):
            app.camera = camera
            screen = TeachScreen(app, shell.SettingsScreen(app, shell.HomeScreen(app)))
            app.show(screen)
            if started:
                screen.start()
        return prepare

    yield "teach-start", at(PicturedCamera(), started=False)
    yield "teach-asking", at(PicturedCamera(["show 3 star (23 of 26): lay it face up under the camera"]))
    yield "teach-done", at(PicturedCamera(["got it: take the card away"], done=True))
    yield "teach-missing", at(PicturedCamera(["no card seen for 120 s"], done=True,
                                             missing=("4 star", "5 star", "back")))

    def warnings(app):  # with a camera fitted: its picture may be saved for a problem report
        app.camera = PicturedCamera()
        app.show(shell.WarningsScreen(app, shell.HomeScreen(app)))

    yield "warnings-camera", warnings


@functools.lru_cache(maxsize=1)
def _examples_once() -> dict[str, Callable]:
    """Every example, made once a process (the games' are whole games played at random):
    each is then prepared afresh on a new app."""
    return dict(examples())


def _example(name: str) -> Callable:
    found = _examples_once()
    if name not in found:
        raise KeyError(f"no example screen called {name!r}")
    return found[name]


def rendered(sizes=SIZES, side_panel: bool = False, only: str | None = None) -> Iterator[tuple[str, tuple[int, int], object]]:
    """Each example (or the one called ``only``) drawn at each size: (name, size, the app
    showing it), one at a time."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from companion.ui.app import App
    from firmware_py.box import Box, Fitted
    from firmware_py.clock import ManualClock

    with tempfile.TemporaryDirectory() as scratch:
        for width, height in sizes:
            for name, prepare in (examples() if only is None else [(only, _example(only))]):
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


def parse_size(text: str) -> tuple[int, int]:
    """``"800x480"`` as (800, 480); :class:`Unwritable`'s sentence for anything else."""
    width, _, height = text.lower().partition("x")
    if not (width.isdigit() and height.isdigit() and 320 <= int(width) <= 7680 and 240 <= int(height) <= 4320):
        raise Unwritable(f"{text!r} is not a screen size: give WIDTHxHEIGHT, e.g. 800x480")
    return int(width), int(height)


def main(outdir: str, sizes: list[str] | None = None) -> int:
    """``companion shots OUTDIR [--size WxH]…``: 0, or the CLI's one sentence on standard
    error and 2 (printed here, as the CLI prints its own refusals, whichever module runs as
    __main__)."""
    from companion.exits import EXIT_REFUSED

    try:
        chosen = tuple(parse_size(size) for size in sizes) if sizes else SIZES
        files = render_all(Path(outdir), chosen)
    except Unwritable as error:
        print(f"companion: {error}", file=sys.stderr)
        return EXIT_REFUSED
    print(f"{len(files)} pictures in {outdir}")
    return 0
