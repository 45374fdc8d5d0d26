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
- ``install.sh`` run whole, with every absolute path it names moved under a temporary root
  and stand-in commands on PATH: ``config.txt.planchette-orig`` is the file byte for byte as
  it was before anything touched it; the fonts the screens ask for are installed; in a chroot
  (systemd not PID 1) the unit is enabled and nothing is reloaded or started; every message
  comes before the restart that takes tty1, and on the Pi's console a first install leaves
  the screen for the reboot; a failed pip upgrade, a failed install, a failed step and a
  companion that does not start each end in a sentence.

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
        "char-video4linux": "rw",  # /dev/video*, /dev/v4l-subdev*: the camera (picamera2, a webcam)
        "char-media": "rw",  # /dev/media*: libcamera's pipelines
        "char-dma_heap": "rw",  # /dev/dma_heap/*: picamera2's frame buffers
    }
    for spec, access in needed.items():
        assert spec in allowed, f"DeviceAllow={spec} is missing"
        assert set(access) <= set(allowed[spec]), f"DeviceAllow={spec} {allowed[spec]} lacks {access}"
    assert set(allowed) == set(needed), f"devices allowed beyond the box's: {set(allowed) - set(needed)}"
    # the device groups resolve only once their drivers are loaded
    for module in ("drm", "i2c_dev", "spidev", "videodev"):
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


# -- install.sh run whole, with stand-in commands ---------------------------------------------
# The script is sourced, every absolute path it names is moved under a temporary root, and
# PATH holds only stand-ins (which log each call) and a few harmless real tools: nothing can
# reach apt, systemd, raspi-config or the real /boot, even on a Pi, even as root.

REAL_TOOLS = ("tr", "dirname", "realpath", "sed", "grep", "sha256sum", "cp", "rm", "mkdir", "tail", "basename")
NOT_REDIRECTED = {"HERE", "REPO"}  # where the script reads its own source from

FAKES = {
    "apt-get": 'if [[ $1 == update && -n ${FAKE_APT_FAILS:-} ]]; then\n'
               '    echo "E: Failed to fetch http://deb.debian.org/debian/dists/bookworm/InRelease" >&2; exit 100\n'
               'fi',
    "apt-cache": "exit 100",  # knows none of the Raspberry Pi archive's packages
    "getent": "exit 0",
    "groupadd": "exit 0",
    "useradd": "exit 0",
    "usermod": "exit 0",
    "userdel": "exit 0",
    "id": '[[ ${1:-} == -u ]] || exit 1  # the service user does not exist yet\necho 0',
    "rsync": "exit 0",
    "install": "exit 0",
    "udevadm": "exit 0",
    "ldd": 'echo "	libSDL2-2.0.so.0 => /usr/lib/aarch64-linux-gnu/libSDL2-2.0.so.0 (0x0000ffff)"',
    "python3": 'if [[ $1 == -m && $2 == venv ]]; then mkdir -p "$3/bin" && cp "$FAKE_BIN/venv-python" "$3/bin/python"; fi',
    "venv-python": 'case "$*" in\n'
                   '    "-m pip install --quiet --upgrade pip")\n'
                   '        [[ -z ${FAKE_PIP_UPGRADE_FAILS:-} ]] || { echo "ERROR: No matching distribution found for pip" >&2; exit 1; } ;;\n'
                   '    "-m pip install --no-binary pygame -e"*)\n'
                   '        [[ -z ${FAKE_PIP_FAILS:-} ]] || { echo "ERROR: Could not find a version that satisfies the requirement pygame" >&2; exit 1; } ;;\n'
                   '    -c*) echo /opt/planchette/venv/lib/python3.11/site-packages/pygame/base.cpython-311-aarch64-linux-gnu.so ;;\n'
                   'esac',
    # raspi-config switches I2C and SPI on by uncommenting Bookworm's own lines
    "raspi-config": 'case $2 in\n'
                    '    do_i2c) sed -i "s/^#dtparam=i2c_arm=on$/dtparam=i2c_arm=on/" "$FAKE_CONFIG" ;;\n'
                    '    do_spi) sed -i "s/^#dtparam=spi=on$/dtparam=spi=on/" "$FAKE_CONFIG" ;;\n'
                    'esac',
    # Where systemd is not PID 1, enable and disable still work (systemctl edits the links
    # itself); anything that needs the manager fails as it does in a container.
    "systemctl": 'if [[ ${FAKE_SYSTEMD:-} == down ]]; then\n'
                 '    case " $* " in *" daemon-reload "* | *" restart "* | *" start "* | *" stop "* | *" --now "*)\n'
                 '        echo "System has not been booted with systemd as init system (PID 1). Can\'t operate." >&2\n'
                 '        echo "Failed to connect to bus: Host is down" >&2; exit 1 ;;\n'
                 '    esac\n'
                 'fi\n'
                 'if [[ $1 == restart && -n ${FAKE_START_FAILS:-} ]]; then\n'
                 '    echo "Job for companion.service failed because the control process exited with error code." >&2; exit 1\n'
                 'fi\n'
                 '[[ $1 != get-default ]] || echo multi-user.target',
    "systemd-detect-virt": "exit 1",  # not a chroot: the tests say so with /run/systemd/system
    "tty": 'if [[ -n ${FAKE_TTY:-} ]]; then echo "$FAKE_TTY"; else echo "not a tty"; exit 1; fi',
}

