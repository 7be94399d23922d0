#!/usr/bin/env python3
"""The checker of two builds on the same certificates, alternately.

Usage: verify-versions.py OLD NEW PROOF... [--rounds N] [--threads T]

OLD and NEW are `hypertac` binaries. Runs `/usr/bin/time -v hypertac verify
PROOF` of each build, old then new, N times (default 2; NEW with
`--threads T` when given), and prints per certificate each build's median
wall time, median CPU time (user + system, which holds on a loaded
machine), its peak memory (maximum resident set size) and the ratios
new/old, and whether both printed the same counts (positions and entries used per
section). A build that
rejects a certificate is reported as such (an older checker may accept
what a newer one refuses, and the other way round).
"""
import re
import statistics
import subprocess
import sys


def run(binary, proof, extra):
    """Wall and CPU seconds, peak KiB, whether the proof was accepted and
    the counts printed, from `/usr/bin/time -v`."""
    p = subprocess.run(
        ["/usr/bin/time", "-v", binary, "verify", proof, *extra], capture_output=True, text=True
    )
    stats = {}
    for line in p.stderr.splitlines():
        key, _, value = line.strip().rpartition(": ")
        stats[key] = value
    clock = [float(x) for x in stats["Elapsed (wall clock) time (h:mm:ss or m:ss)"].split(":")]
    wall = sum(x * 60**i for i, x in enumerate(reversed(clock)))
    cpu = float(stats["User time (seconds)"]) + float(stats["System time (seconds)"])
    kib = int(stats["Maximum resident set size (kbytes)"])
    # Positions visited and entries used per section (the "proved" count
    # changed on 2026-11-27: threat-sequence positions are no longer in it).
    counts = "|".join(
        re.sub(r", \d+ proved with a move \(up to symmetry\)", "", l)
        for l in p.stdout.splitlines()
        if l.startswith("section:")
    )
    return wall, cpu, kib, p.returncode == 0, counts


def main(argv):
    rounds, threads = 2, None
    if "--rounds" in argv:
        i = argv.index("--rounds")
        rounds = int(argv[i + 1])
        del argv[i : i + 2]
    if "--threads" in argv:
        i = argv.index("--threads")
        threads = argv[i + 1]
        del argv[i : i + 2]
    if len(argv) < 3:
        sys.exit(__doc__)
    old, new, proofs = argv[0], argv[1], argv[2:]
    extra = {old: [], new: ["--threads", threads] if threads else []}
    print(
        f"{'certificate':<22} {'old wall':>9} {'new wall':>9} {'old cpu':>8} {'new cpu':>8}"
        f" {'cpu ratio':>9} {'old MiB':>8} {'new MiB':>8} {'same counts':>11}"
    )
    for proof in proofs:
        wall = {old: [], new: []}
        cpu = {old: [], new: []}
        peak = {old: 0, new: 0}
        ok = {old: True, new: True}
        counts = {old: set(), new: set()}
        for _ in range(rounds):
            for b in (old, new):
                w, c, kib, accepted, text = run(b, proof, extra[b])
                wall[b].append(w)
                cpu[b].append(c)
                peak[b] = max(peak[b], kib)
                ok[b] = ok[b] and accepted
                counts[b].add(text)
        med = statistics.median
        o, n = med(cpu[old]), med(cpu[new])
        # A ratio only where both builds checked the whole certificate.
        both = ok[old] and ok[new] and o > 0
        ratio = f"{n / o:>9.2f}" if both else f"{'-':>9}"
        note = "" if ok[old] and ok[new] else f"  (accepted: old {ok[old]}, new {ok[new]})"
        same = "yes" if counts[old] == counts[new] and len(counts[old]) == 1 else "no"
        print(
            f"{proof:<22} {med(wall[old]):>9.2f} {med(wall[new]):>9.2f} {o:>8.2f} {n:>8.2f}"
            f" {ratio} {peak[old] / 1024:>8.0f} {peak[new] / 1024:>8.0f} {same:>11}{note}",
            flush=True,
        )


if __name__ == "__main__":
    main(sys.argv[1:])
