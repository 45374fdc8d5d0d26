"""The frame sources (firmware_py/camera.py) against fakes of picamera2 and cv2.VideoCapture,
the recordings (a picture, a folder, a video) on real files, and the faults a frame shows.
Every fault must come out as a sentence (CameraError), never as a library's traceback."""

from __future__ import annotations

import functools
import sys
import types

import cv2
import numpy as np
import pytest

from firmware_py import camera
from firmware_py.camera import (CameraError, CaptureSource, FolderSource, FrameWatch, PiCameraSource, PictureSource,
                                frame_warning, open_camera)


def table_frame(seed: int = 0, size=(720, 1280), light: float = 1.0, card: bool = True) -> np.ndarray:
    """A wood-brown table with grain and a white card on it (BGR)."""
    rng = np.random.default_rng(seed)
    h, w = size
    grain = np.sin(np.linspace(0, 40, w))[None, :] * 12 + rng.normal(0, 6, (h, w))
    frame = np.empty((h, w, 3), np.float32)
    frame[..., 0], frame[..., 1], frame[..., 2] = 60 + grain, 100 + grain, 150 + grain
    if card:
        cv2.rectangle(frame, (500, 250), (600, 390), (235, 235, 235), -1)
        cv2.circle(frame, (550, 320), 25, (40, 40, 40), 4)
    return np.clip(frame * light, 0, 255).astype(np.uint8)


# -- faults a frame shows --------------------------------------------------------------------------
def test_a_table_with_a_card_is_fine():
    assert frame_warning(table_frame()) is None


def test_a_lens_cap_is_black():
    assert "the camera sees black: the lens is covered" in frame_warning(np.full((720, 1280, 3), 3, np.uint8))


def flat(colour, seed=0):
    """An evenly lit plain surface with the sensor's noise: an empty felt mat, or a hand on the lens."""
    noise = np.random.default_rng(seed).normal(0, 3, (720, 1280, 1))
    return np.clip(np.float32(colour) + noise, 0, 255).astype(np.uint8)


def test_an_empty_mat_is_not_a_covered_lens():
    felt = (60, 110, 50)
    watch = FrameWatch()
    assert watch.check(flat(felt)) is None  # nothing seen yet: an empty mat is fine
    assert watch.table is None
    with_cards = flat(felt)
    for x in (300, 600, 900):
        cv2.rectangle(with_cards, (x, 250), (x + 100, 390), (235, 235, 235), -1)
    assert watch.check(with_cards) is None
    assert np.abs(watch.table - felt).max() < 4  # the table's colour, not the cards'
    assert watch.check(flat(felt, seed=1)) is None  # the cards taken away: the empty table again
    hand = (120, 150, 200)
    assert "not the table: the lens is covered" in watch.check(flat(hand))
    assert "the lens is covered" in frame_warning(flat(hand), table=felt)
    assert frame_warning(flat(hand)) is None  # without the table's colour, a flat picture may be a mat


def test_too_little_light():
    dim = table_frame(light=0.15)
    noisy = np.clip(dim.astype(np.int16) + np.random.default_rng(1).normal(0, 2, dim.shape), 0, 255).astype(np.uint8)
    warning = frame_warning(noisy)
    assert warning is not None and "too dark" in warning


def test_a_dark_cloth_with_bright_cards_is_not_too_dark():
    frame = np.full((720, 1280, 3), 18, np.uint8)
    for x in range(100, 1200, 220):
        cv2.rectangle(frame, (x, 200), (x + 100, 340), (230, 230, 230), -1)
    assert frame_warning(frame) is None


def test_a_dark_table_with_one_small_card_back_is_not_too_dark():
    frame = flat((20, 30, 45))  # dark wood, mean grey about 30
    cv2.rectangle(frame, (1100, 500), (1180, 610), (120, 70, 60), -1)  # a dark blue back...
    cv2.rectangle(frame, (1100, 500), (1180, 610), (150, 150, 150), 3)  # ...with a light border
    assert frame_warning(frame) is None


