#!/usr/bin/env python3
"""Times `hypertac analyze` on Qubic positions from random games (fixed seed).

Usage: scripts/analyze-qubic.py HYPERTAC [COUNT] [TIME] [CERTS]

Positions: COUNT (default 50) positions of 2 to 20 stones from random
games (random.Random(41)), none finished. For each, `analyze --json --time
TIME` (default 120s) is run; the script prints the wall and CPU seconds,
the number of moves and of unknown values, then p50/p95/max. For CERTS
(default 6) moves, one from each of the first positions, it writes a
certificate of the position after the move with `prove --proof` and checks
it with `verify`, and compares the proved value with analyze's.
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

def main():
    h = sys.argv[1]
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 50
    limit = sys.argv[3] if len(sys.argv) > 3 else "120s"
    certs = int(sys.argv[4]) if len(sys.argv) > 4 else 6
    rng = random.Random(41)
    walls, cpus, incomplete, sample = [], [], 0, []
    for i, moves in enumerate(positions(count, rng)):
        p, wall, cpu = run([h, "analyze", "--game", "qubic", "--moves", moves, "--json", "--time", limit])
        if p.returncode != 0:
            print(f"{i}: error {p.stderr.strip()}")
            continue
        a = json.loads(p.stdout)
        unknown = sum(1 for m in a["moves"] if not m["proved"])
        incomplete += unknown > 0
        walls.append(wall); cpus.append(cpu)
        stones = moves.count(";") + 1
        print(f"{i:3} stones {stones:2} moves {len(a['moves']):2} unknown {unknown:2} value {a['value']:8} wall {wall:6.2f}s cpu {cpu:6.2f}s", flush=True)
        if len(sample) < certs:
            m = a["moves"][rng.randrange(len(a["moves"]))]
            if m["proved"] and m["source"] != "rules":
                sample.append((moves + ";" + m["cell"], m["value"]))
    print(f"positions {len(walls)}, incomplete {incomplete}")
    for name, xs in (("wall", walls), ("cpu", cpus)):
        print(f"{name}: p50 {pct(xs, .5):.2f}s p95 {pct(xs, .95):.2f}s max {max(xs):.2f}s")
    with tempfile.TemporaryDirectory() as d:
        for j, (moves, value) in enumerate(sample):
            f = os.path.join(d, f"{j}.proof")
            p, wall, _ = run([h, "prove", "--game", "qubic", "--moves", moves, "--proof", f, "--memory", "512"])
            v, _, _ = run([h, "verify", f])
            got = next((l for l in (p.stdout + v.stdout).splitlines() if "value" in l.lower()), "?")
            print(f"cert {j}: {moves} analyze {value!r}; prove: {got.strip()}; verify exit {v.returncode}: {v.stdout.strip().splitlines()[0] if v.stdout.strip() else v.stderr.strip()}")

main()
