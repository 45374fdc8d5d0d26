"""The pin map: read ``wiring/pins.toml`` (or ``$PLANCHETTE_PINS``) once, refuse a map
that cannot work.

Refused: a pin used twice; a pin that cannot do its job (the SPI NeoPixel driver
off GPIO10, the PWM driver or a passive buzzer off a hardware-PWM pin, I2C off
the bus's SDA/SCL); a pin that is not a GPIO of the 40-pin header; GPIO0/1
(the HAT ID EEPROM's bus); a misspelt table or key.

Two ways to read it: :func:`load` refuses the whole map at its first problem (the
doctor and the wiring docs: the builder fixes one thing at a time), :func:`survey`
keeps every part (table) it gets right and says why each other part is left out
(the app and the screenshots: they start whatever the file holds).
"""

from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Iterator

from firmware_py.files import MAX_DEPTH, FileProblem, quote, check_depth, read_text

DEFAULT_PATH = Path(__file__).resolve().parent.parent / "wiring" / "pins.toml"
MAX_BYTES = 64 * 1024  # the committed map is 2 KB

HEADER_GPIOS = frozenset(range(2, 28))
HARDWARE_PWM = {12: "PWM0", 13: "PWM1", 18: "PWM0", 19: "PWM1"}
SPI0 = {"MOSI": 10, "MISO": 9, "SCLK": 11, "CE0": 8, "CE1": 7}
I2C_BUSES = {1: (2, 3)}  # bus: (SDA, SCL) on the 40-pin header
DRIVERS = ("spi", "pwm", "pi5")
BUZZER_KINDS = ("passive", "active")

# BCM GPIO -> physical header pin, for the wiring table
HEADER_PIN = {
    2: 3, 3: 5, 4: 7, 17: 11, 27: 13, 22: 15, 10: 19, 9: 21, 11: 23, 5: 29, 6: 31, 13: 33,
    19: 35, 26: 37, 14: 8, 15: 10, 18: 12, 23: 16, 24: 18, 25: 22, 8: 24, 7: 26, 12: 32,
    16: 36, 20: 38, 21: 40,
}


class PinMapError(ValueError):
    """A pin map that cannot work, in a sentence for the builder."""


@dataclass(frozen=True)
class PinMap:
    pentagram_data: int
    pentagram_driver: str
    buzzer: int
    buzzer_kind: str
    button_yes: int
    button_no: int
    button_undo: int
    i2c_bus: int
    adc_address: int
    adc_sda: int
    adc_scl: int
    adc_alert_rdy: int
    knock_module: int | None = None

    def uses(self) -> list[tuple[int, str]]:
        """Every pin and what it does, in the order a builder wires them."""
        return [(pin, role) for pin, role, _part in self.parts()]

    def parts(self) -> list[tuple[int, str, str]]:
        """Every pin, what it does and the part (the table) it belongs to; a part left out
        of a partial map (None) has no pins."""
        uses = [
            (self.pentagram_data, f"NeoPixel data ({self.pentagram_driver})", "pentagram"),
            (self.buzzer, f"buzzer ({self.buzzer_kind})", "buzzer"),
            (self.button_yes, "yes button", "buttons"),
            (self.button_no, "no button", "buttons"),
            (self.button_undo, "undo button", "buttons"),
            (self.adc_sda, f"I2C{self.i2c_bus} SDA (ADS1115)", "adc"),
            (self.adc_scl, f"I2C{self.i2c_bus} SCL (ADS1115)", "adc"),
            (self.adc_alert_rdy, "ADS1115 ALERT/RDY", "adc"),
            (self.knock_module, "digital knock module", "knock_module"),
        ]
        return [use for use in uses if use[0] is not None]

    def reserved(self) -> dict[int, str]:
        """Pins a bus claims although nothing of ours is wired to them."""
        if self.pentagram_driver == "spi":
            return {pin: f"SPI0 {name}" for name, pin in SPI0.items() if pin != self.pentagram_data}
        return {}


