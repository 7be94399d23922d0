#!/bin/bash
# Submits a split hypertac proof to Slurm: an N-task job array (one shard
# of the frontier's units each) and the merge job, which runs once every
# task succeeded.
#
#   hypertac prove --game qubic --split 3 --frontier qubic.frontier
#   scripts/slurm/submit-proof.sh N FRONTIER OUT [prove options...]
#   scripts/slurm/submit-proof.sh 64 qubic.frontier results/ --memory 8192
#
# Prints the two job ids: ARRAY MERGE. Extra sbatch options go in SBATCH_*
# environment variables (SBATCH_PARTITION, SBATCH_TIMELIMIT, ...). The value
# and the certificate land in OUT/root.proof, the check in OUT/verify.txt,
# the jobs' output in OUT/slurm-*.out.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
usage="usage: submit-proof.sh N FRONTIER OUT [prove options...]"
shards=${1:?$usage}
frontier=${2:?$usage}
out=${3:?$usage}
shift 3
case $shards in
  '' | *[!0-9]* | 0) echo "submit-proof.sh: N must be a whole number of at least 1" >&2; exit 2 ;;
esac
[ -f "$frontier" ] || { echo "submit-proof.sh: no frontier file $frontier (make one with hypertac prove --split)" >&2; exit 2; }
mkdir -p "$out"
out=$(cd "$out" && pwd)
frontier=$(cd "$(dirname "$frontier")" && pwd)/$(basename "$frontier")

array=$(sbatch --parsable --array="0-$((shards - 1))" \
  --output="$out/slurm-%A_%a.out" \
  "$here/prove.sbatch" "$frontier" "$out" "$@")
array=${array%%;*}
merge=$(sbatch --parsable --dependency="afterok:$array" --kill-on-invalid-dep=yes \
  --output="$out/slurm-%j-merge.out" \
  "$here/prove-merge.sbatch" "$out")
merge=${merge%%;*}
echo "$array $merge"
