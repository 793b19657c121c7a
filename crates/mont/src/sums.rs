//! Sums, differences and negations modulo `p` without branches on the data.
//!
//! arkworks reduces a sum `a + b` of canonical residues with a comparison
//! and a conditional subtraction, a branch on the value. On random inputs
//! that branch goes either way about as often (a sum of two residues passes
//! `p` with probability about one half), so the CPU mispredicts it about
//! every other time; in a pairing, whose tower does several sums per
//! product, those mispredictions were about a third of BN254's time (its
//! pairing about 600 µs on new inputs, 413 µs with these sums;
//! docs/pairing.md). Here the
//! subtraction is always computed and the result chosen by a mask made from
//! the borrow, so the time does not depend on the values (gnark-crypto's and
//! blst's assembly does the same).
//!
//! Every function takes and returns canonical residues (below `p`); `2p < R`
//! ([`Modulus::new`] checks it) keeps `a + b` within `N` limbs.

use crate::{Fp2Limbs, Modulus, QuadModulus};

/// `a + b + carry` with the carry out.
#[inline(always)]
pub(crate) fn adc(a: u64, b: u64, carry: &mut bool) -> u64 {
    #[cfg(target_arch = "x86_64")]
    {
        // the intrinsic becomes one `ADC`; the pair of overflowing sums
        // below becomes several instructions per limb
        let mut s = 0;
        *carry = core::arch::x86_64::_addcarry_u64(*carry as u8, a, b, &mut s) != 0;
        s
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        let (s, c1) = a.overflowing_add(b);
        let (s, c2) = s.overflowing_add(*carry as u64);
        *carry = c1 | c2;
        s
    }
}

/// `a − b − borrow` with the borrow out.
#[inline(always)]
pub(crate) fn sbb(a: u64, b: u64, borrow: &mut bool) -> u64 {
    #[cfg(target_arch = "x86_64")]
    {
        let mut s = 0;
        *borrow = core::arch::x86_64::_subborrow_u64(*borrow as u8, a, b, &mut s) != 0;
        s
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        let (s, c1) = a.overflowing_sub(b);
        let (s, c2) = s.overflowing_sub(*borrow as u64);
        *borrow = c1 | c2;
        s
    }
}

/// All ones if `bit`, zero otherwise.
#[inline(always)]
fn mask(bit: bool) -> u64 {
    0u64.wrapping_sub(bit as u64)
}

impl<const N: usize> Modulus<N> {
    /// `a + b mod p` for `a, b < p`, without branches on the values.
    #[inline(always)]
    pub fn add(&self, a: &[u64; N], b: &[u64; N]) -> [u64; N] {
        let mut carry = false;
        let s: [u64; N] = core::array::from_fn(|i| adc(a[i], b[i], &mut carry));
        // s < 2p: s − p, and p added back where that borrowed, which is
        // `sub` (a select between s and s − p is what LLVM turns into a
        // select of two stack addresses and a reload, several times slower)
        self.sub(&s, &self.limbs)
    }

    /// `2a mod p` for `a < p`.
    #[inline(always)]
    pub fn double(&self, a: &[u64; N]) -> [u64; N] {
        self.add(a, a)
    }

    /// `a − b mod p` for `a, b < p` (and for `a < 2p`, `b = p`), without
    /// branches on the values.
    #[inline(always)]
    pub fn sub(&self, a: &[u64; N], b: &[u64; N]) -> [u64; N] {
        let mut borrow = false;
        let d: [u64; N] = core::array::from_fn(|i| sbb(a[i], b[i], &mut borrow));
        // a < b: the difference wrapped below zero, and p brings it back
        let m = mask(borrow);
        let mut carry = false;
        core::array::from_fn(|i| adc(d[i], self.limbs[i] & m, &mut carry))
    }

    /// `−a mod p` for `a < p` (`0` for `0`).
    #[inline(always)]
    pub fn neg(&self, a: &[u64; N]) -> [u64; N] {
        self.sub(&[0; N], a)
    }

    /// `−a mod p` if `negate`, `a` otherwise, without a branch on
    /// `negate` (the sign of a signed digit, either way as often).
    #[inline(always)]
    pub fn neg_if(&self, a: &[u64; N], negate: bool) -> [u64; N] {
        // a + ((−a) − a)·[negate], as N-limb integers (wrapping): exact,
        // since either result is below p
        let n = self.neg(a);
        let mut borrow = false;
        let d: [u64; N] = core::array::from_fn(|i| sbb(n[i], a[i], &mut borrow));
        let m = mask(negate);
        let mut carry = false;
        core::array::from_fn(|i| adc(a[i], d[i] & m, &mut carry))
    }
}

impl<const N: usize> QuadModulus<N> {
    /// `a + b` in `F_{p^2}` (coefficient by coefficient, [`Modulus::add`]).
    #[inline(always)]
    pub fn add(&self, a: &Fp2Limbs<N>, b: &Fp2Limbs<N>) -> Fp2Limbs<N> {
        let p = self.modulus();
        [p.add(&a[0], &b[0]), p.add(&a[1], &b[1])]
    }

    /// `2a` in `F_{p^2}`.
    #[inline(always)]
    pub fn double(&self, a: &Fp2Limbs<N>) -> Fp2Limbs<N> {
        self.add(a, a)
    }

    /// `a − b` in `F_{p^2}` ([`Modulus::sub`]).
    #[inline(always)]
    pub fn sub(&self, a: &Fp2Limbs<N>, b: &Fp2Limbs<N>) -> Fp2Limbs<N> {
        let p = self.modulus();
        [p.sub(&a[0], &b[0]), p.sub(&a[1], &b[1])]
    }

