//! Semi-AVID-PC, komodo 1.0.1 (crates.io, arkworks 0.4) beside vidkit-semi-avid
//! (arkworks 0.6), in one criterion run, BLS12-381, single-threaded, n = 2k,
//! points 0..n−1 (komodo's Vandermonde encoding; vidkit `Encoding::Points`).
//!
//! Groups `semi-avid-vs-komodo/{commit,verify}/bls12-381`, ids
//! `{komodo|vidkit…}/k=…,n=…,F=…`:
//! * commit: komodo `semi_avid::prove` (packs the bytes, transposes, k MSMs)
//!   vs vidkit packing + `commit` (the same work: bytes → k column commitments)
//!   on a key that has committed this size until it built its commit table
//!   (`vidkit`, the steady state of a disperser) and on a fresh key
//!   (`vidkit-fresh-key`, a one-off commit);
//! * verify: komodo verifying k shards one by one vs vidkit `batch_verify` of
//!   the same k shards (and vidkit one by one, for reference).
//!
//! Before benchmarking it checks that komodo panics on the all-zero file and
//! that vidkit disperses and verifies it.
//!
//! Run from this directory: `cargo run --release --bin semi_avid -- --bench`
//! (filter with e.g. `-- --bench k=4,`; `SEMI_AVID_MAX_BYTES=507904` skips the
//! setup of larger points).

use ark_bls12_381_04::{Fr as KFr, G1Projective as KG1};
use ark_poly_04::univariate::DensePolynomial;
use ark_std_04::rand::SeedableRng as _;
use criterion::{criterion_group, criterion_main, BatchSize, BenchmarkId, Criterion, Throughput};
use komodo::{
    algebra::linalg::Matrix,
    semi_avid::{build, prove, verify, Block},
};
use rand::RngCore;
use std::{hint::black_box, time::Duration};
use vidkit_core::{packing, Encoded, Encoding, FileInfo, Scheme, Shard, Srs};
use vidkit_semi_avid::SemiAvid;

type Bls = ark_bls12_381::Bls12_381;
type KP = DensePolynomial<KFr>;

const KS: [usize; 3] = [4, 16, 64];
const SIZES: [(usize, &str); 3] = [
    (31 << 10, "31KiB"),
    (31 << 14, "496KiB"),
    (31 << 17, "3.9MiB"),
];

/// vidkit's commit input from bytes: packing + coefficients (what komodo's
/// `prove` does before its MSMs), with the given shards.
fn vidkit_pack(
    scheme: &SemiAvid<Bls>,
    data: &[u8],
    shards: &[Shard<ark_bls12_381::Fr>],
) -> Encoded<ark_bls12_381::Fr> {
    let code = scheme.code();
    let info = FileInfo::new(code, data.len()).unwrap();
    let (matrix, _) = packing::bytes_to_matrix(data, code.k()).unwrap();
    Encoded {
        info,
        coefficients: code.coefficients(&matrix).unwrap(),
        // `commit` checks the shards' count and shape, not their values;
        // komodo's `prove` does not encode, so neither does the timed work:
        // the shards are copied from an encoding made before the loop.
        shards: shards.to_vec(),
    }
}

fn komodo_encoding(k: usize, n: usize) -> Matrix<KFr> {
    let points: Vec<KFr> = (0..n as u64).map(KFr::from).collect();
    Matrix::vandermonde(&points, k).unwrap()
}

fn all_zero_file() {
    let (k, n, len) = (4, 8, 31 * 4 * 8);
    let zeros = vec![0u8; len];
    let mut rng = ark_std_04::rand::rngs::StdRng::seed_from_u64(0);
    let powers = komodo::zk::setup::<KFr, KG1>(len / 31 / k + 1, &mut rng).unwrap();
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    // komodo's whole flow: encode, prove, build blocks, verify each block
    let komodo = std::panic::catch_unwind(|| {
        let shards = komodo::fec::encode::<KFr>(&zeros, &komodo_encoding(k, n))?;
        let commits = prove::<KFr, KG1, KP>(&zeros, &powers, k)?;
        let blocks = build::<KFr, KG1, KP>(&shards, &commits);
        blocks
            .iter()
            .map(|b| verify::<KFr, KG1, KP>(b, &powers))
            .collect::<Result<Vec<bool>, _>>()
            .map(|v| v.into_iter().all(|x| x))
    });
    std::panic::set_hook(hook);
    let scheme = SemiAvid::<Bls>::new(k, n, Encoding::Points).unwrap();
    let (pk, vk) = scheme.setup_transparent(b"zero", len).unwrap();
    let d = scheme.disperse(&pk, &zeros).unwrap();
    let ok = d
        .shards
        .iter()
        .zip(&d.proofs)
        .all(|(s, p)| scheme.verify(&vk, &d.commitment, s, p).unwrap());
    println!(
        "all-zero file ({len} bytes): komodo {}, vidkit {}",
        match komodo {
            Err(_) => "panics".to_string(),
            Ok(Ok(true)) => "verifies every block".to_string(),
            Ok(r) => format!("returns {r:?}"),
        },
        if ok {
            "disperses and verifies"
        } else {
            "FAILS"
        }
    );
    assert!(ok);
}

