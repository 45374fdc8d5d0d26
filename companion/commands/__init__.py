"""The box's hardware commands of ``companion``: ``knock``, ``wiring`` and ``doctor``.
Each module's ``register(subparsers)`` adds its subcommand; the CLI calls the drivers
(``firmware_py``), never the reverse."""
