//! # vidkit-mont
//!
//! Montgomery multiplication of field elements of four to six 64-bit limbs
//! (the base fields of BN254, BLS24-317 and BLS12-381) in x86-64
//! assembly, chosen at run time, for vidkit's hot field arithmetic.
//!
//! For a modulus `p` of `N` limbs and `R = 2^{64N}`, an element `x` is
//! kept as `x·R mod p` (arkworks' and blst's representation), and the
//! product of two such values is `a·b·R^{−1} mod p`. [`Modulus::mul`] computes it by the
//! coarsely integrated operand scanning method (CIOS): `N` rounds, each
//! adding one limb of `a` times `b` to an accumulator `T` of `N + 1`
//! limbs, then
//! `m·p` with `m = −T_0·p^{−1} mod 2^64`, which makes the low limb zero,
//! and shifting `T` down one limb. With `a, b < p` the accumulator stays
//! below `2p` after every round (`T < (a·b + M·p)/R < p·(p/R + 1)` with
//! `M < R`), so it fits in `N` limbs when `2p < R`, and one conditional
//! subtraction of `p` at the end gives the canonical value.
//!
//! **Why hand-written.** The two carry chains of each round (`ADCX` adds
//! the high halves of the products, `ADOX` the low halves) and `MULX`,
//! which leaves the flags alone, are what make assembly faster than the
//! portable code: LLVM does not emit two interleaved carry chains from
//! Rust's `u128` arithmetic. arkworks has such assembly behind its `asm`
//! feature, but it is chosen when the crate is compiled (it needs
//! `-C target-feature=+bmi2,+adx`), so a binary built with it fails on a
//! CPU without those instructions; blst's assembly, which picks its code
//! at run time, goes through a foreign call per product and was no faster
//! than arkworks' portable code on the machines measured. Here the
//! assembly is inlined into the caller and taken only when
//! [`available`] finds BMI2 and ADX on the running CPU (checked by the
//! standard library once and cached); everywhere else [`Modulus::mul`]
//! returns `None` and the caller keeps its portable arithmetic.
//!
//! The results equal arkworks' limb for limb (tests on random and edge
//! values, where the CPU has the instructions).
//!
//! **Extension fields.** [`QuadModulus`] multiplies and squares in
//! `F_p[u]/(u^2 + 1)` (BN254's and BLS12-381's `F_{p^2}`, BLS24-317's
//! `F_{q^2}`) and [`QuarticModulus`] in `F_{p^2}[v]/(v^2 − (1 + u))`
//! (BLS24-317's `F_{q^4}`) with lazy reduction: the limb products of
//! Karatsuba's formulas are combined as double-width integers and reduced
//! once per `F_p` coefficient. That code is portable Rust and runs on every
//! target (module `fp2` explains the bounds that make it exact); for four
//! limbs (BN254) on a CPU with BMI2 and ADX, [`QuadModulus`] takes its
//! double-width products and reductions from assembly instead (module
//! `wide4`, the same two carry chains as [`Modulus::mul`]), with the same
//! results limb for limb.
//!
//! **Sums without branches.** [`Modulus::add`], [`Modulus::sub`],
//! [`Modulus::double`] and [`Modulus::neg`] (and the same on
//! [`QuadModulus`]) reduce with a subtraction whose borrow becomes a mask,
//! not a branch: arkworks' sums compare with `p` and branch, which random
//! values send either way about as often (module `sums`). The lazy
//! products pick the sign of a coefficient and the final subtraction the
//! same way.
//!
//! ```
//! use ark_bls12_381::Fq;
//! use ark_ff::{BigInt, PrimeField};
//! use vidkit_mont::Modulus;
//!
//! // BLS12-381's base field; a modulus is checked at compile time
//! const P: Modulus<6> = Modulus::new(<Fq as PrimeField>::MODULUS.0);
//! let (a, b) = (Fq::from(6u64), Fq::from(7u64));
//! // arkworks keeps Montgomery limbs: `x.0.0`
//! match P.mul(&a.0.0, &b.0.0) {
//!     Some(c) => assert_eq!(Fq::new_unchecked(BigInt(c)), Fq::from(42u64)),
//!     None => assert!(!vidkit_mont::available()),
//! }
//! ```
#![cfg_attr(not(feature = "std"), no_std)]
#![deny(missing_docs)]
// The `unsafe` blocks are inline assembly (`Modulus::mul`, module `wide4`),
// taken only after `available` has found BMI2 and ADX (see the crate docs).
#![allow(unsafe_code)]

