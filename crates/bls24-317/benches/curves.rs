//! BLS24-317 beside BLS12-381 (arkworks), in one run: G1 MSM, pairing,
//! multi-pairing (the two-pair KZG check) and a radix-2 FFT over `Fr`.
//!
//! ```text
//! cargo bench -p vidkit-bls24-317 --bench curves            # full run
//! cargo bench -p vidkit-bls24-317 --bench curves -- --test  # smoke run
//! ```
//! Group names `bls24-317/{msm_g1,pairing,multi_pairing,fft}` and
//! `bls12-381/...`; ids carry the size. Single-threaded unless the
//! `parallel` feature is enabled.
#![allow(missing_docs)] // criterion's macros generate undocumented items

use ark_ec::{pairing::Pairing, CurveGroup, VariableBaseMSM};
use ark_ff::{FftField, UniformRand};
use ark_poly::{EvaluationDomain, Radix2EvaluationDomain};
use ark_std::rand::SeedableRng;
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use rand_chacha::ChaCha20Rng;

/// `n` distinct G1 points `start + i · step` (cheap to build, unlike `n`
/// scalar multiplications) and `n` uniformly random scalars.
fn msm_inputs<E: Pairing>(
    n: usize,
    rng: &mut ChaCha20Rng,
) -> (Vec<E::G1Affine>, Vec<E::ScalarField>) {
    let step = E::G1::rand(rng);
    let mut acc = E::G1::rand(rng);
    let mut points = Vec::with_capacity(n);
    for _ in 0..n {
        points.push(acc);
        acc += step;
    }
    let bases = E::G1::normalize_batch(&points);
    let scalars = (0..n).map(|_| E::ScalarField::rand(rng)).collect();
    (bases, scalars)
}

fn bench_curve<E: Pairing>(c: &mut Criterion, curve: &str)
where
    E::ScalarField: FftField,
{
    let mut rng = ChaCha20Rng::seed_from_u64(2024);

    let mut group = c.benchmark_group(format!("{curve}/msm_g1"));
    group.sample_size(10);
    for log_n in [12u32, 16] {
        let n = 1usize << log_n;
        let (bases, scalars) = msm_inputs::<E>(n, &mut rng);
        group.throughput(Throughput::Elements(n as u64));
        group.bench_with_input(
            BenchmarkId::from_parameter(format!("2^{log_n}")),
            &n,
            |b, _| b.iter(|| E::G1::msm(&bases, &scalars).expect("equal lengths")),
        );
    }
    group.finish();

    let p = E::G1::rand(&mut rng).into_affine();
    let q = E::G2::rand(&mut rng).into_affine();
    let mut group = c.benchmark_group(format!("{curve}/pairing"));
    group.bench_function("pairing", |b| b.iter(|| E::pairing(p, q)));
    group.bench_function("miller_loop", |b| b.iter(|| E::miller_loop(p, q)));
    let f = E::miller_loop(p, q);
    group.bench_function("final_exponentiation", |b| {
        b.iter(|| E::final_exponentiation(f).expect("non-zero"))
    });
    group.finish();

    let mut group = c.benchmark_group(format!("{curve}/multi_pairing"));
    let p2 = E::G1::rand(&mut rng).into_affine();
    let q2 = E::G2::rand(&mut rng).into_affine();
    group.bench_function("2_pairs", |b| b.iter(|| E::multi_pairing([p, p2], [q, q2])));
    let prepared: Vec<E::G2Prepared> = vec![q.into(), q2.into()];
    group.bench_function("2_pairs_prepared_g2", |b| {
        b.iter(|| E::multi_pairing([p, p2], prepared.clone()))
    });
    group.finish();

    let mut group = c.benchmark_group(format!("{curve}/fft"));
    let log_n = 16u32;
    let n = 1usize << log_n;
    let domain = Radix2EvaluationDomain::<E::ScalarField>::new(n).expect("2-adicity >= 16");
    let coeffs: Vec<E::ScalarField> = (0..n).map(|_| E::ScalarField::rand(&mut rng)).collect();
    group.throughput(Throughput::Elements(n as u64));
    group.bench_with_input(
        BenchmarkId::from_parameter(format!("2^{log_n}")),
        &n,
        |b, _| b.iter(|| domain.fft(&coeffs)),
    );
    group.finish();
}

fn curves(c: &mut Criterion) {
    bench_curve::<vidkit_bls24_317::Bls24_317>(c, "bls24-317");
    bench_curve::<ark_bls12_381::Bls12_381>(c, "bls12-381");
}

criterion_group!(benches, curves);
criterion_main!(benches);
