//! Batched radix-2 FFTs over a tile of rows.
//!
//! A *tile* is a buffer of `L` vectors of `width` field elements each, vector `e` at
//! `buf[e·width .. (e+1)·width]`. One transform applies the same length-`L` FFT to each of the
//! `width` lanes; every butterfly then uses one twiddle for `width` consecutive elements, so the
//! inner loop is a plain streaming loop with no twiddle loads, index arithmetic or allocation.
//! This is how the coder evaluates `width` row polynomials at once (rows of the data matrix are
//! the lanes).
//!
//! Two orderings are provided so that callers never need an explicit bit-reversal pass — they
//! fold the permutation into the copies they make anyway:
//! * [`dit`]: bit-reversed input, natural output (decimation in time);
//! * [`dif`]: natural input, bit-reversed output (decimation in frequency).
//!
//! Both are unnormalised: the inverse transform (`inverse = true`, twiddles `ω^{-i}`) returns
//! `L` times the coefficients, and callers fold `1/L` into a scaling they already do.

use crate::domain::Domain;
use ark_ff::FftField;

/// Twiddle table of the requested direction.
fn table<F: FftField>(domain: &Domain<F>, inverse: bool) -> &[F] {
    if inverse {
        &domain.inv_powers
    } else {
        &domain.powers
    }
}

/// In-place batched FFT of length `2^log_len` (a subgroup of `domain`) on a tile whose vectors
/// are in bit-reversed order; the output vectors are in natural order.
pub(crate) fn dit<F: FftField>(
    domain: &Domain<F>,
    buf: &mut [F],
    width: usize,
    log_len: u32,
    inverse: bool,
) {
    let len = 1usize << log_len;
    debug_assert!(log_len <= domain.log_size && buf.len() == len * width);
    let tw = table(domain, inverse);
    let mut half = 1;
    while half < len {
        stage(
            buf,
            width,
            half,
            domain.size() / (2 * half),
            tw,
            butterfly_dit,
        );
        half *= 2;
    }
}

/// In-place batched FFT of length `2^log_len` on a tile whose vectors are in natural order; the
/// output vectors are in bit-reversed order.
pub(crate) fn dif<F: FftField>(
    domain: &Domain<F>,
    buf: &mut [F],
    width: usize,
    log_len: u32,
    inverse: bool,
) {
    let len = 1usize << log_len;
    debug_assert!(log_len <= domain.log_size && buf.len() == len * width);
    let tw = table(domain, inverse);
    let mut half = len / 2;
    while half >= 1 {
        stage(
            buf,
            width,
            half,
            domain.size() / (2 * half),
            tw,
            butterfly_dif,
        );
        half /= 2;
    }
}

/// One radix-2 stage: butterflies between vectors `t` and `t + half` of every block of
/// `2·half` vectors, with twiddle `ω_{2·half}^t = tw[t·step]` (`step = n'/(2·half)`); the
/// `t = 0` butterflies have twiddle 1 and skip the multiplication.
#[inline]
fn stage<F: FftField>(
    buf: &mut [F],
    width: usize,
    half: usize,
    step: usize,
    tw: &[F],
    butterfly: impl Fn(&mut [F], &mut [F], F),
) {
    for block in buf.chunks_exact_mut(2 * half * width) {
        let (lo, hi) = block.split_at_mut(half * width);
        for (t, (a, b)) in lo
            .chunks_exact_mut(width)
            .zip(hi.chunks_exact_mut(width))
            .enumerate()
        {
            if t == 0 {
                butterfly_unit(a, b);
            } else {
                butterfly(a, b, tw[t * step]);
            }
        }
    }
}

/// `(a, b) ← (a + b, a − b)`.
#[inline]
fn butterfly_unit<F: FftField>(a: &mut [F], b: &mut [F]) {
    for (x, y) in a.iter_mut().zip(b) {
        let t = *y;
        *y = *x - t;
        *x += t;
    }
}

/// `(a, b) ← (a + w·b, a − w·b)`.
#[inline]
fn butterfly_dit<F: FftField>(a: &mut [F], b: &mut [F], w: F) {
    for (x, y) in a.iter_mut().zip(b) {
        let t = *y * w;
        *y = *x - t;
        *x += t;
    }
}

/// `(a, b) ← (a + b, (a − b)·w)`.
#[inline]
fn butterfly_dif<F: FftField>(a: &mut [F], b: &mut [F], w: F) {
    for (x, y) in a.iter_mut().zip(b) {
        let t = *x - *y;
        *x += *y;
        *y = t * w;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::bitrev;
    use ark_bls12_381::Fr;
    use ark_ff::{Field, UniformRand, Zero};
    use ark_std::test_rng;

    /// Direct O(L²) DFT of one lane as an oracle.
    fn dft(domain: &Domain<Fr>, x: &[Fr], inverse: bool) -> Vec<Fr> {
        let len = x.len();
        let stride = domain.size() / len;
        (0..len)
            .map(|u| {
                let mut acc = Fr::zero();
                for (c, xc) in x.iter().enumerate() {
                    let e = stride * ((u * c) % len);
                    let w = if inverse {
                        domain.inv_powers[e]
                    } else {
                        domain.powers[e]
                    };
                    acc += *xc * w;
                }
                acc
            })
            .collect()
    }

    #[test]
    fn dit_and_dif_match_the_direct_dft_on_every_subgroup() {
        let mut rng = test_rng();
        let domain = Domain::<Fr>::new(32).unwrap();
        let width = 3;
        for log_len in 0..=5u32 {
            let len = 1 << log_len;
            for inverse in [false, true] {
                let lanes: Vec<Vec<Fr>> = (0..width)
                    .map(|_| (0..len).map(|_| Fr::rand(&mut rng)).collect())
                    .collect();
                let expected: Vec<Vec<Fr>> =
                    lanes.iter().map(|l| dft(&domain, l, inverse)).collect();

                let mut natural = vec![Fr::zero(); len * width];
                let mut reversed = vec![Fr::zero(); len * width];
                for (b, lane) in lanes.iter().enumerate() {
                    for (e, v) in lane.iter().enumerate() {
                        natural[e * width + b] = *v;
                        reversed[bitrev(e, log_len) * width + b] = *v;
                    }
                }
                dit(&domain, &mut reversed, width, log_len, inverse);
                dif(&domain, &mut natural, width, log_len, inverse);
                for (b, exp) in expected.iter().enumerate() {
                    for (u, v) in exp.iter().enumerate() {
                        assert_eq!(reversed[u * width + b], *v, "dit len {len}");
                        assert_eq!(natural[bitrev(u, log_len) * width + b], *v, "dif len {len}");
                    }
                }
            }
        }
        // the inverse really is the inverse up to the factor L
        let x: Vec<Fr> = (0..8).map(|_| Fr::rand(&mut rng)).collect();
        let back = dft(&domain, &dft(&domain, &x, false), true);
        let eight_inv = Fr::from(8u64).inverse().unwrap();
        assert_eq!(back.iter().map(|v| *v * eight_inv).collect::<Vec<_>>(), x);
    }
}
