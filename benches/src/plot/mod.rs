//! Figures and tables from result files, after §4 of the founding paper.
//!
//! For every *context* (curve × threads × encoding, at the code rate found in
//! the records) the `plot` binary writes:
//!
//! * `fig2-<ctx>.svg`: heat maps over (log2 |F|, log2 k) of proof time
//!   (commit + prove n shards) and verification time (k shards one by one),
//!   one column per scheme; colour = log time in the viridis palette, dark fast,
//!   yellow slow, with a colour bar (paper Fig. 2);
//! * `fig3-<ctx>.svg`: proof time, verification time and size overhead
//!   `n·(commitment + proof)` against |F| at k = 4 (dashed) and k = 64 (solid)
//!   (paper Fig. 3);
//! * `fig4-<ctx>.svg`: proof, verification, size and decoding at the best k
//!   for each criterion (paper Fig. 4), and `table1-<ctx>.md`, the best k
//!   per scheme and criterion (paper Table 1);
//! * `sizes-<ctx>.svg`: the commitment, one shard's proof and the verifier
//!   key in bytes against |F|, one line style per k (the smallest, a middle
//!   and the largest k measured; the paper's Table 2 and §4.3.4 as curves);
//!
//! and across contexts `threads.md` (one thread against all threads) and
//! `curves.md` + `curves-<threads>.svg` (the curves side by side).
//!
//! SVG only: plotters' SVG backend needs no font files (text is laid out with
//! an estimate and rendered by the viewer), so the plots build anywhere.

mod heatmap;
mod lines;
mod tables;

use crate::{
    aggregate::{aggregate, Agg},
    record::Record,
    SweepError,
};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

pub use tables::{best, curves_table, stats_table, table1, threads_table};

/// The scheme order used in every figure (colours: [`scheme_colour`]).
pub const SCHEME_ORDER: [&str; 7] = [
    "semi-avid",
    "kzg-plus",
    "kzg-plus-global",
    "kzg",
    "aplonk",
    "aplonk-global",
    "kzg-cells",
];

/// The colour of a scheme in every figure: the Okabe–Ito palette, which
/// stays distinguishable under the common colour-vision deficiencies (no
/// red against green). Unknown schemes get grey.
pub fn scheme_colour(scheme: &str) -> plotters::style::RGBColor {
    use plotters::style::RGBColor;
    match scheme {
        "semi-avid" => RGBColor(0, 114, 178),       // blue
        "kzg-plus" => RGBColor(230, 159, 0),        // orange
        "kzg" => RGBColor(86, 180, 233),            // sky blue
        "aplonk" => RGBColor(204, 121, 167),        // reddish purple
        "kzg-plus-global" => RGBColor(0, 158, 115), // bluish green
        "aplonk-global" => RGBColor(213, 94, 0),    // vermillion
        "kzg-cells" => RGBColor(0, 0, 0),           // black
        _ => RGBColor(90, 90, 90),                  // grey
    }
}

/// Records that share curve, threads and encoding: one set of paper figures.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Context {
    /// Curve name.
    pub curve: String,
    /// Pool size.
    pub threads: usize,
    /// Encoding name.
    pub encoding: String,
}

impl Context {
    /// File-name tag, e.g. `bls12-381-t1-points`.
    pub fn tag(&self) -> String {
        format!("{}-t{}-{}", self.curve, self.threads, self.encoding)
    }

    /// Human title, e.g. `BLS12-381, 1 thread, points`.
    pub fn title(&self) -> String {
        let t = if self.threads == 1 {
            "1 thread".to_owned()
        } else {
            format!("{} threads", self.threads)
        };
        format!("{}, {t}, {} encoding", self.curve, self.encoding)
    }
}

/// Groups points by [`Context`].
pub fn contexts(records: &[Agg]) -> BTreeMap<Context, Vec<&Agg>> {
    let mut out: BTreeMap<Context, Vec<&Agg>> = BTreeMap::new();
    for r in records {
        out.entry(Context {
            curve: r.curve.clone(),
            threads: r.threads,
            encoding: r.encoding.clone(),
        })
        .or_default()
        .push(r);
    }
    out
}

/// Schemes present in `records`, in [`SCHEME_ORDER`], then any other
/// scheme in name order.
pub fn schemes_in(records: &[&Agg]) -> Vec<String> {
    let mut out: Vec<String> = SCHEME_ORDER
        .into_iter()
        .filter(|s| records.iter().any(|r| r.scheme == *s))
        .map(str::to_owned)
        .collect();
    let mut others: Vec<String> = records
        .iter()
        .map(|r| r.scheme.clone())
        .filter(|s| !SCHEME_ORDER.contains(&s.as_str()))
        .collect();
    others.sort();
    others.dedup();
    out.extend(others);
    out
}

