//! Multi-scalar multiplication (MSM) for vidkit.
//!
//! `Σ_i s_i·P_i` over the affine points of a short-Weierstrass curve. This
//! crate is the single place where vidkit's schemes compute MSMs, so that a
//! faster algorithm (batch-affine Pippenger) benefits every scheme and curve.
//!
//! Skeleton: [`FastMsm`] currently forwards to arkworks' Pippenger.

#![forbid(unsafe_code)]
#![deny(missing_docs)]

use ark_ec::{
    short_weierstrass::{Projective, SWCurveConfig},
    CurveGroup, VariableBaseMSM,
};
use ark_ff::PrimeField;

/// The canonical big-integer form of a scalar of `G`.
pub type BigIntOf<G> = <<G as ark_ec::PrimeGroup>::ScalarField as PrimeField>::BigInt;

/// Groups with vidkit's MSM. Implemented for every short-Weierstrass
/// projective group (the G1 and G2 of every arkworks pairing curve).
pub trait FastMsm: CurveGroup {
    /// `Σ scalars_i · bases_i` over the first `min(bases.len(), scalars.len())` pairs.
    fn fast_msm(bases: &[Self::Affine], scalars: &[Self::ScalarField]) -> Self;
    /// As [`FastMsm::fast_msm`], with scalars already in canonical big-integer form.
    fn fast_msm_bigint(bases: &[Self::Affine], scalars: &[BigIntOf<Self>]) -> Self;
}

impl<P: SWCurveConfig> FastMsm for Projective<P> {
    fn fast_msm(bases: &[Self::Affine], scalars: &[Self::ScalarField]) -> Self {
        let n = bases.len().min(scalars.len());
        <Self as VariableBaseMSM>::msm_unchecked(&bases[..n], &scalars[..n])
    }

    fn fast_msm_bigint(bases: &[Self::Affine], scalars: &[BigIntOf<Self>]) -> Self {
        let n = bases.len().min(scalars.len());
        <Self as VariableBaseMSM>::msm_bigint(&bases[..n], &scalars[..n])
    }
}
