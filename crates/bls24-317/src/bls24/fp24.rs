//! `Fp24 = Fp12[i] / (i^2 - w)`, the target field of a BLS24 pairing.
//!
//! `Pairing::TargetField` must implement [`CyclotomicMultSubgroup`](ark_ff::CyclotomicMultSubgroup), and
//! ark-ff implements that trait only for its own concrete wrappers; Rust's
//! coherence rules forbid implementing it here for the foreign
//! `QuadExtField<_>` (E0117). So [`Fp24`] is a local newtype around
//! `QuadExtField<Fp24ConfigWrapper<P>>` that implements [`Field`] and its
//! supertraits by delegation (this file and `fp24_ops.rs`), and
//! `CyclotomicMultSubgroup` with Granger–Scott squaring (`cyclotomic.rs`).

use ark_ff::{
    AdditiveGroup, Field, LegendreSymbol, QuadExtConfig, QuadExtField, SqrtPrecomputation,
};
use ark_serialize::Flags;
use core::marker::PhantomData;

use super::{
    fp12::{fp12_mul, mul_by_fp4, mul_fp12_by_w, Fp12, Fp12Config},
    fp4::Fp4,
};

type Fp4C<P> = <<P as Fp24Config>::Fp12Config as Fp12Config>::Fp4Config;

/// The parameters of `Fp24 = Fp12[i]/(i^2 - w)`; the non-residue is `w`.
pub trait Fp24Config: 'static + Send + Sync + Sized {
    /// The configuration of the base `Fp12`.
    type Fp12Config: Fp12Config;

    /// `w^((p^k - 1)/2) = v^((p^k - 1)/6)` for `k = 0..24`: the Frobenius
    /// multipliers of `i`. They lie in `Fp4` because `6 | p^k - 1`.
    const FROBENIUS_COEFF_FP24_C1: &'static [Fp4<Fp4C<Self>>];
}

/// Adapts an [`Fp24Config`] to arkworks' generic [`QuadExtConfig`].
pub struct Fp24ConfigWrapper<P: Fp24Config>(PhantomData<P>);

impl<P: Fp24Config> QuadExtConfig for Fp24ConfigWrapper<P> {
    type BasePrimeField = <Fp12<P::Fp12Config> as Field>::BasePrimeField;
    type BaseField = Fp12<P::Fp12Config>;
    type FrobCoeff = Fp4<Fp4C<P>>;

    const DEGREE_OVER_BASE_PRIME_FIELD: usize = 24;

    const NONRESIDUE: Self::BaseField = Fp12::<P::Fp12Config>::new(
        <Fp4<Fp4C<P>> as AdditiveGroup>::ZERO,
        <Fp4<Fp4C<P>> as Field>::ONE,
        <Fp4<Fp4C<P>> as AdditiveGroup>::ZERO,
    );

    const FROBENIUS_COEFF_C1: &'static [Self::FrobCoeff] = P::FROBENIUS_COEFF_FP24_C1;

    #[inline(always)]
    fn mul_base_field_by_nonresidue_in_place(fe: &mut Self::BaseField) -> &mut Self::BaseField {
        mul_fp12_by_w(fe);
        fe
    }

    fn mul_base_field_by_frob_coeff(fe: &mut Self::BaseField, power: usize) {
        mul_by_fp4(
            fe,
            &Self::FROBENIUS_COEFF_C1[power % Self::DEGREE_OVER_BASE_PRIME_FIELD],
        );
    }
}

/// The arkworks quadratic extension that [`Fp24`] wraps.
pub type Fp24Inner<P> = QuadExtField<Fp24ConfigWrapper<P>>;

/// An element `c0 + c1 i` of `Fp24` (a local newtype; see the module docs).
pub struct Fp24<P: Fp24Config>(pub Fp24Inner<P>);

impl<P: Fp24Config> Fp24<P> {
    /// The element `c0 + c1 i`.
    pub const fn new(c0: Fp12<P::Fp12Config>, c1: Fp12<P::Fp12Config>) -> Self {
        Self(QuadExtField::new(c0, c1))
    }

