#!/usr/bin/env python3
"""Interleaved criterion runs of BLS24-317 against BLS12-381, for a shared,
overloaded machine where one long criterion run compares minutes with
different loads.

For each round and each bench name, runs the `curves` criterion bench twice
back to back (bls24-317 then bls12-381, a few seconds each), and reports per
bench the minimum over rounds of criterion's median estimate, and the ratio.
The minimum is the run least disturbed by the other users of the machine.

    python3 crates/bls24-317/scripts/bench_interleaved.py \
        [--rounds 3] [--features asm] [--bench pairing/pairing ...]

Run from the workspace root; honours CARGO_TARGET_DIR and RUSTFLAGS.
"""
import argparse
import os
import re
import subprocess
import sys

DEFAULT = [
    "pairing/pairing",
    "pairing/miller_loop",
    "pairing/final_exponentiation",
    "multi_pairing/2_pairs",
    "multi_pairing/2_pairs_prepared_g2",
]
UNITS = {"ns": 1e-6, "µs": 1e-3, "us": 1e-3, "ms": 1.0, "s": 1e3}
TIME = re.compile(r"time:\s+\[\S+ \S+ (\S+) (\S+) \S+ \S+\]")


def run(name, args, env):
    cmd = ["cargo", "bench", "-p", "vidkit-bls24-317", "--bench", "curves"]
    if args.features:
        cmd += ["--features", args.features]
    cmd += ["--", "--exact", name, "--warm-up-time", "1", "--measurement-time",
            str(args.measurement_time), "--noplot"]
    out = subprocess.run(cmd, env=env, capture_output=True, text=True, check=True).stdout
    m = TIME.search(out)
    if not m:
        sys.exit(f"no criterion estimate for {name}:\n{out}")
    return float(m.group(1)) * UNITS[m.group(2)]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--measurement-time", type=int, default=3)
    ap.add_argument("--features", default="")
    ap.add_argument("--bench", action="append")
    args = ap.parse_args()
    env = dict(os.environ)
    benches = args.bench or DEFAULT
    best = {}
    for r in range(args.rounds):
        for b in benches:
            for curve in ("bls24-317", "bls12-381"):
                t = run(f"{curve}/{b}", args, env)
                key = (curve, b)
                best[key] = min(best.get(key, float("inf")), t)
                print(f"round {r + 1}: {curve}/{b}: {t:.3f} ms", file=sys.stderr)
    print("| bench | BLS24-317 (ms) | BLS12-381 (ms) | ratio |")
    print("| --- | --- | --- | --- |")
    for b in benches:
        a, c = best[("bls24-317", b)], best[("bls12-381", b)]
        print(f"| `{b}` | {a:.3f} | {c:.3f} | {a / c:.2f} |")


if __name__ == "__main__":
    main()
