//! T-24: with the `parallel` feature, results on a multi-threaded pool are bit-identical to a
//! one-thread pool (and to the sequential oracle, checked in the other test files).
#![cfg(feature = "parallel")]

use crate::common;

use common::*;
use vidkit_erasure::{decode_combinations, DecodeStrategy, Encoding};

fn in_pool<T: Send>(threads: usize, f: impl FnOnce() -> T + Send) -> T {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap()
        .install(f)
}

#[test]
fn parallel_and_single_threaded_outputs_are_identical() {
    let mut rng = rng(41);
    for (k, n, m) in [(4, 8, 3000), (16, 32, 900), (64, 128, 200), (3, 7, 2000)] {
        for encoding in Encoding::ALL {
            let Some(rs) = coder::<Bls>(k, n, encoding) else {
                continue;
            };
            let data = random_matrix::<Bls>(&mut rng, m * k);
            let run = || {
                let shards = rs.encode(&data).unwrap();
                let input = pick(&shards, &(n - k..n).collect::<Vec<_>>());
                let decoded: Vec<Vec<Bls>> = [DecodeStrategy::Vandermonde, DecodeStrategy::Fft]
                    .iter()
                    .map(|s| rs.decode_with(&input, *s).unwrap())
                    .collect();
                let combos: Vec<(Vec<Bls>, &[Bls])> = input
                    .iter()
                    .map(|(j, v)| (rs.combination(*j).unwrap(), *v))
                    .collect();
                let refs: Vec<(&[Bls], &[Bls])> =
                    combos.iter().map(|(l, v)| (l.as_slice(), *v)).collect();
                let from_combos = decode_combinations(&refs, k).unwrap();
                (shards.clone(), decoded, from_combos)
            };
            let one = in_pool(1, run);
            let many = in_pool(4, run);
            assert_eq!(one, many, "k={k} n={n} {encoding}");
            assert_eq!(one.1[0], data);
            assert_eq!(one.1[1], data);
        }
    }
}
