//! Every backend equals arkworks' `Pairing::multi_pairing`, bit for bit, on
//! random points, identities, repeated and opposite points, and fixed G2
//! points; and a product of a pairing with its inverse is one. The
//! components (`multi_miller_loop`, `final_exponentiation`) equal
//! arkworks' on every curve, the final exponentiation on any element.
#![allow(missing_docs)]

use ark_ec::{pairing::Pairing, AffineRepr, CurveGroup, PrimeGroup};
use ark_ff::{UniformRand, Zero};
use ark_std::rand::SeedableRng;
use proptest::prelude::*;
use rand_chacha::ChaCha20Rng;
use vidkit_pairing::{multi_pairing, pairing, FixedG2, PairingProduct};

fn arkworks<E: Pairing>(
    g1: &[E::G1Affine],
    g2: &[E::G2Affine],
) -> ark_ec::pairing::PairingOutput<E> {
    E::multi_pairing(g1.iter().copied(), g2.iter().copied())
}

/// Random points of the groups (random multiples of the generators, so that
/// they are in the prime-order subgroups).
fn points<E: Pairing>(n: usize, rng: &mut ChaCha20Rng) -> (Vec<E::G1Affine>, Vec<E::G2Affine>) {
    let g1 = (0..n)
        .map(|_| (E::G1::generator() * E::ScalarField::rand(rng)).into_affine())
        .collect();
    let g2 = (0..n)
        .map(|_| (E::G2::generator() * E::ScalarField::rand(rng)).into_affine())
        .collect();
    (g1, g2)
}

/// The product built pair by pair, with the G2 points of the even pairs
/// fixed (on BLS12-381 with blst: the Miller loop over lines, the odd
/// pairs' lines computed for the call).
fn with_fixed<E: Pairing>(
    g1: &[E::G1Affine],
    g2: &[E::G2Affine],
) -> ark_ec::pairing::PairingOutput<E> {
    let fixed: Vec<FixedG2<E>> = g2.iter().map(|&q| FixedG2::new(q)).collect();
    let mut product = PairingProduct::new();
    for (i, (&p, &q)) in g1.iter().zip(g2).enumerate() {
        if i % 2 == 0 {
            product.add_fixed(p, &fixed[i]);
        } else {
            product.add(p, q);
        }
    }
    product.evaluate()
}

fn check<E: Pairing>(seed: u64, n: usize) {
    let mut rng = ChaCha20Rng::seed_from_u64(seed);
    let (g1, g2) = points::<E>(n, &mut rng);
    let want = arkworks::<E>(&g1, &g2);
    assert_eq!(multi_pairing::<E>(&g1, &g2), want, "{n} random pairs");
    assert_eq!(with_fixed::<E>(&g1, &g2), want, "{n} pairs, some fixed");
    // the components, whatever code computes them, give arkworks' values
    let ml = E::multi_miller_loop(g1.iter().copied(), g2.iter().copied());
    assert_eq!(
        vidkit_pairing::multi_miller_loop::<E>(&g1, &g2).0,
        ml.0,
        "{n} Miller loops"
    );
    assert_eq!(
        vidkit_pairing::final_exponentiation::<E>(ml),
        E::final_exponentiation(ml),
        "final exponentiation"
    );
    if n > 0 {
        assert_eq!(
            pairing::<E>(g1[0], g2[0]),
            E::pairing(g1[0], g2[0]),
            "one pair"
        );
    }
}