PI4 = "Raspberry Pi 4 Model B Rev 1.5"
# Bookworm's config.txt, as the Imager leaves it, plus what a builder may have added: a byte
# that is not UTF-8, a carriage return, and no newline at the end.
BOOT_CONFIG = (b"# For more options and information see http://rptl.io/configtxt\n"
               b"#dtparam=i2c_arm=on\n#dtparam=i2s=on\n#dtparam=spi=on\n\n"
               b"[pi4]\narm_boost=1\n\n[all]\n# caf\xe9 \t\r\narm_64bit=1")


class Run:
    """One run of install.sh: its exit status, and one transcript in which its own output
    and the commands it called ("$ systemctl restart companion.service") are interleaved."""

    def __init__(self, code: int, transcript: str, root: Path) -> None:
        self.code, self.transcript, self.root = code, transcript, root
        self.lines = transcript.splitlines()
        self.calls = [line[2:] for line in self.lines if line.startswith("$ ")]

    def index(self, text: str) -> int:
        """The first line holding ``text``."""
        found = [i for i, line in enumerate(self.lines) if text in line]
        assert found, f"{text!r} is not in the transcript:\n{self.transcript}"
        return found[0]

    def called(self, command: str) -> bool:
        return any(call == command or call.startswith(command + " ") for call in self.calls)


def make_bin(tmp_path: Path) -> Path:
    bin_dir = tmp_path / "bin"
    if bin_dir.exists():
        return bin_dir
    bin_dir.mkdir()
    for name, body in FAKES.items():
        fake = bin_dir / name
        fake.write_text(f'#!{BASH}\nprintf "$ %s\\n" "$(basename "$0") $*" >>"$FAKE_LOG"\n{body}\n', encoding="utf-8")
        fake.chmod(0o755)
    for name in REAL_TOOLS:
        real = shutil.which(name)
        if real is None:
            pytest.skip(f"{name} is not installed here")
        (bin_dir / name).symlink_to(real)
    return bin_dir


def redirected_names() -> list[str]:
    """The script's own top-level variables: those holding absolute paths get moved."""
    text = INSTALL.read_text(encoding="utf-8")
    return [name for name in re.findall(r"^([A-Z][A-Z0-9_]*)=", text, flags=re.M) if name not in NOT_REDIRECTED]


