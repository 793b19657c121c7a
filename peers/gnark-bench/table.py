#!/usr/bin/env python3
"""Tables of a side-by-side log (side-by-side.sh): vidkit against gnark-crypto.

Usage: peers/gnark-bench/table.py LOG [--build plain|asm]

Reads the raw log that side-by-side.sh appends to: gnark's lines
`curve/group/id: X ms` and criterion's `curve/group/id time: [low median high]`
(the id on the line before when criterion wraps it), with the build of each
vidkit run from the `# vidkit build: B` line before it. Prints, per group, a
Markdown table with one row per id and, per curve, vidkit's criterion median,
the range of gnark's medians in the same log and the ratio vidkit / gnark as a
range (above 1: vidkit slower); and, when the log has both builds, the ratio
asm / plain of vidkit's medians. Standard library only.
"""

import argparse
import re
import sys
from collections import defaultdict

CURVES = ["bls12-381", "bn254", "bls24-317"]
UNIT = {"ns": 1e-6, "µs": 1e-3, "us": 1e-3, "ms": 1.0, "s": 1e3}
GNARK = re.compile(r"^([a-z0-9-]+)/([a-z0-9_]+)/(\S+): ([0-9.]+) ms$")
NAME = re.compile(r"^([a-z0-9-]+)/([a-z0-9_]+)/(\S+)")
TIME = re.compile(r"time:\s+\[\S+ \S+ ([0-9.]+) (ns|µs|us|ms|s) \S+ \S+\]")


def parse(path):
    """gnark[(curve, group, id)] = [ms...]; vidkit[build][(curve, group, id)] = [ms...]."""
    gnark = defaultdict(list)
    vidkit = defaultdict(lambda: defaultdict(list))
    build, last_name = "plain", None
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            m = re.match(r"^# vidkit build: (\S+)", line)
            if m:
                build = m.group(1)
                continue
            m = GNARK.match(line)
            if m:
                gnark[m.group(1, 2, 3)].append(float(m.group(4)))
                continue
            m = NAME.match(line)
            if m and not line.startswith("Benchmarking"):
                last_name = m.group(1, 2, 3)
            t = TIME.search(line)
            if t and last_name:
                vidkit[build][last_name].append(float(t.group(1)) * UNIT[t.group(2)])
                last_name = None
    return gnark, vidkit


def fmt_ms(v):
    if v >= 100:
        return f"{v:.0f} ms"
    if v >= 10:
        return f"{v:.1f} ms"
    if v >= 1:
        return f"{v:.2f} ms"
    return f"{v * 1000:.0f} µs"


def span(lo, hi, f):
    return f(lo) if f(lo) == f(hi) else f"{f(lo)}–{f(hi)}"


def ratio(x):
    return f"{x:.2f}×"


def sort_key(key):
    _, _, ident = key
    m = re.match(r"2\^(\d+)$", ident)
    return (0, int(m.group(1)), "") if m else (1, 0, ident)


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("log")
    p.add_argument("--build", default="plain", help="the vidkit build compared with gnark")
    a = p.parse_args(argv)
    gnark, vidkit = parse(a.log)
    mine = vidkit.get(a.build, {})
    if not mine:
        sys.exit(f"no vidkit figures of build {a.build} in {a.log}")
    groups = sorted({(g) for (_, g, _) in mine})
    for group in groups:
        ids = sorted({(None, group, i) for (_, g, i) in mine if g == group}, key=sort_key)
        curves = [c for c in CURVES if any(k[0] == c and k[1] == group for k in mine)]
        print(f"\n### {group} ({a.build} build)\n")
        head = ["id"] + [f"{c} {h}" for c in curves for h in ("vidkit", "gnark", "ratio")]
        print("| " + " | ".join(head) + " |")
        print("|" + " --- |" * len(head))
        for _, _, ident in ids:
            row = [f"`{ident}`"]
            for c in curves:
                v, g = mine.get((c, group, ident), []), gnark.get((c, group, ident), [])
                if not v:
                    row += ["—", "—", "—"]
                    continue
                vm = sorted(v)[len(v) // 2]
                if not g:
                    row += [fmt_ms(vm), "—", "—"]
                    continue
                row += [fmt_ms(vm), span(min(g), max(g), fmt_ms),
                        span(vm / max(g), vm / min(g), ratio)]
            print("| " + " | ".join(row) + " |")
    if "asm" in vidkit and "plain" in vidkit:
        print("\n### asm / plain (vidkit medians)\n")
        keys = sorted(set(vidkit["asm"]) & set(vidkit["plain"]), key=lambda k: (k[1], sort_key(k)))
        rows = defaultdict(dict)
        for c, g, i in keys:
            pa = sorted(vidkit["plain"][(c, g, i)])[len(vidkit["plain"][(c, g, i)]) // 2]
            aa = sorted(vidkit["asm"][(c, g, i)])[len(vidkit["asm"][(c, g, i)]) // 2]
            rows[(g, i)][c] = aa / pa
        print("| id | " + " | ".join(CURVES) + " |")
        print("|" + " --- |" * (len(CURVES) + 1))
        for (g, i), per in rows.items():
            print(f"| `{g}/{i}` | " + " | ".join(ratio(per[c]) if c in per else "—" for c in CURVES) + " |")


if __name__ == "__main__":
    main()
