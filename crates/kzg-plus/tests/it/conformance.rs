//! The generic conformance suite of vidkit-core on KZG+, BLS12-381 and BN254
//! (schemes.md §10: T-1, T-2, T-9, T-12…T-16, T-17 bytes, T-21, T-22, T-24).

use ark_ec::pairing::Pairing;
use ark_std::rand::SeedableRng;
use rand_chacha::ChaCha20Rng;
use vidkit_core::{conformance, Encoding, Srs};
use vidkit_kzg_plus::KzgPlus;

/// (k, n, encoding, max_bytes): k = 1, n = k, n = k + 1, m = 1, m not a
/// power of two, every encoding.
const GRID: &[(usize, usize, Encoding, usize)] = &[
    (1, 1, Encoding::Points, 31 * 3),
    (1, 2, Encoding::Fft, 31 * 2),
    (2, 2, Encoding::Points, 31 * 2 * 3),
    (2, 3, Encoding::Points, 31 * 2 * 5 + 7),
    (3, 4, Encoding::Fft, 31 * 3 * 3),
    (4, 8, Encoding::Systematic, 31 * 4 * 3 + 1),
    (3, 7, Encoding::Fft, 31 * 3),
];

fn suite<E: Pairing>(seed: u64) {
    let srs = Srs::<E>::insecure_from_seed(seed, 8, 2);
    for &(k, n, enc, max) in GRID {
        let scheme = KzgPlus::<E>::new(k, n, enc).unwrap();
        conformance::run_all(&scheme, &srs, max, &mut ChaCha20Rng::seed_from_u64(seed));
    }
}

#[test]
fn conformance_bls12_381() {
    suite::<ark_bls12_381::Bls12_381>(1);
}

#[test]
fn conformance_bn254() {
    suite::<ark_bn254::Bn254>(2);
}
