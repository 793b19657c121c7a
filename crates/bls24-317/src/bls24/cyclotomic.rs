//! Arithmetic of `Fp24` specific to pairings: Granger–Scott squaring in the
//! cyclotomic subgroup, and products by sparse line values.
//!
//! `Fp24 = Fp12[i]/(i^2 - w)` with `Fp12 = Fp4[w]/(w^3 - v)` has exactly the
//! shape of BLS12's `Fp12 = Fp6[w]/(w^2 - v)`, `Fp6 = Fp2[v]/(v^3 - ξ)`, one
//! level up (`Fp2 → Fp4`, `ξ → v`). The formulas below are arkworks'
//! `Fp12` ones (`ark_ff::fields::models::fp12_2over3over2`) transcribed.
//!
//! * Granger–Scott (eprint 2009/565, §3.2): after the easy part of the final
//!   exponentiation, `f` lies in the cyclotomic subgroup of order
//!   `Φ6(p^4) = p^8 - p^4 + 1` of `Fp24^*` seen as `F_{q^6}` with `q = p^4`;
//!   there, a squaring costs 3 squarings in `F_{q^2} = Fp4[i^3]` (9 `Fp4`
//!   products) instead of a full `Fp24` squaring.
//! * Sparse products: a Miller-loop line evaluates to `c0 + c1 w + c4 w i`
//!   (M-type twist, "014") or `c0 + c3 i + c4 w i` (D-type, "034").

use ark_ff::{AdditiveGroup, CyclotomicMultSubgroup, Field, Zero};
use core::ops::Not;

use super::{
    fp12::{mul_by_01, mul_by_1, mul_fp12_by_w, Fp12, Fp12Config},
    fp24::{Fp24, Fp24Config},
    fp4::{mul_fp4_by_v, Fp4, Fp4Config},
};

type Fp4C<P> = <<P as Fp24Config>::Fp12Config as Fp12Config>::Fp4Config;

#[inline(always)]
fn times_v<C: super::fp4::Fp4Config>(mut a: Fp4<C>) -> Fp4<C> {
    mul_fp4_by_v(&mut a);
    a
}

impl<P: Fp24Config> CyclotomicMultSubgroup for Fp24<P> {
    const INVERSE_IS_FAST: bool = true;

    fn cyclotomic_inverse_in_place(&mut self) -> Option<&mut Self> {
        self.is_zero().not().then(|| self.conjugate_in_place())
    }

    fn cyclotomic_square_in_place(&mut self) -> &mut Self {
        // Naming as in arkworks' Fp12: (r0, r1), (r2, r3), (r4, r5) are the
        // three F_{q^2} coordinates.
        let c0 = &self.0.c0;
        let c1 = &self.0.c1;
        let (r0, r4, r3) = (c0.c0, c0.c1, c0.c2);
        let (r2, r1, r5) = (c1.c0, c1.c1, c1.c2);

        let m = <Fp4C<P> as Fp4Config>::mul_fp4;
        let mut tmp = m(&r0, &r1);
        let t0 = m(&(r0 + r1), &(times_v(r1) + r0)) - tmp - times_v(tmp);
        let t1 = tmp.double();

        tmp = m(&r2, &r3);
        let t2 = m(&(r2 + r3), &(times_v(r3) + r2)) - tmp - times_v(tmp);
        let t3 = tmp.double();

        tmp = m(&r4, &r5);
        let t4 = m(&(r4 + r5), &(times_v(r5) + r4)) - tmp - times_v(tmp);
        let t5 = tmp.double();

        let c0 = &mut self.0.c0;
        // z0 = 3 t0 - 2 z0
        c0.c0 = (t0 - c0.c0).double() + t0;
        // z4 = 3 t2 - 2 z4
        c0.c1 = (t2 - c0.c1).double() + t2;
        // z3 = 3 t4 - 2 z3
        c0.c2 = (t4 - c0.c2).double() + t4;

        let c1 = &mut self.0.c1;
        // z2 = 3 v t5 + 2 z2
        let tmp = times_v(t5);
        c1.c0 = (c1.c0 + tmp).double() + tmp;
        // z1 = 3 t1 + 2 z1
        c1.c1 = (t1 + c1.c1).double() + t1;
        // z5 = 3 t3 + 2 z5
        c1.c2 = (c1.c2 + t3).double() + t3;
        self
    }
}

impl<P: Fp24Config> Fp24<P> {
    /// `self *= c0 + c1 w + c4 w i` (the line of an M-type twist).
    pub fn mul_by_014(&mut self, c0: &Fp4<Fp4C<P>>, c1: &Fp4<Fp4C<P>>, c4: &Fp4<Fp4C<P>>) {
        let f = &mut self.0;
        let mut aa = f.c0;
        mul_by_01(&mut aa, c0, c1);
        let mut bb = f.c1;
        mul_by_1(&mut bb, c4);
        let o = *c1 + c4;
        f.c1 += &f.c0;
        mul_by_01(&mut f.c1, c0, &o);
        f.c1 -= &aa;
        f.c1 -= &bb;
        f.c0 = bb;
        mul_fp12_by_w(&mut f.c0);
        f.c0 += &aa;
    }

    /// `self *= c0 + c3 i + c4 w i` (the line of a D-type twist).
    pub fn mul_by_034(&mut self, c0: &Fp4<Fp4C<P>>, c3: &Fp4<Fp4C<P>>, c4: &Fp4<Fp4C<P>>) {
        let f = &mut self.0;
        let a = Fp12::<P::Fp12Config>::new(f.c0.c0 * c0, f.c0.c1 * c0, f.c0.c2 * c0);
        let mut b = f.c1;
        mul_by_01(&mut b, c3, c4);
        let s0 = *c0 + c3;
        let mut e = f.c0 + f.c1;
        mul_by_01(&mut e, &s0, c4);
        f.c1 = e - (a + b);
        f.c0 = b;
        mul_fp12_by_w(&mut f.c0);
        f.c0 += &a;
    }
}

/// Squares `f` `n` times with Granger–Scott squarings.
#[inline]
pub fn cyclotomic_square_n<F: CyclotomicMultSubgroup>(f: &mut F, n: usize) {
    for _ in 0..n {
        f.cyclotomic_square_in_place();
    }
}

/// `true` when `f^(p^8 - p^4 + 1) = 1`, i.e. `f` lies in the cyclotomic
/// subgroup where [`CyclotomicMultSubgroup`]'s shortcuts are valid.
pub fn is_in_cyclotomic_subgroup<P: Fp24Config>(f: &Fp24<P>) -> bool {
    let mut p4 = *f;
    p4.frobenius_map_in_place(4);
    let mut p8 = p4;
    p8.frobenius_map_in_place(4);
    // f^(p^8 + 1) == f^(p^4)
    p8 * f == p4
}
