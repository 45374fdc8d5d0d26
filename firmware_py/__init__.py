"""Drivers for the box's hardware, each opened on one device factory chosen once
(``firmware_py/factory.py``): the real parts on a Raspberry Pi, the simulation's from
``sim/``, or nothing at all.  Nothing here imports the companion."""