    /// `−a` in `F_{p^2}`.
    #[inline(always)]
    pub fn neg(&self, a: &Fp2Limbs<N>) -> Fp2Limbs<N> {
        let p = self.modulus();
        [p.neg(&a[0]), p.neg(&a[1])]
    }

    /// `−a` if `negate`, `a` otherwise ([`Modulus::neg_if`]).
    #[inline(always)]
    pub fn neg_if(&self, a: &Fp2Limbs<N>, negate: bool) -> Fp2Limbs<N> {
        let p = self.modulus();
        [p.neg_if(&a[0], negate), p.neg_if(&a[1], negate)]
    }
}

#[cfg(test)]
#[allow(unexpected_cfgs)] // arkworks' `MontConfig` derive below
mod tests {
    use crate::Modulus;
    use ark_ff::{BigInt, Fp, MontBackend, MontConfig, PrimeField, UniformRand};
    use rand_chacha::rand_core::SeedableRng;

    fn check<T: MontConfig<N>, const N: usize>() {
        type F<T, const N: usize> = Fp<MontBackend<T, N>, N>;
        let p = Modulus::<N>::new(<F<T, N> as PrimeField>::MODULUS.0);
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(7);
        let mut xs: Vec<F<T, N>> = (0..40).map(|_| F::<T, N>::rand(&mut rng)).collect();
        xs.extend([
            F::<T, N>::from(0u64),
            F::<T, N>::from(1u64),
            -F::<T, N>::from(1u64),
        ]);
        let new = |l: [u64; N]| F::<T, N>::new_unchecked(BigInt(l));
        for a in &xs {
            let al = a.0 .0;
            assert_eq!(new(p.neg(&al)), -*a);
            assert_eq!(new(p.neg_if(&al, true)), -*a);
            assert_eq!(new(p.neg_if(&al, false)), *a);
            assert_eq!(new(p.double(&al)), *a + a);
            for b in &xs {
                let bl = b.0 .0;
                assert_eq!(new(p.add(&al, &bl)), *a + b, "{a} + {b}");
                assert_eq!(new(p.sub(&al, &bl)), *a - b, "{a} − {b}");
            }
        }
    }

    /// BLS24-317's base field (five limbs), derived by arkworks (whose
    /// derive tests an `asm` feature this crate does not have).
    #[derive(ark_ff::MontConfig)]
    #[modulus = "136393071104295911515099765908274057061945112121419593977210139303905973197232025618026156731051"]
    #[generator = "2"]
    struct Bls24Fq;

    #[test]
    fn sums_equal_arkworks() {
        check::<ark_bn254::FqConfig, 4>();
        check::<Bls24Fq, 5>();
        check::<ark_bls12_381::FqConfig, 6>();
        check::<ark_bn254::FrConfig, 4>();
    }

    proptest::proptest! {
        #[test]
        fn any_sums_equal_arkworks(a in proptest::array::uniform32(proptest::num::u8::ANY),
                                   b in proptest::array::uniform32(proptest::num::u8::ANY),
                                   c in 0u64..4) {
            use ark_bn254::Fq;
            let p = Modulus::<4>::new(<Fq as PrimeField>::MODULUS.0);
            let (mut x, mut y) = (Fq::from_le_bytes_mod_order(&a), Fq::from_le_bytes_mod_order(&b));
            // also sums at the reduction boundary: y = c − 2 − x, x + y ∈ {−1, 0, 1}
            if c > 0 {
                y = Fq::from(c) - Fq::from(2u64) - x;
            }
            if c == 3 {
                x = -Fq::from(1u64);
            }
            let new = |l: [u64; 4]| Fq::new_unchecked(BigInt(l));
            proptest::prop_assert_eq!(new(p.add(&x.0 .0, &y.0 .0)), x + y);
            proptest::prop_assert_eq!(new(p.sub(&x.0 .0, &y.0 .0)), x - y);
            proptest::prop_assert_eq!(new(p.sub(&y.0 .0, &x.0 .0)), y - x);
            proptest::prop_assert_eq!(new(p.neg(&x.0 .0)), -x);
            proptest::prop_assert_eq!(new(p.double(&x.0 .0)), x + x);
        }
    }

    #[test]
    fn quadratic_sums_equal_arkworks() {
        use ark_bn254::{Fq, Fq2};
        let q = crate::QuadModulus::new(Modulus::<4>::new(<Fq as PrimeField>::MODULUS.0));
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(8);
        let c = [Fq::from(0u64), Fq::from(1u64), -Fq::from(1u64)];
        let mut xs: Vec<Fq2> = (0..20).map(|_| Fq2::rand(&mut rng)).collect();
        xs.extend(
            c.iter()
                .flat_map(|&a| c.iter().map(move |&b| Fq2::new(a, b))),
        );
        let limbs = |x: &Fq2| [x.c0.0 .0, x.c1.0 .0];
        let new = |l: [[u64; 4]; 2]| {
            Fq2::new(
                Fq::new_unchecked(BigInt(l[0])),
                Fq::new_unchecked(BigInt(l[1])),
            )
        };
        for a in &xs {
            assert_eq!(new(q.neg(&limbs(a))), -*a);
            assert_eq!(new(q.neg_if(&limbs(a), true)), -*a);
            assert_eq!(new(q.neg_if(&limbs(a), false)), *a);
            assert_eq!(new(q.double(&limbs(a))), *a + a);
            for b in &xs {
                assert_eq!(new(q.add(&limbs(a), &limbs(b))), *a + b);
                assert_eq!(new(q.sub(&limbs(a), &limbs(b))), *a - b);
            }
        }
    }
}
