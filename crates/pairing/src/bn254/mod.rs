//! BN254's pairing over lazy-reduction `F_{p^2}` products.
//!
//! arkworks computes BN254's optimal ate pairing with `F_{p^2}` products made
//! of two sums of Montgomery products, and its `Fp2Config` belongs to
//! ark-bn254, so no hook can give it other ones. This module runs the same
//! algorithms as arkworks' `Bn<Config>` on arkworks' types, with every
//! `F_{p^2}` product and square from [`vidkit_mont::QuadModulus`]
//! (module `tower`).
//!
//! # The math
//!
//! `e(P, Q) = f_{6x+2,Q}(P) · ℓ_{[6x+2]Q,π(Q)}(P) · ℓ_{[6x+2]Q+π(Q),−π²(Q)}(P)`,
//! raised to `(p^12 − 1)/r`, with `x = 4965661367192848881`.
//!
//! * **Lines.** `Q` runs over the signed digits of `6x + 2` in homogeneous
//!   projective coordinates on the D-type twist; each doubling or addition
//!   step gives the coefficients `(c_0, c_3, c_4)` of a line, sparse in
//!   `F_{p^12}` (arkworks' `G2HomProjective` steps, the same values). A
//!   point's 87 lines depend on `Q` only: [`prepare`] computes them once,
//!   and a [`crate::FixedG2`] keeps them.
//! * **Miller loop.** One accumulator for all pairs: 63 squarings, and per
//!   pair one sparse product by each line, the line's `c_0` scaled by `y_P`
//!   and `c_3` by `x_P`. The value equals arkworks' `multi_miller_loop`.
//! * **Final exponentiation.** The easy part `f^{(p^6 − 1)(p^2 + 1)}` (one
//!   inversion, conjugation, Frobenius maps), then the hard part of
//!   Fuentes-Castañeda, Knapp and Rodríguez-Henríquez ("Faster hashing to
//!   G2"), as arkworks: three exponentiations by `x`, a few products and
//!   Frobenius maps. It computes `f^{2x(6x^2 + 3x + 1)(p^12 − 1)/r}`, a
//!   fixed power of the reduced pairing, and so the same `G_T` element as
//!   arkworks. Each exponentiation by `x` follows an addition chain of 62
//!   Granger–Scott squarings and 17 products, where arkworks' signed
//!   binary form of `x` takes 23 products.
//!
//! On one core of a 2-vCPU AMD EPYC VM this takes BN254's pairing from
//! 1.4–1.8× gnark-crypto's time (arkworks') to about 1.1× (`docs/pairing.md`).

pub(crate) mod tower;

use crate::{cast, cast_owned, G2Arg};
use ark_bn254::{Bn254, Config, Fq, Fq12, Fq2, G1Affine, G2Affine};
use ark_ec::bn::{BnConfig, G2Prepared};
use ark_ec::pairing::{MillerLoopOutput, Pairing, PairingOutput};
use ark_ec::short_weierstrass::SWCurveConfig;
use ark_ec::AffineRepr;
use ark_ff::{CyclotomicMultSubgroup, Field, MontFp, One};
use ark_std::{borrow::Cow, vec::Vec};
use core::any::TypeId;
use tower::{
    add2, cyclotomic_square12, dbl2, mul12, mul12_by_034, mul2, mul2_by_fp, neg2, square12,
    square2, sub2, triple2,
};

/// The coefficients `(c_0, c_3, c_4)` of one line (arkworks' `EllCoeff`).
type Line = (Fq2, Fq2, Fq2);

/// `1/2` in `F_p`: `(p + 1)/2` (arkworks computes it with an inversion
/// for every point it prepares).
const TWO_INV: Fq =
    MontFp!("10944121435919637611123202872628637544348155578648911831344518947322613104292");

/// Whether `E` is arkworks' BN254.
pub(crate) fn is_bn254<E: Pairing>() -> bool {
    TypeId::of::<E>() == TypeId::of::<Bn254>()
}

/// `Q` during its Miller loop, in homogeneous projective coordinates.
struct Hom {
    x: Fq2,
    y: Fq2,
    z: Fq2,
}

