//! Univariate polynomial helpers shared by the whole workspace (re-exported as
//! `vidkit_core::poly`).
//!
//! A polynomial is the slice of its coefficients, low degree first:
//! `values = (a_0, …, a_{d})` stands for `a(X) = Σ_i a_i·X^i`. The same
//! functions serve the "random linear combination" view of a shard
//! `Σ_i r^i·y_i` (the evaluation at `r` of the polynomial whose coefficients
//! are the shard's values), which is how KZG+ and aPlonK-PC combine rows.
//!
//! They live in `vidkit-erasure`, the lowest crate of the workspace, so that
//! the Reed-Solomon code and every scheme use one copy.

use alloc::vec::Vec;
use ark_ff::Field;

/// `Σ_i values[i]·x^i` by Horner's rule (`len − 1` multiplications; `0` for
/// an empty slice).
pub fn horner<F: Field>(values: &[F], x: F) -> F {
    values.iter().rev().fold(F::zero(), |acc, v| acc * x + v)
}

/// `(1, x, x², …, x^{len−1})` (`len − 1` multiplications).
pub fn powers<F: Field>(x: F, len: usize) -> Vec<F> {
    let mut out = Vec::with_capacity(len);
    let mut cur = F::one();
    for _ in 0..len {
        out.push(cur);
        cur *= x;
    }
    out
}

/// Coefficients (low degree first, `roots.len() + 1` of them) of
/// `Π (X − r)`: the vanishing polynomial of `roots` (`≈ len²/2`
/// multiplications).
pub fn from_roots<F: Field>(roots: &[F]) -> Vec<F> {
    let mut poly = Vec::with_capacity(roots.len() + 1);
    poly.push(F::one());
    for r in roots {
        // poly ← poly · (X − r)
        poly.push(F::zero());
        for i in (1..poly.len()).rev() {
            poly[i] = poly[i - 1] - poly[i] * r;
        }
        poly[0] = -poly[0] * r;
    }
    poly
}

/// Coefficients of `f = Σ_i r^i P_i` from the row-major `m × k` coefficient
/// matrix, by Horner over rows (`m·k` multiplications, no power table).
pub fn combine_rows<F: Field>(coefficients: &[F], k: usize, r: F) -> Vec<F> {
    let mut rows = coefficients.chunks_exact(k).rev();
    let mut f = rows.next().map(<[F]>::to_vec).unwrap_or_default();
    for row in rows {
        for (acc, c) in f.iter_mut().zip(row) {
            *acc = *acc * r + c;
        }
    }
    f
}

#[cfg(test)]
mod tests {
    use super::*;
    use ark_bls12_381::Fr;
    use ark_ff::{UniformRand, Zero};
    use ark_std::test_rng;

    #[test]
    fn horner_is_the_sum_of_powers() {
        let rng = &mut test_rng();
        for len in [0usize, 1, 2, 7] {
            let values: Vec<Fr> = (0..len).map(|_| Fr::rand(rng)).collect();
            let x = Fr::rand(rng);
            let direct: Fr = powers(x, len)
                .iter()
                .zip(&values)
                .map(|(p, v)| *p * v)
                .sum();
            assert_eq!(horner(&values, x), direct, "len {len}");
        }
        assert!(horner::<Fr>(&[], Fr::from(3u64)).is_zero());
    }

    #[test]
    fn combine_rows_is_the_r_combination() {
        let mut rng = test_rng();
        let (m, k) = (5, 3);
        let coeffs: Vec<Fr> = (0..m * k).map(|_| Fr::rand(&mut rng)).collect();
        let r = Fr::rand(&mut rng);
        let f = combine_rows(&coeffs, k, r);
        let rp = powers(r, m);
        for c in 0..k {
            let expect: Fr = (0..m).map(|i| rp[i] * coeffs[i * k + c]).sum();
            assert_eq!(f[c], expect);
        }
    }

    #[test]
    fn powers_are_consecutive() {
        let x = Fr::from(3u64);
        assert_eq!(powers(x, 0), Vec::<Fr>::new());
        assert_eq!(powers(x, 4), [1u64, 3, 9, 27].map(Fr::from).to_vec(),);
    }
}
