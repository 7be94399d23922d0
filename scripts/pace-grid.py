#!/usr/bin/env python3
"""Tournament pace over the whole grid, two builds side by side.

Usage: pace-grid.py BEFORE AFTER OUTDIR [--n 3..6] [--d 2..5] [--report]

For each build (a hypertac binary), through `hypertac referee --jobs 1`:
- self-play: the build against itself, one game per board (the second game
  the referee plays, colours swapped, is the same game: bots are
  deterministic), and
- against `--level seed` (of AFTER, so both builds meet the same opponent),
  both colours,
with every move of the build wrapped by scripts/cpu-time.py, so the CPU
time it spent (user + system, start-up included) is known move by move.

Prints one row per board: CPU seconds of the build's side per game, before,
after and the ratio after/before, and the slowest move after. Writes the
referee logs and CPU logs to OUTDIR. The builds run one after the other in
this one script, so both meet the same machine (report the ratios).
With --report, nothing is played: the table comes from the logs an earlier
run left in OUTDIR (games not played yet are left out).
"""
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
CPU = os.path.join(HERE, "cpu-time.py")


def referee(binary, bots, n, d, log):
    """Runs the referee; bots is a list of (name, command)."""
    args = [binary, "referee", "--n", n, "--d", d, "--jobs", "1", "--move-timeout", "30m",
            "--log", log]
    for name, command in bots:
        args += ["--bot", f"{name}={command}"]
    subprocess.run(args, check=True, stdout=subprocess.DEVNULL)


def side_times(log, cpu_logs):
    """Per game: {(name): [cpu seconds of its moves]} and the game record."""
    if not os.path.exists(log):
        return []
    games = [json.loads(line) for line in open(log, encoding="utf-8")]
    cpu = {name: [float(t) for t in open(path, encoding="utf-8")] for name, path in cpu_logs.items()}
    used = {name: 0 for name in cpu}
    out = []
    for g in games:
        per = {}
        for side, name in enumerate([g["x"], g["o"]]):
            count = len(g["moves"][side::2])
            if name in cpu:
                times = cpu[name][used[name]:used[name] + count]
                used[name] += count
                per[("X", "O")[side]] = (name, times)
        out.append((g, per))
    return out


def measure(label, binary, seed_binary, n, d, outdir, play=True):
    """Self-play and vs-seed CPU times of one build, by board (with
    play=False, from the logs an earlier run left in outdir, as far as they go)."""
    rows = {}
    # Self-play: two names for the same build, each with its own CPU log.
    logs = {name: os.path.join(outdir, f"{label}-self-{name}.cpu") for name in ("a", "b")}
    log = os.path.join(outdir, f"{label}-self.jsonl")
    if play:
        for path in logs.values():
            open(path, "w").close()
        if os.path.exists(log):
            os.remove(log)
        referee(binary, [(name, f"{CPU} {logs[name]} {binary} bot") for name in logs], n, d, log)
    for g, per in side_times(log, logs):
        board = f"{g['n']}^{g['d']}"
        if (board, "self X") in rows:
            continue  # the second, identical game
        rows[(board, "self X")] = sum(per["X"][1])
        rows[(board, "self O")] = sum(per["O"][1])
        rows[(board, "max")] = max(per["X"][1] + per["O"][1] + [rows.get((board, "max"), 0)])
    cpu = os.path.join(outdir, f"{label}-seed.cpu")
    log = os.path.join(outdir, f"{label}-seed.jsonl")
    if play:
        open(cpu, "w").close()
        if os.path.exists(log):
            os.remove(log)
        referee(binary, [("me", f"{CPU} {cpu} {binary} bot"),
                         ("seed", f"{seed_binary} bot --level seed")], n, d, log)
    elif not os.path.exists(log):
        return rows
    for g, per in side_times(log, {"me": cpu}):
        board = f"{g['n']}^{g['d']}"
        side = "X" if g["x"] == "me" else "O"
        times = per[side][1]
        rows[(board, f"seed {side}")] = sum(times)
        rows[(board, f"seed {side} result")] = g["result"]
        rows[(board, "max")] = max(times + [rows.get((board, "max"), 0)])
    return rows


def main() -> int:
    if len(sys.argv) < 4:
        print(__doc__, file=sys.stderr)
        return 2
    before, after, outdir = sys.argv[1:4]
    rest = [a for a in sys.argv[4:] if a != "--report"]
    opts = dict(zip(rest[0::2], rest[1::2]))
    n, d = opts.get("--n", "3..6"), opts.get("--d", "2..5")
    play = "--report" not in sys.argv
    os.makedirs(outdir, exist_ok=True)
    old = measure("before", before, after, n, d, outdir, play)
    new = measure("after", after, after, n, d, outdir, play)
    boards = sorted({b for b, _ in new}, key=lambda b: (int(b.split("^")[1]), int(b.split("^")[0])))
    cols = ["self X", "self O", "seed X", "seed O"]
    head = f"{'board':>6}" + "".join(f" {c + ' s before':>15} {'after':>8} {'ratio':>6}" for c in cols)
    print("CPU seconds of the build's own moves per game (start-up included)")
    print(head + f" {'max move':>9} {'worst game':>10}")
    totals = {c: [0.0, 0.0] for c in cols}
    for b in boards:
        line = f"{b:>6}"
        for c in cols:
            o, w = old.get((b, c), 0.0), new.get((b, c), 0.0)
            totals[c][0] += o
            totals[c][1] += w
            ratio = f"{w / o:6.2f}" if o > 0 else f"{'-':>6}"
            line += f" {o:15.2f} {w:8.2f} {ratio}"
        worst = max(new.get((b, c), 0.0) for c in cols)
        line += f" {new.get((b, 'max'), 0.0):9.3f} {worst:10.1f}"
        print(line)
    line = f"{'all':>6}"
    for c in cols:
        o, w = totals[c]
        line += f" {o:15.2f} {w:8.2f} {w / o if o else 0:6.2f}"
    print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
