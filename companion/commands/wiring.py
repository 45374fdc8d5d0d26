"""``companion wiring [--check] [--map FILE] [--dir FOLDER]``: the builder's wiring table
and diagram (:mod:`companion.wiring_docs`) written from the pin map, or checked against it."""

from __future__ import annotations

import argparse
from pathlib import Path

from companion.exits import CliError
from companion.wiring_docs import MARKDOWN_NAME, SVG_NAME, stale, write
from firmware_py import pins as pinmap
from firmware_py.pins import PinMap, PinMapError


def _shown(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


def _load(path: Path) -> PinMap:
    try:
        return pinmap.load(path)
    except PinMapError as error:  # whatever the file is or holds (a folder, not UTF-8, not TOML)
        raise CliError(str(error)) from None


def cmd_wiring(args: argparse.Namespace) -> int:
    map_path = Path(args.map) if args.map else pinmap.DEFAULT_PATH
    directory = Path(args.dir) if args.dir else map_path.parent
    pins = _load(map_path)
    if args.check:
        drifted = stale(directory, pins)
        if drifted:
            names = " and ".join(_shown(directory / name) for name in drifted)
            verb = "differs" if len(drifted) == 1 else "differ"
            raise CliError(f"{names} {verb} from what {_shown(map_path)} generates: "
                           f"run `companion wiring` and commit the result")
        print(f"{_shown(directory / MARKDOWN_NAME)} and {_shown(directory / SVG_NAME)} match {_shown(map_path)}")
        return 0
    if not directory.is_dir():
        raise CliError(f"there is no folder {directory} to write the wiring docs into")
    try:
        written = write(directory, pins)
    except OSError as error:
        raise CliError(f"cannot write the wiring docs into {directory}: {error.strerror or error}") from None
    print("wrote " + " and ".join(_shown(path) for path in written))
    return 0


def register(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser("wiring", help="regenerate wiring/WIRING.md and wiring/wiring.svg from the pin map")
    parser.add_argument("--check", action="store_true",
                        help="change nothing; exit 2 if the committed files differ from what the map generates")
    parser.add_argument("--map", help="the pin map (default: wiring/pins.toml)")
    parser.add_argument("--dir", help="where the docs live (default: the pin map's folder)")
    parser.set_defaults(handler=cmd_wiring)
