//! Batch-affine Pippenger for one short-Weierstrass group.
//!
//! `Σ_i s_i·P_i`: every scalar is recoded into `W = ⌈(b+1)/c⌉` signed `c`-bit
//! digits (`digits`); window `w` is the bucket sum
//! `T_w = Σ_i d_{i,w}·P_i` (`buckets`), and the result is
//! `Σ_w 2^{c·w}·T_w` by Horner's rule (`c` doublings per window). Several
//! windows share one accumulator (about 4096 buckets in all), fed point by
//! point, so that even a narrow window has large, conflict-free batches.
//!
//! The window width `c` comes from [`window_size`], a time model whose one
//! measured constant (the time of a batch-affine addition, `ADD_TIME`)
//! comes from the `tune/` rows of the `msm` bench (see `docs/msm.md`); below
//! [`SMALL_MSM`] points arkworks' Pippenger (XYZZ buckets, no batching) is
//! faster because a batch would hold too few additions to amortise its
//! inversion, and it is used instead.
//!
//! With the `parallel` feature the work is cut into tasks for the rayon pool:
//! window groups, and when there are fewer groups than the pool can keep
//! busy, chunks of the points too (each chunk fills its own buckets; the
//! chunks' window sums are added before Horner's rule). [`split`] chooses the
//! cut, and on a pool of several threads [`window_size_for`] chooses `c`,
//! both from a makespan model: rounds of tasks times the cost of one task.
//! Group arithmetic is exact, so the result is the same point for every
//! pool size.

use ark_ec::{
    short_weierstrass::{Affine, Bucket, Projective, SWCurveConfig},
    VariableBaseMSM,
};
use ark_ff::{AdditiveGroup, BigInteger, PrimeField, Zero};
use ark_std::{vec, vec::Vec};

use crate::{
    buckets::window_sums,
    digits,
    field::{BatchArith, Native},
    LengthMismatch,
};

/// Windows are grouped so that a group has about this many buckets.
pub(crate) const GROUP_BUCKETS: usize = 4096;

/// Below this many (non-trivial) pairs, arkworks' MSM is used.
pub const SMALL_MSM: usize = 32;

/// Cost of one batch-affine bucket addition, in base-field multiplications.
pub(crate) const ADD_COST: usize = 6;
/// Cost of one XYZZ addition of the bucket reduction, in multiplications.
pub(crate) const REDUCE_COST: usize = 12;

/// Time of one batch-affine bucket addition on one thread, in the unit of
/// [`REDUCE_COST`]: its [`ADD_COST`] multiplications plus what the count
/// leaves out (loads and stores of scattered buckets, the subtractions, the
/// share of the inversion). Measured, not counted: with it [`window_size`]
/// picks, at every size from 2^8 to 2^16 on BLS12-381 and BN254, a width
/// within 1 % of the fastest of the `tune/` rows
/// (`results/msm/tune-window.txt`); with [`ADD_COST`] it picked one bit too
/// narrow, 3–7 % slower.
pub(crate) const ADD_TIME: usize = 9;

/// Window width in bits for an MSM of `n` points on one thread: the `c`
/// minimising the modelled time `W(c)·(n·ADD_TIME + 2^c·REDUCE)`
/// (`W(c) = ⌈256/c⌉` windows; `n` bucket additions and `2·2^{c−1}`
/// reduction additions per window). Measured widths around it are the
/// `tune/...` rows of the `msm` bench (`docs/msm.md`).
pub fn window_size(n: usize) -> u32 {
    let cost = |c: u32| digits::window_count(255, c) * (n * ADD_TIME + (REDUCE_COST << c));
    (2..=20u32).min_by_key(|&c| cost(c)).unwrap_or(2)
}

/// Window width for an MSM of `n` points on `threads` threads: on one
/// thread [`window_size`]; on several, the `c` (within 3 below to 1 above
/// [`window_size`]) whose best [`split`] has the least makespan. Narrower
/// windows mean more windows, hence more tasks to spread: an MSM of `2^16`
/// points has 22 windows of `c = 12`, which 16 threads cannot share evenly.
pub fn window_size_for(n: usize, threads: usize) -> u32 {
    let c0 = window_size(n);
    if threads <= 1 {
        return c0;
    }
    (c0.saturating_sub(3).max(2)..=c0 + 1)
        .min_by_key(|&c| split(n, 255, c, threads).makespan)
        .unwrap_or(c0)
}

