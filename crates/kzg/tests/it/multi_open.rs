//! `multi_open`: the openings of one polynomial at every point of a
//! subgroup equal the naive openings (`open` at each `ω_N^j`), both ways of
//! computing `h`, on BLS12-381, BN254 and BLS24-317; random lengths `k`
//! (1, 2, non-powers of two, `k − 1 > N`, keys with and without a multiples
//! table) and random subgroup sizes `N`. The same for the openings at the
//! integers `0, …, n − 1` (Horner's rule in the group) and at arbitrary
//! points (one by one).

use ark_ec::{pairing::Pairing, AffineRepr, CurveGroup};
use ark_ff::{Field, UniformRand};
use ark_poly::{EvaluationDomain, Radix2EvaluationDomain};
use ark_std::rand::{Rng, SeedableRng};
use rand_chacha::ChaCha20Rng;
use vidkit_core::Srs;
use vidkit_kzg::{
    multi_open::{
        open_at_integers, open_at_points, open_subgroup, open_subgroup_with, proof_coefficients,
        Method,
    },
    open, CommitterKey, KzgError,
};

/// `open` at every `ω_N^j`.
fn naive<E: Pairing>(
    powers: &[E::G1Affine],
    q: &[E::ScalarField],
    size: usize,
) -> Vec<E::G1Affine> {
    let omega = Radix2EvaluationDomain::<E::ScalarField>::new(size)
        .unwrap()
        .group_gen();
    (0..size)
        .map(|j| {
            let (_, pi): (_, E::G1) = open(powers, q, omega.pow([j as u64])).unwrap();
            pi.into_affine()
        })
        .collect()
}

fn check<E: Pairing>(ck: &CommitterKey<E>, q: &[E::ScalarField], size: usize) {
    let want = naive::<E>(ck.powers(), q, size);
    for method in [Method::Direct, Method::Fk20] {
        let got = open_subgroup_with(ck, q, size, method).unwrap();
        assert_eq!(got, want, "k = {}, N = {size}, {method:?}", q.len());
    }
    assert_eq!(open_subgroup(ck, q, size).unwrap(), want);
}

fn same_as_naive<E: Pairing>(seed: u64) {
    let mut rng = ChaCha20Rng::seed_from_u64(seed);
    let srs = Srs::<E>::insecure_from_seed(seed, 48, 2);
    // a key with a multiples table (a few powers) and one without (more)
    for powers in [8usize, 48] {
        let ck = CommitterKey::<E>::new(srs.powers_g1()[..powers].to_vec());
        // fixed edge cases, then random ones
        let mut cases: Vec<(usize, usize)> =
            vec![(1, 1), (1, 4), (2, 1), (2, 2), (powers, 1), (powers, 4)];
        for _ in 0..6 {
            cases.push((rng.gen_range(1..=powers), 1 << rng.gen_range(0..5)));
        }
        for (k, size) in cases {
            let q: Vec<E::ScalarField> = (0..k).map(|_| E::ScalarField::rand(&mut rng)).collect();
            check(&ck, &q, size);
        }
    }
}

#[test]
fn same_as_naive_bls12_381() {
    same_as_naive::<ark_bls12_381::Bls12_381>(1);
}

#[test]
fn same_as_naive_bn254() {
    same_as_naive::<ark_bn254::Bn254>(2);
}

#[test]
fn same_as_naive_bls24_317() {
    same_as_naive::<vidkit_bls24_317::Bls24_317>(3);
}

/// `open` at each point.
fn naive_at<E: Pairing>(
    powers: &[E::G1Affine],
    q: &[E::ScalarField],
    points: &[E::ScalarField],
) -> Vec<E::G1Affine> {
    points
        .iter()
        .map(|&a| {
            let (_, pi): (_, E::G1) = open(powers, q, a).unwrap();
            pi.into_affine()
        })
        .collect()
}

