//! Inputs shared by the `msm` bench and the `msm_count` example (which
//! includes this file with `#[path]`), so that both time the same points.

use ark_ec::{
    short_weierstrass::{Affine, Projective, SWCurveConfig},
    CurveGroup,
};
use ark_ff::UniformRand;

/// `n` distinct points `P + i·Q` (cheap to build, unlike `n` scalar mults).
pub fn points<P: SWCurveConfig>(n: usize, rng: &mut impl ark_std::rand::RngCore) -> Vec<Affine<P>> {
    let q = Projective::<P>::rand(rng);
    let mut p = Projective::<P>::rand(rng);
    let proj: Vec<_> = (0..n)
        .map(|_| {
            p += q;
            p
        })
        .collect();
    Projective::normalize_batch(&proj)
}
