//! The crate's single error type.
//!
//! Every fallible entry point validates caller input up front and returns one of these
//! variants; nothing in this crate panics on caller input. Each variant carries the numbers
//! that were wrong so that a caller can report them without re-deriving them.

/// Errors returned by the Reed–Solomon coder, the free functions and the recoding helpers.
#[non_exhaustive]
#[derive(thiserror::Error, Debug, Clone, PartialEq, Eq)]
pub enum Error {
    /// The code dimension `k` was zero.
    #[error("the code dimension k must be at least 1")]
    ZeroK,
    /// The code length `n` was smaller than the dimension `k`.
    #[error("the code length n = {n} is smaller than the dimension k = {k}")]
    NLessThanK {
        /// Requested dimension.
        k: usize,
        /// Requested length.
        n: usize,
    },
    /// The field cannot provide `n` distinct evaluation points for the chosen encoding: in the
    /// FFT modes `next_pow2(n)` exceeds `2^TWO_ADICITY`; in points mode `n` exceeds the field
    /// characteristic (only possible for toy fields).
    #[error("the field supports at most {max} evaluation points in this encoding, {n} requested")]
    DomainTooLarge {
        /// Requested code length.
        n: usize,
        /// Largest supported code length (saturated at `u64::MAX`).
        max: u64,
    },
    /// `n` is above the bound of the constructor ([`crate::MAX_SHARDS`] for
    /// [`crate::ReedSolomon::new`]).
    #[error("{n} shards requested, at most {max} are allowed (vidkit_erasure::MAX_SHARDS)")]
    TooManyShards {
        /// Requested code length.
        n: usize,
        /// The bound.
        max: usize,
    },
    /// The systematic encoding needs `k` to be a power of two.
    #[error("the systematic encoding needs k to be a power of two, got k = {k}")]
    NotPowerOfTwo {
        /// Requested dimension.
        k: usize,
    },
    /// In the systematic encoding source column `column` lands on shard `index = column·(n'/k)`,
    /// which is not among the `n` distributed shards (happens when `n ≤ n' − n'/k`).
    #[error(
        "systematic encoding with k = {k}, n = {n}: source column {column} would be shard {index} >= n"
    )]
    SystematicShardMissing {
        /// Requested dimension.
        k: usize,
        /// Requested length.
        n: usize,
        /// The source column whose shard is missing.
        column: usize,
        /// The shard index it would need.
        index: usize,
    },
    /// Fewer shards (or combinations) than needed were given.
    #[error("not enough shards: got {got}, need {need}")]
    NotEnoughShards {
        /// Number of shards given.
        got: usize,
        /// Number of shards needed.
        need: usize,
    },
    /// The same shard index was given twice.
    #[error("shard index {index} was given more than once")]
    DuplicateIndex {
        /// The repeated index.
        index: usize,
    },
    /// A shard index is not below `n`.
    #[error("shard index {index} is out of range for n = {n}")]
    IndexOutOfRange {
        /// The offending index.
        index: usize,
        /// The code length.
        n: usize,
    },
    /// A slice had the wrong length (shard values, combination vectors, recoding coefficients).
    #[error("length mismatch: expected {expected}, got {got}")]
    LengthMismatch {
        /// Expected length.
        expected: usize,
        /// Actual length.
        got: usize,
    },
    /// A flat data/coefficient matrix whose length is not a multiple of `k`.
    #[error("a row-major matrix with k = {k} columns cannot have {len} elements")]
    NotAMultipleOfK {
        /// Length of the flat matrix.
        len: usize,
        /// Number of columns.
        k: usize,
    },
    /// Empty data, or shards of length zero.
    #[error("empty data: at least one row is required")]
    EmptyData,
    /// The given combination vectors do not span the whole k-dimensional space (fewer than k
    /// of them are linearly independent).
    #[error("the combination vectors are linearly dependent: they do not span F^k")]
    SingularMatrix,
}
