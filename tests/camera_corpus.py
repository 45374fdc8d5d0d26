"""The camera corpus: labelled synthetic table frames and taught decks, built from seeds.

Why: the card reader's figures (issue #15: >= 99 % of the cards at least half visible named
right, <= 0.2 % wrong, no invented cards) must come from many frames it was never tuned on, with
every trouble a real camera has, in every deck printing.  ``sim.table_camera`` draws them; this
module fixes *which* frames make up each set, so a figure can be reproduced exactly.

Sets (recipes are cheap; the pixels are drawn on demand):

``"small"``  120 scenes for ``make test``: the deck styles in turn, the tables in turn, and a
             trouble forced in turn (a hand, glare, strong tilt, blur, motion, ...) on top of
             the ones the seed draws, so every style meets every table and trouble.  (Every set
             also has clutter, things that are not cards, in some scenes.)
``"check"``  400 scenes drawn like the big set, for looking into failures.
``"big"``    2000 scenes for the benchmark (``make bench camera``); the figures are read here.
``"empty"``  40 tables with no card at all (half with a hand, most with coins, pencils,
             sticky notes or a phone, some with glare): anything read there is an invented card.

    for scene in scenes("small"):
        image, placed = render(scene)
    decks = write_decks(tmp_path)             # {"classic": tmp_path / "classic", ...}
    decks = cached_decks()                    # the same, made once per renderer version
    truth = write_scenes("small", tmp_path / "scenes", limit=20)
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from dataclasses import dataclass, replace
from pathlib import Path

import cv2
import numpy as np

from sim.table_camera import (STYLES, TABLES, Conditions, DeckStyle, Placed, compose,
                              draw_conditions, write_deck)

SETS = {"small": (70_000, 120), "check": (80_000, 400), "big": (90_000, 2000),
        "empty": (60_000, 40)}
DECK_SEED = 5  # the teaching photos: one seed for every style, apart from all scene seeds

# The troubles forced in turn in the small set, each at a strength that matters.
TROUBLES = ("hand", "glare", "tilt", "blur", "motion", "noise", "light", "overlap",
            "face_down", "crowd", "clutter", "dim")


def _force(c: Conditions, trouble: str) -> Conditions:
    return {
        "hand": lambda: replace(c, hand=True),
        "glare": lambda: replace(c, glare=max(c.glare, 0.8)),
        "tilt": lambda: replace(c, tilt=max(c.tilt, 0.85)),
        "blur": lambda: replace(c, blur=max(c.blur, 1.3)),
        "motion": lambda: replace(c, motion=max(c.motion, 4.0)),
        "noise": lambda: replace(c, noise=max(c.noise, 10.0), jpeg=min(c.jpeg, 45)),
        "light": lambda: replace(c, light=max(c.light, 0.9)),
        "overlap": lambda: replace(c, overlap=0.8, cards=max(c.cards, 3)),
        "face_down": lambda: replace(c, face_down=0.5, cards=max(c.cards, 2)),
        "crowd": lambda: replace(c, cards=6),
        "clutter": lambda: replace(c, clutter=3),
        "dim": lambda: replace(c, exposure=0.5, noise=max(c.noise, 6.0)),
    }[trouble]()


@dataclass(frozen=True)
class Scene:
    """One frame's recipe: its file name in a scenes folder, seed, deck style and conditions."""

    name: str
    seed: int
    style: DeckStyle
    conditions: Conditions
    trouble: str | None = None   # the trouble forced on it (small set), if any


