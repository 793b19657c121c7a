//! Criterion benches of aPlonK-PC from the shared template
//! ([`vidkit_core::bench`]): `aplonk/{commit,prove,verify,batch_verify}/{curve}`
//! over k ∈ {4, 16, 64} and |F| ∈ {31 KiB, 496 KiB}, n = 2k (FFT encoding), on
//! BLS12-381, BN254 and BLS24-317. The 3.9 MiB points join with
//! `VIDKIT_BENCH_LARGE=1` (proving them takes minutes even once).
//!
//! `prove` is the proofs of all n shards (komodo's "prove" column), `verify`
//! k shards one by one (komodo's "verify" column). Run: `cargo bench -p
//! vidkit-aplonk` (add `--features parallel` for multi-threaded figures,
//! `-- aplonk/prove/bls12-381/k=4` to filter).

use ark_ec::pairing::Pairing;
use criterion::{criterion_group, criterion_main, Criterion};
use vidkit_aplonk::Aplonk;
use vidkit_core::{bench, Encoding, Scheme};

fn curve<E: Pairing>(c: &mut Criterion, name: &str) {
    let points = bench::points(
        &bench::Grid::paper().up_to_unless_large(31 << 14),
        |k, n| Aplonk::<E>::new(k, n, Encoding::Fft).expect("scheme"),
        |scheme, len| scheme.insecure_srs(len, 1).expect("srs"),
    );
    bench::scheme_ops(c, "aplonk", name, &points);
}

fn benches(c: &mut Criterion) {
    curve::<ark_bls12_381::Bls12_381>(c, "bls12-381");
    curve::<ark_bn254::Bn254>(c, "bn254");
    curve::<vidkit_bls24_317::Bls24_317>(c, "bls24-317");
}

criterion_group! {
    name = aplonk;
    config = bench::config();
    targets = benches
}
criterion_main!(aplonk);
