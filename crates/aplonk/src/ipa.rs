//! The prover of the folding inner-pairing-product argument over G2
//! (schemes.md §7.4), with the scalar-carrying fold of §8.7.
//!
//! Statement: `com_f = ⟨a, G⟩_e = Σ_i e(a_i, G_i)` with `G = ck` and
//! `μ̂ = ⟨a, b⟩ = Σ_i b_i·a_i` with `b = (r^i)_{i<m'}`; witness `a = μ`.
//! Round `ℓ` halves the vectors: the prover sends `L_G = ⟨a_L, G_R⟩_e`,
//! `R_G = ⟨a_R, G_L⟩_e`, `L_r = ⟨a_L, b_R⟩`, `R_r = ⟨a_R, b_L⟩`, receives
//! `u_ℓ`, and folds `a ← u·a_L + u⁻¹·a_R`, `G ← u⁻¹·G_L + u·G_R`,
//! `b ← u⁻¹·b_L + u·b_R`.
//!
//! **Scalar carrying (§8.7).** Writing `u·a_L + u⁻¹·a_R = u·(a_L + u⁻²·a_R)`
//! and `u⁻¹·G_L + u·G_R = u⁻¹·(G_L + u²·G_R)`, we keep `a = φ·â` and
//! `G = φ⁻¹·Ĝ` with `φ = Π u_ℓ` and fold only `â ← â_L + u⁻²·â_R`,
//! `Ĝ ← Ĝ_L + u²·Ĝ_R`: one scalar multiplication per folded pair instead of
//! two. The factors cancel in every pairing (`e(φ·â_i, φ⁻¹·Ĝ_i) = e(â_i, Ĝ_i)`)
//! and `φ` is absorbed into the scalar vector (`b̂ = φ·b`, which folds as
//! `b̂ ← b̂_L + u²·b̂_R`), so `L_r = ⟨â_L, b̂_R⟩`. Only the final `μ_0 = φ·â_0`
//! and `G_0 = φ⁻¹·Ĝ_0` pay one extra scalar multiplication each.
//!
//! **Round 0 is shared by all shards.** Before the first challenge the vectors
//! are `μ` and `ck` for every shard, so `L_G^0 = ⟨μ_L, ck_R⟩_e` and
//! `R_G^0 = ⟨μ_R, ck_L⟩_e` (half of all Miller loops of a proof) are computed
//! once per file ([`first_round_pairings`]) and reused; the proofs are
//! bit-identical to computing them per shard.
//!
//! Every `⟨·,·⟩_e` is one multi-pairing (one final exponentiation); pairs
//! whose G1 side is the identity (padding rows) are skipped.

use crate::{transcript::ShardTranscript, Round};
use ark_ec::{
    pairing::{Pairing, PairingOutput},
    AffineRepr, CurveGroup,
};
use ark_ff::Field;

/// The IPA part of a proof and the challenges that produced it.
pub(crate) struct IpaProof<E: Pairing> {
    pub rounds: Vec<Round<E>>,
    pub mu_0: E::G1Affine,
    pub g_0: E::G2Affine,
    pub us: Vec<E::ScalarField>,
    pub u_invs: Vec<E::ScalarField>,
    /// The folded `b[0]` (never sent; equals `g(r)`, checked by tests).
    #[cfg_attr(not(test), allow(dead_code))] // read by the known-answer unit test only
    pub b_0: E::ScalarField,
}

/// `Σ_i e(a_i, g_i)` over the pairs whose G1 side is not the identity.
pub(crate) fn inner_pairing<E: Pairing>(a: &[E::G1Affine], g: &[E::G2Affine]) -> PairingOutput<E> {
    let (ps, qs): (Vec<E::G1Affine>, Vec<E::G2Affine>) = a
        .iter()
        .zip(g)
        .filter(|(p, _)| !p.is_zero())
        .map(|(p, q)| (*p, *q))
        .unzip();
    if ps.is_empty() {
        return PairingOutput::<E>::default();
    }
    E::multi_pairing(ps, qs)
}

