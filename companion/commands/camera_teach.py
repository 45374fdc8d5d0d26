"""``companion camera teach DIR``: photograph the group's own deck, one card at a time.

    companion camera teach DIR [--camera FILE|DIR|DEVICE|pi] [--only CARD ...]

The flow itself (:class:`companion.vision.teach.Teacher`) is the screen's too; here it runs
in the terminal, its prompts printed, on the camera or the recording ``--camera`` names.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Callable

from companion.exits import CliError
from companion.vision.teach import CARDS, SUITS, WAIT_SECONDS, TeachError, Teacher, stem
from firmware_py.camera import CameraError, open_camera

__all__ = ["Teacher", "card_named", "cmd_teach", "add_teach", "stem"]


def card_named(text: str) -> str:
    """A card as the user may type it (``3 star``, ``3-star``, ``back``), or a sentence."""
    card = " ".join(text.strip().lower().replace("-", " ").split())
    if card not in CARDS:
        raise CliError(f"{text!r} is not a card of ESP's deck: give a rank and a suit, as 3 star "
                       f"({', '.join(SUITS)}), or back")
    return card


def _deck_folder(name: str) -> Path:
    folder = Path(name)
    if folder.exists() and not folder.is_dir():
        raise CliError(f"{folder} is a file: the deck is a folder of card photos")
    return folder


def _make(folder: Path) -> None:
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise CliError(f"the deck folder {folder} cannot be made ({error.strerror or error})") from None


def cmd_teach(args: argparse.Namespace, find: Callable | None = None) -> int:
    cards = tuple(dict.fromkeys(card_named(text) for text in args.only)) if args.only else CARDS
    folder = _deck_folder(args.dir)
    try:
        from companion.vision.teach import default_finder

        find = find or default_finder()
    except ImportError as error:
        raise CliError(f"the card reader cannot be loaded ({error}): install the camera extra "
                       "(pip install -e '.[camera]')") from None
    try:
        source = open_camera(args.camera)
    except CameraError as error:
        raise CliError(str(error)) from None
    try:
        if getattr(source, "stills", False) and not hasattr(source, "files") and len(cards) > 1:
            raise CliError("one picture teaches one card: name it with --only (say --only 3-star), "
                           "or give a folder of photos as --camera")
        _make(folder)  # only once the camera is open: a refusal leaves no empty folder behind
        say = lambda text: print(text, flush=True)  # noqa: E731 - the prompts must show at once
        say(f"teaching {len(cards)} card{'s' if len(cards) != 1 else ''} from {source.name} into {folder}")
        result = Teacher(source, folder, cards, find=find, say=say, wait=args.wait).run()
    except TeachError as error:
        raise CliError(str(error)) from None
    finally:
        source.close()
    if result.missing:
        missing = ", ".join(result.missing)
        only = " ".join(f"--only {stem(card)}" for card in result.missing[:3])
        raise CliError(f"{len(result.taught)} of {len(cards)} cards taught into {folder}; still missing: "
                       f"{missing} (teach them with `companion camera teach {folder} {only}`"
                       f"{' ...' if len(result.missing) > 3 else ''})")
    print(f"{len(result.taught)} of {len(cards)} cards taught into {folder}", file=sys.stdout)
    return 0


def add_teach(camera_sub: argparse._SubParsersAction) -> argparse.ArgumentParser:
    """Adds ``teach`` to the subcommands of ``companion camera``."""
    teach = camera_sub.add_parser("teach", help="photograph your deck, card by card, into a deck folder")
    teach.add_argument("dir", help="the deck folder to write (3-star.jpg ... back.jpg)")
    teach.add_argument("--camera", metavar="FILE|DIR|DEVICE",
                       help="where the pictures come from: a video, a folder of photos, a webcam (0, /dev/video0) "
                            "or pi; default: the Pi's camera, else the first webcam")
    teach.add_argument("--only", action="append", metavar="CARD",
                       help="teach only this card (3-star, back); again for more")
    teach.add_argument("--wait", type=float, default=WAIT_SECONDS, metavar="SECONDS",
                       help=f"give up when a live camera sees no card this long (default {WAIT_SECONDS:.0f})")
    teach.set_defaults(handler=cmd_teach)
    return teach