impl Hom {
    /// `Q ← 2Q`, and the line of the tangent (arkworks'
    /// `G2HomProjective::double_in_place`, D twist).
    fn double(&mut self) -> Line {
        let a = mul2_by_fp(&mul2(&self.x, &self.y), &TWO_INV);
        let b = square2(&self.y);
        let c = square2(&self.z);
        let e = mul2(
            &<ark_bn254::g2::Config as SWCurveConfig>::COEFF_B,
            &triple2(&c),
        );
        let f = triple2(&e);
        let g = mul2_by_fp(&add2(&b, &f), &TWO_INV);
        let h = sub2(&square2(&add2(&self.y, &self.z)), &add2(&b, &c));
        let i = sub2(&e, &b);
        let j = square2(&self.x);
        let e_square = square2(&e);
        self.x = mul2(&a, &sub2(&b, &f));
        self.y = sub2(&square2(&g), &triple2(&e_square));
        self.z = mul2(&b, &h);
        (neg2(&h), triple2(&j), i)
    }

    /// `Q ← Q + R`, and the line through both (arkworks'
    /// `G2HomProjective::add_in_place`, D twist).
    fn add(&mut self, r: &G2Affine) -> Line {
        let theta = sub2(&self.y, &mul2(&r.y, &self.z));
        let lambda = sub2(&self.x, &mul2(&r.x, &self.z));
        let c = square2(&theta);
        let d = square2(&lambda);
        let e = mul2(&lambda, &d);
        let f = mul2(&self.z, &c);
        let g = mul2(&self.x, &d);
        let h = sub2(&add2(&e, &f), &dbl2(&g));
        self.x = mul2(&lambda, &h);
        self.y = sub2(&mul2(&theta, &sub2(&g, &h)), &mul2(&e, &self.y));
        self.z = mul2(&self.z, &e);
        let j = sub2(&mul2(&theta, &r.x), &mul2(&lambda, &r.y));
        (lambda, neg2(&theta), j)
    }
}

fn mul_by_char(q: &G2Affine) -> G2Affine {
    let mut s = *q;
    s.x.frobenius_map_in_place(1);
    s.x = mul2(&s.x, &Config::TWIST_MUL_BY_Q_X);
    s.y.frobenius_map_in_place(1);
    s.y = mul2(&s.y, &Config::TWIST_MUL_BY_Q_Y);
    s
}

/// The lines of `q`'s Miller loop, in the order the loop uses them: the
/// same coefficients as arkworks' `G2Prepared::from(q)` (none for the
/// identity).
pub fn prepare(q: &G2Affine) -> G2Prepared<Config> {
    if q.is_zero() {
        return G2Prepared {
            ell_coeffs: Vec::new(),
            infinity: true,
        };
    }
    let mut ell_coeffs = Vec::with_capacity(Config::ATE_LOOP_COUNT.len() + 24);
    let mut r = Hom {
        x: q.x,
        y: q.y,
        z: Fq2::one(),
    };
    let neg_q = -*q;
    for bit in Config::ATE_LOOP_COUNT.iter().rev().skip(1) {
        ell_coeffs.push(r.double());
        match bit {
            1 => ell_coeffs.push(r.add(q)),
            -1 => ell_coeffs.push(r.add(&neg_q)),
            _ => {}
        }
    }
    let q1 = mul_by_char(q);
    let mut q2 = mul_by_char(&q1);
    // x > 0 on BN254: no negation of `r`
    q2.y = -q2.y;
    ell_coeffs.push(r.add(&q1));
    ell_coeffs.push(r.add(&q2));
    G2Prepared {
        ell_coeffs,
        infinity: false,
    }
}

/// `f · ℓ(P)`: the line scaled by `P` and multiplied in (D twist).
#[inline]
fn ell(f: &Fq12, line: &Line, p: &G1Affine) -> Fq12 {
    let c0 = mul2_by_fp(&line.0, &p.y);
    let c3 = mul2_by_fp(&line.1, &p.x);
    mul12_by_034(f, &c0, &c3, &line.2)
}

