//! Criterion benches of the KZG10 primitive: `kzg/{commit,open}/{curve}`
//! for one polynomial of 2^12 and 2^16 coefficients (setup outside the timed
//! closures; throughput = 32 bytes per coefficient),
//! `kzg/verify/{curve}/{z=random,z=small}` for one opening at a random point
//! and at a small integer; and
//! `kzg/multi_open/{curve}/{integers,one_by_one}/k=..,n=..`: the `n`
//! openings of one polynomial of `k` coefficients at `0, …, n − 1` (the
//! `points` encoding's code points, what KZG+ global and aPlonK global
//! prove) by Horner's rule and one by one, the key a scheme's (`k` powers,
//! the table its policy picks).

use ark_ec::{pairing::Pairing, CurveGroup};
use ark_ff::UniformRand;
use ark_std::rand::SeedableRng;
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use rand_chacha::ChaCha20Rng;
use std::time::Duration;
use vidkit_core::Srs;
use vidkit_kzg::{
    commit,
    multi_open::{open_at_integers, open_at_points},
    open, verify, CommitterKey, VerifierKey,
};

fn curve<E: Pairing>(c: &mut Criterion, name: &str) {
    let srs = Srs::<E>::insecure_from_seed(1, 1 << 16, 2);
    let vk = VerifierKey::from_srs(&srs).unwrap();
    let mut rng = ChaCha20Rng::seed_from_u64(3);
    for op in ["commit", "open", "verify"] {
        let mut g = c.benchmark_group(format!("kzg/{op}/{name}"));
        g.sample_size(10)
            .warm_up_time(Duration::from_millis(500))
            .measurement_time(Duration::from_secs(3));
        for log in [12u32, 16] {
            let d = 1usize << log;
            let poly: Vec<E::ScalarField> =
                (0..d).map(|_| E::ScalarField::rand(&mut rng)).collect();
            let z = E::ScalarField::rand(&mut rng);
            let powers = &srs.powers_g1()[..d];
            let id = BenchmarkId::from_parameter(format!("d=2^{log}"));
            if op != "verify" {
                g.throughput(Throughput::Bytes(32 * d as u64));
            }
            match op {
                "commit" => {
                    g.bench_function(id, |b| b.iter(|| commit::<E::G1>(powers, &poly).unwrap()));
                }
                "open" => {
                    g.bench_function(id, |b| b.iter(|| open::<E::G1>(powers, &poly, z).unwrap()));
                }
                _ => {
                    // a random point, and a small one (the `points` encoding's
                    // code points `α_j = j`); verification does not depend on d
                    if log == 12 {
                        let cm = commit::<E::G1>(powers, &poly).unwrap().into_affine();
                        for (what, z) in [("z=random", z), ("z=small", E::ScalarField::from(77u64))]
                        {
                            let (v, pi) = open::<E::G1>(powers, &poly, z).unwrap();
                            let pi = pi.into_affine();
                            g.bench_function(what, |b| {
                                b.iter(|| assert!(verify(&vk, cm, z, v, pi)))
                            });
                        }
                    }
                }
            };
        }
        g.finish();
    }
}

fn multi_open<E: Pairing>(c: &mut Criterion, name: &str) {
    let mut rng = ChaCha20Rng::seed_from_u64(4);
    let srs = Srs::<E>::insecure_from_seed(2, 1024, 2);
    let mut g = c.benchmark_group(format!("kzg/multi_open/{name}"));
    g.sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3));
    for (k, n) in [(4, 8), (4, 64), (16, 32), (64, 128), (256, 512), (4, 4096)] {
        let ck = CommitterKey::<E>::new(srs.powers_g1()[..k].to_vec());
        let q: Vec<E::ScalarField> = (0..k).map(|_| E::ScalarField::rand(&mut rng)).collect();
        let points: Vec<E::ScalarField> = (0..n as u64).map(E::ScalarField::from).collect();
        let id = format!("k={k},n={n}");
        g.bench_function(BenchmarkId::new("integers", &id), |b| {
            b.iter(|| open_at_integers(&ck, &q, n).unwrap())
        });
        g.bench_function(BenchmarkId::new("one_by_one", &id), |b| {
            b.iter(|| open_at_points(&ck, &q, &points).unwrap())
        });
    }
    g.finish();
}

fn benches(c: &mut Criterion) {
    curve::<ark_bls12_381::Bls12_381>(c, "bls12-381");
    curve::<ark_bn254::Bn254>(c, "bn254");
    multi_open::<ark_bls12_381::Bls12_381>(c, "bls12-381");
    multi_open::<ark_bn254::Bn254>(c, "bn254");
}

criterion_group!(kzg, benches);
criterion_main!(kzg);
