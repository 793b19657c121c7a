//! Proving one shard (docs/spec.md §7.3, §7.5).
//!
//! 1. `r = FS(params, vk, com_f, j, α_j, y_j)`;
//! 2. `f = Σ_i r^i P_i` (Horner over rows), `μ̂ = ⟨μ, (r^i)⟩` (one MSM),
//!    `π_kzg` = KZG opening of `f` at `α_j` under σ;
//! 3. the folding IPA ([`crate::ipa`]) on `(com_f, r, μ̂)` with witness `μ`;
//! 4. `ρ` from the running transcript; the `m'` coefficients of `g` in
//!    `O(m')`, `h = (g − g(ρ))/(X − ρ)` (Ruffini) and `π_ck = [h(τ)]_2`
//!    (one MSM in G2 over `ck`).

use crate::{ipa, poly, transcript::ShardTranscript, AplonkError, Commitment, Proof, ProverKey};
use ark_ec::{pairing::Pairing, CurveGroup};
use ark_ff::Zero;
use vidkit_msm::MsmBases;

/// Data shared by the proofs of all shards of one file (the round-0 and,
/// when `shards` proofs pay for them, the round-1 pairings of the IPA).
pub(crate) struct FileProver<'a, E: Pairing> {
    pub pk: &'a ProverKey<E>,
    pub commitment: &'a Commitment<E>,
    pub mu: &'a [E::G1Affine],
    pub coefficients: &'a [E::ScalarField],
    pub k: usize,
    pub m_prime: usize,
    pub shared: ipa::SharedRounds<E>,
    /// `ck_i, i < m' − 1`: the bases of every `π_ck`, prepared for one
    /// MSM per shard as vidkit-msm's table policy plans.
    ck_bases: MsmBases<E::G2>,
}

impl<'a, E: Pairing> FileProver<'a, E> {
    pub fn new(
        pk: &'a ProverKey<E>,
        commitment: &'a Commitment<E>,
        mu: &'a [E::G1Affine],
        coefficients: &'a [E::ScalarField],
        k: usize,
        shards: usize,
    ) -> Self {
        let m_prime = commitment.m_prime();
        let shared = ipa::SharedRounds {
            first: (m_prime >= 2).then(|| ipa::first_round_pairings::<E>(mu, &pk.ck, m_prime)),
            second: ipa::SecondRound::<E>::pays_off(shards, m_prime)
                .then(|| ipa::SecondRound::new(mu, &pk.ck, m_prime, shards)),
            fixed: (m_prime >= 2).then(|| ipa::FixedKey::new(mu, &pk.ck, m_prime, shards)),
        };
        // each proof does one MSM over these fixed bases: vidkit-msm builds
        // a table when `shards` MSMs repay it
        Self {
            pk,
            commitment,
            mu,
            coefficients,
            k,
            m_prime,
            shared,
            ck_bases: MsmBases::for_msms(&pk.ck[..m_prime - 1], shards),
        }
    }

    /// Step 1 of shard `j`'s proof: its transcript up to `r`, the powers of
    /// `r` and the quotient of the KZG(σ) opening of `f = Σ r^i P_i` at
    /// `α_j` (`k − 1` coefficients). The quotients of all shards are then
    /// committed in one pass ([`FileProver::kzg_openings`]).
    pub fn start(
        &self,
        j: usize,
        alpha: E::ScalarField,
        y: &[E::ScalarField],
    ) -> Result<ShardStart<E>, AplonkError> {
        let (t, r) = ShardTranscript::new::<E>(&self.pk.vk_digest, self.commitment, j, alpha, y);
        let f = poly::combine_rows(self.coefficients, self.k, r);
        let powers = self.pk.sigma.powers().len();
        if f.len() > powers {
            return Err(vidkit_kzg::KzgError::TooManyCoefficients {
                coefficients: f.len(),
                powers,
            }
            .into());
        }
        let (value, quotient) = vidkit_kzg::divide_by_linear(&f, alpha);
        debug_assert_eq!(value, poly::horner(y, r), "f(α_j) = Σ r^i y_j[i]");
        Ok(ShardStart {
            transcript: t,
            b: poly::powers(r, self.m_prime),
            quotient,
        })
    }

