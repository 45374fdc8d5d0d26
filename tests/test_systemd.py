"""The kiosk service on the Pi: ``systemd/companion.service`` and ``systemd/install.sh``.

- The unit's key lines: the unprivileged user and its device groups, ``companion
  --fullscreen`` from the venv, kmsdrm on tty1, restart on failure, the state directory, no
  network, and a closed device policy that still lets it reach the GPIO, I2C, SPI, PIO, DRM,
  input and tty1 devices.
- The installer creates the same user, groups, venv and state directory as the unit names:
  the two files must not drift apart.
- ``systemd-analyze verify`` checks the unit. Verify refuses an ``ExecStart=`` command that
  does not exist, and ``/opt/planchette/venv/bin/companion`` exists only on an installed Pi, so
  it runs on a temporary copy of the unit whose ``ExecStart=`` is rewritten to ``true`` (with
  the same arguments). Nothing else is rewritten: verify does not look up the user, the groups
  or the device paths. Verify reports problems (unknown keys, bad values) as messages but still
  exits 0, so any message about the unit fails the test.
- ``systemd-analyze security --offline=yes`` rates the unit itself: overall exposure <= 5.0.
- ``install.sh`` passes ``bash -n`` and shellcheck (skipped where shellcheck is not
  installed); its ``config.txt`` block, written twice, is there once, and removing it gives
  back the file as it was.

The systemd-analyze tests are skipped, with the reason, only where systemd-analyze is absent
(or too old to know ``--offline``, systemd < 250).
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
UNIT = ROOT / "systemd" / "companion.service"
INSTALL = ROOT / "systemd" / "install.sh"
MAX_EXPOSURE = 5.0

SYSTEMD_ANALYZE = shutil.which("systemd-analyze")
BASH = shutil.which("bash")
needs_systemd_analyze = pytest.mark.skipif(SYSTEMD_ANALYZE is None, reason="systemd-analyze is not installed here")
needs_bash = pytest.mark.skipif(BASH is None, reason="bash is not installed here")


def parse_unit(text: str) -> dict[str, dict[str, list[str]]]:
    """Section -> key -> every value the key is given (in order), comments dropped."""
    sections: dict[str, dict[str, list[str]]] = {}
    current: dict[str, list[str]] | None = None
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith(("#", ";")):
            continue
        if line.startswith("[") and line.endswith("]"):
            current = sections.setdefault(line[1:-1], {})
            continue
        assert current is not None, f"a line outside any section: {raw!r}"
        assert "=" in line, f"not a key=value line: {raw!r}"
        key, value = line.split("=", 1)
        current.setdefault(key.strip(), []).append(value.strip())
    return sections


UNIT_TEXT = UNIT.read_text(encoding="utf-8")
SECTIONS = parse_unit(UNIT_TEXT)
SERVICE = SECTIONS["Service"]


def one(key: str, section: str = "Service") -> str:
    values = SECTIONS[section].get(key, [])
    assert len(values) == 1, f"{key}= should be set once in [{section}], found {values}"
    return values[0]


def words(key: str, section: str = "Service") -> list[str]:
    return [word for value in SECTIONS[section].get(key, []) for word in shlex.split(value)]


def environment() -> dict[str, str]:
    return dict(word.split("=", 1) for word in words("Environment"))


def installer_settings() -> dict[str, str]:
    """The installer's own variables, read by sourcing it (which runs nothing)."""
    script = f'source {shlex.quote(str(INSTALL))}; ' \
             'printf "%s\\n" "$VENV" "$SERVICE_USER" "${SERVICE_GROUPS[*]}" "$STATE_DIR" "$UNIT" "$SRC"'
    out = subprocess.run([BASH, "-c", script], capture_output=True, text=True, timeout=30, check=True).stdout
    venv, user, groups, state_dir, unit, src = out.splitlines()
    return {"venv": venv, "user": user, "groups": groups, "state_dir": state_dir, "unit": unit, "src": src}


