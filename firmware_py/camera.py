"""Where the table's pictures come from: the Pi's camera (picamera2), a USB webcam (OpenCV's
capture), a video file, a folder of pictures or one picture — one small interface for all, so
the reader, ``companion camera teach`` and the live loop never care which.

Every source gives BGR ``uint8`` frames (OpenCV's order) from :meth:`FrameSource.read`, and
``None`` when a recording has no more.  Every fault is a :class:`CameraError` whose text is one
sentence for the user (no camera, a camera that cannot be opened, a file that is not a picture);
a frame that is usable but useless — a covered lens, too little light — is named by
:func:`frame_warning` and, over a stream, :class:`FrameWatch`.  Nothing here keeps a frame: they live in memory until the caller drops
them (docs/camera.md, Privacy).

The libraries are imported only by the source that needs them, so this module loads anywhere:
off a Pi, the Pi's camera says in a sentence that picamera2 is missing instead of failing at
import.  No pygame, no companion: a driver, like the rest of ``firmware_py``.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any, Protocol

PICTURE_SUFFIXES = (".jpg", ".jpeg", ".png", ".bmp", ".webp", ".tif", ".tiff")
VIDEO_SUFFIXES = (".mp4", ".mkv", ".avi", ".mov", ".webm", ".m4v", ".mjpeg", ".mjpg", ".h264")
FRAME_SIZE = (1280, 720)  # what the reader is tuned for: a card 90-125 px wide from 50-70 cm

# The fault thresholds, on the mean and spread of a frame's grey levels (0-255), measured on a
# eighth-size copy so that a frame costs well under a millisecond.
COVERED_SPREAD = 6.0    # a hand or a sheet over the lens: almost one grey all over (an empty felt too)
COVERED_COLOUR = 40.0   # ...told from the empty table by a colour this far (BGR) from the table's
BLACK_SPREAD = 2.0      # a lens cap or a dark room: black with only the sensor's noise
DARK_MEAN = 40.0        # below this the cards' symbols drown in the sensor's noise
DARK_TOP = 60.0         # ...and nothing in view brighter than this: a lit card's paper always is
BRIGHT_MEAN = 235.0     # washed out: a lamp straight into the lens, or no exposure control

DOCS = "docs/camera.md"


class CameraError(RuntimeError):
    """A camera fault as one sentence for the user; never a traceback."""


class FrameSource(Protocol):
    name: str    # for sentences: "the Pi's camera", "webcam /dev/video0", "folder scenes/"
    live: bool   # a camera: frames keep coming, and a failed read is a fault, not the end
    stills: bool  # a picture or a folder of them: each frame is a photo of its own

    def read(self) -> Any | None: ...   # a BGR frame, or None when a recording has ended

    def close(self) -> None: ...


def _cv2():
    try:
        import cv2
    except ImportError:
        raise CameraError("OpenCV is not installed here: install the camera extra "
                          f"(pip install -e '.[camera]'; {DOCS})") from None
    return cv2


def _as_bgr(frame):
    """A frame as 3-channel BGR: grey pictures are widened, an alpha channel dropped."""
    cv2 = _cv2()
    if frame.ndim == 2:
        return cv2.cvtColor(frame, cv2.COLOR_GRAY2BGR)
    if frame.shape[2] == 4:
        return cv2.cvtColor(frame, cv2.COLOR_BGRA2BGR)
    return frame


# -- faults that a frame shows ---------------------------------------------------------------------
def _stats(frame):
    """The grey mean, spread and brightest spot, and the median colour (the table's, as cards
    cover less than half of it), of an eighth-size copy of the frame (160 x 90 from 1280 x 720:
    a card is still 10-15 pixels wide, a hot pixel averaged away)."""
    import numpy as np

    cv2 = _cv2()
    h, w = frame.shape[:2]
    if min(h, w) >= 128:  # bilinear to a quarter, then area to an eighth: 0.6 ms against 3 for area alone
        small = cv2.resize(frame, (w // 4, h // 4), interpolation=cv2.INTER_LINEAR)
        small = cv2.resize(small, (w // 8, h // 8), interpolation=cv2.INTER_AREA)
    else:
        small = frame
    if small.ndim == 2:
        small = cv2.cvtColor(small, cv2.COLOR_GRAY2BGR)
    grey = cv2.cvtColor(small, cv2.COLOR_BGR2GRAY)
    mean, spread = (float(v[0][0]) for v in cv2.meanStdDev(grey))
    colour = np.median(small.reshape(-1, 3)[::9], axis=0)
    return mean, spread, float(grey.max()), colour


def frame_warning(frame, table=None) -> str | None:
    """A sentence when the frame cannot show the cards (a covered lens, too dark, washed out),
    or None when it can.  Cheap enough for every frame of the live loop.

    An empty plain mat is almost one colour too, so a flat picture at ordinary brightness is
    called covered only against ``table``, the table's colour (BGR) as seen in an earlier frame
    with cards on it (:class:`FrameWatch` keeps it): flat and of another colour is a hand or a
    sheet over the lens; flat and of the table's colour is the empty table."""
    if frame is None or getattr(frame, "size", 0) == 0:
        _cv2()
        return "the camera gave an empty picture"
    return _judge(*_stats(frame), table)


