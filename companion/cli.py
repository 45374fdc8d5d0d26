"""The ``companion`` command.

    companion                       the table app (simulation on a PC, hardware on a Pi)
    companion replay GAME FILE      print the summary JSON of a JSON Lines game log
    companion games                 list the games in the journal
    companion export [ID] FILE      write a journaled game as a JSON Lines log
    companion import FILE           add a JSON Lines log to the journal (to resume it)
    companion shots OUTDIR [--size WxH]  every screen of every game as PNG files
    companion knock | wiring | doctor   the box's hardware (``companion/commands/``)
    companion camera read | teach   the camera above the table (``companion/commands/camera.py``)

Every refusal is one sentence on standard error and exit status 2 — never a traceback.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import Sequence

from companion.engine.journal import Journal, JournalError, default_path
from companion.engine.logfile import LogError, numbered_objects, read_text, replay_lines
from companion.engine.refusal import Refused, quote
from companion.exits import EXIT_REFUSED, CliError
from companion.games import names_in, registry


def _game(name: str):
    games = registry()
    if name not in games:
        raise CliError(f"unknown game {quote(name)} (this companion knows: {', '.join(sorted(games))})")
    return games[name]


def cmd_replay(args: argparse.Namespace) -> int:
    game = _game(args.game)
    try:
        match = replay_lines(game, read_text(args.file))
    except LogError as error:
        raise CliError(str(error)) from None
    json.dump(game.summary(match.state), sys.stdout, indent=2, ensure_ascii=False)
    sys.stdout.write("\n")
    return 0


def _journal(args: argparse.Namespace, readonly: bool = False) -> Journal:
    """The journal of ``--journal`` or the default one.  A writer takes the journal's lock (one
    companion per journal); a reader (``games``, ``export``) never changes the file."""
    path = Path(args.journal) if args.journal else default_path()
    try:
        if readonly:
            return Journal(path, registry(), readonly=True)
        journal, warning = Journal.open_or_recover(path, registry(), own=not args.journal)
    except JournalError as error:
        raise CliError(str(error)) from None
    if warning:
        print(f"warning: {warning}", file=sys.stderr)
    return journal


def cmd_games(args: argparse.Namespace) -> int:
    try:
        journal = _journal(args, readonly=True)
    except CliError:
        if os.path.lexists(Path(args.journal) if args.journal else default_path()):
            raise
        return 0  # no journal yet: no games to list
    try:
        records = journal.records()
    finally:
        journal.close()
    for warning in journal.damaged:
        print(f"warning: {warning}", file=sys.stderr)
    for record in records:
        players = ", ".join(names_in(record.game, record.setup))
        state = "finished" if record.finished else "unfinished"
        print(f"{record.id:5d}  {record.game:14s} {state:10s} {record.actions:6d} actions  {players}")
    return 0


def cmd_export(args: argparse.Namespace) -> int:
    target = None if args.file == "-" else _writable_file(args.file)
    journal = _journal(args, readonly=True)
    try:
        records = journal.records()
        if not records:
            raise CliError("the journal holds no games yet")
        game_id = args.id if args.id is not None else records[0].id
        try:
            match = journal.resume(game_id)
        except (JournalError, Refused) as error:
            raise CliError(str(error)) from None
    finally:
        journal.close()
    for warning in match.warnings:
        print(f"warning: {warning}", file=sys.stderr)
    text = "".join(line + "\n" for line in match.iter_log_text())
    if target is None:
        sys.stdout.write(text)
        return 0
    try:
        target.write_text(text, encoding="utf-8")
    except OSError as error:
        raise CliError(f"the log cannot be written to {target} ({error.strerror or error})") from None
    return 0


def _writable_file(name: str) -> Path:
    """``name`` as a file the command may write, or a sentence saying why not (checked before
    any work, so nothing is read or changed for an output that cannot be written)."""
    path = Path(name)
    folder = path.parent
    if path.is_dir():
        raise CliError(f"{path} is a folder: give a file's name, such as {path / 'game.jsonl'}")
    if path.exists() and not path.is_file():
        raise CliError(f"{path} is not an ordinary file (a pipe or a device): give a file's name")
    if folder.exists() and not folder.is_dir():
        raise CliError(f"{folder} is a file, not a folder: {path.name} cannot be written inside it")
    if not folder.is_dir():
        raise CliError(f"there is no folder {folder} to write {path.name} in")
    if not os.access(folder, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
        raise CliError(f"{path} cannot be written (permission denied)")
    return path


def cmd_import(args: argparse.Namespace) -> int:
    try:
        lines = read_text(args.file)
        first = next(numbered_objects(lines), None)
    except LogError as error:
        raise CliError(str(error)) from None
    if first is None:
        raise CliError("the log is empty: its first line must be the game's setup")
    number, setup = first
    games = registry()
    named = setup.get("game")
    if not isinstance(named, str) or named not in games:
        raise CliError(f"line {number}: the first line must be a game's setup, e.g. {{\"game\": \"esp\", ...}} "
                       f"(this companion knows: {', '.join(sorted(games))})")
    try:
        match = replay_lines(games[setup["game"]], lines)
    except LogError as error:
        raise CliError(str(error)) from None
    journal = _journal(args)
    try:
        stored = journal.import_match(match)
    except JournalError as error:
        raise CliError(str(error)) from None
    finally:
        journal.close()
    print(f"imported as game {stored.id} ({len(match.actions)} actions)")
    return 0


def cmd_run(args: argparse.Namespace) -> int:
    """The table app, or with ``--text`` the terminal companion (which needs no pygame)."""
    if args.text:
        from companion.textmode import TextCompanion

        return TextCompanion.from_args(args).run()
    from companion.ui.app import ScreenUnavailable, run_app  # lazily: replay and the others never load pygame

    try:
        return run_app(args)
    except ScreenUnavailable as error:
        raise CliError(str(error)) from None


JOURNAL_HELP = "the journal file (default: the state folder)"


def _journal_option() -> argparse.ArgumentParser:
    """``--journal`` for the commands that use it, so it may come after the command too
    (``companion games --journal X``); SUPPRESS keeps a value given before the command."""
    parent = argparse.ArgumentParser(add_help=False)
    parent.add_argument("--journal", default=argparse.SUPPRESS, help=JOURNAL_HELP)
    return parent


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="companion", description="Planchette, the psychic card-game companion.")
    parser.add_argument("--journal", help=JOURNAL_HELP)
    parser.add_argument("--sim", action="store_true", help="simulate the hardware (the default off a Raspberry Pi)")
    screen = parser.add_mutually_exclusive_group()
    screen.add_argument("--fullscreen", action="store_true", help="the kiosk: the whole screen, no pointer")
    screen.add_argument("--windowed", action="store_true", help="a desktop window (the default)")
    screen.add_argument("--text", action="store_true", help="play in the terminal instead of on the screen")
    parser.add_argument("--size", nargs=2, type=int, metavar=("W", "H"), help="the window's size (default 800 480)")
    parser.add_argument("--camera", metavar="SOURCE",
                        help="read ESP's cards with a camera: pi, a webcam (0, /dev/video0), a video, a folder of "
                             "pictures, or virtual (the desktop's virtual camera; virtual:STYLE for another deck)")
    parser.add_argument("--deck", metavar="DIR", help="the taught deck the camera reads against (companion camera teach)")
    parser.set_defaults(handler=cmd_run)
    sub = parser.add_subparsers(dest="command")

    replay = sub.add_parser("replay", help="print the summary JSON of a game log")
    replay.add_argument("game", help="the game: " + ", ".join(sorted(registry())))
    replay.add_argument("file")
    replay.set_defaults(handler=cmd_replay)

    journal = _journal_option()
    games = sub.add_parser("games", parents=[journal], help="list the journaled games")
    games.set_defaults(handler=cmd_games)

    export = sub.add_parser("export", parents=[journal], help="write a journaled game as a JSON Lines log")
    export.add_argument("id", nargs="?", type=int, help="the game number (default: the latest)")
    export.add_argument("file", help="the log file to write, or - for standard output")
    export.set_defaults(handler=cmd_export)

    imp = sub.add_parser("import", parents=[journal], help="add a JSON Lines game log to the journal")
    imp.add_argument("file")
    imp.set_defaults(handler=cmd_import)

    shots = sub.add_parser("shots", help="render every screen of every game to PNG files, headless")
    shots.add_argument("outdir")
    shots.add_argument("--size", action="append", metavar="WxH",
                       help="only this screen size (again for more); default: 800x480, 1024x600, 1280x720, 1920x1080")
    shots.set_defaults(handler=lambda args: __import__("companion.ui.shots", fromlist=["main"]).main(args.outdir,
                                                                                                     args.size))

    from companion.commands import camera, doctor, knock, wiring  # the hardware: the CLI calls the drivers

    for command in (knock, wiring, doctor, camera):
        command.register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return args.handler(args)
    except CliError as error:
        print(f"companion: {error}", file=sys.stderr)
        return EXIT_REFUSED
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # `companion replay … | head`: the reader left; say nothing more
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1


if __name__ == "__main__":
    sys.exit(main())
