//! Errors of the command-line tool: one line each, naming the file and the problem.
//!
//! Which exit status each error gives is decided in
//! [`conventions`](crate::conventions).

use std::path::{Path, PathBuf};
use vidkit::format::FormatError;

/// Why a shard cannot be used with a commitment (before any cryptography).
#[derive(thiserror::Error, Debug, Clone, PartialEq, Eq)]
pub enum Mismatch {
    /// Scheme differs.
    #[error("wrong scheme: the shard is {shard}, the commitment is {commitment}")]
    Scheme {
        /// shard's
        shard: vidkit::SchemeName,
        /// commitment's
        commitment: vidkit::SchemeName,
    },
    /// Curve differs.
    #[error("wrong curve: the shard is {shard}, the commitment is {commitment}")]
    Curve {
        /// shard's
        shard: vidkit::CurveName,
        /// commitment's
        commitment: vidkit::CurveName,
    },
    /// k, n, m, L or the encoding differ.
    #[error("its parameters (k, n, m, L, encoding) differ from the commitment's")]
    Params,
    /// The shard belongs to another dispersal.
    #[error("it belongs to another commitment (commitment digest differs)")]
    Commitment,
    /// The header and the encoded shard disagree on the index.
    #[error("header says index {header} but the shard inside is index {payload}")]
    Index {
        /// header's
        header: usize,
        /// payload's
        payload: usize,
    },
    /// The commitment's header disagrees with the commitment inside.
    #[error("its header disagrees with the commitment it contains")]
    CommitmentHeader,
}

