#!/usr/bin/env bash
# Does a killed proof resume where it stopped? Proves one position three
# ways with each given hypertac binary: uninterrupted; killed with SIGKILL
# KILL_AT seconds in (a checkpoint is written every minute) and resumed
# from its checkpoint. Prints wall times and positions searched, so the
# resumed run's extra work can be compared with the uninterrupted one.
#
#   scripts/resume-check.sh BINARY... (env: ARGS, KILL_AT)
set -euo pipefail
ARGS=${ARGS:---game qubic --moves 1,1,1;0,0,0 --memory 1024}
KILL_AT=${KILL_AT:-75}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
positions() { grep -o 'positions: [0-9]* proof-number' "$1" | tail -1 | grep -o '[0-9]*'; }
printf '%-40s %10s %12s %10s %12s %12s\n' binary "full s" "full pos" "resume s" "resume pos" "killed+resume s"
for bin in "$@"; do
  rm -f "$work"/*
  start=$(date +%s.%N)
  # shellcheck disable=SC2086
  "$bin" prove $ARGS --checkpoint "$work/full.ckpt" >"$work/full.log" 2>&1
  full=$(echo "$(date +%s.%N) - $start" | bc)
  # shellcheck disable=SC2086
  "$bin" prove $ARGS --checkpoint "$work/kill.ckpt" >"$work/kill.log" 2>&1 &
  pid=$!
  sleep "$KILL_AT"
  kill -9 "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  start=$(date +%s.%N)
  # shellcheck disable=SC2086
  "$bin" prove $ARGS --checkpoint "$work/kill.ckpt" >"$work/resume.log" 2>&1
  resume=$(echo "$(date +%s.%N) - $start" | bc)
  grep -q 'value: ' "$work/resume.log" || { echo "no value after resuming:"; cat "$work/resume.log"; exit 1; }
  printf '%-40s %10.1f %12s %10.1f %12s %12.1f\n' "$bin" "$full" "$(positions "$work/full.log")" \
    "$resume" "$(positions "$work/resume.log")" "$(echo "$resume + $KILL_AT" | bc)"
done