def _judge(mean: float, spread: float, top: float, colour, table) -> str | None:
    import numpy as np

    if mean > BRIGHT_MEAN:
        return "the picture is washed out: a lamp shines into the lens, or the light is too strong"
    if mean < DARK_MEAN:
        if spread < BLACK_SPREAD:
            return ("the camera sees black: the lens is covered (a hand, a cap), or the room is dark — "
                    "uncover it, or light the table")
        if top < DARK_TOP:  # a dark table is fine while the cards on it still show
            return "the play area is too dark for the camera to read the cards: add light over the table"
        return None
    if spread < COVERED_SPREAD and table is not None and \
            float(np.linalg.norm(colour - np.asarray(table, float))) > COVERED_COLOUR:
        return ("the camera sees one flat colour, not the table: the lens is covered — uncover it "
                "and aim it at the play area")
    return None


class FrameWatch:
    """:func:`frame_warning` over a stream of frames: remembers the table's colour from the
    last frame that showed detail (cards on the table), so that a covered lens can be told
    from an empty plain mat."""

    def __init__(self) -> None:
        self.table = None

    def check(self, frame) -> str | None:
        if frame is None or getattr(frame, "size", 0) == 0:
            return frame_warning(frame)
        mean, spread, top, colour = _stats(frame)
        warning = _judge(mean, spread, top, colour, self.table)
        if warning is None and spread >= COVERED_SPREAD:
            self.table = colour
        return warning


