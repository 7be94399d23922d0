#!/usr/bin/env bash
# The Python binding's tests: on a fresh Debian machine installs Python (with
# venv and pip) when missing, makes a virtual environment in
# target/py-venv, installs the pinned packages of
# crates/py/requirements-test.txt, builds the `hypertac` wheel from
# crates/py (maturin, into target/wheels) and installs it, and runs
# pytest on crates/py/tests against the CLI binary.
#
# The package is built with the dev profile (the workspace's dev profile
# optimises the engine crates), which reuses what `cargo test` compiled;
# HYPERTAC_PY_PROFILE=release builds it as `pip install ./crates/py` does.
# Usage: scripts/python-tests.sh [pytest arguments]
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v python3 >/dev/null || ! python3 -c 'import venv, ensurepip' 2>/dev/null; then
  if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null; then
    echo "installing python3, python3-venv, python3-pip"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3 python3-venv python3-pip >/dev/null
  else
    echo "error: python3 with venv is needed (apt-get install python3-venv)" >&2
    exit 2
  fi
fi

venv=target/py-venv
if [ ! -x "$venv/bin/python" ]; then
  python3 -m venv "$venv"
fi
py="$venv/bin/python"
# maturin's build hook runs the `maturin` program: the one in the venv.
export PATH="$PWD/$venv/bin:$PATH"
"$py" -m pip install -q --disable-pip-version-check -r crates/py/requirements-test.txt

profile="${HYPERTAC_PY_PROFILE:-dev}"
echo "building the hypertac wheel (profile $profile) and installing it"
# As a user without Rust would: a wheel built here (README, docs/python.md),
# then `pip install` of that file. It costs what `pip install ./crates/py`
# cost, which builds the same wheel on the way.
rm -f target/wheels/hypertac-*.whl
maturin build -q --profile "$profile" -m crates/py/Cargo.toml --out target/wheels
wheel="$(ls target/wheels/hypertac-*.whl)"
echo "built $wheel"
"$py" -m pip install -q --disable-pip-version-check --force-reinstall --no-deps "$wheel"

# The tests compare with the CLI: the binary `cargo test --workspace` built
# (no compiling after scripts/test.sh's tests; `cargo build --bin` would
# compile again with other features).
cargo test -q --workspace --locked --no-run
export HYPERTAC_BIN="$PWD/target/debug/hypertac" HYPERTAC_REQUIRE_CLI=1

# Run from outside the checkout so that `import hypertac` is the installed package.
cd crates/py/tests
exec "../../../$py" -m pytest -q -p no:cacheprovider "$@" .