fn side_by_side(c: &mut Criterion) {
    all_zero_file();
    let mut rng = rand::thread_rng();
    let mut krng = ark_std_04::rand::rngs::StdRng::seed_from_u64(1);
    let max_bytes: usize = std::env::var("SEMI_AVID_MAX_BYTES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(usize::MAX);
    let max_m = max_bytes.min(31 << 17) / 31 / KS[0];
    let srs = Srs::<Bls>::insecure_from_seed(1, max_m.max(1), 2);
    for (len, label) in SIZES.into_iter().filter(|(len, _)| *len <= max_bytes) {
        for k in KS {
            let n = 2 * k;
            let m = len / 31 / k;
            let id = format!("k={k},n={n},F={label}");
            let mut data = vec![0u8; len];
            rng.fill_bytes(&mut data);

            // komodo: minimum-size setup (m powers), Vandermonde at 0..n−1
            let powers = komodo::zk::setup::<KFr, KG1>(m, &mut krng).unwrap();
            let mat = komodo_encoding(k, n);
            let shards = komodo::fec::encode::<KFr>(&data, &mat).unwrap();
            let commits = prove::<KFr, KG1, KP>(&data, &powers, k).unwrap();
            let blocks: Vec<Block<KFr, KG1>> = build::<KFr, KG1, KP>(&shards, &commits);
            let kblocks = &blocks[k..2 * k];

            // vidkit
            let scheme = SemiAvid::<Bls>::new(k, n, Encoding::Points).unwrap();
            let (pk, vk) = scheme.setup(&srs, len).unwrap();
            let d = scheme.disperse(&pk, &data).unwrap();
            let items: Vec<_> = d.shards.iter().zip(&d.proofs).skip(k).take(k).collect();
            let mut vrng = vidkit_core::rng::os_rng();

            // steady state of a disperser: commit until the key has built its
            // table (what a long run of commits of this size leads to)
            let encoded = scheme.encode(&data).unwrap();
            let (m, shards) = (encoded.info.m, encoded.shards);
            let mut warm_commits = 0;
            while !pk.has_commit_table(m) && warm_commits < 200 {
                scheme
                    .commit(&pk, &vidkit_pack(&scheme, &data, &shards))
                    .unwrap();
                warm_commits += 1;
            }
            println!(
                "vidkit key: commit table for m = {m} after {warm_commits} more commits: {}",
                pk.has_commit_table(m)
            );

            let mut g = c.benchmark_group("semi-avid-vs-komodo/commit/bls12-381");
            g.throughput(Throughput::Bytes(len as u64));
            g.bench_function(BenchmarkId::new("komodo", &id), |b| {
                b.iter(|| prove::<KFr, KG1, KP>(black_box(&data), &powers, k).unwrap())
            });
            g.bench_function(BenchmarkId::new("vidkit", &id), |b| {
                b.iter(|| {
                    scheme
                        .commit(&pk, &vidkit_pack(&scheme, black_box(&data), &shards))
                        .unwrap()
                })
            });
            // the same commit on a key that has not committed before (no
            // table yet: vidkit builds its commit table only once repaid)
            g.bench_function(BenchmarkId::new("vidkit-fresh-key", &id), |b| {
                b.iter_batched(
                    || scheme.setup(&srs, len).unwrap().0,
                    |fresh| {
                        scheme
                            .commit(&fresh, &vidkit_pack(&scheme, black_box(&data), &shards))
                            .unwrap()
                    },
                    BatchSize::LargeInput,
                )
            });
            g.finish();

            let mut g = c.benchmark_group("semi-avid-vs-komodo/verify/bls12-381");
            g.throughput(Throughput::Bytes(len as u64));
            g.bench_function(BenchmarkId::new("komodo-one-by-one", &id), |b| {
                b.iter(|| {
                    for block in kblocks {
                        assert!(verify::<KFr, KG1, KP>(black_box(block), &powers).unwrap());
                    }
                })
            });
            g.bench_function(BenchmarkId::new("vidkit-batch", &id), |b| {
                b.iter(|| {
                    assert!(scheme
                        .batch_verify(&vk, &d.commitment, black_box(&items), &mut vrng)
                        .unwrap())
                })
            });
            g.bench_function(BenchmarkId::new("vidkit-one-by-one", &id), |b| {
                b.iter(|| {
                    for (s, p) in &items {
                        assert!(scheme.verify(&vk, &d.commitment, black_box(s), p).unwrap());
                    }
                })
            });
            g.finish();
        }
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
