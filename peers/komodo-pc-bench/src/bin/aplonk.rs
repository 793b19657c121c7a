//! aPlonK-PC, komodo 1.0.1 (`aplonk` module, arkworks 0.4 + patched
//! ark-poly-commit, see prepare.sh) beside vidkit-aplonk (arkworks 0.6), in ONE
//! criterion run, BLS12-381, n = 2k, evaluation points 0..n−1 (vidkit
//! `Encoding::Points`). Single-threaded with `RAYON_NUM_THREADS=1`: komodo's
//! arkworks 0.4 is built with `parallel` (see Cargo.toml).
//!
//! komodo's aPlonK needs m to be a power of two and |F| = k·m·31 bytes exactly,
//! and proving is slow (peers.md: ~18 s for the 8 shards of 31 KiB), so the
//! default points are those of peers.md: k = 4 and 64 at 31 KiB, k = 16 at
//! 124 KiB (`APLONK_POINTS=k:bytes,…` to change). Ten samples each.
//!
//! Groups `aplonk-vs-komodo/{commit,prove,verify}/bls12-381`, ids
//! `{komodo|vidkit}/k=…,n=…,F=…`: commit (row commitments + com_f), prove (all
//! n shards), verify (k shards one by one; vidkit's verifier also checks the
//! shard data, which komodo's never reads; `vidkit-batch`: the same k shards
//! in one batch check).
//!
//! Run from this directory after `./prepare.sh`:
//! `RAYON_NUM_THREADS=1 cargo run --release --bin aplonk -- --bench --noplot`.

use ark_bls12_381_04::{Bls12_381 as KBls, Fr as KFr};
use ark_ec_04::AffineRepr;
use criterion::{criterion_group, criterion_main, BatchSize, BenchmarkId, Criterion, Throughput};
use komodo::{aplonk, zk::trim};
use komodo_pc_bench::common::{grid, komodo_points, komodo_rows, komodo_shards, label, KP};
use rand::RngCore;
use std::{hint::black_box, time::Duration};
use vidkit_aplonk::{m_prime, Aplonk, AplonkSrs};
use vidkit_core::{packing, Encoding, Scheme};

type Bls = ark_bls12_381::Bls12_381;

fn side_by_side(c: &mut Criterion) {
    let points = grid("APLONK_POINTS", "4:31744,64:31744,16:126976");
    let mut rng = rand::thread_rng();
    let max_k = points.iter().map(|p| p.0).max().unwrap_or(1);
    let max_m = points
        .iter()
        .map(|(k, len)| m_prime(packing::rows_for::<ark_bls12_381::Fr>(*len, *k).unwrap()))
        .max()
        .unwrap_or(1);
    let srs = AplonkSrs::<Bls>::insecure_from_seeds(1, 2, max_k, max_m);
    for (k, len) in points {
        let n = 2 * k;
        let id = format!("k={k},n={n},F={}", label(len));
        let mut data = vec![0u8; len];
        rng.fill_bytes(&mut data);

        // komodo
        let rows = komodo_rows(&data, k);
        let params = aplonk::setup::<KBls, KP>(k - 1, rows.len()).unwrap();
        let (_, vk_psi) = trim(params.kzg.clone(), k - 1);
        let kcommit = aplonk::commit(rows.clone(), params.clone()).unwrap();
        let kshards = komodo_shards(&data, k, n);
        let kpts = komodo_points(n);
        let blocks = aplonk::prove::<KBls, KP>(
            kcommit.clone(),
            rows.clone(),
            kshards.clone(),
            kpts.clone(),
            params.clone(),
        )
        .unwrap();
        let kblocks = &blocks[k..2 * k];
        let kbpts: Vec<KFr> = kpts[k..2 * k].to_vec();
        let kverify = |blk: &aplonk::Block<KBls>, pt: KFr| {
            aplonk::verify::<KBls, KP>(
                blk,
                pt,
                &vk_psi,
                params.ipa.tau_1,
                params.kzg.powers_of_g[0].into_group(),
                params.kzg.h.into_group(),
            )
            .unwrap()
        };
        assert!(kblocks.iter().zip(&kbpts).all(|(b, p)| kverify(b, *p)));

        // vidkit
        let scheme = Aplonk::<Bls>::new(k, n, Encoding::Points).unwrap();
        let (pk, vk) = scheme.setup(&srs, len).unwrap();
        let encoded = scheme.encode(&data).unwrap();
        let (cm, hint) = scheme.commit(&pk, &encoded).unwrap();
        let proofs = scheme.prove(&pk, &encoded, &cm, &hint).unwrap();
        let items: Vec<_> = encoded.shards[k..2 * k]
            .iter()
            .zip(&proofs[k..2 * k])
            .collect();

        let mut g = c.benchmark_group("aplonk-vs-komodo/commit/bls12-381");
        g.throughput(Throughput::Bytes(len as u64));
        g.bench_function(BenchmarkId::new("komodo", &id), |b| {
            b.iter_batched(
                || (rows.clone(), params.clone()),
                |(r, p)| aplonk::commit(r, p).unwrap(),
                BatchSize::LargeInput,
            )
        });
        g.bench_function(BenchmarkId::new("vidkit", &id), |b| {
            b.iter(|| scheme.commit(&pk, black_box(&encoded)).unwrap())
        });
        g.finish();

        let mut g = c.benchmark_group("aplonk-vs-komodo/prove/bls12-381");
        g.throughput(Throughput::Bytes(len as u64));
        g.bench_function(BenchmarkId::new("komodo", &id), |b| {
            b.iter_batched(
                || {
                    (
                        kcommit.clone(),
                        rows.clone(),
                        kshards.clone(),
                        kpts.clone(),
                        params.clone(),
                    )
                },
                |(c, r, s, p, w)| aplonk::prove::<KBls, KP>(c, r, s, p, w).unwrap(),
                BatchSize::LargeInput,
            )
        });
        g.bench_function(BenchmarkId::new("vidkit", &id), |b| {
            b.iter(|| scheme.prove(&pk, black_box(&encoded), &cm, &hint).unwrap())
        });
        g.finish();

        let mut g = c.benchmark_group("aplonk-vs-komodo/verify/bls12-381");
        g.throughput(Throughput::Bytes(len as u64));
        g.bench_function(BenchmarkId::new("komodo", &id), |b| {
            b.iter(|| {
                for (blk, p) in kblocks.iter().zip(&kbpts) {
                    assert!(kverify(black_box(blk), *p));
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
        // the same k shards in one batch check (not in komodo)
        let mut vrng = vidkit_core::rng::os_rng();
        g.bench_function(BenchmarkId::new("vidkit-batch", &id), |b| {
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
        .warm_up_time(Duration::from_millis(100))
        .measurement_time(Duration::from_secs(3));
    targets = side_by_side
}
criterion_main!(benches);
