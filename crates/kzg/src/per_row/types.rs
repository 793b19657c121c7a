//! Keys, commitment and proof of the per-row KZG scheme (schemes.md §4).

use crate::{FixedBaseTable, DEFAULT_POINT_BUDGET};
use ark_ec::pairing::Pairing;
use ark_serialize::{
    CanonicalDeserialize, CanonicalSerialize, Compress, SerializationError, Valid, Validate,
};
use ark_std::{
    fmt,
    io::{Read, Write},
    sync::Arc,
};
use vidkit_core::FileInfo;

/// Verifier key: `G, H, [τ]_2` (prepared) and the largest row count `m_max`.
#[derive(Clone, Debug, PartialEq, Eq, CanonicalSerialize, CanonicalDeserialize)]
pub struct PerRowVerifierKey<E: Pairing> {
    /// The KZG verifier key.
    pub kzg: crate::VerifierKey<E>,
    /// Largest number of rows accepted.
    pub m_max: u64,
}

/// Prover key: the `k` G1 powers (with their fixed-base table, rebuilt on
/// deserialization) and the verifier key.
#[derive(Clone)]
pub struct PerRowProverKey<E: Pairing> {
    pub(crate) powers: Vec<E::G1Affine>,
    pub(crate) table: Arc<FixedBaseTable<E::G1>>,
    pub(crate) vk: PerRowVerifierKey<E>,
}

impl<E: Pairing> PerRowProverKey<E> {
    /// A prover key from the powers `[τ^c]_1`, `c < k`, and the verifier key.
    pub fn new(powers: Vec<E::G1Affine>, vk: PerRowVerifierKey<E>) -> Self {
        let table = Arc::new(FixedBaseTable::new(&powers, DEFAULT_POINT_BUDGET));
        Self { powers, table, vk }
    }
}

impl<E: Pairing> fmt::Debug for PerRowProverKey<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PerRowProverKey")
            .field("powers", &self.powers.len())
            .field("vk", &self.vk)
            .finish()
    }
}

impl<E: Pairing> PartialEq for PerRowProverKey<E> {
    fn eq(&self, other: &Self) -> bool {
        self.powers == other.powers && self.vk == other.vk
    }
}

impl<E: Pairing> Eq for PerRowProverKey<E> {}

impl<E: Pairing> Valid for PerRowProverKey<E> {
    fn check(&self) -> Result<(), SerializationError> {
        self.powers.check()?;
        self.vk.check()
    }
}

impl<E: Pairing> CanonicalSerialize for PerRowProverKey<E> {
    fn serialize_with_mode<W: Write>(
        &self,
        mut writer: W,
        compress: Compress,
    ) -> Result<(), SerializationError> {
        self.powers.serialize_with_mode(&mut writer, compress)?;
        self.vk.serialize_with_mode(&mut writer, compress)
    }

    fn serialized_size(&self, compress: Compress) -> usize {
        self.powers.serialized_size(compress) + self.vk.serialized_size(compress)
    }
}

impl<E: Pairing> CanonicalDeserialize for PerRowProverKey<E> {
    fn deserialize_with_mode<R: Read>(
        mut reader: R,
        compress: Compress,
        validate: Validate,
    ) -> Result<Self, SerializationError> {
        let powers = Vec::<E::G1Affine>::deserialize_with_mode(&mut reader, compress, validate)?;
        let vk = PerRowVerifierKey::deserialize_with_mode(&mut reader, compress, validate)?;
        Ok(Self::new(powers, vk))
    }
}

/// Commitment: file metadata and `C_i = [P_i(τ)]_1` for every row.
#[derive(Clone, Debug, PartialEq, Eq, CanonicalSerialize, CanonicalDeserialize)]
pub struct PerRowCommitment<E: Pairing> {
    /// File metadata.
    pub info: FileInfo,
    /// One commitment per row (the verifier checks there are exactly `m`).
    pub rows: Vec<E::G1Affine>,
}

/// Proof of one shard: one KZG opening per row, `π_{i,j}` for `i < m`.
#[derive(Clone, Debug, PartialEq, Eq, CanonicalSerialize, CanonicalDeserialize)]
pub struct PerRowProof<E: Pairing> {
    /// The openings, row by row (the verifier checks there are exactly `m`).
    pub openings: Vec<E::G1Affine>,
}
