"""Shared fixtures: the `hypertac` binary for comparisons with the CLI."""

import os
import pathlib
import shutil
import subprocess

import pytest

REPO = pathlib.Path(__file__).resolve().parents[3]


def _find_binary():
    given = os.environ.get("HYPERTAC_BIN")
    if given:
        return given
    for profile in ("release", "debug"):
        path = REPO / "target" / profile / "hypertac"
        if path.is_file():
            return str(path)
    return shutil.which("hypertac")


@pytest.fixture(scope="session")
def cli():
    """Runs the CLI: ``cli(args, stdin)`` returns its stdout (exit 0 checked)."""
    binary = _find_binary()
    if binary is None:
        if os.environ.get("HYPERTAC_REQUIRE_CLI"):
            pytest.fail("no hypertac binary: build it (cargo build --bin hypertac) or set HYPERTAC_BIN")
        pytest.skip("no hypertac binary (set HYPERTAC_BIN or cargo build --bin hypertac)")

    def run(args, stdin=""):
        done = subprocess.run(
            [binary, *args], input=stdin, capture_output=True, text=True, timeout=300
        )
        assert done.returncode == 0, f"hypertac {' '.join(args)}: {done.stderr}"
        return done.stdout

    return run
