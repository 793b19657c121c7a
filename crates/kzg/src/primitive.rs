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
