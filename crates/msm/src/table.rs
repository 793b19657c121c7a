//! Precomputed window multiples: one bucket pass for every window.
//!
//! For fixed bases `P_i` and window width `c`, the table holds
//! `P_{i,w} = 2^{c·w}·P_i` for `w < W`. Then
//! `Σ_i s_i·P_i = Σ_i Σ_w d_{i,w}·P_{i,w}` is a **single** bucket sum over
//! `n·W` points with `2^{c−1}` buckets: no per-window bucket reduction and no
//! Horner doublings. Where plain Pippenger pays `W·(n·A + 2^c·R)` (A: one
//! batch-affine addition, R: one XYZZ addition of the reduction), this pays
//! `n·W·A + 2^c·R`, so a wider window becomes affordable and small MSMs get
//! much cheaper (about 2× at a few hundred points, `docs/msm.md`). The table
//! costs `n·(W−1)·c` doublings once and `n·W` affine points of memory.

use ark_ec::{
    short_weierstrass::{Affine, Bucket, Projective, SWCurveConfig},
    CurveGroup,
};
use ark_ff::{AdditiveGroup, PrimeField};
use ark_std::vec::Vec;

use crate::{
    buckets::bucket_sum,
    digits,
    pippenger::{ADD_COST, REDUCE_COST},
};

/// Window width minimising the operation count `n·W(c)·A(c) + 2^c·REDUCE`
/// among tables of at most `max_points` points (at least width 4), where
/// `A(c)` is a batch-affine addition plus its share of the batch's field
/// inversion (`inversion` multiplications; batches are small when there are
/// few buckets, so narrow windows pay a large share: on BLS12-381 an
/// inversion costs ≈ 380 multiplications).
pub(crate) fn table_window(n: usize, bits: u32, max_points: usize, inversion: usize) -> u32 {
    let cost = |c: u32| {
        n * digits::window_count(bits, c) * batch_add_cost(1 << (c - 1), inversion)
            + (REDUCE_COST << c)
    };
    (4..=20u32)
        .filter(|&c| c == 4 || n * digits::window_count(bits, c) <= max_points)
        .min_by_key(|&c| cost(c))
        .unwrap_or(4)
}

/// One batch-affine addition into `n_buckets` buckets, with its share of
/// the batch's field inversion (`inversion` multiplications).
fn batch_add_cost(n_buckets: usize, inversion: usize) -> usize {
    ADD_COST + inversion / crate::buckets::batch_size(n_buckets)
}

/// A field inversion (arkworks' binary extended Euclid) in multiplications
/// of `F`: measured ≈ 384 for BLS12-381's 381-bit `Fq` and ≈ 186 for BN254's
/// 254-bit one, i.e. about `bits²/380`; an extension inverts through one
/// base-field inversion, so its share per (dearer) multiplication is smaller.
pub(crate) fn inversion_cost<F: ark_ff::Field>() -> usize {
    let bits = F::BasePrimeField::MODULUS_BIT_SIZE as usize;
    let degree = F::extension_degree() as usize;
    (bits * bits / 380 / (degree * degree).max(1)).max(1)
}

/// Doubling cost (Jacobian, `a = 0`) plus normalisation share per table point,
/// in multiplications.
const DOUBLE_COST: usize = 8;
/// Mixed XYZZ addition (arkworks' bucket addition), in multiplications.
const XYZZ_ADD_COST: usize = 10;
const NORMALIZE_COST: usize = 6;

/// How many MSMs over `n` bases it takes, by operation count, before a
/// table of at most `max_points` points (building it included) is cheaper
/// than plain Pippenger; `None` when it never is.
pub(crate) fn repay_count(
    n: usize,
    bits: u32,
    max_points: usize,
    inversion: usize,
) -> Option<usize> {
    if n == 0 {
        return None;
    }
    let plain = if n < crate::pippenger::SMALL_MSM {
        // arkworks' Pippenger (what small MSMs run on without a table):
        // 3-bit signed windows, mixed XYZZ additions
        digits::window_count(bits, 3) * (n * XYZZ_ADD_COST + (REDUCE_COST << 3))
    } else {
        // batch-affine with window groups of GROUP_BUCKETS buckets
        let c = crate::pippenger::window_size(n);
        let add = batch_add_cost(crate::pippenger::GROUP_BUCKETS, inversion);
        digits::window_count(bits, c) * (n * add + (REDUCE_COST << c))
    };
    let t = table_window(n, bits, max_points, inversion);
    let w = digits::window_count(bits, t);
    let add = batch_add_cost(1 << (t - 1), inversion);
    let with_table = n * w * add + (REDUCE_COST << t);
    let build = n * (w * t as usize * DOUBLE_COST + w * NORMALIZE_COST);
    let saving = plain.checked_sub(with_table).filter(|&s| s > 0)?;
    Some(build / saving + 1)
}

/// Whether `count` MSMs over `n` bases are cheaper with a table (building
/// it included) than with plain Pippenger, by operation count.
pub(crate) fn table_pays(
    n: usize,
    bits: u32,
    count: usize,
    max_points: usize,
    inversion: usize,
) -> bool {
    repay_count(n, bits, max_points, inversion).is_some_and(|r| count >= r)
}

/// Window multiples `2^{c·w}·P_i` of fixed bases, scalar-major.
#[derive(Clone, Debug)]
pub(crate) struct WindowTable<P: SWCurveConfig> {
    c: u32,
    windows: usize,
    points: Vec<Affine<P>>,
}

impl<P: SWCurveConfig> WindowTable<P> {
    pub(crate) fn new(bases: &[Affine<P>], c: u32) -> Self {
        let windows = digits::window_count(P::ScalarField::MODULUS_BIT_SIZE, c);
        let mut proj = Vec::with_capacity(bases.len() * windows);
        for b in bases {
            let mut p: Projective<P> = (*b).into();
            for w in 0..windows {
                if w > 0 {
                    for _ in 0..c {
                        p.double_in_place();
                    }
                }
                proj.push(p);
            }
        }
        Self {
            c,
            windows,
            points: Projective::normalize_batch(&proj),
        }
    }

    /// Number of bases covered.
    pub(crate) fn len(&self) -> usize {
        self.points.len() / self.windows
    }

    /// `Σ_i scalars[i]·P_i` for the first `scalars.len() ≤ len()` bases.
    pub(crate) fn msm_bigint(
        &self,
        scalars: &[<P::ScalarField as PrimeField>::BigInt],
    ) -> Projective<P> {
        let n = scalars.len().min(self.len());
        let digits = digits::recode_scalar_major(&scalars[..n], self.c, self.windows);
        let points = &self.points[..n * self.windows];
        #[cfg(feature = "parallel")]
        {
            use rayon::prelude::*;
            let threads = rayon::current_num_threads();
            if threads > 1 && n >= 2 * crate::pippenger::SMALL_MSM {
                // whole bases per chunk, one bucket set per chunk
                let chunk = n.div_ceil(threads) * self.windows;
                let sums: Vec<Bucket<P>> = points
                    .par_chunks(chunk)
                    .zip(digits.par_chunks(chunk))
                    .map(|(p, d)| bucket_sum(p, d, self.c))
                    .collect();
                return sums.iter().fold(Projective::default(), |mut acc, s| {
                    acc += s;
                    acc
                });
            }
        }
        let s: Bucket<P> = bucket_sum(points, &digits, self.c);
        s.into()
    }
}
