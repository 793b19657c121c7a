//! Products and squares in `F_{p^2} = F_p[u]/(u^2 + 1)` with lazy reduction.
//!
//! An element `a = a_0 + a_1·u` is two Montgomery residues (`a_i·R mod p`,
//! `R = 2^{64N}`, arkworks' and blst's representation, `c0` then `c1`).
//! arkworks multiplies two of them with two sums of two `F_p` products
//! (`c_0 = a_0 b_0 − a_1 b_1`, `c_1 = a_0 b_1 + a_1 b_0`), each reduced once.
//! Here the three double-width integer products of Karatsuba,
//!
//! ```text
//! t_0 = a_0·b_0,   t_1 = a_1·b_1,   t_2 = (a_0 + a_1)·(b_0 + b_1)
//! c_0 = REDC(t_0 − t_1),            c_1 = REDC(t_2 − t_0 − t_1)
//! ```
//!
//! are combined as integers of `2N` limbs and reduced once per coefficient
//! (Montgomery's REDC, `x ↦ x·R^{−1} mod p`): three `N × N` products and
//! two reductions, where two sums of products take four products' worth of
//! limb products and two reductions, and three Montgomery products three of
//! each. A square is `c_0 = REDC((a_0 + a_1)·(a_0 − a_1 + p))`,
//! `c_1 = REDC(2a_0·a_1)`: two products, two reductions.
//!
//! **Bounds.** REDC of `x < p·R` is below `2p`, and one conditional
//! subtraction makes it canonical. With `a_i, b_i < p` and `4p < R` (two
//! spare bits, checked by [`QuadModulus::new`]): the sums `a_0 + a_1` stay
//! below `2p < R` (no carry out of `N` limbs); `t_2 − t_0 − t_1 =
//! a_0 b_1 + a_1 b_0 < 2p^2 < p·R`; `t_0 − t_1` lies in `(−p^2, p^2)`,
//! and where it is negative `p·R` is added (`p` to its upper half), which
//! leaves it in `(p·R − p^2, p·R)`; in the square
//! `(a_0 + a_1)(a_0 − a_1 + p) < 4p^2 < p·R` and `2a_0·a_1 < 2p^2`. Every input to REDC is
//! therefore below `p·R`, and the results are the canonical residues,
//! equal limb for limb to arkworks' (tests).
//!
//! **Why hand-written.** arkworks' `QuadExtField` multiplies through
//! `Fp::sum_of_products`, which a curve crate's configuration fixes; there
//! is no hook for a different `F_{p^2}` product. This code is portable Rust
//! (`u128` products), so it runs on every target; on one core of a 2-vCPU
//! AMD EPYC VM a chain of dependent BN254 products takes about 0.77× the
//! time of arkworks' (docs/msm.md). LLVM turns its limb products into `MUL`
//! and one `ADC` chain per row, with partial products spilled to the stack
//! (about 900 instructions for one BN254 product); for four limbs, where
//! [`crate::available`] finds BMI2 and ADX, the double-width products and
//! the reductions run module `wide4`'s assembly instead (two carry chains,
//! every limb in a register): BN254's pairing in vidkit-pairing went from
//! 1.20–1.21× to 1.13–1.14× gnark-crypto's time with it, and its G2 MSMs from
//! 0.94–1.24× to 0.84–1.10× (docs/pairing.md).

use crate::sums::{adc, sbb};
use crate::Modulus;

/// An element of `F_{p^2}`: the Montgomery limbs of `c_0` and `c_1`.
pub type Fp2Limbs<const N: usize> = [[u64; N]; 2];

/// A double-width integer: `2N ≤ 12` limbs, least significant first (the
/// limbs from `2N` on stay zero).
type Wide = [u64; 12];

/// `F_p[u]/(u^2 + 1)` over a [`Modulus`] with two spare bits (`4p < R`),
/// the base fields of BN254 (4 limbs), BLS24-317 (5) and BLS12-381 (6).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct QuadModulus<const N: usize> {
    p: Modulus<N>,
}

