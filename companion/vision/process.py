"""The camera's reader in its own process: frames are grabbed, checked and read away from the
drawing process's GIL, as the knock reader's samples are (docs/architecture.md, "Processes
and threads").

* the **child** (:func:`serve`) opens the frame source through the device factory (the Pi's
  camera, a webcam, recorded frames, or the desktop's virtual camera), is taught the deck
  from its folder, and looks at ``fps`` frames a second with a
  :class:`~companion.vision.live.LiveReader`; it sends back only what the app needs: the
  cards that settled or went (:class:`~companion.vision.tracker.Landed`,
  :class:`~companion.vision.tracker.Gone`), the face-down count, the camera's faults as
  health, and its figures once a second.  No frame leaves the child, and none is kept.
* the **parent** (:class:`CameraProcess`) is a :class:`firmware_py.child.SupervisedChild`:
  started by spawn, drained once a frame, restarted with back-off after a death, stopped
  without leaving a process behind.

Messages, child to parent: ``("ready", pid)``, ``("health", "camera", False, sentence)`` (its
last word before it ends), ``("health", "camera picture", ok, sentence)`` (a covered lens, too
little light),
``("seen", [Landed | Gone, ...], source_cpu)``, ``("laid", source_cpu)`` (a lay applied;
``source_cpu``: the CPU seconds spent making frames so far), ``("hand-left", when)`` (the
virtual camera's hand left the card last laid, at ``time.monotonic()``), ``("table", backs, faces)``, ``("stats", {...})``,
``("ended",)`` (a recording has no more frames), ``("teach-say", sentence)`` and
``("teach-done", taught, missing, problem)``.  Parent to child: ``("lay", [cards])`` (the
virtual camera's table), ``("capture", path)`` (answered ``("captured", sentence)``), ``("teach", folder, cards)`` (the screen's "Teach the deck":
:mod:`companion.vision.teach` runs here, where the frames are), ``("cancel",)``,
``("stop",)``.
"""

from __future__ import annotations

import os
import shutil
import signal
import sys
import time
from dataclasses import dataclass, field
from typing import Any, Callable

from firmware_py.child import START_METHOD, SupervisedChild
from firmware_py.clock import Clock
from firmware_py.health import Health, describe

NAME = "camera"  # the health board's name for the process (a failure under it is the child's last word)
PICTURE = "camera picture"  # ...and for what the frames show (a covered lens, too dark): the process goes on


@dataclass(frozen=True)
class CameraSpec:
    """What the child opens, picklable: the source (``--camera`` FILE|DIR|DEVICE, ``pi``,
    ``virtual[:style]``, None: the box's own), the taught deck's folder (None with the
    virtual camera: its own deck, written on first use into ``virtual_decks``), frames
    looked at per second, and the device factory's maker."""

    source: str | None = None
    deck: str | None = None
    fps: float = 5.0  # frames looked at per second on a still table; twice that while cards settle
    factory: Callable[[], Any] | None = None
    virtual_decks: str | None = None
    stats_every: float = 1.0


def _sentence(error: Exception) -> str:
    """A fault as the user reads it: the camera's and the deck's own sentences as they are,
    anything else named with its kind."""
    from companion.vision.deck import DeckError
    from companion.vision.teach import TeachError
    from firmware_py.camera import CameraError

    return str(error) if isinstance(error, (CameraError, DeckError, TeachError, ValueError)) else describe(error)


def _deck_folder(spec: CameraSpec, factory: Any, source: Any) -> str:
    if spec.deck:
        return spec.deck
    style = getattr(getattr(getattr(source, "camera", None), "style", None), "name", None)
    if style is None or not hasattr(factory, "virtual_deck"):
        raise ValueError("no deck has been taught: run `companion camera teach DECK` and choose it in the "
                         "settings")
    folder = os.path.join(spec.virtual_decks or os.path.expanduser("~/.cache/planchette/decks"), style)
    factory.virtual_deck(style, folder)
    return folder