/// The Miller loop value of `Π e(P_i, Q_i)` over the pairs `(P_i, lines of
/// Q_i)`; pairs with an identity point must be left out by the caller.
fn miller_loop_lines(pairs: &[(G1Affine, &[Line])]) -> Fq12 {
    let count = Config::ATE_LOOP_COUNT;
    let mut f = Fq12::one();
    let mut at = 0;
    let step = |f: &mut Fq12, at: &mut usize| {
        for (p, lines) in pairs {
            *f = ell(f, &lines[*at], p);
        }
        *at += 1;
    };
    for i in (1..count.len()).rev() {
        if i != count.len() - 1 {
            f = square12(&f);
        }
        step(&mut f, &mut at);
        if count[i - 1] != 0 {
            step(&mut f, &mut at);
        }
    }
    // x > 0 on BN254: no conjugation; then the lines through π(Q) and −π²(Q)
    step(&mut f, &mut at);
    step(&mut f, &mut at);
    f
}

/// The Miller loop value of `Π e(g1[i], g2[i])`: arkworks'
/// `Bn254::multi_miller_loop` value, bit for bit.
///
/// # Panics
/// If the slices differ in length.
#[track_caller]
pub fn multi_miller_loop(g1: &[G1Affine], g2: &[G2Affine]) -> MillerLoopOutput<Bn254> {
    // the generic entry picks this module's loop for BN254
    crate::multi_miller_loop::<Bn254>(g1, g2)
}

/// `f^{−x}` for `f` in the cyclotomic subgroup (arkworks' `exp_by_neg_x`;
/// `x > 0` on BN254, so `f^x` conjugated).
///
/// `f^x` by an addition chain for `x = 0x44e992b44a6909f1`: 62 cyclotomic
/// squarings and 17 products, where the signed binary form of `x` (weight
/// 24) takes 62 and 23. Writing `f_n` for `f^n`, with `n` in binary:
/// `f_10001 = f_1·f_10000`, `f_10011 = f_10·f_10001`, `f_10100 =
/// f_1·f_10011`, `f_11001 = f_1000·f_10001`, `f_100111 = f_10011·f_10100`,
/// `f_101001 = f_10·f_100111`, then
/// `x = ((((((100010·2^6 + 100 + 11001)·2^7 + 11001)·2^8 + 101001 + 10)·2^6
/// + 10001)·2^8 + 101001)·2^6 + 101001)·2^10 + 100111)·2^6 + 101001 + 1000`
/// (a test checks the chain against `x`).
fn exp_by_neg_x(f: &Fq12) -> Fq12 {
    let sq = |a: &Fq12, n: usize| (0..n).fold(*a, |a, _| cyclotomic_square12(&a));
    let f10 = cyclotomic_square12(f);
    let f100 = cyclotomic_square12(&f10);
    let f1000 = cyclotomic_square12(&f100);
    let f10000 = cyclotomic_square12(&f1000);
    let f10001 = mul12(f, &f10000);
    let f10011 = mul12(&f10, &f10001);
    let f10100 = mul12(f, &f10011);
    let f11001 = mul12(&f1000, &f10001);
    let f100010 = cyclotomic_square12(&f10001);
    let f100111 = mul12(&f10011, &f10100);
    let f101001 = mul12(&f10, &f100111);
    let mut t = mul12(&mul12(&sq(&f100010, 6), &f100), &f11001);
    t = mul12(&sq(&t, 7), &f11001);
    t = mul12(&mul12(&sq(&t, 8), &f101001), &f10);
    t = mul12(&sq(&t, 6), &f10001);
    t = mul12(&sq(&t, 8), &f101001);
    t = mul12(&sq(&t, 6), &f101001);
    t = mul12(&sq(&t, 10), &f100111);
    t = mul12(&mul12(&sq(&t, 6), &f101001), &f1000);
    t.cyclotomic_inverse_in_place();
    t
}