impl<const N: usize> QuadModulus<N> {
    /// The extension over `p`.
    ///
    /// # Panics
    ///
    /// Unless `4p < 2^{64N}` (at compile time in a `const`).
    pub const fn new(p: Modulus<N>) -> Self {
        assert!(
            p.limbs()[N - 1] < 1 << 62,
            "the modulus must be below 2^(64N − 2)"
        );
        Self { p }
    }

    /// The base field's modulus.
    pub const fn modulus(&self) -> &Modulus<N> {
        &self.p
    }

    /// Whether the products take the four-limb assembly of module `wide4`
    /// (four limbs, and BMI2 and ADX on the running CPU).
    #[inline(always)]
    fn asm() -> bool {
        N == 4 && crate::available()
    }

    /// `a·b` for coefficients below `p` (Montgomery form in and out).
    #[inline(always)]
    pub fn mul(&self, a: &Fp2Limbs<N>, b: &Fp2Limbs<N>) -> Fp2Limbs<N> {
        if Self::asm() {
            self.mul_with::<true>(a, b)
        } else {
            self.mul_with::<false>(a, b)
        }
    }

    #[inline(always)]
    fn mul_with<const ASM: bool>(&self, a: &Fp2Limbs<N>, b: &Fp2Limbs<N>) -> Fp2Limbs<N> {
        let [real, cross] = product::<N, ASM>(a, b);
        [
            self.redc_signed::<ASM>(&real),
            self.redc_signed::<ASM>(&cross),
        ]
    }

    /// `a^2` for coefficients below `p` (Montgomery form in and out).
    #[inline(always)]
    pub fn square(&self, a: &Fp2Limbs<N>) -> Fp2Limbs<N> {
        if Self::asm() {
            self.square_with::<true>(a)
        } else {
            self.square_with::<false>(a)
        }
    }

    #[inline(always)]
    fn square_with<const ASM: bool>(&self, a: &Fp2Limbs<N>) -> Fp2Limbs<N> {
        let sum = add(&a[0], &a[1]);
        // a0 − a1 + p, in [1, 2p): below R
        let diff = sub(&add(&a[0], self.p.limbs()), &a[1]);
        let real = wide::<N, ASM>(&sum, &diff);
        let cross = wide::<N, ASM>(&add(&a[0], &a[0]), &a[1]);
        [self.redc::<ASM>(&real), self.redc::<ASM>(&cross)]
    }

    /// `x·R^{−1} mod p`, canonical, for a `2N`-limb two's complement `x`
    /// with `|x| < p·R`: where `x` is negative `p·R` is added first (`p`
    /// to its upper half, the carry out dropped), which leaves it in
    /// `[0, p·R)`, then Montgomery's reduction.
    #[inline(always)]
    fn redc_signed<const ASM: bool>(&self, x: &Wide) -> [u64; N] {
        let mut x = *x;
        // the sign as a mask, not a branch: it is either way about as often
        let negative = 0u64.wrapping_sub(x[2 * N - 1] >> 63);
        let p: [u64; N] = core::array::from_fn(|i| self.p.limbs()[i] & negative);
        add_high::<N>(&mut x, &p);
        self.redc::<ASM>(&x)
    }

    /// Montgomery's reduction of `0 ≤ x < p·R`: `x·R^{−1} mod p`, canonical.
    #[inline(always)]
    fn redc<const ASM: bool>(&self, x: &Wide) -> [u64; N] {
        #[cfg(all(feature = "std", target_arch = "x86_64"))]
        if ASM {
            let x8: &[u64; 8] = x[..8].try_into().expect("12 ≥ 8 limbs");
            // the modulus's limbs, then −p^{−1} (`Modulus` is `repr(C)`)
            let m = (&self.p as *const Modulus<N>).cast::<u64>();
            // SAFETY: `available` found BMI2 and ADX; `m` points to the
            // borrowed `Modulus<4>` (four limbs and its inverse); `x < p·R`
            let r = unsafe { crate::wide4::redc(x8, m) };
            return core::array::from_fn(|i| r[i]);
        }
        let p = self.p.limbs();
        let mut x = *x;
        // the carry out of limb i + N of round i, added in round i + 1
        let mut pending = 0u64;
        for i in 0..N {
            let m = x[i].wrapping_mul(self.p.inv());
            let mut carry = 0u64;
            for j in 0..N {
                x[i + j] = mac(m, p[j], x[i + j], &mut carry);
            }
            let (s, c1) = x[i + N].overflowing_add(carry);
            let (s, c2) = s.overflowing_add(pending);
            x[i + N] = s;
            pending = (c1 | c2) as u64;
        }
        // x < p·R, so (x + M·p)/R < 2p < R: nothing is pending here
        let r: [u64; N] = core::array::from_fn(|i| x[N + i]);
        let mut borrow = false;
        let s: [u64; N] = core::array::from_fn(|i| sbb(r[i], p[i], &mut borrow));
        // r < p: keep r (a mask, not a branch on the value)
        let keep = 0u64.wrapping_sub(borrow as u64);
        core::array::from_fn(|i| (r[i] & keep) | (s[i] & !keep))
    }
}

