#!/usr/bin/env python3
"""The search and the certificate walk of two builds, alternately.

Usage: walk-vs-search.py OLD NEW [ROUNDS] [--memory MiB] [--game NAME]...
                         [--verify BINARY] [--keep DIR] [--walk-limit SECONDS]

Runs `hypertac prove ... --threads 1 --proof F` of each build (OLD, then NEW,
ROUNDS times, default 1) on the positions named by --game (repeatable; default
qubic): qubic (Qubic from the empty board), 4d (4^4 from the empty board: the
walk of builds before 2026-11-27 takes over an hour), 4d-late (4^4 after
0,0,0,0;3,3,3,0;1,1,1,1;2,2,2,2), qubic-late (Qubic after 0,0,0;3,3,1);
and prints per build the
CPU time of the search (read from /proc/PID/stat when the prover prints its
"positions:" line, that is when the value is known and the walk starts), the
CPU time of the walk (the rest of the child's CPU time, from wait4), the
positions searched, and the certificate's entries and bytes; then the walk's
CPU over the search's for each build and the ratios new/old (medians).

Every certificate is verified (`BINARY verify F`, default NEW) and the two
builds' certificates are compared byte for byte (the header's statistics
aside). With --keep DIR the certificates stay in DIR (otherwise in a
temporary directory that is removed). With --walk-limit S a walk that has
used S seconds of CPU is stopped and reported as "over S s" (no
certificate; for old builds whose walk takes hours).
"""
import os
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time

GAMES = {
    "qubic": ["--game", "qubic"],
    "4d": ["--game", "4d"],
    "4d-late": ["--game", "4d", "--moves", "0,0,0,0;3,3,3,0;1,1,1,1;2,2,2,2"],
    "qubic-late": ["--game", "qubic", "--moves", "0,0,0;3,3,1"],
}
TICKS = os.sysconf("SC_CLK_TCK")


