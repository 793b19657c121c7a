//! Multi-scalar multiplication (MSM) for vidkit.
//!
//! `Σ_i s_i·P_i` over the affine points of a short-Weierstrass curve. This
//! crate is the single place where vidkit's schemes compute MSMs, so that a
//! faster algorithm benefits every scheme and curve.
//!
//! # Algorithm
//!
//! Batch-affine Pippenger ([`pippenger`]): signed `c`-bit digits
//! (`2^{c−1}` buckets per window), buckets kept in **affine** coordinates and
//! updated in batches that share one field inversion (Montgomery's trick),
//! conflicts within a batch queued, bucket reduction in XYZZ coordinates.
//! An affine addition then costs about 6 multiplications against 10 for the
//! XYZZ mixed addition arkworks 0.6 uses, which is what gnark-crypto and
//! barretenberg do (Botrel–El Housni, eprint 2022/1400 §4).
//!
//! # Precomputed tables, and when they pay
//!
//! Fixed bases used many times (a committer key, the bases of a prover key,
//! a fold over a fixed key) can keep one of two tables, each with signed
//! `c`-bit windows (`W = ⌈(bits+1)/c⌉` digits `|d_w| ≤ 2^{c−1}` a scalar):
//!
//! * **windows** `2^{c·w}·P_i` (`n·W` points, inside [`MsmBases`]): an MSM is
//!   **one** batch-affine bucket pass over `n·W` points instead of `W`
//!   passes, no Horner doublings, so wider windows pay;
//! * **multiples** `d·2^{c·w}·P_i`, `1 ≤ d ≤ 2^{c−1}` (`n·W·2^{c−1}` points,
//!   the type [`FixedBases`]): a scalar times a base is at most `W` mixed
//!   additions and no doubling; it serves small MSMs ([`FixedBases::msm`]),
//!   many MSMs over the same bases at once, cache-blocked
//!   ([`FixedBases::msm_rows`], [`MsmBases::msm_rows`]), and
//!   `lo_i + x·P_i` ([`FixedBases::add_scaled`], `sum_scaled`).
//!
//! Whether a table pays and how wide it is are decided in one place,
//! [`TablePolicy::plan`]: given the number of bases `n`, the expected number
//! of uses `u` ([`Workload`]) and the curve (scalar bits, cost of a
//! base-field inversion, prime or extension base field), it counts
//! base-field multiplications of one use with and without each table and of
//! building it, and builds the table of width `c` with the largest
//! `u·(plain − with_table(c)) − ρ·build(c) > 0` (`ρ = 2` for multiples
//! tables, whose build the count under-states by ≈ 1.7×; `ρ = 1` for windows
//! tables), or none ([`TablePlan`]); the formulas are in the `policy` module
//! docs. [`MsmBases::for_msms`] and [`FixedBases::for_calls`] ask it;
//! [`TablePolicy::break_even`] gives the count at which a table starts to
//! pay, for callers that learn the count as they go (rent or buy).
//!
//! **BLS12-381 through blst, for few points.** For BLS12-381's G1 and G2
//! without a table, an MSM of fewer than 64 points (on any pool, with `std`
//! on a 64-bit target) is blst's Pippenger ([`blst`] module; conversions in
//! vidkit-blst); from 64 points the batch-affine Pippenger of this crate is
//! as fast or faster (0.86–0.95× blst's time in G1 from 256 points to 2^20,
//! 0.88–0.93× in G2 to 2^16; `docs/msm.md`).
//!
//! Why hand-written: arkworks 0.6 (the version vidkit is pinned to) has no
//! batch-affine MSM, and no maintained crate offers one generic over
//! arkworks curves; the code here is small and tested against arkworks'
//! MSM and a naive sum (`tests/`).
//!
//! # Entry points
//!
//! * [`msm`], [`msm_bigint`], [`MsmBases`]: for **any** `G: CurveGroup`
//!   (what the scheme crates, generic over `E: Pairing`, call). The fast path
//!   is chosen at run time by a safe `TypeId` check and `Box<dyn Any>`
//!   downcast for BLS12-381 (blst below 64 points without a table) and BN254
//!   (G1, G2); any other group goes to
//!   arkworks' `VariableBaseMSM::msm`, which calls `SWCurveConfig::msm` of
//!   its curve — so a curve crate gets the fast path by overriding that
//!   method with [`pippenger::msm`] (vidkit-bls24-317 does). This avoids a
//!   `where E::G1: FastMsm` bound rippling through every generic site.
//! * [`FastMsm`] and [`pippenger`]: statically typed, for code that knows
//!   its curve.
//! * [`add_scaled`] and [`scaled`]: `lo_i + x·hi_i` and `x·P_i` for many
//!   points and one scalar (the fold
//!   of a folding argument), with one GLV decomposition of `x` for all points
//!   on the shipped curves (arkworks multiplies their G2 points by plain
//!   double-and-add).
//! * [`MsmBases::for_msms`]: bases prepared for a number of MSMs as the
//!   policy plans (`usize::MAX` for a key kept for good), with `msm` and the
//!   many-rows `msm_rows`.
//! * [`FixedBases`]: the multiples table itself; `lo_i + x·B_i` for
//!   **fixed** points `B_i` and one scalar per call (no doublings), for
//!   folds over a fixed key repeated with many challenges, and small MSMs.
//! * [`TablePolicy`]: the one cost policy of both tables.
//! * [`forward_values`]: the values of a polynomial with group
//!   coefficients at consecutive integers from its forward differences,
//!   each step one batch of affine additions (KZG openings at the integers).
//! * [`gt_msm`]: multi-exponentiation in the pairing target group `G_T` of
//!   any arkworks pairing, with cyclotomic squarings, free inversions and a
//!   Frobenius (GLS) split of the exponents found from the curve's moduli;
//!   [`GtFixedBases`] for fixed elements exponentiated many times;
//!   [`gt_contains`], membership in `G_T` by the same Frobenius relation
//!   with a short exponent (the check untrusted `G_T` elements need).
//!
//! Every batch of affine additions shares one field inversion; on
//! BLS12-381 (`std`, 64-bit) it is blst's (about 5× faster than arkworks'),
//! and so are the `F_{p^2}` products and squares of G2's additions (0.83×
//! and 0.74× arkworks' time; `field` module).
//!
//! Results are exact group elements: the `parallel` feature (windows or
//! chunks on the rayon pool) gives the same points as the sequential path.