def test_washed_out_and_empty():
    assert "washed out" in frame_warning(np.clip(table_frame().astype(np.int16) + 160, 0, 255).astype(np.uint8))
    assert "empty" in frame_warning(np.zeros((0, 0, 3), np.uint8))


# -- a fake picamera2 ------------------------------------------------------------------------------
class FakePicamera2:
    """What our code may use of picamera2's Picamera2, recording it."""

    cameras = [{"Model": "imx708", "Num": 0}]
    start_error: Exception | None = None
    capture_error: Exception | None = None
    instances: list["FakePicamera2"] = []

    def __init__(self, camera_num=0):
        self.camera_num = camera_num
        self.configured = None
        self.controls = {}
        self.camera_controls = {"AfMode": (0, 2, 0), "ExposureTime": (1, 1000000, 20000)}
        self.started = self.stopped = self.closed = False
        type(self).instances.append(self)

    @classmethod
    def global_camera_info(cls):
        return list(cls.cameras)

    def create_preview_configuration(self, main=None, **kwargs):
        return {"use_case": "preview", "main": dict(main or {}), **kwargs}

    def create_still_configuration(self, main=None, **kwargs):
        return {"use_case": "still", "main": dict(main or {}), **kwargs}

    def configure(self, config):
        self.configured = config

    def set_controls(self, controls):
        self.controls.update(controls)

    def start(self):
        if self.start_error is not None:
            raise self.start_error
        self.started = True

    def capture_array(self, name="main"):
        if self.capture_error is not None:
            raise self.capture_error
        w, h = self.configured["main"]["size"]
        frame = np.zeros((h, w, 3), np.uint8)
        frame[..., 0] = 200  # in memory B, G, R: "RGB888" is blue first
        return frame

    def stop(self):
        self.stopped = True

    def close(self):
        self.closed = True


@pytest.fixture
def picamera2(monkeypatch):
    module = types.ModuleType("picamera2")
    fake = type("Picamera2", (FakePicamera2,), {"instances": [], "cameras": list(FakePicamera2.cameras)})
    module.Picamera2 = fake
    monkeypatch.setitem(sys.modules, "picamera2", module)
    return fake


def test_pi_camera_is_configured_for_opencv(picamera2):
    with PiCameraSource() as source:
        (cam,) = picamera2.instances
        assert cam.configured["use_case"] == "preview"  # frames keep flowing; a still config is for single shots
        assert cam.configured["main"] == {"size": (1280, 720), "format": "RGB888"}
        assert cam.controls == {"AfMode": 2} and cam.started
        frame = source.read()
        assert frame.shape == (720, 1280, 3) and frame[0, 0].tolist() == [200, 0, 0]  # no channel swap
        assert source.live and not source.stills
    assert cam.stopped and cam.closed
    assert source.read() is None


def test_pi_camera_without_autofocus_sets_no_control(picamera2, monkeypatch):
    monkeypatch.setattr(picamera2, "__init__", lambda self, n=0: (FakePicamera2.__init__(self, n),
                                                                   setattr(self, "camera_controls", {}))[0])
    with PiCameraSource():
        assert picamera2.instances[0].controls == {}


def test_off_a_pi_picamera2_is_missing(monkeypatch):
    monkeypatch.setitem(sys.modules, "picamera2", None)  # import raises ImportError
    with pytest.raises(CameraError, match="picamera2 is not installed.*python3-picamera2"):
        PiCameraSource()


def test_picamera2_against_numpy_2(monkeypatch):
    class Breaks:
        def find_spec(self, name, path=None, target=None):
            if name == "picamera2":
                raise ValueError("numpy.dtype size changed, may indicate binary incompatibility")
            return None

    monkeypatch.delitem(sys.modules, "picamera2", raising=False)
    monkeypatch.setattr(sys, "meta_path", [Breaks(), *sys.meta_path])
    with pytest.raises(CameraError, match="NumPy below 2"):
        PiCameraSource()


def test_no_camera_on_the_ribbon(picamera2):
    picamera2.cameras = []
    with pytest.raises(CameraError, match="no camera on the CSI port.*ribbon"):
        PiCameraSource()
    assert picamera2.instances == []


