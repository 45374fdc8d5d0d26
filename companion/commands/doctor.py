"""``companion doctor [--sim] [--knock adc|module|none] [--no-buttons]``: the builder's
self-test (:mod:`firmware_py.doctor`) on the box the pin map describes — with a person at
the console, or (``--sim``) on the simulation with the pretend builder of ``sim/builder.py``.
The command puts the pieces together; the walk itself is the driver's."""

from __future__ import annotations

import argparse
import sys

from firmware_py.box import KNOCK_OPTIONS, Box, Fitted
from firmware_py.clock import ManualClock
from firmware_py.doctor import console_builder, examine
from firmware_py.pins import PinMapError
from firmware_py.pins import load as load_pins


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
                   builder, out)


def register(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser("doctor", help="the builder's self-test of the box's hardware")
    parser.add_argument("--sim", action="store_true", help="run on the simulation with a pretend builder")
    parser.add_argument("--knock", choices=KNOCK_OPTIONS, default="adc", help="which knock sensor is fitted")
    parser.add_argument("--no-buttons", action="store_true", help="no buttons are fitted")
    parser.set_defaults(handler=lambda args: doctor_main(args.sim, Fitted(knock=args.knock, buttons=not args.no_buttons)))
