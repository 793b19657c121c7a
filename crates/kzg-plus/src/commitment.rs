//! The KZG+ commitment: the file metadata and the `m` row commitments
//! `C_i = [P_i(τ)]_1` (docs/spec.md §5.2), with the digest
//! `h_C = H(DST, curve, k, n, m, L, encoding, C_0 … C_{m−1})` computed once
//! (on construction and on deserialization) so that per-shard challenges bind
//! all commitments in O(1).

use crate::{KzgPlusError, NAME};
use ark_ec::pairing::Pairing;
use ark_serialize::{
    CanonicalDeserialize, CanonicalSerialize, Compress, SerializationError, Valid, Validate,
};
use ark_std::io::{Read, Write};
use vidkit_core::{FileInfo, Transcript};

/// Commitment to one file: metadata + one G1 point per row.
#[derive(Clone, Debug)]
pub struct Commitment<E: Pairing> {
    info: FileInfo,
    rows: Vec<E::G1Affine>,
    digest: [u8; 64],
}

impl<E: Pairing> Commitment<E> {
    /// A commitment from its parts; fails unless there is one point per row.
    pub fn new(info: FileInfo, rows: Vec<E::G1Affine>) -> Result<Self, KzgPlusError> {
        if rows.len() != info.m {
            return Err(KzgPlusError::CommitmentLength {
                got: rows.len(),
                expected: info.m,
            });
        }
        Ok(Self::new_unchecked(info, rows))
    }

    fn new_unchecked(info: FileInfo, rows: Vec<E::G1Affine>) -> Self {
        let digest = Self::compute_digest(&info, &rows);
        Self { info, rows, digest }
    }

    fn compute_digest(info: &FileInfo, rows: &[E::G1Affine]) -> [u8; 64] {
        let mut t = Transcript::new(&Transcript::dst(NAME, "commitment"));
        t.append_curve::<E>();
        info.append_to(&mut t);
        t.append(b"rows", rows);
        t.digest()
    }

    /// The file metadata.
    pub fn info(&self) -> &FileInfo {
        &self.info
    }

    /// The row commitments `C_i`.
    pub fn rows(&self) -> &[E::G1Affine] {
        &self.rows
    }

    /// `h_C`, the digest bound into every shard challenge.
    pub fn digest(&self) -> &[u8; 64] {
        &self.digest
    }
}

impl<E: Pairing> PartialEq for Commitment<E> {
    fn eq(&self, other: &Self) -> bool {
        self.info == other.info && self.rows == other.rows
    }
}

impl<E: Pairing> Eq for Commitment<E> {}

impl<E: Pairing> Valid for Commitment<E> {
    fn check(&self) -> Result<(), SerializationError> {
        Valid::check(&self.info)?;
        if self.rows.len() != self.info.m {
            return Err(SerializationError::InvalidData);
        }
        self.rows.check()
    }
}

impl<E: Pairing> CanonicalSerialize for Commitment<E> {
    fn serialize_with_mode<W: Write>(
        &self,
        mut writer: W,
        compress: Compress,
    ) -> Result<(), SerializationError> {
        self.info.serialize_with_mode(&mut writer, compress)?;
        self.rows.serialize_with_mode(&mut writer, compress)
    }

    fn serialized_size(&self, compress: Compress) -> usize {
        self.info.serialized_size(compress) + self.rows.serialized_size(compress)
    }
}

impl<E: Pairing> CanonicalDeserialize for Commitment<E> {
    fn deserialize_with_mode<R: Read>(
        mut reader: R,
        compress: Compress,
        validate: Validate,
    ) -> Result<Self, SerializationError> {
        let info = FileInfo::deserialize_with_mode(&mut reader, compress, validate)?;
        let rows = Vec::<E::G1Affine>::deserialize_with_mode(&mut reader, compress, validate)?;
        if validate == Validate::Yes && rows.len() != info.m {
            return Err(SerializationError::InvalidData);
        }
        Ok(Self::new_unchecked(info, rows))
    }
}
