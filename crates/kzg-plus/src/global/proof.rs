//! The KZG+ global proof of one shard (docs/spec.md §5.8.3): the KZG opening
//! `π_j` of the file's one combined polynomial `Q` at `α_j`, and the shard's
//! Merkle path.
//!
//! Wire format: `π_j` (one G1 point), one byte `d` (the path length), then
//! the `d` siblings of 32 bytes, leaf level first. Deserialization refuses
//! `d >` [`MAX_DEPTH`] before it allocates the path;
//! [`GlobalProof::from_bytes`] (what [`vidkit_core::Scheme::proof_from_bytes`]
//! calls) also checks `d = ⌈log2 n⌉` and the byte length against the file's
//! parameters before it decodes the point.

use super::merkle::{depth, Hash, MAX_DEPTH};
use crate::KzgPlusError;
use ark_ec::{pairing::Pairing, AffineRepr};
use ark_serialize::{
    CanonicalDeserialize, CanonicalSerialize, Compress, SerializationError, Valid, Validate,
};
use ark_std::{
    io::{Read, Write},
    vec::Vec,
};
use vidkit_core::FileInfo;

/// The proof of one shard: one G1 point and `⌈log2 n⌉` hashes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GlobalProof<E: Pairing> {
    pi: E::G1Affine,
    path: Vec<Hash>,
}

impl<E: Pairing> GlobalProof<E> {
    /// A proof from its opening and path; fails on a path longer than
    /// [`MAX_DEPTH`] (no file has one; the verifier checks the exact length
    /// against `n`).
    pub fn new(pi: E::G1Affine, path: Vec<Hash>) -> Result<Self, KzgPlusError> {
        if path.len() > MAX_DEPTH {
            return Err(KzgPlusError::PathLength {
                got: path.len(),
                expected: MAX_DEPTH,
            });
        }
        Ok(Self { pi, path })
    }

    /// `π_j = [(Q(τ) − Q(α_j))/(τ − α_j)]_1`.
    pub fn pi(&self) -> &E::G1Affine {
        &self.pi
    }

    /// The Merkle path: the sibling at every level, leaf level first.
    pub fn path(&self) -> &[Hash] {
        &self.path
    }

    /// The compressed size of a proof of a shard of a file of `n` shards:
    /// one G1 point, one length byte and `⌈log2 n⌉` hashes.
    pub fn size_for(n: usize) -> usize {
        E::G1Affine::zero().compressed_size() + 1 + 32 * depth(n)
    }

    /// Reads the proof of a shard of the file described by `info` from
    /// untrusted bytes (compressed, validated, no trailing bytes). The path
    /// length byte must be `⌈log2 n⌉` and the bytes exactly
    /// [`GlobalProof::size_for`]`(n)` long: both are checked before the
    /// point is decoded or the path allocated.
    pub fn from_bytes(bytes: &[u8], info: &FileInfo) -> Result<Self, KzgPlusError> {
        let expected = depth(info.n);
        let g1 = E::G1Affine::zero().compressed_size();
        let stated = *bytes.get(g1).ok_or(vidkit_core::Error::Deserialization {
            what: "proof",
            source: vidkit_core::SerializationFault::Truncated,
        })?;
        if usize::from(stated) != expected {
            return Err(KzgPlusError::PathLength {
                got: stated.into(),
                expected,
            });
        }
        vidkit_core::check_length("proof", bytes, Self::size_for(info.n))?;
        Ok(vidkit_core::from_bytes("proof", bytes)?)
    }
}

impl<E: Pairing> Valid for GlobalProof<E> {
    fn check(&self) -> Result<(), SerializationError> {
        if self.path.len() > MAX_DEPTH {
            return Err(SerializationError::InvalidData);
        }
        self.pi.check()
    }
}

impl<E: Pairing> CanonicalSerialize for GlobalProof<E> {
    fn serialize_with_mode<W: Write>(
        &self,
        mut writer: W,
        compress: Compress,
    ) -> Result<(), SerializationError> {
        self.pi.serialize_with_mode(&mut writer, compress)?;
        let d = u8::try_from(self.path.len()).map_err(|_| SerializationError::InvalidData)?;
        writer.write_all(&[d])?;
        for h in &self.path {
            writer.write_all(h)?;
        }
        Ok(())
    }

    fn serialized_size(&self, compress: Compress) -> usize {
        self.pi.serialized_size(compress) + 1 + 32 * self.path.len()
    }
}

impl<E: Pairing> CanonicalDeserialize for GlobalProof<E> {
    fn deserialize_with_mode<R: Read>(
        mut reader: R,
        compress: Compress,
        validate: Validate,
    ) -> Result<Self, SerializationError> {
        let pi = E::G1Affine::deserialize_with_mode(&mut reader, compress, validate)?;
        let mut d = [0u8; 1];
        reader.read_exact(&mut d)?;
        let d = usize::from(d[0]);
        // bounded before anything is allocated, in every mode
        if d > MAX_DEPTH {
            return Err(SerializationError::InvalidData);
        }
        let mut path = Vec::with_capacity(d);
        for _ in 0..d {
            let mut h = [0u8; 32];
            reader.read_exact(&mut h)?;
            path.push(h);
        }
        Ok(Self { pi, path })
    }
}
