//! The KZG+ global commitment: KZG+'s commitment (metadata and the `m` row
//! commitments, with their digest `h_C`) and the Merkle root of the shards
//! (docs/spec.md §5.8.1). Wire format: KZG+'s commitment, then the 32 root
//! bytes — 32 bytes more than KZG+.

use super::merkle::Hash;
use crate::Commitment;
use ark_ec::pairing::Pairing;
use ark_serialize::{
    CanonicalDeserialize, CanonicalSerialize, Compress, SerializationError, Valid, Validate,
};
use ark_std::io::{Read, Write};
use vidkit_core::FileInfo;

/// Commitment to one file: KZG+'s row commitments and the root of the
/// Merkle tree over the shards.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GlobalCommitment<E: Pairing> {
    rows: Commitment<E>,
    root: Hash,
}

impl<E: Pairing> GlobalCommitment<E> {
    /// A commitment from the row commitments and the root.
    pub fn new(rows: Commitment<E>, root: Hash) -> Self {
        Self { rows, root }
    }

    /// The row commitments (a KZG+ [`Commitment`], with its digest `h_C`).
    pub fn rows(&self) -> &Commitment<E> {
        &self.rows
    }

    /// The Merkle root over the leaves `H(j, y_j)`.
    pub fn root(&self) -> &Hash {
        &self.root
    }

    /// The file metadata.
    pub fn info(&self) -> &FileInfo {
        self.rows.info()
    }
}

impl<E: Pairing> Valid for GlobalCommitment<E> {
    fn check(&self) -> Result<(), SerializationError> {
        Valid::check(&self.rows)
    }
}

impl<E: Pairing> CanonicalSerialize for GlobalCommitment<E> {
    fn serialize_with_mode<W: Write>(
        &self,
        mut writer: W,
        compress: Compress,
    ) -> Result<(), SerializationError> {
        self.rows.serialize_with_mode(&mut writer, compress)?;
        writer.write_all(&self.root)?;
        Ok(())
    }

    fn serialized_size(&self, compress: Compress) -> usize {
        self.rows.serialized_size(compress) + self.root.len()
    }
}

impl<E: Pairing> CanonicalDeserialize for GlobalCommitment<E> {
    fn deserialize_with_mode<R: Read>(
        mut reader: R,
        compress: Compress,
        validate: Validate,
    ) -> Result<Self, SerializationError> {
        let rows = Commitment::deserialize_with_mode(&mut reader, compress, validate)?;
        let mut root = [0u8; 32];
        reader.read_exact(&mut root)?;
        Ok(Self { rows, root })
    }
}
