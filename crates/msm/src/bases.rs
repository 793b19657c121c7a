//! Prepared bases and the safe run-time dispatch to the fast path.
//!
//! vidkit's scheme crates are generic over `E: Pairing`, whose `E::G1` is only
//! known to be a [`CurveGroup`], not a short-Weierstrass `Projective<P>`.
//! Rather than adding `where E::G1: FastMsm` to every generic site, the
//! generic entry points pick an implementation **once per call or per
//! prepared base set**: if `TypeId::of::<G>()` is that of a group vidkit
//! ships (BLS12-381 and BN254, G1 and G2), the bases are moved through
//! `Box<dyn Any>` (a checked downcast, no `unsafe`) into a [`MsmEngine`] of
//! the concrete curve running the batch-affine Pippenger (for BLS12-381
//! MSMs of fewer than 64 points without a table, with `std` on 64-bit
//! targets: blst's Pippenger, see [`crate::blst`]); any other group
//! gets arkworks' `VariableBaseMSM::msm`, which calls its
//! `SWCurveConfig::msm`, so a curve crate plugs in its own fast MSM by
//! overriding that method (vidkit-bls24-317 does). The downcast costs one
//! copy of the bases, negligible against the MSM.

use ark_ec::{
    short_weierstrass::{Affine, Projective, SWCurveConfig},
    CurveGroup,
};
use ark_ff::PrimeField;
use ark_std::{any::Any, boxed::Box, vec::Vec};
use core::any::TypeId;

use crate::{
    pippenger,
    policy::{TablePlan, TablePolicy, Workload},
    table::WindowTable,
    BigIntOf, FixedBases, LengthMismatch,
};

/// An MSM implementation bound to a fixed list of bases of `G`.
pub trait MsmEngine<G: CurveGroup>: Send + Sync {
    /// Number of bases.
    fn len(&self) -> usize;
    /// Whether there is no base.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// `Σ_i scalars[i]·bases[i]` over the first `scalars.len()` bases;
    /// [`MsmBases`] calls it with at most [`MsmEngine::len`] scalars.
    fn msm(&self, scalars: &[G::ScalarField]) -> G;
    /// As [`MsmEngine::msm`] with canonical big-integer scalars.
    fn msm_bigint(&self, scalars: &[BigIntOf<G>]) -> G;
    /// The MSMs of the consecutive rows of `len ≥ 1` scalars of `scalars`
    /// (`len` divides `scalars.len()` and is at most [`MsmEngine::len`]).
    /// Row by row unless the engine knows better; with the `parallel`
    /// feature the rows run on the rayon pool.
    fn msm_rows(&self, scalars: &[G::ScalarField], len: usize) -> Vec<G> {
        #[cfg(feature = "parallel")]
        {
            use rayon::prelude::*;
            scalars.par_chunks(len).map(|row| self.msm(row)).collect()
        }
        #[cfg(not(feature = "parallel"))]
        scalars.chunks(len).map(|row| self.msm(row)).collect()
    }
    /// A short name of the implementation (for tests and benchmarks).
    fn name(&self) -> &'static str;
}

/// Bases prepared once for many MSMs.
///
/// ```
/// use ark_bls12_381::{Fr, G1Affine, G1Projective};
/// use ark_ec::{AffineRepr, VariableBaseMSM};
/// use vidkit_msm::MsmBases;
/// let bases = vec![G1Affine::generator(); 3];
/// let scalars = [Fr::from(1u64), Fr::from(2u64), Fr::from(3u64)];
/// let prepared = MsmBases::<G1Projective>::with_precomputation(&bases, usize::MAX);
/// assert_eq!(prepared.msm(&scalars), G1Affine::generator() * Fr::from(6u64));
/// ```
pub struct MsmBases<G: CurveGroup> {
    engine: Box<dyn MsmEngine<G>>,
    plan: TablePlan,
}

impl<G: CurveGroup> core::fmt::Debug for MsmBases<G> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("MsmBases")
            .field("len", &self.engine.len())
            .field("engine", &self.engine.name())
            .field("plan", &self.plan)
            .finish()
    }
}

impl<G: CurveGroup> MsmBases<G> {
    /// Prepares `bases` for the batch-affine Pippenger (no precomputation).
    pub fn new(bases: &[G::Affine]) -> Self {
        Self::with_plan(bases, TablePlan::Plain)
    }

    /// Prepares `bases` with a windows table `2^{c·w}·B_i`, whatever the
    /// number of MSMs, so that each MSM is one bucket pass (see the `table`
    /// module docs). The width is [`TablePolicy::windows_width`] within
    /// `max_points` points (width 4, the narrowest, if no table fits).
    /// Groups without the fast path get arkworks' MSM as with
    /// [`MsmBases::new`].
    pub fn with_precomputation(bases: &[G::Affine], max_points: usize) -> Self {
        let policy = TablePolicy {
            window_points: max_points,
            ..TablePolicy::DEFAULT
        };
        let c = policy.windows_width::<G>(bases.len());
        Self::with_plan(bases, TablePlan::Windows(c))
    }

