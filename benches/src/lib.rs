//! # vidkit-benches
//!
//! Criterion benchmarks live in the scheme crates; this package holds the
//! **parameter sweep** that reproduces and extends §4 of the founding paper
//! (Stevan et al., ICISSP 2024): every point of a grid
//! schemes × curves × k × n × |F| × threads × encodings runs the full
//! pipeline (setup, encode, commit, prove, verify one by one, batch verify,
//! decode, tampering checks) `--repeats` times, the schemes of one grid cell
//! interleaved in shuffled rounds, and every repeat becomes one JSON line
//! ([`record::Record`]); [`stats`] summarises the repeats (median, minimum,
//! 95 % interval) and the `plot` binary turns result files into the paper's
//! Figures 2–4 and Table 1 with those intervals.
//!
//! * [`grid`] / [`preset`]: the grid, its command-line syntax, named presets,
//!   and the points the paper calls impossible;
//! * [`measure::run_point`]: the pipeline, generic over [`vidkit_core::Scheme`];
//! * [`driver`]: the loop (cells, interleaved rounds, warm-up, resume by
//!   repeat, one rayon pool per sample, progress);
//! * [`control`]: the control workload timed next to every sample;
//! * [`mem`]: peak resident memory of a sample;
//! * [`stats`]: median, minimum, confidence interval;
//! * [`aggregate`]: the repeats of each point summarised for tables and plots;
//! * [`store`]: durable appends, resume, merge, CSV;
//! * [`jobs`]: one command per point for external schedulers;
//! * [`estimate`]: time and memory of unmeasured points from measured ones
//!   (`--list --estimate-from`), to size a job array;
//! * [`plot`]: figures and tables;
//! * [`vidkit_backend`]: the real schemes through the facade's `dispatch`;
//! * [`testing`]: a hash-list test double used by the tests.
//!
//! Hand-written pieces: the range syntax and the JSON-lines store are small
//! and specific to this tool; the statistics ([`stats`]: one exact binomial
//! tail), the memory probe ([`mem`]: two `/proc` files) and the build and
//! machine metadata (`build.rs`, `/proc/cpuinfo`, `/proc/loadavg`) are each a
//! few lines where a crate (`statrs`, `procfs`/`sysinfo`, `built`) would
//! bring much more than is used (and the memory reset is in none of them);
//! everything else uses clap, serde, csv, indicatif, rayon and plotters.
#![deny(missing_docs)]
#![forbid(unsafe_code)]

pub mod aggregate;
pub mod control;
pub mod driver;
mod error;
pub mod estimate;
pub mod grid;
pub mod jobs;
pub mod measure;
pub mod mem;
pub mod plot;
pub mod preset;
pub mod record;
pub mod stats;
pub mod store;
pub mod testing;
pub mod vidkit_backend;

pub use driver::{run_sweep, Backend};
pub use error::SweepError;
pub use measure::run_point;

/// Formats an error with its chain of sources (`a: b: c`).
pub fn error_chain(e: &dyn std::error::Error) -> String {
    let mut s = e.to_string();
    let mut cur = e.source();
    while let Some(c) = cur {
        s.push_str(": ");
        s.push_str(&c.to_string());
        cur = c.source();
    }
    s
}
