//! Markdown tables: Table 1 (best k), one thread against all threads, and the
//! curves side by side.

use super::{contexts, format_bytes, format_ns, schemes_in, Context, Metric};
use crate::aggregate::{control_spread, Agg};
use crate::control::{drifted, SPREAD_THRESHOLD};
use crate::stats::IntervalKind;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write;

/// The record of `scheme` at `bytes` that minimises `criterion` (ties: the
/// smaller k), i.e. the paper's optimal k.
pub fn best<'a>(
    recs: &[&'a Agg],
    scheme: &str,
    bytes: usize,
    criterion: Metric,
) -> Option<&'a Agg> {
    recs.iter()
        .filter(|r| r.scheme == scheme && r.bytes == bytes)
        .min_by(|a, b| {
            criterion
                .of(a)
                .total_cmp(&criterion.of(b))
                .then(a.k.cmp(&b.k))
        })
        .copied()
}

const CRITERIA: [(Metric, &str); 3] = [
    (Metric::Proof, "k_prf"),
    (Metric::Verify, "k_vrf"),
    (Metric::Size, "k_sz"),
];

/// Table 1 for one context: the best k per scheme, criterion and |F|, then
/// the best values themselves (Figure 4 as numbers).
pub fn table1(recs: &[&Agg]) -> String {
    let mut bytes: Vec<usize> = recs.iter().map(|r| r.bytes).collect();
    bytes.sort_unstable();
    bytes.dedup();
    let mut s = String::new();
    let header: Vec<String> = bytes.iter().map(|b| format_bytes(*b as f64)).collect();
    let _ = writeln!(s, "| scheme | criterion | {} |", header.join(" | "));
    let _ = writeln!(s, "|---|---|{}", "---|".repeat(bytes.len()));
    for scheme in schemes_in(recs) {
        let scheme = scheme.as_str();
        for (criterion, name) in CRITERIA {
            let cells: Vec<String> = bytes
                .iter()
                .map(|&b| {
                    best(recs, scheme, b, criterion).map_or("–".to_owned(), |r| r.k.to_string())
                })
                .collect();
            let _ = writeln!(s, "| {scheme} | {name} | {} |", cells.join(" | "));
        }
    }
    let _ = writeln!(
        s,
        "\nBest values (at the k above): median over the repeats [95 % interval of the median] (see stats-*.md for every k):\n"
    );
    let _ = writeln!(s, "| scheme | best | {} |", header.join(" | "));
    let _ = writeln!(s, "|---|---|{}", "---|".repeat(bytes.len()));
    for scheme in schemes_in(recs) {
        let scheme = scheme.as_str();
        for (criterion, name) in CRITERIA {
            let cells: Vec<String> = bytes
                .iter()
                .map(|&b| {
                    best(recs, scheme, b, criterion)
                        .map_or("–".to_owned(), |r| cell_text(r, criterion))
                })
                .collect();
            let label = match name {
                "k_prf" => "proof time",
                "k_vrf" => "verification time",
                _ => "n·(c+π)",
            };
            let _ = writeln!(s, "| {scheme} | {label} | {} |", cells.join(" | "));
        }
    }
    s.push_str(&footnotes(recs));
    s
}

/// A table cell: the median with its interval, `†` on a time when the
/// point's control workload drifted.
fn cell_text(a: &Agg, metric: Metric) -> String {
    let Some(st) = a.stat(metric) else {
        return "–".to_owned();
    };
    let text = if metric == Metric::Size {
        metric.format(st.median)
    } else {
        st.display(|v| metric.format(v))
    };
    // sizes do not depend on the machine: no drift mark
    if a.drifted() && !metric.is_bytes() {
        format!("{text} †")
    } else {
        text
    }
}

