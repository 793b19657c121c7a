//! The walk-through for every scheme crate, on BLS12-381 and BN254, with small
//! data and a few (k, n, encoding) shapes (including k = 1, n = k, Points).

use ark_bls12_381::Bls12_381;
use ark_bn254::Bn254;
use ark_ec::pairing::Pairing;
use ark_std::rand::SeedableRng;
use rand_chacha::ChaCha20Rng;
use vidkit_core::{Encoding, Scheme};
use vidkit_examples::{sample_file, setups, walk_through};

/// (k, n, encoding, bytes)
const SHAPES: [(usize, usize, Encoding, usize); 3] = [
    (1, 1, Encoding::Points, 40),
    (2, 3, Encoding::Points, 100),
    (3, 6, Encoding::Fft, 250),
];

fn walk<S: Scheme>(scheme: &S, srs: &S::Srs, len: usize, seed: u64) {
    let data = sample_file(len);
    let report = walk_through(scheme, srs, &data, &mut ChaCha20Rng::seed_from_u64(seed))
        .unwrap_or_else(|e| {
            panic!(
                "{} (k = {}, n = {}): {e}",
                S::NAME,
                scheme.code().k(),
                scheme.code().n()
            )
        });
    assert_eq!((report.scheme, report.len), (S::NAME, len));
    assert_eq!((report.k, report.n), (scheme.code().k(), scheme.code().n()));
    assert_eq!(report.verified, report.n);
    assert_eq!(report.decoded_from.len(), report.k);
}

fn semi_avid<E: Pairing>() {
    for (i, (k, n, enc, len)) in SHAPES.into_iter().enumerate() {
        let scheme = vidkit_semi_avid::SemiAvid::<E>::new(k, n, enc).unwrap();
        walk(&scheme, &setups::semi_avid_srs::<E>(k, len), len, i as u64);
    }
}

#[test]
fn semi_avid_bls12_381() {
    semi_avid::<Bls12_381>();
}

#[test]
fn semi_avid_bn254() {
    semi_avid::<Bn254>();
}

fn aplonk<E: Pairing>() {
    for (i, (k, n, enc, len)) in SHAPES.into_iter().enumerate() {
        let scheme = vidkit_aplonk::Aplonk::<E>::new(k, n, enc).unwrap();
        walk(&scheme, &setups::aplonk_srs::<E>(k, len), len, i as u64);
    }
}

#[test]
fn aplonk_bls12_381() {
    aplonk::<Bls12_381>();
}

#[test]
fn aplonk_bn254() {
    aplonk::<Bn254>();
}

fn kzg<E: Pairing>() {
    for (i, (k, n, enc, len)) in SHAPES.into_iter().enumerate() {
        let scheme = vidkit_kzg::KzgPerRow::<E>::new(k, n, enc).unwrap();
        walk(&scheme, &setups::kzg_srs::<E>(k), len, i as u64);
    }
}

#[test]
fn kzg_bls12_381() {
    kzg::<Bls12_381>();
}

#[test]
fn kzg_bn254() {
    kzg::<Bn254>();
}

fn kzg_plus<E: Pairing>() {
    for (i, (k, n, enc, len)) in SHAPES.into_iter().enumerate() {
        let scheme = vidkit_kzg_plus::KzgPlus::<E>::new(k, n, enc).unwrap();
        walk(&scheme, &setups::kzg_srs::<E>(k), len, i as u64);
    }
}

#[test]
fn kzg_plus_bls12_381() {
    kzg_plus::<Bls12_381>();
}

#[test]
fn kzg_plus_bn254() {
    kzg_plus::<Bn254>();
}