    /// Prepares `bases` for `count` MSMs (`usize::MAX`: bases kept for
    /// good, such as a committer key) as [`TablePolicy::DEFAULT`] plans it:
    /// a multiples table ([`FixedBases`]), a windows table, or none.
    ///
    /// ```
    /// use ark_bls12_381::{G1Affine, G1Projective};
    /// use ark_ec::AffineRepr;
    /// use vidkit_msm::{MsmBases, TablePlan};
    /// let bases = vec![G1Affine::generator(); 16];
    /// let once = MsmBases::<G1Projective>::for_msms(&bases, 1);
    /// assert_eq!(once.plan(), TablePlan::Plain);
    /// let key = MsmBases::<G1Projective>::for_msms(&bases, usize::MAX);
    /// assert_eq!(key.plan(), TablePlan::Multiples(10));
    /// assert_eq!(key.engine(), "fixed-base-table");
    /// ```
    pub fn for_msms(bases: &[G::Affine], count: usize) -> Self {
        let plan = TablePolicy::DEFAULT.plan::<G>(bases.len(), Workload::Msms(count));
        Self::with_plan(bases, plan)
    }

    /// Prepares `bases` as `plan` says. A multiples table works for every
    /// group; a windows table needs the fast path (BLS12-381, BN254), and
    /// other groups get arkworks' MSM instead ([`MsmBases::plan`] then says
    /// [`TablePlan::Plain`]).
    ///
    /// # Panics
    ///
    /// If the width of `Multiples` is outside `1..=16` or that of `Windows`
    /// outside `4..=20`.
    pub fn with_plan(bases: &[G::Affine], plan: TablePlan) -> Self {
        let windows = match plan {
            TablePlan::Multiples(c) => {
                return Self {
                    engine: Box::new(FixedBases::<G>::new(bases, c)),
                    plan,
                }
            }
            TablePlan::Windows(c) => {
                assert!((4..=20).contains(&c), "windows table width 4..=20");
                Some(c)
            }
            TablePlan::Plain => None,
        };
        match fast_engine::<G>(bases, windows) {
            Some(engine) => Self { engine, plan },
            None => Self {
                engine: Box::new(Arkworks::<G>(bases.to_vec())),
                plan: TablePlan::Plain,
            },
        }
    }

    /// The precomputation in use (what [`MsmBases::with_plan`] was given,
    /// or [`TablePlan::Plain`] where a windows table was not available).
    pub fn plan(&self) -> TablePlan {
        self.plan
    }

    /// Number of affine points of the table (0 without one).
    pub fn table_points(&self) -> usize {
        self.plan.points::<G>(self.len())
    }

    /// Number of bases.
    pub fn len(&self) -> usize {
        self.engine.len()
    }

    /// Whether there is no base.
    pub fn is_empty(&self) -> bool {
        self.engine.is_empty()
    }

    /// The implementation in use: `"batch-affine"`, `"batch-affine-table"`
    /// (windows table), `"fixed-base-table"` (multiples table) or
    /// `"arkworks"`.
    pub fn engine(&self) -> &'static str {
        self.engine.name()
    }

    /// `Σ_i scalars[i]·bases[i]` over the first `scalars.len()` bases.
    ///
    /// # Panics
    /// If there are more scalars than bases (never a silent truncation).
    #[track_caller]
    pub fn msm(&self, scalars: &[G::ScalarField]) -> G {
        LengthMismatch::require_prefix("MsmBases::msm", self.len(), scalars.len());
        self.engine.msm(scalars)
    }

    /// As [`MsmBases::msm`] with canonical big-integer scalars.
    ///
    /// # Panics
    /// If there are more scalars than bases.
    #[track_caller]
    pub fn msm_bigint(&self, scalars: &[BigIntOf<G>]) -> G {
        LengthMismatch::require_prefix("MsmBases::msm_bigint", self.len(), scalars.len());
        self.engine.msm_bigint(scalars)
    }

    /// The MSMs of consecutive rows of `len` scalars against the first `len`
    /// bases: `scalars.len() / len` results, row `r` being
    /// `Σ_i scalars[r·len + i]·bases[i]`; cache-blocked on a multiples table
    /// ([`FixedBases::msm_rows`]). `None` if `len` exceeds the number of
    /// bases or does not divide `scalars.len()` (`len = 0` gives no row).
    ///
    /// ```
    /// use ark_bls12_381::{Fr, G1Affine, G1Projective};
    /// use ark_ec::AffineRepr;
    /// use vidkit_msm::MsmBases;
    /// let g = G1Affine::generator();
    /// let key = MsmBases::<G1Projective>::for_msms(&[g, g], usize::MAX);
    /// let rows = key.msm_rows(&[1u64, 2, 3, 4].map(Fr::from), 2).unwrap();
    /// assert_eq!(rows, vec![g * Fr::from(3u64), g * Fr::from(7u64)]);
    /// ```
    pub fn msm_rows(&self, scalars: &[G::ScalarField], len: usize) -> Option<Vec<G>> {
        if len > self.len() || (len == 0 && !scalars.is_empty()) {
            return None;
        }
        if len == 0 {
            return Some(Vec::new());
        }
        if scalars.len() % len != 0 {
            return None;
        }
        Some(self.engine.msm_rows(scalars, len))
    }
}

