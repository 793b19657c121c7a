//! Criterion benches of Semi-AVID-PC from the shared template
//! ([`vidkit_core::bench`]): `semi-avid/{commit,prove,verify,batch_verify}/{curve}`
//! over k ∈ {4, 16, 64}, n = 2k and |F| ∈ {31 KiB, 496 KiB, 3.9 MiB} (FFT
//! encoding), on BLS12-381, BN254 and BLS24-317, plus
//!
//! * `semi-avid/verify_each/{curve}`: the same k shards through
//!   [`SemiAvid::verify_each`] (one answer per shard, shared work batched).
//!
//! Run: `cargo bench -p vidkit-semi-avid` (add `--features parallel` for the
//! multi-threaded figures).

use ark_ec::pairing::Pairing;
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use std::hint::black_box;
use vidkit_core::{bench, Encoding, Scheme};
use vidkit_semi_avid::SemiAvid;

fn curve<E: Pairing>(c: &mut Criterion, name: &str) {
    let points = bench::points(
        &bench::Grid::paper(),
        |k, n| SemiAvid::<E>::new(k, n, Encoding::Fft).expect("scheme"),
        |scheme, len| scheme.insecure_srs(len, 1).expect("srs"),
    );
    bench::scheme_ops(c, "semi-avid", name, &points);
    let mut group = c.benchmark_group(format!("semi-avid/verify_each/{name}"));
    for p in &points {
        let shards = &p.encoded.shards[p.k..2 * p.k];
        group.throughput(Throughput::Bytes(p.len as u64));
        group.bench_function(BenchmarkId::from_parameter(&p.id), |b| {
            b.iter(|| {
                let ok = p
                    .scheme
                    .verify_each(&p.vk, &p.commitment, black_box(shards))
                    .unwrap();
                assert!(ok.into_iter().all(|x| x))
            })
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
    name = semi_avid;
    config = bench::config();
    targets = benches
}
criterion_main!(semi_avid);
