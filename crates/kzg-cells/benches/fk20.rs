//! FK20 against the `n` coset openings one by one, for the crossover
//! (issue #14 §3): `fk20/{fk20,one_by_one}/{curve}` with ids
//! `l={ℓ},k={k},n={n}` (all `n = 2k` multi-proofs of one random polynomial
//! of `k·ℓ` coefficients; the FK20 precomputation is built outside the
//! timed closure, as a prover key holds it). `one_by_one` divides by each
//! coset's vanishing polynomial and runs one MSM per coset
//! (`vidkit_kzg::fk20::open_coset`).
//!
//! `cargo bench -p vidkit-kzg-cells --bench fk20`; `VIDKIT_BENCH_SMOKE=1`
//! keeps the first point of each curve.

use ark_ec::pairing::Pairing;
use ark_ff::{Field, UniformRand};
use ark_poly::{EvaluationDomain, Radix2EvaluationDomain};
use ark_std::rand::SeedableRng;
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use std::hint::black_box;
use vidkit_core::{bench, Srs};
use vidkit_kzg::fk20::{open_coset, Fk20};

/// `(ℓ, k)`; `n = 2k` cosets.
const POINTS: &[(usize, usize)] = &[
    (16, 2),
    (16, 4),
    (16, 8),
    (16, 16),
    (16, 32),
    (16, 64),
    (1, 64),
    (1, 256),
    (64, 64),
];

fn curve<E: Pairing>(c: &mut Criterion, name: &str) {
    let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(1);
    let points = if bench::smoke() { &POINTS[..1] } else { POINTS };
    for &(l, k) in points {
        let n = 2 * k;
        let srs = Srs::<E>::insecure_from_seed(1, k * l, 2);
        let fk = Fk20::<E>::new(srs.powers_g1(), l, k).expect("fk20");
        let f: Vec<E::ScalarField> = (0..k * l).map(|_| E::ScalarField::rand(&mut rng)).collect();
        let omega = Radix2EvaluationDomain::<E::ScalarField>::new(n)
            .expect("domain")
            .group_gen();
        let id = format!("l={l},k={k},n={n}");
        c.bench_with_input(
            BenchmarkId::new(format!("fk20/fk20/{name}"), &id),
            &f,
            |b, f| b.iter(|| black_box(fk.prove(f, n).expect("prove"))),
        );
        c.bench_with_input(
            BenchmarkId::new(format!("fk20/one_by_one/{name}"), &id),
            &f,
            |b, f| {
                b.iter(|| {
                    let proofs: Vec<E::G1> = (0..n)
                        .map(|j| {
                            open_coset::<E>(srs.powers_g1(), f, l, omega.pow([j as u64]))
                                .expect("open")
                        })
                        .collect();
                    black_box(proofs)
                })
            },
        );
    }
}

fn benches(c: &mut Criterion) {
    curve::<ark_bls12_381::Bls12_381>(c, "bls12-381");
    curve::<ark_bn254::Bn254>(c, "bn254");
    curve::<vidkit_bls24_317::Bls24_317>(c, "bls24-317");
}

criterion_group! {
    name = fk20;
    config = bench::config();
    targets = benches
}
criterion_main!(fk20);