# -- the unit's lines -----------------------------------------------------------------------
def test_the_unit_starts_the_kiosk_as_an_unprivileged_user():
    assert one("User") == "planchette"
    assert one("ExecStart") == "/opt/planchette/venv/bin/companion --fullscreen"
    assert one("Restart") == "on-failure"
    assert one("StateDirectory") == "planchette"  # the app reads $STATE_DIRECTORY
    assert one("WantedBy", "Install") == "multi-user.target"
    assert "AmbientCapabilities" not in SERVICE or one("AmbientCapabilities") == ""
    assert one("CapabilityBoundingSet") == ""
    assert one("NoNewPrivileges") == "yes"


def test_the_service_user_is_in_the_device_groups_and_no_others():
    groups = words("SupplementaryGroups")
    assert sorted(groups) == sorted({"gpio", "i2c", "spi", "video", "render", "input"})
    assert "audio" not in groups  # the buzzer is a GPIO; nothing plays through ALSA


def test_the_screen_is_kmsdrm_on_tty1():
    env = environment()
    assert env["SDL_VIDEODRIVER"] == "kmsdrm"
    assert one("TTYPath") == "/dev/tty1"
    assert one("StandardInput") in {"tty", "tty-force", "tty-fail"}
    assert one("StandardOutput") == "journal"  # logs to the journal, not onto the screen
    assert "getty@tty1.service" in words("Conflicts", "Unit")
    assert "getty@tty1.service" in words("After", "Unit")
    # lgpio makes its notification pipes in the working directory: it must be writable
    assert one("WorkingDirectory") == "%t/planchette" and one("RuntimeDirectory") == "planchette"


def test_the_network_is_denied():
    assert one("PrivateNetwork") == "yes"
    assert one("IPAddressDeny") == "any"
    families = set(words("RestrictAddressFamilies"))
    assert families <= {"AF_UNIX", "AF_NETLINK"}, families


def test_the_devices_are_closed_except_the_ones_the_box_uses():
    assert one("DevicePolicy") == "closed"
    assert SERVICE.get("PrivateDevices", ["no"]) == ["no"], "PrivateDevices=yes would hide the hardware"
    allowed = {}
    for value in SERVICE.get("DeviceAllow", []):
        spec, access = value.split()
        allowed[spec] = access
    needed = {
        "char-gpiochip": "rw",  # /dev/gpiochip* (lgpio, gpiod)
        "/dev/gpiomem": "rw",  # RPi.GPIO on a Pi 4 and older
        "char-i2c": "rw",  # /dev/i2c-1, the ADS1115
        "char-spi": "rw",  # /dev/spidev0.0, the NeoPixels over SPI
        "char-rp1-pio": "rw",  # /dev/pio0, the NeoPixels on a Pi 5
        "char-drm": "rw",  # /dev/dri/card*, renderD*
        "char-input": "r",  # /dev/input/event*, the touch screen
        "/dev/tty1": "rw",
    }
    for spec, access in needed.items():
        assert spec in allowed, f"DeviceAllow={spec} is missing"
        assert set(access) <= set(allowed[spec]), f"DeviceAllow={spec} {allowed[spec]} lacks {access}"
    assert set(allowed) == set(needed), f"devices allowed beyond the box's: {set(allowed) - set(needed)}"
    # the device groups resolve only once their drivers are loaded
    for module in ("drm", "i2c_dev", "spidev"):
        assert f"modprobe@{module}.service" in words("After", "Unit")
        assert f"modprobe@{module}.service" in words("Wants", "Unit")


@needs_bash
def test_the_installer_and_the_unit_agree():
    settings = installer_settings()
    assert settings["user"] == one("User")
    assert settings["groups"].split() == words("SupplementaryGroups")
    assert one("ExecStart").split()[0] == f"{settings['venv']}/bin/companion"
    assert settings["state_dir"] == f"/var/lib/{one('StateDirectory')}"
    assert settings["unit"] == UNIT.name
    assert one("Documentation", "Unit") == f"file:{settings['src']}/systemd/README.md"


# -- systemd-analyze ------------------------------------------------------------------------
def analyze(*args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, SYSTEMD_COLORS="0", SYSTEMD_PAGER="", LC_ALL="C.UTF-8")
    return subprocess.run([SYSTEMD_ANALYZE, *args], capture_output=True, text=True, encoding="utf-8",
                          errors="replace", timeout=60, env=env)


