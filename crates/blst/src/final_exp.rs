//! BLS12-381's final exponentiation with compressed squarings: arkworks'
//! value (and blst's) bit for bit.
//!
//! # The math
//!
//! `f ↦ f^{(p^12 − 1)/r}` splits into the easy part
//! `f ↦ f^{(p^6 − 1)(p^2 + 1)}` (a conjugation, an inversion, a Frobenius
//! map, two products), which lands in the cyclotomic subgroup `G_Φ`, and the
//! hard part, arkworks' chain of five exponentiations by `z` (negative:
//! `x^z` is the conjugate of `x^{|z|}`), Frobenius maps and products; this
//! module follows arkworks' `Bls12Config::final_exponentiation` step for
//! step, so the value is the same field element.
//!
//! Nearly all of the time is the 5 × 63 squarings of the exponentiations.
//! blst squares in `G_Φ` by Granger–Scott: the six `F_{p^2}` coefficients
//! pair up as three squares in `F_{p^4} = F_{p^2}[s]/(s² − ξ)`,
//! `(x + y·s)² = (x² + ξy²) + 2xy·s`, and each new coefficient is
//! `3t ∓ 2r` from one of those squares `t` and an old coefficient `r`.
//! Four of the new coefficients (places `v`, `v²`, `w`, `v²w`, here
//! `a, b, c, d`) depend only on those four old ones:
//!
//! ```text
//! a' = 3(c² + ξb²) − 2a,   b' = 3(a² + ξd²) − 2b,
//! c' = 3ξ(2ad) + 2c,       d' = 3(2bc) + 2d
//! ```
//!
//! (six `F_{p^2}` squares, with `2ad = (a + d)² − a² − d²`, against nine for
//! a whole Granger–Scott square). Karabina squares in that compressed form
//! and recovers the other two coefficients once, when a value is needed: for
//! `c ≠ 0` the place-`vw` coefficient is `e = (ξd² + 3a² − 2b)/(4c)` and the
//! constant one `ξ(2e² + cd − 3ab) + 1`.
//!
//! `x^{|z|}` for `|z| = 2^63 + 2^62 + 2^60 + 2^57 + 2^48 + 2^16` runs right
//! to left: 48 compressed squares give `x^{2^16}` and `x^{2^48}` on the
//! way, both are recovered with one `F_{p^2}` inversion of the product of
//! their denominators (Montgomery's trick), and 15 Granger–Scott squares
//! from `x^{2^48}` give the last four powers, five products in all. Where a
//! denominator is zero (`x = 1`, and the few elements with `c = 0`) that
//! exponentiation runs on Granger–Scott squares alone: the same value, no
//! division. The idea of squaring from the low end so that the two
//! recoveries share one inversion is gnark-crypto's `ExptHalf`.
//!
//! # Why blst's own `final_exp` is not used
//!
//! It is the same map (same value), with 315 Granger–Scott squares. The
//! compressed squares here call blst's `F_{p^2}` square (its assembly; the
//! portable six-limb square of vidkit-mont made the whole 1.2× slower) and
//! do their sums inline with vidkit-mont's branch-free code (module
//! [`crate::fp`]; a blst sum is a foreign call of about 11 ns); the final exponentiation takes about 0.93×
//! blst's time (docs/pairing.md).

use crate::fp::raw::{add, double, inverse, is_zero, mul, mul_by_1_plus_u as xi, square, sub};
use crate::gt::raw::{conjugate, cyclotomic_square, frobenius, inverse as inverse12};
use crate::{from_fp12, to_fp12};
use ark_bls12_381::Fq12;
use ark_ec::bls12::Bls12Config;
use ark_ff::{One, Zero};
use blst::{blst_fp12, blst_fp2, blst_fp6};

/// `3t − 2r`.
#[inline(always)]
fn three_minus_two(t: &blst_fp2, r: &blst_fp2) -> blst_fp2 {
    add(&double(&sub(t, r)), t)
}

