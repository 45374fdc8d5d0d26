#!/usr/bin/env bash
# Planchette: install, update or remove the kiosk service on Raspberry Pi OS (Bookworm).
#
#   sudo systemd/install.sh              install, or update after a `git pull` (safe to re-run)
#   sudo systemd/install.sh --uninstall  remove the service and /opt/planchette (keeps the saved games)
#   sudo systemd/install.sh --uninstall --purge   ... and the saved games and the service user
#
# systemd/README.md explains each step.
set -euo pipefail
umask 022

PREFIX=/opt/planchette
SRC=$PREFIX/src
VENV=$PREFIX/venv
SERVICE_USER=planchette
SERVICE_GROUPS=(gpio i2c spi video render input)
STATE_DIR=/var/lib/planchette
CACHE_DIR=/var/cache/planchette
UNIT=companion.service
UNIT_PATH=/etc/systemd/system/$UNIT
PIO_RULE=/etc/udev/rules.d/99-planchette-pio.rules
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
)
# Only in the Raspberry Pi archive (not in Debian's): lgpio's C library, in case pip has no
# lgpio wheel for this Python and builds it from source. Installed when apt knows them.
APT_OPTIONAL=(liblgpio-dev swig)

force=no
action=install
purge=no
reboot_needed=no

usage() {
    sed -n '2,8s/^# \{0,1\}//p' "${BASH_SOURCE[0]}"
    echo
    echo "Options: --force (also off a Raspberry Pi), --uninstall, --purge (with --uninstall), --help"
}

say() { printf '\033[1m==> %s\033[0m\n' "$*"; }
warn() { printf 'install.sh: %s\n' "$*" >&2; }
die() { warn "$*"; exit 1; }

# -- where we are -----------------------------------------------------------------------
model=$(tr -d '\0' 2>/dev/null </proc/device-tree/model || true)
is_pi() { [[ $model == *"Raspberry Pi"* ]]; }
is_pi5() { [[ $model == *"Raspberry Pi 5"* || $model == *"Compute Module 5"* ]]; }
is_pi4() { [[ $model == *"Raspberry Pi 4"* || $model == *"Raspberry Pi 400"* || $model == *"Compute Module 4"* ]]; }
is_pi3() { [[ $model == *"Raspberry Pi 3"* || $model == *"Zero 2"* || $model == *"Compute Module 3"* ]]; }

boot_config() {
    if [[ -f /boot/firmware/config.txt ]]; then
        echo /boot/firmware/config.txt # Bookworm
    elif [[ -f /boot/config.txt ]]; then
        echo /boot/config.txt # Bullseye and older
    fi
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
    local before after
    before=$(sha256sum "$config")
    [[ -f $config.planchette-orig ]] || cp -p "$config" "$config.planchette-orig"
    remove_config_block "$config"
    {
        echo "$BLOCK_BEGIN"
        echo "[all]"
        printf '%s\n' "${lines[@]}"
        echo "$BLOCK_END"
    } >>"$config"
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
        grep -qx 'dtparam=i2c_arm=on' "$config" || echo 'dtparam=i2c_arm=on' >>"$config"
        grep -qx 'dtparam=spi=on' "$config" || echo 'dtparam=spi=on' >>"$config"
        echo i2c-dev >/etc/modules-load.d/planchette.conf
    fi
    [[ $before == "$(sha256sum "$config")" ]] || reboot_needed=yes
    # Without a reboot the devices show up only if the overlays are already active.
    [[ -e /dev/i2c-1 && -e /dev/spidev0.0 ]] || reboot_needed=yes
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

make_venv() {
    say "virtual environment $VENV"
    [[ -x $VENV/bin/python ]] || python3 -m venv "$VENV"
    "$VENV/bin/python" -m pip install --quiet --upgrade pip
    # Editable: the data files (wiring/pins.toml, hardware/pentagram.json) stay in $SRC.
    "$VENV/bin/python" -m pip install --no-binary pygame -e "${SRC}[pi]"
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
    # gives it to the gpio group already; older images leave it root-only.
    say "udev rule for /dev/pio0 -> $PIO_RULE"
    echo 'SUBSYSTEM=="*-pio", GROUP="gpio", MODE="0660"' >"$PIO_RULE"
    udevadm control --reload-rules
    udevadm trigger --subsystem-match=rp1-pio || true
}

install_unit() {
    say "unit $UNIT_PATH"
    install -m 0644 "$SRC/systemd/$UNIT" "$UNIT_PATH"
    systemctl daemon-reload
    # The unit takes tty1 (Conflicts=getty@tty1.service); without its login prompt at
    # boot, nothing races the companion for the screen.
    systemctl disable getty@tty1.service 2>/dev/null || true
    systemctl enable "$UNIT"
    systemctl restart "$UNIT" # starts it, or restarts it with the new code
}

check_display_manager() {
    # A desktop's display manager holds the screen (DRM master) and kmsdrm cannot open it.
    if [[ $(systemctl get-default) == graphical.target && -e /etc/systemd/system/display-manager.service ]]; then
        warn "a desktop starts at boot and will hold the screen; boot to the console instead:"
        warn "  sudo raspi-config nonint do_boot_behaviour B1   (or: sudo systemctl set-default multi-user.target)"
    fi
}

uninstall() {
    say "removing $UNIT"
    if [[ -f $UNIT_PATH ]]; then
        systemctl disable --now "$UNIT" || true
        rm -f "$UNIT_PATH"
        systemctl daemon-reload
    fi
    systemctl enable --now getty@tty1.service || true
    if [[ -f $PIO_RULE ]]; then
        rm -f "$PIO_RULE"
        udevadm control --reload-rules || true
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
    [[ $EUID -eq 0 ]] || die "run me as root: sudo $0"
    if ! is_pi && [[ $force != yes ]]; then
        die "this is not a Raspberry Pi (${model:-no /proc/device-tree/model}); --force installs anyway"
    fi

    if [[ $action == uninstall ]]; then
        uninstall
    else
        install_apt_packages
        make_user
        copy_source
        make_venv
        local config
        config=$(boot_config)
        if [[ -n $config ]]; then
            say "I2C and SPI on, settings in $config"
            enable_i2c_spi "$config"
            write_config_block "$config"
        else
            warn "no config.txt under /boot/firmware or /boot: I2C and SPI left as they are"
        fi
        if is_pi5 || [[ -e /dev/pio0 ]]; then
            install_pio_rule
        fi
        install_unit
        check_display_manager
        say "done: systemctl status $UNIT; journalctl -u $UNIT -f"
    fi
    if [[ $reboot_needed == yes ]]; then
        echo "Reboot to apply the I2C, SPI and clock settings: sudo reboot"
    fi
}

# Sourced (by tests/test_systemd.py) it only defines the functions.
if [[ ${BASH_SOURCE[0]} == "$0" ]]; then
    main "$@"
fi
