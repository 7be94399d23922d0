#!/usr/bin/env bash
# Regenerates the 4^4 (4x4x4x4, four in a row) proof from the empty board and
# verifies it, printing each step's wall time and peak memory.
# Usage: scripts/prove-4d.sh [DIR]   (default DIR: runs/; resumable: run it again after any stop)
# About 1 h of search and the certificate on a 2-core machine; needs ~7 GB of memory.
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${1:-runs}
mkdir -p "$dir"
cargo build --release --locked -q
bin=target/release/hypertac
timed() { /usr/bin/time -f "  wall %e s, peak %M KiB" "$@"; }
echo "== search and certificate (checkpoint $dir/4d.ckpt, saved every minute)"
timed "$bin" prove --game 4d --checkpoint "$dir/4d.ckpt" --memory 6144 --proof "$dir/4d.proof"
ls -l "$dir/4d.proof"
echo "== hypertac verify"
timed "$bin" verify "$dir/4d.proof"