mod fp2;
mod sums;
#[cfg(all(feature = "std", target_arch = "x86_64"))]
mod wide4;
pub use fp2::{Fp2Limbs, Fp4Limbs, QuadModulus, QuarticModulus};

/// A modulus `p` of `N` 64-bit limbs (`4 ≤ N ≤ 6`), odd, with `2p < 2^{64N}`,
/// and `−p^{−1} mod 2^64` for the Montgomery reduction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(C)]
pub struct Modulus<const N: usize> {
    /// `p`, least significant limb first; followed in memory by `inv`,
    /// which the assembly reads at offset `8N`.
    limbs: [u64; N],
    /// `−p^{−1} mod 2^64`.
    inv: u64,
}

impl<const N: usize> Modulus<N> {
    /// The modulus with limbs `p` (least significant first).
    ///
    /// # Panics
    ///
    /// Unless `4 ≤ N ≤ 6`, `p` is odd and `2p < 2^{64N}` (at compile time
    /// in a `const`).
    pub const fn new(p: [u64; N]) -> Self {
        assert!(N >= 4 && N <= 6, "4 to 6 limbs");
        assert!(p[0] & 1 == 1, "the modulus must be odd");
        assert!(p[N - 1] < 1 << 63, "the modulus must be below 2^(64N − 1)");
        // Newton's iteration for p_0^{−1} mod 2^64: p_0 is its own inverse
        // mod 8, and each step doubles the correct low bits (3, 6, …, 96).
        let mut x = p[0];
        let mut i = 0;
        while i < 5 {
            x = x.wrapping_mul(2u64.wrapping_sub(p[0].wrapping_mul(x)));
            i += 1;
        }
        Self {
            limbs: p,
            inv: x.wrapping_neg(),
        }
    }

    /// The limbs of `p`.
    pub const fn limbs(&self) -> &[u64; N] {
        &self.limbs
    }

    /// `−p^{−1} mod 2^64`.
    pub const fn inv(&self) -> u64 {
        self.inv
    }

    /// `a·b·2^{−64N} mod p` for `a, b < p` (Montgomery form in, Montgomery
    /// form out), in assembly; `None` where the CPU lacks BMI2 or ADX, or
    /// off x86-64 or without `std`.
    #[inline(always)]
    pub fn mul(&self, a: &[u64; N], b: &[u64; N]) -> Option<[u64; N]> {
        #[cfg(all(feature = "std", target_arch = "x86_64"))]
        {
            if available() {
                let m = self.limbs.as_ptr();
                // SAFETY: `available` found BMI2 (MULX) and ADX (ADCX,
                // ADOX) on this CPU; the assembly reads N limbs at `a` and
                // `b` and N + 1 at `m` (`limbs` then `inv`, `repr(C)`),
                // all borrowed for the call, writes only registers it
                // declares, and leaves the stack alone. The conversions
                // between `[u64; N]` and the fixed sizes are resolved at
                // compile time (N is a constant of each instance).
                let out: &[u64] = match N {
                    6 => &unsafe { mul6(a[..].try_into().ok()?, b[..].try_into().ok()?, m) },
                    5 => &unsafe { mul5(a[..].try_into().ok()?, b[..].try_into().ok()?, m) },
                    4 => &unsafe { mul4(a[..].try_into().ok()?, b[..].try_into().ok()?, m) },
                    _ => return None,
                };
                return out.try_into().ok();
            }
        }
        let _ = (a, b);
        None
    }
}

/// Whether the running CPU has BMI2 and ADX, so that [`Modulus::mul`]
/// runs its assembly (detected once by the standard library and cached).
#[inline(always)]
pub fn available() -> bool {
    #[cfg(all(feature = "std", target_arch = "x86_64"))]
    {
        std::arch::is_x86_feature_detected!("bmi2") && std::arch::is_x86_feature_detected!("adx")
    }
    #[cfg(not(all(feature = "std", target_arch = "x86_64")))]
    {
        false
    }
}

