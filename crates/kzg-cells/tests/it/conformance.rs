//! The generic conformance suite of vidkit-core on KZG cells, BLS12-381,
//! BN254 and BLS24-317 (docs/spec.md §10: T-1, T-2, T-9, T-12…T-16, T-17
//! bytes, T-21, T-22, T-24).

use ark_ec::pairing::Pairing;
use vidkit_core::conformance::run_grid;
use vidkit_core::{conformance::GridPoint, Encoding};
use vidkit_kzg_cells::KzgCells;

fn run<E: Pairing>(cell: usize, grid: &[GridPoint], seed: u64) {
    run_grid::<E, _, _, _>(|k, n, e| KzgCells::<E>::new(k, n, e, cell), grid, seed);
}

/// (k, n, encoding, max_bytes) with cells of 1 element: k = n = 1, and
/// n = 2k (one polynomial per row, FK20 at ℓ = 1).
const GRID_CELL_1: &[GridPoint] = &[
    (1, 1, Encoding::Fft, 31 * 3),
    (2, 4, Encoding::Fft, 31 * 2 * 3 + 5),
];

/// Cells of 2: n not a power of two, systematic, m a multiple of ℓ and not.
const GRID_CELL_2: &[GridPoint] = &[
    (3, 7, Encoding::Fft, 31 * 3 * 3),
    (4, 8, Encoding::Systematic, 31 * 4 * 3 + 1),
];

/// Cells of 4: one polynomial with fewer rows than ℓ, two polynomials the
/// last of them partial, n = k.
const GRID_CELL_4: &[GridPoint] = &[
    (2, 3, Encoding::Fft, 31 * 2 * 3),
    (2, 4, Encoding::Fft, 31 * 2 * 5 + 7),
    (4, 4, Encoding::Fft, 31 * 4 * 4),
];

#[test]
fn conformance_bls12_381() {
    type E = ark_bls12_381::Bls12_381;
    run::<E>(1, GRID_CELL_1, 1);
    run::<E>(2, GRID_CELL_2, 11);
    run::<E>(4, GRID_CELL_4, 21);
}

#[test]
fn conformance_bn254() {
    type E = ark_bn254::Bn254;
    run::<E>(1, GRID_CELL_1, 2);
    run::<E>(2, GRID_CELL_2, 12);
    run::<E>(4, GRID_CELL_4, 22);
}

#[test]
fn conformance_bls24_317() {
    type E = vidkit_bls24_317::Bls24_317;
    run::<E>(2, &GRID_CELL_2[..1], 13);
    run::<E>(4, &GRID_CELL_4[1..2], 23);
}
