//! Criterion benches of the KZG10 primitive: `kzg/{commit,open,verify}/{curve}`
//! for one polynomial of 2^12 and 2^16 coefficients (setup outside the timed
//! closures; throughput = 32 bytes per coefficient).

use ark_ec::{pairing::Pairing, CurveGroup};
use ark_ff::UniformRand;
use ark_std::rand::SeedableRng;
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use rand_chacha::ChaCha20Rng;
use std::time::Duration;
use vidkit_core::Srs;
use vidkit_kzg::{commit, open, verify, VerifierKey};

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
            g.throughput(Throughput::Bytes(32 * d as u64));
            match op {
                "commit" => {
                    g.bench_function(id, |b| b.iter(|| commit::<E::G1>(powers, &poly).unwrap()))
                }
                "open" => {
                    g.bench_function(id, |b| b.iter(|| open::<E::G1>(powers, &poly, z).unwrap()))
                }
                _ => {
                    let cm = commit::<E::G1>(powers, &poly).unwrap().into_affine();
                    let (v, pi) = open::<E::G1>(powers, &poly, z).unwrap();
                    let pi = pi.into_affine();
                    g.bench_function(id, |b| b.iter(|| assert!(verify(&vk, cm, z, v, pi))))
                }
            };
        }
        g.finish();
    }
}

fn benches(c: &mut Criterion) {
    curve::<ark_bls12_381::Bls12_381>(c, "bls12-381");
    curve::<ark_bn254::Bn254>(c, "bn254");
}

criterion_group!(kzg, benches);
criterion_main!(kzg);
