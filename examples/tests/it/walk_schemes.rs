//! The walk-through for every scheme crate, on BLS12-381 and BN254, with small
//! data and a few (k, n, encoding) shapes (including k = 1, n = k, Points).

use ark_bls12_381::Bls12_381;
use ark_bn254::Bn254;
use ark_std::rand::SeedableRng;
use rand_chacha::ChaCha20Rng;
use vidkit_core::Encoding;
use vidkit_core::Scheme;
use vidkit_examples::setups::SEED;
use vidkit_examples::{sample_file, walk_through};

/// (k, n, encoding, bytes)
const SHAPES: [(usize, usize, Encoding, usize); 3] = [
    (1, 1, Encoding::Points, 40),
    (2, 3, Encoding::Points, 100),
    (3, 6, Encoding::Fft, 250),
];

/// Walks `make(k, n, encoding)` through every shape.
fn walk<S: Scheme>(make: impl Fn(usize, usize, Encoding) -> S) {
    for (seed, (k, n, enc, len)) in SHAPES.into_iter().enumerate() {
        let scheme = make(k, n, enc);
        let data = sample_file(len);
        let srs = scheme.insecure_srs(len, SEED).unwrap();
        let mut rng = ChaCha20Rng::seed_from_u64(seed as u64);
        let report = walk_through(&scheme, &srs, &data, &mut rng)
            .unwrap_or_else(|e| panic!("{} (k = {k}, n = {n}): {e}", S::NAME));
        assert_eq!((report.scheme, report.len), (S::NAME, len));
        assert_eq!((report.k, report.n, report.verified), (k, n, n));
        assert_eq!(report.decoded_from.len(), k);
    }
}

#[test]
fn kzg_bls12_381() {
    walk(|k, n, e| vidkit_kzg::KzgPerRow::<Bls12_381>::new(k, n, e).unwrap());
}

#[test]
fn kzg_bn254() {
    walk(|k, n, e| vidkit_kzg::KzgPerRow::<Bn254>::new(k, n, e).unwrap());
}

#[test]
fn kzg_plus_bls12_381() {
    walk(|k, n, e| vidkit_kzg_plus::KzgPlus::<Bls12_381>::new(k, n, e).unwrap());
}

#[test]
fn kzg_plus_bn254() {
    walk(|k, n, e| vidkit_kzg_plus::KzgPlus::<Bn254>::new(k, n, e).unwrap());
}

#[test]
fn semi_avid_bls12_381() {
    walk(|k, n, e| vidkit_semi_avid::SemiAvid::<Bls12_381>::new(k, n, e).unwrap());
}

#[test]
fn semi_avid_bn254() {
    walk(|k, n, e| vidkit_semi_avid::SemiAvid::<Bn254>::new(k, n, e).unwrap());
}

#[test]
fn aplonk_bls12_381() {
    walk(|k, n, e| vidkit_aplonk::Aplonk::<Bls12_381>::new(k, n, e).unwrap());
}

#[test]
fn aplonk_bn254() {
    walk(|k, n, e| vidkit_aplonk::Aplonk::<Bn254>::new(k, n, e).unwrap());
}
