//! Verification of one shard or of many shards of one file (docs/spec.md §7.6, §8.4).
//!
//! For shard `j` with values `y` the verifier replays the transcript
//! (`r`, `u_ℓ`, `ρ`), recomputes `v̂ = Σ_i r^i y[i]` **from the shard** (this
//! is what ties the shard to the proof), evaluates `r_0 = g(r)` and
//! `v_ρ = g(ρ)` in product form (`O(κ)`), and checks four relations:
//!
//! 1. KZG(σ): `e(μ̂ − v̂·G + α_j·π_kzg, H) = e(π_kzg, [σ]_2)`;
//! 2. IPA, G1 side: `r_0·μ_0 = μ̂ + Σ_ℓ (u_ℓ²·L_r^ℓ + u_ℓ⁻²·R_r^ℓ)`;
//! 3. IPA, G_T side: `e(μ_0, G_0) = com_f + Σ_ℓ (u_ℓ²·L_G^ℓ + u_ℓ⁻²·R_G^ℓ)`;
//! 4. G2-KZG(τ) of the final key: `e([τ]_1 − ρ·G, π_ck) = e(G, G_0 − v_ρ·H)`.
//!
//! All four are merged with coefficients `δ1…δ4` into **one** multi-pairing
//! with one final exponentiation (check 2 is an equation in G1, lifted to
//! G_T by pairing it with `H`; the variable `v_ρ` moves to the G1 side):
//!
//! ```text
//! FE( ML(δ1(μ̂ − v̂G + α_jπ_kzg) + δ3·v_ρ·G + δ4(r_0μ_0 − μ̂ − Σ(u²L_r + u⁻²R_r)), H)
//!   · ML(−δ1·π_kzg, [σ]_2) · ML(δ2·μ_0 − δ3·G, G_0) · ML(δ3([τ]_1 − ρG), π_ck) )
//!   == δ2·(com_f + Σ_ℓ (u_ℓ²·L_G + u_ℓ⁻²·R_G))
//! ```
//!
//! 4 Miller loops, 1 final exponentiation, one G1 MSM of size `2κ + 4` and
//! one G_T multi-exponentiation of size `2κ`. For a single shard `δ2 = 1`
//! and `δ1, δ3, δ4` are drawn from the transcript after `π_ck` (deterministic
//! Fiat-Shamir over everything being verified, docs/spec.md §2). A batch of `t`
//! shards draws all `δ` from the caller's private RNG (128-bit), adds up the
//! `H`-side and `[σ]_2`-side points of every shard (the KZG(σ) checks merge
//! as in KZG+) and keeps 2 Miller loops per shard for `G_0` and `π_ck`:
//! `2 + 2t` Miller loops, one final exponentiation, one G_T multi-exponentiation
//! of size `2κt + 1`.

use crate::{poly, transcript::ShardTranscript, AplonkError, Commitment, Proof, VerifierKey};
use ark_ec::{
    pairing::{Pairing, PairingOutput},
    AffineRepr, CurveGroup,
};
use ark_ff::{batch_inversion, Field, Zero};
use vidkit_pairing::PairingProduct;

/// Coefficients of the merged check for one shard.
pub(crate) struct Weights<F> {
    pub d1: F,
    pub d2: F,
    pub d3: F,
    pub d4: F,
}

/// The terms of the merged pairing check, accumulated over shards.
pub(crate) struct Accumulator<E: Pairing> {
    h_bases: Vec<E::G1Affine>,
    h_scalars: Vec<E::ScalarField>,
    g_scalar: E::ScalarField,
    sigma_bases: Vec<E::G1Affine>,
    sigma_scalars: Vec<E::ScalarField>,
    pair_g1: Vec<E::G1>,
    pair_g2: Vec<E::G2Affine>,
    gt_bases: Vec<PairingOutput<E>>,
    gt_scalars: Vec<E::ScalarField>,
    com_f_scalar: E::ScalarField,
}

/// The replayed transcript of one shard.
pub(crate) struct Replay<F> {
    v_hat: F,
    alpha: F,
    us: Vec<F>,
    u_invs: Vec<F>,
    r_0: F,
    rho: F,
    v_rho: F,
    transcript: ShardTranscript,
}

/// Validates the shape of `proof` for `commitment` and replays its transcript.
pub(crate) fn replay<E: Pairing>(
    vk: &VerifierKey<E>,
    commitment: &Commitment<E>,
    j: usize,
    alpha: E::ScalarField,
    y: &[E::ScalarField],
    proof: &Proof<E>,
) -> Result<Replay<E::ScalarField>, AplonkError> {
    proof.check_rounds(commitment.info.m)?;
    if proof.g_0.is_zero() {
        return Err(AplonkError::IdentityPoint { what: "G_0" });
    }
    let (mut t, r) = ShardTranscript::new::<E>(vk.digest(), commitment, j, alpha, y);
    let v_hat = poly::horner(y, r);
    t.opening::<E>(&proof.mu_hat, &proof.pi_kzg);
    let us: Vec<E::ScalarField> = proof.rounds.iter().map(|rd| t.round::<E>(rd)).collect();
    let mut u_invs = us.clone();
    batch_inversion(&mut u_invs);
    let rho = t.final_key::<E>(&proof.mu_0, &proof.g_0);
    Ok(Replay {
        v_hat,
        alpha,
        r_0: poly::g_eval(&us, &u_invs, r),
        v_rho: poly::g_eval(&us, &u_invs, rho),
        us,
        u_invs,
        rho,
        transcript: t,
    })
}

