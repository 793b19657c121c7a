//! Proving one shard (schemes.md §7.3, §7.5).
//!
//! 1. `r = FS(params, vk, com_f, j, α_j, y_j)`;
//! 2. `f = Σ_i r^i P_i` (Horner over rows), `μ̂ = ⟨μ, (r^i)⟩` (one MSM),
//!    `π_kzg` = KZG opening of `f` at `α_j` under σ;
//! 3. the folding IPA ([`crate::ipa`]) on `(com_f, r, μ̂)` with witness `μ`;
//! 4. `ρ` from the running transcript; the `m'` coefficients of `g` in
//!    `O(m')`, `h = (g − g(ρ))/(X − ρ)` (Ruffini) and `π_ck = [h(τ)]_2`
//!    (one MSM in G2 over `ck`).

use crate::{ipa, poly, transcript::ShardTranscript, AplonkError, Commitment, Proof, ProverKey};
use ark_ec::{
    pairing::{Pairing, PairingOutput},
    CurveGroup,
};

/// Data shared by the proofs of all shards of one file.
pub(crate) struct FileProver<'a, E: Pairing> {
    pub pk: &'a ProverKey<E>,
    pub commitment: &'a Commitment<E>,
    pub mu: &'a [E::G1Affine],
    pub coefficients: &'a [E::ScalarField],
    pub k: usize,
    pub m_prime: usize,
    pub first: Option<(PairingOutput<E>, PairingOutput<E>)>,
}

impl<'a, E: Pairing> FileProver<'a, E> {
    pub fn new(
        pk: &'a ProverKey<E>,
        commitment: &'a Commitment<E>,
        mu: &'a [E::G1Affine],
        coefficients: &'a [E::ScalarField],
        k: usize,
    ) -> Self {
        let m_prime = commitment.m_prime();
        let first = (m_prime >= 2).then(|| ipa::first_round_pairings::<E>(mu, &pk.ck, m_prime));
        Self {
            pk,
            commitment,
            mu,
            coefficients,
            k,
            m_prime,
            first,
        }
    }

    /// The proof of shard `j` with values `y` at point `alpha`.
    pub fn prove_shard(
        &self,
        j: usize,
        alpha: E::ScalarField,
        y: &[E::ScalarField],
    ) -> Result<Proof<E>, AplonkError> {
        let (mut t, r) =
            ShardTranscript::new::<E>(&self.pk.vk_digest, self.commitment, j, alpha, y);
        let b = poly::powers(r, self.m_prime);
        let f = poly::combine_rows(self.coefficients, self.k, r);
        let (value, pi) = vidkit_kzg::open::<E::G1>(&self.pk.sigma_g1, &f, alpha)?;
        debug_assert_eq!(value, poly::horner(y, r), "f(α_j) = Σ r^i y_j[i]");
        let mu_hat: E::G1 = vidkit_msm::msm(self.mu, &b[..self.mu.len()]);
        let pts = E::G1::normalize_batch(&[mu_hat, pi]);
        let (mu_hat, pi_kzg) = (pts[0], pts[1]);
        t.opening::<E>(&mu_hat, &pi_kzg);
        let ipa = ipa::prove::<E>(&mut t, self.mu, &self.pk.ck, b, self.first);
        let rho = t.final_key::<E>(&ipa.mu_0, &ipa.g_0);
        let g = poly::g_coeffs(&ipa.us, &ipa.u_invs);
        let (_, h) = vidkit_kzg::divide_by_linear(&g, rho);
        let pi_ck: E::G2 = vidkit_kzg::commit::<E::G2>(&self.pk.ck, &h)?;
        Ok(Proof {
            mu_hat,
            pi_kzg,
            rounds: ipa.rounds,
            mu_0: ipa.mu_0,
            g_0: ipa.g_0,
            pi_ck: pi_ck.into_affine(),
        })
    }
}