def scenes(set_name: str, limit: int | None = None) -> list[Scene]:
    """The recipes of a set, in order (``limit``: only the first so many)."""
    if set_name not in SETS:
        raise ValueError(f"no corpus set {set_name!r}: the sets are {', '.join(SETS)}")
    first, count = SETS[set_name]
    count = count if limit is None else min(count, limit)
    out = []
    for i in range(count):
        seed = first + i
        c = draw_conditions(seed)
        trouble = None
        if set_name == "empty":
            style = STYLES[i % len(STYLES)]
            c = replace(c, cards=0, hand=i % 2 == 0, table=TABLES[i % len(TABLES)],
                        clutter=i % 4)
        elif set_name == "small":
            style = STYLES[i % len(STYLES)]
            c = replace(c, table=TABLES[(i // len(STYLES)) % len(TABLES)])
            trouble = TROUBLES[(i // len(STYLES)) % len(TROUBLES)]
            c = _force(c, trouble)
        else:
            style = STYLES[int(np.random.default_rng([seed, 3]).integers(len(STYLES)))]
        out.append(Scene(f"{i:03d}.jpg" if count <= 1000 else f"{i:04d}.jpg", seed, style, c,
                         trouble))
    return out


def render(scene: Scene) -> tuple[np.ndarray, list[Placed]]:
    """The frame (BGR, 1280x720) and its truth."""
    return compose(scene.seed, scene.style, scene.conditions)


def truth_records(scene: Scene, placed: list[Placed]) -> list[dict]:
    """The truth in the reader's JSON-line shape, plus what it needs to be judged: the share
    visible (and of its best-seen rank mark), the style and the trouble."""
    return [{"scene": scene.name, "card": p.card,
             "corners": [[round(float(x), 1), round(float(y), 1)] for x, y in p.corners],
             "visible": round(p.visible, 3), "rank_visible": round(p.rank_visible, 3),
             "style": scene.style.name,
             "trouble": scene.trouble} for p in placed]


def write_scenes(set_name: str, folder, limit: int | None = None,
                 truth_file=None) -> list[dict]:
    """Draw a set into ``folder`` as ``000.jpg``... (JPEG quality 97: the frame already carries
    its own JPEG artefacts) and return the truth records; ``truth_file`` also gets them as JSON
    lines (keep it outside the scenes folder, which should hold pictures only)."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    truth: list[dict] = []
    for scene in scenes(set_name, limit):
        image, placed = render(scene)
        if not cv2.imwrite(str(folder / scene.name), image, [cv2.IMWRITE_JPEG_QUALITY, 97]):
            raise OSError(f"could not write the scene {folder / scene.name}")
        truth.extend(truth_records(scene, placed))
    if truth_file is not None:
        Path(truth_file).write_text("".join(json.dumps(r) + "\n" for r in truth))
    return truth


def write_decks(folder, styles=STYLES) -> dict[str, Path]:
    """Each style's teaching photos in ``folder/<style name>/`` (3-star.jpg ... back.jpg)."""
    folder = Path(folder)
    decks = {}
    for style in styles:
        write_deck(style, folder / style.name, seed=DECK_SEED)
        decks[style.name] = folder / style.name
    return decks


def renderer_version() -> str:
    """A short hash of the renderer's source: pictures made by another version are stale."""
    import sim.camera_effects
    import sim.table_camera
    import sim.zener_print

    digest = hashlib.sha1()
    for module in (sim.zener_print, sim.camera_effects, sim.table_camera):
        digest.update(Path(module.__file__).read_bytes())
    return digest.hexdigest()[:10]


def cached_decks(root=None) -> dict[str, Path]:
    """Every style's deck folder, made once per renderer version under ``root`` (the system's
    temporary folder by default) and reused after: for the benchmark and for test workers
    that would otherwise each draw the 104 photos.  Safe when two processes race (each writes
    a private folder, then renames it into place)."""
    root = Path(root or tempfile.gettempdir()) / f"planchette-decks-{renderer_version()}"
    decks = {}
    for style in STYLES:
        folder = root / style.name
        if not (folder / "back.jpg").is_file():
            private = root / f".{style.name}-{os.getpid()}"
            write_deck(style, private, seed=DECK_SEED)
            try:
                os.replace(private, folder)
            except OSError:  # another process got there first
                for photo in private.iterdir():
                    photo.unlink()
                private.rmdir()
        decks[style.name] = folder
    return decks
