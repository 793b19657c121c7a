//! Prover and verifier keys (docs/spec.md §5.1).
//!
//! The prover key holds the `k` G1 powers `[τ^c]_1`, a fixed-base window table
//! for them (rebuilt on deserialization, never serialized) and the verifier
//! key (the prover needs its digest for the transcript). The verifier key is
//! `G, H, [τ]_2` (with prepared G2 points, see [`vidkit_kzg::VerifierKey`]),
//! the largest supported row count `m_max`, and a cached digest of its points
//! that every challenge binds (docs/spec.md §2: "a digest of the SRS/verifier key").

use crate::NAME;
use ark_ec::pairing::Pairing;
use ark_serialize::{
    CanonicalDeserialize, CanonicalSerialize, Compress, SerializationError, Valid, Validate,
};
use ark_std::io::{Read, Write};
use vidkit_core::Transcript;
use vidkit_kzg::CommitterKey;

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
/// table, see [`vidkit_kzg::CommitterKey`]) and the verifier key (whose digest
/// the transcript binds).
#[derive(Clone, Debug, PartialEq, Eq, CanonicalSerialize, CanonicalDeserialize)]
pub struct ProverKey<E: Pairing> {
    pub(crate) ck: CommitterKey<E>,
    pub(crate) vk: VerifierKey<E>,
}

impl<E: Pairing> ProverKey<E> {
    /// Builds a prover key from the powers `[τ^c]_1` (`c < k`) and the
    /// matching verifier key; precomputes the fixed-base table.
    pub fn new(powers: Vec<E::G1Affine>, vk: VerifierKey<E>) -> Self {
        Self {
            ck: CommitterKey::new(powers),
            vk,
        }
    }

    /// The G1 powers.
    pub fn powers(&self) -> &[E::G1Affine] {
        self.ck.powers()
    }

    /// The verifier key.
    pub fn verifier_key(&self) -> &VerifierKey<E> {
        &self.vk
    }
}
