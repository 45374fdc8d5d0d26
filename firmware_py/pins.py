"""The pin map: read ``wiring/pins.toml`` once, refuse a map that cannot work.

Refused: a pin used twice; a pin that cannot do its job (the SPI NeoPixel driver
off GPIO10, the PWM driver or a passive buzzer off a hardware-PWM pin, I2C off
the bus's SDA/SCL); a pin that is not a GPIO of the 40-pin header; GPIO0/1
(the HAT ID EEPROM's bus).
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

DEFAULT_PATH = Path(__file__).resolve().parent.parent / "wiring" / "pins.toml"

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
        uses = [
            (self.pentagram_data, f"NeoPixel data ({self.pentagram_driver})"),
            (self.buzzer, f"buzzer ({self.buzzer_kind})"),
            (self.button_yes, "yes button"),
            (self.button_no, "no button"),
            (self.button_undo, "undo button"),
            (self.adc_sda, f"I2C{self.i2c_bus} SDA (ADS1115)"),
            (self.adc_scl, f"I2C{self.i2c_bus} SCL (ADS1115)"),
            (self.adc_alert_rdy, "ADS1115 ALERT/RDY"),
        ]
        if self.knock_module is not None:
            uses.append((self.knock_module, "digital knock module"))
        return uses

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
        raise PinMapError(f"[{section}] {key} must be a whole number, not {value!r}")
    return value


def _knock_module_pin(data: dict) -> int | None:
    if "knock_module" not in data:
        return None
    if not isinstance(data["knock_module"], dict) or "pin" not in data["knock_module"]:
        raise PinMapError("[knock_module] needs pin = <BCM GPIO number> (or delete the table if no module is fitted)")
    return _int(data["knock_module"], "pin", "knock_module")


def _choice(table: dict, key: str, section: str, choices: tuple[str, ...]) -> str:
    value = table.get(key, choices[0])
    if value not in choices:
        raise PinMapError(f"[{section}] {key} must be one of {', '.join(choices)}, not {value!r}")
    return value


KNOWN_KEYS = {
    "pentagram": {"data", "driver"},
    "buzzer": {"pin", "kind"},
    "buttons": {"yes", "no", "undo"},
    "adc": {"bus", "address", "sda", "scl", "alert_rdy"},
    "knock_module": {"pin"},
}


def _check_names(data: dict) -> None:
    """A misspelt table or key would silently drop a device: refuse it by name."""
    for name, table in data.items():
        if name not in KNOWN_KEYS:
            raise PinMapError(f"the pin map has no table [{name}] (the tables are: {', '.join(KNOWN_KEYS)})")
        if isinstance(table, dict):
            for key in table:
                if key not in KNOWN_KEYS[name]:
                    known = ", ".join(sorted(KNOWN_KEYS[name]))
                    raise PinMapError(f"[{name}] has no key {key!r} (its keys are: {known})")


def parse(data: dict) -> PinMap:
    _check_names(data)

    def section(name: str, required: bool = True) -> dict:
        table = data.get(name)
        if table is None and not required:
            return {}
        if not isinstance(table, dict):
            raise PinMapError(f"the pin map needs a [{name}] table")
        return table

    pentagram, buzzer, buttons, adc = section("pentagram"), section("buzzer"), section("buttons"), section("adc")
    pins = PinMap(
        pentagram_data=_int(pentagram, "data", "pentagram"),
        pentagram_driver=_choice(pentagram, "driver", "pentagram", DRIVERS),
        buzzer=_int(buzzer, "pin", "buzzer"),
        buzzer_kind=_choice(buzzer, "kind", "buzzer", BUZZER_KINDS),
        button_yes=_int(buttons, "yes", "buttons"),
        button_no=_int(buttons, "no", "buttons"),
        button_undo=_int(buttons, "undo", "buttons"),
        i2c_bus=_int(adc, "bus", "adc"),
        adc_address=_int(adc, "address", "adc"),
        adc_sda=_int(adc, "sda", "adc"),
        adc_scl=_int(adc, "scl", "adc"),
        adc_alert_rdy=_int(adc, "alert_rdy", "adc"),
        knock_module=_knock_module_pin(data),
    )
    validate(pins)
    return pins


def validate(pins: PinMap) -> None:
    """Refuse a map that cannot work, naming the pin and the reason."""
    seen: dict[int, str] = {}
    reserved = pins.reserved()
    for pin, role in pins.uses():
        if pin in (0, 1):
            raise PinMapError(f"GPIO{pin} ({role}) is reserved for the HAT ID EEPROM; choose another pin")
        if pin not in HEADER_GPIOS:
            raise PinMapError(f"GPIO{pin} ({role}) is not a GPIO on the 40-pin header (use 2 to 27)")
        if pin in seen:
            raise PinMapError(f"GPIO{pin} is used twice: for the {seen[pin]} and the {role}")
        if pin in reserved:
            raise PinMapError(f"GPIO{pin} ({role}) belongs to {reserved[pin]} while the pentagram uses SPI")
        seen[pin] = role
    if pins.pentagram_driver == "spi" and pins.pentagram_data != SPI0["MOSI"]:
        raise PinMapError(f"the SPI NeoPixel driver sends data on SPI0 MOSI, GPIO10, not GPIO{pins.pentagram_data}")
    if pins.pentagram_driver == "pwm" and pins.pentagram_data not in HARDWARE_PWM:
        raise PinMapError(
            f"the PWM NeoPixel driver needs a hardware-PWM pin (GPIO12, 13, 18 or 19), not GPIO{pins.pentagram_data}"
        )
    if pins.buzzer_kind == "passive" and pins.buzzer not in HARDWARE_PWM:
        raise PinMapError(
            f"a passive buzzer plays tones with PWM: use GPIO12, 13, 18 or 19, not GPIO{pins.buzzer}"
        )
    if pins.pentagram_driver == "pwm" and pins.buzzer_kind == "passive":
        if HARDWARE_PWM[pins.buzzer] == HARDWARE_PWM[pins.pentagram_data]:
            raise PinMapError(
                f"the buzzer (GPIO{pins.buzzer}) and the PWM NeoPixels (GPIO{pins.pentagram_data}) "
                f"would share {HARDWARE_PWM[pins.buzzer]}; put them on different PWM channels"
            )
    if pins.i2c_bus not in I2C_BUSES:
        raise PinMapError(f"the ADS1115 must be on I2C bus 1 (GPIO2/GPIO3), not bus {pins.i2c_bus}")
    if (pins.adc_sda, pins.adc_scl) != I2C_BUSES[pins.i2c_bus]:
        sda, scl = I2C_BUSES[pins.i2c_bus]
        raise PinMapError(f"I2C bus {pins.i2c_bus} is SDA GPIO{sda} and SCL GPIO{scl}, not GPIO{pins.adc_sda}/GPIO{pins.adc_scl}")
    if not 0x48 <= pins.adc_address <= 0x4B:
        raise PinMapError(f"an ADS1115 answers at 0x48 to 0x4B (its ADDR pin), not {pins.adc_address:#04x}")


def load(path: str | Path = DEFAULT_PATH) -> PinMap:
    """The pin map from ``path``; PinMapError with a sentence if it is unusable."""
    try:
        with open(path, "rb") as handle:
            data = tomllib.load(handle)
    except FileNotFoundError:
        raise PinMapError(f"there is no pin map at {path}") from None
    except tomllib.TOMLDecodeError as error:
        raise PinMapError(f"the pin map {path} is not valid TOML: {error}") from None
    except UnicodeDecodeError:
        raise PinMapError(f"the pin map {path} is not UTF-8 text") from None
    except OSError as error:
        raise PinMapError(f"cannot read the pin map {path}: {error.strerror}") from None
    return parse(data)
