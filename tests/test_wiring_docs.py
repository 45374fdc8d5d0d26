"""The wiring table and diagram are generated from the pin map and must never drift from it.

``wiring/WIRING.md`` and ``wiring/wiring.svg`` are regenerated in memory from
``wiring/pins.toml`` and compared with the committed files byte for byte; a
changed map must change both; the diagram must be well-formed SVG whose wires
start at the right header pins and end on the right parts.
"""

from __future__ import annotations

import hashlib
import os
import random
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from companion import wiring_docs
from companion.cli import main
from firmware_py import pins
from firmware_py.pins import HEADER_PIN, PinMap

ROOT = Path(__file__).resolve().parent.parent
WIRING = ROOT / "wiring"
SVG_NS = "{http://www.w3.org/2000/svg}"
REGENERATE = "run `companion wiring` and commit wiring/WIRING.md and wiring/wiring.svg"


@pytest.fixture(scope="module")
def pin_map() -> PinMap:
    return pins.load()


def changed_map(tmp_path: Path, old: str, new: str) -> Path:
    """A copy of the committed pin map with one line changed."""
    text = pins.DEFAULT_PATH.read_text(encoding="utf-8")
    assert old in text, f"the committed map no longer has {old!r}"
    path = tmp_path / "pins.toml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


def svg_root(text: str) -> ET.Element:
    return ET.fromstring(text.encode("utf-8"))


def svg_texts(root: ET.Element) -> list[str]:
    return ["".join(node.itertext()) for node in root.iter(f"{SVG_NS}text")]


def path_points(d: str) -> list[tuple[float, float]]:
    numbers = [float(n) for n in re.findall(r"-?\d+(?:\.\d+)?", d)]
    return list(zip(numbers[0::2], numbers[1::2]))


def by_id(root: ET.Element) -> dict[str, ET.Element]:
    return {node.get("id"): node for node in root.iter() if node.get("id")}


# -- drift ---------------------------------------------------------------------------
def test_the_committed_wiring_table_matches_the_pin_map(pin_map):
    committed = (WIRING / "WIRING.md").read_bytes()
    assert committed == wiring_docs.render_markdown(pin_map).encode("utf-8"), \
        f"wiring/WIRING.md has drifted from wiring/pins.toml: {REGENERATE}"


def test_the_committed_diagram_matches_the_pin_map(pin_map):
    committed = (WIRING / "wiring.svg").read_bytes()
    assert committed == wiring_docs.render_svg(pin_map).encode("utf-8"), \
        f"wiring/wiring.svg has drifted from wiring/pins.toml: {REGENERATE}"


def test_companion_wiring_check_accepts_the_committed_files(capsys):
    assert main(["wiring", "--check"]) == 0
    assert "match" in capsys.readouterr().out


def test_the_output_is_byte_identical_whatever_the_hash_seed(pin_map):
    """Nothing may depend on set or dict-of-hash order: two interpreters, two seeds."""
    here = hashlib.sha256("".join(wiring_docs.render(pin_map).values()).encode()).hexdigest()
    script = ("import hashlib; from companion import wiring_docs; from firmware_py import pins; "
              "print(hashlib.sha256(''.join(wiring_docs.render(pins.load()).values()).encode()).hexdigest())")
    for seed in ("0", "4242"):
        env = dict(os.environ, PYTHONHASHSEED=seed)
        done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True,
                              timeout=60)
        assert done.returncode == 0, done.stderr
        assert done.stdout.strip() == here


# -- a changed map changes the docs ------------------------------------------------------
def test_moving_a_button_changes_both_files(tmp_path):
    moved = pins.load(changed_map(tmp_path, "yes = 5", "yes = 26"))
    markdown, svg = wiring_docs.render_markdown(moved), wiring_docs.render_svg(moved)
    assert markdown != (WIRING / "WIRING.md").read_text(encoding="utf-8")
    assert svg != (WIRING / "wiring.svg").read_text(encoding="utf-8")
    signal_rows = {tuple(row[:3]) for row in markdown_tables(markdown)[0][2:]}
    assert ("GPIO26", "37", "yes button → GND") in signal_rows
    assert not any(row[0] == "GPIO5" for row in signal_rows)
    assert "**GPIO26: YES button**" in markdown and "| GPIO5 | 29 | 30 |" in markdown
    ids = by_id(svg_root(svg))
    assert "wire-GPIO26" in ids and "wire-GPIO5" not in ids
    assert "GPIO26 · YES button" in svg_texts(svg_root(svg))


