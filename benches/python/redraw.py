#!/usr/bin/env python3
"""Redraw the sweep's figures from its CSV view, for restyling.

The `plot` binary (benches/src/plot) is the reference; this script draws the
same figures with pandas and matplotlib so that they can be restyled for a
paper (fonts, sizes, colours) without touching Rust. It reads one or more
CSV files written by `sweep` (every line is one repeat of one point), takes
per point and metric the median over the repeats and the 95 % order-statistic
interval for the median, and writes, per context (curve, threads, encoding):

* fig2-<ctx>.<fmt>: heat maps of proof and verification time over
  (log2 |F|, log2 k), one column per scheme, viridis with a colour bar;
* fig3-<ctx>.<fmt>: proof time, verification time and size overhead against
  |F| at the smallest k (dashed) and the largest k (solid), with intervals;
* fig4-<ctx>.<fmt>: proof, verification, size and decoding at the best k
  for each criterion (the paper's Figure 4);
* sizes-<ctx>.<fmt>: commitment, proof per shard and verifier key against
  |F| (one panel per k drawn).

Usage:
    python3 benches/python/redraw.py results/paper-small.csv --out-dir fig --format pdf

Requirements: benches/python/requirements.txt (pandas, matplotlib).
"""

import argparse
import math
import os
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import pandas as pd  # noqa: E402

# Okabe-Ito, the same colours as the `plot` binary (benches/src/plot/mod.rs).
COLOURS = {
    "semi-avid": "#0072B2",
    "kzg-plus": "#E69F00",
    "kzg-plus-global": "#009E73",
    "kzg": "#56B4E9",
    "aplonk": "#CC79A7",
    "aplonk-global": "#D55E00",
    "kzg-cells": "#000000",
}
OTHER_COLOUR = "#5A5A5A"
MARKERS = "osD^v<>p*"

# metric name -> (how to compute it from one CSV row, axis title)
METRICS = {
    "proof": (lambda d: d.t_commit_ns + d.t_prove_ns, "commit + prove n shards (s)"),
    "verify": (lambda d: d.t_verify_ns, "verify k shards one by one (s)"),
    "batch": (lambda d: d.t_batch_verify_ns, "verify k shards in a batch (s)"),
    "decode": (lambda d: d.t_decode_ns, "decode from k shards (s)"),
    "size": (lambda d: d.n * (d.commitment_bytes + d.proof_bytes_per_shard), "n × (commitment + proof) (bytes)"),
}
POINT = ["scheme", "curve", "k", "n", "m", "bytes", "threads", "encoding"]
TIMES = {"proof", "verify", "batch", "decode"}


