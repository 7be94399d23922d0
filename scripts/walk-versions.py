#!/usr/bin/env python3
"""The certificate walk of two builds on the same positions, alternately.

Usage: walk-versions.py OLD NEW [ROUNDS] [--memory MiB] [--threads N]

OLD and NEW are `hypertac` binaries (BINARY@N: that one with --threads N).
For each position below, ROUNDS times (default 1), old and new one after
the other: `hypertac prove ... --proof F` (the search, then the walk that
writes the certificate), then `hypertac verify F`. Prints per position
and build the median time the walk took ("built in" minus the search's
time, as printed), the entries written and those the checker used, and
the checker's CPU time; then the ratios new/old. Both builds meet the
same load since they alternate; times are wall-clock of one process.
"""
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time
import os

POSITIONS = [
    (["--game", "qubic"], "0,0,0;3,3,1"),
    (["--game", "4d"], "0,0,0,0;3,3,3,0;1,1,1,1;2,2,2,2"),
    (["--shape", "4x4x4x4x4"], "0,0,0,0,0;3,3,3,3,0;1,1,1,1,1;3,3,3,0,3"),
    (["--shape", "4x4x4x4x4"], "0,0,0,0,0;3,1,0,0,0;3,0,0,3,0;1,0,0,1,0"),
]


def cpu_of(cmd):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.monotonic()
    out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return out, cpu, time.monotonic() - start


def run(binary, rules, moves, memory, threads, proof):
    if "@" in binary:
        binary, threads = binary.rsplit("@", 1)
    out, _, _ = cpu_of([binary, "prove", *rules, "--moves", moves, "--memory", memory,
                        "--threads", threads, "--proof", proof])
    search = float(re.search(r"time ([\d.]+) s", out).group(1))
    built = float(re.search(r"built in ([\d.]+) s", out).group(1))
    entries = int(re.search(r"\((\d+) entries", out).group(1))
    check, cpu, _ = cpu_of([binary, "verify", proof])
    used = re.search(r"entries:\s+(\d+)/(\d+) used", check)
    return built - search, entries, int(used.group(1)), cpu


def main():
    args = sys.argv[1:]
    memory, threads = "1024", "1"
    for flag in ("--memory", "--threads"):
        if flag in args:
            i = args.index(flag)
            value = args[i + 1]
            del args[i:i + 2]
            if flag == "--memory":
                memory = value
            else:
                threads = value
    if len(args) < 2:
        sys.exit(__doc__)
    old, new = args[0], args[1]
    rounds = int(args[2]) if len(args) > 2 else 1
    tmp = tempfile.mkdtemp(prefix="walk-versions-")
    print(f"{'position':<58} {'build':<5} {'walk s':>8} {'entries':>8} {'used':>6} {'check s':>8}")
    for rules, moves in POSITIONS:
        got = {old: [], new: []}
        for _ in range(rounds):
            for b in (old, new):
                got[b].append(run(b, rules, moves, memory, threads, os.path.join(tmp, "p.proof")))
        med = {}
        for name, b in (("old", old), ("new", new)):
            rows = got[b]
            walk = statistics.median(r[0] for r in rows)
            check = statistics.median(r[3] for r in rows)
            entries, used = rows[-1][1], rows[-1][2]
            med[name] = (walk, entries, check)
            label = f"{' '.join(rules)} {moves}"[:58]
            print(f"{label:<58} {name:<5} {walk:>8.2f} {entries:>8} {used:>6} {check:>8.2f}")
        ratio = [med["new"][i] / med["old"][i] if med["old"][i] else float("nan") for i in range(3)]
        print(f"{'':<58} {'new/old':<5} {ratio[0]:>8.2f} {ratio[1]:>8.2f} {'':>6} {ratio[2]:>8.2f}")


if __name__ == "__main__":
    main()
