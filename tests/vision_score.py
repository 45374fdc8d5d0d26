"""Scoring the card reader against the renderer's truth (sim/table_camera.py): shared by the
accuracy test and the benchmark so that both count the same way.

A reading belongs to the true card its outline overlaps most (intersection over union at
least 0.5).  For every card at least half visible: *right* when it got its name and no other
name; *wrong* when some reading named it as another card; *unsure* when it was only reported
unsure; *missed* when nothing was reported.  A named reading that belongs to no card is
*invented*.  Of those cards, the ones that show less than half of every place their rank is
printed (``rank_visible``: the corner indices, the numeral, the pips) are counted apart too:
a player could seldom name them without lifting what lies over them, so they bound what any
reader can name right."""

from __future__ import annotations

import functools
import hashlib
import os
import pickle
import time
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from companion.vision.geometry import iou
from companion.vision.reader import Reader
from companion.vision.reading import UNSURE

HALF = 0.5


@dataclass
class Score:
    cards: int = 0          # cards at least half visible
    right: int = 0
    rank_hidden: int = 0    # of those, the cards showing less than half of every rank mark
    rank_hidden_right: int = 0
    wrong: int = 0
    unsure: int = 0
    missed: int = 0
    invented: int = 0       # named readings where there is no card
    frames: int = 0
    seconds: float = 0.0
    mistakes: list = field(default_factory=list)

    def rate(self, count: int) -> float:
        return count / self.cards if self.cards else 0.0

    def add(self, frame: np.ndarray, placed, reader: Reader, label: str = "") -> None:
        start = time.perf_counter()
        readings = reader.read(frame)
        self.seconds += time.perf_counter() - start
        self.frames += 1
        claims: dict[int, list] = {}
        for reading in readings:
            overlaps = [iou(p.corners, reading.corners) for p in placed]
            best = int(np.argmax(overlaps)) if overlaps else -1
            if best < 0 or overlaps[best] < 0.5:
                if reading.card != UNSURE:
                    self.invented += 1
                    self.mistakes.append((label, "invented", reading.card, reading.confidence))
                continue
            claims.setdefault(best, []).append(reading)
        for index, truth in enumerate(placed):
            if truth.visible < HALF:
                continue
            self.cards += 1
            hidden_rank = truth.rank_visible < HALF
            self.rank_hidden += hidden_rank
            got = claims.get(index, [])
            named = {r.card for r in got if r.card != UNSURE}
            if named == {truth.card}:
                self.right += 1
                self.rank_hidden_right += hidden_rank
            elif named:
                self.wrong += 1
                self.mistakes.append((label, "wrong", truth.card, sorted(named), truth.visible))
            elif got:
                self.unsure += 1
            else:
                self.missed += 1
                self.mistakes.append((label, "missed", truth.card, truth.visible))

    def rank_shown_rate(self) -> float:
        """The share named right of the cards whose rank shows (at least half of a rank mark)."""
        shown = self.cards - self.rank_hidden
        return (self.right - self.rank_hidden_right) / shown if shown else 0.0

    def line(self) -> str:
        ms = 1000 * self.seconds / max(1, self.frames)
        return (f"{self.cards} cards: right {100 * self.rate(self.right):.2f} %, wrong {100 * self.rate(self.wrong):.2f} %, "
                f"unsure {100 * self.rate(self.unsure):.2f} %, missed {100 * self.rate(self.missed):.2f} %, "
                f"invented {self.invented}; {ms:.0f} ms a frame")


@functools.lru_cache(maxsize=2)
def readers(folder: Path | None = None) -> dict[str, Reader]:
    """A reader taught each of the renderer's deck styles (the corpus's teaching photos),
    loaded once per process (teaching costs seconds; the test modules share it) and kept
    beside the decks for the next process, as long as neither the reader's code nor the
    libraries change (each test worker taught them again: 6 s apiece)."""
    return _kept(folder, "readers", lambda: {name: Reader(faces) for name, faces in taught_faces(folder).items()})


