//! Criterion benches of the Reed–Solomon coder on BLS12-381 Fr.
//!
//! Groups `erasure/encode/{mode}` and `erasure/decode/{mode}`, 1 MiB of payload packed 31 bytes
//! per element (docs/spec.md §1.1), at (k, n) ∈ {(4, 8), (16, 32), (64, 128)}; throughput in
//! payload bytes. Decoding uses the last k shards (never the systematic ones) with a warm coder
//! (its plan for that index set cached, as in steady-state use); in the FFT modes both decoding
//! methods are measured side by side (`vandermonde/…` and `fft/…` ids).
//!
//! Run: `cargo bench -p vidkit-erasure --bench erasure` (smoke test: append `-- --test`).

use ark_bls12_381::Fr;
use ark_ff::UniformRand;
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::hint::black_box;
use vidkit_erasure::{DecodeStrategy, Encoding, ReedSolomon};

const PAYLOAD: usize = 1 << 20;
const BYTES_PER_ELEMENT: usize = 31;
const PARAMS: [(usize, usize); 3] = [(4, 8), (16, 32), (64, 128)];

/// Random data matrix for a 1 MiB payload: ⌈L/31⌉ elements, zero-padded to m·k.
fn data(k: usize) -> Vec<Fr> {
    let mut rng = ChaCha8Rng::seed_from_u64(k as u64);
    let elements = PAYLOAD.div_ceil(BYTES_PER_ELEMENT);
    let mut data: Vec<Fr> = (0..elements).map(|_| Fr::rand(&mut rng)).collect();
    data.resize(elements.div_ceil(k) * k, Fr::from(0u64));
    data
}

fn id(label: &str, k: usize, n: usize) -> BenchmarkId {
    BenchmarkId::new(label, format!("bls12-381/k={k}/n={n}/F=32B"))
}

fn encode(c: &mut Criterion) {
    for encoding in Encoding::ALL {
        let mut group = c.benchmark_group(format!("erasure/encode/{encoding}"));
        group.throughput(Throughput::Bytes(PAYLOAD as u64));
        group.sample_size(10);
        for (k, n) in PARAMS {
            let rs = ReedSolomon::<Fr>::new(k, n, encoding).expect("valid parameters");
            let data = data(k);
            group.bench_with_input(id("encode", k, n), &data, |b, data| {
                b.iter(|| rs.encode(black_box(data)).expect("encodes"))
            });
        }
        group.finish();
    }
}

fn decode(c: &mut Criterion) {
    for encoding in Encoding::ALL {
        let mut group = c.benchmark_group(format!("erasure/decode/{encoding}"));
        group.throughput(Throughput::Bytes(PAYLOAD as u64));
        group.sample_size(10);
        for (k, n) in PARAMS {
            let rs = ReedSolomon::<Fr>::new(k, n, encoding).expect("valid parameters");
            let data = data(k);
            let shards = rs.encode(&data).expect("encodes");
            let input: Vec<(usize, &[Fr])> =
                (n - k..n).map(|j| (j, shards[j].as_slice())).collect();
            let strategies: &[DecodeStrategy] = if encoding.is_fft() {
                &[DecodeStrategy::Vandermonde, DecodeStrategy::Fft]
            } else {
                &[DecodeStrategy::Vandermonde]
            };
            for &strategy in strategies {
                let label = match strategy {
                    DecodeStrategy::Fft => "fft",
                    _ => "vandermonde",
                };
                assert_eq!(rs.decode_with(&input, strategy).expect("decodes"), data);
                group.bench_with_input(id(label, k, n), &input, |b, input| {
                    b.iter(|| rs.decode_with(black_box(input), strategy).expect("decodes"))
                });
            }
        }
        group.finish();
    }
}

criterion_group!(benches, encode, decode);
criterion_main!(benches);