    /// Conjugation `c0 - c1 i`, i.e. the `p^12`-power Frobenius; the inverse
    /// of an element of the cyclotomic subgroup.
    pub fn conjugate_in_place(&mut self) -> &mut Self {
        self.0.conjugate_in_place();
        self
    }
}

impl<P: Fp24Config> Field for Fp24<P> {
    type BasePrimeField = <Fp24Inner<P> as Field>::BasePrimeField;

    const SQRT_PRECOMP: Option<SqrtPrecomputation<Self>> = None;
    const ONE: Self = Self(<Fp24Inner<P> as Field>::ONE);
    const NEG_ONE: Self = Self(<Fp24Inner<P> as Field>::NEG_ONE);

    fn extension_degree() -> u64 {
        Fp24Inner::<P>::extension_degree()
    }

    fn to_base_prime_field_elements(&self) -> impl Iterator<Item = Self::BasePrimeField> {
        self.0.to_base_prime_field_elements()
    }

    fn from_base_prime_field_elems(
        elems: impl IntoIterator<Item = Self::BasePrimeField>,
    ) -> Option<Self> {
        Fp24Inner::<P>::from_base_prime_field_elems(elems).map(Self)
    }

    fn from_base_prime_field(elem: Self::BasePrimeField) -> Self {
        Self(Fp24Inner::<P>::from_base_prime_field(elem))
    }

    fn from_random_bytes_with_flags<F: Flags>(bytes: &[u8]) -> Option<(Self, F)> {
        Fp24Inner::<P>::from_random_bytes_with_flags(bytes).map(|(f, flags)| (Self(f), flags))
    }

    fn legendre(&self) -> LegendreSymbol {
        self.0.legendre()
    }

    fn sqrt(&self) -> Option<Self> {
        self.0.sqrt().map(Self)
    }

    fn square(&self) -> Self {
        let mut r = *self;
        r.square_in_place();
        r
    }

    /// Complex squaring over `Fp12` (2 `Fp12` products, `i^2 = w`):
    /// `c0' = (c0 - c1)(c0 - w c1) + (1 + w) c0 c1`, `c1' = 2 c0 c1`, with the
    /// curve's `Fp4` product underneath (arkworks' generic version also
    /// compares `w` with `-1` at run time).
    fn square_in_place(&mut self) -> &mut Self {
        let (c0, c1) = (self.0.c0, self.0.c1);
        let v2 = fp12_mul(&c0, &c1);
        let mut w_c1 = c1;
        mul_fp12_by_w(&mut w_c1);
        let v0 = fp12_mul(&(c0 - c1), &(c0 - w_c1));
        let mut w_v2 = v2;
        mul_fp12_by_w(&mut w_v2);
        self.0.c0 = v0 + v2 + w_v2;
        self.0.c1 = v2.double();
        self
    }

    fn inverse(&self) -> Option<Self> {
        self.0.inverse().map(Self)
    }

    fn inverse_in_place(&mut self) -> Option<&mut Self> {
        if self.0.inverse_in_place().is_some() {
            Some(self)
        } else {
            None
        }
    }

    fn frobenius_map_in_place(&mut self, power: usize) {
        self.0.frobenius_map_in_place(power);
    }

    fn mul_by_base_prime_field(&self, elem: &Self::BasePrimeField) -> Self {
        Self(self.0.mul_by_base_prime_field(elem))
    }
}

impl<P: Fp24Config> AdditiveGroup for Fp24<P> {
    type Scalar = Self;

    const ZERO: Self = Self(<Fp24Inner<P> as AdditiveGroup>::ZERO);

    fn double(&self) -> Self {
        Self(self.0.double())
    }

    fn double_in_place(&mut self) -> &mut Self {
        self.0.double_in_place();
        self
    }

    fn neg_in_place(&mut self) -> &mut Self {
        self.0.neg_in_place();
        self
    }
}
