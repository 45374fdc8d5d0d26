"""firmware_py.pins: the one pin map every driver reads, and what it refuses.

A map that cannot work on the board is refused with one sentence that names
the pin (or the table and key) and the reason, never with a traceback.
"""

from __future__ import annotations

import copy
import dataclasses
import json
import re

import pytest

from firmware_py import pins
from firmware_py.pins import PinMapError

# A good map, written out here (not read from wiring/pins.toml) so each case below
# changes exactly one thing.
GOOD = {
    "pentagram": {"data": 10, "driver": "spi"},
    "buzzer": {"pin": 12, "kind": "passive"},
    "buttons": {"yes": 5, "no": 6, "undo": 16},
    "adc": {"bus": 1, "address": 0x48, "sda": 2, "scl": 3, "alert_rdy": 17},
    "knock_module": {"pin": 27},
}

# The Raspberry Pi's 40-pin header (physical pin -> BCM GPIO), from the published pinout.
PINOUT = {
    3: 2, 5: 3, 7: 4, 8: 14, 10: 15, 11: 17, 12: 18, 13: 27, 15: 22, 16: 23, 18: 24, 19: 10,
    21: 9, 22: 25, 23: 11, 24: 8, 26: 7, 27: 0, 28: 1, 29: 5, 31: 6, 32: 12, 33: 13, 35: 19,
    36: 16, 37: 26, 38: 20, 40: 21,
}


def toml_value(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value)
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    raise TypeError(value)


def toml_text(data: dict) -> str:
    lines = []
    for section, table in data.items():
        lines.append(f"[{section}]")
        lines += [f"{key} = {toml_value(value)}" for key, value in table.items()]
        lines.append("")
    return "\n".join(lines)


def map_with(tmp_path, changes: dict | None = None, drop: tuple[str, ...] = ()):
    """Write GOOD with ``changes`` ({"buttons.yes": 7}) and ``drop`` ("knock_module", "adc.sda")."""
    data = copy.deepcopy(GOOD)
    for dotted, value in (changes or {}).items():
        section, key = dotted.split(".")
        data.setdefault(section, {})[key] = value
    for dotted in drop:
        if "." in dotted:
            section, key = dotted.split(".")
            del data[section][key]
        else:
            del data[dotted]
    path = tmp_path / "pins.toml"
    path.write_text(toml_text(data), encoding="utf-8")
    return path


def refusal(tmp_path, changes=None, drop=()) -> str:
    with pytest.raises(PinMapError) as caught:
        pins.load(map_with(tmp_path, changes, drop))
    message = str(caught.value)
    assert "\n" not in message and "Traceback" not in message, "a refusal is one sentence"
    return message


# -- maps that work --------------------------------------------------------------------
def test_the_committed_map_loads_with_the_agreed_pins():
    loaded = pins.load()
    assert loaded == pins.PinMap(
        pentagram_data=10, pentagram_driver="spi", buzzer=12, buzzer_kind="passive",
        button_yes=5, button_no=6, button_undo=16, i2c_bus=1, adc_address=0x48,
        adc_sda=2, adc_scl=3, adc_alert_rdy=17, knock_module=27,
    )
    used = [pin for pin, _role in loaded.uses()]
    assert len(used) == len(set(used)) == 9


def test_the_good_map_written_here_loads(tmp_path):
    assert pins.load(map_with(tmp_path)) == pins.load()


def test_the_knock_module_is_optional(tmp_path):
    loaded = pins.load(map_with(tmp_path, drop=("knock_module",)))
    assert loaded.knock_module is None
    assert all("knock" not in role for _pin, role in loaded.uses())


def test_the_driver_defaults_to_spi_and_the_buzzer_to_passive(tmp_path):
    loaded = pins.load(map_with(tmp_path, drop=("pentagram.driver", "buzzer.kind")))
    assert (loaded.pentagram_driver, loaded.buzzer_kind) == ("spi", "passive")


@pytest.mark.parametrize("address", [0x48, 0x49, 0x4A, 0x4B])
def test_each_address_the_addr_pin_can_set_is_accepted(tmp_path, address):
    assert pins.load(map_with(tmp_path, {"adc.address": address})).adc_address == address


