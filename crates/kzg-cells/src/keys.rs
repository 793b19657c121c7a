//! Prover and verifier keys (docs/spec.md §11.1).
//!
//! From one powers-of-τ string: the prover keeps the `k·ℓ` G1 powers (with
//! a fixed-base table for the commitments) and the FK20 precomputation for
//! `(ℓ, k)` with the MSM table [`Fk20::for_proofs`] plans for a key kept for
//! good (rebuilt on deserialization, never serialized); the verifier
//! keeps `[τ^t]_1` for `t < ℓ` (to commit to a cell's interpolation
//! polynomial), `[1]_2` and `[τ^ℓ]_2`, and `m_max`.

use crate::NAME;
use ark_ec::pairing::Pairing;
use ark_serialize::{
    CanonicalDeserialize, CanonicalSerialize, Compress, SerializationError, Valid, Validate,
};
use ark_std::{
    io::{Read, Write},
    vec::Vec,
};
use vidkit_core::Transcript;
use vidkit_kzg::{fk20::Fk20, CommitterKey};

/// What a cells verifier needs.
#[derive(Clone, Debug)]
pub struct VerifierKey<E: Pairing> {
    /// `G = [1]_1`, `H = [1]_2` and, in the place of `[τ]_2`, `[τ^ℓ]_2`:
    /// [`vidkit_kzg::VerifierKey::pairing_check`] then computes
    /// `e(a, H)·e(b, [τ^ℓ]_2)` with both G2 points prepared.
    pub(crate) kzg: vidkit_kzg::VerifierKey<E>,
    /// `[τ^t]_1`, `t < ℓ`.
    pub(crate) powers: Vec<E::G1Affine>,
    pub(crate) m_max: usize,
    pub(crate) digest: [u8; 64],
}

impl<E: Pairing> VerifierKey<E> {
    /// Builds a verifier key from `[τ^t]_1` (`t < ℓ`), `[1]_2`, `[τ^ℓ]_2` and
    /// the largest row count `m_max`. Fails if a point is the identity or
    /// `ℓ` (the number of G1 powers) is not a power of two.
    pub fn new(
        powers: Vec<E::G1Affine>,
        h: E::G2Affine,
        tau_cell_h: E::G2Affine,
        m_max: usize,
    ) -> Result<Self, crate::KzgCellsError> {
        if !powers.len().is_power_of_two() {
            return Err(crate::KzgCellsError::CellSize(powers.len()));
        }
        let kzg = vidkit_kzg::VerifierKey::new(powers[0], h, tau_cell_h)?;
        Ok(Self::from_parts(kzg, powers, m_max))
    }

    fn from_parts(kzg: vidkit_kzg::VerifierKey<E>, powers: Vec<E::G1Affine>, m_max: usize) -> Self {
        let mut t = Transcript::new(&Transcript::dst(NAME, "verifier-key"));
        t.append_curve::<E>();
        t.append(b"kzg-vk", &kzg);
        t.append(b"powers", &powers);
        let digest = t.digest();
        Self {
            kzg,
            powers,
            m_max,
            digest,
        }
    }

    /// The cell size `ℓ`.
    pub fn cell(&self) -> usize {
        self.powers.len()
    }

    /// `[τ^t]_1`, `t < ℓ`.
    pub fn powers(&self) -> &[E::G1Affine] {
        &self.powers
    }

    /// `[1]_2`.
    pub fn h(&self) -> E::G2Affine {
        self.kzg.h
    }

    /// `[τ^ℓ]_2`.
    pub fn tau_cell_h(&self) -> E::G2Affine {
        self.kzg.tau_h
    }

    /// Largest number of rows a file may have.
    pub fn m_max(&self) -> usize {
        self.m_max
    }

    /// Digest of the key's points, bound into the folding challenge.
    pub fn digest(&self) -> &[u8; 64] {
        &self.digest
    }
}

impl<E: Pairing> PartialEq for VerifierKey<E> {
    fn eq(&self, other: &Self) -> bool {
        self.kzg == other.kzg && self.powers == other.powers && self.m_max == other.m_max
    }
}

impl<E: Pairing> Eq for VerifierKey<E> {}

impl<E: Pairing> Valid for VerifierKey<E> {
    fn check(&self) -> Result<(), SerializationError> {
        self.kzg.check()?;
        self.powers.check()?;
        if !self.powers.len().is_power_of_two() || self.powers[0] != self.kzg.g {
            return Err(SerializationError::InvalidData);
        }
        Ok(())
    }
}

impl<E: Pairing> CanonicalSerialize for VerifierKey<E> {
    fn serialize_with_mode<W: Write>(
        &self,
        mut writer: W,
        compress: Compress,
    ) -> Result<(), SerializationError> {
        self.kzg.serialize_with_mode(&mut writer, compress)?;
        self.powers.serialize_with_mode(&mut writer, compress)?;
        (self.m_max as u64).serialize_with_mode(&mut writer, compress)
    }

    fn serialized_size(&self, compress: Compress) -> usize {
        self.kzg.serialized_size(compress) + self.powers.serialized_size(compress) + 8
    }
}

