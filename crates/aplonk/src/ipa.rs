//! The prover of the folding inner-pairing-product argument over G2
//! (docs/spec.md §7.4), with the scalar-carrying fold of §8.7.
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
//! **Round 1 is shared too, up to two exponentiations.** After round 0,
//! `â = μ_L + x⁻¹·μ_R` and `Ĝ = ck_L + x·ck_R` (`x = u_0²`), so by
//! bilinearity (`x·x⁻¹ = 1`)
//! `L_G^1 = A_L + x·B_L + x⁻¹·C_L` and `R_G^1 = A_R + x·B_R + x⁻¹·C_R`, with
//! six shard-independent G_T elements (with `h = m'/2`, `q = m'/4`, `i < q`):
//!
//! ```text
//! A_L = Σ e(μ_i, ck_{q+i}) + e(μ_{h+i}, ck_{h+q+i})   A_R = Σ e(μ_{q+i}, ck_i) + e(μ_{h+q+i}, ck_{h+i})
//! B_L = Σ e(μ_i, ck_{h+q+i})                          B_R = Σ e(μ_{q+i}, ck_{h+i})
//! C_L = Σ e(μ_{h+i}, ck_{q+i})                        C_R = Σ e(μ_{h+q+i}, ck_i)
//! ```
//!
//! ([`SecondRound`]: `2m'` Miller loops and 6 final exponentiations once per
//! file). Each shard then pays two G_T multi-exponentiations of two terms
//! instead of `m'/2` Miller loops and 2 final exponentiations; the prover
//! uses this when it proves enough shards for the file-wide cost to pay
//! off ([`SecondRound::pays_off`]). The proofs are bit-identical either way.
//!
//! Every `⟨·,·⟩_e` is one multi-pairing (one final exponentiation); pairs
//! whose G1 side is the identity (padding rows) are skipped.

use crate::{transcript::ShardTranscript, Round};
use ark_ec::{
    pairing::{Pairing, PairingOutput},
    AffineRepr, CurveGroup,
};
use ark_ff::Field;
use vidkit_msm::{FixedBases, GtFixedBases, DEFAULT_MULTIPLE_POINTS};

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

