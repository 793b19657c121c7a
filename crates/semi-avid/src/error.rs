//! The error type of `vidkit-semi-avid`.

/// Everything that can go wrong in Semi-AVID-PC besides a failed check
/// (a failed check is `Ok(false)`, never an error).
///
/// Variants carry the numbers that went wrong.
#[non_exhaustive]
#[derive(thiserror::Error, Debug, Clone, PartialEq, Eq)]
pub enum SemiAvidError {
    /// An error of the shared layer: parameters, packing, metadata, shard
    /// index or length, SRS length, deserialization, Reed-Solomon coding.
    #[error(transparent)]
    Core(#[from] vidkit_core::Error),
    /// A commitment does not hold one point per source column.
    #[error("the commitment has {got} column commitments, expected k = {expected}")]
    ColumnCount {
        /// points found
        got: usize,
        /// `k`
        expected: usize,
    },
    /// A column commitment is not in the prime-order subgroup of G1.
    #[error("column commitment {index} is not in the prime-order subgroup")]
    NotInSubgroup {
        /// the column
        index: usize,
    },
    /// A combination vector does not have `k` entries.
    #[error("the combination vector has {got} entries, expected k = {expected}")]
    CombinationLength {
        /// entries found
        got: usize,
        /// `k`
        expected: usize,
    },
    /// A combination shard does not have `m` values.
    #[error("the combination shard has {got} values, expected m = {expected}")]
    ValuesLength {
        /// values found
        got: usize,
        /// `m`
        expected: usize,
    },
    /// Hashing to the curve produced no point for a base (the identity, or
    /// the map failed); happens with negligible probability.
    #[error("hashing to the curve failed for base {index}")]
    HashToCurve {
        /// the base index
        index: usize,
    },
    /// A transparent key does not hold the bases its seed derives.
    #[error("base {index} is not the one derived from the key's seed")]
    BasisMismatch {
        /// the first wrong base
        index: usize,
    },
    /// An unknown basis or hashing method identifier was read.
    #[error("unknown basis identifier {0}")]
    UnknownBasis(u8),
}

impl From<vidkit_erasure::Error> for SemiAvidError {
    fn from(e: vidkit_erasure::Error) -> Self {
        Self::Core(e.into())
    }
}
