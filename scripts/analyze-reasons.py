#!/usr/bin/env python3
"""How many of analyze's proved wins come with a reason (`why`).

Usage: scripts/analyze-reasons.py HYPERTAC [TIME]

On the positions of scripts/analyze-qubic.py (50 Qubic positions of 2 to
20 stones from random games, random.Random(41)), runs `HYPERTAC analyze
--json --time TIME` (default 1s) and counts, per position and in all, the
moves whose value is a win (`X wins` or `O wins`) and those of them with
a `why`: a threat reason (a line completed or a threat sequence) or a
winning reply named by the prover (`replies ... and wins`).
"""
import importlib.util
import json
import os
import random
import subprocess
import sys


def main() -> int:
    if len(sys.argv) < 2:
        print(__doc__)
        return 2
    here = os.path.dirname(os.path.abspath(__file__))
    spec = importlib.util.spec_from_file_location("analyze_qubic", os.path.join(here, "analyze-qubic.py"))
    aq = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(aq)
    binary, time = sys.argv[1], sys.argv[2] if len(sys.argv) > 2 else "1s"
    totals = [0, 0, 0]
    for i, moves in enumerate(aq.positions(50, random.Random(41))):
        out = subprocess.run([binary, "analyze", "--game", "qubic", "--moves", moves, "--time", time, "--json"],
                             capture_output=True, text=True, check=True).stdout
        data = json.loads(out)
        wins = [m for m in data["moves"] if m["value"] in ("X wins", "O wins")]
        why = [m for m in wins if "why" in m]
        replies = [m for m in why if " replies " in m["why"]]
        counts = [len(wins), len(why) - len(replies), len(replies)]
        totals = [a + b for a, b in zip(totals, counts)]
        print(f"{i:3} stones {len(moves.split(';')):2}  wins {counts[0]:2}  threats {counts[1]:2}  replies {counts[2]:2}", flush=True)
    print(f"in all: {totals[0]} wins, {totals[1]} with a threat reason, {totals[2]} with a reply, "
          f"{totals[0] - totals[1] - totals[2]} without a reason")
    return 0


if __name__ == "__main__":
    sys.exit(main())
