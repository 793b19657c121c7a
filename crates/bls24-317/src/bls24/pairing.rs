//! The Miller loop and the final exponentiation of a BLS24 pairing.
//!
//! **Miller loop** (optimal ate, loop length x): `f_{x,Q}(P)` over the 2-NAF
//! of `|x|` (one doubling line per digit, one addition line per non-zero
//! digit, with `-Q` for a digit `-1`), conjugated at the end when `x < 0`.
//! Lines are multiplied into `f` sparsely (`Fp24::mul_by_014` / `034`), and a
//! multi-pairing shares the squarings of `f`.
//!
//! **Final exponentiation** to `3 (p^24 - 1)/r`:
//! * easy part `(p^12 - 1)(p^4 + 1)`: a conjugation, one inversion, two
//!   multiplications and a `p^4`-Frobenius; the result lies in the
//!   cyclotomic subgroup, where inverses are conjugates;
//! * hard part, Hayashida–Hayasaka–Teruya (eprint 2020/875, BLS24 case),
//!   from the polynomial identity (verified for BLS24-317 by
//!   `scripts/derive_constants.py` and by a unit test):
//!   `3 (p^8 - p^4 + 1)/r = (x - 1)^2 (x + p)(x^2 + p^2)(x^4 + p^4 - 1) + 3`.
//!   Eight exponentiations by x (module [`super::exp_by_x`]: 31 squarings,
//!   most of them Karabina-compressed, and 4 products each for BLS24-317)
//!   and three Frobenius maps.

use ark_ff::{CyclotomicMultSubgroup, Field, One, Zero};
use ark_std::vec::Vec;

#[cfg(feature = "parallel")]
use rayon::prelude::*;

pub use super::exp_by_x::exp_by_x;
use super::{
    cyclotomic::cyclotomic_square_n, exp_by_x::conj, g2::EllCoeff, Bls24Config, Fp24, G1Affine,
    G1Prepared, G2Prepared, TwistType,
};
use ark_ec::AffineRepr;

type Gt<P> = Fp24<<P as Bls24Config>::Fp24Config>;

/// Multiplies `f` by the line `coeffs` evaluated at `p`.
#[inline]
fn ell<P: Bls24Config>(f: &mut Gt<P>, coeffs: &EllCoeff<P>, p: &G1Affine<P>) {
    let (px, py) = p
        .xy()
        .expect("the identity is filtered out before the loop");
    let (c0, c1, c2) = coeffs;
    match P::TWIST_TYPE {
        TwistType::M => {
            let c1 = c1.mul_by_base_prime_field(&px);
            let c2 = c2.mul_by_base_prime_field(&py);
            f.mul_by_014(c0, &c1, &c2);
        }
        TwistType::D => {
            let c0 = c0.mul_by_base_prime_field(&py);
            let c1 = c1.mul_by_base_prime_field(&px);
            f.mul_by_034(&c0, &c1, c2);
        }
    }
}

/// The product of the Miller loops `f_{x,Q_j}(P_j)`; pairs with an identity
/// point contribute 1.
///
/// # Panics
/// If the two iterators have different lengths (as arkworks' own models do).
pub fn multi_miller_loop<P: Bls24Config>(
    a: impl IntoIterator<Item = impl Into<G1Prepared<P>>>,
    b: impl IntoIterator<Item = impl Into<G2Prepared<P>>>,
) -> Gt<P> {
    let a: Vec<G1Prepared<P>> = a.into_iter().map(Into::into).collect();
    let b: Vec<G2Prepared<P>> = b.into_iter().map(Into::into).collect();
    assert_eq!(
        a.len(),
        b.len(),
        "multi_miller_loop: as many G1 as G2 points"
    );
    let mut pairs: Vec<(G1Affine<P>, &[EllCoeff<P>])> = a
        .iter()
        .zip(&b)
        .filter(|(p, q)| !p.is_zero() && !q.is_zero())
        .map(|(p, q)| (p.0, q.ell_coeffs.as_slice()))
        .collect();
    let naf = P::x_naf();

    let loop_chunk = |pairs: &mut [(G1Affine<P>, &[EllCoeff<P>])]| -> Gt<P> {
        let mut f = Gt::<P>::one();
        let mut idx = 0usize;
        for (step, digit) in naf.iter().rev().skip(1).enumerate() {
            if step > 0 {
                f.square_in_place();
            }
            for (p, coeffs) in pairs.iter() {
                ell::<P>(&mut f, &coeffs[idx], p);
            }
            idx += 1;
            if *digit != 0 {
                for (p, coeffs) in pairs.iter() {
                    ell::<P>(&mut f, &coeffs[idx], p);
                }
                idx += 1;
            }
        }
        f
    };

    #[cfg(feature = "parallel")]
    let mut f: Gt<P> = pairs.par_chunks_mut(4).map(loop_chunk).product();
    #[cfg(not(feature = "parallel"))]
    let mut f: Gt<P> = pairs.chunks_mut(4).map(loop_chunk).product();

    if P::X_IS_NEGATIVE {
        f.cyclotomic_inverse_in_place();
    }
    f
}

/// The easy part `f^((p^12 - 1)(p^4 + 1))`; `None` for `f = 0`.
pub fn final_exponentiation_easy<P: Bls24Config>(f: &Gt<P>) -> Option<Gt<P>> {
    if f.is_zero() {
        return None;
    }
    let f_inv = f.inverse()?;
    // f^(p^12 - 1)
    let mut r = conj::<P>(f) * f_inv;
    // ^(p^4 + 1)
    let mut r_p4 = r;
    r_p4.frobenius_map_in_place(4);
    r *= &r_p4;
    Some(r)
}

/// The hard part `m^(3 (p^8 - p^4 + 1)/r)` for `m` in the cyclotomic subgroup.
pub fn final_exponentiation_hard<P: Bls24Config>(m: &Gt<P>) -> Gt<P> {
    // a = m^((x - 1)^2)
    let mut a = exp_by_x::<P>(m) * conj::<P>(m);
    a = exp_by_x::<P>(&a) * conj::<P>(&a);
    // a = a^(x + p)
    let mut a_p = a;
    a_p.frobenius_map_in_place(1);
    a = exp_by_x::<P>(&a) * a_p;
    // a = a^(x^2 + p^2)
    let mut a_p2 = a;
    a_p2.frobenius_map_in_place(2);
    a = exp_by_x::<P>(&exp_by_x::<P>(&a)) * a_p2;
    // a = a^(x^4 + p^4 - 1)
    let mut a_p4 = a;
    a_p4.frobenius_map_in_place(4);
    let a_inv = conj::<P>(&a);
    let mut t = a;
    for _ in 0..4 {
        t = exp_by_x::<P>(&t);
    }
    a = t * a_p4 * a_inv;
    // result = a * m^3
    let mut m3 = *m;
    cyclotomic_square_n(&mut m3, 1);
    a * m3 * m
}

/// The final exponentiation `f^(3 (p^24 - 1)/r)`; `None` for `f = 0`.
pub fn final_exponentiation<P: Bls24Config>(f: &Gt<P>) -> Option<Gt<P>> {
    final_exponentiation_easy::<P>(f).map(|m| final_exponentiation_hard::<P>(&m))
}
