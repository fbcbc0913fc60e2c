#!/usr/bin/env bash
# Builds the web page: dwarfs-web for wasm32-unknown-unknown (the `web` profile: release
# without line tables, with LTO), its JavaScript glue by wasm-bindgen, and index.html, into target/page (or the
# directory given). Serve that directory with any static file server, or with `dwarfs web`.
#
# Needs the wasm32 target and the wasm-bindgen CLI at the version in Cargo.lock; installs both
# when missing (`--no-install` only says what is missing).
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:-target/page}"
install=1
[ "${1:-}" = "--no-install" ] && { install=0; out="${2:-target/page}"; }

version=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock)
if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
    [ "$install" = 1 ] || { echo "missing: rustup target add wasm32-unknown-unknown" >&2; exit 1; }
    rustup target add wasm32-unknown-unknown
fi
if [ "$(wasm-bindgen --version 2>/dev/null | awk '{print $2}')" != "$version" ]; then
    [ "$install" = 1 ] || { echo "missing: cargo install wasm-bindgen-cli --version $version" >&2; exit 1; }
    # Not --locked: the CLI's own lock file can name versions a registry mirror lacks.
    cargo install wasm-bindgen-cli --version "$version"
fi

cargo build --profile web --target wasm32-unknown-unknown -p dwarfs-web
mkdir -p "$out"
# No function names or producer notes in the module: they are a tenth of it, and only name
# the functions of a stack trace (a panic's message is still printed to the console).
wasm-bindgen --target web --no-typescript --remove-name-section --remove-producers-section --out-dir "$out" \
    "${CARGO_TARGET_DIR:-target}/wasm32-unknown-unknown/web/dwarfs_web.wasm"
cp crates/web/index.html "$out/index.html"
echo "built the page in $out ($(du -sh "$out" | cut -f1)); serve it with: dwarfs web --dir $out"
