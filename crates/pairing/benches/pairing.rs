//! `vidkit-pairing` beside arkworks' `Pairing` in one run, on the three
//! curves: what routing a product through this crate gains.
//!
//! ```text
//! cargo bench -p vidkit-pairing --bench pairing
//! ```
//!
//! Ids `{curve}/{vidkit|arkworks}/{pairs}` for `pairs` in `1`, `2`, `4`
//! (random points, `Π e(P_i, Q_i)`) and `2_fixed` (two pairs whose G2 points
//! are fixed: [`FixedG2`] against arkworks' `G2Prepared`, prepared outside
//! the timed loop; the shape of a KZG check). Single-threaded.
#![allow(missing_docs)] // criterion's macros generate undocumented items

use ark_ec::{pairing::Pairing, CurveGroup};
use ark_ff::UniformRand;
use ark_std::rand::SeedableRng;
use criterion::{criterion_group, criterion_main, Criterion};
use rand_chacha::ChaCha20Rng;
use std::hint::black_box;
use vidkit_pairing::{FixedG2, PairingProduct};

fn bench_curve<E: Pairing>(c: &mut Criterion, curve: &str) {
    let mut rng = ChaCha20Rng::seed_from_u64(5);
    let p: Vec<E::G1Affine> = (0..4)
        .map(|_| E::G1::rand(&mut rng).into_affine())
        .collect();
    let q: Vec<E::G2Affine> = (0..4)
        .map(|_| E::G2::rand(&mut rng).into_affine())
        .collect();
    let fixed: Vec<FixedG2<E>> = q[..2].iter().map(|&q| FixedG2::new(q)).collect();
    let prepared: Vec<E::G2Prepared> = q[..2].iter().map(|&q| q.into()).collect();
    let mut group = c.benchmark_group(curve);
    for pairs in [1usize, 2, 4] {
        group.bench_function(format!("vidkit/{pairs}"), |b| {
            b.iter(|| {
                vidkit_pairing::multi_pairing::<E>(black_box(&p[..pairs]), black_box(&q[..pairs]))
            })
        });
        group.bench_function(format!("arkworks/{pairs}"), |b| {
            b.iter(|| {
                E::multi_pairing(
                    black_box(&p[..pairs]).iter().copied(),
                    black_box(&q[..pairs]).iter().copied(),
                )
            })
        });
    }
    group.bench_function("vidkit/2_fixed", |b| {
        b.iter(|| {
            let mut product = PairingProduct::with_capacity(2);
            product.add_fixed(black_box(p[0]), &fixed[0]);
            product.add_fixed(black_box(p[1]), &fixed[1]);
            product.evaluate()
        })
    });
    group.bench_function("arkworks/2_fixed", |b| {
        b.iter(|| E::multi_pairing(black_box(&p[..2]).iter().copied(), prepared.clone()))
    });
    group.finish();
}

fn curves(c: &mut Criterion) {
    bench_curve::<ark_bls12_381::Bls12_381>(c, "bls12-381");
    bench_curve::<ark_bn254::Bn254>(c, "bn254");
    bench_curve::<vidkit_bls24_317::Bls24_317>(c, "bls24-317");
}

criterion_group!(benches, curves);
criterion_main!(benches);
