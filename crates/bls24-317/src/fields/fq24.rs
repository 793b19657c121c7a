//! `Fq24 = Fq12[i]/(i^2 - w)`, the target field of the pairing.

use crate::{
    bls24::{Fp24, Fp24Config},
    constants::FQ24_C1,
    Fq12Config, Fq4,
};

/// An element `d0 + d1 i` of `Fq24`.
pub type Fq24 = Fp24<Fq24Config>;

/// The configuration of `Fq24`: non-residue `w`.
pub struct Fq24Config;

impl Fp24Config for Fq24Config {
    type Fp12Config = Fq12Config;

    const FROBENIUS_COEFF_FP24_C1: &'static [Fq4] = &FQ24_C1;
}