/// The two coefficients of `a·b` before reduction, as `2N`-limb two's
/// complement integers: `a_0 b_0 − a_1 b_1` and `a_0 b_1 + a_1 b_0` by
/// Karatsuba. For coefficients below `B` with `2B < R` (no carry out of the
/// sums) they lie in `(−B^2, B^2)` and `[0, 2B^2)`.
#[inline(always)]
fn product<const N: usize, const ASM: bool>(a: &Fp2Limbs<N>, b: &Fp2Limbs<N>) -> [Wide; 2] {
    let t0 = wide::<N, ASM>(&a[0], &b[0]);
    let t1 = wide::<N, ASM>(&a[1], &b[1]);
    let t2 = wide::<N, ASM>(&add(&a[0], &a[1]), &add(&b[0], &b[1]));
    [
        sub_wide::<N>(&t0, &t1),
        sub_wide::<N>(&sub_wide::<N>(&t2, &t0), &t1),
    ]
}

/// `a·b + c + carry`, low half returned, high half into `carry`.
#[inline(always)]
fn mac(a: u64, b: u64, c: u64, carry: &mut u64) -> u64 {
    let t = (a as u128) * (b as u128) + (c as u128) + (*carry as u128);
    *carry = (t >> 64) as u64;
    t as u64
}

/// `a + b` as integers; the callers keep it below `R`.
#[inline(always)]
fn add<const N: usize>(a: &[u64; N], b: &[u64; N]) -> [u64; N] {
    let mut carry = false;
    core::array::from_fn(|i| adc(a[i], b[i], &mut carry))
}

/// `a − b` as integers; the callers keep `a ≥ b`.
#[inline(always)]
fn sub<const N: usize>(a: &[u64; N], b: &[u64; N]) -> [u64; N] {
    let mut borrow = false;
    core::array::from_fn(|i| sbb(a[i], b[i], &mut borrow))
}

/// The `2N`-limb product `a·b`.
#[inline(always)]
fn wide<const N: usize, const ASM: bool>(a: &[u64; N], b: &[u64; N]) -> Wide {
    let mut r = [0u64; 12];
    #[cfg(all(feature = "std", target_arch = "x86_64"))]
    if ASM {
        let a4: &[u64; 4] = a[..].try_into().expect("N = 4");
        let b4: &[u64; 4] = b[..].try_into().expect("N = 4");
        // SAFETY: `available` found BMI2 and ADX
        let t = unsafe { crate::wide4::wide(a4, b4) };
        r[..8].copy_from_slice(&t);
        return r;
    }
    for i in 0..N {
        let mut carry = 0;
        for j in 0..N {
            r[i + j] = mac(a[i], b[j], r[i + j], &mut carry);
        }
        r[i + N] = carry;
    }
    r
}

/// `a − b` over `2N` limbs, wrapping (two's complement).
#[inline(always)]
fn sub_wide<const N: usize>(a: &Wide, b: &Wide) -> Wide {
    let mut borrow = false;
    let mut r = [0u64; 12];
    for i in 0..2 * N {
        r[i] = sbb(a[i], b[i], &mut borrow);
    }
    r
}

/// `a + b` over `2N` limbs, wrapping (two's complement).
#[inline(always)]
fn add_wide<const N: usize>(a: &Wide, b: &Wide) -> Wide {
    let mut carry = false;
    let mut r = [0u64; 12];
    for i in 0..2 * N {
        r[i] = adc(a[i], b[i], &mut carry);
    }
    r
}

