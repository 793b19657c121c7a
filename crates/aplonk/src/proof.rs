//! The per-shard proof and its wire format (docs/spec.md §7.3, §7.8).
//!
//! `(μ̂, π_kzg, {L_G, R_G, L_r, R_r}_{ℓ<κ}, μ_0, G_0, π_ck)`:
//! `(2κ + 3)` G1 + 2 G2 + `2κ` G_T, plus the 8-byte round count of the
//! arkworks vector encoding. The batched value `v̂` is not shipped: the
//! verifier recomputes it from the shard.
//!
//! **Every [`Proof`] and [`Round`] value is validated**: each G1 and G2 point
//! is on its curve and in the prime-order subgroup, and each G_T element has
//! order `r`. The verifier's fast paths (GLV decompositions of G1 scalars,
//! the Frobenius split of G_T exponents in `vidkit_msm::gt_msm`) are only
//! correct on such elements, so the fields are private and every way of
//! making a value checks them: the prover, [`Proof::new`] / [`Round::new`],
//! and deserialization, which validates **whatever [`Validate`] mode it is
//! asked for**.
//!
//! The round count is not trusted. [`Proof::from_bytes`] compares it with
//! `κ = log2(m')` of the public `m'`, and the byte length with
//! [`Proof::size`], before it decodes a single point; the generic
//! [`CanonicalDeserialize`] path (which knows no `m`) refuses more than
//! [`MAX_ROUNDS`] rounds before reading one, and `verify` checks the count
//! again ([`AplonkError::RoundCount`]).

use crate::{commitment::rounds, AplonkError};
use ark_ec::{
    pairing::{Pairing, PairingOutput},
    AffineRepr,
};
use ark_serialize::{
    CanonicalDeserialize, CanonicalSerialize, Compress, SerializationError, Valid, Validate,
};
use ark_std::io::{Read, Write};

/// The largest number of IPA rounds any proof can have: `m' = 2^κ` is a
/// `usize`, so `κ < usize::BITS`. Deserialization refuses a larger count
/// before it reads any round.
pub const MAX_ROUNDS: usize = usize::BITS as usize - 1;

/// The four messages of one IPA round (docs/spec.md §7.4), validated.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Round<E: Pairing> {
    pub(crate) l_g: PairingOutput<E>,
    pub(crate) r_g: PairingOutput<E>,
    pub(crate) l_r: E::G1Affine,
    pub(crate) r_r: E::G1Affine,
}

impl<E: Pairing> Round<E> {
    /// A round from its messages; fails with a deserialization error
    /// ([`vidkit_core::SerializationFault::InvalidData`]) unless both G1
    /// points are in the prime-order subgroup and both G_T elements have
    /// order `r`.
    pub fn new(
        l_g: PairingOutput<E>,
        r_g: PairingOutput<E>,
        l_r: E::G1Affine,
        r_r: E::G1Affine,
    ) -> Result<Self, AplonkError> {
        let round = Self { l_g, r_g, l_r, r_r };
        round.validate().map_err(|e| invalid("aPlonK round", e))?;
        Ok(round)
    }

    /// `L_G = ⟨a_L, G_R⟩_e`.
    pub fn l_g(&self) -> &PairingOutput<E> {
        &self.l_g
    }

    /// `R_G = ⟨a_R, G_L⟩_e`.
    pub fn r_g(&self) -> &PairingOutput<E> {
        &self.r_g
    }

    /// `L_r = ⟨a_L, b_R⟩`.
    pub fn l_r(&self) -> &E::G1Affine {
        &self.l_r
    }

    /// `R_r = ⟨a_R, b_L⟩`.
    pub fn r_r(&self) -> &E::G1Affine {
        &self.r_r
    }

    /// The cheap checks (G1 subgroup membership) of this round.
    pub(crate) fn validate_points(&self) -> Result<(), SerializationError> {
        self.l_r.check()?;
        self.r_r.check()
    }

    /// The G_T checks (one short exponentiation each, [`check_gt`]).
    pub(crate) fn validate_gt(&self) -> Result<(), SerializationError> {
        check_gt(&self.l_g)?;
        check_gt(&self.r_g)
    }

    fn validate(&self) -> Result<(), SerializationError> {
        self.validate_points()?;
        self.validate_gt()
    }
}

/// `t ∈ G_T` (order `r`), as arkworks' validation of a [`PairingOutput`]
/// decides it (`t^r = 1`, the same error when not) but with
/// [`vidkit_msm::gt_contains`]' short exponent: a 64-bit exponentiation
/// with cyclotomic squarings on BLS12-381 instead of a 255-bit one.
pub(crate) fn check_gt<E: Pairing>(t: &PairingOutput<E>) -> Result<(), SerializationError> {
    if vidkit_msm::gt_contains(t) {
        Ok(())
    } else {
        Err(SerializationError::InvalidData)
    }
}

