//! arkworks' Miller loop of BLS12-381 on blst's arithmetic: the value of
//! `Bls12_381::multi_miller_loop`, bit for bit, in about half its time.
//!
//! # The math
//!
//! A Miller loop value is defined only up to the scaling of its lines: each
//! line `ℓ` may be multiplied by any non-zero `λ ∈ F_{p^2}` (a projective
//! representative of the running point `T` changes it), and the final
//! exponentiation `f ↦ f^{(p^12 − 1)/r}` removes every such factor (`p² − 1`
//! divides the exponent). blst's and arkworks' loops scale their lines
//! differently (blst keeps `T` in Jacobian coordinates, arkworks in
//! homogeneous ones), so their Miller loop values differ while their
//! pairings agree. A caller that asks for arkworks' Miller loop value (to
//! combine it with other arkworks values, or to compare) gets it here: the
//! loop below follows arkworks' formulas step for step, and only the
//! arithmetic under them is blst's.
//!
//! `T = (X : Y : Z)` with `x = X/Z`, `y = Y/Z`, starting at `Q` with
//! `Z = 1`. A **doubling** (the tangent at `T`; `b' = 4(1 + u)` is G2's
//! curve coefficient) computes
//!
//! ```text
//! A = XY/2, B = Y², C = Z², E = 3b'C, F = 3E, G = (B + F)/2,
//! H = (Y + Z)² − B − C, I = E − B, J = X²
//! T ← (A(B − F), G² − 3E², BH),   ℓ = (I, 3J, −H)
//! ```
//!
//! and an **addition** of `Q = (x_Q, y_Q)` (the chord through `T` and `Q`)
//!
//! ```text
//! θ = Y − y_Q Z, λ = X − x_Q Z, C = θ², D = λ², E = λD, F = ZC, G = XD,
//! H = E + F − 2G
//! T ← (λH, θ(G − H) − EY, ZE),   ℓ = (θx_Q − λy_Q, −θ, λ).
//! ```
//!
//! The line's value at `P = (x_P, y_P)` (G2 is an M-twist) is the sparse
//! `F_{p^12}` element with `ℓ_0`, `ℓ_1·x_P` and `ℓ_2·y_P` at the places
//! `1`, `v` and `vw` (arkworks' `mul_by_014`, blst's `mul_by_xy00z0`). Over
//! the bits of `|z| = 0xd201000000010000` after the leading one: square
//! `f`, multiply in every pair's doubling line, and on a one bit every pair's
//! addition line; at the end conjugate `f` (`z < 0`). Pairs with an identity
//! point are left out (they contribute 1), and `f = 1` for none.
//!
//! Field arithmetic is exact, so any code computing the same operations
//! gives the same element: the tests compare with arkworks on random
//! points, identities and several pairs.

use crate::fp::raw::{add, mul, mul_by_1_plus_u, neg, scale, shl, square, sub, triple};
use crate::lines::{conjugate, multiply_line, square as square_f};
use crate::{from_fp12, to_fp, to_fp12, to_fp2, to_p2_affine};
use ark_bls12_381::{Fq, Fq12, Fq2, G1Affine, G2Affine};
use ark_ec::{bls12::Bls12Config, AffineRepr};
use ark_ff::{MontFp, One};
use blst::{blst_fp, blst_fp12, blst_fp2, blst_fp6, blst_p2_affine};

/// `1/2` in `F_p`, `(p + 1)/2`.
const TWO_INV: Fq = MontFp!("2001204777610833696708894912867952078278441409969503942666029068062015825245418932221343814564507832018947136279894");

/// The running point `T` of one pair's loop, homogeneous (`x = X/Z`,
/// `y = Y/Z`), as arkworks keeps it.
struct Running {
    x: blst_fp2,
    y: blst_fp2,
    z: blst_fp2,
}