/// One round of the product over an accumulator of `N` registers
/// (`t`, least significant first) and a top limb `A` (`r14`): `T += a_i·b`,
/// then `T = (T + m·p)/2^64` with `m = T_0·(−p^{−1}) mod 2^64`.
///
/// `MULX` leaves the flags alone, so in the product the low halves of
/// `a_i·b_j` go up the `ADOX` chain and the high halves the `ADCX` chain
/// (both cleared by the `xor`); in the reduction the limbs `T_j` go up the
/// `ADCX` chain and the low halves of `m·p_j` the `ADOX` chain, and each
/// high half starts the next limb. `rdx` is `MULX`'s implicit operand,
/// `rax` and `r15` the halves of each product; `rsi`, `rdi` and `rcx` point
/// to `a`, `b` and the modulus (with `−p^{−1}` at `inv`).
#[cfg(all(feature = "std", target_arch = "x86_64"))]
macro_rules! round {
    (
        a_i: $a_i:literal, inv: $inv:literal, t0: $t0:literal,
        product: [$(($tj:literal, $tk:literal, $bj:literal)),*], last: ($tl:literal, $bl:literal),
        reduce: [$(($rj:literal, $rk:literal, $pk:literal)),*]
    ) => {
        concat!(
            "mov rdx, qword ptr [rsi + ", $a_i, "]\n",
            "xor eax, eax\n",
            $(
                "mulx r15, rax, qword ptr [rdi + ", $bj, "]\n",
                "adox ", $tj, ", rax\n",
                "adcx ", $tk, ", r15\n",
            )*
            "mulx r15, rax, qword ptr [rdi + ", $bl, "]\n",
            "adox ", $tl, ", rax\n",
            // A = high half + both carries (`mov` keeps the flags)
            "mov r14, r15\n",
            "mov eax, 0\n",
            "adcx r14, rax\n",
            "adox r14, rax\n",
            "mov rdx, ", $t0, "\n",
            "imul rdx, qword ptr [rcx + ", $inv, "]\n",
            "xor eax, eax\n",
            "mulx r15, rax, qword ptr [rcx]\n",
            // T_0 + low half of m·p_0 is 0 mod 2^64: only its carry is kept
            "adcx rax, ", $t0, "\n",
            "mov ", $t0, ", r15\n",
            $(
                "mulx r15, rax, qword ptr [rcx + ", $pk, "]\n",
                "adcx ", $rj, ", ", $rk, "\n",
                "adox ", $rj, ", rax\n",
                "mov ", $rk, ", r15\n",
            )*
            "mov eax, 0\n",
            "adcx ", $tl, ", rax\n",
            "adox ", $tl, ", r14\n",
        )
    };
}

/// [`round!`] for six limbs (`r8`..`r13`).
#[cfg(all(feature = "std", target_arch = "x86_64"))]
macro_rules! round6 {
    ($a_i:literal) => {
        round!(
            a_i: $a_i, inv: "48", t0: "r8",
            product: [("r8", "r9", "0"), ("r9", "r10", "8"), ("r10", "r11", "16"),
                      ("r11", "r12", "24"), ("r12", "r13", "32")],
            last: ("r13", "40"),
            reduce: [("r8", "r9", "8"), ("r9", "r10", "16"), ("r10", "r11", "24"),
                     ("r11", "r12", "32"), ("r12", "r13", "40")]
        )
    };
}

/// [`round!`] for five limbs (`r8`..`r12`).
#[cfg(all(feature = "std", target_arch = "x86_64"))]
macro_rules! round5 {
    ($a_i:literal) => {
        round!(
            a_i: $a_i, inv: "40", t0: "r8",
            product: [("r8", "r9", "0"), ("r9", "r10", "8"), ("r10", "r11", "16"),
                      ("r11", "r12", "24")],
            last: ("r12", "32"),
            reduce: [("r8", "r9", "8"), ("r9", "r10", "16"), ("r10", "r11", "24"),
                     ("r11", "r12", "32")]
        )
    };
}

/// [`round!`] for four limbs (`r8`..`r11`).
#[cfg(all(feature = "std", target_arch = "x86_64"))]
macro_rules! round4 {
    ($a_i:literal) => {
        round!(
            a_i: $a_i, inv: "32", t0: "r8",
            product: [("r8", "r9", "0"), ("r9", "r10", "8"), ("r10", "r11", "16")],
            last: ("r11", "24"),
            reduce: [("r8", "r9", "8"), ("r9", "r10", "16"), ("r10", "r11", "24")]
        )
    };
}

