//! The error type of `vidkit-kzg-plus`.

use thiserror::Error;

/// Everything that can go wrong in KZG+.
///
/// Variants carry the numbers that went wrong.
#[non_exhaustive]
#[derive(Error, Debug, Clone, PartialEq, Eq)]
pub enum KzgPlusError {
    /// An error of the shared layer (parameters, shards, SRS, deserialization).
    #[error(transparent)]
    Core(#[from] vidkit_core::Error),
    /// An error of the KZG primitive.
    #[error(transparent)]
    Kzg(#[from] vidkit_kzg::KzgError),
    /// A commitment holds the wrong number of row commitments.
    #[error("the commitment holds {got} row commitments, expected m = {expected}")]
    CommitmentLength {
        /// row commitments found
        got: usize,
        /// rows of the file
        expected: usize,
    },
    /// A Merkle path (KZG+ global) of the wrong length: every path of a file
    /// of `n` shards has `⌈log2 n⌉` siblings.
    #[error("the Merkle path has {got} siblings, expected {expected}")]
    PathLength {
        /// siblings found (or stated by the bytes)
        got: usize,
        /// `⌈log2 n⌉` (or the most a proof may hold)
        expected: usize,
    },
    /// KZG+ global: the prover hint is not the Merkle tree of this
    /// commitment (another root or another number of shards).
    #[error("the prover hint is not the Merkle tree of this commitment")]
    HintMismatch,
}
