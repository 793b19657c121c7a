//! KZG10 primitive: completeness, soundness against tampering, batch
//! verification, verifier-key serialization, on BLS12-381 and BN254.

use ark_ec::{pairing::Pairing, AffineRepr, CurveGroup};
use ark_ff::UniformRand;
use ark_serialize::{CanonicalDeserialize, CanonicalSerialize, Compress, Validate};
use ark_std::rand::SeedableRng;
use rand_chacha::ChaCha20Rng;
use vidkit_core::Srs;
use vidkit_kzg::{batch_verify, commit, open, verify, VerifierKey};

type Opening<E> = (
    <E as Pairing>::G1Affine,
    <E as Pairing>::ScalarField,
    <E as Pairing>::ScalarField,
    <E as Pairing>::G1Affine,
);

fn openings<E: Pairing>(srs: &Srs<E>, count: usize, rng: &mut ChaCha20Rng) -> Vec<Opening<E>> {
    (0..count)
        .map(|i| {
            let poly: Vec<E::ScalarField> = (0..(i % (srs.powers_g1().len() - 1)) + 2)
                .map(|_| E::ScalarField::rand(rng))
                .collect();
            let c: E::G1 = commit(srs.powers_g1(), &poly).unwrap();
            // random points, and small integers (the `points` encoding's)
            let z = if i % 2 == 0 {
                E::ScalarField::rand(rng)
            } else {
                E::ScalarField::from(i as u64 * 1000 + 3)
            };
            let (v, pi): (_, E::G1) = open(srs.powers_g1(), &poly, z).unwrap();
            (c.into_affine(), z, v, pi.into_affine())
        })
        .collect()
}

fn completeness_and_soundness<E: Pairing>() {
    let mut rng = ChaCha20Rng::seed_from_u64(11);
    let srs = Srs::<E>::insecure_from_seed(5, 16, 2);
    let vk = VerifierKey::from_srs(&srs).unwrap();
    let items = openings(&srs, 6, &mut rng);
    let one = E::ScalarField::from(1u64);
    let g = E::G1Affine::generator();
    for &(c, z, v, pi) in &items {
        assert!(verify(&vk, c, z, v, pi));
        assert!(!verify(&vk, c, z, v + one, pi), "wrong value");
        // (non-constant polynomials: a constant one opens to v everywhere)
        assert!(!verify(&vk, c, z + one, v, pi), "wrong point");
        assert!(
            !verify(&vk, (c + g).into_affine(), z, v, pi),
            "wrong commitment"
        );
        assert!(!verify(&vk, c, z, v, (pi + g).into_affine()), "wrong proof");
        assert!(!verify(&vk, c, z, v, E::G1Affine::zero()), "identity proof");
    }
    // batch: honest passes, any single bad item fails, empty passes
    assert!(batch_verify(&vk, &items, &mut rng));
    assert!(batch_verify::<E, _>(&vk, &[], &mut rng));
    for bad in 0..items.len() {
        let mut b = items.clone();
        b[bad].2 += one;
        assert!(!batch_verify(&vk, &b, &mut rng), "bad value at {bad}");
        let mut b = items.clone();
        b[bad].3 = (b[bad].3 + g).into_affine();
        assert!(!batch_verify(&vk, &b, &mut rng), "bad proof at {bad}");
    }
    // two errors that cancel with ρ = (1, 1) are caught with private ρ
    let mut b = items.clone();
    b[0].2 += one;
    b[1].2 -= one;
    assert!(!batch_verify(&vk, &b, &mut rng));
}

/// The G1 side of a check, `C + z·π − v·G` (a table of `G`, a short chain
/// for small `z`), equals the plain group arithmetic for small, boundary
/// and random scalars.
fn opening_point<E: Pairing>() {
    let mut rng = ChaCha20Rng::seed_from_u64(12);
    let srs = Srs::<E>::insecure_from_seed(6, 4, 2);
    let vk = VerifierKey::from_srs(&srs).unwrap();
    let g = E::G1Affine::generator();
    let c = E::G1::rand(&mut rng);
    let pi = E::G1::rand(&mut rng).into_affine();
    let big = E::ScalarField::rand(&mut rng);
    for z in [0u64, 1, 2, 77, (1 << 63) - 1, 1 << 63, u64::MAX]
        .map(E::ScalarField::from)
        .into_iter()
        .chain([big, -E::ScalarField::from(1u64)])
    {
        for v in [
            E::ScalarField::from(0u64),
            E::ScalarField::rand(&mut rng),
            -big,
        ] {
            assert_eq!(
                vk.opening_g1(c, z, v, pi),
                c + pi * z - g * v,
                "z = {z}, v = {v}"
            );
        }
        assert_eq!(vk.opening_g1(c, z, big, E::G1Affine::zero()), c - g * big);
    }
    assert_eq!(vk.g_times(big), g * big);
}

#[test]
fn opening_point_bls12_381() {
    opening_point::<ark_bls12_381::Bls12_381>();
}

#[test]
fn opening_point_bn254() {
    opening_point::<ark_bn254::Bn254>();
}

#[test]
fn completeness_and_soundness_bls12_381() {
    completeness_and_soundness::<ark_bls12_381::Bls12_381>();
}

#[test]
fn completeness_and_soundness_bn254() {
    completeness_and_soundness::<ark_bn254::Bn254>();
}

