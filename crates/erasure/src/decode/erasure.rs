//! Erasure decoding with the vanishing polynomial of the missing positions (docs/spec.md §1.4,
//! §8.1; the method of c-kzg / rust-kzg `recover`).
//!
//! Let `J` be the `k` indices used, `N = n'` and `Z(X) = Π_{j ∈ H_N \ J} (X − ω^j)` (the
//! `N − k` positions not used, including the never-distributed `j ≥ n`). For a row polynomial
//! `P` of degree `< k`, `D = P·Z` has degree `< N` and is known on all of `H_N`:
//! `D(ω^j) = y_j·Z(ω^j)` for `j ∈ J` and `0` elsewhere. So per row:
//!
//! 1. one inverse FFT of size `N` gives the coefficients of `D`;
//! 2. `D` is evaluated on the coset `g·H_K` (`K = next_pow2(k)`, `g` the multiplicative
//!    generator, so `Z` has no root there): fold the `N` coefficients modulo `X^K − g^K`
//!    (`f_a = Σ_s d_{a+sK} g^{a+sK}`) and one FFT of size `K`;
//! 3. divide pointwise by `Z(g·ω_K^u)` to get `P(g·ω_K^u)`;
//! 4. one inverse FFT of size `K` gives `p_c·g^c`; unscale by `g^{-c}`.
//!
//! The tables depend only on `J` and are built once per index set in O(k² + K·k):
//! with `A(X) = Π_{j∈J} (X − ω^j)` we have `A·Z = X^N − 1`, hence
//! `Z(ω^j) = N·ω^{-j} / A'(ω^j)` for `j ∈ J` and `Z(g·ω_K^u) = (g^N − 1) / A(g·ω_K^u)`.
//! The `1/N` of step 1 and the `1/K` of step 4 are folded into these tables.

use crate::{
    domain::{bitrev, Domain},
    fft,
    linalg::poly_from_roots,
    poly::{horner, powers},
    tile::{row_tiles, rows_per_tile, run},
};
use alloc::{sync::Arc, vec, vec::Vec};
use ark_ff::{batch_inversion, FftField};

/// Tables for one index set.
#[derive(Debug)]
pub(crate) struct ErasurePlan<F> {
    domain: Arc<Domain<F>>,
    k: usize,
    /// Positions (in bit-reversed order) of the used shards in the size-`N` input.
    positions: Vec<usize>,
    /// `Z(ω^{j_t}) / N`.
    z_at_received: Vec<F>,
    /// `g^c`, `c < N`.
    coset_powers: Vec<F>,
    /// `1 / Z(g·ω_K^u)`, `u < K`.
    inv_z_on_coset: Vec<F>,
    /// `g^{-c} / K`, `c < k`.
    unscale: Vec<F>,
}

impl<F: FftField> ErasurePlan<F> {
    /// Tables for the sorted, distinct indices `indices` (`k` of them, all `< N`).
    pub(crate) fn new(domain: Arc<Domain<F>>, indices: &[usize], k: usize) -> Self {
        let size = domain.size();
        let k_pad = k.next_power_of_two();
        let xs: Vec<F> = indices.iter().map(|&j| domain.powers[j]).collect();
        let a = poly_from_roots(&xs);
        let derivative: Vec<F> = a
            .iter()
            .enumerate()
            .skip(1)
            .map(|(i, c)| F::from(i as u64) * c)
            .collect();

        // Z(ω^j)/N = ω^{-j} / A'(ω^j); A'(ω^j) ≠ 0 because the roots of A are distinct.
        let mut z_at_received: Vec<F> = xs.iter().map(|x| horner(&derivative, *x)).collect();
        batch_inversion(&mut z_at_received);
        for (z, &j) in z_at_received.iter_mut().zip(indices) {
            *z *= domain.inv_powers[j];
        }

        // 1/Z(g·ω_K^u) = A(g·ω_K^u) / (g^N − 1); g^N ≠ 1 since g generates F^*.
        let g = F::GENERATOR;
        let coset_powers = powers(g, size);
        let g_pow_n = coset_powers[size - 1] * g;
        let denominator = (g_pow_n - F::one()).inverse().unwrap_or_else(F::zero);
        let stride = size / k_pad;
        let inv_z_on_coset = (0..k_pad)
            .map(|u| horner(&a, g * domain.powers[u * stride]) * denominator)
            .collect();

        let k_inv = F::from(k_pad as u64).inverse().unwrap_or_else(F::one);
        let g_inv = g.inverse().unwrap_or_else(F::one);
        let unscale = powers(g_inv, k).into_iter().map(|p| p * k_inv).collect();

        let log_size = domain.log_size;
        Self {
            positions: indices.iter().map(|&j| bitrev(j, log_size)).collect(),
            domain,
            k,
            z_at_received,
            coset_powers,
            inv_z_on_coset,
            unscale,
        }
    }

    /// Decodes the row-major `m × k` coefficient matrix from the `k` shards (same order as
    /// the indices of [`new`](Self::new)), each of length `m`.
    pub(crate) fn apply(&self, values: &[&[F]], m: usize) -> Vec<F> {
        let (d, k) = (self.domain.as_ref(), self.k);
        let size = d.size();
        let k_pad = k.next_power_of_two();
        let (log_size, log_k) = (d.log_size, k_pad.trailing_zeros());
        let rows = rows_per_tile(size + k_pad, m);
        let mut out = vec![F::zero(); m * k];
        run(
            row_tiles(&mut out, k, rows),
            || vec![F::zero(); rows * (size + k_pad)],
            |scratch, (row0, chunk)| {
                let width = chunk.len() / k;
                let (big, small) = scratch.split_at_mut(rows * size);
                let (big, small) = (&mut big[..width * size], &mut small[..width * k_pad]);

                // 1. D(ω^j) at bit-reversed positions, zero elsewhere; inverse FFT.
                big.iter_mut().for_each(|v| *v = F::zero());
                for ((pos, z), y) in self.positions.iter().zip(&self.z_at_received).zip(values) {
                    let dst = &mut big[pos * width..][..width];
                    for (o, v) in dst.iter_mut().zip(&y[row0..row0 + width]) {
                        *o = *v * z;
                    }
                }
                fft::dit(d, big, width, log_size, true);

                // 2. fold modulo X^K − g^K into bit-reversed positions; FFT of size K.
                for a in 0..k_pad {
                    let dst = &mut small[bitrev(a, log_k) * width..][..width];
                    for (s, src) in big.chunks_exact(width).skip(a).step_by(k_pad).enumerate() {
                        let g = self.coset_powers[a + s * k_pad];
                        if s == 0 {
                            for (o, v) in dst.iter_mut().zip(src) {
                                *o = *v * g;
                            }
                        } else {
                            for (o, v) in dst.iter_mut().zip(src) {
                                *o += *v * g;
                            }
                        }
                    }
                }
                fft::dit(d, small, width, log_k, false);

                // 3. divide by Z on the coset; 4. inverse FFT (bit-reversed out) and unscale.
                for (vals, inv_z) in small.chunks_exact_mut(width).zip(&self.inv_z_on_coset) {
                    vals.iter_mut().for_each(|v| *v *= inv_z);
                }
                fft::dif(d, small, width, log_k, true);
                for (c, scale) in self.unscale.iter().enumerate() {
                    let src = &small[bitrev(c, log_k) * width..][..width];
                    for (row, v) in chunk.chunks_exact_mut(k).zip(src) {
                        row[c] = *v * scale;
                    }
                }
            },
        );
        out
    }
}