def cpu_of(pid):
    """User + system CPU seconds of a running process (all its threads)."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


def watch(child, search_cpu, limit, stopped):
    """Stops `child` once its walk has used `limit` CPU seconds."""
    while child.poll() is None:
        try:
            if cpu_of(child.pid) - search_cpu > limit:
                stopped.set()
                child.kill()
                return
        except OSError:
            return
        time.sleep(1)


def run(binary, rules, memory, proof, limit=None):
    cmd = ["nice", "-n", "10", binary, "prove", *rules, "--threads", "1",
           "--memory", memory, "--proof", proof]
    child = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    search_cpu = None
    stopped = threading.Event()
    out = []
    for line in child.stdout:
        out.append(line)
        if line.startswith("positions:") and search_cpu is None:
            search_cpu = cpu_of(child.pid)
            if limit is not None:
                threading.Thread(target=watch, args=(child, search_cpu, limit, stopped),
                                 daemon=True).start()
    _, status, usage = os.wait4(child.pid, 0)
    child.returncode = os.waitstatus_to_exitcode(status)
    text = "".join(out)
    if stopped.is_set():
        value = re.search(r"value: (.*)", text).group(1)
        positions = int(re.search(r"positions: (\d+) proof-number", text).group(1))
        return {"value": value, "positions": positions, "search": search_cpu,
                "walk": float(limit), "stopped": True, "entries": 0, "bytes": 0}
    if child.returncode != 0 or search_cpu is None:
        raise SystemExit(f"{' '.join(cmd)} failed ({child.returncode}):\n{text}")
    total = usage.ru_utime + usage.ru_stime
    value = re.search(r"value: (.*)", text).group(1)
    positions = int(re.search(r"positions: (\d+) proof-number", text).group(1))
    m = re.search(r"\((\d+) entries, (\d+) bytes", text)
    return {"value": value, "positions": positions, "search": search_cpu,
            "walk": total - search_cpu, "stopped": False,
            "entries": int(m.group(1)), "bytes": int(m.group(2))}


def body(path):
    """The certificate without its statistics (times, program, counts)."""
    with open(path, "rb") as f:
        data = f.read()
    i = data.index(b'"stats"')
    return data[:i] + data[data.index(b"\n", i):]


def verify(binary, proof):
    out = subprocess.run(["nice", "-n", "10", binary, "verify", proof],
                         capture_output=True, text=True)
    first = (out.stdout.splitlines() or [""])[0]
    if out.returncode != 0:
        raise SystemExit(f"{proof} rejected: {out.stdout}{out.stderr}")
    return first


def main() -> int:
    args = sys.argv[1:]

    def option(name, default):
        if name in args:
            i = args.index(name)
            value = args[i + 1]
            del args[i:i + 2]
            return value
        return default

    memory = option("--memory", "1024")
    checker = option("--verify", None)
    keep = option("--keep", None)
    limit = option("--walk-limit", None)
    limit = float(limit) if limit is not None else None
    games = []
    while "--game" in args:
        games.append(option("--game", None))
    games = games or ["qubic"]
    unknown = [g for g in games if g not in GAMES]
    if unknown:
        print(f"unknown --game {unknown}; known: {', '.join(GAMES)}", file=sys.stderr)
        return 2
    if len(args) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    old, new = args[0], args[1]
    rounds = int(args[2]) if len(args) > 2 else 1
    checker = checker or new
    tmp = keep or tempfile.mkdtemp(prefix="walk-vs-search-")
    os.makedirs(tmp, exist_ok=True)
    print(f"--threads 1, --memory {memory}; CPU seconds (medians of {rounds}); "
          f"certificates verified by {checker}")
    for game in games:
        got = {old: [], new: []}
        for r in range(rounds):
            for tag, b in (("old", old), ("new", new)):
                proof = os.path.join(tmp, f"{game}-{tag}-{r}.proof")
                res = run(b, GAMES[game], memory, proof, limit)
                res["proof"] = proof
                got[b].append(res)
                if res["stopped"]:
                    print(f"  {game} {tag} round {r}: search {res['search']:.1f} s, "
                          f"walk over {limit:.0f} s (stopped), {res['positions']} positions",
                          flush=True)
                    continue
                res["verify"] = verify(checker, proof)
                print(f"  {game} {tag} round {r}: search {res['search']:.1f} s, "
                      f"walk {res['walk']:.1f} s, {res['positions']} positions, "
                      f"{res['entries']} entries, {res['bytes']} bytes; {res['verify']}",
                      flush=True)
        if got[old][0]["value"] != got[new][0]["value"]:
            print(f"the builds disagree on {game}")
            return 1
        stopped = any(x["stopped"] for b in (old, new) for x in got[b])
        same = not stopped and body(got[old][0]["proof"]) == body(got[new][0]["proof"])
        med = {b: {k: statistics.median(x[k] for x in got[b]) for k in ("search", "walk")}
               for b in (old, new)}
        print(f"{game}: value {got[new][0]['value']}; certificates "
              f"{'identical' if same else 'differ'} (statistics aside)")
        for tag, b in (("old", old), ("new", new)):
            m = med[b]
            over = "over " if any(x["stopped"] for x in got[b]) else ""
            print(f"  {tag} {b}: search {m['search']:.1f} s, walk {over}{m['walk']:.1f} s, "
                  f"walk/search {over}{m['walk'] / m['search']:.2f}, "
                  f"{got[b][0]['entries']} entries, {got[b][0]['bytes']} bytes")
        print(f"  new/old: search {med[new]['search'] / med[old]['search']:.2f}, "
              f"walk {med[new]['walk'] / med[old]['walk']:.2f}", flush=True)
    if not keep:
        for f in os.listdir(tmp):
            os.remove(os.path.join(tmp, f))
        # (a stopped walk leaves no certificate)
        os.rmdir(tmp)
    return 0


if __name__ == "__main__":
    sys.exit(main())
