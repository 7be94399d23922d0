#!/usr/bin/env bash
# The test command: sets up a fresh Debian machine (rustfmt, clippy, chromium,
# npm packages, Python packages) and runs every check CI runs. Usage: ./scripts/test.sh
set -euo pipefail
cd "$(dirname "$0")/.."

# Each phase's header names the seconds since the start.
phase() { echo "== $* (at ${SECONDS} s)"; }

phase "setup"
rustup component add rustfmt clippy >/dev/null 2>&1 || true

# The layout: no import circle between a crate's modules (the report is
# printed; a circle fails the run and is named).
phase "layout (scripts/layout.py --check)"
python3 scripts/layout_test.py
python3 scripts/layout.py --check .

# The Python wheel's build must reuse the engine `cargo test` compiles
# (the same features of every shared dependency; build time only).
phase "same features (scripts/same-features.py)"
python3 scripts/same-features.py

phase "cargo fmt --check"
cargo fmt --all -- --check

phase "cargo clippy (warnings denied)"
cargo clippy --workspace --all-targets --locked -- -D warnings

phase "cargo test"
cargo test --workspace --locked 2>&1 | tee target/test-output.txt
passed=$(grep -E '^test result:' target/test-output.txt | awk '{p+=$4; f+=$6} END {print p+0}')
failed=$(grep -E '^test result:' target/test-output.txt | awk '{p+=$4; f+=$6} END {print f+0}')

if rustup toolchain list 2>/dev/null | grep -q '^nightly' && command -v cargo-fuzz >/dev/null 2>&1; then
  phase "fuzz smoke run (10 s per target)"
  fuzz/run.sh 10
else
  phase "fuzz smoke run skipped (needs a nightly toolchain and cargo-fuzz)"
fi

if [ -x scripts/browser-tests.sh ]; then
  phase "browser tests"
  scripts/browser-tests.sh
fi

# The Python binding (crates/py): pettingzoo, open_spiel and gymnasium
# checks, and equal answers to the CLI. Installs Python packages into
# target/py-venv.
phase "python tests"
scripts/python-tests.sh

# A one-node Slurm cluster runs a sharded tournament (scripts/slurm-test.sh).
# It installs slurm-wlm and munge and starts daemons, so it needs root;
# HYPERTAC_SKIP_SLURM=1 skips it.
phase "cluster test (Slurm)"
if [ "${HYPERTAC_SKIP_SLURM:-0}" = 1 ]; then
  echo "skipped (HYPERTAC_SKIP_SLURM=1)"
elif [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null; then
  timeout --kill-after=60 1800 scripts/slurm-test.sh
else
  echo "skipped (needs root and apt-get)"
fi

echo "cargo: ${passed} passed, ${failed} failed; ${SECONDS} s in all"