@needs_systemd_analyze
def test_systemd_analyze_verify_finds_nothing_wrong(tmp_path):
    true = shutil.which("true")
    assert true, "no `true` command to stand in for the companion"
    copy = tmp_path / UNIT.name
    copy.write_text(re.sub(r"^ExecStart=\S+", f"ExecStart={true}", UNIT_TEXT, flags=re.M), encoding="utf-8")
    result = analyze("verify", "--man=no", str(copy))
    messages = [line for line in (result.stdout + result.stderr).splitlines() if UNIT.name in line]
    assert result.returncode == 0 and not messages, "\n".join(messages) or result.stderr


@needs_systemd_analyze
def test_systemd_analyze_security_exposure_is_at_most_5():
    result = analyze("security", "--offline=yes", "--no-pager", str(UNIT))
    if result.returncode != 0 and re.search(r"unrecognized option|unknown option", result.stderr):
        pytest.skip(f"this systemd-analyze has no --offline (systemd < 250): {result.stderr.strip()}")
    found = re.search(rf"Overall exposure level for {re.escape(UNIT.name)}: (\d+(?:\.\d+)?)", result.stdout)
    assert found, result.stdout + result.stderr
    exposure = float(found.group(1))
    weak = [line.strip() for line in result.stdout.splitlines() if line.lstrip().startswith("✗")]
    assert exposure <= MAX_EXPOSURE, f"exposure {exposure} > {MAX_EXPOSURE}:\n" + "\n".join(weak)


# -- install.sh -----------------------------------------------------------------------------
@needs_bash
def test_install_sh_parses():
    subprocess.run([BASH, "-n", str(INSTALL)], check=True, timeout=30)
    assert os.access(INSTALL, os.X_OK), "systemd/install.sh should be executable"
    assert "set -euo pipefail" in INSTALL.read_text(encoding="utf-8")


@pytest.mark.skipif(shutil.which("shellcheck") is None, reason="shellcheck is not installed here")
def test_install_sh_passes_shellcheck():
    result = subprocess.run(["shellcheck", str(INSTALL)], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stdout + result.stderr


@needs_bash
def test_install_sh_help_and_bad_options_need_no_root():
    ok = subprocess.run([BASH, str(INSTALL), "--help"], capture_output=True, text=True, timeout=30)
    assert ok.returncode == 0 and "--uninstall" in ok.stdout
    bad = subprocess.run([BASH, str(INSTALL), "--purge"], capture_output=True, text=True, timeout=30)
    assert bad.returncode != 0 and "--purge goes with --uninstall" in bad.stderr


CONFIG = "# the Pi's own\n[pi4]\narm_boost=1\n\n[all]\ndtparam=audio=on\n"


def config_block(tmp_path: Path, model: str) -> tuple[str, str]:
    """config.txt after writing the block twice, and after removing it."""
    config = tmp_path / "config.txt"
    config.write_text(CONFIG, encoding="utf-8")
    script = (f"source {shlex.quote(str(INSTALL))}; model={shlex.quote(model)}; c={shlex.quote(str(config))}; "
              'write_config_block "$c"; write_config_block "$c"; cat "$c"; echo ---; '
              'remove_config_block "$c"; cat "$c"')
    out = subprocess.run([BASH, "-c", script], capture_output=True, text=True, timeout=30, check=True).stdout
    written, removed = out.split("---\n")
    return written, removed


@needs_bash
def test_the_config_txt_block_is_written_once_and_removed_cleanly_on_a_pi_4(tmp_path):
    written, removed = config_block(tmp_path, "Raspberry Pi 4 Model B Rev 1.5")
    assert written.startswith(CONFIG)
    block = written[len(CONFIG):].splitlines()
    assert block[0].startswith("# >>> planchette") and block[-1].startswith("# <<< planchette")
    assert block[1] == "[all]"
    assert block[2:-1] == ["dtparam=i2c_arm_baudrate=400000", "core_freq=500", "core_freq_min=500"]
    assert removed == CONFIG


@needs_bash
def test_a_pi_5_gets_no_core_clock_lines(tmp_path):
    written, removed = config_block(tmp_path, "Raspberry Pi 5 Model B Rev 1.0")
    assert "dtparam=i2c_arm_baudrate=400000" in written
    assert "core_freq" not in written
    assert removed == CONFIG
