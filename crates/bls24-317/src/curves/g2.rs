//! G2: the M-type sextic twist `E': y^2 = x^3 + 4v` over `Fq4`, untwisted
//! into `E(Fq24)` by `(x, y) ↦ (x / w, y / (w i))`.
//!
//! `ψ = untwist ∘ Frobenius ∘ twist`, `ψ(x, y) = (x^p c_x, y^p c_y)` with
//! `c_x = v^-((p-1)/3)` and `c_y = v^-((p-1)/2)`, acts as `[x]` on G2
//! (`x ≡ p mod r`).
//! * Subgroup check (eprint 2021/1130, 2022/352): `ψ(Q) = [x] Q`.
//! * Cofactor clearing (Budroni–Pintore, eprint 2017/419, the multiple of
//!   `h2` gnark-crypto uses):
//!   `[x^3(x-1) - 1]Q + ψ([x^2(x-1)]Q) + ψ^2([x(x-1)]Q) + ψ^3([x-1]Q) + ψ^4([2]Q)`.

use ark_ec::{
    models::CurveConfig,
    scalar_mul::double_and_add,
    short_weierstrass::{Affine, Projective, SWCurveConfig},
    CurveGroup,
};
use ark_ff::{AdditiveGroup, Field, Zero};

use crate::{constants::*, Fq4, Fr};

/// An affine point of G2.
pub type G2Affine = Affine<Config>;
/// A projective point of G2.
pub type G2Projective = Projective<Config>;

/// The curve configuration of G2.
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
pub struct Config;

impl CurveConfig for Config {
    type BaseField = Fq4;
    type ScalarField = Fr;

    const COFACTOR: &'static [u64] = &G2_COFACTOR;
    const COFACTOR_INV: Fr = G2_COFACTOR_INV;
}

/// `ψ^k` on Jacobian coordinates for `k = 1, 2`:
/// `(X^(p^k) c_x, Y^(p^k) c_y, Z^(p^k))`.
fn psi_power(p: &G2Projective, power: usize, cx: &Fq4, cy: &Fq4) -> G2Projective {
    let mut r = *p;
    r.x.frobenius_map_in_place(power);
    r.x *= cx;
    r.y.frobenius_map_in_place(power);
    r.y *= cy;
    r.z.frobenius_map_in_place(power);
    r
}

/// `ψ`, which acts as `[x]` on G2.
pub fn psi(p: &G2Projective) -> G2Projective {
    psi_power(p, 1, &G2_PSI_CX, &G2_PSI_CY)
}

/// `ψ^2`, with precomputed coefficients (one step instead of two).
pub fn psi2(p: &G2Projective) -> G2Projective {
    psi_power(p, 2, &G2_PSI2_CX, &G2_PSI2_CY)
}

/// `[x] Q` by double-and-add (valid outside G2 too).
fn mul_by_x(p: &G2Projective) -> G2Projective {
    double_and_add(p, SEED_X)
}

impl SWCurveConfig for Config {
    const COEFF_A: Fq4 = Fq4::ZERO;
    const COEFF_B: Fq4 = G2_COEFF_B;
    const GENERATOR: G2Affine = G2Affine::new_unchecked(G2_GENERATOR_X, G2_GENERATOR_Y);

    /// `(0, 0)` is not on the twist (`b' ≠ 0`), so it encodes the identity.
    type ZeroFlag = ();

    #[inline(always)]
    fn mul_by_a(_: Self::BaseField) -> Self::BaseField {
        Self::BaseField::zero()
    }

    fn is_in_correct_subgroup_assuming_on_curve(q: &G2Affine) -> bool {
        let q = Projective::from(*q);
        psi(&q) == mul_by_x(&q)
    }

    /// vidkit-msm's batch-affine Pippenger, as in G1 (arkworks'
    /// `VariableBaseMSM::msm` and vidkit-msm's generic entry points for groups
    /// they do not know call this hook). In `Fq4` a batched affine addition
    /// saves more against a projective one than in `Fq`.
    fn msm(bases: &[G2Affine], scalars: &[Fr]) -> Result<G2Projective, usize> {
        super::batch_affine_msm::<_, crate::fields::fq4::LazyFq4>(bases, scalars)
    }

    fn clear_cofactor(q: &G2Affine) -> G2Affine {
        let q = Projective::from(*q);
        let a = mul_by_x(&q) - q; // [x - 1] Q
        let b = mul_by_x(&a); // [x (x - 1)] Q
        let c = mul_by_x(&b); // [x^2 (x - 1)] Q
        let d = mul_by_x(&c); // [x^3 (x - 1)] Q
        let psi2_b = psi2(&b);
        let psi3_a = psi(&psi2(&a));
        let psi4_2q = psi2(&psi2(&q.double()));
        (d - q + psi(&c) + psi2_b + psi3_a + psi4_2q).into_affine()
    }
}
