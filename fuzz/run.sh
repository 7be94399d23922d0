#!/usr/bin/env bash
# Runs every fuzz target for SECONDS each (default 60) with the corpus in
# fuzz/corpus/TARGET; new interesting inputs are added there.
# Needs a nightly toolchain and cargo-fuzz (`cargo install cargo-fuzz`).
# Usage: fuzz/run.sh [SECONDS] [TARGET...]
set -euo pipefail
cd "$(dirname "$0")"
seconds=${1:-60}
shift || true
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  targets=(bot_input record_json connect4_moves notation http_json)
fi
for t in "${targets[@]}"; do
  mkdir -p "corpus/$t"
  echo "== fuzz $t for ${seconds}s"
  cargo +nightly fuzz run "$t" "corpus/$t" -- -max_total_time="$seconds" -max_len=4096 2>&1 |
    grep -E '^(#[0-9]+.*DONE|Done|==[0-9]+==|SUMMARY|artifact)' || true
  if ls "artifacts/$t"/crash-* >/dev/null 2>&1; then
    echo "fuzz $t: crash found, see fuzz/artifacts/$t" >&2
    exit 1
  fi
done
