//! Criterion benches of KZG+ global from the shared template
//! ([`vidkit_core::bench`]): `kzg-plus-global/{commit,prove,verify,batch_verify}/{curve}`
//! over k ∈ {4, 16, 64}, n = 2k and |F| ∈ {31 KiB, 496 KiB, 3.9 MiB}, on
//! BLS12-381, BN254 and BLS24-317 (evaluation-point encoding, as KZG+'s
//! bench). `verify` checks k shards one by one through
//! [`Scheme::verify_shards`]: the file's challenge and `Σ r^i C_i` once, then
//! a Merkle path and two Miller loops per shard.
//!
//! Two more groups split `verify` into its halves: `prepare` (the per-file
//! work: the challenge and `Σ r^i C_i`) and `verify_one_prepared` (one shard
//! on a prepared [`FileVerifier`](vidkit_kzg_plus::FileVerifier): a Merkle
//! path, `m` multiplications and two Miller loops), what each further shard
//! of a file costs a verifier that keeps the prepared verifier.
//!
//! Side by side with KZG+: `cargo bench -p vidkit-kzg-plus -- 'verify/bls12-381'`
//! runs both benches' `verify` groups (KZG+'s `verify` checks k shards, each
//! with its own challenge and MSM of size m).

use ark_ec::pairing::Pairing;
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use std::hint::black_box;
use vidkit_core::{bench, Encoding, Scheme};
use vidkit_kzg_plus::KzgPlusGlobal;

fn curve<E: Pairing>(c: &mut Criterion, name: &str) {
    let points = bench::points(
        &bench::Grid::paper(),
        |k, n| KzgPlusGlobal::<E>::new(k, n, Encoding::Points).expect("scheme"),
        |scheme, len| scheme.insecure_srs(len, 1).expect("srs"),
    );
    bench::scheme_ops(c, "kzg-plus-global", name, &points);
    let mut group = c.benchmark_group(format!("kzg-plus-global/prepare/{name}"));
    for p in &points {
        group.bench_function(BenchmarkId::from_parameter(&p.id), |b| {
            b.iter(|| p.scheme.prepare(&p.vk, black_box(&p.commitment)).unwrap())
        });
    }
    group.finish();
    let mut group = c.benchmark_group(format!("kzg-plus-global/verify_one_prepared/{name}"));
    for p in &points {
        let file = p.scheme.prepare(&p.vk, &p.commitment).unwrap();
        let (shard, proof) = p.verified()[0];
        group.bench_function(BenchmarkId::from_parameter(&p.id), |b| {
            b.iter(|| assert!(file.verify(black_box(shard), proof).unwrap()))
        });
    }
    group.finish();
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
