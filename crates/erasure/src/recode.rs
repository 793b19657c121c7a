//! Recoding (random linear network coding) and decoding from arbitrary combinations
//! (docs/spec.md §1.4 last paragraph, §6.6; komodo `fec::recode_*`).
//!
//! A *combination shard* is a pair `(λ, values)` with `λ ∈ F^k` and
//! `values[i] = Σ_c λ_c · coefficients[i][c]`. An RS shard `j` is the combination
//! `λ = (α_j^c)_c` ([`ReedSolomon::combination`](crate::ReedSolomon::combination)).
//! Any linear combination of combination shards is again one ([`recode`]); any `k` of them
//! whose `λ` span `F^k` determine the coefficients ([`decode_combinations`]). Unlike komodo,
//! the inversion pivots, so combination matrices whose leading minors vanish still decode,
//! and linearly dependent inputs give [`Error::SingularMatrix`] instead of wrong data.

use crate::{
    linalg::{apply_matrix, independent_rows, invert},
    Error,
};
use alloc::{vec, vec::Vec};
use ark_ff::Field;

/// `(Σ_u β_u λ_u, Σ_u β_u values_u)` for shards `(λ_u, values_u)`.
///
/// Errors: [`Error::NotEnoughShards`] (no shard), [`Error::LengthMismatch`] (`betas` not one
/// per shard, or combinations / values of different lengths).
pub fn recode<F: Field>(shards: &[(&[F], &[F])], betas: &[F]) -> Result<(Vec<F>, Vec<F>), Error> {
    let (lambda0, values0) = shards
        .first()
        .ok_or(Error::NotEnoughShards { got: 0, need: 1 })?;
    if betas.len() != shards.len() {
        return Err(Error::LengthMismatch {
            expected: shards.len(),
            got: betas.len(),
        });
    }
    let mut lambda = vec![F::zero(); lambda0.len()];
    let mut values = vec![F::zero(); values0.len()];
    for ((l, v), beta) in shards.iter().zip(betas) {
        check_len(lambda.len(), l.len())?;
        check_len(values.len(), v.len())?;
        for (acc, x) in lambda.iter_mut().zip(*l).chain(values.iter_mut().zip(*v)) {
            *acc += *x * beta;
        }
    }
    Ok((lambda, values))
}

/// The row-major `m × k` coefficient matrix from combination shards `(λ_u, values_u)`.
///
/// Uses the first `k` shards, in the order given, whose combinations are linearly independent
/// (later ones are only length-checked), inverts their `k × k` combination matrix by
/// Gauss–Jordan elimination with pivoting and applies it to every row.
///
/// Errors: [`Error::ZeroK`], [`Error::NotEnoughShards`] (fewer than `k` shards),
/// [`Error::LengthMismatch`] (a `λ` not of length `k`, values of different lengths),
/// [`Error::EmptyData`] (values of length 0), [`Error::SingularMatrix`] (the combinations do
/// not span `F^k`).
pub fn decode_combinations<F: Field>(shards: &[(&[F], &[F])], k: usize) -> Result<Vec<F>, Error> {
    if k == 0 {
        return Err(Error::ZeroK);
    }
    if shards.len() < k {
        return Err(Error::NotEnoughShards {
            got: shards.len(),
            need: k,
        });
    }
    let m = shards[0].1.len();
    if m == 0 {
        return Err(Error::EmptyData);
    }
    for (lambda, values) in shards {
        check_len(k, lambda.len())?;
        check_len(m, values.len())?;
    }
    let lambdas: Vec<&[F]> = shards.iter().map(|(l, _)| *l).collect();
    let chosen = independent_rows(&lambdas, k).ok_or(Error::SingularMatrix)?;
    let matrix: Vec<F> = chosen
        .iter()
        .flat_map(|&u| lambdas[u].iter().copied())
        .collect();
    let inverse = invert(&matrix, k).ok_or(Error::SingularMatrix)?;
    let values: Vec<&[F]> = chosen.iter().map(|&u| shards[u].1).collect();
    Ok(apply_matrix(&inverse, k, &values, m))
}

fn check_len(expected: usize, got: usize) -> Result<(), Error> {
    if expected != got {
        return Err(Error::LengthMismatch { expected, got });
    }
    Ok(())
}
