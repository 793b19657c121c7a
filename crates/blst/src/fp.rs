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
//! (`blst_fp_inverse`, `blst_fp_mul`, `blst_fp_add`, `blst_fp_sub`, and
//! `blst_fp2_{add,sub,mul,sqr,mul_by_3,lshift,cneg,inverse}`) are called directly,
//! with a pointer to a fresh output value and pointers to initialised
//! inputs, all owned or borrowed here for the call. blst's sums are
//! branch-free assembly, like its products.

#![allow(unsafe_code)]

use crate::{from_fp, from_fp2, to_fp, to_fp2};
use ark_bls12_381::{Fq, Fq2};
use ark_ff::{Field, Zero};
use blst::{
    blst_fp, blst_fp2, blst_fp2_add, blst_fp2_cneg, blst_fp2_inverse, blst_fp2_lshift,
    blst_fp2_mul, blst_fp2_mul_by_3, blst_fp2_sqr, blst_fp2_sub, blst_fp_add, blst_fp_inverse,
    blst_fp_mul, blst_fp_sub,
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

/// `F_{p^2}` arithmetic on blst's values, one exported C function per
/// operation. Every call below gets a pointer to `out`, a fresh local, and
/// pointers to the initialised inputs the caller lends for the call; blst
/// writes only `out`, which aliases no input.
pub(crate) mod raw {
    use super::*;

    /// One binary `F_{p^2}` operation of blst.
    macro_rules! binary {
        ($($(#[$doc:meta])* $name:ident = $c:ident;)*) => {$(
            $(#[$doc])*
            #[inline]
            pub(crate) fn $name(a: &blst_fp2, b: &blst_fp2) -> blst_fp2 {
                let mut out = blst_fp2::default();
                // SAFETY: see the module docs.
                unsafe { $c(&mut out, a, b) };
                out
            }
        )*};
    }

    binary! {
        /// `a + b`.
        add = blst_fp2_add;
        /// `a − b`.
        sub = blst_fp2_sub;
        /// `a·b`.
        mul = blst_fp2_mul;
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

    /// `a·(1 + u) = (a0 − a1) + (a0 + a1)·u`, for `a = a0 + a1·u`.
    #[inline]
    pub(crate) fn mul_by_1_plus_u(a: &blst_fp2) -> blst_fp2 {
        let mut out = blst_fp2::default();
        let [a0, a1] = &a.fp;
        let [o0, o1] = &mut out.fp;
        // SAFETY: see the module docs (`o0`, `o1` are the two halves of
        // `out`).
        unsafe {
            blst_fp_sub(o0, a0, a1);
            blst_fp_add(o1, a0, a1);
        }
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
