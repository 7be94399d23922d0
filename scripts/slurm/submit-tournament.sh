#!/bin/bash
# Submits a sharded hypertac tournament to Slurm: an N-task job array (one
# shard each) and the merge job, which runs once every task succeeded.
#
#   scripts/slurm/submit-tournament.sh N OUT [referee arguments...]
#   scripts/slurm/submit-tournament.sh 4 results/ --bot a=./a --bot b=./b --n 3..6 --d 2..5
#
# Prints the two job ids: ARRAY MERGE. Extra sbatch options (partition,
# account, time limit) go in SBATCH_* environment variables, e.g.
# SBATCH_PARTITION=short SBATCH_TIMELIMIT=2:00:00. The table lands in
# OUT/standings.txt; the jobs' output in OUT/slurm-*.out.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
shards=${1:?usage: submit-tournament.sh N OUT [referee arguments...]}
out=${2:?usage: submit-tournament.sh N OUT [referee arguments...]}
shift 2
case $shards in
  '' | *[!0-9]* | 0) echo "submit-tournament.sh: N must be a whole number of at least 1" >&2; exit 2 ;;
esac
mkdir -p "$out"
out=$(cd "$out" && pwd)

array=$(sbatch --parsable --array="0-$((shards - 1))" \
  --output="$out/slurm-%A_%a.out" \
  "$here/tournament.sbatch" "$out" "$@")
array=${array%%;*}
merge=$(sbatch --parsable --dependency="afterok:$array" --kill-on-invalid-dep=yes \
  --output="$out/slurm-%j-standings.out" \
  "$here/standings.sbatch" "$out")
merge=${merge%%;*}
echo "$array $merge"

# Proofs are submitted the same way by submit-proof.sh.