/// `x += p·R` over `2N` limbs, the carry out dropped.
#[inline(always)]
fn add_high<const N: usize>(x: &mut Wide, p: &[u64; N]) {
    let mut carry = false;
    for i in 0..N {
        x[N + i] = adc(x[N + i], p[i], &mut carry);
    }
}

/// An element of `F_{p^4}`: the [`Fp2Limbs`] of `c_0` and `c_1`.
pub type Fp4Limbs<const N: usize> = [Fp2Limbs<N>; 2];

/// `F_{p^4} = F_{p^2}[v]/(v^2 − (1 + u))` over [`QuadModulus`], with three
/// spare bits (`8p < R`): BLS24-317's `F_{q^4}`, the field of its G2.
///
/// `a·b = (A_0 B_0 + (1 + u) A_1 B_1) + ((A_0 + A_1)(B_0 + B_1) − A_0 B_0 −
/// A_1 B_1)·v` takes three `F_{p^2}` products, each three integer products
/// by Karatsuba: nine `N × N` products, combined before reduction, and four
/// reductions, where four sums of four `F_p` products take sixteen
/// products' worth of limb products and four reductions. Bounds: with
/// coefficients below `p`, `A_0 + A_1` has coefficients below `2p` and
/// their sums stay below `4p < R`; the unreduced coefficients of `A_0 B_0`
/// and `A_1 B_1` lie in `(−p^2, 2p^2)`, those of the middle product in
/// `(−4p^2, 8p^2)`, and each of the four combinations in `(−8p^2, 8p^2)`,
/// within `|x| < p·R` since `8p < R`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct QuarticModulus<const N: usize> {
    p2: QuadModulus<N>,
}

impl<const N: usize> QuarticModulus<N> {
    /// The extension over `p`.
    ///
    /// # Panics
    ///
    /// Unless `8p < 2^{64N}` (at compile time in a `const`).
    pub const fn new(p: Modulus<N>) -> Self {
        assert!(
            p.limbs()[N - 1] < 1 << 61,
            "the modulus must be below 2^(64N − 3)"
        );
        Self {
            p2: QuadModulus::new(p),
        }
    }

    /// `a·b` for coefficients below `p` (Montgomery form in and out).
    #[inline(always)]
    pub fn mul(&self, a: &Fp4Limbs<N>, b: &Fp4Limbs<N>) -> Fp4Limbs<N> {
        let [r0, i0] = product::<N, false>(&a[0], &b[0]);
        let [r1, i1] = product::<N, false>(&a[1], &b[1]);
        let sum = |x: &Fp4Limbs<N>| [add(&x[0][0], &x[1][0]), add(&x[0][1], &x[1][1])];
        let [rs, is] = product::<N, false>(&sum(a), &sum(b));
        // (1 + u)(r1 + i1 u) = (r1 − i1) + (r1 + i1) u
        let c00 = sub_wide::<N>(&add_wide::<N>(&r0, &r1), &i1);
        let c01 = add_wide::<N>(&add_wide::<N>(&i0, &r1), &i1);
        let c10 = sub_wide::<N>(&sub_wide::<N>(&rs, &r0), &r1);
        let c11 = sub_wide::<N>(&sub_wide::<N>(&is, &i0), &i1);
        self.reduce([[c00, c01], [c10, c11]])
    }

    /// `a^2` for coefficients below `p` (Montgomery form in and out):
    /// `(A_0^2 + (1 + u) A_1^2) + 2 A_0 A_1·v`, seven `N × N` products and
    /// four reductions. The squares' coefficients before reduction,
    /// `(x_0 + x_1)(x_0 − x_1 + p)` and `2x_0·x_1`, lie in `[0, 4p^2)` and
    /// `[0, 2p^2)`; `2A_0·A_1` (coefficients of `2A_0` below `2p`) in
    /// `(−2p^2, 2p^2)` and `[0, 8p^2)`; the combinations in `(−2p^2, 8p^2)`.
    #[inline(always)]
    pub fn square(&self, a: &Fp4Limbs<N>) -> Fp4Limbs<N> {
        let p = self.p2.p.limbs();
        let r0 = wide::<N, false>(&add(&a[0][0], &a[0][1]), &sub(&add(&a[0][0], p), &a[0][1]));
        let i0 = wide::<N, false>(&add(&a[0][0], &a[0][0]), &a[0][1]);
        let r1 = wide::<N, false>(&add(&a[1][0], &a[1][1]), &sub(&add(&a[1][0], p), &a[1][1]));
        let i1 = wide::<N, false>(&add(&a[1][0], &a[1][0]), &a[1][1]);
        let twice = [add(&a[0][0], &a[0][0]), add(&a[0][1], &a[0][1])];
        let [c10, c11] = product::<N, false>(&twice, &a[1]);
        let c00 = sub_wide::<N>(&add_wide::<N>(&r0, &r1), &i1);
        let c01 = add_wide::<N>(&add_wide::<N>(&i0, &r1), &i1);
        self.reduce([[c00, c01], [c10, c11]])
    }

