"""Drivers for the box's hardware, each written against an injected backend:
the real device on a Raspberry Pi, the simulation in ``sim/`` or nothing at all."""
