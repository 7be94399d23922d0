#!/usr/bin/env python3
"""Peak memory and /api/info latency of `hypertac serve` while costly requests
are in flight (issue #18). Loopback only, bounded: one private server on a
free port with a temporary HYPERTAC_HOME, a fixed number of requests, and
the server is killed at the end.

    scripts/load-check.py [path/to/hypertac] [--parallel 4]

For each board it sends N new-game requests at once (N = --parallel) and,
until they all answer, asks GET /api/info every 20 ms. It prints per board:
the slowest new-game answer, /api/info latency (median, max) and the
server's resident memory (VmHWM peak, VmRSS after).
"""
import http.client
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time

BOARDS = [
    # The largest dense board: its line table (8.38 million entries) is just
    # under the 2^23 limit.
    {"shape": "1024x1024", "k": 2},
    # The request: sparse now.
    {"shape": "2048x2048", "k": 2},
    # The most cells a shape may have, 12 axes.
    {"shape": "x".join(["35"] * 12), "k": 35},
]


def request(port, method, path, body=None):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    data = json.dumps(body).encode() if body is not None else b""
    headers = {"Host": f"127.0.0.1:{port}", "Content-Type": "application/json"}
    start = time.monotonic()
    conn.request(method, path, body=data, headers=headers)
    resp = conn.getresponse()
    text = resp.read()
    conn.close()
    return resp.status, text, time.monotonic() - start


def memory_kib(pid):
    out = {}
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith(("VmHWM:", "VmRSS:")):
                key, value = line.split(":")
                out[key] = int(value.split()[0])
    return out


def main():
    args = sys.argv[1:]
    parallel = 4
    if "--parallel" in args:
        i = args.index("--parallel")
        parallel = int(args[i + 1])
        del args[i : i + 2]
    binary = args[0] if args else "target/release/hypertac"
    home = tempfile.mkdtemp(prefix="hypertac-load-")
    server = subprocess.Popen(
        [binary, "serve", "--port", "0"],
        env={**os.environ, "HYPERTAC_HOME": home},
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    try:
        url = server.stdout.readline().strip()
        port = int(url.rsplit(":", 1)[1].strip("/"))
        base = memory_kib(server.pid)
        print(f"server {binary}: {base['VmRSS'] // 1024} MB resident at start")
        for board in BOARDS:
            body = dict(board, x="human", o="human")
            results = []

            def new_game():
                results.append(request(port, "POST", "/api/games", body))

            threads = [threading.Thread(target=new_game) for _ in range(parallel)]
            for t in threads:
                t.start()
            latencies = []
            while any(t.is_alive() for t in threads):
                status, _, took = request(port, "GET", "/api/info")
                assert status == 200, status
                latencies.append(took * 1000)
                time.sleep(0.02)
            for t in threads:
                t.join()
            statuses = sorted({r[0] for r in results})
            slowest = max(r[2] for r in results)
            mem = memory_kib(server.pid)
            lat = (
                f"median {statistics.median(latencies):.1f} ms, max {max(latencies):.1f} ms"
                if latencies
                else "no sample"
            )
            print(
                f"{board['shape'][:40]} k{board['k']}: {parallel} new games -> status {statuses}, "
                f"slowest {slowest:.2f} s; /api/info {len(latencies)} samples, {lat}; "
                f"peak {mem['VmHWM'] // 1024} MB, now {mem['VmRSS'] // 1024} MB"
            )
    finally:
        server.kill()
        server.wait()


if __name__ == "__main__":
    main()
