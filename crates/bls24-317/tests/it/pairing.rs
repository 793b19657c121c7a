//! Pairing properties beyond the conformance macro: bilinearity over random
//! scalars, non-degeneracy, the order of e(G1, G2), identities, multi-pairing
//! against products, prepared-G2 reuse and the parallel/sequential match.

use ark_ec::{
    pairing::{Pairing, PairingOutput},
    AffineRepr, CurveGroup, PrimeGroup,
};
use ark_ff::{Field, One, PrimeField, UniformRand, Zero};
use ark_std::rand::SeedableRng;
use rand_chacha::ChaCha20Rng;
use vidkit_bls24_317::{
    bls24::cyclotomic::is_in_cyclotomic_subgroup, Bls24_317, Fq24, Fr, G1Affine, G1Projective,
    G2Affine, G2Prepared, G2Projective,
};

#[test]
fn bilinear_and_non_degenerate() {
    let mut rng = ChaCha20Rng::seed_from_u64(10);
    let (g1, g2) = (G1Projective::generator(), G2Projective::generator());
    let e = Bls24_317::pairing(g1, g2);
    assert_ne!(e, PairingOutput::zero());
    for _ in 0..2 {
        let (a, b) = (Fr::rand(&mut rng), Fr::rand(&mut rng));
        let lhs = Bls24_317::pairing(g1 * a, g2 * b);
        assert_eq!(lhs, e * (a * b));
        assert_eq!(Bls24_317::pairing(g1 * (a * b), g2), lhs);
    }
}

#[test]
fn generator_pairing_has_order_r() {
    let e = Bls24_317::pairing(G1Affine::generator(), G2Affine::generator()).0;
    assert!(!e.is_one());
    assert!(e.pow(Fr::MODULUS).is_one());
    // r is prime, so order exactly r: e^k != 1 for the small divisors of
    // r - 1 is not needed; checking e != 1 and e^r = 1 suffices.
    assert!(is_in_cyclotomic_subgroup(&e));
}

#[test]
fn identities_pair_to_one() {
    let g1 = G1Affine::generator();
    let g2 = G2Affine::generator();
    assert!(Bls24_317::pairing(G1Affine::zero(), g2).is_zero());
    assert!(Bls24_317::pairing(g1, G2Affine::zero()).is_zero());
    assert!(
        Bls24_317::final_exponentiation(ark_ec::pairing::MillerLoopOutput(Fq24::zero())).is_none()
    );
}

#[test]
fn multi_pairing_and_prepared_points() {
    let mut rng = ChaCha20Rng::seed_from_u64(11);
    let ps: Vec<G1Affine> = (0..3)
        .map(|_| (G1Projective::generator() * Fr::rand(&mut rng)).into_affine())
        .collect();
    let qs: Vec<G2Affine> = (0..3)
        .map(|_| (G2Projective::generator() * Fr::rand(&mut rng)).into_affine())
        .collect();
    let product: PairingOutput<Bls24_317> = ps
        .iter()
        .zip(&qs)
        .map(|(p, q)| Bls24_317::pairing(*p, *q))
        .sum();
    assert_eq!(Bls24_317::multi_pairing(ps.clone(), qs.clone()), product);
    let prepared: Vec<G2Prepared> = qs.iter().map(G2Prepared::from).collect();
    assert_eq!(Bls24_317::multi_pairing(ps.clone(), prepared), product);
    // e(P, Q) e(-P, Q) = 1: the KZG-style check
    let neg = -ps[0];
    assert!(Bls24_317::multi_pairing([ps[0], neg], [qs[0], qs[0]]).is_zero());
}

/// vidkit-msm's short membership test of `G_T` (`t ∈ G_Φ`, `t^p = t^x`
/// with the 32-bit `x`) against arkworks' `t^r = 1` on elements of `G_T`,
/// of the cyclotomic subgroup outside it (random, and of order dividing the
/// cofactor `Φ_24(p)/r`), of `F_p` and random elements of `F_{p^24}`.
#[test]
fn gt_membership_matches_arkworks() {
    let mut rng = ChaCha20Rng::seed_from_u64(14);
    let in_gt = |f: Fq24| vidkit_msm::gt_contains(&PairingOutput::<Bls24_317>(f));
    let arkworks = |f: Fq24| f.pow(Fr::MODULUS).is_one();
    let e = Bls24_317::pairing(G1Affine::generator(), G2Affine::generator());
    let two = Fq24::one() + Fq24::one();
    for f in [Fq24::zero(), two, -Fq24::one()] {
        assert!(!arkworks(f) && !in_gt(f));
    }
    assert!(in_gt(Fq24::one()));
    for _ in 0..3 {
        let t = (e * Fr::rand(&mut rng)).0;
        assert!(arkworks(t) && in_gt(t));
        let f = Fq24::rand(&mut rng);
        // f^{(p^12 − 1)(p^4 + 1)} is cyclotomic
        let mut g = f;
        g.frobenius_map_in_place(12);
        g *= f.inverse().unwrap();
        let mut h = g;
        h.frobenius_map_in_place(4);
        g *= h;
        assert!(is_in_cyclotomic_subgroup(&g));
        let cofactor_part = g.pow(Fr::MODULUS);
        assert!(!cofactor_part.is_one());
        for outside in [f, g, cofactor_part, g * t] {
            assert!(!arkworks(outside) && !in_gt(outside));
        }
    }
}
