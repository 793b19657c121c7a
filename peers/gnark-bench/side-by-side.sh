#!/usr/bin/env bash
# Side-by-side timing of the primitives of issue #17 (G1/G2 MSM, pairing,
# Miller loop, final exponentiation, multi-pairing) in gnark-crypto v0.22.0
# (this directory) and vidkit (the `curves` criterion bench of
# vidkit-bls24-317), on BLS12-381, BN254 and BLS24-317, single-threaded.
# docs/pairing.md describes what is measured and where the figures go.
#
# Usage (from anywhere in the repository; a quiet machine, nothing else running):
#
#   peers/gnark-bench/side-by-side.sh --variant both  [LOG]   # both builds, interleaved
#   peers/gnark-bench/side-by-side.sh --variant plain [LOG]   # default build only
#   peers/gnark-bench/side-by-side.sh --variant asm   [LOG]   # ark-ff's asm feature only
#
# LOG defaults to results/peers/primitives-<variant>.txt; output is appended.
# Options (defaults in brackets):
#   --variant plain|asm|both
#                         [plain] asm builds vidkit with `--features asm` and
#                         RUSTFLAGS="-C target-feature=+bmi2,+adx" (needs a CPU
#                         with BMI2 and ADX) in target/asm (VIDKIT_ASM_TARGET_DIR
#                         overrides it; CARGO_TARGET_DIR moves both builds);
#                         both runs the two builds one after the other between
#                         the same gnark runs, so they see the same machine;
#                         gnark-crypto is the same build in every variant (it
#                         picks its own assembly at run time)
#   --curves LIST         [bls12-381,bn254,bls24-317]
#   --groups LIST         [msm_g1,msm_g2,pairing,multi_pairing,field]
#   --min-log S           [8]  smallest MSM, 2^S points
#   --max-log S           [20] largest G1 MSM (every other size in between)
#   --g2-max-log S        [16] largest G2 MSM
#   --rounds R            [1]  vidkit runs per group; gnark runs R + 1 times
#   --runs N              [5]  gnark: timed repetitions of each MSM (median)
#   --pair-runs N         [101] gnark: timed repetitions of each pairing op (median)
#   --criterion "ARGS"    ["--warm-up-time 1 --measurement-time 3 --noplot"]
#
# What it runs: it prints `date -u`, `uptime`, the CPU and the tool versions;
# builds both sides (go build; cargo bench --no-run); then for each curve and
# group: gnark, vidkit, gnark, ... (R vidkit runs, of each build, between
# R + 1 gnark runs),
# each pinned to CPU 1 with `taskset -c 1` when taskset exists and there are
# at least two CPUs, with `date -u` and `uptime` before each run. The exact
# command of each run is written to the log before its raw output:
#
#   env GOMAXPROCS=1 taskset -c 1 BIN/gnark-bench -curves C -groups G -min-log 8 \
#       -max-log 20 -g2-max-log 16 -runs 5 -pair-runs 101
#   env VIDKIT_BENCH_MIN_LOG=8 VIDKIT_BENCH_MAX_LOG=20 VIDKIT_BENCH_G2_MAX_LOG=16 \
#       taskset -c 1 BIN/curves-HASH --bench '^C/G/' --warm-up-time 1 \
#       --measurement-time 3 --noplot
#
# where BIN/curves-HASH is what `cargo bench -p vidkit-bls24-317 --bench curves
# [--features asm] --no-run` built. gnark prints `C/G/ID: X ms`, criterion
# `C/G/ID time: [low median high]`; the ids are the same.
#
# Duration at the defaults (one round, three curves): about 20-30 minutes,
# most of it the G1 MSMs at 2^18 and 2^20 (criterion takes at least 10
# samples of each). A check that everything works, in a minute:
#
#   peers/gnark-bench/side-by-side.sh --max-log 8 --g2-max-log 8 --runs 1 \
#       --pair-runs 3 --criterion "--warm-up-time 0.1 --measurement-time 0.2 --noplot" /tmp/check.txt
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)

variant=plain curves=bls12-381,bn254,bls24-317 groups=msm_g1,msm_g2,pairing,multi_pairing,field
min_log=8 max_log=20 g2_max_log=16 rounds=1 runs=5 pair_runs=101
criterion_args="--warm-up-time 1 --measurement-time 3 --noplot"
log=""
while [ $# -gt 0 ]; do
    case "$1" in
        --variant) variant=$2; shift 2 ;;
        --curves) curves=$2; shift 2 ;;
        --groups) groups=$2; shift 2 ;;
        --min-log) min_log=$2; shift 2 ;;
        --max-log) max_log=$2; shift 2 ;;
        --g2-max-log) g2_max_log=$2; shift 2 ;;
        --rounds) rounds=$2; shift 2 ;;
        --runs) runs=$2; shift 2 ;;
        --pair-runs) pair_runs=$2; shift 2 ;;
        --criterion) criterion_args=$2; shift 2 ;;
        -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
        -*) echo "unknown option $1 (see --help)" >&2; exit 2 ;;
        *) log=$1; shift ;;
    esac
