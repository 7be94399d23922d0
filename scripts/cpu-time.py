#!/usr/bin/env python3
"""Runs a command (a bot's move) and appends its CPU time to a log.

Usage: cpu-time.py LOG COMMAND [ARGS...]

stdin, stdout and stderr pass through; the exit status is the command's.
One line per run is appended to LOG: user+system seconds of the command
and its children, with microsecond resolution (getrusage), so that the
referee's wall-clock move times can be checked against the time the bot
itself spent on a busy machine.
"""
import resource
import subprocess
import sys


def main() -> int:
    log, command = sys.argv[1], sys.argv[2:]
    # The difference: children waited for before (e.g. by a launcher such as
    # a pyenv shim that then exec'd this interpreter) are already counted.
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    status = subprocess.call(command)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    used = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    with open(log, "a", encoding="utf-8") as out:
        out.write(f"{used:.6f}\n")
    return status


if __name__ == "__main__":
    sys.exit(main())
