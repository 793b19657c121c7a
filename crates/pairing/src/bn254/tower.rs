//! BN254's tower with lazy-reduction `F_{p^2}` products.
//!
//! `F_{p^12} = F_{p^6}[w]/(w^2 − v)`, `F_{p^6} = F_{p^2}[v]/(v^3 − ξ)` with
//! `ξ = 9 + u`, `F_{p^2} = F_p[u]/(u^2 + 1)`: arkworks' tower, on arkworks'
//! types. Every `F_{p^2}` product and square here is
//! [`vidkit_mont::QuadModulus`]'s (three `4 × 4`-limb products and two
//! Montgomery reductions for a product, two and two for a square, where
//! arkworks' takes two sums of two Montgomery products), and every sum,
//! difference, doubling, negation and `ξ·a` is vidkit-mont's, which does
//! not branch on the values: arkworks' sums branch on a comparison with
//! `p` that random values send either way about as often, and those
//! mispredictions took about a third of the pairing's time on new inputs
//! (598–607 µs against 413 µs with these sums; docs/pairing.md). Frobenius
//! maps and inverses stay arkworks'. The formulas are the usual
//! ones (Karatsuba in `F_{p^6}` and `F_{p^12}`, the complex method for an `F_{p^12}` square, Granger–Scott's
//! square in the cyclotomic subgroup), so every function computes the same
//! field element as arkworks' operation of the same name: a field element
//! has one canonical form, and the tests compare them limb for limb.

use ark_bn254::{Fq, Fq12, Fq2, Fq6};
use ark_ff::{BigInt, PrimeField};
use vidkit_mont::{Fp2Limbs, Modulus, QuadModulus};

/// BN254's `F_{p^2}` for vidkit-mont (two spare bits: `4p < 2^256`,
/// checked when the constant is built).
const P2: QuadModulus<4> = QuadModulus::new(Modulus::new(<Fq as PrimeField>::MODULUS.0));

#[inline(always)]
fn limbs(a: &Fq2) -> Fp2Limbs<4> {
    [a.c0.0 .0, a.c1.0 .0]
}

#[inline(always)]
fn from_limbs(l: Fp2Limbs<4>) -> Fq2 {
    // QuadModulus returns canonical Montgomery limbs (below p)
    Fq2::new(
        Fq::new_unchecked(BigInt(l[0])),
        Fq::new_unchecked(BigInt(l[1])),
    )
}

/// `a·b` in `F_{p^2}`.
#[inline]
pub(crate) fn mul2(a: &Fq2, b: &Fq2) -> Fq2 {
    from_limbs(P2.mul(&limbs(a), &limbs(b)))
}

/// `a^2` in `F_{p^2}`.
#[inline]
pub(crate) fn square2(a: &Fq2) -> Fq2 {
    from_limbs(P2.square(&limbs(a)))
}

/// `a + b` in `F_{p^2}`, without branches on the values (as the other
/// sums here: vidkit-mont's `sums`).
#[inline(always)]
pub(crate) fn add2(a: &Fq2, b: &Fq2) -> Fq2 {
    from_limbs(P2.add(&limbs(a), &limbs(b)))
}

/// `a − b` in `F_{p^2}`.
#[inline(always)]
pub(crate) fn sub2(a: &Fq2, b: &Fq2) -> Fq2 {
    from_limbs(P2.sub(&limbs(a), &limbs(b)))
}

/// `2a` in `F_{p^2}`.
#[inline(always)]
pub(crate) fn dbl2(a: &Fq2) -> Fq2 {
    from_limbs(P2.double(&limbs(a)))
}

/// `3a` in `F_{p^2}`.
#[inline(always)]
pub(crate) fn triple2(a: &Fq2) -> Fq2 {
    add2(&dbl2(a), a)
}

/// `−a` in `F_{p^2}`.
#[inline(always)]
pub(crate) fn neg2(a: &Fq2) -> Fq2 {
    from_limbs(P2.neg(&limbs(a)))
}

