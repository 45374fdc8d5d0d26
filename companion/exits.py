"""How a ``companion`` command ends when it refuses: one sentence on standard error and
exit status 2.  Its own small module so that the CLI and what the CLI runs (the terminal
companion, ``companion shots``, the hardware commands) share it without importing one
another."""

EXIT_REFUSED = 2


class CliError(Exception):
    """A sentence for standard error; the command exits with status :data:`EXIT_REFUSED`."""
