//! BN254's own Miller loop, lines and final exponentiation equal arkworks'
//! components bit for bit (random points, identities, opposite and
//! repeated points, arbitrary `F_{p^12}` inputs), not only the pairing
//! values that `equal.rs` compares.
#![allow(missing_docs)]

use ark_bn254::{Bn254, Fq12, Fr, G1Affine, G1Projective, G2Affine, G2Projective};
use ark_ec::bn::G2Prepared;
use ark_ec::pairing::{MillerLoopOutput, Pairing};
use ark_ec::{AffineRepr, CurveGroup, PrimeGroup};
use ark_ff::{Field, One, UniformRand, Zero};
use ark_std::rand::SeedableRng;
use proptest::prelude::*;
use rand_chacha::ChaCha20Rng;
use vidkit_pairing::bn254::{final_exponentiation, multi_miller_loop, prepare};

fn points(n: usize, rng: &mut ChaCha20Rng) -> (Vec<G1Affine>, Vec<G2Affine>) {
    let g1 = (0..n)
        .map(|_| (G1Projective::generator() * Fr::rand(rng)).into_affine())
        .collect();
    let g2 = (0..n)
        .map(|_| (G2Projective::generator() * Fr::rand(rng)).into_affine())
        .collect();
    (g1, g2)
}

fn check_loop(g1: &[G1Affine], g2: &[G2Affine]) {
    let want = Bn254::multi_miller_loop(g1.iter().copied(), g2.iter().copied());
    let got = multi_miller_loop(g1, g2);
    assert_eq!(got.0, want.0, "Miller loop of {} pairs", g1.len());
    assert_eq!(final_exponentiation(got), Bn254::final_exponentiation(want));
}

#[test]
fn lines_equal_arkworks() {
    let mut rng = ChaCha20Rng::seed_from_u64(1);
    let (_, g2) = points(4, &mut rng);
    for q in g2.iter().chain([
        &G2Affine::generator(),
        &-G2Affine::generator(),
        &G2Affine::zero(),
    ]) {
        let want = G2Prepared::<ark_bn254::Config>::from(*q);
        let got = prepare(q);
        assert_eq!(got.infinity, want.infinity);
        assert_eq!(got.ell_coeffs, want.ell_coeffs, "lines of {q}");
    }
}

#[test]
fn miller_loops_equal_arkworks_on_edge_cases() {
    let mut rng = ChaCha20Rng::seed_from_u64(2);
    let (p, q) = points(3, &mut rng);
    let (g, h) = (G1Affine::generator(), G2Affine::generator());
    check_loop(&[], &[]);
    check_loop(&[g], &[h]);
    check_loop(&[G1Affine::zero()], &[h]);
    check_loop(&[g], &[G2Affine::zero()]);
    check_loop(
        &[p[0], G1Affine::zero(), p[1]],
        &[q[0], q[1], G2Affine::zero()],
    );
    // e(P, Q) · e(−P, Q) = 1 and repeated pairs
    check_loop(&[p[0], -p[0]], &[q[0], q[0]]);
    assert!(
        final_exponentiation(multi_miller_loop(&[p[0], -p[0]], &[q[0], q[0]]))
            .expect("≠ 0")
            .0
            .is_one()
    );
    check_loop(&[p[2]; 5], &[q[2]; 5]);
    check_loop(&[-g, g], &[h, -h]);
}

#[test]
fn final_exponentiation_equals_arkworks_on_any_input() {
    let mut rng = ChaCha20Rng::seed_from_u64(3);
    assert_eq!(final_exponentiation(MillerLoopOutput(Fq12::zero())), None);
    for f in [Fq12::one(), -Fq12::one()]
        .into_iter()
        .chain((0..6).map(|_| Fq12::rand(&mut rng)))
    {
        let (got, want) = (
            final_exponentiation(MillerLoopOutput(f)),
            Bn254::final_exponentiation(MillerLoopOutput(f)),
        );
        assert_eq!(got, want, "final exponentiation of {f}");
        // the result lies in G_T: t^r = 1
        let t = got.expect("f ≠ 0").0;
        assert!(t.pow(<Fr as ark_ff::PrimeField>::MODULUS).is_one());
    }
}

#[test]
#[should_panic(expected = "multi_miller_loop: 1 G1 points against 0 G2 points")]
fn mismatched_lengths_panic() {
    let _ = multi_miller_loop(&[G1Affine::generator()], &[]);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(8))]
    #[test]
    fn components_equal_arkworks(seed in any::<u64>(), n in 1usize..5) {
        let mut rng = ChaCha20Rng::seed_from_u64(seed);
        let (g1, g2) = points(n, &mut rng);
        check_loop(&g1, &g2);
    }
}