def _int(table: dict, key: str, section: str, required: bool = True) -> Any:
    if key not in table:
        if required:
            raise PinMapError(f"[{section}] needs {key} = <BCM GPIO number>")
        return None
    value = table[key]
    if isinstance(value, bool) or not isinstance(value, int):
        raise PinMapError(f"[{section}] {key} must be a whole number, not {quote(value)}")
    if abs(value) > 0xFFFF:  # no pin, bus or address comes near; and a sentence must not echo 400 digits
        raise PinMapError(f"[{section}] {key} is far too large for a pin, a bus or an address ({quote(value)})")
    return value


def _choice(table: dict, key: str, section: str, choices: tuple[str, ...]) -> str:
    value = table.get(key, choices[0])
    if not isinstance(value, str) or value not in choices:
        raise PinMapError(f"[{section}] {key} must be one of {', '.join(choices)}, not {quote(value)}")
    return value


KNOWN_KEYS = {
    "pentagram": {"data", "driver"},
    "buzzer": {"pin", "kind"},
    "buttons": {"yes", "no", "undo"},
    "adc": {"bus", "address", "sda", "scl", "alert_rdy"},
    "knock_module": {"pin"},
}
PARTS = tuple(KNOWN_KEYS)  # each table is one part of the box
PART_NAMES = {"pentagram": "the pentagram is", "buzzer": "the buzzer is", "buttons": "the buttons are",
              "adc": "the knock sensor (ADS1115) is", "knock_module": "the digital knock module is"}
FIELDS = {  # the PinMap fields each part sets
    "pentagram": ("pentagram_data", "pentagram_driver"),
    "buzzer": ("buzzer", "buzzer_kind"),
    "buttons": ("button_yes", "button_no", "button_undo"),
    "adc": ("i2c_bus", "adc_address", "adc_sda", "adc_scl", "adc_alert_rdy"),
    "knock_module": ("knock_module",),
}


def _short(name: object) -> str:
    text = str(name)
    return text if len(text) <= 40 else text[:39] + "…"


def _unknown_table(name: str) -> str:
    return f"the pin map has no table [{_short(name)}] (the tables are: {', '.join(KNOWN_KEYS)})"


def _check_keys(name: str, table: dict) -> None:
    """A misspelt key would silently drop or change a device: refuse it by name."""
    for key in table:
        if key not in KNOWN_KEYS[name]:
            known = ", ".join(sorted(KNOWN_KEYS[name]))
            raise PinMapError(f"[{name}] has no key {quote(key)} (its keys are: {known})")


def _check_names(data: dict) -> None:
    """A misspelt table or key would silently drop a device: refuse it by name."""
    for name, table in data.items():
        if name not in KNOWN_KEYS:
            raise PinMapError(_unknown_table(name))
        if isinstance(table, dict):
            _check_keys(name, table)


def _part(data: dict, part: str) -> dict[str, Any]:
    """The PinMap fields of one table; PinMapError for anything wrong inside it."""
    table = data.get(part)
    if part == "knock_module":
        if table is None:
            return {"knock_module": None}  # optional: no module fitted
        if not isinstance(table, dict) or "pin" not in table:
            raise PinMapError("[knock_module] needs pin = <BCM GPIO number> (or delete the table if no module is fitted)")
    elif not isinstance(table, dict):
        raise PinMapError(f"the pin map needs a [{part}] table")
    _check_keys(part, table)
    if part == "pentagram":
        return {"pentagram_data": _int(table, "data", part),
                "pentagram_driver": _choice(table, "driver", part, DRIVERS)}
    if part == "buzzer":
        return {"buzzer": _int(table, "pin", part), "buzzer_kind": _choice(table, "kind", part, BUZZER_KINDS)}
    if part == "buttons":
        return {f"button_{name}": _int(table, name, part) for name in ("yes", "no", "undo")}
    if part == "adc":
        return {"i2c_bus": _int(table, "bus", part), "adc_address": _int(table, "address", part),
                "adc_sda": _int(table, "sda", part), "adc_scl": _int(table, "scl", part),
                "adc_alert_rdy": _int(table, "alert_rdy", part)}
    return {"knock_module": _int(table, "pin", part)}


