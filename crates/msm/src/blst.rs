//! BLS12-381 MSMs of few points over plain bases, and `G_T`
//! multi-exponentiations: blst.
//!
//! For BLS12-381's G1 and G2, an MSM of fewer than 64 points over plain
//! bases ([`msm`](crate::msm), [`msm_bigint`](crate::msm_bigint),
//! [`MsmBases`](crate::MsmBases) without a table) goes to blst's Pippenger
//! (vidkit-blst), on the calling thread whatever the pool: from 2 to 63
//! points it beats both arkworks' small-MSM path and a GLV multiplication
//! per point. From 64 points the batch-affine Pippenger of
//! [`pippenger`](crate::pippenger) takes over: on one thread blst took
//! 0.96–1.07× its time from 32 to 128 points and 1.05–1.16× from 256 to
//! 2^20, in G1 and G2 (`docs/msm.md`), since the batch-affine additions
//! (one shared inversion, by blst, per batch; `F_{p^2}` products by blst)
//! cost less than blst's XYZZ buckets. (Earlier measurements, before the
//! release profile moved to one codegen unit and the batches' inversions
//! to blst, and on another VM, had blst's Pippenger ahead on one thread,
//! and it served every size there.) Both compute the same point.
//!
//! The points cross over as limbs (vidkit-blst), copied at each call.
//! Tables ([`TablePlan::Windows`](crate::TablePlan),
//! [`FixedBases`](crate::FixedBases)) keep vidkit's own code: blst has no
//! precomputed-table MSM for arbitrary bases.
//!
//! The multi-exponentiation in BLS12-381's `G_T` ([`gt_msm`](crate::gt_msm))
//! runs its Straus or Pippenger loop on blst's `F_{p^12}` multiplication and
//! cyclotomic squaring ([`vidkit_blst::gt::Gt`], about twice as fast as
//! arkworks'), the elements copied over as limbs before and back after; so
//! does the exponentiation by `L` of the membership test
//! ([`gt_contains`](crate::gt_contains)).
//!
//! Only with the `std` feature on a 64-bit target (as vidkit-pairing's blst
//! path); elsewhere BLS12-381 always gets the batch-affine Pippenger and
//! arkworks' `G_T` arithmetic.

use crate::gt::{exponentiate_with, pow_with, GtArith};
use ark_bls12_381::{g1, g2, Fq12};
use ark_ec::short_weierstrass::{Affine, Projective, SWCurveConfig};
use ark_ff::{BigInteger, PrimeField};
use ark_std::{any::Any, boxed::Box, vec::Vec};
use core::any::TypeId;

/// Whether blst serves the group `Projective<P>` (BLS12-381's G1 or G2).
pub fn serves<P: SWCurveConfig>() -> bool {
    let id = TypeId::of::<P>();
    id == TypeId::of::<g1::Config>() || id == TypeId::of::<g2::Config>()
}

/// `Σ scalars[i]·bases[i]` (over the first `min` of both lengths) by blst on
/// this thread if blst serves `Projective<P>`, else `None`.
pub fn msm<P: SWCurveConfig>(
    bases: &[Affine<P>],
    scalars: &[<P::ScalarField as PrimeField>::BigInt],
) -> Option<Projective<P>> {
    let n = bases.len().min(scalars.len());
    let (bases, scalars) = (&bases[..n], &scalars[..n]);
    let out = run::<P, g1::Config, _>(bases, scalars, vidkit_blst::to_p1_affine, |p, s| {
        vidkit_blst::g1_msm(p, s)
    })
    .or_else(|| {
        run::<P, g2::Config, _>(bases, scalars, vidkit_blst::to_p2_affine, |p, s| {
            vidkit_blst::g2_msm(p, s)
        })
    })?;
    out.downcast::<Projective<P>>().ok().map(|p| *p)
}

/// If `P` is `Q`: the bases converted to blst's form, blst's MSM, and its
/// result boxed (checked downcasts of each element, no `unsafe`).
fn run<P: SWCurveConfig, Q: SWCurveConfig<ScalarField = ark_bls12_381::Fr>, Point>(
    bases: &[Affine<P>],
    scalars: &[<P::ScalarField as PrimeField>::BigInt],
    convert: fn(&Affine<Q>) -> Point,
    blst_msm: fn(&[Point], &[vidkit_blst::Scalar]) -> Projective<Q>,
) -> Option<Box<dyn Any>> {
    if TypeId::of::<P>() != TypeId::of::<Q>() {
        return None;
    }
    let points = bases
        .iter()
        .map(|p| (p as &dyn Any).downcast_ref::<Affine<Q>>().map(convert))
        .collect::<Option<Vec<Point>>>()?;
    let scalars = scalars
        .iter()
        .map(|s| {
            (s as &dyn Any)
                .downcast_ref::<vidkit_blst::Scalar>()
                .copied()
        })
        .collect::<Option<Vec<_>>>()?;
    Some(Box::new(blst_msm(&points, &scalars)))
}

/// An element of BLS12-381's `G_T` on blst's arithmetic (a local type, so
/// that it can take [`GtArith`] beside the blanket implementation for
/// arkworks' fields).
#[derive(Clone, Copy)]
struct Gt(vidkit_blst::gt::Gt);

impl GtArith for Gt {
    fn gt_one() -> Self {
        Gt(vidkit_blst::gt::Gt::one())
    }
    fn gt_mul(&mut self, t: &Self) {
        self.0 *= &t.0;
    }
    fn gt_square(&mut self) {
        self.0 = self.0.cyclotomic_square();
    }
    fn gt_inverse(&self) -> Self {
        Gt(self.0.inverse())
    }
}

/// `Π_i bases[i]^{digits[i]}` on blst's arithmetic if `F` is BLS12-381's
/// `F_{p^12}`, else `None` (checked downcasts of each element).
pub(crate) fn gt_exponentiate<F: 'static, B: BigInteger>(bases: &[F], digits: &[B]) -> Option<F> {
    if TypeId::of::<F>() != TypeId::of::<Fq12>() {
        return None;
    }
    let bases = bases
        .iter()
        .map(|t| {
            (t as &dyn Any)
                .downcast_ref::<Fq12>()
                .map(|t| Gt(vidkit_blst::gt::Gt::from_fq12(t)))
        })
        .collect::<Option<Vec<Gt>>>()?;
    let out: Box<dyn Any> = Box::new(exponentiate_with(&bases, digits).0.to_fq12());
    out.downcast::<F>().ok().map(|t| *t)
}

/// `t^e` (`e` as little-endian limbs, `t` in the cyclotomic subgroup) on
/// blst's arithmetic if `F` is BLS12-381's `F_{p^12}`, else `None`: the
/// exponentiation of [`gt_contains`](crate::gt_contains).
pub(crate) fn gt_pow<F: 'static>(t: &F, e: &[u64]) -> Option<F> {
    let t = (t as &dyn Any).downcast_ref::<Fq12>()?;
    let out: Box<dyn Any> = Box::new(
        pow_with(&Gt(vidkit_blst::gt::Gt::from_fq12(t)), e)
            .0
            .to_fq12(),
    );
    out.downcast::<F>().ok().map(|t| *t)
}
