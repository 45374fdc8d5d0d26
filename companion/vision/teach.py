"""Teaching the reader the group's own deck: each of the 26 cards asked for in turn ("show 3
star"), found in the frame by the reader's own finder once it lies still, the sharpest of
those frames kept as ``DIR/3-star.jpg``, and the card asked to be taken away before the next.
The folder it writes is the deck folder the reader loads (docs/camera.md).

The same flow runs in ``companion camera teach DIR`` (a terminal) and on the screen's "Teach
the deck" (in the camera's own process, its sentences sent to the screen).  With a folder of
photos (say from a phone) each card comes from the photo of its own name if the folder has one
(``3-star.jpg``), else from the next photo in name order.  Only the kept photos are written; no
other frame leaves memory (docs/camera.md, Privacy)."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from firmware_py.camera import CameraError, FrameWatch


class TeachError(Exception):
    """A photo that cannot be kept, as one sentence."""


SUITS = ("circle", "cross", "squiggle", "square", "star")  # ESP's log names (docs/esp-log.md)
CARDS = tuple(f"{rank} {suit}" for suit in SUITS for rank in range(1, 6)) + ("back",)
STEADY_FRAMES = 4      # a card is taken once it lies still in this many frames running
GONE_FRAMES = 3        # ...and the next is asked for once no card is seen in this many
DRIFT = 0.02           # "still": no corner moves more than this share of the frame's diagonal
WAIT_SECONDS = 120.0   # a live camera that sees no card this long ends the flow


def stem(card: str) -> str:
    """``"3 star"`` → ``"3-star"`` (the deck folder's file names)."""
    return card.replace(" ", "-")


def default_finder() -> Callable:
    """The reader's finder: the corners of the one card in a photo, or None.  The seam with
    ``companion.vision`` — the same finder that will load the photos taught here."""
    return find_at_half_size


def find_at_half_size(frame):
    """The deck's finder on the frame at half size, its corners scaled back.  Watching for a
    card that lies still needs no finer corners (they come within 2 px of the full-size
    finder's) and costs a quarter as much: a Pi 4 watches about six frames a second, not two.
    The kept photo is found again at full size when the deck is loaded."""
    import cv2

    from companion.vision.deck import find_card

    h, w = frame.shape[:2]
    if w < 1000:
        return find_card(frame)
    corners = find_card(cv2.resize(frame, (w // 2, h // 2), interpolation=cv2.INTER_AREA))
    return None if corners is None else corners * 2.0


def sharpness(frame, corners) -> float:
    """How crisp the card is: the variance of the Laplacian inside its bounding box."""
    import cv2
    import numpy as np

    pts = np.asarray(corners, np.float32).reshape(4, 2)
    h, w = frame.shape[:2]
    x0, y0 = np.clip(pts.min(axis=0).astype(int), 0, [w - 1, h - 1])
    x1, y1 = np.clip(pts.max(axis=0).astype(int) + 1, 1, [w, h])
    grey = cv2.cvtColor(frame[y0:y1, x0:x1], cv2.COLOR_BGR2GRAY)
    return float(cv2.Laplacian(grey, cv2.CV_64F).var()) if grey.size else 0.0


def _moved(a, b, diagonal: float) -> bool:
    import numpy as np

    a = np.asarray(a, np.float32).reshape(4, 2)
    b = np.asarray(b, np.float32).reshape(4, 2)
    # the same corners in either order round the card (a finder may start at another one)
    best = min(float(np.abs(np.roll(b, k, axis=0) - a).max()) for k in range(4))
    return best > DRIFT * diagonal


@dataclass
class TeachResult:
    taught: list[str] = field(default_factory=list)
    missing: list[str] = field(default_factory=list)


class Teacher:
    """The flow over any frame source, with the finder, the clock and the output injected
    (the tests run it on pictures and fakes, without a camera or a wall clock)."""

    def __init__(self, source, folder: Path, cards=CARDS, find: Callable | None = None,
                 say: Callable[[str], None] = print, clock: Callable[[], float] = time.monotonic,
                 wait: float = WAIT_SECONDS, steady: int = STEADY_FRAMES,
                 stopped: Callable[[], bool] = lambda: False) -> None:
        self.source = source
        self.folder = Path(folder)
        self.cards = tuple(cards)
        self.find = find or default_finder()
        self.say = say
        self.clock = clock
        self.wait = wait
        self.steady = steady
        self.stopped = stopped  # asked to stop (the screen's Cancel, the app closing): checked every frame
        self._warning: str | None = None
        self._watch_faults = FrameWatch()

    def run(self) -> TeachResult:
        result = TeachResult()
        stills = getattr(self.source, "stills", False)
        named = stills and hasattr(self.source, "picture") and any(
            path.stem.lower() in {stem(c) for c in CARDS} for path in getattr(self.source, "files", ()))
        for index, card in enumerate(self.cards):
            if stills:
                frame = self.source.picture(stem(card)) if named else self.source.read()
                if frame is None:
                    result.missing.append(card)
                    continue
                kept = self._one_photo(card, frame)
            else:
                self.say(f"show {card} ({index + 1} of {len(self.cards)}): lay it face "
                         f"{'down' if card == 'back' else 'up'} under the camera")
                kept = self._watch(card)
            if kept is None:
                if not stills and self._ended:
                    result.missing.extend(self.cards[index:])
                    break
                result.missing.append(card)
                continue
            self._write(card, kept)
            result.taught.append(card)
            if not stills and index + 1 < len(self.cards) and not self._wait_until_gone():
                result.missing.extend(self.cards[index + 1:])
                break
        return result

    # -- a folder or one picture: a photo per card ----------------------------------------------------
    def _one_photo(self, card: str, frame):
        where = getattr(self.source, "current", None) or self.source.name
        if self.find(frame) is None:
            self.say(f"no card can be seen in {where}: {card} is left out (photograph it whole, "
                     "on a plain table, and teach it again with --only)")
            return None
        self.say(f"{card}: {where}")
        return frame

    # -- a camera or a video: wait for the card to lie still ------------------------------------------
    _ended = False

    def _frames(self):
        """Frames until the source ends or the wait runs out (then ``_ended``)."""
        start = self.clock()
        while True:
            if self.stopped():
                self._ended = True
                return
            if self.source.live and self.clock() - start > self.wait:
                self.say(f"no card seen for {self.wait:.0f} s")
                self._ended = True
                return
            try:
                frame = self.source.read()
            except CameraError as error:
                self.say(f"warning: {error}")
                self._ended = True
                return
            if frame is None:
                self._ended = True
                return
            warning = self._watch_faults.check(frame)
            if warning != self._warning:
                self._warning = warning
                if warning:
                    self.say(f"warning: {warning}")
            yield frame

    def _watch(self, card: str):
        import math

        run: list[tuple[float, object, object]] = []  # (sharpness, frame, corners) of the still run
        for frame in self._frames():
            corners = self.find(frame)
            if corners is None:
                run = []
                continue
            diagonal = math.hypot(*frame.shape[:2])
            if run and _moved(run[-1][2], corners, diagonal):
                run = []
            run.append((sharpness(frame, corners), frame, corners))
            if len(run) >= self.steady:
                return max(run, key=lambda item: item[0])[1]
        return None

    def _wait_until_gone(self) -> bool:
        self.say("got it: take the card away")
        gone = 0
        for frame in self._frames():
            gone = gone + 1 if self.find(frame) is None else 0
            if gone >= GONE_FRAMES:
                return True
        return False

    def _write(self, card: str, frame) -> None:
        """The photo kept whole or not at all (a full card leaves no half JPEG in the deck)."""
        from companion.vision.capture import save_frame

        path = self.folder / f"{stem(card)}.jpg"
        try:
            save_frame(frame, path)
        except OSError as error:
            raise TeachError(f"{path} cannot be written ({getattr(error, 'strerror', None) or error})") from None