def median_ci(values):
    """Median and the order-statistic interval for it (coverage >= 95 %
    when there are at least 6 samples; the min-max range otherwise)."""
    xs = sorted(values)
    n = len(xs)
    med = xs[n // 2] if n % 2 else (xs[n // 2 - 1] + xs[n // 2]) / 2
    if n < 6:
        return med, xs[0], xs[-1]
    # largest l with P(l <= rank of median interval) >= 0.95
    best = 1
    for lo in range(1, n // 2 + 1):
        cover = 1 - 2 * sum(math.comb(n, j) for j in range(lo)) / 2**n
        if cover >= 0.95:
            best = lo
    return med, xs[best - 1], xs[n - best]


def summarise(frame):
    """One row per point: <metric>, <metric>_lo, <metric>_hi for each metric,
    plus the sizes (equal across repeats)."""
    rows = []
    for key, group in frame.groupby(POINT, sort=True):
        row = dict(zip(POINT, key))
        for name, (f, _) in METRICS.items():
            vals = [float(v) for v in f(group)]
            med, lo, hi = median_ci(vals)
            scale = 1e-9 if name in TIMES else 1.0
            row[name], row[name + "_lo"], row[name + "_hi"] = med * scale, lo * scale, hi * scale
        for col in ["commitment_bytes", "proof_bytes_per_shard", "verifier_key_bytes"]:
            row[col] = int(group[col].iloc[0])
        row["repeats"] = len(group)
        rows.append(row)
    return pd.DataFrame(rows)


def colour(scheme):
    return COLOURS.get(scheme, OTHER_COLOUR)


def size_label(b):
    for unit, s in (("MiB", 2**20), ("KiB", 2**10)):
        if b >= s:
            v = b / s
            return f"{v:.2g} {unit}" if v < 10 else f"{v:.0f} {unit}"
    return f"{b} B"


def set_size_ticks(ax, sizes):
    ax.set_xscale("log", base=2)
    ax.set_xticks(sizes)
    ax.set_xticklabels([size_label(b) for b in sizes], rotation=45, ha="right")
    ax.minorticks_off()


def errorbar(ax, sub, metric, **kw):
    y = sub[metric]
    err = [y - sub[metric + "_lo"], sub[metric + "_hi"] - y]
    ax.errorbar(sub["bytes"], y, yerr=err, capsize=2, **kw)


def fig2(agg, path):
    schemes = sorted(agg.scheme.unique(), key=order)
    fig, axes = plt.subplots(
        2, len(schemes), figsize=(2.8 * len(schemes) + 1.5, 6.4), squeeze=False, layout="constrained"
    )
    for row, metric in enumerate(["proof", "verify"]):
        sub = agg[agg[metric] > 0]
        lo, hi = math.log10(sub[metric].min()), math.log10(sub[metric].max())
        for col, scheme in enumerate(schemes):
            ax = axes[row][col]
            s = agg[agg.scheme == scheme]
            grid = s.pivot_table(index="k", columns="bytes", values=metric)
            im = ax.imshow(
                grid.map(lambda v: math.log10(v) if v > 0 else float("nan")).values,
                origin="lower", aspect="auto", cmap="viridis", vmin=lo, vmax=hi,
            )
            ax.set_xticks(range(len(grid.columns)))
            ax.set_xticklabels([size_label(b) for b in grid.columns], rotation=60, ha="right", fontsize=7)
            ax.set_yticks(range(len(grid.index)))
            ax.set_yticklabels([str(k) for k in grid.index])
            ax.set_title(f"{scheme}: {metric}")
            if row == 1:
                ax.set_xlabel("|F|")
            if col == 0:
                ax.set_ylabel("k")
        cbar = fig.colorbar(im, ax=list(axes[row]), shrink=0.95)
        cbar.set_label("log10 " + METRICS[metric][1])
    fig.savefig(path)
    plt.close(fig)


def legend_outside(fig, ax):
    """One legend for the figure, right of the panels, so it hides no data."""
    handles, labels = ax.get_legend_handles_labels()
    fig.legend(handles, labels, loc="center left", bbox_to_anchor=(1.0, 0.5),
               fontsize=7, frameon=False)


def fig3(agg, path):
    ks = sorted(agg.k.unique())
    lo_k, hi_k = ks[0], ks[-1]
    fig, axes = plt.subplots(1, 3, figsize=(12, 4))
    for ax, metric in zip(axes, ["proof", "verify", "size"]):
        for scheme in sorted(agg.scheme.unique(), key=order):
            for k, style in ((lo_k, "--"), (hi_k, "-")):
                sub = agg[(agg.scheme == scheme) & (agg.k == k)].sort_values("bytes")
                if len(sub):
                    errorbar(ax, sub, metric, color=colour(scheme), linestyle=style,
                             marker=MARKERS[sorted(agg.scheme.unique(), key=order).index(scheme) % len(MARKERS)],
                             markersize=3, label=f"{scheme}, k = {k}")
        ax.set_yscale("log")
        set_size_ticks(ax, sorted(agg.bytes.unique()))
        ax.set_xlabel("|F|")
        ax.set_ylabel(METRICS[metric][1])
    fig.tight_layout()
    legend_outside(fig, axes[0])
    fig.savefig(path, bbox_inches="tight")
    plt.close(fig)


def fig4(agg, path):
    fig, axes = plt.subplots(1, 4, figsize=(15, 4))
    for ax, metric in zip(axes, ["proof", "verify", "size", "decode"]):
        for i, scheme in enumerate(sorted(agg.scheme.unique(), key=order)):
            s = agg[agg.scheme == scheme]
            best = s.sort_values([metric, "k"]).groupby("bytes", as_index=False).first().sort_values("bytes")
            errorbar(ax, best, metric, color=colour(scheme), marker=MARKERS[i % len(MARKERS)],
                     markersize=3, label=scheme)
        ax.set_yscale("log")
        set_size_ticks(ax, sorted(agg.bytes.unique()))
        ax.set_xlabel("|F|")
        ax.set_ylabel(METRICS[metric][1] + " at the best k")
    fig.tight_layout()
    legend_outside(fig, axes[0])
    fig.savefig(path, bbox_inches="tight")
    plt.close(fig)


def sizes(agg, path):
    cols = [("commitment_bytes", "commitment (bytes)"),
            ("proof_bytes_per_shard", "proof per shard (bytes)"),
            ("verifier_key_bytes", "verifier key (bytes)")]
    ks = sorted(agg.k.unique())
    fig, axes = plt.subplots(1, 3, figsize=(12, 4))
    styles = ["--", "-.", ":", "-"]
    for ax, (col, title) in zip(axes, cols):
        for scheme in sorted(agg.scheme.unique(), key=order):
            for j, k in enumerate(ks):
                sub = agg[(agg.scheme == scheme) & (agg.k == k)].sort_values("bytes")
                if len(sub):
                    ax.plot(sub["bytes"], sub[col], color=colour(scheme), linestyle=styles[j % len(styles)],
                            marker="o", markersize=2, label=f"{scheme}, k = {k}")
        ax.set_yscale("log")
        set_size_ticks(ax, sorted(agg.bytes.unique()))
        ax.set_xlabel("|F|")
        ax.set_ylabel(title)
    fig.tight_layout()
    legend_outside(fig, axes[0])
    fig.savefig(path, bbox_inches="tight")
    plt.close(fig)


def order(scheme):
    keys = list(COLOURS)
    return keys.index(scheme) if scheme in keys else len(keys)


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("csv", nargs="+", help="CSV files written by `sweep`")
    p.add_argument("--out-dir", default="figures", help="output folder (created)")
    p.add_argument("--format", default="pdf", help="pdf, svg or png (anything matplotlib writes)")
    p.add_argument("--font-size", type=float, default=9.0)
    args = p.parse_args(argv)
    plt.rcParams.update({"font.size": args.font_size})

    frame = pd.concat([pd.read_csv(f) for f in args.csv], ignore_index=True)
    # only points every verdict accepted; tampered or undecodable ones are not results
    ok = frame.all_verified & frame.tamper_rejected & frame.decoded_ok
    if not ok.all():
        print(f"warning: {int((~ok).sum())} rows with a failed verdict are left out", file=sys.stderr)
    agg = summarise(frame[ok])
    os.makedirs(args.out_dir, exist_ok=True)
    written = []
    for (curve, threads, encoding), ctx in agg.groupby(["curve", "threads", "encoding"]):
        tag = f"{curve}-t{threads}-{encoding}"
        for name, draw in (("fig2", fig2), ("fig3", fig3), ("fig4", fig4), ("sizes", sizes)):
            path = os.path.join(args.out_dir, f"{name}-{tag}.{args.format}")
            draw(ctx, path)
            written.append(path)
    for path in written:
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
