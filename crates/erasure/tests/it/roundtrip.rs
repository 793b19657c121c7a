//! T-1 round trips: every k-subset for n ≤ 8 (exhaustive), random subsets and parameters up to
//! n = 64 (proptest), in every encoding and with both decoding strategies, on BLS12-381 Fr and
//! BN254 Fr.

use crate::common;

use ark_ff::FftField;
use common::*;
use proptest::prelude::*;
use rand::seq::SliceRandom;
use vidkit_erasure::{DecodeStrategy, Encoding};

const STRATEGIES: [DecodeStrategy; 3] = [
    DecodeStrategy::Auto,
    DecodeStrategy::Vandermonde,
    DecodeStrategy::Fft,
];

fn exhaustive<F: FftField>(seed: u64) {
    let mut rng = rng(seed);
    let mut checked = 0;
    for n in 1..=8 {
        for k in 1..=n {
            for encoding in Encoding::ALL {
                let Some(rs) = coder::<F>(k, n, encoding) else {
                    continue;
                };
                let m = 1 + (n + k) % 3; // m ∈ {1, 2, 3}
                let data = random_matrix::<F>(&mut rng, m * k);
                let shards = rs.encode(&data).unwrap();
                let coefficients = rs.coefficients(&data).unwrap();
                for subset in subsets(n, k) {
                    for strategy in STRATEGIES {
                        let got = rs.decode_with(&pick(&shards, &subset), strategy).unwrap();
                        assert_eq!(got, data, "k={k} n={n} {encoding} {subset:?} {strategy:?}");
                        let c = rs
                            .decode_coefficients_with(&pick(&shards, &subset), strategy)
                            .unwrap();
                        assert_eq!(c, coefficients);
                    }
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 1000, "only {checked} subsets checked");
}

#[test]
fn every_k_subset_decodes_for_n_up_to_8_bls12_381() {
    exhaustive::<Bls>(1);
}

#[test]
fn every_k_subset_decodes_for_n_up_to_8_bn254() {
    exhaustive::<Bn>(2);
}

/// Random (k, n ≤ 64), data with m rows, a random set of at least k shards in random order.
fn random_subsets<F: FftField>(k: usize, n: usize, m: usize, extra: usize, seed: u64) {
    let mut rng = rng(seed);
    for encoding in Encoding::ALL {
        let Some(rs) = coder::<F>(k, n, encoding) else {
            assert_eq!(encoding, Encoding::Systematic);
            continue;
        };
        let data = random_matrix::<F>(&mut rng, m * k);
        let shards = rs.encode(&data).unwrap();
        assert_eq!(shards.len(), n);
        assert!(shards.iter().all(|s| s.len() == m));
        for _ in 0..3 {
            let mut indices: Vec<usize> = (0..n).collect();
            indices.shuffle(&mut rng);
            indices.truncate((k + extra).min(n));
            let input = pick(&shards, &indices);
            let auto = rs.decode(&input).unwrap();
            assert_eq!(auto, data, "k={k} n={n} {encoding} {indices:?}");
            for strategy in STRATEGIES {
                assert_eq!(
                    rs.decode_with(&input, strategy).unwrap(),
                    data,
                    "{strategy:?}"
                );
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn any_k_of_n_decode_bls12_381(
        (k, n) in (1usize..=64).prop_flat_map(|k| (Just(k), k..=64)),
        m in 1usize..5,
        extra in 0usize..3,
        seed in any::<u64>(),
    ) {
        random_subsets::<Bls>(k, n, m, extra, seed);
    }

    #[test]
    fn any_k_of_n_decode_bn254(
        (k, n) in (1usize..=64).prop_flat_map(|k| (Just(k), k..=64)),
        m in 1usize..5,
        extra in 0usize..3,
        seed in any::<u64>(),
    ) {
        random_subsets::<Bn>(k, n, m, extra, seed);
    }

    #[test]
    fn systematic_any_k_of_n_decode(
        log_k in 0u32..=6,
        n_extra in 0usize..=64,
        m in 1usize..4,
        seed in any::<u64>(),
    ) {
        // power-of-two k with an n the systematic encoding accepts
        let k = 1usize << log_k;
        let n = (k + n_extra).min(64).max(k);
        let n_prime = n.next_power_of_two();
        prop_assume!((k - 1) * (n_prime / k) < n);
        random_subsets::<Bls>(k, n, m, 0, seed);
    }
}

#[test]
fn many_tiles_round_trip_in_every_mode() {
    // m large enough for several row tiles, k not a power of two in the non-systematic modes
    let mut rng = rng(7);
    for (k, n, m) in [(3, 7, 3000), (16, 32, 700), (64, 128, 130), (5, 5, 2500)] {
        for encoding in Encoding::ALL {
            let Some(rs) = coder::<Bls>(k, n, encoding) else {
                continue;
            };
            let data = random_matrix::<Bls>(&mut rng, m * k);
            let shards = rs.encode(&data).unwrap();
            assert_eq!(
                shards,
                oracle_shards(&rs.coefficients(&data).unwrap(), k, n, encoding)
            );
            let mut indices: Vec<usize> = (0..n).collect();
            indices.shuffle(&mut rng);
            for strategy in STRATEGIES {
                let got = rs
                    .decode_with(&pick(&shards, &indices[..k]), strategy)
                    .unwrap();
                assert_eq!(got, data, "k={k} n={n} {encoding} {strategy:?}");
            }
        }
    }
}
