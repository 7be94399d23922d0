#!/usr/bin/env bash
# Runs the benchmark sets with the solver of this checkout and with the one
# of an older revision, alternately (set by set, ROUNDS times), so that both
# see the same machine load; prints each run's line of `benches/sets.rs`.
#
#   crates/connect4/bench-vs.sh <revision> [set[:limit] ...]
#   ROUNDS=3 C4_THREADS=2 crates/connect4/bench-vs.sh 76d9efe L2_R2 L1_R3:10
#
# The old revision is built in a temporary worktree with its own target
# folder (BASE_TARGET, default /tmp/c4-bench-base-target). Environment
# variables of the bench (C4_TT_LOG2, C4_THREADS) apply to both sides; an
# old bench ignores the ones it does not know.
set -euo pipefail

rev=${1:?usage: bench-vs.sh <revision> [set[:limit] ...]}
shift
sets=("$@")
if [ ${#sets[@]} -eq 0 ]; then
    sets=(L3_R1 L2_R1 L2_R2 L1_R1 L1_R2:100 L1_R3:10)
fi
rounds=${ROUNDS:-2}
root=$(git -C "$(dirname "$0")" rev-parse --show-toplevel)
base_target=${BASE_TARGET:-/tmp/c4-bench-base-target}

bench_exe() { # <checkout> <target dir>
    (cd "$1" && CARGO_TARGET_DIR=$2 cargo bench -p hypertac-connect4 --bench sets --no-run 2>&1) |
        sed -n 's/.*Executable .*(\(.*\))$/\1/p' | tail -1
}

worktree=$(mktemp -d /tmp/c4-bench-base.XXXXXX)
trap 'git -C "$root" worktree remove --force "$worktree" >/dev/null 2>&1 || true' EXIT
git -C "$root" worktree add --detach --force "$worktree" "$rev" >/dev/null
# The bench reads the sets from ../shared next to the checkout.
if [ ! -e "$(dirname "$worktree")/shared" ]; then
    ln -s "$(cd "$root/.." && pwd)/shared" "$(dirname "$worktree")/shared"
fi

new=$(bench_exe "$root" "${CARGO_TARGET_DIR:-$root/target}")
old=$(bench_exe "$worktree" "$base_target")
[ -x "$new" ] && [ -x "$old" ] || { echo "could not build the benches" >&2; exit 2; }

echo "new: $(git -C "$root" rev-parse --short HEAD) ($new)"
echo "old: $rev ($old)"
for ((r = 1; r <= rounds; r++)); do
    for s in "${sets[@]}"; do
        for side in old new; do
            exe=$old
            [ "$side" = new ] && exe=$new
            line=$("$exe" "$s" | grep '^| [A-Z0-9_]* |' | grep -v '^| set' || true)
            echo "round $r $side $line"
        done
    done
done
