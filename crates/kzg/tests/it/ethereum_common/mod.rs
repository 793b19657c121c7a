//! Shared by the Ethereum setup tests: the mainnet ceremony file (checked in
//! under tests/data, see its README) and the setup loaded from it once.

#![allow(dead_code)] // each test binary uses a different part

use ark_bls12_381::Fr;
use ark_ff::UniformRand;
use ark_std::rand::SeedableRng;
use rand_chacha::ChaCha20Rng;
use std::sync::OnceLock;
use vidkit_kzg::ethereum::{field_element_to_bytes, EthereumSetup};

/// Path of the mainnet `trusted_setup.txt`.
pub const MAINNET: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/trusted_setup.txt");

pub fn rng(seed: u64) -> ChaCha20Rng {
    ChaCha20Rng::seed_from_u64(seed)
}

/// The bytes of the mainnet file.
pub fn mainnet_text() -> &'static [u8] {
    static TEXT: OnceLock<Vec<u8>> = OnceLock::new();
    TEXT.get_or_init(|| std::fs::read(MAINNET).expect("tests/data/trusted_setup.txt is checked in"))
}

/// The mainnet setup, loaded and validated once per test binary.
pub fn mainnet() -> &'static EthereumSetup {
    static SETUP: OnceLock<EthereumSetup> = OnceLock::new();
    SETUP.get_or_init(|| {
        EthereumSetup::from_text(mainnet_text(), &mut rng(1)).expect("the mainnet setup is valid")
    })
}

/// `n` random field elements.
pub fn random_evals(n: usize, rng: &mut ChaCha20Rng) -> Vec<Fr> {
    (0..n).map(|_| Fr::rand(rng)).collect()
}

/// The blob bytes of `evals`.
pub fn blob_of(evals: &[Fr]) -> Vec<u8> {
    evals
        .iter()
        .flat_map(|x| field_element_to_bytes(*x))
        .collect()
}
