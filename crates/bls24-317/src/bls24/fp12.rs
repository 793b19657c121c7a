//! `Fp12 = Fp4[w] / (w^3 - v)`, the middle level of the BLS24 tower, with the
//! sparse products the Miller loop needs (ported from arkworks' `Fp6`
//! `mul_by_01` / `mul_by_1`, which have the same shape one level down).

use ark_ff::{AdditiveGroup, CubicExtConfig, CubicExtField, Field, Fp2};
use core::marker::PhantomData;

use super::fp4::{mul_fp4_by_v, Fp4, Fp4Config};

type Fp2C<P> = <<P as Fp12Config>::Fp4Config as Fp4Config>::Fp2Config;

/// The parameters of `Fp12 = Fp4[w]/(w^3 - v)`; the cubic non-residue is `v`.
pub trait Fp12Config: 'static + Send + Sync + Sized {
    /// The configuration of the base `Fp4`.
    type Fp4Config: Fp4Config;

    /// `v^((p^k - 1)/3)` for `k = 0..12`: the Frobenius multipliers of `w`.
    const FROBENIUS_COEFF_FP12_C1: &'static [Fp4<Self::Fp4Config>];

    /// `v^(2(p^k - 1)/3)` for `k = 0..12`: the Frobenius multipliers of `w^2`.
    const FROBENIUS_COEFF_FP12_C2: &'static [Fp4<Self::Fp4Config>];
}

/// Adapts an [`Fp12Config`] to arkworks' generic [`CubicExtConfig`].
pub struct Fp12ConfigWrapper<P: Fp12Config>(PhantomData<P>);

impl<P: Fp12Config> CubicExtConfig for Fp12ConfigWrapper<P> {
    type BasePrimeField = <Fp4<P::Fp4Config> as Field>::BasePrimeField;
    type BaseField = Fp4<P::Fp4Config>;
    type FrobCoeff = Fp4<P::Fp4Config>;

    const SQRT_PRECOMP: Option<ark_ff::SqrtPrecomputation<CubicExtField<Self>>> = None;

    const DEGREE_OVER_BASE_PRIME_FIELD: usize = 12;

    const NONRESIDUE: Self::BaseField = Fp4::<P::Fp4Config>::new(
        <Fp2<Fp2C<P>> as AdditiveGroup>::ZERO,
        <Fp2<Fp2C<P>> as Field>::ONE,
    );

    const FROBENIUS_COEFF_C1: &'static [Self::FrobCoeff] = P::FROBENIUS_COEFF_FP12_C1;
    const FROBENIUS_COEFF_C2: &'static [Self::FrobCoeff] = P::FROBENIUS_COEFF_FP12_C2;

    #[inline(always)]
    fn mul_base_field_by_nonresidue_in_place(fe: &mut Self::BaseField) -> &mut Self::BaseField {
        mul_fp4_by_v(fe);
        fe
    }

    fn mul_base_field_by_frob_coeff(
        c1: &mut Self::BaseField,
        c2: &mut Self::BaseField,
        power: usize,
    ) {
        *c1 *= &Self::FROBENIUS_COEFF_C1[power % Self::DEGREE_OVER_BASE_PRIME_FIELD];
        *c2 *= &Self::FROBENIUS_COEFF_C2[power % Self::DEGREE_OVER_BASE_PRIME_FIELD];
    }
}

/// An element `c0 + c1 w + c2 w^2` of `Fp12`.
pub type Fp12<P> = CubicExtField<Fp12ConfigWrapper<P>>;

#[inline(always)]
fn m<P: Fp12Config>(a: &Fp4<P::Fp4Config>, b: &Fp4<P::Fp4Config>) -> Fp4<P::Fp4Config> {
    P::Fp4Config::mul_fp4(a, b)
}

/// `a · b` in `Fp12`: arkworks' `CubicExtField` Karatsuba (Devegili–Ó hÉigeartaigh–
/// Scott–Dahab, 6 `Fp4` products) with the curve's `Fp4` product
/// ([`Fp4Config::mul_fp4`]), which the generic arkworks code cannot use.
#[inline]
pub fn fp12_mul<P: Fp12Config>(x: &Fp12<P>, y: &Fp12<P>) -> Fp12<P> {
    let (a, b, c) = (&y.c0, &y.c1, &y.c2);
    let (d, e, f) = (&x.c0, &x.c1, &x.c2);
    let ad = m::<P>(d, a);
    let be = m::<P>(e, b);
    let cf = m::<P>(f, c);
    let mut t0 = m::<P>(&(*e + f), &(*b + c)) - be - cf;
    mul_fp4_by_v(&mut t0);
    t0 += &ad;
    let t1 = m::<P>(&(*d + e), &(*a + b)) - ad - be;
    let t2 = m::<P>(&(*d + f), &(*a + c)) - ad + be - cf;
    let mut cf_v = cf;
    mul_fp4_by_v(&mut cf_v);
    Fp12::<P>::new(t0, t1 + cf_v, t2)
}

/// `f *= c0 + c1 w` (ark-ff's `Fp6::mul_by_01`, one level up): 3 `Fp4`
/// multiplications and 2 more for the cross terms instead of 6 for a full
/// Karatsuba product.
#[inline]
pub fn mul_by_01<P: Fp12Config>(f: &mut Fp12<P>, c0: &Fp4<P::Fp4Config>, c1: &Fp4<P::Fp4Config>) {
    let a_a = m::<P>(&f.c0, c0);
    let b_b = m::<P>(&f.c1, c1);

    let mut t1 = m::<P>(&(f.c1 + f.c2), c1);
    t1 -= &b_b;
    mul_fp4_by_v(&mut t1);
    t1 += &a_a;

    let mut t3 = m::<P>(&(f.c0 + f.c2), c0);
    t3 -= &a_a;
    t3 += &b_b;

    let mut t2 = m::<P>(&(f.c0 + f.c1), &(*c0 + c1));
    t2 -= &a_a;
    t2 -= &b_b;

    f.c0 = t1;
    f.c1 = t2;
    f.c2 = t3;
}

/// `f *= c1 w` (ark-ff's `Fp6::mul_by_1`, one level up): 3 `Fp4` products.
#[inline]
pub fn mul_by_1<P: Fp12Config>(f: &mut Fp12<P>, c1: &Fp4<P::Fp4Config>) {
    let mut c0 = m::<P>(&f.c2, c1);
    mul_fp4_by_v(&mut c0);
    f.c2 = m::<P>(&f.c1, c1);
    f.c1 = m::<P>(&f.c0, c1);
    f.c0 = c0;
}

/// Multiplies every coefficient of an `Fp12` element by an `Fp4` element.
#[inline]
pub fn mul_by_fp4<P: Fp12Config>(f: &mut Fp12<P>, c: &Fp4<P::Fp4Config>) {
    f.c0 = m::<P>(&f.c0, c);
    f.c1 = m::<P>(&f.c1, c);
    f.c2 = m::<P>(&f.c2, c);
}

/// Multiplies an `Fp12` element by `w` in place:
/// `(c0 + c1 w + c2 w^2) w = v c2 + c0 w + c1 w^2`.
#[inline(always)]
pub fn mul_fp12_by_w<P: Fp12Config>(f: &mut Fp12<P>) {
    let mut c2 = f.c2;
    mul_fp4_by_v(&mut c2);
    f.c2 = f.c1;
    f.c1 = f.c0;
    f.c0 = c2;
}