/// A metric drawn in the figures and tables.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Metric {
    /// Commit + prove all n shards.
    Proof,
    /// Verify k shards one by one.
    Verify,
    /// Verify k shards in one batch.
    BatchVerify,
    /// Decode from k shards.
    Decode,
    /// `n·(commitment + proof)` bytes.
    Size,
    /// Encode (pack + Reed-Solomon).
    Encode,
    /// Keys from the SRS (`Scheme::setup`).
    Setup,
    /// Making the insecure test SRS.
    Srs,
    /// Peak resident memory of the process during the sample.
    PeakRss,
    /// The commitment's bytes.
    Commitment,
    /// The bytes of one shard's proof.
    ProofPerShard,
    /// The verifier key's bytes.
    VerifierKey,
}

impl Metric {
    /// Every metric, in table order.
    pub const ALL: [Metric; 12] = [
        Metric::Proof,
        Metric::Verify,
        Metric::BatchVerify,
        Metric::Decode,
        Metric::Encode,
        Metric::Setup,
        Metric::Srs,
        Metric::Size,
        Metric::PeakRss,
        Metric::Commitment,
        Metric::ProofPerShard,
        Metric::VerifierKey,
    ];

    /// The value of the metric in one record (one repeat), in ns or bytes;
    /// `None` when the record does not have it (peak memory in format-1
    /// records or off Linux).
    pub fn sample(self, r: &Record) -> Option<f64> {
        Some(match self {
            Self::Proof => r.t_proof_total_ns() as f64,
            Self::Verify => r.t_verify_ns as f64,
            Self::BatchVerify => r.t_batch_verify_ns as f64,
            Self::Decode => r.t_decode_ns as f64,
            Self::Size => r.overhead_bytes() as f64,
            Self::Encode => r.t_encode_ns as f64,
            Self::Setup => r.t_setup_ns as f64,
            Self::Srs => r.t_srs_ns as f64,
            Self::PeakRss => r.peak_rss_bytes? as f64,
            Self::Commitment => r.commitment_bytes as f64,
            Self::ProofPerShard => r.proof_bytes_per_shard as f64,
            Self::VerifierKey => r.verifier_key_bytes as f64,
        })
    }

    /// The median of the metric over a point's repeats (NaN when absent).
    pub fn of(self, a: &Agg) -> f64 {
        a.stat(self).map_or(f64::NAN, |s| s.median)
    }

    /// Whether the metric is a size in bytes (else a time in ns).
    pub fn is_bytes(self) -> bool {
        matches!(
            self,
            Self::Size | Self::PeakRss | Self::Commitment | Self::ProofPerShard | Self::VerifierKey
        )
    }

    /// Axis label.
    pub fn label(self) -> &'static str {
        match self {
            Self::Proof => "commit + prove n shards",
            Self::Verify => "verify k shards (one by one)",
            Self::BatchVerify => "verify k shards (batch)",
            Self::Decode => "decode from k shards",
            Self::Size => "n x (commitment + proof)",
            Self::Encode => "encode",
            Self::Setup => "keys from SRS",
            Self::Srs => "test SRS",
            Self::PeakRss => "peak RSS",
            Self::Commitment => "commitment",
            Self::ProofPerShard => "proof of one shard",
            Self::VerifierKey => "verifier key",
        }
    }

    /// One-word name.
    pub fn short(self) -> &'static str {
        match self {
            Self::Proof => "proof",
            Self::Verify => "verify",
            Self::BatchVerify => "batch verify",
            Self::Decode => "decode",
            Self::Size => "size",
            Self::Encode => "encode",
            Self::Setup => "setup",
            Self::Srs => "srs",
            Self::PeakRss => "peak RSS",
            Self::Commitment => "commitment",
            Self::ProofPerShard => "proof/shard",
            Self::VerifierKey => "verifier key",
        }
    }

    /// Formats a value of this metric.
    pub fn format(self, v: f64) -> String {
        if self.is_bytes() {
            format_bytes(v)
        } else {
            format_ns(v)
        }
    }

    /// One unit for a whole axis whose largest value is `max`: the divisor
    /// from ns or bytes, and the unit's name (`ms`, `KiB`, …).
    pub fn axis_unit(self, max: f64) -> (f64, &'static str) {
        if self.is_bytes() {
            if max >= 1024.0 * 1024.0 * 10.0 {
                (1024.0 * 1024.0, "MiB")
            } else if max >= 1024.0 * 10.0 {
                (1024.0, "KiB")
            } else {
                (1.0, "B")
            }
        } else if max >= 1e10 {
            (1e9, "s")
        } else if max >= 1e7 {
            (1e6, "ms")
        } else if max >= 1e4 {
            (1e3, "µs")
        } else {
            (1.0, "ns")
        }
    }
}

/// A tick label for a number on an axis with one unit: at most 3
/// significant digits (up to 4 decimals), no trailing zeros.
pub fn format_tick(v: f64) -> String {
    let text = if v >= 100.0 || v == v.trunc() {
        format!("{v:.0}")
    } else if v >= 10.0 {
        format!("{v:.1}")
    } else if v >= 1.0 {
        format!("{v:.2}")
    } else if v >= 0.1 {
        format!("{v:.3}")
    } else {
        format!("{v:.4}")
    };
    if text.contains('.') {
        text.trim_end_matches('0').trim_end_matches('.').to_owned()
    } else {
        text
    }
}

