"""The builder's wiring table and diagram, generated from the pin map.

``wiring/WIRING.md`` and ``wiring/wiring.svg`` are written from
``wiring/pins.toml`` by ``companion wiring`` so they cannot tell a builder
something the drivers do not read; ``companion wiring --check`` (and a test)
fails when the committed files drift from the map.  The output is
byte-identical on every run: no dates, no dict-order or hash-order surprises,
integer coordinates.

It lives with the companion, not the drivers: it drives nothing, and it is installed
because ``companion wiring`` (``companion/commands/wiring.py``) runs it on the box itself.

The diagram is SVG text drawn by this module (no drawing library): the
40-pin header as a pinout, each used pin's label in its wire's colour, and
the wires routed at right angles to one box per part, each wire on its own
vertical lane so no two wires ever run along each other.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from pathlib import Path
from xml.sax.saxutils import escape

from firmware_py.pins import HARDWARE_PWM, HEADER_PIN, PinMap

MARKDOWN_NAME = "WIRING.md"
SVG_NAME = "wiring.svg"

# -- the 40-pin header ------------------------------------------------------------------
POWER_PINS = {1: "3V3", 17: "3V3", 2: "5V", 4: "5V"}
GROUND_PINS = (6, 9, 14, 20, 25, 30, 34, 39)
ID_PINS = {27: 0, 28: 1}  # header pin -> GPIO of the HAT ID EEPROM bus
GPIO_AT_PIN = {pin: gpio for gpio, pin in HEADER_PIN.items()} | {pin: gpio for pin, gpio in ID_PINS.items()}
ALT_FUNCTION = {
    0: "ID_SD", 1: "ID_SC", 2: "I2C1 SDA", 3: "I2C1 SCL", 4: "GPCLK0", 7: "SPI0 CE1", 8: "SPI0 CE0",
    9: "SPI0 MISO", 10: "SPI0 MOSI", 11: "SPI0 SCLK", 12: "PWM0", 13: "PWM1", 14: "UART TXD",
    15: "UART RXD", 18: "PWM0", 19: "PWM1",
}
ADDR_STRAP = {0x48: "GND", 0x49: "VDD", 0x4A: "SDA", 0x4B: "SCL"}  # ADS1115 ADDR pin -> address


def header_function(pin: int) -> str:
    """What a physical header pin is: 3V3, 5V, GND or GPIOn."""
    if pin in POWER_PINS:
        return POWER_PINS[pin]
    if pin in GROUND_PINS:
        return "GND"
    return f"GPIO{GPIO_AT_PIN[pin]}"


def _hex(address: int) -> str:
    return f"0x{address:02X}"


def ground_pins_text() -> str:
    return ", ".join(str(pin) for pin in GROUND_PINS)


# -- what each used pin does -----------------------------------------------------------
@dataclass(frozen=True)
class Signal:
    """One wire from a GPIO to a part: the text for the table and the diagram."""

    gpio: int
    key: str  # where pins.toml sets it
    label: str  # short, on the diagram's pin label
    colour: str
    part: str  # the diagram box it runs to
    port: str  # the part's pin name at the end of the wire
    connects_to: str
    notes: str

    @property
    def pin(self) -> int:
        return HEADER_PIN[self.gpio]


COLOURS = {
    "data": "#7d3c98", "buzzer": "#d35400", "yes": "#1e8449", "no": "#c0392b", "undo": "#2471a3",
    "sda": "#138d9c", "scl": "#a88400", "alert": "#ad1457", "knock": "#6e4b3a",
    "3V3": "#e67e00", "5V": "#a93226", "GND": "#222222",
}


def _driver_note(pins: PinMap) -> str:
    if pins.pentagram_driver == "spi":
        return ("SPI0 MOSI, driven by the SPI NeoPixel driver (no root). Enable SPI; on a Pi 4 set "
                "`core_freq=500` and `core_freq_min=500` in config.txt, on a Pi 3 or Zero 2 W `core_freq=250`, "
                "so the SPI clock does not drift")
    if pins.pentagram_driver == "pwm":
        return (f"hardware {HARDWARE_PWM[pins.pentagram_data]} through rpi_ws281x: the app must run as root, "
                "and the on-board analog audio must be off (`dtparam=audio=off`)")
    return "the Pi 5's RP1 PIO NeoPixel driver (a udev rule gives the gpio group access)"


def _buzzer_signal(pins: PinMap) -> Signal:
    if pins.buzzer_kind == "passive":
        return Signal(
            pins.buzzer, "buzzer.pin", "buzzer (passive)", COLOURS["buzzer"], "buzzer", "+",
            "passive piezo buzzer + through 100 Ω; buzzer − to GND",
            f"tones by PWM on a hardware-PWM pin ({HARDWARE_PWM.get(pins.buzzer, 'PWM')}; gpiozero TonalBuzzer). "
            "A bare piezo transducer hangs on the pin; a magnetic (coil) buzzer needs an NPN transistor "
            "(2N2222 or BC337, 1 kΩ into the base) and a 1N4148 across the coil",
        )
    return Signal(
        pins.buzzer, "buzzer.pin", "buzzer (active)", COLOURS["buzzer"], "buzzer", "+",
        "active buzzer + through 100 Ω; buzzer − to GND",
        "on/off only (gpiozero Buzzer). Most active buzzers draw 20–30 mA, more than a GPIO should give: "
        "drive one through an NPN transistor (2N2222 or BC337, 1 kΩ into the base, buzzer between 3.3 V "
        "and the collector, emitter to GND)",
    )


def signals(pins: PinMap) -> list[Signal]:
    """Every used GPIO, in the order ``PinMap.uses()`` lists them."""
    button_note = ("momentary switch between the pin and GND. The internal pull-up holds it high: no resistor; "
                   "debounced in software")
    found = [
        Signal(pins.pentagram_data, "pentagram.data", "NeoPixel data", COLOURS["data"], "pentagram", "1A",
               "74AHCT125 1A (pin 2); 1Y (pin 3) → 330 Ω → first LED's DIN", _driver_note(pins)),
        _buzzer_signal(pins),
        Signal(pins.button_yes, "buttons.yes", "YES button", COLOURS["yes"], "buttons", "YES",
               "yes button → GND", button_note),
        Signal(pins.button_no, "buttons.no", "NO button", COLOURS["no"], "buttons", "NO",
               "no button → GND", button_note),
        Signal(pins.button_undo, "buttons.undo", "UNDO button", COLOURS["undo"], "buttons", "UNDO",
               "undo button → GND", button_note),
        Signal(pins.adc_sda, "adc.sda", "I2C SDA (ADC)", COLOURS["sda"], "adc", "SDA",
               "ADS1115 SDA",
               f"I2C bus {pins.i2c_bus} data. The Pi has 1.8 kΩ pull-ups to 3.3 V on this pin; the breakout's own "
               "pull-ups go to its VDD, so power the ADS1115 from 3.3 V"),
        Signal(pins.adc_scl, "adc.scl", "I2C SCL (ADC)", COLOURS["scl"], "adc", "SCL",
               "ADS1115 SCL", f"I2C bus {pins.i2c_bus} clock (pulled up like SDA). Enable I2C"),
        Signal(pins.adc_alert_rdy, "adc.alert_rdy", "ADC ALERT/RDY", COLOURS["alert"], "adc", "ALRT",
               "ADS1115 ALRT",
               "open-drain, pulses low once per conversion (860 a second); the Pi's internal pull-up holds it "
               "high (or 10 kΩ to 3.3 V)"),
    ]
    if pins.knock_module is not None:
        found.append(Signal(
            pins.knock_module, "knock_module.pin", "knock module", COLOURS["knock"], "knock", "DO",
            "knock module DO (digital out)",
            "goes low on a knock. Power the module from 3.3 V so DO never exceeds 3.3 V; set its threshold "
            "with the trimmer. Optional: delete `[knock_module]` from pins.toml when not fitted",
        ))
    return found


def reserved_pins(pins: PinMap) -> dict[int, str]:
    """GPIOs that must stay free although nothing of ours is wired to them."""
    free = {gpio: f"{ALT_FUNCTION[gpio]} (HAT ID EEPROM)" for gpio in (0, 1)}
    for gpio, role in pins.reserved().items():
        free[gpio] = f"{role} (claimed by SPI0 while the pentagram uses SPI)"
    return dict(sorted(free.items()))


# -- WIRING.md -------------------------------------------------------------------------
def _table(header: list[str], rows: list[list[str]]) -> list[str]:
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join("---" for _ in header) + "|"]
    lines += ["| " + " | ".join(cell.replace("|", "/") for cell in row) + " |" for row in rows]
    return lines


def _power_rows(pins: PinMap) -> list[list[str]]:
    rows = [
        ["LED supply +5 V (5 V 4 A)", "fuse (4 A slow-blow) → LED strip +5 V at its input end",
         "the LEDs' own supply: never power them from the Pi's 5 V pins. 18 AWG (0.75 mm²) for LED power"],
        ["LED supply −", "LED strip GND", "18 AWG, run beside the +5 V wire"],
        ["1000 µF 10 V capacitor", "across LED strip +5 V and GND at the input end",
         "electrolytic: the striped lead is −; soaks up the inrush when the supply switches on"],
        ["LED supply −", f"Pi GND (any of header pins {ground_pins_text()})",
         "common ground: the data signal needs the same reference at both ends"],
        ["LED supply +5 V", "74AHCT125 VCC (pin 14)", "the shifter runs at 5 V so its outputs swing to 5 V"],
        ["GND", "74AHCT125 GND (pin 7) and 1OE (pin 1)", "OE is active low: tied low, buffer 1 always drives"],
        ["GND", "74AHCT125 2A, 3A, 4A (pins 5, 9, 12)", "unused inputs never float"],
        ["LED supply +5 V", "74AHCT125 2OE, 3OE, 4OE (pins 4, 10, 13)", "unused buffers switched off"],
        ["74AHCT125 1Y (pin 3)", "330 Ω → LED strip DIN",
         "the resistor sits at the first LED; keep this wire under 1 m"],
        ["Pi 3.3 V (header pin 1 or 17)", "ADS1115 VDD",
         "3.3 V, not 5 V: keeps SDA, SCL and ALERT/RDY at the Pi's logic level"],
        ["Pi GND", "ADS1115 GND", ""],
        ["ADS1115 ADDR", ADDR_STRAP[pins.adc_address],
         f"sets the I2C address to {_hex(pins.adc_address)} (GND 0x48, VDD 0x49, SDA 0x4A, SCL 0x4B)"],
        ["Pi GND", "each button's second contact, the buzzer's −", ""],
    ]
    if pins.knock_module is not None:
        rows.append(["Pi 3.3 V and GND", "knock module VCC and GND", "3.3 V keeps its output safe for the Pi"])
    rows.append(["the Pi's own supply", "the Pi's USB-C (Pi 4: 5.1 V 3 A; Pi 5: 5.1 V 5 A)",
                 "or a shared 5 V rail with a fuse for each branch: see hardware/README.md"])
    return rows


PIEZO_ROWS = [
    ["bias divider", "100 kΩ from 3.3 V to the bias node, 100 kΩ from the bias node to GND",
     "holds the piezo at mid-supply (1.65 V) so it can swing both ways; 1 µF from the bias node to GND "
     "keeps it still (optional)"],
    ["bias node", "ADS1115 AIN1", "the reference of the differential reading (AIN0 − AIN1)"],
    ["piezo disc", "between the bias node and the signal node", "either lead; glue the brass side to the lid"],
    ["1 MΩ resistor", "across the piezo (signal node to bias node)",
     "bleeds the charge a knock leaves, so the signal settles back at the bias"],
    ["10 kΩ resistor", "signal node → ADS1115 AIN0",
     "limits the current into the clamps: a hard knock makes tens of volts"],
    ["clamp diodes (BAT54S)", "common pin at AIN0, one end to GND, the other to 3.3 V",
     "keep AIN0 inside the supply rails; two BAT85 or 1N4148 do the same"],
    ["ADS1115 AIN2, AIN3", "GND", "unused"],
]


def render_markdown(pins: PinMap) -> str:
    """``wiring/WIRING.md``: the tables a builder wires from."""
    sigs = signals(pins)
    out = [
        "# Planchette wiring",
        "",
        "<!-- Generated from wiring/pins.toml by `companion wiring`: do not edit by hand. -->",
        "",
        "Generated from [`pins.toml`](pins.toml) by `companion wiring`. Do not edit this file or "
        "[`wiring.svg`](wiring.svg) by hand: change the pin map, run `companion wiring`, and commit the three "
        "files together (`companion wiring --check` and the tests fail when they disagree). Parts, power "
        "budget and build steps: [`hardware/README.md`](../hardware/README.md).",
        "",
        "![Wiring diagram: the Raspberry Pi's 40-pin header and the parts wired to it](wiring.svg)",
        "",
        "**GPIO** numbers are BCM numbers, the ones the software and `pins.toml` use. **Pin** numbers count "
        "the 40-pin header itself: pin 1 has the square pad, at the end of the header nearest the microSD "
        "slot; odd pins are the row nearer the board's middle, even pins the row along its edge.",
        "",
        "## Signal wires",
        "",
    ]
    rows = [[f"GPIO{s.gpio}", str(s.pin), s.connects_to, s.notes, f"`{s.key}`"] for s in sigs]
    out += _table(["GPIO", "Pin", "Connects to", "Notes", "Set by"], rows)
    out += [
        "",
        "Signal wires: 22–24 AWG; keep the data wire from the level shifter to the first LED short.",
        "",
        "## Power and ground",
        "",
    ]
    out += _table(["From", "To", "Notes"], _power_rows(pins))
    out += [
        "",
        "## The piezo's input network (ADS1115)",
        "",
        "The ADS1115 reads the piezo differentially, AIN0 − AIN1 (MUX 000); `docs/adc.md` explains the "
        "configuration word.",
        "",
    ]
    out += _table(["Part", "Connects", "Why"], PIEZO_ROWS)
    out += ["", "## Pins to keep free", ""]
    out += [f"- GPIO{gpio} (pin {pin_of(gpio)}): {why}" for gpio, why in reserved_pins(pins).items()]
    out += ["", "## The header at a glance", "",
            "Used pins in bold; ground pins are any of " + ground_pins_text() + ".", ""]
    used = {s.pin: s for s in sigs}
    reserved = {pin_of(gpio): why.split(" (")[0] for gpio, why in reserved_pins(pins).items()}

    def cell(pin: int) -> str:
        name = header_function(pin)
        if pin in used:
            return f"**{name}: {used[pin].label}**"
        if pin in reserved:
            return f"{name} (keep free: {reserved[pin]})"
        return name

    glance = [[cell(odd), str(odd), str(odd + 1), cell(odd + 1)] for odd in range(1, 40, 2)]
    out += _table(["Function", "Pin", "Pin", "Function"], glance)
    out.append("")
    return "\n".join(out)


def pin_of(gpio: int) -> int:
    """The header pin of a GPIO (the ID EEPROM's too)."""
    if gpio in HEADER_PIN:
        return HEADER_PIN[gpio]
    return {g: p for p, g in ID_PINS.items()}[gpio]


# -- the diagram's geometry -------------------------------------------------------------
WIDTH = 1500
ROW = 26  # header row pitch
HEADER_TOP = 160  # y of row 0 (pins 1 and 2)
ODD_X, EVEN_X = 736, 764
PILL_W, PILL_H = 166, 20
PILL_GAP = 14  # between a pin and its label
LEFT_PILL_END, RIGHT_PILL_END = ODD_X - PILL_GAP - PILL_W, EVEN_X + PILL_GAP + PILL_W  # where wires leave
LEFT_BOX_EDGE, RIGHT_BOX_EDGE = 410, 1090  # the sides of the part boxes that face the header
BOX_W = 390
LANE_NEAR, LANE_SPAN = 14, 118  # lanes from pill end - LANE_NEAR, over LANE_SPAN pixels
PORT_FIRST = 2 * ROW  # first port's offset below a box's top
BOX_GAP = 18
TOP_MIN = 96


def row_y(pin: int) -> int:
    return HEADER_TOP + ROW * ((pin - 1) // 2)


def pin_side(pin: int) -> str:
    return "left" if pin % 2 else "right"


@dataclass
class PartBox:
    """A part's box: where it stands and where its wires arrive."""

    name: str
    side: str
    height: int
    ports: list[Signal]
    top: int = 0

    @property
    def x(self) -> int:
        return LEFT_BOX_EDGE - BOX_W if self.side == "left" else RIGHT_BOX_EDGE

    @property
    def edge(self) -> int:
        return LEFT_BOX_EDGE if self.side == "left" else RIGHT_BOX_EDGE

    def port_y(self, index: int) -> int:
        return self.top + PORT_FIRST + ROW * index

    def rect(self) -> tuple[int, int, int, int]:
        return (self.x, self.top, BOX_W, self.height)


@dataclass
class Geometry:
    """The diagram's layout, for drawing and for tests that check it."""

    width: int
    height: int
    boxes: dict[str, PartBox]
    wires: dict[int, list[tuple[int, int]]]  # gpio -> polyline from its pin label to its port


PART_ORDER = ("adc", "knock", "pentagram", "buttons", "buzzer")
LEGEND_HEIGHT = 262


def _box_height(part: str, ports: int) -> int:
    fixed = {"adc": 300, "knock": 136, "pentagram": 282, "buzzer": 112}
    return fixed.get(part, PORT_FIRST + ROW * max(ports - 1, 0) + 58)  # buttons: a row each


def _group(sigs: list[Signal]) -> list[PartBox]:
    """One box per part and side; a part whose pins sit on both sides goes where most do
    (buttons instead split, a box per side)."""
    boxes: list[PartBox] = []
    for part in PART_ORDER:
        mine = [s for s in sigs if s.part == part]
        if not mine:
            continue
        if part == "buttons":
            for side in ("left", "right"):
                here = [s for s in mine if pin_side(s.pin) == side]
                if here:
                    boxes.append(PartBox(f"buttons-{side}", side, _box_height(part, len(here)), here))
            continue
        left = sum(pin_side(s.pin) == "left" for s in mine)
        side = "left" if left * 2 >= len(mine) else "right"
        boxes.append(PartBox(part, side, _box_height(part, len(mine)), mine))
    return boxes


def _entry_key(signal: Signal, side: str) -> float:
    """Where a wire arrives from, to order a box's ports: a wire that must go round the
    header's end comes in from above (top end) or below (bottom end)."""
    y = row_y(signal.pin)
    if pin_side(signal.pin) == side:
        return y
    return -1000 + y if _wraps_over_top(signal.pin) else 10_000 + y


def _wraps_over_top(pin: int) -> bool:
    return (pin - 1) // 2 < 10


def _snap(top: float) -> int:
    """Round a box's top up so its ports sit half a row between two header rows: a port's
    horizontal wire then never runs along a pin's."""
    base = HEADER_TOP + ROW // 2 - PORT_FIRST
    steps = -(-(top - base) // ROW)  # ceiling
    return int(base + steps * ROW)


def _stack(boxes: list[PartBox]) -> None:
    """Place a side's boxes near their pins, top to bottom, without overlapping."""
    bottom = TOP_MIN - BOX_GAP
    for box in boxes:
        near = [row_y(s.pin) for s in box.ports if pin_side(s.pin) == box.side]
        if near:  # a wire that goes round the header's end does not pull its box along
            wanted = sum(near) / len(near) - PORT_FIRST - ROW * (len(box.ports) - 1) / 2
        else:
            wanted = TOP_MIN
        box.top = _snap(max(wanted, bottom + BOX_GAP, TOP_MIN))
        bottom = box.top + box.height


def _route(signal: Signal, box: PartBox, port: int, lanes: dict[int, int], over_y: int, under_y: int
           ) -> list[tuple[int, int]]:
    pin_y, port_y = row_y(signal.pin), box.port_y(port)
    start_side = pin_side(signal.pin)
    start_x = LEFT_PILL_END if start_side == "left" else RIGHT_PILL_END
    if start_side == box.side:
        lane = lanes[signal.gpio]
        return [(start_x, pin_y), (lane, pin_y), (lane, port_y), (box.edge, port_y)]
    near, far = lanes[signal.gpio], lanes[-signal.gpio - 1]
    round_y = over_y if _wraps_over_top(signal.pin) else under_y
    return [(start_x, pin_y), (near, pin_y), (near, round_y), (far, round_y), (far, port_y), (box.edge, port_y)]


def _segments(line: list[tuple[int, int]]):
    return list(zip(line, line[1:]))


def _crossings(wires: list[list[tuple[int, int]]]) -> int:
    """How many times the wires cross (a collinear overlap counts as many)."""
    count = 0
    for a, b in itertools.combinations(wires, 2):
        for (p1, p2), (q1, q2) in itertools.product(_segments(a), _segments(b)):
            count += _segment_cost(p1, p2, q1, q2)
    return count


def _segment_cost(p1, p2, q1, q2) -> int:
    p_vertical, q_vertical = p1[0] == p2[0], q1[0] == q2[0]
    if p_vertical == q_vertical:
        same_line = p1[0] == q1[0] if p_vertical else p1[1] == q1[1]
        if not same_line:
            return 0
        axis = 1 if p_vertical else 0
        lo = max(min(p1[axis], p2[axis]), min(q1[axis], q2[axis]))
        hi = min(max(p1[axis], p2[axis]), max(q1[axis], q2[axis]))
        return 100 if lo < hi else 0  # running along each other is far worse than a crossing
    v1, v2, h1, h2 = (p1, p2, q1, q2) if p_vertical else (q1, q2, p1, p2)
    x, y = v1[0], h1[1]
    inside_h = min(h1[0], h2[0]) < x < max(h1[0], h2[0])
    inside_v = min(v1[1], v2[1]) < y < max(v1[1], v2[1])
    return 1 if inside_h and inside_v else 0


def layout(pins: PinMap) -> Geometry:
    """Where every box and wire of the diagram goes (pure: the same map, the same layout)."""
    sigs = signals(pins)
    boxes = _group(sigs)
    legend = PartBox("legend", "right", LEGEND_HEIGHT, [])
    for side in ("left", "right"):
        mine = [b for b in boxes if b.side == side]
        mine.sort(key=lambda b: (min(_entry_key(s, side) for s in b.ports), PART_ORDER.index(b.name.split("-")[0])))
        if side == "right":
            mine.insert(0, legend)
        _stack(mine)
    for box in boxes:
        box.ports.sort(key=lambda s: _entry_key(s, box.side))
    all_boxes = boxes + [legend]
    header_bottom = row_y(39)
    lowest = max(b.top + b.height for b in all_boxes)
    over_y, under_y = HEADER_TOP - 32, header_bottom + 32
    height = max(lowest, under_y + 24) + 70

    owner = {s.gpio: (box, box.ports.index(s)) for box in boxes for s in box.ports}
    # lane slots: key gpio for the lane on the pin's side, -gpio-1 for a wrap's far lane
    keys_by_side: dict[str, list[int]] = {"left": [], "right": []}
    for s in sigs:
        keys_by_side[pin_side(s.pin)].append(s.gpio)
        box, _ = owner[s.gpio]
        if box.side != pin_side(s.pin):
            keys_by_side[box.side].append(-s.gpio - 1)

    def lanes_for(order: dict[str, list[int]]) -> dict[int, int]:
        lanes = {}
        for side, keys in order.items():
            step = min(14, LANE_SPAN // max(len(keys), 1))
            for i, key in enumerate(keys):
                offset = LANE_NEAR + i * step
                lanes[key] = LEFT_PILL_END - offset if side == "left" else RIGHT_PILL_END + offset
        return lanes

    wraps = [s.gpio for s in sigs if owner[s.gpio][0].side != pin_side(s.pin)]

    def wires_for(order: dict[str, list[int]]) -> dict[int, list[tuple[int, int]]]:
        lanes = lanes_for(order)
        return {s.gpio: _route(s, *owner[s.gpio], lanes, over_y - 8 * _rank(wraps, s.gpio),
                               under_y + 8 * _rank(wraps, s.gpio)) for s in sigs}

    order = {side: sorted(keys, key=lambda k: _lane_hint(k, sigs, owner)) for side, keys in keys_by_side.items()}
    order = _fewest_crossings(order, lambda trial: _crossings(list(wires_for(trial).values())))
    return Geometry(WIDTH, int(height), {b.name: b for b in all_boxes}, wires_for(order))


def _rank(items: list[int], item: int) -> int:
    return items.index(item) if item in items else 0


def _lane_hint(key: int, sigs: list[Signal], owner) -> tuple[int, int]:
    """A first lane order (nearest the pin labels first) that is usually crossing-free
    already: among wires running down, the lowest pin takes the nearest lane; among wires
    running up, the highest; a wire going round the header's end takes an outer lane."""
    gpio = key if key >= 0 else -key - 1
    signal = next(s for s in sigs if s.gpio == gpio)
    box, port = owner[gpio]
    pin_y, port_y = row_y(signal.pin), box.port_y(port)
    if key < 0 or pin_side(signal.pin) != box.side:
        return (2, port_y)
    return (0, -pin_y) if port_y >= pin_y else (1, pin_y)


def _fewest_crossings(order: dict[str, list[int]], cost_of) -> dict[str, list[int]]:
    """Move single lanes while that removes crossings (a deterministic local search: the
    maps here have at most nine wires, so it settles in a few passes)."""
    cost = cost_of(order)
    improved = True
    while improved and cost:
        improved = False
        for side in ("left", "right"):
            keys = order[side]
            for i, j in itertools.permutations(range(len(keys)), 2):
                trial_keys = keys[:]
                trial_keys.insert(j, trial_keys.pop(i))
                trial = dict(order, **{side: trial_keys})
                trial_cost = cost_of(trial)
                if trial_cost < cost:
                    order, cost, improved, keys = trial, trial_cost, True, trial_keys
    return order


# -- drawing ----------------------------------------------------------------------------
FONT = "DejaVu Sans, Verdana, Helvetica, Arial, sans-serif"
INK, PAPER, MUTED = "#2b2b33", "#fbf8f2", "#8a8579"


class Svg:
    """A tiny SVG writer: integer coordinates, escaped text, elements in drawing order."""

    def __init__(self) -> None:
        self.parts: list[str] = []

    def add(self, element: str) -> None:
        self.parts.append(element)

    def line(self, x1, y1, x2, y2, colour=INK, width=2, extra="") -> None:
        self.add(f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="{colour}" stroke-width="{width}"'
                 f' stroke-linecap="round"{extra}/>')

    def rect(self, x, y, w, h, fill="none", stroke=INK, width=1.5, rx=0, extra="") -> None:
        self.add(f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="{rx}" fill="{fill}" stroke="{stroke}"'
                 f' stroke-width="{width}"{extra}/>')

    def circle(self, x, y, r, fill="none", stroke=INK, width=1.5, extra="") -> None:
        self.add(f'<circle cx="{x}" cy="{y}" r="{r}" fill="{fill}" stroke="{stroke}" stroke-width="{width}"{extra}/>')

    def text(self, x, y, content: str, size=12, anchor="middle", fill=INK, weight="normal", extra="") -> None:
        self.add(f'<text x="{x}" y="{y}" font-size="{size}" text-anchor="{anchor}" fill="{fill}"'
                 f' font-weight="{weight}"{extra}>{escape(content)}</text>')

    def polyline(self, points, colour, width=3, extra="") -> None:
        d = "M " + " L ".join(f"{x} {y}" for x, y in points)
        self.add(f'<path d="{d}" fill="none" stroke="{colour}" stroke-width="{width}" stroke-linejoin="round"'
                 f' stroke-linecap="round"{extra}/>')


class Part:
    """Draws inside a box in distances from the side facing the header, so a part reads the
    same on either side (its text is never mirrored)."""

    def __init__(self, svg: Svg, box: PartBox) -> None:
        self.svg, self.box = svg, box
        self.sign = -1 if box.side == "left" else 1

    def X(self, d: float) -> int:
        return int(self.box.edge + self.sign * d)

    def Y(self, dy: float) -> int:
        return int(self.box.top + dy)

    def hline(self, d1, d2, dy, colour=INK, width=2) -> None:
        self.svg.line(self.X(d1), self.Y(dy), self.X(d2), self.Y(dy), colour, width)

    def vline(self, d, dy1, dy2, colour=INK, width=2) -> None:
        self.svg.line(self.X(d), self.Y(dy1), self.X(d), self.Y(dy2), colour, width)

    def text(self, d, dy, content, size=11, anchor="middle", **kw) -> None:
        if anchor != "middle" and self.sign < 0:
            anchor = "end" if anchor == "start" else "start"
        self.svg.text(self.X(d), self.Y(dy), content, size, anchor, **kw)

    def chip(self, d1, d2, dy1, dy2, fill="#1f3a5f") -> None:
        x1, x2 = sorted((self.X(d1), self.X(d2)))
        self.svg.rect(x1, self.Y(dy1), x2 - x1, dy2 - dy1, fill=fill, stroke="#10243d", width=1.5, rx=4)

    def resistor_h(self, d1, d2, dy, label, label_dy=-9) -> None:
        """A zigzag resistor between d1 and d2 along a horizontal wire."""
        lead = (d2 - d1) * 0.2
        self.hline(d1, d1 + lead, dy)
        self.hline(d2 - lead, d2, dy)
        points, zig = [], (d2 - d1 - 2 * lead) / 6
        for i in range(7):
            offset = 0 if i in (0, 6) else (-5 if i % 2 else 5)
            points.append((self.X(d1 + lead + i * zig), self.Y(dy + offset)))
        self.svg.polyline(points, INK, 1.6)
        self.text((d1 + d2) / 2, dy + label_dy, label, 10)

    def resistor_v(self, d, dy1, dy2, label, label_d=26) -> None:
        lead = (dy2 - dy1) * 0.2
        self.vline(d, dy1, dy1 + lead)
        self.vline(d, dy2 - lead, dy2)
        points, zig = [], (dy2 - dy1 - 2 * lead) / 6
        for i in range(7):
            offset = 0 if i in (0, 6) else (-5 if i % 2 else 5)
            points.append((self.X(d + offset), self.Y(dy1 + lead + i * zig)))
        self.svg.polyline(points, INK, 1.6)
        self.text(d + label_d, (dy1 + dy2) / 2 + 4, label, 10)

    def ground(self, d, dy) -> None:
        """The ground symbol hanging below (d, dy)."""
        self.vline(d, dy, dy + 8)
        for i, half in enumerate((9, 6, 3)):
            self.svg.line(self.X(d - half), self.Y(dy + 8 + 3 * i), self.X(d + half), self.Y(dy + 8 + 3 * i),
                          INK, 1.6)

    def flag(self, d, dy, name, up=True) -> None:
        """A power flag (3V3 or 5V) on a short stub above (or below) (d, dy)."""
        colour = COLOURS["3V3"] if name == "3V3" else COLOURS["5V"]
        end = dy - 10 if up else dy + 10
        self.vline(d, dy, end)
        top = end - 15 if up else end
        self.svg.rect(self.X(d) - 19, self.Y(top), 38, 15, fill=colour, stroke=colour, width=1, rx=7)
        self.svg.text(self.X(d), self.Y(top + 11), name, 9, fill="#ffffff", weight="bold")

    def dot(self, d, dy, colour=INK) -> None:
        self.svg.circle(self.X(d), self.Y(dy), 2.6, fill=colour, stroke=colour, width=1)

    def port_stub(self, index: int, d_end: float, label: str | None = None) -> None:
        """The wire's colour continues into the box up to the part's pin."""
        signal = self.box.ports[index]
        dy = PORT_FIRST + ROW * index
        self.hline(0, d_end, dy, signal.colour, 3)
        if label:
            self.text(d_end / 2 + 2, dy - 5, label, 9, fill=signal.colour, weight="bold")


def _frame(svg: Svg, box: PartBox, title: str, subtitle: str) -> Part:
    x, y, w, h = box.rect()
    svg.rect(x + 3, y + 4, w, h, fill="#e9e3d6", stroke="none", width=0, rx=10)
    svg.rect(x, y, w, h, fill="#ffffff", stroke="#cfc6b4", width=1.5, rx=10,
             extra=f' id="box-{box.name}"')
    part = Part(svg, box)
    part.text(BOX_W - 14, 22, title, 14, anchor="end", weight="bold")
    part.text(BOX_W - 14, 38, subtitle, 10, anchor="end", fill=MUTED)
    return part


def _chip_label(p: Part, d: float, dy: float, name: str, anchor: str = "start") -> None:
    p.text(d, dy + 3, name, 9, anchor=anchor, fill="#ffffff", weight="bold")


def _draw_adc(svg: Svg, box: PartBox, pins: PinMap) -> None:
    p = _frame(svg, box, "ADS1115 + piezo", f"16-bit ADC at {_hex(pins.adc_address)}, reads AIN0 − AIN1")
    chip_d1, chip_d2, chip_bottom = 40, 118, 236
    a0, a1 = 140, 210
    p.chip(chip_d1, chip_d2, 32, chip_bottom)
    for i, signal in enumerate(box.ports):
        p.port_stub(i, chip_d1)
        _chip_label(p, chip_d1 + 8, PORT_FIRST + ROW * i, signal.port)
    _chip_label(p, chip_d2 - 8, a0, "A0", "end")
    _chip_label(p, chip_d2 - 8, a1, "A1", "end")
    p.text((chip_d1 + chip_d2) / 2, 228, "ADS1115", 10, fill="#ffffff", weight="bold")
    # supply and address pins below the chip
    for d in (52, 79, 106):
        p.vline(d, chip_bottom, chip_bottom + 12)
    p.flag(52, chip_bottom + 12, "3V3", up=False)
    p.ground(79, chip_bottom + 12)
    strap = ADDR_STRAP[pins.adc_address]
    if strap == "GND":
        p.ground(106, chip_bottom + 12)
    elif strap == "VDD":
        p.flag(106, chip_bottom + 12, "3V3", up=False)
    else:
        p.text(106, chip_bottom + 26, f"→{strap}", 9, weight="bold")
    for d, name in ((52, "VDD"), (79, "GND"), (106, "ADDR")):
        p.text(d, chip_bottom + 50, name, 8, fill=MUTED)
    # A0: clamp diodes, the 10 kΩ series resistor, the signal node
    clamp, node, bleed = 146, 236, 284
    p.hline(chip_d2, clamp, a0)
    p.dot(clamp, a0)
    p.resistor_h(clamp + 10, node - 10, a0, "10 kΩ")
    p.hline(node - 10, bleed, a0)
    p.dot(node, a0)
    x = p.X(clamp)
    for top in (a0 - 32, a0 + 2):  # BAT54S: both diodes point towards the higher rail
        p.vline(clamp, top, top + 30, INK, 1.6)
        tip = p.Y(top + 9)
        svg.add(f'<path d="M {x - 6} {tip + 11} L {x + 6} {tip + 11} L {x} {tip} Z" fill="{INK}"'
                f' stroke="{INK}" stroke-width="1"/>')
        svg.line(x - 6, tip, x + 6, tip, INK, 1.8)
    p.flag(clamp, a0 - 32, "3V3")
    p.ground(clamp, a0 + 32)
    p.text(clamp + 34, a0 + 30, "BAT54S", 9, fill=MUTED)
    # A1: the bias node, with the piezo and its 1 MΩ bleed between it and the signal node
    bias = 336
    p.hline(chip_d2, bias, a1)
    for d in (node, bleed, bias):
        p.dot(d, a1)
    p.dot(bleed, a0)
    mid = (a0 + a1) // 2
    p.vline(node, a0, mid - 8)
    p.vline(node, mid + 8, a1)
    px = p.X(node)
    svg.line(px - 10, p.Y(mid - 8), px + 10, p.Y(mid - 8), INK, 2.2)
    svg.rect(px - 8, p.Y(mid - 5), 16, 10, fill="#f1d98b", stroke=INK, width=1.2, rx=1)
    svg.line(px - 10, p.Y(mid + 8), px + 10, p.Y(mid + 8), INK, 2.2)
    p.text(node - 30, mid + 4, "piezo", 9, fill=MUTED)
    p.resistor_v(bleed, a0, a1, "1 MΩ", label_d=-24)
    # the mid-supply divider
    p.resistor_v(bias, 104, a1, "100 kΩ", label_d=30)
    p.flag(bias, 104, "3V3")
    p.resistor_v(bias, a1, 264, "100 kΩ", label_d=30)
    p.ground(bias, 264)
    p.text(286, 228, "bias ½ VDD", 9, fill=MUTED)


def _draw_knock(svg: Svg, box: PartBox, pins: PinMap) -> None:
    p = _frame(svg, box, "Knock module (optional)", "digital comparator board, e.g. LM393")
    p.chip(44, 176, 34, 100, fill="#1b4f8a")
    p.port_stub(0, 44)
    _chip_label(p, 52, PORT_FIRST, "DO")
    for d, name in ((70, "VCC"), (104, "GND")):
        p.text(d, 93, name, 8, fill="#ffffff", weight="bold")
        p.vline(d, 100, 110)
    p.flag(70, 110, "3V3", up=False)
    p.ground(104, 110)
    trimmer = p.X(146)
    svg.circle(trimmer, p.Y(60), 9, fill="#3b76b8", stroke="#dfe8f3", width=1.5)
    svg.line(trimmer - 5, p.Y(65), trimmer + 5, p.Y(55), "#dfe8f3", 2)
    p.text(146, 86, "threshold", 8, fill="#ffffff")
    p.hline(176, 238, 67)
    disc = p.X(266)
    svg.circle(disc, p.Y(67), 26, fill="#d9c27a", stroke="#9c8440", width=2)
    svg.circle(disc, p.Y(67), 15, fill="#f1e3b0", stroke="#9c8440", width=1.2)
    p.text(266, 110, "piezo disc", 9, fill=MUTED)
    p.text(266, 124, "DO goes low on a knock", 9, fill=MUTED)


def _draw_pentagram(svg: Svg, box: PartBox, pins: PinMap) -> None:
    driver = {"spi": "SPI", "pwm": "PWM", "pi5": "Pi 5 PIO"}[pins.pentagram_driver]
    p = _frame(svg, box, "Pentagram LEDs", f"WS2812B · {driver} driver · level-shifted")
    data = PORT_FIRST
    p.chip(36, 112, 34, 96)
    p.port_stub(0, 36)
    _chip_label(p, 44, data, "1A")
    _chip_label(p, 104, data, "1Y", "end")
    p.text(74, 88, "74AHCT125", 9, fill="#ffffff", weight="bold")
    p.vline(52, 96, 110)
    p.flag(52, 110, "5V", up=False)
    p.text(52, 152, "VCC", 8, fill=MUTED)
    p.vline(96, 96, 108)
    p.ground(96, 108)
    p.text(96, 140, "1OE, GND", 8, fill=MUTED)
    # 1Y through 330 Ω down to the strip's DIN
    p.resistor_h(112, 170, data, "330 Ω", label_dy=17)
    turn, strip_y = 182, 118
    p.hline(170, turn, data)
    p.vline(turn, data, strip_y)
    p.hline(turn, 192, strip_y)
    x1, x2 = sorted((p.X(192), p.X(358)))
    svg.rect(x1, p.Y(strip_y - 14), x2 - x1, 28, fill="#2d2d2d", stroke="#111111", width=1, rx=5)
    for i, colour in enumerate(("#ff5c5c", "#ffd166", "#06d6a0", "#4cc9f0", "#b388ff", "#ff8fab")):
        svg.rect(p.X(208 + 28 * i) - 7, p.Y(strip_y - 7), 14, 14, fill=colour, stroke="#ffffff", width=1, rx=3)
    p.text(196, strip_y - 20, "DIN → 50 LEDs (+40 for the circle)", 9, anchor="start")
    # the LEDs' own supply: fuse on +5 V, 1000 µF across at the strip's input, − to common ground
    plus, minus, supply = 214, 330, 240
    p.vline(plus, strip_y + 14, 156, COLOURS["5V"])
    fuse = min(p.X(plus - 6), p.X(plus + 6))
    svg.rect(fuse, p.Y(156), 12, 24, fill="#fff5d6", stroke=INK, width=1.4, rx=2)
    svg.line(p.X(plus), p.Y(156), p.X(plus), p.Y(180), INK, 1)
    p.text(plus - 34, 172, "fuse", 9, fill=MUTED)
    p.vline(plus, 180, supply, COLOURS["5V"])
    p.vline(minus, strip_y + 14, supply)
    cap = 206
    p.hline(plus, 267, cap, COLOURS["5V"])
    p.hline(277, minus, cap)
    p.vline(267, cap - 10, cap + 10, INK, 2.6)
    p.vline(277, cap - 10, cap + 10, INK, 2.6)
    p.text(272, cap - 15, "1000 µF", 9)
    p.dot(plus, cap, COLOURS["5V"])
    p.dot(minus, cap)
    p.hline(minus, 350, 168)
    p.dot(minus, 168)
    p.ground(350, 168)
    x1, x2 = sorted((p.X(192), p.X(358)))
    svg.rect(x1, p.Y(supply), x2 - x1, 28, fill="#f3efe6", stroke=INK, width=1.4, rx=5)
    p.text(275, supply + 18, "5 V 4 A LED supply", 10, weight="bold")


def _draw_buzzer(svg: Svg, box: PartBox, pins: PinMap) -> None:
    passive = pins.buzzer_kind == "passive"
    how = "tones by PWM (TonalBuzzer)" if passive else "on/off (Buzzer); NPN if over 15 mA"
    p = _frame(svg, box, "Buzzer (passive)" if passive else "Buzzer (active)", how)
    y, centre = PORT_FIRST, 150
    p.port_stub(0, 30)
    p.resistor_h(30, 96, y, "100 Ω")
    p.hline(96, centre - 22, y)
    p.text(centre - 30, y - 8, "+", 11, weight="bold")
    x = p.X(centre)
    svg.circle(x, p.Y(y), 22, fill="#2d2d2d", stroke="#111111", width=1.5)
    svg.circle(x, p.Y(y), 5, fill="#777777", stroke="#111111", width=1)
    for r in (30, 38):
        tip, end = x + p.sign * (r + 4), x + p.sign * (r - 4)
        svg.add(f'<path d="M {end} {p.Y(y - 12)} Q {tip} {p.Y(y)} {end} {p.Y(y + 12)}" fill="none"'
                f' stroke="{MUTED}" stroke-width="1.6" stroke-linecap="round"/>')
    p.vline(centre, y + 22, y + 30)
    p.ground(centre, y + 30)
    p.text(centre + 14, y + 38, "−", 11, weight="bold")


def _draw_buttons(svg: Svg, box: PartBox, pins: PinMap) -> None:
    p = _frame(svg, box, "Buttons", "momentary, to GND; internal pull-ups")
    bus = 190
    for i, signal in enumerate(box.ports):
        y = PORT_FIRST + ROW * i
        p.port_stub(i, 130)
        svg.rect(min(p.X(40), p.X(96)), p.Y(y - 8), 56, 16, fill=signal.colour, stroke="#ffffff", width=1.5,
                 rx=8)
        p.text(68, y + 4, signal.port, 9, fill="#ffffff", weight="bold")
        p.dot(130, y)
        svg.line(p.X(130), p.Y(y), p.X(158), p.Y(y - 10), INK, 2)
        p.dot(160, y)
        p.vline(144, y - 15, y - 6, INK, 1.6)
        p.hline(136, 152, y - 15, INK, 1.6)
        p.hline(160, bus, y)
    last = PORT_FIRST + ROW * (len(box.ports) - 1)
    p.vline(bus, PORT_FIRST, last + 8)
    p.ground(bus, last + 8)


def _draw_legend(svg: Svg, box: PartBox, pins: PinMap) -> None:
    x, y, w, h = box.rect()
    svg.rect(x, y, w, h, fill="#f4efe4", stroke="#d8cfbd", width=1, rx=10, extra=' id="box-legend"')
    svg.text(x + 18, y + 26, "How to read this", 13, anchor="start", weight="bold")
    lines = [
        ("pin", "Header pins as seen from above: pin 1 (square) is at the"),
        (None, "microSD end; even pins run along the board's edge."),
        (None, "GPIO numbers are BCM numbers, as in pins.toml."),
        ("3V3", "3.3 V: header pin 1 or 17."),
        ("5V", "5 V from the LEDs' own supply, never the Pi's 5 V pins."),
        ("GND", "Ground: the Pi's GND pins and the LED supply's −, all"),
        (None, "joined (a common ground)."),
        ("free", "Dashed labels: pins a bus claims; keep them free."),
    ]
    ty = y + 52
    for mark, content in lines:
        if mark == "pin":
            svg.rect(x + 22, ty - 10, 14, 14, fill="#d4af37", stroke="#7a5c12", width=1, rx=2)
        elif mark in ("3V3", "5V"):
            svg.rect(x + 12, ty - 11, 34, 15, fill=COLOURS[mark], stroke=COLOURS[mark], width=1, rx=7)
            svg.text(x + 29, ty, mark, 9, fill="#ffffff", weight="bold")
        elif mark == "GND":
            for i, half in enumerate((9, 6, 3)):
                svg.line(x + 29 - half, ty - 6 + 3 * i, x + 29 + half, ty - 6 + 3 * i, INK, 1.6)
        elif mark == "free":
            svg.rect(x + 14, ty - 11, 30, 15, fill="none", stroke=MUTED, width=1.2, rx=7,
                     extra=' stroke-dasharray="3 2"')
        svg.text(x + 56, ty, content, 10.5, anchor="start")
        ty += 23
    svg.text(x + 18, ty + 8, "Full tables: wiring/WIRING.md", 10.5, anchor="start", fill=MUTED)


DRAWERS = {"adc": _draw_adc, "knock": _draw_knock, "pentagram": _draw_pentagram, "buzzer": _draw_buzzer,
           "buttons": _draw_buttons, "legend": _draw_legend}


def _draw_header(svg: Svg, pins: PinMap, used: dict[int, Signal]) -> None:
    reserved = {pin_of(gpio): why.split(" (")[0] for gpio, why in reserved_pins(pins).items()}
    top, bottom = row_y(1) - 20, row_y(39) + 20
    svg.rect(ODD_X - 18, top, EVEN_X - ODD_X + 36, bottom - top, fill="#1c1c1c", stroke="#000000", width=1, rx=6)
    for pin in range(1, 41):
        x = ODD_X if pin % 2 else EVEN_X
        y = row_y(pin)
        name = header_function(pin)
        signal = used.get(pin)
        if signal is not None:
            fill, text_fill, label, stroke = signal.colour, "#ffffff", f"{name} · {signal.label}", signal.colour
        elif name in COLOURS:
            fill, text_fill, stroke = COLOURS[name], "#ffffff", COLOURS[name]
            label = {"3V3": "3.3 V power", "5V": "5 V power", "GND": "GND"}[name]
        elif pin in reserved:
            fill, text_fill, label, stroke = "none", MUTED, f"{name} · {reserved[pin]}", MUTED
        else:
            fill, text_fill, label, stroke = "#efebe2", "#6d685e", name, "#d6d0c3"
        left = pin % 2 == 1
        px = x - PILL_GAP - PILL_W if left else x + PILL_GAP
        dash = ' stroke-dasharray="3 2"' if pin in reserved and signal is None else ""
        ident = f' id="pin-{pin}"'
        svg.rect(px, y - PILL_H // 2, PILL_W, PILL_H, fill=fill, stroke=stroke, width=1.2, rx=PILL_H // 2,
                 extra=dash + ident)
        weight = "bold" if signal is not None or name in COLOURS else "normal"
        tx = px + PILL_W - 10 if left else px + 10
        svg.text(tx, y + 4, label, 10.5, anchor="end" if left else "start", fill=text_fill, weight=weight)
        pad_fill = signal.colour if signal is not None else "#d4af37"
        if pin == 1:
            svg.rect(x - 8, y - 8, 16, 16, fill=pad_fill, stroke="#7a5c12", width=1.2, rx=2)
        else:
            svg.circle(x, y, 8, fill=pad_fill, stroke="#7a5c12", width=1.2)
        svg.text(x, y + 3, str(pin), 7.5, fill="#ffffff" if signal is not None else "#3d300a", weight="bold")


def render_svg(pins: PinMap) -> str:
    """``wiring/wiring.svg``: the header, the parts and a wire for every used pin."""
    geometry = layout(pins)
    sigs = signals(pins)
    used = {s.pin: s for s in sigs}
    svg = Svg()
    svg.add('<?xml version="1.0" encoding="UTF-8"?>')
    svg.add(f'<svg xmlns="http://www.w3.org/2000/svg" width="{geometry.width}" height="{geometry.height}"'
            f' viewBox="0 0 {geometry.width} {geometry.height}" font-family="{FONT}">')
    svg.add("<title>Planchette wiring</title>")
    svg.add("<desc>Generated from wiring/pins.toml by companion wiring. Every used GPIO of the Raspberry Pi's "
            "40-pin header and the part it connects to.</desc>")
    svg.rect(0, 0, geometry.width, geometry.height, fill=PAPER, stroke="none", width=0)
    svg.text(36, 48, "Planchette — wiring", 26, anchor="start", weight="bold")
    svg.text(36, 72, "Raspberry Pi 40-pin header · BCM GPIO numbers · generated from wiring/pins.toml", 13,
             anchor="start", fill=MUTED)
    _draw_header(svg, pins, used)
    for name, box in geometry.boxes.items():
        DRAWERS[name.split("-")[0]](svg, box, pins)
    for signal in sigs:  # each wire over a halo, so a crossing shows which wire is on top
        points = geometry.wires[signal.gpio]
        svg.polyline(points, PAPER, 7)
        svg.polyline(points, signal.colour, 3, extra=f' id="wire-GPIO{signal.gpio}"')
        svg.circle(*points[0], 3.5, fill=signal.colour, stroke=PAPER, width=1.5)
        svg.circle(*points[-1], 4.5, fill="#ffffff", stroke=signal.colour, width=2.5,
                   extra=f' class="port" id="port-GPIO{signal.gpio}"')
    svg.text(geometry.width - 24, geometry.height - 22,
             "Do not edit: change wiring/pins.toml and run `companion wiring`.", 10.5, anchor="end", fill=MUTED)
    svg.add("</svg>")
    return "\n".join(svg.parts) + "\n"


# -- files and the command ----------------------------------------------------------------
def render(pins: PinMap) -> dict[str, str]:
    """The generated files by name."""
    return {MARKDOWN_NAME: render_markdown(pins), SVG_NAME: render_svg(pins)}


def stale(directory: str | Path, pins: PinMap) -> list[str]:
    """The generated files in ``directory`` that are missing or differ from the map's."""
    directory = Path(directory)
    out = []
    for name, text in render(pins).items():
        path = directory / name
        try:
            current = path.read_bytes()
        except OSError:
            current = None
        if current != text.encode("utf-8"):
            out.append(name)
    return out


def write(directory: str | Path, pins: PinMap) -> list[Path]:
    """Write the generated files (UTF-8, LF line ends) into ``directory``."""
    directory = Path(directory)
    written = []
    for name, text in render(pins).items():
        path = directory / name
        path.write_bytes(text.encode("utf-8"))
        written.append(path)
    return written
