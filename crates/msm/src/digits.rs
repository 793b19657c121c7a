//! Signed-digit recoding of scalars (the "signed bucket index" trick).
//!
//! A scalar `s < 2^bits` is written `s = Σ_w d_w·2^{c·w}` with digits
//! `d_w ∈ [−2^{c−1}, 2^{c−1}]`: a window value above `2^{c−1}` becomes
//! `value − 2^c` and carries 1 into the next window. Since `−d·P` is `d·P`
//! with the `y` coordinate negated (free on affine points), only `2^{c−1}`
//! buckets per window are needed instead of `2^c − 1`. With
//! `W = ⌈(bits + 1)/c⌉` windows the top window never carries.

use ark_ff::BigInteger;
use ark_std::{vec, vec::Vec};

/// Number of signed `c`-bit windows for scalars of `bits` bits.
pub(crate) fn window_count(bits: u32, c: u32) -> usize {
    (bits as usize + 1).div_ceil(c as usize)
}

/// `c` bits of `n` starting at bit `start` (zero past the top).
#[inline]
fn window_bits(limbs: &[u64], start: usize, c: u32) -> u64 {
    let (limb, off) = (start / 64, start % 64);
    if limb >= limbs.len() {
        return 0;
    }
    let mut v = limbs[limb] >> off;
    if off + c as usize > 64 && limb + 1 < limbs.len() {
        v |= limbs[limb + 1] << (64 - off);
    }
    v & ((1u64 << c) - 1)
}

/// Writes the `windows` signed digits of `scalar` into `out[w·stride]`
/// for `w = 0..windows` (`1 ≤ c ≤ 30`).
#[inline]
pub(crate) fn recode_into<B: BigInteger>(
    scalar: &B,
    c: u32,
    windows: usize,
    out: &mut [i32],
    stride: usize,
) {
    let limbs = scalar.as_ref();
    let half = 1i64 << (c - 1);
    let mut carry = 0i64;
    for w in 0..windows {
        let mut d = window_bits(limbs, w * c as usize, c) as i64 + carry;
        carry = 0;
        if d > half {
            d -= 1i64 << c;
            carry = 1;
        }
        out[w * stride] = d as i32;
    }
    debug_assert_eq!(carry, 0, "the top window must not carry");
}

/// Signed digits of every scalar, **scalar-major**: digit `w` of scalar `i`
/// is at `i·windows + w` (the layout of a precomputed table, see
/// [`crate::MsmBases`], and of the window groups of [`crate::pippenger`]).
pub(crate) fn recode_scalar_major<B: BigInteger>(
    scalars: &[B],
    c: u32,
    windows: usize,
) -> Vec<i32> {
    let mut digits = vec![0i32; scalars.len() * windows];
    #[cfg(feature = "parallel")]
    {
        use rayon::prelude::*;
        digits
            .par_chunks_exact_mut(windows)
            .zip(scalars)
            .with_min_len(1024)
            .for_each(|(out, s)| recode_into(s, c, windows, out, 1));
    }
    #[cfg(not(feature = "parallel"))]
    for (s, out) in scalars.iter().zip(digits.chunks_exact_mut(windows)) {
        recode_into(s, c, windows, out, 1);
    }
    digits
}

#[cfg(test)]
mod tests {
    use super::*;
    use ark_ff::{BigInteger256, PrimeField};

    #[test]
    fn digits_reconstruct_the_scalar() {
        let r = ark_bls12_381::Fr::MODULUS;
        let mut rm1 = r;
        rm1.sub_with_borrow(&BigInteger256::from(1u64));
        let samples = [
            BigInteger256::from(0u64),
            BigInteger256::from(1u64),
            rm1,
            BigInteger256::new([u64::MAX, 7, u64::MAX, 0x73ed_a753_299d_7d48]),
        ];
        for c in 1..=20u32 {
            let windows = window_count(255, c);
            for s in &samples {
                let d = recode_scalar_major(core::slice::from_ref(s), c, windows);
                // Σ d_w 2^{cw} as an i128-free check: evaluate modulo 2^64 and 2^128 via u128 wrap
                let mut acc = 0u128;
                for (w, &dw) in d.iter().enumerate() {
                    let shift = (c as usize) * w;
                    if shift < 128 {
                        acc = acc.wrapping_add(((dw as i128) << shift) as u128);
                    }
                    assert!(dw.unsigned_abs() <= 1 << (c - 1));
                }
                let low = (s.0[0] as u128) | ((s.0[1] as u128) << 64);
                assert_eq!(acc, low, "c = {c}");
            }
        }
    }
}
