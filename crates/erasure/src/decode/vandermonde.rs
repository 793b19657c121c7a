//! Inverse of the `k × k` Vandermonde matrix `V_J[t][c] = x_t^c` in O(k²) (docs/spec.md §1.4).
//!
//! Row `t` of `V_J` evaluates a polynomial at `x_t`, so `V_J^{-1}` maps the values
//! `(P(x_t))_t` back to the coefficients of `P`: column `t` of `V_J^{-1}` holds the coefficients
//! of the Lagrange polynomial `L_t(X) = Π_{s≠t} (X − x_s) / Π_{s≠t} (x_t − x_s)`. With
//! `A(X) = Π_s (X − x_s)` computed once, each numerator is the synthetic division
//! `A(X) / (X − x_t)` (O(k)) and each denominator is that quotient evaluated at `x_t` (O(k));
//! all `k` denominators are inverted together with one field inversion (Montgomery's trick).

use crate::{linalg::poly_from_roots, poly::horner};
use alloc::{vec, vec::Vec};
use ark_ff::{batch_inversion, Field};

/// `V^{-1}` row-major (`w[c·k + t]` = coefficient `c` of `L_t`), or `None` if two points
/// coincide.
pub(crate) fn inverse<F: Field>(points: &[F]) -> Option<Vec<F>> {
    let k = points.len();
    let a = poly_from_roots(points);
    let mut numerators = Vec::with_capacity(k);
    let mut denominators = Vec::with_capacity(k);
    for x in points {
        // q = A / (X − x): q[k−1] = a[k], q[i−1] = a[i] + x·q[i]
        let mut q = vec![F::zero(); k];
        let mut carry = F::zero();
        for i in (1..=k).rev() {
            carry = a[i] + carry * x;
            q[i - 1] = carry;
        }
        let denominator = horner(&q, *x);
        if denominator.is_zero() {
            return None;
        }
        denominators.push(denominator);
        numerators.push(q);
    }
    batch_inversion(&mut denominators);
    let mut w = vec![F::zero(); k * k];
    for (t, (q, inv)) in numerators.iter().zip(&denominators).enumerate() {
        for (c, qc) in q.iter().enumerate() {
            w[c * k + t] = *qc * inv;
        }
    }
    Some(w)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::linalg::invert;
    use ark_bls12_381::Fr;
    use ark_ff::{UniformRand, Zero};
    use ark_std::test_rng;

    #[test]
    fn matches_gauss_jordan_inverse_and_rejects_repeated_points() {
        let mut rng = test_rng();
        for k in 1..8 {
            let points: Vec<Fr> = (0..k).map(|_| Fr::rand(&mut rng)).collect();
            let mut v = vec![Fr::zero(); k * k];
            for (t, x) in points.iter().enumerate() {
                let mut p = Fr::from(1u64);
                for c in 0..k {
                    v[t * k + c] = p;
                    p *= x;
                }
            }
            assert_eq!(inverse(&points), invert(&v, k), "k = {k}");
        }
        let x = Fr::from(7u64);
        assert_eq!(inverse(&[Fr::from(1u64), x, x]), None);
    }
}
