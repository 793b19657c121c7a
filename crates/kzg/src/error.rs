//! The error type of `vidkit-kzg`.

use thiserror::Error;

/// Everything that can go wrong in the KZG primitive and the per-row scheme.
///
/// Variants carry the numbers that went wrong.
#[non_exhaustive]
#[derive(Error, Debug, Clone, PartialEq, Eq)]
pub enum KzgError {
    /// An error of the shared layer (parameters, shards, SRS, deserialization).
    #[error(transparent)]
    Core(#[from] vidkit_core::Error),
    /// A polynomial has more coefficients than there are SRS powers.
    #[error("{coefficients} coefficients but only {powers} SRS powers")]
    TooManyCoefficients {
        /// number of coefficients given
        coefficients: usize,
        /// number of powers available
        powers: usize,
    },
    /// A commitment holds the wrong number of row commitments.
    #[error("the commitment holds {got} row commitments, expected m = {expected}")]
    CommitmentLength {
        /// row commitments found
        got: usize,
        /// rows of the file
        expected: usize,
    },
    /// A proof holds the wrong number of row openings.
    #[error("the proof of shard {index} holds {got} openings, expected m = {expected}")]
    ProofLength {
        /// shard index
        index: usize,
        /// openings found
        got: usize,
        /// rows of the file
        expected: usize,
    },
    /// Proof bytes state another number of row openings than the file's `m`
    /// (checked before any opening is decoded).
    #[error("the proof bytes state {got} openings, expected m = {expected}")]
    OpeningCount {
        /// count stated by the bytes
        got: u64,
        /// rows of the file
        expected: usize,
    },
    /// A number of points that is not the size of a subgroup the field has:
    /// not a power of two, or beyond its roots of unity
    /// ([`crate::multi_open`]).
    #[error(
        "no subgroup of {size} points (not a power of two, or beyond the field's roots of unity)"
    )]
    SubgroupSize {
        /// the number of points asked for
        size: usize,
    },
    /// FK20 parameters no precomputation exists for: a cell size that is
    /// not a power of two, zero chunks, or transform sizes beyond the
    /// field's roots of unity.
    #[error(
        "FK20 cannot serve cells of {cell} elements with {chunks} chunks (or this many cosets)"
    )]
    Fk20Shape {
        /// cell size ℓ
        cell: usize,
        /// chunks k (polynomials of degree < k·ℓ)
        chunks: usize,
    },
}
