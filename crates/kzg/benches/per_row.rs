//! Criterion benches of the per-row KZG dispersal scheme ([`KzgPerRow`]) from
//! the shared template ([`vidkit_core::bench`]):
//! `kzg-per-row/{commit,prove,verify,batch_verify}/{curve}` over k ∈ {4, 16, 64},
//! n = 2k and |F| ∈ {31 KiB, 496 KiB} (FFT encoding), on BLS12-381, BN254 and
//! BLS24-317. The 3.9 MiB points join with `VIDKIT_BENCH_LARGE=1`: one proof
//! per shard and row makes them minutes long.
//!
//! (`kzg/{commit,open,verify}/{curve}` in the `kzg` bench measure the
//! single-polynomial primitive.) Run: `cargo bench -p vidkit-kzg --bench per_row`.

use ark_ec::pairing::Pairing;
use criterion::{criterion_group, criterion_main, Criterion};
use vidkit_core::{bench, Encoding, Scheme};
use vidkit_kzg::KzgPerRow;

fn curve<E: Pairing>(c: &mut Criterion, name: &str) {
    let points = bench::points(
        &bench::Grid::paper().up_to_unless_large(31 << 14),
        |k, n| KzgPerRow::<E>::new(k, n, Encoding::Fft).expect("scheme"),
        |scheme, len| scheme.insecure_srs(len, 1).expect("srs"),
    );
    bench::scheme_ops(c, "kzg-per-row", name, &points);
}

fn benches(c: &mut Criterion) {
    curve::<ark_bls12_381::Bls12_381>(c, "bls12-381");
    curve::<ark_bn254::Bn254>(c, "bn254");
    curve::<vidkit_bls24_317::Bls24_317>(c, "bls24-317");
}

criterion_group! {
    name = per_row;
    config = bench::config();
    targets = benches
}
criterion_main!(per_row);