/// `3t + 2r`.
#[inline(always)]
fn three_plus_two(t: &blst_fp2, r: &blst_fp2) -> blst_fp2 {
    add(&double(&add(t, r)), t)
}

/// An element of `G_Φ` by its coefficients at `v`, `v²`, `w`, `v²w`
/// (module docs).
#[derive(Clone, Copy)]
struct Compressed {
    a: blst_fp2,
    b: blst_fp2,
    c: blst_fp2,
    d: blst_fp2,
}

impl Compressed {
    fn new(x: &blst_fp12) -> Self {
        Self {
            a: x.fp6[0].fp2[1],
            b: x.fp6[0].fp2[2],
            c: x.fp6[1].fp2[0],
            d: x.fp6[1].fp2[2],
        }
    }

    /// The square (module docs).
    fn square(&self) -> Self {
        let (aa, bb, cc, dd) = (
            square(&self.a),
            square(&self.b),
            square(&self.c),
            square(&self.d),
        );
        let ad2 = sub(&sub(&square(&add(&self.a, &self.d)), &aa), &dd);
        let bc2 = sub(&sub(&square(&add(&self.b, &self.c)), &bb), &cc);
        Self {
            a: three_minus_two(&add(&cc, &xi(&bb)), &self.a),
            b: three_minus_two(&add(&aa, &xi(&dd)), &self.b),
            c: three_plus_two(&xi(&ad2), &self.c),
            d: three_plus_two(&bc2, &self.d),
        }
    }

    /// `(ξd² + 3a² − 2b, 4c)`: the place-`vw` coefficient is their quotient
    /// where `c ≠ 0`.
    fn fraction(&self) -> (blst_fp2, blst_fp2) {
        let aa = square(&self.a);
        let three_aa_minus_two_b = three_minus_two(&aa, &self.b);
        let numerator = add(&xi(&square(&self.d)), &three_aa_minus_two_b);
        (numerator, double(&double(&self.c)))
    }

    /// The whole element, given its place-`vw` coefficient `e`.
    fn decompress(&self, e: &blst_fp2) -> blst_fp12 {
        let one = crate::to_fp2(&ark_bls12_381::Fq2::one());
        let ab = mul(&self.a, &self.b);
        let t = sub(
            &add(&double(&square(e)), &mul(&self.c, &self.d)),
            &add(&double(&ab), &ab),
        );
        let constant = add(&xi(&t), &one);
        blst_fp12 {
            fp6: [
                blst_fp6 {
                    fp2: [constant, self.a, self.b],
                },
                blst_fp6 {
                    fp2: [self.c, *e, self.d],
                },
            ],
        }
    }
}

/// `|z|`, arkworks' `Bls12Config::X`.
fn z_abs() -> u64 {
    <ark_bls12_381::Config as Bls12Config>::X[0]
}

/// `x^{|z|}` by Granger–Scott squares alone, right to left.
fn pow_z_plain(x: &blst_fp12) -> blst_fp12 {
    let z = z_abs();
    let mut power = *x;
    let mut acc: Option<blst_fp12> = None;
    for bit in 0..64 - z.leading_zeros() {
        if (z >> bit) & 1 == 1 {
            acc = Some(acc.map_or(power, |a| a * power));
        }
        if bit + 1 < 64 - z.leading_zeros() {
            power = cyclotomic_square(&power);
        }
    }
    acc.unwrap_or_default()
}

/// The bits of `|z|` from low to high, as this module's schedule uses them:
/// the two compressed runs end at bits 16 and 48, then the runs of
/// Granger–Scott squares.
const LOW: u32 = 16;
const HIGH: u32 = 48;
const TOP_RUNS: [u32; 4] = [9, 3, 2, 1];

