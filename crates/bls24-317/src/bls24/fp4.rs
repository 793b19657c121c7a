//! `Fp4 = Fp2[v] / (v^2 - ξ)`, the field G2 of a BLS24 curve lives over.
//!
//! arkworks' own `ark_ff::Fp4Config` cannot host this level: it fixes the
//! non-residue to `(0, 1) ∈ Fp2` and wants Frobenius coefficients in `Fp`,
//! whereas BLS24 towers use a general `ξ ∈ Fp2` (BLS24-317: `ξ = 1 + u`), for
//! which `ξ^((p^k - 1)/2)` lies in `Fp2` but not in `Fp`. So this is a thin
//! [`QuadExtConfig`] with `FrobCoeff = Fp2`.

use ark_ff::{
    fields::{Fp2, Fp2Config},
    QuadExtConfig, QuadExtField,
};
use core::marker::PhantomData;

/// The parameters of `Fp4 = Fp2[v]/(v^2 - ξ)`.
pub trait Fp4Config: 'static + Send + Sync + Sized {
    /// The configuration of the quadratic base `Fp2`.
    type Fp2Config: Fp2Config;

    /// The quadratic non-residue `ξ ∈ Fp2` with `v^2 = ξ`.
    const NONRESIDUE: Fp2<Self::Fp2Config>;

    /// `ξ^((p^k - 1)/2)` for `k = 0..4`: the Frobenius multipliers of `v`.
    const FROBENIUS_COEFF_FP4_C1: &'static [Fp2<Self::Fp2Config>];

    /// Multiplies an `Fp2` element by `ξ`. Override with a cheaper formula
    /// when `ξ` is small (for `ξ = 1 + u` with `u^2 = -1`:
    /// `(a0 + a1 u)(1 + u) = (a0 - a1) + (a0 + a1) u`).
    #[inline(always)]
    fn mul_fp2_by_nonresidue_in_place(fe: &mut Fp2<Self::Fp2Config>) -> &mut Fp2<Self::Fp2Config> {
        *fe *= &Self::NONRESIDUE;
        fe
    }

    /// `a · b` in `Fp4`, the product every tower level above uses (the
    /// `Fp12`/`Fp24` products, cyclotomic squaring, sparse line products).
    /// The default is arkworks' Karatsuba over `Fp2`; a curve can override
    /// it with a formula specialised to its non-residues (BLS24-317 computes
    /// each `Fp` coefficient as one 4-term sum of products with a single
    /// Montgomery reduction).
    #[inline(always)]
    fn mul_fp4(a: &Fp4<Self>, b: &Fp4<Self>) -> Fp4<Self> {
        *a * b
    }

    /// `a^2` in `Fp4`; the default is [`fp4_square`]. A curve can override
    /// it with `Fp2` squarings specialised to its `β` (arkworks' generic
    /// `Fp2` squaring compares `β` with `-1` on every call).
    #[inline(always)]
    fn square_fp4(a: &Fp4<Self>) -> Fp4<Self> {
        fp4_square(a)
    }
}

/// Adapts an [`Fp4Config`] to arkworks' generic [`QuadExtConfig`].
pub struct Fp4ConfigWrapper<P: Fp4Config>(PhantomData<P>);

impl<P: Fp4Config> QuadExtConfig for Fp4ConfigWrapper<P> {
    type BasePrimeField = <P::Fp2Config as Fp2Config>::Fp;
    type BaseField = Fp2<P::Fp2Config>;
    type FrobCoeff = Fp2<P::Fp2Config>;

    const DEGREE_OVER_BASE_PRIME_FIELD: usize = 4;

    const NONRESIDUE: Self::BaseField = P::NONRESIDUE;

    const FROBENIUS_COEFF_C1: &'static [Self::FrobCoeff] = P::FROBENIUS_COEFF_FP4_C1;

    #[inline(always)]
    fn mul_base_field_by_nonresidue_in_place(fe: &mut Self::BaseField) -> &mut Self::BaseField {
        P::mul_fp2_by_nonresidue_in_place(fe)
    }

    fn mul_base_field_by_frob_coeff(fe: &mut Self::BaseField, power: usize) {
        *fe *= &Self::FROBENIUS_COEFF_C1[power % Self::DEGREE_OVER_BASE_PRIME_FIELD];
    }
}

/// An element `c0 + c1 v` of `Fp4`.
pub type Fp4<P> = QuadExtField<Fp4ConfigWrapper<P>>;

/// Multiplies an `Fp4` element by `v` in place: `(b0 + b1 v) v = ξ b1 + b0 v`.
#[inline(always)]
pub fn mul_fp4_by_v<P: Fp4Config>(fe: &mut Fp4<P>) {
    let old_c0 = fe.c0;
    fe.c0 = fe.c1;
    P::mul_fp2_by_nonresidue_in_place(&mut fe.c0);
    fe.c1 = old_c0;
}

/// `a^2` in `Fp4` from three `Fp2` squarings (the default of
/// [`Fp4Config::square_fp4`]):
/// `(a0 + a1 v)^2 = (a0^2 + ξ a1^2) + ((a0 + a1)^2 - a0^2 - a1^2) v`.
///
/// arkworks' generic `QuadExtField::square` uses two `Fp2` products and
/// compares `ξ` with `-1` at run time on every call; this is cheaper on the
/// final exponentiation's hot path (Karabina squarings).
#[inline]
pub fn fp4_square<P: Fp4Config>(a: &Fp4<P>) -> Fp4<P> {
    use ark_ff::Field;
    let s0 = a.c0.square();
    let s1 = a.c1.square();
    let mut c1 = (a.c0 + a.c1).square();
    c1 -= &s0;
    c1 -= &s1;
    let mut c0 = s1;
    P::mul_fp2_by_nonresidue_in_place(&mut c0);
    c0 += &s0;
    Fp4::<P>::new(c0, c1)
}