/// A multiples table as an engine.
impl<G: CurveGroup> MsmEngine<G> for FixedBases<G> {
    fn len(&self) -> usize {
        FixedBases::len(self)
    }
    fn msm(&self, scalars: &[G::ScalarField]) -> G {
        FixedBases::msm(self, scalars)
    }
    fn msm_bigint(&self, scalars: &[BigIntOf<G>]) -> G {
        FixedBases::msm_bigint(self, scalars)
    }
    fn msm_rows(&self, scalars: &[G::ScalarField], len: usize) -> Vec<G> {
        FixedBases::msm_rows(self, scalars, len).expect("checked by MsmBases::msm_rows")
    }
    fn name(&self) -> &'static str {
        "fixed-base-table"
    }
}

/// arkworks' MSM for groups without a fast path here.
struct Arkworks<G: CurveGroup>(Vec<G::Affine>);

impl<G: CurveGroup> MsmEngine<G> for Arkworks<G> {
    fn len(&self) -> usize {
        self.0.len()
    }
    fn msm(&self, scalars: &[G::ScalarField]) -> G {
        let n = self.0.len().min(scalars.len());
        // the checked `msm` reaches `SWCurveConfig::msm`, the curve's hook
        G::msm(&self.0[..n], &scalars[..n])
            .unwrap_or_else(|_| G::msm_unchecked(&self.0[..n], &scalars[..n]))
    }
    fn msm_bigint(&self, scalars: &[BigIntOf<G>]) -> G {
        let n = self.0.len().min(scalars.len());
        let fields: Option<Vec<G::ScalarField>> = scalars[..n]
            .iter()
            .map(|b| G::ScalarField::from_bigint(*b))
            .collect();
        match fields {
            Some(f) => self.msm(&f),
            None => G::msm_bigint(&self.0[..n], &scalars[..n]),
        }
    }
    fn name(&self) -> &'static str {
        "arkworks"
    }
}

/// The batch-affine engine of one short-Weierstrass curve.
struct Fast<P: SWCurveConfig> {
    bases: Vec<Affine<P>>,
    table: Option<WindowTable<P>>,
}

impl<P: SWCurveConfig> MsmEngine<Projective<P>> for Fast<P> {
    fn len(&self) -> usize {
        self.bases.len()
    }
    fn msm(&self, scalars: &[P::ScalarField]) -> Projective<P> {
        let n = self.bases.len().min(scalars.len());
        // blst (BLS12-381, few points) beats the GLV path from two points
        let per_point = if blst_here::<P>(n) {
            1
        } else {
            crate::PER_POINT_MSM
        };
        if n <= per_point && self.table.is_none() {
            // as `crate::msm`: a GLV multiplication per point beats any
            // bucket method (the cost `TablePolicy` counts for plain bases)
            if let Some(sum) =
                crate::scale::small_msm::<Projective<P>>(&self.bases[..n], &scalars[..n])
            {
                return sum;
            }
        }
        self.msm_bigint(&to_bigints(&scalars[..n]))
    }
    /// With `parallel`, one row per task; over plain bases through
    /// [`vidkit_pool::map_items`], so that rows enough to share out evenly
    /// each run planned for one thread instead of
    /// splitting over the pool.
    #[cfg(feature = "parallel")]
    fn msm_rows(&self, scalars: &[P::ScalarField], len: usize) -> Vec<Projective<P>> {
        use rayon::prelude::*;
        if self.table.is_some() {
            return scalars.par_chunks(len).map(|row| self.msm(row)).collect();
        }
        let rows: Vec<&[P::ScalarField]> = scalars.chunks(len).collect();
        vidkit_pool::map_items(&rows, |row| self.msm(row))
    }
    fn msm_bigint(&self, scalars: &[<P::ScalarField as PrimeField>::BigInt]) -> Projective<P> {
        match &self.table {
            // a table beats arkworks' small-MSM path too: one pass of n·W
            // additions instead of W passes with their bucket reductions
            Some(t) => t.msm_bigint(scalars),
            None => {
                // BLS12-381, fewer than `BLST_BELOW` points: blst (see `crate::blst`)
                #[cfg(all(feature = "std", target_pointer_width = "64"))]
                if blst_here::<P>(scalars.len().min(self.bases.len()))
                    && let Some(sum) = crate::blst::msm(&self.bases, scalars)
                {
                    return sum;
                }
                pippenger::msm_bigint(&self.bases, scalars)
            }
        }
    }
    fn name(&self) -> &'static str {
        if self.table.is_some() {
            "batch-affine-table"
        } else {
            "batch-affine"
        }
    }
}