/// How an MSM is cut into tasks (see [`split`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Split {
    /// Windows that share one accumulator (one task's windows).
    pub group: usize,
    /// Chunks of the points, each accumulated into its own buckets.
    pub chunks: usize,
    /// Modelled time: rounds of `threads` tasks times one task's cost, in
    /// base-field multiplications.
    pub makespan: usize,
}

/// The cut of an MSM of `n` points, scalars of at most `bits` bits, with
/// `c`-bit windows (`W` of them) into `⌈W/group⌉·chunks` tasks for
/// `threads` threads.
///
/// Windows are grouped so that a group has about 4096 buckets
/// (large, conflict-free batches when `c` is small), but with at most
/// `⌈W/threads⌉` windows per group (22 windows on 16 threads: 11 groups of
/// 2, which leave threads idle). Points are then cut into the number of
/// chunks, at most `2·threads`, that minimises the
/// makespan `⌈tasks/threads⌉ · group·(⌈n/chunks⌉·ADD + 2^c·REDUCE)`: a chunk
/// saves accumulation time on each task but adds a bucket reduction. On one
/// thread this is one chunk and groups of about 4096 buckets.
pub fn split(n: usize, bits: u32, c: u32, threads: usize) -> Split {
    let threads = threads.max(1);
    let c = c.clamp(2, 24);
    let windows = digits::window_count(bits.max(1), c);
    let mut group = (GROUP_BUCKETS >> (c - 1)).clamp(1, windows);
    if threads > 1 {
        group = group.min(windows.div_ceil(threads)).max(1);
    }
    let groups = windows.div_ceil(group);
    let makespan = |chunks: usize| {
        let rounds = (groups * chunks).div_ceil(threads);
        rounds * group * (n.div_ceil(chunks) * ADD_COST + (REDUCE_COST << c))
    };
    let chunks = if threads > 1 {
        (1..=2 * threads).min_by_key(|&p| makespan(p)).unwrap_or(1)
    } else {
        1
    };
    Split {
        group,
        chunks,
        makespan: makespan(chunks),
    }
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
    msm_bigint_with_window(bases, scalars, window_size_for(n, vidkit_pool::threads()))
}

/// As [`msm`], with the field arithmetic `A` in the batch-affine additions
/// (see [`msm_bigint_with_arith`]).
///
/// # Panics
/// If `bases` and `scalars` differ in length.
#[track_caller]
pub fn msm_with_arith<P: SWCurveConfig, A: BatchArith<P::BaseField>>(
    bases: &[Affine<P>],
    scalars: &[P::ScalarField],
) -> Projective<P> {
    LengthMismatch::require("pippenger::msm_with_arith", bases.len(), scalars.len());
    msm_bigint_with_arith::<P, A>(bases, &crate::bases::to_bigints(scalars))
}

/// As [`msm_bigint`], with the field arithmetic `A` in the batch-affine
/// additions ([`BatchArith`]: for a coordinate field whose fast products
/// this crate cannot reach by itself; [`crate::field::Native`] is
/// [`msm_bigint`]). Small MSMs take arkworks' code, as there.
///
/// # Panics
/// If `bases` and `scalars` differ in length.
#[track_caller]
pub fn msm_bigint_with_arith<P: SWCurveConfig, A: BatchArith<P::BaseField>>(
    bases: &[Affine<P>],
    scalars: &[<P::ScalarField as PrimeField>::BigInt],
) -> Projective<P> {
    let Some(bits) = checked_bits("pippenger::msm_bigint_with_arith", bases, scalars) else {
        return Projective::zero();
    };
    let n = bases.len();
    if n < SMALL_MSM {
        return Projective::<P>::msm_bigint(bases, scalars);
    }
    let c = window_size_for(n, vidkit_pool::threads());
    let Split { group, chunks, .. } = split(n, bits, c, vidkit_pool::threads());
    window_sums_split::<P, A>(bases, scalars, c, bits, group, chunks)
}

