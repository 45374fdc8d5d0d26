"""The box's settings, kept beside the journal as JSON: brightness, volume, which
inputs are fitted (the camera among them) and where the taught deck is.  Whatever the file holds (or whatever stands in its place:
a folder, a pipe, a huge file), the companion starts: a file that cannot be used is
one sentence and the defaults; the screen's settings page writes it back whole."""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path

from firmware_py.box import KNOCK_OPTIONS, Fitted
from firmware_py.files import FileProblem, quote, read_json
from firmware_py.places import state_folder

MAX_BYTES = 64 * 1024  # the file holds a few lines


@dataclass(frozen=True)
class Settings:
    brightness: float = 0.6  # the pentagram's master brightness, 0–1
    volume: float = 1.0  # 0 mutes the buzzer
    fitted: Fitted = field(default_factory=Fitted)
    deck: str = ""  # the taught deck the camera reads against ("": the folder "deck" beside the settings)

    def with_(self, **changes) -> "Settings":
        return replace(self, **changes)


def settings_path() -> Path:
    """``$PLANCHETTE_SETTINGS``, else ``settings.json`` beside the journal."""
    if os.environ.get("PLANCHETTE_SETTINGS"):
        return Path(os.environ["PLANCHETTE_SETTINGS"])
    return state_folder() / "settings.json"


def _fraction(data: dict, key: str, default: float) -> float:
    value = data.get(key, default)
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= 1:
        raise ValueError(f"{key} must be a number from 0 to 1, not {quote(value)}")
    return float(value)


def parse(data: object) -> Settings:
    if not isinstance(data, dict):
        raise ValueError("the settings file must hold a JSON object")
    fitted = data.get("fitted", {})
    if not isinstance(fitted, dict):
        raise ValueError("fitted must be an object such as {\"knock\": \"adc\"}")
    flags = {}
    for name in ("pentagram", "circle", "buzzer", "buttons", "camera"):
        value = fitted.get(name, getattr(Fitted(), name))
        if not isinstance(value, bool):
            raise ValueError(f"fitted.{name} must be true or false, not {quote(value)}")
        flags[name] = value
    knock = fitted.get("knock", "adc")
    if not isinstance(knock, str) or knock not in KNOCK_OPTIONS:
        raise ValueError(f"fitted.knock must be one of {', '.join(KNOCK_OPTIONS)}, not {quote(knock)}")
    deck = data.get("deck", "")
    if not isinstance(deck, str) or len(deck) > 4096 or "\0" in deck:
        raise ValueError(f"deck must be the path of a deck folder, not {quote(deck)}")
    return Settings(_fraction(data, "brightness", Settings.brightness), _fraction(data, "volume", Settings.volume),
                    Fitted(knock=knock, **flags), deck)


def deck_folder(settings: Settings, path: Path | None = None) -> Path:
    """The taught deck's folder: the settings' own, else ``deck`` beside the settings file."""
    if settings.deck:
        return Path(settings.deck).expanduser()
    return (path or settings_path()).with_name("deck")


def load(path: Path | None = None) -> tuple[Settings, str | None]:
    """The settings, and a warning sentence when the file had to be ignored."""
    path = path or settings_path()
    try:
        data = read_json(path, MAX_BYTES)
    except FileNotFoundError:
        return Settings(), None
    except FileProblem as problem:
        return Settings(), f"the settings file {path} {problem}; using the defaults"
    try:
        return parse(data), None
    except ValueError as error:
        return Settings(), f"the settings file {path} is not usable ({error}); using the defaults"


def save(settings: Settings, path: Path | None = None) -> None:
    """Write atomically (a power cut leaves the old file or the new, never half)."""
    path = path or settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(path.name + ".tmp")
    with open(temporary, "w", encoding="utf-8") as handle:
        json.dump(asdict(settings), handle, indent=2)
        handle.flush()
        os.fsync(handle.fileno())
    os.replace(temporary, path)
