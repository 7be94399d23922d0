#!/usr/bin/env python3
"""How many held-out positions two builds of the prover settle in a time limit.

Usage: tss-bench.py OLD NEW [--time 30s] [--positions FILE] [--memory MiB]

OLD and NEW are `hypertac` binaries. For each position of FILE (default
scripts/tss-positions.txt, written by scripts/tss-positions.py: `GAME<TAB>MOVES`
per line) runs `nice -n 10 BINARY prove --game GAME --moves MOVES --time T
--threads 1`, OLD and NEW one after the other (which goes first alternates,
so both meet the same load), and prints each run's value and time, then per
board and in all how many positions each build settled (a value other than
"unknown") and the ratio NEW/OLD. The threat-space search is off by
default since 2026-11-27: run `HYPERTAC_PROVE_THREES=3 scripts/tss-bench.py
OLD NEW` to measure it (the environment reaches both builds; 40e0343 has
no such setting).
"""
import collections
import re
import subprocess
import sys
import time


def run(binary, game, moves, limit, memory):
    start = time.monotonic()
    out = subprocess.run(["nice", "-n", "10", binary, "prove", "--game", game, "--moves", moves,
                          "--time", limit, "--threads", "1", "--memory", memory],
                         capture_output=True, text=True, check=True).stdout
    wall = time.monotonic() - start
    value = re.search(r"value: (.*)", out).group(1)
    return value, wall


def main() -> int:
    args = sys.argv[1:]
    opts = {"--time": "30s", "--positions": "scripts/tss-positions.txt", "--memory": "512"}
    for name in list(opts):
        if name in args:
            i = args.index(name)
            opts[name] = args[i + 1]
            del args[i:i + 2]
    if len(args) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    old, new = args
    with open(opts["--positions"]) as f:
        positions = [line.rstrip("\n").split("\t") for line in f if line.strip()]
    settled = collections.defaultdict(lambda: [0, 0, 0])
    print(f"{'board':<8} {'moves':<60} {'old value':<12} {'old s':>6} {'new value':<12} {'new s':>6}")
    for i, (game, moves) in enumerate(positions):
        order = [(0, old), (1, new)] if i % 2 == 0 else [(1, new), (0, old)]
        results = {}
        for which, binary in order:
            results[which] = run(binary, game, moves, opts["--time"], opts["--memory"])
        tally = settled[game]
        tally[2] += 1
        for which in (0, 1):
            if results[which][0] != "unknown":
                tally[which] += 1
        (ov, ot), (nv, nt) = results[0], results[1]
        print(f"{game:<8} {moves:<60} {ov:<12} {ot:>6.1f} {nv:<12} {nt:>6.1f}", flush=True)
    print()
    print(f"{'board':<8} {'positions':>9} {'old':>5} {'new':>5}")
    total = [0, 0, 0]
    for game, (o, n, count) in settled.items():
        print(f"{game:<8} {count:>9} {o:>5} {n:>5}")
        total = [total[0] + o, total[1] + n, total[2] + count]
    ratio = f"{total[1] / total[0]:.2f}" if total[0] else "inf" if total[1] else "-"
    print(f"{'all':<8} {total[2]:>9} {total[0]:>5} {total[1]:>5}   new/old {ratio}, "
          f"{total[1] - total[0]:+d}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
