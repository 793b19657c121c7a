//! The aPlonK global commitment (docs/spec.md §7.9.1): aPlonK-PC's
//! commitment (`com_f` and the file metadata) and the Merkle root of the
//! shards. Wire format: aPlonK-PC's commitment, then the 32 root bytes —
//! 32 bytes more than aPlonK-PC.

use crate::Commitment;
use ark_ec::pairing::Pairing;
use ark_serialize::{
    CanonicalDeserialize, CanonicalSerialize, Compress, SerializationError, Valid, Validate,
};
use ark_std::io::{Read, Write};
use vidkit_core::{merkle::Hash, FileInfo};

/// Commitment to one file: aPlonK-PC's `com_f` with the metadata, and the
/// root of the Merkle tree over the shards. Validated like aPlonK-PC's
/// [`Commitment`] (in every [`Validate`] mode).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GlobalCommitment<E: Pairing> {
    inner: Commitment<E>,
    root: Hash,
}

impl<E: Pairing> GlobalCommitment<E> {
    /// A commitment from aPlonK-PC's commitment and the root.
    pub fn new(inner: Commitment<E>, root: Hash) -> Self {
        Self { inner, root }
    }

    /// aPlonK-PC's commitment (`com_f` and the metadata).
    pub fn inner(&self) -> &Commitment<E> {
        &self.inner
    }

    /// The Merkle root over the leaves `H(j, y_j)`.
    pub fn root(&self) -> &Hash {
        &self.root
    }

    /// The file metadata.
    pub fn info(&self) -> &FileInfo {
        self.inner.info()
    }
}

impl<E: Pairing> Valid for GlobalCommitment<E> {
    fn check(&self) -> Result<(), SerializationError> {
        Valid::check(&self.inner)
    }
}

impl<E: Pairing> CanonicalSerialize for GlobalCommitment<E> {
    fn serialize_with_mode<W: Write>(
        &self,
        mut writer: W,
        compress: Compress,
    ) -> Result<(), SerializationError> {
        self.inner.serialize_with_mode(&mut writer, compress)?;
        writer.write_all(&self.root)?;
        Ok(())
    }

    fn serialized_size(&self, compress: Compress) -> usize {
        self.inner.serialized_size(compress) + self.root.len()
    }
}

impl<E: Pairing> CanonicalDeserialize for GlobalCommitment<E> {
    fn deserialize_with_mode<R: Read>(
        mut reader: R,
        compress: Compress,
        validate: Validate,
    ) -> Result<Self, SerializationError> {
        let inner = Commitment::deserialize_with_mode(&mut reader, compress, validate)?;
        let mut root = [0u8; 32];
        reader.read_exact(&mut root)?;
        Ok(Self { inner, root })
    }
}
