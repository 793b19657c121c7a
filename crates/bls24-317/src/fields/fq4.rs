//! `Fq4 = Fq2[v]/(v^2 - (1 + u))`, the base field of G2.
//!
//! **Products and squares** go to [`vidkit_mont::QuarticModulus`]
//! (portable Rust, every target): Karatsuba over `Fq2`, and within each
//! `Fq2` product Karatsuba again, the limb products combined as integers of
//! ten limbs and reduced once per `Fq` coefficient. A product is nine
//! `5 × 5` limb products and four Montgomery reductions (four sums of four
//! `Fq` products, arkworks' interleaved code, took sixteen and four), a
//! square seven and four. On one core of a 2-vCPU AMD EPYC VM a chain of
//! dependent products takes 0.58× the time of the sums of products, and of
//! squares 0.67× the time of three `Fq2` squares by `Fq` products in
//! assembly (docs/msm.md). The values are canonical limbs (vidkit-mont's
//! tests against num-bigint; this crate's field, G2 and pairing tests
//! against arkworks' generic code and gnark-crypto's vectors).

use ark_ff::BigInt;

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

    /// [`vidkit_mont::QuarticModulus::square`]: Karatsuba over `Fq2`,
    /// reduced once per coefficient (module docs).
    #[inline(always)]
    fn square_fp4(a: &Fq4) -> Fq4 {
        square(a)
    }

    /// [`vidkit_mont::QuarticModulus::mul`]: Karatsuba over `Fq2` and
    /// within each `Fq2` product, reduced once per coefficient (module
    /// docs).
    #[inline(always)]
    fn mul_fp4(a: &Fq4, b: &Fq4) -> Fq4 {
        mul(a, b)
    }
}

/// `Fq4 = Fq2[v]/(v^2 − (1 + u))` over `p` for [`vidkit_mont`] (which
/// checks `8p < 2^320` at compile time).
const FQ4: vidkit_mont::QuarticModulus<5> = vidkit_mont::QuarticModulus::new(super::fq::P);

/// `a·b` by [`vidkit_mont::QuarticModulus::mul`]. Not inlined: inlined
/// into every caller, its nine products made the `Fq12` and `Fq24`
/// products slower through their code size (docs/pairing.md).
#[inline(never)]
pub(crate) fn mul(a: &Fq4, b: &Fq4) -> Fq4 {
    from_limbs(&FQ4.mul(&limbs(a), &limbs(b)))
}

/// `a^2` by [`vidkit_mont::QuarticModulus::square`] (not inlined, as
/// [`mul`]).
#[inline(never)]
pub(crate) fn square(a: &Fq4) -> Fq4 {
    from_limbs(&FQ4.square(&limbs(a)))
}

/// The batch-affine additions of G2's MSMs in `Fq4` with the products
/// above ([`vidkit_msm::BatchArith`]; arkworks' `*` on `Fq4` is its own
/// Karatsuba over `Fq2`, which this crate cannot replace).
pub(crate) struct LazyFq4;

impl vidkit_msm::BatchArith<Fq4> for LazyFq4 {
    #[inline(always)]
    fn mul(a: &Fq4, b: &Fq4) -> Fq4 {
        mul(a, b)
    }

    #[inline(always)]
    fn square(a: &Fq4) -> Fq4 {
        square(a)
    }
}

/// The Montgomery limbs of the four `Fq` coefficients (arkworks' and
/// [`vidkit_mont`]'s representation are the same).
#[inline(always)]
fn limbs(a: &Fq4) -> vidkit_mont::Fp4Limbs<5> {
    [[a.c0.c0.0 .0, a.c0.c1.0 .0], [a.c1.c0.0 .0, a.c1.c1.0 .0]]
}

/// The element with these Montgomery limbs (canonical, below `p`).
#[inline(always)]
fn from_limbs(c: &vidkit_mont::Fp4Limbs<5>) -> Fq4 {
    let fq = |x: &[u64; 5]| Fq::new_unchecked(BigInt(*x));
    Fq4::new(
        Fq2::new(fq(&c[0][0]), fq(&c[0][1])),
        Fq2::new(fq(&c[1][0]), fq(&c[1][1])),
    )
}