@pytest.mark.parametrize("data, buzzer", [(18, 13), (12, 19), (13, 18), (19, 12)])
def test_the_pwm_driver_works_beside_a_buzzer_on_the_other_pwm_channel(tmp_path, data, buzzer):
    loaded = pins.load(map_with(tmp_path, {"pentagram.driver": "pwm", "pentagram.data": data, "buzzer.pin": buzzer}))
    assert pins.HARDWARE_PWM[loaded.pentagram_data] != pins.HARDWARE_PWM[loaded.buzzer]


def test_an_active_buzzer_needs_no_pwm_pin(tmp_path):
    assert pins.load(map_with(tmp_path, {"buzzer.kind": "active", "buzzer.pin": 22})).buzzer == 22


def test_an_active_buzzer_may_share_a_pwm_channel_with_the_pwm_strip(tmp_path):
    """Only a passive buzzer uses the PWM hardware; an active one is switched on and off."""
    loaded = pins.load(map_with(tmp_path, {"pentagram.driver": "pwm", "pentagram.data": 18,
                                           "buzzer.kind": "active", "buzzer.pin": 12}))
    assert (loaded.pentagram_data, loaded.buzzer) == (18, 12)


@pytest.mark.parametrize("driver, data", [("pwm", 18), ("pi5", 4)])
def test_without_the_spi_driver_spi0s_pins_are_free(tmp_path, driver, data):
    loaded = pins.load(map_with(tmp_path, {"pentagram.driver": driver, "pentagram.data": data, "buzzer.pin": 13,
                                           "buttons.yes": 11,
                                           "buttons.no": 9, "buttons.undo": 8}))
    assert loaded.reserved() == {}
    assert (loaded.button_yes, loaded.button_no, loaded.button_undo) == (11, 9, 8)


def test_the_pi5_driver_takes_any_header_gpio(tmp_path):
    assert pins.load(map_with(tmp_path, {"pentagram.driver": "pi5", "pentagram.data": 26})).pentagram_data == 26


def test_the_header_table_matches_the_published_pinout():
    """The wiring docs print header pins from HEADER_PIN: it must be the real board's."""
    header_gpios = {pin: gpio for pin, gpio in PINOUT.items() if gpio >= 2}
    assert {gpio: pin for pin, gpio in header_gpios.items()} == pins.HEADER_PIN
    assert set(pins.HEADER_PIN) == set(pins.HEADER_GPIOS)


# -- two uses of one pin -----------------------------------------------------------------
@pytest.mark.parametrize("changes, gpio, roles", [
    ({"buttons.no": 5}, 5, ("yes button", "no button")),
    ({"buttons.undo": 2}, 2, ("undo button", "SDA")),
    ({"knock_module.pin": 12}, 12, ("buzzer", "knock module")),
    ({"adc.alert_rdy": 10}, 10, ("NeoPixel data", "ALERT/RDY")),
    ({"buttons.yes": 17}, 17, ("yes button", "ALERT/RDY")),
])
def test_a_pin_used_twice_is_refused_naming_both_uses(tmp_path, changes, gpio, roles):
    message = refusal(tmp_path, changes)
    assert f"GPIO{gpio} is used twice" in message
    for role in roles:
        assert role in message


# -- a pin that cannot do the job ------------------------------------------------------
@pytest.mark.parametrize("data", [12, 18, 4])
def test_the_spi_driver_must_send_on_gpio10(tmp_path, data):
    message = refusal(tmp_path, {"pentagram.data": data, "buzzer.pin": 13})
    assert f"GPIO{data}" in message and "GPIO10" in message and "SPI" in message


@pytest.mark.parametrize("data", [10, 4, 21, 26])
def test_the_pwm_driver_needs_a_hardware_pwm_pin(tmp_path, data):
    message = refusal(tmp_path, {"pentagram.driver": "pwm", "pentagram.data": data})
    assert f"GPIO{data}" in message and "hardware-PWM" in message
    assert "12, 13, 18 or 19" in message


@pytest.mark.parametrize("pin", [22, 4, 26])
def test_a_passive_buzzer_needs_a_pwm_pin(tmp_path, pin):
    message = refusal(tmp_path, {"buzzer.pin": pin})
    assert f"GPIO{pin}" in message and "passive buzzer" in message and "PWM" in message


