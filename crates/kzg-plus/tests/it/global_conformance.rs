//! The generic conformance suite of vidkit-core on KZG+ global, BLS12-381,
//! BN254 and BLS24-317 (docs/spec.md §10: T-1, T-2, T-9, T-12…T-16, T-17
//! bytes, T-21, T-22, T-24), on the grid of KZG+: `k = 1`, `n = k`,
//! `n = k + 1`, `m = 1`, `m` not a power of two, `n` not a power of two
//! (Merkle trees with padding leaves), every encoding.

use vidkit_core::{conformance::GridPoint, Encoding};
use vidkit_kzg_plus::KzgPlusGlobal;

const GRID: &[GridPoint] = &[
    (1, 1, Encoding::Points, 31 * 3),
    (1, 2, Encoding::Fft, 31 * 2),
    (2, 2, Encoding::Points, 31 * 2 * 3),
    (2, 3, Encoding::Points, 31 * 2 * 5 + 7),
    (3, 4, Encoding::Fft, 31 * 3 * 3),
    (4, 8, Encoding::Systematic, 31 * 4 * 3 + 1),
    (3, 7, Encoding::Fft, 31 * 3),
    (2, 5, Encoding::Points, 31 * 2 * 4),
];

/// BLS24-317: k = n = 1 with m = 3, n = k + 1 with FFT, and systematic.
const GRID_BLS24: &[GridPoint] = &[
    (1, 1, Encoding::Points, 31 * 3),
    (2, 3, Encoding::Fft, 31 * 2 * 2 + 7),
    (4, 8, Encoding::Systematic, 31 * 4 * 3 + 1),
];

vidkit_core::conformance_suite! {
    scheme: KzgPlusGlobal::new;
    global_conformance_bls12_381: ark_bls12_381::Bls12_381, GRID, seed = 41;
    global_conformance_bn254: ark_bn254::Bn254, GRID, seed = 42;
    global_conformance_bls24_317: vidkit_bls24_317::Bls24_317, GRID_BLS24, seed = 43;
}
