#!/usr/bin/env bash
# Planchette: install, update or remove the kiosk service on Raspberry Pi OS (Bookworm).
#
#   sudo systemd/install.sh              install, or update after a `git pull` (safe to re-run)
#   sudo systemd/install.sh --uninstall  remove the service and /opt/planchette (keeps the saved games)
#   sudo systemd/install.sh --uninstall --purge   ... and the saved games and the service user
#
# systemd/README.md explains each step, and what changes in a chroot (an SD-image build).
set -euo pipefail
umask 022

PREFIX=/opt/planchette
SRC=$PREFIX/src
VENV=$PREFIX/venv
CONSTRAINTS=planchette-constraints.txt # inside the venv: what pip must keep (make_venv)
SERVICE_USER=planchette
SERVICE_GROUPS=(gpio i2c spi video render input)
STATE_DIR=/var/lib/planchette
CACHE_DIR=/var/cache/planchette
UNIT=companion.service
UNIT_PATH=/etc/systemd/system/$UNIT
PIO_RULE=/etc/udev/rules.d/99-planchette-pio.rules
MODULES_CONF=/etc/modules-load.d/planchette.conf
DISPLAY_MANAGER=/etc/systemd/system/display-manager.service
BOOT_CONFIGS=(/boot/firmware/config.txt /boot/config.txt) # Bookworm; Bullseye and older
# There only where systemd is PID 1 (sd_booted(3)): not in a chroot or a container.
SYSTEMD_RUN_DIR=/run/systemd/system
# Present only once the overlays that config.txt turns on are active.
BOOT_DEVICES=(/dev/i2c-1 /dev/spidev0.0)
# How long the Pi's own console may read the summary before the companion takes the screen.
SWITCH_WAIT=15
BLOCK_BEGIN="# >>> planchette (systemd/install.sh) >>>"
BLOCK_END="# <<< planchette <<<"

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO=$(dirname "$HERE")

# Runtime libraries, plus what building pygame against them needs: the pygame wheels
# on PyPI bundle their own SDL without the kmsdrm video driver, so pygame is built from
# source against Debian's SDL, which has it. RPi.GPIO builds from source too.
APT_PACKAGES=(
    python3 python3-venv python3-dev build-essential pkg-config rsync i2c-tools
    libsdl2-2.0-0 libsdl2-ttf-2.0-0 libsdl2-mixer-2.0-0 libsdl2-image-2.0-0
    libsdl2-dev libsdl2-ttf-dev libsdl2-mixer-dev libsdl2-image-dev
    libfreetype-dev libportmidi-dev
    libdrm2 libgbm1 libegl1 libgles2 libgl1-mesa-dri
    # The screens are drawn in DejaVu Sans, which pygame finds through fontconfig's fc-list
    # (companion/ui/theme.py); a Lite image has neither, and pygame's own font looks different.
    fontconfig fonts-dejavu-core
)
# Only in the Raspberry Pi archive (not in Debian's): lgpio's C library, in case pip has no
# lgpio wheel for this Python and builds it from source; and picamera2, the Camera Module's
# library, which is tied to the system's libcamera and so comes from apt, never from pip
# (docs/camera.md). --no-install-recommends leaves out its Qt and OpenGL preview windows.
# Installed when apt knows them.
APT_OPTIONAL=(liblgpio-dev swig python3-picamera2)

force=no
action=install
purge=no
reboot_needed=no
live=yes # systemd runs here (not a chroot): units can be reloaded and started
step=""  # what is being done, for the sentence when something fails

usage() {
    sed -n '2,8s/^# \{0,1\}//p' "${BASH_SOURCE[0]}"
    echo
    echo "Options: --force (also off a Raspberry Pi), --uninstall, --purge (with --uninstall), --help"
}

say() { step=$*; printf '\033[1m==> %s\033[0m\n' "$*"; }
warn() { printf 'install.sh: %s\n' "$*" >&2; }
die() { warn "$*"; step=""; exit 1; }

# Any other failure (set -e) still ends with a sentence: which step, and that re-running is safe.
on_exit() {
    local status=$?
    if ((status != 0)) && [[ -n $step ]]; then
        warn "stopped at the step \"$step\" (the messages above say why)."
        warn "what was done before is in place; fix the cause and run me again, it is safe to repeat."
    fi
}

# -- where we are -----------------------------------------------------------------------
model=$(tr -d '\0' 2>/dev/null </proc/device-tree/model || true)
is_pi() { [[ $model == *"Raspberry Pi"* ]]; }
is_pi5() { [[ $model == *"Raspberry Pi 5"* || $model == *"Compute Module 5"* ]]; }
is_pi4() { [[ $model == *"Raspberry Pi 4"* || $model == *"Raspberry Pi 400"* || $model == *"Compute Module 4"* ]]; }
is_pi3() { [[ $model == *"Raspberry Pi 3"* || $model == *"Zero 2"* || $model == *"Compute Module 3"* ]]; }

