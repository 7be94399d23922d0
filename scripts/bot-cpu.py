#!/usr/bin/env python3
"""CPU time of one `hypertac bot` move of two builds, alternately.

Usage: bot-cpu.py OLD NEW [--runs N] [--input TEXT]

Feeds INPUT (default: a 4^5 position, `4,5` and two moves, which the
shipped 4^5 proof answers) to `OLD bot` and `NEW bot`, old then new, N
times (default 5), and prints each run's CPU time (user + system of the
child, from getrusage) and the medians, with the ratio new/old.
"""
import resource
import statistics
import subprocess
import sys


def cpu(binary, text):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    p = subprocess.run([binary, "bot"], input=text, capture_output=True, text=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    used = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return used, p.stdout.strip()


def main(argv):
    runs, text = 5, "4,5\n0,0,0,0,0;1,2,3,0,1\n"
    if "--runs" in argv:
        i = argv.index("--runs")
        runs = int(argv[i + 1])
        del argv[i : i + 2]
    if "--input" in argv:
        i = argv.index("--input")
        text = argv[i + 1].replace("\\n", "\n")
        del argv[i : i + 2]
    if len(argv) != 2:
        sys.exit(__doc__)
    old, new = argv
    times = {old: [], new: []}
    for r in range(runs):
        for b in (old, new):
            t, move = cpu(b, text)
            times[b].append(t)
            print(f"run {r + 1} {'old' if b == old else 'new'}: {t:.3f} s CPU, move {move}")
    o, n = statistics.median(times[old]), statistics.median(times[new])
    print(f"median CPU: old {o:.3f} s, new {n:.3f} s, ratio {n / o:.2f}")


if __name__ == "__main__":
    main(sys.argv[1:])