#![cfg_attr(not(feature = "std"), no_std)]
#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod bases;
#[cfg(all(feature = "std", target_pointer_width = "64"))]
pub mod blst;
mod buckets;
mod digits;
mod field;
mod fixed;
mod forward;
mod gt;
pub mod pippenger;
pub mod policy;
mod scale;
mod table;

pub use bases::{MsmBases, MsmEngine};
pub use field::{BatchArith, Native};
pub use fixed::FixedBases;
pub use forward::forward_values;
pub use gt::{gt_contains, gt_msm, try_gt_msm, GtFixedBases};
pub use policy::{
    TablePlan, TablePolicy, Workload, DEFAULT_MULTIPLE_POINTS, DEFAULT_TABLE_POINTS,
    MAX_MULTIPLES_WIDTH,
};
pub use scale::{add_scaled, scaled, SmallScalar};

use ark_ec::{
    short_weierstrass::{Projective, SWCurveConfig},
    CurveGroup,
};
use ark_ff::PrimeField;

/// The canonical big-integer form of a scalar of `G`.
pub type BigIntOf<G> = <<G as ark_ec::PrimeGroup>::ScalarField as PrimeField>::BigInt;

/// `Σ_i scalars[i]·bases[i]` for any group (fast path for BLS12-381 and
/// BN254, arkworks otherwise; see the crate docs).
///
/// # Panics
/// If `bases` and `scalars` differ in length: the inputs are never
/// silently truncated to the shorter one. [`try_msm`] returns an error
/// instead.
///
/// ```
/// use ark_bls12_381::{Fr, G1Affine, G1Projective};
/// use ark_ec::AffineRepr;
/// let g = G1Affine::generator();
/// let sum: G1Projective = vidkit_msm::msm(&[g, g], &[Fr::from(2u64), Fr::from(5u64)]);
/// assert_eq!(sum, g * Fr::from(7u64));
/// ```
#[track_caller]
pub fn msm<G: CurveGroup>(bases: &[G::Affine], scalars: &[G::ScalarField]) -> G {
    try_msm(bases, scalars).unwrap_or_else(|e| panic!("vidkit_msm::msm: {e}"))
}