def parse(data: dict) -> PinMap:
    """The whole map, or PinMapError for its first problem (the doctor's and the wiring docs' way)."""
    _check_names(data)
    fields: dict[str, Any] = {}
    for part in PARTS:
        fields.update(_part(data, part))
    pins = PinMap(**fields)
    validate(pins)
    return pins


def validate(pins: PinMap) -> None:
    """Refuse a map that cannot work, naming the pin and the reason."""
    for _parts, sentence in problems(pins):
        raise PinMapError(sentence)


def problems(pins: PinMap) -> Iterator[tuple[tuple[str, ...], str]]:
    """Every reason the map cannot work, each with the parts it touches.  Parts whose fields
    are None (left out of a partial map) are not looked at."""
    seen: dict[int, tuple[str, str]] = {}
    reserved = pins.reserved()
    for pin, role, part in pins.parts():
        if pin in (0, 1):
            yield (part,), f"GPIO{pin} ({role}) is reserved for the HAT ID EEPROM; choose another pin"
        elif pin not in HEADER_GPIOS:
            yield (part,), f"GPIO{pin} ({role}) is not a GPIO on the 40-pin header (use 2 to 27)"
        elif pin in seen:
            yield (seen[pin][1], part), f"GPIO{pin} is used twice: for the {seen[pin][0]} and the {role}"
        elif pin in reserved:
            yield (part,), f"GPIO{pin} ({role}) belongs to {reserved[pin]} while the pentagram uses SPI"
        else:
            seen[pin] = (role, part)
    if pins.pentagram_driver == "spi" and pins.pentagram_data != SPI0["MOSI"]:
        yield ("pentagram",), (f"the SPI NeoPixel driver sends data on SPI0 MOSI, GPIO10, "
                               f"not GPIO{pins.pentagram_data}")
    if pins.pentagram_driver == "pwm" and pins.pentagram_data not in HARDWARE_PWM:
        yield ("pentagram",), ("the PWM NeoPixel driver needs a hardware-PWM pin (GPIO12, 13, 18 or 19), "
                               f"not GPIO{pins.pentagram_data}")
    if pins.buzzer_kind == "passive" and pins.buzzer not in HARDWARE_PWM:
        yield ("buzzer",), f"a passive buzzer plays tones with PWM: use GPIO12, 13, 18 or 19, not GPIO{pins.buzzer}"
    elif (pins.pentagram_driver == "pwm" and pins.buzzer_kind == "passive" and pins.pentagram_data in HARDWARE_PWM
          and HARDWARE_PWM[pins.buzzer] == HARDWARE_PWM[pins.pentagram_data]):
        yield ("buzzer", "pentagram"), (
            f"the buzzer (GPIO{pins.buzzer}) and the PWM NeoPixels (GPIO{pins.pentagram_data}) "
            f"would share {HARDWARE_PWM[pins.buzzer]}; put them on different PWM channels")
    if pins.i2c_bus is None:
        return
    if pins.i2c_bus not in I2C_BUSES:
        yield ("adc",), f"the ADS1115 must be on I2C bus 1 (GPIO2/GPIO3), not bus {pins.i2c_bus}"
    elif (pins.adc_sda, pins.adc_scl) != I2C_BUSES[pins.i2c_bus]:
        sda, scl = I2C_BUSES[pins.i2c_bus]
        yield ("adc",), (f"I2C bus {pins.i2c_bus} is SDA GPIO{sda} and SCL GPIO{scl}, "
                         f"not GPIO{pins.adc_sda}/GPIO{pins.adc_scl}")
    if not 0x48 <= pins.adc_address <= 0x4B:
        yield ("adc",), f"an ADS1115 answers at 0x48 to 0x4B (its ADDR pin), not {pins.adc_address:#04x}"