    /// `π_kzg` of every started shard: the KZG(σ) commitments of their
    /// quotients, all in one cache-friendly pass over the key's fixed-base
    /// table (`vidkit_kzg::CommitterKey::msm_rows`).
    pub fn kzg_openings(&self, starts: &[ShardStart<E>]) -> Vec<E::G1> {
        let len = self.k.saturating_sub(1);
        if len == 0 {
            return vec![E::G1::zero(); starts.len()];
        }
        let quotients: Vec<E::ScalarField> = starts
            .iter()
            .flat_map(|s| s.quotient.iter().copied())
            .collect();
        self.pk
            .sigma
            .msm_rows(&quotients, len)
            .expect("k − 1 ≤ k powers and every quotient has k − 1 coefficients")
    }

    /// Step 2: the rest of the proof, given the shard's `π_kzg`.
    pub fn finish(&self, start: ShardStart<E>, pi: E::G1) -> Proof<E> {
        let ShardStart {
            transcript: mut t,
            b,
            ..
        } = start;
        let b_mu = &b[..self.mu.len()];
        let mu_hat: E::G1 = match self.shared.fixed.as_ref().and_then(|f| f.mu_msm(b_mu)) {
            Some(p) => p,
            None => vidkit_msm::msm(self.mu, b_mu),
        };
        let pts = E::G1::normalize_batch(&[mu_hat, pi]);
        let (mu_hat, pi_kzg) = (pts[0], pts[1]);
        t.opening::<E>(&mu_hat, &pi_kzg);
        let ipa = ipa::prove::<E>(&mut t, self.mu, &self.pk.ck, b, &self.shared);
        let rho = t.final_key::<E>(&ipa.mu_0, &ipa.g_0);
        let g = poly::g_coeffs(&ipa.us, &ipa.u_invs);
        let (_, h) = vidkit_kzg::divide_by_linear(&g, rho);
        let pi_ck: E::G2 = self.ck_bases.msm(&h);
        Proof {
            mu_hat,
            pi_kzg,
            rounds: ipa.rounds,
            mu_0: ipa.mu_0,
            g_0: ipa.g_0,
            pi_ck: pi_ck.into_affine(),
        }
    }
}

impl<E: Pairing> FileProver<'_, E> {
    /// aPlonK global (docs/spec.md §7.9.3): the per-file part, from the
    /// per-file transcript `t` that drew `r`: `μ̂ = ⟨μ, (r^i)⟩`, absorbed
    /// alone, then the IPA and `π_ck` exactly as in a shard proof.
    pub fn file_part(
        &self,
        mut t: ShardTranscript,
        r: E::ScalarField,
    ) -> crate::global::FileProof<E> {
        let b = poly::powers(r, self.m_prime);
        let b_mu = &b[..self.mu.len()];
        let mu_hat: E::G1 = match self.shared.fixed.as_ref().and_then(|f| f.mu_msm(b_mu)) {
            Some(p) => p,
            None => vidkit_msm::msm(self.mu, b_mu),
        };
        let mu_hat = mu_hat.into_affine();
        t.mu_hat::<E>(&mu_hat);
        let ipa = ipa::prove::<E>(&mut t, self.mu, &self.pk.ck, b, &self.shared);
        let rho = t.final_key::<E>(&ipa.mu_0, &ipa.g_0);
        let g = poly::g_coeffs(&ipa.us, &ipa.u_invs);
        let (_, h) = vidkit_kzg::divide_by_linear(&g, rho);
        let pi_ck: E::G2 = self.ck_bases.msm(&h);
        crate::global::FileProof {
            mu_hat,
            rounds: ipa.rounds,
            mu_0: ipa.mu_0,
            g_0: ipa.g_0,
            pi_ck: pi_ck.into_affine(),
        }
    }
}

/// A shard's proof after [`FileProver::start`]: its transcript (through `r`),
/// `b = (r^i)_{i<m'}` and the KZG(σ) quotient.
pub(crate) struct ShardStart<E: Pairing> {
    transcript: ShardTranscript,
    b: Vec<E::ScalarField>,
    quotient: Vec<E::ScalarField>,
}