@pytest.mark.parametrize("data, buzzer, channel", [(18, 12, "PWM0"), (12, 18, "PWM0"), (19, 13, "PWM1"),
                                                   (13, 19, "PWM1")])
def test_a_passive_buzzer_and_the_pwm_strip_cannot_share_a_channel(tmp_path, data, buzzer, channel):
    message = refusal(tmp_path, {"pentagram.driver": "pwm", "pentagram.data": data, "buzzer.pin": buzzer})
    assert f"GPIO{buzzer}" in message and f"GPIO{data}" in message and channel in message


@pytest.mark.parametrize("gpio, bus_pin", [(11, "SCLK"), (9, "MISO"), (8, "CE0"), (7, "CE1")])
def test_a_pin_of_spi0_is_refused_while_the_pentagram_uses_spi(tmp_path, gpio, bus_pin):
    message = refusal(tmp_path, {"buttons.yes": gpio})
    assert f"GPIO{gpio} (yes button)" in message and f"SPI0 {bus_pin}" in message


@pytest.mark.parametrize("changes", [{"adc.sda": 4}, {"adc.scl": 27, "knock_module.pin": 22},
                                     {"adc.sda": 3, "adc.scl": 2}])
def test_i2c_must_be_on_gpio2_and_gpio3(tmp_path, changes):
    message = refusal(tmp_path, changes)
    assert "SDA GPIO2" in message and "SCL GPIO3" in message
    sda, scl = changes.get("adc.sda", 2), changes.get("adc.scl", 3)
    assert f"GPIO{sda}/GPIO{scl}" in message


@pytest.mark.parametrize("bus", [0, 2, 3])
def test_the_adc_must_be_on_i2c_bus_1(tmp_path, bus):
    message = refusal(tmp_path, {"adc.bus": bus})
    assert f"bus {bus}" in message and "bus 1" in message


@pytest.mark.parametrize("gpio", [0, 1])
def test_the_hat_id_eeprom_pins_are_refused(tmp_path, gpio):
    message = refusal(tmp_path, {"buttons.undo": gpio})
    assert f"GPIO{gpio} (undo button)" in message and "HAT ID EEPROM" in message


@pytest.mark.parametrize("gpio", [28, 40, 99, -1])
def test_a_number_outside_the_header_is_refused(tmp_path, gpio):
    message = refusal(tmp_path, {"knock_module.pin": gpio})
    assert f"GPIO{gpio} (digital knock module)" in message and "not a GPIO on the 40-pin header" in message


@pytest.mark.parametrize("address", [0x47, 0x4C, 0x40, 0x00, 0x77])
def test_an_address_the_ads1115_cannot_have_is_refused(tmp_path, address):
    message = refusal(tmp_path, {"adc.address": address})
    assert f"{address:#04x}" in message and "0x48 to 0x4B" in message


# -- malformed files ---------------------------------------------------------------------
@pytest.mark.parametrize("table", ["pentagram", "buzzer", "buttons", "adc"])
def test_a_missing_table_is_named(tmp_path, table):
    assert refusal(tmp_path, drop=(table,)) == f"the pin map needs a [{table}] table"


@pytest.mark.parametrize("dotted", ["pentagram.data", "buzzer.pin", "buttons.yes", "buttons.no", "buttons.undo",
                                    "adc.bus", "adc.address", "adc.sda", "adc.scl", "adc.alert_rdy"])
def test_a_missing_key_is_named(tmp_path, dotted):
    section, key = dotted.split(".")
    assert refusal(tmp_path, drop=(dotted,)) == f"[{section}] needs {key} = <BCM GPIO number>"


@pytest.mark.parametrize("value, shown", [("5", "'5'"), (5.0, "5.0"), (True, "True"), ([5], "[5]")])
def test_a_value_that_is_not_a_whole_number_is_refused(tmp_path, value, shown):
    assert refusal(tmp_path, {"buttons.yes": value}) == f"[buttons] yes must be a whole number, not {shown}"


def test_a_hex_string_address_is_not_a_number(tmp_path):
    assert "[adc] address must be a whole number" in refusal(tmp_path, {"adc.address": "0x48"})


