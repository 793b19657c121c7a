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
    /// The prover key supports polynomials of fewer coefficients than k.
    #[error("the prover key holds {have} powers, the code needs k = {need}")]
    KeyTooShort {
        /// powers in the key
        have: usize,
        /// code dimension k
        need: usize,
    },
    /// The encoded file does not match the scheme (coefficients, shards).
    #[error("the encoded file holds {got} {what}, expected {expected}")]
    EncodedShape {
        /// "coefficients" or "shards"
        what: &'static str,
        /// count found
        got: usize,
        /// count expected
        expected: usize,
    },
}
