#!/usr/bin/env bash
# The cluster test: a one-node Slurm cluster on this machine runs a sharded
# tournament through scripts/slurm/, and the merged table must equal the
# unsharded run's, byte for byte. Then one task of a second array is
# cancelled, the merge must name its shard, and rerunning that shard alone
# must complete the table. The same for a split proof (4x4, k = 4): the
# merged certificate must be verified and have the unsharded value.
#
# Needs root and Debian (apt-get): installs slurm-wlm and munge if missing,
# starts its own munged, slurmctld and slurmd (a private config, state and
# sockets under a temporary folder, ports 16817/16818 by default) and stops
# them on exit, whatever happens. Every wait has a time limit.
#
# Usage: scripts/slurm-test.sh        (from anywhere; builds target/debug/hypertac)
# Environment: HYPERTAC (a built binary to use instead), KEEP=1 (keep the
# temporary folder), SLURM_TEST_PORT (slurmctld's port; slurmd's is the next).
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)

say() { echo "== slurm-test: $*"; }
fail() {
  echo "== slurm-test: FAILED: $*" >&2
  exit 1
}

[ "$(id -u)" -eq 0 ] || fail "needs root (it installs packages and starts slurmd)"
command -v apt-get >/dev/null || fail "needs a Debian machine (apt-get)"

work=$(mktemp -d /tmp/hypertac-slurm.XXXXXX)
chmod 0755 "$work"
jobs_submitted=()
policy_created=0
port=${SLURM_TEST_PORT:-16817}

# --- Stopping what we started, on any exit ---------------------------------
stop_pidfile() { # NAME PIDFILE: TERM, wait up to 10 s, then KILL
  local pid
  [ -s "$2" ] || return 0
  pid=$(cat "$2")
  kill -0 "$pid" 2>/dev/null || return 0
  kill -TERM "$pid" 2>/dev/null || true
  for _ in $(seq 50); do
    kill -0 "$pid" 2>/dev/null || return 0
    sleep 0.2
  done
  echo "== slurm-test: $1 ($pid) did not stop; killing it" >&2
  kill -KILL "$pid" 2>/dev/null || true
}