/// The assembly of [`Modulus::mul`] for six limbs.
///
/// # Safety
///
/// The CPU must have BMI2 and ADX; `m` points to 6 limbs and `−p^{−1}`.
#[cfg(all(feature = "std", target_arch = "x86_64"))]
#[inline(always)]
unsafe fn mul6(a: &[u64; 6], b: &[u64; 6], m: *const u64) -> [u64; 6] {
    let (t0, t1, t2, t3, t4, t5): (u64, u64, u64, u64, u64, u64);
    // SAFETY: the caller guarantees the instructions exist; the pointers
    // are to borrowed arrays of the sizes read (see `Modulus::mul`).
    unsafe {
        core::arch::asm!(
            "xor r8d, r8d",
            "xor r9d, r9d",
            "xor r10d, r10d",
            "xor r11d, r11d",
            "xor r12d, r12d",
            "xor r13d, r13d",
            round6!("0"),
            round6!("8"),
            round6!("16"),
            round6!("24"),
            round6!("32"),
            round6!("40"),
            // T < 2p: subtract p once where T ≥ p (no borrow)
            "mov rax, r8",
            "mov rdx, r9",
            "mov r14, r10",
            "mov r15, r11",
            "mov rsi, r12",
            "mov rdi, r13",
            "sub rax, qword ptr [rcx]",
            "sbb rdx, qword ptr [rcx + 8]",
            "sbb r14, qword ptr [rcx + 16]",
            "sbb r15, qword ptr [rcx + 24]",
            "sbb rsi, qword ptr [rcx + 32]",
            "sbb rdi, qword ptr [rcx + 40]",
            "cmovnc r8, rax",
            "cmovnc r9, rdx",
            "cmovnc r10, r14",
            "cmovnc r11, r15",
            "cmovnc r12, rsi",
            "cmovnc r13, rdi",
            inout("rsi") a.as_ptr() => _,
            inout("rdi") b.as_ptr() => _,
            in("rcx") m,
            out("rax") _,
            out("rdx") _,
            out("r8") t0,
            out("r9") t1,
            out("r10") t2,
            out("r11") t3,
            out("r12") t4,
            out("r13") t5,
            out("r14") _,
            out("r15") _,
            options(pure, readonly, nostack),
        );
    }
    [t0, t1, t2, t3, t4, t5]
}

/// The assembly of [`Modulus::mul`] for five limbs.
///
/// # Safety
///
/// As [`mul6`], with 5 limbs.
#[cfg(all(feature = "std", target_arch = "x86_64"))]
#[inline(always)]
unsafe fn mul5(a: &[u64; 5], b: &[u64; 5], m: *const u64) -> [u64; 5] {
    let (t0, t1, t2, t3, t4): (u64, u64, u64, u64, u64);
    // SAFETY: as in `mul6`.
    unsafe {
        core::arch::asm!(
            "xor r8d, r8d",
            "xor r9d, r9d",
            "xor r10d, r10d",
            "xor r11d, r11d",
            "xor r12d, r12d",
            round5!("0"),
            round5!("8"),
            round5!("16"),
            round5!("24"),
            round5!("32"),
            "mov rax, r8",
            "mov rdx, r9",
            "mov r14, r10",
            "mov r15, r11",
            "mov rsi, r12",
            "sub rax, qword ptr [rcx]",
            "sbb rdx, qword ptr [rcx + 8]",
            "sbb r14, qword ptr [rcx + 16]",
            "sbb r15, qword ptr [rcx + 24]",
            "sbb rsi, qword ptr [rcx + 32]",
            "cmovnc r8, rax",
            "cmovnc r9, rdx",
            "cmovnc r10, r14",
            "cmovnc r11, r15",
            "cmovnc r12, rsi",
            inout("rsi") a.as_ptr() => _,
            in("rdi") b.as_ptr(),
            in("rcx") m,
            out("rax") _,
            out("rdx") _,
            out("r8") t0,
            out("r9") t1,
            out("r10") t2,
            out("r11") t3,
            out("r12") t4,
            out("r14") _,
            out("r15") _,
            options(pure, readonly, nostack),
        );
    }
    [t0, t1, t2, t3, t4]
}