    /// The four coefficients, each `|x| < p·R`, reduced.
    #[inline(always)]
    fn reduce(&self, c: [[Wide; 2]; 2]) -> Fp4Limbs<N> {
        let q = &self.p2;
        [
            [
                q.redc_signed::<false>(&c[0][0]),
                q.redc_signed::<false>(&c[0][1]),
            ],
            [
                q.redc_signed::<false>(&c[1][0]),
                q.redc_signed::<false>(&c[1][1]),
            ],
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ark_ff::{BigInt, Field, PrimeField, UniformRand};
    use num_bigint::BigUint;
    use proptest::prelude::*;
    use rand_chacha::{rand_core::SeedableRng, ChaCha8Rng};

    /// An element of `F_{p^2}` as two residues in plain form (not
    /// Montgomery), for the num-bigint reference.
    type Plain = [BigUint; 2];

    struct Reference {
        p: BigUint,
        r: BigUint,
        r_inv: BigUint,
    }

    impl Reference {
        fn new<const N: usize>(m: &Modulus<N>) -> Self {
            let p = big(m.limbs());
            let r = (BigUint::from(1u8) << (64 * N)) % &p;
            let r_inv = r.modinv(&p).expect("p is odd");
            Self { p, r, r_inv }
        }

        /// Montgomery limbs to plain residues.
        fn plain<const N: usize>(&self, a: &Fp2Limbs<N>) -> Plain {
            a.each_ref().map(|x| big(x) * &self.r_inv % &self.p)
        }

        fn mul(&self, a: &Plain, b: &Plain) -> Plain {
            let p = &self.p;
            [
                (&a[0] * &b[0] + p * p - &a[1] * &b[1] % p) % p,
                (&a[0] * &b[1] + &a[1] * &b[0]) % p,
            ]
        }

        fn add(&self, a: &Plain, b: &Plain) -> Plain {
            [(&a[0] + &b[0]) % &self.p, (&a[1] + &b[1]) % &self.p]
        }

        /// `(1 + u)·a`.
        fn mul_by_nonresidue(&self, a: &Plain) -> Plain {
            let p = &self.p;
            [(&a[0] + p - &a[1]) % p, (&a[0] + &a[1]) % p]
        }

        /// The product in `F_{p^2}[v]/(v^2 − (1 + u))` (schoolbook).
        fn mul4(&self, a: &[Plain; 2], b: &[Plain; 2]) -> [Plain; 2] {
            let c0 = self.add(
                &self.mul(&a[0], &b[0]),
                &self.mul_by_nonresidue(&self.mul(&a[1], &b[1])),
            );
            let c1 = self.add(&self.mul(&a[0], &b[1]), &self.mul(&a[1], &b[0]));
            [c0, c1]
        }

        /// Plain residues back to Montgomery limbs.
        fn limbs<const N: usize>(&self, a: &Plain) -> Fp2Limbs<N> {
            a.each_ref().map(|x| limbs(&(x * &self.r % &self.p)))
        }
    }

    fn big<const N: usize>(l: &[u64; N]) -> BigUint {
        BigUint::from_slice(
            &l.iter()
                .flat_map(|x| [*x as u32, (*x >> 32) as u32])
                .collect::<Vec<_>>(),
        )
    }

    fn limbs<const N: usize>(x: &BigUint) -> [u64; N] {
        let mut l = [0u64; N];
        for (o, v) in l.iter_mut().zip(x.to_u64_digits()) {
            *o = v;
        }
        l
    }

    /// Residues (as Montgomery limbs) from the edges of `[0, p)` and
    /// random ones.
    fn values<const N: usize>(m: &Modulus<N>, seed: u64, random: usize) -> Vec<[u64; N]> {
        let p = big(m.limbs());
        let mut out: Vec<[u64; N]> = [0u8, 1, 2]
            .iter()
            .flat_map(|&d| [limbs(&BigUint::from(d)), limbs(&(&p - 1u8 - d))])
            .collect();
        // the largest value whose top limb is below p's
        let mut top = [u64::MAX; N];
        top[N - 1] = m.limbs()[N - 1] - 1;
        out.push(top);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        out.extend((0..random).map(|_| {
            let bytes: Vec<u8> = (0..8 * N).map(|_| u8::rand(&mut rng)).collect();
            limbs(&(BigUint::from_bytes_le(&bytes) % &p))
        }));
        out
    }

    /// Every pair of `F_{p^2}` elements built from `values`, against
    /// num-bigint, for products and squares.
    fn quad<const N: usize>(m: Modulus<N>, seed: u64) {
        let q = QuadModulus::new(m);
        let reference = Reference::new(&m);
        let v = values(&m, seed, 12);
        let elements: Vec<Fp2Limbs<N>> = v
            .iter()
            .flat_map(|&x| v.iter().map(move |&y| [x, y]))
            .collect();
        for a in elements.iter().step_by(7) {
            let pa = reference.plain(a);
            assert_eq!(
                q.square(a),
                reference.limbs(&reference.mul(&pa, &pa)),
                "{a:x?}²"
            );
            // the portable code, whatever path `square` took
            assert_eq!(q.square_with::<false>(a), q.square(a), "{a:x?}²");
            for b in elements.iter().step_by(5) {
                let want = reference.limbs(&reference.mul(&pa, &reference.plain(b)));
                assert_eq!(q.mul(a, b), want, "{a:x?} · {b:x?}");
                assert_eq!(q.mul_with::<false>(a, b), want, "{a:x?} · {b:x?}");
            }
        }
    }

    /// Where the CPU has BMI2 and ADX, four-limb products and squares
    /// take the assembly of module `wide4`; here both paths, on the same
    /// inputs, give num-bigint's values (through `quad`) and each other's.
    #[test]
    fn four_limb_assembly_is_taken_and_equals_the_portable_code() {
        assert_eq!(QuadModulus::<4>::asm(), crate::available());
        assert!(!QuadModulus::<5>::asm() && !QuadModulus::<6>::asm());
        #[cfg(all(feature = "std", target_arch = "x86_64"))]
        if crate::available() {
            let m = Modulus::new(<ark_bn254::Fq as PrimeField>::MODULUS.0);
            let q = QuadModulus::new(m);
            let v = values(&m, 7, 40);
            for (i, a) in v.iter().enumerate() {
                let b = &v[(i * 11 + 3) % v.len()];
                let (x, y) = ([*a, *b], [*b, *a]);
                assert_eq!(q.mul_with::<true>(&x, &y), q.mul_with::<false>(&x, &y));
                assert_eq!(q.square_with::<true>(&x), q.square_with::<false>(&x));
            }
        }
    }

    /// Products and squares in `F_{p^4}` against num-bigint's schoolbook.
    fn quartic<const N: usize>(m: Modulus<N>, seed: u64) {
        let q = QuarticModulus::new(m);
        let reference = Reference::new(&m);
        let v = values(&m, seed, 16);
        let elements: Vec<Fp4Limbs<N>> = (0..v.len() * 3)
            .map(|i| {
                let c = |j: usize| v[(i * 7 + j * 5 + i / v.len()) % v.len()];
                [[c(0), c(1)], [c(2), c(3)]]
            })
            .collect();
        for a in &elements {
            let pa = a.each_ref().map(|x| reference.plain(x));
            let square = reference
                .mul4(&pa, &pa)
                .each_ref()
                .map(|x| reference.limbs(x));
            assert_eq!(q.square(a), square, "{a:x?}²");
            for b in elements.iter().step_by(3) {
                let pb = b.each_ref().map(|x| reference.plain(x));
                let want = reference
                    .mul4(&pa, &pb)
                    .each_ref()
                    .map(|x| reference.limbs(x));
                assert_eq!(q.mul(a, b), want, "{a:x?} · {b:x?}");
            }
        }
    }

    fn modulus<F: PrimeField<BigInt = BigInt<N>>, const N: usize>() -> Modulus<N> {
        Modulus::new(F::MODULUS.0)
    }

    /// BLS24-317's 317-bit modulus (its crate depends on this one).
    fn bls24_317() -> Modulus<5> {
        let p: BigUint = "136393071104295911515099765908274057061945112121419593977210139303905973197232025618026156731051"
            .parse()
            .unwrap();
        Modulus::new(limbs(&p))
    }

    #[test]
    fn quadratic_products_equal_num_bigint() {
        quad(modulus::<ark_bn254::Fq, 4>(), 1);
        quad(bls24_317(), 2);
        quad(modulus::<ark_bls12_381::Fq, 6>(), 3);
    }

    #[test]
    fn quartic_products_equal_num_bigint() {
        quartic(bls24_317(), 4);
        quartic(modulus::<ark_bls12_381::Fq, 6>(), 5);
    }

    /// Limb for limb arkworks' `F_{p^2}` (whose non-residue is −1) on
    /// BN254 and BLS12-381, and long chains, where a result left above `p`
    /// would surface.
    #[test]
    fn equal_arkworks_fp2() {
        fn check<
            P: ark_ff::Fp2Config<Fp = ark_ff::Fp<ark_ff::MontBackend<C, N>, N>>,
            C: ark_ff::MontConfig<N>,
            const N: usize,
        >() {
            let q = QuadModulus::new(Modulus::new(C::MODULUS.0));
            let l = |x: &ark_ff::Fp2<P>| [x.c0.0 .0, x.c1.0 .0];
            let mut rng = ChaCha8Rng::seed_from_u64(6);
            for _ in 0..1_000 {
                let (a, b) = (
                    ark_ff::Fp2::<P>::rand(&mut rng),
                    ark_ff::Fp2::<P>::rand(&mut rng),
                );
                assert_eq!(q.mul(&l(&a), &l(&b)), l(&(a * b)));
                assert_eq!(q.square(&l(&a)), l(&a.square()));
            }
            let (mut x, y) = (
                ark_ff::Fp2::<P>::rand(&mut rng),
                ark_ff::Fp2::<P>::rand(&mut rng),
            );
            let mut limbs = l(&x);
            for _ in 0..2_000 {
                x = (x * y).square();
                limbs = q.square(&q.mul(&limbs, &l(&y)));
                assert_eq!(limbs, l(&x));
            }
        }
        check::<ark_bn254::Fq2Config, ark_bn254::FqConfig, 4>();
        check::<ark_bls12_381::Fq2Config, ark_bls12_381::FqConfig, 6>();
    }

    proptest! {
        #[test]
        fn any_quartic_values_below_p(a in any::<[[[u64; 5]; 2]; 2]>(), b in any::<[[[u64; 5]; 2]; 2]>()) {
            let m = bls24_317();
            let p = big(m.limbs());
            let reduce = |x: &[[[u64; 5]; 2]; 2]| x.map(|c| c.map(|l| limbs(&(big(&l) % &p))));
            let (a, b) = (reduce(&a), reduce(&b));
            let reference = Reference::new(&m);
            let plain = |x: &Fp4Limbs<5>| x.each_ref().map(|c| reference.plain(c));
            let want = reference.mul4(&plain(&a), &plain(&b)).each_ref().map(|x| reference.limbs(x));
            prop_assert_eq!(QuarticModulus::new(m).mul(&a, &b), want);
        }
    }

    #[test]
    #[should_panic(expected = "2^(64N − 2)")]
    fn quadratic_needs_two_spare_bits() {
        let _ = QuadModulus::new(Modulus::new([1, 0, 0, 1 << 62]));
    }

    #[test]
    #[should_panic(expected = "2^(64N − 3)")]
    fn quartic_needs_three_spare_bits() {
        let _ = QuarticModulus::new(Modulus::new([1, 0, 0, 1 << 61]));
    }
}