/// `open_at_integers` and `open_at_points` equal `open` at each point, for
/// random `k` (from 0, keys with and without a table) and random `n` (fewer
/// points than coefficients too, up to 300: multipliers of 9 bits whose
/// non-adjacent forms have digits −1; runs of integers long enough for
/// finite differences).
fn integers_and_points_same_as_naive<E: Pairing>(seed: u64) {
    let mut rng = ChaCha20Rng::seed_from_u64(seed);
    let srs = Srs::<E>::insecure_from_seed(seed, 48, 2);
    for powers in [8usize, 48] {
        let ck = CommitterKey::<E>::new(srs.powers_g1()[..powers].to_vec());
        // the last three: runs longer than 2(k − 1), the finite-difference path
        let mut cases: Vec<(usize, usize)> = vec![
            (0, 3),
            (1, 4),
            (2, 5),
            (3, 1),
            (powers, 2),
            (2, 40),
            (5, 64),
            (powers, 3 * powers),
        ];
        for _ in 0..4 {
            cases.push((rng.gen_range(1..=powers), rng.gen_range(1..=300)));
        }
        for (k, n) in cases {
            let q: Vec<E::ScalarField> = (0..k).map(|_| E::ScalarField::rand(&mut rng)).collect();
            let integers: Vec<E::ScalarField> = (0..n as u64).map(E::ScalarField::from).collect();
            let want = naive_at::<E>(ck.powers(), &q, &integers);
            let got = open_at_integers(&ck, &q, n).unwrap();
            assert_eq!(got, want, "integers, k = {k}, n = {n}");
            let random: Vec<E::ScalarField> = (0..n.min(20))
                .map(|_| E::ScalarField::rand(&mut rng))
                .collect();
            let got = open_at_points(&ck, &q, &random).unwrap();
            assert_eq!(
                got,
                naive_at::<E>(ck.powers(), &q, &random),
                "points, k = {k}"
            );
        }
    }
    let long: Vec<E::ScalarField> = (0..49u64).map(E::ScalarField::from).collect();
    let ck = CommitterKey::<E>::new(srs.powers_g1().to_vec());
    let err = Err(KzgError::TooManyCoefficients {
        coefficients: 49,
        powers: 48,
    });
    assert_eq!(open_at_integers(&ck, &long, 4), err);
    assert_eq!(
        open_at_points(&ck, &long, &[E::ScalarField::from(2u64)]),
        err
    );
}

#[test]
fn integers_and_points_same_as_naive_bls12_381() {
    integers_and_points_same_as_naive::<ark_bls12_381::Bls12_381>(21);
}

#[test]
fn integers_and_points_same_as_naive_bn254() {
    integers_and_points_same_as_naive::<ark_bn254::Bn254>(22);
}

#[test]
fn integers_and_points_same_as_naive_bls24_317() {
    integers_and_points_same_as_naive::<vidkit_bls24_317::Bls24_317>(23);
}

/// `k = 1`: every opening is the identity and `h` is empty; `N < k − 1`
/// folds (checked against the naive openings above, here the fold itself:
/// the `N = 1` opening at `1` is `Σ_e h_e`).
#[test]
fn edge_cases() {
    type E = ark_bls12_381::Bls12_381;
    type Fr = ark_bls12_381::Fr;
    let srs = Srs::<E>::insecure_from_seed(9, 8, 2);
    let ck = CommitterKey::<E>::new(srs.powers_g1().to_vec());
    let one = [Fr::from(7u64)];
    assert!(proof_coefficients(&ck, &one).unwrap().is_empty());
    assert!(proof_coefficients(&ck, &[]).unwrap().is_empty());
    for method in [Method::Direct, Method::Fk20] {
        let proofs = open_subgroup_with(&ck, &one, 4, method).unwrap();
        assert_eq!(proofs.len(), 4);
        assert!(proofs.iter().all(|p| p.is_zero()));
        assert_eq!(open_subgroup_with(&ck, &[], 2, method).unwrap().len(), 2);
    }
    let q: Vec<Fr> = (1..=8u64).map(Fr::from).collect();
    let h = proof_coefficients(&ck, &q).unwrap();
    assert_eq!(h.len(), 7);
    let sum: <E as Pairing>::G1 = h.iter().sum();
    assert_eq!(open_subgroup(&ck, &q, 1).unwrap(), vec![sum.into_affine()]);
    assert_eq!(naive::<E>(ck.powers(), &q, 1), vec![sum.into_affine()]);
}

