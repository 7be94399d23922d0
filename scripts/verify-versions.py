#!/usr/bin/env python3
"""The checker of two builds on the same certificates, alternately.

Usage: verify-versions.py OLD NEW PROOF... [--rounds N]

OLD and NEW are `hypertac` binaries. Runs `hypertac verify PROOF` of each
build, old then new, N times (default 2), and prints per certificate each
build's median CPU time (user + system of the child, which holds on a
loaded machine), its peak memory and the ratios new/old. A build that
rejects a certificate is reported as such (an older checker may accept
what a newer one refuses, and the other way round).
"""
import resource
import statistics
import subprocess
import sys


def run(binary, proof):
    """CPU seconds, peak KiB and whether the proof was accepted."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    p = subprocess.run([binary, "verify", proof], capture_output=True, text=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, after.ru_maxrss, p.returncode == 0


def main(argv):
    rounds = 2
    if "--rounds" in argv:
        i = argv.index("--rounds")
        rounds = int(argv[i + 1])
        del argv[i : i + 2]
    if len(argv) < 3:
        sys.exit(__doc__)
    old, new, proofs = argv[0], argv[1], argv[2:]
    print(f"{'certificate':<28} {'old cpu s':>10} {'new cpu s':>10} {'ratio':>6} {'old MiB':>8} {'new MiB':>8}")
    for proof in proofs:
        cpu = {old: [], new: []}
        peak = {old: 0, new: 0}
        ok = {old: True, new: True}
        for _ in range(rounds):
            for b in (old, new):
                # Peak memory of children is a running maximum: measure
                # each run in its own child of a child.
                out = subprocess.run(
                    [sys.executable, __file__, "--one", b, proof],
                    capture_output=True,
                    text=True,
                    check=True,
                ).stdout.split()
                cpu[b].append(float(out[0]))
                peak[b] = max(peak[b], int(out[1]))
                ok[b] = ok[b] and out[2] == "ok"
        o, n = statistics.median(cpu[old]), statistics.median(cpu[new])
        # A ratio only where both builds checked the whole certificate.
        both = ok[old] and ok[new] and o > 0
        ratio = f"{n / o:>6.2f}" if both else f"{'-':>6}"
        note = "" if ok[old] and ok[new] else f"  (accepted: old {ok[old]}, new {ok[new]})"
        print(
            f"{proof:<28} {o:>10.2f} {n:>10.2f} {ratio} "
            f"{peak[old] / 1024:>8.0f} {peak[new] / 1024:>8.0f}{note}"
        )


if __name__ == "__main__":
    if len(sys.argv) == 4 and sys.argv[1] == "--one":
        cpu, kib, accepted = run(sys.argv[2], sys.argv[3])
        print(cpu, kib, "ok" if accepted else "rejected")
    else:
        main(sys.argv[1:])