done

plain_target=${CARGO_TARGET_DIR:-$root/target}
asm_target=${VIDKIT_ASM_TARGET_DIR:-${CARGO_TARGET_DIR:-$root/target}/asm}
case "$variant" in
    plain) builds=(plain) ;;
    asm) builds=(asm) ;;
    both) builds=(plain asm) ;;
    *) echo "--variant is plain, asm or both" >&2; exit 2 ;;
esac
if [[ " ${builds[*]} " == *" asm "* ]] && { ! grep -qw adx /proc/cpuinfo || ! grep -qw bmi2 /proc/cpuinfo; }; then
    echo "this CPU lacks BMI2 or ADX: the asm build would not run" >&2
    exit 1
fi
log=${log:-$root/results/peers/primitives-$variant.txt}
mkdir -p "$(dirname "$log")"
: >>"$log"
log=$(cd "$(dirname "$log")" && pwd)/$(basename "$log")

pin=()
if command -v taskset >/dev/null && [ "$(nproc)" -ge 2 ]; then
    pin=(taskset -c 1)
fi

say() { echo "$*" | tee -a "$log"; }
stamp() { say "# $(date -u +%Y-%m-%dT%H:%M:%SZ)  $(uptime)"; }
# run CMD...: the command line, then its raw output, into the log
run() {
    say "\$ $*"
    "$@" 2>&1 | tee -a "$log"
}

say "# side-by-side.sh --variant $variant: curves $curves, groups $groups, MSM 2^$min_log..2^$max_log (G2 to 2^$g2_max_log), $rounds round(s)"
stamp
say "# $(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //'), $(nproc) CPUs; $(rustc --version); $(go version)"
say "# vidkit $(git -C "$root" rev-parse --short HEAD)$(git -C "$root" diff --quiet HEAD -- || echo ' (modified)'); builds: ${builds[*]}; pinned: ${pin[*]:-no}"

# build both sides before any timing
mkdir -p "$plain_target"
(cd "$here" && go build -o "$plain_target/gnark-bench" .)
gnark=$plain_target/gnark-bench
declare -A bench tdir
for b in "${builds[@]}"; do
    if [ "$b" = asm ]; then
        t=$asm_target flags="-C target-feature=+bmi2,+adx" features=(--features asm)
    else
        t=$plain_target flags="" features=()
    fi
    mkdir -p "$t"
    (cd "$root" && env RUSTFLAGS="$flags" CARGO_TARGET_DIR="$t" \
        cargo bench -p vidkit-bls24-317 --bench curves "${features[@]}" --no-run) 2>&1 \
        | tee "$t/side-by-side-build.txt" >&2
    exe=$(sed -n 's/.*Executable benches\/curves.rs (\(.*\))$/\1/p' "$t/side-by-side-build.txt" | tail -1)
    case "$exe" in /*) ;; *) exe=$root/$exe ;; esac
    [ -x "$exe" ] || { echo "no bench executable in cargo's output" >&2; exit 1; }
    bench[$b]=$exe
    tdir[$b]=$t
    say "# $b build (RUSTFLAGS='$flags' ${features[*]:-default features}): $exe"
    if command -v objdump >/dev/null; then
        # adox: blst's code (the same count in both builds, run behind a CPU
        # check) plus, in the asm build, ark-ff's assembly (thousands more)
        say "# adox instructions in the $b bench: $(objdump -d --no-show-raw-insn "$exe" | grep -cw adox || true)"
    fi
done
say "# built $gnark"

gnark_run() {
    stamp
    run env GOMAXPROCS=1 "${pin[@]}" "$gnark" -curves "$1" -groups "$2" -min-log "$min_log" \
        -max-log "$max_log" -g2-max-log "$g2_max_log" -runs "$runs" -pair-runs "$pair_runs"
}
vidkit_run() {
    stamp
    say "# vidkit build: $3"
    # criterion keeps its reports under $CARGO_TARGET_DIR/criterion
    # shellcheck disable=SC2086 # criterion_args is a list of arguments
    (cd "$root/crates/bls24-317" && run env CARGO_TARGET_DIR="${tdir[$3]}" VIDKIT_BENCH_MIN_LOG="$min_log" VIDKIT_BENCH_MAX_LOG="$max_log" \
        VIDKIT_BENCH_G2_MAX_LOG="$g2_max_log" "${pin[@]}" "${bench[$3]}" --bench "^$1/$2/" $criterion_args)
}

IFS=, read -r -a curve_list <<<"$curves"
IFS=, read -r -a group_list <<<"$groups"
for c in "${curve_list[@]}"; do
    for g in "${group_list[@]}"; do
        gnark_run "$c" "$g"
        for _ in $(seq "$rounds"); do
            for b in "${builds[@]}"; do
                vidkit_run "$c" "$g" "$b"
            done
            gnark_run "$c" "$g"
        done
    done
done
stamp
say "# done; raw output above, appended to $log"
