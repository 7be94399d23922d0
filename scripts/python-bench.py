#!/usr/bin/env python3
"""Random playouts per second from Python, next to Rust and PettingZoo.

In one run: `hypertac bench playouts` (Rust, the same seeded random games
replayed with incremental win detection), the binding's batch API
(`hypertac.random_playouts`: many games per call), one move per call
(`Game.legal_moves()` + `Game.play()` in a Python loop), the PettingZoo
environment (`hypertac.pettingzoo`), and PettingZoo's own
`connect_four_v3`, on Connect Four and 4^4.

Needs the package installed (`pip install ./crates/py`, a release build)
and, for connect_four_v3, pygame (crates/py/requirements-bench.txt).
Usage: scripts/python-bench.py [--seconds S] [--bin target/release/hypertac]
"""

import argparse
import pathlib
import random
import subprocess
import sys
import time

import hypertac

REPO = pathlib.Path(__file__).resolve().parents[1]
BOARDS = [("connect4", "7x6 g"), ("4d", "4x4x4x4")]


def rate(seconds, one_batch):
    """Runs `one_batch()` (which returns the games it played) for about
    `seconds`; returns games per second."""
    games = 0
    start = time.perf_counter()
    while True:
        games += one_batch()
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return games / elapsed


def rust_rates(binary, seconds):
    out = subprocess.run(
        [binary, "bench", "playouts", "--seconds", str(seconds), "--game", "connect4", "--game", "4d"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    rates = {}
    for line in out.splitlines()[1:]:
        parts = line.split()
        # "7x6 g  <dense> <sparse> <scan> ..." or "4x4x4x4 <dense> ..."
        label = " ".join(parts[:-5])
        rates[label] = float(parts[-5])
    return rates


def batch(name, seconds):
    game = hypertac.Game(name)
    seed = [0]

    def one():
        hypertac.random_playouts(game, 1000, seed=seed[0])
        seed[0] += 1000
        return 1000

    return rate(seconds, one)


def per_move(name, seconds):
    rng = random.Random(1)

    def one():
        g = hypertac.Game(name)
        while not g.is_over():
            g.play(rng.choice(g.legal_moves()))
        return 1

    return rate(seconds, one)


def aec_loop(env, seconds):
    rng = random.Random(1)

    def one():
        env.reset()
        for agent in env.agent_iter():
            obs, reward, term, trunc, info = env.last()
            if term or trunc:
                action = None
            else:
                action = rng.choice(obs["action_mask"].nonzero()[0].tolist())
            env.step(action)
        return 1

    return rate(seconds, one)


def pettingzoo_ours(name, seconds):
    import hypertac.pettingzoo

    return aec_loop(hypertac.pettingzoo.env(game=name), seconds)


def pettingzoo_connect_four(seconds):
    from pettingzoo.classic import connect_four_v3

    return aec_loop(connect_four_v3.env(), seconds)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=2.0, help="per measurement")
    ap.add_argument("--bin", default=str(REPO / "target" / "release" / "hypertac"))
    args = ap.parse_args()
    s = args.seconds
    print(f"hypertac {hypertac.__version__}, Python {sys.version.split()[0]}, {s:g} s per measurement")
    rust = rust_rates(args.bin, s)
    rows = []
    for name, label in BOARDS:
        rows.append((label, "Rust: hypertac bench playouts (dense)", rust.get(label)))
        rows.append((label, "Python: random_playouts (batch of 1000)", batch(name, s)))
        rows.append((label, "Python: legal_moves + play per move", per_move(name, s)))
        rows.append((label, "Python: hypertac.pettingzoo AEC loop", pettingzoo_ours(name, s)))
        if name == "connect4":
            try:
                rows.append((label, "Python: PettingZoo connect_four_v3", pettingzoo_connect_four(s)))
            except ImportError as e:
                rows.append((label, f"PettingZoo connect_four_v3 skipped ({e})", None))
    print(f"{'board':<10} {'method':<44} {'games/s':>12}")
    for label, method, r in rows:
        shown = "-" if r is None else f"{r:,.0f}"
        print(f"{label:<10} {method:<44} {shown:>12}")


if __name__ == "__main__":
    main()
