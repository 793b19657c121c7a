//! Decoding from any `k` shards (docs/spec.md §1.4).
//!
//! Input validation happens first and covers every shard given: indices must be `< n` and
//! distinct, all shards must have the same non-zero length `m`, and at least `k` shards are
//! needed. When more than `k` shards are given, **the first `k` in the order given** are used
//! (they are then sorted by index, so that the cached plan does not depend on their order); the
//! others are only validated.
//!
//! Two methods, both exact and tested against each other:
//! * [`DecodeStrategy::Vandermonde`] (`vandermonde`): apply `V_J^{-1}` (built in O(k²)
//!   from Lagrange polynomials, cached per index set) to each row: `k²` multiplications per row.
//! * [`DecodeStrategy::Fft`] (`erasure`, FFT and systematic modes only): vanishing-polynomial
//!   erasure decoding, `≈ (n'/2)·log n' + k'·log k' + 2n' + 3k'` multiplications per row.
//!
//! [`DecodeStrategy::Auto`] picks the method with the smaller per-row cost given by
//! [`ReedSolomon::decode_cost`] (`k²` against `3/2` × the FFT multiplication count, the weight
//! accounting for the butterflies' additions; calibrated on the bench, where it selects the
//! faster method at k = 4, 16, 64); in points mode it is always Vandermonde. In systematic
//! mode, when the `k` shards used are exactly the systematic ones, decoding the data is a
//! transposition (no arithmetic).

mod erasure;
mod vandermonde;

use crate::{linalg::apply_matrix, tile, Encoding, Error, ReedSolomon};
use alloc::{sync::Arc, vec, vec::Vec};
use ark_ff::FftField;

pub(crate) use erasure::ErasurePlan;

/// Which decoding method to use; see the [module docs](self).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum DecodeStrategy {
    /// The cheaper of the two for the parameters (always Vandermonde in points mode).
    #[default]
    Auto,
    /// Invert the `k × k` Vandermonde submatrix once per index set, apply it to every row.
    Vandermonde,
    /// Vanishing-polynomial erasure decoding with FFTs (FFT and systematic modes; in points
    /// mode this request falls back to Vandermonde).
    Fft,
}

/// A cached decoding plan.
#[derive(Debug)]
pub(crate) enum Plan<F> {
    /// `W = V_J^{-1}`, row-major `k × k`.
    Vandermonde(Vec<F>),
    /// Tables of the erasure decoder.
    Erasure(ErasurePlan<F>),
}

/// Validated decoder input: the `k` shards used, sorted by index.
struct Selection<'a, F> {
    indices: Vec<usize>,
    values: Vec<&'a [F]>,
    m: usize,
}

impl<F: FftField> ReedSolomon<F> {
    /// Decodes the row-major `m × k` data matrix (the input of [`encode`](Self::encode)) from
    /// at least `k` shards `(index, values)`, with the [`Auto`](DecodeStrategy::Auto) strategy.
    ///
    /// Errors: [`Error::NotEnoughShards`], [`Error::IndexOutOfRange`],
    /// [`Error::DuplicateIndex`], [`Error::LengthMismatch`], [`Error::EmptyData`].
    pub fn decode(&self, shards: &[(usize, &[F])]) -> Result<Vec<F>, Error> {
        self.decode_with(shards, DecodeStrategy::Auto)
    }

    /// Like [`decode`](Self::decode), but returns the coefficient matrix of the row
    /// polynomials (equal to the data unless the encoding is systematic).
    pub fn decode_coefficients(&self, shards: &[(usize, &[F])]) -> Result<Vec<F>, Error> {
        self.decode_coefficients_with(shards, DecodeStrategy::Auto)
    }

    /// [`decode`](Self::decode) with an explicit strategy.
    pub fn decode_with(
        &self,
        shards: &[(usize, &[F])],
        strategy: DecodeStrategy,
    ) -> Result<Vec<F>, Error> {
        let sel = self.select(shards)?;
        match (self.encoding, &self.domain) {
            (Encoding::Systematic, Some(d)) => {
                if self.systematic_indices().as_deref() == Some(sel.indices.as_slice()) {
                    return Ok(transpose_shards(&sel.values, sel.m));
                }
                let coefficients = self.coefficients_from(&sel, strategy)?;
                Ok(self.subgroup_transform(d, &coefficients, false))
            }
            _ => self.coefficients_from(&sel, strategy),
        }
    }

    /// [`decode_coefficients`](Self::decode_coefficients) with an explicit strategy.
    pub fn decode_coefficients_with(
        &self,
        shards: &[(usize, &[F])],
        strategy: DecodeStrategy,
    ) -> Result<Vec<F>, Error> {
        let sel = self.select(shards)?;
        self.coefficients_from(&sel, strategy)
    }

