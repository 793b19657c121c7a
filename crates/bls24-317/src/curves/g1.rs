//! G1: `E: y^2 = x^3 + 4` over `Fq`, `#E(Fq) = h1 · r` with
//! `h1 = (x - 1)^2 / 3`.
//!
//! * Subgroup check (Scott, eprint 2021/1130 §6): with `φ(x, y) = (β x, y)`
//!   acting as `λ = x^4 - 1` on G1, `P ∈ G1 ⇔ P + [x^4] φ(P) = O` (because
//!   `1 + x^4 λ = r`); four 32-bit multiplications instead of a 255-bit one.
//! * Cofactor clearing: `[1 - x] P` (Wahby–Boneh, eprint 2019/403 §5, as
//!   gnark-crypto does), a map onto G1 (tested on random curve points).
//! * MSM: vidkit-msm's batch-affine Pippenger (the `msm` hook).
//! * Scalar multiplication: 2-dimensional GLV with `φ` (arkworks'
//!   [`GLVConfig`]; lattice basis from `scripts/derive_constants.py`).

use ark_ec::{
    models::CurveConfig,
    scalar_mul::{double_and_add, glv::GLVConfig},
    short_weierstrass::{Affine, Projective, SWCurveConfig},
    CurveGroup,
};
use ark_ff::{AdditiveGroup, BigInt, MontFp, PrimeField, Zero};

use crate::{constants::*, Fq, Fr};

/// An affine point of G1.
pub type G1Affine = Affine<Config>;
/// A projective point of G1.
pub type G1Projective = Projective<Config>;

/// The curve configuration of G1.
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
pub struct Config;

impl CurveConfig for Config {
    type BaseField = Fq;
    type ScalarField = Fr;

    const COFACTOR: &'static [u64] = &G1_COFACTOR;
    const COFACTOR_INV: Fr = G1_COFACTOR_INV;
}

/// `[x] P` by plain double-and-add. Used wherever `P` may lie outside G1,
/// where the GLV multiplication (which reduces scalars mod r and assumes
/// `φ = [λ]`) would be wrong.
fn mul_by_x(p: &G1Projective) -> G1Projective {
    double_and_add(p, SEED_X)
}

impl SWCurveConfig for Config {
    const COEFF_A: Fq = Fq::ZERO;
    const COEFF_B: Fq = MontFp!("4");
    const GENERATOR: G1Affine = G1Affine::new_unchecked(G1_GENERATOR_X, G1_GENERATOR_Y);

    /// `(0, 0)` is not on the curve (`b ≠ 0`), so it encodes the identity.
    type ZeroFlag = ();

    #[inline(always)]
    fn mul_by_a(_: Self::BaseField) -> Self::BaseField {
        Self::BaseField::zero()
    }

    #[inline]
    fn mul_projective(p: &G1Projective, scalar: &[u64]) -> G1Projective {
        if scalar.iter().skip(1).all(|l| *l == 0) && scalar.first().is_none_or(|l| *l < 1 << 32) {
            // short scalars (such as the seed) are cheaper without GLV
            return double_and_add(p, scalar);
        }
        let s = Self::ScalarField::from_sign_and_limbs(true, scalar);
        GLVConfig::glv_mul_projective(*p, s)
    }

    #[inline]
    fn is_in_correct_subgroup_assuming_on_curve(p: &G1Affine) -> bool {
        let phi = Projective::from(<Self as GLVConfig>::endomorphism_affine(p));
        let mut t = phi;
        for _ in 0..4 {
            t = mul_by_x(&t);
        }
        (t + p).is_zero()
    }

    /// vidkit-msm's batch-affine Pippenger (arkworks' `VariableBaseMSM::msm`
    /// and vidkit-msm's generic entry points for groups they do not know
    /// call this hook).
    fn msm(bases: &[G1Affine], scalars: &[Fr]) -> Result<G1Projective, usize> {
        super::batch_affine_msm::<_, crate::fields::fq::FqArith>(bases, scalars)
    }

    #[inline]
    fn clear_cofactor(p: &G1Affine) -> G1Affine {
        let p = Projective::from(*p);
        // [1 - x] P = P - [x] P
        (p - mul_by_x(&p)).into_affine()
    }
}

impl GLVConfig for Config {
    const ENDO_COEFFS: &'static [Fq] = &[G1_ENDO_BETA];
    const LAMBDA: Fr = G1_LAMBDA;
    const SCALAR_DECOMP_COEFFS: [(bool, <Fr as PrimeField>::BigInt); 4] = [
        (true, BigInt(G1_GLV_N11)),
        (false, BigInt(G1_GLV_N12_ABS)),
        (true, BigInt(G1_GLV_N21)),
        (true, BigInt(G1_GLV_N22)),
    ];

    fn endomorphism(p: &G1Projective) -> G1Projective {
        let mut res = *p;
        res.x *= Self::ENDO_COEFFS[0];
        res
    }

    fn endomorphism_affine(p: &G1Affine) -> G1Affine {
        let mut res = *p;
        res.x *= Self::ENDO_COEFFS[0];
        res
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ark_ec::AffineRepr;

    #[test]
    fn generator_is_in_g1() {
        assert!(G1Affine::generator().is_on_curve());
        assert!(G1Affine::generator().is_in_correct_subgroup_assuming_on_curve());
    }
}
