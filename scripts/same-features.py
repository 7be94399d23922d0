#!/usr/bin/env python3
"""Checks that the Python wheel's build reuses the engine `cargo test` built.

    python3 scripts/same-features.py

Cargo compiles a crate again whenever the features of one of its
dependencies differ between two builds, and it unifies features over the
packages a command selects: `cargo test --workspace` (every package, with
dev-dependencies) and `maturin build` of crates/py (that package alone) can
turn on different features of, say, `libc`, and then the wheel's build
compiles the whole engine a second time (101 s of a cold CI run, 2026-11-29).
crates/py/Cargo.toml therefore names the features the rest of the workspace
turns on. This script compares, with `cargo tree`, the features each
package of the wheel's build gets there and in the workspace's test build,
and fails naming the packages that differ (add their features to that list).
A difference costs build time only, never a wrong result.
"""
import collections
import re
import subprocess
import sys


def features(args):
    run = subprocess.run(
        ["cargo", "tree", "--locked", "--prefix", "none", "-f", "{p} [{f}]"] + args,
        capture_output=True, text=True)
    if run.returncode != 0:
        sys.exit(f"error: cargo tree {' '.join(args)} failed: {run.stderr.strip()}")
    out = run.stdout
    got = collections.defaultdict(set)
    for line in out.splitlines():
        m = re.match(r"(\S+) (v\S+)(?: \([^)]*\))*? \[(.*)\]", line.strip())
        if m:
            got[(m[1], m[2])].add(m[3])
    return got


def main() -> int:
    wheel = features(["-p", "hypertac-py", "-e", "normal,build"])
    tests = features(["--workspace", "-e", "normal,build,dev"])
    if not wheel:
        print("error: `cargo tree -p hypertac-py` listed no package", file=sys.stderr)
        return 2
    differ = [(name, version, sorted(wheel[(name, version)]), sorted(tests.get((name, version), [])))
              for name, version in sorted(wheel)
              if wheel[(name, version)] != tests.get((name, version))]
    for name, version, w, t in differ:
        print(f"{name} {version}: wheel {w}, cargo test {t}")
    if differ:
        print(f"error: {len(differ)} packages of the Python wheel's build get other features than in "
              "`cargo test --workspace`, so the wheel compiles them (and what uses them) again: "
              "turn the features on in crates/py/Cargo.toml", file=sys.stderr)
        return 1
    print(f"same features: the {len(wheel)} packages of the Python wheel's build, as in `cargo test --workspace`")
    return 0


if __name__ == "__main__":
    sys.exit(main())