boot_config() {
    local config
    for config in "${BOOT_CONFIGS[@]}"; do
        if [[ -f $config ]]; then
            echo "$config"
            return 0
        fi
    done
}

# systemctl can enable a unit without systemd running (it edits the symlinks itself), but it
# cannot reload or start one: in a chroot or a container those steps wait for the first boot.
systemd_running() {
    [[ -d $SYSTEMD_RUN_DIR ]] && ! systemd-detect-virt --quiet --chroot 2>/dev/null
}

# The companion takes tty1: someone typing there loses the screen when it starts.
on_console() {
    [[ $(tty 2>/dev/null || true) == /dev/tty1 ]]
}

# Append a line, first ending the file's last line if it has no newline.
append_line() {
    local file=$1 line=$2
    if [[ -s $file && -n $(tail -c 1 "$file") ]]; then
        echo >>"$file"
    fi
    printf '%s\n' "$line" >>"$file"
}

# Remove our block (between the markers) from config.txt, if there is one.
remove_config_block() {
    local config=$1
    if grep -qxF "$BLOCK_BEGIN" "$config"; then
        sed -i "\\|^$BLOCK_BEGIN\$|,\\|^$BLOCK_END\$|d" "$config"
    fi
}

# Our settings in config.txt live in one marked block at the end, under [all] so that no
# earlier [pi4]-style filter swallows them; re-running replaces the block, never repeats it.
write_config_block() {
    local config=$1 lines=()
    lines+=("dtparam=i2c_arm_baudrate=400000") # the ADS1115 at 400 kHz
    if is_pi4; then
        # SPI NeoPixels: the SPI clock follows the core clock, so pin it.
        lines+=("core_freq=500" "core_freq_min=500")
    elif is_pi3; then
        lines+=("core_freq=250" "core_freq_min=250")
    fi
    local before after line
    before=$(sha256sum "$config")
    remove_config_block "$config"
    for line in "$BLOCK_BEGIN" "[all]" "${lines[@]}" "$BLOCK_END"; do
        append_line "$config" "$line"
    done
    after=$(sha256sum "$config")
    [[ $before == "$after" ]] || reboot_needed=yes
}

enable_i2c_spi() {
    local config=$1 before
    before=$(sha256sum "$config")
    if command -v raspi-config >/dev/null; then
        # 0 means "enable" in raspi-config's nonint mode. It also loads i2c-dev at boot.
        raspi-config nonint do_i2c 0
        raspi-config nonint do_spi 0
    else
        warn "raspi-config not found: enabling I2C and SPI in $config directly"
        grep -qx 'dtparam=i2c_arm=on' "$config" || append_line "$config" 'dtparam=i2c_arm=on'
        grep -qx 'dtparam=spi=on' "$config" || append_line "$config" 'dtparam=spi=on'
        echo i2c-dev >"$MODULES_CONF"
    fi
    [[ $before == "$(sha256sum "$config")" ]] || reboot_needed=yes
    # Without a reboot the devices show up only if the overlays are already active.
    local device
    for device in "${BOOT_DEVICES[@]}"; do
        [[ -e $device ]] || reboot_needed=yes
    done
}

# The copy the README promises is the file as it was before this script ever touched it:
# taken once, before raspi-config or our block changes anything.
keep_original_config() {
    local config=$1
    [[ -e $config.planchette-orig ]] || cp -p "$config" "$config.planchette-orig"
}

configure_boot() {
    local config
    config=$(boot_config)
    if [[ -z $config ]]; then
        warn "no config.txt in ${BOOT_CONFIGS[*]}: I2C and SPI left as they are"
        return 0
    fi
    say "I2C and SPI on, settings in $config (the original kept as $config.planchette-orig)"
    keep_original_config "$config"
    enable_i2c_spi "$config"
    write_config_block "$config"
}

install_apt_packages() {
    say "apt packages"
    apt-get update -q
    local wanted=("${APT_PACKAGES[@]}") package
    for package in "${APT_OPTIONAL[@]}"; do
        if apt-cache show "$package" >/dev/null 2>&1; then
            wanted+=("$package")
        fi
    done
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${wanted[@]}"
}

make_user() {
    say "service user $SERVICE_USER (groups: ${SERVICE_GROUPS[*]})"
    local group
    for group in "${SERVICE_GROUPS[@]}"; do
        # Raspberry Pi OS has them all, with udev rules giving them the devices.
        getent group "$group" >/dev/null || groupadd --system "$group"
    done
    local joined
    joined=$(IFS=,; echo "${SERVICE_GROUPS[*]}")
    if id "$SERVICE_USER" >/dev/null 2>&1; then
        usermod --append --groups "$joined" "$SERVICE_USER"
    else
        useradd --system --user-group --groups "$joined" --home-dir "$STATE_DIR" \
            --no-create-home --shell /usr/sbin/nologin --comment "Planchette table companion" \
            "$SERVICE_USER"
    fi
}

