//! Prover and verifier keys (schemes.md §5.1).
//!
//! The prover key holds the `k` G1 powers `[τ^c]_1`, a fixed-base window table
//! for them (rebuilt on deserialization, never serialized) and the verifier
//! key (the prover needs its digest for the transcript). The verifier key is
//! `G, H, [τ]_2` (with prepared G2 points, see [`vidkit_kzg::VerifierKey`]),
//! the largest supported row count `m_max`, and a cached digest of its points
//! that every challenge binds (schemes.md §2: "a digest of the SRS/verifier key").

use crate::NAME;
use ark_ec::pairing::Pairing;
use ark_serialize::{
    CanonicalDeserialize, CanonicalSerialize, Compress, SerializationError, Valid, Validate,
};
use ark_std::{
    fmt,
    io::{Read, Write},
    sync::Arc,
};
use vidkit_core::Transcript;
use vidkit_kzg::{FixedBaseTable, DEFAULT_POINT_BUDGET};

/// What a KZG+ verifier needs.
#[derive(Clone, Debug)]
pub struct VerifierKey<E: Pairing> {
    pub(crate) kzg: vidkit_kzg::VerifierKey<E>,
    pub(crate) m_max: usize,
    pub(crate) digest: [u8; 64],
}

impl<E: Pairing> VerifierKey<E> {
    /// Builds a verifier key; `m_max` is the largest number of rows accepted.
    pub fn new(kzg: vidkit_kzg::VerifierKey<E>, m_max: usize) -> Self {
        let mut t = Transcript::new(&Transcript::dst(NAME, "verifier-key"));
        t.append_curve::<E>();
        t.append(b"kzg-vk", &kzg);
        let digest = t.digest();
        Self { kzg, m_max, digest }
    }

    /// The KZG verifier key (`G`, `H`, `[τ]_2`).
    pub fn kzg(&self) -> &vidkit_kzg::VerifierKey<E> {
        &self.kzg
    }

    /// Largest number of rows a file may have.
    pub fn m_max(&self) -> usize {
        self.m_max
    }

    /// Digest of the key's points, bound into every challenge.
    pub fn digest(&self) -> &[u8; 64] {
        &self.digest
    }
}

impl<E: Pairing> PartialEq for VerifierKey<E> {
    fn eq(&self, other: &Self) -> bool {
        self.kzg == other.kzg && self.m_max == other.m_max
    }
}

impl<E: Pairing> Eq for VerifierKey<E> {}

impl<E: Pairing> Valid for VerifierKey<E> {
    fn check(&self) -> Result<(), SerializationError> {
        self.kzg.check()
    }
}

impl<E: Pairing> CanonicalSerialize for VerifierKey<E> {
    fn serialize_with_mode<W: Write>(
        &self,
        mut writer: W,
        compress: Compress,
    ) -> Result<(), SerializationError> {
        self.kzg.serialize_with_mode(&mut writer, compress)?;
        (self.m_max as u64).serialize_with_mode(&mut writer, compress)
    }

    fn serialized_size(&self, compress: Compress) -> usize {
        self.kzg.serialized_size(compress) + 8
    }
}

impl<E: Pairing> CanonicalDeserialize for VerifierKey<E> {
    fn deserialize_with_mode<R: Read>(
        mut reader: R,
        compress: Compress,
        validate: Validate,
    ) -> Result<Self, SerializationError> {
        let kzg = vidkit_kzg::VerifierKey::deserialize_with_mode(&mut reader, compress, validate)?;
        let m_max = u64::deserialize_with_mode(&mut reader, compress, validate)?;
        let m_max = usize::try_from(m_max).map_err(|_| SerializationError::InvalidData)?;
        Ok(Self::new(kzg, m_max))
    }
}

/// What the KZG+ prover needs: the `k` G1 powers (with their fixed-base
/// table) and the verifier key.
#[derive(Clone)]
pub struct ProverKey<E: Pairing> {
    pub(crate) powers: Vec<E::G1Affine>,
    pub(crate) table: Arc<FixedBaseTable<E::G1>>,
    pub(crate) vk: VerifierKey<E>,
}

impl<E: Pairing> ProverKey<E> {
    /// Builds a prover key from the powers `[τ^c]_1` (`c < k`) and the
    /// matching verifier key; precomputes the fixed-base table.
    pub fn new(powers: Vec<E::G1Affine>, vk: VerifierKey<E>) -> Self {
        let table = Arc::new(FixedBaseTable::new(&powers, DEFAULT_POINT_BUDGET));
        Self { powers, table, vk }
    }

    /// The G1 powers.
    pub fn powers(&self) -> &[E::G1Affine] {
        &self.powers
    }

    /// The verifier key.
    pub fn verifier_key(&self) -> &VerifierKey<E> {
        &self.vk
    }
}

impl<E: Pairing> fmt::Debug for ProverKey<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ProverKey")
            .field("powers", &self.powers.len())
            .field("table_width", &self.table.width())
            .field("vk", &self.vk)
            .finish()
    }
}

impl<E: Pairing> PartialEq for ProverKey<E> {
    fn eq(&self, other: &Self) -> bool {
        self.powers == other.powers && self.vk == other.vk
    }
}

impl<E: Pairing> Eq for ProverKey<E> {}

impl<E: Pairing> Valid for ProverKey<E> {
    fn check(&self) -> Result<(), SerializationError> {
        self.powers.check()?;
        self.vk.check()
    }
}

impl<E: Pairing> CanonicalSerialize for ProverKey<E> {
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

impl<E: Pairing> CanonicalDeserialize for ProverKey<E> {
    fn deserialize_with_mode<R: Read>(
        mut reader: R,
        compress: Compress,
        validate: Validate,
    ) -> Result<Self, SerializationError> {
        let powers = Vec::<E::G1Affine>::deserialize_with_mode(&mut reader, compress, validate)?;
        let vk = VerifierKey::deserialize_with_mode(&mut reader, compress, validate)?;
        Ok(Self::new(powers, vk))
    }
}
