//! The base field `Fq`, `q = p` (317 bits): `p = (x - 1)^2 r / 3 + x`.
//!
//! `p ≡ 3 mod 4`, so the two-adicity of `p - 1` is 1 and square roots take
//! arkworks' `(p + 1)/4` path. The "generator" 2 is the smallest quadratic
//! non-residue, which is all arkworks needs here: `2^((p-1)/2) = -1` is the
//! 2-adic root of unity (`p - 1` is not factored, and nothing uses a
//! generator of the whole of `Fq^*`).
//!
//! **Arithmetic.** [`FqConfig`] is arkworks' Montgomery configuration (the
//! `MontConfig` derive, kept as the private `Portable`), with two changes:
//! * products and squares go to `vidkit_mont`'s inlined assembly where the
//!   running CPU has BMI2 and ADX (x86-64 with `std`), and to the derived
//!   portable code elsewhere;
//! * sums, differences, doublings and negations are `vidkit_mont`'s, which
//!   do not branch on the values: arkworks' reduce with a comparison and a
//!   conditional subtraction that random inputs send either way about as
//!   often, so the CPU mispredicts about every other one (BLS24-317's
//!   pairing on new inputs took about 1.1× its time on one repeated input,
//!   whose branches the predictor learns; docs/pairing.md).
//!
//! Both keep the same Montgomery limbs (`R = 2^320`) and canonical values,
//! so every value is arkworks'. Every `Fq` operation in this crate goes
//! through it: the curve arithmetic, MSMs, and the tower fields (`Fq2`
//! multiplies with sums of two products, which stay portable).

use ark_ff::fields::{Fp, Fp320, MontBackend, MontConfig};

/// The derived (portable) Montgomery configuration of `Fq`.
#[derive(MontConfig)]
#[modulus = "136393071104295911515099765908274057061945112121419593977210139303905973197232025618026156731051"]
#[generator = "2"]
struct Portable;

/// The Montgomery configuration of `Fq` (5 limbs): arkworks' derived
/// arithmetic with products in assembly where the CPU allows (module docs).
pub struct FqConfig;

/// An element of the base field.
pub type Fq = Fp320<MontBackend<FqConfig, 5>>;

/// `Fq` under the derived configuration.
type PortableFq = Fp<MontBackend<Portable, 5>, 5>;

/// `p` for `vidkit_mont` (also under `Fq4`'s products).
pub(crate) const P: vidkit_mont::Modulus<5> =
    vidkit_mont::Modulus::new(<Portable as MontConfig<5>>::MODULUS.0);

/// The same limbs under the derived configuration.
#[inline(always)]
const fn portable(x: &Fq) -> PortableFq {
    Fp::new_unchecked(x.0)
}

impl MontConfig<5> for FqConfig {
    const MODULUS: ark_ff::BigInt<5> = <Portable as MontConfig<5>>::MODULUS;

    const GENERATOR: Fq = Fp::new_unchecked(<Portable as MontConfig<5>>::GENERATOR.0);

    const TWO_ADIC_ROOT_OF_UNITY: Fq =
        Fp::new_unchecked(<Portable as MontConfig<5>>::TWO_ADIC_ROOT_OF_UNITY.0);

    #[inline(always)]
    fn add_assign(a: &mut Fq, b: &Fq) {
        a.0 .0 = P.add(&a.0 .0, &b.0 .0);
    }

    #[inline(always)]
    fn sub_assign(a: &mut Fq, b: &Fq) {
        a.0 .0 = P.sub(&a.0 .0, &b.0 .0);
    }

    #[inline(always)]
    fn double_in_place(a: &mut Fq) {
        a.0 .0 = P.double(&a.0 .0);
    }

    #[inline(always)]
    fn neg_in_place(a: &mut Fq) {
        a.0 .0 = P.neg(&a.0 .0);
    }

    #[inline(always)]
    fn mul_assign(a: &mut Fq, b: &Fq) {
        if let Some(c) = P.mul(&a.0 .0, &b.0 .0) {
            a.0 .0 = c;
        } else {
            let mut x = portable(a);
            Portable::mul_assign(&mut x, &portable(b));
            a.0 = x.0;
        }
    }

    #[inline(always)]
    fn square_in_place(a: &mut Fq) {
        if let Some(c) = P.mul(&a.0 .0, &a.0 .0) {
            a.0 .0 = c;
        } else {
            let mut x = portable(a);
            Portable::square_in_place(&mut x);
            a.0 = x.0;
        }
    }

    fn sum_of_products<const M: usize>(a: &[Fq; M], b: &[Fq; M]) -> Fq {
        // arkworks' interleaved sum of products (F_{p^2} products are made
        // of them): an assembly version was no faster for five limbs
        Fp::new_unchecked(
            Portable::sum_of_products(&a.each_ref().map(portable), &b.each_ref().map(portable)).0,
        )
    }
}

/// The batch-affine additions of G1's MSMs ([`vidkit_msm::BatchArith`]):
/// [`FqConfig`]'s arithmetic, and the sign of a signed digit applied
/// without a branch (it goes either way as often).
pub(crate) struct FqArith;

impl vidkit_msm::BatchArith<Fq> for FqArith {
    #[inline(always)]
    fn mul(a: &Fq, b: &Fq) -> Fq {
        *a * b
    }

    #[inline(always)]
    fn square(a: &Fq) -> Fq {
        ark_ff::Field::square(a)
    }

    #[inline(always)]
    fn neg_if(a: &Fq, negate: bool) -> Fq {
        Fp::new_unchecked(ark_ff::BigInt(P.neg_if(&a.0 .0, negate)))
    }
}
