#!/usr/bin/env python3
"""The Qubic positions a player meets at X's third move along the
computer's lines, one of each class: X's first move on a corner (0,0,0) or
an edge (1,0,0), the computer's reply, each second move of X that the
book shows winning, and the computer's reply to it (`hypertac bot --seed
1`). The opening book's fifth level is built along them:

    python3 scripts/qubic-lines.py target/release/hypertac > lines.txt
    while read -r m; do
        hypertac book --game qubic --stones 5 --out proofs/qubic.book \\
            --for "$m" --time 3m --go-on --threads 1 --memory 3072
    done < lines.txt

Usage: qubic-lines.py BINARY
"""
import json
import subprocess
import sys


def run(args, stdin=None):
    out = subprocess.run(args, input=stdin, capture_output=True, text=True, check=True)
    return out.stdout.strip()


def group():
    """The 192 symmetries of the 4x4x4 board, as maps of the 64 cells."""
    cells = [(x, y, z) for z in range(4) for y in range(4) for x in range(4)]
    index = {c: i for i, c in enumerate(cells)}
    gens = [tuple(index[(c[1], c[0], c[2])] for c in cells),
            tuple(index[(c[0], c[2], c[1])] for c in cells),
            tuple(index[(3 - c[0], c[1], c[2])] for c in cells)]
    # Relabelling every coordinate alike by a map that commutes with
    # x -> 3 - x keeps lines on 4^d: (1 2), and (0 1)(2 3).
    for s in [(0, 2, 1, 3), (1, 0, 3, 2)]:
        gens.append(tuple(index[tuple(s[v] for v in c)] for c in cells))
    found = {tuple(range(64))}
    frontier = list(found)
    while frontier:
        new = []
        for g in frontier:
            for h in gens:
                k = tuple(h[g[i]] for i in range(64))
                if k not in found:
                    found.add(k)
                    new.append(k)
        frontier = new
    assert len(found) == 192, len(found)
    return index, found


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    binary = sys.argv[1]
    index, symmetries = group()
    seen = set()
    for first in ["0,0,0", "1,0,0"]:
        reply = run([binary, "bot", "--seed", "1"], f"4,3\n{first}\n")
        opening = f"{first};{reply}"
        analysis = json.loads(run([binary, "analyze", "--game", "qubic", "--moves", opening,
                                   "--json", "--time", "1ms"]))
        for move in analysis["moves"]:
            if move["value"] != "X wins":
                continue
            line = f"{opening};{move['move']}"
            answer = run([binary, "bot", "--seed", "1", "--time-ms", "60000"], f"4,3\n{line}\n")
            line = f"{line};{answer}"
            cells = [index[tuple(map(int, m.split(",")))] for m in line.split(";")]
            key = min((tuple(sorted(g[c] for c in cells[0::2])),
                       tuple(sorted(g[c] for c in cells[1::2]))) for g in symmetries)
            if key not in seen:
                seen.add(key)
                print(line, flush=True)


if __name__ == "__main__":
    main()
