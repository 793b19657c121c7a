//! FK20 against the naive openings: for random polynomials and several
//! `(ℓ, k, N)`, every one of FK20's `N` proofs equals the quotient by the
//! coset's vanishing polynomial `X^ℓ − ω_N^j` committed with one MSM, on
//! all three curves; and the quotient itself is checked by multiplying
//! back.

use ark_ec::{pairing::Pairing, CurveGroup};
use ark_ff::{Field, UniformRand, Zero};
use ark_poly::{EvaluationDomain, Radix2EvaluationDomain};
use ark_std::rand::SeedableRng;
use rand_chacha::ChaCha20Rng;
use vidkit_core::Srs;
use vidkit_kzg::fk20::{divide_by_coset, open_coset, Fk20};

/// `(ℓ, k, N)`: ℓ = 1 (plain KZG openings at the N-th roots), k = 1 (no
/// quotient), N < k − 1 (folded), N = k, N > k, k not a power of two.
const SHAPES: &[(usize, usize, usize)] = &[
    (1, 4, 8),
    (1, 5, 8),
    (2, 1, 4),
    (2, 3, 4),
    (4, 4, 8),
    (4, 8, 2),
    (8, 2, 16),
    (2, 7, 16),
];

fn fk20_equals_naive<E: Pairing>(seed: u64) {
    let mut rng = ChaCha20Rng::seed_from_u64(seed);
    for &(l, k, n) in SHAPES {
        let srs = Srs::<E>::insecure_from_seed(seed, k * l, 2);
        let fk = Fk20::<E>::new(srs.powers_g1(), l, k).unwrap();
        let omega = Radix2EvaluationDomain::<E::ScalarField>::new(n)
            .unwrap()
            .group_gen();
        // a full polynomial and a shorter one
        for len in [k * l, (k * l).div_ceil(2)] {
            let f: Vec<E::ScalarField> = (0..len).map(|_| E::ScalarField::rand(&mut rng)).collect();
            let proofs = fk.prove(&f, n).unwrap();
            assert_eq!(proofs.len(), n);
            for (j, proof) in proofs.iter().enumerate() {
                let a = omega.pow([j as u64]);
                let naive = open_coset::<E>(srs.powers_g1(), &f, l, a).unwrap();
                assert_eq!(
                    *proof,
                    naive.into_affine(),
                    "ℓ = {l}, k = {k}, N = {n}, {len} coefficients, coset {j}"
                );
            }
        }
        // too many coefficients are refused
        let long = vec![E::ScalarField::zero(); k * l + 1];
        assert!(fk.prove(&long, n).is_err());
    }
}

#[test]
fn fk20_equals_naive_bls12_381() {
    fk20_equals_naive::<ark_bls12_381::Bls12_381>(1);
}

#[test]
fn fk20_equals_naive_bn254() {
    fk20_equals_naive::<ark_bn254::Bn254>(2);
}

#[test]
fn fk20_equals_naive_bls24_317() {
    fk20_equals_naive::<vidkit_bls24_317::Bls24_317>(3);
}

/// The division itself: `f = q·(X^ℓ − a) + r` with `deg r < ℓ`, checked by
/// multiplying back.
#[test]
fn divide_by_coset_multiplies_back() {
    type F = ark_bls12_381::Fr;
    let mut rng = ChaCha20Rng::seed_from_u64(4);
    for (len, l) in [(1, 1), (5, 1), (9, 4), (16, 4), (3, 8), (17, 2)] {
        let f: Vec<F> = (0..len).map(|_| F::rand(&mut rng)).collect();
        let a = F::rand(&mut rng);
        let (r, q) = divide_by_coset(&f, l, a);
        assert!(r.len() <= l);
        let mut back = vec![F::zero(); len.max(l)];
        for (i, c) in q.iter().enumerate() {
            back[i + l] += c;
            back[i] -= a * c;
        }
        for (i, c) in r.iter().enumerate() {
            back[i] += c;
        }
        assert_eq!(&back[..len], &f[..], "len {len}, ℓ {l}");
        assert!(back[len..].iter().all(|c| c.is_zero()));
    }
}

/// Parameters FK20 has no precomputation for are typed errors.
#[test]
fn fk20_refuses_bad_shapes() {
    type E = ark_bls12_381::Bls12_381;
    let srs = Srs::<E>::insecure_from_seed(5, 8, 2);
    assert!(Fk20::<E>::new(srs.powers_g1(), 3, 2).is_err(), "ℓ = 3");
    assert!(Fk20::<E>::new(srs.powers_g1(), 0, 2).is_err(), "ℓ = 0");
    assert!(Fk20::<E>::new(srs.powers_g1(), 2, 0).is_err(), "k = 0");
    assert!(
        Fk20::<E>::new(srs.powers_g1(), 4, 4).is_err(),
        "12 powers needed, 8 held"
    );
    let fk = Fk20::<E>::new(srs.powers_g1(), 4, 3).unwrap();
    assert!(fk.prove(&[], 3).is_err(), "3 cosets");
    assert!(fk.prove(&[], 0).is_err(), "0 cosets");
}