# -- reading the file -------------------------------------------------------------------------
def default_path() -> Path:
    """``$PLANCHETTE_PINS``, else the repository's ``wiring/pins.toml``."""
    return Path(os.environ["PLANCHETTE_PINS"]) if os.environ.get("PLANCHETTE_PINS") else DEFAULT_PATH


def _read(path: Path) -> dict:
    """The file's TOML; PinMapError with a sentence for a file that cannot be read at all."""
    try:
        text = read_text(path, MAX_BYTES)
    except FileNotFoundError:
        raise PinMapError(f"there is no pin map at {path}") from None
    except FileProblem as problem:
        raise PinMapError(f"the pin map {path} {problem}") from None
    try:
        data = tomllib.loads(text)
        check_depth(data)
    except tomllib.TOMLDecodeError as error:
        raise PinMapError(f"the pin map {path} is not valid TOML: {error}") from None
    except (ValueError, RecursionError, FileProblem) as error:  # 5,000 digits; [[[[…]]]]
        problem = error if isinstance(error, FileProblem) else (
            "holds a number longer than any value it keeps" if isinstance(error, ValueError)
            else f"nests deeper than {MAX_DEPTH} levels")
        raise PinMapError(f"the pin map {path} {problem}") from None
    return data


def load(path: str | Path | None = None) -> PinMap:
    """The pin map from ``path`` (default: :func:`default_path`); PinMapError with a sentence
    if any of it is unusable."""
    return parse(_read(Path(path) if path is not None else default_path()))


@dataclass(frozen=True)
class Survey:
    """What the box can use of a pin map whatever it holds: the pins of each part that is
    right (a part left out has None in its fields) and a sentence for each part left out.
    A file that cannot be read at all leaves every part out (``pins`` is None)."""

    path: Path
    pins: PinMap | None
    left_out: dict[str, str] = field(default_factory=dict)  # part -> why
    notes: tuple[str, ...] = ()  # what is ignored without leaving anything out
    unusable: str | None = None  # why nothing of the file could be used

    def warnings(self) -> dict[str, str]:
        """Health warnings, by name: the builder's to fix, the app's to show."""
        if self.unusable is not None:
            return {"pin map": f"{self.unusable}; the box runs without its hardware until it is fixed"}
        found = {f"pin map [{part}]": f"{self.path}: {why}; {PART_NAMES[part]} left out until it is fixed"
                 for part, why in self.left_out.items()}
        if self.notes:
            found["pin map"] = f"{self.path}: " + "; ".join(self.notes) + " (ignored)"
        return found


def survey(path: str | Path | None = None) -> Survey:
    """The pin map, keeping every part it gets right (the app's way: it starts whatever
    the file holds, and runs without the parts an error touches)."""
    path = Path(path) if path is not None else default_path()
    try:
        data = _read(path)
    except PinMapError as error:
        return Survey(path, None, dict.fromkeys(PARTS, str(error)), unusable=str(error))
    notes = tuple(_unknown_table(name) for name in data if name not in KNOWN_KEYS)
    left_out: dict[str, str] = {}
    fields: dict[str, Any] = {}
    for part in PARTS:
        try:
            fields.update(_part(data, part))
        except PinMapError as error:
            left_out[part] = str(error)
            fields.update(dict.fromkeys(FIELDS[part]))
    pins = PinMap(**fields)
    for parts, sentence in problems(pins):
        for part in parts:
            left_out.setdefault(part, sentence)
    pins = replace(pins, **{name: None for part in left_out for name in FIELDS[part]})
    return Survey(path, pins, left_out, notes)