impl Running {
    /// The doubling step (module docs): `T ← 2T` and the tangent's
    /// coefficients.
    fn double(&mut self, two_inv: &blst_fp) -> blst_fp6 {
        let a = scale(&mul(&self.x, &self.y), two_inv);
        let b = square(&self.y);
        let c = square(&self.z);
        let e = shl(&mul_by_1_plus_u(&triple(&c)), 2); // b'·3C, b' = 4(1 + u)
        let f = triple(&e);
        let g = scale(&add(&b, &f), two_inv);
        let h = sub(&square(&add(&self.y, &self.z)), &add(&b, &c));
        let i = sub(&e, &b);
        let j = square(&self.x);
        self.x = mul(&a, &sub(&b, &f));
        self.y = sub(&square(&g), &triple(&square(&e)));
        self.z = mul(&b, &h);
        blst_fp6 {
            fp2: [i, triple(&j), neg(&h)],
        }
    }

    /// The addition step (module docs): `T ← T + Q` and the chord's
    /// coefficients.
    fn add(&mut self, q: &blst_p2_affine) -> blst_fp6 {
        let theta = sub(&self.y, &mul(&q.y, &self.z));
        let lambda = sub(&self.x, &mul(&q.x, &self.z));
        let c = square(&theta);
        let d = square(&lambda);
        let e = mul(&lambda, &d);
        let f = mul(&self.z, &c);
        let g = mul(&self.x, &d);
        let h = sub(&add(&e, &f), &shl(&g, 1));
        self.x = mul(&lambda, &h);
        self.y = sub(&mul(&theta, &sub(&g, &h)), &mul(&e, &self.y));
        self.z = mul(&self.z, &e);
        let j = sub(&mul(&theta, &q.x), &mul(&lambda, &q.y));
        blst_fp6 {
            fp2: [j, neg(&theta), lambda],
        }
    }
}

/// One pair of the loop: `P`'s coordinates (the factors of its lines),
/// `Q`, and the running point.
struct Pair {
    p: (blst_fp, blst_fp),
    q: blst_p2_affine,
    t: Running,
}

/// `Bls12_381::multi_miller_loop(g1, g2)`, bit for bit (module docs), on
/// the first `min(g1.len(), g2.len())` pairs.
///
/// ```
/// use ark_bls12_381::{Bls12_381, G1Affine, G2Affine};
/// use ark_ec::{pairing::Pairing, AffineRepr};
/// let (p, q) = (G1Affine::generator(), G2Affine::generator());
/// let f = vidkit_blst::ark_miller::multi_miller_loop(&[p], &[q]);
/// assert_eq!(f, Bls12_381::multi_miller_loop([p], [q]).0);
/// ```
pub fn multi_miller_loop(g1: &[G1Affine], g2: &[G2Affine]) -> Fq12 {
    let mut pairs: Vec<Pair> = g1
        .iter()
        .zip(g2)
        .filter(|(p, q)| !p.is_zero() && !q.is_zero())
        .map(|(p, q)| Pair {
            p: (to_fp(&p.x), to_fp(&p.y)),
            q: to_p2_affine(q),
            t: Running {
                x: to_fp2(&q.x),
                y: to_fp2(&q.y),
                z: to_fp2(&Fq2::one()),
            },
        })
        .collect();
    let two_inv = to_fp(&TWO_INV);
    let z = <ark_bls12_381::Config as Bls12Config>::X[0];
    let top = 63 - z.leading_zeros(); // the leading one
    let mut f: blst_fp12 = to_fp12(&Fq12::one());
    for bit in (0..top).rev() {
        if bit + 1 < top {
            square_f(&mut f); // skipped while f = 1
        }
        for pair in &mut pairs {
            let line = pair.t.double(&two_inv);
            multiply_line(&mut f, &line, &pair.p);
        }
        if (z >> bit) & 1 == 1 {
            for pair in &mut pairs {
                let line = pair.t.add(&pair.q);
                multiply_line(&mut f, &line, &pair.p);
            }
        }
    }
    conjugate(&mut f);
    from_fp12(&f)
}