/// [`msm`], or [`LengthMismatch`] if `bases` and `scalars` differ in length.
///
/// ```
/// use ark_bls12_381::{Fr, G1Affine, G1Projective};
/// use ark_ec::AffineRepr;
/// let g = G1Affine::generator();
/// let sum = vidkit_msm::try_msm::<G1Projective>(&[g, g], &[Fr::from(2u64), Fr::from(5u64)]);
/// assert_eq!(sum, Ok(g * Fr::from(7u64)));
/// let short = vidkit_msm::try_msm::<G1Projective>(&[g, g], &[Fr::from(2u64)]);
/// assert_eq!(short, Err(vidkit_msm::LengthMismatch { bases: 2, scalars: 1 }));
/// ```
pub fn try_msm<G: CurveGroup>(
    bases: &[G::Affine],
    scalars: &[G::ScalarField],
) -> Result<G, LengthMismatch> {
    LengthMismatch::check(bases.len(), scalars.len())?;
    Ok(MsmBases::<G>::new(bases).msm(scalars))
}

/// The two inputs of a multi-scalar multiplication that must have the same
/// length do not ([`try_msm`], [`try_gt_msm`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LengthMismatch {
    /// Number of bases (points or G_T elements).
    pub bases: usize,
    /// Number of scalars.
    pub scalars: usize,
}

impl LengthMismatch {
    /// `Ok` iff `bases == scalars`.
    pub fn check(bases: usize, scalars: usize) -> Result<(), Self> {
        if bases == scalars {
            Ok(())
        } else {
            Err(Self { bases, scalars })
        }
    }

    /// Panics with this error unless `bases == scalars` (the precondition of
    /// the panicking entry points).
    #[track_caller]
    pub(crate) fn require(what: &str, bases: usize, scalars: usize) {
        if let Err(e) = Self::check(bases, scalars) {
            panic!("{what}: {e}");
        }
    }

    /// Panics unless `scalars ≤ bases` (prepared bases serve any prefix).
    #[track_caller]
    pub(crate) fn require_prefix(what: &str, bases: usize, scalars: usize) {
        if scalars > bases {
            panic!("{what}: {scalars} scalars for {bases} prepared bases");
        }
    }
}

impl core::fmt::Display for LengthMismatch {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(
            f,
            "{} bases but {} scalars (an MSM needs one scalar per base)",
            self.bases, self.scalars
        )
    }
}

impl core::error::Error for LengthMismatch {}

/// Up to this many pairs the batch-affine engine multiplies point by point
/// ([`add_scaled`]'s GLV path; BLS12-381 on one thread only for one pair,
/// blst being faster from two): at 4 points that is ≈ 4·(128 doublings + 96 additions) against
/// ≈ 255 doublings and 85 windows of bucket sums for arkworks' small-MSM path.
pub const PER_POINT_MSM: usize = 4;

/// As [`msm`] with scalars in canonical big-integer form.
///
/// # Panics
/// If `bases` and `scalars` differ in length.
#[track_caller]
pub fn msm_bigint<G: CurveGroup>(bases: &[G::Affine], scalars: &[BigIntOf<G>]) -> G {
    LengthMismatch::require("vidkit_msm::msm_bigint", bases.len(), scalars.len());
    MsmBases::<G>::new(bases).msm_bigint(scalars)
}

/// Groups with vidkit's MSM, statically typed. Implemented for every
/// short-Weierstrass projective group (the G1 and G2 of every arkworks
/// pairing curve).
pub trait FastMsm: CurveGroup {
    /// `Σ scalars_i · bases_i`; panics if the lengths differ.
    fn fast_msm(bases: &[Self::Affine], scalars: &[Self::ScalarField]) -> Self;
    /// As [`FastMsm::fast_msm`], with scalars already in canonical big-integer
    /// form; panics if the lengths differ.
    fn fast_msm_bigint(bases: &[Self::Affine], scalars: &[BigIntOf<Self>]) -> Self;
}

impl<P: SWCurveConfig> FastMsm for Projective<P> {
    fn fast_msm(bases: &[Self::Affine], scalars: &[Self::ScalarField]) -> Self {
        pippenger::msm(bases, scalars)
    }

    fn fast_msm_bigint(bases: &[Self::Affine], scalars: &[BigIntOf<Self>]) -> Self {
        pippenger::msm_bigint(bases, scalars)
    }
}
