//! Inversion in BLS12-381's base field `F_p` with blst.
//!
//! The batch-affine additions of `vidkit-msm` share one field inversion
//! among a batch of slopes (Montgomery's trick), and with batches of some
//! tens to hundreds of additions the inversion is a visible share of each:
//! arkworks inverts in `F_p` by a binary extended Euclid in portable Rust,
//! about 8.2 µs (some 340 multiplications) on one core of a 2-vCPU AMD EPYC
//! VM, where blst's `blst_fp_inverse` (a constant-time modular inversion in
//! assembly) took 1.6 µs (`cargo run --release -p vidkit-blst --example
//! inverse`).
//!
//! # Why this module uses `unsafe`
//!
//! blst's safe Rust API has no field inversion. The exported C function
//! `blst_fp_inverse` is called directly, with a pointer to a fresh output
//! value and one to an initialised input, both owned here for the call.

#![allow(unsafe_code)]

use crate::{from_fp, to_fp};
use ark_bls12_381::{Fq, Fq2};
use ark_ff::{Field, Zero};
use blst::{blst_fp, blst_fp_inverse};

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
        }
    }
}