/// `a·c` for `c ∈ F_p`: two Montgomery products, in assembly where the CPU
/// has BMI2 and ADX.
#[inline(always)]
pub(crate) fn mul2_by_fp(a: &Fq2, c: &Fq) -> Fq2 {
    let p = P2.modulus();
    match (p.mul(&a.c0.0 .0, &c.0 .0), p.mul(&a.c1.0 .0, &c.0 .0)) {
        (Some(c0), Some(c1)) => from_limbs([c0, c1]),
        _ => {
            let mut r = *a;
            r.mul_assign_by_fp(c);
            r
        }
    }
}

/// `ξ·a = (9a_0 − a_1) + (9a_1 + a_0)·u` (sums only).
#[inline(always)]
fn xi(a: &Fq2) -> Fq2 {
    let p = P2.modulus();
    let [a0, a1] = limbs(a);
    from_limbs([p.sub(&nine(&a0), &a1), p.add(&nine(&a1), &a0)])
}

/// `9x mod p`.
#[inline(always)]
fn nine(x: &[u64; 4]) -> [u64; 4] {
    let p = P2.modulus();
    p.add(&p.double(&p.double(&p.double(x))), x)
}

#[inline(always)]
fn add6(a: &Fq6, b: &Fq6) -> Fq6 {
    Fq6::new(add2(&a.c0, &b.c0), add2(&a.c1, &b.c1), add2(&a.c2, &b.c2))
}

#[inline(always)]
fn sub6(a: &Fq6, b: &Fq6) -> Fq6 {
    Fq6::new(sub2(&a.c0, &b.c0), sub2(&a.c1, &b.c1), sub2(&a.c2, &b.c2))
}

#[inline(always)]
fn dbl6(a: &Fq6) -> Fq6 {
    Fq6::new(dbl2(&a.c0), dbl2(&a.c1), dbl2(&a.c2))
}

/// `a − b − c` in `F_{p^2}`.
#[inline(always)]
fn sub2_2(a: &Fq2, b: &Fq2, c: &Fq2) -> Fq2 {
    sub2(&sub2(a, b), c)
}

/// `a·b` in `F_{p^6}` (Karatsuba: six `F_{p^2}` products).
pub(crate) fn mul6(a: &Fq6, b: &Fq6) -> Fq6 {
    let aa = mul2(&a.c0, &b.c0);
    let bb = mul2(&a.c1, &b.c1);
    let cc = mul2(&a.c2, &b.c2);
    let t1 = sub2_2(&mul2(&add2(&a.c1, &a.c2), &add2(&b.c1, &b.c2)), &bb, &cc);
    let t2 = sub2_2(&mul2(&add2(&a.c0, &a.c1), &add2(&b.c0, &b.c1)), &aa, &bb);
    let t3 = sub2_2(&mul2(&add2(&a.c0, &a.c2), &add2(&b.c0, &b.c2)), &aa, &cc);
    Fq6::new(add2(&xi(&t1), &aa), add2(&t2, &xi(&cc)), add2(&t3, &bb))
}

/// `a·c` for `c ∈ F_{p^2}` (three products).
#[inline]
fn mul6_by_fp2(a: &Fq6, c: &Fq2) -> Fq6 {
    Fq6::new(mul2(&a.c0, c), mul2(&a.c1, c), mul2(&a.c2, c))
}

/// `a·(c_0 + c_1 v)` (five products).
fn mul6_by_01(a: &Fq6, c0: &Fq2, c1: &Fq2) -> Fq6 {
    let aa = mul2(&a.c0, c0);
    let bb = mul2(&a.c1, c1);
    let r0 = add2(&xi(&mul2(&a.c2, c1)), &aa);
    let r1 = sub2_2(&mul2(&add2(&a.c0, &a.c1), &add2(c0, c1)), &aa, &bb);
    let r2 = add2(&mul2(&a.c2, c0), &bb);
    Fq6::new(r0, r1, r2)
}

/// `a·v` in `F_{p^6}`.
#[inline(always)]
fn mul6_by_v(a: &Fq6) -> Fq6 {
    Fq6::new(xi(&a.c2), a.c0, a.c1)
}

