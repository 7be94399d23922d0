#!/usr/bin/env python3
"""Held-out positions for the threat-space search (issue 40, item 4).

Usage: tss-positions.py > scripts/tss-positions.txt
       tss-positions.py --weak > scripts/tss-positions-weak.txt
       tss-positions.py --games > scripts/tss-positions-games.txt

Writes, reproducibly (fixed seed), positions of 5^3, 5^4, 6^3 and 6^4
(N in a row, no gravity) a few moves in, one per line:
`GAME<TAB>MOVES` with GAME as `hypertac prove --game` takes it ("nd 5 3")
and MOVES as `--moves` takes them. X, the attacker, plays greedily (a cell
on the most lines holding its stones and none of O's, ties by the seed)
and O replies on a random cell of a line X has started, so that X has an
attack of threes to find. The list was written once, before the search it
measures was tuned, and is not regenerated.

With --weak (the second list, written after the first proved out of reach
of both builds in 30 s, and before any constant of the search was tuned),
O plays a random empty cell instead and the positions are 9 to 13 moves in
(seed 41): X's lines are open, so that X's wins are attacks of threes.

With --games (the third list, written on 2026-11-28 after the first two
proved out of reach of both builds, before any measurement on it): whole
games in which both sides play greedily (a cell scored by the lines
through it, 4^stones for its own open lines and 0.8 * 4^stones for the
other side's; ties within 10% by the seed) with a random cell instead 30%
of the time, until one side completes a line; each position is one such
game cut at a ply drawn uniformly from 4 to the ply before the winning
move (seed 43). Early cuts are open games, late ones near their end, so
the list samples what a player meets along a game.
"""
import itertools
import random
import sys

SEED = 40
BOARDS = [(5, 3), (5, 4), (6, 3), (6, 4)]
PER_BOARD = 10
PLIES = [5, 6, 7, 8, 9]
WEAK = False


def lines(n, d):
    """The lines of the n^d cube with k = n, as tuples of coordinates."""
    out = []
    for direction in itertools.product((-1, 0, 1), repeat=d):
        nonzero = [s for s in direction if s != 0]
        if not nonzero or nonzero[0] != 1:
            continue
        # Start cells: coordinate 0 on rising axes, n-1 on falling ones,
        # anything on fixed ones.
        ranges = [[0] if s == 1 else [n - 1] if s == -1 else range(n) for s in direction]
        for start in itertools.product(*ranges):
            out.append(tuple(tuple(c + i * s for c, s in zip(start, direction))
                             for i in range(n)))
    return out


def indexed_lines(n, d):
    """The lines of the n^d cube, and per cell the indices of its lines."""
    all_lines = lines(n, d)
    through = {c: [] for c in itertools.product(range(n), repeat=d)}
    for i, l in enumerate(all_lines):
        for c in l:
            through[c].append(i)
    return all_lines, through


def position(n, d, plies, rng, all_lines, through):
    stones = {}
    for ply in range(plies):
        me, them = ("X", "O") if ply % 2 == 0 else ("O", "X")
        empty = [c for c in itertools.product(range(n), repeat=d) if c not in stones]
        if me == "X":
            def score(c):
                return sum(1 for l in through[c]
                           if all(stones.get(e) != "O" for e in all_lines[l])
                           and any(stones.get(e) == "X" for e in all_lines[l]))
            best = max(score(c) for c in empty)
            if best == 0:
                # The first stone: anywhere.
                cell = rng.choice(empty)
            else:
                cell = rng.choice([c for c in empty if score(c) == best])
        elif WEAK:
            cell = rng.choice(empty)
        else:
            started = [c for c in empty
                       if any(any(stones.get(e) == "X" for e in all_lines[l])
                              and all(stones.get(e) != "O" for e in all_lines[l])
                              for l in through[c])]
            cell = rng.choice(started or empty)
        stones[cell] = me
    return ";".join(",".join(map(str, c)) for c in stones)


def greedy_game(n, d, rng, all_lines, through):
    """The moves of a game of two noisy greedy players (see --games), to
    the winning move, or None if the board filled up first."""
    stones, order = {}, []
    for ply in range(n ** d):
        me, them = ("X", "O") if ply % 2 == 0 else ("O", "X")
        empty = [c for c in itertools.product(range(n), repeat=d) if c not in stones]
        if rng.random() < 0.3:
            cell = rng.choice(empty)
        else:
            def score(c):
                s = 0
                for l in through[c]:
                    mine = sum(1 for e in all_lines[l] if stones.get(e) == me)
                    theirs = sum(1 for e in all_lines[l] if stones.get(e) == them)
                    if theirs == 0:
                        s += 4 ** mine
                    if mine == 0:
                        s += 4 ** theirs * 0.8
                return s
            scores = {c: score(c) for c in empty}
            best = max(scores.values())
            cell = rng.choice([c for c in empty if scores[c] >= best * 0.9])
        stones[cell] = me
        order.append(cell)
        if any(all(stones.get(e) == me for e in all_lines[l]) for l in through[cell]):
            return order
    return None


def games():
    rng = random.Random(43)
    for n, d in BOARDS:
        all_lines, through = indexed_lines(n, d)
        for _ in range(PER_BOARD):
            game = None
            while game is None or len(game) < 6:
                game = greedy_game(n, d, rng, all_lines, through)
            cut = rng.randint(4, len(game) - 1)
            print(f"nd {n} {d}\t" + ";".join(",".join(map(str, c)) for c in game[:cut]),
                  flush=True)


def main():
    global SEED, PLIES, WEAK
    if "--games" in sys.argv:
        games()
        return
    if "--weak" in sys.argv:
        SEED, PLIES, WEAK = 41, [9, 10, 11, 12, 13], True
    rng = random.Random(SEED)
    for n, d in BOARDS:
        all_lines, through = indexed_lines(n, d)
        for i in range(PER_BOARD):
            plies = PLIES[i % len(PLIES)]
            print(f"nd {n} {d}\t{position(n, d, plies, rng, all_lines, through)}")


if __name__ == "__main__":
    main()
