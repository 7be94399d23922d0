#!/usr/bin/env python3
"""Test bot for 3x3 only: plays the first empty cell of a fixed preference
list, one list as X and one as O. Against itself it draws:
X 1,1  O 0,0  X 2,0  O 0,2  X 0,1  O 2,1  X 1,0  O 1,2  X 2,2."""
import sys

lines = sys.stdin.read().split("\n")
moves = [m for m in lines[1].strip().split(";") if m] if len(lines) > 1 else []
as_x = ["1,1", "2,0", "0,1", "1,0", "2,2", "0,0", "0,2", "2,1", "1,2"]
as_o = ["0,0", "0,2", "2,1", "1,2", "1,1", "2,0", "0,1", "1,0", "2,2"]
prefer = as_x if len(moves) % 2 == 0 else as_o
print(next(c for c in prefer if c not in moves))