/// `a·b` in `F_{p^12}` (Karatsuba: three `F_{p^6}` products).
pub(crate) fn mul12(a: &Fq12, b: &Fq12) -> Fq12 {
    let aa = mul6(&a.c0, &b.c0);
    let bb = mul6(&a.c1, &b.c1);
    let c1 = sub6(
        &sub6(&mul6(&add6(&a.c0, &a.c1), &add6(&b.c0, &b.c1)), &aa),
        &bb,
    );
    Fq12::new(add6(&aa, &mul6_by_v(&bb)), c1)
}

/// `a^2` in `F_{p^12}` (complex method: two `F_{p^6}` products).
pub(crate) fn square12(a: &Fq12) -> Fq12 {
    let ab = mul6(&a.c0, &a.c1);
    let t = mul6(&add6(&a.c0, &a.c1), &add6(&a.c0, &mul6_by_v(&a.c1)));
    Fq12::new(sub6(&sub6(&t, &ab), &mul6_by_v(&ab)), dbl6(&ab))
}

/// `a·(c_0 + (c_3 + c_4 v) w)`: a line of the Miller loop, sparse in
/// `F_{p^12}` (thirteen products where a full product takes eighteen).
pub(crate) fn mul12_by_034(a: &Fq12, c0: &Fq2, c3: &Fq2, c4: &Fq2) -> Fq12 {
    let x = mul6_by_fp2(&a.c0, c0);
    let y = mul6_by_01(&a.c1, c3, c4);
    let e = mul6_by_01(&add6(&a.c0, &a.c1), &add2(c0, c3), c4);
    Fq12::new(add6(&x, &mul6_by_v(&y)), sub6(&sub6(&e, &x), &y))
}