def test_a_busy_camera_is_closed_and_named(picamera2):
    picamera2.start_error = RuntimeError("Failed to acquire camera: Device or resource busy")
    with pytest.raises(CameraError, match="in use by another program"):
        PiCameraSource()
    assert picamera2.instances[0].closed


def test_a_camera_that_fails_while_running(picamera2):
    source = PiCameraSource()
    picamera2.capture_error = RuntimeError("Camera frontend has timed out!")
    with pytest.raises(CameraError, match="stopped giving pictures.*timed out"):
        source.read()
    source.close()


# -- a fake cv2.VideoCapture -----------------------------------------------------------------------
class FakeCapture:
    opened = True
    frames: list = []
    made: list["FakeCapture"] = []

    def __init__(self, target, api=None):
        self.target, self.api = target, api
        self.props = {}
        self.released = False
        self._frames = list(type(self).frames)
        type(self).made.append(self)

    def isOpened(self):
        return self.opened

    def set(self, prop, value):
        self.props[prop] = value
        return True

    def read(self):
        if not self._frames:
            return False, None
        return True, self._frames.pop(0)

    def release(self):
        self.released = True


@pytest.fixture
def capture(monkeypatch):
    fake = type("FakeCapture", (FakeCapture,), {"made": [], "frames": [table_frame(), table_frame(1)]})
    monkeypatch.setattr(cv2, "VideoCapture", fake)
    return fake


def test_a_webcam_is_asked_for_720p_and_the_newest_frame(capture):
    with open_camera("0") as source:
        (cap,) = capture.made
        assert cap.target == 0 and cap.api == cv2.CAP_V4L2
        assert cap.props[cv2.CAP_PROP_FRAME_WIDTH] == 1280 and cap.props[cv2.CAP_PROP_FRAME_HEIGHT] == 720
        assert cap.props[cv2.CAP_PROP_BUFFERSIZE] == 1
        assert source.read().shape == (720, 1280, 3)
        source.read()
        with pytest.raises(CameraError, match="stopped giving pictures"):
            source.read()  # a live camera that gives nothing is a fault, not the end
    assert cap.released


def test_a_webcam_that_does_not_open(capture):
    capture.opened = False
    with pytest.raises(CameraError, match="no webcam answers at /dev/video2"):
        CaptureSource(2, live=True)
    assert capture.made[0].released


def test_a_missing_video_device(tmp_path):
    with pytest.raises(CameraError, match="no webcam at /dev/video97"):
        open_camera("/dev/video97")


def test_auto_off_a_pi_tries_the_webcam(capture, monkeypatch):
    monkeypatch.setattr(camera, "on_a_pi", lambda: False)
    capture.opened = False
    with pytest.raises(CameraError, match="^no camera found: no webcam answers at /dev/video0"):
        open_camera(None)


def test_auto_on_a_pi_falls_back_to_the_webcam(capture, picamera2, monkeypatch):
    monkeypatch.setattr(camera, "on_a_pi", lambda: True)
    picamera2.cameras = []
    with open_camera("auto") as source:
        assert source.name == "webcam 0"


# -- recordings on real files ----------------------------------------------------------------------
def test_a_picture_is_a_still_camera(tmp_path):
    path = tmp_path / "table.png"
    cv2.imwrite(str(path), table_frame())
    with open_camera(str(path)) as source:
        assert isinstance(source, PictureSource) and source.stills
        first, second = source.read(), source.read()
        assert first.shape == (720, 1280, 3) and np.array_equal(first, second)


def test_grey_and_alpha_pictures_become_bgr(tmp_path):
    cv2.imwrite(str(tmp_path / "grey.png"), np.full((40, 60), 128, np.uint8))
    cv2.imwrite(str(tmp_path / "alpha.png"), np.full((40, 60, 4), 128, np.uint8))
    for name in ("grey.png", "alpha.png"):
        assert PictureSource(tmp_path / name).read().shape == (40, 60, 3)


