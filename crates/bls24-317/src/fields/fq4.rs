//! `Fq4 = Fq2[v]/(v^2 - (1 + u))`, the base field of G2.

use crate::{
    bls24::{Fp4, Fp4Config},
    constants::{FQ4_C1, FQ4_NONRESIDUE},
    Fq, Fq2, Fq2Config,
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

    /// With `u^2 = -1` and `v^2 = 1 + u`, each `Fq` coefficient of
    /// `(a00 + a01 u + (a10 + a11 u) v)(b00 + b01 u + (b10 + b11 u) v)` is a
    /// signed sum of four products of an `a` coefficient by a (combination
    /// of) `b` coefficient(s), computed with one Montgomery reduction each
    /// (`Fq::sum_of_products`): 16 limb products and 4 reductions against
    /// Karatsuba's 12 and 6, and fewer additions.
    /// [`crate::bls24::fp4::fp4_square`] with the `Fq2` squarings written
    /// out for `u^2 = -1`: `(x0 + x1 u)^2 = (x0 + x1)(x0 - x1) + 2 x0 x1 u`.
    #[inline(always)]
    fn square_fp4(a: &Fq4) -> Fq4 {
        #[inline(always)]
        fn sq(x: &Fq2) -> Fq2 {
            let t = x.c0 * x.c1;
            Fq2::new((x.c0 + x.c1) * (x.c0 - x.c1), t + t)
        }
        let s0 = sq(&a.c0);
        let s1 = sq(&a.c1);
        let c1 = sq(&(a.c0 + a.c1)) - s0 - s1;
        let mut c0 = s1;
        Self::mul_fp2_by_nonresidue_in_place(&mut c0);
        c0 += &s0;
        Fq4::new(c0, c1)
    }

    #[inline(always)]
    fn mul_fp4(a: &Fq4, b: &Fq4) -> Fq4 {
        use ark_ff::Field;
        let aa = [a.c0.c0, a.c0.c1, a.c1.c0, a.c1.c1];
        let (b00, b01, b10, b11) = (b.c0.c0, b.c0.c1, b.c1.c0, b.c1.c1);
        let (nb01, nb11) = (-b01, -b11);
        let (s, d) = (b10 + b11, b10 - b11);
        Fq4::new(
            Fq2::new(
                Fq::sum_of_products(&aa, &[b00, nb01, d, -s]),
                Fq::sum_of_products(&aa, &[b01, b00, s, d]),
            ),
            Fq2::new(
                Fq::sum_of_products(&aa, &[b10, nb11, b00, nb01]),
                Fq::sum_of_products(&aa, &[b11, b10, b01, b00]),
            ),
        )
    }
}