def serve(conn: Any, spec: CameraSpec) -> None:
    """The child's main: look, read, report, until told to stop or the parent is gone."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the app's: it closes us
    from companion.vision.reader import Reader

    try:
        factory = spec.factory() if spec.factory is not None else None
        source = factory.camera(spec.source) if factory is not None else _open(spec.source)
        reader = Reader.from_folder(_deck_folder(spec, factory, source))
    except Exception as error:  # a camera, a deck or a library fault: a sentence, and the parent retries
        conn.send(("health", NAME, False, _sentence(error)))  # said after the LOST words
        sys.exit(3)
    try:
        _Looking(conn, spec, source, reader).run()
    except (EOFError, BrokenPipeError, ConnectionResetError):
        return  # the parent is gone
    except Exception as error:  # the camera unplugged, a fault mid-read: said, and the parent restarts us
        conn.send(("health", NAME, False, _sentence(error)))
        sys.exit(3)
    finally:
        source.close()


class _Looking:
    """The child's loop: a frame every ``1 / fps`` s (twice as often while cards settle), the
    parent's messages between frames."""

    def __init__(self, conn: Any, spec: CameraSpec, source: Any, reader: Any) -> None:
        from companion.vision.live import LiveReader
        from firmware_py.camera import FrameWatch

        self.conn, self.spec, self.source = conn, spec, source
        self.watch = FrameWatch()
        self.live = LiveReader(reader, check=self.watch.check)
        self.warning: str | None = None
        self.table: tuple = (0, ())
        self.frames, self.seconds, self.source_cpu = 0, 0.0, 0.0
        self.hand_left: float | None = None
        self.next_stats = time.monotonic()

    def run(self) -> None:
        self.conn.send(("ready", os.getpid()))
        period = 1.0 / max(0.2, self.spec.fps)
        while True:
            began = time.monotonic()
            while self.conn.poll():
                if not self.obey(self.conn.recv()):
                    return
            if not self.look():
                return
            # twice as often while something happens on the table: a card is entered sooner
            left = (period / 2 if self.live.busy else period) - (time.monotonic() - began)
            if left > 0:
                self.conn.poll(left)  # the next frame's time, or a message first

    def obey(self, message: tuple) -> bool:
        """One message from the parent; False: stop."""
        kind = message[0]
        if kind == "stop":
            return False
        if kind == "lay" and hasattr(self.source, "lay"):
            self.source.lay(list(message[1]))
            self.conn.send(("laid", self.source_cpu))
        elif kind == "capture":
            self.conn.send(("captured", _capture(self.source, message[1])))
        elif kind == "teach":
            from companion.vision.live import LiveReader

            taught = _teach(self.conn, self.source, message[1], message[2])
            if taught is None:
                return False  # told to stop while teaching
            if taught:
                self.live = LiveReader(taught, check=self.watch.check)
        return True

    def look(self) -> bool:
        """One frame looked at and what it told sent; False when a recording has ended."""
        conn = self.conn
        start = time.thread_time()
        frame = self.source.read()
        self.source_cpu += time.thread_time() - start  # making frames: the camera's work, not the reader's
        hand_left = getattr(self.source, "hand_left", None)
        if hand_left != self.hand_left:
            self.hand_left = hand_left
            conn.send(("hand-left", hand_left))
        if frame is None:  # a recording has ended: say so once, then wait to be stopped
            conn.send(("ended",))
            while (message := conn.recv())[0] != "stop":
                if message[0] == "capture":
                    conn.send(("captured", "the recording has no more frames to capture"))
            return False
        look = self.live.look(frame)
        self.frames += 1
        self.seconds += look.seconds
        if look.warning != self.warning:
            self.warning = look.warning
            conn.send(("health", PICTURE, look.warning is None,
                       f"the camera cannot read the cards: {look.warning}" if look.warning else ""))
        if look.events:
            conn.send(("seen", list(look.events), self.source_cpu))
        if (look.backs, look.faces) != self.table:
            self.table = (look.backs, look.faces)
            conn.send(("table", look.backs, list(look.faces)))
        now = time.monotonic()
        if now >= self.next_stats:
            conn.send(("stats", {"frames": self.frames, "reads": self.live.reads, "read_s": self.seconds,
                                 "looks": {kind: {"count": n, "s": t} for kind, (n, t) in self.live.costs.items()},
                                 "cpu_s": sum(os.times()[:2]), "source_cpu_s": self.source_cpu}))
            self.next_stats = now + self.spec.stats_every
        return True


def _teach(conn: Any, source: Any, folder: str, cards: list[str]) -> Any:
    """The screen's "Teach the deck", here where the frames are: the teaching flow on this
    camera, its sentences sent as ("teach-say", text), then ("teach-done", taught, missing,
    problem).  The reader taught from the new folder when every card is in it (else False: the
    old deck stays); None when told to stop meanwhile."""
    from companion.vision.reader import Reader
    from companion.vision.teach import TeachError, Teacher

    stopping = []

    def stopped() -> bool:
        while not stopping and conn.poll():
            message = conn.recv()
            if message[0] in ("stop", "cancel"):
                stopping.append(message[0])
            elif message[0] == "lay" and hasattr(source, "lay"):
                source.lay(list(message[1]))
            elif message[0] == "capture":  # while the deck is taught, as at any time
                conn.send(("captured", _capture(source, message[1])))
        return bool(stopping)

    problem = ""
    result = None
    new = folder.rstrip(os.sep) + ".teaching"  # the deck in use stays whole until the new one is
    try:
        shutil.rmtree(new, ignore_errors=True)
        os.makedirs(new)
        result = Teacher(source, new, tuple(cards), say=lambda text: conn.send(("teach-say", text)),
                         stopped=stopped).run()
    except (TeachError, OSError) as error:
        problem = _sentence(error)
    taught, missing = (result.taught, result.missing) if result else ([], list(cards))
    if stopping == ["stop"]:
        shutil.rmtree(new, ignore_errors=True)
        return None
    reader: Any = False
    if not missing and not problem:
        try:
            reader = Reader.from_folder(new)
            _put_in_place(new, folder)
        except Exception as error:  # a deck the reader cannot load, a folder that cannot move: said
            reader, problem = False, f"the new deck cannot be used ({_sentence(error)})"
    shutil.rmtree(new, ignore_errors=True)
    conn.send(("teach-done", taught, missing, problem or ("cancelled" if stopping else "")))
    return reader


