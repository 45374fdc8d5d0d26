"""The NeoPixel pentagram: its LED layout (``hardware/pentagram.json``), colours with
gamma and a current limiter, one scene per game, and the strip's backends.

    layout.py     the layout file -> points, lines, circle, positions
    color.py      colours, gamma, brightness and the current limiter (pure)
    animation.py  time-shaped helpers the scenes use (pure)
    scenes.py     what each game shows: (scene, t) -> frame
    backends.py   the real strip (SPI, PWM, Pi 5), the simulation, none
    strip.py      the Pentagram driver tying them together, with fault handling
"""
