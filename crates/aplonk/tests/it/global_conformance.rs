//! The generic conformance suite of vidkit-core on aPlonK global, BLS12-381,
//! BN254 and BLS24-317 (docs/spec.md §10: T-1, T-2, T-9, T-12…T-16, T-17
//! bytes, T-21, T-22, T-24): `k = 1`, `n = k`, `n = k + 1`, `m = 1` (no IPA
//! round), `m` not a power of two, `n` not a power of two (Merkle trees with
//! padding leaves), every encoding.

use vidkit_aplonk::AplonkGlobal;
use vidkit_core::{conformance::GridPoint, Encoding};

const GRID_BLS: &[GridPoint] = &[
    (1, 1, Encoding::Points, 31 * 3),         // k = n = 1, m = 3
    (4, 8, Encoding::Systematic, 31 * 4 * 5), // systematic, m = 5
    (2, 4, Encoding::Fft, 31 * 2),            // m = 1 (κ = 0)
    (3, 7, Encoding::Fft, 31 * 3 * 2 + 5),    // n = 7: padding leaf
];
const GRID_BN: &[GridPoint] = &[
    (2, 3, Encoding::Points, 31 * 2 * 2 + 1), // n = k + 1, m = 3
    (3, 6, Encoding::Fft, 31 * 3 * 4),        // m = 4
    (1, 2, Encoding::Fft, 31),                // k = 1, m = 1
];
/// BLS24-317 (G_T work is the slowest here): n = k + 1 with m = 2, and
/// k = 1 with m = 3.
const GRID_BLS24: &[GridPoint] = &[
    (2, 3, Encoding::Fft, 31 * 2 * 2),
    (1, 2, Encoding::Points, 31 * 3),
];

vidkit_core::conformance_suite! {
    scheme: AplonkGlobal::new;
    global_conformance_bls12_381: ark_bls12_381::Bls12_381, GRID_BLS, seed = 110;
    global_conformance_bn254: ark_bn254::Bn254, GRID_BN, seed = 120;
    global_conformance_bls24_317: vidkit_bls24_317::Bls24_317, GRID_BLS24, seed = 130;
}