/// The components of a [`Proof`], unvalidated: what [`Proof::new`] checks
/// and [`Proof::into_parts`] returns.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProofParts<E: Pairing> {
    /// `μ̂ = Σ_i r^i μ_i`, the batched row commitment.
    pub mu_hat: E::G1Affine,
    /// KZG opening (under σ) of `f = Σ_i r^i P_i` at `α_j`.
    pub pi_kzg: E::G1Affine,
    /// The `κ` IPA rounds, first round first.
    pub rounds: Vec<Round<E>>,
    /// `μ_0`: the fully folded row-commitment vector.
    pub mu_0: E::G1Affine,
    /// `G_0 = [g(τ)]_2`: the fully folded commitment key.
    pub g_0: E::G2Affine,
    /// KZG opening in G2 (under τ) of `g` at `ρ`.
    pub pi_ck: E::G2Affine,
}

/// The proof attached to one shard, validated (see the module docs).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Proof<E: Pairing> {
    pub(crate) mu_hat: E::G1Affine,
    pub(crate) pi_kzg: E::G1Affine,
    pub(crate) rounds: Vec<Round<E>>,
    pub(crate) mu_0: E::G1Affine,
    pub(crate) g_0: E::G2Affine,
    pub(crate) pi_ck: E::G2Affine,
}

pub(crate) fn invalid(what: &'static str, e: SerializationError) -> AplonkError {
    vidkit_core::Error::Deserialization {
        what,
        source: e.into(),
    }
    .into()
}

impl<E: Pairing> Proof<E> {
    /// A proof from its components; fails with a deserialization error
    /// ([`vidkit_core::SerializationFault::InvalidData`]) unless every G1
    /// and G2 point is in its prime-order subgroup (the rounds are validated
    /// by construction). The number of rounds is checked by `verify`, which
    /// knows the file's `m'`.
    pub fn new(parts: ProofParts<E>) -> Result<Self, AplonkError> {
        let ProofParts {
            mu_hat,
            pi_kzg,
            rounds,
            mu_0,
            g_0,
            pi_ck,
        } = parts;
        let proof = Self {
            mu_hat,
            pi_kzg,
            rounds,
            mu_0,
            g_0,
            pi_ck,
        };
        proof
            .validate_own_points()
            .map_err(|e| invalid("aPlonK proof", e))?;
        Ok(proof)
    }

    /// The components (e.g. to build a modified proof with [`Proof::new`]).
    pub fn into_parts(self) -> ProofParts<E> {
        ProofParts {
            mu_hat: self.mu_hat,
            pi_kzg: self.pi_kzg,
            rounds: self.rounds,
            mu_0: self.mu_0,
            g_0: self.g_0,
            pi_ck: self.pi_ck,
        }
    }

    /// `μ̂ = Σ_i r^i μ_i`, the batched row commitment.
    pub fn mu_hat(&self) -> &E::G1Affine {
        &self.mu_hat
    }

    /// KZG opening (under σ) of `f = Σ_i r^i P_i` at `α_j`.
    pub fn pi_kzg(&self) -> &E::G1Affine {
        &self.pi_kzg
    }

    /// The `κ` IPA rounds, first round first.
    pub fn rounds(&self) -> &[Round<E>] {
        &self.rounds
    }

    /// `μ_0`: the fully folded row-commitment vector.
    pub fn mu_0(&self) -> &E::G1Affine {
        &self.mu_0
    }

    /// `G_0 = [g(τ)]_2`: the fully folded commitment key.
    pub fn g_0(&self) -> &E::G2Affine {
        &self.g_0
    }

    /// KZG opening in G2 (under τ) of `g` at `ρ`.
    pub fn pi_ck(&self) -> &E::G2Affine {
        &self.pi_ck
    }

    /// Reads the proof of a shard of a file of `m` rows from untrusted bytes
    /// (compressed, validated, no trailing bytes).
    ///
    /// Before any point is decoded, the round count is compared with
    /// `κ = log2(m')` ([`AplonkError::RoundCount`]) and the length with
    /// [`Proof::size`]`(κ)` (a deserialization error, truncated or trailing
    /// bytes), so the work done is bounded by the public `m`, not by what the
    /// bytes claim.
    pub fn from_bytes(bytes: &[u8], m: usize) -> Result<Self, AplonkError> {
        const WHAT: &str = "aPlonK proof";
        let g1 = E::G1Affine::generator().compressed_size();
        let count = vidkit_core::u64_at(WHAT, bytes, 2 * g1)?;
        let expected = rounds(m);
        if count != expected as u64 {
            return Err(AplonkError::RoundCount {
                got: usize::try_from(count).unwrap_or(usize::MAX),
                expected,
                m_prime: crate::m_prime(m),
            });
        }
        vidkit_core::check_length(WHAT, bytes, Self::size(expected))?;
        Ok(vidkit_core::from_bytes(WHAT, bytes)?)
    }

    /// Fails with [`AplonkError::RoundCount`] unless the proof has `κ = log2(m')` rounds.
    pub fn check_rounds(&self, m: usize) -> Result<(), AplonkError> {
        let expected = rounds(m);
        if self.rounds.len() != expected {
            return Err(AplonkError::RoundCount {
                got: self.rounds.len(),
                expected,
                m_prime: crate::m_prime(m),
            });
        }
        Ok(())
    }