    /// The method `strategy` resolves to for this coder.
    pub fn resolve_strategy(&self, strategy: DecodeStrategy) -> DecodeStrategy {
        match (strategy, self.encoding.is_fft()) {
            (_, false) => DecodeStrategy::Vandermonde,
            (DecodeStrategy::Auto, true) => {
                let (vandermonde, fft) = self.decode_cost();
                if fft < vandermonde {
                    DecodeStrategy::Fft
                } else {
                    DecodeStrategy::Vandermonde
                }
            }
            (explicit, true) => explicit,
        }
    }

    /// Estimated cost per row of `(Vandermonde, Fft)` decoding, the numbers
    /// [`DecodeStrategy::Auto`] compares: `k²` multiply–adds against `3/2` times the erasure
    /// decoder's multiplication count (see the [module docs](self)); `usize::MAX` for Fft in
    /// points mode.
    pub fn decode_cost(&self) -> (usize, usize) {
        let vandermonde = self.k * self.k;
        let fft = match &self.domain {
            None => usize::MAX,
            Some(d) => {
                let size = d.size();
                let k_pad = self.k.next_power_of_two();
                let log = |x: usize| x.trailing_zeros() as usize;
                let muls =
                    self.k + size / 2 * log(size) + size + k_pad * log(k_pad) + 2 * k_pad + self.k;
                // weight 3/2: each butterfly multiplication comes with an addition and a
                // subtraction and the size-n' buffer is zeroed per tile, whereas Vandermonde
                // multiply-adds use `sum_of_products` (calibrated with benches/erasure.rs)
                muls.saturating_mul(3) / 2
            }
        };
        (vandermonde, fft)
    }

    /// Number of cached decoding plans (shared by clones of this coder).
    pub fn cached_plans(&self) -> usize {
        self.cache.len()
    }

    fn coefficients_from(
        &self,
        sel: &Selection<'_, F>,
        strategy: DecodeStrategy,
    ) -> Result<Vec<F>, Error> {
        let strategy = self.resolve_strategy(strategy);
        let key = (strategy_id(strategy), sel.indices.clone());
        let plan = self
            .cache
            .get_or_build(key, || self.build_plan(strategy, &sel.indices))?;
        Ok(match plan.as_ref() {
            Plan::Erasure(p) => p.apply(&sel.values, sel.m),
            Plan::Vandermonde(w) => apply_matrix(w, self.k, &sel.values, sel.m),
        })
    }

    fn build_plan(&self, strategy: DecodeStrategy, indices: &[usize]) -> Result<Plan<F>, Error> {
        match (strategy, &self.domain) {
            (DecodeStrategy::Fft, Some(d)) => Ok(Plan::Erasure(ErasurePlan::new(
                Arc::clone(d),
                indices,
                self.k,
            ))),
            _ => {
                let points = indices
                    .iter()
                    .map(|&j| self.point(j))
                    .collect::<Result<Vec<_>, _>>()?;
                vandermonde::inverse(&points)
                    .map(Plan::Vandermonde)
                    .ok_or(Error::SingularMatrix)
            }
        }
    }

    /// Validates all given shards and keeps the first `k`, sorted by index.
    fn select<'a>(&self, shards: &[(usize, &'a [F])]) -> Result<Selection<'a, F>, Error> {
        if shards.len() < self.k {
            return Err(Error::NotEnoughShards {
                got: shards.len(),
                need: self.k,
            });
        }
        let m = shards[0].1.len();
        if m == 0 {
            return Err(Error::EmptyData);
        }
        let mut seen = vec![false; self.n];
        for &(index, values) in shards {
            self.check_index(index)?;
            if core::mem::replace(&mut seen[index], true) {
                return Err(Error::DuplicateIndex { index });
            }
            if values.len() != m {
                return Err(Error::LengthMismatch {
                    expected: m,
                    got: values.len(),
                });
            }
        }
        let mut used: Vec<(usize, &'a [F])> = shards[..self.k].to_vec();
        used.sort_unstable_by_key(|(index, _)| *index);
        Ok(Selection {
            indices: used.iter().map(|(j, _)| *j).collect(),
            values: used.iter().map(|(_, v)| *v).collect(),
            m,
        })
    }
}

fn strategy_id(strategy: DecodeStrategy) -> u8 {
    match strategy {
        DecodeStrategy::Auto => 0,
        DecodeStrategy::Vandermonde => 1,
        DecodeStrategy::Fft => 2,
    }
}

/// Row-major `m × k` matrix whose column `c` is `columns[c]`.
fn transpose_shards<F: FftField>(columns: &[&[F]], m: usize) -> Vec<F> {
    let k = columns.len();
    let mut out = vec![F::zero(); m * k];
    let rows = tile::rows_per_tile(k, m);
    tile::run(
        tile::row_tiles(&mut out, k, rows),
        || (),
        |_, (row0, chunk)| {
            for (c, col) in columns.iter().enumerate() {
                for (o, v) in chunk.iter_mut().skip(c).step_by(k).zip(&col[row0..]) {
                    *o = *v;
                }
            }
        },
    );
    out
}
