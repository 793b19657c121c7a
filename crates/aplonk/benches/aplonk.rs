//! Criterion benches of aPlonK-PC: `aplonk/{commit,prove,verify,batch_verify}/{curve}`
//! over k ∈ {4, 16, 64} and |F| ∈ {31 KiB, 496 KiB}, n = 2k (FFT encoding),
//! plus one 3.9 MiB point (k = 16) behind `VIDKIT_BENCH_LARGE=1` (proving it
//! takes minutes even once).
//!
//! * `commit`: the m row commitments and `com_f` of an encoded file;
//! * `prove`: the proofs of all n shards (komodo's "prove" column);
//! * `verify`: k shards one by one (komodo's "verify" column);
//! * `batch_verify`: the same k shards in one batch.
//!
//! Setup (SRS, encoding, commitment, the k proofs that are verified) happens
//! outside the timed closures. Run: `cargo bench -p vidkit-aplonk` (add
//! `--features parallel` for multi-threaded figures, `-- aplonk/prove/bls12-381/k=4`
//! to filter).

use ark_bls12_381::Bls12_381;
use ark_bn254::Bn254;
use ark_ec::pairing::Pairing;
use ark_std::rand::{RngCore, SeedableRng};
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use std::hint::black_box;
use std::time::Duration;
use vidkit_aplonk::{
    m_prime, Aplonk, AplonkSrs, Commitment, Proof, ProverKey, RowCommitments, VerifierKey,
};
use vidkit_core::{packing, Encoded, Encoding, Scheme};

const KS: [usize; 3] = [4, 16, 64];
/// |F| = 31·2^10 and 31·2^14 bytes: 2^10 and 2^14 field elements.
const SIZES: [(usize, &str); 2] = [(31 << 10, "31KiB"), (31 << 14, "496KiB")];
/// The large point: 31·2^17 bytes, k = 16.
const LARGE: (usize, &str, usize) = (31 << 17, "3.9MiB", 16);

struct Point<E: Pairing> {
    id: String,
    len: usize,
    k: usize,
    scheme: Aplonk<E>,
    pk: ProverKey<E>,
    vk: VerifierKey<E>,
    encoded: Encoded<E::ScalarField>,
    commitment: Commitment<E>,
    hint: RowCommitments<E>,
    /// proofs of shards k..2k
    proofs: Vec<Proof<E>>,
}

fn large() -> bool {
    std::env::var("VIDKIT_BENCH_LARGE").is_ok_and(|v| v == "1")
}

/// `VIDKIT_BENCH_SMOKE=1` (set by CI for `cargo bench -- --test`) keeps only the
/// smallest point: the setup of the 496 KiB points proves shards for minutes.
fn smoke() -> bool {
    std::env::var("VIDKIT_BENCH_SMOKE").is_ok_and(|v| v == "1")
}

fn points<E: Pairing>() -> Vec<Point<E>> {
    let mut grid: Vec<(usize, &str, usize)> = SIZES
        .iter()
        .flat_map(|(len, label)| KS.iter().map(move |k| (*len, *label, *k)))
        .collect();
    if smoke() {
        grid.truncate(1);
    } else if large() {
        grid.push(LARGE);
    }
    let max_m = grid
        .iter()
        .map(|(len, _, k)| m_prime(packing::rows_for::<E::ScalarField>(*len, *k).unwrap()))
        .max()
        .unwrap();
    let srs = AplonkSrs::<E>::insecure_from_seeds(1, 2, 64, max_m);
    let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(5);
    grid.into_iter()
        .map(|(len, label, k)| {
            let n = 2 * k;
            let scheme = Aplonk::<E>::new(k, n, Encoding::Fft).expect("scheme");
            let (pk, vk) = scheme.setup(&srs, len).expect("setup");
            let mut data = vec![0u8; len];
            rng.fill_bytes(&mut data);
            let encoded = scheme.encode(&data).expect("encode");
            let (commitment, hint) = scheme.commit(&pk, &encoded).expect("commit");
            let idx: Vec<usize> = (k..2 * k).collect();
            let proofs = scheme
                .prove_shards(&pk, &encoded, &commitment, &hint, &idx)
                .expect("prove");
            Point {
                id: format!("k={k},n={n},F={label}"),
                len,
                k,
                scheme,
                pk,
                vk,
                encoded,
                commitment,
                hint,
                proofs,
            }
        })
        .collect()
}

fn bench_curve<E: Pairing>(c: &mut Criterion, curve: &str) {
    let points = points::<E>();
    let mut group = c.benchmark_group(format!("aplonk/commit/{curve}"));
    for p in &points {
        group.throughput(Throughput::Bytes(p.len as u64));
        group.bench_function(BenchmarkId::from_parameter(&p.id), |b| {
            b.iter(|| p.scheme.commit(&p.pk, black_box(&p.encoded)).unwrap())
        });
    }
    group.finish();
    let mut group = c.benchmark_group(format!("aplonk/prove/{curve}"));
    for p in &points {
        group.throughput(Throughput::Bytes(p.len as u64));
        group.bench_function(BenchmarkId::from_parameter(&p.id), |b| {
            b.iter(|| {
                p.scheme
                    .prove(&p.pk, black_box(&p.encoded), &p.commitment, &p.hint)
                    .unwrap()
            })
        });
    }
    group.finish();
    let mut group = c.benchmark_group(format!("aplonk/verify/{curve}"));
    for p in &points {
        let shards = &p.encoded.shards[p.k..2 * p.k];
        group.throughput(Throughput::Bytes(p.len as u64));
        group.bench_function(BenchmarkId::from_parameter(&p.id), |b| {
            b.iter(|| {
                for (s, pr) in shards.iter().zip(&p.proofs) {
                    assert!(p
                        .scheme
                        .verify(&p.vk, &p.commitment, black_box(s), pr)
                        .unwrap());
                }
            })
        });
    }
    group.finish();
    let mut group = c.benchmark_group(format!("aplonk/batch_verify/{curve}"));
    for p in &points {
        let items: Vec<_> = p.encoded.shards[p.k..2 * p.k]
            .iter()
            .zip(&p.proofs)
            .collect();
        let mut rng = vidkit_core::rng::os_rng();
        group.throughput(Throughput::Bytes(p.len as u64));
        group.bench_function(BenchmarkId::from_parameter(&p.id), |b| {
            b.iter(|| {
                assert!(p
                    .scheme
                    .batch_verify(&p.vk, &p.commitment, black_box(&items), &mut rng)
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
    name = aplonk;
    config = Criterion::default()
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3));
    targets = benches
}
criterion_main!(aplonk);