    /// The compressed size of a proof with `kappa` rounds:
    /// `8 + (2κ+3)·|G1| + 2·|G2| + 2κ·|G_T|` bytes.
    pub fn size(kappa: usize) -> usize {
        let g1 = E::G1Affine::generator().compressed_size();
        let g2 = E::G2Affine::generator().compressed_size();
        let gt = PairingOutput::<E>::default().compressed_size();
        8 + (2 * kappa + 3) * g1 + 2 * g2 + 2 * kappa * gt
    }

    /// The subgroup checks of the proof's own G1 and G2 points.
    fn validate_own_points(&self) -> Result<(), SerializationError> {
        self.mu_hat.check()?;
        self.pi_kzg.check()?;
        self.mu_0.check()?;
        self.g_0.check()?;
        self.pi_ck.check()
    }
}

impl<E: Pairing> CanonicalSerialize for Round<E> {
    fn serialize_with_mode<W: Write>(
        &self,
        mut writer: W,
        compress: Compress,
    ) -> Result<(), SerializationError> {
        self.l_g.serialize_with_mode(&mut writer, compress)?;
        self.r_g.serialize_with_mode(&mut writer, compress)?;
        self.l_r.serialize_with_mode(&mut writer, compress)?;
        self.r_r.serialize_with_mode(&mut writer, compress)
    }

    fn serialized_size(&self, compress: Compress) -> usize {
        2 * self.l_g.serialized_size(compress) + 2 * self.l_r.serialized_size(compress)
    }
}

impl<E: Pairing> CanonicalSerialize for Proof<E> {
    fn serialize_with_mode<W: Write>(
        &self,
        mut writer: W,
        compress: Compress,
    ) -> Result<(), SerializationError> {
        self.mu_hat.serialize_with_mode(&mut writer, compress)?;
        self.pi_kzg.serialize_with_mode(&mut writer, compress)?;
        self.rounds.serialize_with_mode(&mut writer, compress)?;
        self.mu_0.serialize_with_mode(&mut writer, compress)?;
        self.g_0.serialize_with_mode(&mut writer, compress)?;
        self.pi_ck.serialize_with_mode(&mut writer, compress)
    }

    fn serialized_size(&self, compress: Compress) -> usize {
        self.mu_hat.serialized_size(compress)
            + self.pi_kzg.serialized_size(compress)
            + self.rounds.serialized_size(compress)
            + self.mu_0.serialized_size(compress)
            + self.g_0.serialized_size(compress)
            + self.pi_ck.serialized_size(compress)
    }
}

/// Every value is validated when it is made, so there is nothing left to check.
impl<E: Pairing> Valid for Round<E> {
    fn check(&self) -> Result<(), SerializationError> {
        Ok(())
    }
}

/// Every value is validated when it is made, so there is nothing left to check.
impl<E: Pairing> Valid for Proof<E> {
    fn check(&self) -> Result<(), SerializationError> {
        Ok(())
    }
}

/// Reads a proof and validates it **whatever `validate` says** (see the
/// module docs). At most [`MAX_ROUNDS`] rounds are read; all points are
/// decoded before any is checked, and the G_T elements, whose check costs an
/// exponentiation each, are checked last.
impl<E: Pairing> CanonicalDeserialize for Proof<E> {
    fn deserialize_with_mode<R: Read>(
        mut reader: R,
        compress: Compress,
        _validate: Validate,
    ) -> Result<Self, SerializationError> {
        let no = Validate::No;
        let mu_hat = E::G1Affine::deserialize_with_mode(&mut reader, compress, no)?;
        let pi_kzg = E::G1Affine::deserialize_with_mode(&mut reader, compress, no)?;
        let count = u64::deserialize_with_mode(&mut reader, compress, no)?;
        let count = usize::try_from(count)
            .ok()
            .filter(|&c| c <= MAX_ROUNDS)
            .ok_or(SerializationError::InvalidData)?;
        let mut rounds = Vec::with_capacity(count);
        for _ in 0..count {
            rounds.push(Round {
                l_g: PairingOutput::deserialize_with_mode(&mut reader, compress, no)?,
                r_g: PairingOutput::deserialize_with_mode(&mut reader, compress, no)?,
                l_r: E::G1Affine::deserialize_with_mode(&mut reader, compress, no)?,
                r_r: E::G1Affine::deserialize_with_mode(&mut reader, compress, no)?,
            });
        }
        let mu_0 = E::G1Affine::deserialize_with_mode(&mut reader, compress, no)?;
        let g_0 = E::G2Affine::deserialize_with_mode(&mut reader, compress, no)?;
        let pi_ck = E::G2Affine::deserialize_with_mode(&mut reader, compress, no)?;
        let proof = Self {
            mu_hat,
            pi_kzg,
            rounds,
            mu_0,
            g_0,
            pi_ck,
        };
        proof.validate_own_points()?;
        for round in &proof.rounds {
            round.validate_points()?;
        }
        for round in &proof.rounds {
            round.validate_gt()?;
        }
        Ok(proof)
    }
}
