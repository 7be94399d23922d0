#!/usr/bin/env python3
"""7^3 leaves after the public proof's opening: how many `hypertac prove` settles.

    python3 scripts/leaves73.py [--seed S] [--count N] [--time 20] [--base OLD_BINARY] NEW_BINARY

The positions: X plays random cells; O answers by the opening of the public
7^3 proof (Pokorny 2021, Cain et al. 2025): the centre, or a corner when X
took the centre; then cells of the four main diagonals in layers of x not
used yet, each time the candidate sharing the fewest lines with X's stones;
O's third stone (fourth after X's centre) ends the opening, with X to move.
(Written here from the papers' description; no code of theirs.) The same
seed gives the same positions; seed 7 is the held-out set of the
eleventh session (2026-11-27), seed 3 the one its methods were tuned on.

Each position is proved with `--threads 1 --time T --proof F` and its
certificate checked with `verify`; a binary given by --base runs on the
same position right before (interleaved). Prints one line per position
and the counts.
"""
import argparse
import itertools
import os
import random
import subprocess
import sys
import tempfile
import time

N = 7
CELLS = [(x, y, z) for z in range(N) for y in range(N) for x in range(N)]
DIRS = [d for d in itertools.product((-1, 0, 1), repeat=3) if any(d) and [v for v in d if v][0] == 1]
LINES = []
for d in DIRS:
    for s in CELLS:
        if all(0 <= s[i] + (N - 1) * d[i] < N for i in range(3)):
            LINES.append([tuple(s[i] + t * d[i] for i in range(3)) for t in range(N)])
ON = {c: set() for c in CELLS}
for i, line in enumerate(LINES):
    for c in line:
        ON[c].add(i)
CENTRE = (3, 3, 3)


def diagonal_cells(layer):
    """The main diagonals' cells with x = layer."""
    f = N - 1 - layer
    if layer == 3:
        return [CENTRE]
    return [(layer, layer, layer), (layer, layer, f), (layer, f, layer), (layer, f, f)]


def o_reply(xs, os_, state):
    taken = set(xs) | set(os_)
    def least_shared(cands):
        cands = [c for c in cands if c not in taken]
        return min(cands, key=lambda c: sum(bool(ON[c] & ON[s]) for s in xs)) if cands else None
    centre_first = xs[0] == CENTRE
    if not os_:
        state["layers"] = [1, 2, 4, 5, 6] if centre_first else [0, 1, 2, 4, 5, 6]
        return (0, 0, 0) if centre_first else CENTRE
    last_stone = len(os_) == (3 if centre_first else 2)
    if not last_stone:
        x_layer = xs[-1][0]
        layer = x_layer if x_layer in state["layers"] else state["layers"][0]
        state["layers"].remove(layer)
        c = least_shared(diagonal_cells(layer))
        if c:
            return c
    state["done"] = True
    return least_shared([c for layer in state["layers"] for c in diagonal_cells(layer)])


def leaf(rng, centre_first):
    xs, os_, state = [], [], {}
    while not state.get("done"):
        if not xs and centre_first:
            m = CENTRE
        else:
            free = [c for c in CELLS if c not in xs and c not in os_ and (xs or c != CENTRE)]
            m = rng.choice(free)
        xs.append(m)
        os_.append(o_reply(xs, os_, state))
    moves = [c for pair in zip(xs, os_) for c in pair]
    return ";".join(",".join(map(str, c)) for c in moves)


def positions(seed, count):
    rng = random.Random(seed)
    # As in the proof: X's centre first in one game of 343 would be fair;
    # one in four here, so both kinds of leaf are measured.
    return [leaf(rng, i % 4 == 0) for i in range(count)]


def run(binary, moves, seconds, tmp):
    proof = os.path.join(tmp, "leaf.proof")
    if os.path.exists(proof):
        os.remove(proof)
    start = time.monotonic()
    r = subprocess.run(
        [binary, "prove", "--shape", "7x7x7", "--moves", moves, "--time", f"{seconds}s",
         "--threads", "1", "--memory", "512", "--proof", proof],
        capture_output=True, text=True, timeout=seconds * 20 + 120)
    took = time.monotonic() - start
    value = next((l.split(": ", 1)[1] for l in r.stdout.splitlines() if l.startswith("value: ")), "?")
    if value in ("unknown", "?"):
        return value, took, "-"
    v = subprocess.run([binary, "verify", proof], capture_output=True, text=True, timeout=3600)
    return value, took, "accepted" if v.returncode == 0 else "REFUSED"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("new")
    ap.add_argument("--base")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--count", type=int, default=30)
    ap.add_argument("--time", type=int, default=20)
    a = ap.parse_args()
    bins = ([("base", a.base)] if a.base else []) + [("new", a.new)]
    settled = {name: 0 for name, _ in bins}
    with tempfile.TemporaryDirectory() as tmp:
        for moves in positions(a.seed, a.count):
            for name, b in bins:
                value, took, check = run(b, moves, a.time, tmp)
                ok = value != "unknown" and check == "accepted"
                settled[name] += ok
                print(f"{name:4} {moves:40} {value:8} {took:6.1f} s  {check}", flush=True)
    for name, _ in bins:
        print(f"{name}: {settled[name]} of {a.count} settled within {a.time} s, certificates accepted")


if __name__ == "__main__":
    sys.exit(main())