def _put_in_place(new: str, folder: str) -> None:
    """The newly taught deck where the old one was, in two renames (the old one set aside
    first, and removed once the new one is in place)."""
    old = folder.rstrip(os.sep) + ".old"
    shutil.rmtree(old, ignore_errors=True)
    if os.path.exists(folder):
        os.replace(folder, old)
    os.replace(new, folder)
    shutil.rmtree(old, ignore_errors=True)


def _capture(source: Any, path: str) -> str:
    """One frame written to ``path``, because the user asked (a problem report): the only frame
    the camera ever keeps.  A sentence saying where, or what went wrong."""
    from companion.vision.capture import save_frame

    try:
        frame = source.read()
        if frame is None:
            return "the recording has no more frames to capture"
        return f"the camera's picture is saved as {save_frame(frame, path)}"
    except Exception as error:  # a camera fault or a full card: said, never a traceback
        return f"the camera's picture could not be saved ({describe(error)})"


def _open(spec: str | None) -> Any:
    from firmware_py.camera import open_camera

    return open_camera(spec)


@dataclass
class CameraTable:
    """What the camera last said of the table: face-down cards and face-up cards."""

    backs: int = 0
    faces: list = field(default_factory=list)


@dataclass
class Teaching:
    """A teaching of the deck as the child reports it: what it said so far, and when done,
    the cards taught, those missing and a problem sentence ("" when none)."""

    folder: str
    cards: list
    said: list = field(default_factory=list)
    done: bool = False
    taught: list = field(default_factory=list)
    missing: list = field(default_factory=list)
    problem: str = ""


class CameraProcess(SupervisedChild):
    """The camera reader as the app sees it: :meth:`poll` gives the cards that settled or
    went; ``table`` what lies there; :meth:`lay` sets the virtual camera's table."""

    NAME = NAME
    PROCESS_NAME = "planchette-camera"
    CALLED = "the camera reader process"
    LOST = "the camera does not read the cards (tap them in)"
    FIRST_PAUSE = 2.0

    def __init__(self, spec: CameraSpec, health: Health | None = None, clock: Clock | None = None,
                 start_method: str = START_METHOD, start: bool = True) -> None:
        super().__init__(serve, spec, health, clock, start_method)
        self.table = CameraTable()
        self.stats: dict = {}
        self.ended = False
        self.laid: list[str] | None = None
        self.teaching: Teaching | None = None
        self.captured: str | None = None  # what the last capture said
        # CPU seconds the child spent making frames (the virtual camera drawing them), as of its
        # last "seen", and as of the last "lay" it applied: the benchmarks leave it out
        self.source_cpu = self.laid_source_cpu = 0.0
        self.hand_left: float | None = None  # when the virtual camera's hand last left a card laid
        if start:
            self.start()

    def started(self) -> None:
        self.table = CameraTable()
        if self.teaching is not None and not self.teaching.done:  # the child died while teaching
            self.teaching.problem = "the camera stopped while the deck was taught; the deck it had before is kept"
            self.teaching.missing = [c for c in self.teaching.cards if c not in self.teaching.taught]
            self.teaching.done = True
        if self.laid is not None:
            self.send(("lay", self.laid))

    def take(self, message: tuple) -> list:
        kind = message[0]
        if kind == "seen":
            self.source_cpu = message[2]
            return list(message[1])
        if kind == "laid":
            self.source_cpu = self.laid_source_cpu = message[1]
        elif kind == "hand-left":
            self.hand_left = message[1]
        if kind == "table":
            self.table = CameraTable(message[1], list(message[2]))
        elif kind == "stats":
            self.stats = dict(message[1])
        elif kind == "ended":
            self.ended = True
        elif kind == "captured":
            self.captured = message[1]
        elif kind == "teach-say" and self.teaching is not None:
            self.teaching.said.append(message[1])
        elif kind == "teach-done" and self.teaching is not None:
            self.teaching.taught, self.teaching.missing, self.teaching.problem = message[1], message[2], message[3]
            self.teaching.done = True
        return []

    def teach(self, folder: str, cards: list[str]) -> "Teaching":
        """Start teaching the deck into ``folder`` (its progress on the returned record)."""
        self.teaching = Teaching(folder, list(cards))
        self.send(("teach", folder, list(cards)))
        return self.teaching

    def capture(self, path: str) -> None:
        """Keep one frame at ``path`` (the user asked, for a problem report); ``captured`` says how it went."""
        self.captured = None
        self.send(("capture", path))

    def cancel_teaching(self) -> None:
        self.send(("cancel",))

    def lay(self, cards: list[str]) -> None:
        """The virtual camera's table now shows ``cards`` (kept for a restarted child too)."""
        self.laid = list(cards)
        self.send(("lay", self.laid))
