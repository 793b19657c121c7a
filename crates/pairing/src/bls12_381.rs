//! The BLS12-381 backend: blst.
//!
//! Points and `F_{p^12}` elements cross over limb for limb (same Montgomery
//! form, same tower; see the crate docs) through vidkit-blst's conversions.
//! Only the safe part of blst's Rust API is used: `blst_fp12::miller_loop_n`
//! and `final_exp`.

use ark_bls12_381::{Bls12_381, Fq12, G1Affine, G2Affine};
use ark_ec::{
    pairing::{Pairing, PairingOutput},
    AffineRepr,
};
use ark_ff::One;
use ark_std::{any::Any, boxed::Box, vec::Vec};
use core::any::TypeId;
use vidkit_blst::blst::{blst_fp12, blst_p1_affine, blst_p2_affine};
use vidkit_blst::{from_fp12, to_p1_affine, to_p2_affine};

/// Whether `E` is arkworks' BLS12-381.
pub(crate) fn is_bls12_381<E: Pairing>() -> bool {
    TypeId::of::<E>() == TypeId::of::<Bls12_381>()
}

/// If `E` is BLS12-381: `Π e(g1[i], g2()[i])` through blst (`g2` is only
/// called then). `None` for any other pairing.
pub(crate) fn product<E: Pairing>(
    g1: &[E::G1Affine],
    g2: impl FnOnce() -> Vec<E::G2Affine>,
) -> Option<PairingOutput<E>> {
    if !is_bls12_381::<E>() {
        return None;
    }
    // `E` is `Bls12_381`, so every downcast below is to the type itself
    const SAME: &str = "E is Bls12_381";
    let g1: Box<dyn Any> = Box::new(g1.to_vec());
    let g1 = g1.downcast::<Vec<G1Affine>>().expect(SAME);
    let g2: Box<dyn Any> = Box::new(g2());
    let g2 = g2.downcast::<Vec<G2Affine>>().expect(SAME);
    let out: Box<dyn Any> = Box::new(PairingOutput::<Bls12_381>(multi_pairing(&g1, &g2)));
    Some(*out.downcast::<PairingOutput<E>>().expect(SAME))
}

/// `Π e(g1[i], g2[i])` over the pairs without an identity point.
pub(crate) fn multi_pairing(g1: &[G1Affine], g2: &[G2Affine]) -> Fq12 {
    let (ps, qs): (Vec<blst_p1_affine>, Vec<blst_p2_affine>) = g1
        .iter()
        .zip(g2)
        .filter(|(p, q)| !p.is_zero() && !q.is_zero())
        .map(|(p, q)| (to_p1_affine(p), to_p2_affine(q)))
        .unzip();
    if ps.is_empty() {
        return Fq12::one();
    }
    from_fp12(&blst_fp12::miller_loop_n(&qs, &ps).final_exp())
}

#[cfg(test)]
mod tests {
    use super::*;
    use vidkit_blst::to_fp12;

    /// blst's final exponentiation is the same map as arkworks': applied to
    /// arkworks' Miller loop value it gives arkworks' pairing.
    #[test]
    fn final_exponentiation_is_the_same_map() {
        use ark_ec::CurveGroup;
        use ark_ff::UniformRand;
        use ark_std::rand::SeedableRng;
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(2);
        for _ in 0..5 {
            let p = (G1Affine::generator() * ark_bls12_381::Fr::rand(&mut rng)).into_affine();
            let q = (G2Affine::generator() * ark_bls12_381::Fr::rand(&mut rng)).into_affine();
            let f = Bls12_381::miller_loop(p, q).0;
            assert_eq!(
                from_fp12(&to_fp12(&f).final_exp()),
                Bls12_381::pairing(p, q).0,
                "final exponentiation of arkworks' Miller loop value"
            );
        }
    }
}
