//! # vidkit-benches
//!
//! Criterion benchmarks live in the scheme crates; this package holds the
//! **parameter sweep** that reproduces and extends §4 of the founding paper
//! (Stevan et al., ICISSP 2024): every point of a grid
//! schemes × curves × k × n × |F| × threads × encodings runs the full
//! pipeline once (setup, encode, commit, prove, verify one by one, batch
//! verify, decode, tampering checks) and becomes one JSON line
//! ([`record::Record`]); the `plot` binary turns result files into the
//! paper's Figures 2–4 and Table 1.
//!
//! * [`grid`] / [`preset`]: the grid, its command-line syntax, named presets,
//!   and the points the paper calls impossible;
//! * [`measure::run_point`]: the pipeline, generic over [`vidkit_core::Scheme`];
//! * [`driver`]: the loop (resume, one rayon pool per point, progress);
//! * [`store`]: durable appends, resume, merge, CSV;
//! * [`jobs`]: one command per point for external schedulers;
//! * [`plot`]: figures and tables;
//! * [`vidkit_backend`]: the real schemes through the facade's `dispatch`;
//! * [`testing`]: a hash-list test double used by the tests.
//!
//! Hand-written pieces: the range syntax and the JSON-lines store are small
//! and specific to this tool; everything else uses clap, serde, csv,
//! indicatif, rayon and plotters.
#![deny(missing_docs)]
#![forbid(unsafe_code)]

pub mod driver;
mod error;
pub mod grid;
pub mod jobs;
pub mod measure;
pub mod plot;
pub mod preset;
pub mod record;
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
