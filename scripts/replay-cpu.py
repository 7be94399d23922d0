#!/usr/bin/env python3
"""CPU time of a bot binary over every move of one side of a refereed game.

Usage: replay-cpu.py LOG.jsonl GAME SIDE BINARY...

GAME is the game's index in the `hypertac referee --log` file (from 0),
SIDE 0 for X's moves, 1 for O's, 2 for both. Each position before such a
move is given to `BINARY bot` (one process per move, as the referee does)
and its user+system time is taken by getrusage; the total, mean and
largest are printed per binary. A move that differs from the logged one is
reported (the bots are deterministic, so two versions that play the same
moves can be compared on the same game).
"""
import json
import resource
import subprocess
import sys


def main() -> int:
    log, game, side = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    g = [json.loads(line) for line in open(log, encoding="utf-8")][game]
    n, d, moves = g["n"], g["d"], g["moves"]
    for binary in sys.argv[4:]:
        total, most, count = 0.0, 0.0, 0
        for i, logged in enumerate(moves):
            if side != 2 and i % 2 != side:
                continue
            stdin = f"{n},{d}\n{';'.join(moves[:i])}\n".encode()
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            out = subprocess.run([binary, "bot"], input=stdin, capture_output=True)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            used = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
            total, most, count = total + used, max(most, used), count + 1
            played = out.stdout.decode().strip()
            if played != logged:
                print(f"{binary}: move {i} is {played}, the game has {logged}")
        mean = 1000 * total / max(count, 1)
        print(f"{binary}: {count} moves, {total:.2f} s CPU, mean {mean:.1f} ms,"
              f" max {1000 * most:.1f} ms", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
