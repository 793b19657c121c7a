//! The per-shard proof and its wire format (docs/spec.md §7.3, §7.8).
//!
//! `(μ̂, π_kzg, {L_G, R_G, L_r, R_r}_{ℓ<κ}, μ_0, G_0, π_ck)`:
//! `(2κ + 3)` G1 + 2 G2 + `2κ` G_T, plus the 8-byte round count of the
//! arkworks vector encoding. The round count is not trusted: it must equal
//! `κ = log2(m')` of the public `m'` ([`Proof::from_bytes`] and `verify`
//! return [`AplonkError::RoundCount`] otherwise). The batched value `v̂` is not
//! shipped: the verifier recomputes it from the shard.

use crate::{commitment::rounds, AplonkError};
use ark_ec::pairing::{Pairing, PairingOutput};
use ark_serialize::{CanonicalDeserialize, CanonicalSerialize, Compress};

/// The four messages of one IPA round (docs/spec.md §7.4).
#[derive(Clone, Debug, PartialEq, Eq, CanonicalSerialize, CanonicalDeserialize)]
pub struct Round<E: Pairing> {
    /// `L_G = ⟨a_L, G_R⟩_e`.
    pub l_g: PairingOutput<E>,
    /// `R_G = ⟨a_R, G_L⟩_e`.
    pub r_g: PairingOutput<E>,
    /// `L_r = ⟨a_L, b_R⟩`.
    pub l_r: E::G1Affine,
    /// `R_r = ⟨a_R, b_L⟩`.
    pub r_r: E::G1Affine,
}

/// The proof attached to one shard.
#[derive(Clone, Debug, PartialEq, Eq, CanonicalSerialize, CanonicalDeserialize)]
pub struct Proof<E: Pairing> {
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

impl<E: Pairing> Proof<E> {
    /// Reads a proof for a file of `m` rows from untrusted bytes (compressed,
    /// validated, no trailing bytes) and checks its number of rounds.
    pub fn from_bytes(bytes: &[u8], m: usize) -> Result<Self, AplonkError> {
        let proof: Self = vidkit_core::from_bytes("aPlonK proof", bytes)?;
        proof.check_rounds(m)?;
        Ok(proof)
    }

    /// Fails with [`AplonkError::RoundCount`] unless the proof has `κ = log2(m')` rounds.
    pub fn check_rounds(&self, m: usize) -> Result<(), AplonkError> {
        let expected = rounds(m);
        if self.rounds.len() != expected {
            return Err(AplonkError::RoundCount {
                got: self.rounds.len(),
                expected,
                m_prime: 1 << expected,
            });
        }
        Ok(())
    }

    /// The compressed size of a proof with `kappa` rounds:
    /// `8 + (2κ+3)·|G1| + 2·|G2| + 2κ·|G_T|` bytes.
    pub fn size(kappa: usize) -> usize {
        use ark_ec::AffineRepr;
        let g1 = E::G1Affine::generator().serialized_size(Compress::Yes);
        let g2 = E::G2Affine::generator().serialized_size(Compress::Yes);
        let gt = PairingOutput::<E>::default().serialized_size(Compress::Yes);
        8 + (2 * kappa + 3) * g1 + 2 * g2 + 2 * kappa * gt
    }
}
