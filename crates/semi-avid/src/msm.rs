//! The two group computations of Semi-AVID-PC (docs/spec.md §6.2, §6.4, §8.2).
//!
//! * Commit: `γ_c = MSM(B[0..m), column c)` for the `k` columns of the
//!   coefficient matrix. The scalars are converted to their canonical big
//!   integers once, column by column, and every MSM runs on bases prepared
//!   once for the `k` MSMs: batch-affine Pippenger, or the key's window table
//!   once commits have repaid building it (`crate::prepared`). With the
//!   `parallel` feature the columns are spread over the rayon pool when there
//!   are at least as many columns as threads; otherwise the columns run one
//!   after the other and each MSM is parallel inside (vidkit-msm's `parallel`).
//!   Group arithmetic is exact, so both paths give identical points.
//! * Check: `Σ_i y_i·B_i − Σ_c λ_c·γ_c = 0` as **one** MSM of size `m + k`
//!   (one Pippenger bucket pass instead of two), no pairing.

use ark_ec::{pairing::Pairing, CurveGroup};
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
    let bases = key.prepared().for_commit(key.points(), m, k);
    let column = |c: usize| -> E::G1 {
        let scalars: Vec<BigOf<E>> = coefficients
            .iter()
            .skip(c)
            .step_by(k)
            .map(|v| v.into_bigint())
            .collect();
        bases.msm_bigint(&scalars)
    };
    #[cfg(feature = "parallel")]
    let points: Vec<E::G1> = {
        use rayon::prelude::*;
        if k >= rayon::current_num_threads() {
            (0..k).into_par_iter().map(column).collect()
        } else {
            (0..k).map(column).collect()
        }
    };
    #[cfg(not(feature = "parallel"))]
    let points: Vec<E::G1> = (0..k).map(column).collect();
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