# -- recordings: a picture, a folder of pictures, a video ------------------------------------------
def _read_picture(path: Path):
    cv2 = _cv2()
    try:
        data = path.read_bytes()
    except OSError as error:
        raise CameraError(f"{path} cannot be read ({error.strerror or error})") from None
    import numpy as np

    frame = cv2.imdecode(np.frombuffer(data, dtype=np.uint8), cv2.IMREAD_UNCHANGED) if data else None
    if frame is None:
        raise CameraError(f"{path} is not a picture OpenCV can read (JPEG, PNG, BMP, WebP or TIFF)")
    if frame.dtype != np.uint8:  # a 16-bit PNG or TIFF
        frame = (frame // 257).astype(np.uint8) if frame.dtype == np.uint16 else frame.astype(np.uint8)
    return _as_bgr(frame)


class PictureSource:
    """One picture as a still camera: the same frame every time (a steady table)."""

    live = False
    stills = True  # each frame is a photo of its own, not a moment of a moving scene

    def __init__(self, path: str | os.PathLike) -> None:
        self.path = Path(path)
        self.name = f"picture {self.path}"
        self._frame = _read_picture(self.path)

    def read(self):
        return self._frame

    def close(self) -> None:
        self._frame = None

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        self.close()


class FolderSource:
    """A folder of pictures, one frame each in name order, then None.  ``picture(stem)``
    fetches one by name (``3-star``) for the teaching flow."""

    live = False
    stills = True

    def __init__(self, path: str | os.PathLike) -> None:
        self.path = Path(path)
        self.name = f"folder {self.path}"
        try:
            entries = sorted(self.path.iterdir(), key=lambda p: _natural(p.name))
        except OSError as error:
            raise CameraError(f"the folder {self.path} cannot be read ({error.strerror or error})") from None
        self.files = [p for p in entries if p.suffix.lower() in PICTURE_SUFFIXES and p.is_file()]
        if not self.files:
            raise CameraError(f"the folder {self.path} holds no pictures ({', '.join(PICTURE_SUFFIXES)})")
        self._next = 0
        self.current: Path | None = None  # the file the last frame came from

    def read(self):
        if self._next >= len(self.files):
            return None
        self.current = self.files[self._next]
        self._next += 1
        return _read_picture(self.current)

    def picture(self, stem: str):
        """The frame of the picture named ``stem`` (any picture suffix), or None."""
        for path in self.files:
            if path.stem.lower() == stem.lower():
                self.current = path
                return _read_picture(path)
        return None

    def close(self) -> None:
        self._next = len(self.files)

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def _natural(name: str) -> list:
    """``2.jpg`` before ``10.jpg``."""
    return [int(part) if part.isdigit() else part.lower() for part in re.split(r"(\d+)", name)]


# -- OpenCV's capture: a video file or a USB webcam ------------------------------------------------
class CaptureSource:
    """A video file or a webcam through ``cv2.VideoCapture``."""

    stills = False

    def __init__(self, target: str | int, live: bool, size: tuple[int, int] = FRAME_SIZE) -> None:
        cv2 = _cv2()
        self.live = live
        self.name = f"webcam {target}" if live else f"video {target}"
        self._capture = cv2.VideoCapture(target, cv2.CAP_V4L2) if live and isinstance(target, int) \
            else cv2.VideoCapture(target)
        if not self._capture.isOpened():
            self._capture.release()
            if live:
                raise CameraError(f"no webcam answers at {_device_name(target)}: is it plugged in, and is "
                                  "this user in the video group? (v4l2-ctl --list-devices lists the cameras)")
            raise CameraError(f"{target} cannot be played as a video (OpenCV's FFmpeg does not read it)")
        if live:
            self._capture.set(cv2.CAP_PROP_FRAME_WIDTH, size[0])
            self._capture.set(cv2.CAP_PROP_FRAME_HEIGHT, size[1])
            self._capture.set(cv2.CAP_PROP_BUFFERSIZE, 1)  # the newest frame, not one from a second ago
        self.failures = 0

    def read(self):
        if self._capture is None:
            return None
        ok, frame = self._capture.read()
        if ok and frame is not None:
            self.failures = 0
            return _as_bgr(frame)
        if not self.live:
            return None  # the video has ended
        self.failures += 1
        raise CameraError(f"the {self.name} stopped giving pictures: was it unplugged?")

    def close(self) -> None:
        if self._capture is not None:
            self._capture.release()
            self._capture = None

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def _device_name(target: str | int) -> str:
    return f"/dev/video{target}" if isinstance(target, int) else str(target)


# -- the Raspberry Pi's camera ---------------------------------------------------------------------
class PiCameraSource:
    """The Camera Module on the CSI port through picamera2 (Raspberry Pi OS's package).

    The main stream is asked for in ``RGB888``, which picamera2 (like libcamera and DRM) names
    after the pixel's bits in a little-endian word: in memory each pixel is B, G, R — already
    OpenCV's order, so no conversion is made.  A preview configuration (not a still one): it
    keeps the sensor in a fast binned mode with the whole field of view and several buffers,
    so frames keep flowing; a still configuration is for single full-resolution shots.
    """

    live = True
    stills = False

    def __init__(self, camera_num: int = 0, size: tuple[int, int] = FRAME_SIZE) -> None:
        self.name = "the Pi's camera"
        try:
            from picamera2 import Picamera2
        except ImportError:
            raise CameraError("picamera2 is not installed here: on Raspberry Pi OS the installer adds it "
                              f"(sudo apt install python3-picamera2, and a venv that sees the system's "
                              f"packages; {DOCS})") from None
        except ValueError as error:  # numpy 2 in the venv against Debian's simplejpeg built on numpy 1
            raise CameraError(f"picamera2 cannot load beside this NumPy ({error}): keep NumPy below 2 in the "
                              f"venv, as the installer does ({DOCS})") from None
        try:
            cameras = Picamera2.global_camera_info()
        except Exception as error:  # libcamera itself failed to start
            raise CameraError(f"libcamera cannot list the cameras ({error})") from None
        if len(cameras) <= camera_num:
            raise CameraError("no camera on the CSI port: check the ribbon at both ends (the contacts face "
                              "the board's contacts) and run rpicam-hello --list-cameras")
        self._camera = None
        try:
            camera = Picamera2(camera_num)
            self._camera = camera
            config = camera.create_preview_configuration(main={"size": tuple(size), "format": "RGB888"})
            camera.configure(config)
            if "AfMode" in getattr(camera, "camera_controls", {}):
                camera.set_controls({"AfMode": 2})  # continuous autofocus (Camera Module 3)
            camera.start()
        except Exception as error:
            self.close()
            text = str(error).strip() or type(error).__name__
            if "busy" in text.lower():
                raise CameraError("the Pi's camera is in use by another program (stop it, or the companion "
                                  "service, first)") from None
            raise CameraError(f"the Pi's camera cannot be started ({text})") from None

    def read(self):
        if self._camera is None:
            return None
        try:
            frame = self._camera.capture_array("main")
        except Exception as error:
            raise CameraError(f"the Pi's camera stopped giving pictures ({str(error).strip() or type(error).__name__})") \
                from None
        return _as_bgr(frame)

    def close(self) -> None:
        camera, self._camera = self._camera, None
        if camera is None:
            return
        for step in (camera.stop, camera.close):
            try:
                step()
            except Exception:
                pass  # closing a camera that failed to start: nothing more to free

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        self.close()


# -- choosing --------------------------------------------------------------------------------------
def on_a_pi() -> bool:
    try:
        return "Raspberry Pi" in Path("/proc/device-tree/model").read_text(errors="replace")
    except OSError:
        return False


def open_camera(spec: str | None = None) -> FrameSource:
    """The source that ``--camera SPEC`` names: a folder of pictures, a picture, a video file,
    a webcam (``0``, ``/dev/video0``), ``pi`` for the CSI camera; None or ``auto`` takes the
    Pi's camera, else the first webcam.  Raises :class:`CameraError` with a sentence."""
    if spec is None or spec == "" or spec == "auto":
        reasons = []
        if on_a_pi():
            try:
                return PiCameraSource()
            except CameraError as error:
                reasons.append(str(error))
        try:
            return CaptureSource(0, live=True)
        except CameraError as error:
            reasons.append(str(error))
        raise CameraError("no camera found: " + "; and ".join(reasons))
    if spec == "pi":
        return PiCameraSource()
    if spec.isdigit():
        return CaptureSource(int(spec), live=True)
    if re.fullmatch(r"/dev/video\d+", spec):
        if not os.path.exists(spec):
            raise CameraError(f"no webcam at {spec}: is it plugged in? (v4l2-ctl --list-devices lists the cameras)")
        return CaptureSource(int(spec[len("/dev/video"):]), live=True)
    path = Path(spec)
    if path.is_dir():
        return FolderSource(path)
    if path.is_file():
        if path.suffix.lower() in PICTURE_SUFFIXES:
            return PictureSource(path)
        return CaptureSource(str(path), live=False)
    if path.exists():
        raise CameraError(f"{path} is neither a file nor a folder (a camera is given as 0 or /dev/video0)")
    raise CameraError(f"no such file, folder or camera: {spec} (a webcam is 0 or /dev/video0, the Pi's camera pi)")
