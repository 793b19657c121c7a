//! The two group computations of Semi-AVID-PC (docs/spec.md §6.2, §6.4, §8.2).
//!
//! * Commit: `γ_c = MSM(B[0..m), column c)` for the `k` columns of the
//!   coefficient matrix. The columns are transposed into rows and the `k`
//!   MSMs handed to vidkit-msm at once (`MsmBases::msm_rows`), on bases
//!   prepared once for them: batch-affine Pippenger, or the table the key
//!   builds once commits have repaid it (`crate::prepared`). A multiples
//!   table runs the rows in cache blocks (every row's lookups into one
//!   base's multiples at a time); the other engines run one MSM per row.
//!   With the `parallel` feature the rows (or blocks) are spread over the
//!   rayon pool. Group arithmetic is exact, so every path gives identical
//!   points.
//! * Check: `Σ_i y_i·B_i − Σ_c λ_c·γ_c = 0` as **one** MSM of size `m + k`
//!   (one Pippenger bucket pass instead of two), no pairing.

use ark_ec::{pairing::Pairing, AffineRepr, CurveGroup};
use ark_ff::{PrimeField, Zero};

use crate::Bases;

type BigOf<E> = <<E as Pairing>::ScalarField as PrimeField>::BigInt;

/// The `k` column commitments of a row-major `m × k` coefficient matrix
/// (`coefficients.len() == m·k`, `bases.len() ≥ m`).
pub(crate) fn commit_columns<E: Pairing>(
    key: &Bases<E>,
    coefficients: &[E::ScalarField],
    k: usize,
) -> Vec<E::G1Affine> {
    let m = coefficients.len() / k;
    if m == 0 {
        return vec![<E::G1Affine as AffineRepr>::zero(); k];
    }
    let bases = key.prepared().for_commit(key.points(), m, k);
    // Column c of the row-major matrix is row c of its transpose: the k MSMs
    // go to the engine at once, so a multiples table serves them in its
    // cache-friendly order (vidkit_msm::FixedBases::msm_rows), and the other
    // engines spread them over the rayon pool.
    let mut columns = Vec::with_capacity(m * k);
    for c in 0..k {
        columns.extend(coefficients.iter().skip(c).step_by(k).copied());
    }
    let points = bases
        .msm_rows(&columns, m)
        .expect("the key holds at least m bases and m divides m·k");
    E::G1::normalize_batch(&points)
}

/// Whether `Σ_i values_i·B_i == Σ_c lambda_c·γ_c` (`bases.len() ≥ values.len()`,
/// `lambda.len() == columns.len()`), as one MSM of size `m + k` compared with 0.
pub(crate) fn homomorphic_check<E: Pairing>(
    bases: &[E::G1Affine],
    columns: &[E::G1Affine],
    values: &[E::ScalarField],
    lambda: &[E::ScalarField],
) -> bool {
    let m = values.len();
    let mut points = Vec::with_capacity(m + columns.len());
    points.extend_from_slice(&bases[..m]);
    points.extend_from_slice(columns);
    let scalars: Vec<BigOf<E>> = values
        .iter()
        .map(|v| v.into_bigint())
        .chain(lambda.iter().map(|l| (-*l).into_bigint()))
        .collect();
    vidkit_msm::msm_bigint::<E::G1>(&points, &scalars).is_zero()
}
