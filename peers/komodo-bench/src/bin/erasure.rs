//! Side by side, in ONE criterion run: Reed–Solomon encoding and decoding of the same bytes by
//! komodo 1.0.1 (`komodo::fec::{encode, decode}`, arkworks 0.4) and by `vidkit-erasure`
//! (arkworks 0.6), on BLS12-381 Fr.
//!
//! Both sides do the full byte-level job so that the ratio is fair:
//! * komodo `fec::encode(bytes, vandermonde(0..n))`: split bytes into 31-byte elements, SHA-256 of
//!   the payload, `M·V`, build `n` shards (with their combination vectors).
//! * vidkit: pack bytes 31 per element (zero-padded to `m·k`), build a fresh `ReedSolomon` (no
//!   cached tables), `encode`.
//! * komodo `fec::decode(k shards)`: invert the `k × k` combination matrix, multiply, merge
//!   elements into bytes.
//! * vidkit: fresh `ReedSolomon` (so the decoding plan is built inside the timed closure),
//!   `decode`, unpack 31 bytes per element, truncate.
//!
//! Both decoders get the same `k` shards, the last `k` (never the systematic ones).
//! Run from `peers/komodo-bench`:
//! `CARGO_TARGET_DIR=/work/targets/erasure cargo run --release --bin erasure -- --bench`
//! (smoke test: `-- --test`).

use ark_ff::{BigInteger, PrimeField};
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use komodo::{algebra::linalg::Matrix, fec};
use rand::{RngCore, SeedableRng};
use std::hint::black_box;
use vidkit_erasure::{Encoding, ReedSolomon};

type KF = ark_bls12_381_04::Fr;
type VF = ark_bls12_381::Fr;

const BYTES_PER_ELEMENT: usize = 31;
/// (payload bytes, k, n): the reference point (3.9 MiB, k = 64, n = 128) and two more.
const POINTS: [(usize, usize, usize); 3] = [
    (4_089_446, 64, 128),
    (1 << 20, 16, 32),
    (1 << 20, 4, 8),
];

fn payload(len: usize) -> Vec<u8> {
    let mut bytes = vec![0u8; len];
    rand::rngs::StdRng::seed_from_u64(len as u64).fill_bytes(&mut bytes);
    bytes
}

/// 31 little-endian bytes per element, zero-padded to a multiple of k elements (docs/spec.md §1.1).
fn pack(bytes: &[u8], k: usize) -> Vec<VF> {
    let mut elements: Vec<VF> = bytes
        .chunks(BYTES_PER_ELEMENT)
        .map(VF::from_le_bytes_mod_order)
        .collect();
    elements.resize(elements.len().div_ceil(k) * k, VF::from(0u64));
    elements
}

fn unpack(elements: &[VF], len: usize) -> Vec<u8> {
    let mut bytes = Vec::with_capacity(elements.len() * BYTES_PER_ELEMENT);
    for e in elements {
        bytes.extend_from_slice(&e.into_bigint().to_bytes_le()[..BYTES_PER_ELEMENT]);
    }
    bytes.truncate(len);
    bytes
}

fn komodo_matrix(k: usize, n: usize) -> Matrix<KF> {
    let points: Vec<KF> = (0..n as u64).map(KF::from).collect();
    Matrix::vandermonde_unchecked(&points, k)
}

fn id(side: &str, len: usize, k: usize, n: usize) -> BenchmarkId {
    BenchmarkId::new(side, format!("bls12-381/k={k}/n={n}/F=32B/L={len}"))
}

fn encode(c: &mut Criterion) {
    let mut group = c.benchmark_group("erasure/encode/bls12-381");
    group.sample_size(10);
    for (len, k, n) in POINTS {
        let bytes = payload(len);
        group.throughput(Throughput::Bytes(len as u64));
        let mat = komodo_matrix(k, n);
        group.bench_function(id("komodo", len, k, n), |b| {
            b.iter(|| fec::encode::<KF>(black_box(&bytes), &mat).expect("komodo encodes"))
        });
        for encoding in Encoding::ALL {
            group.bench_function(id(&format!("vidkit-{encoding}"), len, k, n), |b| {
                b.iter(|| {
                    let rs = ReedSolomon::<VF>::new(k, n, encoding).expect("valid parameters");
                    rs.encode(&pack(black_box(&bytes), k)).expect("vidkit encodes")
                })
            });
        }
    }
    group.finish();
}

fn decode(c: &mut Criterion) {
    let mut group = c.benchmark_group("erasure/decode/bls12-381");
    group.sample_size(10);
    for (len, k, n) in POINTS {
        let bytes = payload(len);
        group.throughput(Throughput::Bytes(len as u64));

        let shards = fec::encode::<KF>(&bytes, &komodo_matrix(k, n)).expect("komodo encodes");
        let kept: Vec<_> = shards[n - k..].to_vec();
        assert_eq!(fec::decode::<KF>(kept.clone()).expect("komodo decodes"), bytes);
        group.bench_function(id("komodo", len, k, n), |b| {
            b.iter_batched(
                || kept.clone(),
                |kept| fec::decode::<KF>(kept).expect("komodo decodes"),
                criterion::BatchSize::LargeInput,
            )
        });

        for encoding in Encoding::ALL {
            let rs = ReedSolomon::<VF>::new(k, n, encoding).expect("valid parameters");
            let shards = rs.encode(&pack(&bytes, k)).expect("vidkit encodes");
            let input: Vec<(usize, &[VF])> =
                (n - k..n).map(|j| (j, shards[j].as_slice())).collect();
            let run = |input: &[(usize, &[VF])]| {
                let rs = ReedSolomon::<VF>::new(k, n, encoding).expect("valid parameters");
                unpack(&rs.decode(input).expect("vidkit decodes"), len)
            };
            assert_eq!(run(&input), bytes);
            group.bench_function(id(&format!("vidkit-{encoding}"), len, k, n), |b| {
                b.iter(|| run(black_box(&input)))
            });
        }
    }
    group.finish();
}

criterion_group!(benches, encode, decode);
criterion_main!(benches);