cleanup() {
  local status=$?
  trap - EXIT INT TERM
  set +e
  if [ ${#jobs_submitted[@]} -gt 0 ] && [ -s "$work/slurmctld.pid" ]; then
    timeout 20 scancel "${jobs_submitted[@]}" 2>/dev/null
    # Give the cancelled tasks' steps a moment to end before slurmd goes.
    for _ in $(seq 25); do
      [ -z "$(timeout 10 squeue -h -j "$(IFS=,; echo "${jobs_submitted[*]}")" 2>/dev/null)" ] && break
      sleep 0.4
    done
  fi
  stop_pidfile slurmd "$work/slurmd.pid"
  stop_pidfile slurmctld "$work/slurmctld.pid"
  stop_pidfile munged "$work/munge/munged.pid"
  if [ "$policy_created" -eq 1 ]; then rm -f /usr/sbin/policy-rc.d; fi
  if [ "$status" -ne 0 ]; then
    for log in "$work"/log/*.log "$work"/munge/munged.log; do
      [ -f "$log" ] || continue
      echo "--- last lines of $log" >&2
      tail -n 20 "$log" >&2
    done
  fi
  if [ "${KEEP:-0}" = 1 ]; then
    echo "== slurm-test: kept $work"
  else
    rm -rf "$work"
  fi
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# --- Packages ----------------------------------------------------------------
install_packages() {
  if command -v slurmctld >/dev/null && command -v slurmd >/dev/null &&
    command -v sbatch >/dev/null && command -v munged >/dev/null; then
    say "slurm-wlm and munge already installed"
    return
  fi
  say "installing slurm-wlm and munge"
  # Keep the packages' own services from starting on a systemd machine.
  if [ ! -e /usr/sbin/policy-rc.d ]; then
    printf '#!/bin/sh\nexit 101\n' >/usr/sbin/policy-rc.d
    chmod +x /usr/sbin/policy-rc.d
    policy_created=1
  fi
  export DEBIAN_FRONTEND=noninteractive
  if ! { timeout 600 apt-get update -q &&
    timeout 900 apt-get install -y -q --no-install-recommends slurm-wlm munge; } >"$work/apt.log" 2>&1; then
    tail -n 30 "$work/apt.log" >&2
    fail "apt-get could not install slurm-wlm and munge"
  fi
  if [ "$policy_created" -eq 1 ]; then
    rm -f /usr/sbin/policy-rc.d
    policy_created=0
  fi
}

# --- A one-node cluster --------------------------------------------------------
start_munge() {
  install -d -o munge -g munge -m 0755 "$work/munge"
  # A fresh key of our own: the machine's /etc/munge stays as it is.
  dd if=/dev/urandom of="$work/munge/munge.key" bs=1024 count=1 status=none
  chown munge:munge "$work/munge/munge.key"
  chmod 0400 "$work/munge/munge.key"
  timeout 30 runuser -u munge -- munged \
    --socket="$work/munge/munge.socket" \
    --key-file="$work/munge/munge.key" \
    --pid-file="$work/munge/munged.pid" \
    --log-file="$work/munge/munged.log" \
    --seed-file="$work/munge/munged.seed"
  for _ in $(seq 50); do
    [ -S "$work/munge/munge.socket" ] && return
    sleep 0.2
  done
  fail "munged did not create its socket"
}

write_slurm_conf() {
  local host cpus
  host=$(hostname -s)
  cpus=$(nproc)
  mkdir -p "$work/etc" "$work/state" "$work/spool" "$work/log"
  cat >"$work/etc/slurm.conf" <<CONF
# A one-node test cluster (scripts/slurm-test.sh).
ClusterName=hypertac-test
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$port
SlurmdPort=$((port + 1))
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$work/munge/munge.socket
StateSaveLocation=$work/state
SlurmdSpoolDir=$work/spool
SlurmctldPidFile=$work/slurmctld.pid
SlurmdPidFile=$work/slurmd.pid
SlurmctldLogFile=$work/log/slurmctld.log
SlurmdLogFile=$work/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SchedulerType=sched/backfill
MpiDefault=none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
ReturnToService=2
MinJobAge=600
KillWait=5
SlurmctldTimeout=30
SlurmdTimeout=30
NodeName=$host NodeAddr=127.0.0.1 CPUs=$cpus State=UNKNOWN
PartitionName=test Nodes=ALL Default=YES MaxTime=INFINITE State=UP
CONF
  export SLURM_CONF="$work/etc/slurm.conf"
}

start_slurm() {
  timeout 30 slurmctld -f "$SLURM_CONF"
  timeout 30 slurmd -f "$SLURM_CONF"
  say "waiting for the node to be idle"
  local state=""
  for _ in $(seq 120); do
    state=$(timeout 10 sinfo -h -N -o '%T' 2>/dev/null | head -n 1 || true)
    [ "$state" = idle ] && return
    sleep 0.5
  done
  fail "the node is not idle after 60 s (state: ${state:-none})"
}

# --- Jobs ----------------------------------------------------------------------
wait_for() { # JOBID SECONDS: until no task of the job is pending or running
  local deadline=$((SECONDS + $2)) queued
  while :; do
    # squeue failing (a busy controller) is not an answer: ask again.
    if queued=$(timeout 10 squeue -h -j "$1" -o '%i' 2>/dev/null) && [ -z "$queued" ]; then
      return
    fi
    [ $SECONDS -lt $deadline ] || fail "job $1 still queued or running after $2 s"
    sleep 1
  done
}

task_states() { # JOBID: "TASK STATE" lines of an array job, sorted
  timeout 10 scontrol -o show job "$1" |
    sed -n 's/.*ArrayTaskId=\([0-9]*\) .*JobState=\([A-Z_]*\) .*/\1 \2/p' | sort -n
}

# Waits for a 4-task array and its merge job (ids "ARRAY MERGE", as the
# submit scripts print them) and checks that every task completed.
await_array_and_merge() { # IDS
  local array=${1% *} merge=${1#* }
  jobs_submitted+=("$array" "$merge")
  wait_for "$array" 600
  wait_for "$merge" 300
  [ "$(task_states "$array")" = "$(printf '%s COMPLETED\n' 0 1 2 3)" ] ||
    fail "array $array: $(task_states "$array" | tr '\n' ' ')"
}

# Submits a held 4-task array of SCRIPT and MERGE_SCRIPT OUT after it
# (afterok), cancels task 1, releases the others and waits; checks that the
# merge job was cancelled (afterok never satisfied) and that task 1 never ran.
array_with_task_1_cancelled() { # OUT SCRIPT MERGE_SCRIPT [SCRIPT ARGUMENTS...]
  local out=$1 script=$2 merge_script=$3 array merge
  shift 3
  mkdir -p "$out"
  array=$(timeout 60 sbatch --parsable --hold --array=0-3 \
    --output="$out/slurm-%A_%a.out" "$script" "$@")
  array=${array%%;*}
  jobs_submitted+=("$array")
  timeout 30 scancel "${array}_1"
  merge=$(timeout 60 sbatch --parsable --dependency="afterok:$array" \
    --kill-on-invalid-dep=yes --output="$out/slurm-%j-merge.out" "$merge_script" "$out")
  merge=${merge%%;*}
  jobs_submitted+=("$merge")
  timeout 30 scontrol release "$array"
  wait_for "$array" 600
  wait_for "$merge" 120
  timeout 10 scontrol -o show job "$merge" | grep -q 'JobState=CANCELLED' ||
    fail "the merge job $merge ran though task 1 was cancelled"
  # A task cancelled while pending leaves the array's list of tasks.
  [ "$(task_states "$array")" = "$(printf '%s COMPLETED\n' 0 2 3)" ] ||
    fail "array $array: $(task_states "$array" | tr '\n' ' ')"
}

# Reruns task 1 of a 4-task array of SCRIPT alone and waits for it.
rerun_task_1() { # OUT SCRIPT [SCRIPT ARGUMENTS...]
  local out=$1 script=$2 array
  shift 2
  array=$(timeout 60 sbatch --parsable --array=1 --export=ALL,HYPERTAC_SHARDS=4 \
    --output="$out/slurm-%A_%a.out" "$script" "$@")
  array=${array%%;*}
  jobs_submitted+=("$array")
  wait_for "$array" 600
}

# --- The tournament ------------------------------------------------------------
build() {
  if [ -n "${HYPERTAC:-}" ]; then
    hypertac=$HYPERTAC
  else
    say "building hypertac"
    # the binary `cargo test --workspace` builds: nothing to compile after
    # scripts/test.sh's tests
    timeout 1200 cargo test --workspace --locked --no-run
    hypertac=$repo/target/debug/hypertac
  fi
  [ -x "$hypertac" ] || fail "no binary at $hypertac"
  export HYPERTAC=$hypertac
}

# Three deterministic bots on four shapes: 24 games.
referee_args() {
  tournament=(
    --bot "r1='$hypertac' bot --level random --seed 1"
    --bot "seed='$hypertac' bot --level seed"
    --bot "r2='$hypertac' bot --level random --seed 2"
    --n 3..4 --d 2..3 --move-timeout 20s
  )
}

tournament_array() {
  say "the unsharded run"
  timeout 600 "$hypertac" referee "${tournament[@]}" --jobs 2 >"$work/whole.txt"
  sed -n '/^Standings after/,$p' "$work/whole.txt" >"$work/whole-table.txt"
  grep -q '^Standings after 24 of 24 games$' "$work/whole-table.txt" ||
    fail "the unsharded run did not play 24 games"

  say "a 4-task array and its merge job (--dependency=afterok)"
  local out=$work/run1 status=0
  await_array_and_merge "$(timeout 60 scripts/slurm/submit-tournament.sh 4 "$out" "${tournament[@]}")"
  [ -f "$out/standings.txt" ] || fail "the merge job wrote no standings.txt: $(cat "$out"/slurm-*-standings.out)"
  diff -u "$work/whole-table.txt" "$out/standings.txt" ||
    fail "the merged table differs from the unsharded run's"
  say "the merged table equals the unsharded one:"
  cat "$out/standings.txt"

  say "a second array with task 1 cancelled before it runs"
  out=$work/run2
  array_with_task_1_cancelled "$out" scripts/slurm/tournament.sbatch scripts/slurm/standings.sbatch \
    "$out" "${tournament[@]}"
  [ ! -e "$out/standings.txt" ] || fail "the merge job wrote standings.txt"
  [ ! -e "$out/shard-1-of-4.jsonl" ] || fail "the cancelled task 1 wrote its log"
  say "the merge job was cancelled (afterok never satisfied); merging by hand:"
  timeout 60 "$hypertac" referee standings "$out"/shard-*.jsonl >"$work/run2.out" 2>"$work/run2.err" ||
    status=$?
  cat "$work/run2.err"
  [ "$status" -eq 1 ] || fail "standings with a shard missing exited $status, not 1"
  [ ! -s "$work/run2.out" ] || fail "standings printed a table with a shard missing"
  grep -q 'shard 1/4 (--shard 1/4): all 6 of its games missing' "$work/run2.err" ||
    fail "standings did not name shard 1/4"

  say "rerunning shard 1/4 alone"
  rerun_task_1 "$out" scripts/slurm/tournament.sbatch "$out" "${tournament[@]}"
  timeout 60 "$hypertac" referee standings "$out"/shard-*.jsonl >"$work/run2.out" ||
    fail "standings after the rerun: $(cat "$work/run2.out")"
  diff -u "$work/whole-table.txt" "$work/run2.out" ||
    fail "the table after the rerun differs from the unsharded run's"
  say "after the rerun the table equals the unsharded one"
}

# --- Proofs --------------------------------------------------------------------
# 4x4 with k = 4 (a draw: the certificate has a strategy for each side),
# split three moves deep into units, proved by a 4-task array, merged by a
# job that runs after it (--dependency=afterok) and verified; then a second
# array with one task cancelled, whose merge must name that shard, and the
# rerun of that shard alone.
proof_array() {
  local rules=(--shape 4x4 --k 4) whole value out status=0
  say "proof: the unsharded run"
  whole=$(timeout 300 "$hypertac" prove "${rules[@]}" --memory 64)
  value=$(sed -n 's/^value: //p' <<<"$whole")
  [ -n "$value" ] || fail "the unsharded proof printed no value: $whole"
  timeout 120 "$hypertac" prove "${rules[@]}" --split 3 --frontier "$work/proof.frontier" ||
    fail "prove --split failed"

  say "proof: a 4-task array and its merge job (--dependency=afterok)"
  out=$work/proof1
  await_array_and_merge \
    "$(timeout 60 scripts/slurm/submit-proof.sh 4 "$work/proof.frontier" "$out" --memory 16)"
  [ -f "$out/verify.txt" ] || fail "the merge job verified no proof: $(cat "$out"/slurm-*-merge.out)"
  grep -q "^proof accepted: $value\$" "$out/verify.txt" ||
    fail "the merged proof is not a verified $value: $(cat "$out/verify.txt")"
  say "the merged certificate is verified, with the unsharded value ($value):"
  cat "$out/verify.txt"

  say "proof: a second array with task 1 cancelled before it runs"
  out=$work/proof2
  array_with_task_1_cancelled "$out" scripts/slurm/prove.sbatch scripts/slurm/prove-merge.sbatch \
    "$work/proof.frontier" "$out" --memory 16
  [ ! -e "$out/root.proof" ] || fail "the merge job wrote root.proof"
  [ ! -e "$out/shard-1-of-4.done" ] || fail "the cancelled task 1 finished its shard"
  say "the merge job was cancelled; merging by hand:"
  timeout 120 "$hypertac" prove --merge "$out" >"$work/proof2.out" 2>"$work/proof2.err" || status=$?
  cat "$work/proof2.err"
  [ "$status" -eq 1 ] || fail "prove --merge with a shard missing exited $status, not 1"
  grep -q '^missing shard 1/4: rerun' "$work/proof2.err" ||
    fail "prove --merge did not name shard 1/4"

  say "rerunning proof shard 1/4 alone"
  rerun_task_1 "$out" scripts/slurm/prove.sbatch "$work/proof.frontier" "$out" --memory 16
  timeout 120 "$hypertac" prove --merge "$out" --proof "$out/root.proof" >"$work/proof2.out" ||
    fail "prove --merge after the rerun: $(cat "$work/proof2.out")"
  grep -q "^value: $value\$" "$work/proof2.out" ||
    fail "after the rerun the value is not $value: $(cat "$work/proof2.out")"
  timeout 120 "$hypertac" verify "$out/root.proof" | grep -q "^proof accepted: $value\$" ||
    fail "the certificate after the rerun is not accepted"
  say "after the rerun the proof is complete and verified ($value)"
}

# --- An opening book ----------------------------------------------------------
# Tic-tac-toe's book of up to 3 stones built by a 4-task array
# (book.sbatch), merged, and compared with the unsharded build.
book_array() {
  local out=$work/book array
  say "book: the unsharded build"
  timeout 300 "$hypertac" book --game tictactoe --stones 3 --out "$work/whole.book" \
    --threads 1 --memory 16 2>/dev/null || fail "the unsharded book build failed"
  say "book: a 4-task array"
  mkdir -p "$out"
  array=$(timeout 60 sbatch --parsable --array=0-3 --output="$out/slurm-%A_%a.out" \
    scripts/slurm/book.sbatch "$out" --game tictactoe --stones 3 --memory 16)
  array=${array%%;*}
  jobs_submitted+=("$array")
  wait_for "$array" 600
  [ "$(task_states "$array")" = "$(printf '%s COMPLETED\n' 0 1 2 3)" ] ||
    fail "book array $array: $(task_states "$array" | tr '\n' ' ')"
  timeout 120 "$hypertac" book --game tictactoe --out "$out/merged.book" \
    --merge "$out"/share-*-of-4.book >"$work/book.out" || fail "book --merge failed"
  cat "$work/book.out"
  grep -q "every class is in" "$work/book.out" || fail "the merged book misses classes"
  cmp "$out/merged.book" "$work/whole.book" || fail "the merged book differs from the unsharded one"
  say "the merged book equals the unsharded one"
}

# --- Main ----------------------------------------------------------------------
install_packages
build
referee_args
start_munge
write_slurm_conf
start_slurm
say "cluster up: $(timeout 10 sinfo -h -N -o '%N %c CPUs %T')"
tournament_array
proof_array
book_array
say "passed"
