//! The generic conformance suite of vidkit-core (schemes.md §10: T-1, T-2, T-9,
//! T-12 round trips, T-13…T-17 generic parts, T-21, T-22, T-24) on BLS12-381
//! and BN254, over a grid with k = 1, n = k, n = k + 1, m = 1, m not a power
//! of two, and the Points, Fft and Systematic encodings.

use ark_ec::pairing::Pairing;
use ark_std::rand::SeedableRng;
use vidkit_aplonk::{m_prime, Aplonk, AplonkSrs};
use vidkit_core::{conformance, packing, Encoding};

fn run<E: Pairing>(k: usize, n: usize, enc: Encoding, max_bytes: usize, seed: u64) {
    let scheme = Aplonk::<E>::new(k, n, enc).unwrap();
    let m = packing::rows_for::<E::ScalarField>(max_bytes, k).unwrap();
    let srs = AplonkSrs::<E>::insecure_from_seeds(seed, seed + 1, k, m_prime(m));
    let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(seed);
    conformance::run_all(&scheme, &srs, max_bytes, &mut rng);
}

/// (k, n, encoding, max_bytes): m = ⌈max_bytes / 31k⌉ rows at the largest
/// length. The grid is split between the two curves to keep the suite fast
/// (debug profile); together they cover every case on at least one curve,
/// and the scheme-specific oracles (tests/oracles.rs) run on both.
const GRID_BLS: &[(usize, usize, Encoding, usize)] = &[
    (1, 1, Encoding::Points, 31 * 3), // k = n = 1, m = 3 (not a power of two)
    (4, 8, Encoding::Systematic, 31 * 4 * 5), // systematic, m = 5
    (2, 4, Encoding::Fft, 31 * 2),    // m = 1 (κ = 0)
];
const GRID_BN: &[(usize, usize, Encoding, usize)] = &[
    (2, 3, Encoding::Points, 31 * 2 * 2 + 1), // n = k + 1, m = 3
    (3, 6, Encoding::Fft, 31 * 3 * 4),        // m = 4
    (1, 2, Encoding::Fft, 31),                // k = 1, m = 1
];

#[test]
fn conformance_bls12_381() {
    for (i, (k, n, enc, max)) in GRID_BLS.iter().enumerate() {
        run::<ark_bls12_381::Bls12_381>(*k, *n, *enc, *max, 10 + i as u64);
    }
}

#[test]
fn conformance_bn254() {
    for (i, (k, n, enc, max)) in GRID_BN.iter().enumerate() {
        run::<ark_bn254::Bn254>(*k, *n, *enc, *max, 20 + i as u64);
    }
}
