//! Field arithmetic of BLS12-381 with blst, for the batch-affine additions
//! of `vidkit-msm`: inversion in `F_p` (and `F_{p^2}` by the norm), and
//! products and squares in `F_{p^2}`; and, on blst's own types for the
//! crate's Miller loops, the `F_{p^2}` sums, products and scalings
//! ([`crate::ark_miller`]).
//!
//! The batch-affine additions share one field inversion among a batch of
//! slopes (Montgomery's trick), and with batches of some tens to hundreds
//! of additions the inversion is a visible share of each: arkworks inverts
//! in `F_p` by a binary extended Euclid in portable Rust, about 8.2 µs (some
//! 340 multiplications) on one core of a 2-vCPU AMD EPYC VM, where blst's
//! `blst_fp_inverse` (a constant-time modular inversion in assembly) took
//! 1.6 µs (`cargo run --release -p vidkit-blst --example inverse`). In
//! `F_{p^2}` (G2's coordinates) blst's product and square took 0.83× and
//! 0.74× arkworks' time on a later VM of the same kind (dependent chains;
//! arkworks computes `F_{p^2}` products with a generic sum of products that
//! its assembly does not cover). In `F_p` blst's product was not faster
//! than arkworks' there, so none is offered.
//!
//! # Why this module uses `unsafe`
//!
//! blst's safe Rust API has no field arithmetic. The exported C functions
//! (`blst_fp_inverse`, `blst_fp_mul`, and
//! `blst_fp2_{mul,sqr,mul_by_3,lshift,cneg,inverse}`) are called directly,
//! with a pointer to a fresh output value and pointers to initialised
//! inputs, all owned or borrowed here for the call. The sums are
//! vidkit-mont's (branch-free, inline).

#![allow(unsafe_code)]

use crate::{from_fp, from_fp2, to_fp, to_fp2};
use ark_bls12_381::{Fq, Fq2};
use ark_ff::{Field, Zero};
use blst::{
    blst_fp, blst_fp2, blst_fp2_cneg, blst_fp2_inverse, blst_fp2_lshift, blst_fp2_mul,
    blst_fp2_mul_by_3, blst_fp2_sqr, blst_fp_inverse, blst_fp_mul,
};

/// `1/x` in `F_p`, `None` for zero: the value arkworks' `Field::inverse`
/// gives, computed by blst.
///
/// ```
/// use ark_bls12_381::Fq;
/// use ark_ff::Field;
/// let x = Fq::from(12345u64);
/// assert_eq!(vidkit_blst::fp::inverse(&x), x.inverse());
/// ```
pub fn inverse(x: &Fq) -> Option<Fq> {
    if x.is_zero() {
        return None;
    }
    let input = to_fp(x);
    let mut out = blst_fp::default();
    // SAFETY: both pointers are to values owned here and live for the
    // call; blst writes only `out`, which does not alias `input`.
    unsafe { blst_fp_inverse(&mut out, &input) };
    Some(from_fp(&out))
}

/// `1/x` in `F_{p^2} = F_p[u]/(u² + 1)`, `None` for zero:
/// `(a + b·u)^{−1} = (a − b·u)/(a² + b²)`, the norm inverted by [`inverse`].
///
/// ```
/// use ark_bls12_381::{Fq, Fq2};
/// use ark_ff::Field;
/// let x = Fq2::new(Fq::from(3u64), Fq::from(7u64));
/// assert_eq!(vidkit_blst::fp::inverse_fp2(&x), x.inverse());
/// ```
pub fn inverse_fp2(x: &Fq2) -> Option<Fq2> {
    let norm = inverse(&(x.c0.square() + x.c1.square()))?;
    Some(Fq2::new(x.c0 * norm, -(x.c1 * norm)))
}

/// `a·b` in `F_{p^2}`, by blst.
///
/// ```
/// use ark_bls12_381::{Fq, Fq2};
/// let a = Fq2::new(Fq::from(3u64), Fq::from(7u64));
/// let b = Fq2::new(Fq::from(5u64), Fq::from(11u64));
/// assert_eq!(vidkit_blst::fp::mul_fp2(&a, &b), a * b);
/// ```
#[inline]
pub fn mul_fp2(a: &Fq2, b: &Fq2) -> Fq2 {
    from_fp2(&raw::mul(&to_fp2(a), &to_fp2(b)))
}

/// `a²` in `F_{p^2}`, by blst.
///
/// ```
/// use ark_bls12_381::{Fq, Fq2};
/// use ark_ff::Field;
/// let a = Fq2::new(Fq::from(3u64), Fq::from(7u64));
/// assert_eq!(vidkit_blst::fp::square_fp2(&a), a.square());
/// ```
#[inline]
pub fn square_fp2(a: &Fq2) -> Fq2 {
    from_fp2(&raw::square(&to_fp2(a)))
}

/// `F_{p^2}` arithmetic on blst's values. Products, squares, the inverse,
/// `3a`, `2^k·a`, `−a` and the scaling by `F_p` are one exported C function
/// each: every such call gets a pointer to `out`, a fresh local, and
/// pointers to the initialised inputs the caller lends for the call; blst
/// writes only `out`, which aliases no input. Sums, differences, doublings
/// and `ξ·a` are vidkit-mont's branch-free limb code, inlined (a blst sum is
/// a foreign call of about 11 ns; the values are the same canonical
/// residues).
pub(crate) mod raw {
    use super::*;
    use ark_ff::PrimeField;
    use vidkit_mont::{Fp2Limbs, Modulus, QuadModulus};