/// `x^{|z|}` for `x ∈ G_Φ` (module docs).
fn pow_z(x: &blst_fp12) -> blst_fp12 {
    let mut y = Compressed::new(x);
    for _ in 0..LOW {
        y = y.square();
    }
    let low = y;
    for _ in LOW..HIGH {
        y = y.square();
    }
    let high = y;
    let (n0, d0) = low.fraction();
    let (n1, d1) = high.fraction();
    let denominators = mul(&d0, &d1);
    if is_zero(&denominators) {
        return pow_z_plain(x);
    }
    let inv = inverse(&denominators);
    let low = low.decompress(&mul(&n0, &mul(&inv, &d1)));
    let mut power = high.decompress(&mul(&n1, &mul(&inv, &d0)));
    let mut acc = low * power;
    for run in TOP_RUNS {
        for _ in 0..run {
            power = cyclotomic_square(&power);
        }
        acc *= power;
    }
    acc
}

/// `x^z` (`z < 0`): arkworks' `exp_by_x`.
fn exp_by_z(x: &blst_fp12) -> blst_fp12 {
    conjugate(&pow_z(x))
}

/// `Bls12_381::final_exponentiation(f)`, bit for bit (`None` for `f = 0`).
///
/// ```
/// use ark_bls12_381::{Bls12_381, G1Affine, G2Affine};
/// use ark_ec::{pairing::Pairing, AffineRepr};
/// let f = Bls12_381::miller_loop(G1Affine::generator(), G2Affine::generator());
/// let e = vidkit_blst::final_exp::final_exponentiation(&f.0);
/// assert_eq!(e, Bls12_381::final_exponentiation(f).map(|e| e.0));
/// ```
pub fn final_exponentiation(f: &Fq12) -> Option<Fq12> {
    if f.is_zero() {
        return None;
    }
    Some(from_fp12(&final_exponentiation_nonzero(&to_fp12(f))))
}

/// The final exponentiation on blst's values, for `f ≠ 0` (the value of
/// [`final_exponentiation`]; `f = 0` gives `0`, as blst's `final_exp`):
/// for a Miller loop value of points of the groups, which is never zero.
///
/// ```
/// use vidkit_blst::{blst::{blst_fp12, blst_p1_affine, blst_p2_affine}, final_exp};
/// let f = blst_fp12::miller_loop(&blst_p2_affine::default(), &blst_p1_affine::default());
/// assert!(final_exp::final_exponentiation_nonzero(&f) == f.final_exp());
/// ```
pub fn final_exponentiation_nonzero(f: &blst_fp12) -> blst_fp12 {
    // easy part: f^{(p^6 − 1)(p^2 + 1)}
    let f2 = conjugate(f) * inverse12(f);
    let mut r = frobenius(&f2, 2) * f2;
    // hard part: arkworks' chain
    let mut y0 = cyclotomic_square(&r);
    let mut y1 = exp_by_z(&r) * conjugate(&r);
    let mut y2 = exp_by_z(&y1);
    y1 = conjugate(&y1) * y2;
    y2 = exp_by_z(&y1);
    y1 = frobenius(&y1, 1) * y2;
    r *= y0;
    y0 = exp_by_z(&y1);
    y2 = exp_by_z(&y0);
    y0 = frobenius(&y1, 2);
    y1 = conjugate(&y1) * y2 * y0;
    r * y1
}

#[cfg(test)]
mod tests {
    use super::*;
    use ark_bls12_381::{Bls12_381, Fr, G1Projective, G2Projective};
    use ark_ec::{pairing::Pairing, CurveGroup};
    use ark_ff::{CyclotomicMultSubgroup, Field, UniformRand};
    use ark_std::rand::SeedableRng;
    use proptest::prelude::*;
    use rand_chacha::ChaCha20Rng;

    /// A random element of `G_Φ`: `f^{(p^6 − 1)(p^2 + 1)}`.
    fn cyclotomic(rng: &mut ChaCha20Rng) -> Fq12 {
        let f = Fq12::rand(rng);
        let g = f.cyclotomic_inverse().unwrap() * f.inverse().unwrap();
        let mut h = g;
        h.frobenius_map_in_place(2);
        h * g
    }

    #[test]
    fn schedule_is_z() {
        let z = z_abs();
        let bits: Vec<u32> = (0..64).filter(|b| (z >> b) & 1 == 1).collect();
        let mut at = HIGH;
        let mut schedule = vec![LOW, HIGH];
        for run in TOP_RUNS {
            at += run;
            schedule.push(at);
        }
        assert_eq!(bits, schedule);
    }

