//! The BLS12-381 backend: blst.
//!
//! Points and `F_{p^12}` elements cross over limb for limb (same Montgomery
//! form, same tower; see the crate docs). Only the safe part of blst's Rust
//! API is used: `blst_fp12::miller_loop_n` and `final_exp`.

use ark_bls12_381::{Bls12_381, Fq, Fq12, Fq2, Fq6, G1Affine, G2Affine};
use ark_ec::{
    pairing::{Pairing, PairingOutput},
    AffineRepr,
};
use ark_ff::{BigInt, One};
use ark_std::{any::Any, boxed::Box, vec::Vec};
use blst::{blst_fp, blst_fp12, blst_fp2, blst_fp6, blst_p1_affine, blst_p2_affine};
use core::any::TypeId;

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
        .map(|(p, q)| (to_p1(p), to_p2(q)))
        .unzip();
    if ps.is_empty() {
        return Fq12::one();
    }
    from_fp12(&blst_fp12::miller_loop_n(&qs, &ps).final_exp())
}

fn to_fp(x: &Fq) -> blst_fp {
    blst_fp { l: x.0 .0 }
}

fn to_fp2(x: &Fq2) -> blst_fp2 {
    blst_fp2 {
        fp: [to_fp(&x.c0), to_fp(&x.c1)],
    }
}

fn to_p1(p: &G1Affine) -> blst_p1_affine {
    blst_p1_affine {
        x: to_fp(&p.x),
        y: to_fp(&p.y),
    }
}

fn to_p2(q: &G2Affine) -> blst_p2_affine {
    blst_p2_affine {
        x: to_fp2(&q.x),
        y: to_fp2(&q.y),
    }
}

fn from_fp(x: &blst_fp) -> Fq {
    Fq::new_unchecked(BigInt(x.l))
}

fn from_fp2(x: &blst_fp2) -> Fq2 {
    Fq2::new(from_fp(&x.fp[0]), from_fp(&x.fp[1]))
}

fn from_fp6(x: &blst_fp6) -> Fq6 {
    Fq6::new(
        from_fp2(&x.fp2[0]),
        from_fp2(&x.fp2[1]),
        from_fp2(&x.fp2[2]),
    )
}

fn from_fp12(x: &blst_fp12) -> Fq12 {
    Fq12::new(from_fp6(&x.fp6[0]), from_fp6(&x.fp6[1]))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The inverse of [`from_fp12`] (only tests need it).
    fn to_fp12(x: &Fq12) -> blst_fp12 {
        let to_fp6 = |x: &Fq6| blst_fp6 {
            fp2: [to_fp2(&x.c0), to_fp2(&x.c1), to_fp2(&x.c2)],
        };
        blst_fp12 {
            fp6: [to_fp6(&x.c0), to_fp6(&x.c1)],
        }
    }

    /// `F_{p^12}` elements survive the round trip limb for limb.
    #[test]
    fn fp12_round_trip() {
        use ark_ff::UniformRand;
        use ark_std::rand::SeedableRng;
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(1);
        for _ in 0..20 {
            let f = Fq12::rand(&mut rng);
            assert_eq!(from_fp12(&to_fp12(&f)), f);
        }
    }

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
