//! Criterion benches of Semi-AVID-PC: `semi-avid/{commit,verify,verify_each,batch_verify}/{curve}`
//! over k ∈ {4, 16, 64}, |F| ∈ {31 KiB, 496 KiB, 3.9 MiB}, n = 2k (FFT encoding).
//!
//! * `commit`: the k column commitments of an encoded file;
//! * `verify`: one shard (canonical check);
//! * `verify_each`: k shards one by one (`SemiAvid::verify_each`);
//! * `batch_verify`: the same k shards in one batch.
//!
//! Setup (SRS, encoding, commitment) happens outside the timed closures, once
//! per curve. Run: `cargo bench -p vidkit-semi-avid` (add `--features parallel`
//! for the multi-threaded figures).

use ark_bls12_381::Bls12_381;
use ark_bn254::Bn254;
use ark_ec::pairing::Pairing;
use ark_std::rand::{RngCore, SeedableRng};
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use std::hint::black_box;
use std::time::Duration;
use vidkit_core::{Dispersal, Encoded, Encoding, Scheme, Srs};
use vidkit_semi_avid::{Bases, SemiAvid};

const KS: [usize; 3] = [4, 16, 64];
/// |F| = 31·2^10, 31·2^14, 31·2^17 bytes: 2^10, 2^14, 2^17 field elements.
const SIZES: [(usize, &str); 3] = [
    (31 << 10, "31KiB"),
    (31 << 14, "496KiB"),
    (31 << 17, "3.9MiB"),
];

struct Point<E: Pairing> {
    id: String,
    len: usize,
    k: usize,
    scheme: SemiAvid<E>,
    key: Bases<E>,
    encoded: Encoded<E::ScalarField>,
    dispersal: Dispersal<SemiAvid<E>>,
}

fn points<E: Pairing>() -> Vec<Point<E>> {
    let max_m = (31 << 17) / 31 / KS[0];
    let srs = Srs::<E>::insecure_from_seed(1, max_m, 2);
    let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(5);
    let mut out = Vec::new();
    for (len, label) in SIZES {
        for k in KS {
            let n = 2 * k;
            let scheme = SemiAvid::<E>::new(k, n, Encoding::Fft).expect("scheme");
            let (key, _) = scheme.setup(&srs, len).expect("setup");
            let mut data = vec![0u8; len];
            rng.fill_bytes(&mut data);
            let encoded = scheme.encode(&data).expect("encode");
            let (commitment, hint) = scheme.commit(&key, &encoded).expect("commit");
            let proofs = scheme
                .prove(&key, &encoded, &commitment, &hint)
                .expect("prove");
            let dispersal = Dispersal {
                commitment,
                shards: encoded.shards.clone(),
                proofs,
            };
            out.push(Point {
                id: format!("k={k},n={n},F={label}"),
                len,
                k,
                scheme,
                key,
                encoded,
                dispersal,
            });
        }
    }
    out
}

fn bench_curve<E: Pairing>(c: &mut Criterion, curve: &str) {
    let points = points::<E>();
    let mut group = c.benchmark_group(format!("semi-avid/commit/{curve}"));
    for p in &points {
        group.throughput(Throughput::Bytes(p.len as u64));
        group.bench_function(BenchmarkId::from_parameter(&p.id), |b| {
            b.iter(|| p.scheme.commit(&p.key, black_box(&p.encoded)).unwrap())
        });
    }
    group.finish();
    let mut group = c.benchmark_group(format!("semi-avid/verify/{curve}"));
    for p in &points {
        let d = &p.dispersal;
        group.throughput(Throughput::Bytes(p.len as u64));
        group.bench_function(BenchmarkId::from_parameter(&p.id), |b| {
            b.iter(|| {
                assert!(p
                    .scheme
                    .verify(&p.key, &d.commitment, black_box(&d.shards[1]), &d.proofs[1])
                    .unwrap())
            })
        });
    }
    group.finish();
    let mut group = c.benchmark_group(format!("semi-avid/verify_each/{curve}"));
    for p in &points {
        let d = &p.dispersal;
        let shards = &d.shards[p.k..2 * p.k];
        group.throughput(Throughput::Bytes(p.len as u64));
        group.bench_function(BenchmarkId::from_parameter(&p.id), |b| {
            b.iter(|| {
                let ok = p.scheme.verify_each(&p.key, &d.commitment, shards).unwrap();
                assert!(ok.into_iter().all(|x| x))
            })
        });
    }
    group.finish();
    let mut group = c.benchmark_group(format!("semi-avid/batch_verify/{curve}"));
    for p in &points {
        let d = &p.dispersal;
        let items: Vec<_> = d.shards.iter().zip(&d.proofs).skip(p.k).collect();
        let mut rng = vidkit_core::rng::os_rng();
        group.throughput(Throughput::Bytes(p.len as u64));
        group.bench_function(BenchmarkId::from_parameter(&p.id), |b| {
            b.iter(|| {
                assert!(p
                    .scheme
                    .batch_verify(&p.key, &d.commitment, black_box(&items), &mut rng)
                    .unwrap())
            })
        });
    }
    group.finish();
}

fn benches(c: &mut Criterion) {
    bench_curve::<Bls12_381>(c, "bls12-381");
    bench_curve::<Bn254>(c, "bn254");
}

criterion_group! {
    name = semi_avid;
    config = Criterion::default()
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3));
    targets = benches
}
criterion_main!(semi_avid);
