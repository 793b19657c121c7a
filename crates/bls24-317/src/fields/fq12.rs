//! `Fq12 = Fq4[w]/(w^3 - v)`.

use crate::{
    bls24::{Fp12, Fp12Config},
    constants::{FQ12_C1, FQ12_C2},
    Fq4, Fq4Config,
};

/// An element `c0 + c1 w + c2 w^2` of `Fq12`.
pub type Fq12 = Fp12<Fq12Config>;

/// The configuration of `Fq12`: non-residue `v`.
pub struct Fq12Config;

impl Fp12Config for Fq12Config {
    type Fp4Config = Fq4Config;

    const FROBENIUS_COEFF_FP12_C1: &'static [Fq4] = &FQ12_C1;
    const FROBENIUS_COEFF_FP12_C2: &'static [Fq4] = &FQ12_C2;
}