def run_install(tmp_path: Path, *args: str, model: str = PI4, systemd: str = "up", raspi_config: bool = True,
                devices_up: bool = False, stdin: str = "", **fake_env: str) -> Run:
    """Run install.sh's main under ``tmp_path/root``; a second call is a re-run on the same root."""
    root = tmp_path / "root"
    for folder in ("etc/modules-load.d", "etc/udev/rules.d", "etc/systemd/system", "boot/firmware", "dev"):
        (root / folder).mkdir(parents=True, exist_ok=True)
    config = root / "boot/firmware/config.txt"
    if not config.exists():
        config.write_bytes(BOOT_CONFIG)
    if systemd == "up":
        (root / "run/systemd/system").mkdir(parents=True, exist_ok=True)
    if devices_up:
        for device in ("i2c-1", "spidev0.0"):
            (root / "dev" / device).touch()
    bin_dir = make_bin(tmp_path)
    if not raspi_config:
        (bin_dir / "raspi-config").unlink(missing_ok=True)
    log = tmp_path / "transcript"
    log.write_text("", encoding="utf-8")
    move = "\n".join(
        f'if [[ $(declare -p {name}) == "declare -a"* ]]; then {name}=("${{{name}[@]/#\\//$T/}}"); '
        f'elif [[ ${name} == /* ]]; then {name}=$T${name}; fi' for name in redirected_names())
    script = (f"source {shlex.quote(str(INSTALL))}\nT={shlex.quote(str(root))}\n{move}\n"
              f"model={shlex.quote(model)}\n"
              f'main {" ".join(shlex.quote(arg) for arg in args)} >>"$FAKE_LOG" 2>&1')
    env = {"PATH": str(bin_dir), "FAKE_BIN": str(bin_dir), "FAKE_LOG": str(log), "FAKE_CONFIG": str(config),
           "FAKE_SYSTEMD": systemd, "HOME": str(tmp_path), "LC_ALL": "C.UTF-8", **fake_env}
    result = subprocess.run([BASH, "-c", script], input=stdin, capture_output=True, text=True, timeout=60, env=env)
    return Run(result.returncode, log.read_text(encoding="utf-8") + result.stdout + result.stderr, root)


@needs_bash
def test_every_system_path_the_installer_writes_is_a_variable_these_tests_move():
    """The guard for the runs below: a literal /etc/... inside a function would escape them."""
    allowed = {"/proc/device-tree/model", "/dev/pio0", "/dev/tty1", "/dev/null", "/usr/sbin/nologin",
               "/opt/planchette/src/systemd/README.md"}
    literal = re.compile(r"(?<![\w.$}])/(?:etc|opt|var|boot|run|usr|lib|dev|proc|srv|home|root)(?:/[\w.@-]+)*")
    stray = []
    for number, line in enumerate(INSTALL.read_text(encoding="utf-8").splitlines(), 1):
        code = line.split(" #", 1)[0]
        if code.lstrip().startswith("#") or re.match(r"[A-Z][A-Z0-9_]*=", code):
            continue
        stray += [f"line {number}: {path}" for path in literal.findall(code) if path not in allowed]
    assert not stray, "paths the tests cannot move:\n" + "\n".join(stray)


@needs_bash
@pytest.mark.parametrize("raspi_config", [True, False], ids=["raspi-config", "no-raspi-config"])
def test_the_original_config_txt_is_kept_byte_for_byte(tmp_path, raspi_config):
    first = run_install(tmp_path, raspi_config=raspi_config)
    assert first.code == 0, first.transcript
    config = first.root / "boot/firmware/config.txt"
    original = first.root / "boot/firmware/config.txt.planchette-orig"
    assert original.read_bytes() == BOOT_CONFIG
    changed = config.read_bytes()
    assert b"\ndtparam=i2c_arm=on\n" in changed and b"\ndtparam=spi=on\n" in changed
    assert b"\narm_64bit=1\n" in changed  # the last line, once without a newline, stays whole
    again = run_install(tmp_path, raspi_config=raspi_config)
    assert again.code == 0, again.transcript
    assert original.read_bytes() == BOOT_CONFIG  # a re-run never takes the changed file as the original
    assert config.read_bytes() == changed


@needs_bash
def test_the_fonts_the_screens_ask_for_are_installed(tmp_path):
    theme = (ROOT / "companion/ui/theme.py").read_text(encoding="utf-8")
    assert re.search(r'match_font\("dejavusans', theme), "theme.py no longer asks for DejaVu Sans: change the packages"
    run = run_install(tmp_path)
    assert run.code == 0, run.transcript
    installs = [call.split() for call in run.calls if call.startswith("apt-get install")]
    assert installs, run.transcript
    # fc-list (fontconfig) is how pygame finds any system font; DejaVu Sans is the one asked for
    assert {"fontconfig", "fonts-dejavu-core"} <= set(installs[-1])


@needs_bash
def test_in_a_chroot_the_unit_is_enabled_and_nothing_is_started(tmp_path):
    # an SD-image build: an emulated chroot without systemd, and no Pi to read the model from
    run = run_install(tmp_path, "--force", model="", systemd="down")
    assert run.code == 0, run.transcript
    assert run.called("systemctl enable companion.service")
    assert run.called("systemctl disable getty@tty1.service")
    for live in ("systemctl daemon-reload", "systemctl restart", "systemctl start", "udevadm control"):
        assert not run.called(live), f"{live} called in a chroot:\n{run.transcript}"
    assert "systemd is not running here" in run.transcript
    assert run.lines[-1] == "At the first boot the I2C, SPI and clock settings apply and the companion starts on the screen."
    assert "sudo reboot" not in run.transcript  # the image's first boot applies config.txt
    # the image may boot on a Pi 5: the PIO rule is there, and matches nothing elsewhere
    assert (run.root / "etc/udev/rules.d/99-planchette-pio.rules").is_file()


