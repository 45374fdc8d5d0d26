"""The pygame screen: the shell (choose a game, set up, resume, settings, summary)
and one screen per game, drawn on demand.

pygame is imported here, once, lightly: at import it also loads NumPy (for its surfarray and
sndarray modules) and setuptools' ``pkg_resources`` (to find its default font) whenever they
are installed — 0.27 s on a development core, about 2 s of a Pi 4's start-up — and the screens
use neither (the camera's NumPy work runs in its own process).  Both are left out of the
app's pygame: pygame marks the two array modules missing and finds its font by path."""

import importlib
import os
import sys

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # before any screen imports pygame: the banner is noise in the kiosk's journal

if "pygame" not in sys.modules:
    _LEFT_OUT = ("pygame.surfarray", "pygame.sndarray", "pkg_resources")
    _before = {name: sys.modules.get(name) for name in _LEFT_OUT}
    for _name in _LEFT_OUT:
        if _before[_name] is None:
            sys.modules[_name] = None  # type: ignore[assignment]  # `import` of it raises ImportError
    try:
        importlib.import_module("pygame")
    finally:
        for _name, _module in _before.items():
            if _module is None and sys.modules.get(_name, 0) is None:
                del sys.modules[_name]  # anyone else may still import them
