#!/usr/bin/env python3
"""Per-game thinking time of bots from a `hypertac referee --jobs 1` log.

Usage: pace.py LOG.jsonl [NAME=CPULOG ...]

For every game of the referee's JSON-lines log: the board, the players, the
result, the number of moves, and per bot the wall time its moves took as the
referee measured them (process start included). With NAME=CPULOG (written by
scripts/cpu-time.py wrapping that bot's command) also the CPU time of the
bot's moves, taken from CPULOG in order (so the referee must run one game at
a time: `--jobs 1`).
"""
import json
import sys


def main() -> int:
    log = [json.loads(line) for line in open(sys.argv[1], encoding="utf-8")]
    cpu = {}
    for arg in sys.argv[2:]:
        name, path = arg.split("=", 1)
        cpu[name] = [float(t) for t in open(path, encoding="utf-8")]
    used = {name: 0 for name in cpu}
    print(f"{'board':>6} {'X':>8} {'O':>8} {'result':>10} {'moves':>6}"
          f" {'X wall s':>9} {'O wall s':>9} {'X cpu s':>8} {'O cpu s':>8} {'X max s':>8} {'O max s':>8}")
    for g in log:
        board = f"{g['n']}^{g['d']}" if g.get("n") else g["rules"]
        ms = g["move_ms"]
        row = [board, g["x"], g["o"], g["result"], str(len(g["moves"]))]
        walls, cpus, maxes = [], [], []
        for side, name in enumerate([g["x"], g["o"]]):
            mine = ms[side::2]
            walls.append(f"{sum(mine) / 1000:9.1f}")
            if name in cpu:
                count = len(g["moves"][side::2])
                times = cpu[name][used[name]:used[name] + count]
                used[name] += count
                cpus.append(f"{sum(times):8.2f}")
                maxes.append(f"{max(times, default=0):8.3f}")
            else:
                cpus.append(f"{'-':>8}")
                maxes.append(f"{'-':>8}")
        print(f"{row[0]:>6} {row[1]:>8} {row[2]:>8} {row[3]:>10} {row[4]:>6} "
              + " ".join(walls + cpus + maxes))
    for name, times in cpu.items():
        if used[name] != len(times):
            print(f"note: {name}: {len(times)} CPU times logged, {used[name]} moves played"
                  " (faults or another run in the same log)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
