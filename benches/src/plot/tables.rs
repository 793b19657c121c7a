//! Markdown tables: Table 1 (best k), one thread against all threads, and the
//! curves side by side.

use super::{contexts, format_bytes, format_ns, schemes_in, Metric};
use crate::record::Record;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write;

/// The record of `scheme` at `bytes` that minimises `criterion` (ties: the
/// smaller k), i.e. the paper's optimal k.
pub fn best<'a>(
    recs: &[&'a Record],
    scheme: &str,
    bytes: usize,
    criterion: Metric,
) -> Option<&'a Record> {
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
pub fn table1(recs: &[&Record]) -> String {
    let mut bytes: Vec<usize> = recs.iter().map(|r| r.bytes).collect();
    bytes.sort_unstable();
    bytes.dedup();
    let mut s = String::new();
    let header: Vec<String> = bytes.iter().map(|b| format_bytes(*b as f64)).collect();
    let _ = writeln!(s, "| scheme | criterion | {} |", header.join(" | "));
    let _ = writeln!(s, "|---|---|{}", "---|".repeat(bytes.len()));
    for scheme in schemes_in(recs) {
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
    let _ = writeln!(s, "\nBest values (at the k above):\n");
    let _ = writeln!(s, "| scheme | best | {} |", header.join(" | "));
    let _ = writeln!(s, "|---|---|{}", "---|".repeat(bytes.len()));
    for scheme in schemes_in(recs) {
        for (criterion, name) in CRITERIA {
            let cells: Vec<String> = bytes
                .iter()
                .map(|&b| {
                    best(recs, scheme, b, criterion)
                        .map_or("–".to_owned(), |r| criterion.format(criterion.of(r)))
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
    s
}

type Key = (String, String, String, usize, usize, usize);

fn key(r: &Record) -> Key {
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
pub fn threads_table(records: &[Record]) -> String {
    let mut by_key: BTreeMap<Key, BTreeMap<usize, &Record>> = BTreeMap::new();
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
        let _ = writeln!(
            s,
            "| {} | {} | {} | {} | {} | 1 → {t} | {} → {} | {:.2} | {} → {} | {:.2} | {} → {} | {:.2} |",
            k.0,
            k.1,
            k.3,
            k.4,
            format_bytes(k.5 as f64),
            format_ns(Metric::Proof.of(one)),
            format_ns(Metric::Proof.of(many)),
            ratio(Metric::Proof),
            format_ns(Metric::Verify.of(one)),
            format_ns(Metric::Verify.of(many)),
            ratio(Metric::Verify),
            format_ns(Metric::BatchVerify.of(one)),
            format_ns(Metric::BatchVerify.of(many)),
            ratio(Metric::BatchVerify),
        );
    }
    s
}

/// The curves side by side (one thread, largest |F| of each scheme and k):
/// commit+prove, verify, batch verify and n·(c+π), with ratios to BLS12-381.
pub fn curves_table(records: &[Record]) -> String {
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
    let single: Vec<&Record> = records.iter().filter(|r| r.threads == 1).collect();
    for (ctx, recs) in contexts(records) {
        if ctx.threads != 1 || ctx.curve != curves[0] {
            continue;
        }
        for scheme in schemes_in(&recs) {
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
                for metric in [
                    Metric::Proof,
                    Metric::Verify,
                    Metric::BatchVerify,
                    Metric::Size,
                ] {
                    let cells: Vec<String> = curves
                        .iter()
                        .map(|c| match (at(c), base) {
                            (Some(r), Some(b)) if *c != curves[0] => {
                                format!(
                                    "{} ({:.2}×)",
                                    metric.format(metric.of(r)),
                                    metric.of(r) / metric.of(b).max(1.0)
                                )
                            }
                            (Some(r), _) => metric.format(metric.of(r)),
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