@pytest.mark.parametrize("dotted, value, choices", [
    ("pentagram.driver", "neopixel", "spi, pwm, pi5"),
    ("pentagram.driver", "SPI", "spi, pwm, pi5"),
    ("buzzer.kind", "loud", "passive, active"),
])
def test_an_unknown_choice_lists_the_choices(tmp_path, dotted, value, choices):
    section, key = dotted.split(".")
    assert refusal(tmp_path, {dotted: value}) == f"[{section}] {key} must be one of {choices}, not {value!r}"


def test_a_table_that_is_a_number_is_refused(tmp_path):
    path = tmp_path / "pins.toml"
    text = toml_text({k: v for k, v in GOOD.items() if k != "buttons"})
    path.write_text("buttons = 5\n" + text, encoding="utf-8")
    with pytest.raises(PinMapError, match=re.escape("the pin map needs a [buttons] table")):
        pins.load(path)


@pytest.mark.parametrize("text", ["[pentagram\ndata = 10\n", "[buttons]\nyes = \n", "[adc]\naddress = 0x\n",
                                  "[buttons]\nyes = 5\nyes = 6\n"])
def test_a_file_that_is_not_toml_is_refused_with_the_place(tmp_path, text):
    path = tmp_path / "pins.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(PinMapError) as caught:
        pins.load(path)
    message = str(caught.value)
    assert message.startswith(f"the pin map {path} is not valid TOML: ")
    assert re.search(r"line \d+", message)
    assert "\n" not in message


def test_a_missing_file_is_refused(tmp_path):
    path = tmp_path / "nowhere.toml"
    with pytest.raises(PinMapError, match=re.escape(f"there is no pin map at {path}")):
        pins.load(path)


def test_validate_checks_a_map_built_in_code():
    good = pins.load()
    pins.validate(good)
    with pytest.raises(PinMapError, match="GPIO6 is used twice"):
        pins.validate(dataclasses.replace(good, button_undo=6))
    with pytest.raises(PinMapError, match="not a GPIO on the 40-pin header"):
        pins.validate(dataclasses.replace(good, knock_module=30))


# -- cases pins.py handles badly today (see the report: these turn green when it is fixed) --
def test_a_folder_instead_of_a_file_is_a_sentence(tmp_path):
    with pytest.raises(PinMapError):
        pins.load(tmp_path)


def test_a_file_that_is_not_utf8_is_a_sentence(tmp_path):
    path = tmp_path / "pins.toml"
    path.write_bytes(b"\xff\xfe[pentagram]\n")
    with pytest.raises(PinMapError):
        pins.load(path)


def test_a_knock_module_table_without_its_pin_is_refused(tmp_path):
    with pytest.raises(PinMapError, match=r"\[knock_module\] needs pin"):
        pins.load(map_with(tmp_path, drop=("knock_module.pin",)))


def test_a_misspelt_table_is_refused(tmp_path):
    data = {k: v for k, v in GOOD.items() if k != "knock_module"} | {"knock_modul": {"pin": 27}}
    path = tmp_path / "pins.toml"
    path.write_text(toml_text(data), encoding="utf-8")
    with pytest.raises(PinMapError, match="knock_modul"):
        pins.load(path)


def test_a_misspelt_key_is_refused(tmp_path):
    with pytest.raises(PinMapError, match="alert_rdi"):
        pins.load(map_with(tmp_path, {"adc.alert_rdi": 22}))


# -- the survey: what the app can use of a map, whatever it holds ---------------------------------
def surveyed(tmp_path, changes=None, drop=(), text: str | None = None) -> pins.Survey:
    path = map_with(tmp_path, changes, drop)
    if text is not None:
        path.write_text(text, encoding="utf-8")
    return pins.survey(path)


def test_a_good_map_leaves_nothing_out(tmp_path):
    survey = surveyed(tmp_path)
    assert (survey.pins, survey.left_out, survey.warnings()) == (pins.load(), {}, {})


