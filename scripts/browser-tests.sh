#!/usr/bin/env bash
# Browser tests of `hypertac serve`: Debian's Chromium driven by npm
# playwright-core (no browser download). Installs what is missing on a fresh
# Debian machine, builds the binary, starts a server on a free port with a
# temporary HYPERTAC_HOME, runs tests/browser/run.js, saves screenshots in
# artifacts/screenshots/ and stops the server.
# Exits non-zero on failure; the last line is "N passed, M failed".
set -uo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"

fail() {
  echo "error: $*" >&2
  echo "0 passed, 1 failed"
  exit 1
}

if [ ! -x /usr/bin/chromium ]; then
  echo "installing chromium (apt-get)..." >&2
  { apt-get update && apt-get install -y chromium; } >/dev/null || fail "cannot install chromium"
fi
if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
  echo "installing nodejs and npm (apt-get)..." >&2
  { apt-get update && apt-get install -y nodejs npm; } >/dev/null || fail "cannot install node"
fi

(
  cd tests/browser
  if [ -f package-lock.json ]; then npm ci --no-audit --no-fund; else npm install --no-audit --no-fund; fi
) >&2 || fail "npm install failed in tests/browser"

# The binary `cargo test --workspace` builds (with the features of the whole
# workspace): after scripts/test.sh's tests this compiles nothing, where
# `cargo build --bin hypertac` would compile much of it again.
cargo test --workspace --locked --no-run >&2 || fail "cargo build failed"
target="${CARGO_TARGET_DIR:-$root/target}"
bin="$target/debug/hypertac"
[ -x "$bin" ] || fail "no binary at $bin"

# Expected Connect Four scores from the solver itself.
c4_pos="32164625"
c4_scores="$(echo "$c4_pos" | "$bin" solve connect4 --analyze --tt-log2 22 | cut -d' ' -f2-)" ||
  fail "hypertac solve connect4 failed"

home="$(mktemp -d)"
out="$home/serve.out"
HYPERTAC_HOME="$home" "$bin" serve --port 0 >"$out" 2>"$home/serve.err" &
server=$!
cleanup() {
  kill "$server" 2>/dev/null
  wait "$server" 2>/dev/null
  rm -rf "$home"
}
trap cleanup EXIT

url=""
for _ in $(seq 1 100); do
  url="$(head -n 1 "$out" 2>/dev/null)"
  [ -n "$url" ] && break
  kill -0 "$server" 2>/dev/null || break
  sleep 0.1
done
[ -n "$url" ] || { cat "$home/serve.err" >&2; fail "the server did not print its address"; }
echo "server at $url" >&2

mkdir -p artifacts/screenshots
# The whole run is bounded (each test also has its own limit in run.js), and
# no Chromium is left behind holding this script's output open.
BASE_URL="$url" SCREENSHOTS="$root/artifacts/screenshots" C4_POS="$c4_pos" C4_SCORES="$c4_scores" \
  timeout --kill-after=30 1500 node tests/browser/run.js
status=$?
pkill -f 'hypertac-chromium-' 2>/dev/null
[ "$status" -eq 124 ] && echo "0 passed, 1 failed (the browser tests took more than 25 minutes)"
exit "$status"