impl<F: Field> Replay<F> {
    /// The deterministic merge coefficients of a single verification (`δ2 = 1`).
    pub fn own_weights<E: Pairing<ScalarField = F>>(&mut self, proof: &Proof<E>) -> Weights<F> {
        let d = self.transcript.merge_coefficients::<E>(&proof.pi_ck, 3);
        Weights {
            d1: d[0],
            d2: F::one(),
            d3: d[1],
            d4: d[2],
        }
    }
}

impl<E: Pairing> Accumulator<E> {
    pub fn new(capacity: usize, kappa: usize) -> Self {
        let per = 2 * kappa + 3;
        Self {
            h_bases: Vec::with_capacity(capacity * per),
            h_scalars: Vec::with_capacity(capacity * per),
            g_scalar: E::ScalarField::zero(),
            sigma_bases: Vec::with_capacity(capacity),
            sigma_scalars: Vec::with_capacity(capacity),
            pair_g1: Vec::with_capacity(2 * capacity),
            pair_g2: Vec::with_capacity(2 * capacity),
            gt_bases: Vec::with_capacity(capacity * 2 * kappa + 1),
            gt_scalars: Vec::with_capacity(capacity * 2 * kappa + 1),
            com_f_scalar: E::ScalarField::zero(),
        }
    }

    /// Adds the four checks of one shard with weights `w`.
    pub fn add(
        &mut self,
        vk: &VerifierKey<E>,
        proof: &Proof<E>,
        rp: &Replay<E::ScalarField>,
        w: &Weights<E::ScalarField>,
    ) {
        let Weights { d1, d2, d3, d4 } = *w;
        // paired with H: δ1(μ̂ − v̂G + απ) + δ3 v_ρ G + δ4(r_0 μ_0 − μ̂ − Σ(u²L_r + u⁻²R_r))
        self.h_bases.push(proof.mu_hat);
        self.h_scalars.push(d1 - d4);
        self.h_bases.push(proof.pi_kzg);
        self.h_scalars.push(d1 * rp.alpha);
        self.h_bases.push(proof.mu_0);
        self.h_scalars.push(d4 * rp.r_0);
        self.g_scalar += d3 * rp.v_rho - d1 * rp.v_hat;
        for ((round, u), ui) in proof.rounds.iter().zip(&rp.us).zip(&rp.u_invs) {
            let (x, xi) = (u.square(), ui.square());
            self.h_bases.push(round.l_r);
            self.h_scalars.push(-(d4 * x));
            self.h_bases.push(round.r_r);
            self.h_scalars.push(-(d4 * xi));
            self.gt_bases.push(round.l_g);
            self.gt_scalars.push(d2 * x);
            self.gt_bases.push(round.r_g);
            self.gt_scalars.push(d2 * xi);
        }
        // paired with [σ]_2
        self.sigma_bases.push(proof.pi_kzg);
        self.sigma_scalars.push(-d1);
        // paired with G_0 and π_ck
        self.pair_g1.push(proof.mu_0 * d2 - vk.row.g_times(d3));
        self.pair_g2.push(proof.g_0);
        self.pair_g1
            .push((vk.tau_g.into_group() - vk.row.g_times(rp.rho)) * d3);
        self.pair_g2.push(proof.pi_ck);
        self.com_f_scalar += d2;
    }

    /// Runs the merged check against `com_f`.
    pub fn check(mut self, vk: &VerifierKey<E>, com_f: &PairingOutput<E>) -> bool {
        self.h_bases.push(vk.g);
        self.h_scalars.push(self.g_scalar);
        let h_point: E::G1 = vidkit_msm::msm(&self.h_bases, &self.h_scalars);
        let sigma_point: E::G1 = vidkit_msm::msm(&self.sigma_bases, &self.sigma_scalars);
        let mut g1 = Vec::with_capacity(self.pair_g1.len() + 2);
        g1.push(h_point);
        g1.push(sigma_point);
        g1.extend(self.pair_g1);
        let g1 = E::G1::normalize_batch(&g1);
        let mut product = PairingProduct::with_capacity(g1.len());
        product
            .add_fixed(g1[0], vk.row.h_prepared())
            .add_fixed(g1[1], vk.row.tau_h_prepared());
        for (&p, &q) in g1[2..].iter().zip(&self.pair_g2) {
            product.add(p, q);
        }
        let lhs = product.try_evaluate();
        // the proof's G_T elements were validated (order r) when read, so
        // vidkit-msm's Frobenius-split multi-exponentiation applies
        self.gt_bases.push(*com_f);
        self.gt_scalars.push(self.com_f_scalar);
        let rhs = vidkit_msm::gt_msm::<E>(&self.gt_bases, &self.gt_scalars);
        lhs == Some(rhs)
    }
}