impl<E: Pairing> CanonicalDeserialize for VerifierKey<E> {
    fn deserialize_with_mode<R: Read>(
        mut reader: R,
        compress: Compress,
        validate: Validate,
    ) -> Result<Self, SerializationError> {
        let kzg = vidkit_kzg::VerifierKey::deserialize_with_mode(&mut reader, compress, validate)?;
        let powers = Vec::<E::G1Affine>::deserialize_with_mode(&mut reader, compress, validate)?;
        let m_max = u64::deserialize_with_mode(&mut reader, compress, validate)?;
        let m_max = usize::try_from(m_max).map_err(|_| SerializationError::InvalidData)?;
        // structural, checked in every mode: `cell()` and the pairing
        // equation rely on it
        if !powers.len().is_power_of_two() {
            return Err(SerializationError::InvalidData);
        }
        let vk = Self::from_parts(kzg, powers, m_max);
        if validate == Validate::Yes {
            vk.check()?;
        }
        Ok(vk)
    }
}

/// What the cells prover needs: the `k·ℓ` G1 powers (with their fixed-base
/// table), the FK20 precomputation for `(ℓ, k)`, and the verifier key.
///
/// A prover key is built once and used for many files, so FK20's `D`
/// per-frequency MSMs of `ℓ` points keep the table [`Fk20::plan_for`] picks
/// for a key kept for good (`usize::MAX` proof runs, within
/// [`vidkit_kzg::fk20::FK20_TABLE_POINTS`] points in all): with cells of 64
/// elements a windows table of width 10 on BLS12-381 and BN254 (26 points
/// per base, `26·64·D` affine points), none on BLS24-317 (no windows table
/// outside vidkit-msm's fast path); with cells of a few elements a
/// multiples table. [`ProverKey::fk20`]'s [`Fk20::plan`] and
/// [`Fk20::table_points`] say what was built. The table is never
/// serialized: deserializing rebuilds it, and equality ignores it (the
/// proofs are the same points with or without it).
#[derive(Clone, Debug)]
pub struct ProverKey<E: Pairing> {
    pub(crate) ck: CommitterKey<E>,
    pub(crate) fk20: Fk20<E>,
    pub(crate) vk: VerifierKey<E>,
}

impl<E: Pairing> ProverKey<E> {
    /// Builds a prover key from the powers `[τ^c]_1` (`c < k·ℓ`, `ℓ` the
    /// verifier key's cell size) and the matching verifier key;
    /// precomputes the fixed-base table and FK20 with its MSM table (see
    /// the type docs).
    pub fn new(powers: Vec<E::G1Affine>, vk: VerifierKey<E>) -> Result<Self, crate::KzgCellsError> {
        let cell = vk.cell();
        if powers.is_empty() || powers.len() % cell != 0 {
            return Err(vidkit_core::Error::KeyTooShort {
                have: powers.len(),
                need: powers.len().div_ceil(cell).max(1) * cell,
            }
            .into());
        }
        let fk20 = Fk20::for_proofs(&powers, cell, powers.len() / cell, usize::MAX)?;
        Ok(Self {
            ck: CommitterKey::new(powers),
            fk20,
            vk,
        })
    }

    /// The G1 powers.
    pub fn powers(&self) -> &[E::G1Affine] {
        self.ck.powers()
    }

    /// The FK20 precomputation.
    pub fn fk20(&self) -> &Fk20<E> {
        &self.fk20
    }

    /// The verifier key.
    pub fn verifier_key(&self) -> &VerifierKey<E> {
        &self.vk
    }
}

impl<E: Pairing> PartialEq for ProverKey<E> {
    fn eq(&self, other: &Self) -> bool {
        self.ck == other.ck && self.vk == other.vk
    }
}

impl<E: Pairing> Eq for ProverKey<E> {}

impl<E: Pairing> Valid for ProverKey<E> {
    fn check(&self) -> Result<(), SerializationError> {
        self.ck.check()?;
        self.vk.check()
    }
}

impl<E: Pairing> CanonicalSerialize for ProverKey<E> {
    fn serialize_with_mode<W: Write>(
        &self,
        mut writer: W,
        compress: Compress,
    ) -> Result<(), SerializationError> {
        self.ck.serialize_with_mode(&mut writer, compress)?;
        self.vk.serialize_with_mode(&mut writer, compress)
    }

    fn serialized_size(&self, compress: Compress) -> usize {
        self.ck.serialized_size(compress) + self.vk.serialized_size(compress)
    }
}

impl<E: Pairing> CanonicalDeserialize for ProverKey<E> {
    fn deserialize_with_mode<R: Read>(
        mut reader: R,
        compress: Compress,
        validate: Validate,
    ) -> Result<Self, SerializationError> {
        let ck = CommitterKey::<E>::deserialize_with_mode(&mut reader, compress, validate)?;
        let vk = VerifierKey::deserialize_with_mode(&mut reader, compress, validate)?;
        let cell = vk.cell();
        let powers = ck.powers();
        if powers.is_empty() || powers.len() % cell != 0 {
            return Err(SerializationError::InvalidData);
        }
        let fk20 = Fk20::for_proofs(powers, cell, powers.len() / cell, usize::MAX)
            .map_err(|_| SerializationError::InvalidData)?;
        Ok(Self { ck, fk20, vk })
    }
}