def test_check_refuses_docs_that_a_changed_map_would_rewrite(tmp_path, capsys):
    changed = changed_map(tmp_path, "undo = 16", "undo = 20")
    status = main(["wiring", "--check", "--map", str(changed), "--dir", str(WIRING)])
    err = capsys.readouterr().err
    assert status == 2
    assert err.count("\n") == 1 and "Traceback" not in err
    assert "WIRING.md" in err and "wiring.svg" in err and "companion wiring" in err


def test_wiring_writes_next_to_its_map_and_then_checks_clean(tmp_path, capsys):
    changed = changed_map(tmp_path, "alert_rdy = 17", "alert_rdy = 22")
    assert main(["wiring", "--map", str(changed)]) == 0
    assert (tmp_path / "WIRING.md").read_text(encoding="utf-8") == wiring_docs.render_markdown(pins.load(changed))
    assert main(["wiring", "--check", "--map", str(changed)]) == 0
    (tmp_path / "wiring.svg").write_text("<svg/>", encoding="utf-8")  # hand-edited
    capsys.readouterr()
    assert main(["wiring", "--check", "--map", str(changed)]) == 2
    err = capsys.readouterr().err
    assert "wiring.svg differs" in err and "WIRING.md" not in err


def test_check_names_missing_files(tmp_path, capsys):
    assert main(["wiring", "--check", "--dir", str(tmp_path)]) == 2
    assert "WIRING.md and" in capsys.readouterr().err


def test_an_unusable_map_is_one_sentence_and_nothing_is_written(tmp_path, capsys):
    clash = changed_map(tmp_path, "no = 6", "no = 5")
    assert main(["wiring", "--map", str(clash)]) == 2
    err = capsys.readouterr().err
    assert err == "companion: GPIO5 is used twice: for the yes button and the no button\n"
    assert not (tmp_path / "WIRING.md").exists()