def test_a_folder_in_natural_order_then_none(tmp_path):
    for i in (10, 2, 1):
        cv2.imwrite(str(tmp_path / f"{i}.jpg"), np.full((30, 40, 3), i * 20, np.uint8))
    (tmp_path / "notes.txt").write_text("not a picture")
    with open_camera(str(tmp_path)) as source:
        assert isinstance(source, FolderSource) and source.stills
        names = []
        while source.read() is not None:
            names.append(source.current.name)
        assert names == ["1.jpg", "2.jpg", "10.jpg"]
        assert source.picture("2") is not None and source.current.name == "2.jpg"
        assert source.picture("3-star") is None


def test_bad_recordings_are_sentences(tmp_path):
    (tmp_path / "empty").mkdir()
    (tmp_path / "broken.jpg").write_bytes(b"not a jpeg at all")
    (tmp_path / "clip.mp4").write_bytes(b"not a video either")
    (tmp_path / "zero.png").write_bytes(b"")
    cases = {
        str(tmp_path / "empty"): "holds no pictures",
        str(tmp_path / "broken.jpg"): "is not a picture OpenCV can read",
        str(tmp_path / "zero.png"): "is not a picture OpenCV can read",
        str(tmp_path / "clip.mp4"): "cannot be played as a video",
        str(tmp_path / "nowhere"): "no such file, folder or camera",
    }
    for spec, sentence in cases.items():
        with pytest.raises(CameraError, match=sentence):
            open_camera(spec)


def test_a_video_plays_then_ends(tmp_path):
    path = tmp_path / "clip.avi"
    writer = cv2.VideoWriter(str(path), cv2.VideoWriter_fourcc(*"MJPG"), 10, (160, 90))
    if not writer.isOpened():
        pytest.skip("this OpenCV cannot write MJPG")
    for i in range(3):
        writer.write(cv2.resize(table_frame(i), (160, 90)))
    writer.release()
    with open_camera(str(path)) as source:
        assert not source.live and not source.stills
        frames = [source.read() for _ in range(3)]
        assert all(f is not None and f.shape == (90, 160, 3) for f in frames)
        assert source.read() is None


def test_no_opencv_is_a_sentence(monkeypatch):
    monkeypatch.setitem(sys.modules, "cv2", None)
    with pytest.raises(CameraError, match="OpenCV is not installed"):
        frame_warning(np.zeros((4, 4, 3), np.uint8))


# -- companion camera teach ------------------------------------------------------------------------
import argparse  # noqa: E402

from companion.commands import camera_teach  # noqa: E402
from companion.commands.camera_teach import Teacher  # noqa: E402
from companion.exits import CliError  # noqa: E402


def teach(argv, find=None) -> int:
    parser = argparse.ArgumentParser()
    camera_teach.add_teach(parser.add_subparsers())
    args = parser.parse_args(["teach", *argv])
    return camera_teach.cmd_teach(args, find=find)


def test_teach_from_a_folder_of_photos_named_by_card(tmp_path, capsys):
    """End to end with the renderer's deck photos and the reader's own finder: the photo of
    each card's own name is taken, whatever order the folder lists them in."""
    table_camera = pytest.importorskip("sim.table_camera")
    deck = pytest.importorskip("companion.vision.deck")
    photos, out = tmp_path / "phone", tmp_path / "deck"
    photos.mkdir()
    cards = ["1 circle", "5 star", "3 squiggle", "back"]
    for seed, card in enumerate(cards):
        cv2.imwrite(str(photos / table_camera.deck_file_name(card)),
                    table_camera.deck_photo(table_camera.STYLES[seed % len(table_camera.STYLES)], card, seed))
    cv2.imwrite(str(photos / "0-holiday.jpg"), table_frame())
    argv = [str(out), "--camera", str(photos)] + [f"--only={card}" for card in reversed(cards)]
    assert teach(argv) == 0
    assert "4 of 4 cards taught" in capsys.readouterr().out
    for card in cards:
        kept = cv2.imread(str(out / table_camera.deck_file_name(card)))
        shown = cv2.imread(str(photos / table_camera.deck_file_name(card)))
        assert np.abs(kept.astype(int) - shown).mean() < 3  # its own photo, re-encoded
        assert deck.find_card(kept) is not None  # and the reader finds the card in what teach kept