/// `Σ_i e(a_i, g_i)` over the first `min(|a|, |g|)` pairs (pairs with an
/// identity point contribute nothing).
pub(crate) fn inner_pairing<E: Pairing>(a: &[E::G1Affine], g: &[E::G2Affine]) -> PairingOutput<E> {
    let n = a.len().min(g.len());
    vidkit_pairing::multi_pairing::<E>(&a[..n], &g[..n])
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

/// The round-1 pairings of every shard as `A + x·B + x⁻¹·C` (module docs).
pub(crate) struct SecondRound<E: Pairing> {
    /// `[A_L, B_L, C_L]`.
    l: [PairingOutput<E>; 3],
    /// `[A_R, B_R, C_R]`.
    r: [PairingOutput<E>; 3],
    /// Window tables of `(B_L, C_L)` and `(B_R, C_R)` when the shards repay them.
    tables: Option<(GtFixedBases<E>, GtFixedBases<E>)>,
}

impl<E: Pairing> SecondRound<E> {
    /// The six terms for `μ` (zero-padded to `m' ≥ 4`) and `ck`.
    pub fn new(mu: &[E::G1Affine], ck: &[E::G2Affine], m_prime: usize, shards: usize) -> Self {
        let (h, q) = (m_prime / 2, m_prime / 4);
        // e-sum over i < q of (μ_{a+i}, ck_{b+i}) for each (a, b)
        let sum = |offsets: &[(usize, usize)]| {
            let (ps, qs): (Vec<E::G1Affine>, Vec<E::G2Affine>) = offsets
                .iter()
                .flat_map(|&(a, b)| (0..q).map(move |i| (a + i, b + i)))
                .map(|(i, j)| (mu.get(i).copied().unwrap_or_default(), ck[j]))
                .unzip();
            inner_pairing::<E>(&ps, &qs)
        };
        let l = [
            sum(&[(0, q), (h, h + q)]),
            sum(&[(0, h + q)]),
            sum(&[(h, q)]),
        ];
        let r = [
            sum(&[(q, 0), (h + q, h)]),
            sum(&[(q, h)]),
            sum(&[(h + q, 0)]),
        ];
        let tables =
            GtFixedBases::for_calls(&l[1..], shards).zip(GtFixedBases::for_calls(&r[1..], shards));
        Self { l, r, tables }
    }

    /// Whether computing the terms once costs less than the round-1 Miller
    /// loops of `shards` proofs: `2m'` Miller loops and 6 final
    /// exponentiations (≈ 1 Miller loop each) once, against `m'/2` Miller
    /// loops plus 2 final exponentiations per shard, less its two G_T
    /// multi-exponentiations (≈ 2 Miller loops, vidkit-msm's `gt_msm`).
    pub fn pays_off(shards: usize, m_prime: usize) -> bool {
        m_prime >= 4 && shards * (m_prime / 2) > 2 * m_prime + 6
    }

    /// `(L_G^1, R_G^1)` for round 0's `x = u_0²` and `x⁻¹`.
    fn eval(
        &self,
        x: E::ScalarField,
        x_inv: E::ScalarField,
    ) -> (PairingOutput<E>, PairingOutput<E>) {
        let s = [x, x_inv];
        match &self.tables {
            Some((l, r)) => (self.l[0] + l.msm(&s), self.r[0] + r.msm(&s)),
            None => (
                self.l[0] + vidkit_msm::gt_msm::<E>(&self.l[1..], &s),
                self.r[0] + vidkit_msm::gt_msm::<E>(&self.r[1..], &s),
            ),
        }
    }
}

/// The pairings that all shards of one file share.
pub(crate) struct SharedRounds<E: Pairing> {
    /// `(L_G^0, R_G^0)` (required when `m' ≥ 2`).
    pub first: Option<(PairingOutput<E>, PairingOutput<E>)>,
    /// The round-1 terms (optional, `m' ≥ 4`).
    pub second: Option<SecondRound<E>>,
    /// Tables of the fixed key for rounds 0 and 1 (optional).
    pub fixed: Option<FixedKey<E>>,
}

/// The first two rounds work on the fixed vectors `μ` and `ck` (and their
/// first folds) in every shard's proof. Prepared once per file, with
/// per-point window tables of `μ` and `ck` where vidkit-msm's table policy
/// says the number of shards repays them (`FixedBases::for_calls`, within
/// the policy's default budget):
/// * round 0's G1 MSMs `L_r^0 = ⟨μ_L, b_R⟩`, `R_r^0 = ⟨μ_R, b_L⟩` (and the
///   prover's `μ̂ = ⟨μ, b⟩`) from the table of `μ`;
/// * with the round-1 terms ([`SecondRound`]) and tables of `μ` and `ck`,
///   the vectors of rounds 0 and 1 are never materialised: `L_r^1`, `R_r^1`
///   are MSMs over `μ` (`â^{(1)}_i = μ_i + x_0⁻¹·μ_{h+i}`) and the vectors of
///   round 2 come straight from the key,
///   `â^{(2)}_j = μ_j + x_0⁻¹μ_{h+j} + x_1⁻¹μ_{q+j} + (x_0x_1)⁻¹μ_{h+q+j}` and
///   `Ĝ^{(2)}_j = ck_j + x_0·ck_{h+j} + x_1·ck_{q+j} + x_0x_1·ck_{h+q+j}`
///   (fixed-base multiplications, no doublings);
/// * otherwise round 0's folds use the tables when present.
///
/// Exact group arithmetic: the proofs are bit-identical on every path.
pub(crate) struct FixedKey<E: Pairing> {
    mu: Option<FixedBases<E::G1>>,
    ck: Option<FixedBases<E::G2>>,
}

impl<E: Pairing> FixedKey<E> {
    /// The tables for `shards` proofs (`m' ≥ 2`).
    pub fn new(mu: &[E::G1Affine], ck: &[E::G2Affine], m_prime: usize, shards: usize) -> Self {
        Self {
            mu: FixedBases::for_calls(mu, shards, DEFAULT_MULTIPLE_POINTS),
            ck: FixedBases::for_calls(&ck[..m_prime], shards, DEFAULT_MULTIPLE_POINTS),
        }
    }

    /// Whether both window tables were built.
    #[cfg(test)]
    pub fn has_tables(&self) -> bool {
        self.mu.is_some() && self.ck.is_some()
    }

    /// `μ̂ = ⟨μ, b⟩` from the table of `μ`, if built.
    pub fn mu_msm(&self, b: &[E::ScalarField]) -> Option<E::G1> {
        self.mu.as_ref().map(|t| t.msm(b))
    }

    /// Round 0's `(L_r^0, R_r^0) = (⟨μ_L, b_R⟩, ⟨μ_R, b_L⟩)` from the table of
    /// `μ`, if built.
    fn first_lr(&self, b: &[E::ScalarField]) -> Option<[E::G1; 2]> {
        let t = self.mu.as_ref()?;
        let h = b.len() / 2;
        let zero = <E::ScalarField as ark_ff::AdditiveGroup>::ZERO;
        let mut s = vec![zero; b.len()];
        s[..h].copy_from_slice(&b[h..]);
        // the table holds μ_i for i < m; the padding rows m ≤ i < m' are the
        // identity, so their scalars are left out
        let m = t.len();
        let l = t.msm(&s[..m]);
        s[..h].fill(zero);
        s[h..].copy_from_slice(&b[..h]);
        Some([l, t.msm(&s[..m])])
    }
}

/// The prover's state after some rounds.
struct State<E: Pairing> {
    a: Vec<E::G1Affine>,
    g: Vec<E::G2Affine>,
    b: Vec<E::ScalarField>,
    phi: E::ScalarField,
    rounds: Vec<Round<E>>,
    us: Vec<E::ScalarField>,
    u_invs: Vec<E::ScalarField>,
}

impl<E: Pairing> State<E> {
    /// Absorbs `round`, draws its challenge `u` and returns `(u², u⁻²)`.
    fn challenge(
        &mut self,
        t: &mut ShardTranscript,
        round: Round<E>,
    ) -> (E::ScalarField, E::ScalarField) {
        let u = t.round(&round);
        let u_inv = u.inverse().expect("transcript challenges are non-zero");
        self.rounds.push(round);
        self.phi *= u;
        self.us.push(u);
        self.u_invs.push(u_inv);
        (u.square(), u_inv.square())
    }

    /// `b̂ ← b̂_L + x·b̂_R`.
    fn fold_b(&mut self, x: E::ScalarField) {
        let h = self.b.len() / 2;
        let (lo, hi) = self.b.split_at(h);
        self.b = lo.iter().zip(hi).map(|(l, r)| *l + x * r).collect();
    }
}

/// Rounds 0 and 1 from the fixed key (see [`FixedKey`]); `b` is `(r^i)_{i<m'}`.
fn first_two_rounds<E: Pairing>(
    t: &mut ShardTranscript,
    mu: &[E::G1Affine],
    ck: &[E::G2Affine],
    st: &mut State<E>,
    first: (PairingOutput<E>, PairingOutput<E>),
    second: &SecondRound<E>,
    (fixed, mu_t, ck_t): (&FixedKey<E>, &FixedBases<E::G1>, &FixedBases<E::G2>),
) {
    let m_prime = st.b.len();
    let (h, q) = (m_prime / 2, m_prime / 4);
    let lr = E::G1::normalize_batch(&fixed.first_lr(&st.b).expect("tables were built"));
    let round = Round {
        l_g: first.0,
        r_g: first.1,
        l_r: lr[0],
        r_r: lr[1],
    };
    let (x0, y0) = st.challenge(t, round);
    st.fold_b(x0);
    // round 1 on â = μ_L + y0·μ_R, with b̂ of length h
    let (l_g, r_g) = second.eval(x0, y0);
    let zero = <E::ScalarField as ark_ff::AdditiveGroup>::ZERO;
    let (mut sl, mut sr) = (vec![zero; m_prime], vec![zero; m_prime]);
    for i in 0..q {
        let (bl, br) = (st.b[i], st.b[q + i]);
        sl[i] = br;
        sl[h + i] = y0 * br;
        sr[q + i] = bl;
        sr[h + q + i] = y0 * bl;
    }
    // the table holds μ_i for i < m; the padding rows are the identity
    let m = mu_t.len();
    let lr = E::G1::normalize_batch(&[mu_t.msm(&sl[..m]), mu_t.msm(&sr[..m])]);
    let round = Round {
        l_g,
        r_g,
        l_r: lr[0],
        r_r: lr[1],
    };
    let (x1, y1) = st.challenge(t, round);
    st.fold_b(x1);
    st.a =
        E::G1::normalize_batch(&mu_t.sum_scaled(&mu[..q], &[(h, y0), (q, y1), (h + q, y0 * y1)]));
    st.g =
        E::G2::normalize_batch(&ck_t.sum_scaled(&ck[..q], &[(h, x0), (q, x1), (h + q, x0 * x1)]));
}

/// Runs the `κ = log2(m')` rounds on `a = μ` (zero-padded to `m'`),
/// `G = ck[..m']`, `b = powers` (length `m'`), absorbing every round into `t`.
/// `shared` are the file-wide pairings (round 0 required when `m' ≥ 2`).
pub(crate) fn prove<E: Pairing>(
    t: &mut ShardTranscript,
    mu: &[E::G1Affine],
    ck: &[E::G2Affine],
    b: Vec<E::ScalarField>,
    shared: &SharedRounds<E>,
) -> IpaProof<E> {
    let m_prime = b.len();
    let kappa = m_prime.trailing_zeros() as usize;
    let mut st = State::<E> {
        a: Vec::new(),
        g: Vec::new(),
        b,
        phi: E::ScalarField::ONE,
        rounds: Vec::with_capacity(kappa),
        us: Vec::with_capacity(kappa),
        u_invs: Vec::with_capacity(kappa),
    };
    let tables = shared
        .fixed
        .as_ref()
        .and_then(|f| Some((f, f.mu.as_ref()?, f.ck.as_ref()?)));
    let start = match (shared.first, &shared.second, tables) {
        (Some(first), Some(second), Some((fixed, mu_t, ck_t))) if kappa >= 2 => {
            first_two_rounds(t, mu, ck, &mut st, first, second, (fixed, mu_t, ck_t));
            2
        }
        _ => {
            st.a = mu.to_vec();
            st.a.resize(m_prime, E::G1Affine::zero());
            st.g = ck[..m_prime].to_vec();
            0
        }
    };
    for l in start..kappa {
        // the vectors leave the state for this round (the challenge updates it)
        let (a, g) = (core::mem::take(&mut st.a), core::mem::take(&mut st.g));
        let h = a.len() / 2;
        let (a_l, a_r) = a.split_at(h);
        let (g_l, g_r) = g.split_at(h);
        let (b_l, b_r) = st.b.split_at(h);
        let (l_g, r_g) = match (l, shared.first, &shared.second) {
            (0, Some(first), _) => first,
            (1, _, Some(second)) => second.eval(st.us[0].square(), st.u_invs[0].square()),
            _ => (inner_pairing::<E>(a_l, g_r), inner_pairing::<E>(a_r, g_l)),
        };
        let fixed = shared.fixed.as_ref().filter(|_| l == 0);
        let lr = E::G1::normalize_batch(&match fixed.and_then(|f| f.first_lr(&st.b)) {
            Some(lr) => lr,
            None => [
                vidkit_msm::msm::<E::G1>(a_l, b_r),
                vidkit_msm::msm::<E::G1>(a_r, b_l),
            ],
        });
        let round = Round {
            l_g,
            r_g,
            l_r: lr[0],
            r_r: lr[1],
        };
        // â ← â_L + u⁻²·â_R and Ĝ ← Ĝ_L + u²·Ĝ_R: one scalar per round, so
        // one GLV decomposition for all points (identity rows stay cheap);
        // round 0 from the key's tables when they were built
        let (x, x_inv) = st.challenge(t, round);
        let folded_a: Vec<E::G1> = match fixed.and_then(|f| f.mu.as_ref()) {
            Some(tab) => tab.sum_scaled(a_l, &[(h, x_inv)]),
            None => vidkit_msm::add_scaled::<E::G1>(a_l, a_r, x_inv),
        };
        let folded_g: Vec<E::G2> = match fixed.and_then(|f| f.ck.as_ref()) {
            Some(tab) => tab.sum_scaled(g_l, &[(h, x)]),
            None => vidkit_msm::add_scaled::<E::G2>(g_l, g_r, x),
        };
        st.a = E::G1::normalize_batch(&folded_a);
        st.g = E::G2::normalize_batch(&folded_g);
        st.fold_b(x);
    }
    let phi_inv = st.phi.inverse().expect("product of non-zero challenges");
    IpaProof {
        rounds: st.rounds,
        // one GLV multiplication each (arkworks' G2 has none)
        mu_0: vidkit_msm::add_scaled::<E::G1>(&[E::G1Affine::zero()], &st.a[..1], st.phi)[0]
            .into_affine(),
        g_0: vidkit_msm::add_scaled::<E::G2>(&[E::G2Affine::zero()], &st.g[..1], phi_inv)[0]
            .into_affine(),
        us: st.us,
        u_invs: st.u_invs,
        b_0: st.b[0] * phi_inv,
    }
}
