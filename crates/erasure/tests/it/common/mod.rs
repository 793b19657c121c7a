//! Shared helpers of the integration tests: random data, an independent Horner oracle and the
//! list of (k, n, encoding) parameters a coder accepts.
#![allow(dead_code)] // each test binary uses a different subset of the helpers

use ark_ff::FftField;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use vidkit_erasure::{Encoding, ReedSolomon};

pub type Bls = ark_bls12_381::Fr;
pub type Bn = ark_bn254::Fr;

pub fn rng(seed: u64) -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(seed)
}

pub fn random_matrix<F: FftField>(rng: &mut impl Rng, len: usize) -> Vec<F> {
    (0..len).map(|_| F::rand(rng)).collect()
}

/// `Σ_c coeffs[c]·x^c`, computed without the crate.
pub fn horner<F: FftField>(coeffs: &[F], x: F) -> F {
    coeffs.iter().rev().fold(F::zero(), |acc, c| acc * x + c)
}

/// The evaluation point of shard `j` as defined by docs/spec.md §1.3, computed without the crate.
pub fn oracle_point<F: FftField>(encoding: Encoding, n: usize, j: usize) -> F {
    match encoding {
        Encoding::Points => F::from(j as u64),
        Encoding::Fft | Encoding::Systematic => {
            let w = F::get_root_of_unity(n.next_power_of_two() as u64).unwrap();
            w.pow([j as u64])
        }
    }
}

/// Shards of a coefficient matrix by direct evaluation: `shard[j][i] = P_i(α_j)`.
pub fn oracle_shards<F: FftField>(
    coefficients: &[F],
    k: usize,
    n: usize,
    encoding: Encoding,
) -> Vec<Vec<F>> {
    (0..n)
        .map(|j| {
            let x = oracle_point::<F>(encoding, n, j);
            coefficients.chunks(k).map(|row| horner(row, x)).collect()
        })
        .collect()
}

/// A coder for `(k, n, encoding)`, or `None` when the systematic encoding rejects the pair.
pub fn coder<F: FftField>(k: usize, n: usize, encoding: Encoding) -> Option<ReedSolomon<F>> {
    ReedSolomon::new(k, n, encoding).ok()
}

/// The shards at `indices` as decoder input.
pub fn pick<'a, F>(shards: &'a [Vec<F>], indices: &[usize]) -> Vec<(usize, &'a [F])> {
    indices.iter().map(|&j| (j, shards[j].as_slice())).collect()
}

/// All `k`-subsets of `0..n` in lexicographic order.
pub fn subsets(n: usize, k: usize) -> Vec<Vec<usize>> {
    fn rec(start: usize, n: usize, k: usize, cur: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
        if cur.len() == k {
            out.push(cur.clone());
            return;
        }
        for i in start..n {
            cur.push(i);
            rec(i + 1, n, k, cur, out);
            cur.pop();
        }
    }
    let mut out = Vec::new();
    rec(0, n, k, &mut Vec::new(), &mut out);
    out
}
