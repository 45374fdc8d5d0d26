"""Create the project's virtual environment, even where ensurepip is missing.

Debian and Raspberry Pi OS ship Python 3 without ``ensurepip`` unless the
``python3-venv`` package is installed, so ``python3 -m venv`` fails on a fresh
machine.  Then we build the environment without pip and bootstrap pip from its
own wheel, fetched from PyPI (a pip wheel can install itself).
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
import urllib.request
import venv
from pathlib import Path


def _has_ensurepip() -> bool:
    try:
        import ensurepip  # noqa: F401
    except ImportError:
        return False
    return True


def _fetch_pip_wheel(folder: Path) -> Path:
    with urllib.request.urlopen("https://pypi.org/pypi/pip/json", timeout=60) as reply:
        release = json.load(reply)
    wheel = next(f for f in release["urls"] if f["filename"].endswith(".whl"))
    target = folder / wheel["filename"]
    with urllib.request.urlopen(wheel["url"], timeout=120) as reply:
        target.write_bytes(reply.read())
    return target


def _bootstrap_pip(python: Path) -> bool:
    """pip from its own wheel; False (after a sentence saying why) if PyPI cannot be reached."""
    with tempfile.TemporaryDirectory() as tmp:
        try:
            target = _fetch_pip_wheel(Path(tmp))
        except (OSError, ValueError, KeyError, StopIteration) as error:
            print(f"make_venv: pip could not be fetched from PyPI ({error}); connect to the network, or "
                  "install Debian's python3-venv (sudo apt install python3-venv), and run make again",
                  file=sys.stderr)
            return False
        done = subprocess.run([str(python), f"{target}/pip", "install", "--quiet", "--disable-pip-version-check",
                               str(target)])
    if done.returncode != 0:
        print("make_venv: pip could not install itself (its message is above)", file=sys.stderr)
    return done.returncode == 0


def main(path: str) -> int:
    where = Path(path)
    with_pip = _has_ensurepip()
    venv.EnvBuilder(with_pip=with_pip, clear=True).create(where)
    python = where / "bin" / "python"
    if not with_pip:
        print("ensurepip is missing (Debian's python3-venv); fetching pip from PyPI", file=sys.stderr)
        if not _bootstrap_pip(python):
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else ".venv"))
