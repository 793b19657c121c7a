//! Batch verification of `t` shards of one file (docs/spec.md §5.5).
//!
//! With verifier-private 128-bit coefficients `ρ_u` and the shards' own
//! challenges `r_u`, values `v_u`, points `α_u` and proofs `π_u`:
//!
//! * `γ_i = Σ_u ρ_u r_u^i` for `i < m` (`t·m` multiplications),
//! * `c* = MSM(C, γ)` — **one** MSM of size `m` instead of `t`,
//! * `V = Σ_u ρ_u v_u`, `A = Σ_u ρ_u α_u π_u`, `B = Σ_u ρ_u π_u`,
//! * accept iff `FE(ML(c* − V·G + A, H)·ML(−B, [τ]_2)) == 1`.
//!
//! If any single shard's equation is false the batch passes with probability
//! at most `2^-128` over the choice of the `ρ_u`.

use crate::{Commitment, KzgPlus, KzgPlusError, Proof, VerifierKey};
use ark_ec::pairing::Pairing;
use ark_ff::Zero;
use ark_std::rand::RngCore;
use vidkit_core::Shard;

pub(crate) fn batch_verify<E: Pairing, R: RngCore + ?Sized>(
    scheme: &KzgPlus<E>,
    vk: &VerifierKey<E>,
    commitment: &Commitment<E>,
    items: &[(&Shard<E::ScalarField>, &Proof<E>)],
    rng: &mut R,
) -> Result<bool, KzgPlusError> {
    scheme.check_commitment(vk, commitment)?;
    if items.is_empty() {
        return Ok(true);
    }
    let m = commitment.info().m;
    let prepared = items
        .iter()
        .map(|(s, _)| scheme.prepare(vk, commitment, s))
        .collect::<Result<Vec<_>, _>>()?;
    let rho: Vec<E::ScalarField> = vidkit_kzg::random_coefficients(items.len(), rng);
    let mut gamma = vec![E::ScalarField::zero(); m];
    let mut value = E::ScalarField::zero();
    let mut rho_alpha = Vec::with_capacity(items.len());
    for (&(alpha, r, v), &rho_u) in prepared.iter().zip(&rho) {
        let mut p = rho_u;
        for g in gamma.iter_mut() {
            *g += p;
            p *= r;
        }
        value += rho_u * v;
        rho_alpha.push(rho_u * alpha);
    }
    let proofs: Vec<E::G1Affine> = items.iter().map(|(_, p)| p.pi).collect();
    let c: E::G1 = vidkit_msm::msm(commitment.rows(), &gamma);
    let a: E::G1 = vidkit_msm::msm(&proofs, &rho_alpha);
    let b: E::G1 = vidkit_msm::msm(&proofs, &rho);
    Ok(vk.kzg().pairing_check(c - vk.kzg().g_times(value) + a, -b))
}