/// `12.3 ms`-style durations.
pub fn format_ns(ns: f64) -> String {
    let (v, unit) = if ns >= 1e9 {
        (ns / 1e9, "s")
    } else if ns >= 1e6 {
        (ns / 1e6, "ms")
    } else if ns >= 1e3 {
        (ns / 1e3, "µs")
    } else {
        (ns, "ns")
    };
    if v >= 100.0 {
        format!("{v:.0} {unit}")
    } else if v >= 10.0 {
        format!("{v:.1} {unit}")
    } else {
        format!("{v:.2} {unit}")
    }
}

/// Paper-style sizes: `496 B`, `1.9 KiB`, `124 MiB`.
pub fn format_bytes(b: f64) -> String {
    let (v, unit) = if b >= 1024.0 * 1024.0 {
        (b / 1024.0 / 1024.0, "MiB")
    } else if b >= 1024.0 {
        (b / 1024.0, "KiB")
    } else {
        return format!("{b:.0} B");
    };
    if v >= 10.0 {
        format!("{v:.0} {unit}")
    } else {
        format!("{v:.1} {unit}")
    }
}

fn plot_err(path: &Path) -> impl Fn(Box<dyn std::error::Error + Send + Sync>) -> SweepError + '_ {
    move |source| SweepError::Plot {
        path: path.to_owned(),
        source,
    }
}

/// Writes every figure and table for `records` (every repeat of every
/// point; see [`crate::aggregate`]) into `dir`; returns the files written.
pub fn render_all(records: &[Record], dir: &Path) -> Result<Vec<PathBuf>, SweepError> {
    let aggs = aggregate(records);
    let records = &aggs[..];
    std::fs::create_dir_all(dir).map_err(SweepError::io(dir))?;
    let mut written = Vec::new();
    let mut write_text = |name: String, text: String| -> Result<(), SweepError> {
        let path = dir.join(name);
        std::fs::write(&path, text).map_err(SweepError::io(&path))?;
        written.push(path);
        Ok(())
    };
    let ctxs = contexts(records);
    for (ctx, recs) in &ctxs {
        write_text(format!("table1-{}.md", ctx.tag()), table1(recs))?;
        write_text(format!("stats-{}.md", ctx.tag()), stats_table(ctx, recs))?;
    }
    write_text("threads.md".to_owned(), threads_table(records))?;
    write_text("curves.md".to_owned(), curves_table(records))?;
    for (ctx, recs) in &ctxs {
        let p = dir.join(format!("fig2-{}.svg", ctx.tag()));
        heatmap::figure2(&p, ctx, recs).map_err(plot_err(&p))?;
        written.push(p);
        let p = dir.join(format!("fig3-{}.svg", ctx.tag()));
        if lines::figure3(&p, ctx, recs).map_err(plot_err(&p))? {
            written.push(p);
        }
        let p = dir.join(format!("fig4-{}.svg", ctx.tag()));
        lines::figure4(&p, ctx, recs).map_err(plot_err(&p))?;
        written.push(p);
        let p = dir.join(format!("sizes-{}.svg", ctx.tag()));
        lines::sizes(&p, ctx, recs).map_err(plot_err(&p))?;
        written.push(p);
    }
    let mut by_threads: BTreeMap<(usize, String), Vec<&Agg>> = BTreeMap::new();
    for r in records {
        by_threads
            .entry((r.threads, r.encoding.clone()))
            .or_default()
            .push(r);
    }
    for ((threads, encoding), recs) in by_threads {
        let curves: std::collections::BTreeSet<&str> =
            recs.iter().map(|r| r.curve.as_str()).collect();
        if curves.len() < 2 {
            continue;
        }
        let p = dir.join(format!("curves-t{threads}-{encoding}.svg"));
        if lines::curves_figure(&p, threads, &encoding, &recs).map_err(plot_err(&p))? {
            written.push(p);
        }
    }
    Ok(written)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats() {
        assert_eq!(format_ns(1_500.0), "1.50 µs");
        assert_eq!(format_ns(12_345_678.0), "12.3 ms");
        assert_eq!(format_ns(2.5e9), "2.50 s");
        assert_eq!(format_bytes(496.0), "496 B");
        assert_eq!(format_bytes(31.0 * 64.0), "1.9 KiB");
        assert_eq!(format_bytes(31.0 * 4.0 * 1024.0 * 1024.0), "124 MiB");
        assert_eq!(format_tick(0.1), "0.1");
        assert_eq!(format_tick(0.01), "0.01");
        assert_eq!(format_tick(2.5), "2.5");
        assert_eq!(format_tick(1000.0), "1000");
        assert_eq!(format_tick(0.125), "0.125");
    }
}
