//! σ = τ breaks aPlonK's binding, and the setup refuses it.
//!
//! `com_f = Π_i e(μ_i, [τ^i]_2)` with `μ_i = Σ_c P_{i,c}[σ^c]_1` is
//! `[Σ_{i,c} P_{i,c} σ^c τ^i]_T`. With σ = τ it only sees the sums along the
//! anti-diagonals `i + c`, so two different matrices share a commitment. The
//! old check (equal generators) accepted such a setup; the test builds one,
//! shows the collision with the formula above computed from the setup's own
//! powers, and checks that both `AplonkSrs::new` and key derivation reject it.

use ark_ec::{pairing::Pairing, AffineRepr, CurveGroup, VariableBaseMSM};
use ark_ff::UniformRand;
use ark_std::rand::SeedableRng;
use vidkit_aplonk::{Aplonk, AplonkError, AplonkSrs};
use vidkit_core::{Encoding, Scheme};

/// `Σ_i e(Σ_c P_{i,c}[σ^c]_1, [τ^i]_2)` for the `m × k` matrix `rows`.
fn com_f<E: Pairing>(
    srs: &AplonkSrs<E>,
    rows: &[Vec<E::ScalarField>],
) -> ark_ec::pairing::PairingOutput<E> {
    let sigma = srs.sigma().powers_g1();
    let tau = srs.tau().powers_g2();
    let mu: Vec<E::G1Affine> = rows
        .iter()
        .map(|row| E::G1::msm(&sigma[..row.len()], row).unwrap().into_affine())
        .collect();
    E::multi_pairing(mu, tau[..rows.len()].to_vec())
}

fn same_trapdoor<E: Pairing>() {
    let (k, m) = (4, 4);
    let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(11);
    let t = E::ScalarField::rand(&mut rng);
    let rows: Vec<Vec<E::ScalarField>> = (0..m)
        .map(|_| (0..k).map(|_| E::ScalarField::rand(&mut rng)).collect())
        .collect();
    // move the coefficient at (row 0, column 1) to (row 1, column 0)
    let mut moved = rows.clone();
    let x = moved[0][1];
    moved[0][1] -= x;
    moved[1][0] += x;
    assert_ne!(rows, moved);

    let equal = AplonkSrs::<E>::insecure_with_trapdoors(t, t, k, m);
    // what the old check looked at: the generators agree
    assert_eq!(equal.sigma().powers_g1()[0], equal.tau().powers_g1()[0]);
    assert_eq!(equal.sigma().powers_g2()[0], equal.tau().powers_g2()[0]);
    assert!(!equal.sigma().powers_g1()[0].is_zero());
    // the collision
    assert_eq!(com_f(&equal, &rows), com_f(&equal, &moved));
    // ... which independent trapdoors do not have
    let independent = AplonkSrs::<E>::insecure_with_trapdoors(t, t + t, k, m);
    assert_ne!(com_f(&independent, &rows), com_f(&independent, &moved));

    // the setup refuses σ = τ, however the SRS was obtained
    let refused = AplonkSrs::new(equal.sigma().clone(), equal.tau().clone());
    assert!(
        matches!(refused, Err(AplonkError::SameTrapdoor)),
        "{refused:?}"
    );
    let scheme = Aplonk::<E>::new(k, 2 * k, Encoding::Fft).unwrap();
    let derived = scheme.setup(&equal, 31 * k * m);
    assert!(
        matches!(derived, Err(AplonkError::SameTrapdoor)),
        "{:?}",
        derived.err()
    );
    // and accepts independent strings
    AplonkSrs::new(independent.sigma().clone(), independent.tau().clone()).unwrap();
    scheme.setup(&independent, 31 * k * m).unwrap();
}

#[test]
fn same_trapdoor_is_refused_bls12_381() {
    same_trapdoor::<ark_bls12_381::Bls12_381>();
}

#[test]
fn same_trapdoor_is_refused_bn254() {
    same_trapdoor::<ark_bn254::Bn254>();
}