/// The notes under a table: repeats, interval kind, control drift.
fn footnotes(recs: &[&Agg]) -> String {
    let mut s = String::new();
    let repeats: BTreeSet<usize> = recs.iter().map(|a| a.repeats).collect();
    let (lo, hi) = (
        repeats.first().copied().unwrap_or(0),
        repeats.last().copied().unwrap_or(0),
    );
    let _ = writeln!(
        s,
        "\nRepeats per point: {}. Intervals: distribution-free 95 % intervals of the median from order statistics (n ≥ {}); `~[min, max]` marks the range of fewer repeats (coverage below 95 %), and one repeat has none.",
        if lo == hi { lo.to_string() } else { format!("{lo}–{hi}") },
        crate::stats::MIN_SAMPLES_FOR_CI
    );
    let ranges = recs
        .iter()
        .filter_map(|a| a.stat(Metric::Proof))
        .filter(|st| st.ci.kind == IntervalKind::Range)
        .count();
    if ranges > 0 {
        let _ = writeln!(
            s,
            "{ranges} points have too few repeats for a 95 % interval."
        );
    }
    let spread = control_spread(recs.iter().copied());
    let flagged = recs.iter().filter(|a| a.drifted()).count();
    if drifted(spread) || flagged > 0 {
        let _ = writeln!(
            s,
            "\n**Control drift**: the control workload's times vary {spread:.2}× across this table (threshold {SPREAD_THRESHOLD}×); {flagged} points (†) drifted across their own repeats. Differences of that order are the machine, not the schemes."
        );
    } else if recs.iter().any(|a| a.control_range_ns.is_some()) {
        let _ = writeln!(
            s,
            "\nControl workload: spread {spread:.2}× across this table (threshold {SPREAD_THRESHOLD}×)."
        );
    } else {
        let _ = writeln!(s, "\nNo control workload was recorded (format-1 records).");
    }
    s
}

/// Every point of a context with every metric: median, minimum, interval,
/// the control's spread and peak memory; cells whose control drifted are
/// marked `†`.
pub fn stats_table(ctx: &Context, recs: &[&Agg]) -> String {
    let mut s = format!("# Repeated measurements: {}\n\n", ctx.title());
    let metrics = [
        Metric::Proof,
        Metric::Verify,
        Metric::BatchVerify,
        Metric::Decode,
        Metric::Encode,
    ];
    let _ = write!(s, "| scheme | k | n | |F| | repeats |");
    for m in metrics {
        let _ = write!(s, " {} median [95 % CI] | min |", m.short());
    }
    let _ = writeln!(
        s,
        " control MSM median (spread) | peak RSS | prover key | SRS |"
    );
    let _ = writeln!(
        s,
        "|---|---|---|---|---|{}---|---|---|---|",
        "---|---|".repeat(metrics.len())
    );
    let mut sorted: Vec<&Agg> = recs.to_vec();
    sorted.sort_by(|a, b| (a.bytes, a.k, &a.scheme).cmp(&(b.bytes, b.k, &b.scheme)));
    for a in sorted {
        let _ = write!(
            s,
            "| {} | {} | {} | {} | {} |",
            a.scheme,
            a.k,
            a.n,
            format_bytes(a.bytes as f64),
            a.repeats
        );
        for m in metrics {
            let (text, min) = a.stat(m).map_or(("–".to_owned(), "–".to_owned()), |st| {
                (st.display(|v| m.format(v)), m.format(st.min))
            });
            let _ = write!(s, " {text} | {min} |");
        }
        let control = if a.control_range_ns.is_some() {
            format!(
                "{} ({:.2}×){}",
                format_ns(a.control_median_ns),
                a.control_spread,
                if a.drifted() { " †" } else { "" }
            )
        } else {
            "–".to_owned()
        };
        let peak = a
            .stat(Metric::PeakRss)
            .map_or("–".to_owned(), |st| format_bytes(st.median));
        let size = |v: Option<usize>| v.map_or("–".to_owned(), |b| format_bytes(b as f64));
        let _ = writeln!(
            s,
            " {control} | {peak} | {} | {} |",
            size(a.prover_key_bytes),
            size(a.srs_bytes)
        );
    }
    s.push_str(&footnotes(recs));
    s
}

type Key = (String, String, String, usize, usize, usize);

fn key(r: &Agg) -> Key {
    (
        r.scheme.clone(),
        r.curve.clone(),
        r.encoding.clone(),
        r.k,
        r.n,
        r.bytes,
    )
}

