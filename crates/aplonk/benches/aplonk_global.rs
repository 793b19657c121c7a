//! Criterion benches of aPlonK global from the shared template
//! ([`vidkit_core::bench`]): `aplonk-global/{commit,prove,verify,batch_verify}/{curve}`
//! on the grid of aPlonK-PC's bench (k ∈ {4, 16, 64}, n = 2k, |F| ∈
//! {31 KiB, 496 KiB}, 3.9 MiB with `VIDKIT_BENCH_LARGE=1`; FFT encoding), on
//! BLS12-381, BN254 and BLS24-317.
//!
//! `prove` is the proofs of all n shards: one IPA and one `π_ck` for the
//! file, then n KZG(σ) openings. `verify` checks k shards one by one through
//! [`Scheme::verify_shards`]: the file's challenge and per-file part once,
//! then a Merkle path and two Miller loops per shard.
//!
//! `verify_one_prepared` is one shard on a prepared
//! [`FileVerifier`](vidkit_aplonk::FileVerifier) whose per-file part
//! is already checked: what each further shard of a file costs a verifier
//! that keeps the prepared verifier (a Merkle path, `m` multiplications and
//! two Miller loops).
//!
//! Side by side with aPlonK-PC: `cargo bench -p vidkit-aplonk --
//! 'prove/bls12-381'` runs both benches' `prove` groups.

use ark_ec::pairing::Pairing;
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use std::hint::black_box;
use vidkit_aplonk::AplonkGlobal;
use vidkit_core::{bench, Encoding, Scheme};

fn curve<E: Pairing>(c: &mut Criterion, name: &str) {
    let points = bench::points(
        &bench::Grid::paper().up_to_unless_large(31 << 14),
        |k, n| AplonkGlobal::<E>::new(k, n, Encoding::Fft).expect("scheme"),
        |scheme, len| scheme.insecure_srs(len, 1).expect("srs"),
    );
    bench::scheme_ops(c, "aplonk-global", name, &points);
    let mut group = c.benchmark_group(format!("aplonk-global/verify_one_prepared/{name}"));
    for p in &points {
        let mut file = p.scheme.prepare(&p.vk, &p.commitment).unwrap();
        let (shard, proof) = p.verified()[0];
        assert!(file.verify(shard, proof).unwrap()); // checks and caches the per-file part
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
    name = aplonk_global;
    config = bench::config();
    targets = benches
}
criterion_main!(aplonk_global);
