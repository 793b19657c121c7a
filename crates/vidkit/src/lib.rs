//! # vidkit
//!
//! Verifiable information dispersal: a file is cut into `k` pieces,
//! Reed-Solomon-encoded into `n ≥ k` shards for storage nodes that are not
//! trusted, and committed to with a polynomial commitment, so that each shard
//! carries a proof that can be checked on its own and any `k` valid shards
//! rebuild the file.
//!
//! This crate is the facade over the workspace:
//!
//! * re-exports: [`core`] (`vidkit-core`: the [`Scheme`] trait, [`Srs`],
//!   [`FileInfo`], [`Shard`]), [`erasure`] (`vidkit-erasure`), and, behind the
//!   features of the same names, the scheme crates `kzg`, `kzg_plus`,
//!   `kzg_cells`, `aplonk`, `semi_avid` and the curve `bls24_317`;
//! * run-time dispatch ([`dispatch()`], [`SchemeVisitor`], [`SchemeName`],
//!   [`CurveName`]): pick a scheme and a curve by name and run code that is
//!   generic over [`Scheme`] — used by the `vidkit` command-line tool
//!   (`vidkit-cli`) and by the sweep runner of `vidkit-benches`; what setup a scheme needs (how
//!   many powers-of-τ strings of which [`SrsShape`]) each scheme says itself
//!   through [`Scheme`] (`TRAPDOORS`, `srs_shape`, `srs_from_powers`, and,
//!   with feature `test-srs`, the insecure `insecure_srs`);
//! * the on-disk [`format`](mod@format) of shard, commitment and setup files,
//!   for any program that reads or writes them.
//!
//! The `vidkit` command-line tool is a separate package, `vidkit-cli`
//! (`crates/cli`), so that this library does not carry the tool's
//! dependencies (argument parsing, progress bars, JSON output, temporary
//! files) and has no insecure setup unless asked for.
//!
//! Features: `std` (default), `parallel`, one per scheme crate `kzg`,
//! `kzg-plus` (KZG+ and KZG+ global), `kzg-cells`, `aplonk` (aPlonK-PC and aPlonK
//! global), `semi-avid` (default) and
//! `bls24-317` (default) for the curve,
//! `asm` (off by default): ark-ff's x86-64 assembly for field multiplication
//! and squaring, used only when the build enables the `bmi2` and `adx` target
//! features (`RUSTFLAGS="-C target-feature=+bmi2,+adx"`, or
//! `-C target-cpu=native` on a CPU that has them); the default build runs on
//! any x86-64 or aarch64 CPU,
//! and `test-srs` (off by default): the insecure setups with a known trapdoor
//! (`Scheme::insecure_srs`), for tests, benchmarks and demonstrations only.
#![deny(missing_docs)]
#![forbid(unsafe_code)]

pub mod dispatch;
mod error;
pub mod format;
mod names;

pub use dispatch::{dispatch, dispatch_curve, CurveVisitor, SchemeVisitor};
pub use error::{DispatchError, Error};
pub use names::{CurveName, SchemeName, UnknownCurve, UnknownScheme};

pub use vidkit_core as core;
pub use vidkit_core::{Encoding, FileInfo, Scheme, Shard, Srs, SrsShape};
pub use vidkit_erasure as erasure;

#[cfg(feature = "aplonk")]
pub use vidkit_aplonk as aplonk;
#[cfg(feature = "bls24-317")]
pub use vidkit_bls24_317 as bls24_317;
#[cfg(feature = "kzg")]
pub use vidkit_kzg as kzg;
#[cfg(feature = "kzg-cells")]
pub use vidkit_kzg_cells as kzg_cells;
#[cfg(feature = "kzg-plus")]
pub use vidkit_kzg_plus as kzg_plus;
#[cfg(feature = "semi-avid")]
pub use vidkit_semi_avid as semi_avid;
