//! Commit and open (docs/spec.md §3; seed paper §2.2.1).
//!
//! With powers of τ `([τ^i]_1)_{i<d}` the commitment to
//! `P(X) = Σ_i a_i X^i` (deg P < d) is `C = [P(τ)]_1 = Σ_i a_i·[τ^i]_1`, one
//! variable-base MSM on the affine SRS bases. An opening at `z` is the value
//! `v = P(z)` and the witness `π = [W(τ)]_1` with
//! `W(X) = (P(X) − v)/(X − z)`, obtained by synthetic division (Ruffini):
//! `O(deg)` multiplications and additions, no inversion. The quotient of
//! `P(X)/(X − z)` is the same as that of `(P(X) − v)/(X − z)`; the remainder is
//! exactly `v`, so one pass yields both.
//!
//! The functions are generic over any [`CurveGroup`] so that the same code
//! commits in G1 (KZG, KZG+) and in G2 (aPlonK's key opening). The MSM is
//! `vidkit_msm::msm`: batch-affine Pippenger for BLS12-381 and BN254,
//! arkworks' MSM (through the curve's `SWCurveConfig::msm`) otherwise.

use crate::KzgError;
use ark_ec::CurveGroup;
use ark_ff::Field;

/// Commits to the polynomial with coefficients `coeffs` (low degree first):
/// `Σ_i coeffs[i]·powers[i]`.
///
/// Fails with [`KzgError::TooManyCoefficients`] if `coeffs` is longer than
/// `powers`. Trailing zero coefficients are allowed (the polynomial's degree
/// is never inferred from the length).
pub fn commit<G: CurveGroup>(
    powers: &[G::Affine],
    coeffs: &[G::ScalarField],
) -> Result<G, KzgError> {
    if coeffs.len() > powers.len() {
        return Err(KzgError::TooManyCoefficients {
            coefficients: coeffs.len(),
            powers: powers.len(),
        });
    }
    if coeffs.is_empty() {
        return Ok(G::zero());
    }
    Ok(vidkit_msm::msm::<G>(&powers[..coeffs.len()], coeffs))
}

/// Synthetic division of `P` (coefficients `coeffs`, low degree first) by
/// `X − z` (Ruffini's rule): returns `(P(z), coefficients of (P(X) − P(z))/(X − z))`.
///
/// The quotient has `coeffs.len() − 1` coefficients (none for a constant or
/// empty polynomial). No field inversion is used.
///
/// ```
/// use ark_bls12_381::Fr;
/// // P(X) = 1 + 2X + 3X², z = 2: P(2) = 17, (P − 17)/(X − 2) = 8 + 3X
/// let (v, q) = vidkit_kzg::divide_by_linear(&[Fr::from(1u64), Fr::from(2u64), Fr::from(3u64)], Fr::from(2u64));
/// assert_eq!(v, Fr::from(17u64));
/// assert_eq!(q, vec![Fr::from(8u64), Fr::from(3u64)]);
/// ```
pub fn divide_by_linear<F: Field>(coeffs: &[F], z: F) -> (F, Vec<F>) {
    let Some((&last, rest)) = coeffs.split_last() else {
        return (F::zero(), Vec::new());
    };
    // b_{d-1} = a_d, b_{i-1} = a_i + z·b_i, remainder = a_0 + z·b_0.
    let mut quotient = vec![F::zero(); rest.len()];
    let mut acc = last;
    for (i, &a) in rest.iter().enumerate().rev() {
        quotient[i] = acc;
        acc = a + z * acc;
    }
    (acc, quotient)
}

/// Opens the polynomial `coeffs` at `z`: returns `(P(z), π)` with
/// `π = [(P(τ) − P(z))/(τ − z)]_1` (in the group of `powers`).
///
/// Fails like [`commit`] when `coeffs` is longer than `powers`.
pub fn open<G: CurveGroup>(
    powers: &[G::Affine],
    coeffs: &[G::ScalarField],
    z: G::ScalarField,
) -> Result<(G::ScalarField, G), KzgError> {
    if coeffs.len() > powers.len() {
        return Err(KzgError::TooManyCoefficients {
            coefficients: coeffs.len(),
            powers: powers.len(),
        });
    }
    let (value, quotient) = divide_by_linear(coeffs, z);
    Ok((value, commit::<G>(powers, &quotient)?))
}

#[cfg(test)]
mod tests {
    use super::*;
    use ark_bls12_381::{Fr, G1Affine, G1Projective, G2Affine, G2Projective};
    use ark_ec::AffineRepr;
    use ark_ff::{UniformRand, Zero};
    use ark_std::rand::SeedableRng;

    fn eval(coeffs: &[Fr], x: Fr) -> Fr {
        coeffs.iter().rev().fold(Fr::zero(), |acc, &c| acc * x + c)
    }

    #[test]
    fn ruffini_matches_evaluation_and_quotient() {
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(1);
        for len in 0usize..12 {
            let p: Vec<Fr> = (0..len).map(|_| Fr::rand(&mut rng)).collect();
            let z = Fr::rand(&mut rng);
            let (v, q) = divide_by_linear(&p, z);
            assert_eq!(v, eval(&p, z));
            assert_eq!(q.len(), len.saturating_sub(1));
            // (X − z)·q(X) + v == P(X) at a random point
            let x = Fr::rand(&mut rng);
            assert_eq!((x - z) * eval(&q, x) + v, eval(&p, x));
        }
    }

    #[test]
    fn commit_with_known_tau_in_both_groups() {
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(2);
        let tau = Fr::rand(&mut rng);
        let mut pows = vec![Fr::from(1u64)];
        for _ in 1..9 {
            pows.push(*pows.last().unwrap() * tau);
        }
        let g1: Vec<G1Affine> = pows
            .iter()
            .map(|p| (G1Affine::generator() * p).into_affine())
            .collect();
        let g2: Vec<G2Affine> = pows
            .iter()
            .map(|p| (G2Affine::generator() * p).into_affine())
            .collect();
        let poly: Vec<Fr> = (0..8).map(|_| Fr::rand(&mut rng)).collect();
        let c1: G1Projective = commit(&g1, &poly).unwrap();
        let c2: G2Projective = commit(&g2, &poly).unwrap();
        assert_eq!(c1, G1Affine::generator() * eval(&poly, tau));
        assert_eq!(c2, G2Affine::generator() * eval(&poly, tau));
        let z = Fr::rand(&mut rng);
        let (v, pi): (Fr, G1Projective) = open(&g1, &poly, z).unwrap();
        assert_eq!(v, eval(&poly, z));
        assert_eq!(
            pi,
            G1Affine::generator() * ((eval(&poly, tau) - v) / (tau - z))
        );
        assert_eq!(
            commit::<G1Projective>(&g1[..3], &poly),
            Err(KzgError::TooManyCoefficients {
                coefficients: 8,
                powers: 3
            })
        );
        assert!(open::<G1Projective>(&g1[..3], &poly, z).is_err());
        assert!(commit::<G1Projective>(&g1, &[]).unwrap().is_zero());
    }
}
