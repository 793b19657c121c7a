//! Figures and tables from result files, after §4 of the founding paper.
//!
//! For every *context* (curve × threads × encoding, at the code rate found in
//! the records) the `plot` binary writes:
//!
//! * `fig2-<ctx>.svg`: heat maps over (log2 |F|, log2 k) of proof time
//!   (commit + prove n shards) and verification time (k shards one by one),
//!   one column per scheme; colour = log time, blue fast, red slow (paper Fig. 2);
//! * `fig3-<ctx>.svg`: proof time, verification time and size overhead
//!   `n·(commitment + proof)` against |F| at k = 4 (dashed) and k = 64 (solid)
//!   (paper Fig. 3);
//! * `fig4-<ctx>.svg`: proof, verification, size and decoding at the best k
//!   for each criterion (paper Fig. 4), and `table1-<ctx>.md`, the best k
//!   per scheme and criterion (paper Table 1);
//!
//! and across contexts `threads.md` (one thread against all threads) and
//! `curves.md` + `curves-<threads>.svg` (the curves side by side).
//!
//! SVG only: plotters' SVG backend needs no font files (text is laid out with
//! an estimate and rendered by the viewer), so the plots build anywhere.

mod heatmap;
mod lines;
mod tables;

use crate::{record::Record, SweepError};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

pub use tables::{curves_table, table1, threads_table};

/// The scheme order and colours used in every figure.
pub const SCHEME_ORDER: [&str; 5] = ["semi-avid", "kzg-plus", "kzg-plus-global", "kzg", "aplonk"];

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

/// Groups records by [`Context`].
pub fn contexts(records: &[Record]) -> BTreeMap<Context, Vec<&Record>> {
    let mut out: BTreeMap<Context, Vec<&Record>> = BTreeMap::new();
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

/// Schemes present in `records`, in [`SCHEME_ORDER`].
pub fn schemes_in(records: &[&Record]) -> Vec<&'static str> {
    SCHEME_ORDER
        .into_iter()
        .filter(|s| records.iter().any(|r| r.scheme == *s))
        .collect()
}

/// A metric drawn in the figures.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
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
}

impl Metric {
    /// The value of the metric (ns or bytes).
    pub fn of(self, r: &Record) -> f64 {
        match self {
            Self::Proof => r.t_proof_total_ns() as f64,
            Self::Verify => r.t_verify_ns as f64,
            Self::BatchVerify => r.t_batch_verify_ns as f64,
            Self::Decode => r.t_decode_ns as f64,
            Self::Size => r.overhead_bytes() as f64,
        }
    }

    /// Axis label.
    pub fn label(self) -> &'static str {
        match self {
            Self::Proof => "commit + prove n shards",
            Self::Verify => "verify k shards (one by one)",
            Self::BatchVerify => "verify k shards (batch)",
            Self::Decode => "decode from k shards",
            Self::Size => "n x (commitment + proof)",
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
        }
    }

    /// Formats a value of this metric.
    pub fn format(self, v: f64) -> String {
        match self {
            Self::Size => format_bytes(v),
            _ => format_ns(v),
        }
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

/// Writes every figure and table for `records` into `dir`; returns the files written.
pub fn render_all(records: &[Record], dir: &Path) -> Result<Vec<PathBuf>, SweepError> {
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
    }
    let mut by_threads: BTreeMap<(usize, String), Vec<&Record>> = BTreeMap::new();
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
    }
}
