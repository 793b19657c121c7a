//! Limits on what an input file may make the tool read, allocate or compute.
//!
//! Every size a file states (the file length `L`, the setup size
//! `max_bytes`, `k`, `n`, `m`) is checked against the bytes present and
//! against these limits before any scheme, setup or table is built:
//! * `n ≤ 2^16` ([`vidkit::erasure::MAX_SHARDS`]): checked by the scheme
//!   constructors (`ReedSolomon::new`) before any table is built, so `k ≤ n`
//!   is bounded too;
//! * `L` and the setup size `max_bytes` recorded in a commitment are at most
//!   `--max-bytes` ([`DEFAULT_MAX_BYTES`]), which bounds `m` (checked exactly
//!   against `L` and `k` once the field is known) and the size of the
//!   built-in setup that is generated; `disperse` refuses larger input files;
//! * shard and commitment files are read only if they are regular files of
//!   at most [`Limits::file_cap`] bytes.

use crate::error::CliError;
use clap::Args;
use std::path::Path;

/// Default of `--max-bytes`: 1 MiB. At this size the largest setup a
/// commitment can make `--insecure-test-setup` generate takes seconds
/// (aPlonK with `k = 1`: 2^16 G2 powers; Semi-AVID: 2^15 G1 powers); at
/// 16 MiB aPlonK's took 90 s on a loaded 2-core machine. With `--srs` the
/// setup file bounds it.
pub const DEFAULT_MAX_BYTES: u64 = 1 << 20;

/// Size allowance of a shard or commitment file besides its content that
/// grows with the data: headers, proofs of logarithmic size, and up to
/// 2^16 column commitments of Semi-AVID (3 MiB on BLS12-381).
const FILE_ALLOWANCE: u64 = 16 << 20;

/// The `--max-bytes` option.
#[derive(Args, Clone, Copy, Debug)]
pub struct Limits {
    /// Largest file a dispersal may hold, in bytes: larger input files, and
    /// commitments that state a larger file or setup size, are refused before
    /// anything is computed. Also bounds the built-in test setup that is
    /// generated, and the size of shard and commitment files read.
    #[arg(long, value_name = "BYTES", default_value_t = DEFAULT_MAX_BYTES)]
    pub max_bytes: u64,
}

impl Default for Limits {
    fn default() -> Self {
        Self {
            max_bytes: DEFAULT_MAX_BYTES,
        }
    }
}

impl Limits {
    /// The largest shard or commitment file read: `4 × max_bytes + 16 MiB`.
    /// A dispersal within the limit writes smaller files: a shard holds its
    /// `m ≤ ⌈L / 31k⌉` values (32 bytes each) and at most one G1 point of
    /// proof per row (48 bytes on BLS12-381; per-row KZG with `k = 1` is the
    /// largest, about 2.6 bytes per byte of data), a commitment at most one
    /// G1 point per row (KZG, KZG+) or per column (Semi-AVID).
    pub fn file_cap(&self) -> u64 {
        self.max_bytes
            .saturating_mul(4)
            .saturating_add(FILE_ALLOWANCE)
    }

    /// Fails unless `value` (the `what` of `path`, in bytes) is within `--max-bytes`.
    pub fn check(&self, path: &Path, what: &'static str, value: u64) -> Result<(), CliError> {
        if value > self.max_bytes {
            return Err(CliError::OverLimit {
                path: path.to_owned(),
                what,
                value,
                limit: self.max_bytes,
            });
        }
        Ok(())
    }
}
