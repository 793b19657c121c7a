//! `kzg/ethereum/bls12-381`: vidkit's EIP-4844 blob functions beside c-kzg's
//! in one run, with the mainnet setup (tests/data/trusted_setup.txt) loaded
//! into both (c-kzg without precomputation, its default).
//!
//! Ids `{op}/{impl}/n=4096`: `commit` (blob bytes → compressed commitment),
//! `prove` (blob bytes and z → compressed proof and y), `verify` (bytes →
//! verdict), and `msm` (our 4096-point Lagrange MSM alone, to show what the
//! commitment time is made of). Throughput: the 128 KiB blob. Single-threaded
//! unless built with `--features parallel` (c-kzg is single-threaded).

use ark_bls12_381::{Fr, G1Projective};
use ark_ff::UniformRand;
use ark_std::rand::SeedableRng;
use c_kzg::{Blob, Bytes32, Bytes48, KzgSettings};
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use rand_chacha::ChaCha20Rng;
use std::hint::black_box;
use std::time::Duration;
use vidkit_kzg::ethereum::{field_element_to_bytes, EthereumSetup};
use vidkit_msm::FastMsm;

const SETUP: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/trusted_setup.txt");

fn ethereum(c: &mut Criterion) {
    let text = std::fs::read(SETUP).expect("tests/data/trusted_setup.txt");
    let mut rng = ChaCha20Rng::seed_from_u64(7);
    let ours = EthereumSetup::from_text(&text, &mut rng).expect("valid setup");
    let theirs = KzgSettings::load_trusted_setup_file(std::path::Path::new(SETUP), 0)
        .expect("c-kzg loads the setup");
    let n = ours.field_elements_per_blob();
    let evals: Vec<Fr> = (0..n).map(|_| Fr::rand(&mut rng)).collect();
    let blob: Vec<u8> = evals
        .iter()
        .flat_map(|x| field_element_to_bytes(*x))
        .collect();
    let cblob = Box::new(Blob::from_bytes(&blob).expect("blob"));
    let z = field_element_to_bytes(Fr::rand(&mut rng));
    let commitment = ours.blob_to_kzg_commitment(&blob).expect("commit");
    let (proof, y) = ours.compute_kzg_proof(&blob, &z).expect("prove");
    let (c48, z32, y32, p48) = (
        Bytes48::new(commitment),
        Bytes32::new(z),
        Bytes32::new(y),
        Bytes48::new(proof),
    );

    let mut g = c.benchmark_group("kzg/ethereum/bls12-381");
    g.sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3))
        .throughput(Throughput::Bytes(blob.len() as u64));
    let id = |op: &str, who: &str| BenchmarkId::new(format!("{op}/{who}"), format!("n={n}"));
    g.bench_function(id("commit", "vidkit"), |b| {
        b.iter(|| ours.blob_to_kzg_commitment(black_box(&blob)).unwrap())
    });
    g.bench_function(id("commit", "c-kzg"), |b| {
        b.iter(|| theirs.blob_to_kzg_commitment(black_box(&cblob)).unwrap())
    });
    g.bench_function(id("msm", "vidkit"), |b| {
        b.iter(|| G1Projective::fast_msm(ours.g1_lagrange_brp(), black_box(&evals)))
    });
    g.bench_function(id("prove", "vidkit"), |b| {
        b.iter(|| ours.compute_kzg_proof(black_box(&blob), &z).unwrap())
    });
    g.bench_function(id("prove", "c-kzg"), |b| {
        b.iter(|| theirs.compute_kzg_proof(black_box(&cblob), &z32).unwrap())
    });
    g.bench_function(id("verify", "vidkit"), |b| {
        b.iter(|| {
            assert!(ours
                .verify_kzg_proof(&commitment, &z, &y, black_box(&proof))
                .unwrap())
        })
    });
    g.bench_function(id("verify", "c-kzg"), |b| {
        b.iter(|| {
            assert!(theirs
                .verify_kzg_proof(&c48, &z32, &y32, black_box(&p48))
                .unwrap())
        })
    });
    g.finish();
}

criterion_group!(benches, ethereum);
criterion_main!(benches);