@pytest.mark.parametrize("where", ["folder", "nothing"])
def test_an_unreadable_map_is_one_sentence(tmp_path, capsys, where):
    target = tmp_path if where == "folder" else tmp_path / "absent.toml"
    assert main(["wiring", "--map", str(target)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("companion: ") and err.count("\n") == 1 and str(target) in err


def test_writing_into_a_missing_folder_is_refused(tmp_path, capsys):
    assert main(["wiring", "--dir", str(tmp_path / "no" / "such")]) == 2
    assert "no folder" in capsys.readouterr().err


def test_without_the_knock_module_the_docs_leave_it_out(tmp_path):
    text = pins.DEFAULT_PATH.read_text(encoding="utf-8")
    path = tmp_path / "pins.toml"
    path.write_text(text.split("[knock_module]")[0], encoding="utf-8")
    bare = pins.load(path)
    markdown, svg = wiring_docs.render_markdown(bare), wiring_docs.render_svg(bare)
    assert not any(row[0] == "GPIO27" for row in markdown_tables(markdown)[0])
    assert "knock module DO" not in markdown and "| GPIO27 | 13 | 14 | GND |" in markdown
    ids = by_id(svg_root(svg))
    assert "box-knock" not in ids and "wire-GPIO27" not in ids


def test_the_pwm_driver_and_an_active_buzzer_change_the_notes(tmp_path):
    text = pins.DEFAULT_PATH.read_text(encoding="utf-8")
    text = text.replace('data = 10\ndriver = "spi"', 'data = 18\ndriver = "pwm"')
    text = text.replace('pin = 12\nkind = "passive"', 'pin = 22\nkind = "active"')
    path = tmp_path / "pins.toml"
    path.write_text(text, encoding="utf-8")
    other = pins.load(path)
    markdown = wiring_docs.render_markdown(other)
    data_row = next(line for line in markdown.splitlines() if line.startswith("| GPIO18 | 12 |"))
    assert "PWM0" in data_row and "root" in data_row
    buzzer_row = next(line for line in markdown.splitlines() if line.startswith("| GPIO22 | 15 |"))
    assert "active buzzer" in buzzer_row and "transistor" in buzzer_row
    assert "SPI0" not in markdown.split("## Pins to keep free")[1].split("##")[0]
    assert "Buzzer (active)" in svg_texts(svg_root(wiring_docs.render_svg(other)))


@pytest.mark.parametrize("address, strap", [(0x49, "VDD"), (0x4A, "SDA"), (0x4B, "SCL")])
def test_the_adc_address_sets_the_addr_strap(tmp_path, address, strap):
    moved = pins.load(changed_map(tmp_path, "address = 0x48", f"address = {address:#x}"))
    markdown = wiring_docs.render_markdown(moved)
    assert f"| ADS1115 ADDR | {strap} | sets the I2C address to 0x{address:02X}" in markdown


# -- WIRING.md says what a builder needs --------------------------------------------------
def markdown_tables(markdown: str) -> list[list[list[str]]]:
    tables, current = [], []
    for line in markdown.splitlines():
        if line.startswith("|"):
            current.append([cell.strip() for cell in line.strip().strip("|").split("|")])
        elif current:
            tables.append(current)
            current = []
    if current:
        tables.append(current)
    return tables


def test_every_table_row_has_as_many_cells_as_its_header(pin_map):
    for table in markdown_tables(wiring_docs.render_markdown(pin_map)):
        assert {len(row) for row in table} == {len(table[0])}, table[0]


def test_the_signal_table_lists_each_used_gpio_once_with_its_header_pin(pin_map):
    signal_table = markdown_tables(wiring_docs.render_markdown(pin_map))[0]
    assert signal_table[0][:2] == ["GPIO", "Pin"]
    rows = {(row[0], row[1]) for row in signal_table[2:]}
    expected = {(f"GPIO{gpio}", str(HEADER_PIN[gpio])) for gpio, _role in pin_map.uses()}
    assert rows == expected and len(signal_table) - 2 == len(expected)


def test_the_header_table_shows_all_forty_pins(pin_map):
    glance = markdown_tables(wiring_docs.render_markdown(pin_map))[-1]
    assert glance[0] == ["Function", "Pin", "Pin", "Function"]
    cells = {}
    for left, odd, even, right in glance[2:]:
        cells[int(odd)], cells[int(even)] = left, right
    assert sorted(cells) == list(range(1, 41))
    for pin in (1, 17):
        assert cells[pin] == "3V3"
    for pin in (2, 4):
        assert cells[pin] == "5V"
    for pin in (6, 9, 14, 20, 25, 30, 34, 39):
        assert cells[pin] == "GND"
    for gpio, role in pin_map.uses():
        assert cells[HEADER_PIN[gpio]].startswith(f"**GPIO{gpio}: ")


@pytest.mark.parametrize("must_say", [
    "1000 µF", "330 Ω", "74AHCT125", "1OE (pin 1)", "OE is active low", "common ground", "fuse",
    "ADS1115 VDD", "3.3 V, not 5 V", "1 MΩ", "AIN0", "AIN1", "BAT54S", "mid-supply", "never power them from the Pi",
])
def test_the_power_and_piezo_tables_name_what_a_builder_needs(pin_map, must_say):
    assert must_say in wiring_docs.render_markdown(pin_map)


def test_the_table_links_the_map_and_the_diagram(pin_map):
    markdown = wiring_docs.render_markdown(pin_map)
    assert "](pins.toml)" in markdown and "](wiring.svg)" in markdown


# -- the diagram --------------------------------------------------------------------------
def test_the_svg_is_well_formed_and_names_every_used_gpio(pin_map):
    root = svg_root(wiring_docs.render_svg(pin_map))
    assert root.tag == f"{SVG_NS}svg"
    width, height = int(root.get("width")), int(root.get("height"))
    assert root.get("viewBox") == f"0 0 {width} {height}"
    texts = svg_texts(root)
    words = " ".join(texts)
    for gpio, _role in pin_map.uses():
        assert re.search(rf"\bGPIO{gpio}\b", words), f"GPIO{gpio} is not named"
        assert str(HEADER_PIN[gpio]) in texts, f"header pin {HEADER_PIN[gpio]} is not numbered"
    assert {str(pin) for pin in range(1, 41)} <= set(texts), "every header pin is numbered"


def test_each_wire_runs_from_its_pin_label_to_a_port_on_its_part(pin_map):
    root = svg_root(wiring_docs.render_svg(pin_map))
    ids = by_id(root)
    geometry = wiring_docs.layout(pin_map)
    for signal in wiring_docs.signals(pin_map):
        wire = ids[f"wire-GPIO{signal.gpio}"]
        points = path_points(wire.get("d"))
        pin = HEADER_PIN[signal.gpio]
        label = ids[f"pin-{pin}"]
        label_x, label_w = float(label.get("x")), float(label.get("width"))
        label_y, label_h = float(label.get("y")), float(label.get("height"))
        start_x, start_y = points[0]
        assert start_x in (label_x, label_x + label_w), f"GPIO{signal.gpio}'s wire does not leave its pin label"
        assert start_y == label_y + label_h / 2
        assert label.get("fill") == wire.get("stroke") == signal.colour
        port = ids[f"port-GPIO{signal.gpio}"]
        assert (float(port.get("cx")), float(port.get("cy"))) == points[-1]
        box = next(b for b in geometry.boxes.values() if signal in b.ports)
        x, y, w, h = box.rect()
        assert points[-1][0] in (x, x + w) and y < points[-1][1] < y + h
        assert f"box-{box.name}" in ids


def random_valid_map(rng: random.Random) -> PinMap:
    """A map the validator accepts, with the pins spread at random over the header."""
    while True:
        driver = rng.choice(pins.DRIVERS)
        data = {"spi": 10, "pwm": rng.choice(sorted(pins.HARDWARE_PWM))}.get(driver, rng.randrange(4, 28))
        kind = rng.choice(pins.BUZZER_KINDS)
        buzzer = rng.choice(sorted(pins.HARDWARE_PWM)) if kind == "passive" else rng.randrange(4, 28)
        free = [g for g in range(4, 28) if g not in (data, buzzer)]
        yes, no, undo, rdy, knock = rng.sample(free, 5)
        candidate = PinMap(data, driver, buzzer, kind, yes, no, undo, 1, rng.choice([0x48, 0x49, 0x4A, 0x4B]), 2, 3,
                           rdy, knock if rng.random() < 0.7 else None)
        try:
            pins.validate(candidate)
        except pins.PinMapError:
            continue
        return candidate


def segments(points):
    return list(zip(points, points[1:]))


def overlaps(a, b) -> bool:
    """Do two axis-aligned segments run along each other (share more than a point)?"""
    (ax1, ay1), (ax2, ay2) = a
    (bx1, by1), (bx2, by2) = b
    if ax1 == ax2 == bx1 == bx2:
        return max(min(ay1, ay2), min(by1, by2)) < min(max(ay1, ay2), max(by1, by2))
    if ay1 == ay2 == by1 == by2:
        return max(min(ax1, ax2), min(bx1, bx2)) < min(max(ax1, ax2), max(bx1, bx2))
    return False


def enters(segment, rect) -> bool:
    """Does a segment touch the inside of a rectangle (its edge does not count)?"""
    (x1, y1), (x2, y2) = segment
    x, y, w, h = rect
    return min(x1, x2) < x + w and max(x1, x2) > x and min(y1, y2) < y + h and max(y1, y2) > y


def maps_to_check() -> list[PinMap]:
    rng = random.Random(20240611)
    return [pins.load()] + [random_valid_map(rng) for _ in range(24)]


@pytest.mark.parametrize("pin_map", maps_to_check(), ids=lambda m: f"data{m.pentagram_data}-rdy{m.adc_alert_rdy}"
                                                                    f"-yes{m.button_yes}")
def test_any_valid_map_gives_a_clean_diagram(pin_map):
    """Wires are right-angled, never run along each other, never cut through a box or the
    header, and everything stays on the canvas; boxes do not overlap."""
    geometry = wiring_docs.layout(pin_map)
    header = (wiring_docs.ODD_X - 18, wiring_docs.row_y(1) - 20,
              wiring_docs.EVEN_X - wiring_docs.ODD_X + 36, wiring_docs.row_y(39) - wiring_docs.row_y(1) + 40)
    boxes = list(geometry.boxes.values())
    for i, a in enumerate(boxes):
        ax, ay, aw, ah = a.rect()
        assert 0 <= ax and ax + aw <= geometry.width and 0 <= ay and ay + ah <= geometry.height
        for b in boxes[i + 1:]:
            bx, by, bw, bh = b.rect()
            assert not (ax < bx + bw and bx < ax + aw and ay < by + bh and by < ay + ah), (a.name, b.name)
    wires = geometry.wires
    assert set(wires) == {gpio for gpio, _role in pin_map.uses()}
    for gpio, points in wires.items():
        for (x1, y1), (x2, y2) in segments(points):
            assert x1 == x2 or y1 == y2, f"GPIO{gpio}'s wire has a slanted segment"
            assert 0 <= min(x1, x2) and max(x1, x2) <= geometry.width and 0 <= min(y1, y2) <= geometry.height
        for segment in segments(points):
            assert not enters(segment, header), f"GPIO{gpio}'s wire crosses the header"
            for box in boxes:
                assert not enters(segment, box.rect()), f"GPIO{gpio}'s wire cuts through {box.name}"
        for other, other_points in wires.items():
            if other <= gpio:
                continue
            for a in segments(points):
                for b in segments(other_points):
                    assert not overlaps(a, b), f"GPIO{gpio} and GPIO{other} run along each other"
    svg = wiring_docs.render_svg(pin_map)
    svg_root(svg)  # well-formed for every map


def test_the_default_map_draws_without_a_single_crossing(pin_map):
    geometry = wiring_docs.layout(pin_map)
    crossings = 0
    wires = list(geometry.wires.values())
    for i, a in enumerate(wires):
        for b in wires[i + 1:]:
            for (p1, p2) in segments(a):
                for (q1, q2) in segments(b):
                    vertical, horizontal = ((p1, p2), (q1, q2)) if p1[0] == p2[0] else ((q1, q2), (p1, p2))
                    if vertical[0][0] != vertical[1][0] or horizontal[0][1] != horizontal[1][1]:
                        continue
                    x, y = vertical[0][0], horizontal[0][1]
                    if min(horizontal[0][0], horizontal[1][0]) < x < max(horizontal[0][0], horizontal[1][0]) and \
                            min(vertical[0][1], vertical[1][1]) < y < max(vertical[0][1], vertical[1][1]):
                        crossings += 1
    assert crossings == 0


# -- the builders' guide cites the map instead of copying it ------------------------------
HARDWARE_README = ROOT / "hardware" / "README.md"


def test_the_builders_guide_repeats_no_pin_numbers():
    """Pin numbers live in wiring/pins.toml; a number copied by hand into the guide would drift.
    (Pin 1, the header's square pad, is the board's, not the map's.)"""
    text = HARDWARE_README.read_text(encoding="utf-8")
    assert not re.findall(r"\bGPIO ?\d+|\bBCM ?\d+|\bpins? (?!1\b)\d+", text, flags=re.IGNORECASE)


def test_the_builders_guide_points_at_the_generated_wiring():
    text = HARDWARE_README.read_text(encoding="utf-8")
    for target in ("../wiring/pins.toml", "../wiring/WIRING.md", "../wiring/wiring.svg"):
        assert f"]({target})" in text
        assert (HARDWARE_README.parent / target).resolve().is_file()
    for command in ("companion wiring", "companion doctor", "systemd/install.sh", "core_freq_min=500"):
        assert command in text


def test_the_builders_guide_tables_are_whole():
    tables = markdown_tables(HARDWARE_README.read_text(encoding="utf-8"))
    assert tables, "the guide has its tables"
    for table in tables:
        assert {len(row) for row in table} == {len(table[0])}, table[0]
    bom = next(t for t in tables if t[0] == ["Part", "Qty", "Why"])
    parts = " ".join(row[0] for row in bom[2:])
    for part in ("74AHCT125", "330 Ω", "1000 µF", "5 V 4 A", "Fuse", "ADS1115", "Piezo disc", "1 MΩ", "BAT54S",
                 "LM393", "push buttons", "buzzer", "7\" touch display", "microSD"):
        assert part in parts, part


def heading_anchors(markdown: str) -> set[str]:
    """GitHub's anchors for a file's headings: lower case, spaces to dashes, punctuation dropped."""
    anchors = set()
    for line in markdown.splitlines():
        if line.startswith("#"):
            title = line.lstrip("#").strip().lower()
            anchors.add(re.sub(r"[^\w\- ]", "", title).replace(" ", "-"))
    return anchors


@pytest.mark.parametrize("document", [HARDWARE_README, WIRING / "WIRING.md"], ids=["hardware-README", "WIRING"])
def test_every_link_in_the_builders_docs_resolves(document):
    text = document.read_text(encoding="utf-8")
    links = re.findall(r"\]\(([^)\s]+)\)", text)
    assert links
    for link in links:
        if link.startswith(("http://", "https://")):
            continue
        if link.startswith("#"):
            assert link[1:] in heading_anchors(text), f"{document.name}: no heading for {link}"
        else:
            path, _, anchor = link.partition("#")
            target = document.parent / path
            assert target.is_file(), f"{document.name} links to a missing {path}"
            if anchor and target.suffix == ".md":
                assert anchor in heading_anchors(target.read_text(encoding="utf-8")), \
                    f"{document.name}: {path} has no heading for #{anchor}"
