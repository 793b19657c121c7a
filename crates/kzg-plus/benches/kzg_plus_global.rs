//! Criterion benches of KZG+ global from the shared template
//! ([`vidkit_core::bench`]): `kzg-plus-global/{commit,prove,verify,batch_verify}/{curve}`
//! over k ∈ {4, 16, 64}, n = 2k and |F| ∈ {31 KiB, 496 KiB, 3.9 MiB}, on
//! BLS12-381, BN254 and BLS24-317 (evaluation-point encoding, as KZG+'s
//! bench). `verify` checks k shards one by one through
//! [`Scheme::verify_shards`]: the file's challenge and `Σ r^i C_i` once, then
//! a Merkle path and two Miller loops per shard.
//!
//! Side by side with KZG+: `cargo bench -p vidkit-kzg-plus -- 'verify/bls12-381'`
//! runs both benches' `verify` groups.

use ark_ec::pairing::Pairing;
use criterion::{criterion_group, criterion_main, Criterion};
use vidkit_core::{bench, Encoding, Scheme};
use vidkit_kzg_plus::KzgPlusGlobal;

fn curve<E: Pairing>(c: &mut Criterion, name: &str) {
    let points = bench::points(
        &bench::Grid::paper(),
        |k, n| KzgPlusGlobal::<E>::new(k, n, Encoding::Points).expect("scheme"),
        |scheme, len| scheme.insecure_srs(len, 1).expect("srs"),
    );
    bench::scheme_ops(c, "kzg-plus-global", name, &points);
}

fn benches(c: &mut Criterion) {
    curve::<ark_bls12_381::Bls12_381>(c, "bls12-381");
    curve::<ark_bn254::Bn254>(c, "bn254");
    curve::<vidkit_bls24_317::Bls24_317>(c, "bls24-317");
}

criterion_group! {
    name = kzg_plus_global;
    config = bench::config();
    targets = benches
}
criterion_main!(kzg_plus_global);
