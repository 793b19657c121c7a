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
//!
//! With `VIDKIT_BENCH_CPU_TIME=1` (Linux), criterion measures the bench
//! thread's CPU time (`/proc/thread-self/schedstat`, updated at scheduler
//! ticks and switches, so only meaningful for samples of several ms, which
//! criterion's defaults give) instead of wall-clock time. On a shared,
//! overloaded machine this removes the time the thread waits for a core,
//! which otherwise makes two benches of one run incomparable. It is not
//! for the `parallel` feature (other threads' time is not counted).
#![allow(missing_docs)] // criterion's macros generate undocumented items

use ark_ec::{pairing::Pairing, CurveGroup, VariableBaseMSM};
use ark_ff::{FftField, UniformRand};
use ark_poly::{EvaluationDomain, Radix2EvaluationDomain};
use ark_std::rand::SeedableRng;
use criterion::{
    measurement::{Measurement, ValueFormatter, WallTime},
    BenchmarkId, Criterion, Throughput,
};
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

fn bench_curve<E: Pairing, M: Measurement>(c: &mut Criterion<M>, curve: &str)
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

/// The bench thread's CPU time in nanoseconds (see the module docs).
struct ThreadCpuTime;

static WALL: WallTime = WallTime;

impl ThreadCpuTime {
    fn now_ns() -> u64 {
        let stat = std::fs::read_to_string("/proc/thread-self/schedstat")
            .expect("VIDKIT_BENCH_CPU_TIME needs Linux' /proc/thread-self/schedstat");
        stat.split_whitespace()
            .next()
            .and_then(|ns| ns.parse().ok())
            .expect("schedstat starts with the CPU time in ns")
    }
}

impl Measurement for ThreadCpuTime {
    type Intermediate = u64;
    type Value = u64;

    fn start(&self) -> u64 {
        Self::now_ns()
    }
    fn end(&self, start: u64) -> u64 {
        Self::now_ns().saturating_sub(start)
    }
    fn add(&self, v1: &u64, v2: &u64) -> u64 {
        v1 + v2
    }
    fn zero(&self) -> u64 {
        0
    }
    fn to_f64(&self, value: &u64) -> f64 {
        *value as f64
    }
    fn formatter(&self) -> &dyn ValueFormatter {
        // nanoseconds, formatted like wall-clock durations
        WALL.formatter()
    }
}

fn curves<M: Measurement>(c: &mut Criterion<M>) {
    bench_curve::<vidkit_bls24_317::Bls24_317, M>(c, "bls24-317");
    bench_curve::<ark_bls12_381::Bls12_381, M>(c, "bls12-381");
}

fn main() {
    if std::env::var_os("VIDKIT_BENCH_CPU_TIME").is_some() {
        let mut c = Criterion::default()
            .with_measurement(ThreadCpuTime)
            .configure_from_args();
        curves(&mut c);
        c.final_summary();
    } else {
        let mut c = Criterion::default().configure_from_args();
        curves(&mut c);
        c.final_summary();
    }
}