class Stream:
    """A live camera played from a list of frames (None: the camera gives out)."""

    live, stills, name = True, False, "fake camera"

    def __init__(self, frames):
        self.frames = list(frames)
        self.closed = False

    def read(self):
        if not self.frames:
            raise CameraError("the fake camera stopped giving pictures: was it unplugged?")
        return self.frames.pop(0)

    def close(self):
        self.closed = True


def card_on_table(x: int, blur: int = 0, seed: int = 0):
    frame = empty_table(seed)
    cv2.rectangle(frame, (x, 250), (x + 100, 390), (235, 235, 235), -1)
    cv2.circle(frame, (x + 50, 320), 25, (40, 40, 40), 4)
    if blur:
        frame[200:440, x - 50:x + 150] = cv2.GaussianBlur(frame[200:440, x - 50:x + 150], (blur, blur), 0)
    return frame


def bright_box(frame):
    """A fake finder: the bright card's corners, or None."""
    ys, xs = np.nonzero(frame[..., 0] > 220)
    if xs.size < 500:
        return None
    return np.float32([[xs.min(), ys.min()], [xs.max(), ys.min()], [xs.max(), ys.max()], [xs.min(), ys.max()]])


@functools.lru_cache(maxsize=4)
def _quiet_table(seed: int):
    return cv2.GaussianBlur(table_frame(seed, card=False), (9, 9), 0)  # a quiet table, no card


def empty_table(seed: int = 0):
    return _quiet_table(seed).copy()


def test_teach_waits_for_a_still_card_and_keeps_the_sharpest(tmp_path):
    sharp = card_on_table(500)
    frames = [empty_table(),
              card_on_table(300, blur=9), card_on_table(400, blur=9),  # still moving: not taken
              card_on_table(500, blur=9), sharp, card_on_table(500, blur=5), card_on_table(501, blur=9),
              empty_table(), empty_table(), empty_table(),
              card_on_table(700, blur=5), card_on_table(700, blur=5), card_on_table(700), card_on_table(700)]
    said = []
    result = Teacher(Stream(frames), tmp_path, ["3 star", "back"], find=bright_box, say=said.append,
                     clock=lambda: 0.0).run()
    assert result.taught == ["3 star", "back"] and result.missing == []
    kept = cv2.imread(str(tmp_path / "3-star.jpg"))
    assert np.abs(kept.astype(int) - sharp).mean() < 2  # the sharp frame, not a blurred one
    assert said[0].startswith("show 3 star (1 of 2): lay it face up")
    assert "got it: take the card away" in said and said[-1].startswith("show back (2 of 2): lay it face down")


def test_teach_names_a_covered_lens_once_and_a_camera_that_gives_out(tmp_path):
    black = np.full((720, 1280, 3), 2, np.uint8)
    frames = [black, black, black, card_on_table(500), card_on_table(500), card_on_table(500),
              card_on_table(500), empty_table(), empty_table(), empty_table()]
    said = []
    result = Teacher(Stream(frames), tmp_path, ["1 circle", "2 circle", "3 circle"], find=bright_box,
                     say=said.append, clock=lambda: 0.0).run()
    assert result.taught == ["1 circle"] and result.missing == ["2 circle", "3 circle"]
    assert sum("lens is covered" in line for line in said) == 1
    assert said[-1] == "warning: the fake camera stopped giving pictures: was it unplugged?"


def test_teach_gives_up_on_a_camera_that_sees_no_card(tmp_path):
    ticks = iter(range(0, 1000, 10))
    source = Stream([empty_table()] * 50)
    said = []
    result = Teacher(source, tmp_path, ["1 star", "2 star"], find=bright_box, say=said.append,
                     clock=lambda: float(next(ticks)), wait=60).run()
    assert result.missing == ["1 star", "2 star"] and said[-1] == "no card seen for 60 s"
    assert list(tmp_path.iterdir()) == []