/// One thread against the largest pool, at the largest |F| of each
/// (scheme, curve, k): times and speed-ups.
pub fn threads_table(records: &[Agg]) -> String {
    let mut by_key: BTreeMap<Key, BTreeMap<usize, &Agg>> = BTreeMap::new();
    for r in records {
        by_key.entry(key(r)).or_default().insert(r.threads, r);
    }
    let mut largest: BTreeMap<(String, String, String, usize), usize> = BTreeMap::new();
    for (k, pools) in &by_key {
        if pools.contains_key(&1) && pools.len() > 1 {
            let e = largest
                .entry((k.0.clone(), k.1.clone(), k.2.clone(), k.3))
                .or_default();
            *e = (*e).max(k.5);
        }
    }
    let mut s = String::from(
        "| scheme | curve | k | n | |F| | threads | commit+prove | × | verify k | × | batch verify k | × |\n|---|---|---|---|---|---|---|---|---|---|---|---|\n",
    );
    for (k, pools) in &by_key {
        if largest.get(&(k.0.clone(), k.1.clone(), k.2.clone(), k.3)) != Some(&k.5) {
            continue;
        }
        let (Some(one), Some((&t, many))) = (pools.get(&1), pools.iter().next_back()) else {
            continue;
        };
        let ratio = |m: Metric| m.of(one) / m.of(many).max(1.0);
        let ci =
            |m: Metric, a: &Agg| a.stat(m).map_or("–".to_owned(), |st| st.display(format_ns));
        let _ = writeln!(
            s,
            "| {} | {} | {} | {} | {} | 1 → {t} | {} → {} | {:.2} | {} → {} | {:.2} | {} → {} | {:.2} |",
            k.0,
            k.1,
            k.3,
            k.4,
            format_bytes(k.5 as f64),
            ci(Metric::Proof, one),
            ci(Metric::Proof, many),
            ratio(Metric::Proof),
            ci(Metric::Verify, one),
            ci(Metric::Verify, many),
            ratio(Metric::Verify),
            ci(Metric::BatchVerify, one),
            ci(Metric::BatchVerify, many),
            ratio(Metric::BatchVerify),
        );
    }
    s
}

/// The curves side by side (one thread, largest |F| of each scheme and k):
/// commit+prove, verify, batch verify, encode, decode and n·(c+π) (medians
/// with intervals), with ratios of the medians to the first curve. Encode
/// and decode work in scalar fields of the same size on every curve, so
/// their ratios show how much of a difference is the machine, not the curve.
pub fn curves_table(records: &[Agg]) -> String {
    let curves: BTreeSet<&str> = records.iter().map(|r| r.curve.as_str()).collect();
    let curves: Vec<&str> = crate::grid::CURVES
        .into_iter()
        .filter(|c| curves.contains(c))
        .collect();
    let mut s = format!(
        "| scheme | k | |F| | metric | {} |\n|---|---|---|---|{}\n",
        curves.join(" | "),
        "---|".repeat(curves.len())
    );
    let single: Vec<&Agg> = records.iter().filter(|r| r.threads == 1).collect();
    for (ctx, recs) in contexts(records) {
        if ctx.threads != 1 || ctx.curve != curves[0] {
            continue;
        }
        for scheme in schemes_in(&recs) {
            let scheme = scheme.as_str();
            let mut ks: Vec<usize> = recs
                .iter()
                .filter(|r| r.scheme == scheme)
                .map(|r| r.k)
                .collect();
            ks.sort_unstable();
            ks.dedup();
            for k in ks {
                let Some(bytes) = recs
                    .iter()
                    .filter(|r| r.scheme == scheme && r.k == k)
                    .map(|r| r.bytes)
                    .max()
                else {
                    continue;
                };
                let at = |curve: &str| {
                    single
                        .iter()
                        .copied()
                        .filter(|r| {
                            r.curve == curve
                                && r.scheme == scheme
                                && r.k == k
                                && r.bytes == bytes
                                && r.encoding == ctx.encoding
                        })
                        .min_by_key(|r| r.n)
                };
                let base = at(curves[0]);
                // encode and decode use only the scalar field, the same size on
                // every curve: they are the control of a curve comparison
                for metric in [
                    Metric::Proof,
                    Metric::Verify,
                    Metric::BatchVerify,
                    Metric::Encode,
                    Metric::Decode,
                    Metric::Size,
                ] {
                    let cells: Vec<String> = curves
                        .iter()
                        .map(|c| match (at(c), base) {
                            (Some(r), Some(b)) if *c != curves[0] => {
                                format!(
                                    "{} ({:.2}×)",
                                    cell_text(r, metric),
                                    metric.of(r) / metric.of(b).max(1.0)
                                )
                            }
                            (Some(r), _) => cell_text(r, metric),
                            (None, _) => "–".to_owned(),
                        })
                        .collect();
                    let _ = writeln!(
                        s,
                        "| {scheme} | {k} | {} | {} | {} |",
                        format_bytes(bytes as f64),
                        metric.label(),
                        cells.join(" | ")
                    );
                }
            }
        }
    }
    s
}
