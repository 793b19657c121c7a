//! The reusable coder: parameters, evaluation points and encoding (docs/spec.md §1.3).

use crate::{
    cache::PlanCache,
    decode::Plan,
    domain::{bitrev, Domain},
    fft,
    tile::{row_tiles, rows_per_tile, run, shard_tiles, transpose_in},
    Encoding, Error,
};
use alloc::{sync::Arc, vec, vec::Vec};
use ark_ff::FftField;

/// A Reed–Solomon coder for fixed `(k, n, encoding)` over the field `F`.
///
/// Construction validates the parameters and precomputes the evaluation domain (all powers of
/// `ω` in the FFT modes); decoding plans (inverted Vandermonde matrices, vanishing-polynomial
/// tables) are cached per set of shard indices and shared by clones. The coder is
/// `Send + Sync`; with the `parallel` feature every operation runs its rows on the rayon pool.
#[derive(Clone, Debug)]
pub struct ReedSolomon<F> {
    pub(crate) k: usize,
    pub(crate) n: usize,
    pub(crate) encoding: Encoding,
    /// `H_{n'}` in the FFT modes, `None` in points mode.
    pub(crate) domain: Option<Arc<Domain<F>>>,
    pub(crate) cache: Arc<PlanCache<Plan<F>>>,
}

/// The largest code length [`ReedSolomon::new`] accepts: 2^16 shards.
///
/// Codes are often built from untrusted parameters (the `k` and `n` of a
/// commitment header), and a code allocates in proportion to `n` (the FFT
/// modes build tables of `next_pow2(n)` field elements; decoding and
/// reconstruction work per shard). The bound keeps a hostile `n` from
/// exhausting memory before any check runs: at 2^16 the tables take 4 MiB.
/// Deployments use far fewer shards (EIP-7594 has 128 columns); a caller
/// that needs more says so with [`ReedSolomon::with_max_shards`].
pub const MAX_SHARDS: usize = 1 << 16;

impl<F: FftField> ReedSolomon<F> {
    /// A coder with `k` source shards and `n ≥ k` encoded shards, `n ≤`
    /// [`MAX_SHARDS`].
    ///
    /// Errors: [`Error::ZeroK`], [`Error::NLessThanK`], [`Error::TooManyShards`],
    /// [`Error::DomainTooLarge`] (FFT modes: `next_pow2(n) > 2^TWO_ADICITY`; points mode: `n`
    /// above the characteristic), [`Error::NotPowerOfTwo`] and
    /// [`Error::SystematicShardMissing`] (systematic mode).
    pub fn new(k: usize, n: usize, encoding: Encoding) -> Result<Self, Error> {
        Self::with_max_shards(k, n, encoding, MAX_SHARDS)
    }

    /// [`ReedSolomon::new`] with another bound on `n` than [`MAX_SHARDS`]
    /// (for codes whose parameters the caller trusts).
    pub fn with_max_shards(
        k: usize,
        n: usize,
        encoding: Encoding,
        max_shards: usize,
    ) -> Result<Self, Error> {
        if k == 0 {
            return Err(Error::ZeroK);
        }
        if n < k {
            return Err(Error::NLessThanK { k, n });
        }
        if n > max_shards {
            return Err(Error::TooManyShards { n, max: max_shards });
        }
        let domain = match encoding {
            Encoding::Points => {
                check_points_fit::<F>(n)?;
                None
            }
            Encoding::Fft | Encoding::Systematic => {
                let too_large = Error::DomainTooLarge {
                    n,
                    max: 1u64.checked_shl(F::TWO_ADICITY).unwrap_or(u64::MAX),
                };
                let size = n.checked_next_power_of_two().ok_or(too_large.clone())?;
                if size.trailing_zeros() > F::TWO_ADICITY {
                    return Err(too_large);
                }
                Some(Arc::new(Domain::new(size).ok_or(too_large)?))
            }
        };
        if encoding == Encoding::Systematic {
            if !k.is_power_of_two() {
                return Err(Error::NotPowerOfTwo { k });
            }
            let n_prime = n.next_power_of_two();
            let column = k - 1;
            let index = column * (n_prime / k);
            if index >= n {
                return Err(Error::SystematicShardMissing {
                    k,
                    n,
                    column,
                    index,
                });
            }
        }
        Ok(Self {
            k,
            n,
            encoding,
            domain,
            cache: Arc::default(),
        })
    }

    /// The number of source shards (code dimension).
    pub fn k(&self) -> usize {
        self.k
    }