def test_teach_from_photos_in_name_order_skips_one_without_a_card(tmp_path, capsys):
    photos = tmp_path / "photos"
    photos.mkdir()
    cv2.imwrite(str(photos / "a.png"), card_on_table(500))
    cv2.imwrite(str(photos / "b.png"), empty_table())
    with pytest.raises(CliError, match=r"1 of 3 cards taught .* still missing: 4 square, 5 square "
                                       r"\(teach them with `companion camera teach .* --only 4-square --only 5-square`"):
        teach([str(tmp_path / "deck"), "--camera", str(photos), "--only", "3-square", "--only", "4 Square",
               "--only", "5-square"], find=bright_box)
    out = capsys.readouterr().out
    assert "3 square: " in out and "no card can be seen in" in out and "4 square is left out" in out
    assert [p.name for p in (tmp_path / "deck").iterdir()] == ["3-square.jpg"]


def test_one_picture_teaches_one_card(tmp_path, capsys):
    cv2.imwrite(str(tmp_path / "one.png"), card_on_table(500))
    assert teach([str(tmp_path / "deck"), "--camera", str(tmp_path / "one.png"), "--only", "back"], find=bright_box) == 0
    assert [p.name for p in (tmp_path / "deck").iterdir()] == ["back.jpg"]


def test_teach_refusals_are_sentences(tmp_path):
    (tmp_path / "file").write_text("x")
    cases = [
        ([str(tmp_path / "deck"), "--only", "6 star"], "'6 star' is not a card of ESP's deck"),
        ([str(tmp_path / "file"), "--camera", str(tmp_path)], "is a file: the deck is a folder"),
        ([str(tmp_path / "deck"), "--camera", str(tmp_path / "nowhere")], "no such file, folder or camera"),
    ]
    cv2.imwrite(str(tmp_path / "one.png"), card_on_table(500))
    cases.append(([str(tmp_path / "deck"), "--camera", str(tmp_path / "one.png")], "one picture teaches one card"))
    for argv, sentence in cases:
        with pytest.raises(CliError, match=sentence):
            teach(argv, find=bright_box)
    assert not (tmp_path / "deck").exists()  # no refusal leaves an empty deck folder


# -- the installer's part (systemd/install.sh; the rest of it is tests/test_systemd.py's) -----------
def test_the_installer_keeps_numpy_on_the_systems_major_version(tmp_path):
    """picamera2 loads Debian's simplejpeg, built on the system's NumPy: the venv's NumPy must
    keep that major version, or picamera2 stops loading (docs/camera.md)."""
    import subprocess
    from pathlib import Path

    install = Path(__file__).resolve().parents[1] / "systemd" / "install.sh"
    text = install.read_text(encoding="utf-8")
    assert "python3-picamera2" in text.split("APT_OPTIONAL=(", 1)[1].split(")", 1)[0]
    assert 'python3 -m venv "$VENV" --system-site-packages' in text
    assert '-e "${SRC}[pi,camera]" -c "$VENV/$CONSTRAINTS"' in text
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    for version, expected in (("1.24.2", "numpy<2\n"), ("2.2.4", "numpy<3\n"), (None, "")):
        fake = bin_dir / "python3"
        fake.write_text("#!/bin/sh\n" + (f"echo {version.split('.')[0]}\n" if version else "exit 1\n"))
        fake.chmod(0o755)
        subprocess.run(["bash", "-c", f'source "{install}"; VENV="{tmp_path}"; PATH="{bin_dir}:$PATH" write_constraints'],
                       check=True, timeout=20)
        assert (tmp_path / "planchette-constraints.txt").read_text() == expected


def test_companion_camera_capture_keeps_one_picture_only_where_asked(tmp_path, capsys):
    import cv2
    import numpy as np

    from companion.cli import main

    picture = tmp_path / "table.png"
    cv2.imwrite(str(picture), np.full((72, 128, 3), 120, np.uint8))
    assert main(["camera", "capture", str(tmp_path / "out" / "kept.jpg"), "--camera", str(picture)]) == 0
    assert (tmp_path / "out" / "kept.jpg").stat().st_size > 0 and "saved what" in capsys.readouterr().out
    (tmp_path / "file").write_text("x")
    assert main(["camera", "capture", str(tmp_path / "file" / "kept.jpg"), "--camera", str(picture)]) == 2
    assert "cannot be written" in capsys.readouterr().err
