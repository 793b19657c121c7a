//! The Fiat-Shamir transcript of one shard proof (docs/spec.md §2, §7.3–7.5).
//!
//! One running transcript, DST `vidkit/aplonk/shard/v1`, absorbs in order:
//! the curve, the file metadata `(k, n, m, L, encoding)` and `m'`, the
//! verifier-key digest, `com_f`, the index `j`, the point `α_j` and the `m`
//! shard values, then draws **r**; then `μ̂` and `π_kzg`; for every IPA round
//! `L_G, R_G, L_r, R_r`, then draws **u_ℓ**; then `μ_0, G_0` and draws **ρ**.
//! Every challenge depends on everything before it (the transcript chains its
//! whole state), so r binds the parameters, the commitment, the index, the
//! point and the shard values, as docs/spec.md §7.7 requires.

use crate::{commitment::m_prime, Commitment, Round, NAME};
use ark_ec::pairing::Pairing;
use vidkit_core::Transcript;

/// The running transcript of one shard proof.
#[derive(Clone, Debug)]
pub struct ShardTranscript(Transcript);

impl ShardTranscript {
    /// Absorbs the statement of shard `j` and returns the transcript with the
    /// batching challenge `r`.
    pub fn new<E: Pairing>(
        vk_digest: &[u8; 64],
        commitment: &Commitment<E>,
        j: usize,
        alpha: E::ScalarField,
        values: &[E::ScalarField],
    ) -> (Self, E::ScalarField) {
        let mut t = Transcript::new(&Transcript::dst(NAME, "shard"));
        t.append_curve::<E>();
        commitment.info.append_to(&mut t);
        t.append_u64(b"m'", m_prime(commitment.info.m) as u64);
        t.append_bytes(b"vk", vk_digest);
        t.append(b"com_f", &commitment.com_f);
        t.append_u64(b"j", j as u64);
        t.append(b"alpha", &alpha);
        t.append_all(b"y", values);
        let r = t.challenge(b"r");
        (Self(t), r)
    }

    /// The per-file transcript of aPlonK global (docs/spec.md §7.9), DST
    /// `vidkit/aplonk-global/r/v1`: absorbs the curve, the file metadata and
    /// `m'`, the verifier-key digest, `com_f` and the Merkle root of the
    /// shards, and returns it with the file's one challenge `r`. The IPA and
    /// `π_ck` then continue it ([`ShardTranscript::mu_hat`],
    /// [`ShardTranscript::round`], [`ShardTranscript::final_key`]).
    pub(crate) fn global<E: Pairing>(
        vk_digest: &[u8; 64],
        commitment: &Commitment<E>,
        root: &[u8; 32],
    ) -> (Self, E::ScalarField) {
        let mut t = Transcript::new(&Transcript::dst(crate::global::GLOBAL_NAME, "r"));
        t.append_curve::<E>();
        commitment.info.append_to(&mut t);
        t.append_u64(b"m'", m_prime(commitment.info.m) as u64);
        t.append_bytes(b"vk", vk_digest);
        t.append(b"com_f", &commitment.com_f);
        t.append_bytes(b"root", root);
        let r = t.challenge(b"r");
        (Self(t), r)
    }

    /// Absorbs `μ̂` alone (aPlonK global: the openings `π_j` are per shard
    /// and outside the per-file transcript).
    pub(crate) fn mu_hat<E: Pairing>(&mut self, mu_hat: &E::G1Affine) {
        self.0.append(b"mu_hat", mu_hat);
    }

    /// Absorbs `μ̂` and `π_kzg`.
    pub fn opening<E: Pairing>(&mut self, mu_hat: &E::G1Affine, pi_kzg: &E::G1Affine) {
        self.0.append(b"mu_hat", mu_hat);
        self.0.append(b"pi_kzg", pi_kzg);
    }

    /// Absorbs one IPA round and returns its challenge `u_ℓ` (never zero).
    pub fn round<E: Pairing>(&mut self, round: &Round<E>) -> E::ScalarField {
        self.0.append(b"L_G", &round.l_g);
        self.0.append(b"R_G", &round.r_g);
        self.0.append(b"L_r", &round.l_r);
        self.0.append(b"R_r", &round.r_r);
        self.0.challenge(b"u")
    }

    /// Absorbs `μ_0` and `G_0` and returns `ρ`.
    pub fn final_key<E: Pairing>(
        &mut self,
        mu_0: &E::G1Affine,
        g_0: &E::G2Affine,
    ) -> E::ScalarField {
        self.0.append(b"mu_0", mu_0);
        self.0.append(b"G_0", g_0);
        self.0.challenge(b"rho")
    }

    /// Absorbs `π_ck` and draws `count` coefficients that merge the pairing
    /// checks of a single verification (deterministic, docs/spec.md §2: they
    /// come after everything being verified).
    pub fn merge_coefficients<E: Pairing>(
        &mut self,
        pi_ck: &E::G2Affine,
        count: usize,
    ) -> Vec<E::ScalarField> {
        self.0.append(b"pi_ck", pi_ck);
        (0..count).map(|_| self.0.challenge(b"delta")).collect()
    }
}
