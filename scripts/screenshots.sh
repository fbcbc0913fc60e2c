#!/usr/bin/env bash
# Runs the desktop app under Xvfb and saves a PNG of each screen, so the visuals can be reviewed.
#
#   scripts/screenshots.sh [output dir]     (default: target/screenshots)
#
# Debian packages it needs (installed with apt-get when missing):
#   xvfb            the virtual X server (Xvfb)
#   imagemagick     `import`, to grab the screen
#   libgl1-mesa-dri software OpenGL (llvmpipe) for the glow renderer
#   libegl1 libxkbcommon-x11-0 libxcursor1 libxrandr2 libxi6   loaded by eframe/winit at run time
#
# Each screen is opened directly with the hidden DWARFS_GUI_SCREEN switch
# (menu, settings, join, hotseat, host, game, select, end, replay; host-web = a hosted lobby
# serving the page, its browser link and QR code; select = a hand card picked,
# its legal spots lit; hold, hold-trade and hold-end = a 4-player Dwarf Hold board mid-game, its
# trade screen with an offer being composed, and its end screen; hotseat-hold = the hotseat lobby
# with Dwarf Hold picked; replay-hold = a recorded Hold game in the replay viewer; winter,
# winter-music, winter-prepare and winter-end = a 4-player Dwar7s Winter board (Legendary!) in
# the Actions phase, a 3-player one where the person answers another's music, one at the secret
# hand choice, and a solitaire game's end screen;
# hotseat-winter = the hotseat lobby with Dwar7s Winter picked; spring and replay-spring = a
# 4-player Dwar7s Spring board mid-game and a recorded Spring game). Settings are read from a
# throwaway config dir, so your own are neither shown nor changed.
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=${1:-target/screenshots}
SCREENS=(menu settings join lan hotseat hotseat-third hotseat-hold hotseat-winter host host-web joined game third select end replay hold hold-trade hold-end winter winter-music winter-prepare winter-end spring replay-hold replay-spring)
SIZE=1400x900

missing=()
command -v Xvfb >/dev/null || missing+=(xvfb)
command -v import >/dev/null || missing+=(imagemagick)
for lib in libEGL.so.1 libxkbcommon-x11.so.0 libXcursor.so.1 libXrandr.so.2 libXi.so.6; do
    ldconfig -p | grep -q "$lib" || case $lib in
        libEGL*) missing+=(libegl1) ;;
        libxkb*) missing+=(libxkbcommon-x11-0) ;;
        libXcursor*) missing+=(libxcursor1) ;;
        libXrandr*) missing+=(libxrandr2) ;;
        libXi.*) missing+=(libxi6) ;;
    esac
done
ls /usr/lib/*/dri/swrast_dri.so >/dev/null 2>&1 || missing+=(libgl1-mesa-dri)
if ((${#missing[@]})); then
    echo "installing: ${missing[*]}"
    SUDO=$([ "$(id -u)" = 0 ] || echo sudo)
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

[ -n "${SKIP_BUILD:-}" ] || cargo build -p dwarfs
BIN=${CARGO_TARGET_DIR:-target}/debug/dwarfs
mkdir -p "$OUT"

DISPLAY_NUM=:$((90 + RANDOM % 9))
Xvfb "$DISPLAY_NUM" -screen 0 "${SIZE}x24" -nolisten tcp >/dev/null 2>&1 &
XVFB=$!
CONF=$(mktemp -d)
cleanup() {
    kill "$XVFB" 2>/dev/null || true
    rm -rf "$CONF"
}
trap cleanup EXIT
export DISPLAY=$DISPLAY_NUM XDG_CONFIG_HOME=$CONF LIBGL_ALWAYS_SOFTWARE=1 WINIT_UNIX_BACKEND=x11
unset WAYLAND_DISPLAY
sleep 1

for s in "${SCREENS[@]}"; do
    DWARFS_GUI_SCREEN=$s "$BIN" >"$OUT/$s.log" 2>&1 &
    APP=$!
    sleep "${SHOT_DELAY:-4}"
    if ! kill -0 "$APP" 2>/dev/null; then
        echo "the app exited on screen $s; see $OUT/$s.log" >&2
        exit 1
    fi
    import -window root "$OUT/$s.png"
    kill "$APP"
    wait "$APP" 2>/dev/null || true
    echo "saved $OUT/$s.png"
done