/// The assembly of [`Modulus::mul`] for four limbs.
///
/// # Safety
///
/// As [`mul6`], with 4 limbs.
#[cfg(all(feature = "std", target_arch = "x86_64"))]
#[inline(always)]
unsafe fn mul4(a: &[u64; 4], b: &[u64; 4], m: *const u64) -> [u64; 4] {
    let (t0, t1, t2, t3): (u64, u64, u64, u64);
    // SAFETY: as in `mul6`.
    unsafe {
        core::arch::asm!(
            "xor r8d, r8d",
            "xor r9d, r9d",
            "xor r10d, r10d",
            "xor r11d, r11d",
            round4!("0"),
            round4!("8"),
            round4!("16"),
            round4!("24"),
            "mov rax, r8",
            "mov rdx, r9",
            "mov r14, r10",
            "mov r15, r11",
            "sub rax, qword ptr [rcx]",
            "sbb rdx, qword ptr [rcx + 8]",
            "sbb r14, qword ptr [rcx + 16]",
            "sbb r15, qword ptr [rcx + 24]",
            "cmovnc r8, rax",
            "cmovnc r9, rdx",
            "cmovnc r10, r14",
            "cmovnc r11, r15",
            in("rsi") a.as_ptr(),
            in("rdi") b.as_ptr(),
            in("rcx") m,
            out("rax") _,
            out("rdx") _,
            out("r8") t0,
            out("r9") t1,
            out("r10") t2,
            out("r11") t3,
            out("r14") _,
            out("r15") _,
            options(pure, readonly, nostack),
        );
    }
    [t0, t1, t2, t3]
}

#[cfg(test)]
mod tests {
    use super::*;
    use ark_ff::{BigInt, MontConfig, PrimeField, UniformRand};
    use num_bigint::BigUint;
    use proptest::prelude::*;
    use rand_chacha::{rand_core::SeedableRng, ChaCha8Rng};

    fn big<const N: usize>(l: &[u64; N]) -> BigUint {
        BigUint::from_slice(
            &l.iter()
                .flat_map(|x| [*x as u32, (*x >> 32) as u32])
                .collect::<Vec<_>>(),
        )
    }

    /// `a·b·2^{−64N} mod p` by num-bigint: the independent reference.
    fn reference<const N: usize>(m: &Modulus<N>, a: &[u64; N], b: &[u64; N]) -> BigUint {
        let p = big(m.limbs());
        let r_inv = (BigUint::from(1u8) << (64 * N))
            .modinv(&p)
            .expect("p is odd");
        big(a) * big(b) % &p * r_inv % &p
    }

    /// The assembly against num-bigint; `None` is right only where the CPU
    /// lacks the instructions.
    fn check<const N: usize>(m: &Modulus<N>, a: &[u64; N], b: &[u64; N]) {
        match m.mul(a, b) {
            Some(c) => assert_eq!(big(&c), reference(m, a, b), "{a:x?} · {b:x?}"),
            None => assert!(!available()),
        }
    }

    /// arkworks' modulus of a field, as a [`Modulus`].
    fn modulus<F: PrimeField<BigInt = BigInt<N>>, const N: usize>() -> Modulus<N> {
        Modulus::new(F::MODULUS.0)
    }

    /// Edge values (0, 1, p − 1, p − 2, the largest limbs below p) and
    /// random ones, against num-bigint and against arkworks' product.
    fn field<F: PrimeField<BigInt = BigInt<N>>, const N: usize>() {
        let m = modulus::<F, N>();
        let mut p1 = *m.limbs();
        p1[0] -= 1;
        let mut p2 = p1;
        p2[0] -= 1;
        let mut top = [u64::MAX; N];
        top[N - 1] = m.limbs()[N - 1] - 1;
        let mut one = [0; N];
        one[0] = 1;
        let edges = [
            [0; N],
            one,
            p1,
            p2,
            top,
            (-F::ONE).into_bigint().0,
            F::ONE.into_bigint().0,
        ];
        for a in &edges {
            for b in &edges {
                check(&m, a, b);
            }
        }
        let limbs = |x: F| x.into_bigint().0; // any value below p
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        for _ in 0..5_000 {
            let (a, b) = (F::rand(&mut rng), F::rand(&mut rng));
            check(&m, &limbs(a), &limbs(b));
        }
        // a long dependent chain (squares), where an unreduced result
        // would surface: the assembly's chain against num-bigint's
        let mut x = limbs(F::rand(&mut rng));
        let mut want = big(&x);
        let p = big(m.limbs());
        let r_inv = (BigUint::from(1u8) << (64 * N)).modinv(&p).unwrap();
        if available() {
            for _ in 0..5_000 {
                x = m.mul(&x, &x).unwrap();
                want = &want * &want % &p * &r_inv % &p;
                assert_eq!(big(&x), want);
            }
        }
    }