fn edge_cases<E: Pairing>() {
    let mut rng = ChaCha20Rng::seed_from_u64(9);
    let (g1, g2) = points::<E>(3, &mut rng);
    let (o1, o2) = (E::G1Affine::zero(), E::G2Affine::zero());
    // the empty product and products of identity pairs are one
    assert!(multi_pairing::<E>(&[], &[]).is_zero());
    assert!(PairingProduct::<E>::new().is_one());
    assert!(multi_pairing::<E>(&[o1, g1[0], o1], &[g2[0], o2, o2]).is_zero());
    // identities among ordinary pairs are dropped
    let mixed1 = [g1[0], o1, g1[1], g1[2]];
    let mixed2 = [g2[0], g2[1], o2, g2[2]];
    assert_eq!(
        multi_pairing::<E>(&mixed1, &mixed2),
        arkworks::<E>(&mixed1, &mixed2)
    );
    assert_eq!(
        multi_pairing::<E>(&mixed1, &mixed2),
        arkworks::<E>(&[g1[0], g1[2]], &[g2[0], g2[2]])
    );
    // repeated and opposite points; e(P, Q)·e(−P, Q) = 1
    let rep1 = [g1[0], g1[0], -g1[0]];
    let rep2 = [g2[0], g2[0], g2[0]];
    assert_eq!(
        multi_pairing::<E>(&rep1, &rep2),
        arkworks::<E>(&rep1, &rep2)
    );
    assert!(multi_pairing::<E>(&[g1[1], -g1[1]], &[g2[1], g2[1]]).is_zero());
    // bilinearity: e(aP, Q) = e(P, aQ), so e(aP, Q)·e(−P, aQ) = 1, with a
    // fixed Q and a variable aQ (a KZG-shaped check)
    let a = E::ScalarField::rand(&mut rng);
    let fixed = FixedG2::<E>::new(g2[0]);
    let mut product = PairingProduct::new();
    product
        .add_fixed((g1[0] * a).into_affine(), &fixed)
        .add(-g1[0], (g2[0] * a).into_affine());
    assert!(product.is_one());
    assert_eq!(product.len(), 2);
    // and with a wrong scalar the check fails
    let mut wrong = PairingProduct::new();
    wrong.add_fixed((g1[0] * a).into_affine(), &fixed).add(
        -g1[0],
        (g2[0] * (a + E::ScalarField::from(1u64))).into_affine(),
    );
    assert!(!wrong.is_one());
    // fixed points among identities: a fixed identity, an identity paired
    // with a fixed point, a variable identity; and a product of fixed
    // points only
    let fixed_o2 = FixedG2::<E>::new(o2);
    let fixed_all: Vec<FixedG2<E>> = g2.iter().map(|&q| FixedG2::new(q)).collect();
    let mut product = PairingProduct::new();
    product
        .add_fixed(g1[0], &fixed_o2)
        .add_fixed(o1, &fixed_all[1])
        .add_fixed(g1[2], &fixed_all[2])
        .add(g1[1], o2);
    assert_eq!(product.evaluate(), arkworks::<E>(&[g1[2]], &[g2[2]]));
    let mut only_identities = PairingProduct::new();
    only_identities
        .add_fixed(g1[0], &fixed_o2)
        .add_fixed(o1, &fixed_all[0]);
    assert!(only_identities.is_one());
    let mut all = PairingProduct::new();
    for (p, f) in g1.iter().zip(&fixed_all) {
        all.add_fixed(*p, f);
    }
    assert_eq!(all.evaluate(), arkworks::<E>(&g1, &g2));
    // the generators' pairing is not one (non-degenerate)
    assert!(!pairing::<E>(E::G1Affine::generator(), E::G2Affine::generator()).is_zero());
    // the components on these inputs: arkworks' Miller loop values (none,
    // identities among pairs, repeated and opposite points), and the final
    // exponentiation of any element, zero included
    for (p, q) in [
        (&[][..], &[][..]),
        (&mixed1[..], &mixed2[..]),
        (&rep1[..], &rep2[..]),
    ] {
        assert_eq!(
            vidkit_pairing::multi_miller_loop::<E>(p, q).0,
            E::multi_miller_loop(p.iter().copied(), q.iter().copied()).0,
            "Miller loop of {} pairs",
            p.len()
        );
    }
    let zero = ark_ec::pairing::MillerLoopOutput::<E>(E::TargetField::zero());
    assert_eq!(vidkit_pairing::final_exponentiation::<E>(zero), None);
    for _ in 0..3 {
        let f = ark_ec::pairing::MillerLoopOutput::<E>(E::TargetField::rand(&mut rng));
        assert_eq!(
            vidkit_pairing::final_exponentiation::<E>(f),
            E::final_exponentiation(f),
            "final exponentiation of a random element"
        );
    }
}

