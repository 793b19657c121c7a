//! Field-level helpers: Horner evaluations and the challenge polynomial `g`
//! (docs/spec.md §7.4–7.5, §8.7).
//!
//! After `κ` folding rounds with challenges `u_0 … u_{κ−1}`, the folded
//! power vector and the folded commitment key are evaluations of
//!
//! `g(X) = Π_{ℓ<κ} (u_ℓ⁻¹ + u_ℓ·X^{2^{κ−1−ℓ}})`
//!
//! (round `ℓ` splits on index bit `κ−1−ℓ`): `b[0] = g(r)` and `G_0 = [g(τ)]_2`.
//! [`g_eval`] evaluates the product form in `O(κ)`; [`g_coeffs`] builds the
//! `m' = 2^κ` coefficients in `O(m')` by doubling the vector once per round.

use ark_ff::Field;

pub use vidkit_core::poly::{combine_rows, horner, powers};

/// `g(x)` in product form: `O(κ)` multiplications.
///
/// `us[ℓ]` and `u_invs[ℓ]` are the round-`ℓ` challenge and its inverse.
pub fn g_eval<F: Field>(us: &[F], u_invs: &[F], x: F) -> F {
    let kappa = us.len();
    // x^{2^t} for t < κ
    let mut sq = Vec::with_capacity(kappa);
    let mut cur = x;
    for _ in 0..kappa {
        sq.push(cur);
        cur.square_in_place();
    }
    us.iter()
        .zip(u_invs)
        .enumerate()
        .map(|(l, (u, ui))| *ui + *u * sq[kappa - 1 - l])
        .product()
}

/// The `2^κ` coefficients of `g`, low degree first, in `O(2^κ)`:
/// starting from `[1]`, for `ℓ = κ−1 … 0`, `c ← (u_ℓ⁻¹·c) ‖ (u_ℓ·c)`.
pub fn g_coeffs<F: Field>(us: &[F], u_invs: &[F]) -> Vec<F> {
    let mut c = Vec::with_capacity(1 << us.len());
    c.push(F::one());
    for (u, ui) in us.iter().zip(u_invs).rev() {
        let len = c.len();
        c.extend_from_within(..);
        for v in &mut c[..len] {
            *v *= ui;
        }
        for v in &mut c[len..] {
            *v *= u;
        }
    }
    c
}

#[cfg(test)]
mod tests {
    use super::*;
    use ark_bls12_381::Fr;
    use ark_ff::UniformRand;
    use ark_std::rand::SeedableRng;

    #[test]
    fn g_product_form_matches_coefficients() {
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(5);
        for kappa in 0..7 {
            let us: Vec<Fr> = (0..kappa).map(|_| Fr::rand(&mut rng)).collect();
            let uis: Vec<Fr> = us.iter().map(|u| u.inverse().unwrap()).collect();
            let c = g_coeffs(&us, &uis);
            assert_eq!(c.len(), 1 << kappa);
            let x = Fr::rand(&mut rng);
            assert_eq!(horner(&c, x), g_eval(&us, &uis, x), "κ = {kappa}");
        }
    }

    #[test]
    fn g_coefficient_of_i_is_the_product_over_its_bits() {
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(6);
        let kappa = 4;
        let us: Vec<Fr> = (0..kappa).map(|_| Fr::rand(&mut rng)).collect();
        let uis: Vec<Fr> = us.iter().map(|u| u.inverse().unwrap()).collect();
        let c = g_coeffs(&us, &uis);
        for (i, ci) in c.iter().enumerate() {
            // round ℓ splits on bit κ−1−ℓ
            let expect: Fr = (0..kappa)
                .map(|l| {
                    if (i >> (kappa - 1 - l)) & 1 == 1 {
                        us[l]
                    } else {
                        uis[l]
                    }
                })
                .product();
            assert_eq!(*ci, expect, "coefficient {i}");
        }
    }
}
