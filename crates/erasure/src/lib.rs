//! Reed–Solomon erasure coding over any FFT-friendly prime field (docs/spec.md §1.3–§1.4, §8.1,
//! §8.7).
//!
//! # The code
//!
//! The data is an `m × k` matrix `M` over `F`, row-major (row `i` = `M[i][0..k)`). Row `i`
//! defines the polynomial `P_i(X) = Σ_c M[i][c]·X^c` (degree `< k`); shard `j < n` is the
//! vector of all rows evaluated at the point `α_j`:
//!
//! ```text
//! shard[j][i] = P_i(α_j) = Σ_c M[i][c]·α_j^c,    i.e.  Y = M·V,  V[c][j] = α_j^c  (k × n Vandermonde)
//! ```
//!
//! With pairwise distinct points any `k` columns of `V` form an invertible matrix, so any `k`
//! shards determine `M` (the code is MDS). The [`Encoding`] chooses the points:
//!
//! * [`Encoding::Points`]: `α_j = j` (komodo, the seed paper). Encoding evaluates each row with
//!   Horner's rule (`n·m·(k−1)` multiplications); decoding inverts the `k × k` submatrix `V_J`.
//! * [`Encoding::Fft`]: `α_j = ω^j` with `ω` a primitive `n'`-th root of unity,
//!   `n' = next_pow2(n) ≤ 2^TWO_ADICITY` (ark-poly's `Radix2EvaluationDomain` generator).
//!   Evaluating a row at all of `H_{n'}` is one FFT of the zero-padded coefficients; since only
//!   `k' = next_pow2(k)` of them are non-zero, it splits into `n'/k'` FFTs of size `k'` on the
//!   cosets `ω^t·H_{k'}` (`m·(n'/2)·log k'` multiplications). Shards `j ≥ n` are not produced.
//! * [`Encoding::Systematic`]: as `Fft`, but row `i` of the data holds *values*
//!   `M[i][c] = P_i(ω_k^c)` on `H_k` (`ω_k = ω^{n'/k}`, `k` a power of two); the coefficients
//!   come from one inverse FFT of size `k` per row. Then shard `c·(n'/k)` *is* source column `c`
//!   ([`ReedSolomon::systematic_indices`]).
//!
//! # Decoding
//!
//! From shards `J = {j_1 … j_k}`: `(M[i][c])_c = V_J^{-1}·(shard[j_t][i])_t` for every row.
//! `V_J^{-1}` is built in O(k²) from Lagrange polynomials and cached per index set; applying it
//! costs `k²` multiplications per row. In the FFT modes the crate also implements erasure
//! decoding with the vanishing polynomial `Z(X) = Π_{j∉J} (X − ω^j)` of the missing positions:
//! `P·Z` is known on all of `H_{n'}` (it is `y_j·Z(ω^j)` on `J` and `0` elsewhere), so one
//! inverse FFT gives it, and dividing by `Z` on a coset where `Z` has no root recovers `P`
//! in O(n' log n') per row. [`DecodeStrategy::Auto`] picks the cheaper method; see
//! [`mod@decode`] for the exact rule.
//!
//! Shards with arbitrary combination vectors (random linear network coding, used by
//! Semi-AVID) are handled by [`recode`] and [`decode_combinations`].
//!
//! # Example
//!
//! ```
//! use ark_bls12_381::Fr;
//! use vidkit_erasure::{Encoding, ReedSolomon};
//!
//! let (k, n) = (4, 8);
//! let data: Vec<Fr> = (0u64..12).map(Fr::from).collect(); // m = 3 rows of k = 4
//! let rs = ReedSolomon::<Fr>::new(k, n, Encoding::Fft)?;
//! let shards = rs.encode(&data)?;
//! assert_eq!(shards.len(), n);
//!
//! // lose half of the shards, decode from any k of the others
//! let kept: Vec<(usize, &[Fr])> = [7, 2, 5, 0].iter().map(|&j| (j, shards[j].as_slice())).collect();
//! assert_eq!(rs.decode(&kept)?, data);
//!
//! // fewer than k shards is an error, never wrong data
//! assert!(rs.decode(&kept[..3]).is_err());
//! # Ok::<(), vidkit_erasure::Error>(())
//! ```
//!
//! # Hand-written parts
//!
//! The batched FFT kernels ([`fft`](crate)), the tiny dense linear algebra and the plan cache
//! are written here: ark-poly transforms one vector per call and recomputes its twiddles each
//! time, and arkworks has no matrix type. Everything else (field arithmetic, roots of unity,
//! batch inversion, `sum_of_products`) comes from arkworks.
//!
//! # Features
//!
//! * `std` (default): the decoding-plan cache (without it, plans are rebuilt per call).
//! * `parallel`: rows are processed in tiles on the rayon pool; outputs are bit-identical to the
//!   sequential path.

#![cfg_attr(not(feature = "std"), no_std)]
#![forbid(unsafe_code)]
#![deny(missing_docs)]

extern crate alloc;

mod cache;
mod coder;
pub mod decode;
mod domain;
mod encoding;
mod error;
mod fft;
mod linalg;
pub mod poly;
mod recode;
mod tile;

pub use coder::{ReedSolomon, MAX_SHARDS};
pub use decode::DecodeStrategy;
pub use encoding::{Encoding, UnknownEncoding};
pub use error::Error;
pub use recode::{decode_combinations, recode};

use alloc::vec::Vec;
use ark_ff::FftField;

/// Encodes a row-major `m × k` data matrix into `n` shards; see [`ReedSolomon::encode`]. Builds
/// a coder per call: keep a [`ReedSolomon`] to reuse its tables.
pub fn encode<F: FftField>(
    data: &[F],
    k: usize,
    n: usize,
    encoding: Encoding,
) -> Result<Vec<Vec<F>>, Error> {
    ReedSolomon::new(k, n, encoding)?.encode(data)
}

/// Decodes the row-major `m × k` data matrix from at least `k` shards `(index, values)`; see
/// [`ReedSolomon::decode`].
pub fn decode<F: FftField>(
    shards: &[(usize, &[F])],
    k: usize,
    n: usize,
    encoding: Encoding,
) -> Result<Vec<F>, Error> {
    ReedSolomon::new(k, n, encoding)?.decode(shards)
}
