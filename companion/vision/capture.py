"""Keeping one frame of the camera, only because the user asked: a picture of the table for a
problem report (docs/camera.md, Privacy).  Written whole or not at all."""

from __future__ import annotations

import os
from pathlib import Path

import cv2


def save_frame(frame, path: str | os.PathLike) -> Path:
    """``frame`` as a JPEG (or PNG, by the name) at ``path``; raises OSError with the reason."""
    path = Path(path)
    suffix = path.suffix.lower() if path.suffix.lower() in (".jpg", ".jpeg", ".png") else ".jpg"
    ok, data = cv2.imencode(suffix, frame, [cv2.IMWRITE_JPEG_QUALITY, 92] if suffix != ".png" else [])
    if not ok:
        raise OSError("the picture could not be encoded")
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(path.name + ".tmp")
    try:
        temporary.write_bytes(data.tobytes())
        os.replace(temporary, path)
    except OSError:
        temporary.unlink(missing_ok=True)
        raise
    return path
