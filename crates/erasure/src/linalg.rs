//! Small dense linear algebra over a field: the product of linear factors, Gauss–Jordan inversion with
//! pivoting, rank selection, and the tiled application of a `k × k` matrix to `k` shards.
//!
//! Hand-written because arkworks has no dense matrix type; the routines are the textbook
//! ones, kept short and tested against each other (docs/spec.md §1.4 asks for pivoting, which
//! komodo's `Matrix::invert` lacks).

use crate::tile::{row_tiles, rows_per_tile, run};
use alloc::{vec, vec::Vec};
use ark_ff::Field;

pub(crate) use crate::poly::from_roots as poly_from_roots;

/// `Σ_i a[i]·b[i]`, using arkworks' `sum_of_products` on blocks of eight: interleaved
/// multiply–reduce (most reductions saved) when the modulus leaves two spare bits (BN254 Fr),
/// plain products otherwise (BLS12-381 Fr, 255 bits).
#[inline]
pub(crate) fn dot<F: Field>(a: &[F], b: &[F]) -> F {
    const BLOCK: usize = 8;
    let mut acc = F::zero();
    let mut ca = a.chunks_exact(BLOCK);
    let mut cb = b.chunks_exact(BLOCK);
    for (x, y) in (&mut ca).zip(&mut cb) {
        if let (Ok(x), Ok(y)) = (<&[F; BLOCK]>::try_from(x), <&[F; BLOCK]>::try_from(y)) {
            acc += F::sum_of_products(x, y);
        }
    }
    for (x, y) in ca.remainder().iter().zip(cb.remainder()) {
        acc += *x * y;
    }
    acc
}

/// Inverse of the row-major `k × k` matrix `mat` by Gauss–Jordan elimination with row
/// pivoting; `None` when it is singular.
pub(crate) fn invert<F: Field>(mat: &[F], k: usize) -> Option<Vec<F>> {
    debug_assert_eq!(mat.len(), k * k);
    let mut a = mat.to_vec();
    let mut inv = vec![F::zero(); k * k];
    for i in 0..k {
        inv[i * k + i] = F::one();
    }
    for col in 0..k {
        let pivot = (col..k).find(|&r| !a[r * k + col].is_zero())?;
        if pivot != col {
            for c in 0..k {
                a.swap(pivot * k + c, col * k + c);
                inv.swap(pivot * k + c, col * k + c);
            }
        }
        let scale = a[col * k + col].inverse()?;
        for c in 0..k {
            a[col * k + c] *= scale;
            inv[col * k + c] *= scale;
        }
        for r in 0..k {
            let factor = a[r * k + col];
            if r == col || factor.is_zero() {
                continue;
            }
            for c in 0..k {
                let (pa, pi) = (a[col * k + c], inv[col * k + c]);
                a[r * k + c] -= factor * pa;
                inv[r * k + c] -= factor * pi;
            }
        }
    }
    Some(inv)
}

/// Indices of the first `k` rows (in the given order) that are linearly independent, found by
/// reducing each row against an echelon basis of the rows kept so far; `None` when the rows
/// span less than `F^k`. Every row must have length `k`.
pub(crate) fn independent_rows<F: Field>(rows: &[&[F]], k: usize) -> Option<Vec<usize>> {
    // basis[p] = (pivot column, row normalised so that its pivot entry is 1)
    let mut basis: Vec<(usize, Vec<F>)> = Vec::with_capacity(k);
    let mut kept = Vec::with_capacity(k);
    for (idx, row) in rows.iter().enumerate() {
        let mut v = row.to_vec();
        for (p, b) in &basis {
            let f = v[*p];
            if !f.is_zero() {
                for (x, y) in v.iter_mut().zip(b) {
                    *x -= f * y;
                }
            }
        }
        if let Some(p) = v.iter().position(|x| !x.is_zero()) {
            let s = v[p].inverse()?;
            v.iter_mut().for_each(|x| *x *= s);
            basis.push((p, v));
            kept.push(idx);
            if kept.len() == k {
                return Some(kept);
            }
        }
    }
    None
}