/// `Σ_i scalars[i]·bases[i]`.
///
/// # Panics
/// If `bases` and `scalars` differ in length.
#[track_caller]
pub fn msm<P: SWCurveConfig>(bases: &[Affine<P>], scalars: &[P::ScalarField]) -> Projective<P> {
    LengthMismatch::require("pippenger::msm", bases.len(), scalars.len());
    msm_bigint(bases, &crate::bases::to_bigints(scalars))
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
    let Some(bits) = checked_bits("pippenger::msm_bigint_with_window", bases, scalars) else {
        return Projective::zero();
    };
    let Split { group, chunks, .. } = split(bases.len(), bits, c, vidkit_pool::threads());
    window_sums_split::<P, Native>(bases, scalars, c, bits, group, chunks)
}

/// As [`msm_bigint_with_window`] with the cut into tasks given: windows
/// `group` at a time, points in `chunks` chunks (both at least 1; see
/// [`split`]). The testing hook for every cut, whatever the pool size.
///
/// # Panics
/// If `bases` and `scalars` differ in length, or hold more than `2^32` pairs.
#[track_caller]
pub fn msm_bigint_with_split<P: SWCurveConfig>(
    bases: &[Affine<P>],
    scalars: &[<P::ScalarField as PrimeField>::BigInt],
    c: u32,
    group: usize,
    chunks: usize,
) -> Projective<P> {
    match checked_bits("pippenger::msm_bigint_with_split", bases, scalars) {
        Some(bits) => window_sums_split::<P, Native>(bases, scalars, c, bits, group, chunks),
        None => Projective::zero(),
    }
}

/// Checks the input of the entry point `name`: the bit length of the
/// largest scalar (only as many windows as it needs: data scalars of 31-byte
/// chunks have 248 bits, random verifier coefficients 128), `None` for an
/// empty MSM.
#[track_caller]
fn checked_bits<P: SWCurveConfig>(
    name: &'static str,
    bases: &[Affine<P>],
    scalars: &[<P::ScalarField as PrimeField>::BigInt],
) -> Option<u32> {
    LengthMismatch::require(name, bases.len(), scalars.len());
    assert!(
        bases.len() <= u32::MAX as usize,
        "MSM larger than 2^32 points"
    );
    if bases.is_empty() {
        return None;
    }
    Some(scalars.iter().map(|s| s.num_bits()).max().unwrap_or(0))
}

/// The MSM of non-empty, equally long `bases` and `scalars` of at most `bits`
/// bits, cut into `⌈W/group⌉·chunks` tasks.
fn window_sums_split<P: SWCurveConfig, A: BatchArith<P::BaseField>>(
    bases: &[Affine<P>],
    scalars: &[<P::ScalarField as PrimeField>::BigInt],
    c: u32,
    bits: u32,
    group: usize,
    chunks: usize,
) -> Projective<P> {
    let (n, c) = (bases.len(), c.clamp(2, 24));
    let windows = digits::window_count(bits.max(1), c);
    let digits = digits::recode_scalar_major(scalars, c, windows);
    let group = group.clamp(1, windows);
    let chunk = n.div_ceil(chunks.clamp(1, n));
    // tasks: (point chunk, window group); a chunk's digits are its rows of
    // the scalar-major digit matrix
    let tasks: Vec<_> = (0..n)
        .step_by(chunk)
        .flat_map(|start| {
            (0..windows)
                .step_by(group)
                .map(move |w| (start..(start + chunk).min(n), w..(w + group).min(windows)))
        })
        .collect();
    let run = |(points, ws): &(core::ops::Range<usize>, core::ops::Range<usize>)| {
        window_sums::<P, A>(
            &bases[points.clone()],
            &digits[points.start * windows..points.end * windows],
            windows,
            ws.clone(),
            c,
        )
    };
    #[cfg(feature = "parallel")]
    let parts: Vec<Vec<Bucket<P>>> = {
        use rayon::prelude::*;
        tasks.par_iter().map(run).collect()
    };
    #[cfg(not(feature = "parallel"))]
    let parts: Vec<Vec<Bucket<P>>> = tasks.iter().map(run).collect();
    // tasks are chunk-major: chunk j's window sums are parts[j·groups ..]
    // concatenated in window order
    let mut sums = vec![Bucket::<P>::ZERO; windows];
    for chunk_parts in parts.chunks(windows.div_ceil(group)) {
        for (sum, part) in sums.iter_mut().zip(chunk_parts.iter().flatten()) {
            *sum += part;
        }
    }
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
