#!/usr/bin/env python3
"""The prover of two builds on the benchmark's positions, alternately.

Usage: prove-versions.py OLD NEW [ROUNDS] [--memory MiB] [--threads N] [--empty | --qubic]

OLD and NEW are `hypertac` binaries; BINARY@N runs that one with
`--threads N` whatever --threads says, so that `B@1 B@2` measures what a
second thread is worth to one build.

Runs `hypertac prove` of each build on each position of the list below
(the list of `hypertac bench prove`), ROUNDS times (default 2), old and new
one after the other, and prints per position the positions searched, the
median CPU time and wall time of each build, and the ratios new/old. CPU
time (user + system of the child) holds on a loaded machine, wall time is
what a user waits (and the only measure of threads); both builds meet the
same load since they alternate. With --threads N both builds get
`--threads N` (default 1; builds before 2026-11-26 split the position into
units with it, later ones share one table). With --empty, only the speed
goals' positions instead: Qubic and 4^4 from the empty board (minutes a
build); with --qubic, Qubic from the empty board alone.
"""
import re
import resource
import subprocess
import sys
import statistics
import time

POSITIONS = [
    (["--shape", "3x3x3"], ""),
    (["--shape", "4x4", "--k", "4"], ""),
    (["--shape", "5x4", "--k", "4", "--gravity", "1"], ""),
    (["--shape", "5x5", "--k", "4"], ""),
    (["--game", "qubic"], "0,0,0;1,0,0;0,1,0;2,0,0"),
    (["--game", "qubic"], "0,0,0;1,1,0;3,3,3;2,2,1"),
    (["--game", "qubic"], "0,0,0;1,1,1;3,3,0;2,2,2"),
    (["--game", "qubic"], "0,0,0;1,0,0"),
    (["--game", "qubic"], "0,0,0;3,3,1"),
]

# The speed goals' positions (issue 28): Qubic and 4^4 from the empty board.
EMPTY = [(["--game", "qubic"], ""), (["--game", "4d"], "")]


def run(binary, rules, moves, memory, threads):
    if "@" in binary:
        binary, threads = binary.rsplit("@", 1)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.monotonic()
    out = subprocess.run([binary, "prove", *rules, "--moves", moves, "--memory", memory,
                          "--threads", threads],
                         capture_output=True, text=True, check=True).stdout
    wall = time.monotonic() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    value = re.search(r"value: (.*)", out).group(1)
    positions = int(re.search(r"positions: (\d+) proof-number", out).group(1))
    return value, positions, cpu, wall


def main() -> int:
    args = sys.argv[1:]
    memory = "1024"
    if "--memory" in args:
        i = args.index("--memory")
        memory = args[i + 1]
        del args[i:i + 2]
    threads = "1"
    if "--threads" in args:
        i = args.index("--threads")
        threads = args[i + 1]
        del args[i:i + 2]
    positions = POSITIONS
    if "--qubic" in args:
        args.remove("--qubic")
        positions = EMPTY[:1]
    if "--empty" in args:
        args.remove("--empty")
        positions = EMPTY
    if len(args) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    old, new = args[0], args[1]
    rounds = int(args[2]) if len(args) > 2 else 2
    print(f"--threads {threads}; CPU and wall time in seconds (medians of {rounds})")
    print(f"{'position':<40} {'value':<8} {'old pos':>10} {'new pos':>10} {'old cpu':>8} {'new cpu':>8} "
          f"{'old wall':>8} {'new wall':>8} {'pos x':>6} {'cpu x':>6} {'wall x':>6}")
    total = [0.0, 0.0]
    total_wall = [0.0, 0.0]
    for rules, moves in positions:
        times = {old: [], new: []}
        walls = {old: [], new: []}
        found = {}
        for _ in range(rounds):
            for b in (old, new):
                value, positions, cpu, wall = run(b, rules, moves, memory, threads)
                times[b].append(cpu)
                walls[b].append(wall)
                found[b] = (value, positions)
        if found[old][0] != found[new][0]:
            print(f"the builds disagree on {rules} {moves}: {found[old][0]} / {found[new][0]}")
            return 1
        t_old, t_new = statistics.median(times[old]), statistics.median(times[new])
        w_old, w_new = statistics.median(walls[old]), statistics.median(walls[new])
        total[0] += t_old
        total[1] += t_new
        total_wall[0] += w_old
        total_wall[1] += w_new
        name = " ".join(rules) + (f" {moves}" if moves else "")
        print(f"{name:<40} {found[new][0]:<8} {found[old][1]:>10} {found[new][1]:>10} "
              f"{t_old:8.2f} {t_new:8.2f} {w_old:8.2f} {w_new:8.2f} "
              f"{found[new][1] / found[old][1]:6.2f} {t_new / t_old:6.2f} {w_new / w_old:6.2f}", flush=True)
    print(f"total CPU: old {total[0]:.1f} s, new {total[1]:.1f} s, ratio {total[1] / total[0]:.2f}")
    print(f"total wall: old {total_wall[0]:.1f} s, new {total_wall[1]:.1f} s, "
          f"ratio {total_wall[1] / total_wall[0]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