#[test]
fn bls12_381_edge_cases() {
    edge_cases::<ark_bls12_381::Bls12_381>();
}

#[test]
fn bn254_edge_cases() {
    edge_cases::<ark_bn254::Bn254>();
}

#[test]
fn bls24_317_edge_cases() {
    edge_cases::<vidkit_bls24_317::Bls24_317>();
}

#[test]
#[should_panic(expected = "2 G1 points against 1 G2 points")]
fn mismatched_lengths_panic() {
    let mut rng = ChaCha20Rng::seed_from_u64(1);
    let (g1, g2) = points::<ark_bn254::Bn254>(2, &mut rng);
    let _ = multi_pairing::<ark_bn254::Bn254>(&g1, &g2[..1]);
}

/// Products long enough to be split over a pool (with `parallel`: 4 or more
/// pairs per chunk, one chunk per thread) equal arkworks' value on pools of
/// 1, 3 and 16 threads, with identity pairs among them, with and without
/// fixed G2 points; so does the Miller loop component.
fn pools<E: Pairing>(sizes: &[usize]) {
    let mut rng = ChaCha20Rng::seed_from_u64(77);
    for &n in sizes {
        let (mut g1, mut g2) = points::<E>(n, &mut rng);
        // identity pairs at both ends and in the middle
        g1[0] = E::G1Affine::zero();
        g2[n / 2] = E::G2Affine::zero();
        g1[n - 1] = E::G1Affine::zero();
        let want = arkworks::<E>(&g1, &g2);
        for threads in [1, 3, 16] {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .expect("a pool");
            pool.install(|| {
                assert_eq!(
                    multi_pairing::<E>(&g1, &g2),
                    want,
                    "{n} pairs on {threads} threads"
                );
                assert_eq!(
                    with_fixed::<E>(&g1, &g2),
                    want,
                    "{n} pairs, some fixed, on {threads} threads"
                );
                assert_eq!(
                    vidkit_pairing::multi_miller_loop::<E>(&g1, &g2).0,
                    E::multi_miller_loop(g1.iter().copied(), g2.iter().copied()).0,
                    "Miller loop of {n} pairs on {threads} threads"
                );
            });
        }
    }
}

#[test]
fn bls12_381_any_pool() {
    pools::<ark_bls12_381::Bls12_381>(&[5, 8, 13, 37]);
}

#[test]
fn bn254_any_pool() {
    pools::<ark_bn254::Bn254>(&[5, 8, 13, 37]);
}

#[test]
fn bls24_317_any_pool() {
    pools::<vidkit_bls24_317::Bls24_317>(&[5, 13]);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(12))]
    #[test]
    fn bls12_381_equals_arkworks(seed in any::<u64>(), n in 0usize..6) {
        check::<ark_bls12_381::Bls12_381>(seed, n);
    }

    #[test]
    fn bn254_equals_arkworks(seed in any::<u64>(), n in 0usize..6) {
        check::<ark_bn254::Bn254>(seed, n);
    }

    #[test]
    fn bls24_317_equals_arkworks(seed in any::<u64>(), n in 0usize..4) {
        check::<vidkit_bls24_317::Bls24_317>(seed, n);
    }
}

/// With `std` on a 64-bit target BLS12-381 goes to blst (so the equality
/// tests above compare blst with arkworks); without, every curve uses
/// arkworks.
#[test]
#[cfg(all(feature = "std", target_pointer_width = "64"))]
fn bls12_381_goes_through_blst() {
    use vidkit_pairing::{backend, Backend};
    assert_eq!(backend::<ark_bls12_381::Bls12_381>(), Backend::Blst);
    assert_eq!(backend::<ark_bn254::Bn254>(), Backend::Vidkit);
    assert_eq!(backend::<vidkit_bls24_317::Bls24_317>(), Backend::Arkworks);
}