/// Sizes that are not a subgroup's and keys too short are refused.
#[test]
fn refuses_bad_inputs() {
    type E = ark_bls12_381::Bls12_381;
    type Fr = ark_bls12_381::Fr;
    let srs = Srs::<E>::insecure_from_seed(9, 4, 2);
    let ck = CommitterKey::<E>::new(srs.powers_g1().to_vec());
    let q: Vec<Fr> = (1..=4u64).map(Fr::from).collect();
    for size in [0, 3, 6, 1 << 40] {
        assert_eq!(
            open_subgroup(&ck, &q, size),
            Err(KzgError::SubgroupSize { size })
        );
    }
    let long: Vec<Fr> = (1..=5u64).map(Fr::from).collect();
    let err = KzgError::TooManyCoefficients {
        coefficients: 5,
        powers: 4,
    };
    // the same refusal as `open`'s
    assert_eq!(
        open::<<E as Pairing>::G1>(ck.powers(), &long, Fr::from(3u64)).map(|_| ()),
        Err(err.clone())
    );
    assert_eq!(open_subgroup(&ck, &long, 4), Err(err.clone()));
    assert_eq!(
        open_subgroup_with(&ck, &long, 4, Method::Fk20),
        Err(err.clone())
    );
    assert_eq!(proof_coefficients(&ck, &long), Err(err));
    assert_eq!(
        open_subgroup(&ck, &q, 4).unwrap(),
        naive::<E>(ck.powers(), &q, 4)
    );
}

/// `open_at_code_points` gives `open` at every point `α_j` of the code, on
/// each encoding (the subgroup path where it pays, one by one otherwise:
/// `k = 4` on 16 or 64 points takes the one-by-one path with `fft`), and
/// refuses a polynomial longer than the key.
#[test]
fn at_code_points_equals_open_at_every_point() {
    use vidkit_core::{Encoding, ReedSolomon};
    use vidkit_kzg::multi_open::open_at_code_points;
    type E = ark_bls12_381::Bls12_381;
    type F = <E as Pairing>::ScalarField;
    let mut rng = ChaCha20Rng::seed_from_u64(11);
    let srs = Srs::<E>::insecure_from_seed(11, 32, 2);
    let ck = CommitterKey::<E>::new(srs.powers_g1().to_vec());
    for encoding in [Encoding::Points, Encoding::Fft, Encoding::Systematic] {
        for (k, n) in [(1, 3), (2, 5), (4, 16), (4, 64), (16, 32), (32, 40)] {
            let Ok(code) = ReedSolomon::<F>::new(k, n, encoding) else {
                continue; // systematic needs k a power of two dividing n' suitably
            };
            let q: Vec<F> = (0..k).map(|_| F::rand(&mut rng)).collect();
            let want: Vec<_> = (0..n)
                .map(|j| {
                    let (_, pi): (_, <E as Pairing>::G1) =
                        open(ck.powers(), &q, code.point(j).unwrap()).unwrap();
                    pi.into_affine()
                })
                .collect();
            let got = open_at_code_points(&ck, &q, &code).unwrap();
            assert_eq!(got, want, "{encoding:?}, k = {k}, n = {n}");
        }
    }
    let code = ReedSolomon::<F>::new(4, 8, Encoding::Fft).unwrap();
    let long: Vec<F> = (0..33).map(|_| F::rand(&mut rng)).collect();
    assert!(matches!(
        open_at_code_points(&ck, &long, &code),
        Err(KzgError::TooManyCoefficients { .. })
    ));
}

/// Each proof coefficient `h_e = Σ_j q_{e+1+j}·[τ^j]_1` in its place, for
/// even and odd counts, with keys of 32 and 64 powers that keep the
/// multiples table (whose rows are reordered to share the work between
/// threads; with `parallel` on the default pool).
#[test]
fn proof_coefficients_are_in_order() {
    type E = ark_bls12_381::Bls12_381;
    type Fr = ark_bls12_381::Fr;
    let mut rng = ChaCha20Rng::seed_from_u64(41);
    let srs = Srs::<E>::insecure_from_seed(10, 64, 2);
    let small = CommitterKey::<E>::new(srs.powers_g1()[..32].to_vec());
    let large = CommitterKey::<E>::new(srs.powers_g1().to_vec());
    use vidkit_msm::TablePlan;
    assert!(
        matches!(small.table(), TablePlan::Multiples(_)),
        "{:?}",
        small.table()
    );
    for k in [2usize, 3, 4, 7, 16, 31, 32] {
        let q: Vec<Fr> = (0..k).map(|_| Fr::rand(&mut rng)).collect();
        let want: Vec<<E as Pairing>::G1> = (0..k - 1)
            .map(|e| {
                q[e + 1..]
                    .iter()
                    .zip(srs.powers_g1())
                    .map(|(c, p)| *p * c)
                    .sum()
            })
            .collect();
        for ck in [&small, &large] {
            let h = proof_coefficients(ck, &q).unwrap();
            assert_eq!(h, want, "k = {k}, table {:?}", ck.table());
        }
    }
}
