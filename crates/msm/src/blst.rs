//! BLS12-381 MSMs over plain bases through blst.
//!
//! For BLS12-381's G1 and G2, [`MsmBases`](crate::MsmBases) without a table
//! (and so [`msm`](crate::msm) and [`msm_bigint`](crate::msm_bigint)) runs
//! blst's Pippenger (vidkit-blst) instead of the batch-affine Pippenger of
//! [`pippenger`](crate::pippenger): the algorithm differs little, the field
//! arithmetic does. blst multiplies in `F_p` and `F_{p^2}` with assembly
//! (`mulx`/`adx` chosen at run time, so any x86-64 runs it), where
//! arkworks' portable Rust takes 1.1–1.3× the time in `F_p` and about 1.6×
//! in `F_{p^2}`. Measured side by side on one thread, blst takes
//! 0.87–0.93× the time of the batch-affine Pippenger in G1 and 0.78–0.80× in
//! G2 from 2^8 to 2^16 points, and less below (`docs/msm.md`).
//!
//! The bases are converted once, when the [`MsmBases`](crate::MsmBases) is
//! built (a copy of limbs, see vidkit-blst); each MSM converts its scalars
//! to bytes. blst runs on the calling thread (the workspace builds it with
//! `no-threads`); on a pool of `t > 1` threads the points are cut into
//! `min(t, ⌈n/MIN_CHUNK⌉)` chunks, one blst MSM each, and the partial sums
//! added. Group arithmetic is exact: the result is the same point whatever
//! the cut.
//!
//! Tables ([`TablePlan::Windows`](crate::TablePlan),
//! [`FixedBases`](crate::FixedBases)) keep vidkit's own code: blst has no
//! precomputed-table MSM for arbitrary bases.
//!
//! Only with the `std` feature on a 64-bit target (as vidkit-pairing's blst
//! path); elsewhere BLS12-381 gets the batch-affine Pippenger.

use ark_bls12_381::{G1Affine, G1Projective, G2Affine, G2Projective};
use ark_ec::CurveGroup;
use ark_std::{any::Any, boxed::Box, vec::Vec};
use core::any::TypeId;

use crate::{bases::MsmEngine, BigIntOf};

/// Fewest points per chunk when an MSM is cut for several threads: below
/// it a chunk's bucket reduction would outweigh its share of the additions.
pub const MIN_CHUNK: usize = 256;

/// One of the two groups blst serves, with its blst point type.
trait BlstGroup: 'static {
    /// The arkworks group.
    type Group: CurveGroup<ScalarField = ark_bls12_381::Fr>;
    /// blst's affine point.
    type Point: Copy + Send + Sync + 'static;
    /// arkworks affine to blst affine.
    fn convert(p: &<Self::Group as CurveGroup>::Affine) -> Self::Point;
    /// blst's MSM on this thread.
    fn msm(points: &[Self::Point], scalars: &[BigIntOf<Self::Group>]) -> Self::Group;
}

/// BLS12-381's G1.
struct G1;

impl BlstGroup for G1 {
    type Group = G1Projective;
    type Point = vidkit_blst::blst::blst_p1_affine;
    fn convert(p: &G1Affine) -> Self::Point {
        vidkit_blst::to_p1_affine(p)
    }
    fn msm(points: &[Self::Point], scalars: &[BigIntOf<G1Projective>]) -> G1Projective {
        vidkit_blst::g1_msm(points, scalars)
    }
}

/// BLS12-381's G2.
struct G2;

impl BlstGroup for G2 {
    type Group = G2Projective;
    type Point = vidkit_blst::blst::blst_p2_affine;
    fn convert(p: &G2Affine) -> Self::Point {
        vidkit_blst::to_p2_affine(p)
    }
    fn msm(points: &[Self::Point], scalars: &[BigIntOf<G2Projective>]) -> G2Projective {
        vidkit_blst::g2_msm(points, scalars)
    }
}

/// Plain bases of a group blst serves, in blst's form.
struct Blst<B: BlstGroup> {
    points: Vec<B::Point>,
}

/// Number of chunks an MSM of `n` points is cut into on a pool of
/// `threads` threads (with the `parallel` feature): one per thread, but
/// none under [`MIN_CHUNK`] points unless there is only one.
pub fn chunks(n: usize, threads: usize) -> usize {
    threads.clamp(1, n.div_ceil(MIN_CHUNK).max(1))
}

impl<B: BlstGroup> MsmEngine<B::Group> for Blst<B> {
    fn len(&self) -> usize {
        self.points.len()
    }

    fn msm(&self, scalars: &[ark_bls12_381::Fr]) -> B::Group {
        let n = self.points.len().min(scalars.len());
        self.msm_bigint(&crate::bases::to_bigints(&scalars[..n]))
    }

    fn msm_bigint(&self, scalars: &[BigIntOf<B::Group>]) -> B::Group {
        let n = self.points.len().min(scalars.len());
        let (points, scalars) = (&self.points[..n], &scalars[..n]);
        #[cfg(feature = "parallel")]
        {
            use rayon::prelude::*;
            let parts = chunks(n, rayon::current_num_threads());
            if parts > 1 {
                let size = n.div_ceil(parts);
                return points
                    .par_chunks(size)
                    .zip(scalars.par_chunks(size))
                    .map(|(p, s)| B::msm(p, s))
                    .sum();
            }
        }
        B::msm(points, scalars)
    }

    fn name(&self) -> &'static str {
        "blst"
    }
}

/// The blst engine for `G` if `G` is BLS12-381's G1 or G2.
pub(crate) fn engine<G: CurveGroup>(bases: &[G::Affine]) -> Option<Box<dyn MsmEngine<G>>> {
    downcast::<G, G1>(bases).or_else(|| downcast::<G, G2>(bases))
}

/// If `G` is `B`'s group: the bases converted into a [`Blst`] engine, returned as
/// `Box<dyn MsmEngine<G>>` (checked downcasts, as in `bases.rs`).
fn downcast<G: CurveGroup, B: BlstGroup>(bases: &[G::Affine]) -> Option<Box<dyn MsmEngine<G>>> {
    if TypeId::of::<G>() != TypeId::of::<B::Group>() {
        return None;
    }
    let points = bases
        .iter()
        .map(|p| {
            (p as &dyn Any)
                .downcast_ref::<<B::Group as CurveGroup>::Affine>()
                .map(B::convert)
        })
        .collect::<Option<Vec<_>>>()?;
    let engine: Box<dyn MsmEngine<B::Group>> = Box::new(Blst::<B> { points });
    let any: Box<dyn Any> = Box::new(engine);
    any.downcast::<Box<dyn MsmEngine<G>>>().ok().map(|b| *b)
}
