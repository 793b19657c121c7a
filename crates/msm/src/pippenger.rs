//! Batch-affine Pippenger for one short-Weierstrass group.
//!
//! `Σ_i s_i·P_i`: every scalar is recoded into `W = ⌈(b+1)/c⌉` signed `c`-bit
//! digits (`digits`); window `w` is the bucket sum
//! `T_w = Σ_i d_{i,w}·P_i` (`buckets`), and the result is
//! `Σ_w 2^{c·w}·T_w` by Horner's rule (`c` doublings per window). Several
//! windows share one accumulator (about 4096 buckets in all), fed point by
//! point, so that even a narrow window has large, conflict-free batches.
//!
//! The window width `c` comes from [`window_size`], a table measured on this
//! project's machines over sizes `2^6…2^18` (see `docs/msm.md`); below
//! [`SMALL_MSM`] points arkworks' Pippenger (XYZZ buckets, no batching) is
//! faster because a batch would hold too few additions to amortise its
//! inversion, and it is used instead.
//!
//! With the `parallel` feature the window groups are computed on the rayon pool;
//! group arithmetic is exact, so the result is the same point.

use ark_ec::{
    short_weierstrass::{Affine, Bucket, Projective, SWCurveConfig},
    VariableBaseMSM,
};
use ark_ff::{AdditiveGroup, BigInteger, PrimeField, Zero};
use ark_std::vec::Vec;

use crate::{buckets::window_sums, digits, LengthMismatch};

/// Windows are grouped so that a group has about this many buckets.
pub(crate) const GROUP_BUCKETS: usize = 4096;

/// Below this many (non-trivial) pairs, arkworks' MSM is used.
pub const SMALL_MSM: usize = 32;

/// Cost of one batch-affine bucket addition, in base-field multiplications.
pub(crate) const ADD_COST: usize = 6;
/// Cost of one XYZZ addition of the bucket reduction, in multiplications.
pub(crate) const REDUCE_COST: usize = 12;

/// Window width in bits for an MSM of `n` points: the `c` minimising the
/// operation count `W(c)·(n·ADD + 2^c·REDUCE)` (`W(c) = ⌈256/c⌉` windows;
/// `n` bucket additions and `2·2^{c−1}` reduction additions per window).
/// Measured widths around it are in `docs/msm.md` (`tune/...` rows).
pub fn window_size(n: usize) -> u32 {
    let cost = |c: u32| digits::window_count(255, c) * (n * ADD_COST + (REDUCE_COST << c));
    (2..=20u32).min_by_key(|&c| cost(c)).unwrap_or(2)
}

/// `Σ_i scalars[i]·bases[i]`, scalars in canonical big-integer form.
///
/// # Panics
/// If `bases` and `scalars` differ in length.
#[track_caller]
pub fn msm_bigint<P: SWCurveConfig>(
    bases: &[Affine<P>],
    scalars: &[<P::ScalarField as PrimeField>::BigInt],
) -> Projective<P> {
    LengthMismatch::require("pippenger::msm_bigint", bases.len(), scalars.len());
    let n = bases.len();
    if n < SMALL_MSM {
        return Projective::<P>::msm_bigint(bases, scalars);
    }
    msm_bigint_with_window(bases, scalars, window_size(n))
}

/// `Σ_i scalars[i]·bases[i]`.
///
/// # Panics
/// If `bases` and `scalars` differ in length.
#[track_caller]
pub fn msm<P: SWCurveConfig>(bases: &[Affine<P>], scalars: &[P::ScalarField]) -> Projective<P> {
    LengthMismatch::require("pippenger::msm", bases.len(), scalars.len());
    let bigints: Vec<_> = scalars.iter().map(|s| s.into_bigint()).collect();
    msm_bigint(bases, &bigints)
}

/// As [`msm_bigint`] with an explicit window width `2 ≤ c ≤ 24` and never the
/// arkworks fallback: the tuning and testing hook behind [`window_size`].
///
/// # Panics
/// If `bases` and `scalars` differ in length, or hold more than `2^32` pairs.
#[track_caller]
pub fn msm_bigint_with_window<P: SWCurveConfig>(
    bases: &[Affine<P>],
    scalars: &[<P::ScalarField as PrimeField>::BigInt],
    c: u32,
) -> Projective<P> {
    let c = c.clamp(2, 24);
    LengthMismatch::require(
        "pippenger::msm_bigint_with_window",
        bases.len(),
        scalars.len(),
    );
    let n = bases.len();
    assert!(n <= u32::MAX as usize, "MSM larger than 2^32 points");
    if n == 0 {
        return Projective::zero();
    }
    // only as many windows as the largest scalar needs (data scalars of
    // 31-byte chunks have 248 bits, random verifier coefficients 128)
    let bits = scalars.iter().map(|s| s.num_bits()).max().unwrap_or(0);
    let windows = digits::window_count(bits.max(1), c);
    let digits = digits::recode_scalar_major(scalars, c, windows);
    // windows sharing one accumulator: at least ~4096 buckets in all
    #[allow(unused_mut)]
    let mut group = (GROUP_BUCKETS >> (c - 1)).clamp(1, windows);
    #[cfg(feature = "parallel")]
    {
        // but at least one group per thread, or the pool sits idle (a
        // 1 000-point MSM has all its windows in one group otherwise)
        group = group.min(windows.div_ceil(rayon::current_num_threads()).max(1));
    }
    let groups: Vec<_> = (0..windows)
        .step_by(group)
        .map(|w| w..(w + group).min(windows))
        .collect();
    let run = |r: &core::ops::Range<usize>| window_sums(bases, &digits, windows, r.clone(), c);
    #[cfg(feature = "parallel")]
    let sums: Vec<Bucket<P>> = {
        use rayon::prelude::*;
        groups.par_iter().flat_map_iter(run).collect()
    };
    #[cfg(not(feature = "parallel"))]
    let sums: Vec<Bucket<P>> = groups.iter().flat_map(run).collect();
    horner(&sums, c)
}

/// `Σ_w 2^{c·w}·sums[w]`.
pub(crate) fn horner<P: SWCurveConfig>(sums: &[Bucket<P>], c: u32) -> Projective<P> {
    let mut acc = Projective::<P>::zero();
    for s in sums.iter().rev() {
        for _ in 0..c {
            acc.double_in_place();
        }
        acc += s;
    }
    acc
}
