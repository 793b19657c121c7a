//! The error type of `vidkit-kzg-cells`.

use thiserror::Error;
use vidkit_core::Encoding;

/// Everything that can go wrong in the KZG cells scheme.
///
/// Variants carry the numbers that went wrong.
#[non_exhaustive]
#[derive(Error, Debug, Clone, PartialEq, Eq)]
pub enum KzgCellsError {
    /// An error of the shared layer (parameters, shards, SRS, deserialization).
    #[error(transparent)]
    Core(#[from] vidkit_core::Error),
    /// An error of the KZG primitive or of FK20.
    #[error(transparent)]
    Kzg(#[from] vidkit_kzg::KzgError),
    /// Cells are cosets of a radix-2 domain: the evaluation points must be
    /// powers of a root of unity (`Fft` or `Systematic`), not `Points`.
    #[error("the cells scheme needs a root-of-unity encoding (fft or systematic), not {0}")]
    UnsupportedEncoding(Encoding),
    /// The cell size must be a power of two, at least 1.
    #[error("the cell size {0} is not a power of two")]
    CellSize(usize),
    /// The field has no subgroup of size `next_pow2(n) · ℓ` (or the size
    /// overflows).
    #[error("the field has no radix-2 domain of {cosets} cosets of {cell} elements")]
    DomainTooLarge {
        /// `next_pow2(n)`
        cosets: usize,
        /// `ℓ`
        cell: usize,
    },
    /// A commitment (or proof bytes) made for another cell size.
    #[error("cells of {got} elements, the scheme uses {expected}")]
    CellSizeMismatch {
        /// the cell size found
        got: usize,
        /// the scheme's cell size
        expected: usize,
    },
    /// A commitment holds another number of polynomial commitments than
    /// the file has polynomials (`⌈m/ℓ⌉`).
    #[error("the commitment holds {got} polynomial commitments, expected {expected}")]
    CommitmentLength {
        /// commitments found (or stated by the bytes)
        got: u64,
        /// polynomials of the file
        expected: usize,
    },
    /// A proof holds another number of cell proofs than the file has
    /// polynomials (`⌈m/ℓ⌉`).
    #[error("the proof holds {got} cell proofs, expected {expected}")]
    ProofLength {
        /// proofs found (or stated by the bytes)
        got: u64,
        /// polynomials of the file
        expected: usize,
    },
}
