//! `Fq4 = Fq2[v]/(v^2 - (1 + u))`, the base field of G2.

use crate::{
    bls24::{Fp4, Fp4Config},
    constants::{FQ4_C1, FQ4_NONRESIDUE},
    Fq2, Fq2Config,
};

/// An element `(a0 + a1 u) + (a2 + a3 u) v` of `Fq4`.
pub type Fq4 = Fp4<Fq4Config>;

/// The configuration of `Fq4`: non-residue `1 + u`.
pub struct Fq4Config;

impl Fp4Config for Fq4Config {
    type Fp2Config = Fq2Config;

    const NONRESIDUE: Fq2 = FQ4_NONRESIDUE;

    const FROBENIUS_COEFF_FP4_C1: &'static [Fq2] = &FQ4_C1;

    /// `(a0 + a1 u)(1 + u) = (a0 - a1) + (a0 + a1) u`: two additions.
    #[inline(always)]
    fn mul_fp2_by_nonresidue_in_place(fe: &mut Fq2) -> &mut Fq2 {
        let t = fe.c0;
        fe.c0 -= &fe.c1;
        fe.c1 += &t;
        fe
    }
}
