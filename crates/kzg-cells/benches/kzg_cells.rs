//! Criterion benches of KZG cells from the shared template
//! ([`vidkit_core::bench`]): `kzg-cells/{commit,prove,verify,batch_verify}/{curve}`
//! over k ∈ {4, 16, 64}, n = 2k and |F| ∈ {31 KiB, 496 KiB, 3.9 MiB}, on
//! BLS12-381, BN254 and BLS24-317 (FFT encoding, cells of 16 elements).
//!
//! Filter with e.g. `cargo bench -p vidkit-kzg-cells -- 'kzg-cells/prove/bls12-381'`;
//! add `--features parallel` for the multi-threaded figures.

use ark_ec::pairing::Pairing;
use criterion::{criterion_group, criterion_main, Criterion};
use vidkit_core::{bench, Encoding, Scheme};
use vidkit_kzg_cells::KzgCells;

/// The cell size of the benches.
const CELL: usize = 16;

fn curve<E: Pairing>(c: &mut Criterion, name: &str) {
    let points = bench::points(
        &bench::Grid::paper(),
        |k, n| KzgCells::<E>::new(k, n, Encoding::Fft, CELL).expect("scheme"),
        |scheme, len| scheme.insecure_srs(len, 1).expect("srs"),
    );
    bench::scheme_ops(c, "kzg-cells", name, &points);
}

fn benches(c: &mut Criterion) {
    curve::<ark_bls12_381::Bls12_381>(c, "bls12-381");
    curve::<ark_bn254::Bn254>(c, "bn254");
    curve::<vidkit_bls24_317::Bls24_317>(c, "bls24-317");
}

criterion_group! {
    name = kzg_cells;
    config = bench::config();
    targets = benches
}
criterion_main!(kzg_cells);
