//! The generic conformance suite of vidkit-core (docs/spec.md §10: T-1, T-2, T-9,
//! T-12 round trips, T-13…T-17 generic parts, T-21, T-22, T-24) on BLS12-381,
//! BN254 and BLS24-317, over a grid with k = 1, n = k, n = k + 1, m = 1, m not
//! a power of two, and the Points, Fft and Systematic encodings.

use vidkit_aplonk::Aplonk;
use vidkit_core::{conformance::GridPoint, Encoding};

/// (k, n, encoding, max_bytes): m = ⌈max_bytes / 31k⌉ rows at the largest
/// length. The grid is split between the two curves to keep the suite fast
/// (debug profile); together they cover every case on at least one curve,
/// and the scheme-specific oracles (tests/oracles.rs) run on both.
const GRID_BLS: &[GridPoint] = &[
    (1, 1, Encoding::Points, 31 * 3), // k = n = 1, m = 3 (not a power of two)
    (4, 8, Encoding::Systematic, 31 * 4 * 5), // systematic, m = 5
    (2, 4, Encoding::Fft, 31 * 2),    // m = 1 (κ = 0)
];
const GRID_BN: &[GridPoint] = &[
    (2, 3, Encoding::Points, 31 * 2 * 2 + 1), // n = k + 1, m = 3
    (3, 6, Encoding::Fft, 31 * 3 * 4),        // m = 4
    (1, 2, Encoding::Fft, 31),                // k = 1, m = 1
];
/// BLS24-317 (aPlonK verifies in G_T, the slowest group here): n = k + 1
/// with m = 2 (one IPA round), and k = 1 with m = 3 (not a power of two).
const GRID_BLS24: &[GridPoint] = &[
    (2, 3, Encoding::Fft, 31 * 2 * 2),
    (1, 2, Encoding::Points, 31 * 3),
];

vidkit_core::conformance_suite! {
    scheme: Aplonk::new;
    conformance_bls12_381: ark_bls12_381::Bls12_381, GRID_BLS, seed = 10;
    conformance_bn254: ark_bn254::Bn254, GRID_BN, seed = 20;
    conformance_bls24_317: vidkit_bls24_317::Bls24_317, GRID_BLS24, seed = 30;
}