/// `(L_G^0, R_G^0) = (⟨μ_L, ck_R⟩_e, ⟨μ_R, ck_L⟩_e)` for `m' = 2h ≥ 2`, with
/// `μ` zero-padded to `m'` (only `μ_i, i < m`, are given).
pub(crate) fn first_round_pairings<E: Pairing>(
    mu: &[E::G1Affine],
    ck: &[E::G2Affine],
    m_prime: usize,
) -> (PairingOutput<E>, PairingOutput<E>) {
    let h = m_prime / 2;
    let lo = &mu[..mu.len().min(h)];
    let hi = if mu.len() > h { &mu[h..] } else { &[][..] };
    (
        inner_pairing::<E>(lo, &ck[h..m_prime]),
        inner_pairing::<E>(hi, &ck[..h]),
    )
}

/// Runs the `κ = log2(m')` rounds on `a = μ` (zero-padded to `m'`),
/// `G = ck[..m']`, `b = powers` (length `m'`), absorbing every round into `t`.
/// `first` are the shared round-0 pairings (required when `m' ≥ 2`).
pub(crate) fn prove<E: Pairing>(
    t: &mut ShardTranscript,
    mu: &[E::G1Affine],
    ck: &[E::G2Affine],
    mut b: Vec<E::ScalarField>,
    first: Option<(PairingOutput<E>, PairingOutput<E>)>,
) -> IpaProof<E> {
    let m_prime = b.len();
    let kappa = m_prime.trailing_zeros() as usize;
    let mut a: Vec<E::G1Affine> = mu.to_vec();
    a.resize(m_prime, E::G1Affine::zero());
    let mut g: Vec<E::G2Affine> = ck[..m_prime].to_vec();
    let mut phi = E::ScalarField::ONE;
    let mut rounds = Vec::with_capacity(kappa);
    let (mut us, mut u_invs) = (Vec::with_capacity(kappa), Vec::with_capacity(kappa));
    for l in 0..kappa {
        let h = a.len() / 2;
        let (a_l, a_r) = a.split_at(h);
        let (g_l, g_r) = g.split_at(h);
        let (b_l, b_r) = b.split_at(h);
        let (l_g, r_g) = match (l, first) {
            (0, Some(shared)) => shared,
            _ => (inner_pairing::<E>(a_l, g_r), inner_pairing::<E>(a_r, g_l)),
        };
        let lr = E::G1::normalize_batch(&[
            vidkit_msm::msm::<E::G1>(a_l, b_r),
            vidkit_msm::msm::<E::G1>(a_r, b_l),
        ]);
        let round = Round {
            l_g,
            r_g,
            l_r: lr[0],
            r_r: lr[1],
        };
        let u = t.round(&round);
        let u_inv = u.inverse().expect("transcript challenges are non-zero");
        rounds.push(round);
        let x = u.square();
        let x_inv = u_inv.square();
        // â ← â_L + u⁻²·â_R and Ĝ ← Ĝ_L + u²·Ĝ_R: one scalar per round, so
        // one GLV decomposition for all points (identity rows stay cheap)
        let folded_a: Vec<E::G1> = vidkit_msm::add_scaled::<E::G1>(a_l, a_r, x_inv);
        let folded_g: Vec<E::G2> = vidkit_msm::add_scaled::<E::G2>(g_l, g_r, x);
        // b̂ ← b̂_L + u²·b̂_R
        let folded_b: Vec<E::ScalarField> =
            b_l.iter().zip(b_r).map(|(lo, hi)| *lo + x * hi).collect();
        a = E::G1::normalize_batch(&folded_a);
        g = E::G2::normalize_batch(&folded_g);
        b = folded_b;
        phi *= u;
        us.push(u);
        u_invs.push(u_inv);
    }
    let phi_inv = phi.inverse().expect("product of non-zero challenges");
    IpaProof {
        rounds,
        mu_0: (a[0] * phi).into_affine(),
        g_0: (g[0] * phi_inv).into_affine(),
        us,
        u_invs,
        b_0: b[0] * phi_inv,
    }
}