    /// The number of encoded shards (code length).
    pub fn n(&self) -> usize {
        self.n
    }

    /// The evaluation-domain mode.
    pub fn encoding(&self) -> Encoding {
        self.encoding
    }

    /// `n' = next_pow2(n)`, the size of the FFT domain; `None` in points mode.
    pub fn domain_size(&self) -> Option<usize> {
        self.domain.as_deref().map(Domain::size)
    }

    /// The evaluation point `α_j` of shard `j`: `j` in points mode, `ω^j` otherwise.
    pub fn point(&self, j: usize) -> Result<F, Error> {
        self.check_index(j)?;
        Ok(match &self.domain {
            None => F::from(j as u64),
            Some(d) => d.powers[j],
        })
    }

    /// Column `j` of the `k × n` Vandermonde matrix, `(α_j^c)_{c<k}`: the combination vector
    /// of shard `j` (shard `j` row `i` equals `Σ_c α_j^c · coefficient[i][c]`).
    pub fn combination(&self, j: usize) -> Result<Vec<F>, Error> {
        let x = self.point(j)?;
        Ok(crate::poly::powers(x, self.k))
    }

    /// In systematic mode, the shard holding each source column: entry `c` is `c·(n'/k)`, and
    /// shard `c·(n'/k)` equals column `c` of the data matrix. `None` in the other modes.
    pub fn systematic_indices(&self) -> Option<Vec<usize>> {
        match (self.encoding, &self.domain) {
            (Encoding::Systematic, Some(d)) => {
                let stride = d.size() / self.k;
                Some((0..self.k).map(|c| c * stride).collect())
            }
            _ => None,
        }
    }

    /// The coefficients of the row polynomials `P_i` for a row-major `m × k` data matrix,
    /// row-major `m × k`: a copy in points and FFT modes; in systematic mode one inverse FFT of
    /// size `k` per row (the data row holds `P_i(ω_k^c)`).
    ///
    /// Errors: [`Error::EmptyData`], [`Error::NotAMultipleOfK`].
    pub fn coefficients(&self, data: &[F]) -> Result<Vec<F>, Error> {
        self.rows_of(data)?;
        match (self.encoding, &self.domain) {
            (Encoding::Systematic, Some(d)) => Ok(self.subgroup_transform(d, data, true)),
            _ => Ok(data.to_vec()),
        }
    }

    /// Evaluates the row polynomials given by a row-major `m × k` coefficient matrix: returns
    /// the `n` shards, shard `j` holding `m` values, `shard[j][i] = P_i(α_j)`.
    ///
    /// Errors: [`Error::EmptyData`], [`Error::NotAMultipleOfK`].
    pub fn evaluate(&self, coefficients: &[F]) -> Result<Vec<Vec<F>>, Error> {
        let m = self.rows_of(coefficients)?;
        let mut shards = vec![vec![F::zero(); m]; self.n];
        match &self.domain {
            None => self.evaluate_points(coefficients, m, &mut shards),
            Some(d) => self.evaluate_fft(d, coefficients, m, &mut shards),
        }
        Ok(shards)
    }

    /// Encodes a row-major `m × k` data matrix into `n` shards of `m` values:
    /// [`coefficients`](Self::coefficients) then [`evaluate`](Self::evaluate).
    pub fn encode(&self, data: &[F]) -> Result<Vec<Vec<F>>, Error> {
        match self.encoding {
            Encoding::Systematic => self.evaluate(&self.coefficients(data)?),
            Encoding::Points | Encoding::Fft => self.evaluate(data),
        }
    }

    /// Number of rows of a flat row-major matrix with `k` columns.
    pub(crate) fn rows_of(&self, matrix: &[F]) -> Result<usize, Error> {
        if matrix.is_empty() {
            return Err(Error::EmptyData);
        }
        if !matrix.len().is_multiple_of(self.k) {
            return Err(Error::NotAMultipleOfK {
                len: matrix.len(),
                k: self.k,
            });
        }
        Ok(matrix.len() / self.k)
    }

    pub(crate) fn check_index(&self, j: usize) -> Result<(), Error> {
        if j >= self.n {
            return Err(Error::IndexOutOfRange {
                index: j,
                n: self.n,
            });
        }
        Ok(())
    }