    #[test]
    fn bls12_381_base_field() {
        field::<ark_bls12_381::Fq, 6>();
        let m = modulus::<ark_bls12_381::Fq, 6>();
        assert_eq!(m.inv(), <ark_bls12_381::FqConfig as MontConfig<6>>::INV);
    }

    #[test]
    fn bn254_base_field() {
        field::<ark_bn254::Fq, 4>();
        let m = modulus::<ark_bn254::Fq, 4>();
        assert_eq!(m.inv(), <ark_bn254::FqConfig as MontConfig<4>>::INV);
    }

    /// Five limbs: BLS24-317's base field (its modulus written out here,
    /// since that crate depends on this one).
    #[test]
    fn five_limbs() {
        let p: BigUint = "136393071104295911515099765908274057061945112121419593977210139303905973197232025618026156731051"
            .parse()
            .unwrap();
        let d = p.to_u64_digits();
        let m = Modulus::<5>::new(d.try_into().unwrap());
        let mut rng = ChaCha8Rng::seed_from_u64(9);
        let mut below_p = || {
            let x: BigUint =
                BigUint::from_bytes_le(&(0..48).map(|_| u8::rand(&mut rng)).collect::<Vec<_>>())
                    % &p;
            let mut l = [0u64; 5];
            for (o, v) in l.iter_mut().zip(x.to_u64_digits()) {
                *o = v;
            }
            l
        };
        for _ in 0..5_000 {
            let (a, b) = (below_p(), below_p());
            check(&m, &a, &b);
        }
        let mut p1 = *m.limbs();
        p1[0] -= 1;
        check(&m, &p1, &p1);
        check(&m, &[0; 5], &p1);
    }

    /// The product in Montgomery form is arkworks' product, limb for limb.
    #[test]
    fn equals_arkworks_products() {
        let m = modulus::<ark_bls12_381::Fq, 6>();
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        for _ in 0..2_000 {
            let (a, b) = (
                ark_bls12_381::Fq::rand(&mut rng),
                ark_bls12_381::Fq::rand(&mut rng),
            );
            if let Some(c) = m.mul(&a.0 .0, &b.0 .0) {
                assert_eq!(ark_bls12_381::Fq::new_unchecked(BigInt(c)), a * b);
            }
        }
        let m = modulus::<ark_bn254::Fq, 4>();
        for _ in 0..2_000 {
            let (a, b) = (ark_bn254::Fq::rand(&mut rng), ark_bn254::Fq::rand(&mut rng));
            if let Some(c) = m.mul(&a.0 .0, &b.0 .0) {
                assert_eq!(ark_bn254::Fq::new_unchecked(BigInt(c)), a * b);
            }
        }
    }

    #[test]
    fn none_exactly_without_the_instructions() {
        let m = modulus::<ark_bls12_381::Fq, 6>();
        assert_eq!(m.mul(&[0; 6], &[0; 6]).is_some(), available());
    }

    proptest! {
        #[test]
        fn any_values_below_p(a in any::<[u64; 6]>(), b in any::<[u64; 6]>()) {
            let m = modulus::<ark_bls12_381::Fq, 6>();
            let p = big(m.limbs());
            let reduce = |x: &[u64; 6]| {
                let mut l = [0u64; 6];
                for (o, v) in l.iter_mut().zip((big(x) % &p).to_u64_digits()) {
                    *o = v;
                }
                l
            };
            check(&m, &reduce(&a), &reduce(&b));
        }
    }

    #[test]
    #[should_panic(expected = "odd")]
    fn even_modulus_is_refused() {
        let _ = Modulus::new([2, 0, 0, 0, 0, 1]);
    }

    #[test]
    #[should_panic(expected = "below")]
    fn large_modulus_is_refused() {
        let _ = Modulus::new([1, 0, 0, 0, 0, 1 << 63]);
    }

    #[test]
    #[should_panic(expected = "limbs")]
    fn three_limbs_are_refused() {
        let _ = Modulus::new([1, 0, 1]);
    }
}
