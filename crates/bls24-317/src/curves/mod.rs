//! The curves of BLS24-317 and its pairing [`Bls24_317`].

use crate::{
    bls24::{Bls24, Bls24Config, TwistType},
    constants::{SEED_X, SEED_X_IS_NEGATIVE},
    Fq, Fq12Config, Fq24Config, Fq2Config, Fq4Config,
};

pub mod g1;
pub mod g2;

pub use self::{
    g1::{G1Affine, G1Projective},
    g2::{G2Affine, G2Projective},
};

/// The body of G1's and G2's `SWCurveConfig::msm` hook: vidkit-msm's
/// batch-affine Pippenger with the coordinate field's arithmetic `A`
/// (G2's: [`crate::fields::fq4::LazyFq4`]), with arkworks' contract for
/// unequal lengths (`Err` of the shorter length).
fn batch_affine_msm<
    P: ark_ec::short_weierstrass::SWCurveConfig,
    A: vidkit_msm::BatchArith<P::BaseField>,
>(
    bases: &[ark_ec::short_weierstrass::Affine<P>],
    scalars: &[P::ScalarField],
) -> Result<ark_ec::short_weierstrass::Projective<P>, usize> {
    if bases.len() != scalars.len() {
        return Err(bases.len().min(scalars.len()));
    }
    Ok(vidkit_msm::pippenger::msm_with_arith::<P, A>(
        bases, scalars,
    ))
}

/// The [`Bls24Config`] of BLS24-317: seed `x = 0xd9018000`, M-type twist.
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
pub struct Config;

impl Bls24Config for Config {
    const X: &'static [u64] = &SEED_X;
    const X_IS_NEGATIVE: bool = SEED_X_IS_NEGATIVE;
    const TWIST_TYPE: TwistType = TwistType::M;

    type Fp = Fq;
    type Fp2Config = Fq2Config;
    type Fp4Config = Fq4Config;
    type Fp12Config = Fq12Config;
    type Fp24Config = Fq24Config;
    type G1Config = g1::Config;
    type G2Config = g2::Config;
}

/// The BLS24-317 pairing (implements [`ark_ec::pairing::Pairing`]).
#[allow(non_camel_case_types)] // arkworks' naming (`Bls12_381`)
pub type Bls24_317 = Bls24<Config>;

/// A G1 point prepared for pairing.
pub type G1Prepared = crate::bls24::G1Prepared<Config>;
/// A G2 point prepared for pairing (its precomputed Miller-loop lines).
pub type G2Prepared = crate::bls24::G2Prepared<Config>;