/// `f^{2x(6x^2 + 3x + 1)(p^12 − 1)/r}`: arkworks'
/// `Bn254::final_exponentiation` value, bit for bit; `None` for `f = 0`.
pub fn final_exponentiation(f: MillerLoopOutput<Bn254>) -> Option<PairingOutput<Bn254>> {
    let f = f.0;
    let inverse = f.inverse()?;
    // easy part: f^{(p^6 − 1)(p^2 + 1)}
    let mut f1 = f;
    f1.cyclotomic_inverse_in_place();
    let f2 = mul12(&f1, &inverse);
    let mut r = f2;
    r.frobenius_map_in_place(2);
    let mut r = mul12(&r, &f2);
    // hard part (Fuentes-Castañeda et al.), arkworks' chain
    let y0 = exp_by_neg_x(&r);
    let y1 = cyclotomic_square12(&y0);
    let y2 = cyclotomic_square12(&y1);
    let mut y3 = mul12(&y2, &y1);
    let y4 = exp_by_neg_x(&y3);
    let y5 = cyclotomic_square12(&y4);
    let mut y6 = exp_by_neg_x(&y5);
    y3.cyclotomic_inverse_in_place();
    y6.cyclotomic_inverse_in_place();
    let y7 = mul12(&y6, &y4);
    let mut y8 = mul12(&y7, &y3);
    let y9 = mul12(&y8, &y1);
    let y10 = mul12(&y8, &y4);
    let y11 = mul12(&y10, &r);
    let mut y12 = y9;
    y12.frobenius_map_in_place(1);
    let y13 = mul12(&y12, &y11);
    y8.frobenius_map_in_place(2);
    let y14 = mul12(&y8, &y13);
    r.cyclotomic_inverse_in_place();
    let mut y15 = mul12(&r, &y9);
    y15.frobenius_map_in_place(3);
    Some(PairingOutput(mul12(&y15, &y14)))
}

/// If `E` is BN254: `point`'s lines, computed with the products of this
/// module (for a [`crate::FixedG2`]). `None` for any other pairing.
pub(crate) fn prepared<E: Pairing>(point: &E::G2Affine) -> Option<E::G2Prepared> {
    is_bn254::<E>().then(|| cast_owned(prepare(cast::<G2Affine, _>(point))))
}

/// If `E` is BN254: the Miller loop value of the pairs (identities already
/// left out), with the lines of fixed points taken from their
/// [`crate::FixedG2`] and the others computed here. `None` for any other
/// pairing.
pub(crate) fn miller_loop<E: Pairing>(
    pairs: &[(E::G1Affine, &G2Arg<'_, E>)],
) -> Option<E::TargetField> {
    if !is_bn254::<E>() {
        return None;
    }
    let prepared: Vec<Cow<'_, G2Prepared<Config>>> = pairs
        .iter()
        .map(|(_, q)| match q {
            G2Arg::Point(q) => Cow::Owned(prepare(cast(q))),
            G2Arg::Fixed(f) => Cow::Borrowed(cast(&f.prepared)),
        })
        .collect();
    let lines: Vec<(G1Affine, &[Line])> = pairs
        .iter()
        .zip(&prepared)
        .map(|((p, _), q)| (*cast::<G1Affine, _>(p), q.ell_coeffs.as_slice()))
        .collect();
    Some(cast_owned(miller_loop_lines(&lines)))
}

/// If `E` is BN254: [`final_exponentiation`] of `f` (`Some(None)` for
/// `f = 0`). `None` for any other pairing.
pub(crate) fn final_exponentiation_of<E: Pairing>(
    f: &E::TargetField,
) -> Option<Option<PairingOutput<E>>> {
    is_bn254::<E>()
        .then(|| final_exponentiation(MillerLoopOutput(*cast::<Fq12, _>(f))).map(cast_owned))
}

#[cfg(test)]
mod tests {
    use super::*;
    use ark_ff::AdditiveGroup;

    #[test]
    fn two_inv_is_one_half() {
        assert_eq!(TWO_INV.double(), Fq::one());
    }

    /// The addition chain of [`exp_by_neg_x`] computes `x`: the same steps
    /// on integers.
    #[test]
    fn addition_chain_is_x() {
        let (f1, f10, f100, f1000) = (1u128, 2u128, 4, 8);
        let f10001 = f1 + 16;
        let f10011 = f10 + f10001;
        let f10100 = f1 + f10011;
        let f11001 = f1000 + f10001;
        let f100010 = 2 * f10001;
        let f100111 = f10011 + f10100;
        let f101001 = f10 + f100111;
        let mut t = (f100010 << 6) + f100 + f11001;
        t = (t << 7) + f11001;
        t = (t << 8) + f101001 + f10;
        t = (t << 6) + f10001;
        t = (t << 8) + f101001;
        t = (t << 6) + f101001;
        t = (t << 10) + f100111;
        t = (t << 6) + f101001 + f1000;
        assert_eq!(t, u128::from(Config::X[0]));
        assert_eq!(Config::X.len(), 1);
    }
}
