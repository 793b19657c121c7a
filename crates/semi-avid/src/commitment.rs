//! Wire types: the commitment (one G1 point per source column, docs/spec.md
//! §6.2) and the empty per-shard proof (§6.3).

use crate::SemiAvidError;
use ark_ec::pairing::Pairing;
use ark_serialize::{
    CanonicalDeserialize, CanonicalSerialize, Compress, SerializationError, Valid, Validate,
};
use ark_std::io::{Read, Write};
use vidkit_core::FileInfo;

/// The Semi-AVID-PC commitment to one file: its metadata and
/// `γ_c = Σ_i M[i][c]·B_i` for every column `c < k` of the coefficient matrix.
///
/// Construct it with [`SemiAvidCommitment::new`] (checks the column count and
/// that every point lies in the prime-order subgroup) or deserialize it with
/// validation (`vidkit_core::from_bytes`, which does the same checks); the
/// fields are private so that a commitment held in memory is always well-formed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SemiAvidCommitment<E: Pairing> {
    info: FileInfo,
    columns: Vec<E::G1Affine>,
}

impl<E: Pairing> SemiAvidCommitment<E> {
    /// A commitment from its parts: fails with [`SemiAvidError::ColumnCount`]
    /// unless there are `info.k` points, and with
    /// [`SemiAvidError::NotInSubgroup`] for a point outside the prime-order
    /// subgroup.
    pub fn new(info: FileInfo, columns: Vec<E::G1Affine>) -> Result<Self, SemiAvidError> {
        if columns.len() != info.k {
            return Err(SemiAvidError::ColumnCount {
                got: columns.len(),
                expected: info.k,
            });
        }
        // arkworks' `Valid::check` of an affine point tests the curve equation
        // and membership in the prime-order subgroup
        if let Some(index) = columns.iter().position(|p| Valid::check(p).is_err()) {
            return Err(SemiAvidError::NotInSubgroup { index });
        }
        Ok(Self { info, columns })
    }

    /// Built by this crate from points it computed itself.
    pub(crate) fn new_unchecked(info: FileInfo, columns: Vec<E::G1Affine>) -> Self {
        Self { info, columns }
    }

    /// The file metadata.
    pub fn info(&self) -> &FileInfo {
        &self.info
    }

    /// The column commitments `γ_0 … γ_{k−1}`.
    pub fn columns(&self) -> &[E::G1Affine] {
        &self.columns
    }
}

impl<E: Pairing> CanonicalSerialize for SemiAvidCommitment<E> {
    fn serialize_with_mode<W: Write>(
        &self,
        mut writer: W,
        compress: Compress,
    ) -> Result<(), SerializationError> {
        self.info.serialize_with_mode(&mut writer, compress)?;
        self.columns.serialize_with_mode(writer, compress)
    }

    fn serialized_size(&self, compress: Compress) -> usize {
        self.info.serialized_size(compress) + self.columns.serialized_size(compress)
    }
}

impl<E: Pairing> Valid for SemiAvidCommitment<E> {
    fn check(&self) -> Result<(), SerializationError> {
        Valid::check(&self.info)?;
        if self.columns.len() != self.info.k {
            return Err(SerializationError::InvalidData);
        }
        E::G1Affine::batch_check(self.columns.iter())
    }
}

impl<E: Pairing> CanonicalDeserialize for SemiAvidCommitment<E> {
    fn deserialize_with_mode<R: Read>(
        mut reader: R,
        compress: Compress,
        validate: Validate,
    ) -> Result<Self, SerializationError> {
        let info = FileInfo::deserialize_with_mode(&mut reader, compress, validate)?;
        let columns = Vec::deserialize_with_mode(reader, compress, validate)?;
        let c = Self { info, columns };
        if validate == Validate::Yes {
            // the points were checked while reading; the count is checked here
            if c.columns.len() != c.info.k {
                return Err(SerializationError::InvalidData);
            }
        }
        Ok(c)
    }
}

/// The per-shard proof of Semi-AVID-PC: there is none (docs/spec.md §6.3).
///
/// A zero-sized type that serializes to zero bytes; verification of a shard
/// uses only the commitment and the shard. It exists so that Semi-AVID fits
/// the [`vidkit_core::Scheme`] interface and reads as "no proof" in signatures.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct NoProof;

impl CanonicalSerialize for NoProof {
    fn serialize_with_mode<W: Write>(
        &self,
        _writer: W,
        _compress: Compress,
    ) -> Result<(), SerializationError> {
        Ok(())
    }

    fn serialized_size(&self, _compress: Compress) -> usize {
        0
    }
}

impl Valid for NoProof {
    fn check(&self) -> Result<(), SerializationError> {
        Ok(())
    }
}

impl CanonicalDeserialize for NoProof {
    fn deserialize_with_mode<R: Read>(
        _reader: R,
        _compress: Compress,
        _validate: Validate,
    ) -> Result<Self, SerializationError> {
        Ok(Self)
    }
}
