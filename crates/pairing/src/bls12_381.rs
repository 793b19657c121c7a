//! The BLS12-381 backend: blst.
//!
//! Points and `F_{p^12}` elements cross over limb for limb (same Montgomery
//! form, same tower; see the crate docs) through vidkit-blst's conversions.
//! A product without a [`FixedG2`] runs blst's multi-Miller loop
//! (`blst_fp12::miller_loop_n`, lines computed on the way); a product with
//! one runs vidkit-blst's Miller loop over precomputed lines
//! ([`vidkit_blst::lines`]), with the fixed points' lines kept in their
//! [`FixedG2`] and the other points' lines computed for the call, so that
//! all pairs share the loop's squarings. Both end in the final
//! exponentiation of [`vidkit_blst::final_exp`] (blst's map with Karabina's
//! compressed squarings, about 0.93× the time of blst's own) and give the
//! same value.
//!
//! The components on their own ([`crate::multi_miller_loop`],
//! [`crate::final_exponentiation`]) give arkworks' values: the Miller loop
//! is arkworks' own loop on blst's arithmetic
//! ([`vidkit_blst::ark_miller`]; blst's loop scales its lines differently),
//! the final exponentiation the same map as arkworks' (tests).

use crate::{cast, cast_owned, G2Arg};
use ark_bls12_381::{Bls12_381, Fq12, G1Affine, G2Affine};
use ark_ec::{
    pairing::{MillerLoopOutput, Pairing, PairingOutput},
    AffineRepr,
};
use ark_ff::One;
use ark_std::vec::Vec;
use core::any::TypeId;
use vidkit_blst::blst::{blst_fp12, blst_p1_affine, blst_p2_affine};
use vidkit_blst::final_exp::final_exponentiation_nonzero;
use vidkit_blst::lines::{miller_loop_lines, G2Lines};
use vidkit_blst::{from_fp12, to_p1_affine, to_p2_affine};

/// Whether `E` is arkworks' BLS12-381.
pub(crate) fn is_bls12_381<E: Pairing>() -> bool {
    TypeId::of::<E>() == TypeId::of::<Bls12_381>()
}

/// If `E` is BLS12-381 and `point` is not the identity: blst's lines of
/// `point`'s Miller loop, for a [`FixedG2`].
pub(crate) fn lines<E: Pairing>(point: &E::G2Affine) -> Option<G2Lines> {
    if !is_bls12_381::<E>() {
        return None;
    }
    G2Lines::new(cast::<G2Affine, _>(point))
}

/// If `E` is BLS12-381: `Π e(g1[i], g2[i])` through blst. `None` for any
/// other pairing.
pub(crate) fn product<E: Pairing>(
    g1: &[E::G1Affine],
    g2: &[G2Arg<'_, E>],
) -> Option<PairingOutput<E>> {
    if !is_bls12_381::<E>() {
        return None;
    }
    // `E` is `Bls12_381`, so every cast below is to the type itself
    let g1: Vec<G1Affine> = g1.iter().map(|p| *cast::<G1Affine, _>(p)).collect();
    let point = |q: &G2Arg<'_, E>| -> G2Affine {
        match q {
            G2Arg::Point(q) => *cast(q),
            G2Arg::Fixed(f) => *cast(&f.point),
        }
    };
    let value = if g2.iter().any(|q| matches!(q, G2Arg::Fixed(_))) {
        with_lines(&g1, g2, point)
    } else {
        let g2: Vec<G2Affine> = g2.iter().map(point).collect();
        multi_pairing(&g1, &g2)
    };
    Some(cast_owned(PairingOutput::<Bls12_381>(value)))
}

/// If `E` is BLS12-381: `E::multi_miller_loop(g1, g2)`, bit for bit, by
/// arkworks' loop on blst's arithmetic (with `parallel`, one loop per run of
/// consecutive pairs on each thread, the values multiplied: the same
/// element). `None` for any other pairing.
pub(crate) fn multi_miller_loop<E: Pairing>(
    g1: &[E::G1Affine],
    g2: &[E::G2Affine],
) -> Option<MillerLoopOutput<E>> {
    if !is_bls12_381::<E>() {
        return None;
    }
    let g1: Vec<G1Affine> = g1.iter().map(|p| *cast::<G1Affine, _>(p)).collect();
    let g2: Vec<G2Affine> = g2.iter().map(|q| *cast::<G2Affine, _>(q)).collect();
    let f = crate::split_product(
        g1.len().min(g2.len()),
        |r| vidkit_blst::ark_miller::multi_miller_loop(&g1[r.clone()], &g2[r]),
        |a, b| a * b,
    );
    Some(cast_owned(MillerLoopOutput::<Bls12_381>(f)))
}

/// If `E` is BLS12-381: `E::final_exponentiation(f)`, bit for bit, by
/// [`vidkit_blst::final_exp`] (`None` inside for `f = 0`). `None` for any
/// other pairing.
pub(crate) fn final_exponentiation<E: Pairing>(
    f: &MillerLoopOutput<E>,
) -> Option<Option<PairingOutput<E>>> {
    if !is_bls12_381::<E>() {
        return None;
    }
    let value = vidkit_blst::final_exp::final_exponentiation(cast(&f.0));
    Some(value.map(|v| cast_owned(PairingOutput::<Bls12_381>(v))))
}

/// `Π e(g1[i], g2[i])` over the pairs without an identity point, by blst's
/// multi-Miller loop (split over the rayon pool with `parallel`).
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
    let f = crate::split_product(
        ps.len(),
        |r| blst_fp12::miller_loop_n(&qs[r.clone()], &ps[r]),
        |a, b| a * b,
    );
    from_fp12(&final_exponentiation_nonzero(&f))
}

/// `Π e(g1[i], g2[i])` over the pairs without an identity point, by the
/// Miller loop over lines: a [`FixedG2`]'s kept lines, the lines of the
/// other G2 points computed here.
fn with_lines<E: Pairing>(
    g1: &[G1Affine],
    g2: &[G2Arg<'_, E>],
    point: impl Fn(&G2Arg<'_, E>) -> G2Affine,
) -> Fq12 {
    let computed: Vec<Option<G2Lines>> = g2
        .iter()
        .map(|q| match q {
            G2Arg::Point(_) => G2Lines::new(&point(q)),
            G2Arg::Fixed(_) => None,
        })
        .collect();
    let pairs: Vec<(G1Affine, &G2Lines)> = g1
        .iter()
        .zip(g2.iter().zip(&computed))
        .filter_map(|(p, (q, own))| {
            let lines = match q {
                G2Arg::Fixed(f) => f.lines.as_deref(),
                G2Arg::Point(_) => own.as_ref(),
            }?; // no lines: Q = 0, a pair that contributes 1
            Some((*p, lines))
        })
        .collect();
    let f = crate::split_product(pairs.len(), |r| miller_loop_lines(&pairs[r]), |a, b| a * b);
    from_fp12(&final_exponentiation_nonzero(&f))
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