copy_source() {
    say "source -> $SRC"
    mkdir -p "$SRC"
    if [[ $(realpath "$REPO") == $(realpath "$SRC") ]]; then
        return # running from the installed copy
    fi
    # A copy, not the clone itself: the service cannot see home directories (ProtectHome=).
    # What git ignores (.venv, caches, journals, screenshots) stays behind, and survives --delete.
    rsync -a --delete --chown=root:root --chmod=u+rwX,go+rX,go-w \
        --exclude=.git/ --filter=':- .gitignore' --exclude=.venv/ --exclude='*.egg-info/' \
        "$REPO/" "$SRC/"
}

# True when pygame in the venv uses the system's SDL (the one with kmsdrm).
pygame_uses_system_sdl() {
    local module
    module=$(PYGAME_HIDE_SUPPORT_PROMPT=1 "$VENV/bin/python" -c 'import pygame.base as b; print(b.__file__)' 2>/dev/null) || return 1
    ldd "$module" | grep -q 'libSDL2-2\.0\.so\.0 => /' && ! ldd "$module" | grep -q 'pygame\.libs'
}

# picamera2 imports Debian's simplejpeg, which is built against the system's NumPy: a NumPy of
# another major version in the venv (pip's newest OpenCV wants NumPy 2) stops picamera2 loading
# ("numpy.dtype size changed"). So the venv's NumPy keeps the system's major version, and pip
# picks the newest OpenCV wheel that accepts it.
write_constraints() {
    local major
    major=$(python3 -c 'import numpy; print(numpy.__version__.split(".")[0])' 2>/dev/null || true)
    if [[ $major =~ ^[0-9]+$ ]]; then
        echo "numpy<$((major + 1))" >"$VENV/$CONSTRAINTS"
    else
        : >"$VENV/$CONSTRAINTS" # no system NumPy (no picamera2): nothing to keep in step with
    fi
}

make_venv() {
    say "virtual environment $VENV"
    # The venv sees the system's packages too: picamera2 and libcamera's bindings exist only
    # as Raspberry Pi OS packages. What pip installs in the venv still comes first.
    [[ -x $VENV/bin/python ]] || python3 -m venv "$VENV" --system-site-packages
    if [[ -f $VENV/pyvenv.cfg ]]; then # a venv made before the camera: let it see them too
        sed -i 's/^include-system-site-packages = false$/include-system-site-packages = true/' "$VENV/pyvenv.cfg"
    fi
    write_constraints
    # A newer pip is welcome, not needed: Bookworm's installs everything below.
    if ! "$VENV/bin/python" -m pip install --quiet --upgrade pip; then
        warn "pip could not upgrade itself (see its message above): carrying on with the venv's own pip"
    fi
    # Editable: the data files (wiring/pins.toml, hardware/pentagram.json) stay in $SRC.
    if ! "$VENV/bin/python" -m pip install --no-binary pygame -e "${SRC}[pi,camera]" -c "$VENV/$CONSTRAINTS"; then
        die "pip could not install the companion and its libraries (see its messages above); check the network and run me again"
    fi
    if ! pygame_uses_system_sdl; then
        say "rebuilding pygame against the system's SDL (kmsdrm)"
        "$VENV/bin/python" -m pip install --force-reinstall --no-deps --no-binary pygame pygame
        pygame_uses_system_sdl || die "pygame still does not use the system's libSDL2; see systemd/README.md"
    fi
    # The service cannot write under /opt (ProtectSystem=strict): compile now, as root.
    "$VENV/bin/python" -m compileall -q "$SRC/companion" "$SRC/firmware_py" "$SRC/sim" >/dev/null || true
}

install_pio_rule() {
    # Pi 5: the NeoPixels go through the RP1's PIO, /dev/pio0. Recent Raspberry Pi OS
    # gives it to the gpio group already; older images leave it root-only. An image being
    # built may boot on a Pi 5, and elsewhere the rule matches nothing.
    say "udev rule for /dev/pio0 -> $PIO_RULE"
    echo 'SUBSYSTEM=="*-pio", GROUP="gpio", MODE="0660"' >"$PIO_RULE"
    if [[ $live == yes ]]; then
        udevadm control --reload-rules
        udevadm trigger --subsystem-match=rp1-pio || true
    fi
}

