"""``companion camera read --deck DIR --scenes DIR``: name the cards in a folder of pictures.

Every picture of the scenes folder (JPEG or PNG, in name order) is read against the taught
deck; each card seen is one JSON line::

    {"scene": "000.jpg", "card": "3 star", "corners": [[x, y], ...], "confidence": 0.97}

``card`` is a card's name or ``"back"`` for a face-down card, exactly as issue #15's format
has it (tools read it); a reading the reader is not sure of carries its best name with a
``confidence`` under ``SAFE`` (0.8): below it, treat the name as a question, never as a fact.  A folder that is not a deck, a
scenes folder that is missing or empty, a picture that cannot be read: one sentence, exit 2
(:mod:`companion.exits`).  ``companion camera teach`` (the deck from the live camera) is
:mod:`companion.commands.camera_teach`'s."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from companion.exits import CliError

PICTURES = (".jpg", ".jpeg", ".png")


def scene_files(folder: Path) -> list[Path]:
    if not folder.exists():
        raise CliError(f"there is no scenes folder {folder}")
    if not folder.is_dir():
        raise CliError(f"{folder} is a file: --scenes takes a folder of pictures")
    files = sorted(p for p in folder.iterdir() if p.is_file() and p.suffix.lower() in PICTURES)
    if not files:
        raise CliError(f"the scenes folder {folder} holds no pictures (JPEG or PNG)")
    return files


def cmd_read(args: argparse.Namespace) -> int:
    from companion.vision.deck import DeckError, read_image  # lazily: OpenCV only for camera work
    from companion.vision.reader import Reader
    from companion.vision.reading import UNSURE

    files = scene_files(Path(args.scenes))
    try:
        reader = Reader.from_folder(args.deck)
    except DeckError as error:
        raise CliError(str(error)) from None
    for path in files:
        try:
            frame = read_image(path)
        except DeckError as error:
            raise CliError(str(error)) from None
        for reading in reader.read(frame):
            line = reading.as_json(path.name)
            if reading.card == UNSURE:  # the best name, its confidence under SAFE says it is a guess
                line["card"] = reading.guess
            sys.stdout.write(json.dumps(line) + "\n")
        sys.stdout.flush()
    return 0


def cmd_capture(args: argparse.Namespace) -> int:
    """One picture from the camera, kept because you asked (a problem report)."""
    from companion.vision.capture import save_frame
    from firmware_py.camera import CameraError, open_camera

    try:
        source = open_camera(args.camera)
    except CameraError as error:
        raise CliError(str(error)) from None
    try:
        frame = source.read()
    except CameraError as error:
        raise CliError(str(error)) from None
    finally:
        source.close()
    if frame is None:
        raise CliError(f"{source.name} gave no picture")
    try:
        path = save_frame(frame, args.file)
    except OSError as error:
        raise CliError(f"{args.file} cannot be written ({getattr(error, 'strerror', None) or error})") from None
    print(f"saved what {source.name} sees as {path}")
    return 0


def register(sub: argparse._SubParsersAction) -> None:
    camera = sub.add_parser("camera", help="the camera above the table: read cards, teach the deck")
    camera_sub = camera.add_subparsers(dest="camera_command", required=True, metavar="{read,teach,capture}")
    read = camera_sub.add_parser("read", help="name the cards in a folder of pictures, one JSON line each")
    read.add_argument("--deck", required=True, metavar="DIR", help="the taught deck (3-star.jpg ... back.jpg)")
    read.add_argument("--scenes", required=True, metavar="DIR", help="the pictures to read")
    read.set_defaults(handler=cmd_read)
    capture = camera_sub.add_parser("capture", help="save one picture of the table (for a problem report)")
    capture.add_argument("file", help="the picture to write (.jpg or .png)")
    capture.add_argument("--camera", metavar="FILE|DIR|DEVICE",
                         help="the camera: pi, a webcam (0, /dev/video0); default: the Pi's camera, else a webcam")
    capture.set_defaults(handler=cmd_capture)
    try:
        from companion.commands.camera_teach import add_teach
    except ImportError:  # the teaching flow is not in this checkout
        return
    add_teach(camera_sub)
