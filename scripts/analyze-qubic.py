#!/usr/bin/env python3
"""Times `hypertac analyze` on Qubic positions from random games (fixed seed).

Usage: scripts/analyze-qubic.py HYPERTAC [COUNT] [TIME] [CERTS] [--base OTHER]

Positions: COUNT (default 50) positions of 2 to 20 stones from random
games (random.Random(41)), none finished. For each, `analyze --json --time
TIME` (default 120s) is run; the script prints the wall and CPU seconds,
the number of moves and of unknown values, then p50/p95/max. For CERTS
(default 6) moves, one from each of the first positions, it writes a
certificate of the position after the move with `prove --proof` and checks
it with `verify`, and compares the proved value with analyze's.

With `--base OTHER` each position is analysed by OTHER too, right after
or before HYPERTAC (the order alternates), so both meet the same load;
the figures of both are printed, also by stone-count band (2-4, 5-8,
9-12, 13-16, 17-20), with the ratio of their CPU seconds.
"""
import json, os, random, resource, subprocess, sys, tempfile, time

N = 4

def cells():
    return [(x, y, z) for z in range(N) for y in range(N) for x in range(N)]

def lines():
    out = set()
    dirs = [(a, b, c) for a in (-1, 0, 1) for b in (-1, 0, 1) for c in (-1, 0, 1) if (a, b, c) != (0, 0, 0)]
    for s in cells():
        for d in dirs:
            pts = [tuple(s[i] + k * d[i] for i in range(3)) for k in range(N)]
            if all(0 <= v < N for p in pts for v in p):
                out.add(tuple(sorted(pts)))
    return list(out)

LINES = lines()
assert len(LINES) == 76

def won(stones):
    return any(all(p in stones for p in l) for l in LINES)

def positions(count, rng):
    out = []
    while len(out) < count:
        target = rng.randint(2, 20)
        free = cells()
        rng.shuffle(free)
        xs, os_, moves = set(), set(), []
        ok = True
        for i in range(target):
            c = free[i]
            (xs if i % 2 == 0 else os_).add(c)
            moves.append(c)
            if won(xs) or won(os_):
                ok = False
                break
        if ok:
            out.append(";".join(",".join(map(str, c)) for c in moves))
    return out

def run(cmd):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.monotonic()
    p = subprocess.run(cmd, capture_output=True, text=True)
    wall = time.monotonic() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return p, wall, cpu

def pct(xs, q):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs) + 0.999999) - 1)]

BANDS = [(2, 4), (5, 8), (9, 12), (13, 16), (17, 20)]

def analyse(h, moves, limit):
    p, wall, cpu = run([h, "analyze", "--game", "qubic", "--moves", moves, "--json", "--time", limit])
    if p.returncode != 0:
        return None, wall, cpu, p.stderr.strip()
    return json.loads(p.stdout), wall, cpu, ""

def summary(name, rows):
    walls = [r[1] for r in rows]
    cpus = [r[2] for r in rows]
    incomplete = sum(1 for r in rows if r[3] > 0)
    slow = sum(1 for r in rows if r[1] > 5 or r[3] > 0)
    print(f"{name}: positions {len(rows)}, incomplete {incomplete}, "
          f"over 5 s of wall time or incomplete {slow} (issue 41's goal: at most 5%)")
    for what, xs in (("wall", walls), ("cpu", cpus)):
        print(f"  {what}: p50 {pct(xs, .5):.2f}s p95 {pct(xs, .95):.2f}s max {max(xs):.2f}s")
    for lo, hi in BANDS:
        band = [r for r in rows if lo <= r[0] <= hi]
        if band:
            w = [r[1] for r in band]
            c = [r[2] for r in band]
            inc = sum(1 for r in band if r[3] > 0)
            print(f"  stones {lo:2}-{hi:2}: {len(band):2} positions, {inc:2} incomplete, unknown moves {sum(r[3] for r in band):4}; "
                  f"wall p50 {pct(w, .5):6.2f}s max {max(w):6.2f}s; cpu p50 {pct(c, .5):6.2f}s max {max(c):6.2f}s")

def main():
    args = sys.argv[1:]
    base = None
    if "--base" in args:
        i = args.index("--base")
        base = args[i + 1]
        del args[i:i + 2]
    h = args[0]
    count = int(args[1]) if len(args) > 1 else 50
    limit = args[2] if len(args) > 2 else "120s"
    certs = int(args[3]) if len(args) > 3 else 6
    rng = random.Random(41)
    rows, base_rows, sample = [], [], []
    for i, moves in enumerate(positions(count, rng)):
        stones = moves.count(";") + 1
        order = [(h, rows, "new ")] + ([(base, base_rows, "base")] if base else [])
        if i % 2 == 1:
            order.reverse()
        result = None
        for binary, out, tag in order:
            a, wall, cpu, err = analyse(binary, moves, limit)
            if a is None:
                print(f"{i}: {tag} error {err}")
                continue
            unknown = sum(1 for m in a["moves"] if not m["proved"])
            out.append((stones, wall, cpu, unknown))
            label = f" {tag}" if base else ""
            print(f"{i:3}{label} stones {stones:2} moves {len(a['moves']):2} unknown {unknown:2} value {a['value']:8} wall {wall:6.2f}s cpu {cpu:6.2f}s", flush=True)
            if binary == h:
                result = a
        if result is not None and len(sample) < certs:
            m = result["moves"][rng.randrange(len(result["moves"]))]
            if m["proved"] and m["source"] != "rules":
                sample.append((moves + ";" + m["cell"], m["value"]))
    summary(h, rows)
    if base:
        summary(base, base_rows)
        print(f"cpu ratio new/base (sum over positions): {sum(r[2] for r in rows) / max(1e-9, sum(r[2] for r in base_rows)):.2f}")
    with tempfile.TemporaryDirectory() as d:
        for j, (moves, value) in enumerate(sample):
            f = os.path.join(d, f"{j}.proof")
            p, wall, _ = run([h, "prove", "--game", "qubic", "--moves", moves, "--proof", f, "--memory", "512"])
            v, _, _ = run([h, "verify", f])
            got = next((l for l in (p.stdout + v.stdout).splitlines() if "value" in l.lower()), "?")
            print(f"cert {j}: {moves} analyze {value!r}; prove: {got.strip()}; verify exit {v.returncode}: {v.stdout.strip().splitlines()[0] if v.stdout.strip() else v.stderr.strip()}")

if __name__ == "__main__":
    main()