fn verifier_key_serialization<E: Pairing>() {
    let srs = Srs::<E>::insecure_from_seed(6, 4, 2);
    let vk = VerifierKey::from_srs(&srs).unwrap();
    for compress in [Compress::Yes, Compress::No] {
        let mut bytes = Vec::new();
        vk.serialize_with_mode(&mut bytes, compress).unwrap();
        assert_eq!(bytes.len(), vk.serialized_size(compress));
        for validate in [Validate::Yes, Validate::No] {
            let back =
                VerifierKey::<E>::deserialize_with_mode(&bytes[..], compress, validate).unwrap();
            assert_eq!(back, vk);
            // the rebuilt prepared points work
            let mut rng = ChaCha20Rng::seed_from_u64(1);
            let items = openings(&srs, 2, &mut rng);
            assert!(items
                .iter()
                .all(|&(c, z, v, pi)| verify(&back, c, z, v, pi)));
        }
    }
    // identity points are rejected
    let zero = VerifierKey::<E>::new(E::G1Affine::zero(), vk.h, vk.tau_h);
    assert!(zero.is_err());
    let mut bytes = Vec::new();
    E::G1Affine::zero()
        .serialize_compressed(&mut bytes)
        .unwrap();
    vk.h.serialize_compressed(&mut bytes).unwrap();
    vk.tau_h.serialize_compressed(&mut bytes).unwrap();
    assert!(VerifierKey::<E>::deserialize_compressed(&bytes[..]).is_err());
    // too short an SRS
    let short = Srs::<E>::new_unchecked(srs.powers_g1().to_vec(), vec![vk.h]);
    assert!(VerifierKey::from_srs(&short).is_err());
}

#[test]
fn verifier_key_serialization_bls12_381() {
    verifier_key_serialization::<ark_bls12_381::Bls12_381>();
}

#[test]
fn verifier_key_serialization_bn254() {
    verifier_key_serialization::<ark_bn254::Bn254>();
}

#[test]
fn verifier_key_sizes() {
    let vk = VerifierKey::from_srs(&Srs::<ark_bls12_381::Bls12_381>::insecure_from_seed(
        1, 1, 2,
    ))
    .unwrap();
    assert_eq!(vk.compressed_size(), 48 + 96 + 96);
    let vk = VerifierKey::from_srs(&Srs::<ark_bn254::Bn254>::insecure_from_seed(1, 1, 2)).unwrap();
    assert_eq!(vk.compressed_size(), 32 + 64 + 64);
}

#[test]
fn batch_equals_and_of_individual_results() {
    type E = ark_bls12_381::Bls12_381;
    let mut rng = ChaCha20Rng::seed_from_u64(3);
    let srs = Srs::<E>::insecure_from_seed(7, 8, 2);
    let vk = VerifierKey::from_srs(&srs).unwrap();
    let items = openings(&srs, 5, &mut rng);
    for mask in 0u32..32 {
        let mut b = items.clone();
        for (i, it) in b.iter_mut().enumerate() {
            if mask & (1 << i) != 0 {
                it.2 += ark_bls12_381::Fr::from(3u64);
            }
        }
        let all = b.iter().all(|&(c, z, v, pi)| verify(&vk, c, z, v, pi));
        assert_eq!(batch_verify(&vk, &b, &mut rng), all, "mask {mask}");
    }
}

/// Ruffini's rule and commitments against known values on BLS12-381.
mod known_values {
    use ark_bls12_381::{Fr, G1Affine, G1Projective, G2Affine, G2Projective};
    use ark_ec::{AffineRepr, CurveGroup};
    use ark_ff::{UniformRand, Zero};
    use ark_std::rand::SeedableRng;
    use vidkit_kzg::{commit, divide_by_linear, open, KzgError};

    fn eval(coeffs: &[Fr], x: Fr) -> Fr {
        coeffs.iter().rev().fold(Fr::zero(), |acc, &c| acc * x + c)
    }

    #[test]
    fn ruffini_matches_evaluation_and_quotient() {
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(1);
        for len in 0usize..12 {
            let p: Vec<Fr> = (0..len).map(|_| Fr::rand(&mut rng)).collect();
            let z = Fr::rand(&mut rng);
            let (v, q) = divide_by_linear(&p, z);
            assert_eq!(v, eval(&p, z));
            assert_eq!(q.len(), len.saturating_sub(1));
            // (X − z)·q(X) + v == P(X) at a random point
            let x = Fr::rand(&mut rng);
            assert_eq!((x - z) * eval(&q, x) + v, eval(&p, x));
        }
    }

    #[test]
    fn commit_with_known_tau_in_both_groups() {
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(2);
        let tau = Fr::rand(&mut rng);
        let mut pows = vec![Fr::from(1u64)];
        for _ in 1..9 {
            pows.push(*pows.last().unwrap() * tau);
        }
        let g1: Vec<G1Affine> = pows
            .iter()
            .map(|p| (G1Affine::generator() * p).into_affine())
            .collect();
        let g2: Vec<G2Affine> = pows
            .iter()
            .map(|p| (G2Affine::generator() * p).into_affine())
            .collect();
        let poly: Vec<Fr> = (0..8).map(|_| Fr::rand(&mut rng)).collect();
        let c1: G1Projective = commit(&g1, &poly).unwrap();
        let c2: G2Projective = commit(&g2, &poly).unwrap();
        assert_eq!(c1, G1Affine::generator() * eval(&poly, tau));
        assert_eq!(c2, G2Affine::generator() * eval(&poly, tau));
        let z = Fr::rand(&mut rng);
        let (v, pi): (Fr, G1Projective) = open(&g1, &poly, z).unwrap();
        assert_eq!(v, eval(&poly, z));
        assert_eq!(
            pi,
            G1Affine::generator() * ((eval(&poly, tau) - v) / (tau - z))
        );
        assert_eq!(
            commit::<G1Projective>(&g1[..3], &poly),
            Err(KzgError::TooManyCoefficients {
                coefficients: 8,
                powers: 3
            })
        );
        assert!(open::<G1Projective>(&g1[..3], &poly, z).is_err());
        assert!(commit::<G1Projective>(&g1, &[]).unwrap().is_zero());
    }
}
