"""``companion doctor [--sim] [--knock adc|module|none] [--no-buttons]``: the builder's
self-test (:mod:`firmware_py.doctor`) on the box the pin map describes — with a person at
the console, or (``--sim``) on the simulation with the pretend builder of ``sim/builder.py``.
The command puts the pieces together — the box, the builder, and each registered game's
lights for the walk to show — the walk itself is the driver's."""

from __future__ import annotations

import argparse
import sys
from functools import partial

from companion.engine.registry import Entry, load
from companion.games import entries
from firmware_py.box import KNOCK_OPTIONS, Box, Fitted
from firmware_py.clock import ManualClock
from firmware_py.doctor import GameScene, console_builder, examine
from firmware_py.pentagram.scenes import Scene
from firmware_py.pins import PinMapError
from firmware_py.pins import load as load_pins

SEED = 1  # the walk's pretend table deals the same every time


def game_scenes() -> list[GameScene]:
    """Every registered game that names its lights (``Entry.lights``), by title, with how to
    make its opening scene; a game without lights is left out of the walk."""
    return [(entry.title, partial(opening_scene, entry)) for entry in entries().values() if entry.lights]


def opening_scene(entry: Entry) -> Scene:
    """What the pentagram shows when the game starts as the set-up screen offers it (its
    default table, the default options, the first seat choices)."""
    count = entry.default_count
    options = {option.key: option.default for option in entry.options if option.offered(count)}
    choices = list(entry.seat_choice.values[:count]) if entry.seat_choice else None
    names = [f"Player {seat + 1}" for seat in range(count)]
    setup = entry.make_setup(names, options, SEED, choices=choices)
    game = entry.rules
    return load(entry.lights)(game.view(game.setup(setup), None), {})


def doctor_main(simulate: bool, fitted: Fitted = Fitted(), out=None) -> int:
    """Run the walk; exit status 0 when every fitted part works, 1 otherwise."""
    out = out or sys.stdout
    try:
        pins = load_pins()  # strict, unlike the app: the builder fixes the map first
    except PinMapError as error:
        print(f"[FAIL] pin map: {error}", file=out)
        return 1
    if simulate:
        from sim.builder import simulated_builder  # the pretend builder exists only for the simulation

        builder, clock = simulated_builder(out), ManualClock()
    else:
        builder, clock = console_builder(out), None
    return examine(Box.open(simulate=simulate, fitted=fitted, clock=clock, pins=pins, listen=not simulate),
                   builder, out, game_scenes())


def register(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser("doctor", help="the builder's self-test of the box's hardware")
    parser.add_argument("--sim", action="store_true", help="run on the simulation with a pretend builder")
    parser.add_argument("--knock", choices=KNOCK_OPTIONS, default="adc", help="which knock sensor is fitted")
    parser.add_argument("--no-buttons", action="store_true", help="no buttons are fitted")
    parser.set_defaults(handler=lambda args: doctor_main(args.sim, Fitted(knock=args.knock, buttons=not args.no_buttons)))