install_unit() {
    say "unit $UNIT_PATH"
    install -m 0644 "$SRC/systemd/$UNIT" "$UNIT_PATH"
    [[ $live == no ]] || systemctl daemon-reload
    # The unit takes tty1 (Conflicts=getty@tty1.service); without its login prompt at
    # boot, nothing races the companion for the screen.
    systemctl disable getty@tty1.service 2>/dev/null || true
    systemctl enable "$UNIT"
}

# Last of all, after every message: on the Pi's own console the companion takes this screen.
start_companion() {
    if [[ $live == no ]]; then
        echo "At the first boot the I2C, SPI and clock settings apply and the companion starts on the screen."
        return 0
    fi
    if on_console; then
        if [[ $reboot_needed == yes ]]; then
            echo "The companion takes this screen after the reboot."
            return 0
        fi
        echo "The screen switches to the companion now; for a console afterwards press Ctrl+Alt+F2 or use ssh."
        echo "Press Enter, or wait $SWITCH_WAIT seconds."
        read -r -t "$SWITCH_WAIT" _ || true
    fi
    # Starts it, or restarts it with the new code.
    systemctl restart "$UNIT" || die "the companion did not start: journalctl -u $UNIT -b says why"
}

check_display_manager() {
    # A desktop's display manager holds the screen (DRM master) and kmsdrm cannot open it.
    if [[ $(systemctl get-default 2>/dev/null || true) == graphical.target && -e $DISPLAY_MANAGER ]]; then
        warn "a desktop starts at boot and will hold the screen; boot to the console instead:"
        warn "  sudo raspi-config nonint do_boot_behaviour B1   (or: sudo systemctl set-default multi-user.target)"
    fi
}

uninstall() {
    say "removing $UNIT"
    local now=()
    [[ $live == no ]] || now=(--now) # stop and start only where systemd runs
    if [[ -f $UNIT_PATH ]]; then
        systemctl disable "${now[@]}" "$UNIT" || true
        rm -f "$UNIT_PATH"
        [[ $live == no ]] || systemctl daemon-reload
    fi
    systemctl enable "${now[@]}" getty@tty1.service || true
    if [[ -f $PIO_RULE ]]; then
        rm -f "$PIO_RULE"
        [[ $live == no ]] || udevadm control --reload-rules || true
    fi
    local config
    config=$(boot_config)
    if [[ -n $config ]] && grep -qxF "$BLOCK_BEGIN" "$config"; then
        remove_config_block "$config"
        reboot_needed=yes
    fi
    rm -rf "$PREFIX"
    if [[ $purge == yes ]]; then
        say "removing the saved games ($STATE_DIR) and the user $SERVICE_USER"
        rm -rf "$STATE_DIR" "$CACHE_DIR"
        if id "$SERVICE_USER" >/dev/null 2>&1; then
            userdel "$SERVICE_USER" || true
        fi
    else
        echo "Kept the saved games in $STATE_DIR and the user $SERVICE_USER (--purge removes them)."
    fi
    echo "I2C and SPI stay enabled (sudo raspi-config turns them off)."
}

# -- main ---------------------------------------------------------------------------------
main() {
    while (($#)); do
        case $1 in
            --force) force=yes ;;
            --uninstall) action=uninstall ;;
            --purge) purge=yes ;;
            -h | --help) usage; return 0 ;;
            *) usage >&2; die "unknown option: $1" ;;
        esac
        shift
    done
    if [[ $purge == yes && $action != uninstall ]]; then
        die "--purge goes with --uninstall"
    fi
    [[ $(id -u) -eq 0 ]] || die "run me as root: sudo $0"
    if ! is_pi && [[ $force != yes ]]; then
        die "this is not a Raspberry Pi (${model:-no /proc/device-tree/model}); --force installs anyway (as when building an image in a chroot)"
    fi
    trap on_exit EXIT
    if ! systemd_running; then
        live=no
        export SYSTEMD_OFFLINE=1 # systemctl edits the unit links itself, as in a chroot
        warn "systemd is not running here (a chroot or a container, as when building an SD image):"
        warn "the unit is only enabled or disabled; nothing is reloaded, started or stopped until the first boot"
    fi

    if [[ $action == uninstall ]]; then
        uninstall
        step=""
    else
        install_apt_packages
        make_user
        copy_source
        make_venv
        configure_boot
        if is_pi5 || [[ -e /dev/pio0 || $live == no ]]; then
            install_pio_rule
        fi
        install_unit
        check_display_manager
        say "installed: systemctl status $UNIT; journalctl -u $UNIT -f"
        step=""
    fi
    if [[ $reboot_needed == yes && $live == yes ]]; then
        echo "Reboot to apply the I2C, SPI and clock settings: sudo reboot"
    fi
    [[ $action == uninstall ]] || start_companion
}

# Sourced (by tests/test_systemd.py) it only defines the functions.
if [[ ${BASH_SOURCE[0]} == "$0" ]]; then
    main "$@"
fi