@pytest.mark.parametrize("changes, drop, part, why", [
    ({"buzzer.pin": "twelve"}, (), "buzzer", "[buzzer] pin must be a whole number, not 'twelve'"),
    ({"buzzer.pni": 12}, (), "buzzer", "[buzzer] has no key 'pni' (its keys are: kind, pin)"),
    ({"buttons.yes": 10 ** 40}, (), "buttons",
     "[buttons] yes is far too large for a pin, a bus or an address (<a number of about 40 digits>)"),
    ({}, ("adc.sda",), "adc", "[adc] needs sda = <BCM GPIO number>"),
    ({"adc.address": 0x77}, (), "adc", "an ADS1115 answers at 0x48 to 0x4B (its ADDR pin), not 0x77"),
    ({"pentagram.driver": "pwm", "pentagram.data": 4}, (), "pentagram",
     "the PWM NeoPixel driver needs a hardware-PWM pin (GPIO12, 13, 18 or 19), not GPIO4"),
    ({"knock_module.pin": 0}, (), "knock_module",
     "GPIO0 (digital knock module) is reserved for the HAT ID EEPROM; choose another pin"),
])
def test_one_bad_table_leaves_out_that_part_only(tmp_path, changes, drop, part, why):
    survey = surveyed(tmp_path, changes, drop)
    assert survey.left_out == {part: why}
    for name in pins.FIELDS[part]:
        assert getattr(survey.pins, name) is None
    kept = [p for p in pins.PARTS if p != part]
    good = pins.load()
    for other in kept:
        for name in pins.FIELDS[other]:
            assert getattr(survey.pins, name) == getattr(good, name)
    said = pins.PART_NAMES[part]
    assert survey.warnings() == {f"pin map [{part}]": f"{survey.path}: {why}; {said} left out until it is fixed"}


def test_a_pin_used_twice_leaves_out_both_parts(tmp_path):
    survey = surveyed(tmp_path, {"knock_module.pin": 12})
    why = "GPIO12 is used twice: for the buzzer (passive) and the digital knock module"
    assert survey.left_out == {"buzzer": why, "knock_module": why}
    assert survey.pins.button_yes == 5 and survey.pins.pentagram_data == 10


def test_a_misspelt_table_is_ignored_with_a_note_and_its_part_left_out(tmp_path):
    data = dict(GOOD)
    data["buzer"] = data.pop("buzzer")
    survey = surveyed(tmp_path, text=toml_text(data))
    assert survey.left_out == {"buzzer": "the pin map needs a [buzzer] table"}
    assert survey.warnings()["pin map"] == (f"{survey.path}: the pin map has no table [buzer] (the tables are: "
                                            "pentagram, buzzer, buttons, adc, knock_module) (ignored)")


def test_a_map_without_its_optional_module_leaves_nothing_out(tmp_path):
    survey = surveyed(tmp_path, drop=("knock_module",))
    assert survey.left_out == {} and survey.pins.knock_module is None


@pytest.mark.parametrize("text, ends", [
    ("[buttons\n", "is not valid TOML: Expected ']' at the end of a table declaration (at line 1, column 9)"),
    ("[adc]\nbus = " + "9" * 5000 + "\n", "holds a number longer than any value it keeps"),
    ("[adc]\nbus = " + "[" * 3000 + "]" * 3000 + "\n", "nests deeper than 20 levels"),
    ("[adc]\nbus = " + "[" * 30 + "]" * 30 + "\n", "nests deeper than 20 levels"),
    ("a." * 100 + "b = 1\n", "nests deeper than 20 levels"),
])
def test_a_map_that_cannot_be_read_leaves_out_everything(tmp_path, text, ends):
    survey = surveyed(tmp_path, text=text)
    said = f"the pin map {survey.path} {ends}"
    assert (survey.pins, survey.unusable, survey.left_out) == (None, said, dict.fromkeys(pins.PARTS, said))
    assert survey.warnings() == {"pin map": f"{said}; the box runs without its hardware until it is fixed"}
    with pytest.raises(PinMapError) as caught:
        pins.load(survey.path)
    assert str(caught.value) == said


def test_the_map_in_planchette_pins_is_the_default(tmp_path, monkeypatch):
    path = map_with(tmp_path, {"buttons.yes": 22})
    monkeypatch.setenv("PLANCHETTE_PINS", str(path))
    assert pins.default_path() == path and pins.load().button_yes == 22 and pins.survey().pins.button_yes == 22
    monkeypatch.delenv("PLANCHETTE_PINS")
    assert pins.default_path() == pins.DEFAULT_PATH
