//! Criterion benches of KZG+: `kzg-plus/{commit,prove,verify,batch_verify}/{curve}`
//! over k ∈ {4, 16, 64}, n = 2k and |F| ∈ {31 KiB, 496 KiB, 3.9 MiB}.
//!
//! * commit: the m row commitments of one encoded file;
//! * prove: the proofs of all n shards;
//! * verify: k shards one by one;
//! * batch_verify: the same k shards in one batch.
//!
//! Setup (SRS, keys, encoding, dispersal) is outside the timed closures.
//! Filter with e.g. `cargo bench -p vidkit-kzg-plus -- 'kzg-plus/commit/bls12-381'`.

use ark_ec::pairing::Pairing;
use ark_std::rand::{RngCore, SeedableRng};
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use rand_chacha::ChaCha20Rng;
use std::time::Duration;
use vidkit_core::{Encoding, Scheme, Srs};
use vidkit_kzg_plus::KzgPlus;

const KS: [usize; 3] = [4, 16, 64];
const SIZES: [(usize, &str); 3] = [
    (31 * 1024, "31KiB"),
    (496 * 1024, "496KiB"),
    (4_089_446, "3.9MiB"),
];

fn curve<E: Pairing>(c: &mut Criterion, name: &str) {
    let srs = Srs::<E>::insecure_from_seed(1, 64, 2);
    let mut rng = ChaCha20Rng::seed_from_u64(7);
    for op in ["commit", "prove", "verify", "batch_verify"] {
        let mut g = c.benchmark_group(format!("kzg-plus/{op}/{name}"));
        g.sample_size(10)
            .warm_up_time(Duration::from_millis(500))
            .measurement_time(Duration::from_secs(3));
        for k in KS {
            for (len, label) in SIZES {
                let n = 2 * k;
                let scheme = KzgPlus::<E>::new(k, n, Encoding::Points).unwrap();
                let (pk, vk) = scheme.setup(&srs, len).unwrap();
                let mut data = vec![0u8; len];
                rng.fill_bytes(&mut data);
                let encoded = scheme.encode(&data).unwrap();
                let id = BenchmarkId::from_parameter(format!("k={k},n={n},F={label}"));
                g.throughput(Throughput::Bytes(len as u64));
                match op {
                    "commit" => {
                        g.bench_function(id, |b| b.iter(|| scheme.commit(&pk, &encoded).unwrap()));
                    }
                    "prove" => {
                        let (cm, h) = scheme.commit(&pk, &encoded).unwrap();
                        g.bench_function(id, |b| {
                            b.iter(|| scheme.prove(&pk, &encoded, &cm, &h).unwrap())
                        });
                    }
                    _ => {
                        let (cm, h) = scheme.commit(&pk, &encoded).unwrap();
                        let proofs = scheme.prove(&pk, &encoded, &cm, &h).unwrap();
                        let items: Vec<_> = encoded.shards[..k].iter().zip(&proofs[..k]).collect();
                        if op == "verify" {
                            g.bench_function(id, |b| {
                                b.iter(|| {
                                    for (s, p) in &items {
                                        assert!(scheme.verify(&vk, &cm, s, p).unwrap());
                                    }
                                })
                            });
                        } else {
                            g.bench_function(id, |b| {
                                b.iter(|| {
                                    assert!(scheme
                                        .batch_verify(&vk, &cm, &items, &mut rng)
                                        .unwrap())
                                })
                            });
                        }
                    }
                }
            }
        }
        g.finish();
    }
}

fn benches(c: &mut Criterion) {
    curve::<ark_bls12_381::Bls12_381>(c, "bls12-381");
    curve::<ark_bn254::Bn254>(c, "bn254");
}

criterion_group!(kzg_plus, benches);
criterion_main!(kzg_plus);
