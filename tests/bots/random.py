#!/usr/bin/env python3
"""Test bot: plays a random empty cell, deterministic given its input.

Options: --first (play the first empty cell instead), --gravity AXIS (play
only cells resting on the floor along AXIS), --junk (print a junk line after
the move), --occupied (replay the first move of the game when there is one),
--garbage-after K (print garbage once K moves are on the board).
"""
import hashlib
import itertools
import random
import sys

args = sys.argv[1:]
text = sys.stdin.read()
lines = text.split("\n")
header = lines[0].strip()
moves_text = lines[1].strip() if len(lines) > 1 else ""
if "x" in header:
    sizes = [int(s) for s in header.split("x")]
else:
    n, d = (int(s) for s in header.split(","))
    sizes = [n] * d
moves = [tuple(int(c) for c in m.split(",")) for m in moves_text.split(";") if m]
taken = set(moves)

if "--garbage-after" in args and len(moves) >= int(args[args.index("--garbage-after") + 1]):
    print("I resign")
    sys.exit(0)
if "--occupied" in args and moves:
    print(",".join(map(str, moves[0])))
    sys.exit(0)

empty = [c for c in itertools.product(*[range(s) for s in reversed(sizes)])]
empty = [tuple(reversed(c)) for c in empty]
empty = [c for c in empty if c not in taken]
if "--gravity" in args:
    axis = int(args[args.index("--gravity") + 1])

    def resting(c):
        if c[axis] == 0:
            return True
        below = list(c)
        below[axis] -= 1
        return tuple(below) in taken

    empty = [c for c in empty if resting(c)]
if "--first" in args:
    cell = empty[0]
else:
    seed = int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")
    cell = random.Random(seed).choice(empty)
print(",".join(map(str, cell)))
if "--junk" in args:
    print("good game!")
