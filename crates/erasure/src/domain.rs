//! The radix-2 evaluation domain `H_{n'} = ⟨ω⟩` with its powers cached once per coder
//! (docs/spec.md §8.1): the twiddles are computed once per `(n', curve)`.
//!
//! The generator comes from ark-poly's [`Radix2EvaluationDomain`], so `ω` is exactly the root
//! of unity every other arkworks user gets for this size. What ark-poly does not offer is a
//! *batched* transform with *cached* twiddles: its `fft_in_place` recomputes the `n'/2`
//! twiddles on every call and transforms one vector at a time, whereas this crate transforms a
//! whole tile of rows per butterfly (see [`crate::fft`]). The table of all `n'` powers also
//! serves every subgroup `H_L ⊂ H_{n'}` (`ω_L = ω^{n'/L}`), so one table covers the encoding
//! FFT, the systematic size-`k` transforms and the coset tricks of the erasure decoder.

use alloc::vec::Vec;
use ark_ff::FftField;
use ark_poly::{EvaluationDomain, Radix2EvaluationDomain};

/// `H_{n'}` with `ω^i` and `ω^{-i}` for all `i < n'`.
#[derive(Clone, Debug)]
pub(crate) struct Domain<F> {
    /// `log2(n')`.
    pub(crate) log_size: u32,
    /// `ω^i`, `i < n'`.
    pub(crate) powers: Vec<F>,
    /// `ω^{-i}`, `i < n'`.
    pub(crate) inv_powers: Vec<F>,
}

impl<F: FftField> Domain<F> {
    /// The subgroup of size `size` (a power of two); `None` when the field has no such subgroup.
    pub(crate) fn new(size: usize) -> Option<Self> {
        if !size.is_power_of_two() {
            return None;
        }
        let domain = Radix2EvaluationDomain::<F>::new(size)?;
        if domain.size() != size {
            return None;
        }
        let powers = crate::poly::powers(domain.group_gen(), size);
        let inv_powers = crate::poly::powers(domain.group_gen_inv(), size);
        Some(Self {
            log_size: size.trailing_zeros(),
            powers,
            inv_powers,
        })
    }

    /// `n'`.
    pub(crate) fn size(&self) -> usize {
        self.powers.len()
    }

    /// `ω^e` for any exponent (reduced mod `n'`).
    pub(crate) fn pow(&self, e: usize) -> F {
        self.powers[e & (self.size() - 1)]
    }
}

/// Reverse the lowest `log_len` bits of `i`.
#[inline]
pub(crate) fn bitrev(i: usize, log_len: u32) -> usize {
    if log_len == 0 {
        0
    } else {
        i.reverse_bits() >> (usize::BITS - log_len)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ark_bls12_381::Fr;
    use ark_ff::{Field, One};

    #[test]
    fn generator_has_exact_order_and_tables_are_consistent() {
        for log in 0..8u32 {
            let d = Domain::<Fr>::new(1 << log).unwrap();
            let w = d.pow(1);
            assert_eq!(w.pow([1u64 << log]), Fr::one());
            if log > 0 {
                assert_ne!(w.pow([1u64 << (log - 1)]), Fr::one(), "primitive root");
            }
            for i in 0..d.size() {
                assert_eq!(d.powers[i] * d.inv_powers[i], Fr::one());
            }
        }
        assert!(Domain::<Fr>::new(3).is_none());
        assert!(
            Domain::<Fr>::new(1 << 33).is_none(),
            "BLS12-381 Fr has 2-adicity 32"
        );
    }

    #[test]
    fn bitrev_is_an_involution() {
        assert_eq!(bitrev(1, 3), 4);
        assert_eq!(bitrev(6, 3), 3);
        assert_eq!(bitrev(0, 0), 0);
        for i in 0..64 {
            assert_eq!(bitrev(bitrev(i, 6), 6), i);
        }
    }
}
