//! Shared helpers of the integration tests.
#![allow(dead_code)] // each test binary uses a different subset of the helpers

use ark_ec::pairing::Pairing;
use ark_std::rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha20Rng;
use vidkit_core::{Encoding, Srs};
use vidkit_semi_avid::SemiAvid;

/// A deterministic test RNG.
pub fn rng(seed: u64) -> ChaCha20Rng {
    ChaCha20Rng::seed_from_u64(seed)
}

/// `len` random bytes.
pub fn bytes(len: usize, rng: &mut impl RngCore) -> Vec<u8> {
    let mut v = vec![0u8; len];
    rng.fill_bytes(&mut v);
    v
}

/// A scheme and SRS-based keys for files up to `max_bytes`.
pub fn setup<E: Pairing>(
    k: usize,
    n: usize,
    encoding: Encoding,
    max_bytes: usize,
) -> (SemiAvid<E>, Srs<E>) {
    let scheme = SemiAvid::<E>::new(k, n, encoding).unwrap();
    let m = vidkit_core::packing::rows_for::<E::ScalarField>(max_bytes, k).unwrap();
    (scheme, Srs::<E>::insecure_from_seed(7, m, 2))
}
