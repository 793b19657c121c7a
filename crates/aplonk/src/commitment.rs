//! The public commitment and the prover's row commitments (docs/spec.md §7.2).
//!
//! The commitment is **constant size**: the inner-pairing-product
//! meta-commitment `com_f = Σ_{i<m} e(μ_i, [τ^i]_2)` (one G_T element) and the
//! file metadata (`k, n, m, L`, encoding; `m' = next_pow2(m)` follows from
//! `m`). The row commitments `μ_i = [P_i(σ)]_1` are the prover's hint: they
//! may be shipped alongside, but verification never reads them.

use crate::AplonkError;
use ark_ec::pairing::{Pairing, PairingOutput};
use ark_serialize::{
    CanonicalDeserialize, CanonicalSerialize, Compress, SerializationError, Valid, Validate,
};
use ark_std::io::{Read, Write};
use vidkit_core::FileInfo;

/// The public commitment to one file: `com_f` and the file metadata.
///
/// Every value is validated: `com_f` has order `r` (the verifier's G_T
/// multi-exponentiation relies on it) and the metadata is self-consistent.
/// The fields are private; [`Commitment::new`] and deserialization (in
/// every [`Validate`] mode) check them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Commitment<E: Pairing> {
    pub(crate) info: FileInfo,
    pub(crate) com_f: PairingOutput<E>,
}

impl<E: Pairing> Commitment<E> {
    /// A commitment from its parts; fails with a deserialization error
    /// ([`vidkit_core::SerializationFault::InvalidData`]) if `com_f` does not
    /// have order `r` or `info` is inconsistent (`k = 0`, `n < k`, `m = 0`,
    /// `L` too large for `m·k` elements).
    pub fn new(info: FileInfo, com_f: PairingOutput<E>) -> Result<Self, AplonkError> {
        let c = Self { info, com_f };
        c.validate()
            .map_err(|e| vidkit_core::Error::Deserialization {
                what: "aPlonK commitment",
                source: e.into(),
            })?;
        Ok(c)
    }

    /// File metadata (k, n, m, L, encoding).
    pub fn info(&self) -> &FileInfo {
        &self.info
    }

    /// `com_f = Σ_i e(μ_i, [τ^i]_2)`.
    pub fn com_f(&self) -> &PairingOutput<E> {
        &self.com_f
    }

    /// `m' = next_pow2(m)`: the length the row vector is padded to.
    pub fn m_prime(&self) -> usize {
        m_prime(self.info.m)
    }

    fn validate(&self) -> Result<(), SerializationError> {
        Valid::check(&self.info)?;
        crate::proof::check_gt(&self.com_f)
    }
}

impl<E: Pairing> CanonicalSerialize for Commitment<E> {
    fn serialize_with_mode<W: Write>(
        &self,
        mut writer: W,
        compress: Compress,
    ) -> Result<(), SerializationError> {
        self.info.serialize_with_mode(&mut writer, compress)?;
        self.com_f.serialize_with_mode(&mut writer, compress)
    }

    fn serialized_size(&self, compress: Compress) -> usize {
        self.info.serialized_size(compress) + self.com_f.serialized_size(compress)
    }
}

/// Every value is validated when it is made, so there is nothing left to check.
impl<E: Pairing> Valid for Commitment<E> {
    fn check(&self) -> Result<(), SerializationError> {
        Ok(())
    }
}

/// Reads a commitment and validates it **whatever `validate` says** (see
/// [`Commitment`]).
impl<E: Pairing> CanonicalDeserialize for Commitment<E> {
    fn deserialize_with_mode<R: Read>(
        mut reader: R,
        compress: Compress,
        _validate: Validate,
    ) -> Result<Self, SerializationError> {
        let info = FileInfo::deserialize_with_mode(&mut reader, compress, Validate::No)?;
        let com_f = PairingOutput::deserialize_with_mode(&mut reader, compress, Validate::No)?;
        let c = Self { info, com_f };
        c.validate()?;
        Ok(c)
    }
}

/// The row commitments `μ_i = [P_i(σ)]_1`, `i < m` (prover-side data).
#[derive(Clone, Debug, PartialEq, Eq, CanonicalSerialize, CanonicalDeserialize)]
pub struct RowCommitments<E: Pairing> {
    /// `μ_i` for `i < m` (the padding rows `m ≤ i < m'` are the identity and not stored).
    pub mu: Vec<E::G1Affine>,
}

/// `m' = next_pow2(m)` (1 for `m ≤ 1`). No file has `m > 2^(usize::BITS − 1)`
/// rows (`m ≤ L / 31`); for such an `m` this is `usize::MAX`, never a panic.
pub fn m_prime(m: usize) -> usize {
    m.max(1).checked_next_power_of_two().unwrap_or(usize::MAX)
}

/// `κ = log2(m') = ⌈log2 m⌉`: the number of IPA rounds (0 for `m ≤ 1`).
pub fn rounds(m: usize) -> usize {
    (usize::BITS - (m.max(1) - 1).leading_zeros()) as usize
}