    /// Per row, the size-`k` transform between values on `H_k` and coefficients (`k` a power
    /// of two): `inverse = true` maps values to coefficients, `false` coefficients to values.
    pub(crate) fn subgroup_transform(&self, d: &Domain<F>, matrix: &[F], inverse: bool) -> Vec<F> {
        let k = self.k;
        let log_k = k.trailing_zeros();
        let m = matrix.len() / k;
        let scale = if inverse {
            F::from(k as u64).inverse().unwrap_or_else(F::one)
        } else {
            F::one()
        };
        let rows = rows_per_tile(k, m);
        let mut out = vec![F::zero(); m * k];
        run(
            row_tiles(&mut out, k, rows),
            || vec![F::zero(); rows * k],
            |buf, (row0, chunk)| {
                let width = chunk.len() / k;
                let buf = &mut buf[..width * k];
                transpose_in(matrix, k, row0, width, buf);
                fft::dif(d, buf, width, log_k, inverse);
                for (b, row) in chunk.chunks_exact_mut(k).enumerate() {
                    for (c, o) in row.iter_mut().enumerate() {
                        *o = buf[bitrev(c, log_k) * width + b] * scale;
                    }
                }
            },
        );
        out
    }

    /// Points mode: Horner's rule, vectorised over a tile of rows (docs/spec.md §1.3, §8.7).
    fn evaluate_points(&self, coefficients: &[F], m: usize, shards: &mut [Vec<F>]) {
        let k = self.k;
        let rows = rows_per_tile(k, m);
        run(
            shard_tiles(shards, rows),
            || vec![F::zero(); rows * k],
            |cols, (row0, mut outs)| {
                let width = outs[0].len();
                let cols = &mut cols[..width * k];
                transpose_in(coefficients, k, row0, width, cols);
                let (low, high) = cols.split_at(width * (k - 1));
                for (j, out) in outs.iter_mut().enumerate() {
                    let x = F::from(j as u64);
                    out.copy_from_slice(high);
                    for col in low.chunks_exact(width).rev() {
                        for (o, c) in out.iter_mut().zip(col) {
                            *o = *o * x + c;
                        }
                    }
                }
            },
        );
    }

    /// FFT modes: the `n'` evaluation points split into `r = n'/k'` cosets `ω^t·H_{k'}`
    /// (`k' = next_pow2(k)`); on coset `t` the row polynomial is evaluated by scaling
    /// coefficient `c` by `ω^{t·c}` and one size-`k'` FFT, whose output `u` is shard
    /// `t + r·u`. This skips the all-zero upper part of the zero-padded length-`n'` FFT
    /// (cost `m·(n'/2)·log k'` instead of `m·(n'/2)·log n'`).
    fn evaluate_fft(&self, d: &Domain<F>, coefficients: &[F], m: usize, shards: &mut [Vec<F>]) {
        let (k, n) = (self.k, self.n);
        let k_pad = k.next_power_of_two();
        let log_k = k_pad.trailing_zeros();
        let cosets = d.size() / k_pad;
        let rows = rows_per_tile(2 * k_pad, m);
        run(
            shard_tiles(shards, rows),
            || vec![F::zero(); rows * 2 * k_pad],
            |scratch, (row0, mut outs)| {
                let width = outs[0].len();
                let (cols, buf) = scratch.split_at_mut(rows * k_pad);
                let (cols, buf) = (&mut cols[..width * k], &mut buf[..width * k_pad]);
                transpose_in(coefficients, k, row0, width, cols);
                for t in 0..cosets.min(n) {
                    buf.iter_mut().for_each(|v| *v = F::zero());
                    for (c, col) in cols.chunks_exact(width).enumerate() {
                        let dst = &mut buf[bitrev(c, log_k) * width..][..width];
                        if t == 0 {
                            dst.copy_from_slice(col);
                        } else {
                            let w = d.pow(t * c);
                            for (o, v) in dst.iter_mut().zip(col) {
                                *o = *v * w;
                            }
                        }
                    }
                    fft::dit(d, buf, width, log_k, false);
                    for (u, vals) in buf.chunks_exact(width).enumerate() {
                        if let Some(out) = outs.get_mut(t + cosets * u) {
                            out.copy_from_slice(vals);
                        }
                    }
                }
            },
        );
    }
}

/// Points mode needs `n` distinct points `0..n`, i.e. `n ≤ p` (only binding for toy fields).
fn check_points_fit<F: FftField>(n: usize) -> Result<(), Error> {
    let modulus = F::characteristic();
    let small = modulus.iter().skip(1).all(|limb| *limb == 0);
    match modulus.first() {
        Some(p) if small && (n as u64) > *p => Err(Error::DomainTooLarge { n, max: *p }),
        _ => Ok(()),
    }
}