#[cfg(test)]
mod tests {
    use super::*;
    use ark_bls12_381::{Bls12_381, Fr, G1Projective, G2Projective};
    use ark_ec::{pairing::Pairing, CurveGroup};
    use ark_ff::{AdditiveGroup, UniformRand};
    use ark_std::rand::SeedableRng;
    use proptest::prelude::*;
    use rand_chacha::ChaCha20Rng;

    #[test]
    fn constants() {
        assert_eq!(TWO_INV.double(), Fq::one());
        let c = Fq2::new(Fq::from(5u64), Fq::from(9u64));
        let want = <ark_bls12_381::g2::Config as ark_ec::short_weierstrass::SWCurveConfig>::COEFF_B
            * (c + c + c);
        let got = shl(&mul_by_1_plus_u(&triple(&to_fp2(&c))), 2);
        assert_eq!(crate::from_fp2(&got), want, "b'·3C");
        let z = <ark_bls12_381::Config as Bls12Config>::X[0];
        assert_eq!(63 - z.leading_zeros(), 63, "63 steps after the leading one");
    }

    /// Random points, with identities on either side every few pairs.
    fn pairs(n: usize, identity_every: usize, seed: u64) -> (Vec<G1Affine>, Vec<G2Affine>) {
        let mut rng = ChaCha20Rng::seed_from_u64(seed);
        let mut p: Vec<G1Affine> = (0..n)
            .map(|_| G1Projective::rand(&mut rng).into_affine())
            .collect();
        let mut q: Vec<G2Affine> = (0..n)
            .map(|_| G2Projective::rand(&mut rng).into_affine())
            .collect();
        for i in 0..n {
            if identity_every > 0 && i % identity_every == 0 {
                if i % 2 == 0 {
                    p[i] = G1Affine::zero();
                } else {
                    q[i] = G2Affine::zero();
                }
            }
        }
        (p, q)
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(24))]

        /// arkworks' Miller loop value, bit for bit, for 0 to 5 pairs with
        /// identities among them.
        #[test]
        fn equals_arkworks(n in 0usize..6, identity_every in 0usize..4, seed: u64) {
            let (p, q) = pairs(n, identity_every, seed);
            prop_assert_eq!(
                multi_miller_loop(&p, &q),
                Bls12_381::multi_miller_loop(p.iter().copied(), q.iter().copied()).0
            );
        }
    }

    /// The generators, a point and its negation, a repeated pair, and a
    /// multiple on either side: arkworks' values, and the pairings that must
    /// be one are.
    #[test]
    fn edge_cases() {
        let mut rng = ChaCha20Rng::seed_from_u64(3);
        let (g, h) = (G1Affine::generator(), G2Affine::generator());
        let a = Fr::rand(&mut rng);
        let (ga, ha) = ((g * a).into_affine(), (h * a).into_affine());
        let cases: [(Vec<G1Affine>, Vec<G2Affine>); 5] = [
            (vec![g], vec![h]),
            (vec![g, -g], vec![h, h]),
            (vec![g, g], vec![h, h]),
            (vec![ga, -g], vec![h, ha]),
            (vec![G1Affine::zero()], vec![G2Affine::zero()]),
        ];
        for (p, q) in &cases {
            let want = Bls12_381::multi_miller_loop(p.iter().copied(), q.iter().copied());
            let f = multi_miller_loop(p, q);
            assert_eq!(f, want.0, "{} pairs", p.len());
            assert_eq!(
                Bls12_381::final_exponentiation(ark_ec::pairing::MillerLoopOutput(f)),
                Some(Bls12_381::multi_pairing(
                    p.iter().copied(),
                    q.iter().copied()
                ))
            );
        }
        assert_eq!(multi_miller_loop(&[], &[]), Fq12::one());
        let one = Bls12_381::final_exponentiation(ark_ec::pairing::MillerLoopOutput(
            multi_miller_loop(&[ga, -g], &[h, ha]),
        ))
        .unwrap();
        assert!(one.0.is_one(), "e(aG, H)·e(−G, aH) = 1");
    }
}