/// `a^2` for `a` in the cyclotomic subgroup of `F_{p^12}` (Granger–Scott:
/// three squares in `F_{p^4} = F_{p^2}[s]/(s^2 − ξ)`, two products each).
pub(crate) fn cyclotomic_square12(a: &Fq12) -> Fq12 {
    // `F_{p^4}` square of `x + y·s`: `(x^2 + ξ y^2, 2xy)`, with
    // `x^2 + ξ y^2 = (x + y)(x + ξ y) − xy − ξ xy`
    let fp4_square = |x: &Fq2, y: &Fq2| {
        let xy = mul2(x, y);
        let t0 = sub2_2(&mul2(&add2(x, y), &add2(&xi(y), x)), &xy, &xi(&xy));
        (t0, dbl2(&xy))
    };
    let (r0, r4, r3) = (&a.c0.c0, &a.c0.c1, &a.c0.c2);
    let (r2, r1, r5) = (&a.c1.c0, &a.c1.c1, &a.c1.c2);
    let (t0, t1) = fp4_square(r0, r1);
    let (t2, t3) = fp4_square(r2, r3);
    let (t4, t5) = fp4_square(r4, r5);
    // z0 = 3 t0 − 2 r0, z1 = 3 t1 + 2 r1, and likewise
    let minus = |t: Fq2, r: &Fq2| add2(&dbl2(&sub2(&t, r)), &t);
    let plus = |t: Fq2, r: &Fq2| add2(&dbl2(&add2(&t, r)), &t);
    let xt5 = xi(&t5);
    Fq12::new(
        Fq6::new(minus(t0, r0), minus(t2, r4), minus(t4, r3)),
        Fq6::new(plus(xt5, r2), plus(t1, r1), plus(t3, r5)),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use ark_ff::{CyclotomicMultSubgroup, Field, One, UniformRand, Zero};
    use ark_std::rand::SeedableRng;
    use rand_chacha::ChaCha20Rng;

    /// `F_{p^2}` values with extreme limbs: 0, 1, −1 (largest canonical
    /// value) in each coefficient.
    fn edge2() -> Vec<Fq2> {
        let c = [Fq::zero(), Fq::one(), -Fq::one()];
        c.iter()
            .flat_map(|&a| c.iter().map(move |&b| Fq2::new(a, b)))
            .collect()
    }

    fn random12(rng: &mut ChaCha20Rng) -> Fq12 {
        Fq12::rand(rng)
    }

    /// An `F_{p^12}` element with every `F_{p^2}` coefficient taken from
    /// the edge values.
    fn edge12(i: usize) -> Fq12 {
        let e = edge2();
        let c = |k: usize| e[(i * 7 + k * 5) % e.len()];
        Fq12::new(Fq6::new(c(0), c(1), c(2)), Fq6::new(c(3), c(4), c(5)))
    }

    #[test]
    fn fp2_products_equal_arkworks() {
        let mut rng = ChaCha20Rng::seed_from_u64(1);
        let mut values = edge2();
        values.extend((0..20).map(|_| Fq2::rand(&mut rng)));
        for a in &values {
            assert_eq!(square2(a), a.square(), "{a}");
            for b in &values {
                assert_eq!(mul2(a, b), *a * b, "{a} · {b}");
            }
        }
    }

    #[test]
    fn fp2_sums_equal_arkworks() {
        use ark_bn254::Fq6Config;
        use ark_ff::{fields::fp6_3over2::Fp6Config, AdditiveGroup};
        let mut rng = ChaCha20Rng::seed_from_u64(4);
        let mut values = edge2();
        values.extend((0..20).map(|_| Fq2::rand(&mut rng)));
        let scalars = [Fq::zero(), Fq::one(), -Fq::one(), Fq::rand(&mut rng)];
        for a in &values {
            assert_eq!(xi(a), Fq6Config::mul_fp2_by_nonresidue(*a), "ξ·{a}");
            assert_eq!(neg2(a), -*a);
            assert_eq!(dbl2(a), a.double());
            assert_eq!(triple2(a), a.double() + a);
            for c in &scalars {
                let mut want = *a;
                want.mul_assign_by_fp(c);
                assert_eq!(mul2_by_fp(a, c), want, "{a} · {c}");
            }
            for b in &values {
                assert_eq!(add2(a, b), *a + b);
                assert_eq!(sub2(a, b), *a - b);
            }
        }
    }

    #[test]
    fn fp6_and_fp12_products_equal_arkworks() {
        let mut rng = ChaCha20Rng::seed_from_u64(2);
        let values: Vec<Fq12> = (0..9)
            .map(edge12)
            .chain((0..12).map(|_| random12(&mut rng)))
            .collect();
        for a in &values {
            assert_eq!(square12(a), a.square(), "square of {a}");
            for b in &values {
                assert_eq!(mul6(&a.c0, &b.c1), a.c0 * b.c1);
                assert_eq!(mul12(a, b), *a * b);
            }
            let (c0, c3, c4) = (
                Fq2::rand(&mut rng),
                Fq2::rand(&mut rng),
                Fq2::rand(&mut rng),
            );
            let mut want = *a;
            want.mul_by_034(&c0, &c3, &c4);
            assert_eq!(
                mul12_by_034(a, &c0, &c3, &c4),
                want,
                "sparse product of {a}"
            );
            for (c0, c3, c4) in [
                (Fq2::zero(), c3, c4),
                (c0, Fq2::zero(), Fq2::zero()),
                (-Fq2::one(), -Fq2::one(), -Fq2::one()),
            ] {
                let mut want = *a;
                want.mul_by_034(&c0, &c3, &c4);
                assert_eq!(mul12_by_034(a, &c0, &c3, &c4), want);
            }
        }
    }

    #[test]
    fn cyclotomic_squares_equal_arkworks() {
        let mut rng = ChaCha20Rng::seed_from_u64(3);
        for i in 0..12 {
            // f^{(p^6 − 1)(p^2 + 1)} lies in the cyclotomic subgroup
            let f = if i == 0 {
                Fq12::one()
            } else {
                random12(&mut rng)
            };
            let g = f.cyclotomic_inverse().expect("≠ 0") * f.inverse().expect("≠ 0");
            let mut h = g;
            h.frobenius_map_in_place(2);
            let g = h * g;
            assert_eq!(cyclotomic_square12(&g), g.cyclotomic_square(), "{g}");
            assert_eq!(cyclotomic_square12(&g), g.square());
        }
    }
}
