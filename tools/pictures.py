"""The README's pictures: one screen per game at the 7-inch display's 800×480, written to
``docs/pictures/`` (``make pictures``; ``companion shots`` draws every screen at every size).

    python tools/pictures.py [OUTDIR]
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: the example position that shows each game best, and the picture's name
CHOSEN = {
    "home": "home",
    "esp-trick": "esp",
    "mysterium-sand": "mysterium",
    "seance-turn": "seance-party",
    "clairvoyance-throw": "clairvoyance",
    "zener-test-call": "zener-test",
    "summary": "results",
}


def main(outdir: str = str(ROOT / "docs" / "pictures")) -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    sys.path.insert(0, str(ROOT))
    import pygame

    from companion.ui.shots import rendered

    folder = Path(outdir)
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name, _, app in rendered(((800, 480),)):
        if name in CHOSEN:
            path = folder / f"{CHOSEN[name]}.png"
            pygame.image.save(app.surface, str(path))
            written.append(path.name)
    for name, _, app in rendered(((800, 480),), side_panel=True, only="esp-trick"):  # the desktop mode
        app.clock.advance(0.5)  # the pentagram has shown its scene: draw the side panel once more
        app.dirty = True
        app.step()
        pygame.image.save(app.surface, str(folder / "esp-desktop.png"))
        written.append("esp-desktop.png")
    missing = set(CHOSEN.values()) - {Path(w).stem for w in written}
    print(f"{len(written)} pictures in {folder}" + (f"; no example for {sorted(missing)}" if missing else ""))
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