@functools.lru_cache(maxsize=2)
def taught_faces(folder: Path | None = None) -> dict[str, dict[str, np.ndarray]]:
    """Each deck style's faces as the reader finds them in its teaching photos (``load_deck``:
    5 s for the four decks), kept as :func:`readers` are."""
    from companion.vision.deck import load_deck

    return _kept(folder, "faces", lambda: {name: load_deck(deck) for name, deck in _decks(folder).items()})


def _decks(folder: Path | None) -> dict[str, Path]:
    from tests.camera_corpus import cached_decks

    return cached_decks(folder)


def _kept(folder: Path | None, what: str, make):
    """``make()``, kept beside the decks for the next process while the reader's code and the
    libraries stay the same (written whole or not at all: another process may read it
    meanwhile; on a full or read-only disk, made again next time).  The kept ones of other
    versions are removed (a taught reader is 35 MB: a day of changes to the reader filled
    the temporary folder with them)."""
    kept = next(iter(_decks(folder).values())).parent / f"{what}-{_reader_version()}.pickle"
    try:
        return pickle.loads(kept.read_bytes())
    except (OSError, pickle.UnpicklingError, EOFError, AttributeError, ImportError):
        pass  # not kept yet, or written by another version
    made = make()
    private = kept.with_suffix(f".{os.getpid()}")
    try:
        private.write_bytes(pickle.dumps(made))
        os.replace(private, kept)
    except OSError:
        private.unlink(missing_ok=True)
    for stale in kept.parent.glob(f"{what}-*.pickle"):
        if stale != kept:
            stale.unlink(missing_ok=True)
    return made


def _reader_version() -> str:
    """A short hash of what a taught reader is made of: the reader's code and the libraries'."""
    import cv2

    import companion.vision

    digest = hashlib.sha1(f"{cv2.__version__} {np.__version__}".encode())
    for source in sorted(Path(companion.vision.__file__).parent.glob("*.py")):
        digest.update(source.read_bytes())
    return digest.hexdigest()[:10]


def score_set(set_name: str, taught: dict[str, Reader], limit: int | None = None) -> Score:
    """The reader's score on a set of :mod:`tests.camera_corpus`."""
    from tests.camera_corpus import render, scenes

    score = Score()
    for scene in scenes(set_name, limit):
        frame, placed = render(scene)
        score.add(frame, placed, taught[scene.style.name], label=f"{set_name}/{scene.name} {scene.trouble or ''}")
    return score


def style_of(seed: int) -> str:
    """The deck style :func:`sim.table_camera.random_scene` picks for ``seed``."""
    from sim.table_camera import STYLES

    return STYLES[int(np.random.default_rng([seed, 3]).integers(len(STYLES)))].name


def score_seeds(seeds, taught: dict[str, Reader], verbose: bool = False) -> Score:
    from sim.table_camera import random_scene

    score = Score()
    for seed in seeds:
        frame, placed = random_scene(seed)
        score.add(frame, placed, taught[style_of(seed)], label=str(seed))
    if verbose:
        for mistake in score.mistakes:
            print(*mistake)
    return score


def part_round(frame: np.ndarray, corners: np.ndarray) -> tuple[np.ndarray, tuple[int, int]]:
    """The part of ``frame`` the live loop searches when a card laid at ``corners`` changed it
    and could not be told: the card's box with a card's length round it (``live.MARGIN``, of
    the frame's width), and that part's top-left corner in the frame."""
    from companion.vision.live import MARGIN

    h, w = frame.shape[:2]
    (x0, y0), (x1, y1) = (np.float32(corners).min(axis=0) - MARGIN * w,
                          np.float32(corners).max(axis=0) + MARGIN * w)
    x0, y0, x1, y1 = max(0, int(x0)), max(0, int(y0)), min(w, int(x1)), min(h, int(y1))
    return np.ascontiguousarray(frame[y0:y1, x0:x1]), (x0, y0)