    /// Compressed squares and the recovery give Granger–Scott's squares.
    #[test]
    fn compressed_squares_are_squares() {
        let mut rng = ChaCha20Rng::seed_from_u64(5);
        for _ in 0..8 {
            let x = cyclotomic(&mut rng);
            let mut want = x;
            let mut y = Compressed::new(&to_fp12(&x));
            for n in 1..=20 {
                want = want.cyclotomic_square();
                y = y.square();
                let (num, den) = y.fraction();
                let e = mul(&num, &inverse(&den));
                assert_eq!(from_fp12(&y.decompress(&e)), want, "{n} squares");
            }
        }
    }

    /// `x^{|z|}` both ways equals arkworks' `cyclotomic_exp`, and `1` (no
    /// inverse: the plain path) stays `1`.
    #[test]
    fn powers_equal_arkworks() {
        let mut rng = ChaCha20Rng::seed_from_u64(6);
        for _ in 0..4 {
            let x = cyclotomic(&mut rng);
            let want = x.cyclotomic_exp([z_abs()]);
            assert_eq!(from_fp12(&pow_z(&to_fp12(&x))), want);
            assert_eq!(from_fp12(&pow_z_plain(&to_fp12(&x))), want);
        }
        let one = to_fp12(&Fq12::one());
        assert_eq!(from_fp12(&pow_z(&one)), Fq12::one());
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(16))]

        /// arkworks' final exponentiation of a random element and of a
        /// Miller loop value, bit for bit.
        #[test]
        fn equals_arkworks(seed: u64) {
            let mut rng = ChaCha20Rng::seed_from_u64(seed);
            let f = Fq12::rand(&mut rng);
            prop_assert_eq!(
                final_exponentiation(&f),
                Bls12_381::final_exponentiation(ark_ec::pairing::MillerLoopOutput(f)).map(|e| e.0)
            );
            let p = G1Projective::rand(&mut rng).into_affine();
            let q = G2Projective::rand(&mut rng).into_affine();
            let ml = Bls12_381::miller_loop(p, q);
            prop_assert_eq!(final_exponentiation(&ml.0), Some(Bls12_381::pairing(p, q).0));
        }
    }

    /// Zero, one, elements of `F_p` and `F_{p^2}` (whose easy part is 1: the
    /// plain path), an element of `G_T`, and a product that is one.
    #[test]
    fn edge_cases() {
        let mut rng = ChaCha20Rng::seed_from_u64(8);
        assert_eq!(final_exponentiation(&Fq12::zero()), None);
        let ark = |f: Fq12| {
            Bls12_381::final_exponentiation(ark_ec::pairing::MillerLoopOutput(f)).map(|e| e.0)
        };
        let fp2 = ark_bls12_381::Fq2::rand(&mut rng);
        let small = [
            Fq12::one(),
            -Fq12::one(),
            Fq12::from(7u64),
            Fq12::new(
                ark_bls12_381::Fq6::new(fp2, Zero::zero(), Zero::zero()),
                Zero::zero(),
            ),
        ];
        for f in small {
            assert_eq!(final_exponentiation(&f), ark(f), "{f}");
            assert_eq!(final_exponentiation(&f), Some(Fq12::one()));
        }
        let t = Bls12_381::pairing(G1Affine::generator(), G2Affine::generator()).0;
        let gt = t.pow(Fr::rand(&mut rng).0);
        assert_eq!(final_exponentiation(&gt), ark(gt));
        let a = Fr::rand(&mut rng);
        let (g, h) = (G1Affine::generator(), G2Affine::generator());
        let f =
            Bls12_381::multi_miller_loop([(g * a).into_affine(), -g], [h, (h * a).into_affine()]);
        assert_eq!(final_exponentiation(&f.0), Some(Fq12::one()));
    }

    use ark_bls12_381::{G1Affine, G2Affine};
    use ark_ec::AffineRepr;
}