/// Fewest scalars per thread when [`to_bigints`] runs on the pool: a
/// conversion is one Montgomery reduction (tens of ns), so a run shorter
/// than this costs less than waking a thread for it.
const MIN_CONVERSION_RUN: usize = 1 << 12;

/// The scalars in canonical big-integer form (the conversion is a
/// Montgomery reduction per scalar; with `parallel`, long inputs are cut
/// into one run per thread, none shorter than [`MIN_CONVERSION_RUN`]).
pub(crate) fn to_bigints<F: PrimeField>(scalars: &[F]) -> Vec<F::BigInt> {
    vidkit_pool::per_thread_chunks(scalars.len(), MIN_CONVERSION_RUN, |r| {
        scalars[r].iter().map(|s| s.into_bigint()).collect()
    })
}

#[cfg(all(feature = "std", target_pointer_width = "64"))]
use crate::blst::serves as blst_serves;

/// Whether plain bases of `Projective<P>` go to blst on one thread: never
/// in this build (see [`crate::blst`] for the builds where they do).
#[cfg(not(all(feature = "std", target_pointer_width = "64")))]
#[allow(clippy::extra_unused_type_parameters)]
fn blst_serves<P: SWCurveConfig>() -> bool {
    false
}

/// Below this many points a plain MSM on BLS12-381 runs blst, on the
/// calling thread whatever the pool; from this many the batch-affine
/// Pippenger is as fast or faster. One thread, G1 and G2 (`docs/msm.md`):
/// blst 0.96–1.07× the batch-affine time from 32 to 128 points, 1.05–1.16×
/// from 256 to 2^20. On a pool of several threads, tasks of fewer points
/// would be shorter than the cost of waking the pool's threads (at 4 and 16
/// points on two threads, blst took 0.36× and 0.68× the time of the split
/// MSM in a batch verification).
pub(crate) const BLST_BELOW: usize = 64;

/// Whether a plain MSM of `n` points over `Projective<P>` goes to blst: a
/// group blst serves and fewer than [`BLST_BELOW`] points (see
/// [`crate::blst`]).
fn blst_here<P: SWCurveConfig>(n: usize) -> bool {
    blst_serves::<P>() && n < BLST_BELOW
}

/// The fast engine for `G` if `G` is one of the groups listed here.
fn fast_engine<G: CurveGroup>(
    bases: &[G::Affine],
    table: Option<u32>,
) -> Option<Box<dyn MsmEngine<G>>> {
    downcast_engine::<G, ark_bls12_381::g1::Config>(bases, table)
        .or_else(|| downcast_engine::<G, ark_bn254::g1::Config>(bases, table))
        .or_else(|| downcast_engine::<G, ark_bls12_381::g2::Config>(bases, table))
        .or_else(|| downcast_engine::<G, ark_bn254::g2::Config>(bases, table))
}

/// If `G` is `Projective<P>`: the bases as `Affine<P>` (checked downcast of
/// a copy) in a [`Fast`] engine, returned as `Box<dyn MsmEngine<G>>` (the
/// same type, recovered by a second checked downcast).
fn downcast_engine<G: CurveGroup, P: SWCurveConfig>(
    bases: &[G::Affine],
    table: Option<u32>,
) -> Option<Box<dyn MsmEngine<G>>> {
    if TypeId::of::<G>() != TypeId::of::<Projective<P>>() {
        return None;
    }
    let copy: Box<dyn Any> = Box::new(bases.to_vec());
    let bases: Vec<Affine<P>> = *copy.downcast::<Vec<Affine<P>>>().ok()?;
    let table = table.map(|c| WindowTable::new(&bases, c));
    let engine: Box<dyn MsmEngine<Projective<P>>> = Box::new(Fast { bases, table });
    let any: Box<dyn Any> = Box::new(engine);
    any.downcast::<Box<dyn MsmEngine<G>>>().ok().map(|b| *b)
}