    /// BLS12-381's `p`, and `F_{p^2}` over it, for vidkit-mont's sums.
    const P: Modulus<6> = Modulus::new(<Fq as PrimeField>::MODULUS.0);
    const P2: QuadModulus<6> = QuadModulus::new(P);

    #[inline(always)]
    fn limbs(a: &blst_fp2) -> Fp2Limbs<6> {
        [a.fp[0].l, a.fp[1].l]
    }

    #[inline(always)]
    fn fp2(l: Fp2Limbs<6>) -> blst_fp2 {
        blst_fp2 {
            fp: [blst_fp { l: l[0] }, blst_fp { l: l[1] }],
        }
    }

    /// `a + b`.
    #[inline(always)]
    pub(crate) fn add(a: &blst_fp2, b: &blst_fp2) -> blst_fp2 {
        fp2(P2.add(&limbs(a), &limbs(b)))
    }

    /// `a − b`.
    #[inline(always)]
    pub(crate) fn sub(a: &blst_fp2, b: &blst_fp2) -> blst_fp2 {
        fp2(P2.sub(&limbs(a), &limbs(b)))
    }

    /// `2a`.
    #[inline(always)]
    pub(crate) fn double(a: &blst_fp2) -> blst_fp2 {
        fp2(P2.double(&limbs(a)))
    }

    /// `ξ·a = a·(1 + u) = (a0 − a1) + (a0 + a1)·u`, for `a = a0 + a1·u`.
    #[inline(always)]
    pub(crate) fn mul_by_1_plus_u(a: &blst_fp2) -> blst_fp2 {
        let [a0, a1] = limbs(a);
        fp2([P.sub(&a0, &a1), P.add(&a0, &a1)])
    }

    /// Whether `a = 0`.
    #[inline(always)]
    pub(crate) fn is_zero(a: &blst_fp2) -> bool {
        limbs(a) == [[0; 6]; 2]
    }

    /// `a·b`.
    #[inline]
    pub(crate) fn mul(a: &blst_fp2, b: &blst_fp2) -> blst_fp2 {
        let mut out = blst_fp2::default();
        // SAFETY: see the module docs.
        unsafe { blst_fp2_mul(&mut out, a, b) };
        out
    }

    /// `a²`.
    #[inline]
    pub(crate) fn square(a: &blst_fp2) -> blst_fp2 {
        let mut out = blst_fp2::default();
        // SAFETY: see the module docs.
        unsafe { blst_fp2_sqr(&mut out, a) };
        out
    }

    /// `1/a`, for `a ≠ 0` (blst's constant-time inversion).
    #[inline]
    pub(crate) fn inverse(a: &blst_fp2) -> blst_fp2 {
        let mut out = blst_fp2::default();
        // SAFETY: see the module docs.
        unsafe { blst_fp2_inverse(&mut out, a) };
        out
    }

    /// `3a`.
    #[inline]
    pub(crate) fn triple(a: &blst_fp2) -> blst_fp2 {
        let mut out = blst_fp2::default();
        // SAFETY: see the module docs.
        unsafe { blst_fp2_mul_by_3(&mut out, a) };
        out
    }

    /// `2^k·a`.
    #[inline]
    pub(crate) fn shl(a: &blst_fp2, k: usize) -> blst_fp2 {
        let mut out = blst_fp2::default();
        // SAFETY: see the module docs.
        unsafe { blst_fp2_lshift(&mut out, a, k) };
        out
    }

    /// `−a`.
    #[inline]
    pub(crate) fn neg(a: &blst_fp2) -> blst_fp2 {
        let mut out = blst_fp2::default();
        // SAFETY: see the module docs.
        unsafe { blst_fp2_cneg(&mut out, a, true) };
        out
    }

    /// `a·s` for `s ∈ F_p`: each coefficient times `s`.
    #[inline]
    pub(crate) fn scale(a: &blst_fp2, s: &blst_fp) -> blst_fp2 {
        let mut out = blst_fp2::default();
        let [a0, a1] = &a.fp;
        let [o0, o1] = &mut out.fp;
        // SAFETY: see the module docs (`o0`, `o1` are the two halves of
        // `out`).
        unsafe {
            blst_fp_mul(o0, a0, s);
            blst_fp_mul(o1, a1, s);
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ark_ff::{One, UniformRand};
    use ark_std::rand::SeedableRng;

    #[test]
    fn equals_arkworks_on_random_and_edge_values() {
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(11);
        let mut xs: Vec<Fq> = (0..200).map(|_| Fq::rand(&mut rng)).collect();
        xs.extend([Fq::zero(), Fq::one(), -Fq::one(), Fq::from(2u64)]);
        for x in &xs {
            assert_eq!(inverse(x), x.inverse(), "{x}");
        }
        let mut ys: Vec<Fq2> = (0..200).map(|_| Fq2::rand(&mut rng)).collect();
        ys.extend([
            Fq2::zero(),
            Fq2::one(),
            Fq2::new(Fq::zero(), Fq::one()),
            Fq2::new(Fq::one(), -Fq::one()),
        ]);
        for y in &ys {
            assert_eq!(inverse_fp2(y), y.inverse(), "{y}");
            assert_eq!(square_fp2(y), y.square(), "{y}");
            for z in &ys[..20] {
                assert_eq!(mul_fp2(y, z), *y * z, "{y} {z}");
            }
        }
    }
}