/// Everything the tool reports as an error.
#[derive(thiserror::Error, Debug)]
pub enum CliError {
    /// Reading or writing a file failed.
    #[error("{}: {source}", .path.display())]
    Io {
        /// the file
        path: PathBuf,
        /// why
        source: std::io::Error,
    },
    /// A file is not a well-formed vidkit file.
    #[error("{}: {source}", .path.display())]
    Format {
        /// the file
        path: PathBuf,
        /// why
        source: FormatError,
    },
    /// The scheme could not decode a part of a file.
    #[error("{}: {source}", .path.display())]
    Malformed {
        /// the file
        path: PathBuf,
        /// the scheme's error
        source: Box<dyn std::error::Error + Send + Sync>,
    },
    /// A shard does not belong with the commitment.
    #[error("{}: {source}", .path.display())]
    Mismatch {
        /// the file
        path: PathBuf,
        /// why
        source: Mismatch,
    },
    /// Refusing to overwrite.
    #[error("{}: already exists (use --force to overwrite)", .path.display())]
    Exists {
        /// the file
        path: PathBuf,
    },
    /// The shard's proof does not verify.
    #[error("{}: INVALID: shard {index} does not match the commitment (proof rejected)", .path.display())]
    Invalid {
        /// the file
        path: PathBuf,
        /// shard index
        index: usize,
    },
    /// Some shards of a directory are invalid.
    #[error("{}: {bad} of {total} shard files are invalid or unusable", .dir.display())]
    SomeInvalid {
        /// directory
        dir: PathBuf,
        /// bad files
        bad: usize,
        /// all shard files
        total: usize,
    },
    /// Too few valid shards to decode.
    #[error("{}: cannot reconstruct: {valid} valid shard(s) with distinct indices, k = {k} needed", .dir.display())]
    NotEnoughShards {
        /// directory
        dir: PathBuf,
        /// valid distinct shards
        valid: usize,
        /// needed
        k: usize,
    },
    /// The commitment records another setup than the one given to check it.
    #[error("{}: the commitment was made with {made_with}, not with {used}", .path.display())]
    SetupMismatch {
        /// commitment file
        path: PathBuf,
        /// description of the recorded setup
        made_with: String,
        /// description of the setup given
        used: String,
    },
    /// The setup matches the commitment's record, but the verifier key
    /// re-derived from it is not the one the commitment records.
    #[error("{}: the verifier key re-derived from {used} is not the one the commitment records (its setup size or verifier-key digest differs)", .path.display())]
    KeyMismatch {
        /// commitment file
        path: PathBuf,
        /// description of the setup given
        used: String,
    },
    /// Neither `--srs` nor `--insecure-test-setup` was given to a verifier.
    #[error("{}: no setup to check against: pass --srs FILE (the setup the commitment must have been made with) or --insecure-test-setup (the built-in INSECURE test setup, for tests only); the commitment says it was made with {recorded}", .path.display())]
    NoTrustAnchor {
        /// commitment file
        path: PathBuf,
        /// description of the setup the commitment records
        recorded: String,
    },
    /// A file is not a regular file (a directory, a named pipe, a device).
    #[error("{}: is {kind}, not a regular file", .path.display())]
    NotRegular {
        /// the file
        path: PathBuf,
        /// what it is
        kind: &'static str,
    },
    /// A size is above a limit (`--max-bytes`).
    #[error("{}: {what} of {value} bytes is above the limit of {limit} bytes (see --max-bytes)", .path.display())]
    OverLimit {
        /// the file
        path: PathBuf,
        /// which size
        what: &'static str,
        /// its value
        value: u64,
        /// the limit
        limit: u64,
    },
    /// The scheme refused the parameters of a file, or failed on its content.
    #[error("{}: {source}", .path.display())]
    Scheme {
        /// the file (a commitment, or the file dispersed)
        path: PathBuf,
        /// why
        source: vidkit::Error,
    },
    /// Valid shards that do not decode, whichever k of them are taken.
    #[error("{}: cannot reconstruct: the valid shards do not decode ({attempts} set(s) of k tried; shards {shards}: {reason})", .dir.display())]
    Undecodable {
        /// directory
        dir: PathBuf,
        /// how many sets of k shards were tried
        attempts: usize,
        /// the files of the first set tried
        shards: String,
        /// why it failed
        reason: String,
    },
    /// The SRS file is for another curve.
    #[error("{}: the SRS is for curve {found}, the dispersal uses {expected}", .path.display())]
    SrsCurve {
        /// SRS file
        path: PathBuf,
        /// its curve
        found: vidkit::CurveName,
        /// the curve needed
        expected: vidkit::CurveName,
    },
    /// The SRS file's powers are invalid.
    #[error("{}: invalid SRS: {source}", .path.display())]
    Srs {
        /// SRS file
        path: PathBuf,
        /// why
        source: vidkit::Error,
    },
    /// The Ethereum ceremony file is malformed or its points are invalid.
    #[error("{}: not a valid Ethereum KZG ceremony file: {source}", .path.display())]
    Ceremony {
        /// the ceremony file
        path: PathBuf,
        /// why
        source: vidkit::kzg::EthereumError,
    },
    /// `--from-ethereum` with another curve than BLS12-381.
    #[error(
        "--from-ethereum: the Ethereum KZG ceremony setup exists only for bls12-381, not {curve}"
    )]
    EthereumCurve {
        /// the curve asked for
        curve: vidkit::CurveName,
    },
    /// A directory holds no shard file.
    #[error("{}: no shard files (shard-*.vid) found", .dir.display())]
    NoShards {
        /// directory
        dir: PathBuf,
    },
    /// A usage problem detected after argument parsing.
    #[error("{0}")]
    Usage(&'static str),
    /// One shard file cannot be checked (unreadable, malformed, mismatched).
    #[error("{}: REJECTED: {reason}", .path.display())]
    Unusable {
        /// the file
        path: PathBuf,
        /// why
        reason: String,
    },
    /// The demonstration did not show what it must.
    #[error("demo with {scheme}: the corrupted shard was not the only one rejected, or the rebuilt file differs")]
    DemoFailed {
        /// scheme
        scheme: String,
    },
}

impl CliError {
    /// Reading or writing `path` failed.
    pub fn io(path: &Path, source: std::io::Error) -> Self {
        CliError::Io {
            path: path.to_owned(),
            source,
        }
    }

    /// `path` is not a well-formed vidkit file.
    pub fn format(path: &Path, source: FormatError) -> Self {
        CliError::Format {
            path: path.to_owned(),
            source,
        }
    }

    /// The scheme refused the parameters or the content of `path`.
    pub fn scheme(path: &Path, source: vidkit::Error) -> Self {
        CliError::Scheme {
            path: path.to_owned(),
            source,
        }
    }

    /// The scheme could not decode a part of `path`.
    pub fn malformed<E: std::error::Error + Send + Sync + 'static>(path: &Path, source: E) -> Self {
        CliError::Malformed {
            path: path.to_owned(),
            source: Box::new(source),
        }
    }

    /// The shard or commitment header in `path` does not match (see [`Mismatch`]).
    pub fn mismatch(path: &Path, source: Mismatch) -> Self {
        CliError::Mismatch {
            path: path.to_owned(),
            source,
        }
    }
}

/// Shortens a digest for display.
pub fn short_hex(d: &[u8]) -> String {
    d.iter().take(8).map(|b| format!("{b:02x}")).collect()
}
