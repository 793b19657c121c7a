//! `mont/{field}/{id}`: vidkit-mont's product beside arkworks' portable one,
//! one core, on the base fields of BN254 (4 limbs), BLS12-381 (6 limbs)
//! and a 5-limb modulus (BLS24-317's, whose crate depends on this one).
//!
//! Ids: `chain_1000/{mont|arkworks}`, 1000 dependent products (`x ← x·y`:
//! the latency of one product, as in Montgomery's trick); `independent_1000/
//! {mont|arkworks}`, 1000 products of independent inputs (their throughput,
//! as in a batch of slopes). The 5-limb field has no arkworks type here and
//! times `mont` only. Where the CPU lacks BMI2 or ADX nothing is timed.

use ark_ff::{Fp, MontBackend, MontConfig, UniformRand};
use criterion::{
    criterion_group, criterion_main, measurement::WallTime, BenchmarkGroup, Criterion,
};
use rand_chacha::{rand_core::SeedableRng, ChaCha8Rng};
use std::hint::black_box;
use vidkit_mont::Modulus;

fn field<T: MontConfig<N>, const N: usize>(c: &mut Criterion, name: &str) {
    let m = Modulus::<N>::new(T::MODULUS.0);
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let xs: Vec<Fp<MontBackend<T, N>, N>> = (0..1000).map(|_| Fp::rand(&mut rng)).collect();
    let limbs: Vec<[u64; N]> = xs.iter().map(|x| x.0 .0).collect();
    let y = xs[0];
    let mut g = c.benchmark_group(format!("mont/{name}"));
    mont_ids(&mut g, &m, &limbs, &y.0 .0);
    g.bench_function("chain_1000/arkworks", |b| {
        b.iter(|| {
            let mut x = black_box(xs[1]);
            for _ in 0..1000 {
                x *= y;
            }
            x
        })
    });
    let mut out = xs.clone();
    g.bench_function("independent_1000/arkworks", |b| {
        b.iter(|| {
            for (o, x) in out.iter_mut().zip(black_box(&xs)) {
                *o = *x * y;
            }
        })
    });
    g.finish();
}

/// BLS24-317's 317-bit modulus, 5 limbs (values are limbs below `p`).
fn five_limbs(c: &mut Criterion) {
    const P: [u64; 5] = [
        0x8d512e565dab2aab,
        0xd6f339e43424bf7e,
        0x169a61e684c73446,
        0xf28fc5a0b7f9d039,
        0x1058ca226f60892c,
    ];
    let m = Modulus::<5>::new(P);
    let mut rng = ChaCha8Rng::seed_from_u64(2);
    let below = |rng: &mut ChaCha8Rng| {
        let mut l: [u64; 5] = std::array::from_fn(|_| u64::rand(rng));
        l[4] %= P[4];
        l
    };
    let limbs: Vec<[u64; 5]> = (0..1000).map(|_| below(&mut rng)).collect();
    let y = limbs[0];
    let mut g = c.benchmark_group("mont/5-limbs");
    mont_ids(&mut g, &m, &limbs, &y);
    g.finish();
}

/// `chain_1000/mont` (`x ← x·y` from `limbs[1]`) and `independent_1000/mont`
/// (`limbs[i]·y`) in group `g`.
fn mont_ids<const N: usize>(
    g: &mut BenchmarkGroup<'_, WallTime>,
    m: &Modulus<N>,
    limbs: &[[u64; N]],
    y: &[u64; N],
) {
    g.bench_function("chain_1000/mont", |b| {
        b.iter(|| {
            let mut x = black_box(limbs[1]);
            for _ in 0..1000 {
                x = m.mul(&x, y).expect("checked in main");
            }
            x
        })
    });
    let mut out = limbs.to_vec();
    g.bench_function("independent_1000/mont", |b| {
        b.iter(|| {
            for (o, x) in out.iter_mut().zip(black_box(limbs)) {
                *o = m.mul(x, y).expect("checked in main");
            }
        })
    });
}

fn benches(c: &mut Criterion) {
    if !vidkit_mont::available() {
        eprintln!(
            "this CPU lacks BMI2 or ADX: vidkit-mont's assembly is not used, nothing to time"
        );
        return;
    }
    field::<ark_bn254::FqConfig, 4>(c, "bn254");
    five_limbs(c);
    field::<ark_bls12_381::FqConfig, 6>(c, "bls12-381");
}

criterion_group!(mont, benches);
criterion_main!(mont);