@needs_bash
def test_uninstall_in_a_chroot_stops_nothing(tmp_path):
    unit = tmp_path / "root/etc/systemd/system/companion.service"
    unit.parent.mkdir(parents=True)
    unit.write_text("[Unit]\n", encoding="utf-8")
    run = run_install(tmp_path, "--uninstall", "--force", model="", systemd="down")
    assert run.code == 0, run.transcript
    assert run.called("systemctl disable companion.service")
    assert run.called("systemctl enable getty@tty1.service")
    assert not run.called("systemctl daemon-reload") and "--now" not in " ".join(run.calls)
    assert not unit.exists()
    assert not (run.root / "boot/firmware/config.txt").read_text(encoding="latin-1").count("planchette")


@needs_bash
def test_on_a_running_pi_every_message_comes_before_the_restart(tmp_path):
    run = run_install(tmp_path)  # over ssh: stdin is no tty
    assert run.code == 0, run.transcript
    restart = run.index("$ systemctl restart companion.service")
    assert run.index("$ systemctl daemon-reload") < run.index("$ systemctl enable companion.service") < restart
    assert run.index("installed: systemctl status companion.service") < restart
    assert run.index("Reboot to apply the I2C, SPI and clock settings") < restart
    assert restart == len(run.lines) - 1, "nothing is said after the restart"


@needs_bash
def test_on_the_pi_console_an_update_says_the_screen_switches_then_switches(tmp_path):
    assert run_install(tmp_path, devices_up=True, FAKE_TTY="/dev/tty1").code == 0  # the first install
    update = run_install(tmp_path, devices_up=True, FAKE_TTY="/dev/tty1", stdin="\n")
    assert update.code == 0, update.transcript
    assert "Reboot" not in update.transcript  # nothing changed in config.txt, the devices are up
    switch = update.index("The screen switches to the companion now")
    assert update.index("installed: systemctl status") < switch
    assert switch < update.index("Press Enter, or wait") < update.index("$ systemctl restart companion.service")


@needs_bash
def test_on_the_pi_console_a_first_install_keeps_the_screen_for_the_reboot(tmp_path):
    run = run_install(tmp_path, FAKE_TTY="/dev/tty1")
    assert run.code == 0, run.transcript
    assert run.called("systemctl enable companion.service")
    assert not run.called("systemctl restart"), "the console is needed to type sudo reboot"
    assert run.index("Reboot to apply") < run.index("The companion takes this screen after the reboot.")


@needs_bash
def test_a_failed_pip_upgrade_is_said_and_the_install_goes_on(tmp_path):
    run = run_install(tmp_path, FAKE_PIP_UPGRADE_FAILS="1")
    assert run.code == 0, run.transcript
    said = run.index("install.sh: pip could not upgrade itself")
    assert run.index("$ python -m pip install --no-binary pygame -e") > said
    assert run.called("systemctl restart companion.service")


@needs_bash
def test_a_failed_pip_install_stops_with_a_sentence(tmp_path):
    run = run_install(tmp_path, FAKE_PIP_FAILS="1")
    assert run.code == 1
    assert run.lines[-1].startswith("install.sh: pip could not install the companion and its libraries"), run.transcript
    assert not run.called("systemctl enable")


@needs_bash
def test_any_other_failure_names_its_step_and_says_to_run_again(tmp_path):
    run = run_install(tmp_path, FAKE_APT_FAILS="1")
    assert run.code != 0
    assert run.lines[-2] == 'install.sh: stopped at the step "apt packages" (the messages above say why).', run.transcript
    assert "run me again, it is safe to repeat" in run.lines[-1]


@needs_bash
def test_a_companion_that_does_not_start_is_said(tmp_path):
    run = run_install(tmp_path, FAKE_START_FAILS="1")
    assert run.code == 1
    assert run.lines[-1] == "install.sh: the companion did not start: journalctl -u companion.service -b says why"
