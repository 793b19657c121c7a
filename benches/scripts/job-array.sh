#!/usr/bin/env bash
# Runs a sweep as a job array with GNU parallel and checks that the merged
# result holds exactly the samples of a local run of the same grid.
#
#   benches/scripts/job-array.sh [SWEEP_ARGS...]      (default: --preset smoke)
#
# SWEEP (default target/release/sweep) is the sweep binary; JOBS (default 2)
# the number of jobs GNU parallel runs at once; WORK (default
# target/job-array) a scratch folder, emptied first. Exits non-zero if a job
# fails, if the merge reports a duplicate or if the merged samples differ
# from the local run's. The same jobs file runs under Slurm with
# benches/scripts/sweep.sbatch (see docs/sweep.md).
set -euo pipefail

SWEEP=${SWEEP:-target/release/sweep}
JOBS=${JOBS:-2}
WORK=${WORK:-target/job-array}
if [ "$#" -eq 0 ]; then set -- --preset smoke; fi
command -v parallel >/dev/null || { echo "error: GNU parallel is not installed (Debian: apt-get install parallel)" >&2; exit 2; }

rm -rf "$WORK"
mkdir -p "$WORK/parts"

# 1. one command per grid cell (all of the cell's schemes in one job)
"$SWEEP" "$@" --emit-jobs --job-prefix "$SWEEP" --job-dir "$WORK/parts" --out "$WORK/merged.jsonl" > "$WORK/jobs.txt"
echo "$(wc -l < "$WORK/jobs.txt") jobs"

# 2. run them, at most $JOBS at a time; --halt: stop at the first failure
parallel --will-cite --halt now,fail=1 -j "$JOBS" < "$WORK/jobs.txt"

# 3. merge every part (every repeat of every point) into one file
"$SWEEP" --merge "$WORK"/parts/*.jsonl --out "$WORK/merged.jsonl" --no-progress

# 4. the same grid in one local process; then compare the sample keys
#    (scheme, curve, k, n, m, bytes, threads, encoding, repeat)
"$SWEEP" "$@" --no-progress --fresh --out "$WORK/local.jsonl" 2> "$WORK/local.log"
keys() { tail -n +2 "$1" | cut -d, -f1-8,29 | sort; }
if ! diff <(keys "$WORK/merged.csv") <(keys "$WORK/local.csv") > "$WORK/diff.txt"; then
    echo "error: the merged job array and the local run hold different samples:" >&2
    head -20 "$WORK/diff.txt" >&2
    exit 1
fi
echo "job array: $(keys "$WORK/merged.csv" | wc -l) samples, the same as the local run"
