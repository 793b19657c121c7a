//! KZG+, komodo 1.0.1 (`kzg` module, arkworks 0.4 + patched ark-poly-commit, see
//! prepare.sh) beside vidkit-kzg-plus (arkworks 0.6), in ONE criterion run,
//! BLS12-381, n = 2k, evaluation points 0..n−1 (komodo's Vandermonde encoding;
//! vidkit `Encoding::Points`), minimum-size setups. Single-threaded with
//! `RAYON_NUM_THREADS=1`: komodo's arkworks 0.4 is built with `parallel` (see
//! Cargo.toml).
//!
//! Groups `kzg-plus-vs-komodo/{commit,prove,verify,batch_verify}/bls12-381`,
//! ids `{komodo|vidkit}/k=…,n=…,F=…`:
//! * commit: the m row commitments from the row polynomials;
//! * prove: the proofs of all n shards (komodo's `kzg::prove`; vidkit `prove`);
//! * verify: k shards one by one;
//! * batch_verify: komodo's `batch_verify` vs vidkit's `batch_verify` of the
//!   same k shards (komodo's batch is the weak one of peers.md; reference only).
//!
//! Points: `KZG_PLUS_POINTS=k:bytes,…` (default: k ∈ {4, 16, 64} at 31 KiB and
//! 496 KiB). Run from this directory after `./prepare.sh`:
//! `RAYON_NUM_THREADS=1 cargo run --release --bin kzg_plus -- --bench --noplot`.

use ark_bls12_381_04::{Bls12_381 as KBls, Fr as KFr};
use ark_poly_commit_04::kzg10::KZG10;
use ark_std_04::rand::SeedableRng as _;
use criterion::{criterion_group, criterion_main, BatchSize, BenchmarkId, Criterion, Throughput};
use komodo::{kzg, zk::trim};
use komodo_pc_bench::common::{grid, komodo_points, komodo_rows, komodo_shards, label, KP};
use rand::RngCore;
use std::{hint::black_box, time::Duration};
use vidkit_core::{Encoding, Scheme, Srs};
use vidkit_kzg_plus::KzgPlus;

type Bls = ark_bls12_381::Bls12_381;

fn side_by_side(c: &mut Criterion) {
    let points = grid(
        "KZG_PLUS_POINTS",
        "4:31744,16:31744,64:31744,4:507904,16:507904,64:507904",
    );
    let mut rng = rand::thread_rng();
    let mut krng = ark_std_04::rand::rngs::StdRng::seed_from_u64(1);
    let max_k = points.iter().map(|p| p.0).max().unwrap_or(1);
    let srs = Srs::<Bls>::insecure_from_seed(1, max_k, 2);
    for (k, len) in points {
        let n = 2 * k;
        let id = format!("k={k},n={n},F={}", label(len));
        let mut data = vec![0u8; len];
        rng.fill_bytes(&mut data);

        // komodo: setup of degree k − 1, rows, commitments, shards, blocks
        let params = KZG10::<KBls, KP>::setup(k - 1, false, &mut krng).unwrap();
        let (powers, kvk) = trim(params, k - 1);
        let rows = komodo_rows(&data, k);
        let (commits, _) = kzg::commit(&powers, &rows).unwrap();
        let kshards = komodo_shards(&data, k, n);
        let kpts = komodo_points(n);
        let blocks = kzg::prove::<KBls, KP>(
            commits.clone(),
            rows.clone(),
            kshards.clone(),
            kpts.clone(),
            powers.clone(),
        )
        .unwrap();
        let kblocks = &blocks[k..2 * k];
        let kbpts: Vec<KFr> = kpts[k..2 * k].to_vec();
        assert!(kblocks
            .iter()
            .zip(&kbpts)
            .all(|(b, p)| kzg::verify::<KBls, KP>(b, *p, &kvk)));

        // vidkit
        let scheme = KzgPlus::<Bls>::new(k, n, Encoding::Points).unwrap();
        let (pk, vk) = scheme.setup(&srs, len).unwrap();
        let encoded = scheme.encode(&data).unwrap();
        let (cm, hint) = scheme.commit(&pk, &encoded).unwrap();
        let proofs = scheme.prove(&pk, &encoded, &cm, &hint).unwrap();
        let items: Vec<_> = encoded.shards[k..2 * k]
            .iter()
            .zip(&proofs[k..2 * k])
            .collect();
        let mut vrng = vidkit_core::rng::os_rng();

        let mut g = c.benchmark_group("kzg-plus-vs-komodo/commit/bls12-381");
        g.throughput(Throughput::Bytes(len as u64));
        g.bench_function(BenchmarkId::new("komodo", &id), |b| {
            b.iter(|| kzg::commit(&powers, black_box(&rows)).unwrap())
        });
        g.bench_function(BenchmarkId::new("vidkit", &id), |b| {
            b.iter(|| scheme.commit(&pk, black_box(&encoded)).unwrap())
        });
        g.finish();

        let mut g = c.benchmark_group("kzg-plus-vs-komodo/prove/bls12-381");
        g.throughput(Throughput::Bytes(len as u64));
        g.bench_function(BenchmarkId::new("komodo", &id), |b| {
            b.iter_batched(
                || {
                    (
                        commits.clone(),
                        rows.clone(),
                        kshards.clone(),
                        kpts.clone(),
                        powers.clone(),
                    )
                },
                |(c, r, s, p, w)| kzg::prove::<KBls, KP>(c, r, s, p, w).unwrap(),
                BatchSize::LargeInput,
            )
        });
        g.bench_function(BenchmarkId::new("vidkit", &id), |b| {
            b.iter(|| scheme.prove(&pk, black_box(&encoded), &cm, &hint).unwrap())
        });
        g.finish();

        let mut g = c.benchmark_group("kzg-plus-vs-komodo/verify/bls12-381");
        g.throughput(Throughput::Bytes(len as u64));
        g.bench_function(BenchmarkId::new("komodo", &id), |b| {
            b.iter(|| {
                for (blk, p) in kblocks.iter().zip(&kbpts) {
                    assert!(kzg::verify::<KBls, KP>(black_box(blk), *p, &kvk));
                }
            })
        });
        g.bench_function(BenchmarkId::new("vidkit", &id), |b| {
            b.iter(|| {
                for (s, p) in &items {
                    assert!(scheme.verify(&vk, &cm, black_box(s), p).unwrap());
                }
            })
        });
        g.finish();

        let mut g = c.benchmark_group("kzg-plus-vs-komodo/batch_verify/bls12-381");
        g.throughput(Throughput::Bytes(len as u64));
        g.bench_function(BenchmarkId::new("komodo", &id), |b| {
            b.iter(|| assert!(kzg::batch_verify::<KBls, KP>(black_box(kblocks), &kbpts, &kvk).unwrap()))
        });
        g.bench_function(BenchmarkId::new("vidkit", &id), |b| {
            b.iter(|| {
                assert!(scheme
                    .batch_verify(&vk, &cm, black_box(&items), &mut vrng)
                    .unwrap())
            })
        });
        g.finish();
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3));
    targets = side_by_side
}
criterion_main!(benches);