/// Applies the row-major `k × k` matrix `w` to `k` input vectors of length `m` (one per column
/// of `w`) and returns the row-major `m × k` result: `out[i·k + c] = Σ_t w[c·k + t]·inputs[t][i]`.
pub(crate) fn apply_matrix<F: Field>(w: &[F], k: usize, inputs: &[&[F]], m: usize) -> Vec<F> {
    debug_assert!(w.len() == k * k && inputs.len() == k);
    let mut out = vec![F::zero(); m * k];
    let rows = rows_per_tile(k, m);
    run(
        row_tiles(&mut out, k, rows),
        || vec![F::zero(); rows * k],
        |gathered, (row0, chunk)| {
            let width = chunk.len() / k;
            // gathered[b·k + t] = inputs[t][row0 + b]: one received row, contiguous.
            for (t, input) in inputs.iter().enumerate() {
                for (b, v) in input[row0..row0 + width].iter().enumerate() {
                    gathered[b * k + t] = *v;
                }
            }
            for (y, o) in gathered.chunks_exact(k).zip(chunk.chunks_exact_mut(k)) {
                for (c, oc) in o.iter_mut().enumerate() {
                    *oc = dot(&w[c * k..(c + 1) * k], y);
                }
            }
        },
    );
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::poly::horner;
    use ark_bls12_381::Fr;
    use ark_ff::{One, UniformRand, Zero};
    use ark_std::test_rng;

    fn mat_mul(a: &[Fr], b: &[Fr], k: usize) -> Vec<Fr> {
        let mut out = vec![Fr::zero(); k * k];
        for i in 0..k {
            for j in 0..k {
                out[i * k + j] = (0..k).map(|t| a[i * k + t] * b[t * k + j]).sum();
            }
        }
        out
    }

    #[test]
    fn poly_from_roots_vanishes_exactly_on_its_roots() {
        let mut rng = test_rng();
        let roots: Vec<Fr> = (0..5).map(|_| Fr::rand(&mut rng)).collect();
        let p = poly_from_roots(&roots);
        assert_eq!(p.len(), 6);
        assert_eq!(p[5], Fr::one(), "monic");
        for r in &roots {
            assert!(horner(&p, *r).is_zero());
        }
        let x = Fr::rand(&mut rng);
        let direct: Fr = roots.iter().map(|r| x - r).product();
        assert_eq!(horner(&p, x), direct);
        assert_eq!(poly_from_roots::<Fr>(&[]), vec![Fr::one()]);
    }

    #[test]
    fn dot_matches_the_naive_sum_for_all_lengths() {
        let mut rng = test_rng();
        for len in 0..20 {
            let a: Vec<Fr> = (0..len).map(|_| Fr::rand(&mut rng)).collect();
            let b: Vec<Fr> = (0..len).map(|_| Fr::rand(&mut rng)).collect();
            let naive: Fr = a.iter().zip(&b).map(|(x, y)| *x * y).sum();
            assert_eq!(dot(&a, &b), naive);
        }
    }

    #[test]
    fn invert_needs_pivoting_and_detects_singularity() {
        // [[0, 1], [1, 0]] has a zero leading pivot: komodo's inversion fails on it.
        let m = [Fr::zero(), Fr::one(), Fr::one(), Fr::zero()];
        assert_eq!(invert(&m, 2).unwrap(), m.to_vec());
        let mut rng = test_rng();
        let k = 6;
        let a: Vec<Fr> = (0..k * k).map(|_| Fr::rand(&mut rng)).collect();
        let inv = invert(&a, k).unwrap();
        let id = mat_mul(&a, &inv, k);
        for i in 0..k {
            for j in 0..k {
                assert_eq!(id[i * k + j], if i == j { Fr::one() } else { Fr::zero() });
            }
        }
        // duplicate a row: singular
        let mut s = a.clone();
        let (first, rest) = s.split_at_mut(k);
        rest[2 * k..3 * k].copy_from_slice(first);
        assert!(invert(&s, k).is_none());
    }

    #[test]
    fn independent_rows_skips_dependent_ones() {
        let e = |v: [u64; 3]| v.map(Fr::from).to_vec();
        let rows = [
            e([1, 2, 3]),
            e([2, 4, 6]),
            e([0, 0, 0]),
            e([0, 1, 0]),
            e([1, 3, 3]),
            e([0, 0, 5]),
        ];
        let refs: Vec<&[Fr]> = rows.iter().map(Vec::as_slice).collect();
        assert_eq!(independent_rows(&refs, 3), Some(vec![0, 3, 5]));
        assert_eq!(independent_rows(&refs[..5], 3), None);
    }
}
